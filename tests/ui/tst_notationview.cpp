// The notation view: text of moves and variations, links, current move.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "notation/nagtext.h"
#include "notation/notationview.h"

#include "database/database.h"

#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>

using game::NodeId;

namespace {

std::shared_ptr<game::Game> parse(const char *pgn)
{
    db::Database database;
    std::string error;
    if (!database.openText(pgn, "notation.pgn", {}, &error)) qFatal("cannot open test PGN: %s", error.c_str());
    auto g = std::make_shared<game::Game>();
    if (!database.loadGame(0, *g)) qFatal("cannot load the test game");
    return g;
}

const char *const Pgn = R"([White "Morphy"]
[Black "Duke"]
[Event "Paris"]
[Result "1-0"]

1. e4 e5 2. Nf3 (2. Bc4 {Bishop's opening} Nf6) 2... d6 $1 3. d4 {centre} 1-0
)";

NodeId mainlineNode(const game::Game &g, int ply)
{
    NodeId n = 0;
    for (int i = 0; i < ply; ++i)
        n = g.nodes[n].firstChild;
    return n;
}

} // namespace

class TestNotationView : public QObject {
    Q_OBJECT
private slots:
    void text();
    void moveRanges();
    void clickingAMoveSelectsIt();
    void keyboardNavigation();
    void matchedMovesAreMarked();
    void nags();
    void studyWithVariationsAndComments();
};

void TestNotationView::text()
{
    wb::NotationView view;
    view.setGame(parse(Pgn));
    const QString t = view.toPlainText();
    QVERIFY2(t.contains(QStringLiteral("Morphy – Duke")), qPrintable(t));
    // An alternative to a main-line move gets a paragraph of its own.
    QVERIFY2(t.contains(QStringLiteral("1.e4 e5 2.Nf3\n(2.Bc4 Bishop's opening 2…Nf6)\n2…d6! 3.d4 centre")),
             qPrintable(t));
    QVERIFY(t.contains(QLatin1String("1-0")));
    view.setGame(nullptr);
    QVERIFY(view.toPlainText().isEmpty());
}

void TestNotationView::moveRanges()
{
    wb::NotationView view;
    const auto g = parse(Pgn);
    view.setGame(g);
    const QString t = view.toPlainText();
    for (int ply = 1; ply <= 5; ++ply) {
        const NodeId n = mainlineNode(*g, ply);
        const auto r = view.moveRange(n);
        QVERIFY(r.first >= 0);
        QVERIFY(t.mid(r.first, r.second).startsWith(view.moveText(n)));
    }
    QCOMPARE(view.moveText(mainlineNode(*g, 3)), QStringLiteral("Nf3"));
}

void TestNotationView::clickingAMoveSelectsIt()
{
    wb::NotationView view;
    view.resize(500, 300);
    const auto g = parse(Pgn);
    view.setGame(g);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QSignalSpy spy(&view, &wb::NotationView::nodeSelected);
    const NodeId target = mainlineNode(*g, 4); // 2...d6
    const auto r = view.moveRange(target);
    QTextCursor c(view.document());
    c.setPosition(r.first + 1);
    const QPoint p = view.cursorRect(c).center();
    QTest::mouseClick(view.viewport(), Qt::LeftButton, Qt::NoModifier, p);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(spy.first().first().value<NodeId>(), target);
    QCOMPARE(view.currentNode(), target);
    // The current move is highlighted.
    bool highlighted = false;
    for (const auto &s : view.extraSelections())
        highlighted =
            highlighted || (s.cursor.selectionStart() == r.first && s.cursor.selectionEnd() == r.first + r.second);
    QVERIFY(highlighted);
}

void TestNotationView::keyboardNavigation()
{
    wb::NotationView view;
    const auto g = parse(Pgn);
    view.setGame(g);
    QCOMPARE(view.currentNode(), NodeId(0));
    QSignalSpy spy(&view, &wb::NotationView::nodeSelected);
    QTest::keyClick(&view, Qt::Key_Right);
    QTest::keyClick(&view, Qt::Key_Right);
    QCOMPARE(view.currentNode(), mainlineNode(*g, 2));
    QTest::keyClick(&view, Qt::Key_End);
    QCOMPARE(view.currentNode(), g->mainlineEnd());
    QTest::keyClick(&view, Qt::Key_Left);
    QCOMPARE(view.currentNode(), mainlineNode(*g, 4));
    QTest::keyClick(&view, Qt::Key_Home);
    QCOMPARE(view.currentNode(), NodeId(0));
    QCOMPARE(spy.count(), 5);
}

void TestNotationView::matchedMovesAreMarked()
{
    wb::NotationView view;
    const auto g = parse(Pgn);
    const NodeId matched = mainlineNode(*g, 3);
    view.setGame(g, {matched});
    const auto r = view.moveRange(matched);
    QTextCursor c(view.document());
    c.setPosition(r.first + 1);
    QCOMPARE(c.charFormat().fontWeight(), int(QFont::Bold));
    QVERIFY(c.charFormat().background().style() != Qt::NoBrush);
    c.setPosition(view.moveRange(mainlineNode(*g, 1)).first + 1);
    QVERIFY(c.charFormat().fontWeight() != int(QFont::Bold));
}

void TestNotationView::nags()
{
    QCOMPARE(wb::nagText(1), QStringLiteral("!"));
    QCOMPARE(wb::nagText(6), QStringLiteral("?!"));
    QCOMPARE(wb::nagText(18), QStringLiteral("+−"));
    QCOMPARE(wb::nagText(250), QStringLiteral("$250"));
    QVERIFY(wb::isMoveSuffixNag(4));
    QVERIFY(!wb::isMoveSuffixNag(10));
}

void TestNotationView::studyWithVariationsAndComments()
{
    // A study as composers write them: a FEN start, a comment before the first
    // move, several alternatives to one move, nested variations, comments before
    // and after moves inside variations, two comments in a row, NAGs, and a
    // variation as the last thing before the result.
    const char *const study = R"([White "Composer"]
[Black "Study"]
[Result "1-0"]
[SetUp "1"]
[FEN "7k/8/8/8/8/8/8/R3K3 w - - 0 1"]

{White wins.} 1. Ra8+ $1 (1. Kf2 $2 {slow} 1... Kg7 (1... Kg8 {waits} $6 2. Ra8+) 2. Ra7+)
(1. Kd2 {also} 1... Kh7 {first} {second}) 1... Kh7 ( {only other} 1... Kg7 ) 2. Ra7+ Kh8 3. Ke2 ({or} 3. Kf2 Kg8 4. Kg3) 3... Kg8 4. Kf3 1-0
)";
    wb::NotationView view;
    const auto g = parse(study);
    QVERIFY(g->errors.empty());
    view.setGame(g);
    const QString t = view.toPlainText();
    const QStringList lines = t.split(QLatin1Char('\n'));
    // Header, subheader, then the main line broken by its alternatives.
    QVERIFY2(lines.contains(QStringLiteral("Start White wins. 1.Ra8+!")), qPrintable(t));
    QVERIFY2(lines.contains(QStringLiteral("(1.Kf2? slow 1…Kg7 (1…Kg8?! waits 2.Ra8+) 2.Ra7+)")), qPrintable(t));
    QVERIFY2(lines.contains(QStringLiteral("(1.Kd2 also 1…Kh7 first second)")), qPrintable(t));
    QVERIFY2(lines.contains(QStringLiteral("1…Kh7")), qPrintable(t));
    QVERIFY2(lines.contains(QStringLiteral("(only other 1…Kg7)")), qPrintable(t));
    QVERIFY2(lines.contains(QStringLiteral("2.Ra7+ Kh8 3.Ke2")), qPrintable(t));
    QVERIFY2(lines.contains(QStringLiteral("(or 3.Kf2 Kg8 4.Kg3)")), qPrintable(t));
    QVERIFY2(lines.contains(QStringLiteral("3…Kg8 4.Kf3 1-0")), qPrintable(t));
    // Every position is a link on its own move.
    for (NodeId n = 1; n < NodeId(g->nodes.size()); ++n) {
        const auto r = view.moveRange(n);
        QVERIFY2(r.first >= 0, qPrintable(QStringLiteral("node %1 not shown").arg(n)));
        QCOMPARE(t.mid(r.first, view.moveText(n).size()), view.moveText(n));
    }
    // Variation moves are drawn in their own colour; comments in italics.
    QTextCursor c(view.document());
    const NodeId kf2 = g->nodes[g->nodes[0].firstChild].nextSibling; // 1.Kf2, the first alternative
    c.setPosition(view.moveRange(kf2).first + 1);
    const QColor variationColour = c.charFormat().foreground().color();
    c.setPosition(view.moveRange(g->nodes[0].firstChild).first + 1);
    QVERIFY(c.charFormat().foreground().color() != variationColour);
    c.setPosition(t.indexOf(QStringLiteral("White wins")) + 1);
    QVERIFY(c.charFormat().fontItalic());
    // Alternatives to main-line moves are indented, nested ones stay inline.
    const QTextBlock mainBlock = view.document()->findBlock(view.moveRange(g->nodes[0].firstChild).first);
    const QTextBlock varBlock = view.document()->findBlock(view.moveRange(kf2).first);
    QVERIFY(varBlock.blockFormat().leftMargin() > mainBlock.blockFormat().leftMargin());
}

QTEST_MAIN(TestNotationView)
#include "tst_notationview.moc"
