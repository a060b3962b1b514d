// The analysing CQL-S keywords :evaluation, :moveevaluation (with stockfish
// when installed) and :endgameevaluation (with the gaviotatb tables when
// installed) on positions of known value; their syntax errors and the
// errors for a missing engine or a dying one run everywhere.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../cqlstest.h"

#include "cql/cqls/evaluation.h"
#include "engine/analysis.h"
#include "engine/settings.h"
#include "engine/tablebase.h"

#include <QTemporaryDir>

#include <filesystem>

using namespace cqltest;
using namespace cqlstest;

namespace {

const char *Scholar = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";
const char *MateInOne = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
const char *QueenUp = "8/8/8/4k3/8/8/8/4K2Q w - - 0 1";
const char *QueenUpBlack = "8/8/8/4k3/8/8/8/4K2Q b - - 0 1";
const char *BishopUp = "8/8/8/4k3/8/8/8/4K2B w - - 0 1";

bool contains(const std::string &text, const char *part) { return text.find(part) != std::string::npos; }

// The engine settings the test's queries are compiled with, for one test.
struct SettingsScope {
    explicit SettingsScope(const engine::Settings &s) { compileOptions().engine = s; }
    ~SettingsScope() { compileOptions().engine.reset(); }
};

std::string stockfish()
{
    QByteArray e = qgetenv("CQLWB_TEST_ENGINE");
    return engine::resolveEnginePath(e.isEmpty() ? std::string() : e.toStdString());
}

std::string tableDir()
{
    QByteArray d = qgetenv("CQLWB_TEST_TABLEBASES");
    return d.isEmpty() ? std::string("/usr/share/gaviotatb") : d.toStdString();
}

} // namespace

#define NEED_STOCKFISH()                                                                                               \
    std::string sf = stockfish();                                                                                      \
    if (sf.empty()) QSKIP("stockfish is not installed (apt-get install stockfish, or set CQLWB_TEST_ENGINE)");         \
    engine::Settings es;                                                                                               \
    es.enginePath = sf;                                                                                                \
    SettingsScope scope(es)

#define NEED_TABLES()                                                                                                  \
    if (!engine::gaviota::compiledIn()) QSKIP("built without libgaviotatb (apt-get install libgaviotatb-dev)");        \
    if (!std::filesystem::exists(tableDir()))                                                                          \
        QSKIP("no Gaviota tables (apt-get install gaviotatb, or set CQLWB_TEST_TABLEBASES)");                          \
    engine::Settings ts;                                                                                               \
    ts.tablebasePaths = {tableDir()};                                                                                  \
    SettingsScope scope(ts)

class TestCqlsAnalysis : public QObject {
    Q_OBJECT
private slots:
    void pawnRanges_data();
    void pawnRanges();
    void syntaxErrors_data();
    void syntaxErrors();
    void missingEngine();
    void engineDiesDuringSearch();
    void missingTablebases();
    void evaluationMate();
    void evaluationRanges();
    void evaluationUnderFlipcolor();
    void moveEvaluationFindsBlunder();
    void endgameEvaluation_data();
    void endgameEvaluation();
    void endgameEvaluationDistance();
    void endgameEvaluationInGame();
    void endgameEvaluationFirstOnly();
};

void TestCqlsAnalysis::pawnRanges_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qlonglong>("lo");
    QTest::addColumn<qlonglong>("hi");
    const qlonglong Min = cql::cqls::Range::Min, Max = cql::cqls::Range::Max;
    QTest::newRow(">=2.5") << ">=2.5" << true << 250LL << Max;
    QTest::newRow("<=−2.5 (U+2212)") << "<=\u22122.5" << true << Min << -250LL;
    QTest::newRow("<=-3.0") << "<=-3.0" << true << Min << -300LL;
    QTest::newRow(">−0") << ">\u22120" << true << 1LL << Max;
    QTest::newRow("<0.25") << "<0.25" << true << Min << 24LL;
    QTest::newRow("1") << "1" << true << 100LL << 100LL;
    QTest::newRow("*") << "*" << true << Min << Max;
    QTest::newRow("three decimals") << ">=1.125" << false << 0LL << 0LL;
    QTest::newRow("word") << "sidetomove" << false << 0LL << 0LL;
    QTest::newRow("bare dot") << ">=." << false << 0LL << 0LL;
}

void TestCqlsAnalysis::pawnRanges()
{
    QFETCH(QString, word);
    QFETCH(bool, ok);
    cql::cqls::Range r;
    bool plain = false;
    QCOMPARE(cql::cqls::parsePawnRange(word.toStdString(), r, plain), ok);
    if (!ok) return;
    QFETCH(qlonglong, lo);
    QFETCH(qlonglong, hi);
    QCOMPARE(qlonglong(r.lo.value), lo);
    QCOMPARE(qlonglong(r.hi.value), hi);
}

