// The UCI client and the evaluation pool: score parsing, clear errors for a
// missing, dying or silent engine (fake engines), and real analyses with
// stockfish when it is installed.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "enginetest.h"

#include "engine/analysis.h"
#include "engine/uci.h"
#include "engine/ucivariant.h"

#include <QtTest>

#include <atomic>
#include <thread>
#include <vector>

using namespace enginetest;

namespace {

const char *MateInOne = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"; // Ra8#
const char *QueenUp = "8/8/8/4k3/8/8/8/4K2Q w - - 0 1";      // KQ v K, White to move
const char *QueenUpBlack = "8/8/8/4k3/8/8/8/4K2Q b - - 0 1"; // the same, Black to move

chess::Position pos(const char *fen) { return *chess::Position::fromFen(fen); }
chess::Position variantPos(const char *fen, chess::Variant v)
{
    return *chess::Position::fromFen(fen, nullptr, false, nullptr, v);
}

// Crazyhouse: White mates only by dropping the knight in hand, N@f7#.
const char *SmotherByDrop = "6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1";
// Three-check: White has one check left and gives it with Bb5+.
const char *LastCheck = "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 3";

// Fairy-Stockfish, the engine of the variant tests; "" if it is not installed.
std::string fairyStockfish() { return engine::resolveEnginePath("fairy-stockfish"); }

bool contains(const std::string &text, const char *part) { return text.find(part) != std::string::npos; }

} // namespace

class TestUci : public QObject {
    Q_OBJECT
private slots:
    void parseScores();
    void mateScoresOrder();
    void missingEngine();
    void engineDiesDuringSearch();
    void silentEngineTimesOut();
    void unknownOption();
    void stockfishMateInOne();
    void stockfishMaterial();
    void stockfishMovetime();
    void poolCachesAndThreads();
    void finalPositionsNeedNoEngine();
    void variantOptionLines();
    void variantRefusedByStandardEngine();
    void variantsWithFairyStockfish();
    void variantEndsNeedNoEngine();
};

void TestUci::parseScores()
{
    engine::Score s;
    QVERIFY(engine::parseInfoScore("info depth 12 seldepth 15 multipv 1 score cp 35 nodes 100 pv e2e4", s));
    QVERIFY(!s.mate);
    QCOMPARE(s.value, 35);
    QCOMPARE(s.depth, 12);
    QVERIFY(engine::parseInfoScore("info depth 5 score mate -3 pv a1a2", s));
    QVERIFY(s.mate);
    QCOMPARE(s.value, -3);
    QCOMPARE(s.matePlies(), 6);
    QVERIFY(!engine::parseInfoScore("info depth 9 score cp 80 lowerbound nodes 5", s));
    QVERIFY(!engine::parseInfoScore("info depth 9 multipv 2 score cp 10", s));
    QVERIFY(!engine::parseInfoScore("info string score cp 10", s));
    QVERIFY(!engine::parseInfoScore("info depth 3 nodes 200", s));
    QVERIFY(!engine::parseInfoScore("bestmove e2e4", s));
}

void TestUci::mateScoresOrder()
{
    engine::Score mate1{true, 1, 0, {}}, mate3{true, 3, 0, {}}, mated2{true, -2, 0, {}}, mated0{true, 0, 0, {}};
    engine::Score big{false, 5000, 0, {}};
    QVERIFY(mate1.centipawns() > mate3.centipawns());
    QVERIFY(mate3.centipawns() > big.centipawns());
    QVERIFY(mated2.centipawns() < -big.centipawns());
    QVERIFY(mated0.centipawns() < mated2.centipawns());
    // A mate differs from any material score by more than 10,000 pawns (seed).
    QVERIFY(mate3.centipawns() - big.centipawns() > 10000LL * 100);
}

void TestUci::missingEngine()
{
    std::string error;
    QVERIFY(engine::resolveEnginePath("/nonexistent/engine", &error).empty());
    QVERIFY2(contains(error, "not an executable"), error.c_str());
    QVERIFY(engine::resolveEnginePath("no-such-chess-engine-here", &error).empty());
    QVERIFY2(contains(error, "no engine 'no-such-chess-engine-here'"), error.c_str());

    engine::UciEngine e({"/nonexistent/engine", {}, 1000, 1000});
    try {
        e.start();
        QFAIL("a missing engine started");
    } catch (const engine::EngineError &ex) {
        QVERIFY2(contains(ex.what(), "cannot start the engine '/nonexistent/engine'"), ex.what());
    }
    QVERIFY(!e.running());
}

