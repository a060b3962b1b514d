// The built-in highlighter's formats on sample lines.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "editor/cqlhighlighter.h"
#include "editor/cqlkeywords.h"

#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

using wb::CqlHighlighter;

Q_DECLARE_METATYPE(CqlHighlighter::Kind)

namespace {

// The format the highlighter gave to every character of [start, start+length) in a
// block; invalid when the range is split between formats or partly unformatted.
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
    return kind < 0 ? QStringLiteral("none") : QString::fromLatin1(names[kind]);
}

// Which kind a format is, by its colour and weight; -1 for none.
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

// As inside an editor: a document only reports changes once it has a layout,
// and the highlighter's first pass is queued to the event loop.
void settle(QTextDocument &doc)
{
    doc.documentLayout();
    QCoreApplication::processEvents();
}

} // namespace

class TestCqlHighlighter : public QObject {
    Q_OBJECT
private slots:
    void formats_data();
    void formats();
    void blockCommentSpansLines();
    void kindsAreDistinct();
    void keywordList();
};

void TestCqlHighlighter::formats_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QString>("token");
    QTest::addColumn<int>("occurrence");
    QTest::addColumn<int>("kind"); // -1: unformatted
    const int K = CqlHighlighter::Keyword, P = CqlHighlighter::Piece, N = CqlHighlighter::Number,
              S = CqlHighlighter::String, C = CqlHighlighter::Comment, CF = CqlHighlighter::CommentFilter,
              G = CqlHighlighter::Glyph, CS = CqlHighlighter::CqlsKeyword;
    QTest::newRow("keyword") << "cql() mate // done"
                             << "mate" << 0 << K;
    QTest::newRow("header keyword") << "cql() mate // done"
                                    << "cql" << 0 << K;
    QTest::newRow("line comment") << "cql() mate // done"
                                  << "// done" << 0 << C;
    QTest::newRow("keyword in comment") << "check // mate"
                                        << "mate" << 0 << C;
    QTest::newRow("legacy comment") << "mate ; old style"
                                    << "; old style" << 0 << C;
    QTest::newRow("block comment inline") << "mate /* x */ check"
                                          << "/* x */" << 0 << C;
    QTest::newRow("after block comment") << "mate /* x */ check"
                                         << "check" << 0 << K;
    QTest::newRow("comment filter") << "/// \"text\" mate"
                                    << "///" << 0 << CF;
    QTest::newRow("comment filter string") << "/// \"text\" mate"
                                           << "\"text\"" << 0 << S;
    QTest::newRow("piece square") << "Qc2 attacks k"
                                  << "Qc2" << 0 << P;
    QTest::newRow("piece alone") << "Qc2 attacks k"
                                 << "k" << 1 << P;
    QTest::newRow("attacks") << "Qc2 attacks k"
                             << "attacks" << 0 << K;
    QTest::newRow("compound") << "[Kk][a1,h8] == 2"
                              << "[Kk][a1,h8]" << 0 << P;
    QTest::newRow("number") << "[Kk][a1,h8] == 2"
                            << "2" << 0 << N;
    QTest::newRow("square range") << "a-h2 & _d5"
                                  << "a-h2" << 0 << P;
    QTest::newRow("empty square") << "a-h2 & _d5"
                                  << "_d5" << 0 << P;
    QTest::newRow("word starting like a piece") << "black"
                                                << "black" << 0 << K;
    QTest::newRow("identifier") << "x = abc + 1"
                                << "abc" << 0 << -1;
    QTest::newRow("string") << "player white ~~ \"Carl\\\"sen\""
                            << "\"Carl\\\"sen\"" << 0 << S;
    QTest::newRow("rotate90") << "rotate90 count Ka1"
                              << "rotate90" << 0 << K;
    QTest::newRow("unicode piece") << "♔e1 → ♚"
                                   << "♔" << 0 << P;
    QTest::newRow("unicode arrow") << "♔e1 → ♚"
                                   << "→" << 0 << G;
    QTest::newRow("capture dash") << "Q[x]r"
                                  << "[x]" << 0 << G;
    QTest::newRow("castling word") << "move o-o-o"
                                   << "o-o-o" << 0 << K;
    QTest::newRow("cql-s keyword") << "(position :flipcolor :pawncount)"
                                   << ":flipcolor" << 0 << CS;
    QTest::newRow("cql-s prefixed") << "match:year 2013"
                                    << ":year" << 0 << CS;
}

