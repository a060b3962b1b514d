// echo and consecutivemoves on small games: which pairs of positions match,
// their values and the comments they write.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

// The knights go out and come back: the start position recurs at ply 4.
const char *Knights = "1. Nf3 Nf6 2. Ng1 Ng8 *\n";

} // namespace

class TestEcho : public QObject {
    Q_OBJECT
private slots:
    void pairsAndComments();
    void numericValue();
    void inAll();
    void sortedKeepsBest();
    void orderedPairsPassedOver_data();
    void orderedPairsPassedOver();
    void consecutiveMoves();
    void targetsInPositionOrder();
    void runAfterTheMarkers();
    void parsing();
};

void TestEcho::pairsAndComments()
{
    game::Game g = pgnGame(Knights);
    // The body runs at the target; s and t name the two positions.
    cql::GameResult r = runQuery("cql()\necho (s t) t:ply == s:ply + 4", g);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(int(r.matches.size()), 1);
    QCOMPARE(r.matches[0].node, game::NodeId(0));
    QCOMPARE(commentList(r), QStringLiteral("s@0 | t@4 | -->move 1(wtm)@4 | <--move 3(wtm)@0"));
    // The variables are unbound again after the echo.
    QVERIFY(!runQuery("cql()\necho quiet (s t) true isbound s", g).matched);
    // quiet writes nothing.
    QCOMPARE(commentList(runQuery("cql()\necho quiet (s t) t:ply == s:ply + 4", g)), QString());
}

void TestEcho::numericValue()
{
    game::Game g = pgnGame(Knights);
    // A numeric body makes echo numeric: the largest value over the targets.
    QVERIFY(runQuery("cql()\ninitial x = echo quiet (s t) ply x == 4", g).matched);
    QVERIFY(runQuery("cql()\nply == 4 x = echo quiet (s t) ply x == 3", g).matched);
}

void TestEcho::inAll()
{
    game::Game g = pgnGame(Knights);
    // Without 'in all' the source is never its own target.
    QCOMPARE(int(runQuery("cql()\necho quiet (s t) t:ply == s:ply", g).matches.size()), 0);
    QCOMPARE(int(runQuery("cql()\necho quiet (s t) in all t:ply == s:ply", g).matches.size()), 5);
}

void TestEcho::orderedPairsPassedOver_data()
{
    QTest::addColumn<QString>("order");
    for (const char *o : {"s < t", "s <= t", "s > t", "s >= t", "s == t", "s != t", "t < s", "t >= s", "s [<] t",
                          "s [<=] t", "t [>] s", "t [>=] s", "t [<] s"})
        QTest::newRow(o) << QString::fromLatin1(o);
}

void TestEcho::orderedPairsPassedOver()
{
    // A body that starts by comparing the two positions lets echo pass over
    // the targets that fail it without going there: the matches, values and
    // comments are those of the same body with a `true` before (not passed over).
    QFETCH(QString, order);
    game::Game g = pgnGame("1. Nf3 (1. e4 e5 2. Nf3) 1... Nf6 2. Ng1 (2. c4 Ng8) 2... Ng8 3. Nf3 *\n");
    const std::string o = order.toStdString();
    for (const std::string &rest :
         {std::string(" t:ply >= 1"), std::string(" sidetomove == s:sidetomove"), std::string(" x = t:ply x")}) {
        const std::string head = "cql(variations)\nsort \"d\" echo (s t) in all {";
        const cql::GameResult fast = runQuery(head + o + rest + "}", g),
                              slow = runQuery(head + "true " + o + rest + "}", g);
        QVERIFY2(fast.error.empty() && slow.error.empty(), (fast.error + slow.error).c_str());
        QCOMPARE(fast.matched, slow.matched);
        QCOMPARE(int(fast.matches.size()), int(slow.matches.size()));
        QCOMPARE(commentList(fast), commentList(slow));
        QCOMPARE(fast.sortValues.size(), slow.sortValues.size());
        for (size_t i = 0; i < fast.sortValues.size(); ++i)
            QCOMPARE(fast.sortValues[i].value, slow.sortValues[i].value);
    }
}

void TestEcho::sortedKeepsBest()
{
    game::Game g = pgnGame(Knights);
    // Directly under sort only the best target's comments stay.
    cql::GameResult r = runQuery("cql()\ninitial sort \"ply\" echo (s t) ply", g);
    QCOMPARE(r.sortValues.size(), size_t(1));
    QCOMPARE(r.sortValues[0].value, 4LL);
    QCOMPARE(commentList(r), QStringLiteral("s@0 | t@4 | -->move 1(wtm)@4 | <--move 3(wtm)@0"));
}

