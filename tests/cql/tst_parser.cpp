// The CQL 6 front end: lexing of ASCII and Unicode spellings, precedence and
// argument binding, and diagnostics with line and column.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

#include "cql/convert.h"
#include "cql/keywords.h"
#include "cql/lexer.h"

#include <QElapsedTimer>

using namespace cqltest;

class TestParser : public QObject {
    Q_OBJECT
private slots:
    void lexerDesignators_data();
    void lexerDesignators();
    void unicodeAliases_data();
    void unicodeAliases();
    void precedence_data();
    void precedence();
    void diagnostics_data();
    void diagnostics();
    void severalErrors();
    void keywordTable();
    void conversion_data();
    void conversion();
    void parseSpeed();
    void transformExplosion();
};

void TestParser::lexerDesignators_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("tokens"); // designator tokens expected
    QTest::addColumn<QString>("squares");
    QTest::newRow("Qa3") << "Qa3" << 1 << "a3";
    QTest::newRow("a-h2") << "a-h2" << 1 << "a2 b2 c2 d2 e2 f2 g2 h2";
    QTest::newRow("c-f3-4") << "c-f3-4" << 1 << "c3 d3 e3 f3 c4 d4 e4 f4";
    QTest::newRow("[PqR]a-h2") << "[PqR]a-h2" << 1 << "a2 b2 c2 d2 e2 f2 g2 h2";
    QTest::newRow("list") << "[b-c2,d5,e-f7-8]" << 1 << "b2 c2 d5 e7 f7 e8 f8";
    QTest::newRow("_d4") << "_d4" << 1 << "d4";
}

void TestParser::lexerDesignators()
{
    QFETCH(QString, text);
    QFETCH(int, tokens);
    QFETCH(QString, squares);
    std::string t = text.toStdString();
    cql::Lexer lexer(t);
    auto toks = lexer.tokenize();
    int n = 0;
    for (const auto &k : toks)
        if (k.kind == cql::Tok::Designator) {
            ++n;
            QCOMPARE(QString::fromStdString(k.squares.toString()),
                     QString::fromStdString(cqltest::squares(squares.toLatin1().constData()).toString()));
        }
    QCOMPARE(n, tokens);
}

void TestParser::unicodeAliases_data()
{
    QTest::addColumn<QString>("unicode");
    QTest::addColumn<QString>("ascii");
    QTest::newRow("pieces") << "♔e1 ♚e8"
                            << "Ke1 ke8";
    QTest::newRow("glyph list") << "♕♖♗ == 3"
                                << "[QRB] == 3";
    QTest::newRow("any pieces") << "△ == ▲"
                                << "A == a";
    QTest::newRow("empty") << "□d4"
                           << "_d4";
    QTest::newRow("arrows") << "♕→♚"
                            << "Q -> k";
    QTest::newRow("arrow back") << "♚←♕"
                                << "k <- Q";
    QTest::newRow("set ops") << "◭∩a-h2 ∪ ▦"
                             << "[Aa]&a-h2 | .";
    QTest::newRow("compare") << "#♙≤8 #♟≥1 #♙≠9"
                             << "#P<=8 #p>=1 #P!=9";
    QTest::newRow("flip") << "✵{♖a1 ♔e1}"
                          << "flip {Ra1 Ke1}";
    QTest::newRow("flipcolor") << "⬓{△ attacks ♛}"
                               << "flipcolor {A attacks q}";
}

void TestParser::unicodeAliases()
{
    QFETCH(QString, unicode);
    QFETCH(QString, ascii);
    auto kinds = [](const std::string &s) {
        cql::Lexer l(s);
        std::string out;
        for (const auto &t : l.tokenize()) {
            out += std::to_string(int(t.kind)) + "/" + std::to_string(int(t.op)) + "/" + std::to_string(t.pieces) + "/"
                + std::to_string(t.squares.bits()) + "/";
            if (t.kind == cql::Tok::Word || t.kind == cql::Tok::Number) out += t.text;
            out += " ";
        }
        return out;
    };
    QCOMPARE(QString::fromStdString(kinds(unicode.toStdString())), QString::fromStdString(kinds(ascii.toStdString())));
}

