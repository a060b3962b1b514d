// The notation's order of a game's positions, and the evaluator listing its
// matches in it (the main line is searched before any variation).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "game/builder.h"
#include "game/notationorder.h"

#include <QTest>

namespace {

game::Game parse(const std::string &pgn)
{
    game::Game g;
    game::GameParser parser;
    parser.parse(pgn, 1, {1, 1, 0}, g);
    return g;
}

// The SAN-less picture of the order: each node's ply and variation depth.
QString walk(const game::Game &g)
{
    const std::vector<uint32_t> rank = game::notationRanks(g);
    std::vector<game::NodeId> byRank(g.nodes.size());
    for (game::NodeId n = 0; n < g.nodes.size(); ++n)
        byRank[rank[n]] = n;
    QStringList out;
    for (game::NodeId n : byRank)
        out << QStringLiteral("%1.%2").arg(g.nodes[n].ply).arg(g.nodes[n].variationDepth);
    return out.join(QLatin1Char(' '));
}

} // namespace

class TestNotationOrder : public QObject {
    Q_OBJECT
private slots:
    void mainLineOnly();
    void alternativesBeforeTheNextMove();
};

void TestNotationOrder::mainLineOnly()
{
    QCOMPARE(walk(parse("1. e4 e5 2. Nf3 *\n")), QStringLiteral("0.0 1.0 2.0 3.0"));
}

void TestNotationOrder::alternativesBeforeTheNextMove()
{
    // 1. e4 (1. d4 d5 (1... Nf6) 2. c4) (1. c4) 1... e5 2. Nf3
    const game::Game g = parse("1. e4 (1. d4 d5 (1... Nf6) 2. c4) (1. c4) 1... e5 2. Nf3 *\n");
    QCOMPARE(walk(g), QStringLiteral("0.0 1.0 1.1 2.1 2.2 3.1 1.1 2.0 3.0"));
}

QTEST_GUILESS_MAIN(TestNotationOrder)
#include "tst_notationorder.moc"
