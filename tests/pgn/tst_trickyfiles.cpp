// Reads every odd PGN file of the shared collection (data/tricky): nothing may
// crash or hang, a database over the file must agree with a sequential read
// game by game, and writing the games out must read back to as many games.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "database/database.h"
#include "pgn/writer.h"
#include "pgntestutil.h"

#include <QtTest>

#include <filesystem>

using namespace pgntest;

namespace {

std::string trickyDir()
{
    const char *env = std::getenv("CQLWB_SHARED_DIR");
    return std::string(env && *env ? env : CQLWB_SHARED_DIR) + "/data/tricky";
}

// An index that only skims the movetext (as the search opens files) must
// place and describe every game as the full index does.
void compareSkimmedIndex(const db::Database &full, const db::Database &skim)
{
    QCOMPARE(skim.size(), full.size());
    for (size_t i = 0; i < full.size(); ++i) {
        const db::GameEntry a = full.entry(i), b = skim.entry(i);
        QCOMPARE(b.offset, a.offset);
        QCOMPARE(b.length, a.length);
        QCOMPARE(b.line, a.line);
        QCOMPARE(b.column, a.column);
        for (int f = 0; f < db::FieldCount; ++f)
            QCOMPARE(skim.field(i, db::Field(f)), full.field(i, db::Field(f)));
    }
    QCOMPARE(skim.stats().strayErrors, full.stats().strayErrors);
}

// Indexing in pieces on several threads must give the serial index.
void compareParallelIndex(const std::string &text)
{
    db::Database serial;
    db::OpenOptions one;
    one.threads = 1;
    QVERIFY(serial.openText(text, "<text>", one));
    for (unsigned threads : {2u, 3u, 7u}) {
        db::OpenOptions many;
        many.threads = threads;
        many.parallelMinBytes = 0;
        db::Database parallel;
        QVERIFY(parallel.openText(text, "<text>", many));
        compareSkimmedIndex(serial, parallel);
        for (size_t i = 0; i < serial.size(); ++i) {
            QCOMPARE(parallel.entry(i).plies, serial.entry(i).plies);
            QCOMPARE(parallel.entry(i).errors, serial.entry(i).errors);
        }
    }
}

db::OpenOptions skimming()
{
    db::OpenOptions o;
    o.countPlies = false;
    return o;
}

} // namespace

class TestTrickyFiles : public QObject {
    Q_OBJECT

private slots:
    void readAll_data()
    {
        QTest::addColumn<QString>("path");
        const std::string dir = trickyDir();
        if (!std::filesystem::is_directory(dir)) {
            QTest::newRow("absent") << QString(); // skipped below
            return;
        }
        std::vector<std::string> files;
        for (const auto &e : std::filesystem::recursive_directory_iterator(dir))
            if (e.is_regular_file()) files.push_back(e.path().string());
        std::sort(files.begin(), files.end());
        for (const auto &f : files)
            QTest::newRow(f.substr(dir.size() + 1).c_str()) << QString::fromStdString(f);
    }
    void readAll()
    {
        QFETCH(QString, path);
        if (path.isEmpty()) QSKIP("the shared data (data/tricky) is not present");
        const std::string file = path.toStdString();

        // Sequentially, with variations.
        game::GameStream stream;
        std::string error;
        QVERIFY2(stream.open(file, &error), error.c_str());
        std::vector<game::Game> games;
        game::Game g;
        while (stream.next(g)) {
            QCOMPARE(g.number, uint64_t(games.size() + 1));
            QVERIFY(!g.nodes.empty());
            games.push_back(g);
        }
        QVERIFY2(stream.error().empty(), stream.error().c_str());

        // As a database: the same games, loaded one by one.
        db::Database d;
        QVERIFY2(d.open(file, {}, &error), error.c_str());
        QCOMPARE(d.size(), games.size());
        game::GameParser parser;
        for (size_t i = 0; i < d.size(); ++i) {
            QVERIFY(d.loadGame(i, g, parser));
            QCOMPARE(g.number, games[i].number);
            QCOMPARE(g.nodes.size(), games[i].nodes.size());
            QCOMPARE(g.tags, games[i].tags);
            QCOMPARE(g.errors.size(), games[i].errors.size());
        }
        db::Database skimmed;
        QVERIFY2(skimmed.open(file, skimming(), &error), error.c_str());
        compareSkimmedIndex(d, skimmed);
        compareParallelIndex(std::string(d.text()));

        // Written out and read back: as many games, the same mainlines.
        std::string out;
        for (const auto &x : games)
            pgn::writeGame(out, x);
        auto again = readGames(out);
        QCOMPARE(again.size(), games.size());
        for (size_t i = 0; i < games.size(); ++i) {
            if (games[i].unsupported) continue;
            QCOMPARE(mainline(again[i]), mainline(games[i]));
            QVERIFY2(again[i].errors.empty(), errorsOf(again[i]).c_str());
        }
    }

