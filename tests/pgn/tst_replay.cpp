// Tests for the board-only replay (game::Replayer, cqlwb-cli -check): what it
// reports for illegal moves, variations, start positions and variants, and that
// it agrees with the game-tree builder on every test file.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "game/replay.h"
#include "pgntestutil.h"

#include <QDir>
#include <QtTest>

using namespace pgntest;

namespace {

// One game's outcome as text: "N plies=P [unsupported] | line:col message | ..."
using Outcome = std::vector<std::string>;

std::string describe(uint64_t number, int plies, bool unsupported, const std::vector<game::GameError> &errors)
{
    std::string s = std::to_string(number) + " plies=" + std::to_string(plies) + (unsupported ? " unsupported" : "");
    for (const game::GameError &e : errors)
        s += " | " + std::to_string(e.line) + ":" + std::to_string(e.column) + " " + e.message;
    return s;
}

struct Replayed {
    Outcome problems; // games with problems only
    game::ReplayStats stats;
    uint64_t stray = 0;
};

Replayed replay(pgn::ByteSource &source, const game::BuildOptions &options)
{
    Replayed out;
    game::Replayer r(options);
    r.onProblem = [&](const game::ReplayedGame &g) {
        out.problems.push_back(describe(g.number, g.mainlinePlies, g.unsupported, g.errors));
    };
    pgn::Reader reader;
    reader.reset(&source);
    reader.readAll(r);
    out.stats = r.stats();
    out.stray = r.strayErrorCount();
    return out;
}

Replayed replayText(const std::string &text, const game::BuildOptions &options = {})
{
    pgn::MemorySource source(text);
    return replay(source, options);
}

// The same figures from the game trees a search builds.
Replayed viaTrees(pgn::ByteSource &source, const game::BuildOptions &options)
{
    Replayed out;
    game::GameBuilder builder;
    builder.setOptions(options);
    game::Game g;
    builder.setGame(g);
    pgn::Reader reader;
    reader.reset(&source);
    while (reader.readGame(builder)) {
        ++out.stats.games;
        out.stats.mainlinePlies += uint64_t(g.mainlinePlies());
        out.stats.moves += g.nodes.empty() ? 0 : g.nodes.size() - 1;
        out.stats.unsupported += g.unsupported;
        if (!g.errors.empty()) {
            ++out.stats.gamesWithErrors;
            out.problems.push_back(describe(g.number, g.mainlinePlies(), g.unsupported, g.errors));
        }
    }
    out.stray = builder.strayErrorCount;
    return out;
}

QStringList toList(const Outcome &o)
{
    QStringList l;
    for (const std::string &s : o)
        l << QString::fromStdString(s);
    return l;
}

} // namespace

