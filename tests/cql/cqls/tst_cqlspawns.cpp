// CQL-S pawn attributes of :pawncount (backward, behind, candidate, stoppable, stopped, chained, single!, uno!,
// symmetrical, mirrored, inside), each on a position whose pawns were sorted by hand.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../cqlstest.h"

#include <algorithm>
#include <cctype>
#include <sstream>

using namespace cqltest;
using namespace cqlstest;

namespace {

// The pawns of a FEN as designators: "Pc3", "pd6", ...
std::vector<std::string> pawnsOf(const std::string &fen)
{
    std::vector<std::string> out;
    int rank = 8, file = 0;
    for (char ch : fen.substr(0, fen.find(' '))) {
        if (ch == '/') {
            --rank;
            file = 0;
        } else if (std::isdigit(static_cast<unsigned char>(ch))) {
            file += ch - '0';
        } else {
            if (ch == 'P' || ch == 'p') out.push_back(std::string(1, ch) + char('a' + file) + char('0' + rank));
            ++file;
        }
    }
    return out;
}

std::vector<std::string> words(const QString &s)
{
    std::vector<std::string> out;
    std::istringstream in(s.toStdString());
    for (std::string w; in >> w;)
        out.push_back(w);
    return out;
}

} // namespace

class TestCqlsPawns : public QObject {
    Q_OBJECT
private slots:
    void attributes_data();
    void attributes();
    void seedExamples();
    void errors_data();
    void errors();
};

void TestCqlsPawns::attributes_data()
{
    QTest::addColumn<QString>("attr");
    QTest::addColumn<QString>("fen");
    QTest::addColumn<QString>("having"); // the pawns with the attribute, counted by hand

    // White a5 b4 c3 d4 f2 g3, black c5 d6 e5 h6: c3 and f2 have their
    // neighbours only in front; d6 likewise for Black; h6 is isolated.
    const QString backward = "k7/8/3p3p/P1p1p3/1P1P4/2P3P1/5P2/7K w - - 0 1";
    QTest::newRow("backward") << "backward" << backward << "Pc3 Pf2 pd6";

    // c7 has passed c5 at a distance, e6/e5 and a4/a3 have passed each other
    // directly; h2/h7 still face each other, b2 has no opponent on its file.
    const QString behind = "5k2/2P4p/4P3/2p1p3/P7/p7/1P5P/6K1 w - - 0 1";
    QTest::newRow("behind") << "behind" << behind << "Pc7 pc5 Pe6 pe5 Pa4 pa3";
    QTest::newRow("behind!") << "behind!" << behind << "Pe6 pe5 Pa4 pa3";

    // White a2 b4 c4 e4 g4, black a6 d5 f6 h6 h3. b4: helpers a2 c4 against
    // a6; c4: helper b4 against d5; h3 is passed; the rest are outnumbered
    // or blocked.
    const QString cand = "4k3/8/p4p1p/3p4/1PP1P1P1/7p/P7/2K5 w - - 0 1";
    QTest::newRow("candidate") << "candidate" << cand << "Pb4 Pc4 ph3";
    QTest::newRow("candidate!") << "candidate!" << cand << "Pb4 Pc4";
    QTest::newRow("passed (for candidate!)") << "passed" << cand << "ph3";
    QTest::newRow("stoppable") << "stoppable" << cand << "Pb4 Pc4 Pe4 Pg4 pa6 pd5 pf6 ph6";
    QTest::newRow("stopped") << "stopped" << cand << "Pc4 Pe4 pd5";
    QTest::newRow("passed = !blocked-!stoppable") << "!blocked-!stoppable" << cand << "ph3";

    // Chains b2-c3-d4 and f2-g3 (White), c6-d7 (Black); a2 and g6 alone.
    const QString chains = "4k3/3p4/2p3p1/8/3P4/2P3P1/PP3P2/4K3 w - - 0 1";
    QTest::newRow("chained") << "chained" << chains << "Pb2 Pc3 Pd4 Pf2 Pg3 pc6 pd7";
    QTest::newRow("chained(3)") << "chained(3)" << chains << "Pb2 Pc3 Pd4";
    QTest::newRow("chained!(2)") << "chained!(2)" << chains << "Pf2 Pg3 pc6 pd7";
    QTest::newRow("chained!(3)") << "chained!(3)" << chains << "Pb2 Pc3 Pd4";
    QTest::newRow("chained! alone: exactly two") << "chained!" << chains << "Pf2 Pg3 pc6 pd7";
    // A bent chain b2-c3-d4-e3-f2 is one group of five.
    const QString bent = "4k3/8/8/8/3P4/2P1P3/1P3P2/4K3 w - - 0 1";
    QTest::newRow("chained!(5) bent") << "chained!(5)" << bent << "Pb2 Pc3 Pd4 Pe3 Pf2";
    QTest::newRow("chained(6) bent") << "chained(6)" << bent << "";

    // White a2 a3 b2 c4, black g7 h7 h6.
    const QString sole = "4k3/6pp/7p/8/2P5/P7/PP6/4K3 w - - 0 1";
    QTest::newRow("single!") << "single!" << sole << "Pb2 Pc4 pg7";
    QTest::newRow("uno!") << "uno!" << sole << "Pa3 Pc4 ph6";

    // Files a, e, g: one pawn each, on mirrored squares; b: one each, not
    // mirrored (b3/b5); c: two white, one black; h: white only.
    const QString sym = "4k3/p1p3p1/8/1p2p3/4P3/1PP5/P1P3PP/4K3 w - - 0 1";
    QTest::newRow("symmetrical") << "symmetrical" << sym << "Pa2 pa7 Pb3 pb5 Pe4 pe5 Pg2 pg7";
    QTest::newRow("mirrored") << "mirrored" << sym << "Pa2 pa7 Pe4 pe5 Pg2 pg7";

    // The rule of the square. White a5 (3 steps) against the king on e7
    // (4 from a8); h2 on its start rank (5 steps, double step). Black d3
    // (2 steps) against the king on a1 (3 from d1); g7 on its start rank (5
    // steps) against 6 from g1. The side to move gains its king a step.
    const QString sq = "8/4k1p1/8/P7/8/3p4/7P/K7";
    QTest::newRow("inside, white to move") << "inside" << sq + " w - - 0 1"
                                           << "Ph2 pd3 pg7";
    QTest::newRow("inside, black to move") << "inside" << sq + " b - - 0 1"
                                           << "Pa5 Ph2";
}

