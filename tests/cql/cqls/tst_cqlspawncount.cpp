// CQL-S :pawncount counting attributes (islands, compounds, files, ranks, lines, bothsides, oneside), the
// forefront/rear views and quart(n), on hand-built positions whose counts were worked out by hand.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../cqlstest.h"

#include "cql/cqls/tocql6.h"

using namespace cqltest;
using namespace cqlstest;

namespace {

// White a2 b3 d4 f2 g2 h3: islands a-b, d, f-h. Black a7 c7 c6 e5 h7:
// islands a, c, e, h.
const std::string Islands = "4k3/p1p4p/2p5/4p3/3P4/1P5P/P4PP1/4K3 w - - 0 1";
// White c2 c3 c5, black c7 c6: one file with pawns of both colours.
const std::string OneFile = "4k3/2p5/2p5/2P5/8/2P5/2P5/4K3 w - - 0 1";
// White a3 b3 c3 d3 f3 g3 h3 (rows of four and three), black a6-e6 (five).
const std::string Rows = "4k3/8/ppppp3/8/8/PPPP1PPP/8/4K3 w - - 0 1";

} // namespace

class TestCqlsPawnCount : public QObject {
    Q_OBJECT
private slots:
    void counts_data();
    void counts();
    void forefrontRear_data();
    void forefrontRear();
    void seedExamples();
    void difference();
    void errors_data();
    void errors();
    void converter();
};

void TestCqlsPawnCount::counts_data()
{
    QTest::addColumn<QString>("args"); // designator and attributes
    QTest::addColumn<QString>("fen");
    QTest::addColumn<int>("count"); // by hand

    const QString isl = QString::fromStdString(Islands);
    QTest::newRow("islands white") << "P islands" << isl << 3;
    QTest::newRow("islands black") << "p islands" << isl << 4;
    QTest::newRow("islands both colours") << "[Pp] islands" << isl << 7;
    QTest::newRow("islands(2)") << "P islands(2)" << isl << 2;            // a-b and f-h
    QTest::newRow("islands(3)") << "P islands(3)" << isl << 1;            // f-h
    QTest::newRow("islands!(1)") << "P islands!(1)" << isl << 1;          // d4
    QTest::newRow("islands! is islands!(1)") << "p islands!" << isl << 3; // a7, e5, h7
    QTest::newRow("islands!(2)") << "p islands!(2)" << isl << 1;          // c7 c6
    QTest::newRow("designator squares") << "P[a-d?] islands" << isl << 2;
    QTest::newRow("files white") << "P files" << isl << 6;
    QTest::newRow("files black") << "p files" << isl << 4;
    QTest::newRow("files(2)") << "p files(2)" << isl << 1;
    QTest::newRow("files!(1)") << "p files!(1)" << isl << 3;
    QTest::newRow("lines is files") << "p lines" << isl << 4;
    QTest::newRow("ranks white") << "P ranks" << isl << 3; // 2, 3, 4
    QTest::newRow("ranks(2)") << "P ranks(2)" << isl << 2; // 2 (three), 3 (two)
    QTest::newRow("ranks!(2)") << "P ranks!(2)" << isl << 1;
    QTest::newRow("ranks! is ranks!(1)") << "P ranks!" << isl << 1; // rank 4
    QTest::newRow("compounds white") << "P compounds" << isl << 6;
    QTest::newRow("compounds black") << "p compounds" << isl << 4; // c7-c6 is one
    QTest::newRow("compounds(2)") << "p compounds(2)" << isl << 1;
    QTest::newRow("compounds!(1)") << "p compounds!(1)" << isl << 3;
    QTest::newRow("compounds with a gap") << "P compounds" << QString::fromStdString(OneFile) << 2; // c2-c3, c5
    QTest::newRow("bothsides white") << "P bothsides" << isl << 3; // 3 on a-d, 3 on e-h
    QTest::newRow("bothsides black") << "p bothsides" << isl << 2; // 3 and 2
    QTest::newRow("bothsides sum of colours") << "[Pp] bothsides" << isl << 5;
    QTest::newRow("oneside both wings") << "P oneside" << isl << 0;
    QTest::newRow("oneside one wing") << "[Pp] oneside" << QString::fromStdString(OneFile) << 5;
    QTest::newRow("oneside no pawns") << "P oneside"
                                      << "4k3/8/8/8/8/8/8/4K3 w - - 0 1" << 0;
    QTest::newRow("after attributes: connected-files") << "P connected-files" << isl << 5;   // all but d
    QTest::newRow("after attributes: isolated-islands") << "P isolated-islands" << isl << 1; // d4

    const QString rows = QString::fromStdString(Rows);
    QTest::newRow("quart: four or more on the rank") << "P quart" << rows << 7;
    QTest::newRow("quart(4): adjacent") << "[Pp] quart(4)" << rows << 9;
    QTest::newRow("quart(5)") << "[Pp] quart(5)" << rows << 5;
    QTest::newRow("quart!(4)") << "[Pp] quart!(4)" << rows << 4;
    QTest::newRow("quart!(5)") << "[Pp] quart!(5)" << rows << 5;
    QTest::newRow("trio-islands") << "[Pp] trio-islands" << rows << 3;
    QTest::newRow("quart(4)-islands") << "[Pp] quart(4)-islands" << rows << 2;
    QTest::newRow("!quart(4)") << "P !quart(4)" << rows << 3;

    // Chains b2-c3-d4 and g2-h3 for White, a7-b6 for Black.
    const QString chains = "4k3/p4p2/1p6/8/3P4/2P4P/1P4P1/4K3 w - - 0 1";
    QTest::newRow("chained") << "[Pp] chained" << chains << 7;
    QTest::newRow("chained-islands") << "[Pp] chained-islands" << chains << 3;
}