// Precedence is checked by behaviour: each pair of queries must match exactly
// the same positions of a small game.
void TestParser::precedence_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("parenthesised");
    QTest::newRow("light binds tight") << "light N >= 2"
                                       << "(light N) >= 2";
    QTest::newRow("direction then &") << "up 1 P & p >= 1"
                                      << "((up 1 P) & p) >= 1";
    QTest::newRow("flip takes all") << "flip up 2 right 1 Q & k"
                                    << "flip ((up 2 (right 1 Q)) & k)";
    QTest::newRow("not vs and") << "not check and wtm"
                                << "(not check) and wtm";
    QTest::newRow("or lowest") << "check or not mate and Q or stalemate"
                               << "check or ((not mate) and Q) or stalemate";
    QTest::newRow("set ops") << "A | ~B&Q | q"
                             << "A | ((~B)&Q) | q";
    QTest::newRow("count of union") << "#Q|K == 2"
                                    << "#(Q|K) == 2";
    QTest::newRow("abs extends over minus") << "abs #P - #p >= 1"
                                            << "(abs (#P - #p)) >= 1";
    QTest::newRow("arith") << "#A == #a + 0"
                           << "#A == (#a + 0)";
    QTest::newRow("find all vs comparison") << "find all check >= 1"
                                            << "(find all check) >= 1";
    QTest::newRow("chained comparison") << "#Q == #q == 1"
                                        << "#Q == (#q == 1)";
}

void TestParser::precedence()
{
    QFETCH(QString, query);
    QFETCH(QString, parenthesised);
    game::Game g =
        pgnGame("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Nxe5 Qd4 6. Nf3 Qxe4+ 7. Qe2 Qxe2+ 8. Kxe2 Bd6 *\n");
    QVERIFY(g.nodes.size() > 10);
    std::vector<cql::Diagnostic> d1, d2;
    auto a = compileBody(query.toStdString(), &d1);
    auto b = compileBody(parenthesised.toStdString(), &d2);
    QVERIFY2(a, d1.empty() ? "" : d1[0].message.c_str());
    QVERIFY2(b, d2.empty() ? "" : d2[0].message.c_str());
    auto run = [&](const cql::Query &q) {
        cql::Evaluator ev(q);
        cql::GameResult r;
        ev.run(g, r);
        QString s;
        for (const auto &m : r.matches)
            s += QString::number(m.node) + " ";
        return s;
    };
    QCOMPARE(run(*a), run(*b));
}

void TestParser::diagnostics_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("error");
    QTest::newRow("light without set") << "cql()\nlight check"
                                       << "2:7: expected a set filter after 'light', found a logical filter";
    QTest::newRow("unknown name") << "cql()\n  frobnicate"
                                  << "2:3: unknown name 'frobnicate': not a keyword, variable or function";
    QTest::newRow("unterminated string") << "cql()\nplayer \"Kasp"
                                         << "2:8: unterminated string: missing '\"'";
    QTest::newRow("unclosed brace") << "cql()\n{ check"
                                    << "2:1: '{' is not closed";
    QTest::newRow("missing header") << "check"
                                    << "1:1: a query starts with the header cql( ... )";
    QTest::newRow("bad header word") << "cql(frob)\ncheck"
                                     << "1:5: unknown cql header parameter 'frob'";
    QTest::newRow("not implemented") << "cql()\nline nestban --> check"
                                     << "2:6: 'line nestban' is not implemented yet";
    QTest::newRow("currentmove without dash") << "cql()\ncurrentmove check"
                                              << "2:13: expected a dash filter (X--Y) after 'currentmove'";
    QTest::newRow("unicode column") << "cql()\n♔♕ attacks light 3"
                                    << "2:18: expected a set filter after 'light', found a numeric filter";
    QTest::newRow("unterminated comment") << "cql()\ncheck /* oops"
                                          << "2:7: unterminated comment: '/*' without '*/'";
    QTest::newRow("comparison with logical") << "cql()\n#Q > check"
                                             << "2:6: cannot compare with a logical filter";
}

void TestParser::diagnostics()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    QCOMPARE(QString::fromStdString(firstError(text.toStdString())), error);
    std::vector<cql::Diagnostic> d;
    QVERIFY(!cql::compile(text.toStdString(), {}, d)); // a query with errors never runs
}

