// Refining a result: the game list's quick filter (each field, fields together,
// with the statistics filter, off the GUI thread), searching within the
// matches, And / Or / And Not with the previous result and the history.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gamelist/gamelistmodel.h"
#include "gamelist/quickfilter.h"
#include "gamelist/quickfilterbar.h"
#include "search/searchsession.h"
#include "statistics/statisticsbuilder.h"
#include "testgames.h"
#include "windowtest.h"

#include <QAction>
#include <QComboBox>
#include <QTableView>

#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <algorithm>
#include <atomic>
#include <set>

namespace {

struct Tags {
    const char *white, *black, *event, *date, *result, *eco;
    int whiteElo, blackElo;
};

// Eight games with hand-picked header fields.
const Tags Games[] = {
    {"Carlsen, Magnus", "Anand, Viswanathan", "World Championship", "2013.11.09", "1/2-1/2", "D37", 2870, 2775},
    {"Anand, Viswanathan", "Carlsen, Magnus", "World Championship", "2013.11.10", "0-1", "B30", 2775, 2870},
    {"Kasparov, Garry", "Karpov, Anatoly", "World Championship", "1985.10.15", "1-0", "B44", 2700, 2720},
    {"Tal, Mikhail", "Botvinnik, Mikhail", "World Championship", "1960.03.15", "1-0", "C18", 0, 0},
    {"Fischer, Robert", "Spassky, Boris", "Reykjavik", "1972.07.11", "0-1", "E56", 2785, 2660},
    {"Smith, John", "Doe, Jane", "Club Open", "????.??.??", "*", "", 1800, 1750},
    {"Carlsen, Magnus", "Nakamura, Hikaru", "Tata Steel", "2011.01.20", "1-0", "A15", 2814, 2751},
    {"Karpov, Anatoly", "Tal, Mikhail", "Montreal", "1979.04.20", "1/2-1/2", "B20", 2705, 2615},
};

wb::GameSourcePtr taggedSource()
{
    std::string text;
    for (const Tags &t : Games) {
        text += std::string("[Event \"") + t.event + "\"]\n[Date \"" + t.date + "\"]\n[White \"" + t.white
            + "\"]\n[Black \"" + t.black + "\"]\n[Result \"" + t.result + "\"]\n";
        if (*t.eco) text += std::string("[ECO \"") + t.eco + "\"]\n";
        if (t.whiteElo) text += "[WhiteElo \"" + std::to_string(t.whiteElo) + "\"]\n";
        if (t.blackElo) text += "[BlackElo \"" + std::to_string(t.blackElo) + "\"]\n";
        text += std::string("\n1. e4 e5 ") + t.result + "\n\n";
    }
    return testgames::source(text, "tagged.pgn");
}

std::vector<int> admitted(const wb::GameSource &source, const wb::QuickFilter &f)
{
    const std::vector<bool> pass = wb::filterGames(source, f);
    std::vector<int> games;
    for (size_t g = 0; g < pass.size(); ++g)
        if (pass[g]) games.push_back(int(g));
    return games;
}

using Ints = std::vector<int>;

// Checks in two games, pawns on e4 and e5 with White to move in two (one game
// has both, at other positions), nothing in the last.
const char *const Refine = "[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
                           "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
                           "[Result \"*\"]\n\n1. e4 f5 2. Qh5+ g6 3. Qxg6+ hxg6 *\n\n"
                           "[Result \"*\"]\n\n1. d4 d5 2. c4 e6 *\n\n";

// A list of many games whose header fields are made up on demand; counts the
// calls made on the GUI thread.
class SyntheticSource : public wb::GameSource {
public:
    explicit SyntheticSource(int games) : m_games(games) {}
    QString name() const override { return QStringLiteral("synthetic"); }
    QString path() const override { return QString(); }
    int gameCount() const override { return m_games; }
    wb::GameInfo info(int index) const override
    {
        if (QThread::currentThread() == qApp->thread()) guiCalls.fetch_add(1);
        wb::GameInfo i;
        i.number = quint64(index) + 1;
        i.white = QStringLiteral("Player %1").arg(index % 997);
        i.black = QStringLiteral("Player %1").arg(index % 991);
        i.event = QStringLiteral("Event %1").arg(index % 50);
        i.date = QStringLiteral("%1.01.01").arg(1900 + index % 120);
        i.result = index % 3 ? QStringLiteral("1-0") : QStringLiteral("0-1");
        i.eco = QStringLiteral("B%1").arg(10 + index % 90);
        i.whiteElo = 2000 + index % 800;
        i.blackElo = 2000 + index % 700;
        return i;
    }
    bool loadGame(int, game::Game &, QString *, wb::LoadContext *) const override { return false; }
    mutable std::atomic<int> guiCalls{0};

private:
    int m_games;
};

std::set<game::NodeId> markedNodes(const wb::SearchSession &s, int game)
{
    std::set<game::NodeId> nodes;
    if (const wb::MatchRecord *r = s.record(game))
        for (const cql::PositionMark &m : r->result.matches)
            nodes.insert(m.node);
    return nodes;
}

Ints matchedGames(const wb::SearchSession &s)
{
    Ints games;
    const wb::SearchResults &r = s.games()->results();
    for (size_t g = 0; g < r.matches.size(); ++g)
        if (r.matches[g] > 0) games.push_back(int(g));
    return games;
}

// Until a combination (on its worker) and the game loader are done too.
bool waitIdle(const wb::SearchSession &s)
{
    for (int i = 0; i < 3000 && s.isBusy(); ++i)
        QTest::qWait(10);
    return !s.isBusy();
}

bool runAndWait(wb::SearchSession &s, const char *query)
{
    QSignalSpy finished(&s, &wb::SearchSession::searchFinished);
    if (s.run(QLatin1String(query), QString()) != wb::SearchSession::RunResult::Started) return false;
    return finished.wait(30000) && !finished.first().first().value<wb::SearchSummary>().cancelled && waitIdle(s);
}

} // namespace