void TestUci::engineDiesDuringSearch()
{
    QTemporaryDir dir;
    std::string path = fakeEngine(dir, "quitter", DiesOnGo);
    engine::UciEngine e({path, {}, 5000, 5000});
    e.start();
    QCOMPARE(e.name(), std::string("Quitter"));
    try {
        e.analyse(QueenUp, {engine::Limit::Depth, 5});
        QFAIL("a dead engine gave a score");
    } catch (const engine::EngineError &ex) {
        QVERIFY2(contains(ex.what(), "exited") && contains(ex.what(), "exit status 3"), ex.what());
    }
    QVERIFY(!e.running());
}

void TestUci::silentEngineTimesOut()
{
    QTemporaryDir dir;
    engine::UciEngine mute({fakeEngine(dir, "mute", Mute), {}, 300, 300});
    QElapsedTimer t;
    t.start();
    try {
        mute.start();
        QFAIL("a mute engine started");
    } catch (const engine::EngineError &ex) {
        QVERIFY2(contains(ex.what(), "did not answer 'uciok' in time"), ex.what());
    }
    QVERIFY(t.elapsed() < 5000);
    QVERIFY(!mute.running());

    engine::UciEngine hang({fakeEngine(dir, "hang", HangsOnGo), {}, 2000, 300});
    hang.start();
    try {
        hang.analyse(QueenUp, {engine::Limit::Depth, 3});
        QFAIL("a hanging engine gave a score");
    } catch (const engine::EngineError &ex) {
        QVERIFY2(contains(ex.what(), "did not answer the result of 'go depth 3' in time"), ex.what());
    }
}

void TestUci::unknownOption()
{
    QTemporaryDir dir;
    engine::UciEngine e({fakeEngine(dir, "quitter", DiesOnGo), {{"NoSuchOption", "1"}}, 2000, 2000});
    try {
        e.start();
        QFAIL("an unknown option was accepted");
    } catch (const engine::EngineError &ex) {
        QVERIFY2(contains(ex.what(), "has no option 'NoSuchOption'"), ex.what());
    }
}

void TestUci::stockfishMateInOne()
{
    std::string sf = stockfish();
    if (sf.empty()) QSKIP("stockfish is not installed (apt-get install stockfish, or set CQLWB_TEST_ENGINE)");
    engine::UciEngine e({sf, {}, 10000, 60000});
    e.start();
    QVERIFY(e.hasOption("Hash"));
    engine::Score s = e.analyse(MateInOne, {engine::Limit::Depth, 6});
    QVERIFY(s.mate);
    QCOMPARE(s.value, 1);
    QCOMPARE(s.bestMove, std::string("a1a8"));
    // The mated side sees mate 0 after the move.
    engine::Score after = e.analyse("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1", {engine::Limit::Depth, 3});
    QVERIFY(after.mate);
    QCOMPARE(after.value, 0);
    QVERIFY(after.bestMove.empty());
}

void TestUci::stockfishMaterial()
{
    std::string sf = stockfish();
    if (sf.empty()) QSKIP("stockfish is not installed (apt-get install stockfish, or set CQLWB_TEST_ENGINE)");
    engine::UciEngine e({sf, {{"Hash", "16"}}, 10000, 60000});
    engine::Score w = e.analyse(QueenUp, {engine::Limit::Depth, 8}); // starts the engine itself
    QVERIFY(e.running());
    QVERIFY2(w.centipawns() >= 300, qPrintable(QString::number(w.centipawns())));
    engine::Score b = e.analyse(QueenUpBlack, {engine::Limit::Depth, 8});
    QVERIFY2(b.centipawns() <= -300, qPrintable(QString::number(b.centipawns())));
    engine::Score start = e.analyse(chess::Position::StartFen, {engine::Limit::Depth, 8});
    QVERIFY(!start.mate);
    QVERIFY2(std::abs(start.value) < 100, qPrintable(QString::number(start.value)));
    e.stop();
    QVERIFY(!e.running());
}

