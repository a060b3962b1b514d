// The evaluator on small games: matched positions, comments, sort values,
// header parameters and the squares recorded for the board.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

const char *Scholar = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

} // namespace

class TestEvaluation : public QObject {
    Q_OBJECT
private slots:
    void positionsCounted_data();
    void positionsCounted();
    void markersAndComments();
    void quietAndSilent();
    void matchCountRange();
    void sortValue();
    void variations();
    void markedSquares();
    void matchedImages();
    void pieceIdentityFollowsMoves();
    void unsupportedGameHasNoPositions();
    void setCountAgainstLiteral_data();
    void setCountAgainstLiteral();
};

void TestEvaluation::positionsCounted_data()
{
    QTest::addColumn<QString>("body");
    QTest::addColumn<int>("matches");
    // Positions: 0 start, 1 e4, 2 e5, 3 Bc4, 4 Nc6, 5 Qh5, 6 Nf6, 7 Qxf7#.
    QTest::newRow("every position") << "true" << 8;
    QTest::newRow("mate") << "mate" << 1;
    QTest::newRow("check") << "check" << 1;
    QTest::newRow("wtm") << "wtm" << 4;
    QTest::newRow("initial") << "initial" << 1;
    QTest::newRow("terminal") << "terminal" << 1;
    QTest::newRow("move capture") << "move capture p" << 1;
    QTest::newRow("move previous from Q") << "move previous from Q" << 2;
    QTest::newRow("dash") << "Q--f7" << 1;
    QTest::newRow("capture dash") << "Q[x]p" << 1;
    QTest::newRow("find mate") << "find mate" << 8;
    QTest::newRow("find back") << "find <-- initial" << 8;
    QTest::newRow("find all range") << "find 2 10 move capture ." << 0;
    QTest::newRow("line") << "line --> move from Q --> move from n --> move from Q --> mate" << 1;
    QTest::newRow("line repeat") << "line --> wtm --> btm --> wtm{1,2}" << 3;
    QTest::newRow("ply") << "ply == 7" << 1;
    QTest::newRow("movenumber") << "movenumber == 4" << 2;
    QTest::newRow("square iteration") << "square all x in P rank x == 2" << 1;
    QTest::newRow("variables") << "x = #A y = #a x > y" << 1;
    QTest::newRow("function") << "function both(x y) { x and y } both(btm check)" << 1;
    QTest::newRow("if") << "if wtm then Qh5 else Qf7" << 2;
    QTest::newRow("pin") << "pin" << 2; // f7 pinned by Qh5
    QTest::newRow("attackedby") << "f7 attackedby Q" << 2;
}

void TestEvaluation::positionsCounted()
{
    QFETCH(QString, body);
    QFETCH(int, matches);
    game::Game g = pgnGame(Scholar);
    QCOMPARE(int(g.nodes.size()), 8);
    cql::GameResult r = runQuery("cql()\n" + body.toStdString(), g);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(int(r.matches.size()), matches);
}

void TestEvaluation::markersAndComments()
{
    game::Game g = pgnGame(Scholar);
    cql::GameResult r = runQuery("cql(matchstring \"HIT\")\nmate comment(\"mate by \" Q)", g);
    QVERIFY(r.matched);
    QCOMPARE(int(r.comments.size()), 2);
    QCOMPARE(r.comments[0].node, game::NodeId(7));
    QCOMPARE(QString::fromStdString(r.comments[0].text), QStringLiteral("mate by f7"));
    QCOMPARE(QString::fromStdString(r.comments[1].text), QStringLiteral("HIT")); // the marker after the comments
    // find writes "Found" where it found the position.
    r = runQuery("cql()\ninitial find mate", g);
    QCOMPARE(int(r.comments.size()), 2);
    QCOMPARE(QString::fromStdString(r.comments[0].text), QStringLiteral("Found"));
    QCOMPARE(r.comments[0].node, game::NodeId(7));
    QCOMPARE(r.comments[1].node, game::NodeId(0));
    // Comments made while a position fails to match are dropped.
    r = runQuery("cql()\ncomment(\"seen\") mate", g);
    QCOMPARE(int(r.comments.size()), 2);
}

void TestEvaluation::quietAndSilent()
{
    game::Game g = pgnGame(Scholar);
    cql::GameResult r = runQuery("cql(quiet)\ninitial find mate comment(\"mine\")", g);
    QCOMPARE(int(r.comments.size()), 1);
    QCOMPARE(QString::fromStdString(r.comments[0].text), QStringLiteral("mine"));
    r = runQuery("cql(silent)\ninitial find mate comment(\"mine\")", g);
    QVERIFY(r.matched);
    QCOMPARE(int(r.comments.size()), 0);
}

