// CQL-S basics: the piece and square designator alphabet, range and
// percentage specifiers, and the transforms of designators exactly as seeds
// 000 and 002 define them (shifts keep the squares on the trailing edge).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../cqlstest.h"

#include "cql/cqls/designatorfilters.h"
#include "cql/cqls/matchlist.h"
#include "cql/cqls/designators.h"
#include "cql/cqls/lexer.h"
#include "cql/cqls/parser.h"

using namespace cqltest;
using namespace cqlstest;
using cql::cqls::Designator;
using cql::cqls::Range;

namespace {

Designator parse(const char *text)
{
    Designator d;
    std::string err;
    if (!cql::cqls::parseDesignator(text, d, err))
        QTest::qFail(("cannot parse " + std::string(text) + ": " + err).c_str(), __FILE__, __LINE__);
    return d;
}

chess::SquareSet squaresOf(const char *designator) { return parse(designator).squares; }

cql::PieceMask bit(chess::Piece p) { return cql::PieceMask(1u << p); }

Range range(const std::string &a, const std::string &b = {})
{
    // Through a compiled :piececount would hide the bounds: parse the words directly.
    Range r;
    bool plain = false;
    if (!cql::cqls::parseRangeWord(a, r, plain, true, true))
        r.empty = true, r.lo.value = 12345; // marks "did not parse"
    if (!b.empty() && plain) {
        Range second;
        bool plain2;
        if (cql::cqls::parseRangeWord(b, second, plain2, true, true)) r.hi = second.hi;
    }
    return r;
}

} // namespace

class TestCqlsDesignators : public QObject {
    Q_OBJECT
private slots:
    void pieceLetters();
    void promotionMarks();
    void squareDesignators_data();
    void squareDesignators();
    void badDesignators_data();
    void badDesignators();
    void designatorsOnTheBoard_data();
    void designatorsOnTheBoard();
    void promotedPiecesInAGame();
    void rangeSpecifiers();
    void percentages();
    void diagonalFlips();
    void verticalAndHorizontalFlips();
    void dihedralImagesOfQc2();
    void unitShiftsKeepTrailingEdge();
    void shiftComposition();
    void colorFlip();
    void recognisedByContentAndExtension();
    void listsAndComments();
};

void TestCqlsDesignators::pieceLetters()
{
    using namespace chess;
    QCOMPARE(parse("K").pieces.plain, bit(WKing));
    QCOMPARE(parse("p").pieces.plain, bit(BPawn));
    QCOMPARE(parse("U").pieces.plain, cql::PieceMask(cql::WhiteBits | cql::BlackBits));
    QCOMPARE(parse("A").pieces.plain, cql::WhiteBits);
    QCOMPARE(parse("a").pieces.plain, cql::BlackBits);
    QCOMPARE(parse("M").pieces.plain, cql::PieceMask(bit(WQueen) | bit(WRook)));
    QCOMPARE(parse("m").pieces.plain, cql::PieceMask(bit(BQueen) | bit(BRook)));
    QCOMPARE(parse("I").pieces.plain, cql::PieceMask(bit(WBishop) | bit(WKnight)));
    QCOMPARE(parse("i").pieces.plain, cql::PieceMask(bit(BBishop) | bit(BKnight)));
    QCOMPARE(parse(".").pieces.plain, cql::EmptyBit);
    QVERIFY(parse("?").pieces.anything);
    QCOMPARE(parse("[Rb]d1").pieces.plain, cql::PieceMask(bit(WRook) | bit(BBishop)));
    QCOMPARE(parse("[]").pieces.any(), false);
}

void TestCqlsDesignators::promotionMarks()
{
    using namespace chess;
    Designator d = parse("[Q~q~]");
    QCOMPARE(d.pieces.promoted, cql::PieceMask(bit(WQueen) | bit(BQueen)));
    QCOMPARE(d.pieces.plain, cql::PieceMask(0));
    d = parse("[Q~~q~~][a1,h1,a8,h8]");
    QCOMPARE(d.pieces.unpromoted, cql::PieceMask(bit(WQueen) | bit(BQueen)));
    QCOMPARE(d.squares, squares("a1 h1 a8 h8"));
    d = parse("U~");
    QCOMPARE(d.pieces.promoted, cql::PieceMask(cql::WhiteBits | cql::BlackBits));
    d = parse("U~~");
    QCOMPARE(d.pieces.unpromoted, cql::PieceMask(cql::WhiteBits | cql::BlackBits));
}