void TestCqlsPawnCount::counts()
{
    QFETCH(QString, args);
    QFETCH(QString, fen);
    QFETCH(int, count);
    const std::string a = ":pawncount " + args.toStdString() + " ", f = fen.toStdString();
    QVERIFY2(positionMatches(a + std::to_string(count), f) == 1, (a + std::to_string(count)).c_str());
    QVERIFY2(positionMatches(a + std::to_string(count + 1), f) == 0, (a + std::to_string(count + 1)).c_str());
    if (count > 0)
        QVERIFY2(positionMatches(a + std::to_string(count - 1), f) == 0, (a + std::to_string(count - 1)).c_str());
}

void TestCqlsPawnCount::forefrontRear_data()
{
    QTest::addColumn<QString>("pawn");
    QTest::addColumn<QString>("attrs");
    QTest::addColumn<bool>("counted");
    // The front pawn is White's highest and Black's lowest of the file.
    QTest::newRow("c5 forefront") << "Pc5"
                                  << "forefront" << true;
    QTest::newRow("c3 forefront") << "Pc3"
                                  << "forefront" << false;
    QTest::newRow("c2 rear") << "Pc2"
                             << "rear" << true;
    QTest::newRow("c6 forefront") << "pc6"
                                  << "forefront" << true;
    QTest::newRow("c7 rear") << "pc7"
                             << "rear" << true;
    QTest::newRow("c7 forefront") << "pc7"
                                  << "forefront" << false;
    QTest::newRow("c2 !forefront") << "Pc2"
                                   << "!forefront" << true;
    QTest::newRow("c5 !forefront") << "Pc5"
                                   << "!forefront" << false;
    // Second from the front: the front of those that are not the front.
    QTest::newRow("c3 !forefront-forefront") << "Pc3"
                                             << "!forefront-forefront" << true;
    QTest::newRow("c2 !forefront-forefront") << "Pc2"
                                             << "!forefront-forefront" << false;
    QTest::newRow("c3 !rear-rear") << "Pc3"
                                   << "!rear-rear" << true;
    // Opposing pawns stay in view: c5 still faces c6.
    QTest::newRow("c5 forefront-blocked!") << "Pc5"
                                           << "forefront-blocked!" << true;
    // The designator does not narrow the view: c2 is not the front pawn.
    QTest::newRow("c2 designator") << "P?2"
                                   << "forefront" << false;
    // After forefront the own pawns in view are the front ones only, each
    // alone on its file.
    QTest::newRow("c5 forefront-single!") << "Pc5"
                                          << "forefront-single!" << true;
    QTest::newRow("c5 single!") << "Pc5"
                                << "single!" << false;
}

