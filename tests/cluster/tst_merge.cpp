// Tests for the sharded search without a cluster: part files written and read
// back (any bytes, damage detected), the merge's order for sorted queries
// (ties to the earlier shard), and cqlwb-cli -shard K/N ... -merge against
// one run over the same files: the same PGN bytes, -showmatches lines,
// problems and counts, for sorted and unsorted queries, several files and
// shard counts; what cannot be sharded exactly is refused, and a merge of
// parts that are missing, repeated, foreign or damaged writes nothing.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cluster/mergeparts.h"
#include "cluster/part.h"
#include "search/search.h"

#include <QtTest>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <sys/stat.h>

#include <random>

namespace {

struct Result {
    int exitCode = -1;
    QByteArray out, err;
};

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The count line without its time, which differs from run to run.
QByteArray withoutTimes(QByteArray out)
{
    static const QRegularExpression time(QStringLiteral(" in [0-9.]+ seconds using [0-9]+ threads"));
    return QString::fromUtf8(out).replace(time, QString()).toUtf8();
}

cql::SortValue number(const std::string &title, long long v, bool minimize = false)
{
    cql::SortValue s;
    s.title = title;
    s.value = v;
    s.minimize = minimize;
    s.bound = true;
    return s;
}

} // namespace

class TestMerge : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void partRoundTrip();
    void damagedPartsAreRefused();
    void sortedMergeIsAStableSort();
    void shardedEqualsSingle_data();
    void shardedEqualsSingle();
    void problemsBeyondTheShownOnes();
    void refusedQueries_data();
    void refusedQueries();
    void badMerges();

private:
    Result run(const QStringList &args);
    QString path(const QString &name) const { return m_dir.filePath(name); }

    QTemporaryDir m_dir;
    QStringList m_inputs; // -i FILE for each input
};

void TestMerge::initTestCase()
{
#ifndef CQLWB_CLI
    QSKIP("cqlwb-cli is not built");
#endif
    QVERIFY(m_dir.isValid());
    const QString data = QStringLiteral(CQLWB_TEST_DATA);
    for (const QString &f :
         {QStringLiteral(CQLWB_SOURCE_DIR "/resources/sample/sample.pgn.zst"), data + "/pgn/twic9nn-error.pgn",
          data + "/pgn/truncated.pgn", data + "/variants/bughouse.bpgn", data + "/pgn/kasparov-deep-blue-1997.pgn.gz"})
        m_inputs << QStringLiteral("-i") << f;
}

Result TestMerge::run(const QStringList &args)
{
    Result r;
#ifdef CQLWB_CLI
    QProcess p;
    p.setWorkingDirectory(m_dir.path());
    p.start(QStringLiteral(CQLWB_CLI), args);
    if (!p.waitForFinished(120000)) return r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
#else
    Q_UNUSED(args);
#endif
    return r;
}

