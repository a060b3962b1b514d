// In a build with KF6 SyntaxHighlighting the editor must highlight through it,
// with the project's definition and a theme that fits the palette; without
// KF6 it uses the built-in highlighter.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "editor/cqleditor.h"

#include <QSet>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>

#ifdef CQLWB_HAVE_KSYNTAXHIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/Theme>
#endif

class TestKSyntaxHighlighting : public QObject {
    Q_OBJECT
private slots:
    void engineInUse();
    void keywordFormats();
};

void TestKSyntaxHighlighting::engineInUse()
{
    wb::CqlEditor editor;
#ifdef CQLWB_HAVE_KSYNTAXHIGHLIGHTING
    KSyntaxHighlighting::Repository repo;
    repo.addCustomSearchPath(QStringLiteral(":/"));
    const auto def = repo.definitionForName(QStringLiteral("CQL"));
    QVERIFY2(def.isValid(), "the CQL definition is not found in the program's resources");
    QVERIFY(def.extensions().contains(QStringLiteral("*.cql")));
    QVERIFY(repo.themeForPalette(editor.palette()).isValid());
    QVERIFY(editor.usesKSyntaxHighlighting());
    QVERIFY(!editor.builtinHighlighter());
#else
    QVERIFY(!editor.usesKSyntaxHighlighting());
    QVERIFY(editor.builtinHighlighter());
    qInfo("built without KF6 SyntaxHighlighting: the built-in highlighter is in use");
#endif
}

void TestKSyntaxHighlighting::keywordFormats()
{
    // Whichever engine is in use, a keyword, a comment and plain text come out
    // in different formats.
    wb::CqlEditor editor;
    editor.setPlainText(QStringLiteral("cql()\nflipcolor {Qa1 check} // a note\n"));
    editor.show();
    QCoreApplication::processEvents();
    QTextBlock line = editor.document()->findBlockByNumber(1);
    const auto formats = line.layout()->formats();
    auto formatAt = [&](int pos) {
        for (const QTextLayout::FormatRange &r : formats)
            if (pos >= r.start && pos < r.start + r.length) return r.format;
        return QTextCharFormat();
    };
    const int keyword = line.text().indexOf(QStringLiteral("flipcolor"));
    const int comment = line.text().indexOf(QStringLiteral("// a note"));
    QVERIFY(!formats.isEmpty());
    QVERIFY(formatAt(keyword).hasProperty(QTextFormat::ForegroundBrush)
            || formatAt(keyword).fontWeight() > QFont::Normal);
    QVERIFY(formatAt(keyword) != formatAt(comment));
}

QTEST_MAIN(TestKSyntaxHighlighting)
#include "tst_ksyntaxhighlighting.moc"
