// Tests for the search driver: output order independent of the thread count,
// cancellation, progress, sorting, game ranges, match counts, the output PGN
// with CQL's comments, per-game problems, and the atomic output file.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/fenboard.h"
#include "cql/query.h"
#include "database/database.h"
#include "search/output.h"
#include "search/querytext.h"
#include "search/search.h"

#include <QtTest>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

namespace {

// Short games with known numbers of checks: index -> (movetext, checks).
struct Sample {
    const char *movetext;
    int checks;
};
const Sample Samples[] = {
    {"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", 1},
    {"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 *", 0},
    {"1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 *", 2},
    {"1. f3 e5 2. g4 Qh4# 0-1", 1},
    {"1. e4 e5 2. Bc4 Bc5 3. Bxf7+ Kxf7 4. Qh5+ Kf8 5. Qf7+ Kxf7 *", 3},
    {"{Opening} 1. e4 (1. d4 d5 2. Qd3 {line} 2... e5) 1... e5 {good} 2. Qh5 $1 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0", 1},
};
constexpr int SampleCount = int(std::size(Samples));

std::string makePgn(int games)
{
    std::string text;
    for (int i = 0; i < games; ++i) {
        const Sample &s = Samples[i % SampleCount];
        std::string_view mt = s.movetext;
        std::string result(mt.substr(mt.rfind(' ') + 1));
        text += "[Event \"G" + std::to_string(i + 1) + "\"]\n[White \"W" + std::to_string(i % 7)
            + "\"]\n[Black \"B\"]\n[Result \"" + result + "\"]\n\n";
        text += mt;
        text += "\n\n";
    }
    return text;
}

std::unique_ptr<cql::Query> compileOrFail(const std::string &text)
{
    std::vector<cql::Diagnostic> diags;
    auto q = cql::compile(text, {}, diags);
    if (!q) {
        std::string all;
        for (const auto &d : diags)
            all += std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + d.message + "\n";
        qWarning("query failed to compile: %s\n%s", text.c_str(), all.c_str());
    }
    return q;
}

struct Run {
    std::vector<uint64_t> numbers;
    std::vector<size_t> markers;
    std::string pgn;
    std::vector<search::Progress> progress;
    std::vector<search::GameProblem> problems;
    search::Summary summary;
};

// DB: const for indexed databases; non-const lets the search index one as it reads.
template <typename DB>
Run runSearch(const cql::Query &q, DB &d, unsigned threads, size_t batchBytes = 512,
              std::optional<std::vector<std::vector<uint32_t>>> only = std::nullopt)
{
    search::SearchOptions o;
    o.only = std::move(only);
    o.threads = threads;
    o.formatPgn = true;
    o.batchBytes = batchBytes;
    search::Search s(q, o);
    s.addDatabase(d);
    Run r;
    search::Callbacks cb;
    cb.onMatch = [&](search::Match &&m) {
        r.numbers.push_back(m.gameNumber);
        r.markers.push_back(m.result.matches.size());
        r.pgn += m.pgn;
    };
    cb.onProgress = [&](const search::Progress &p) { r.progress.push_back(p); };
    cb.onProblem = [&](const search::GameProblem &p) { r.problems.push_back(p); };
    r.summary = s.run(cb);
    return r;
}

std::string readAll(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The same matches, output and problems (lines and game numbers included).
void compareRuns(const Run &r, const Run &expected)
{
    QCOMPARE(r.numbers, expected.numbers);
    QCOMPARE(r.markers, expected.markers);
    QVERIFY(r.pgn == expected.pgn);
    QCOMPARE(r.summary.gamesExamined, expected.summary.gamesExamined);
    QCOMPARE(r.summary.problemGames, expected.summary.problemGames);
    QCOMPARE(r.problems.size(), expected.problems.size());
    for (size_t i = 0; i < r.problems.size(); ++i) {
        QCOMPARE(r.problems[i].line, expected.problems[i].line);
        QCOMPARE(r.problems[i].column, expected.problems[i].column);
        QCOMPARE(r.problems[i].gameNumber, expected.problems[i].gameNumber);
        QCOMPARE(r.problems[i].message, expected.problems[i].message);
    }
}

// The index a search built as it read equals the one open() builds.
void compareIndex(const db::Database &lazy, const db::Database &indexed)
{
    QCOMPARE(lazy.size(), indexed.size());
    for (size_t i = 0; i < lazy.size(); ++i) {
        QCOMPARE(lazy.entry(i).offset, indexed.entry(i).offset);
        QCOMPARE(lazy.entry(i).length, indexed.entry(i).length);
        QCOMPARE(lazy.entry(i).line, indexed.entry(i).line);
        QCOMPARE(lazy.entry(i).column, indexed.entry(i).column);
        QCOMPARE(lazy.gameText(i), indexed.gameText(i));
        for (int f = 0; f < db::FieldCount; ++f)
            QVERIFY2(lazy.field(i, db::Field(f)) == indexed.field(i, db::Field(f)),
                     qPrintable(QString("game %1 field %2: %3 vs %4")
                                    .arg(i)
                                    .arg(f)
                                    .arg(QString::fromStdString(std::string(lazy.field(i, db::Field(f)))))
                                    .arg(QString::fromStdString(std::string(indexed.field(i, db::Field(f)))))));
    }
}

} // namespace

class TestSearch : public QObject {
    Q_OBJECT

private slots:
    void sameOutputForAnyThreadCount_data();
    void sameOutputForAnyThreadCount();
    void cancelStopsQuickly();
    void cancelFromAnotherThread();
    void progressIsReported();
    void sortMatchCountOrder();
    void sortValueComparison();
    void gameNumberRange();
    void lastGameNumber();
    void onlyListedGames();
    void matchCountRange();
    void resultFilter();
    void outputMarksMatchedMoves();
    void outputKeepsCommentsAndVariations();
    void outputReadsBack();
    void problemsAreReportedAndSearchGoesOn();
    void indexWhileSearching_data();
    void indexWhileSearching();
    void indexInPiecesWhileSearching_data();
    void indexInPiecesWhileSearching();
    void fenFilterMatchesExactBoard();
    void fenFilterRejectsBadFen_data();
    void fenFilterRejectsBadFen();
    void editQueryWrapsBody();
    void outputFileIsAtomic();
    void outputFileFailsOnBadDirectory();
};

void TestSearch::sameOutputForAnyThreadCount_data()
{
    QTest::addColumn<QString>("query");
    QTest::newRow("check") << "cql() check";
    QTest::newRow("mate") << "cql() mate";
    QTest::newRow("sorted") << "cql(sort matchcount) check";
    QTest::newRow("variations") << "cql(variations) Qd3";
}

void TestSearch::sameOutputForAnyThreadCount()
{
    QFETCH(QString, query);
    auto q = compileOrFail(query.toStdString());
    QVERIFY(q);
    db::Database d;
    QVERIFY(d.openText(makePgn(600), "test.pgn"));
    Run one = runSearch(*q, d, 1);
    Run four = runSearch(*q, d, 4);
    QVERIFY(!one.numbers.empty());
    QCOMPARE(four.numbers, one.numbers);
    QCOMPARE(four.markers, one.markers);
    QVERIFY(four.pgn == one.pgn);
    QCOMPARE(one.summary.gamesExamined, uint64_t(600));
    QCOMPARE(four.summary.gamesExamined, uint64_t(600));
    QCOMPARE(four.summary.threads, 4u);
    if (!q->header().sortMatchCount) QVERIFY(std::is_sorted(one.numbers.begin(), one.numbers.end()));
}

void TestSearch::cancelStopsQuickly()
{
    auto q = compileOrFail("cql() check");
    QVERIFY(q);
    db::Database d;
    QVERIFY(d.openText(makePgn(60000), "big.pgn"));
    for (unsigned threads : {1u, 2u}) {
        search::SearchOptions o;
        o.threads = threads;
        search::Search s(*q, o);
        s.addDatabase(d);
        std::chrono::steady_clock::time_point cancelledAt;
        int after = 0;
        search::Callbacks cb;
        cb.onMatch = [&](search::Match &&) {
            if (after++ == 0) {
                cancelledAt = std::chrono::steady_clock::now();
                s.cancel();
            }
        };
        search::Summary sum = s.run(cb);
        auto took = std::chrono::steady_clock::now() - cancelledAt;
        QVERIFY(sum.cancelled);
        QVERIFY2(sum.gamesExamined < d.size(), "the search went on to the end");
        QVERIFY2(
            took < std::chrono::milliseconds(100),
            qPrintable(QString("stopping took %1 ms").arg(std::chrono::duration<double, std::milli>(took).count())));
    }
}

void TestSearch::cancelFromAnotherThread()
{
    auto q = compileOrFail("cql() check");
    QVERIFY(q);
    db::Database d;
    QVERIFY(d.openText(makePgn(200000), "big.pgn"));
    search::SearchOptions o;
    o.threads = 2;
    search::Search s(*q, o);
    s.addDatabase(d);
    std::atomic<bool> flag{false};
    s.setCancelFlag(&flag);
    std::chrono::steady_clock::time_point cancelledAt;
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(40));
        cancelledAt = std::chrono::steady_clock::now();
        flag.store(true);
    });
    search::Summary sum = s.run({});
    auto returned = std::chrono::steady_clock::now();
    canceller.join();
    QVERIFY(sum.cancelled);
    QVERIFY2(sum.gamesExamined < d.size(), "the search finished before the cancel: make the input bigger");
    auto took = returned - cancelledAt;
    QVERIFY2(took < std::chrono::milliseconds(100),
             qPrintable(QString("stopping took %1 ms").arg(std::chrono::duration<double, std::milli>(took).count())));
}