void TestEvaluation::matchCountRange()
{
    game::Game g = pgnGame(Scholar);
    QVERIFY(runQuery("cql(matchcount 4 4)\nwtm", g).matched);
    QVERIFY(!runQuery("cql(matchcount 5 9)\nwtm", g).matched);
    QVERIFY(!runQuery("cql(matchcount 1 3)\nwtm", g).matched);
    // One number is that number exactly, as CQL 6.2 reads it.
    QVERIFY(runQuery("cql(matchcount 4)\nwtm", g).matched);
    QVERIFY(!runQuery("cql(matchcount 3)\nwtm", g).matched);
    QVERIFY(!runQuery("cql(sort matchcount 3)\nwtm", g).matched);
}

void TestEvaluation::sortValue()
{
    game::Game g = pgnGame(Scholar);
    cql::GameResult r = runQuery("cql()\nsort \"white pieces\" #A", g);
    QCOMPARE(int(r.sortValues.size()), 1);
    QCOMPARE(QString::fromStdString(r.sortValues[0].title), QStringLiteral("white pieces"));
    QCOMPARE(r.sortValues[0].value, 16LL);
    r = runQuery("cql()\nsort min \"black pieces\" #a", g);
    QCOMPARE(r.sortValues[0].value, 15LL); // after Qxf7
    // Under a transform every image is asked, as 6.2 counts them all: after
    // Qxf7 black has 15 pieces, and the colour-flipped image counts White's 16.
    r = runQuery("cql()\nply == 7 flipcolor {sort \"most pieces\" #a}", g);
    QCOMPARE(r.sortValues[0].value, 16LL);
    // Only the evaluation that gave the best value keeps its comments.
    game::Game checks = pgnGame("1. e4 d5 2. Bb5+ c6 3. Bxc6+ Nxc6 *\n");
    r = runQuery("cql()\nsort \"checks\" find all check", checks);
    QCOMPARE(r.sortValues[0].value, 2LL);
    QStringList found;
    for (const auto &c : r.comments)
        if (c.text != "CQL") found << QString::fromStdString(c.text) + "@" + QString::number(c.node);
    QCOMPARE(found.join(u' '), QStringLiteral("Found 1 of 2@3 Found 2 of 2@5"));
}

void TestEvaluation::variations()
{
    game::Game g = pgnGame("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n");
    QCOMPARE(runQuery("cql()\nmove previous from p to c5", g).matches.size(), size_t(0));
    QCOMPARE(runQuery("cql(variations)\nmove previous from p to c5", g).matches.size(), size_t(1));
    QCOMPARE(runQuery("cql(variations)\nvariation", g).matches.size(), size_t(2));
    QCOMPARE(runQuery("cql(variations)\ndepth == 1", g).matches.size(), size_t(2));
}

void TestEvaluation::markedSquares()
{
    game::Game g = pgnGame(Scholar);
    cql::GameResult r = runQuery("cql()\nmate", g, true);
    QCOMPARE(int(r.matches.size()), 1);
    // The mated king and the piece giving mate.
    QCOMPARE(QString::fromStdString(r.matches[0].squares.toString()), QStringLiteral("[f7,e8]"));
    // An attack marks both ends; a transform marks its matching image only.
    game::Game fork = positionGame("r3k3/2N5/8/8/8/8/8/4K3 b - - 0 1");
    r = runQuery("cql()\nflip {N attacks k N attacks r}", fork, true);
    QCOMPARE(int(r.matches.size()), 1);
    QCOMPARE(QString::fromStdString(r.matches[0].squares.toString()), QStringLiteral("[c7,a8,e8]"));
    game::Game corners = positionGame("7k/8/8/8/8/8/8/K7 w - - 0 1");
    r = runQuery("cql()\nrotate90 {Ka1 kh8}", corners, true);
    QCOMPARE(QString::fromStdString(r.matches[0].squares.toString()), QStringLiteral("[a1,h8]"));
    // Without recording, nothing is computed.
    r = runQuery("cql()\nmate", g, false);
    QVERIFY(r.matches[0].squares.empty());
    QVERIFY(r.matches[0].images.empty());
}

