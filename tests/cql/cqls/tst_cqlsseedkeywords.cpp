// CQL-S keywords added after the first set: potential continuations ('|')
// and :line*, :matchconsecutive, :perpendicular, :passedpawnrace, :reset,
// :variant and :startposition, and further match list keywords; each with the
// seed's example where it gives one, and the errors the seed describes.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../cqlstest.h"

#include "cql/cqls/parser.h"
#include "cql/cqls/tocql6.h"
#include "game/ficsstart.h"

using namespace cqltest;
using namespace cqlstest;

namespace {

// Positions: 0 start, 1 e4, 2 e5, 3 Bc4, 4 Nc6, 5 Qh5, 6 Nf6, 7 Qxf7#.
const char *Scholar = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

int scholar(const std::string &list) { return matches("(match (position " + list + "))", pgnGame(Scholar)); }

std::string positionError(const std::string &list) { return cqlsError("(match (position " + list + "))"); }

// Whether the game matches as a whole (1), not (0), or the script is refused (-1).
int gameMatch(const std::string &script, const game::Game &g)
{
    int n = matches(script, g);
    return n > 0 ? 1 : n;
}

} // namespace

class TestCqlsSeedKeywords : public QObject {
    Q_OBJECT
private slots:
    void potentialContinuations();
    void potentialRookChecks();
    void lineStar();
    void lineStarErrors_data();
    void lineStarErrors();
    void matchConsecutive();
    void perpendicular();
    void passedPawnRace();
    void resetAccumulator();
    void variants();
    void startPositions();
    void tagKeywords();
    void bareNot();
    void matchListPageForms();
    void seedListForms();
    void skip();
    void tagging();
    void taggingErrors_data();
    void taggingErrors();
    void eitherColour();
    void isCheckCount();
    void quotedPatterns();
    void errors_data();
    void errors();
};

void TestCqlsSeedKeywords::potentialContinuations()
{
    // The examples page: Legal's mate, the game Falkbeer-N.N., Vienna 1847 ("bxQ": a black
    // bishop takes the white queen), and the same game given up after the bishop's check.
    const std::string legal = "(match (position :flipcolor :line (Nxe5 bxQ Bxf7+ | ke7! Nd5#)))";
    const std::string moves =
        "1.e4 e5 2.Nf3 Nc6 3.d4 exd4 4.c3 dxc3 5.Nxc3 d6 6.Bc4 Bg4 7.O-O Ne5 8.Nxe5 Bxd1 9.Bxf7+ ";
    QCOMPARE(matches(legal, pgnGame(moves + "Ke7 10.Nd5# 1-0\n")), 1);
    QCOMPARE(matches(legal, pgnGame(moves + "1-0\n")), 1);
    QCOMPARE(
        matches(legal, pgnGame("1.e4 e5 2.Nf3 Nc6 3.d4 exd4 4.c3 dxc3 5.Nxc3 d6 6.Bc4 Bg4 7.O-O Ne5 8.Nxe5 Be6 *\n")),
        0);
    // After the moves before '|' the ones after it could be played (they need not be).
    QCOMPARE(scholar(":line (Pe2-e4 | pe7-e5)"), 1);
    QCOMPARE(scholar(":line (Pe2-e4 | qd8-h4)"), 0); // the e7 pawn blocks the queen
    QCOMPARE(scholar(":line (Pe2-e4 | pd7-d5)"), 1); // possible, though not played
    QCOMPARE(scholar(":line (Bf1-c4 nb8-c6 | Qd1-h5 ng8-f6 Qh5xf7#)"), 1);
    QCOMPARE(scholar(":line (Bf1-c4 nb8-c6 | Qd1-h5 ng8-f6 Qh5xf7+*)"), 0);
    QCOMPARE(scholar(":line (Bf1-c4 nb8-c6 | Qd1-f3 pa7-a6 Qf3xf7#)"), 1);
    // Without move numbers the letters name the colours, which must alternate (seed).
    QCOMPARE(positionError(":line (Pe2-e4 Ng8-f6)"),
             std::string("1:24: 'Ng8-f6': without move numbers the colours of the moves must alternate"));
    QCOMPARE(scholar(":line (Pe2-e4 | Pe7-e5)"), -1);
    QCOMPARE(scholar(":line (1.Pe2-e4 Pe7-e5)"), 1); // with numbers PGN letters serve both sides
    QCOMPARE(scholar(":line ([Qq]x[Pp])"), 1);       // the seed: either side captures with the queen
    // Nothing before '|': the moves are possible in the position itself.
    QCOMPARE(scholar(":line (| Qxf7#)"), 1);
    QCOMPARE(scholar(":line (| Qd1-h5) :wtm"), 2); // positions 2 and 4
    // A null move is possible when not in check.
    QCOMPARE(scholar(":line (| null) :check"), 0);
    QVERIFY(positionError(":line (Pe2-e4 |)").find("must follow '|'") != std::string::npos);
    QVERIFY(positionError(":line (Pe2-e4 | U~e4)").find("'~'") != std::string::npos);
}

void TestCqlsSeedKeywords::potentialRookChecks()
{
    // The seed's example: rook checks, each followed by a king move, the last
    // king move only possible. The game ends with the fourth check.
    const char *game = "[Result \"1/2-1/2\"]\n[FEN \"7k/8/5K2/8/8/8/8/R7 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
                       "1. Ra8+ Kh7 2. Ra7+ Kh8 3. Ra8+ Kh7 4. Ra7+ 1/2-1/2\n";
    auto run = [&](const std::string &line) {
        return matches("(match :result 1/2 (position :flipcolor :line (" + line + ")))", pgnGame(game));
    };
    QCOMPARE(run("R:+ k R:+ k R:+ k R:+ | k"), 1);
    QCOMPARE(run("R:+ k R:+ k R:+ k R:+ k"), 0);        // the last king move was not played
    QCOMPARE(run("R:+ k R:+ k R:+ k R:+ | k R:+"), 1);  // Kh8 Ra8+ could follow
    QCOMPARE(run("R:+ k R:+ k R:+ k R:+ | kxR"), 0);    // the king cannot take the rook
    QCOMPARE(run("R:+ k R:+ k R:+ k R:+ | kh7-g6"), 0); // g6 is guarded by the white king
    // The seed's query: in a :sequence the step after the line starts where its
    // moves lead, or after the potential king move when that was played too.
    const std::string seed = "(match :result 1/2 (position :sequence ((position :flipcolor "
                             ":line (R:+ k R:+ k R:+ k R:+ | k)) (position :terminal))))";
    QCOMPARE(matches(seed, pgnGame(game)), 1);
    const char *withKingMove = "[Result \"1/2-1/2\"]\n[FEN \"7k/8/5K2/8/8/8/8/R7 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
                               "1. Ra8+ Kh7 2. Ra7+ Kh8 3. Ra8+ Kh7 4. Ra7+ Kh8 1/2-1/2\n";
    QCOMPARE(matches(seed, pgnGame(withKingMove)), 1);
    const char *goesOn = "[Result \"1/2-1/2\"]\n[FEN \"7k/8/5K2/8/8/8/8/R7 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
                         "1. Ra8+ Kh7 2. Ra7+ Kh8 3. Ra8+ Kh7 4. Ra7+ Kh8 5. Kg6 1/2-1/2\n";
    QCOMPARE(matches(seed, pgnGame(goesOn)), 0);
    // Without a line a step covers one position.
    QCOMPARE(scholar(":sequence ((position :line (Pe2-e4 pe7-e5)) (position Pe4 pe5 :wtm))"), 1);
    QCOMPARE(scholar(":sequence ((position :line (Pe2-e4 pe7-e5)) (position :btm))"), 0);
}