void TestSearch::progressIsReported()
{
    auto q = compileOrFail("cql() check");
    QVERIFY(q);
    db::Database d;
    QVERIFY(d.openText(makePgn(30000), "big.pgn"));
    for (unsigned threads : {1u, 2u}) {
        Run r = runSearch(*q, d, threads, 64 * 1024);
        QVERIFY(!r.progress.empty());
        const search::Progress &last = r.progress.back();
        QCOMPARE(last.gamesDone, uint64_t(d.size()));
        QCOMPARE(last.gamesTotal, uint64_t(d.size()));
        QCOMPARE(last.matches, uint64_t(r.numbers.size()));
        for (size_t i = 1; i < r.progress.size(); ++i) {
            QVERIFY(r.progress[i].gamesDone >= r.progress[i - 1].gamesDone);
            QVERIFY(r.progress[i].elapsed >= r.progress[i - 1].elapsed);
        }
        // At most about ten a second (plus the final one).
        QVERIFY(double(r.progress.size()) <= last.elapsed * 10.0 + 2.0);
    }
}

void TestSearch::sortMatchCountOrder()
{
    auto q = compileOrFail("cql(sort matchcount) check");
    QVERIFY(q);
    db::Database d;
    QVERIFY(d.openText(makePgn(60), "test.pgn"));
    Run r = runSearch(*q, d, 2);
    QVERIFY(r.numbers.size() > 3);
    for (size_t i = 0; i < r.numbers.size(); ++i) {
        int expected = Samples[(r.numbers[i] - 1) % SampleCount].checks;
        QCOMPARE(int(r.markers[i]), expected);
        if (i > 0) {
            QVERIFY(r.markers[i] <= r.markers[i - 1]);
            if (r.markers[i] == r.markers[i - 1]) QVERIFY(r.numbers[i] > r.numbers[i - 1]); // ties keep input order
        }
    }
    QCOMPARE(r.markers.front(), size_t(3));
    QVERIFY(r.pgn.find("matchcount: 3") != std::string::npos);
}