class TestRefine : public QObject {
    Q_OBJECT
private slots:
    void eachField();
    void fieldsTogether();
    void unreadableFieldsAreRefused();
    void barListsAndCounts();
    void barWithStatisticsFilterAndMatchesOnly();
    void filterRunsOffTheGuiThread();
    void searchWithinMatches();
    void searchWithinSeveralDatabasesAndMemory();
    void combineAndOrAndNot();
    void combineAfterwards();
    void historyStepsBackAndForward();
    void inTheWindow();
};

void TestRefine::eachField()
{
    const wb::GameSourcePtr src = taggedSource();
    wb::QuickFilter f;
    QCOMPARE(admitted(*src, f).size(), size_t(8)); // empty: every game
    f.player = QStringLiteral("carlsen");          // either colour, any case
    QCOMPARE(admitted(*src, f), (Ints{0, 1, 6}));
    f = {};
    f.player = QStringLiteral("Mikhail");
    QCOMPARE(admitted(*src, f), (Ints{3, 7}));
    f = {};
    f.event = QStringLiteral("world");
    QCOMPARE(admitted(*src, f), (Ints{0, 1, 2, 3}));
    f = {};
    QVERIFY(f.setYears(QStringLiteral("2013")));
    QCOMPARE(admitted(*src, f), (Ints{0, 1}));
    QVERIFY(f.setYears(QStringLiteral("1970-1985")));
    QCOMPARE(admitted(*src, f), (Ints{2, 4, 7}));
    QVERIFY(f.setYears(QStringLiteral("-1972"))); // the game without a date is out
    QCOMPARE(admitted(*src, f), (Ints{3, 4}));
    QVERIFY(f.setYears(QStringLiteral("2011-")));
    QCOMPARE(admitted(*src, f), (Ints{0, 1, 6}));
    QVERIFY(f.setYears(QStringLiteral("1985 - 1972"))); // backwards reads as 1972-1985
    QCOMPARE(admitted(*src, f), (Ints{2, 4, 7}));
    f = {};
    f.result = QStringLiteral("1-0");
    QCOMPARE(admitted(*src, f), (Ints{2, 3, 6}));
    f.result = QStringLiteral("1/2-1/2");
    QCOMPARE(admitted(*src, f), (Ints{0, 7}));
    f.result = QStringLiteral("*");
    QCOMPARE(admitted(*src, f), (Ints{5}));
    f = {};
    f.minRating = 2750; // both players; a missing rating is below any
    QCOMPARE(admitted(*src, f), (Ints{0, 1, 6}));
    f.minRating = 2600;
    QCOMPARE(admitted(*src, f), (Ints{0, 1, 2, 4, 6, 7}));
    f = {};
    QVERIFY(f.setEco(QStringLiteral("b")));
    QCOMPARE(admitted(*src, f), (Ints{1, 2, 7}));
    QVERIFY(f.setEco(QStringLiteral("B3")));
    QCOMPARE(admitted(*src, f), (Ints{1}));
    QVERIFY(f.setEco(QStringLiteral("B30-C")));
    QCOMPARE(admitted(*src, f), (Ints{1, 2, 3}));
    QVERIFY(f.setEco(QStringLiteral("A00-B20")));
    QCOMPARE(admitted(*src, f), (Ints{6, 7}));
}

