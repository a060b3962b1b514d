// What cql::CompileOptions carries into a query besides its text: the
// engine settings of the analysing keywords and the player base. Two queries
// compiled with different ones in one process evaluate each with its own.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqlstest.h"

#include "engine/settings.h"

#include <QFile>
#include <QTemporaryDir>

#include <fstream>

using namespace cqltest;

namespace {

const char *QueenUp = "8/8/8/4k3/8/8/8/4K2Q w - - 0 1";

// A UCI "engine" that scores every position `centipawns` for the side to move.
std::string fakeEngine(const QTemporaryDir &dir, const char *name, int centipawns)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(QStringLiteral("#!/bin/sh\nwhile read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; "
                           "go*) echo 'info depth 1 score cp %1'; echo 'bestmove e1e2';; quit) exit 0;; esac; done\n")
                .arg(centipawns)
                .toUtf8());
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path.toStdString();
}

std::unique_ptr<cql::Query> compileWith(const std::string &script, const cql::CompileOptions &base,
                                        std::vector<cql::Diagnostic> *diags = nullptr)
{
    cql::CompileOptions o = base;
    o.dialect = cql::Dialect::CqlS;
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile(script, o, d);
    if (diags) *diags = d;
    return q;
}

int matches(const cql::Query &q, const game::Game &g)
{
    cql::Evaluator ev(q);
    cql::GameResult r;
    ev.run(g, r);
    if (!r.error.empty()) qWarning("%s", r.error.c_str());
    return r.matched ? int(r.matches.size()) : 0;
}

} // namespace

class TestCompileOptions : public QObject {
    Q_OBJECT
private slots:
    void eachQueryItsEngine();
    void eachQueryItsPlayerBase();
};

void TestCompileOptions::eachQueryItsEngine()
{
    QTemporaryDir dir;
    cql::CompileOptions winning, losing, missing;
    winning.engine = engine::Settings();
    winning.engine->enginePath = fakeEngine(dir, "winning", 500);
    losing.engine = engine::Settings();
    losing.engine->enginePath = fakeEngine(dir, "losing", -500);
    missing.engine = engine::Settings();
    missing.engine->enginePath = dir.filePath(QStringLiteral("none")).toStdString();
    const std::string script = "(match (position :evaluation depth 1 >=2.0 sidetomove))";
    auto a = compileWith(script, winning);
    auto b = compileWith(script, losing);
    std::vector<cql::Diagnostic> d;
    QVERIFY(!compileWith(script, missing, &d));
    QVERIFY(!d.empty());
    QVERIFY2(d[0].message.find("needs a UCI chess engine") != std::string::npos, d[0].message.c_str());
    QVERIFY(a && b);
    const game::Game g = positionGame(QueenUp);
    // Evaluated in turn, each query asks its own engine.
    QCOMPARE(matches(*a, g), 1);
    QCOMPARE(matches(*b, g), 0);
    QCOMPARE(matches(*a, g), 1);
}

void TestCompileOptions::eachQueryItsPlayerBase()
{
    QTemporaryDir dir;
    const std::string early = dir.filePath(QStringLiteral("early.ssp")).toStdString();
    const std::string late = dir.filePath(QStringLiteral("late.ssp")).toStdString();
    std::ofstream(early) << "@PLAYER\nOne, Player  #- GER [....] 1900\n";
    std::ofstream(late) << "@PLAYER\nOne, Player  #- GER [....] 1950\n";
    cql::CompileOptions first, second, none;
    first.playerBase = early;
    second.playerBase = late;
    none.playerBase = "";
    const std::string script = "(match :whitebirthyear 1900)";
    auto a = compileWith(script, first);
    auto b = compileWith(script, second);
    QVERIFY(a && b);
    std::vector<cql::Diagnostic> d;
    QVERIFY(!compileWith(script, none, &d));
    QVERIFY(!d.empty());
    QVERIFY2(d[0].message.find("needs a player base") != std::string::npos, d[0].message.c_str());
    const game::Game g = pgnGame("[White \"One, Player\"]\n[Black \"Two, Player\"]\n\n1. e4 e5 1-0\n");
    QVERIFY(matches(*a, g) > 0); // the game matches: all its positions do
    QCOMPARE(matches(*b, g), 0);
}

QTEST_GUILESS_MAIN(TestCompileOptions)
#include "tst_compileoptions.moc"
