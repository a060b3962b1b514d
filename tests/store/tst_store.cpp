// Tests of the compact game store: built on first open and reused, rebuilt
// when the file changes, a damaged, truncated or foreign store detected and
// rebuilt with the same search results; games replayed from the store equal
// the PGN's; searches from the store (with and without prefilters) hand on
// exactly what searches from the PGN do; what the prefilters derive.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "game/builder.h"
#include "store/checkednote.h"
#include "store/gamestore.h"
#include "store/identity.h"
#include "store/prefilter.h"
#include "store/spillfile.h"
#include "pgn/atomicfile.h"
#include "storetestdata.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <thread>

namespace {

using storetest::compileQuery;

const char *const Queries[] = {
    "mate",
    "stalemate",
    "check",
    "false",
    "true",
    "Qd1",
    "#Q >= 2",
    "#[Qq] > 2",
    "#N == 0",
    "mate or stalemate",
    "check and btm",
    "{check btm}",
    "not check",
    "flipcolor {Ka1 kh8}",
    "check comment(\"in check\")",
    "comment(\"before\") mate",
    "sort \"plies\" ply mate",
    "ply > 10 mate",
    "cql(variations) mate",
    "cql(variations) check",
    "cql(matchcount 0 0) check",
    "cql(matchcount 2 100) check",
    "cql(result 1-0) mate",
    "cql(sort matchcount) check",
    "player white \"W1\" mate",
    "mate settag(\"Mated\" \"yes\")",
    "originalcomment \"good\"",
    "move promote Q",
    "castle",
    "result 1-0 mate",
    "result 1/2-1/2",
    "player \"W1\" check",
    "player white \"W2\"",
    "event \"Gen\" mate",
    "ply >= 12",
    "ply > 12 check",
    "ply == 5",
    "year > 1990 mate",
};

} // namespace