void TestEvaluation::matchedImages()
{
    // White king h8, black king a1: {Ka1 kh8} matches as rotate90's 180-degree image.
    game::Game corners = positionGame("7K/8/8/8/8/8/8/k7 w - - 0 1");
    cql::GameResult r = runQuery("cql()\nrotate90 {Ka1 kh8}", corners, true);
    QCOMPARE(int(r.matches.size()), 1);
    QCOMPARE(int(r.matches[0].images.size()), 1);
    const cql::ImageMark &m = r.matches[0].images[0];
    QCOMPARE(QString::fromStdString(m.keyword), QStringLiteral("rotate90"));
    QCOMPARE(m.count, 4);
    QVERIFY(m.index >= 2 && m.index <= 4);
    QCOMPARE(QString::fromStdString(m.transform), QStringLiteral("rotate180"));
    // Nested: each level notes its image, outermost first; the inner one names the whole transform.
    game::Game swapped = positionGame("K7/8/8/8/8/8/8/7k w - - 0 1");
    r = runQuery("cql()\nflipcolor rotate90 {Ka1 kh8}", swapped, true);
    QCOMPARE(int(r.matches.size()), 1);
    // Both colourings match here (a8/h1 is a quarter turn of a1/h8 either way):
    // each outer image is followed by the inner one that matched under it.
    const auto &im = r.matches[0].images;
    QCOMPARE(int(im.size()), 4);
    for (int i = 0; i < 4; i += 2) {
        QCOMPARE(QString::fromStdString(im[size_t(i)].keyword), QStringLiteral("flipcolor"));
        QCOMPARE(im[size_t(i)].count, 2);
        QCOMPARE(im[size_t(i)].index, i / 2 + 1);
        QCOMPARE(QString::fromStdString(im[size_t(i) + 1].keyword), QStringLiteral("rotate90"));
    }
    QVERIFY(im[3].transform.find("color") != std::string::npos);
    QVERIFY(im[1].transform.find("color") == std::string::npos);
    // No transform, no image.
    r = runQuery("cql()\nKa8", swapped, true);
    QVERIFY(r.matches[0].images.empty());
}

void TestEvaluation::pieceIdentityFollowsMoves()
{
    game::Game g = pgnGame(Scholar);
    // The queen that stood on d1 at the start reaches f7 at the end.
    QCOMPARE(int(runQuery("cql()\ninitial piece x in Qd1 find {terminal x & f7}", g).matches.size()), 1);
    QCOMPARE(int(runQuery("cql()\ninitial piece x in Bf1 find {terminal x & f7}", g).matches.size()), 0);
}

void TestEvaluation::unsupportedGameHasNoPositions()
{
    game::Game g = pgnGame("[Variant \"atomic\"]\n\n1. e4 e5 *\n"); // a variant not played
    QVERIFY(g.unsupported);
    QCOMPARE(int(runQuery("cql()\ntrue", g).matches.size()), 0);
}

void TestEvaluation::setCountAgainstLiteral_data()
{
    QTest::addColumn<QString>("op");
    QTest::addColumn<int>("value");
    for (const char *op : {"<", "<=", "==", "!=", ">=", ">"})
        for (int value : {0, 1, 2, 3, 8, 16})
            QTest::addRow("A %s %d", op, value) << QString::fromLatin1(op) << value;
}

// "set op number" takes a short path; "#set op number" and "number op set" take the
// general one. All three must count the same positions.
void TestEvaluation::setCountAgainstLiteral()
{
    QFETCH(QString, op);
    QFETCH(int, value);
    const game::Game g = pgnGame("1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. Bd2 c6 "
                                 "8. Qe2 Bb4 9. O-O-O Nbd7 10. a3 Bxc3 11. Bxc3 Qc7 *");
    QVERIFY(g.errors.empty());
    const std::string o = op.toStdString(), v = std::to_string(value);
    const char *flipped = o == "<" ? ">" : o == "<=" ? ">=" : o == ">=" ? "<=" : o == ">" ? "<" : o.c_str();
    for (const char *set : {"A", "[Pp]", "(a-h4 & A)", "pin"}) {
        const int shortPath = matchCount(std::string(set) + " " + o + " " + v, g);
        const int counted = matchCount(std::string("#") + set + " " + o + " " + v, g);
        const int swapped = matchCount(v + " " + flipped + " " + set, g);
        QVERIFY(shortPath >= 0);
        QCOMPARE(shortPath, counted);
        QCOMPARE(shortPath, swapped);
    }
    // White keeps all 16 pieces until 2...Qxd5: the start and three more positions.
    if (o == ">=" && value == 16) QCOMPARE(matchCount("A >= 16", g), 4);
}

QTEST_GUILESS_MAIN(TestEvaluation)
#include "tst_evaluation.moc"