void TestRefine::fieldsTogether()
{
    const wb::GameSourcePtr src = taggedSource();
    wb::QuickFilter f;
    f.player = QStringLiteral("Carlsen");
    f.result = QStringLiteral("1-0");
    QCOMPARE(admitted(*src, f), (Ints{6}));
    f = {};
    f.event = QStringLiteral("Championship");
    QVERIFY(f.setYears(QStringLiteral("1950-1990")));
    QCOMPARE(admitted(*src, f), (Ints{2, 3}));
    QVERIFY(f.setEco(QStringLiteral("B")));
    QCOMPARE(admitted(*src, f), (Ints{2}));
    f.minRating = 2710; // Kasparov 2700: out
    QVERIFY(admitted(*src, f).empty());
}

void TestRefine::unreadableFieldsAreRefused()
{
    wb::QuickFilter f;
    QVERIFY(f.setYears(QStringLiteral("1990-1999")));
    QVERIFY(!f.setYears(QStringLiteral("nineteen")));
    QVERIFY(!f.setYears(QStringLiteral("-")));
    QCOMPARE(f.yearFrom, 1990); // unchanged
    QCOMPARE(f.yearTo, 1999);
    QVERIFY(!f.setEco(QStringLiteral("F10")));
    QVERIFY(!f.setEco(QStringLiteral("B123")));
    QVERIFY(f.setEco(QString()));
    QVERIFY(f.setYears(QStringLiteral(" ")));
    QVERIFY(f.isEmpty());
}

void TestRefine::barListsAndCounts()
{
    wb::GameListModel model;
    model.setSource(taggedSource());
    wb::QuickFilterBar bar(&model);
    QCOMPARE(bar.countText(), QStringLiteral("8 games"));
    bar.setPlayer(QStringLiteral("Karpov"));
    QVERIFY(bar.isFiltering()); // waiting for the pause after typing
    QTRY_VERIFY(!bar.isFiltering());
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.gameIndex(0), 2);
    QCOMPARE(model.gameIndex(1), 7);
    QCOMPARE(bar.countText(), QStringLiteral("2 of 8 games"));
    bar.setResult(QStringLiteral("1-0"));
    bar.applyNow();
    QTRY_VERIFY(!bar.isFiltering());
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(bar.countText(), QStringLiteral("1 of 8 games"));
    // A new source is filtered again with the same fields.
    model.setSource(taggedSource());
    QTRY_VERIFY(!bar.isFiltering() && model.hasQuickFilter());
    QCOMPARE(model.rowCount(), 1);
    bar.clear();
    QTRY_VERIFY(!bar.isFiltering());
    QVERIFY(!model.hasQuickFilter());
    QCOMPARE(model.rowCount(), 8);
    QCOMPARE(bar.countText(), QStringLiteral("8 games"));
}

