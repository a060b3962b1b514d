// Keyword completion in the query editor from the core's keyword table, and
// the help line for the keyword at the cursor or in the popup.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "editor/cqleditor.h"
#include "editor/keywordcompleter.h"

#include "cql/keywords.h"

#include <QAbstractItemView>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTest>

using wb::CqlEditor;
using wb::KeywordCompleter;

namespace {

QString coreHelp(const char *name)
{
    const cql::Keyword *k = cql::findKeyword(name);
    return k ? QString::fromUtf8(k->help.data(), qsizetype(k->help.size())) : QString();
}

// An editor on screen with the focus, as the completer's popup needs.
struct Shown {
    CqlEditor editor;
    Shown()
    {
        editor.resize(600, 300);
        editor.show();
        editor.activateWindow();
        editor.setFocus();
        if (!QTest::qWaitForWindowExposed(&editor)) qWarning("editor not exposed");
    }
    QAbstractItemView *popup() { return editor.completer()->popup(); }
};

} // namespace

class TestCompletion : public QObject {
    Q_OBJECT
private slots:
    void modelIsTheCoreTable();
    void popsUpAfterTwoLetters();
    void returnInsertsTheKeyword();
    void caseInsensitiveAndReplacesPrefix();
    void noCompletionInCommentsStringsOrNumbers();
    void ctrlSpaceShowsAll();
    void helpLineAtCursor();
    void helpLineInPopup();
};

void TestCompletion::modelIsTheCoreTable()
{
    QObject owner;
    QStandardItemModel *m = KeywordCompleter::createModel(&owner);
    QCOMPARE(m->rowCount(), int(cql::keywords().size()));
    // Sorted, each keyword with its own help line from the table.
    QStringList names;
    for (int r = 0; r < m->rowCount(); ++r) {
        const QString name = m->item(r, KeywordCompleter::Keyword)->text();
        names << name;
        const QString help = m->item(r, KeywordCompleter::Help)->text();
        QVERIFY2(help.startsWith(coreHelp(name.toUtf8().constData())), qPrintable(name));
        const bool implemented = cql::findKeyword(name.toUtf8().constData())->implemented;
        QCOMPARE(m->item(r, 0)->data(KeywordCompleter::ImplementedRole).toBool(), implemented);
        QCOMPARE(help.contains(QStringLiteral("not implemented")), !implemented);
    }
    QStringList sorted = names;
    sorted.sort(Qt::CaseInsensitive);
    QCOMPARE(names, sorted);
    QVERIFY(names.contains(QStringLiteral("flipcolor")));
    QVERIFY(names.contains(QStringLiteral("attackedby")));
}

void TestCompletion::popsUpAfterTwoLetters()
{
    Shown s;
    QTest::keyClicks(&s.editor, QStringLiteral("cql() f"));
    QVERIFY(!s.popup()->isVisible()); // one letter is not enough
    QTest::keyClicks(&s.editor, QStringLiteral("lip"));
    QTRY_VERIFY(s.popup()->isVisible());
    QCOMPARE(s.editor.completer()->completionPrefix(), QStringLiteral("flip"));
    QStringList offered;
    for (int r = 0; r < s.editor.completer()->completionCount(); ++r)
        offered << s.editor.completer()->keywordAt(r);
    QVERIFY2(offered.contains(QStringLiteral("flipcolor")), qPrintable(offered.join(u' ')));
    QVERIFY(offered.contains(QStringLiteral("flipvertical")));
    for (const QString &w : offered)
        QVERIFY(w.startsWith(QStringLiteral("flip")));
    // A space ends the word and closes the popup.
    QTest::keyClick(&s.editor, Qt::Key_Space);
    QVERIFY(!s.popup()->isVisible());
}

void TestCompletion::returnInsertsTheKeyword()
{
    Shown s;
    QTest::keyClicks(&s.editor, QStringLiteral("cql() flipc"));
    QTRY_VERIFY(s.popup()->isVisible());
    QCOMPARE(s.editor.completer()->currentCompletion(), QStringLiteral("flipcolor"));
    // The popup has the keyboard while it shows; Return there takes the completion.
    QTest::keyClick(s.popup(), Qt::Key_Return);
    QCOMPARE(s.editor.toPlainText(), QStringLiteral("cql() flipcolor"));
    QVERIFY(!s.popup()->isVisible());
    QCOMPARE(s.editor.textCursor().position(), int(s.editor.toPlainText().size()));
    // Escape closes it without a change.
    QTest::keyClicks(&s.editor, QStringLiteral(" {att"));
    QTRY_VERIFY(s.popup()->isVisible());
    QTest::keyClick(s.popup(), Qt::Key_Escape);
    QVERIFY(!s.popup()->isVisible());
    QCOMPARE(s.editor.toPlainText(), QStringLiteral("cql() flipcolor {att"));
}

