// The built-in highlighter on CQL-S text, and the editor switching to CQL-S
// for a "(match" text or a *.cqls file name.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "editor/cqleditor.h"
#include "editor/cqlhighlighter.h"
#include "editor/keywordcompleter.h"

#include <QAbstractItemView>

#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

using wb::CqlHighlighter;

namespace {

QTextCharFormat formatOf(const QTextBlock &block, int start, int length)
{
    const QList<QTextLayout::FormatRange> ranges = block.layout()->formats();
    for (const auto &r : ranges)
        if (r.start <= start && start + length <= r.start + r.length) return r.format;
    return QTextCharFormat();
}

QString kindName(int kind)
{
    static const char *names[] = {"Keyword", "Piece",         "Number", "String",
                                  "Comment", "CommentFilter", "Glyph",  "CqlsKeyword"};
    return kind == -1 ? QStringLiteral("none") : kind < 0 ? QStringLiteral("other") : QString::fromLatin1(names[kind]);
}

int kindOf(const CqlHighlighter &h, const QTextCharFormat &f)
{
    if (!f.hasProperty(QTextFormat::ForegroundBrush)) return -1;
    for (int k = 0; k < CqlHighlighter::KindCount; ++k) {
        const QTextCharFormat ref = h.format(CqlHighlighter::Kind(k));
        if (ref.foreground() == f.foreground() && ref.fontWeight() == f.fontWeight()
            && ref.fontItalic() == f.fontItalic())
            return k;
    }
    return -2;
}

// The kind of the occurrence-th `token` in `line`, highlighted in CQL-S mode or not.
int kindIn(const QString &line, const QString &token, int occurrence, bool cqls)
{
    QTextDocument doc;
    CqlHighlighter h(&doc);
    h.setCqls(cqls);
    doc.documentLayout();
    QCoreApplication::processEvents();
    doc.setPlainText(line);
    int at = -1;
    for (int i = 0; i <= occurrence; ++i)
        at = int(line.indexOf(token, at + 1));
    if (at < 0) return -3;
    return kindOf(h, formatOf(doc.firstBlock(), at, int(token.size())));
}

} // namespace

class TestCqlsHighlighter : public QObject {
    Q_OBJECT
private slots:
    void formats_data();
    void formats();
    void cql6Unchanged();
    void editorFollowsDialect();
    void cqlsCompletionsInCqls();
};

void TestCqlsHighlighter::formats_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("token");
    QTest::addColumn<int>("occurrence");
    QTest::addColumn<int>("kind");
    const int K = CqlHighlighter::Keyword, P = CqlHighlighter::Piece, N = CqlHighlighter::Number,
              S = CqlHighlighter::String, C = CqlHighlighter::Comment, CS = CqlHighlighter::CqlsKeyword, none = -1;
    auto row = [](const char *name, const char *line, const char *token, int occurrence, int kind) {
        QTest::newRow(name) << QString::fromUtf8(line) << QString::fromUtf8(token) << occurrence << kind;
    };
    row("match head", "(match (position :check))", "match", 0, K);
    row("position head", "(match (position :check))", "position", 0, K);
    row("keyword", "(match (position :check))", ":check", 0, CS);
    row("negated keyword", "(position !:stalemate :btm)", "!:stalemate", 0, CS);
    row("prefixed keyword", "(position position:check)", "position:check", 0, CS);
    row("star keyword", "(position :accumulate* n)", ":accumulate*", 0, CS);
    row("unknown keyword", "(position :nosuchkeyword)", ":nosuchkeyword", 0, none);
    row("CQL 6 word is no keyword", "(position mate)", "mate", 0, none);
    row("piece and square", "(position Ke1 :check)", "Ke1", 0, P);
    row("any piece", "(position U?8 M m I i)", "U?8", 0, P);
    row("minor", "(position U?8 M m I i)", "I", 0, P);
    row("empty square", "(position .e4)", ".e4", 0, P);
    row("anything", "(position ? :wtm)", "?", 0, P);
    row("promoted", "(position [Q~q~][a1,h1] U~~)", "[Q~q~][a1,h1]", 0, P);
    row("light squares", "(position [Bb]L?)", "[Bb]L?", 0, P);
    row("range", "(position :piececount R >=2)", ">=2", 0, N);
    row("two bounds", "(position :movenumber 5 10)", "10", 0, N);
    row("en dash", "(position :piececount Q \xE2\x80\x93)", "\xE2\x80\x93", 0, N);
    row("end", "(position :movenumber end-3 end)", "end-3", 0, N);
    row("percent", "(position :pawncount P passed >50%)", ">50%", 0, N);
    row("pawn attribute", "(position :pawncount P passed >50%)", "passed", 0, none);
    row("accumulator name", "(position :accumulate counter)", "counter", 0, none);
    row("string", "(position :fen \"8/8/8/8/8/8/8/K6k w - - 0 1\")", "\"8/8/8/8/8/8/8/K6k w - - 0 1\"", 0, S);
    row("comment", "(match ; games with a check", "; games with a check", 0, C);
    row("keyword in comment", "(match ; :check", ":check", 0, C);
    row("date", "(match :date >=2010-10-27)", ">=2010-10-27", 0, N);
}

