// Editor behaviour: line numbers, bracket matching, comment toggling, diagnostics.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "editor/brackets.h"
#include "editor/commenttoggle.h"
#include "editor/cqleditor.h"

#include <QHelpEvent>
#include <QTest>
#include <QTextBlock>
#include <QToolTip>

using wb::CqlEditor;
using wb::EditorDiagnostic;

namespace {

QList<QTextEdit::ExtraSelection> underlines(const CqlEditor &e)
{
    QList<QTextEdit::ExtraSelection> out;
    for (const auto &s : e.extraSelections())
        if (s.format.underlineStyle() == QTextCharFormat::WaveUnderline) out << s;
    return out;
}

} // namespace

class TestCqlEditor : public QObject {
    Q_OBJECT
private slots:
    void lineNumberAreaGrowsWithLines();
    void brackets_data();
    void brackets();
    void bracketSelections();
    void toggleLines_data();
    void toggleLines();
    void toggleCommentInEditorIsOneUndoStep();
    void convertSpellingIsOneUndoStep();
    void diagnosticsBecomeUnderlines();
    void diagnosticsFollowEdits();
    void diagnosticTooltip();
    void cursorLocationCountsCodePoints();
};

void TestCqlEditor::lineNumberAreaGrowsWithLines()
{
    CqlEditor e;
    e.resize(500, 300);
    e.setPlainText(QStringLiteral("a\nb\nc"));
    const int small = e.lineNumberAreaWidth();
    QVERIFY(small > 0);
    QCOMPARE(e.lineNumberArea()->width(), small);
    QVERIFY(e.viewport()->geometry().left() >= small);
    QStringList lines;
    for (int i = 0; i < 12000; ++i)
        lines << QStringLiteral("mate");
    e.setPlainText(lines.join(QLatin1Char('\n')));
    QVERIFY(e.lineNumberAreaWidth() > small);
    QCOMPARE(e.lineNumberArea()->width(), e.lineNumberAreaWidth());
    QVERIFY(e.viewport()->geometry().left() >= e.lineNumberAreaWidth());
}

void TestCqlEditor::brackets_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("pos");
    QTest::addColumn<int>("expected");
    QTest::newRow("braces forward") << "{ a { b } c }" << 0 << 12;
    QTest::newRow("braces backward") << "{ a { b } c }" << 12 << 0;
    QTest::newRow("inner") << "{ a { b } c }" << 4 << 8;
    QTest::newRow("parens") << "cql(input x) mate" << 3 << 11;
    QTest::newRow("square brackets") << "[Kk][a1,h8]" << 4 << 10;
    QTest::newRow("not a bracket") << "mate" << 1 << -1;
    QTest::newRow("unmatched") << "{ mate" << 0 << -1;
    QTest::newRow("skips string") << "{ \"}\" }" << 0 << 6;
    QTest::newRow("skips line comment") << "{ // }\n}" << 0 << 7;
    QTest::newRow("skips block comment") << "( /* ) */ )" << 0 << 10;
    QTest::newRow("bracket in comment") << "{ // }\n}" << 5 << -1;
    QTest::newRow("comment filter is code") << "{ /// x }" << 0 << 8;
}

void TestCqlEditor::brackets()
{
    QFETCH(QString, text);
    QFETCH(int, pos);
    QFETCH(int, expected);
    QCOMPARE(wb::findMatchingBracket(text, pos), expected);
}

void TestCqlEditor::bracketSelections()
{
    CqlEditor e;
    e.setPlainText(QStringLiteral("flip { Qc2 }"));
    QTextCursor c = e.textCursor();
    c.setPosition(5); // before '{'
    e.setTextCursor(c);
    QList<int> highlighted;
    for (const auto &s : e.extraSelections())
        if (s.format.background() == QBrush(e.theme().bracketMatch)) highlighted << s.cursor.selectionStart();
    std::sort(highlighted.begin(), highlighted.end());
    QCOMPARE(highlighted, (QList<int>{5, 11}));
    // An unmatched bracket is shown as such.
    e.setPlainText(QStringLiteral("flip { Qc2"));
    c = e.textCursor();
    c.setPosition(5);
    e.setTextCursor(c);
    bool mismatch = false;
    for (const auto &s : e.extraSelections())
        mismatch = mismatch || s.format.background() == QBrush(e.theme().bracketMismatch);
    QVERIFY(mismatch);
}

void TestCqlEditor::toggleLines_data()
{
    QTest::addColumn<QStringList>("in");
    QTest::addColumn<QStringList>("out");
    QTest::newRow("comment") << QStringList{"mate", "  check"} << QStringList{"// mate", "//   check"};
    QTest::newRow("common indent") << QStringList{"  mate", "    check"} << QStringList{"  // mate", "  //   check"};
    QTest::newRow("uncomment") << QStringList{"// mate", "  //check"} << QStringList{"mate", "  check"};
    QTest::newRow("mixed comments all") << QStringList{"// mate", "check"} << QStringList{"// // mate", "// check"};
    QTest::newRow("blank lines kept") << QStringList{"mate", "", "check"} << QStringList{"// mate", "", "// check"};
    QTest::newRow("comment filter is not a comment")
        << QStringList{"/// \"x\" mate"} << QStringList{"// /// \"x\" mate"};
    QTest::newRow("only blanks") << QStringList{"", "  "} << QStringList{"", "  "};
}

void TestCqlEditor::toggleLines()
{
    QFETCH(QStringList, in);
    QFETCH(QStringList, out);
    QCOMPARE(wb::toggleLineComments(in), out);
    // Toggling twice restores what was commented by the first toggle.
    if (in != out && !in.join(QString()).contains(QLatin1String("//"))) QCOMPARE(wb::toggleLineComments(out), in);
}

