// Queries written to break the engine: regular expressions that backtrack for
// ever, nesting a hundred thousand deep, function calls that double at every
// level, and evaluations whose work or comments grow without end. Each must
// end quickly with a clear message (or a correct answer), never hang, crash
// or take the machine's memory; a search must stop soon after a cancel.
// The inputs are built here; none is kept in the tree.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqlstest.h"
#include "cqltest.h"

#include <QElapsedTimer>
#include <QtTest>

#include <atomic>

using namespace cqltest;

namespace {

// A game of 40 plies with a variation, so walks over positions have work to do.
game::Game longGame()
{
    return pgnGame("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
                   "9. h3 Nb8 10. d4 Nbd7 (10... exd4 11. cxd4) 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 "
                   "14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 19. exd6 Qf6 20. Nbd2 Nxd6 *");
}

cql::GameResult run(const cql::Query &q, const game::Game &g)
{
    cql::Evaluator ev(q);
    cql::GameResult r;
    ev.run(g, r);
    return r;
}

int diagnosticsOf(const std::string &text, std::string *first = nullptr, cql::Dialect dialect = cql::Dialect::Cql6)
{
    std::vector<cql::Diagnostic> d;
    cql::CompileOptions o;
    o.dialect = dialect;
    auto q = cql::compile(text, o, d);
    if (first && !d.empty())
        *first = std::to_string(d[0].line) + ":" + std::to_string(d[0].column) + ": " + d[0].message;
    return q ? -1 : int(d.size());
}

// Generous bounds: what they guard against took minutes or never ended.
constexpr qint64 QuickMs = 5000;

} // namespace

class TestHostileQueries : public QObject {
    Q_OBJECT

private slots:
    // Patterns that make a backtracking engine run for ever or recurse once
    // per character (the stack) are matched in linear time.
    void regexInLinearTime_data()
    {
        QTest::addColumn<QString>("subject");
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<bool>("matches");
        const QString a34 = QString(34, 'a');
        QTest::newRow("alternation") << a34 + "!"
                                     << "^(a|aa)+$" << false;
        QTest::newRow("alternation matches") << a34 << "^(a|aa)+$" << true;
        QTest::newRow("nested star") << a34 + "!"
                                     << "(a*)*$" << true;
        QTest::newRow("nested plus") << a34 + "!"
                                     << "^(a+)+b" << false;
        QTest::newRow("100k subject") << QString(100000, 'a') << "(a|b)*c" << false;
        QTest::newRow("100k subject matches") << QString(100000, 'a') + "c"
                                              << "(a|b)*c" << true;
    }
    void regexInLinearTime()
    {
        QFETCH(QString, subject);
        QFETCH(QString, pattern);
        QFETCH(bool, matches);
        QElapsedTimer t;
        t.start();
        auto q = compileBody("\"" + subject.toStdString() + "\" ~~ \"" + pattern.toStdString() + "\"");
        QVERIFY(q);
        const cql::GameResult r = run(*q, positionGame(chess::Position::StartFen));
        QCOMPARE(r.matched, matches);
        QVERIFY2(t.elapsed() < QuickMs, qPrintable(QString::number(t.elapsed()) + " ms"));
    }