void TestCqlsHighlighter::formats()
{
    QFETCH(QString, line);
    QFETCH(QString, token);
    QFETCH(int, occurrence);
    QFETCH(int, kind);
    QCOMPARE(kindName(kindIn(line, token, occurrence, true)), kindName(kind));
}

void TestCqlsHighlighter::cql6Unchanged()
{
    // The same words read as CQL 6 keep the CQL 6 rules.
    QCOMPARE(kindName(kindIn(QStringLiteral("cql() mate check"), QStringLiteral("mate"), 0, false)),
             kindName(CqlHighlighter::Keyword));
    QCOMPARE(kindName(kindIn(QStringLiteral("(position mate)"), QStringLiteral("mate"), 0, false)),
             kindName(CqlHighlighter::Keyword));
    QCOMPARE(kindName(kindIn(QStringLiteral("x = U?8"), QStringLiteral("U?8"), 0, false)), kindName(-1));
}

void TestCqlsHighlighter::editorFollowsDialect()
{
    wb::CqlEditor editor;
    QSignalSpy spy(&editor, &wb::CqlEditor::dialectChanged);
    QVERIFY(!editor.isCqls());
    editor.setPlainText(QStringLiteral("; a CQL-S script\n(match (position :check))"));
    QVERIFY(editor.isCqls());
    QCOMPARE(spy.size(), 1);
    if (CqlHighlighter *h = editor.builtinHighlighter()) {
        QVERIFY(h->isCqls());
        QCOMPARE(kindName(kindOf(*h, formatOf(editor.document()->findBlockByNumber(1), 17, 6))),
                 kindName(CqlHighlighter::CqlsKeyword));
    }
    editor.setPlainText(QStringLiteral("cql() check"));
    QVERIFY(!editor.isCqls());
    // A .cqls file is CQL-S whatever its first item.
    editor.setFileName(QStringLiteral("/tmp/x.cqls"));
    QVERIFY(editor.isCqls());
    editor.setFileName(QStringLiteral("/tmp/x.cql"));
    QVERIFY(!editor.isCqls());
    QCOMPARE(spy.size(), 4);
}

void TestCqlsHighlighter::cqlsCompletionsInCqls()
{
    // After a CQL-S ':' the popup offers the CQL-S table's keywords, not CQL 6's.
    wb::CqlEditor editor;
    editor.show();
    QVERIFY(QTest::qWaitForWindowExposed(&editor));
    editor.setPlainText(QStringLiteral("cql() pie"));
    editor.moveCursor(QTextCursor::End);
    editor.showCompletions();
    QVERIFY(editor.completer()->popup()->isVisible());
    QCOMPARE(editor.completer()->currentCompletion(), QStringLiteral("piece"));
    editor.completer()->popup()->hide();
    editor.setPlainText(QStringLiteral("(match (position :piececou"));
    editor.moveCursor(QTextCursor::End);
    editor.showCompletions();
    QVERIFY(editor.completer()->popup()->isVisible());
    QCOMPARE(editor.completer()->completionCount(), 2); // :piececount, :piececountdifference
    QCOMPARE(editor.completer()->currentCompletion(), QStringLiteral("piececount"));
    QVERIFY(editor.completer()->helpAt(0).startsWith(QStringLiteral(":piececount D R (position list)")));
    // The help line under the cursor is the CQL-S table's.
    editor.completer()->popup()->hide();
    editor.setPlainText(QStringLiteral("(match (position :piececount R 2))"));
    QTextCursor c = editor.textCursor();
    c.setPosition(20);
    editor.setTextCursor(c);
    QVERIFY2(editor.helpLine().startsWith(QStringLiteral("piececount — :piececount D R")),
             qPrintable(editor.helpLine()));
}

QTEST_MAIN(TestCqlsHighlighter)
#include "tst_cqlshighlighter.moc"