void TestSearch::sortValueComparison()
{
    // Keys are compared through the query's sort list: max first, `sort min` ascending.
    auto q = compileOrFail("cql(sort matchcount) check");
    QVERIFY(q);
    cql::GameResult a, b, none, unbound;
    a.sortValues.push_back({"matchcount", 5, false, false, {}, true, false});
    b.sortValues.push_back({"matchcount", 3, false, false, {}, true, false});
    // A sort that never had a value is listed (written "none") and sorts as no value.
    unbound.sortValues.push_back({"matchcount", 9, false, false, {}, false, false});
    QVERIFY(search::sortsBefore(*q, b, unbound));
    QVERIFY(!search::sortsBefore(*q, unbound, b));
    QVERIFY(search::sortsBefore(*q, a, b));
    QVERIFY(!search::sortsBefore(*q, b, a));
    QVERIFY(!search::sortsBefore(*q, a, a));
    QVERIFY(search::sortsBefore(*q, b, none)); // a value sorts before no value
    QVERIFY(!search::sortsBefore(*q, none, b));
}

void TestSearch::gameNumberRange()
{
    auto q = compileOrFail("cql(gamenumber 3 8) check");
    QVERIFY(q);
    db::Database d;
    QVERIFY(d.openText(makePgn(20), "test.pgn"));
    Run r = runSearch(*q, d, 2, 64);
    QCOMPARE(r.summary.gamesExamined, uint64_t(6));
    QVERIFY(!r.numbers.empty());
    for (uint64_t n : r.numbers)
        QVERIFY(n >= 3 && n <= 8);
    std::vector<uint64_t> expected;
    for (uint64_t n = 3; n <= 8; ++n)
        if (Samples[(n - 1) % SampleCount].checks > 0) expected.push_back(n);
    QCOMPARE(r.numbers, expected);
    // A single number: that game only.
    q->header().gameNumber = std::make_pair(5L, 5L);
    Run one = runSearch(*q, d, 1);
    QCOMPARE(one.summary.gamesExamined, uint64_t(1));
    QCOMPARE(one.numbers, std::vector<uint64_t>{5});
}