void TestMerge::partRoundTrip()
{
    cluster::PartHeader h;
    h.shard = {2, 3};
    h.run = "run with\nnewlines and 12:colons";
    h.output = "out.pgn";
    h.showMatches = true;
    h.files = {"a.pgn", std::string("b\0c.pgn", 7)};
    h.sorts = {{"matchcount", false}, {"", true}};
    cluster::PartMatch m1;
    m1.file = 1;
    m1.gameNumber = 123456789012ULL;
    m1.board = 'B';
    m1.sortValues = {number("matchcount", -5), number("", LLONG_MIN, true)};
    cql::SortValue text;
    text.title = "name";
    text.isText = true;
    text.text = "x\ny";
    text.quiet = true;
    m1.sortValues.push_back(text);
    m1.shown = "match: game 1 A - B";
    m1.pgn = std::string("{Game number 1}\n1\n0\nend\n\0\xff", 26);
    cluster::PartMatch m2;
    m2.pgn = "";
    cluster::PartSummary s;
    s.games = 77;
    s.problemGames = 3;
    s.problems = 25;
    s.seconds = 1.5;
    s.threads = 4;
    for (int i = 0; i < 20; ++i)
        s.shownProblems.push_back("f.pgn:" + std::to_string(i) + ": game 1: bad");

    const std::string file = path("roundtrip.part").toStdString();
    std::string error;
    cluster::PartWriter w;
    QVERIFY(w.open(file, h, &error));
    QVERIFY(w.add(m1));
    QVERIFY(w.add(m2));
    QVERIFY2(w.finish(s, &error), error.c_str());

    cluster::PartReader r;
    QVERIFY2(r.open(file), r.error().c_str());
    QCOMPARE(r.header().shard.index, 2u);
    QCOMPARE(r.header().shard.count, 3u);
    QCOMPARE(r.header().run, h.run);
    QCOMPARE(r.header().output, h.output);
    QVERIFY(r.header().showMatches);
    QCOMPARE(r.header().files, h.files);
    QCOMPARE(r.header().sorts.size(), size_t(2));
    QVERIFY(r.header().sorts[1].minimize && r.header().sorts[1].title.empty());
    cluster::PartMatch a;
    QVERIFY(r.next(a));
    QCOMPARE(a.file, 1u);
    QCOMPARE(a.gameNumber, m1.gameNumber);
    QCOMPARE(a.board, 'B');
    QCOMPARE(a.shown, m1.shown);
    QCOMPARE(a.pgn, m1.pgn);
    QCOMPARE(a.sortValues.size(), size_t(3));
    QCOMPARE(a.sortValues[0].value, -5LL);
    QCOMPARE(a.sortValues[1].value, LLONG_MIN);
    QVERIFY(a.sortValues[1].minimize && a.sortValues[1].bound);
    QVERIFY(a.sortValues[2].isText && a.sortValues[2].quiet && !a.sortValues[2].bound);
    QCOMPARE(a.sortValues[2].text, text.text);
    QVERIFY(r.next(a));
    QVERIFY(a.pgn.empty());
    QVERIFY(!r.next(a));
    QVERIFY2(r.complete(), r.error().c_str());
    QCOMPARE(r.summary().matches, 2u);
    QCOMPARE(r.summary().games, 77u);
    QCOMPARE(r.summary().problems, 25u);
    QCOMPARE(r.summary().shownProblems, s.shownProblems);
    QCOMPARE(r.summary().threads, 4u);
    QCOMPARE(r.summary().seconds, 1.5);
}

void TestMerge::damagedPartsAreRefused()
{
    const std::string file = path("whole.part").toStdString();
    {
        cluster::PartHeader h;
        h.files = {"a.pgn"};
        cluster::PartWriter w;
        std::string error;
        QVERIFY(w.open(file, h, &error));
        cluster::PartMatch m;
        m.pgn = "{Game number 1} 1. e4 *\n\n";
        QVERIFY(w.add(m) && w.add(m));
        QVERIFY(w.finish({}, &error));
    }
    const QByteArray whole = readAll(QString::fromStdString(file));
    // Every truncation, and some changed bytes in the structure, are caught.
    auto readsWhole = [&](const QByteArray &bytes) {
        const QString damaged = path("damaged.part");
        QFile f(damaged);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return true;
        f.write(bytes);
        f.close();
        cluster::PartReader r;
        if (!r.open(damaged.toStdString())) return false;
        cluster::PartMatch m;
        while (r.next(m)) {}
        return r.complete();
    };
    QVERIFY(readsWhole(whole));
    for (int size = 0; size < whole.size(); ++size)
        QVERIFY2(!readsWhole(whole.left(size)), qPrintable(QStringLiteral("cut at %1").arg(size)));
    QVERIFY(!readsWhole(whole + "x"));
    QByteArray lengthChanged = whole;
    lengthChanged.replace("25:{Game", "26:{Game");
    QVERIFY(lengthChanged != whole);
    QVERIFY(!readsWhole(lengthChanged));
    // A byte of a game's text changed: only the checksum can tell.
    QByteArray changed = whole;
    const int at = changed.indexOf("1. e4");
    QVERIFY(at > 0);
    changed[at + 3] = 'd';
    QVERIFY(!readsWhole(changed));
    QByteArray notAPart = whole;
    notAPart[3] = 'X';
    QVERIFY(!readsWhole(notAPart));
}