void TestCqlHighlighter::formats()
{
    QFETCH(QString, line);
    QFETCH(QString, token);
    QFETCH(int, occurrence);
    QFETCH(int, kind);
    QTextDocument doc;
    CqlHighlighter h(&doc);
    settle(doc);
    doc.setPlainText(line);
    int at = -1;
    for (int i = 0; i <= occurrence; ++i)
        at = int(line.indexOf(token, at + 1));
    QVERIFY(at >= 0);
    const QTextCharFormat f = formatOf(doc.firstBlock(), at, int(token.size()));
    QCOMPARE(kindName(kindOf(h, f)), kindName(kind));
}

void TestCqlHighlighter::blockCommentSpansLines()
{
    QTextDocument doc;
    CqlHighlighter h(&doc);
    settle(doc);
    doc.setPlainText(QStringLiteral("mate /* start\nstill mate\nend */ check"));
    const QTextBlock second = doc.findBlockByNumber(1);
    QCOMPARE(kindOf(h, formatOf(second, 0, int(second.text().size()))), int(CqlHighlighter::Comment));
    const QTextBlock third = doc.findBlockByNumber(2);
    QCOMPARE(kindOf(h, formatOf(third, 0, 6)), int(CqlHighlighter::Comment));
    QCOMPARE(kindOf(h, formatOf(third, 7, 5)), int(CqlHighlighter::Keyword));
    // Closing the comment on the first line re-highlights the following lines.
    QTextCursor c(&doc);
    c.setPosition(13);
    c.insertText(QStringLiteral(" */"));
    QCOMPARE(kindOf(h, formatOf(doc.findBlockByNumber(1), 6, 4)), int(CqlHighlighter::Keyword));
}

void TestCqlHighlighter::kindsAreDistinct()
{
    QTextDocument doc;
    CqlHighlighter h(&doc);
    for (int a = 0; a < CqlHighlighter::KindCount; ++a)
        for (int b = a + 1; b < CqlHighlighter::KindCount; ++b) {
            const auto fa = h.format(CqlHighlighter::Kind(a)), fb = h.format(CqlHighlighter::Kind(b));
            QVERIFY2(fa.foreground() != fb.foreground() || fa.fontWeight() != fb.fontWeight()
                         || fa.fontItalic() != fb.fontItalic(),
                     qPrintable(kindName(a) + QLatin1String(" vs ") + kindName(b)));
        }
}

void TestCqlHighlighter::keywordList()
{
    const QStringList &k = wb::cqlkeywords::keywords();
    QVERIFY(k.size() > 150);
    QVERIFY(std::is_sorted(k.begin(), k.end()));
    for (const char *w : {"flipcolor", "attacks", "mate", "cql", "sort", "line", "pin"})
        QVERIFY2(wb::cqlkeywords::isKeyword(QString::fromLatin1(w)), w);
    QVERIFY(!wb::cqlkeywords::isKeyword(QStringLiteral("Qc2")));
    QVERIFY(wb::cqlkeywords::isPieceGlyph(U'♛'));
    QVERIFY(wb::cqlkeywords::isSymbolGlyph(U'∪'));
    QVERIFY(!wb::cqlkeywords::isSymbolGlyph(U'a'));
}

QTEST_MAIN(TestCqlHighlighter)
#include "tst_cqlhighlighter.moc"