void TestRefine::barWithStatisticsFilterAndMatchesOnly()
{
    wb::GameListModel model;
    model.setSource(taggedSource());
    wb::QuickFilterBar bar(&model);
    bar.setEvent(QStringLiteral("World"));
    bar.applyNow();
    QTRY_VERIFY(!bar.isFiltering());
    QCOMPARE(model.rowCount(), 4);
    // A statistics bar picks games; the quick filter narrows that pick further.
    model.setGameFilter({1, 2, 4, 6});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.unfilteredRowCount(), 4);
    QCOMPARE(bar.countText(), QStringLiteral("2 of 4 games"));
    model.clearGameFilter();
    // Matching games only: the filter applies to the matches, also as they stream in.
    model.setMatchesOnly(true);
    model.startResults();
    model.addHits({{0, 1, 0, false}, {4, 2, 0, false}, {3, 1, 0, false}});
    QCOMPARE(model.unfilteredRowCount(), 3);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(bar.countText(), QStringLiteral("2 of 3 games"));
}

void TestRefine::filterRunsOffTheGuiThread()
{
    constexpr int Count = 200000;
    auto src = std::make_shared<SyntheticSource>(Count);
    wb::GameListModel model;
    model.setSource(src);
    wb::QuickFilterBar bar(&model);
    src->guiCalls = 0;
    bar.setPlayer(QStringLiteral("Player 12"));
    bar.setYears(QStringLiteral("1950-1999"));
    bar.applyNow();
    // The GUI thread only starts the job: not one game is looked at here.
    QVERIFY(bar.isFiltering());
    QTRY_VERIFY_WITH_TIMEOUT(!bar.isFiltering(), 60000);
    QCOMPARE(src->guiCalls.load(), 0);
    int expected = 0;
    for (int g = 0; g < Count; ++g) {
        const int y = 1900 + g % 120;
        const QString w = QStringLiteral("Player %1").arg(g % 997), b = QStringLiteral("Player %1").arg(g % 991);
        if (y >= 1950 && y <= 1999
            && (w.contains(QLatin1String("Player 12")) || b.contains(QLatin1String("Player 12"))))
            ++expected;
    }
    QCOMPARE(model.rowCount(), expected);
    // Typing again while a filter runs supersedes it: only the last one lands.
    bar.setPlayer(QStringLiteral("Player 1"));
    bar.applyNow();
    bar.setPlayer(QStringLiteral("Player 99"));
    bar.applyNow();
    QTRY_VERIFY_WITH_TIMEOUT(!bar.isFiltering(), 60000);
    for (int r = 0; r < model.rowCount(); r += 97) {
        const wb::GameInfo i = src->info(model.gameIndex(r));
        QVERIFY(i.white.contains(QLatin1String("Player 99")) || i.black.contains(QLatin1String("Player 99")));
    }
}

