// Tests for cutting a list of files into shards (app/cli/cluster/shardsplit.h):
// every game in exactly one shard for many K/N, each shard one run of
// consecutive games of the list, a shard reading only the files it needs,
// empty files, files given by real databases (plain and compressed), and
// shards of about equal bytes.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/shardsplit.h"
#include "database/database.h"

#include <QtTest>

#include <random>

using cluster::ShardSplit;

namespace {

// A file as the split sees it: its size on disk, its text's size and where its games start.
struct File {
    uint64_t bytes = 0;
    uint64_t textBytes = 0;
    std::vector<uint64_t> offsets;
};

// Games at random offsets of a text of textBytes (compressed to bytes on disk).
File randomFile(std::mt19937 &rng, size_t games, uint64_t bytes, uint64_t textBytes)
{
    File f{bytes, textBytes, {}};
    if (games == 0 || textBytes == 0) return f;
    std::uniform_int_distribution<uint64_t> at(1, textBytes - 1);
    f.offsets.push_back(0);
    for (size_t i = 1; i < games; ++i)
        f.offsets.push_back(at(rng));
    std::sort(f.offsets.begin(), f.offsets.end());
    return f;
}

File databaseFile(const QString &path)
{
    db::Database d;
    std::string error;
    if (!d.open(path.toStdString(), {}, &error)) qFatal("cannot open %s: %s", qPrintable(path), error.c_str());
    File f{uint64_t(QFileInfo(path).size()), d.text().size(), {}};
    for (size_t i = 0; i < d.size(); ++i)
        f.offsets.push_back(d.entry(i).offset);
    return f;
}

// Every game in exactly one shard, shards in game order, only touched files read.
void checkPartition(const std::vector<File> &files, unsigned n)
{
    std::vector<uint64_t> bytes;
    size_t games = 0;
    for (const File &f : files) {
        bytes.push_back(f.bytes);
        games += f.offsets.size();
    }
    ShardSplit split(bytes, n);
    QCOMPARE(split.shards(), n);
    std::vector<std::vector<int>> owner(files.size());
    for (size_t j = 0; j < files.size(); ++j)
        owner[j].assign(files[j].offsets.size(), 0);
    for (unsigned k = 1; k <= n; ++k)
        for (size_t j = 0; j < files.size(); ++j) {
            std::vector<uint32_t> mine = split.games(k, j, files[j].offsets, files[j].textBytes);
            if (!split.touches(k, j)) QVERIFY2(mine.empty(), "a shard has games of a file it does not read");
            QVERIFY(std::is_sorted(mine.begin(), mine.end()));
            for (uint32_t g : mine) {
                QVERIFY(g < files[j].offsets.size());
                QVERIFY2(owner[j][g] == 0,
                         qPrintable(QStringLiteral("game %1 of file %2 in shards %3 and %4")
                                        .arg(g)
                                        .arg(j)
                                        .arg(owner[j][g])
                                        .arg(k)));
                owner[j][g] = int(k);
                QCOMPARE(split.shardOf(j, files[j].offsets[g], files[j].textBytes), k);
            }
        }
    // No game left out, and the shards follow the games' order over the list.
    int last = 1;
    size_t seen = 0;
    for (size_t j = 0; j < files.size(); ++j)
        for (int k : owner[j]) {
            QVERIFY2(k != 0, "a game in no shard");
            QVERIFY2(k >= last, "a shard's games are not one run of the list");
            last = k;
            ++seen;
        }
    QCOMPARE(seen, games);
}

} // namespace

class TestShardSplit : public QObject {
    Q_OBJECT

private slots:
    void parseShard_data();
    void parseShard();
    void everyGameOnce_data();
    void everyGameOnce();
    void emptyFilesAreReadByNoShard();
    void moreShardsThanGames();
    void realDatabases();
    void shardsHaveAboutEqualBytes();
};

void TestShardSplit::parseShard_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<unsigned>("k");
    QTest::addColumn<unsigned>("n");
    QTest::newRow("1/1") << "1/1" << true << 1u << 1u;
    QTest::newRow("3/8") << "3/8" << true << 3u << 8u;
    QTest::newRow("8/8") << "8/8" << true << 8u << 8u;
    QTest::newRow("0/8") << "0/8" << false << 0u << 0u;
    QTest::newRow("9/8") << "9/8" << false << 0u << 0u;
    QTest::newRow("no slash") << "3" << false << 0u << 0u;
    QTest::newRow("empty") << "" << false << 0u << 0u;
    QTest::newRow("negative") << "-1/4" << false << 0u << 0u;
    QTest::newRow("spaces") << "1 / 4" << false << 0u << 0u;
    QTest::newRow("trailing") << "1/4x" << false << 0u << 0u;
    QTest::newRow("too many") << "1/2000000" << false << 0u << 0u;
}