void TestCqlsSeedKeywords::lineStar()
{
    // The seed: the French defence with transpositions, as the position after the moves.
    const std::string french = ":line* (1.Pe2-e4 Pe7-e6 2.Pd2-d4 Pd7-d5)";
    game::Game direct = pgnGame("1. e4 e6 2. d4 d5 3. Nc3 *\n");
    game::Game transposed = pgnGame("1. d4 d5 2. e4 e6 3. Nc3 *\n");
    game::Game other = pgnGame("1. d4 d5 2. e4 e5 3. Nc3 *\n");
    QCOMPARE(matches("(match (position " + french + "))", direct), 1);
    QCOMPARE(matches("(match (position " + french + "))", transposed), 1);
    QCOMPARE(matches("(match (position " + french + "))", other), 0);
    // The same positions as the seed's :fen equivalent.
    const std::string fen = ":fen \"rnbqkbnr/ppp2ppp/4p3/3p4/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 3\"";
    for (const game::Game *g : {&direct, &transposed, &other})
        QCOMPARE(matches("(match (position " + french + "))", *g), matches("(match (position " + fen + "))", *g));
    // The position list page: a '*' ending :line's moves makes it :line*. The
    // page writes the moves without piece letters; the seed calls that an error
    // for :line* (the pieces are not determined), and so do we.
    const std::string starred = "(match (position :line \"Pe2-e4 pe7-e6 Pd2-d4 pd7-d5 *\"))";
    QCOMPARE(matches(starred, direct), 1);
    QCOMPARE(matches(starred, transposed), 1);
    QCOMPARE(matches(starred, other), 0);
    QCOMPARE(cqlsError("(match (position :line \"e2-e4 e7-e6 d2-d4 d7-d5 *\"))"),
             "1:24: 'e2-e4': the moving piece is not determined (write one piece letter)");
    QCOMPARE(cqlsError("(match (position :line \"Pe2-e4 pe7-e6 *\" :flip))"),
             "1:18: ':line*' cannot be used with transforms (:flip, :flipcolor, :shift, ...)");
    // The seed's :sequence the line abbreviates: destinations as bare squares.
    const std::string sequence = "(match (position :initial :sequence ((position :movefrom Pe2 :moveto e4) "
                                 "(position :movefrom pe7 :moveto e6) (position :movefrom Pd2 :moveto d4) "
                                 "(position :movefrom pd7 :moveto d5))))";
    QCOMPARE(matches(sequence, direct), 1);
    QCOMPARE(matches(sequence, transposed), 0);
    // :line keeps the order.
    QCOMPARE(matches("(match (position :line (1.Pe2-e4 Pe7-e6 2.Pd2-d4 Pd7-d5)))", transposed), 0);
    QCOMPARE(matches("(match (position :line (1.Pe2-e4 Pe7-e6 2.Pd2-d4 Pd7-d5)))", direct), 1);
    // The seed's correct forms: colours by the half move, captures and checks named.
    game::Game scandinavian = pgnGame("1. e4 d5 2. exd5 Qxd5 *\n");
    QCOMPARE(matches("(match (position :line* (Pe2-e4 Pd7-d5)))", scandinavian), 1);
    QCOMPARE(matches("(match (position :line* (Pe2-e4 pd7-d5)))", scandinavian), 1);
    QCOMPARE(matches("(match (position :line* (Pe2-e4 pd7-d5 Pe4xPd5)))", scandinavian), 1);
    QCOMPARE(matches("(match (position :line* (Pe2-e4 pd7-d5 Pe4xNd5)))", scandinavian), 0);
    game::Game check = pgnGame("1. e4 f6 2. Qh5+ g6 *\n");
    QCOMPARE(matches("(match (position :line* (Pe2-e4 Pf7-f6 Qd1-h5+)))", check), 1);
    QCOMPARE(matches("(match (position :line* (Pe2-e4 Pf7-f6 Qd1-h5-)))", check), 0);
    // Castling is determined by the side that moves.
    game::Game castle = pgnGame("1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O O-O *\n");
    QCOMPARE(matches("(match (position :line* (Pg2-g3 Ng8-f6 Ng1-f3 Pg7-g6 Bf1-g2 Bf8-g7 O-O O-O)))", castle), 1);
    QCOMPARE(matches("(match (position :line* (Pg2-g3 Ng8-f6 Ng1-f3 Pg7-g6 Bf1-g2 Bf8-g7 O-O)))", castle), 1);
    QCOMPARE(matches("(match (position :line* (Pg2-g3 Ng8-f6 Ng1-f3 Pg7-g6 Bf1-h3 Bf8-g7 O-O)))", castle), 0);
}

void TestCqlsSeedKeywords::lineStarErrors_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("error");
    QTest::newRow("pieces") << "(match (position :line* (e2-e4 d7-d5)))"
                            << "1:25: 'e2-e4': the moving piece is not determined (write one piece letter)";
    QTest::newRow("captured piece") << "(match (position :line* (Pe2-e4 pd7-d5 Pe4xd5)))"
                                    << "1:25: 'Pe4xd5': the captured piece is not determined";
    QTest::newRow("destination") << "(match (position :line* (Pe2-e?)))"
                                 << "1:25: 'Pe2-e?': the destination square is not determined";
    QTest::newRow("check not last") << "(match (position :line* (Pe2-e4 Pf7-f6 Qd1-h5+ Pg7-g6)))"
                                    << "1:25: 'Qd1-h5+': ':line*' allows check marks only on its last move";
    QTest::newRow("potential") << "(match (position :line* (Pe2-e4 | Pe7-e5)))"
                               << "1:25: potential moves ('|') are not allowed in ':line*'";
    QTest::newRow("promotion") << "(match (position :line* (Pa7-a8)))"
                               << "1:25: 'Pa7-a8': the promotion piece is not determined";
    QTest::newRow("transform") << "(match (position :flipcolor\n  :line* (Pe2-e4)))"
                               << "2:3: ':line*' cannot be used with transforms (:flip, :flipcolor, :shift, ...)";
    QTest::newRow("any move") << "(match (position :line* (Pe2-e4 --)))"
                              << "1:25: '--': ':line*' needs every move determined; '--' is not";
}