void TestRefine::searchWithinMatches()
{
    wb::SearchSession s;
    s.setDatabases({testgames::source(Refine, "refine.pgn")});
    QVERIFY(runAndWait(s, "cql() check"));
    QCOMPARE(matchedGames(s), (Ints{0, 2}));
    s.setSearchWithinMatches(true);
    QSignalSpy hits(s.controller(), &wb::SearchController::hitsFound);
    QSignalSpy finished(&s, &wb::SearchSession::searchFinished);
    // Matches every game, but reads only the two of the result.
    QCOMPARE(s.run(QStringLiteral("cql() true"), QString()), wb::SearchSession::RunResult::Started);
    QVERIFY(finished.wait(30000));
    const wb::SearchSummary sum = finished.first().first().value<wb::SearchSummary>();
    QCOMPARE(sum.searched, 2);
    QCOMPARE(sum.total, 2);
    QCOMPARE(sum.matchedGames, 2);
    std::set<int> reported;
    for (const QList<QVariant> &h : hits)
        for (const wb::GameHit &g : h.first().value<QList<wb::GameHit>>())
            reported.insert(g.game);
    QCOMPARE(reported, (std::set<int>{0, 2}));
    QCOMPARE(matchedGames(s), (Ints{0, 2}));
    QVERIFY(!s.games()->results().searched(1)); // not read, not "no match"
    QVERIFY(!s.games()->results().searched(3));
    QVERIFY(s.history().currentEntry()->label.contains(QLatin1String("within")));
    // Within a result that matched nothing: nothing is read.
    s.setSearchWithinMatches(false);
    QVERIFY(runAndWait(s, "cql() false"));
    s.setSearchWithinMatches(true);
    QSignalSpy last(&s, &wb::SearchSession::searchFinished);
    QCOMPARE(s.run(QStringLiteral("cql() true"), QString()), wb::SearchSession::RunResult::Started);
    QVERIFY(last.wait(30000));
    QCOMPARE(last.first().first().value<wb::SearchSummary>().searched, 0);
    QVERIFY(matchedGames(s).empty());
}

// Within matches over two files searched in one engine run, and over games
// held in memory (evaluated one by one): only the listed games are read.
void TestRefine::searchWithinSeveralDatabasesAndMemory()
{
    const wb::GameSourcePtr file = testgames::source(Refine, "refine.pgn");
    std::vector<game::Game> games(size_t(file->gameCount()));
    for (int i = 0; i < file->gameCount(); ++i)
        QVERIFY(file->loadGame(i, games[size_t(i)]));
    const auto memory = std::make_shared<wb::MemoryGameSource>(std::move(games), QStringLiteral("memory"));
    wb::SearchSession s;
    s.setDatabases({file, testgames::source(Refine, "second.pgn"), memory});
    QVERIFY(runAndWait(s, "cql() check"));
    QCOMPARE(matchedGames(s), (Ints{0, 2, 4, 6, 8, 10}));
    s.setSearchWithinMatches(true);
    QSignalSpy finished(&s, &wb::SearchSession::searchFinished);
    QCOMPARE(s.run(QStringLiteral("cql() true"), QString()), wb::SearchSession::RunResult::Started);
    QVERIFY(finished.wait(30000));
    QVERIFY(waitIdle(s));
    QCOMPARE(finished.first().first().value<wb::SearchSummary>().searched, 6);
    QCOMPARE(matchedGames(s), (Ints{0, 2, 4, 6, 8, 10}));
    for (int g : {1, 3, 5, 7, 9, 11})
        QVERIFY(!s.games()->results().searched(g));
    QCOMPARE(s.matchedPerDatabase(), (std::vector<int>{2, 2, 2}));
}

