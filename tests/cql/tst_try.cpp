// try, as CQL 6.2 defines it (1 == find <-- all {btm secondary}): exactly one
// White move off its parent's main continuation leads to the position. The
// counts were checked against CQL 6.2 on the same games.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

int matches(const char *movetext, const char *body)
{
    game::Game g = pgnGame(movetext);
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile(std::string("cql(variations) ") + body, {}, d);
    if (!q) return -1;
    cql::Evaluator ev(*q);
    cql::GameResult r;
    ev.run(g, r);
    return int(r.matches.size());
}

} // namespace

class TestTry : public QObject {
    Q_OBJECT
private slots:
    void whiteSideLine();
    void blackSideLineIsNoTry();
    void nestedSideLines();
    void annotationsDoNotMatter();
    void valueIsOne();
};

void TestTry::whiteSideLine()
{
    // Both positions of the variation 1.d4 d5 are in the try; the main line is not.
    QCOMPARE(matches("1. e4 (1. d4 d5) e5 *\n", "try"), 2);
    QCOMPARE(matches("1. e4 (1. d4 d5) e5 *\n", "not try"), 3);
}

void TestTry::blackSideLineIsNoTry()
{
    // 1...c5 leaves the main line by a Black move: neither it nor 2.Nf3 after it.
    QCOMPARE(matches("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n", "try"), 0);
    // A White move off the line inside Black's variation is one.
    QCOMPARE(matches("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) Nc6) 2. Nf3 *\n", "try"), 2);
}

void TestTry::nestedSideLines()
{
    // Two White moves off the line (1.d4, then 2.Nf3) are not one: 2.Nf3 and
    // 2...Nf6 do not match, 1.d4, 1...d5, 2.c4 and 2...e6 do.
    QCOMPARE(matches("1. e4 (1. d4 d5 2. c4 (2. Nf3 Nf6) e6) e5 *\n", "try"), 4);
    QCOMPARE(matches("1. e4 (1. d4 d5 2. c4 (2. Nf3 Nf6) e6) e5 *\n", "find <-- all {btm secondary} == 2"), 2);
}

void TestTry::annotationsDoNotMatter()
{
    // HHdb marks tries with ? or <or>; CQL 6.2 reads the tree only.
    QCOMPARE(matches("1. e4 (1. d4 $2 d5) e5 *\n", "try"), 2);
    QCOMPARE(matches("1. e4 (1. d4 $1 {<main>} d5) e5 *\n", "try"), 2);
}

void TestTry::valueIsOne()
{
    QCOMPARE(matches("1. e4 (1. d4 d5) e5 *\n", "try + 1 == 2"), 2);
    QCOMPARE(matches("1. e4 (1. d4 d5) e5 *\n", "x = try x == 1"), 2);
    QCOMPARE(matches("1. e4 (1. d4 d5) e5 *\n", "try * 3 == 3"), 2);
    QCOMPARE(matches("1. e4 (1. d4 d5) e5 *\n", "try % sidetomove == 1"), 0); // sidetomove is 1 or -1
}

QTEST_APPLESS_MAIN(TestTry)
#include "tst_try.moc"
