// The text cache: a compressed database read through it gives the very text
// and index of reading it into memory; a stale, truncated or damaged cache is
// found and rebuilt and never changes a result; concurrent opens are safe; a
// mapping that gives its pages back still reads the file's bytes.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "storetestdata.h"

#include "pgn/mapping.h"
#include "store/hash.h"
#include "store/textcache.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace {

// A zstd file of raw (stored) blocks, in frames of at most frameBytes: valid
// zstd that any decoder reads, made without the library.
std::string zstdStored(std::string_view text, size_t frameBytes = size_t(1) << 20)
{
    std::string out;
    size_t at = 0;
    do {
        const size_t frameEnd = std::min(text.size(), at + frameBytes);
        out += std::string("\x28\xb5\x2f\xfd", 4);
        out += char(0x00);   // frame header: no content size, no checksum, a window descriptor follows
        out += char(7 << 3); // window 2^17 bytes
        do {
            const size_t n = std::min<size_t>(frameEnd - at, 1 << 16);
            const bool last = at + n == frameEnd;
            const uint32_t header = uint32_t(last) | uint32_t(n) << 3; // block type 0: raw
            out += char(header & 0xFF);
            out += char((header >> 8) & 0xFF);
            out += char((header >> 16) & 0xFF);
            out.append(text.substr(at, n));
            at += n;
        } while (at < frameEnd);
    } while (at < text.size());
    return out;
}

std::string textOf(const std::unique_ptr<pgn::Text> &t) { return t ? std::string(t->view()) : std::string("<none>"); }

// Every index entry and field of two databases equal.
bool sameIndex(const db::Database &a, const db::Database &b, std::string &why)
{
    if (a.size() != b.size()) {
        why = "game counts " + std::to_string(a.size()) + " and " + std::to_string(b.size());
        return false;
    }
    for (size_t i = 0; i < a.size(); ++i) {
        const db::GameEntry x = a.entry(i), y = b.entry(i);
        if (x.offset != y.offset || x.length != y.length || x.line != y.line || x.column != y.column
            || x.plies != y.plies || x.errors != y.errors) {
            why = "entry " + std::to_string(i);
            return false;
        }
        for (int f = 0; f < db::FieldCount; ++f)
            if (a.field(i, db::Field(f)) != b.field(i, db::Field(f))) {
                why = "field " + std::to_string(f) + " of game " + std::to_string(i);
                return false;
            }
    }
    return true;
}

} // namespace