void TestCqlsSeedKeywords::lineStarErrors()
{
    QFETCH(QString, script);
    QFETCH(QString, error);
    QCOMPARE(QString::fromStdString(cqlsError(script.toStdString())), error);
}

void TestCqlsSeedKeywords::matchConsecutive()
{
    // The seed: one side promotes to two different minor pieces one after the other.
    const std::string script = "(match (position :flipcolor :matchconsecutive ((position :promote B) (position) "
                               "(position :promote N))))";
    const char *fen = "[FEN \"7k/PP6/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n\n";
    QCOMPARE(matches(script, pgnGame(std::string(fen) + "1. a8=B Kg7 2. b8=N *\n")), 1);
    QCOMPARE(matches(script, pgnGame(std::string(fen) + "1. a8=N Kg7 2. b8=B *\n")), 1); // in any order
    QCOMPARE(matches(script, pgnGame(std::string(fen) + "1. a8=B Kg7 2. b8=R *\n")), 0);
    QCOMPARE(matches(script, pgnGame(std::string(fen) + "1. a8=B Kg7 2. Kb2 Kg6 3. b8=N *\n")), 0); // not successive
    const char *black = "[FEN \"k7/8/8/8/8/8/pp6/7K b - - 0 1\"]\n[SetUp \"1\"]\n\n1... a1=N 2. Kg2 b1=B *\n";
    QCOMPARE(matches(script, pgnGame(black)), 1); // :flipcolor
    // :sequence keeps the order.
    QCOMPARE(matches("(match (position :sequence ((position :promote B) (position) (position :promote N))))",
                     pgnGame(std::string(fen) + "1. a8=N Kg7 2. b8=B *\n")),
             0);
}