void TestMerge::sortedMergeIsAStableSort()
{
    // Three shards of a query sorted by "a" (descending) then "b" (ascending),
    // with many ties and missing values: the merge gives what one stable sort
    // of all the matches in input order gives.
    std::vector<cql::SortSpec> specs{{"a", false}, {"b", true}};
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> small(0, 3);
    struct Item {
        cql::GameResult result;
        uint64_t number = 0;
        unsigned shard = 0;
    };
    std::vector<Item> all;
    uint64_t games = 0;
    for (unsigned k = 1; k <= 3; ++k)
        for (int i = 0; i < 40; ++i) {
            Item it;
            it.number = ++games;
            it.shard = k;
            if (small(rng)) it.result.sortValues.push_back(number("a", small(rng)));
            if (small(rng)) it.result.sortValues.push_back(number("b", small(rng), true));
            all.push_back(it);
        }
    std::vector<Item> expected = all;
    std::stable_sort(expected.begin(), expected.end(),
                     [&](const Item &x, const Item &y) { return search::sortsBefore(specs, x.result, y.result); });
    QStringList parts;
    for (unsigned k = 1; k <= 3; ++k) {
        std::vector<Item> mine;
        for (const Item &it : all)
            if (it.shard == k) mine.push_back(it);
        std::stable_sort(mine.begin(), mine.end(),
                         [&](const Item &x, const Item &y) { return search::sortsBefore(specs, x.result, y.result); });
        cluster::PartHeader h;
        h.shard = {k, 3};
        h.files = {"a.pgn"};
        h.sorts = specs;
        parts << path(QStringLiteral("sorted%1.part").arg(k));
        cluster::PartWriter w;
        std::string error;
        QVERIFY(w.open(parts.back().toStdString(), h, &error));
        for (const Item &it : mine) {
            cluster::PartMatch m;
            m.gameNumber = it.number;
            m.sortValues = it.result.sortValues;
            QVERIFY(w.add(m));
        }
        QVERIFY(w.finish({}, &error));
    }
    std::vector<std::string> paths{parts[2].toStdString(), parts[0].toStdString(), parts[1].toStdString()};
    std::vector<uint64_t> merged;
    cluster::MergeSummary sum;
    std::string error;
    QVERIFY2(cluster::mergeParts(
                 paths,
                 [&](cluster::PartMatch &&m) {
                     merged.push_back(m.gameNumber);
                     return true;
                 },
                 sum, error),
             error.c_str());
    QCOMPARE(merged.size(), expected.size());
    for (size_t i = 0; i < merged.size(); ++i)
        QCOMPARE(merged[i], expected[i].number);
    QCOMPARE(sum.matches, uint64_t(expected.size()));
}

void TestMerge::shardedEqualsSingle_data()
{
    QTest::addColumn<QStringList>("query");
    QTest::addColumn<QList<int>>("shards");
    QTest::newRow("unsorted, -showmatches") << QStringList{"-cql", "check", "-showmatches"} << QList<int>{1, 2, 3, 5};
    QTest::newRow("mate, -variations, -silent")
        << QStringList{"-cql", "mate", "-variations", "-silent"} << QList<int>{2, 4};
    QTest::newRow("sort matchcount") << QStringList{"query:cql(sort matchcount) check"} << QList<int>{2, 3, 7};
    QTest::newRow("sort min, -showmatches")
        << QStringList{"query:cql() sort min \"Moves\" movenumber mate", "-showmatches"} << QList<int>{3};
    QTest::newRow("two sorts, text first")
        << QStringList{"query:cql() sort \"White\" player white sort \"Checks\" (find all check)"} << QList<int>{2, 4};
    QTest::newRow("gamenumber range, sort")
        << QStringList{"-cql", "sort \"x\" (find all check)", "-g", "5", "2000"} << QList<int>{3};
}