class TestStore : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_pgn;
    std::string m_cache;
    std::string m_text;

    bool open(db::Database &d, store::GameStore &st, store::OpenResult &r)
    {
        store::StoreOptions so;
        so.cacheDir = m_cache;
        std::string error;
        const bool ok = store::openWithStore(m_pgn, d, st, {}, so, r, &error);
        if (!ok) qWarning("open failed: %s", error.c_str());
        return ok;
    }
    std::string storeFile() const { return store::storePathFor(m_pgn, m_cache); }
    // Results of a few queries, for comparing before and after a rebuild.
    std::string someResults(const db::Database &d, const store::GameStore *st)
    {
        std::string all;
        for (const char *text : {"mate", "check", "#Q >= 2"}) {
            auto q = compileQuery(text);
            all += storetest::runSearch(*q, d, st, true, true).all;
        }
        return all;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_pgn = m_dir.filePath("games/test.pgn").toStdString();
        m_cache = m_dir.filePath("cache").toStdString();
        std::filesystem::create_directories(m_dir.filePath("games").toStdString());
        m_text = storetest::databaseText();
        storetest::writeFile(m_pgn, m_text);
    }

    void builtOnceThenReused()
    {
        std::filesystem::remove_all(m_cache);
        db::Database d;
        store::GameStore st;
        store::OpenResult r;
        QVERIFY(open(d, st, r));
        QVERIFY(r.built);
        QVERIFY(r.used);
        QVERIFY(d.indexed());
        QCOMPARE(st.size(), d.size());
        QVERIFY(std::filesystem::exists(storeFile()));
        // Nothing beside the user's file.
        int files = 0;
        for (const auto &e : std::filesystem::directory_iterator(m_dir.filePath("games").toStdString()))
            files += e.path() != m_pgn;
        QCOMPARE(files, 0);

        db::Database again;
        store::GameStore st2;
        QVERIFY(open(again, st2, r));
        QVERIFY(r.used);
        QVERIFY(!r.built);
        // The index filled from the store equals the one made from the text.
        db::Database plain;
        QVERIFY(plain.open(m_pgn));
        QCOMPARE(again.size(), plain.size());
        for (size_t i = 0; i < plain.size(); ++i) {
            QCOMPARE(again.entry(i).offset, plain.entry(i).offset);
            QCOMPARE(again.entry(i).length, plain.entry(i).length);
            QCOMPARE(again.entry(i).line, plain.entry(i).line);
            QCOMPARE(again.entry(i).column, plain.entry(i).column);
            QCOMPARE(again.entry(i).plies, plain.entry(i).plies);
            for (int f = 0; f < db::FieldCount; ++f)
                QCOMPARE(again.field(i, db::Field(f)), plain.field(i, db::Field(f)));
        }
    }

    // A database opened without an index is built from its text read a
    // window of games at a time (the CLI's first run), an indexed one from
    // its index (the workbench): the same file, whatever the threads, over
    // many windows; and the store then lends exactly the index the text gives.
    void streamingBuildEqualsIndexedBuild()
    {
        std::string text;
        db::Database once;
        QVERIFY(once.openText(m_text));
        const size_t perCopy = once.size();
        QVERIFY(perCopy > 0);
        // More than three windows of 1,024 games, and a last one cut short.
        for (size_t games = 0; games < 3500; games += perCopy)
            text += m_text;
        const std::string path = m_dir.filePath("big/big.pgn").toStdString();
        std::filesystem::create_directories(m_dir.filePath("big").toStdString());
        storetest::writeFile(path, text);
        store::FileIdentity id;
        QVERIFY(store::fileIdentity(path, id));
        db::Database indexed;
        QVERIFY(indexed.open(path));
        QVERIFY(indexed.size() > 3 * 1024);
        const std::string fromIndex = m_dir.filePath("big/index.cqlstore").toStdString();
        std::string error;
        QVERIFY2(store::GameStore::build(indexed, id, fromIndex, &error, {}, nullptr, 2), error.c_str());
        for (unsigned threads : {1u, 2u, 3u}) {
            db::Database lazy;
            db::OpenOptions o;
            o.index = false;
            QVERIFY(lazy.open(path, o));
            QVERIFY(!lazy.indexed());
            const std::string fromText = m_dir.filePath("big/text.cqlstore").toStdString();
            QVERIFY2(store::GameStore::build(lazy, id, fromText, &error, {}, nullptr, threads), error.c_str());
            QCOMPARE(storetest::readText(fromText), storetest::readText(fromIndex));
            store::GameStore st;
            QVERIFY2(st.load(fromText, id, &error), error.c_str());
            QVERIFY(st.fillIndex(lazy));
            QCOMPARE(lazy.size(), indexed.size());
            for (size_t i = 0; i < indexed.size(); ++i) {
                const db::GameEntry a = lazy.entry(i), b = indexed.entry(i);
                QVERIFY(a.offset == b.offset && a.length == b.length && a.line == b.line && a.column == b.column
                        && a.plies == b.plies && a.errors == b.errors);
                for (int f = 0; f < db::FieldCount; ++f)
                    QVERIFY(lazy.field(i, db::Field(f)) == indexed.field(i, db::Field(f)));
            }
        }
    }

    // A build that is cancelled or cannot write leaves neither a store nor a
    // temporary file (named or unnamed), and an old store stays as it was.
    void failedBuildLeavesNothing()
    {
        const std::string dir = m_dir.filePath("failed").toStdString();
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        store::FileIdentity id;
        QVERIFY(store::fileIdentity(m_pgn, id));
        const std::string target = dir + "/test.cqlstore";
        auto entries = [&] {
            QStringList names = QDir(QString::fromStdString(dir))
                                    .entryList(QDir::Files | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
            names.sort();
            return names;
        };
        for (bool named : {false, true}) {
            store::SpillFile::setForceNamed(named);
            pgn::AtomicFile::setForceNamedTemporary(named);
            for (bool old : {false, true}) {
                std::filesystem::remove_all(dir);
                std::filesystem::create_directories(dir);
                if (old) storetest::writeFile(target, "an old store");
                db::Database d;
                db::OpenOptions o;
                o.index = false;
                QVERIFY(d.open(m_pgn, o));
                std::atomic<bool> cancel{false};
                int reports = 0;
                auto progress = [&](const store::BuildProgress &) {
                    ++reports;
                    cancel = true; // at the first report, before the first window is written
                };
                std::string error;
                QVERIFY(!store::GameStore::build(d, id, target, &error, progress, &cancel, 2));
                QCOMPARE(QString::fromStdString(error), QStringLiteral("cancelled"));
                QVERIFY(reports >= 1);
                QCOMPARE(entries(), old ? QStringList{"test.cqlstore"} : QStringList{});
                if (old) QCOMPARE(storetest::readText(target), std::string("an old store"));
            }
        }
        store::SpillFile::setForceNamed(false);
        pgn::AtomicFile::setForceNamedTemporary(false);
        // A store folder that cannot be made (a file is in the way): an error, nothing written.
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        storetest::writeFile(dir + "/file", "x");
        db::Database d;
        QVERIFY(d.open(m_pgn));
        std::string error;
        QVERIFY(!store::GameStore::build(d, id, dir + "/file/sub/test.cqlstore", &error));
        QVERIFY(!error.empty());
        QCOMPARE(entries(), QStringList{"file"});
    }

    void fileChangedRebuilds()
    {
        db::Database d;
        store::GameStore st;
        store::OpenResult r;
        QVERIFY(open(d, st, r));
        const size_t before = d.size();
        d.close();
        storetest::writeFile(m_pgn, m_text + "[Event \"Added\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
        QVERIFY(open(d, st, r));
        QVERIFY(r.built);
        QVERIFY2(r.note.rfind("stale", 0) == 0, r.note.c_str());
        QCOMPARE(d.size(), before + 1);
        QCOMPARE(st.size(), before + 1);
        d.close();
        // Same size, another byte: the content hash tells (the mtime may not have moved).
        std::string changed = m_text;
        changed[changed.size() - 3] = changed[changed.size() - 3] == '1' ? '0' : '1';
        storetest::writeFile(m_pgn, m_text);
        QVERIFY(open(d, st, r));
        QVERIFY(r.built);
        d.close();
        storetest::writeFile(m_pgn, changed);
        QVERIFY(open(d, st, r));
        QVERIFY(r.built);
        d.close();
        storetest::writeFile(m_pgn, m_text);
        QVERIFY(open(d, st, r));
        QVERIFY(r.built);
    }

    void damagedStoreIsRebuilt_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("reason");
        for (const char *d : {"truncate-half", "truncate-header", "empty", "flip-payload", "flip-last", "flip-header",
                              "flip-identity", "foreign", "grown"})
            QTest::newRow(d) << QString(d) << QString();
    }
    void damagedStoreIsRebuilt()
    {
        QFETCH(QString, damage);
        db::Database d;
        store::GameStore st;
        store::OpenResult r;
        QVERIFY(open(d, st, r));
        const std::string good = someResults(d, &st);
        const std::string fromPgn = someResults(d, nullptr);
        QCOMPARE(good, fromPgn);
        d.close();
        st.reset();

        std::string bytes = storetest::readText(storeFile());
        QVERIFY(bytes.size() > 1000);
        if (damage == "truncate-half") bytes.resize(bytes.size() / 2);
        if (damage == "truncate-header") bytes.resize(50);
        if (damage == "empty") bytes.clear();
        if (damage == "flip-payload") bytes[bytes.size() / 2] ^= 0x10;
        if (damage == "flip-last") bytes[bytes.size() - 9] ^= 0x01;
        if (damage == "flip-header") bytes[70] ^= 0x01;
        if (damage == "flip-identity") bytes[16] ^= 0x01;
        if (damage == "foreign")
            for (size_t i = 0; i < bytes.size(); ++i)
                bytes[i] = char(i * 131 + 7);
        if (damage == "grown") bytes += std::string(8, 'x');
        storetest::writeFile(storeFile(), bytes);

        QVERIFY(open(d, st, r));
        QVERIFY2(r.built, r.note.c_str());
        QVERIFY2(!r.note.empty(), "the damage was not reported");
        QCOMPARE(someResults(d, &st), fromPgn);
        d.close();
        QVERIFY(open(d, st, r));
        QVERIFY(!r.built);
        QVERIFY(r.used);
    }

    void noteSparesTheFullCheckUntilTheFileChanges()
    {
        std::filesystem::remove_all(m_cache);
        {
            db::Database d;
            store::GameStore st;
            store::OpenResult r;
            QVERIFY(open(d, st, r));
            QVERIFY(r.built);
        }
        const std::string note = store::checkedNotePath(storeFile());
        store::FileIdentity id;
        QVERIFY(store::fileIdentity(m_pgn, id));
        store::GameStore st;
        std::string why;
        QVERIFY2(st.load(storeFile(), id, &why), why.c_str());
        QVERIFY(st.checkedInFull());
        QVERIFY(!std::filesystem::exists(note)); // too new a file for a note
        storetest::waitOutNoteMargin();
        QVERIFY(st.load(storeFile(), id, &why));
        QVERIFY(st.checkedInFull());
        QVERIFY(std::filesystem::exists(note));
        QVERIFY(st.load(storeFile(), id, &why));
        QVERIFY(!st.checkedInFull());
        // The note of another file of the same checksum is not this file's.
        const std::string copy = storeFile() + ".copy";
        std::filesystem::copy_file(storeFile(), copy);
        std::filesystem::copy_file(note, store::checkedNotePath(copy));
        QVERIFY(st.load(copy, id, &why));
        QVERIFY(st.checkedInFull());
        st.reset();
        // A byte of the moves changed, the modification time put back: found.
        const uint64_t size = std::filesystem::file_size(storeFile());
        storetest::flipByteKeepingTimes(storeFile(), size - size / 3);
        QVERIFY(!st.load(storeFile(), id, &why));
        QCOMPARE(why, std::string("damaged: payload checksum"));
        // And a search rebuilds it, with the same results.
        db::Database d;
        store::OpenResult r;
        QVERIFY(open(d, st, r));
        QVERIFY(r.built && r.used);
        QCOMPARE(someResults(d, &st), someResults(d, nullptr));
    }

    void unwritableCacheSearchesThePgn()
    {
        // A cache folder that cannot be made: no store, the text indexed, the search as always.
        const std::string blocker = m_dir.filePath("not-a-folder").toStdString();
        storetest::writeFile(blocker, "x");
        db::Database d;
        store::GameStore st;
        store::OpenResult r;
        store::StoreOptions so;
        so.cacheDir = blocker + "/cache";
        QVERIFY(store::openWithStore(m_pgn, d, st, {}, so, r));
        QVERIFY(!r.used);
        QVERIFY(!r.built);
        QVERIFY2(r.note.rfind("not built", 0) == 0, r.note.c_str());
        QVERIFY(d.indexed());
        QVERIFY(!st.loaded());
        db::Database plain;
        QVERIFY(plain.open(m_pgn));
        QCOMPARE(d.size(), plain.size());
        QCOMPARE(someResults(d, nullptr), someResults(plain, nullptr));
    }

    void sameFileWhateverTheThreads()
    {
        db::Database d;
        QVERIFY(d.open(m_pgn));
        store::FileIdentity id;
        QVERIFY(store::fileIdentity(m_pgn, id));
        const std::string one = m_dir.filePath("one.cqlstore").toStdString();
        const std::string three = m_dir.filePath("three.cqlstore").toStdString();
        std::string error;
        QVERIFY2(store::GameStore::build(d, id, one, &error, {}, nullptr, 1), error.c_str());
        QVERIFY2(store::GameStore::build(d, id, three, &error, {}, nullptr, 3), error.c_str());
        QCOMPARE(storetest::readText(one), storetest::readText(three));
    }

    void concurrentOpens()
    {
        std::filesystem::remove_all(m_cache);
        std::string results[4];
        bool ok[4] = {};
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t)
            threads.emplace_back([&, t] {
                db::Database d;
                store::GameStore st;
                store::OpenResult r;
                store::StoreOptions so;
                so.cacheDir = m_cache;
                ok[t] = store::openWithStore(m_pgn, d, st, {}, so, r) && r.used;
                if (ok[t]) results[t] = someResults(d, &st);
            });
        for (auto &t : threads)
            t.join();
        db::Database plain;
        QVERIFY(plain.open(m_pgn));
        const std::string expected = someResults(plain, nullptr);
        for (int t = 0; t < 4; ++t) {
            QVERIFY(ok[t]);
            QCOMPARE(results[t], expected);
        }
    }

    void replayEqualsParse()
    {
        db::Database d;
        store::GameStore st;
        store::OpenResult r;
        QVERIFY(open(d, st, r));
        game::GameParser parser;
        game::Game parsed, replayed;
        const game::BuildOptions lean{true, false, false, false};
        size_t replayable = 0, notReplayable = 0;
        for (size_t i = 0; i < d.size(); ++i) {
            if (!st.replays(i, false, false)) {
                ++notReplayable;
                continue;
            }
            ++replayable;
            QVERIFY(parser.parse(d.gameText(i), d.number(i), d.origin(i), parsed, lean));
            QVERIFY(st.replay(i, d.number(i), replayed, false, false));
            QCOMPARE(replayed.nodes.size(), parsed.nodes.size());
            QCOMPARE(replayed.tags, parsed.tags);
            QCOMPARE(replayed.result, parsed.result);
            QCOMPARE(replayed.fileOffset, parsed.fileOffset);
            QCOMPARE(replayed.firstLine, parsed.firstLine);
            QCOMPARE(replayed.firstColumn, parsed.firstColumn);
            for (size_t n = 0; n < parsed.nodes.size(); ++n) {
                const game::Node &a = replayed.nodes[n], &b = parsed.nodes[n];
                QCOMPARE(a.move.raw(), b.move.raw());
                QCOMPARE(a.position.key(), b.position.key());
                QCOMPARE(a.position.fen(), b.position.fen());
                QCOMPARE(a.parent, b.parent);
                QCOMPARE(a.firstChild, b.firstChild);
                QCOMPARE(a.ply, b.ply);
            }
        }
        QVERIFY(replayable > 40);
        QVERIFY(notReplayable > 0); // the illegal move, the broken samples
    }

    void sameResultsAllWays_data()
    {
        QTest::addColumn<QString>("query");
        for (const char *q : Queries)
            QTest::newRow(q) << QString(q);
    }
    void sameResultsAllWays()
    {
        QFETCH(QString, query);
        db::Database d;
        store::GameStore st;
        store::OpenResult r;
        QVERIFY(open(d, st, r));
        auto q = compileQuery(query.toStdString());
        QVERIFY(q);
        storetest::Run run = storetest::compareWays([&] { return compileQuery(query.toStdString()); }, d, st, query);
        QVERIFY(run.all != "DIFFERENT");
        QVERIFY(run.fromStore + run.prefiltered > 0);
    }

    void prefilterDerivation_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<int>("conditions");
        QTest::newRow("mate") << "mate" << 1;
        QTest::newRow("false") << "false" << 1;
        QTest::newRow("two") << "check mate" << 2;
        QTest::newRow("count") << "#Q >= 2" << 1;
        QTest::newRow("count of squares") << "#_ >= 2" << 0;
        QTest::newRow("or") << "mate or stalemate" << 1;
        QTest::newRow("or with unknown") << "mate or ply < 3" << 0;
        QTest::newRow("or with plies") << "mate or ply > 3" << 1;
        QTest::newRow("after a comment") << "comment(\"x\") mate" << 0;
        QTest::newRow("before a comment") << "mate comment(\"x\")" << 1;
        QTest::newRow("after a sort") << "sort \"p\" ply mate" << 0;
        QTest::newRow("matchcount from zero") << "cql(matchcount 0 3) mate" << 0;
        QTest::newRow("matchcount from one") << "cql(matchcount 1 3) mate" << 1;
        QTest::newRow("not") << "not mate" << 0;
        QTest::newRow("transform") << "flipcolor {Ka1 kh8}" << 1;
        QTest::newRow("plies") << "ply > 40 mate" << 2;
        QTest::newRow("few plies") << "ply < 10" << 0;
        QTest::newRow("result") << "result 1-0 mate" << 2;
        QTest::newRow("player") << "player \"Carlsen\"" << 1;
        QTest::newRow("year, then mate") << "year > 1990 mate" << 2;
        QTest::newRow("elo, then mate") << "elo black >= 2500 mate" << 2;
        QTest::newRow("eco") << "eco \"B9\"" << 1;
        QTest::newRow("promote") << "move promote Q" << 1;
        QTest::newRow("o-o-o") << "o-o-o" << 1;
        QTest::newRow("castle then mate") << "castle mate" << 2;
        QTest::newRow("legal castling") << "move legal o-o" << 0;
        QTest::newRow("not castle") << "not castle" << 0;
        QTest::newRow("castle after a comment") << "comment(\"x\") castle" << 0;
        QTest::newRow("promotion named by a variable") << "x = \"Q\" --=x" << 0;
    }
    void prefilterDerivation()
    {
        QFETCH(QString, query);
        QFETCH(int, conditions);
        auto q = compileQuery(query.toStdString());
        QVERIFY(q);
        store::Prefilter p = store::Prefilter::fromQuery(*q);
        QCOMPARE(int(p.description().size()), conditions);
        QCOMPARE(p.active(), conditions > 0);
    }

    void prefilterSkipsGames()
    {
        db::Database d;
        store::GameStore st;
        store::OpenResult r;
        QVERIFY(open(d, st, r));
        auto q = compileQuery("mate");
        storetest::Run on = storetest::runSearch(*q, d, &st, true, true);
        storetest::Run off = storetest::runSearch(*q, d, &st, false, true);
        QVERIFY(on.prefiltered > 0);
        QCOMPARE(off.prefiltered, uint64_t(0));
        QVERIFY(on.fromStore < off.fromStore);
        QCOMPARE(on.all, off.all);
        QVERIFY(on.matches > 0);
    }
};

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