void TestCqlsPawnCount::forefrontRear()
{
    QFETCH(QString, pawn);
    QFETCH(QString, attrs);
    QFETCH(bool, counted);
    const std::string q = ":pawncount " + pawn.toStdString() + " " + attrs.toStdString() + " >0";
    QVERIFY2(positionMatches(q, OneFile) == (counted ? 1 : 0), q.c_str());
}

void TestCqlsPawnCount::seedExamples()
{
    // "double!-forefront-duo >0": doubled pawns side by side on the same ranks.
    const std::string sideBySide = "4k3/8/8/8/8/2PP4/2PP4/4K3 w - - 0 1"; // c2 c3 d2 d3
    QCOMPARE(positionMatches(":pawncount [Pp] double!-forefront-duo 2", sideBySide), 1);
    // c2 c3 d3 d4: doubled and touching, but not on the same ranks. Without
    // forefront c3 and d3 form a duo; after forefront c3 and d4 do not.
    const std::string staggered = "4k3/8/8/8/3P4/2PP4/2P5/4K3 w - - 0 1";
    QCOMPARE(positionMatches(":pawncount [Pp] double!-duo >0", staggered), 1);
    QCOMPARE(positionMatches(":pawncount [Pp] double!-forefront-duo >0", staggered), 0);
    // c2 c3 d3: d3 is no doubled pawn, so after double!-forefront only c3 is
    // in view and has no duo partner.
    const std::string lone = "4k3/8/8/8/8/2PP4/2P5/4K3 w - - 0 1";
    QCOMPARE(positionMatches(":pawncount [Pp] double!-forefront-duo >0", lone), 0);
    // "the order to duo does not matter": after duo, double! sees only the
    // pawns duo kept.
    QCOMPARE(positionMatches(":pawncount [Pp] duo-double!-forefront 2", sideBySide), 1);
    QCOMPARE(positionMatches(":pawncount [Pp] duo-double!-forefront >0", staggered), 0);

    // The attributes filter in turn (the seed's single!-behind / behind-single!):
    // white c7 has passed black c5, white c3 has not. behind keeps c7, alone
    // on its file among the kept pawns; c7 is no single! on the board.
    const std::string passedBy = "4k3/2P5/8/2p5/8/2P5/8/4K3 w - - 0 1";
    QCOMPARE(positionMatches(":pawncount [Pp] behind-single! 1", passedBy), 1);
    QCOMPARE(positionMatches(":pawncount [Pp] single!-behind 0", passedBy), 1);
    // "P?4 stoppable-!blocked-duo! >0": hanging pawns c4 d4 on half-open
    // files; e4 is blocked, so the duo! is judged among c4 d4 only.
    const std::string hanging = "4k3/8/1p2p3/8/2PPP3/8/8/4K3 w - - 0 1";
    QCOMPARE(positionMatches(":pawncount P?4 stoppable-!blocked-duo! 2", hanging), 1);
    QCOMPARE(positionMatches(":pawncount P?4 duo!-stoppable-!blocked >0", hanging), 0);

    // "(position :flipcolor :pawncount P double-!advanced-compounds >=2)": two
    // doubled pawns (c2-c3, f3-f4), none in the enemy half.
    const std::string doubled = "4k3/pp4pp/8/8/5P2/2P2P2/2P4P/4K3 w - - 0 1";
    QCOMPARE(positionMatches(":pawncount P double-!advanced-compounds >=2", doubled), 1);
    QCOMPARE(positionMatches(":pawncount P double-!advanced-compounds 2", doubled), 1);
    const std::string doubledBlack = "4k3/2p4p/2p2p2/5p2/8/8/PP4PP/4K3 b - - 0 1";
    QCOMPARE(positionMatches(":pawncount P double-!advanced-compounds >=2", doubledBlack), 0);
    QCOMPARE(positionMatches(":flipcolor :pawncount P double-!advanced-compounds >=2", doubledBlack), 1);
    // f5 f6: one of the pairs is in the enemy half. (f3 f5 would still count
    // twice: f3 alone is a compound of one pawn.)
    const std::string advanced = "4k3/pp4pp/5P2/5P2/8/2P5/2P4P/4K3 w - - 0 1";
    QCOMPARE(positionMatches(":pawncount P double-!advanced-compounds >=2", advanced), 0);

    // The seed's position for isolated-consecutive(3): g2 g3 g4 isolated.
    const std::string tripled = "8/p4pk1/8/2R1P1N1/6P1/6P1/2P2KP1/1r5r w - - 0 1";
    for (const char *q : {"isolated-consecutive(3) >=3", "isolated-triple-consecutive >=3",
                          "isolated-triple!-consecutive >=3", "isolated-triple-compounds(3) >0"})
        QVERIFY2(positionMatches(std::string(":pawncount [Pp] ") + q, tripled) == 1, q);
    QCOMPARE(positionMatches(":pawncount [Pp] isolated-triple-compounds(3) 1", tripled), 1);
    // g2 g3 g5 g6: "two isolated doubled pawns on a file" — tripled and
    // consecutive, but no three in a row.
    const std::string twoPairs = "8/p4pk1/6P1/2R1P1P1/8/6P1/2P2KP1/1r5r w - - 0 1";
    QCOMPARE(positionMatches(":pawncount [Pp] isolated-triple-consecutive >=3", twoPairs), 1);
    QCOMPARE(positionMatches(":pawncount [Pp] isolated-consecutive(3) >=3", twoPairs), 0);
    QCOMPARE(positionMatches(":pawncount [Pp] isolated-triple-compounds(3) >0", twoPairs), 0);
    QCOMPARE(positionMatches(":pawncount [Pp] isolated-triple-compounds(2) 2", twoPairs), 1);

    // "(position :pawncount p bothsides 0)": Black has pawns on one wing only.
    const std::string kingSide = "6k1/5p1p/6p1/8/8/8/PP4P1/6K1 w - - 0 1";
    QCOMPARE(positionMatches(":pawncount p bothsides 0", kingSide), 1);
    QCOMPARE(positionMatches(":pawncount p oneside >0", kingSide), 1);
    QCOMPARE(positionMatches(":pawncount p oneside 3", kingSide), 1);
    QCOMPARE(positionMatches(":pawncount P bothsides 0", kingSide), 0);
    QCOMPARE(positionMatches(":pawncount P bothsides 1", kingSide), 1);
    QCOMPARE(positionMatches(":pawncount P oneside >0", kingSide), 0);
    QCOMPARE(positionMatches(":pawncount p bothsides 0", Islands), 0);
}