void TestMerge::shardedEqualsSingle()
{
    QFETCH(QStringList, query);
    QFETCH(QList<int>, shards);
    // "query:TEXT" is a query file holding TEXT.
    QStringList args;
    for (const QString &a : query) {
        if (!a.startsWith("query:")) {
            args << a;
            continue;
        }
        QFile f(path("query.cql"));
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(a.mid(6).toUtf8());
        f.close();
    }
    args = m_inputs + args;
    if (query.first().startsWith("query:")) args << path("query.cql");
    // The output name comes last: the query file must be the last argument.
    Result single = run(QStringList{"-o", path("single.pgn")} + args);
    QCOMPARE(single.exitCode, 0);
    const QByteArray expected = readAll(path("single.pgn"));
    QVERIFY(expected.size() > 1000);
    for (int n : shards) {
        QStringList parts;
        for (int k = 1; k <= n; ++k) {
            parts << path(QStringLiteral("p%1of%2.part").arg(k).arg(n));
            Result s = run(QStringList{"-shard", QStringLiteral("%1/%2").arg(k).arg(n), "-o", parts.back()} + args);
            QVERIFY2(s.exitCode == 0, s.err.constData());
            QVERIFY(s.out.startsWith(QStringLiteral("shard %1/%2: ").arg(k).arg(n).toUtf8()));
        }
        // In any order.
        std::reverse(parts.begin(), parts.end());
        Result m = run(QStringList{"-merge"} + parts + QStringList{"-o", path("merged.pgn")});
        QVERIFY2(m.exitCode == 0, m.err.constData());
        QVERIFY2(readAll(path("merged.pgn")) == expected, qPrintable(QStringLiteral("%1 shards").arg(n)));
        QCOMPARE(withoutTimes(m.out), withoutTimes(single.out).replace("single.pgn", "merged.pgn"));
        QCOMPARE(m.err, single.err);
    }
}

void TestMerge::problemsBeyondTheShownOnes()
{
    // More than 20 problems: the merge prints the same first ones and the same count.
    QString text;
    for (int i = 0; i < 30; ++i)
        text += QStringLiteral("[Event \"%1\"]\n\n1. e4 e5 2. Ke3 *\n\n").arg(i);
    QFile f(path("bad.pgn"));
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text.toUtf8());
    f.close();
    const QStringList args{"-i", path("bad.pgn"), "-i", path("bad.pgn"), "-cql", "check"};
    Result single = run(QStringList{"-o", path("single.pgn")} + args);
    QCOMPARE(single.exitCode, 0);
    QVERIFY(single.err.contains("more problems not shown"));
    QStringList parts;
    for (int k = 1; k <= 4; ++k) {
        parts << path(QStringLiteral("bad%1.part").arg(k));
        QCOMPARE(run(QStringList{"-shard", QStringLiteral("%1/4").arg(k), "-o", parts.back()} + args).exitCode, 0);
    }
    Result m = run(QStringList{"-merge"} + parts + QStringList{"-o", path("single.pgn")});
    QCOMPARE(m.exitCode, 0);
    QCOMPARE(m.err, single.err);

    // A query that fails to evaluate on games: one run exits 1; each shard's
    // part is whole (status 0, or drivers would take it for a refusal), and
    // the merge exits 1 with the same messages.
    const QStringList failing{"-i", path("bad.pgn"), "-cql", "initial assert check"};
    Result one = run(QStringList{"-o", path("failing.pgn")} + failing);
    QCOMPARE(one.exitCode, 1);
    QVERIFY2(one.err.contains("could not be evaluated on 30 games"), qPrintable(one.err));
    QStringList failingParts;
    for (int k = 1; k <= 3; ++k) {
        failingParts << path(QStringLiteral("failing%1.part").arg(k));
        QCOMPARE(
            run(QStringList{"-shard", QStringLiteral("%1/3").arg(k), "-o", failingParts.back()} + failing).exitCode, 0);
    }
    Result merged = run(QStringList{"-merge"} + failingParts + QStringList{"-o", path("failing.pgn")});
    QCOMPARE(merged.exitCode, 1);
    QCOMPARE(merged.err, one.err);
}

void TestMerge::refusedQueries_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("persistent") << QStringList{"-cql", "if mate persistent Mates += 1"} << "persistent variables";
    QTest::newRow("dictionary") << QStringList{"-cql", "dictionary D D[event] = 1"} << "dictionaries";
    QTest::newRow("message") << QStringList{"-cql", "message \"hi\" false"} << "message or writefile";
    QTest::newRow("writefile") << QStringList{"-cql", "writefile(\"x.txt\" \"y\") false"} << "message or writefile";
    QTest::newRow("lineincrement") << QStringList{"-cql", "mate", "-lineincrement", "10"} << "-lineincrement";
    QTest::newRow("no -o") << QStringList{"-cql", "mate", "-o", ""} << "-shard needs -o PART";
    QTest::newRow("not a file") << QStringList{"-cql", "mate", "-i", "/dev/null"} << "not a regular file";
}