void TestCqlsSeedKeywords::perpendicular()
{
    QCOMPARE(positionMatches(":perpendicular R r", "7r/8/8/8/8/8/8/R3K2k w - - 0 1"), 1);
    QCOMPARE(positionMatches(":perpendicular R r", "r7/8/8/8/8/8/8/R3K2k w - - 0 1"), 0);   // one file: no crossing
    QCOMPARE(positionMatches(":perpendicular B b", "5b1k/8/8/8/8/8/8/2B1K3 w - - 0 1"), 1); // cross on h6
    QCOMPARE(positionMatches(":perpendicular B b", "2b4k/8/8/8/8/8/8/2B1K3 w - - 0 1"), 0); // other colours
    QCOMPARE(positionMatches(":perpendicular R b", "5b1k/8/8/8/8/8/8/R3K3 w - - 0 1"), 0);  // a rook and a bishop never
    QCOMPARE(positionMatches(":perpendicular Q b", "5bk1/8/8/8/8/8/8/Q3K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(":perpendicular K k", "7k/8/8/8/8/8/8/4K3 w - - 0 1"), 0); // only line pieces
}

void TestCqlsSeedKeywords::passedPawnRace()
{
    // Both sides have a pawn the other king cannot catch, three moves from promoting.
    const char *white = "4k3/8/8/P7/7p/8/8/K7 w - - 0 1";
    const char *black = "4k3/8/8/P7/7p/8/8/K7 b - - 0 1";
    QCOMPARE(positionMatches(":passedpawnrace", white), 1); // White moves first and promotes first
    QCOMPARE(positionMatches(":passedpawnrace P", white), 1);
    QCOMPARE(positionMatches(":passedpawnrace p", white), 0);
    QCOMPARE(positionMatches(":passedpawnrace", black), 1); // Black to move: the black king catches the a-pawn
    QCOMPARE(positionMatches(":passedpawnrace P", black), 0);
    // The other side must have king and pawns only.
    QCOMPARE(positionMatches(":passedpawnrace P", "4k3/8/8/P7/7p/8/8/K5r1 w - - 0 1"), 0);
    // No passed pawn of its own: never.
    QCOMPARE(positionMatches(":passedpawnrace", "4k3/8/8/8/7p/8/8/K7 w - - 0 1"), 0);
    QCOMPARE(positionMatches(":flipcolor :passedpawnrace P", black), 1);
    QCOMPARE(positionError(":passedpawnrace R"), "1:34: ':passedpawnrace' takes P or p");
}

void TestCqlsSeedKeywords::resetAccumulator()
{
    // The seed's tripled-pawn example: the count starts again for every horizontal shift.
    const std::string list =
        ":reset akku Pe2 :flipcolor :accumulate* akku :sumrange akku 3 :shiftvertical :shifthorizontal";
    QVERIFY(positionMatches(list, "4k3/8/8/8/4P3/4P3/4P3/4K3 w - - 0 1") > 0);
    QVERIFY(positionMatches(list, "4k3/8/8/8/1P6/1P6/1P6/4K3 w - - 0 1") > 0);
    QCOMPARE(positionMatches(list, "4k3/8/8/8/3P4/4P3/4P3/4K3 w - - 0 1"), 0);
    // Without :reset the three pawns count together.
    const std::string noReset = "Pe2 :flipcolor :accumulate* akku :sumrange akku 3 :shiftvertical :shifthorizontal";
    QVERIFY(positionMatches(noReset, "4k3/8/8/8/3P4/4P3/4P3/4K3 w - - 0 1") > 0);
    QCOMPARE(positionError(":reset nowhere"), "1:18: no position list accumulates into 'nowhere'");
}

void TestCqlsSeedKeywords::variants()
{
    game::Game standard = pgnGame(Scholar);
    QCOMPARE(gameMatch("(match :variant normal)", standard), 1);
    QCOMPARE(gameMatch("(match :variant normal,crazyhouse)", standard), 1);
    QCOMPARE(gameMatch("(match :variant suicide,giveaway,losers)", standard), 0);
    QCOMPARE(gameMatch("(match :variant normal)", standard), 1);
    QCOMPARE(gameMatch("(match (position :variant three-check))", standard), 0);
    QCOMPARE(gameMatch("(match (position !:variant three-check :mate))", standard), 1);
    QCOMPARE(cqlsError("(match :variant shogi)").rfind("1:17: 'shogi' is not a chess variant", 0), size_t(0));
    // Games of the variants the search reads are selected by their rules, under any of their names.
    const game::Game threeCheck = pgnGame("[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ *\n");
    QVERIFY(!threeCheck.unsupported);
    QCOMPARE(gameMatch("(match :variant three-check)", threeCheck), 1);
    QCOMPARE(gameMatch("(match :variant threecheck,antichess)", threeCheck), 1);
    QCOMPARE(gameMatch("(match :variant normal)", threeCheck), 0);
    QCOMPARE(gameMatch("(match (position :variant three-check :check))", threeCheck), 1);
    const game::Game zh = pgnGame("[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5 *\n");
    QVERIFY(!zh.unsupported);
    QCOMPARE(gameMatch("(match :variant crazyhouse)", zh), 1);
    QCOMPARE(gameMatch("(match :variant drop-chess)", zh), 1);
    QCOMPARE(gameMatch("(match :variant king-of-the-hill,normal)", zh), 0);
    const game::Game anti = pgnGame("[Variant \"Antichess\"]\n\n1. e3 b5 2. Bxb5 *\n");
    QCOMPARE(gameMatch("(match :variant suicide)", anti), 1);
    QCOMPARE(gameMatch("(match :variant giveaway,losers)", anti), 1);
    QCOMPARE(gameMatch("(match :variant losers,bughouse)", anti), 0);
    // A game of a variant we do not play is not searched; the problem names it.
    game::Game atomic = pgnGame("[Variant \"atomic\"]\n\n1. e4 e5 *\n");
    QVERIFY(atomic.unsupported);
    QVERIFY(!atomic.errors.empty());
    QVERIFY(atomic.errors[0].message.find("variant atomic not supported") != std::string::npos);
    game::Game horde = pgnGame("[Variant \"Horde\"]\n\n1. e4 e5 *\n");
    QVERIFY(horde.unsupported);
    QVERIFY(horde.errors[0].message.find("not supported") != std::string::npos);
    // Keywords of other variants behave in chess as the seed says.
    QCOMPARE(gameMatch("(match (position :threechecks))", standard), 0);
    QCOMPARE(gameMatch("(match (position !:mustcapture :mate))", standard), 1);
}

void TestCqlsSeedKeywords::startPositions()
{
    game::Game standard = pgnGame(Scholar);
    QCOMPARE(gameMatch("(match :startposition 518)", standard), 1);
    QCOMPARE(gameMatch("(match :startposition 1-517,519-3840)", standard), 0);
    QCOMPARE(gameMatch("(match :startposition *)", standard), 1);
    QCOMPARE(gameMatch("(match (position :startposition 518 :mate))", standard), 1);
    // The seed: 3398 is the standard arrangement without castling rights.
    game::Game noRights =
        pgnGame("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 *\n");
    QCOMPARE(gameMatch("(match :startposition 3398)", noRights), 1);
    QCOMPARE(gameMatch("(match :startposition 518)", noRights), 0);
    QCOMPARE(gameMatch("(match :startposition 518,3398)", noRights), 1);
    // Chess960 number 0 of Scharnagl's table (BBQNNRKR) is 960 here, as numbers start at 1.
    game::Game c960 =
        pgnGame("[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n"
                "[SetUp \"1\"]\n\n1. e4 *\n");
    QCOMPARE(gameMatch("(match :startposition 960)", c960), 1);
    QCOMPARE(gameMatch("(match :startposition 1-959)", c960), 0);
    QCOMPARE(gameMatch("(match :ischess960)", c960), 1);
    // King right of both rooks: 960 more than the Chess960 arrangement it comes from.
    game::Game right =
        pgnGame("[FEN \"rnbqrbnk/pppppppp/8/8/8/8/PPPPPPPP/RNBQRBNK w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 *\n");
    QCOMPARE(gameMatch("(match :startposition 1478)", right), 1);
    QCOMPARE(gameMatch("(match :startposition 0)", right), 0);
    game::Game other = pgnGame("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kd2 *\n");
    QCOMPARE(gameMatch("(match :startposition 0)", other), 1);
    QCOMPARE(gameMatch("(match :startposition *)", other), 0);
    // FICS start positions: the page's misc/runaway, by its FEN (castling rights aside).
    game::Game runaway =
        pgnGame("[FEN \"rnbq1bnr/pppppppp/4k3/8/8/4K3/PPPPPPPP/RNBQ1BNR w - - 0 1\"]\n[SetUp \"1\"]\n\n"
                "1. d4 d5 *\n");
    QCOMPARE(gameMatch("(match :startposition misc/runaway)", runaway), 1);
    QCOMPARE(gameMatch("(match :startposition MISC/Runaway)", runaway), 1);
    QCOMPARE(gameMatch("(match :startposition wild/5,misc/pyramid)", runaway), 0);
    QCOMPARE(gameMatch("(match :startposition *)", runaway), 1); // any supported start position
    QCOMPARE(gameMatch("(match :startposition 0)", runaway), 0);
    QCOMPARE(gameMatch("(match :startposition misc/runaway)", standard), 0);
    QCOMPARE(gameMatch("(match :startposition misc/runaway)", other), 0);
    // Black to move is another position.
    game::Game runawayBlack = pgnGame("[FEN \"rnbq1bnr/pppppppp/4k3/8/8/4K3/PPPPPPPP/RNBQ1BNR b - - 0 1\"]\n"
                                      "[SetUp \"1\"]\n\n1... d5 *\n");
    QCOMPARE(gameMatch("(match :startposition misc/runaway)", runawayBlack), 0);
    // A Variant tag naming one is ordinary chess from that position, also without a FEN tag;
    // the aliases Scidb reads name the same position.
    game::Game little = pgnGame("[Variant \"wild/7\"]\n\n1. b4 f5 *\n");
    QVERIFY(!little.unsupported);
    QCOMPARE(QString::fromStdString(little.nodes[0].position.fen()), QString("4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1"));
    QCOMPARE(gameMatch("(match :startposition misc/little-game)", little), 1);
    QCOMPARE(gameMatch("(match :startposition pawns/little-game)", little), 1);
    QCOMPARE(gameMatch("(match :startposition wild/8)", little), 0);
    // Every entry of the table: its FEN reads, is found as itself and only as itself.
    for (const game::FicsStart &f : game::ficsStarts()) {
        auto pos = chess::Position::fromFen(f.fen);
        QVERIFY2(pos.has_value(), f.fen.data());
        QCOMPARE(game::ficsStartNumber(*pos), f.number);
        for (std::string_view name : f.names) {
            QCOMPARE(game::ficsStartNamed(name), &f);
            game::Game g = pgnGame("[Variant \"" + std::string(name) + "\"]\n\n*\n");
            QVERIFY2(!g.unsupported, name.data());
            QCOMPARE(gameMatch("(match :startposition " + std::string(name) + ")", g), 1);
            QCOMPARE(gameMatch("(match :startposition 1-3840)", g), 0);
        }
    }
    QCOMPARE(int(game::ficsStarts().size()), 16);
    QCOMPARE(cqlsError("(match :startposition 4000)"),
             "1:23: '4000' is not a start position number (0 to 3840), range or FICS start position (wild/5, wild/7, "
             "wild/8, wild/19, misc/runaway, misc/pyramid, ...)");
    QCOMPARE(cqlsError("(match :startposition wild/0)").rfind("1:23: 'wild/0' is not a start position number", 0),
             size_t(0));
}

// ':not' standing in a match list negates the list it stands in (the match
// list page's first form); in a sub-match list, that list.
void TestCqlsSeedKeywords::bareNot()
{
    const game::Game standard = pgnGame(Scholar); // 1-0, standard start
    const game::Game draw = pgnGame("[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n");
    const game::Game runaway = pgnGame("[FEN \"rnbq1bnr/pppppppp/4k3/8/8/4K3/PPPPPPPP/RNBQ1BNR w - - 0 1\"]\n"
                                       "[SetUp \"1\"]\n\n1. d4 d5 *\n");
    // The page's examples: not a Shuffle Chess start, in both forms and as '!'.
    for (const char *script : {"(match match:isshufflechess position:not)",
                               "(match position:not (match match:isshufflechess))", "(match !match:isshufflechess)"}) {
        QVERIFY2(gameMatch(script, standard) == 0, script);
        QVERIFY2(gameMatch(script, runaway) == 1, script);
    }
    // "position:startposition 0 match:not": the game starts with a Shuffle Chess position.
    QCOMPARE(gameMatch("(match position:startposition 0 match:not)", standard), 1);
    QCOMPARE(gameMatch("(match position:startposition 0 match:not)", runaway), 1); // a FICS start is not 0 either
    QCOMPARE(
        gameMatch("(match :startposition 0 :not)", pgnGame("[FEN \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n")),
        0);
    // The whole list: not (1-0 and 4 plies or more).
    QCOMPARE(gameMatch("(match :result 1-0 :plycount >=4 :not)", standard), 0);
    QCOMPARE(gameMatch("(match :result 1-0 :plycount >=40 :not)", standard), 1);
    QCOMPARE(gameMatch("(match :not :result 1-0 :not)", standard), 1); // twice: no negation
    // In a sub-match list, as in the page's :goodgame example.
    const std::string notDrawn = "(match :or ((match :result 1/2 match:not) (match :plycount 40 unlimited)))";
    QCOMPARE(gameMatch(notDrawn, standard), 1);
    QCOMPARE(gameMatch(notDrawn, draw), 0);
    QCOMPARE(gameMatch("(match :and ((match :result 1/2 :not)) :result 1-0)", standard), 1);
    // With position lists: the game matches when the lists do not.
    QCOMPARE(gameMatch("(match (position :mate) :not)", standard), 0);
    QCOMPARE(gameMatch("(match (position :mate) :not)", draw), 1);
    QCOMPARE(gameMatch("(match (position :mate) :result 1-0 :not)", draw), 1);
    QCOMPARE(gameMatch("(match (position :check) :result 1/2 :not)", draw), 1); // no check
    QCOMPARE(gameMatch("(match (position Pe4) :result 1/2 :not)", draw), 0);
    // CQL 6: a list of game keywords becomes 'not {...}'; with position lists it is named as not converted.
    cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(notDrawn);
    QVERIFY(c.text.find("not {result 1/2-1/2}") != std::string::npos);
    c = cql::cqls::convertToCql6("(match :result 1-0 :not)");
    QVERIFY(c.untranslated.empty());
    QVERIFY(c.text.find("not {result 1-0}") != std::string::npos);
    c = cql::cqls::convertToCql6("(match (position :mate) :not)");
    QCOMPARE(int(c.untranslated.size()), 1);
    QCOMPARE(QString::fromStdString(c.untranslated[0].keyword), QString(":not"));
}

// Forms the match list page's examples use: date steps and reversed '..'
// ranges, blank dates, result lists, "a, b" lists, keywords in a group.
void TestCqlsSeedKeywords::matchListPageForms()
{
    auto dated = [](const std::string &date) { return pgnGame("[Date \"" + date + "\"]\n\n1. e4 *\n"); };
    // "2010-10-01 .. 2010-10-01+1m": October 2010.
    const std::string october = "(match position:date 2010-10-01 .. 2010-10-01+1m)";
    QCOMPARE(gameMatch(october, dated("2010.10.01")), 1);
    QCOMPARE(gameMatch(october, dated("2010.10.31")), 1);
    QCOMPARE(gameMatch(october, dated("2010.11.01")), 0);
    QCOMPARE(gameMatch(october, dated("2010.09.30")), 0);
    // "2010-10-27 .. 2010-10-27-43d": after September 14 up to October 27.
    const std::string tournament = "(match position:date 2010-10-27 .. 2010-10-27-43d)";
    QCOMPARE(gameMatch(tournament, dated("2010.10.27")), 1);
    QCOMPARE(gameMatch(tournament, dated("2010.09.15")), 1);
    QCOMPARE(gameMatch(tournament, dated("2010.09.14")), 0);
    QCOMPARE(gameMatch(tournament, dated("2010.10.28")), 0);
    // Steps across month and year ends, leap days, and in the order y, m, d.
    QCOMPARE(gameMatch("(match :date 2011-01-31+1m)", dated("2011.02.28")), 1);
    QCOMPARE(gameMatch("(match :date 2012-01-31+1m)", dated("2012.02.29")), 1);
    QCOMPARE(gameMatch("(match :date 2012-02-29+1y)", dated("2013.02.28")), 1);
    QCOMPARE(gameMatch("(match :date 2010-12-31+1d)", dated("2011.01.01")), 1);
    QCOMPARE(gameMatch("(match :date 2011-03-01-1d)", dated("2011.02.28")), 1);
    QCOMPARE(gameMatch("(match :date 2010-01-15-1y+2m-20d)", dated("2009.02.23")), 1);
    QCOMPARE(gameMatch("(match :date 2010-10-01 2010-10-31)", dated("2010.10.31")), 1); // both included
    QCOMPARE(gameMatch("(match :date 2010-10-31 2010-10-01)", dated("2010.10.15")), 1);
    // '–' blank dated, '*' any known year.
    QCOMPARE(gameMatch("(match position:date \xE2\x80\x93)", dated("????.??.??")), 1);
    QCOMPARE(gameMatch("(match position:date \xE2\x80\x93)", pgnGame("1. e4 *\n")), 1);
    QCOMPARE(gameMatch("(match position:date \xE2\x80\x93)", dated("2010.??.??")), 0);
    QCOMPARE(gameMatch("(match :date *)", dated("2010.??.??")), 1);
    QCOMPARE(gameMatch("(match :date *)", dated("????.??.??")), 0);
    QCOMPARE(cqlsError("(match :date 2010-10-01 .. 2010-10-01)"),
             "1:28: the date range '2010-10-01 .. 2010-10-01' is empty");
    QCOMPARE(cqlsError("(match :date 2010-02-29)"), "1:14: '2010-02-29' is not a day of the calendar");
    QCOMPARE(cqlsError("(match :date 2010-10-01+1d+1m)"),
             "1:14: '2010-10-01+1d+1m': a date step is +N or -N with y, m or d, in that order (2010-10-01+1m)");
    // "position:result 1-0,0-1": one side has won.
    const game::Game won = pgnGame("[Result \"0-1\"]\n\n1. e4 0-1\n");
    const game::Game drawn = pgnGame("[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2\n");
    QCOMPARE(gameMatch("(match position:result 1-0,0-1)", won), 1);
    QCOMPARE(gameMatch("(match position:result 1-0,0-1)", drawn), 0);
    QCOMPARE(gameMatch("(match :result 1/2,*)", drawn), 1);
    QCOMPARE(gameMatch("(match :result 1-0 :eithercolor)", won), 1);
    QCOMPARE(gameMatch("(match :result 0-0)", pgnGame("[Result \"0-0\"]\n\n1. e4 *\n")), 1);
    QCOMPARE(cqlsError("(match :result 1-0,2-0)"), "1:16: '2-0' is not a game result (1-0, 0-1, 1/2, 0-0, *)");
    QVERIFY(cql::cqls::convertToCql6("(match :result 1-0,0-1)").text.find("({result 1-0} or {result 0-1})")
            != std::string::npos);
    // The syntax page's example: quadrupled pawns in 2013 (":pawncount consecutive(4) >0", no designator).
    const std::string quadrupled = "(match\n  match:year 2013\n  (position\n    position:pawncount consecutive(4) >0\n"
                                   "    position:flipcolor))";
    QCOMPARE(gameMatch(quadrupled,
                       pgnGame("[Date \"2013.01.01\"]\n[FEN \"4k3/8/2P5/2P5/2P5/2P5/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n")),
             1);
    QCOMPARE(gameMatch(quadrupled,
                       pgnGame("[Date \"2013.01.01\"]\n[FEN \"4k3/2p5/2p5/2p5/2p5/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n")),
             1);
    QCOMPARE(gameMatch(quadrupled,
                       pgnGame("[Date \"2012.01.01\"]\n[FEN \"4k3/8/2P5/2P5/2P5/2P5/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n")),
             0);
    // "match:timemode normal, corr": a list written with a space after the comma.
    const game::Game corr = pgnGame("[TimeMode \"corr\"]\n\n1. e4 *\n");
    QCOMPARE(gameMatch("(match match:timemode normal, corr)", corr), 1);
    QCOMPARE(gameMatch("(match match:timemode normal, rapid)", corr), 0);
    // The :eithercolor example: keywords grouped in a list without a head.
    const std::string upset =
        "(match (\n  match:result 1-0\n  match:whiteelo <=2300\n  match:blackelo >=2600\n  match:eithercolor))";
    QCOMPARE(gameMatch(upset, pgnGame("[Result \"0-1\"]\n[WhiteElo \"2650\"]\n[BlackElo \"2250\"]\n\n1. e4 0-1\n")), 1);
    QCOMPARE(gameMatch(upset, pgnGame("[Result \"1-0\"]\n[WhiteElo \"2650\"]\n[BlackElo \"2250\"]\n\n1. e4 1-0\n")), 0);
    QCOMPARE(gameMatch(upset, pgnGame("[Result \"1-0\"]\n[WhiteElo \"2250\"]\n[BlackElo \"2650\"]\n\n1. e4 1-0\n")), 1);
}

// Forms of the seed's own examples: lists of keywords without a head as the
// lists :and/:or take, and a :sequence step that holds for several positions.
void TestCqlsSeedKeywords::seedListForms()
{
    // The evergreen game's double check by the rook on d1 and the bishop on f5.
    const game::Game evergreen = pgnGame(
        "[Result \"1-0\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5 4.b4 Bxb4 5.c3 Ba5 6.d4 exd4 7.O-O d3 8.Qb3 Qf6 9.e5 Qg6 "
        "10.Re1 Nge7 11.Ba3 b5 "
        "12.Qxb5 Rb8 13.Qa4 Bb6 14.Nbd2 Bb7 15.Ne4 Qf5 16.Bxd3 Qh5 17.Nf6+ gxf6 18.exf6 Rg8 19.Rad1 Qxf3 20.Rxe7+ Nxe7 "
        "21.Qxd7+ Kxd7 22.Bf5+ Ke8 23.Bd7+ Kf8 24.Bxe7# 1-0\n");
    QCOMPARE(matches("(match (position :and ((:check Rd1) (:check Bf5))))", evergreen), 1);
    QCOMPARE(matches("(match (position :and ((:check Rd1) (:check Bf5))))", evergreen),
             matches("(match (position :and ((position :check Rd1) (position :check Bf5))))", evergreen));
    QCOMPARE(matches("(match (position :and ((:check Rd1) (:check Bg4))))", evergreen), 0);
    // :blackcannotwin's equivalent in the seed: only the king, or king and one minor piece.
    const std::string bare =
        "(match (position :or ((position:piececount a 1) (position:piececount a 2 position:piececount i 1))))";
    QCOMPARE(matches(bare, pgnGame("[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1. Ra2 *\n")), 2);
    QCOMPARE(matches(bare, pgnGame("[FEN \"4kn2/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1. Ra2 *\n")), 2);
    QCOMPARE(matches(bare, pgnGame("[FEN \"4kr2/8/8/8/8/8/8/R3K3 w - - 0 1\"]\n\n1. Ra2 *\n")), 0);
    // In the match list too: ":or ((:result 1-0) (:result 0-1))".
    QCOMPARE(gameMatch("(match :or ((:result 1-0) (:result 0-1)))", evergreen), 1);
    // The seed's queen sacrifice: a step that holds for at least 12 consecutive positions
    // (Alekhine-Molina, 25.Qxa7!!: White stays a queen down to the end, 16 positions).
    const std::string sacrifice = "(match\n  match:result 1-0\n  (position\n    position:sequence (\n      (position\n"
                                  "        position:powerdifference U -2 +2\n        position:powerdifference Q q 0)\n"
                                  "      (position\n        position:repetitioncount >=12\n"
                                  "        position:powerdifference Q q <=-9))))";
    const std::string alekhine =
        "[Result \"1-0\"]\n\n1.e4 e5 2.d4 exd4 3.c3 d5 4.exd5 Nf6 5.Nf3 Nxd5 6.Qxd4 Nc6 7.Bb5 Be7 8.O-O O-O 9.Bxc6 "
        "bxc6 "
        "10.Re1 Bb7 11.Na3 Re8 12.Nc4 c5 13.Qd1 Qd7 14.Na5 Qb5 15.Nxb7 Qxb7 16.c4 Nb4 17.Qb3 Rad8 18.Be3 Qa6 19.a3 Nd3 "
        "20.Red1 Qg6 21.Rd2 Rd7 22.Qa4 c6 23.Rad1 Red8 24.h3 Nxb2 25.Qxa7 Rxa7 26.Rxd8+ Bf8 27.Bxc5 h6 28.Rxf8+ Kh7 "
        "29.Rdd8 Qb1+ 30.Kh2 Rb7 31.Nh4 g6 32.Bd4 f6 33.Bxf6 1-0\n";
    QCOMPARE(gameMatch(sacrifice, pgnGame(alekhine)), 1);
    std::string shorter = sacrifice;
    shorter.replace(shorter.find(">=12"), 4, ">=17");
    QCOMPARE(gameMatch(shorter, pgnGame(alekhine)), 0); // 16 positions a queen down, not 17
    // In CQL 6 the step is repeated: "{12,}".
    QVERIFY(cql::cqls::convertToCql6(sacrifice).text.find("--> {((power Q) - (power q)) <= -9}{12,}")
            != std::string::npos);
    // A queen traded back at once is no sacrifice.
    QCOMPARE(gameMatch(sacrifice, pgnGame("[Result \"1-0\"]\n\n1.e4 e5 2.Qh5 Qh4 3.Qxh4 Nf6 4.Qxf6 gxf6 1-0\n")), 0);
    // :repetitioncount belongs in a step itself, once.
    QVERIFY(cqlsError("(match (position :sequence ((position :check) (position :or ((position :repetitioncount 2))))))")
                .find("belongs in a position list of the match list or a :sequence step")
            != std::string::npos);
    QCOMPARE(cqlsError("(match (position :sequence ((position :repetitioncount 2 :repetitioncount 3))))"),
             "1:58: a :sequence step takes one :repetitioncount");
}

void TestCqlsSeedKeywords::tagKeywords()
{
    game::Game g =
        pgnGame("[Event \"Open\"]\n[Site \"Berlin\"]\n[Date \"2013.05.01\"]\n[Round \"3.2\"]\n[White \"A\"]\n"
                "[Black \"B\"]\n[Result \"1-0\"]\n[Annotator \"Fritz\"]\n[EventDate \"2013.04.30\"]\n"
                "[EventType \"swiss\"]\n[EventCountry \"GER\"]\n[WhiteTitle \"GM\"]\n[WhiteCountry \"NED\"]\n"
                "[WhiteType \"human\"]\n[BlackType \"program\"]\n[WhiteElo \"2500\"]\n[BlackElo \"2300\"]\n"
                "[Source \"ChessBase\"]\n\n1. e4 e5 1-0\n");
    auto m = [&](const std::string &keywords) { return gameMatch("(match " + keywords + ")", g); };
    QCOMPARE(m(":tag Source"), 1);
    QCOMPARE(m(":tag source chessbase"), 1);
    QCOMPARE(m(":tag Source USA"), 0);
    QCOMPARE(m(":tag Event"), 0); // the seven-tag roster is not "additional"
    QCOMPARE(m(":tag * base"), 1);
    QCOMPARE(m(":annotator fri"), 1);
    QCOMPARE(m(":annotator Capablanca"), 0);
    QCOMPARE(m(":eventdate 2013"), 1);
    QCOMPARE(m(":eventdate 1930 1935"), 0);
    QCOMPARE(m(":eventtype tourn,swiss"), 1);
    QCOMPARE(m(":eventtype simul"), 0);
    QCOMPARE(m(":eventcountry ger,ned"), 1);
    QCOMPARE(m(":title GM,IM"), 1);
    QCOMPARE(m(":blacktitle None"), 1);
    QCOMPARE(m(":whitetitle IM"), 0);
    QCOMPARE(m(":country NED"), 1);
    QCOMPARE(m(":blackcountry NED"), 0);
    QCOMPARE(m(":blackcountry UNK"), 1);
    QCOMPARE(m(":iscomputer"), 1);
    QCOMPARE(m(":whiteiscomputer"), 0);
    QCOMPARE(m("!:blackishuman"), 1);
    QCOMPARE(m(":rating ELO 2400 3000"), 1);
    QCOMPARE(m(":blackrating ELO >=2400"), 0);
    QCOMPARE(m(":averagerating ELO 2400"), 1);
    QCOMPARE(m(":averagerating* ELO >2400"), 0);
    QCOMPARE(m(":ratingdifference ELO <=200"), 1);
    QCOMPARE(m(":ratingdifference ELO <200"), 0);
    QCOMPARE(m(":subround 2"), 1);
    QCOMPARE(m(":subround 0"), 0);
    QCOMPARE(gameMatch("(match :subround 0)", pgnGame("[Round \"4\"]\n\n1. e4 *\n")), 1);
    QCOMPARE(gameMatch("(match :rating ACF >2000)", pgnGame("[BlackACF \"2100\"]\n\n1. e4 *\n")), 1);
}

void TestCqlsSeedKeywords::skip()
{
    // Positions a :skip list matches are passed over: no list counts them.
    const game::Game g = pgnGame(Scholar);
    QCOMPARE(matches("(match (position Qh5))", g), 2);
    QCOMPARE(matches("(match (position :btm :skip) (position Qh5))", g), 1);
    QCOMPARE(matches("(match (position Qh5 :skip (position :btm)))", g), 1);
    QCOMPARE(matches("(match (position Qh5 :matchcount 2 :skip (position :btm)))", g), 0);
    QCOMPARE(QString::fromStdString(positionError(":or ((position :skip))")),
             QString("1:33: ':skip' belongs in a position list of the match list"));
}

void TestCqlsSeedKeywords::tagging()
{
    const game::Game g = pgnGame(Scholar);
    // The tagged piece is followed through the game: the queen that stood on h5 takes on f7.
    QCOMPARE(matches("(match :forany x Q (position $x[h5]) (position $x[f7]))", g), 3);
    QCOMPARE(matches("(match :forany x q (position $x[h5]))", g), 0);
    QCOMPARE(matches("(match :forany x U (position $x[h5] :mate))", g), 0);
    QCOMPARE(matches("(match :forany x U (position :tagmatch x Q[f7] :mate))", g), 1);
    // The tagging page: this matches only if "foo" is a white pawn.
    QCOMPARE(matches("(match :forany foo U (position :tagmatch foo P :initial))", g), 1);
    QCOMPARE(matches("(match :forany foo U (position :tagmatch foo Pe2 :tagmatch foo Pe4))", g), 0);
    // Two tags are bound to different pieces.
    QCOMPARE(matches("(match :forany a R :forany b R (position $a[a1] $b[h1] :initial))", g), 1);
    QCOMPARE(matches("(match :forany a R :forany b R (position $a[a1] $b[a1] :initial))", g), 0);
    // A tag may stand for a piece that becomes of its type: promotion keeps the mark.
    game::Game promo = pgnGame("[FEN \"7k/P7/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a8=Q Kg7 2. Qb7+ *\n");
    QCOMPARE(matches("(match :forany t Q (position :tagmatch t Pa7))", promo), 1);
    QCOMPARE(matches("(match :forany t N (position :tagmatch t Pa7))", promo), 0);
    QCOMPARE(matches("(match :forany t Q (position $t[b7] :check))", promo), 1);
}

void TestCqlsSeedKeywords::taggingErrors_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("error");
    QTest::newRow("undefined $tag") << "(match (position $foo[a1]))"
                                    << "1:18: '$foo': no :forany of the match list defines the tag 'foo'";
    QTest::newRow("undefined :tagmatch") << "(match (position :tagmatch foo P))"
                                         << "1:28: no :forany of the match list defines the tag 'foo'";
    QTest::newRow("three tags") << "(match :forany a R :forany b R :forany c N (position))"
                                << "1:32: a match list takes at most two tags";
    QTest::newRow("twice") << "(match :forany a R :forany a N (position))"
                           << "1:28: the tag 'a' is defined twice";
    QTest::newRow("relation") << "(match :forany a R (position :relation (:changesidetomove)))"
                              << "1:30: tags (:forany) cannot be used in a match list with a :relation";
    QTest::newRow("designator") << "(match :forany a R~ (position))"
                                << "1:18: 'R~': ':forany' expects piece types (K, Q, ..., A, U)";
}

void TestCqlsSeedKeywords::taggingErrors()
{
    QFETCH(QString, script);
    QFETCH(QString, error);
    QCOMPARE(QString::fromStdString(cqlsError(script.toStdString())), error);
}

void TestCqlsSeedKeywords::eitherColour()
{
    // The match list page: a player rated 2300 or less beats one rated 2600 or more, with either colour.
    const std::string script = "(match :result 1-0 :whiteelo <=2300 :blackelo >=2600 :eithercolor)";
    auto game = [](const char *result, int white, int black) {
        return pgnGame(std::string("[Result \"") + result + "\"]\n[WhiteElo \"" + std::to_string(white)
                       + "\"]\n[BlackElo \"" + std::to_string(black) + "\"]\n\n1. e4 e5 " + result + "\n");
    };
    QCOMPARE(gameMatch(script, game("1-0", 2200, 2650)), 1);
    QCOMPARE(gameMatch(script, game("0-1", 2650, 2200)), 1);
    QCOMPARE(gameMatch(script, game("0-1", 2200, 2650)), 0);
    QCOMPARE(gameMatch(script, game("1-0", 2650, 2200)), 0);
    QCOMPARE(gameMatch("(match :result 1-0 :whiteelo <=2300 :blackelo >=2600)", game("0-1", 2650, 2200)), 0);
    // Position lists are flipped with the rest: "Black wins, White is mated" reads
    // "White wins, Black is mated" too.
    const game::Game scholar = pgnGame(Scholar);
    QCOMPARE(matches("(match :eithercolor :result 0-1 (position :mate :wtm))", scholar), 1);
    QCOMPARE(matches("(match :eithercolor :result 0-1 (position :mate :btm))", scholar), 0);
    QCOMPARE(matches("(match :eithercolor :result 0-1 (position Qf7 :mate))", scholar), 0);
    QCOMPARE(matches("(match :eithercolor :result 0-1 (position qf2 :mate))", scholar), 1);
    QCOMPARE(cqlsError("(match :eithercolor (position :flipcolor :mate))"),
             std::string("1:31: ':flipcolor' is not allowed with the match list's :eithercolor"));
}

void TestCqlsSeedKeywords::isCheckCount()
{
    // White checks twice (moves 2 and 6), Black once (move 4).
    const game::Game g = pgnGame("1. e4 f5 2. Qh5+ g6 3. Qe2 Bh6 4. Qb5 Bxd2+ 5. Kd1 a6 6. Qxd7+ Kxd7 *\n");
    QCOMPARE(matches("(match (position :ischeck))", g), 3);
    QCOMPARE(matches("(match (position :ischeck 1))", g), 2); // the first check of each side
    QCOMPARE(matches("(match (position :ischeck 2))", g), 1); // White's second: Qxd7+
    QCOMPARE(matches("(match (position :ischeck 2 3))", g), 1);
    QCOMPARE(matches("(match (position :ischeck 3))", g), 0);
    QCOMPARE(matches("(match (position :ischeck <2 :btm))", g), 1);
    // The seed: the only check of the game.
    QCOMPARE(matches("(match (position :matchcount 1 :ischeck))", g), 0);
    QCOMPARE(matches("(match (position :matchcount 1 :ischeck))", pgnGame("1. e4 f5 2. Qh5+ g6 *\n")), 1);
}

void TestCqlsSeedKeywords::quotedPatterns()
{
    // Quoted patterns match the whole value: '*' any text, '?' one character.
    const game::Game g = pgnGame("[Event \"FIDE-Wch 1985\"]\n[Site \"Moscow\"]\n[White \"Kasparov, Garry\"]\n"
                                 "[Black \"Karpov, Anatoly\"]\n[Result \"1-0\"]\n[Source \"USA\"]\n\n1. e4 e5 1-0\n");
    QCOMPARE(gameMatch("(match :event \"FIDE-Wch*\")", g), 1);
    QCOMPARE(gameMatch("(match :event \"Wch*\")", g), 0); // the whole name, not a part of it
    QCOMPARE(gameMatch("(match :event Wch)", g), 1);      // unquoted: a part of it
    QCOMPARE(gameMatch("(match :whiteplayer \"Kasparov, Garry\")", g), 1);
    QCOMPARE(gameMatch("(match :blackplayer \"Kasparov, Garry\")", g), 0);
    QCOMPARE(gameMatch("(match :player \"Karpov, ?natoly\")", g), 1);
    QCOMPARE(gameMatch("(match :site \"Mos*\")", g), 1);
    // The match list page's :annotator examples.
    QCOMPARE(gameMatch("(match :annotator \"?*\")", g), 0);
    QCOMPARE(gameMatch("(match :annotator \"\")", g), 1);
    QCOMPARE(gameMatch("(match :annotator \"*\")", g), 1);
    QCOMPARE(gameMatch("(match :tag * \"USA\")", g), 1);
    QCOMPARE(gameMatch("(match :tag Source \"US\")", g), 0);
    // :eithercolor swaps the player keywords too.
    QCOMPARE(gameMatch("(match :eithercolor :result 0-1 :blackplayer \"Kasparov*\")", g), 1);
}

void TestCqlsSeedKeywords::errors_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("error");
    QTest::newRow("perpendicular argument") << "(match (position :perpendicular R))"
                                            << "1:18: ':perpendicular' expects a piece designator";
    QTest::newRow("matchconsecutive argument") << "(match (position :matchconsecutive Ke1))"
                                               << "1:18: ':matchconsecutive' expects a list of (position ...) lists";
    QTest::newRow("startposition list") << "(match :startposition)"
                                        << "1:8: ':startposition' expects a comma-separated list";
    // The seed: attributes that contradict each other are an error.
    QTest::newRow("isolated-connected") << "(match\n (position :pawncount P isolated-connected >0))"
                                        << "2:25: pawn attributes 'isolated' and 'connected' contradict each other";
    QTest::newRow("passed-!passed") << "(match (position :pawncount P passed-!passed >0))"
                                    << "1:31: pawn attributes 'passed' and '!passed' contradict each other";
    QTest::newRow("single-double") << "(match (position :pawncountdifference P single-double 0))"
                                   << "1:41: pawn attributes 'single' and 'double' contradict each other";
}

void TestCqlsSeedKeywords::errors()
{
    // Attributes that can hold together still compile.
    QCOMPARE(positionMatches(":pawncount P isolated-passed 1", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches(":pawncount P isolated-!connected 1", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"), 1);
    QFETCH(QString, script);
    QFETCH(QString, error);
    QCOMPARE(QString::fromStdString(cqlsError(script.toStdString())), error);
}

QTEST_GUILESS_MAIN(TestCqlsSeedKeywords)
#include "tst_cqlsseedkeywords.moc"
