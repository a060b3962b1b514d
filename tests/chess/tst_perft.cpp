// Perft tests: leaf counts of the legal move tree against published reference numbers
// (standard test positions and Chess960 start-derived positions). Set CQLWB_QUICK to
// skip the deep (many-million node) cases, e.g. under sanitizers.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chess/position.h"

#include <QtTest>

using namespace chess;

namespace {

constexpr quint64 QuickLimit = 3'000'000;

bool quickMode() { return qEnvironmentVariableIsSet("CQLWB_QUICK"); }

Position load(const QString &fen, bool chess960)
{
    std::string error;
    const auto pos = Position::fromFen(fen.toStdString(), &error, chess960);
    if (!pos) qFatal("bad test FEN %s: %s", qPrintable(fen), error.c_str());
    return *pos;
}

// Reference implementation built from the pseudo-legal generator and isLegal(),
// an independent path through the code.
quint64 slowPerft(const Position &pos, int depth)
{
    if (depth == 0) return 1;
    MoveList moves;
    pos.generatePseudoLegal(moves);
    quint64 nodes = 0;
    for (Move m : moves)
        if (pos.isLegal(m)) nodes += slowPerft(pos.after(m), depth - 1);
    return nodes;
}

const char *const Kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const char *const Position3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
const char *const Position4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const char *const Position4Mirrored = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
const char *const Position5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
const char *const Position6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";

} // namespace

class TestPerft : public QObject {
    Q_OBJECT

private slots:
    void perft_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<bool>("chess960");
        QTest::addColumn<int>("depth");
        QTest::addColumn<quint64>("nodes");

        auto add = [](const char *name, const char *fen, bool c960, std::initializer_list<quint64> counts) {
            int depth = 1;
            for (quint64 n : counts) {
                QTest::addRow("%s d%d", name, depth) << QString(fen) << c960 << depth << n;
                ++depth;
            }
        };
        add("start", Position::StartFen, false, {20, 400, 8902, 197281, 4865609, 119060324});
        add("kiwipete", Kiwipete, false, {48, 2039, 97862, 4085603, 193690690});
        add("position3", Position3, false, {14, 191, 2812, 43238, 674624, 11030083});
        add("position4", Position4, false, {6, 264, 9467, 422333, 15833292});
        add("position4 mirrored", Position4Mirrored, false, {6, 264, 9467, 422333, 15833292});
        add("position5", Position5, false, {44, 1486, 62379, 2103487, 89941194});
        add("position6", Position6, false, {46, 2079, 89890, 3894594, 164075551});

        // Chess960 reference positions (Shredder-FEN castling).
        add("960 bqnb1rkr", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true,
            {21, 528, 12189, 326672, 8146062});
        add("960 2nnrbkr", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", true,
            {21, 807, 18002, 667366, 16253601});
        add("960 b1q1rrkb", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", true,
            {20, 479, 10471, 273318, 6417013});
        add("960 qbbnnrkr", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", true,
            {22, 593, 13440, 382958, 9183776});
        add("960 1nbbnrkr", "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", true,
            {28, 1120, 31058, 1171749, 34030312});
    }

    void perft()
    {
        QFETCH(QString, fen);
        QFETCH(bool, chess960);
        QFETCH(int, depth);
        QFETCH(quint64, nodes);
        if (quickMode() && nodes > QuickLimit) QSKIP("deep perft skipped (CQLWB_QUICK)");
        QCOMPARE(chess::perft(load(fen, chess960), depth), nodes);
    }

    // The pseudo-legal generator filtered by isLegal() must count the same tree.
    void pseudoLegalAgrees_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<bool>("chess960");
        QTest::addColumn<int>("depth");
        QTest::newRow("kiwipete") << QString(Kiwipete) << false << 3;
        QTest::newRow("position3") << QString(Position3) << false << 4;
        QTest::newRow("position4") << QString(Position4) << false << 3;
        QTest::newRow("position5") << QString(Position5) << false << 3;
        QTest::newRow("960") << QString("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9") << true
                             << 3;
    }
    void pseudoLegalAgrees()
    {
        QFETCH(QString, fen);
        QFETCH(bool, chess960);
        QFETCH(int, depth);
        const Position pos = load(fen, chess960);
        QCOMPARE(slowPerft(pos, depth), chess::perft(pos, depth));
    }

    void depthZero() { QCOMPARE(chess::perft(Position(), 0), quint64(1)); }
};

QTEST_GUILESS_MAIN(TestPerft)
#include "tst_perft.moc"