void TestCqlsDesignators::squareDesignators_data()
{
    QTest::addColumn<QString>("designator");
    QTest::addColumn<QString>("expected");
    // The examples of the square designator page.
    QTest::newRow("b3") << "bb3"
                        << "b3";
    QTest::newRow("[a-c1]") << "R[a-c1]"
                            << "a1 b1 c1";
    QTest::newRow("[b3-5]") << "R[b3-5]"
                            << "b3 b4 b5";
    QTest::newRow("[f-h6-8]") << "R[f-h6-8]"
                              << "f6 f7 f8 g6 g7 g8 h6 h7 h8";
    QTest::newRow("[a1,c4]") << "R[a1,c4]"
                             << "a1 c4";
    QTest::newRow("[a-h1-2,a8,h8]") << "R[a-h1-2,a8,h8]"
                                    << "a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 a8 h8";
    QTest::newRow("[D1]") << "R[D1]"
                          << "a1 c1 e1 g1";
    QTest::newRow("a?") << "Ra?"
                        << "a1 a2 a3 a4 a5 a6 a7 a8";
    QTest::newRow("?8") << "R?8"
                        << "a8 b8 c8 d8 e8 f8 g8 h8";
    QTest::newRow("??1 = ? on ?1") << "??1"
                                   << "a1 b1 c1 d1 e1 f1 g1 h1";
    QTest::newRow("?b? = ? on b?") << "?b?"
                                   << "b1 b2 b3 b4 b5 b6 b7 b8";
    QTest::newRow("[?5-7]") << "P[?5-7]"
                            << "a5 b5 c5 d5 e5 f5 g5 h5 a6 b6 c6 d6 e6 f6 g6 h6 a7 b7 c7 d7 e7 f7 g7 h7";
    QTest::newRow("aL") << "RaL"
                        << "a2 a4 a6 a8";
    QTest::newRow("[ ]") << "B[ ]"
                         << "";
    QTest::newRow("[+] backhand: no board square") << "N[+]"
                                                   << "";
    QTest::newRow("[+,a1]") << "N[+,a1]"
                            << "a1";
    // Bracketed sets of files or ranks, as the seed's examples write them.
    QTest::newRow("seed: .[ac]3") << ".[ac]3"
                                  << "a3 c3";
    QTest::newRow("seed: b[bg]7") << "b[bg]7"
                                  << "b7 g7";
    QTest::newRow("seed: M?[1-7]") << "M?[1-7]"
                                   << "a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 a3 b3 c3 d3 e3 f3 g3 h3 "
                                      "a4 b4 c4 d4 e4 f4 g4 h4 a5 b5 c5 d5 e5 f5 g5 h5 a6 b6 c6 d6 e6 f6 g6 h6 "
                                      "a7 b7 c7 d7 e7 f7 g7 h7";
    QTest::newRow("page: Pd[2-7]") << "Pd[2-7]"
                                   << "d2 d3 d4 d5 d6 d7";
    QTest::newRow("[a-c,h]1") << "R[a-c,h]1"
                              << "a1 b1 c1 h1";
    QTest::newRow("[ae][18]") << "K[ae][18]"
                              << "a1 a8 e1 e8";
    // A square designator alone (the seed's ':moveto e4'): anything there.
    QTest::newRow("seed: e4") << "e4"
                              << "e4";
    QTest::newRow("?7") << "?7"
                        << "a7 b7 c7 d7 e7 f7 g7 h7";
}

void TestCqlsDesignators::squareDesignators()
{
    QFETCH(QString, designator);
    QFETCH(QString, expected);
    QCOMPARE(squaresOf(designator.toLatin1().constData()), squares(expected.toLatin1().constData()));
}

void TestCqlsDesignators::badDesignators_data()
{
    QTest::addColumn<QString>("designator");
    QTest::newRow("LL: light marks on files and ranks") << "BLL";
    QTest::newRow("DL") << "BDL";
    QTest::newRow("list without brackets") << "Ra1,c4";
    QTest::newRow("not a piece") << "Xa1";
    QTest::newRow("unclosed bracket") << "[Qq";
    QTest::newRow("not a file") << "R[z1]";
    QTest::newRow("empty square promoted") << ".~";
    QTest::newRow("empty file set") << "R[]1";
    QTest::newRow("not a rank in the set") << "Ra[19]";
    QTest::newRow("square then junk") << "e4x";
}