void TestCqlsPawnCount::difference()
{
    // The seed: ":pawncountdifference P[?5-7] p[?2-4] passed-lines >0" counts
    // one passed pawn per file. White a5 a6 a7 (three passed pawns, one file),
    // Black d3 e3 (two, two files).
    const std::string fen = "6k1/P7/P7/P7/8/3pp3/8/6K1 w - - 0 1";
    QCOMPARE(positionMatches(":pawncountdifference P[?5-7] p[?2-4] passed >0", fen), 1);
    QCOMPARE(positionMatches(":pawncountdifference P[?5-7] p[?2-4] passed-lines >0", fen), 0);
    QCOMPARE(positionMatches(":pawncountdifference P[?5-7] p[?2-4] passed-lines -1", fen), 1);
    // "in this special case forefront could be used instead of lines"
    QCOMPARE(positionMatches(":pawncountdifference P[?5-7] p[?2-4] passed-forefront -1", fen), 1);
    // One designator: White's count minus Black's.
    QCOMPARE(positionMatches(":pawncountdifference [Pp] islands -1", Islands), 1);
    QCOMPARE(positionMatches(":pawncountdifference P p files 2", Islands), 1);
    QCOMPARE(positionMatches(":pawncountdifference [Pp] bothsides 1", Islands), 1);
    QCOMPARE(positionMatches(":pawncountdifference [Pp] quart(4) -1", Rows), 1);
}