class TestReplay : public QObject {
    Q_OBJECT

private slots:
    void problems_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("variations");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<int>("plies");
        QTest::addColumn<int>("moves");
        QTest::newRow("clean") << "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0" << false << QStringList() << 6 << 6;
        QTest::newRow("illegal, kept up to it") << "[White \"A\"]\n\n1. e4 e5\n2. Qxe1 Nc6 *" << false
                                                << QStringList{"1 plies=2 | 4:4 illegal move Qxe1 at ply 3"} << 2 << 2;
        QTest::newRow("ambiguous") << "1. d4 d5 2. Nf3 Nf6 3. Nd2 e6 *" << false
                                   << QStringList{"1 plies=4 | 1:24 ambiguous move Nd2 at ply 5"} << 4 << 4;
        QTest::newRow("stray text goes on")
            << "1. e4 xyz e5 *" << false << QStringList{"1 plies=2 | 1:7 unexpected text 'xyz' in the movetext"} << 2
            << 2;
        QTest::newRow("variations skipped") << "1. e4 (1. d4 d5 2. Qxd5) e5 *" << false << QStringList() << 2 << 2;
        QTest::newRow("illegal in a variation")
            << "1. e4 (1. d4 d5 2. Qxd5 c6) e5 *" << true
            << QStringList{"1 plies=2 | 1:20 illegal move Qxd5 at ply 3 (in a variation)"} << 2 << 4;
        QTest::newRow("nested variations")
            << "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) 2. Nf3 Nc6 *" << true << QStringList() << 4 << 9;
        QTest::newRow("second variation branches from the same move")
            << "1. e4 (1. d4 d5) (1. c4 e5 2. Nc3) e5 2. Nf3 *" << true << QStringList() << 3 << 8;
        QTest::newRow("variation before any move") << "{start} ( 1. d4 ) 1. e4 e5 *" << true << QStringList() << 2 << 2;
        QTest::newRow("FEN start") << "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 2. e5 Ke6 3. Kf2 Kxe5 *"
                                   << false << QStringList() << 6 << 6;
        QTest::newRow("bad FEN") << "[FEN \"8/8/8 w - - 0 1\"]\n\n1. e4 *" << false
                                 << QStringList{"1 plies=0 unsupported | 1:1 bad FEN \"8/8/8 w - - 0 1\": "
                                                "FEN: bad piece placement '8/8/8'; game skipped"}
                                 << 0 << 0;
        QTest::newRow("FEN corrected")
            << "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w Kk - 0 1\"]\n\n1. e4 Kd7 2. e5 Ke6 *" << false
            << QStringList{"1 plies=4 | 1:1 FEN: castling right K dropped: no white rook on the king's side of the "
                           "king on e1 | 1:1 FEN: castling right k dropped: no black rook on the king's side of the "
                           "king on e8"}
            << 4 << 4;
        QTest::newRow("FEN impossible")
            << "[Event \"x\"]\n[FEN \"4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1\"]\n\n1... Kd7 *" << false
            << QStringList{"1 plies=0 unsupported | 1:1 bad FEN \"4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1\": FEN: impossible "
                           "double check of the black king on e8 by the knight on d6 and the knight on f6: one of the "
                           "two checks must come through an opened line, which needs a bishop, rook or queen; game "
                           "skipped"}
            << 0 << 0;
        QTest::newRow("unsupported variant")
            << "[Variant \"atomic\"]\n\n1. e4 *" << false
            << QStringList{"1 plies=0 unsupported | 1:1 variant atomic not supported; game skipped"} << 0 << 0;
        QTest::newRow("reader error") << "1. e4 {open comment" << false
                                      << QStringList{"1 plies=1 | 1:7 unterminated comment"} << 1 << 1;
    }
    void problems()
    {
        QFETCH(QString, text);
        QFETCH(bool, variations);
        QFETCH(QStringList, expected);
        QFETCH(int, plies);
        QFETCH(int, moves);
        game::BuildOptions o;
        o.variations = variations;
        Replayed r = replayText(text.toStdString(), o);
        QCOMPARE(toList(r.problems), expected);
        QCOMPARE(r.stats.games, uint64_t(1));
        QCOMPARE(r.stats.mainlinePlies, uint64_t(plies));
        QCOMPARE(r.stats.moves, uint64_t(moves));
        QCOMPARE(r.stats.gamesWithErrors, uint64_t(expected.size()));
    }

    void chess960Castling()
    {
        const std::string text =
            "[Variant \"Chess960\"]\n[FEN \"nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w FBfb - 0 1\"]\n\n"
            "1. e4 e5 2. Be2 Be7 3. O-O-O O-O-O *";
        Replayed on = replayText(text);
        QVERIFY2(on.problems.empty(), on.problems.empty() ? "" : on.problems.front().c_str());
        QCOMPARE(on.stats.mainlinePlies, uint64_t(6));
        game::BuildOptions standard;
        standard.chess960 = false;
        Replayed off = replayText(text, standard);
        QCOMPARE(off.problems.size(), size_t(1));
        QVERIFY(off.problems.front().find("plies=4") != std::string::npos);
        QVERIFY(off.problems.front().find("O-O-O at ply 5") != std::string::npos);
    }

    // Every test file: the same problems, plies and moves as the game trees.
    void agreesWithGameTrees_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("variations");
        const QStringList files = QDir(QStringLiteral(CQLWB_TEST_DATA "/pgn")).entryList(QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 20);
        for (const QString &f : files) {
            QTest::newRow(qPrintable(f + " mainline")) << f << false;
            QTest::newRow(qPrintable(f + " variations")) << f << true;
        }
    }
    void agreesWithGameTrees()
    {
        QFETCH(QString, file);
        QFETCH(bool, variations);
        game::BuildOptions o;
        o.variations = variations;
        const std::string path = dataPath(qPrintable(file));
        pgn::FileSource a, b;
        QVERIFY(a.open(path));
        QVERIFY(b.open(path));
        Replayed r = replay(a, o);
        Replayed t = viaTrees(b, o);
        QCOMPARE(toList(r.problems), toList(t.problems));
        QCOMPARE(r.stats.games, t.stats.games);
        QCOMPARE(r.stats.mainlinePlies, t.stats.mainlinePlies);
        QCOMPARE(r.stats.moves, t.stats.moves);
        QCOMPARE(r.stats.unsupported, t.stats.unsupported);
        QCOMPARE(r.stray, t.stray);
    }

    void replayFileReportsUnreadable()
    {
        game::Replayer r;
        std::string error;
        QVERIFY(!game::replayFile(dataPath("no-such-file.pgn"), r, &error));
        QVERIFY2(error.find("no-such-file.pgn") != std::string::npos, error.c_str());
        QVERIFY(!game::replayFile(dataPath("corrupt.pgn.zst"), r, &error));
        QVERIFY2(error.find("corrupt zstd data") != std::string::npos, error.c_str());
    }
};

QTEST_APPLESS_MAIN(TestReplay)
#include "tst_replay.moc"