void TestCqlsDesignators::badDesignators()
{
    QFETCH(QString, designator);
    Designator d;
    std::string err;
    QVERIFY(!cql::cqls::parseDesignator(designator.toStdString(), d, err));
    QVERIFY(!err.empty());
}

void TestCqlsDesignators::designatorsOnTheBoard_data()
{
    QTest::addColumn<QString>("list");
    QTest::addColumn<int>("matches");
    const QString empty4 = "(match (position .e4 .d4 .e5 .d5))";
    QTest::newRow(". empty centre") << ".e4 .d4 .e5 .d5" << 1;
    QTest::newRow(". not empty") << ".e1" << 0;
    QTest::newRow("? anything") << "?e4 ?e1" << 1;
    QTest::newRow("U any piece") << "Ue1" << 1;
    QTest::newRow("U not empty") << "Ue4" << 0;
    QTest::newRow("M major") << "Md1 Ma1 mh8" << 1;
    QTest::newRow("M not minor") << "Mb1" << 0;
    QTest::newRow("I minor") << "Ib1 Ic1 ig8" << 1;
    QTest::newRow("A white") << "A[a-h1-2]" << 1;
    QTest::newRow("a black on white side") << "a[a-h1-4]" << 0;
    QTest::newRow("[Bb] on light squares") << "[Bb]L?" << 1;
    QTest::newRow("[Bb]D1 dark c1") << "[Bb][D1]" << 1;
    QTest::newRow("B[ ] never") << "B[ ]" << 0;
    QTest::newRow("[] pieces never") << "[]e1" << 0;
}

void TestCqlsDesignators::designatorsOnTheBoard()
{
    QFETCH(QString, list);
    QFETCH(int, matches);
    QCOMPARE(positionMatches(list.toStdString(), chess::Position::StartFen), matches);
}

void TestCqlsDesignators::promotedPiecesInAGame()
{
    // The white queen on a8 comes from a promotion; the one on d1 does not.
    game::Game g = pgnGame("[FEN \"7k/P7/8/8/8/8/8/3QK3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a8=Q+ Kh7 *\n");
    QCOMPARE(matches("(match (position Q~a8))", g), 2);
    QCOMPARE(matches("(match (position Q~d1))", g), 0);
    QCOMPARE(matches("(match (position Q~~d1))", g), 3);
    QCOMPARE(matches("(match (position Q~~a8))", g), 0);
    QCOMPARE(matches("(match (position U~))", g), 2);
    // The seed's example: a promoted queen on a corner square.
    QCOMPARE(matches("(match (position [Q~q~][a1,h1,a8,h8]))", g), 2);
    // Captured, the promoted piece is gone: after ...Kxa8 no promoted piece is left.
    game::Game h = pgnGame("[FEN \"8/Pk6/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a8=Q+ Kxa8 *\n");
    QCOMPARE(matches("(match (position U~))", h), 1);
    QCOMPARE(matches("(match (position :moveto U~))", h), 1);
    QCOMPARE(matches("(match (position :moveto U~~))", h), 0);
}

void TestCqlsDesignators::rangeSpecifiers()
{
    Range r = range("1934");
    QVERIFY(r.contains(1934) && !r.contains(1933) && !r.contains(1935));
    r = range("1934", "2000");
    QVERIFY(r.contains(1934) && r.contains(2000) && r.contains(1950) && !r.contains(2001));
    r = range(">=1934");
    QVERIFY(r.contains(1934) && r.contains(3000) && !r.contains(1933));
    r = range("<1935");
    QVERIFY(r.contains(1934) && !r.contains(1935));
    r = range(">0");
    QVERIFY(r.contains(1) && !r.contains(0));
    r = range("<=30");
    QVERIFY(r.contains(30) && !r.contains(31));
    r = range("*");
    QVERIFY(r.contains(-5) && r.contains(100000));
    r = range("\xE2\x80\x93"); // '–': the empty range
    QVERIFY(!r.contains(0) && !r.contains(1934));
    r = range("-5", "10");
    QVERIFY(r.contains(-5) && r.contains(10) && !r.contains(-6));
    r = range("<=\xE2\x88\x92"
              "9"); // with a Unicode minus, as in the :powerdifference example
    QVERIFY(r.contains(-9) && !r.contains(-8));
    r = range("end-3");
    QVERIFY(r.lo.fromEnd && r.lo.value == -3 && r.hi.fromEnd);
    r = range("end");
    QVERIFY(r.lo.fromEnd && r.lo.value == 0);
    QCOMPARE(range("x3").lo.value, 12345LL);
    QCOMPARE(range("end+3").lo.value, 12345LL);
}