void TestCqlEditor::toggleCommentInEditorIsOneUndoStep()
{
    CqlEditor e;
    const QString original = QStringLiteral("cql()\nmate\ncheck\nstalemate");
    e.setPlainText(original);
    QTextCursor c = e.textCursor();
    c.setPosition(e.document()->findBlockByNumber(1).position() + 1);
    c.setPosition(e.document()->findBlockByNumber(2).position() + 2, QTextCursor::KeepAnchor);
    e.setTextCursor(c);
    e.toggleComment();
    QCOMPARE(e.toPlainText(), QStringLiteral("cql()\n// mate\n// check\nstalemate"));
    e.toggleComment(); // the edited lines stay selected
    QCOMPARE(e.toPlainText(), original);
    e.undo();
    QCOMPARE(e.toPlainText(), QStringLiteral("cql()\n// mate\n// check\nstalemate"));
    e.undo();
    QCOMPARE(e.toPlainText(), original);
}

void TestCqlEditor::diagnosticsBecomeUnderlines()
{
    CqlEditor e;
    e.setPlainText(QStringLiteral("cql()\nflip { Qc2 attacks kk }\n"));
    e.setDiagnostics({{2, 20, 2, QStringLiteral("unknown filter 'kk'"), EditorDiagnostic::Error},
                      {1, 1, 3, QStringLiteral("header is empty"), EditorDiagnostic::Warning}});
    const auto u = underlines(e);
    QCOMPARE(u.size(), 2);
    const int line2 = e.document()->findBlockByNumber(1).position();
    QCOMPARE(u[0].cursor.selectionStart(), line2 + 19);
    QCOMPARE(u[0].cursor.selectedText(), QStringLiteral("kk"));
    QCOMPARE(u[0].format.underlineColor(), e.theme().error);
    QCOMPARE(u[1].cursor.selectedText(), QStringLiteral("cql"));
    QCOMPARE(u[1].format.underlineColor(), e.theme().warning);
    e.clearDiagnostics();
    QVERIFY(underlines(e).isEmpty());
}

void TestCqlEditor::diagnosticsFollowEdits()
{
    CqlEditor e;
    e.setPlainText(QStringLiteral("mate xyz"));
    e.setDiagnostics({{1, 6, 3, QStringLiteral("unknown filter 'xyz'"), EditorDiagnostic::Error}});
    QTextCursor c(e.document());
    c.insertText(QStringLiteral("check "));
    const auto u = underlines(e);
    QCOMPARE(u.size(), 1);
    QCOMPARE(u[0].cursor.selectedText(), QStringLiteral("xyz"));
    QVERIFY(e.diagnosticTextAt(int(e.toPlainText().indexOf(QLatin1String("xyz"))) + 1).contains(QLatin1String("xyz")));
}

void TestCqlEditor::diagnosticTooltip()
{
    CqlEditor e;
    e.resize(600, 300);
    e.setPlainText(QStringLiteral("mate\n   bogus\n"));
    e.setDiagnostics({{2, 4, 5, QStringLiteral("unknown filter 'bogus'"), EditorDiagnostic::Error}});
    const int pos = e.positionOf(2, 6);
    QCOMPARE(e.diagnosticTextAt(pos), QStringLiteral("Error: unknown filter 'bogus'"));
    QVERIFY(e.diagnosticTextAt(e.positionOf(1, 2)).isEmpty());
    // A hover over the word shows the message.
    e.show();
    QVERIFY(QTest::qWaitForWindowExposed(&e));
    QTextCursor c(e.document());
    c.setPosition(pos);
    const QPoint inViewport = e.cursorRect(c).center();
    const QPoint inEditor = e.viewport()->mapTo(&e, inViewport);
    QHelpEvent help(QEvent::ToolTip, inEditor, e.mapToGlobal(inEditor));
    QApplication::sendEvent(&e, &help);
    QTRY_COMPARE(QToolTip::text(), QStringLiteral("Error: unknown filter 'bogus'"));
    // Elsewhere a keyword's help is shown; plain words show nothing.
    const QString keywordHelp = e.toolTipAt(e.positionOf(1, 2));
    QVERIFY2(keywordHelp.startsWith(QLatin1String("<b>mate</b>")), qPrintable(keywordHelp));
    QVERIFY(keywordHelp.size() > 16);
    QVERIFY(e.toolTipAt(e.positionOf(2, 2)).isEmpty());
}

void TestCqlEditor::cursorLocationCountsCodePoints()
{
    CqlEditor e;
    e.setPlainText(QStringLiteral("♔e1 𝒳 mate"));
    QTextCursor c = e.textCursor();
    c.setPosition(int(e.toPlainText().indexOf(QLatin1String("mate"))));
    e.setTextCursor(c);
    // ♔ e 1 space 𝒳 space = 6 code points before "mate" (𝒳 is two UTF-16 units).
    QCOMPARE(e.currentColumn(), 7);
    QCOMPARE(e.positionOf(1, 7), c.position());
}

void TestCqlEditor::convertSpellingIsOneUndoStep()
{
    wb::CqlEditor editor;
    const QString ascii = QStringLiteral("cql()\nflipcolor {Q -> k | _e4} // Q stays\n");
    editor.setPlainText(ascii);
    editor.convertSpelling(true);
    QCOMPARE(editor.toPlainText(), QStringLiteral("cql()\n⬓ {♕ → ♚ ∪ □e4} // Q stays\n"));
    editor.convertSpelling(false);
    QCOMPARE(editor.toPlainText(), QStringLiteral("cql()\nflipcolor {Q -> k | _e4} // Q stays\n"));
    editor.undo();
    editor.undo();
    QCOMPARE(editor.toPlainText(), ascii);
}

QTEST_MAIN(TestCqlEditor)
#include "tst_cqleditor.moc"