// A search within earlier matches reads only the listed games, on any thread
// count, indexed or not, and together with a gamenumber range.
void TestSearch::onlyListedGames()
{
    auto q = compileOrFail("cql() check");
    QVERIFY(q);
    db::Database d;
    QVERIFY(d.openText(makePgn(40), "test.pgn"));
    const std::vector<uint32_t> listed{1, 2, 3, 9, 10, 20, 33, 39};
    std::vector<uint64_t> expected;
    for (uint32_t i : listed)
        if (Samples[i % SampleCount].checks > 0) expected.push_back(i + 1);
    for (unsigned threads : {1u, 3u}) {
        Run r = runSearch(*q, std::as_const(d), threads, 64, std::vector<std::vector<uint32_t>>{listed});
        QCOMPARE(r.summary.gamesExamined, uint64_t(listed.size()));
        QCOMPARE(r.numbers, expected);
        QCOMPARE(r.progress.back().gamesTotal, uint64_t(listed.size()));
    }
    db::Database lazy;
    db::OpenOptions open;
    open.index = false;
    QVERIFY(lazy.openText(makePgn(40), "test.pgn", open));
    Run streamed = runSearch(*q, lazy, 1, 64, std::vector<std::vector<uint32_t>>{listed});
    QCOMPARE(streamed.numbers, expected);
    QCOMPARE(streamed.summary.gamesExamined, uint64_t(listed.size()));
    // With a range: the listed games inside it (numbers 3..10 are indices 2..9).
    q->header().gameNumber = std::make_pair(3L, 10L);
    Run ranged = runSearch(*q, std::as_const(d), 2, 64, std::vector<std::vector<uint32_t>>{listed});
    QCOMPARE(ranged.summary.gamesExamined, uint64_t(3));
    std::vector<uint64_t> inRange;
    for (uint64_t n : expected)
        if (n >= 3 && n <= 10) inRange.push_back(n);
    QCOMPARE(ranged.numbers, inRange);
    // An empty list reads nothing.
    q->header().gameNumber.reset();
    Run none = runSearch(*q, std::as_const(d), 2, 64, std::vector<std::vector<uint32_t>>{{}});
    QCOMPARE(none.summary.gamesExamined, uint64_t(0));
    QVERIFY(none.numbers.empty());
}

void TestSearch::lastGameNumber()
{
    // lastgamenumber is the number of the file's last game, on any thread count.
    auto q = compileOrFail("cql() initial gamenumber > lastgamenumber - 3");
    QVERIFY(q);
    QVERIFY(q->needsGameCount());
    db::Database d;
    QVERIFY(d.openText(makePgn(20), "test.pgn"));
    for (int threads : {1, 2}) {
        Run r = runSearch(*q, d, threads);
        QCOMPARE(r.numbers, (std::vector<uint64_t>{18, 19, 20}));
    }
}

void TestSearch::matchCountRange()
{
    auto q = compileOrFail("cql(matchcount 2 2) check");
    QVERIFY(q);
    db::Database d;
    QVERIFY(d.openText(makePgn(30), "test.pgn"));
    Run r = runSearch(*q, d, 2, 64);
    QVERIFY(!r.numbers.empty());
    for (size_t i = 0; i < r.numbers.size(); ++i) {
        QCOMPARE(r.markers[i], size_t(2));
        QCOMPARE(Samples[(r.numbers[i] - 1) % SampleCount].checks, 2);
    }
    QCOMPARE(r.numbers.size(), size_t(5)); // 30 games, one 2-check sample in every 6
}

void TestSearch::resultFilter()
{
    auto q = compileOrFail("cql(result 0-1) check");
    QVERIFY(q);
    db::Database d;
    QVERIFY(d.openText(makePgn(12), "test.pgn"));
    Run r = runSearch(*q, d, 1);
    QCOMPARE(r.numbers, (std::vector<uint64_t>{4, 10}));
    QCOMPARE(r.summary.gamesExamined, uint64_t(12));
}