void TestShardSplit::parseShard()
{
    QFETCH(QString, text);
    QFETCH(bool, ok);
    cluster::Shard s;
    std::string error;
    QCOMPARE(cluster::parseShard(text.toStdString(), s, error), ok);
    if (ok) {
        QFETCH(unsigned, k);
        QFETCH(unsigned, n);
        QCOMPARE(s.index, k);
        QCOMPARE(s.count, n);
    } else {
        QVERIFY(QString::fromStdString(error).contains("-shard needs K/N"));
    }
}

void TestShardSplit::everyGameOnce_data()
{
    QTest::addColumn<int>("seed");
    for (int seed = 1; seed <= 12; ++seed)
        QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
}

void TestShardSplit::everyGameOnce()
{
    QFETCH(int, seed);
    std::mt19937 rng{unsigned(seed)};
    // One to five files: plain (text as large as the file), compressed (text
    // larger), with few or many games, and empty ones among them.
    std::uniform_int_distribution<int> fileCount(1, 5), kind(0, 4);
    std::vector<File> files;
    for (int j = fileCount(rng); j > 0; --j) {
        switch (kind(rng)) {
        case 0: files.push_back(File{}); break;                            // empty
        case 1: files.push_back(randomFile(rng, 1, 300, 300)); break;      // one game
        case 2: files.push_back(randomFile(rng, 50, 9000, 9000)); break;   // plain
        case 3: files.push_back(randomFile(rng, 400, 7000, 60000)); break; // compressed
        default: files.push_back(randomFile(rng, 3, 100000, 100)); break;  // more bytes than text
        }
    }
    for (unsigned n : {1u, 2u, 3u, 4u, 5u, 7u, 8u, 13u, 16u, 31u, 64u, 100u, 1000u})
        checkPartition(files, n);
}

void TestShardSplit::emptyFilesAreReadByNoShard()
{
    std::mt19937 rng(7);
    std::vector<File> files{File{}, randomFile(rng, 20, 5000, 5000), File{},
                            File{}, randomFile(rng, 20, 5000, 5000), File{}};
    for (unsigned n : {1u, 2u, 3u, 10u}) {
        checkPartition(files, n);
        ShardSplit split({0, 5000, 0, 0, 5000, 0}, n);
        for (unsigned k = 1; k <= n; ++k)
            for (size_t j : {0u, 2u, 3u, 5u})
                QVERIFY(!split.touches(k, j));
    }
    // Nothing but empty files: no shard reads any.
    ShardSplit none({0, 0}, 4);
    for (unsigned k = 1; k <= 4; ++k)
        QVERIFY(!none.touches(k, 0) && !none.touches(k, 1));
    checkPartition({File{}, File{}}, 4);
    checkPartition({}, 3);
}

void TestShardSplit::moreShardsThanGames()
{
    std::mt19937 rng(3);
    std::vector<File> files{randomFile(rng, 2, 800, 800), randomFile(rng, 1, 200, 200)};
    checkPartition(files, 50);
    // Each file is read only by the shards its bytes reach: at most N of them together.
    ShardSplit split({800, 200}, 50);
    int readers = 0;
    for (unsigned k = 1; k <= 50; ++k)
        readers += split.touches(k, 0) + split.touches(k, 1);
    QVERIFY(readers <= 51);
}

void TestShardSplit::realDatabases()
{
    const QString data = QStringLiteral(CQLWB_TEST_DATA "/pgn/");
    std::vector<File> files{databaseFile(QStringLiteral(CQLWB_SOURCE_DIR "/resources/sample/sample.pgn.zst")),
                            databaseFile(data + "twic9nn-error.pgn"), databaseFile(data + "truncated.pgn"),
                            databaseFile(data + "kasparov-deep-blue-1997.pgn.gz"),
                            databaseFile(data + "kasparov-deep-blue-1997.pgn")};
    QVERIFY(files[0].offsets.size() > 1000);
    for (unsigned n : {1u, 2u, 3u, 4u, 6u, 9u, 17u, 50u})
        checkPartition(files, n);
}

void TestShardSplit::shardsHaveAboutEqualBytes()
{
    // A plain file: each shard's games span its share of the bytes, give or
    // take one game.
    std::mt19937 rng(11);
    File f = randomFile(rng, 2000, 1000000, 1000000);
    uint64_t longest = 0;
    for (size_t i = 0; i + 1 < f.offsets.size(); ++i)
        longest = std::max(longest, f.offsets[i + 1] - f.offsets[i]);
    const unsigned n = 7;
    ShardSplit split({f.bytes}, n);
    for (unsigned k = 1; k <= n; ++k) {
        std::vector<uint32_t> mine = split.games(k, 0, f.offsets, f.textBytes);
        QVERIFY(!mine.empty());
        uint64_t begin = f.offsets[mine.front()];
        uint64_t end = mine.back() + 1 < f.offsets.size() ? f.offsets[mine.back() + 1] : f.textBytes;
        const double share = double(f.bytes) / n;
        QVERIFY2(std::abs(double(end - begin) - share) <= double(2 * longest),
                 qPrintable(QStringLiteral("shard %1 spans %2 bytes of %3").arg(k).arg(end - begin).arg(share)));
    }
}

QTEST_GUILESS_MAIN(TestShardSplit)
#include "tst_shardsplit.moc"