void TestCqlsDesignators::percentages()
{
    // The examples of the percentage page, checked as :pawncount percentages:
    // four white pawns, one of them (a2) isolated (25%).
    const std::string fen = "4k3/8/8/8/8/8/P2PPP2/4K3 w - - 0 1";
    QCOMPARE(positionMatches(":pawncount P isolated >20%", fen), 1);
    QCOMPARE(positionMatches(":pawncount P isolated >25%", fen), 0);
    QCOMPARE(positionMatches(":pawncount P isolated >=25%", fen), 1);
    QCOMPARE(positionMatches(":pawncount P isolated 30% 70%", fen), 0);
    QCOMPARE(positionMatches(":pawncount P connected 30% 75%", fen), 1);
    QCOMPARE(positionMatches(":pawncount P connected >70%", fen), 1);
    QVERIFY(cqlsError("(match (position :pawncount P isolated >150%))").find("range") != std::string::npos);
}

void TestCqlsDesignators::diagonalFlips()
{
    // Seeds 000/002: the diagonal flip of [Aa][a-h1-2,f6,h7] is [Aa][a-b1-8,f6,g8].
    cql::Transform diag = cql::Transform::dihedral(6);
    QCOMPARE(cql::cqls::cqlsImage(diag, squaresOf("[Aa][a-h1-2,f6,h7]")), squaresOf("[Aa][a-b1-8,f6,g8]"));
    QCOMPARE(cql::cqls::cqlsImage(diag, squaresOf("Ra8")), squares("h1"));
    // The off-diagonal flip of Ra8 is Ra8; of [Bb][a1-8] it is [Bb][a-h8].
    cql::Transform off = cql::Transform::dihedral(7);
    QCOMPARE(cql::cqls::cqlsImage(off, squaresOf("Ra8")), squares("a8"));
    QCOMPARE(cql::cqls::cqlsImage(off, squaresOf("[Bb][a1-8]")), squaresOf("[Bb][a-h8]"));
    // Through the filter: pieces stay, squares move.
    cql::cqls::CqlsDesignatorFilter f(cql::PieceMask(cql::WhiteBits | cql::BlackBits), squaresOf("[Aa][a-h1-2,f6,h7]"));
    auto img = f.transformed(diag);
    auto *d = dynamic_cast<cql::DesignatorFilter *>(img.get());
    QVERIFY(d);
    QCOMPARE(d->squares(), squaresOf("[Aa][a-b1-8,f6,g8]"));
    QCOMPARE(d->pieces(), cql::PieceMask(cql::WhiteBits | cql::BlackBits));
}

void TestCqlsDesignators::verticalAndHorizontalFlips()
{
    QCOMPARE(cql::cqls::cqlsImage(cql::Transform::mirrorFiles(), squaresOf("Uf6")), squares("c6"));
    QCOMPARE(cql::cqls::cqlsImage(cql::Transform::mirrorRanks(), squaresOf("Uf6")), squares("f3"));
}

void TestCqlsDesignators::dihedralImagesOfQc2()
{
    chess::SquareSet images;
    int distinct = 0;
    for (int i = 0; i < 8; ++i) {
        chess::SquareSet s = cql::cqls::cqlsImage(cql::Transform::dihedral(i), squares("c2"));
        QCOMPARE(s.count(), 1);
        if (!(images & s).any()) ++distinct;
        images |= s;
    }
    QCOMPARE(distinct, 8);
    QCOMPARE(images, squares("c2 b3 b6 c7 f7 g6 g3 f2"));
}