void TestSearch::outputMarksMatchedMoves()
{
    db::Database d;
    QVERIFY(d.openText(makePgn(1), "test.pgn"));
    auto q = compileOrFail("cql() check");
    QVERIFY(q);
    Run r = runSearch(*q, d, 1);
    QCOMPARE(r.numbers.size(), size_t(1));
    std::string folded = std::regex_replace(r.pgn, std::regex("\\s+"), " ");
    QVERIFY2(folded.find("{Game number 1} 1. e4") != std::string::npos, folded.c_str());
    QVERIFY2(folded.find("Qxf7# {CQL} 1-0") != std::string::npos, folded.c_str());
    QCOMPARE(std::count(folded.begin(), folded.end(), '{'), 2L);
    QVERIFY(r.pgn.find("[Event \"G1\"]") == 0);

    // The initial position's marker goes into the Game number comment.
    auto initial = compileOrFail("cql(matchstring \"HIT\") initial");
    QVERIFY(initial);
    Run i = runSearch(*initial, d, 1);
    folded = std::regex_replace(i.pgn, std::regex("\\s+"), " ");
    QVERIFY2(folded.find("{Game number 1 HIT} 1. e4 e5") != std::string::npos, folded.c_str());

    // quiet: no markers, the Game number comment stays.
    auto quiet = compileOrFail("cql(quiet) check");
    QVERIFY(quiet);
    Run qr = runSearch(*quiet, d, 1);
    QVERIFY(qr.pgn.find("Game number 1") != std::string::npos);
    QVERIFY(qr.pgn.find("CQL") == std::string::npos);
}

void TestSearch::outputKeepsCommentsAndVariations()
{
    db::Database d;
    QVERIFY(d.openText(makePgn(6), "test.pgn"));
    auto q = compileOrFail("cql(gamenumber 6) mate");
    QVERIFY(q);
    Run r = runSearch(*q, d, 1);
    QCOMPARE(r.numbers, std::vector<uint64_t>{6});
    std::string folded = std::regex_replace(r.pgn, std::regex("\\s+"), " ");
    // The existing pre-game comment merged with Game number; variation, comments and NAG kept.
    QVERIFY2(folded.find("{Opening Game number 6} 1. e4 (1. d4 d5 2. Qd3 {line} 2... e5) 1... e5 {good} 2. Qh5 $1")
                 != std::string::npos,
             folded.c_str());
    QVERIFY2(folded.find("Qxf7# {CQL} 1-0") != std::string::npos, folded.c_str());

    // With variations searched, a marker lands inside the variation, after its move.
    auto v = compileOrFail("cql(variations gamenumber 6) Qd3");
    QVERIFY(v);
    Run rv = runSearch(*v, d, 1);
    folded = std::regex_replace(rv.pgn, std::regex("\\s+"), " ");
    QVERIFY2(folded.find("2. Qd3 {line CQL} 2... e5") != std::string::npos, folded.c_str());
    QCOMPARE(rv.markers, std::vector<size_t>{2});

    // Without variations, nodes refer to the full game all the same (mainline after a variation).
    auto m = compileOrFail("cql(gamenumber 6) Qh5");
    QVERIFY(m);
    Run rm = runSearch(*m, d, 1);
    folded = std::regex_replace(rm.pgn, std::regex("\\s+"), " ");
    QVERIFY2(folded.find("2. Qh5 $1 {CQL} 2... Nc6 {CQL}") != std::string::npos, folded.c_str());
}

void TestSearch::outputReadsBack()
{
    db::Database d;
    QVERIFY(d.openText(makePgn(40), "test.pgn"));
    auto q = compileOrFail("cql() check");
    QVERIFY(q);
    Run r = runSearch(*q, d, 2, 128);
    db::Database back;
    QVERIFY(back.openText(r.pgn, "out.pgn"));
    QCOMPARE(back.size(), r.numbers.size());
    std::regex gameNumber("Game number (\\d+)");
    for (size_t i = 0; i < back.size(); ++i) {
        std::string text(back.gameText(i));
        std::smatch m;
        QVERIFY(std::regex_search(text, m, gameNumber));
        QCOMPARE(std::stoull(m[1].str()), r.numbers[i]);
        QCOMPARE(std::string(back.field(i, db::Field::Event)), "G" + std::to_string(r.numbers[i]));
        game::Game g;
        QVERIFY(back.loadGame(i, g));
        QVERIFY(g.errors.empty());
    }
}

