// Helpers for the engine tests: the installed stockfish (or none), and fake
// engines written as shell scripts to a temporary directory, for crashes and
// silence that a real engine does not show on demand.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/settings.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <string>

namespace enginetest {

// The engine the tests use: $CQLWB_TEST_ENGINE, else stockfish from PATH or /usr/games; "" if none.
inline std::string stockfish()
{
    QByteArray e = qgetenv("CQLWB_TEST_ENGINE");
    return engine::resolveEnginePath(e.isEmpty() ? std::string() : e.toStdString());
}

// A fake engine: a /bin/sh script whose body reads commands from stdin.
inline std::string fakeEngine(const QTemporaryDir &dir, const char *name, const char *body)
{
    QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write("#!/bin/sh\n");
    f.write(body);
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path.toStdString();
}

// Answers the handshake, then exits when asked to search.
inline const char *DiesOnGo = "while read line; do\n"
                              "  case \"$line\" in\n"
                              "    uci) echo 'id name Quitter'; echo 'uciok';;\n"
                              "    isready) echo 'readyok';;\n"
                              "    go*) exit 3;;\n"
                              "  esac\n"
                              "done\n";

// Answers the handshake, then never answers a search.
inline const char *HangsOnGo = "while read line; do\n"
                               "  case \"$line\" in\n"
                               "    uci) echo 'uciok';;\n"
                               "    isready) echo 'readyok';;\n"
                               "  esac\n"
                               "done\n";

// Never answers at all.
inline const char *Mute = "while read line; do :; done\n";

} // namespace enginetest