void TestRefine::combineAndOrAndNot()
{
    wb::SearchSession s;
    s.setDatabases({testgames::source(Refine, "refine.pgn")});
    // The marks each query finds alone.
    QVERIFY(runAndWait(s, "cql() check"));
    const std::set<game::NodeId> check0 = markedNodes(s, 0), check2 = markedNodes(s, 2);
    QVERIFY(runAndWait(s, "cql() Pe4 pe5 wtm"));
    QCOMPARE(matchedGames(s), (Ints{0, 1}));
    const std::set<game::NodeId> pawns0 = markedNodes(s, 0), pawns1 = markedNodes(s, 1);
    std::set<game::NodeId> both0 = check0;
    both0.insert(pawns0.begin(), pawns0.end());
    QVERIFY(both0.size() > check0.size() && both0.size() > pawns0.size());

    struct Case {
        wb::Combine how;
        Ints games;
    };
    for (const Case &c :
         {Case{wb::Combine::And, {0}}, Case{wb::Combine::Or, {0, 1, 2}}, Case{wb::Combine::AndNot, {2}}}) {
        s.setCombine(wb::Combine::Replace);
        QVERIFY(runAndWait(s, "cql() check"));
        s.setCombine(c.how);
        QSignalSpy replaced(&s, &wb::SearchSession::resultsReplaced);
        QVERIFY(runAndWait(s, "cql() Pe4 pe5 wtm"));
        QCOMPARE(replaced.count(), 1);
        QCOMPARE(matchedGames(s), c.games);
        QCOMPARE(s.games()->matchedGames(), int(c.games.size()));
        const wb::ResultEntry *e = s.history().currentEntry();
        QCOMPARE(e->games, int(c.games.size()));
        QVERIFY2(e->label.contains(wb::ResultHistory::combineName(c.how)), qPrintable(e->label));
        switch (c.how) {
        case wb::Combine::And: QCOMPARE(markedNodes(s, 0), both0); break; // the marks of both
        case wb::Combine::Or:                                             // of whichever matched
            QCOMPARE(markedNodes(s, 0), both0);
            QCOMPARE(markedNodes(s, 1), pawns1);
            QCOMPARE(markedNodes(s, 2), check2);
            break;
        case wb::Combine::AndNot: QCOMPARE(markedNodes(s, 2), check2); break; // the earlier marks
        default: break;
        }
        // The match count is the number of marked positions; the loaded game shows them.
        const int first = c.games.front();
        QCOMPARE(s.games()->results().matches[size_t(first)], int(markedNodes(s, first).size()));
        QSignalSpy shown(&s, &wb::SearchSession::gameShown);
        s.selectGame(first);
        QVERIFY(shown.wait(10000));
        QCOMPARE(s.marks().size(), markedNodes(s, first).size());
    }
}

void TestRefine::combineAfterwards()
{
    wb::SearchSession s;
    s.setDatabases({testgames::source(Refine, "refine.pgn")});
    QVERIFY(!s.combineWithPrevious(wb::Combine::And)); // nothing to combine yet
    QVERIFY(runAndWait(s, "cql() check"));
    QVERIFY(runAndWait(s, "cql() Pe4 pe5 wtm"));
    QVERIFY(s.combineWithPrevious(wb::Combine::Or));
    QVERIFY(s.isCombining());
    QVERIFY(!s.combineWithPrevious(wb::Combine::And)); // one at a time
    QVERIFY(waitIdle(s));
    QCOMPARE(matchedGames(s), (Ints{0, 1, 2}));
    QCOMPARE(s.history().size(), 3);
    // Back to the second search, combined with the first the other way.
    QVERIFY(s.stepBack());
    QVERIFY(s.combineWithPrevious(wb::Combine::AndNot)); // check And Not pawns
    QVERIFY(waitIdle(s));
    QCOMPARE(matchedGames(s), (Ints{2}));
    QCOMPARE(s.history().size(), 3); // the Or entry ahead was replaced
}