void TestMerge::refusedQueries()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QFile::remove(path("refused.part"));
    Result r = run(QStringList{"-shard", "1/2", "-o", path("refused.part")} + m_inputs + args);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
    QVERIFY(!QFile::exists(path("refused.part")));
}

void TestMerge::badMerges()
{
    const QStringList args = m_inputs + QStringList{"-cql", "mate"};
    QStringList parts;
    for (int k = 1; k <= 3; ++k) {
        parts << path(QStringLiteral("m%1.part").arg(k));
        QCOMPARE(run(QStringList{"-shard", QStringLiteral("%1/3").arg(k), "-o", parts.back()} + args).exitCode, 0);
    }
    const QString other = path("other.part");
    QCOMPARE(run(QStringList{"-shard", "2/3", "-o", other} + m_inputs + QStringList{"-cql", "stalemate"}).exitCode, 0);
    const QString out = path("bad-merge.pgn");
    auto refused = [&](const QStringList &given, const char *message) {
        QFile::remove(out);
        Result r = run(QStringList{"-merge"} + given + QStringList{"-o", out});
        if (r.exitCode != 1 || !r.err.contains(message) || QFile::exists(out)) {
            qWarning("exit %d: %s", r.exitCode, r.err.constData());
            return false;
        }
        return true;
    };
    QVERIFY(refused({parts[0], parts[2]}, "shard 2/3 is missing"));
    QVERIFY(refused({parts[0], parts[1], parts[1], parts[2]}, "is given twice"));
    QVERIFY(refused({parts[0], other, parts[2]}, "is a part of another search"));
    QVERIFY(refused({parts[0], parts[1], path("no-such.part")}, "cannot read"));
    // A part cut short (a copy that stopped) is caught, not merged.
    QByteArray whole = readAll(parts[1]);
    QFile cut(path("cut.part"));
    QVERIFY(cut.open(QIODevice::WriteOnly | QIODevice::Truncate));
    cut.write(whole.left(whole.size() - 5));
    cut.close();
    QVERIFY(refused({parts[0], path("cut.part"), parts[2]}, "not a whole part"));
    // The output may not replace a part.
    const QByteArray first = readAll(parts[0]);
    Result r = run(QStringList{"-merge"} + parts + QStringList{"-o", parts[0]});
    QCOMPARE(r.exitCode, 1);
    QVERIFY(r.err.contains("refusing to write the output"));
    QCOMPARE(readAll(parts[0]), first);
    // A file changed between two shards: their parts do not agree.
    const QString copy = path("copy.pgn");
    QFile::remove(copy);
    QVERIFY(QFile::copy(QStringLiteral(CQLWB_TEST_DATA "/pgn/twic9nn-error.pgn"), copy));
    QCOMPARE(run({"-shard", "1/2", "-o", path("c1.part"), "-i", copy, "-cql", "check"}).exitCode, 0);
    QFile app(copy);
    QVERIFY(app.open(QIODevice::Append));
    app.write("\n[Event \"new\"]\n\n1. e4 *\n");
    app.close();
    QCOMPARE(run({"-shard", "2/2", "-o", path("c2.part"), "-i", copy, "-cql", "check"}).exitCode, 0);
    QVERIFY(refused({path("c1.part"), path("c2.part")}, "is a part of another search"));
    // And -merge is for parts only, -shard and -merge for searches only.
    Result q = run(QStringList{"-merge", parts[0], "-cql", "mate"});
    QCOMPARE(q.exitCode, 2);
    Result c = run({"-shard", "1/2", "-check", copy});
    QCOMPARE(c.exitCode, 2);
    QVERIFY(c.err.contains("-shard goes with a search only"));
}

QTEST_GUILESS_MAIN(TestMerge)
#include "tst_merge.moc"