void TestSearch::problemsAreReportedAndSearchGoesOn()
{
    std::string text = makePgn(2);
    text += "[Event \"bad\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n";
    text += makePgn(1);
    db::Database d;
    QVERIFY(d.openText(text, "bad.pgn"));
    QCOMPARE(d.size(), size_t(4));
    auto q = compileOrFail("cql() check");
    QVERIFY(q);
    Run r = runSearch(*q, d, 2, 64);
    QCOMPARE(r.summary.gamesExamined, uint64_t(4));
    QCOMPARE(r.numbers, (std::vector<uint64_t>{1, 4}));
    QVERIFY(!r.problems.empty());
    QCOMPARE(r.problems[0].gameNumber, uint64_t(3));
    QCOMPARE(r.problems[0].file, std::string("bad.pgn"));
    QCOMPARE(r.problems[0].line, 18); // two games of 7 lines, then 3 lines of tags
    QCOMPARE(r.summary.problemGames, uint64_t(1));
}

void TestSearch::indexWhileSearching_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<unsigned>("threads");
    for (unsigned threads : {1u, 4u}) {
        const QByteArray t = threads == 1 ? " (1 thread)" : " (4 threads)";
        QTest::newRow("check" + t) << "cql() check" << threads;
        QTest::newRow("sorted" + t) << "cql(sort matchcount) check" << threads;
        QTest::newRow("range" + t) << "cql(gamenumber 3 9) check" << threads;
        QTest::newRow("result" + t) << "cql(result 1-0) check" << threads;
        QTest::newRow("variations" + t) << "cql(variations) check" << threads;
        QTest::newRow("none" + t) << "cql() false" << threads;
        QTest::newRow("gamenumber read" + t) << "cql() check gamenumber > 4" << threads;
    }
}

// A database opened without an index is indexed by the search as it reads:
// the same matches, output and problems as an indexed search, and the same
// index afterwards (when the whole text was read). On several threads the
// text is read in pieces, unless the query needs the game numbers up front.
void TestSearch::indexWhileSearching()
{
    QFETCH(QString, query);
    QFETCH(unsigned, threads);
    std::string text = makePgn(5);
    text += "[Event \"bad\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n";
    text += "junk between games\n\n";
    text += makePgn(7);
    auto q = compileOrFail(query.toStdString());
    QVERIFY(q);
    db::Database indexed;
    QVERIFY(indexed.openText(text, "x.pgn"));
    QVERIFY(indexed.indexed());
    Run expected = runSearch(*q, std::as_const(indexed), 2, 64);

    db::Database lazy;
    db::OpenOptions open;
    open.index = false;
    QVERIFY(lazy.openText(text, "x.pgn", open));
    QVERIFY(!lazy.indexed());
    QCOMPARE(lazy.size(), size_t(0));
    Run r = runSearch(*q, lazy, threads);
    const bool inPieces = threads > 1 && search::parallelWithoutIndex(*q);
    QCOMPARE(inPieces, threads > 1 && !query.contains("gamenumber"));
    if (inPieces)
        QVERIFY2(r.summary.threads > 1, "the text was not read in pieces");
    else
        QCOMPARE(r.summary.threads, 1u);
    compareRuns(r, expected);
    QVERIFY(!r.progress.empty());
    QVERIFY(!r.progress.back().totalKnown);
    QCOMPARE(r.progress.back().fraction, 1.0);

    if (q->header().gameNumber) {
        QVERIFY(!lazy.indexed()); // stopped after game 9
        QCOMPARE(lazy.size(), size_t(9));
        for (size_t i = 0; i < lazy.size(); ++i)
            QCOMPARE(lazy.entry(i).offset, indexed.entry(i).offset);
    } else {
        QVERIFY(lazy.indexed());
        compareIndex(lazy, indexed);
    }
}

void TestSearch::indexInPiecesWhileSearching_data()
{
    QTest::addColumn<QString>("query");
    QTest::newRow("check") << "cql() check";
    QTest::newRow("mate") << "cql() mate";
    QTest::newRow("sorted") << "cql(sort matchcount) check";
    QTest::newRow("result") << "cql(result 1-0) check";
    QTest::newRow("variations") << "cql(variations) check";
    QTest::newRow("comments") << "cql() check comment \"seen\"";
    QTest::newRow("none") << "cql() false";
}