void TestParser::severalErrors()
{
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile("cql()\nfoo\nlight check\nbar", {}, d);
    QVERIFY(!q);
    QCOMPARE(int(d.size()), 3);
    QCOMPARE(d[0].line, 2);
    QCOMPARE(d[1].line, 3);
    QCOMPARE(d[2].line, 4);
}

void TestParser::keywordTable()
{
    auto k = cql::keywords();
    QVERIFY(k.size() > 150);
    for (size_t i = 1; i < k.size(); ++i)
        QVERIFY2(k[i - 1].name < k[i].name, std::string(k[i].name).c_str());
    QVERIFY(cql::findKeyword("flipcolor"));
    QVERIFY(cql::findKeyword("flipcolor")->implemented);
    QVERIFY(!cql::findKeyword("frobnicate"));
}

void TestParser::conversion_data()
{
    QTest::addColumn<QString>("ascii");
    QTest::addColumn<QString>("unicode");
    QTest::newRow("pieces") << "Ka1 [QRB]d4 A a _e4 . [Aa]"
                            << "♔a1 ♕♖♗d4 △ ▲ □e4 ▦ ◭";
    QTest::newRow("operators") << "Q -> k | q <- N & R <= 2 >= 1 != 0"
                               << "♕ → ♚ ∪ ♛ ← ♘ ∩ ♖ ≤ 2 ≥ 1 ≠ 0";
    QTest::newRow("keywords") << "flip flipcolor {Q attacks k} // flip stays in comments"
                              << "✵ ⬓ {♕ → ♚} // flip stays in comments";
    QTest::newRow("piece variable") << "piece x in A x"
                                    << "◭x in △ x";
    QTest::newRow("strings untouched") << "comment(\"Q -> k\")"
                                       << "comment(\"Q -> k\")";
}

void TestParser::conversion()
{
    QFETCH(QString, ascii);
    QFETCH(QString, unicode);
    QCOMPARE(QString::fromStdString(cql::toUnicode(ascii.toStdString())), unicode);
    // Back to ASCII gives a query of the same meaning (spelling may differ: -> vs attacks).
    std::string back = cql::toAscii(unicode.toStdString());
    QCOMPARE(QString::fromStdString(cql::toUnicode(back)), unicode);
}

void TestParser::parseSpeed()
{
    // The editor parses on every pause in typing: a 200-line query must take
    // well under a millisecond. Measured, not asserted tightly (machines vary).
    std::string q = "cql()\n";
    for (int i = 0; i < 200; ++i)
        q += "{flip {Q" + std::string(1, char('a' + i % 8)) + std::to_string(1 + i % 8)
            + " k attackedby N}} or {line --> check --> not check} // line " + std::to_string(i) + "\n";
    QElapsedTimer t;
    t.start();
    std::vector<cql::Diagnostic> d;
    auto compiled = cql::compile(q, {}, d);
    qint64 ns = t.nsecsElapsed();
    QVERIFY(compiled);
    qInfo("200-line query compiled in %.3f ms", ns / 1e6);
    QVERIFY(ns < 200 * 1000 * 1000);
}

void TestParser::transformExplosion()
{
    // Four nested shifts would be 225^4 images: refused with a message once the
    // image budget is spent, so in about the time three nested shifts (accepted,
    // most of the budget) take, never the hours the images would. Measured
    // against those three rather than a clock, as a sanitizer build is 15 times
    // slower and CI runs tests side by side.
    QElapsedTimer t;
    t.start();
    QCOMPARE(firstError("cql()\nshift shift shift {Qd1 Bc1}"), std::string());
    const qint64 three = t.restart();
    std::string e = firstError("cql()\nshift shift shift shift {Qd1 Bc1}");
    const qint64 four = t.elapsed();
    qInfo("three nested shifts compiled in %lld ms, four refused in %lld ms", three, four);
    QVERIFY2(e.find("too many transformed copies") != std::string::npos, e.c_str());
    QVERIFY2(four < 4 * three + 2000, qPrintable(QStringLiteral("%1 ms").arg(four)));
    // Nested flips are one image at each level (the same set of images), so
    // twelve of them compile.
    std::string q = "cql()\n";
    for (int i = 0; i < 12; ++i)
        q += "flip ";
    QCOMPARE(firstError(q + "Qa1"), std::string());
}

QTEST_GUILESS_MAIN(TestParser)
#include "tst_parser.moc"
