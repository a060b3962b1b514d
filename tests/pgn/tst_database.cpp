// Tests for the PGN database: opening the three formats, the index (offsets,
// lines, header fields, ply counts), loading games by number the same as a
// sequential read, batches for workers, progress, cancellation and errors.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "database/database.h"
#include "pgntestutil.h"

#include <QtTest>

#include <filesystem>
#include <fstream>

#include <sys/stat.h>
#include <unistd.h>
#include <thread>

using namespace pgntest;

namespace {

std::vector<game::Game> sequential(const std::string &text) { return readGames(text); }

void compareGames(const game::Game &a, const game::Game &b)
{
    QCOMPARE(a.number, b.number);
    QCOMPARE(a.fileOffset, b.fileOffset);
    QCOMPARE(a.firstLine, b.firstLine);
    QCOMPARE(a.firstColumn, b.firstColumn);
    QCOMPARE(a.tags, b.tags);
    QCOMPARE(mainline(a), mainline(b));
    QCOMPARE(a.nodes.size(), b.nodes.size());
    QCOMPARE(a.texts, b.texts);
    QCOMPARE(a.result, b.result);
    QCOMPARE(errorsOf(a), errorsOf(b));
}

} // namespace

class TestDatabase : public QObject {
    Q_OBJECT

private slots:
    void openFormats_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("compression");
        QTest::newRow("plain") << "kasparov-deep-blue-1997.pgn" << int(pgn::Compression::None);
        QTest::newRow("gzip") << "kasparov-deep-blue-1997.pgn.gz" << int(pgn::Compression::Gzip);
        QTest::newRow("zstd") << "kasparov-deep-blue-1997.pgn.zst" << int(pgn::Compression::Zstd);
        QTest::newRow("zstd frames") << "multiframe.pgn.zst" << int(pgn::Compression::Zstd);
    }
    void openFormats()
    {
        QFETCH(QString, file);
        QFETCH(int, compression);
        db::Database d;
        std::string error;
        QVERIFY2(d.open(dataPath(file.toUtf8().constData()), {}, &error), error.c_str());
        QCOMPARE(int(d.compression()), compression);
        QCOMPARE(d.size(), size_t(6));
        const auto games = sequential(readFile(dataPath("kasparov-deep-blue-1997.pgn")));
        QCOMPARE(games.size(), size_t(6));
        game::GameParser parser;
        for (size_t i = 0; i < d.size(); ++i) {
            QCOMPARE(d.number(i), uint64_t(i + 1));
            QCOMPARE(d.field(i, db::Field::White), games[i].tag("White"));
            QCOMPARE(d.field(i, db::Field::Black), games[i].tag("Black"));
            QCOMPARE(d.field(i, db::Field::Result), games[i].tag("Result"));
            QCOMPARE(d.field(i, db::Field::Event), games[i].tag("Event"));
            QCOMPARE(d.field(i, db::Field::Site), games[i].tag("Site"));
            QCOMPARE(d.field(i, db::Field::Date), games[i].tag("Date"));
            QCOMPARE(d.field(i, db::Field::Round), games[i].tag("Round"));
            QCOMPARE(d.field(i, db::Field::ECO), games[i].tag("ECO"));
            QCOMPARE(d.field(i, db::Field::WhiteElo), games[i].tag("WhiteElo"));
            QCOMPARE(d.field(i, db::Field::BlackElo), games[i].tag("BlackElo"));
            QCOMPARE(int(d.entry(i).plies), games[i].mainlinePlies());
            QCOMPARE(uint64_t(d.entry(i).line), uint64_t(games[i].firstLine));
            QVERIFY(d.gameText(i).substr(0, 7) == "[Event ");
            game::Game g;
            QVERIFY(d.loadGame(i, g, parser));
            compareGames(g, games[i]);
        }
        game::Game none;
        QVERIFY(!d.loadGame(6, none, parser));
    }

    void hostileText_data()
    {
        QTest::addColumn<QString>("files");
        QTest::newRow("glued") << "glued.pgn";
        QTest::newRow("nul") << "nul.pgn";
        QTest::newRow("mixed") << "crlf.pgn cr.pgn latin1.pgn unterminated-comment.pgn twic9nn-error.pgn "
                                  "headers-and-moves-on-the-same-line.pgn no-moves-comment-result.pgn bom.pgn";
        QTest::newRow("truncated") << "game.pgn truncated.pgn";
    }
    void hostileText()
    {
        QFETCH(QString, files);
        std::string text;
        for (const QString &f : files.split(' '))
            text += readFile(dataPath(f.toUtf8().constData())) + "\n";
        const auto games = sequential(text);
        db::Database d;
        std::string error;
        QVERIFY2(d.openText(text, "mixed", {}, &error), error.c_str());
        QCOMPARE(d.size(), games.size());
        game::GameParser parser;
        game::Game g;
        for (size_t i = 0; i < d.size(); ++i) {
            QVERIFY(d.loadGame(i, g, parser));
            compareGames(g, games[i]);
            QCOMPARE(d.field(i, db::Field::Event), games[i].tag("Event"));
        }
    }

    void gameTextIsExact()
    {
        const std::string text = "[Event \"a\"]\n\n1. e4 1-0\n\n  junk  \n[Event \"b\"]\n1. d4 *1. c4 *";
        db::Database d;
        QVERIFY(d.openText(text));
        QCOMPARE(d.size(), size_t(3));
        QCOMPARE(d.gameText(0), std::string_view("[Event \"a\"]\n\n1. e4 1-0"));
        QCOMPARE(d.gameText(1), std::string_view("[Event \"b\"]\n1. d4 *"));
        QCOMPARE(d.gameText(2), std::string_view("1. c4 *"));
        QCOMPARE(d.origin(2).line, 7);
        QCOMPARE(d.origin(2).column, 8);
        QCOMPARE(d.stats().strayErrors, uint64_t(1));
        game::Game g;
        QVERIFY(d.loadGame(2, g));
        QCOMPARE(g.number, uint64_t(3));
        QCOMPARE(g.firstLine, 7);
        QCOMPARE(g.firstColumn, 8);
    }

    void batches()
    {
        db::Database d;
        std::string text;
        for (int i = 0; i < 50; ++i)
            text += readFile(dataPath("kasparov-deep-blue-1997.pgn"));
        QVERIFY(d.openText(text));
        QCOMPARE(d.size(), size_t(300));
        for (size_t target : {size_t(1), size_t(1000), size_t(10000), size_t(1) << 30}) {
            auto b = d.batches(target);
            QVERIFY(!b.empty());
            QCOMPARE(b.front().first, size_t(0));
            QCOMPARE(b.back().last, d.size());
            for (size_t i = 0; i + 1 < b.size(); ++i)
                QCOMPARE(b[i].last, b[i + 1].first);
            for (const auto &x : b)
                QVERIFY(x.first < x.last);
            if (target == 1) QCOMPARE(b.size(), d.size());
            if (target == (size_t(1) << 30)) QCOMPARE(b.size(), size_t(1));
        }
    }

    void parallelLoads()
    {
        db::Database d;
        std::string text;
        for (int i = 0; i < 20; ++i)
            text += readFile(dataPath("kasparov-deep-blue-1997.pgn"));
        QVERIFY(d.openText(text));
        const auto games = sequential(text);
        std::vector<int> plies(d.size(), -1);
        auto work = [&](size_t from, size_t step) {
            game::GameParser parser;
            game::Game g;
            for (size_t i = from; i < d.size(); i += step)
                if (d.loadGame(i, g, parser)) plies[i] = g.mainlinePlies();
        };
        std::thread t1(work, 0, 2), t2(work, 1, 2);
        t1.join();
        t2.join();
        for (size_t i = 0; i < d.size(); ++i)
            QCOMPARE(plies[i], games[i].mainlinePlies());
    }

    void progressAndCancel()
    {
        std::string text;
        for (int i = 0; i < 400; ++i)
            text += readFile(dataPath("kasparov-deep-blue-1997.pgn"));
        db::Database d;
        std::vector<db::Progress> seen;
        db::OpenOptions o;
        o.progress = [&](const db::Progress &p) { seen.push_back(p); };
        QVERIFY(d.openText(text, "x", o));
        QCOMPARE(d.size(), size_t(2400));
        QVERIFY(seen.size() >= 2);
        for (size_t i = 1; i < seen.size(); ++i) {
            QVERIFY(seen[i].done >= seen[i - 1].done);
            QVERIFY(seen[i].games >= seen[i - 1].games);
        }
        QCOMPARE(seen.back().done, seen.back().total);
        QCOMPARE(seen.back().games, uint64_t(2400));

        std::atomic<bool> cancel{false};
        o.cancel = &cancel;
        o.progress = [&](const db::Progress &p) {
            if (p.games > 500) cancel = true;
        };
        std::string error;
        QVERIFY(!d.openText(text, "x", o, &error));
        QCOMPARE(error, std::string("cancelled"));
        QVERIFY(d.empty());
    }

    // A stream whose game never ends (here: 70 MiB of one game through a
    // pipe) is held in memory only up to the game size limit; the games after
    // it are read, at their own line numbers, and the long one is reported.
    void overlongGameFromPipe()
    {
        const std::string dir = QDir::tempPath().toStdString() + "/cqlwb-fifo-" + std::to_string(getpid());
        std::filesystem::create_directories(dir);
        const std::string fifo = dir + "/games.pgn";
        QCOMPARE(mkfifo(fifo.c_str(), 0600), 0);
        const std::string line = "1. e4 e5 2. Nf3 Nc6 {c} (2... d6)\n";
        const size_t lines = (size_t(70) << 20) / line.size();
        std::thread writer([&] {
            std::ofstream out(fifo, std::ios::binary);
            out << "[Event \"first\"]\n\n1. d4 d5 *\n\n[Event \"long\"]\n\n";
            std::string block;
            for (int i = 0; i < 1000; ++i)
                block += line;
            for (size_t i = 0; i < lines / 1000; ++i)
                out << block;
            out << "\n[Event \"after\"]\n\n1. e4 e5 *\n";
        });
        db::Database d;
        std::string error;
        const bool opened = d.open(fifo, {}, &error);
        writer.join();
        std::filesystem::remove_all(dir);
        QVERIFY2(opened, error.c_str());
        QVERIFY(d.text().size() < pgn::MaxGameBytes + (1 << 20));
        QCOMPARE(d.size(), size_t(3));
        QCOMPARE(d.field(2, db::Field::Event), std::string_view("after"));
        // Tags on lines 1 and 5, the long game from line 7, a blank line, then "after".
        QCOMPARE(d.origin(2).line, int(6 + lines / 1000 * 1000 + 2));
        game::Game g;
        QVERIFY(d.loadGame(1, g));
        QVERIFY2(!g.errors.empty() && g.errors.back().message.find("longer than 64 MiB") != std::string::npos,
                 g.errors.empty() ? "no error" : g.errors.back().message.c_str());
        QVERIFY(d.loadGame(2, g));
        QVERIFY(g.errors.empty());
    }

    void openErrors()
    {
        db::Database d;
        std::string error;
        QVERIFY(!d.open(dataPath("missing.pgn"), {}, &error));
        QCOMPARE(QString::fromStdString(error),
                 QString::fromStdString("cannot open " + dataPath("missing.pgn") + ": No such file or directory"));
        QVERIFY(!d.open(dataPath("corrupt.pgn.zst"), {}, &error));
        QVERIFY2(QString::fromStdString(error).contains("corrupt zstd data at byte"), error.c_str());
        QVERIFY(d.empty());
    }

    void masters()
    {
        const std::string path = std::string(CQLWB_SHARED_DIR) + "/data/masters20k.pgn.zst";
        if (!std::filesystem::exists(path)) QSKIP("shared data not present (masters20k.pgn.zst)");
        db::Database d;
        std::string error;
        QVERIFY2(d.open(path, {}, &error), error.c_str());
        QCOMPARE(d.size(), size_t(20000));
        game::GameStream s;
        QVERIFY(s.open(path));
        game::Game g, h;
        game::GameParser parser;
        size_t i = 0;
        while (s.next(g)) {
            if (i % 97 == 0) {
                QVERIFY(d.loadGame(i, h, parser));
                compareGames(h, g);
            }
            QCOMPARE(int(d.entry(i).plies), g.mainlinePlies());
            ++i;
        }
        QCOMPARE(i, size_t(20000));
    }
};

QTEST_GUILESS_MAIN(TestDatabase)
#include "tst_database.moc"