    // What needs backtracking is refused where the pattern is written.
    void regexFeaturesRefused_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<QString>("message");
        QTest::newRow("backreference") << "^(a+)+\\1b"
                                       << "backreferences (\\1) not supported";
        QTest::newRow("lookahead") << "a(?=b)"
                                   << "lookahead ((?=) not supported";
        QTest::newRow("negative lookahead") << "a(?!b)"
                                            << "lookahead ((?!) not supported";
        QTest::newRow("lookbehind") << "(?<=a)b"
                                    << "lookbehind ((?<=) not supported";
        QTest::newRow("bad syntax") << "a(b"
                                    << "bad regular expression";
    }
    void regexFeaturesRefused()
    {
        QFETCH(QString, pattern);
        QFETCH(QString, message);
        std::string first;
        QCOMPARE(diagnosticsOf("cql()\n\"ab\" ~~ \"" + pattern.toStdString() + "\"", &first), 1);
        QVERIFY2(first.rfind("2:9: ", 0) == 0, first.c_str());
        QVERIFY2(first.find(message.toStdString()) != std::string::npos, first.c_str());
    }

    // The regex meaning CQL 6 gives ~~ is kept: the first match, its groups, every match in a while loop.
    void regexMeaningKept()
    {
        auto q = compileBody("Name = \"Carlsen, Magnus\" ~~ \"^(\\w+), (\\w+)\"\n"
                             "\\1 == \"Carlsen\" \\2 == \"Magnus\" Name == \"Carlsen, Magnus\"\n"
                             "Count = 0 while (\"a1b22c333\" ~~ \"[0-9]+\") Count += #\\0\n"
                             "Count == 6\n"
                             "\"Kasparov\" ~~ \"^K\" not (\"xKasparov\" ~~ \"^K\")\n");
        QVERIFY(q);
        QVERIFY(run(*q, positionGame(chess::Position::StartFen)).matched);
    }

    // Nesting far past the limit is one message, found in linear time.
    void deepNestingIsOneMessage_data()
    {
        QTest::addColumn<QString>("open");
        QTest::addColumn<QString>("close");
        QTest::newRow("braces") << "{"
                                << "}";
        QTest::newRow("parentheses") << "("
                                     << ")";
        QTest::newRow("not") << "not "
                             << "";
        QTest::newRow("unbalanced braces") << "{"
                                           << "";
        QTest::newRow("unbalanced parentheses") << "("
                                                << "";
    }
    void deepNestingIsOneMessage()
    {
        QFETCH(QString, open);
        QFETCH(QString, close);
        std::string text = "cql() ";
        for (int i = 0; i < 100000; ++i)
            text += open.toStdString();
        text += "check";
        for (int i = 0; i < 100000; ++i)
            text += close.toStdString();
        QElapsedTimer t;
        t.start();
        std::string first;
        QCOMPARE(diagnosticsOf(text, &first), 1);
        QVERIFY2(first.find("nested too deeply") != std::string::npos, first.c_str());
        QVERIFY2(t.elapsed() < QuickMs, qPrintable(QString::number(t.elapsed()) + " ms"));
        // At the limit itself a query still compiles.
        std::string fine = "cql() ";
        for (int i = 0; i < 100; ++i)
            fine += open.toStdString();
        fine += "check";
        for (int i = 0; i < 100; ++i)
            fine += close.toStdString();
        if (!close.isEmpty()) QCOMPARE(diagnosticsOf(fine), -1);
    }

    // A function that calls itself twice would double the query at every level.
    void functionExpansionIsBounded()
    {
        QElapsedTimer t;
        t.start();
        std::string first;
        QVERIFY(diagnosticsOf("cql() function f(x) { f(x) f(x) } f(1)", &first) >= 1);
        QVERIFY2(first.find("(recursion?)") != std::string::npos, first.c_str());
        QVERIFY2(t.elapsed() < QuickMs, qPrintable(QString::number(t.elapsed()) + " ms"));
    }

    // CQL-S lists 20,000 deep: one message at the list past the limit, no stack overflow.
    void cqlsNestingIsBounded()
    {
        std::string s = "(match ";
        for (int i = 0; i < 20000; ++i)
            s += "(position :and (";
        s += "(position :check)";
        for (int i = 0; i < 20000; ++i)
            s += "))";
        s += ")";
        std::string first;
        QCOMPARE(diagnosticsOf(s, &first, cql::Dialect::CqlS), 1);
        QVERIFY2(first.find("nested too deeply (more than 200 levels)") != std::string::npos, first.c_str());
        // The seed's own scripts stay far below it.
        QVERIFY(cqlstest::compileCqls("(match (position :and ((position :check) (position :and ((position :wtm))))))"));
    }

    // Transforms of nested CQL-S position lists multiply: five levels of
    // :shift :flip :flipcolor would copy the filters billions of times.
    void cqlsNestedTransformsAreBounded()
    {
        std::string s = "(match ";
        for (int i = 0; i < 5; ++i)
            s += "(position :shift :flip :flipcolor :and (";
        s += "(position :check)";
        for (int i = 0; i < 5; ++i)
            s += "))";
        s += ")";
        QElapsedTimer t;
        t.start();
        std::string first;
        QCOMPARE(diagnosticsOf(s, &first, cql::Dialect::CqlS), 1);
        QVERIFY2(first.find("copies of their filters") != std::string::npos, first.c_str());
        QVERIFY2(t.elapsed() < QuickMs, qPrintable(QString::number(t.elapsed()) + " ms"));
        // One level, as the seed writes them, compiles.
        QVERIFY(cqlstest::compileCqls("(match (position :shift :flip :flipcolor :and ((position :check))))"));
    }

    // Numbers of twenty digits are an error, not an overflow.
    void hugeNumbers()
    {
        std::string first;
        QVERIFY(diagnosticsOf("cql() ply == 123456789012345678901234567890", &first) >= 1);
        QVERIFY2(first.find("number too large") != std::string::npos, first.c_str());
    }

    // A 10 MB comment at every position: the game ends with the limit's message.
    void commentsHaveACeiling()
    {
        auto q = compileBody("comment(\"" + std::string(10u << 20, 'x') + "\")");
        QVERIFY(q);
        const cql::GameResult r = run(*q, longGame());
        QVERIFY2(r.error.find("comments made for this game pass 16 MiB") != std::string::npos, r.error.c_str());
        QVERIFY(!r.matched);
        // Nested echo comments every triple of positions; the same ceiling holds.
        auto echo = compileBody("echo (s t) { echo (u v) { true } }");
        QVERIFY(echo);
        QElapsedTimer t;
        t.start();
        const cql::GameResult e = run(*echo, longGame());
        QVERIFY2(e.matched || e.error.find("16 MiB") != std::string::npos, e.error.c_str());
        QVERIFY2(t.elapsed() < 4 * QuickMs, qPrintable(QString::number(t.elapsed()) + " ms"));
    }

    // 5,000 optional constituents have astronomically many ways to match: the
    // step limit ends the game's evaluation with a message, not a silent miss.
    void lineStepLimit()
    {
        std::string text = "line";
        for (int i = 0; i < 5000; ++i)
            text += " --> .?";
        auto q = compileBody(text);
        QVERIFY(q);
        QElapsedTimer t;
        t.start();
        const cql::GameResult r = run(*q, longGame());
#if defined(__SANITIZE_ADDRESS__)
        // A sanitizer's frames are several times larger: the stack bound comes first.
        QVERIFY2(r.error.find("line: the pattern needs more than") != std::string::npos
                     || r.error.find("line: the pattern nests too deeply") != std::string::npos,
                 r.error.c_str());
#else
        QVERIFY2(r.error.find("line: the pattern needs more than") != std::string::npos, r.error.c_str());
#endif
        QVERIFY2(t.elapsed() < QuickMs, qPrintable(QString::number(t.elapsed()) + " ms"));
        // 10,000 repeated constituents: deep, but neither the stack nor the time runs out.
        std::string many = "line";
        for (int i = 0; i < 10000; ++i)
            many += " --> {check}*";
        auto m = compileBody(many);
        QVERIFY(m);
        t.restart();
        const cql::GameResult mr = run(*m, longGame());
        // Either the line is matched or the game ends with the message that
        // names the nesting; a sanitizer build's larger frames reach that sooner.
        QVERIFY2(mr.error.empty() || mr.error.find("line: the pattern nests too deeply") != std::string::npos,
                 mr.error.c_str());
        QVERIFY2(t.elapsed() < 4 * QuickMs, qPrintable(QString::number(t.elapsed()) + " ms"));
        // 50,000 constituents run out of any thread's stack without the bound.
        std::string deeper = "line";
        for (int i = 0; i < 50000; ++i)
            deeper += " --> {check}*";
        auto d = compileBody(deeper);
        QVERIFY(d);
        const cql::GameResult dr = run(*d, longGame());
        QVERIFY2(dr.error.find("line: the pattern nests too deeply") != std::string::npos, dr.error.c_str());
        QVERIFY(!dr.matched);
    }

    // The cancel check is asked while a game is evaluated, not only between games.
    void cancelStopsInsideAGame()
    {
        auto q = compileBody("find all { find all { find all { check } } }");
        QVERIFY(q);
        cql::Evaluator ev(*q);
        std::atomic<int> asked{0};
        ev.setCancelCheck([&] { return ++asked >= 3; });
        cql::GameResult r;
        QElapsedTimer t;
        t.start();
        ev.run(longGame(), r);
        QVERIFY(r.cancelled);
        QVERIFY(!r.matched);
        QCOMPARE(asked.load(), 3);
        QVERIFY2(t.elapsed() < 1000, qPrintable(QString::number(t.elapsed()) + " ms"));
        // Without a cancel the same evaluation runs to its end.
        cql::Evaluator whole(*q);
        cql::GameResult all;
        whole.run(longGame(), all);
        QVERIFY(!all.cancelled);
    }

    // A cancel can come due while the evaluator moves to the next position,
    // outside any filter: the game ends cancelled, the process goes on.
    void cancelWhileMovingOn()
    {
        std::string pgn;
        for (int i = 1; i <= 1100; ++i)
            pgn += std::to_string(2 * i - 1) + ". Nf3 Nf6 " + std::to_string(2 * i) + ". Ng1 Ng8 ";
        const game::Game g = pgnGame(pgn + "*");
        QVERIFY(g.nodes.size() > 4096);
        auto q = compileBody("wtm");
        QVERIFY(q);
        cql::Evaluator ev(*q);
        ev.setCancelCheck([] { return true; });
        cql::GameResult r;
        ev.run(g, r);
        QVERIFY(r.cancelled);
        QVERIFY(!r.matched);
    }
};

QTEST_GUILESS_MAIN(TestHostileQueries)
#include "tst_hostilequeries.moc"