void TestCqlsAnalysis::syntaxErrors_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("error");
    QTest::newRow("no limit") << "(match (position :evaluation >=2.5 sidetomove))"
                              << "1:18: ':evaluation' expects 'depth N' (half moves) or 'movetime MS' (milliseconds)";
    QTest::newRow("bad depth") << "(match (position :evaluation depth x mate))"
                               << "1:30: ':evaluation' expects a positive number after 'depth' (half moves)";
    QTest::newRow("no perspective") << "(match (position :evaluation depth 4 >=2.5))"
                                    << "1:18: ':evaluation' expects 'sidetomove' or 'absolute' with its range";
    QTest::newRow("mate and range") << "(match (position :evaluation depth 4 mate >=1))"
                                    << "1:18: ':evaluation ... mate' takes no range and no 'sidetomove' or 'absolute'";
    QTest::newRow("nothing to test") << "(match (position :evaluation depth 4 absolute))"
                                     << "1:18: ':evaluation' expects 'mate' or a range in pawns";
    QTest::newRow("unknown word") << "(match (position :evaluation depth 4 >=1 sidetomove quickly))"
                                  << "1:53: 'quickly' is not an argument of ':evaluation' (depth N, movetime MS, mate, "
                                     "a range in pawns, sidetomove, absolute)";
    QTest::newRow("moveevaluation without designators") << "(match (position :moveevaluation depth 4 >=3.0 sidetomove))"
                                                        << "1:34: 'depth' is not a piece designator: ";
    QTest::newRow("moveevaluation has no mate") << "(match (position :moveevaluation U ? depth 4 mate))"
                                                << "1:46: 'mate' is not an argument of ':moveevaluation' (depth N, "
                                                   "movetime MS, a range in pawns, sidetomove, absolute)";
    QTest::newRow("endgame kind") << "(match (position :endgameevaluation win))"
                                  << "1:37: 'win': ':endgameevaluation' expects remis, mate, *mate, +mate or -mate";
    QTest::newRow("endgame remis range") << "(match (position :endgameevaluation remis >=3))"
                                         << "1:43: ':endgameevaluation remis' takes no range of half moves to mate";
    QTest::newRow("endgame nothing") << "(match (position :endgameevaluation))"
                                     << "1:18: ':endgameevaluation' expects remis, mate, *mate, +mate or -mate";
}

void TestCqlsAnalysis::syntaxErrors()
{
    QFETCH(QString, script);
    QFETCH(QString, error);
    std::string got = cqlsError(script.toStdString());
    // A designator's own explanation may follow its message.
    QVERIFY2(got.compare(0, size_t(error.toUtf8().size()), error.toStdString()) == 0, got.c_str());
}

void TestCqlsAnalysis::missingEngine()
{
    engine::Settings s;
    s.enginePath = "/nonexistent/stockfish";
    SettingsScope scope(s);
    QCOMPARE(cqlsError("(match (position :evaluation depth 4 >=2.5 sidetomove))"),
             std::string("1:18: ':evaluation' needs a UCI chess engine: the engine '/nonexistent/stockfish' is not an "
                         "executable file"));
    QVERIFY(contains(cqlsError("(match (position :moveevaluation U ? movetime 100 >=3 absolute))"),
                     "':moveevaluation' needs a UCI chess engine"));
}