void TestCompletion::caseInsensitiveAndReplacesPrefix()
{
    Shown s;
    QTest::keyClicks(&s.editor, QStringLiteral("STALEM"));
    QTRY_VERIFY(s.popup()->isVisible());
    QCOMPARE(s.editor.completer()->currentCompletion(), QStringLiteral("stalemate"));
    // Tab takes the completion too; the typed letters become the keyword as the table spells it.
    QTest::keyClick(s.popup(), Qt::Key_Tab);
    QCOMPARE(s.editor.toPlainText(), QStringLiteral("stalemate"));
    QVERIFY(!s.popup()->isVisible());
    // In the middle of a line only the word before the cursor is replaced.
    s.editor.setPlainText(QStringLiteral("cql() chec"));
    s.editor.moveCursor(QTextCursor::End);
    s.editor.showCompletions();
    QTRY_VERIFY(s.popup()->isVisible());
    QTest::keyClick(s.popup(), Qt::Key_Enter);
    QCOMPARE(s.editor.toPlainText(), QStringLiteral("cql() check"));
}

void TestCompletion::noCompletionInCommentsStringsOrNumbers()
{
    Shown s;
    QTest::keyClicks(&s.editor, QStringLiteral("// flipc"));
    QVERIFY(!s.popup()->isVisible());
    s.editor.clear();
    QTest::keyClicks(&s.editor, QStringLiteral("comment (\"flipc"));
    QVERIFY(!s.popup()->isVisible());
    s.editor.clear();
    QTest::keyClicks(&s.editor, QStringLiteral("/* a"));
    QTest::keyClick(&s.editor, Qt::Key_Return);
    QTest::keyClicks(&s.editor, QStringLiteral("flipc"));
    QVERIFY(!s.popup()->isVisible());
    s.editor.clear();
    QTest::keyClicks(&s.editor, QStringLiteral("/* a */ flipc"));
    QTRY_VERIFY(s.popup()->isVisible());
    QTest::keyClick(s.popup(), Qt::Key_Escape);
    s.editor.clear();
    QTest::keyClicks(&s.editor, QStringLiteral("ply == 10"));
    QVERIFY(!s.popup()->isVisible());
    // A word nothing starts with offers nothing.
    s.editor.clear();
    QTest::keyClicks(&s.editor, QStringLiteral("qzx"));
    QVERIFY(!s.popup()->isVisible());
}

void TestCompletion::ctrlSpaceShowsAll()
{
    Shown s;
    QTest::keyClick(&s.editor, Qt::Key_Space, Qt::ControlModifier);
    QTRY_VERIFY(s.popup()->isVisible());
    QCOMPARE(s.editor.completer()->completionCount(), int(cql::keywords().size()));
    QCOMPARE(s.editor.toPlainText(), QString()); // no space typed
}

void TestCompletion::helpLineAtCursor()
{
    CqlEditor e;
    QSignalSpy help(&e, &CqlEditor::helpLineChanged);
    e.setPlainText(QStringLiteral("cql() mate 1"));
    QTextCursor c = e.textCursor();
    c.setPosition(7); // inside "mate"
    e.setTextCursor(c);
    QCOMPARE(e.helpLine(), QStringLiteral("mate — ") + coreHelp("mate"));
    QVERIFY(!help.isEmpty());
    QCOMPARE(help.last().first().toString(), e.helpLine());
    c.setPosition(10); // just after "mate"
    e.setTextCursor(c);
    QCOMPARE(e.helpLine(), QStringLiteral("mate — ") + coreHelp("mate"));
    c.setPosition(12); // after the number: no keyword, the line clears
    e.setTextCursor(c);
    QCOMPARE(e.helpLine(), QString());
    QCOMPARE(help.last().first().toString(), QString());
}

void TestCompletion::helpLineInPopup()
{
    Shown s;
    QSignalSpy help(&s.editor, &CqlEditor::helpLineChanged);
    QTest::keyClicks(&s.editor, QStringLiteral("rota"));
    QTRY_VERIFY(s.popup()->isVisible());
    help.clear();
    QTest::keyClick(s.popup(), Qt::Key_Down);
    QVERIFY(!help.isEmpty());
    const QString line = help.last().first().toString();
    QVERIFY2(line.startsWith(QStringLiteral("rotate")), qPrintable(line));
    const QString keyword = line.section(QStringLiteral(" — "), 0, 0);
    QCOMPARE(line, keyword + QStringLiteral(" — ") + coreHelp(keyword.toUtf8().constData()));
}

QTEST_MAIN(TestCompletion)
#include "tst_completion.moc"