void TestRefine::historyStepsBackAndForward()
{
    wb::SearchSession s;
    s.setDatabases({testgames::source(Refine, "refine.pgn")});
    QSignalSpy changed(&s, &wb::SearchSession::historyChanged);
    QVERIFY(runAndWait(s, "cql() check"));
    QVERIFY(runAndWait(s, "cql() Pe4 pe5 wtm"));
    QVERIFY(runAndWait(s, "cql() mate"));
    QCOMPARE(s.history().size(), 3);
    QCOMPARE(s.history().current(), 2);
    QVERIFY(changed.count() >= 3);
    QVERIFY(s.history().entryText(0).contains(QLatin1String("cql() check")));
    QVERIFY(s.history().entryText(0).contains(QLatin1String("2 game")));
    QVERIFY(s.history().entryText(2).contains(QLatin1String("1 game")));
    QVERIFY(!s.stepForward());
    QVERIFY(s.stepBack());
    QCOMPARE(matchedGames(s), (Ints{0, 1}));
    QVERIFY(s.stepBack());
    QCOMPARE(matchedGames(s), (Ints{0, 2}));
    QCOMPARE(markedNodes(s, 2).size(), size_t(2)); // the earlier result's marks
    QVERIFY(!s.stepBack());
    QVERIFY(s.stepForward());
    QVERIFY(s.stepForward());
    QCOMPARE(matchedGames(s), (Ints{0}));
    // Combining an earlier result with a new search: the entries ahead go.
    QVERIFY(s.showHistoryEntry(0));
    s.setCombine(wb::Combine::Or);
    QVERIFY(runAndWait(s, "cql() mate"));
    QCOMPARE(s.history().size(), 3); // check, mate, (check) Or (mate)
    QCOMPARE(matchedGames(s), (Ints{0, 2}));
    // Another list forgets the history.
    s.setDatabases({testgames::source(Refine, "other.pgn")});
    QCOMPARE(s.history().size(), 0);
    QVERIFY(!s.stepBack());
}

// The window's bar, toolbar and menu drive the session; the statistics and the
// list follow a combined or earlier result.
void TestRefine::inTheWindow()
{
    windowtest::isolateSettings(QStringLiteral("tst_refine"));
    QTemporaryDir dir;
    const QString pgn = windowtest::write(dir, QStringLiteral("refine.pgn"), Refine);
    wb::MainWindow w;
    w.openDatabase(pgn);
    QVERIFY(windowtest::waitIdle(w));
    // The bar sits above the list in the Games dock.
    wb::QuickFilterBar *bar = w.quickFilter();
    QVERIFY(bar);
    QVERIFY(bar->parentWidget()->isAncestorOf(w.gameTable()));
    auto *within = w.findChild<QAction *>(QStringLiteral("SearchWithinMatches"));
    auto *combine = w.findChild<QComboBox *>(QStringLiteral("CombineResult"));
    auto *back = w.findChild<QAction *>(QStringLiteral("PreviousResult"));
    auto *history = w.findChild<QComboBox *>(QStringLiteral("ResultHistory"));
    QVERIFY(within && combine && back && history);
    within->setChecked(true);
    QVERIFY(w.session()->searchWithinMatches());
    within->setChecked(false);

    w.setQueryText(QStringLiteral("cql() check"));
    w.runQuery();
    QVERIFY(windowtest::waitIdle(w));
    QCOMPARE(history->count(), 1);
    QVERIFY(!back->isEnabled());
    combine->setCurrentIndex(combine->findData(int(wb::Combine::Or)));
    QCOMPARE(w.session()->combine(), wb::Combine::Or);
    w.setQueryText(QStringLiteral("cql() Pe4 pe5 wtm"));
    w.runQuery();
    QVERIFY(windowtest::waitIdle(w));
    QCOMPARE(matchedGames(*w.session()), (Ints{0, 1, 2}));
    QCOMPARE(history->count(), 3);
    QCOMPARE(history->currentIndex(), 2);
    QCOMPARE(w.statistics()->snapshot().total.games, 3);
    QVERIFY(back->isEnabled());
    back->trigger();
    QVERIFY(windowtest::waitIdle(w));
    QCOMPARE(matchedGames(*w.session()), (Ints{0, 1}));
    QCOMPARE(history->currentIndex(), 1);
    QCOMPARE(w.statistics()->snapshot().total.games, 2);
    // The quick filter over the shown result: the one game with a result of 1-0.
    bar->setResult(QStringLiteral("1-0"));
    bar->applyNow();
    QVERIFY(windowtest::waitIdle(w));
    QCOMPARE(w.gameListModel()->rowCount(), 1);
    QCOMPARE(bar->countText(), QStringLiteral("1 of 4 games"));
}

QTEST_MAIN(TestRefine)
#include "tst_refine.moc"
