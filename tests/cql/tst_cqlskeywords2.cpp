// CQL-S keywords added after the first set: potential continuations ('|')
// and :line*, :matchconsecutive, :perpendicular, :passedpawnrace, :reset,
// :variant and :startposition, and further match list keywords; each with the
// seed's example where it gives one, and the errors the seed describes.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqlstest.h"

#include "cql/cqls/parser.h"

using namespace cqltest;
using namespace cqlstest;

namespace {

// Positions: 0 start, 1 e4, 2 e5, 3 Bc4, 4 Nc6, 5 Qh5, 6 Nf6, 7 Qxf7#.
const char *Scholar = "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

int scholar(const std::string &list) { return matches("(match (position " + list + "))", pgnGame(Scholar)); }

std::string positionError(const std::string &list) { return cqlsError("(match (position " + list + "))"); }

} // namespace

class TestCqlsKeywords2 : public QObject {
    Q_OBJECT
private slots:
    void potentialContinuations();
    void potentialRookChecks();
    void lineStar();
    void lineStarErrors_data();
    void lineStarErrors();
};

void TestCqlsKeywords2::potentialContinuations()
{
    // After the moves before '|' the ones after it could be played (they need not be).
    QCOMPARE(scholar(":line (Pe2-e4 | Pe7-e5)"), 1);
    QCOMPARE(scholar(":line (Pe2-e4 | Qd8-h4)"), 0); // the e7 pawn blocks the queen
    QCOMPARE(scholar(":line (Pe2-e4 | Pd7-d5)"), 1); // possible, though not played
    QCOMPARE(scholar(":line (Bf1-c4 Nb8-c6 | Qd1-h5 Ng8-f6 Qh5xf7#)"), 1);
    QCOMPARE(scholar(":line (Bf1-c4 Nb8-c6 | Qd1-h5 Ng8-f6 Qh5xf7+*)"), 0);
    QCOMPARE(scholar(":line (Bf1-c4 Nb8-c6 | Qd1-f3 Pa7-a6 Qf3xf7#)"), 1);
    // Nothing before '|': the moves are possible in the position itself.
    QCOMPARE(scholar(":line (| Qxf7#)"), 1);
    QCOMPARE(scholar(":line (| Qd1-h5) :wtm"), 2); // positions 2 and 4
    // A null move is possible when not in check.
    QCOMPARE(scholar(":line (| null) :check"), 0);
    QVERIFY(positionError(":line (Pe2-e4 |)").find("must follow '|'") != std::string::npos);
    QVERIFY(positionError(":line (Pe2-e4 | U~e4)").find("'~'") != std::string::npos);
}

void TestCqlsKeywords2::potentialRookChecks()
{
    // The seed's example: rook checks, each followed by a king move, the last
    // king move only possible. The game ends with the fourth check.
    const char *game = "[Result \"1/2-1/2\"]\n[FEN \"7k/8/5K2/8/8/8/8/R7 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
                       "1. Ra8+ Kh7 2. Ra7+ Kh8 3. Ra8+ Kh7 4. Ra7+ 1/2-1/2\n";
    auto run = [&](const std::string &line) {
        return matches("(match :result 1/2 (position :flipcolor :line (" + line + ")))", pgnGame(game));
    };
    QCOMPARE(run("R:+ k R:+ k R:+ k R:+ | k"), 1);
    QCOMPARE(run("R:+ k R:+ k R:+ k R:+ k"), 0);       // the last king move was not played
    QCOMPARE(run("R:+ k R:+ k R:+ k R:+ | k R:+"), 1); // Kh8 Ra8+ could follow
    QCOMPARE(run("R:+ k R:+ k R:+ k R:+ | kxR"), 0);   // the king cannot take the rook
    QCOMPARE(run("R:+ k R:+ k R:+ k R:+ | Kh7-g6"), 0); // g6 is guarded by the white king
}

void TestCqlsKeywords2::lineStar()
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

void TestCqlsKeywords2::lineStarErrors_data()
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

void TestCqlsKeywords2::lineStarErrors()
{
    QFETCH(QString, script);
    QFETCH(QString, error);
    QCOMPARE(QString::fromStdString(cqlsError(script.toStdString())), error);
}

QTEST_GUILESS_MAIN(TestCqlsKeywords2)
#include "tst_cqlskeywords2.moc"