void TestEcho::consecutiveMoves()
{
    // After 1.e4 and 1.d4 the same three moves follow: e5 Nf3 Nc6.
    game::Game g = pgnGame("1. e4 (1. d4 e5 2. Nf3 Nc6) 1... e5 2. Nf3 Nc6 *\n");
    cql::GameResult r = runQuery("cql(variations)\nmainline terminal\n"
                                 "echo quiet (s t) { terminal variation x = consecutivemoves (s t) x == 3 }",
                                 g);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(int(r.matches.size()), 1);
    // The longest run of the game is commented once.
    r = runQuery("cql(variations)\nmainline terminal\necho quiet (s t) { terminal variation consecutivemoves (s t) }",
                 g);
    QCOMPARE(commentList(r),
             QStringLiteral("s-move[1]@6 | t-move[1]@3 | s-move[2]@7 | t-move[2]@4 | "
                            "s-move[3]@8 | t-move[3]@5"));
    // A range restricts the length; positions on one line share no moves.
    QVERIFY(!runQuery("cql(variations)\nmainline terminal\n"
                      "echo quiet (s t) { terminal variation consecutivemoves 4 10 (s t) }",
                      g)
                 .matched);
    QVERIFY(!runQuery("cql(variations)\nmainline terminal\n"
                      "echo quiet (s t) { mainline consecutivemoves (s t) }",
                      g)
                 .matched);
}

void TestEcho::targetsInPositionOrder()
{
    // The variation 1.d4 d5 stands before 1...e5 in the text (and in the
    // game's nodes); CQL numbers the main continuation first, and echo takes
    // its targets in that order, as CQL 6.2 does.
    game::Game g = pgnGame("1. e4 (1. d4 d5) 1... e5 2. Nf3 *\n");
    cql::GameResult r = runQuery("cql(variations)\ninitial echo (s t) true", g);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QStringList sourceTexts;
    for (const cql::NodeComment &c : r.comments)
        if (c.node == 0 && c.text.starts_with("<--")) sourceTexts << QString::fromStdString(c.text);
    QCOMPARE(
        sourceTexts,
        (QStringList{"<--move 1(btm)", "<--move 2(wtm)", "<--move 2(btm)", "<--move 1(btm)[4]", "<--move 2(wtm)[5]"}));
}

void TestEcho::runAfterTheMarkers()
{
    // As CQL 6.2 writes a position's comments: those made while evaluating
    // and the match marker, then the game's best run, then what the best
    // evaluation of a sort's argument wrote (here echo's own comment).
    game::Game g = pgnGame("1. e4 (1. d4 e5 2. Nf3 Nc6) 1... e5 2. Nf3 Nc6 *\n");
    auto at = [&](const char *query, game::NodeId node) {
        cql::GameResult r = runQuery(std::string("cql(variations)\nmainline terminal ") + query, g);
        QStringList texts;
        for (const cql::NodeComment &c : r.comments)
            if (c.node == node) texts << QString::fromStdString(c.text);
        return texts.join(u" | ");
    };
    const char *echo = "echo (s t) { terminal variation consecutivemoves (s t) }";
    QCOMPARE(at(echo, 8), QStringLiteral("s | <--move 3(wtm)[8] | CQL | s-move[3]"));
    QCOMPARE(at(echo, 5), QStringLiteral("t | -->move 3(wtm) | id:8 | t-move[3]"));
    const std::string sorted = std::string("sort \"n\" ") + echo;
    QCOMPARE(at(sorted.c_str(), 8), QStringLiteral("CQL | s-move[3] | s | <--move 3(wtm)[8]"));
    QCOMPARE(at(sorted.c_str(), 5), QStringLiteral("t-move[3] | t | -->move 3(wtm) | id:8"));
}

void TestEcho::parsing()
{
    QVERIFY(firstError("cql()\necho (s s) true").find("must differ") != std::string::npos);
    QVERIFY(firstError("cql()\necho (s) true").find("two position variable") != std::string::npos);
    QVERIFY(firstError("cql()\nconsecutivemoves (1 2)").find("position") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestEcho)
#include "tst_echo.moc"