void TestUci::stockfishMovetime()
{
    std::string sf = stockfish();
    if (sf.empty()) QSKIP("stockfish is not installed (apt-get install stockfish, or set CQLWB_TEST_ENGINE)");
    engine::UciEngine e({sf, {}, 10000, 60000});
    e.start();
    QElapsedTimer t;
    t.start();
    engine::Score s = e.analyse(QueenUp, {engine::Limit::MoveTime, 200});
    QVERIFY(t.elapsed() >= 150);
    QVERIFY(t.elapsed() < 5000);
    QVERIFY(s.centipawns() >= 300);
    QVERIFY(!s.bestMove.empty());
}

void TestUci::poolCachesAndThreads()
{
    std::string sf = stockfish();
    if (sf.empty()) QSKIP("stockfish is not installed (apt-get install stockfish, or set CQLWB_TEST_ENGINE)");
    engine::Settings s;
    s.enginePath = sf;
    engine::resetAnalysis();
    QCOMPARE(engine::engineProblem(s), std::string());
    engine::Limit limit{engine::Limit::Depth, 6};
    engine::Score a = engine::evaluate(s, pos(QueenUp), limit);
    engine::Score b = engine::evaluate(s, pos(QueenUp), limit);
    QCOMPARE(a.centipawns(), b.centipawns());
    QCOMPARE(engine::analysisStats().searches, 1LL);
    QCOMPARE(engine::analysisStats().cacheHits, 1LL);

    // Several threads at once: each borrows its own engine; all answers agree with one engine's.
    // Engines differ in how many pawns K+Q v K is worth (Stockfish 15 says 6 or more,
    // 17 about 4.8 at low depth), so "winning" is 3 pawns here and below.
    const std::vector<const char *> fens{MateInOne, QueenUp, QueenUpBlack, chess::Position::StartFen};
    std::atomic<int> good{0}, bad{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int k = 0; k < 4; ++k) {
                try {
                    engine::Score r =
                        engine::evaluate(s, pos(fens[size_t(t + k) % fens.size()]), {engine::Limit::Depth, 5});
                    bool ok = fens[size_t(t + k) % fens.size()] == MateInOne ? (r.mate && r.value == 1)
                        : fens[size_t(t + k) % fens.size()] == QueenUp       ? r.centipawns() >= 300
                        : fens[size_t(t + k) % fens.size()] == QueenUpBlack  ? r.centipawns() <= -300
                                                                             : !r.mate;
                    (ok ? good : bad)++;
                } catch (...) {
                    bad++;
                }
            }
        });
    for (auto &th : threads)
        th.join();
    QCOMPARE(bad.load(), 0);
    QCOMPARE(good.load(), 16);
    // Four positions at one depth: four searches, the other twelve from the cache.
    QCOMPARE(engine::analysisStats().searches + engine::analysisStats().cacheHits, 2LL + 16);
    QVERIFY(engine::analysisStats().searches <= 1 + 4 + 3); // at most a race per position
    engine::resetAnalysis();
}

void TestUci::finalPositionsNeedNoEngine()
{
    engine::Settings s;
    s.enginePath = "/nonexistent/engine";
    engine::Score mated = engine::evaluate(s, pos("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"), {engine::Limit::Depth, 4});
    QVERIFY(mated.mate);
    QCOMPARE(mated.value, 0);
    engine::Score stalemate = engine::evaluate(s, pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), {engine::Limit::Depth, 4});
    QVERIFY(!stalemate.mate);
    QCOMPARE(stalemate.value, 0);
    // Anything else needs the engine: a clear error, and again at once without a new attempt.
    for (int k = 0; k < 2; ++k) {
        try {
            engine::evaluate(s, pos(QueenUp), {engine::Limit::Depth, 4});
            QFAIL("a missing engine gave a score");
        } catch (const engine::EngineError &ex) {
            QVERIFY2(contains(ex.what(), "'/nonexistent/engine' is not an executable file"), ex.what());
        }
    }
}