// Pieces are cut at guessed game starts; wherever the cuts fall (inside a
// header, a comment, between CR and LF, in text between games), the results,
// problems and index are those of a search of the indexed text.
void TestSearch::indexInPiecesWhileSearching()
{
    QFETCH(QString, query);
    std::string text = makePgn(5);
    text += "[Event \"bad\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n\n";
    text += "junk between games\n\n[not a tag\n\n";
    // A comment holding what looks like a game start.
    text += "[Event \"comment\"]\n[Result \"*\"]\n\n1. e4 {a long\n\n[Event \"no game\"]\n\nstory} e5 2. Qh5 Nc6 "
            "3. Bc4 Nf6 4. Qxf7# *\n\n";
    // Games with CR LF line ends, and games with no blank lines.
    std::string crlf;
    for (char c : makePgn(4)) {
        if (c == '\n') crlf += '\r';
        crlf += c;
    }
    text += crlf;
    std::string dense = makePgn(6);
    for (size_t p; (p = dense.find("\n\n")) != std::string::npos;)
        dense.erase(p, 1);
    text += dense + "\n";
    // A game holding what a match's stand-in number would look like (Deferred in search.cpp).
    text += "[Event \"Z\"]\n[Result \"1-0\"]\n\n1. e4 {ZZZZZZZZZZ} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
    // Bughouse: each board is a match of its own (board B's game lives in board A's).
    text += readAll(std::string(CQLWB_TEST_DATA) + "/variants/bughouse.bpgn") + "\n\n";
    text += makePgn(9);
    auto q = compileOrFail(query.toStdString());
    QVERIFY(q);
    QVERIFY(search::parallelWithoutIndex(*q));
    db::Database indexed;
    QVERIFY(indexed.openText(text, "x.pgn"));
    Run expected = runSearch(*q, std::as_const(indexed), 1, 64);
    // The index as one thread builds it while searching (the game's own tags:
    // a bughouse game's WhiteElo is board A's, which open() does not know).
    db::Database streamed;
    db::OpenOptions open;
    open.index = false;
    QVERIFY(streamed.openText(text, "x.pgn", open));
    compareRuns(runSearch(*q, streamed, 1), expected);
    QCOMPARE(streamed.size(), indexed.size());
    for (size_t pieceBytes : {size_t(1), size_t(37), size_t(200), size_t(700), size_t(100000)}) {
        for (unsigned threads : {2u, 3u}) {
            db::Database lazy;
            QVERIFY(lazy.openText(text, "x.pgn", open));
            Run r = runSearch(*q, lazy, threads, pieceBytes);
            if (pieceBytes < 1000) QVERIFY(r.summary.threads > 1);
            compareRuns(r, expected);
            QVERIFY(lazy.indexed());
            compareIndex(lazy, streamed);
            QCOMPARE(r.progress.back().fraction, 1.0);
        }
    }
}

void TestSearch::fenFilterMatchesExactBoard()
{
    std::string filter, error;
    // The board after 1. e4 e5 (side to move and counters ignored).
    QVERIFY(cql::fenBoardFilter("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2", filter, error));
    auto q = compileOrFail("cql() " + filter);
    QVERIFY(q);
    db::Database d;
    QVERIFY(d.openText(makePgn(6), "test.pgn"));
    Run r = runSearch(*q, d, 1);
    // Every sample going 1. e4 e5 matches once, at that position only (game 6 after a variation).
    QCOMPARE(r.numbers, (std::vector<uint64_t>{1, 2, 5, 6}));
    for (size_t m : r.markers)
        QCOMPARE(m, size_t(1));
    std::string folded = std::regex_replace(r.pgn, std::regex("\\s+"), " ");
    QVERIFY(folded.find("1. e4 e5 {CQL} 2.") != std::string::npos);
    // As CQL 6.2 reads `fen "..."`: the board ends after 8 ranks, A/a stand
    // for any white/black piece, . for any square.
    std::string eight, nine;
    QVERIFY(cql::fenBoardFilter("8/8/8/8/8/8/8/7K", eight, error));
    QVERIFY(cql::fenBoardFilter("8/8/8/8/8/8/8/7K/8", nine, error));
    QCOMPARE(nine, eight);
    QVERIFY(cql::fenBoardFilter("A6./8/8/8/8/8/8/8", filter, error));
    QVERIFY(filter.find("Aa8") != std::string::npos);
    QVERIFY(filter.find("h8") == std::string::npos);
}

void TestSearch::fenFilterRejectsBadFen_data()
{
    QTest::addColumn<QString>("fen");
    QTest::newRow("short rank") << "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    QTest::newRow("long rank") << "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR";
    QTest::newRow("seven ranks") << "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR";
    QTest::newRow("bad letter") << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX";
    QTest::newRow("empty") << "   ";
}

