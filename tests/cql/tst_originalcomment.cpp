// originalcomment: which comment is a position's own (CQL 6.2 reads the one
// before the first move as the start position's), and the NAG arguments
// `originalcomment "!"` tests instead of searching for text.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

#include "cql/pieceinfo.h"

using namespace cqltest;

namespace {
const char *Commented = "{before the game} 1. e4 {after e4: eval +0.3} e5 2. Nf3 {second} "
                        "({leads the line} 2. Nc3 {var} Nf6 ({leads another} 2... Nc6 {v2})) Nc6 {eval +1} *";
const char *Annotated = "1. e4 $1 e5 $6 2. Nf3! Nc6 $14 *";
} // namespace

class TestOriginalComment : public QObject {
    Q_OBJECT
private slots:
    void startPositionHasTheGameComment();
    void textInTheComment();
    void nagArguments();
    void moveNags();
};

void TestOriginalComment::startPositionHasTheGameComment()
{
    game::Game g = pgnGame(Commented);
    // The start position and e4, Nf3, Nc6 (the main line).
    QCOMPARE(matchCount("originalcomment", g), 4);
    cql::GameResult r = runQuery("cql(variations)\noriginalcomment", g);
    // ... and Nc3, Nc6 in the lines; the comments leading a line are no position's.
    QCOMPARE(int(r.matches.size()), 6);
    QCOMPARE(matchCount("initial originalcomment == \"before the game\"", g), 1);
    QCOMPARE(matchCount("originalcomment", pgnGame("1. e4 e5 *")), 0);
}

void TestOriginalComment::textInTheComment()
{
    game::Game g = pgnGame(Commented);
    QCOMPARE(matchCount("\"eval\" in originalcomment", g), 2);
    QCOMPARE(matchCount("\"game\" in originalcomment", g), 1);
    QCOMPARE(matchCount("\"line\" in originalcomment", g), 0);
}

void TestOriginalComment::nagArguments()
{
    QCOMPARE(cql::nagOfCommentArgument("!"), 1);
    QCOMPARE(cql::nagOfCommentArgument("?!"), 6);
    QCOMPARE(cql::nagOfCommentArgument("+/="), 14);
    QCOMPARE(cql::nagOfCommentArgument("-+"), 19);
    QCOMPARE(cql::nagOfCommentArgument("$22"), 22);
    QCOMPARE(cql::nagOfCommentArgument("$0"), -1);
    QVERIFY(cql::nagOfCommentArgument("$300") > 255);
    // Text to find, not NAGs.
    QCOMPARE(cql::nagOfCommentArgument("eval"), 0);
    QCOMPARE(cql::nagOfCommentArgument("$"), 0);
    QCOMPARE(cql::nagOfCommentArgument("$1a"), 0);
    QCOMPARE(cql::nagOfCommentArgument("$00"), 0);
    QCOMPARE(cql::nagOfCommentArgument("!!!"), 0);
}

void TestOriginalComment::moveNags()
{
    game::Game g = pgnGame(Annotated);
    auto positionsWith = [&](int nag) {
        cql::MoveNagFilter f(nag);
        cql::Ctx ctx;
        ctx.game = &g;
        QStringList plies;
        for (game::NodeId n = 0; n != game::NoNode; n = g.nodes[n].firstChild) {
            ctx.moveTo(n);
            if (f.match(ctx)) plies << QString::number(g.nodes[n].ply);
        }
        return plies.join(u',');
    };
    QCOMPARE(positionsWith(1), QStringLiteral("1,3"));
    QCOMPARE(positionsWith(6), QStringLiteral("2"));
    QCOMPARE(positionsWith(14), QStringLiteral("4"));
    QCOMPARE(positionsWith(2), QString());
}

QTEST_APPLESS_MAIN(TestOriginalComment)
#include "tst_originalcomment.moc"
