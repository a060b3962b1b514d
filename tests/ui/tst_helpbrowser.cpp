// The help browser: the manual is built in; F1 in the editor opens it at the
// section of the keyword under the cursor (CQL 6 in language.md, CQL-S in
// cqls.md); the find field finds text and says when there is none.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "editor/cqleditor.h"
#include "help/helpbrowser.h"
#include "mainwindow/mainwindow.h"

#include <QAction>
#include <QLineEdit>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTest>

#include "windowtest.h"

namespace {
// Puts the cursor inside the first `word` of the editor's text.
void cursorInto(wb::CqlEditor *editor, const QString &word)
{
    QTextCursor c = editor->textCursor();
    c.setPosition(int(editor->toPlainText().indexOf(word)) + 2);
    editor->setTextCursor(c);
}
} // namespace

class TestHelpBrowser : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { windowtest::isolateSettings(QStringLiteral("tst_helpbrowser")); }
    void pagesAreBuiltIn();
    void keywordSections();
    void f1OnCql6Keyword();
    void f1OnCqlsKeyword();
    void findField();
    void links();
};

void TestHelpBrowser::pagesAreBuiltIn()
{
    wb::HelpBrowser help;
    for (auto page : {wb::HelpBrowser::Language, wb::HelpBrowser::Cqls, wb::HelpBrowser::Workbench}) {
        help.showPage(page);
        QCOMPARE(help.page(), page);
        QVERIFY(help.browser()->document()->characterCount() > 1000);
        // Raw HTML in the Markdown (an unquoted <tag>) makes Qt drop the text
        // after it, headings included.
        for (QTextBlock b = help.browser()->document()->begin(); b.isValid(); b = b.next())
            if (b.blockFormat().headingLevel() > 0)
                QVERIFY2(!b.text().trimmed().isEmpty(),
                         qPrintable(QStringLiteral("empty heading in page %1 after \"%2\"")
                                        .arg(int(page))
                                        .arg(b.previous().text().left(80))));
    }
    help.showPage(wb::HelpBrowser::Language);
    QVERIFY(help.browser()->document()->begin().text().contains(QLatin1String("CQL language")));
}

void TestHelpBrowser::keywordSections()
{
    wb::HelpBrowser help;
    QVERIFY(help.showKeyword(QStringLiteral("stalemate"), false));
    QCOMPARE(help.currentSection(), QStringLiteral("stalemate"));
    // Headings stand out from the code examples under them (Qt's reader leaves them at the text's size).
    QTextCursor heading = help.browser()->textCursor();
    heading.movePosition(QTextCursor::NextCharacter);
    QVERIFY(heading.charFormat().fontPointSize() > help.browser()->document()->defaultFont().pointSizeF());
    QCOMPARE(heading.charFormat().fontWeight(), int(QFont::Bold));
    // A keyword named in a heading among others.
    QVERIFY(help.showKeyword(QStringLiteral("nosort"), false));
    QVERIFY(help.currentSection().startsWith(QLatin1String("Reserved words")));
    QVERIFY(help.showKeyword(QStringLiteral(":endgameevaluation"), true));
    QCOMPARE(help.page(), wb::HelpBrowser::Cqls);
    QVERIFY(help.browser()->textCursor().block().text().contains(QLatin1String(":endgameevaluation")));
    QVERIFY(!help.showKeyword(QStringLiteral("nosuchkeywordanywhere"), false));
}

void TestHelpBrowser::f1OnCql6Keyword()
{
    wb::MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    w.setQueryText(QStringLiteral("cql() btm\nstalemate\n"));
    cursorInto(w.editor(), QStringLiteral("stalemate"));
    w.editor()->setFocus();
    QTest::keyClick(w.editor(), Qt::Key_F1);
    QTRY_VERIFY(w.findChild<wb::HelpBrowser *>());
    wb::HelpBrowser *help = w.findChild<wb::HelpBrowser *>();
    QVERIFY(help->isVisible());
    QCOMPARE(help->page(), wb::HelpBrowser::Language);
    QCOMPARE(help->currentSection(), QStringLiteral("stalemate"));
    // The section is in view, not just the cursor somewhere below.
    const QRect cursor = help->browser()->cursorRect();
    QVERIFY(help->browser()->viewport()->rect().contains(cursor.center()));

    // Help > Language Reference does the same for another keyword.
    cursorInto(w.editor(), QStringLiteral("btm"));
    w.findChild<QAction *>(QStringLiteral("LanguageReferenceAction"))->trigger();
    QCOMPARE(help->currentSection(), QStringLiteral("btm"));
}

void TestHelpBrowser::f1OnCqlsKeyword()
{
    wb::MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    w.setQueryText(QStringLiteral("(match\n  (position :piececount U 3 :endgameevaluation mate >=20))\n"));
    QVERIFY(w.editor()->isCqls());
    cursorInto(w.editor(), QStringLiteral("endgameevaluation"));
    w.editor()->setFocus();
    QTest::keyClick(w.editor(), Qt::Key_F1);
    wb::HelpBrowser *help = w.findChild<wb::HelpBrowser *>();
    QVERIFY(help);
    QCOMPARE(help->page(), wb::HelpBrowser::Cqls);
    QVERIFY2(help->browser()->textCursor().block().text().contains(QLatin1String(":endgameevaluation")),
             qPrintable(help->browser()->textCursor().block().text()));
    QCOMPARE(help->currentSection(), QStringLiteral("Analysis with an engine and tablebases"));
}

void TestHelpBrowser::findField()
{
    wb::HelpBrowser help;
    help.show();
    help.showPage(wb::HelpBrowser::Cqls);
    QLineEdit *field = help.findField();
    field->setFocus();
    QTest::keyClicks(field, QStringLiteral("gaviota"));
    const QTextCursor first = help.browser()->textCursor();
    QCOMPARE(first.selectedText().toLower(), QStringLiteral("gaviota"));
    // Return goes on to the next place.
    QTest::keyClick(field, Qt::Key_Return);
    const QTextCursor second = help.browser()->textCursor();
    QCOMPARE(second.selectedText().toLower(), QStringLiteral("gaviota"));
    QVERIFY(second.position() > first.position());
    QVERIFY(help.find(QStringLiteral("gaviota"), true));
    QCOMPARE(help.browser()->textCursor().position(), first.position());
    QVERIFY(!help.find(QStringLiteral("xyzzy-not-in-the-manual")));
}

void TestHelpBrowser::links()
{
    wb::HelpBrowser help;
    // A link of workbench.md into cqls.md, as a click follows it.
    help.showPage(wb::HelpBrowser::Workbench);
    help.browser()->setSource(QUrl(QStringLiteral("cqls.md#the-player-base")));
    QCOMPARE(help.page(), wb::HelpBrowser::Cqls);
    QCOMPARE(help.currentSection(), QStringLiteral("The player base"));
    QVERIFY(help.showAnchor(QStringLiteral("converting-to-cql-6")));
    QCOMPARE(help.currentSection(), QStringLiteral("Converting to CQL 6"));
    QVERIFY(!help.showAnchor(QStringLiteral("no-such-section")));
}

QTEST_MAIN(TestHelpBrowser)
#include "tst_helpbrowser.moc"
