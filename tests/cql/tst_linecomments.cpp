// Where a line constituent's comments go: one that follows a move filter in
// the constituent is written at (and evaluated at) the position after that
// move, as the reference engine does for turton-old.cql; others stay at the
// position the constituent matched.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

const char *Game = "1. e4 e5 2. Nf3 Nc6 *\n";

// "text@node" of the comments the query wrote (match markers and the line's
// own "Start line ..." comments left out).
QString comments(const std::string &query)
{
    cql::GameResult r = runQuery(query, pgnGame(Game));
    if (!r.error.empty()) return QString::fromStdString("error: " + r.error);
    QStringList out;
    for (const auto &c : r.comments)
        if (c.text != "CQL" && c.text.rfind("Start line", 0) != 0 && c.text.rfind("End line", 0) != 0)
            out << QString::fromStdString(c.text) + "@" + QString::number(c.node);
    return out.join(u" | ");
}

} // namespace

class TestLineComments : public QObject {
    Q_OBJECT
private slots:
    void commentAfterMoveGoesAfterTheMove();
    void otherCommentsStay();
    void onlyAfterTheMovesThatMatch();
};

void TestLineComments::commentAfterMoveGoesAfterTheMove()
{
    // Node 0 is the start, node 1 the position after 1.e4. The piece variable
    // reads where the pawn is after the move.
    QCOMPARE(comments("cql() initial piece Mover in Pe2 line --> move from Mover comment(\"moved \" Mover) --> true"),
             QString("moved Pe4@1"));
    // In a later constituent: 1...e5 is written after the move (node 2).
    QCOMPARE(comments("cql() initial line --> true --> move from pe7\n comment(\"black \" e5)\n --> true"),
             QString("black e5@2"));
    // `///` is no move parameter: CQL 6.2 refuses it there.
    QVERIFY(
        comments("cql() initial line --> true --> move from pe7\n /// \"black \" e5\n --> true").startsWith("error"));
    // The last constituent: the position after the game's move.
    QCOMPARE(comments("cql() initial line --> true --> move from pe7 comment(\"last\")"), QString("last@2"));
}

void TestLineComments::otherCommentsStay()
{
    // A comment before the move filter, a braced constituent with the comment
    // first (babson-old.cql), and move previous all stay where they matched.
    // Two filters side by side are no constituent (CQL 6.2 refuses them); braced they are one.
    QVERIFY(comments("cql() initial line --> comment(\"before\") move from e2 --> true").startsWith("error"));
    QCOMPARE(comments("cql() initial line --> {comment(\"braced\") move from e2} --> true"), QString("braced@0"));
    QCOMPARE(comments("cql() initial line --> true --> move previous from e2 comment(\"prev\")"), QString("prev@1"));
    // In a backward line too the move's comment is written after the move (CQL 6.2 writes it at 1.e4).
    QCOMPARE(comments("cql() ply == 2 line <-- true <-- true <-- move from e2 comment(\"back\")"), QString("back@1"));
}

void TestLineComments::onlyAfterTheMovesThatMatch()
{
    // With variations the line goes on after 1.e4 and after 1.d4; the
    // comment follows only the move the move filter names.
    const game::Game g = pgnGame("1. e4 (1. d4 d5) e5 *\n");
    cql::GameResult r = runQuery("cql(variations) initial line --> move from d2 comment(\"d-pawn\") --> true", g);
    QVERIFY(r.error.empty());
    std::vector<game::NodeId> at;
    for (const auto &c : r.comments)
        if (c.text == "d-pawn") at.push_back(c.node);
    QCOMPARE(at.size(), size_t(1));
    QCOMPARE(g.nodes[at[0]].position.pieceAt(chess::makeSquare(3, 3)), chess::WPawn); // d4
}

QTEST_APPLESS_MAIN(TestLineComments)
#include "tst_linecomments.moc"