void TestCqlsPawnCount::errors_data()
{
    QTest::addColumn<QString>("attrs");
    QTest::addColumn<QString>("message");
    QTest::newRow("forefront before double!") << "forefront-double!-duo >0"
                                              << "'double!' after 'forefront' never matches";
    QTest::newRow("rear before triple") << "rear-triple >0"
                                        << "'triple' after 'rear' never matches";
    QTest::newRow("forefront before consecutive(3)") << "forefront-consecutive(3) >0"
                                                     << "never matches";
    QTest::newRow("forefront-!rear") << "forefront-!rear >0"
                                     << "'!rear' after 'forefront' leaves no pawn";
    QTest::newRow("counting not last") << "islands-passed >0"
                                       << "'islands' must come last";
    QTest::newRow("two counting") << "islands-files >0"
                                  << "'islands' and 'files' cannot be combined";
    QTest::newRow("negated counting") << "!files >0"
                                      << "'files' cannot be negated";
    QTest::newRow("islands(9)") << "islands(9) >0"
                                << "between 1 and 8";
    QTest::newRow("files!(0)") << "files!(0) >0"
                               << "between 1 and 8";
    QTest::newRow("compounds(7)") << "compounds(7) >0"
                                  << "between 1 and 6";
    QTest::newRow("ranks!(7)") << "ranks!(7) >0"
                               << "between 1 and 6";
    QTest::newRow("quart(3)") << "quart(3) >0"
                              << "between 4 and 8";
    QTest::newRow("quart!(9)") << "quart!(9) >0"
                               << "between 4 and 8";
    QTest::newRow("triple(2)") << "triple(2) >0"
                               << "between 3 and 6";
    QTest::newRow("consecutive(7)") << "consecutive(7) >0"
                                    << "between 2 and 6";
    QTest::newRow("forefront(2)") << "forefront(2) >0"
                                  << "takes no count";
    QTest::newRow("bothsides(2)") << "bothsides(2) >0"
                                  << "takes no count";
    QTest::newRow("percentage") << "islands >50%"
                                << "percentage";
}

void TestCqlsPawnCount::errors()
{
    QFETCH(QString, attrs);
    QFETCH(QString, message);
    const std::string e = cqlsError("(match (position :pawncount P " + attrs.toStdString() + "))");
    QVERIFY2(e.find(message.toStdString()) != std::string::npos, e.c_str());
    // Attribute errors point at the attribute list (column 31), the
    // percentage error at the range after it.
    const std::string at = message == "percentage" ? "1:39: " : "1:31: ";
    QVERIFY2(e.rfind(at, 0) == 0, e.c_str());
}

void TestCqlsPawnCount::converter()
{
    // CQL 6 has no pawn sets for these: the note names the attribute.
    for (const char *attrs : {"islands", "double!-forefront-duo", "!rear", "passed-lines", "quart!(4)", "bothsides"}) {
        const std::string script = std::string("(match (position :pawncount P ") + attrs + " >0))";
        cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(script);
        QVERIFY(c.ok);
        QCOMPARE(int(c.untranslated.size()), 1);
        QVERIFY2(c.untranslated[0].reason.find("pawn attribute '") != std::string::npos,
                 c.untranslated[0].reason.c_str());
        QVERIFY2(c.text.find("not converted") != std::string::npos, c.text.c_str());
    }
    // Still converted: a plain CQL 6 pawn set.
    cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6("(match (position :pawncount P isolated >0))");
    QVERIFY(c.untranslated.empty());
}

QTEST_GUILESS_MAIN(TestCqlsPawnCount)
#include "tst_cqlspawncount.moc"