void TestCqlsAnalysis::engineDiesDuringSearch()
{
    QTemporaryDir dir;
    QString path = dir.filePath(QStringLiteral("dies"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("#!/bin/sh\nwhile read line; do case \"$line\" in uci) echo uciok;; isready) echo readyok;; go*) exit 1;; "
            "esac; done\n");
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    engine::Settings s;
    s.enginePath = path.toStdString();
    SettingsScope scope(s);
    auto q = compileCqls("(match (position :evaluation depth 4 >=2.5 sidetomove))");
    QVERIFY(q);
    cql::Evaluator ev(*q);
    cql::GameResult r;
    ev.run(positionGame(QueenUp), r);
    QVERIFY(!r.matched);
    QVERIFY2(contains(r.error, "':evaluation': the engine") && contains(r.error, "exited"), r.error.c_str());
}

void TestCqlsAnalysis::missingTablebases()
{
    if (!engine::gaviota::compiledIn()) {
        QCOMPARE(cqlsError("(match (position :endgameevaluation *mate))"),
                 std::string("1:18: ':endgameevaluation' needs the Gaviota tablebase library (libgaviotatb-dev), which "
                             "this build lacks"));
        return;
    }
    QTemporaryDir empty;
    engine::Settings s;
    s.tablebasePaths = {empty.path().toStdString()};
    SettingsScope scope(s);
    std::string e = cqlsError("(match (position :endgameevaluation *mate))");
    QVERIFY2(contains(e, "1:18: ':endgameevaluation' needs Gaviota tablebases: no Gaviota tablebase files"), e.c_str());
}

void TestCqlsAnalysis::evaluationMate()
{
    NEED_STOCKFISH();
    QCOMPARE(positionMatches(":evaluation depth 6 mate", MateInOne), 1);
    QCOMPARE(positionMatches(":evaluation movetime 200 mate", MateInOne), 1);
    QCOMPARE(positionMatches(":evaluation depth 6 mate", chess::Position::StartFen), 0);
    // KQ v K is mate in more than 3 moves: not within 6 half moves.
    QCOMPARE(positionMatches(":evaluation depth 6 mate", QueenUp), 0);
    QCOMPARE(positionMatches("!:evaluation depth 6 mate", QueenUp), 1);
}

void TestCqlsAnalysis::evaluationRanges()
{
    NEED_STOCKFISH();
    // The seed's examples.
    QCOMPARE(positionMatches(":evaluation depth 8 >=2.5 sidetomove", QueenUp), 1);
    QCOMPARE(positionMatches(":evaluation depth 8 <=\u22122.5 sidetomove", QueenUp), 0);
    QCOMPARE(positionMatches(":evaluation depth 8 <=-2.5 sidetomove", QueenUpBlack), 1);
    QCOMPARE(positionMatches(":evaluation depth 8 >=2.5 absolute", QueenUpBlack), 1);
    QCOMPARE(positionMatches(":evaluation movetime 300 <=-3.0 absolute", QueenUpBlack), 0);
    // The start position is level; a bishop alone wins nothing, whatever the engine counts for it.
    QCOMPARE(positionMatches(":evaluation depth 8 -1.0 1.0 absolute", chess::Position::StartFen), 1);
    QCOMPARE(positionMatches(":evaluation depth 8 >=5 sidetomove", BishopUp), 0);
    // A mate counts as more than any number of pawns.
    QCOMPARE(positionMatches(":evaluation depth 6 >=100 sidetomove", MateInOne), 1);
}

void TestCqlsAnalysis::evaluationUnderFlipcolor()
{
    NEED_STOCKFISH();
    // "White is winning" in either colour: Black's material edge matches the swapped image.
    // 3 pawns: Stockfish 17 gives a lone queen less than 5 at this depth.
    const char *BlackQueen = "4k2q/8/8/8/4K3/8/8/8 w - - 0 1";
    QCOMPARE(positionMatches(":evaluation depth 8 >=3 absolute", BlackQueen), 0);
    QCOMPARE(positionMatches(":evaluation depth 8 >=3 absolute :flipcolor", BlackQueen), 1);
    QCOMPARE(positionMatches(":evaluation depth 8 >=3 absolute :flipcolor", QueenUp), 1);
}

void TestCqlsAnalysis::moveEvaluationFindsBlunder()
{
    NEED_STOCKFISH();
    engine::resetAnalysis();
    game::Game g = pgnGame(Scholar);
    // 3...Nf6?? loses at once: the position before it (after 3.Qh5) matches, and only it.
    auto q = compileCqls("(match (position :moveevaluation U ? depth 8 >=3.0 sidetomove))");
    QVERIFY(q);
    cql::Evaluator ev(*q);
    cql::GameResult r;
    ev.run(g, r);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QVERIFY(r.matched);
    QCOMPARE(int(r.matches.size()), 1);
    QCOMPARE(int(r.matches[0].node), 5);
    // The same blunder for White's view: Black's move gained White more than three pawns.
    QCOMPARE(matches("(match (position :moveevaluation a ? depth 8 >=3.0 absolute))", g), 1);
    QCOMPARE(matches("(match (position :moveevaluation A ? depth 8 >=3.0 absolute))", g), 0);
    // Only the moves the designators allow are weighed: the knight move goes to f6.
    QCOMPARE(matches("(match (position :moveevaluation n ?f6 depth 8 >=3.0 sidetomove))", g), 1);
    QCOMPARE(matches("(match (position :moveevaluation n ?c6 depth 8 >=3.0 sidetomove))", g), 0);
    // Every position was analysed once; asking again takes them from the cache.
    long long searches = engine::analysisStats().searches;
    QVERIFY(searches <= 8);
    QCOMPARE(matches("(match (position :moveevaluation U ? depth 8 >=3.0 sidetomove))", g), 1);
    QCOMPARE(engine::analysisStats().searches, searches);
}

void TestCqlsAnalysis::endgameEvaluation_data()
{
    QTest::addColumn<QString>("args");
    QTest::addColumn<QString>("fen");
    QTest::addColumn<int>("matches");
    QTest::newRow("KQ v K +mate") << "+mate" << QueenUp << 1;
    QTest::newRow("KQ v K *mate") << "*mate" << QueenUp << 1;
    QTest::newRow("KQ v K -mate") << "-mate" << QueenUp << 0;
    QTest::newRow("KQ v K −mate") << "\u2212mate" << QueenUp << 0;
    QTest::newRow("KQ v K remis") << "remis" << QueenUp << 0;
    QTest::newRow("KQ v K mate, white to move") << "mate" << QueenUp << 1;
    QTest::newRow("KQ v K mate, black to move") << "mate" << QueenUpBlack << 0;
    QTest::newRow("KB v K remis") << "remis" << BishopUp << 1;
    QTest::newRow("KB v K *mate") << "*mate" << BishopUp << 0;
    QTest::newRow("K v KQ -mate") << "-mate"
                                  << "4k2q/8/8/8/4K3/8/8/8 w - - 0 1" << 1;
    QTest::newRow("KP v K blockade remis") << "remis"
                                           << "8/8/8/8/8/4k3/4P3/4K3 w - - 0 1" << 1;
    QTest::newRow("KP v K won") << "+mate"
                                << "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1" << 1;
    QTest::newRow("bare kings remis") << "remis"
                                      << "8/8/8/4k3/8/8/8/4K3 w - - 0 1" << 1;
    QTest::newRow("start position: no table") << "remis" << chess::Position::StartFen << 0;
    QTest::newRow("start position: no table, *mate") << "*mate" << chess::Position::StartFen << 0;
    QTest::newRow("flipcolor: -mate finds White's win") << "-mate :flipcolor" << QueenUp << 1;
}

void TestCqlsAnalysis::endgameEvaluation()
{
    NEED_TABLES();
    QFETCH(QString, args);
    QFETCH(QString, fen);
    QFETCH(int, matches);
    QCOMPARE(positionMatches(":endgameevaluation " + args.toStdString(), fen.toStdString()), matches);
}

void TestCqlsAnalysis::endgameEvaluationDistance()
{
    NEED_TABLES();
    const char *OneMove = "k7/8/1K6/8/8/8/7Q/8 w - - 0 1"; // Qh8#
    QCOMPARE(positionMatches(":endgameevaluation mate 1", OneMove), 1);
    QCOMPARE(positionMatches(":endgameevaluation mate <=1", OneMove), 1);
    QCOMPARE(positionMatches(":endgameevaluation mate >=2", OneMove), 0);
    QCOMPARE(positionMatches(":endgameevaluation +mate 3 19", QueenUp), 1);
    QCOMPARE(positionMatches(":endgameevaluation +mate >=40", QueenUp), 0);
}

void TestCqlsAnalysis::endgameEvaluationInGame()
{
    NEED_TABLES();
    // Queen against knight: four pieces, outside the 3-piece tables; after the capture, KQ v K is a win.
    const char *pgn = "[FEN \"8/8/8/3nk3/2K5/8/8/3Q4 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qxd5+ Kf6 *\n";
    game::Game g = pgnGame(pgn);
    if (engine::gaviota::completePieces() < 4) QCOMPARE(matches("(match (position :endgameevaluation *mate))", g), 2);
    QCOMPARE(matches("(match (position :endgameevaluation +mate :btm))", g), 1);
    QCOMPARE(matches("(match (position :endgameevaluation remis))", g), 0);
    // A hanging queen draws: after 1.Qxd5+ Kxd5 nothing but the kings is left, and already before
    // the recapture the tables know it.
    game::Game h = pgnGame("[FEN \"8/8/8/3nk3/8/8/8/3QK3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qxd5+ Kxd5 *\n");
    QCOMPARE(matches("(match (position :endgameevaluation remis))", h), 2);
}

// ':endgameevaluation*' probes only where the constellation before it in the list holds
// for the first time in the game; later positions do not match even when they would.
void TestCqlsAnalysis::endgameEvaluationFirstOnly()
{
    NEED_TABLES();
    // KQ v K (a win), then the queen hangs (the tables see the draw), then K v K.
    game::Game g = pgnGame("[FEN \"8/8/2k5/8/8/8/8/3QK3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Qd5+ Kxd5 *\n");
    QVERIFY(g.errors.empty());
    QCOMPARE(matches("(match (position :endgameevaluation remis))", g), 2);
    QCOMPARE(matches("(match (position :endgameevaluation* remis))", g), 0);
    QCOMPARE(matches("(match (position :endgameevaluation* +mate))", g), 1);
    QCOMPARE(matches("(match (position :piececount [Qq] 0 :endgameevaluation* remis))", g), 1);
    QCOMPARE(matches("(match (position :btm :endgameevaluation* remis))", g), 1);
    // Each game starts afresh.
    QCOMPARE(matches("(match (position :endgameevaluation* +mate))", g), 1);
}

QTEST_GUILESS_MAIN(TestCqlsAnalysis)
#include "tst_cqlsanalysis.moc"