void TestSearch::fenFilterRejectsBadFen()
{
    QFETCH(QString, fen);
    std::string filter, error;
    QVERIFY(!cql::fenBoardFilter(fen.toStdString(), filter, error));
    QVERIFY(!error.empty());
}

void TestSearch::editQueryWrapsBody()
{
    std::string text = "// a query\ncql(matchstring \"X\")\ncheck // why\n";
    std::optional<size_t> end = search::headerEnd(text);
    QVERIFY(end);
    QCOMPARE(text.substr(0, *end), std::string("// a query\ncql(matchstring \"X\")"));
    QCOMPARE(search::headerEnd("check"), std::optional<size_t>(0));
    QCOMPARE(search::headerEnd("cql(input a.pgn"), std::optional<size_t>());

    search::QueryEdits edits;
    edits.transforms = {"flipcolor"};
    edits.innerFilters = {"mate"};
    edits.outerFilters = {search::quoteString("W\"1") + " in player white"};
    QCOMPARE(search::quoteString("W\"1"), std::string("(\"W\" + \\\" + \"1\")"));
    QCOMPARE(search::quoteString("plain"), std::string("\"plain\""));
    std::string edited = search::editQuery(text, *end, edits);
    // The body keeps its line.
    auto lineOf = [](const std::string &t, const char *word) {
        return std::count(t.begin(), t.begin() + std::ptrdiff_t(t.find(word)), '\n');
    };
    QCOMPARE(lineOf(edited, "check"), lineOf(text, "check"));
    std::vector<cql::Diagnostic> diags;
    auto q = cql::compile(edited, {}, diags);
    QVERIFY2(q, edited.c_str());
    QCOMPARE(q->header().matchString, std::string("X"));

    // -flipcolor: a white mate and a black mate both match.
    auto plain = compileOrFail("cql() mate wtm");
    QVERIFY(plain);
    search::QueryEdits flip;
    flip.transforms = {"flipcolor"};
    auto flipped = compileOrFail(search::editQuery("cql() mate btm", 5, flip));
    QVERIFY(flipped);
    db::Database d;
    QVERIFY(d.openText(makePgn(6), "test.pgn"));
    Run a = runSearch(*plain, d, 1), b = runSearch(*flipped, d, 1);
    QCOMPARE(a.numbers, (std::vector<uint64_t>{4})); // only 1. f3 e5 2. g4 Qh4# leaves White mated
    QCOMPARE(b.numbers, (std::vector<uint64_t>{1, 4, 6}));
}

void TestSearch::outputFileIsAtomic()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::string target = dir.filePath("out.pgn").toStdString();
    auto entries = [&] {
        size_t n = 0;
        for ([[maybe_unused]] auto &e : std::filesystem::directory_iterator(dir.path().toStdString()))
            ++n;
        return n;
    };
    {
        std::ofstream(target) << "old contents\n";
    }
    {
        search::OutputFile f;
        std::string error;
        QVERIFY2(f.open(target, &error), error.c_str());
        QVERIFY(f.write("new partial"));
        QCOMPARE(readAll(target), std::string("old contents\n")); // nothing visible yet
        f.abort();
    }
    QCOMPARE(readAll(target), std::string("old contents\n"));
    QCOMPARE(entries(), size_t(1)); // no temporary file left
    {
        search::OutputFile f;
        QVERIFY(f.open(target));
        QVERIFY(f.write("complete\n"));
        // Destroyed without commit: as good as abort.
    }
    QCOMPARE(readAll(target), std::string("old contents\n"));
    QCOMPARE(entries(), size_t(1));
    {
        search::OutputFile f;
        QVERIFY(f.open(target));
        QVERIFY(f.write("complete\n"));
        std::string error;
        QVERIFY2(f.commit(&error), error.c_str());
    }
    QCOMPARE(readAll(target), std::string("complete\n"));
    QCOMPARE(entries(), size_t(1));
}

void TestSearch::outputFileFailsOnBadDirectory()
{
    QTemporaryDir dir;
    search::OutputFile f;
    std::string error;
    std::string target = dir.filePath("no/such/dir/out.pgn").toStdString();
    QVERIFY(!f.open(target, &error));
    QVERIFY2(error.find(target) != std::string::npos, error.c_str());
    QVERIFY(!f.open(dir.path().toStdString(), &error)); // a directory
    QVERIFY(error.find("directory") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestSearch)
#include "tst_search.moc"