class TestTextCache : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_text;  // the database's text
    std::string m_zst;   // it as a zstd file of several frames
    std::string m_cache; // the cache folder

    std::string cacheFile() const { return store::textCachePathFor(m_zst, m_cache); }
    store::FileIdentity identity() const
    {
        store::FileIdentity id;
        if (!store::fileIdentity(m_zst, id)) qFatal("no identity");
        return id;
    }
    std::unique_ptr<pgn::Text> load(store::TextCacheResult &r)
    {
        std::string error;
        auto t = store::loadText(m_zst, identity(), cacheFile(), r, &error);
        if (!t) qWarning("loadText: %s", error.c_str());
        return t;
    }
    std::string results(const db::Database &d)
    {
        std::string all;
        for (const char *text : {"mate", "check", "#Q >= 2"}) {
            std::vector<cql::Diagnostic> diags;
            cql::CompileOptions o;
            o.requireHeader = false;
            auto q = cql::compile(text, o, diags);
            if (!q) qFatal("query %s", text);
            all += storetest::runSearch(*q, d, nullptr, false, true).all;
        }
        return all;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Several megabytes, so the text crosses the decompression's read blocks and window flushes.
        const std::string one = storetest::databaseText();
        while (m_text.size() < (size_t(5) << 20))
            m_text += one;
        m_zst = m_dir.filePath("games.pgn.zst").toStdString();
        m_cache = m_dir.filePath("cache").toStdString();
        storetest::writeFile(m_zst, zstdStored(m_text));
    }

    void hasherEqualsOneShot()
    {
        std::string bytes(1000, '\0');
        for (size_t i = 0; i < bytes.size(); ++i)
            bytes[i] = char(i * 7 + 3);
        for (size_t size : {0, 5, 31, 32, 33, 100, 1000})
            for (size_t piece : {1, 3, 32, 40, 1000}) {
                store::Hasher h(9);
                for (size_t at = 0; at < size; at += piece)
                    h.add(bytes.data() + at, std::min(piece, size - at));
                QCOMPARE(h.value(), store::hash64(bytes.data(), size, 9));
            }
    }

    void sameTextAndIndex_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("generated zstd, several frames") << QString();
        for (const char *f : {"kasparov-deep-blue-1997.pgn.gz", "kasparov-deep-blue-1997.pgn.zst", "multiframe.pgn.zst",
                              "multimember.pgn.gz", "zstd-named.pgn"})
            QTest::newRow(f) << QString(CQLWB_TEST_DATA "/pgn/") + f;
    }
    void sameTextAndIndex()
    {
        QFETCH(QString, file);
        const std::string path = file.isEmpty() ? m_zst : file.toStdString();
        std::filesystem::remove_all(m_cache);
        std::string error;
        auto inMemory = pgn::Text::load(path, &error);
        QVERIFY2(inMemory, error.c_str());
        QVERIFY(!inMemory->mapped());
        store::FileIdentity id;
        QVERIFY(store::fileIdentity(path, id));
        const std::string cache = store::textCachePathFor(path, m_cache);
        for (int pass = 0; pass < 2; ++pass) {
            store::TextCacheResult r;
            auto cached = store::loadText(path, id, cache, r, &error);
            QVERIFY2(cached, error.c_str());
            QVERIFY2(r.cached, r.note.c_str());
            QCOMPARE(r.built, pass == 0);
            QVERIFY(cached->mapped());
            QVERIFY(textOf(cached) == textOf(inMemory));
            QCOMPARE(cached->view().data()[cached->view().size()], '\0');
            QCOMPARE(cached->cut(), inMemory->cut());
            QCOMPARE(int(cached->compression()), int(inMemory->compression()));
        }
        QVERIFY(store::checkTextCache(cache, id));
        // The same index, threads or not.
        for (unsigned threads : {1u, 2u}) {
            db::OpenOptions o;
            o.threads = threads;
            o.parallelMinBytes = 1 << 20;
            db::Database plain, viaCache;
            QVERIFY(plain.open(path, o));
            store::TextCacheResult r;
            QVERIFY2(store::openDatabase(path, viaCache, o, m_cache, r, &error), error.c_str());
            QVERIFY(r.cached);
            QVERIFY(viaCache.textMapped());
            std::string why;
            QVERIFY2(sameIndex(plain, viaCache, why), why.c_str());
        }
    }

    // A game longer than the limit is cut in the cache exactly as in memory
    // (the window keeps the bytes since the last game start).
    void overlongGameCutTheSame()
    {
        std::string text = "[Event \"first\"]\n\n1. d4 d5 *\n\n[Event \"long\"]\n\n";
        const std::string line = "1. e4 e5 2. Nf3 Nc6 {c} (2... d6)\n";
        // Well past the limit: a game start found in the same read block as the limit is passed ends the game.
        while (text.size() < pgn::MaxGameBytes + (size_t(12) << 20))
            text += line;
        text += "\n[Event \"after\"]\n\n1. e4 e5 *\n";
        const std::string path = m_dir.filePath("long.pgn.zst").toStdString();
        storetest::writeFile(path, zstdStored(text, size_t(16) << 20));
        std::string error;
        auto inMemory = pgn::Text::load(path, &error);
        QVERIFY2(inMemory, error.c_str());
        QVERIFY(inMemory->cut());
        store::FileIdentity id;
        QVERIFY(store::fileIdentity(path, id));
        store::TextCacheResult r;
        auto cached = store::loadText(path, id, store::textCachePathFor(path, m_cache), r, &error);
        QVERIFY2(cached && r.cached, r.note.c_str());
        QVERIFY(cached->cut());
        QVERIFY(textOf(cached) == textOf(inMemory));
        std::filesystem::remove(path);
        std::filesystem::remove(store::textCachePathFor(path, m_cache));
    }

    void damagedCacheIsRebuilt_data()
    {
        QTest::addColumn<QString>("damage");
        for (const char *d : {"truncate-half", "truncate-one", "truncate-trailer", "empty", "flip-text-middle",
                              "flip-text-first", "flip-text-last", "flip-nul", "flip-trailer-size", "flip-identity",
                              "foreign", "grown", "stale", "directory"})
            QTest::newRow(d) << QString(d);
    }
    void damagedCacheIsRebuilt()
    {
        QFETCH(QString, damage);
        store::TextCacheResult r;
        QVERIFY(load(r));
        db::Database good;
        QVERIFY(good.openText(m_text));
        const std::string expected = results(good);

        const std::string file = cacheFile();
        std::string bytes = storetest::readText(file);
        QCOMPARE(bytes.size() > m_text.size(), true);
        const size_t trailer = bytes.size() - 80;
        if (damage == "truncate-half") bytes.resize(bytes.size() / 2);
        if (damage == "truncate-one") bytes.pop_back();
        if (damage == "truncate-trailer") bytes.resize(trailer);
        if (damage == "empty") bytes.clear();
        if (damage == "flip-text-middle") bytes[m_text.size() / 2] ^= 0x20;
        if (damage == "flip-text-first") bytes[0] ^= 0x01;
        if (damage == "flip-text-last") bytes[m_text.size() - 1] ^= 0x01;
        if (damage == "flip-nul") bytes[m_text.size()] = 'x';
        if (damage == "flip-trailer-size") bytes[trailer + 48] ^= 0x01;
        if (damage == "flip-identity") bytes[trailer + 16] ^= 0x01;
        if (damage == "foreign")
            for (size_t i = 0; i < bytes.size(); ++i)
                bytes[i] = char(i * 131 + 7);
        if (damage == "grown") bytes += std::string(8, 'x');
        if (damage == "directory") {
            std::filesystem::remove(file);
            std::filesystem::create_directories(file);
        } else if (damage == "stale") {
            // The database changed: one game more; the cache must follow it.
            storetest::writeFile(m_zst, zstdStored(m_text + "[Event \"new\"]\n\n1. e4 *\n"));
        } else {
            storetest::writeFile(file, bytes);
        }

        auto text = load(r);
        if (damage == "directory") {
            // Cannot be replaced: the text is read into memory, the result unchanged.
            QVERIFY(text);
            QVERIFY(!r.cached);
            QVERIFY2(!r.note.empty(), "no reason given");
            QVERIFY(textOf(text) == m_text);
            std::filesystem::remove_all(file);
            return;
        }
        QVERIFY(text);
        QVERIFY2(r.built, r.note.c_str());
        QVERIFY2(!r.note.empty(), "the damage was not reported");
        if (damage == "stale") {
            QVERIFY2(r.note.rfind("stale", 0) == 0, r.note.c_str());
            QVERIFY(textOf(text) == m_text + "[Event \"new\"]\n\n1. e4 *\n");
            storetest::writeFile(m_zst, zstdStored(m_text));
            QVERIFY(load(r));
            QVERIFY(r.built);
            return;
        }
        QVERIFY(textOf(text) == m_text);
        db::Database d;
        QVERIFY(d.open(std::move(text), m_zst));
        QCOMPARE(results(d), expected);
        QVERIFY(load(r));
        QVERIFY(r.cached);
        QVERIFY(!r.built);
    }

    void noteSparesTheHashUntilTheFileChanges()
    {
        const std::string note = store::checkedNotePath(cacheFile());
        std::filesystem::remove(cacheFile());
        std::filesystem::remove(note);
        store::TextCacheResult r;
        QVERIFY(load(r));
        QVERIFY(r.built);
        // Hashed in full; too new a file for a note (a write in the same tick could keep its times).
        QVERIFY(load(r));
        QVERIFY(r.hashed);
        QVERIFY(!std::filesystem::exists(note));
        storetest::waitOutNoteMargin();
        QVERIFY(load(r));
        QVERIFY(r.hashed);
        QVERIFY(std::filesystem::exists(note));
        auto text = load(r);
        QVERIFY(!r.hashed && r.cached && !r.built);
        QVERIFY(textOf(text) == m_text);
        // A damaged note: hashed in full again.
        storetest::flipByteKeepingTimes(note, 20);
        QVERIFY(load(r));
        QVERIFY(r.hashed && !r.built);
        QVERIFY(load(r));
        QVERIFY(!r.hashed);
        // A byte changed, the modification time put back: the change time tells, the hash finds it.
        storetest::flipByteKeepingTimes(cacheFile(), m_text.size() / 2);
        text = load(r);
        QVERIFY(r.hashed);
        QVERIFY2(r.built && r.note == "damaged: text checksum", r.note.c_str());
        QVERIFY(textOf(text) == m_text);
    }

    void unwritableFolderReadsIntoMemory()
    {
        const std::string blocker = m_dir.filePath("not-a-folder").toStdString();
        storetest::writeFile(blocker, "x");
        store::TextCacheResult r;
        std::string error;
        auto text = store::loadText(m_zst, identity(), store::textCachePathFor(m_zst, blocker + "/cache"), r, &error);
        QVERIFY2(text, error.c_str());
        QVERIFY(!r.cached);
        QVERIFY(!text->mapped());
        QVERIFY2(r.note.find("text cache not written") != std::string::npos, r.note.c_str());
        QVERIFY(textOf(text) == m_text);
    }

    void plainFileNeedsNoCache()
    {
        const std::string plain = m_dir.filePath("plain.pgn").toStdString();
        storetest::writeFile(plain, m_text);
        const std::string dir = m_dir.filePath("plain-cache").toStdString();
        store::TextCacheResult r;
        db::Database d;
        QVERIFY(store::openDatabase(plain, d, {}, dir, r));
        QVERIFY(r.cached);
        QVERIFY(d.textMapped());
        QVERIFY(!std::filesystem::exists(dir));
        QVERIFY(d.text() == m_text);
    }

    void corruptDatabaseFailsAsBefore()
    {
        const std::string path = CQLWB_TEST_DATA "/pgn/corrupt.pgn.zst";
        store::FileIdentity id;
        QVERIFY(store::fileIdentity(path, id));
        store::TextCacheResult r;
        std::string error;
        const std::string cache = store::textCachePathFor(path, m_cache);
        QVERIFY(!store::loadText(path, id, cache, r, &error));
        QVERIFY2(error.find("corrupt zstd data at byte") != std::string::npos, error.c_str());
        QVERIFY(!std::filesystem::exists(cache));
    }

    void concurrentOpens()
    {
        std::filesystem::remove_all(m_cache);
        db::Database plain;
        QVERIFY(plain.openText(m_text));
        constexpr int N = 4;
        bool ok[N] = {};
        std::string why[N];
        std::vector<std::thread> threads;
        for (int t = 0; t < N; ++t)
            threads.emplace_back([&, t] {
                db::Database d;
                store::TextCacheResult r;
                std::string error;
                ok[t] = store::openDatabase(m_zst, d, {}, m_cache, r, &error) && d.text() == m_text
                    && sameIndex(plain, d, why[t]);
                if (!ok[t] && why[t].empty()) why[t] = error + " " + r.note;
            });
        for (auto &t : threads)
            t.join();
        for (int t = 0; t < N; ++t)
            QVERIFY2(ok[t], why[t].c_str());
        QVERIFY(store::checkTextCache(cacheFile(), identity()));
        // And a cache replaced while a database has it mapped: the open one reads on unchanged.
        db::Database open;
        store::TextCacheResult r;
        QVERIFY(store::openDatabase(m_zst, open, {}, m_cache, r));
        std::filesystem::remove(cacheFile());
        QVERIFY(load(r));
        QVERIFY(r.built);
        QVERIFY(open.text() == m_text);
    }

    void droppedPagesReadAgain()
    {
        const std::string plain = m_dir.filePath("drop.pgn").toStdString();
        storetest::writeFile(plain, m_text);
        auto map = pgn::Mapping::map(plain, m_text.size());
        QVERIFY(map);
        QCOMPARE(map->data()[map->size()], '\0');
        QVERIFY(map->view() == m_text);
        map->drop();
        QVERIFY(map->view() == m_text);
        // Reads noted from several threads while others read: every byte stays the file's.
        std::vector<std::thread> threads;
        bool same[3] = {};
        for (int t = 0; t < 3; ++t)
            threads.emplace_back([&, t] {
                uint64_t sum = 0, expected = 0;
                for (int round = 0; round < 4; ++round)
                    for (size_t at = 0; at < m_text.size(); at += 4096) {
                        sum += uint8_t(map->data()[at]);
                        expected += uint8_t(m_text[at]);
                        map->noteRead(uint64_t(1) << 20);
                    }
                same[t] = sum == expected;
            });
        for (auto &t : threads)
            t.join();
        for (bool s : same)
            QVERIFY(s);
        QVERIFY(map->view() == m_text);
    }
};

QTEST_GUILESS_MAIN(TestTextCache)
#include "tst_textcache.moc"