void TestCqlsDesignators::unitShiftsKeepTrailingEdge()
{
    auto right = [](int n, const char *s) { return cql::cqls::cqlsImage(cql::Transform::shift(n, 0), squares(s)); };
    QCOMPARE(right(1, "d4"), squares("e4"));
    QCOMPARE(right(1, "c2 h2"), squares("d2"));
    // Seed 000 (German): [a2,c2,h2] -> [a2,b2,d2], a2 stays on the left edge.
    // (The English seed 002 prints [b2,d2], against its own rule.)
    QCOMPARE(right(1, "a2 c2 h2"), squares("a2 b2 d2"));
    QCOMPARE(right(3, "a4"), squares("a4 b4 c4 d4"));
    QCOMPARE(right(3, "d4"), squares("g4"));
    // Left, up and down mirror it.
    QCOMPARE(cql::cqls::cqlsImage(cql::Transform::shift(-1, 0), squares("h2 c2 a2")), squares("h2 g2 b2"));
    QCOMPARE(cql::cqls::cqlsImage(cql::Transform::shift(0, 2), squares("e1 e8")), squares("e1 e2 e3"));
    QCOMPARE(cql::cqls::cqlsImage(cql::Transform::shift(0, -1), squares("e8 e1")), squares("e8 e7"));
    // A full rank shifted along itself stays the full rank.
    QCOMPARE(right(2, "a1 b1 c1 d1 e1 f1 g1 h1"), squares("a1 b1 c1 d1 e1 f1 g1 h1"));
}

void TestCqlsDesignators::shiftComposition()
{
    // One shift of Q[b3,c4] is Q[d4,e5].
    QCOMPARE(cql::cqls::cqlsImage(cql::Transform::shift(2, 1), squares("b3 c4")), squares("d4 e5"));
    // Through a position list: Q[b3,c4] :shift finds queens on d4 and e5.
    QCOMPARE(positionMatches("Q[b3] Q[c4] :shift", "k7/8/8/4Q3/3Q4/8/8/4K3 w - - 0 1"), 1);
    QCOMPARE(positionMatches("Qb3 Qc4 :shift", "1k6/8/8/8/3QQ3/8/8/4K3 w - - 0 1"), 0);
}

void TestCqlsDesignators::colorFlip()
{
    // [Rbp][a2,c2] under the colour flip is [rBP][a7,c7].
    cql::Transform t = cql::Transform::flipColor();
    Designator d = parse("[Rbp][a2,c2]");
    QCOMPARE(cql::cqls::cqlsImage(t, d.squares), squares("a7 c7"));
    QCOMPARE(t.apply(d.pieces.plain), parse("[rBP]").pieces.plain);
}

void TestCqlsDesignators::recognisedByContentAndExtension()
{
    QVERIFY(cql::cqls::isCqlsSource("(match (position))", "x.cql"));
    QVERIFY(cql::cqls::isCqlsSource("; comment\n  (match\n)", ""));
    QVERIFY(cql::cqls::isCqlsSource("(match:year 2013)", "")); // a keyword right after the head
    QVERIFY(cql::cqls::isCqlsSource("anything", "query.cqls"));
    QVERIFY(!cql::cqls::isCqlsSource("cql() check", "query.cql"));
    QVERIFY(!cql::cqls::isCqlsSource("(matches)", ""));
    // compile() picks the dialect by itself.
    std::vector<cql::Diagnostic> d;
    QVERIFY(cql::compile("(match (position :check))", {}, d) != nullptr);
    QVERIFY(d.empty());
}

void TestCqlsDesignators::listsAndComments()
{
    std::vector<cql::cqls::Item> items;
    std::vector<cql::Diagnostic> d;
    QVERIFY(
        cql::cqls::readItems("; a comment\n(match\n  (position :pawncount P consecutive(4) >0) ; more\n)", items, d));
    QCOMPARE(items.size(), size_t(1));
    const auto &pos = items[0].items[1];
    QCOMPARE(pos.head(), std::string_view("position"));
    QCOMPARE(pos.items.size(), size_t(5));
    QCOMPARE(pos.items[3].text, std::string("consecutive(4)"));
    QCOMPARE(pos.items[3].pos.line, 3);
    QCOMPARE(pos.items[3].pos.column, 26);
    // "[ ]" stays one word.
    QVERIFY(cql::cqls::readItems("(match (position B[ ]))", items, d));
    QCOMPARE(items[0].items[1].items[1].text, std::string("B[ ]"));
    // A byte order mark before the script is no text.
    QCOMPARE(cqlsError("\xEF\xBB\xBF(match (position :check))"), std::string());
    // Errors: unclosed list, stray ')'.
    QCOMPARE(cqlsError("(match (position :check)"), std::string("1:1: the list is not closed: ')' expected"));
    QCOMPARE(cqlsError("(match))"), std::string("1:8: ')' without a matching '('"));
    QCOMPARE(cqlsError("(match)\n(match)"), std::string("2:1: a CQL-S script has exactly one match list"));
}

QTEST_GUILESS_MAIN(TestCqlsDesignators)
#include "tst_cqlsdesignators.moc"