    // A well-formed file is really indexed in pieces (else the test above
    // would compare the serial index with itself).
    void parallelIndexIsUsed()
    {
        const std::string text = readFile(dataPath("kasparov-deep-blue-1997.pgn"));
        db::OpenOptions many;
        many.threads = 3;
        many.parallelMinBytes = 0;
        db::Database d;
        QVERIFY(d.openText(text + "\n\n" + text + "\n\n" + text, "<text>", many));
        QCOMPARE(d.size(), size_t(18));
        QCOMPARE(d.stats().indexPieces, 3u);
        QCOMPARE(d.entry(17).line, d.entry(11).line + (d.entry(11).line - d.entry(5).line));
        // A cut inside a comment is found out: the index is then made serially.
        const std::string tricky = "[Event \"a\"]\n\n1. e4 {x\n\n[Event \"inside\"]\n\n} e5 *\n\n" + text;
        compareParallelIndex(tricky);
        // A blank line inside a header: the cut before "[Site" is not a game start.
        // (The long first tag puts the middle of the text, where two threads cut, before it.)
        const std::string split =
            "[Event \"" + std::string(60, 'a') + "\"]\n\n[Site \"b\"]\n\n1. e4 *\n\n[Event \"c\"]\n\n1. d4 *\n";
        compareParallelIndex(split);
        db::Database serial;
        QVERIFY(serial.openText(split));
        QCOMPARE(serial.size(), size_t(2));
        {
            db::Database fallback;
            QVERIFY(fallback.openText(split, "<text>", many));
            QCOMPARE(fallback.stats().indexPieces, 1u);
            QCOMPARE(fallback.field(0, db::Field::Site), std::string_view("b"));
        }
        compareParallelIndex("{c}\n\n[Event \"b\"]\n\n%\n\n[Event \"c\"]\n1. e4 ;\n\n[Event \"d\"]\n\n1-0\n\n" + text);
    }

    // Random damage to a good file (fixed seed, so failures repeat): nothing
    // may crash, and the database must still agree with a sequential read.
    void mutations()
    {
        const std::string base = readFile(dataPath("kasparov-deep-blue-1997.pgn")).substr(0, 1500)
            + readFile(dataPath("crlf.pgn")) + readFile(dataPath("glued.pgn"))
            + readFile(dataPath("pathological-headers.pgn"))
            + "1. e4 (1. d4 {c} d5 (1... Nf6)) e5 $1 ; rest\n%escape\n2. Nf3! -- 3. Z0 O-O-O *\n"
            + "[FEN \"8/8/8/8/8/8/k7/K7 w - - 0 1\"]\n{x} 1. Kb1 Kb3 *\n";
        static const char specials[] = "[]{}();%$*.\"\\\n\r\t\0-+!?=/#xOo01Z\xef\xbb\xbf\xfc\xc3";
        uint64_t seed = 0x9E3779B97F4A7C15ull;
        auto next = [&]() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            return seed;
        };
        game::GameParser parser;
        const char *env = std::getenv("CQLWB_MUTATION_ROUNDS"); // more for a longer soak
        const int rounds = env ? std::atoi(env) : 400;
        if (const char *s = std::getenv("CQLWB_MUTATION_SEED")) seed ^= std::strtoull(s, nullptr, 10);
        for (int round = 0; round < rounds; ++round) {
            std::string text = base;
            const int edits = 1 + int(next() % 12);
            for (int e = 0; e < edits && !text.empty(); ++e) {
                const size_t at = size_t(next() % text.size());
                switch (next() % 5) {
                case 0: text[at] = specials[next() % (sizeof(specials) - 1)]; break;
                case 1: text.insert(at, 1, specials[next() % (sizeof(specials) - 1)]); break;
                case 2: text.erase(at, size_t(next() % 40)); break;
                case 3: text.insert(at, text.substr(size_t(next() % text.size()), size_t(next() % 60))); break;
                case 4: text.resize(at); break;
                }
            }
            const auto games = readGames(text);
            db::Database d;
            QVERIFY(d.openText(text));
            QCOMPARE(d.size(), games.size());
            db::Database skimmed;
            QVERIFY(skimmed.openText(text, "<text>", skimming()));
            compareSkimmedIndex(d, skimmed);
            compareParallelIndex(text + "\n\n" + text);
            game::Game g;
            for (size_t i = 0; i < d.size(); ++i) {
                QVERIFY(d.loadGame(i, g, parser));
                QCOMPARE(g.number, games[i].number);
                QCOMPARE(g.nodes.size(), games[i].nodes.size());
                QCOMPARE(g.errors.size(), games[i].errors.size());
                QCOMPARE(g.tags, games[i].tags);
            }
            std::string out;
            for (const auto &x : games)
                pgn::writeGame(out, x);
            QCOMPARE(readGames(out).size(), games.size());
        }
    }
};

QTEST_GUILESS_MAIN(TestTrickyFiles)
#include "tst_trickyfiles.moc"