void TestUci::variantOptionLines()
{
    const std::vector<std::string> v = engine::uciVariantValues(
        "option name UCI_Variant type combo default chess var 3check var antichess var chess var crazyhouse");
    QCOMPARE(v, (std::vector<std::string>{"3check", "antichess", "chess", "crazyhouse"}));
    QVERIFY(engine::uciVariantValues("option name UCI_Chess960 type check default false").empty());
    QVERIFY(engine::uciVariantValues("option name UCI_Variant").empty());
    QVERIFY(engine::variantProblem(chess::Variant::Standard, {}, "Stockfish").empty());
    QVERIFY(engine::variantProblem(chess::Variant::Crazyhouse, v, "Fairy").empty());
    const std::string why = engine::variantProblem(chess::Variant::KingOfTheHill, v, "Fairy");
    QVERIFY2(contains(why, "'Fairy' does not play King of the Hill") && contains(why, "kingofthehill"), why.c_str());
}

void TestUci::variantRefusedByStandardEngine()
{
    std::string sf = stockfish();
    if (sf.empty()) QSKIP("stockfish is not installed (apt-get install stockfish, or set CQLWB_TEST_ENGINE)");
    engine::Settings s;
    s.enginePath = sf;
    const chess::Position zh = variantPos(SmotherByDrop, chess::Variant::Crazyhouse);
    try {
        engine::evaluate(s, zh, {engine::Limit::Depth, 4});
        QFAIL("a Crazyhouse position was analysed by an engine without UCI_Variant");
    } catch (const engine::EngineError &ex) {
        QVERIFY2(contains(ex.what(), "does not play Crazyhouse"), ex.what());
    }
    // The same engine still analyses standard positions afterwards.
    QVERIFY(engine::evaluate(s, pos(MateInOne), {engine::Limit::Depth, 4}).mate);
}

void TestUci::variantsWithFairyStockfish()
{
    const std::string fsf = fairyStockfish();
    if (fsf.empty()) QSKIP("fairy-stockfish is not installed (apt-get install fairy-stockfish)");
    engine::Settings s;
    s.enginePath = fsf;
    // A drop is the only mate, and the best move is written as one.
    engine::Score drop =
        engine::evaluate(s, variantPos(SmotherByDrop, chess::Variant::Crazyhouse), {engine::Limit::Depth, 6});
    QVERIFY(drop.mate);
    QCOMPARE(drop.value, 1);
    QCOMPARE(drop.bestMove, std::string("N@f7"));
    // The third check wins at once: under standard rules Bb5+ would be no mate.
    engine::Score third =
        engine::evaluate(s, variantPos(LastCheck, chess::Variant::ThreeCheck), {engine::Limit::Depth, 6});
    QVERIFY(third.mate);
    QCOMPARE(third.value, 1);
    // The board of SmotherByDrop without the knight in hand, as standard chess: no mate, and
    // the cached Crazyhouse score is not taken for it (the variant is part of the key).
    engine::Score plain = engine::evaluate(s, pos("6rk/6pp/8/8/8/8/8/K7 w - - 0 1"), {engine::Limit::Depth, 6});
    QVERIFY(!plain.mate);
}

void TestUci::variantEndsNeedNoEngine()
{
    engine::Settings s;
    s.enginePath = "/nonexistent/engine";
    // King of the Hill: White's king reached e4, Black to move has lost.
    engine::Score hill = engine::evaluate(s, variantPos("4k3/8/8/8/4K3/8/8/8 b - - 0 1", chess::Variant::KingOfTheHill),
                                          {engine::Limit::Depth, 4});
    QVERIFY(hill.mate);
    QCOMPARE(hill.value, 0);
    // Antichess: White to move has no pieces left and has won.
    engine::Score won = engine::evaluate(s, variantPos("8/8/8/8/8/8/8/7q w - - 0 1", chess::Variant::Antichess),
                                         {engine::Limit::Depth, 4});
    QVERIFY(!won.mate);
    QCOMPARE(won.centipawns(), engine::MateCentipawns);
}

QTEST_GUILESS_MAIN(TestUci)
#include "tst_uci.moc"
