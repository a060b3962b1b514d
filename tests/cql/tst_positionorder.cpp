// CQL's numbering of positions: depth first, a main continuation and all that
// follows it before the alternatives, whatever the PGN text order; positionid,
// position N and x < y on positions all use it (underpromotionecho relies on it).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

// Numbered 0 start, 1 e4, 2 e5, 3 Nf3, 4 d4, 5 d5; the text gives d4 d5 before e5.
const char *Tree = "1. e4 (1. d4 d5) e5 2. Nf3 *\n";

int matches(const std::string &query)
{
    cql::GameResult r = runQuery(query, pgnGame(Tree));
    return r.error.empty() ? int(r.matches.size()) : -1;
}

} // namespace

class TestPositionOrder : public QObject {
    Q_OBJECT
private slots:
    void positionIds();
    void positionById();
    void comparison();
};

void TestPositionOrder::positionIds()
{
    QCOMPARE(matches("cql(variations) positionid == 3 mainline"), 1);
    QCOMPARE(matches("cql(variations) positionid == 4 variation"), 1);
    QCOMPARE(matches("cql(variations) positionid == 5 variation"), 1);
    QCOMPARE(matches("cql(variations) positionid == 2 mainline wtm"), 1);
}

void TestPositionOrder::positionById()
{
    QCOMPARE(matches("cql(variations) initial position 4 : variation"), 1);
    QCOMPARE(matches("cql(variations) initial position 3 : mainline"), 1);
    QCOMPARE(matches("cql(variations) initial position 6 : true"), 0);
}

void TestPositionOrder::comparison()
{
    // The variation's positions come after the whole main line.
    QCOMPARE(matches("cql(variations) variation currentposition > position 3"), 2);
    QCOMPARE(matches("cql(variations) mainline currentposition < position 4"), 4);
    // echo: 1.e4 with 1.d4 and 2.Nf3 with 1...d5 (numbered 5, after 3).
    QCOMPARE(matches("cql(variations) mainline btm echo (s t) { s < t  variation  s:movenumber == movenumber }"), 2);
}

QTEST_APPLESS_MAIN(TestPositionOrder)
#include "tst_positionorder.moc"
