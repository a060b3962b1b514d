// Edit > Convert to CQL 6 in the window: enabled for CQL-S only, replaces the
// text by its CQL 6 form (undoable), keeps a .cqls file as it is, and lists
// the keywords without a CQL 6 equivalent in a message.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "editor/cqleditor.h"
#include "mainwindow/mainwindow.h"

#include <QAction>
#include <QCoreApplication>
#include <QFile>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class TestConvertCql6 : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void convertsTheEditorText();
    void namesKeywordsWithoutEquivalent();
    void keepsTheCqlsFile();
};

void TestConvertCql6::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("cqlwb-tests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_convertcql6"));
    QSettings().clear();
}

void TestConvertCql6::convertsTheEditorText()
{
    wb::MainWindow w;
    auto *convert = w.findChild<QAction *>(QStringLiteral("ConvertToCql6Action"));
    QVERIFY(convert);
    w.setQueryText(QStringLiteral("cql() check"));
    QVERIFY(!convert->isEnabled());
    const QString script = QStringLiteral("(match (position :check :btm))");
    w.setQueryText(script);
    QVERIFY(w.editor()->isCqls());
    QVERIFY(convert->isEnabled());
    convert->trigger();
    const QString text = w.editor()->toPlainText();
    QVERIFY2(text.contains(QLatin1String("cql()")) && text.contains(QLatin1String("check"))
                 && text.contains(QLatin1String("btm")),
             qPrintable(text));
    QVERIFY(!w.editor()->isCqls());
    QVERIFY(!convert->isEnabled());
    QVERIFY(w.checkQuery()); // the CQL 6 text compiles
    QVERIFY(!w.findChild<QMessageBox *>(QStringLiteral("Cql6ConversionMessage")));
    // One undo brings the CQL-S script back.
    w.editor()->undo();
    QCOMPARE(w.editor()->toPlainText(), script);
    QVERIFY(convert->isEnabled());
}

void TestConvertCql6::namesKeywordsWithoutEquivalent()
{
    wb::MainWindow w;
    w.show();
    auto *convert = w.findChild<QAction *>(QStringLiteral("ConvertToCql6Action"));
    w.setQueryText(QStringLiteral("(match\n  (position :evaluation >1 :check))"));
    convert->trigger();
    auto *box = w.findChild<QMessageBox *>(QStringLiteral("Cql6ConversionMessage"));
    QVERIFY(box);
    QVERIFY(box->isVisible());
    QVERIFY2(box->text().contains(QLatin1String(":evaluation")), qPrintable(box->text()));
    QVERIFY2(box->text().contains(QLatin1String("line 2, column 13")), qPrintable(box->text()));
    QVERIFY(w.editor()->toPlainText().contains(QLatin1String("// no CQL 6 equivalent: :evaluation")));
    QVERIFY(w.checkQuery());
    box->close();
}

void TestConvertCql6::keepsTheCqlsFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("checks.cqls"));
    const QByteArray script = "; checks\n(match (position :check))\n";
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(script);
    }
    wb::MainWindow w;
    QVERIFY(w.openQueryFile(path));
    QVERIFY(w.editor()->isCqls());
    w.findChild<QAction *>(QStringLiteral("ConvertToCql6Action"))->trigger();
    QVERIFY(w.queryFile().isEmpty()); // a new query: saving asks for a name
    QVERIFY(w.editor()->document()->isModified());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), script);
}

QTEST_MAIN(TestConvertCql6)
#include "tst_convertcql6.moc"
