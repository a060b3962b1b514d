// Helpers for the tests that drive a whole MainWindow: settings of their own,
// files written into a temporary folder, and waiting until the window is idle.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "mainwindow/mainwindow.h"

#include <QCoreApplication>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace windowtest {

// Settings and standard paths apart from the user's, empty at the start.
inline void isolateSettings(const QString &testName)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("cqlwb-tests"));
    QCoreApplication::setApplicationName(testName);
    QSettings().clear();
}

inline QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size()) qFatal("cannot write %s", qPrintable(path));
    return path;
}

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Idle for a few event loop turns in a row: the game loader starts after the search ends.
inline bool waitIdle(wb::MainWindow &w)
{
    int quiet = 0;
    for (int i = 0; i < 3000 && quiet < 5; ++i) {
        QTest::qWait(10);
        quiet = w.isBusy() ? 0 : quiet + 1;
    }
    return quiet >= 5;
}

} // namespace windowtest