void TestCqlsPawns::attributes()
{
    QFETCH(QString, attr);
    QFETCH(QString, fen);
    QFETCH(QString, having);
    const std::string a = attr.toStdString(), f = fen.toStdString();
    const std::vector<std::string> expected = words(having), pawns = pawnsOf(f);
    for (const std::string &e : expected)
        QVERIFY2(std::find(pawns.begin(), pawns.end(), e) != pawns.end(), e.c_str()); // the test's own list
    for (const std::string &pawn : pawns) {
        bool has = std::find(expected.begin(), expected.end(), pawn) != expected.end();
        QVERIFY2(positionMatches(":pawncount " + pawn + " " + a + " 1", f) == (has ? 1 : 0), (pawn + " " + a).c_str());
        // Negation is generic: !X holds for exactly the other pawns (not for a combined X-Y).
        if (a.find('-') == std::string::npos)
            QVERIFY2(positionMatches(":pawncount " + pawn + " !" + a + " 1", f) == (has ? 0 : 1),
                     (pawn + " !" + a).c_str());
    }
    const std::string n = std::to_string(expected.size());
    QCOMPARE(positionMatches(":pawncount [Pp] " + a + " " + n, f), 1);
    QCOMPARE(positionMatches(":pawncount [Pp] " + a + " " + std::to_string(expected.size() + 1), f), 0);
}

void TestCqlsPawns::seedExamples()
{
    // "position:pawncount P !inside-passed >0": a passed pawn the opposing
    // king no longer catches. a5 is passed and out of the square with White
    // to move; with Black to move the king steps into the square.
    const std::string sq = "8/4k1p1/8/P7/8/3p4/7P/K7";
    QCOMPARE(positionMatches(":pawncount P !inside-passed >0", sq + " w - - 0 1"), 1);
    QCOMPARE(positionMatches(":pawncount P !inside-passed >0", sq + " b - - 0 1"), 0);
    // candidate! is candidate-!passed.
    const std::string cand = "4k3/8/p4p1p/3p4/1PP1P1P1/7p/P7/2K5 w - - 0 1";
    QCOMPARE(positionMatches(":pawncount [Pp] candidate-!passed 2", cand), 1);
    // :pawncountdifference with a new attribute: White 2 stopped, Black 1.
    QCOMPARE(positionMatches(":pawncountdifference [Pp] stopped 1", cand), 1);
    QCOMPARE(positionMatches(":pawncountdifference [Pp] stopped 0", cand), 0);
}

void TestCqlsPawns::errors_data()
{
    QTest::addColumn<QString>("attrs");
    QTest::addColumn<QString>("message");
    QTest::newRow("chained(1)") << "chained(1)"
                                << "between 2 and 8";
    QTest::newRow("chained!(9)") << "chained!(9)"
                                 << "between 2 and 8";
    QTest::newRow("backward(2)") << "backward(2)"
                                 << "takes no count";
    QTest::newRow("chained-isolated") << "chained-isolated"
                                      << "contradict";
    QTest::newRow("isolated-backward") << "isolated-backward"
                                       << "contradict";
    QTest::newRow("single!-double") << "single!-double"
                                    << "contradict";
    QTest::newRow("uno!-duo") << "uno!-duo"
                              << "contradict";
    QTest::newRow("behind-!behind") << "behind-!behind"
                                    << "contradict";
}

void TestCqlsPawns::errors()
{
    QFETCH(QString, attrs);
    QFETCH(QString, message);
    const std::string e = cqlsError("(match (position :pawncount P " + attrs.toStdString() + " >0))");
    QVERIFY2(e.find(message.toStdString()) != std::string::npos, e.c_str());
}

QTEST_GUILESS_MAIN(TestCqlsPawns)
#include "tst_cqlspawns.moc"
