// try: the nearest variation's first move is marked ? ($2) or carries an
// HHdb alternative-solution comment (<or>, <cook ...>), as in zugzwang1.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

int tries(const char *movetext)
{
    game::Game g = pgnGame(movetext);
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile("cql(variations) try", {}, d);
    if (!q) return -1;
    cql::Evaluator ev(*q);
    cql::GameResult r;
    ev.run(g, r);
    return int(r.matches.size());
}

} // namespace

class TestTryMarks : public QObject {
    Q_OBJECT
private slots:
    void questionMark();
    void hhdbAlternatives();
    void unmarkedVariations();
};

void TestTryMarks::questionMark()
{
    // Both positions of the variation 1.d4? d5 are in the try.
    QCOMPARE(tries("1. e4 (1. d4 $2 d5) e5 *\n"), 2);
    QCOMPARE(tries("1. e4 (1. d4 ? d5) e5 *\n"), 2);
}

void TestTryMarks::hhdbAlternatives()
{
    QCOMPARE(tries("1. e4 (1. d4 {<or>} d5) e5 *\n"), 2);
    QCOMPARE(tries("1. e4 (1. d4 $1 {<cook PW>} d5) e5 *\n"), 2);
    QCOMPARE(tries("1. e4 (1. d4 {<cook>} d5) e5 *\n"), 2);
}

void TestTryMarks::unmarkedVariations()
{
    QCOMPARE(tries("1. e4 (1. d4 d5) e5 *\n"), 0);
    QCOMPARE(tries("1. e4 (1. d4 $1 d5) e5 *\n"), 0);
    QCOMPARE(tries("1. e4 (1. d4 {<main>} d5) e5 *\n"), 0);
    // The nearest variation decides: an unmarked one inside a try is not a try
    // (1.d4, 1...d5, 2.c4 and 2...e6 are; 2.Nf3 and 2...Nf6 are not).
    QCOMPARE(tries("1. e4 (1. d4 $2 d5 2. c4 (2. Nf3 Nf6) e6) e5 *\n"), 4);
}

QTEST_APPLESS_MAIN(TestTryMarks)
#include "tst_trymarks.moc"
