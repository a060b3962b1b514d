// Tests for FEN reading and writing: round trips, error messages, X-FEN and
// Shredder-FEN castling, Chess960 detection, en passant normalisation, and
// positions no game reaches (rejected) or whose castling and en passant
// fields cannot be right (corrected with a warning).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chess/position.h"

#include <QtTest>

#include <random>

using namespace chess;

namespace chess {
char *toString(const SquareSet &s) { return qstrdup(s.toString().c_str()); }
} // namespace chess

namespace {

Position load(const QString &fen, bool chess960 = false)
{
    std::string error;
    const auto pos = Position::fromFen(fen.toStdString(), &error, chess960);
    if (!pos) qFatal("bad test FEN %s: %s", qPrintable(fen), error.c_str());
    return *pos;
}

SquareSet squares(std::initializer_list<Square> list)
{
    SquareSet s;
    for (Square sq : list)
        s |= SquareSet::of(sq);
    return s;
}

} // namespace

class TestFen : public QObject {
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::newRow("start") << QString(Position::StartFen);
        QTest::newRow("kiwipete") << "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        QTest::newRow("no castling") << "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
        QTest::newRow("black kq") << "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
        QTest::newRow("clocks") << "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8";
        QTest::newRow("black to move") << "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1";
        QTest::newRow("legal ep") << "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
        QTest::newRow("black ep") << "rnbqkbnr/pppp1ppp/8/8/3Pp3/5N2/PPP1PPPP/RNBQKB1R b KQkq d3 0 2";
        QTest::newRow("single rights") << "r3k3/8/8/8/8/8/8/4K2R w Kq - 12 40";
        QTest::newRow("large clocks") << "4k3/8/8/8/8/8/8/4K3 w - - 99 300";
    }
    void roundTrip()
    {
        QFETCH(QString, fen);
        const Position pos = load(fen);
        QCOMPARE(QString::fromStdString(pos.fen()), fen);
        QVERIFY(!pos.chess960());
        // Re-reading the output gives the same position and key.
        QCOMPARE(load(QString::fromStdString(pos.fen())).key(), pos.key());
    }

    void fields()
    {
        const Position pos = load("rnbqkbnr/pppp1ppp/8/8/3Pp3/5N2/PPP1PPPP/RNBQKB1R b KQkq d3 5 21");
        QCOMPARE(pos.sideToMove(), Black);
        QCOMPARE(pos.epSquare(), D3);
        QCOMPARE(pos.halfmoveClock(), 5);
        QCOMPARE(pos.fullmoveNumber(), 21);
        QCOMPARE(pos.castlingRooks(), squares({A1, H1, A8, H8}));
        QCOMPARE(pos.pieceAt(E4), BPawn);
        QCOMPARE(pos.pieceAt(F3), WKnight);
        QCOMPARE(pos.pieceAt(E5), NoPiece);
        QCOMPARE(pos.kingSquare(White), E1);
        QCOMPARE(pos.pieces(White).count(), 16);
        QCOMPARE(pos.pieces(Black, Pawn).count(), 8);
    }

    void defaultIsStart()
    {
        const Position pos;
        QCOMPARE(QString::fromStdString(pos.fen()), QString(Position::StartFen));
        QCOMPARE(pos.key(), load(Position::StartFen).key());
    }

    void shortFen_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("output");
        QTest::newRow("4 fields") << "4k3/8/8/8/8/8/8/4K3 b - -"
                                  << "4k3/8/8/8/8/8/8/4K3 b - - 0 1";
        QTest::newRow("5 fields") << "4k3/8/8/8/8/8/8/4K3 w - - 7"
                                  << "4k3/8/8/8/8/8/8/4K3 w - - 7 1";
        QTest::newRow("extra spaces") << "  4k3/8/8/8/8/8/8/4K3   w  -  -  3  9 "
                                      << "4k3/8/8/8/8/8/8/4K3 w - - 3 9";
        QTest::newRow("fullmove 0") << "4k3/8/8/8/8/8/8/4K3 w - - 0 0"
                                    << "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    }
    void shortFen()
    {
        QFETCH(QString, input);
        QFETCH(QString, output);
        QCOMPARE(QString::fromStdString(load(input).fen()), output);
    }

    void errors_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("error");
        const QString rest = " w KQkq - 0 1";
        QTest::newRow("short placement") << "rnbqkbnr/pppp w KQkq - 0 1"
                                         << "FEN: bad piece placement 'rnbqkbnr/pppp'";
        QTest::newRow("rank too long") << "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" + rest
                                       << "FEN: bad piece placement 'rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'";
        QTest::newRow("rank too short") << "rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR" + rest
                                        << "FEN: bad piece placement 'rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'";
        QTest::newRow("nine ranks") << "8/8/8/8/8/8/8/8/8 w - - 0 1"
                                    << "FEN: bad piece placement '8/8/8/8/8/8/8/8/8'";
        QTest::newRow("bad letter") << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX" + rest
                                    << "FEN: bad piece placement 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX'";
        QTest::newRow("digit 9") << "9/8/8/8/8/8/8/8 w - - 0 1"
                                 << "FEN: bad piece placement '9/8/8/8/8/8/8/8'";
        QTest::newRow("side") << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"
                              << "FEN: side to move must be w or b, not 'x'";
        QTest::newRow("no black king") << "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"
                                       << "FEN: black king missing";
        QTest::newRow("no white king") << "4k3/8/8/8/8/8/8/8 w - - 0 1"
                                       << "FEN: white king missing";
        QTest::newRow("two white kings") << "4k3/8/8/8/8/8/8/3KK3 w - - 0 1"
                                         << "FEN: too many white kings";
        QTest::newRow("two black kings") << "3kk3/8/8/8/8/8/8/4K3 w - - 0 1"
                                         << "FEN: too many black kings";
        QTest::newRow("pawn rank 8") << "4k2P/8/8/8/8/8/8/4K3 w - - 0 1"
                                     << "FEN: pawn on rank 1 or 8";
        QTest::newRow("pawn rank 1") << "4k3/8/8/8/8/8/8/p3K3 w - - 0 1"
                                     << "FEN: pawn on rank 1 or 8";
        QTest::newRow("not to move in check") << "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"
                                              << "FEN: side not to move (black) is in check";
        QTest::newRow("castling") << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1"
                                  << "FEN: bad castling field 'KQkx'";
        QTest::newRow("ep") << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"
                            << "FEN: bad en passant square 'e9'";
        QTest::newRow("halfmove") << "4k3/8/8/8/8/8/8/4K3 w - - x 1"
                                  << "FEN: bad halfmove clock 'x'";
        QTest::newRow("negative halfmove") << "4k3/8/8/8/8/8/8/4K3 w - - -1 1"
                                           << "FEN: bad halfmove clock '-1'";
        QTest::newRow("fullmove") << "4k3/8/8/8/8/8/8/4K3 w - - 0 y"
                                  << "FEN: bad fullmove number 'y'";
        QTest::newRow("too few fields") << "4k3/8/8/8/8/8/8/4K3 w"
                                        << "FEN: expected 4 to 6 fields, got 2";
        QTest::newRow("empty") << ""
                               << "FEN: expected 4 to 6 fields, got 0";
        QTest::newRow("too many fields") << "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x"
                                         << "FEN: too many fields (expected 4 to 6)";
    }
    void errors()
    {
        QFETCH(QString, fen);
        QFETCH(QString, error);
        std::string message;
        QVERIFY(!Position::fromFen(fen.toStdString(), &message));
        QCOMPARE(QString::fromStdString(message), error);
        // No error pointer: just nullopt, no crash.
        QVERIFY(!Position::fromFen(fen.toStdString()));
    }

    void castling_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<bool>("chess960Flag");
        QTest::addColumn<SquareSet>("rooks");
        QTest::addColumn<bool>("isChess960");
        QTest::addColumn<QString>("written");
        const QString board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ";
        QTest::newRow("KQkq") << board + "KQkq - 0 1" << false << squares({A1, H1, A8, H8}) << false << "KQkq";
        QTest::newRow("Shredder on standard")
            << board + "HAha - 0 1" << false << squares({A1, H1, A8, H8}) << false << "KQkq";
        QTest::newRow("partial") << board + "Qk - 0 1" << false << squares({A1, H8}) << false << "Qk";
        QTest::newRow("none") << board + "- - 0 1" << false << SquareSet() << false << "-";
        // bqnb1rkr: white rooks f1 h1, king g1.
        const QString b960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w ";
        QTest::newRow("960 Shredder") << b960 + "HFhf - 2 9" << true << squares({F1, H1, F8, H8}) << true << "KQkq";
        QTest::newRow("960 X-FEN") << b960 + "KQkq - 2 9" << true << squares({F1, H1, F8, H8}) << true << "KQkq";
        QTest::newRow("960 detected without flag")
            << b960 + "HFhf - 2 9" << false << squares({F1, H1, F8, H8}) << true << "KQkq";
        QTest::newRow("960 KQkq detected without flag")
            << b960 + "KQkq - 2 9" << false << squares({F1, H1, F8, H8}) << true << "KQkq";
        // Two rooks on the king's right: K is the outer one, the inner needs its file (X-FEN).
        const QString inner = "k7/8/8/8/8/8/8/1K2R2R w ";
        QTest::newRow("X-FEN inner rook") << inner + "E - 0 1" << true << squares({E1}) << true << "E";
        QTest::newRow("X-FEN outer rook") << inner + "K - 0 1" << true << squares({H1}) << true << "K";
        QTest::newRow("X-FEN both") << inner + "HE - 0 1" << true << squares({E1, H1}) << true << "KE";
        // Stale rights with no rook or a moved king are dropped.
        QTest::newRow("no rook") << "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1" << false << SquareSet() << false << "-";
        QTest::newRow("king off back rank")
            << "r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1" << false << squares({A8, H8}) << false << "kq";
        // A king on f1 between rooks is a Chess960 setup: KQ is accepted and the flag set.
        QTest::newRow("king f1 is 960") << "r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1" << false << squares({A1, H1, A8, H8})
                                        << true << "KQkq";
        QTest::newRow("letter without rook")
            << "r3k2r/8/8/8/8/8/8/R3K2R w KQkqC - 0 1" << false << squares({A1, H1, A8, H8}) << false << "KQkq";
    }
    void castling()
    {
        QFETCH(QString, fen);
        QFETCH(bool, chess960Flag);
        QFETCH(SquareSet, rooks);
        QFETCH(bool, isChess960);
        QFETCH(QString, written);
        const Position pos = load(fen, chess960Flag);
        QCOMPARE(pos.castlingRooks(), rooks);
        QCOMPARE(pos.chess960(), isChess960);
        QCOMPARE(QString::fromStdString(pos.fen()).split(' ').at(2), written);
        // What is written reads back the same.
        QCOMPARE(load(QString::fromStdString(pos.fen()), isChess960).castlingRooks(), rooks);
    }

    void enPassant_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("ep");
        QTest::newRow("legal capture") << "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
                                       << "f6";
        QTest::newRow("no capturer") << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
                                     << "-";
        QTest::newRow("wrong rank") << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1"
                                    << "-";
        QTest::newRow("wrong side's rank") << "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f3 0 3"
                                           << "-";
        QTest::newRow("no pawn passed") << "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1"
                                        << "-";
        QTest::newRow("horizontal pin") << "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1"
                                        << "-";
        QTest::newRow("horizontal no pin") << "8/8/8/K2pP3/8/8/8/7k w - d6 0 1"
                                           << "d6";
        QTest::newRow("diagonal pin of capturer") << "4k2b/8/8/3pP3/8/8/8/K7 w - d6 0 1"
                                                  << "-";
        QTest::newRow("capture resolves check") << "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1"
                                                << "d3";
        QTest::newRow("check elsewhere") << "4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 1"
                                         << "-";
    }
    void enPassant()
    {
        QFETCH(QString, fen);
        QFETCH(QString, ep);
        const Position pos = load(fen);
        QCOMPARE(QString::fromStdString(squareName(pos.epSquare())), ep);
        QCOMPARE(QString::fromStdString(pos.fen()).split(' ').at(3), ep);
        // The key only depends on the normalised square.
        QStringList normalised = fen.split(' ');
        normalised[3] = ep;
        QCOMPARE(load(normalised.join(' ')).key(), pos.key());
    }

    // Positions no sequence of moves reaches: rejected with the reason.
    void impossible_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("error");
        QTest::newRow("triple check") << "4k3/8/5N2/1B6/8/8/8/4R1K1 b - - 0 1"
                                      << "FEN: impossible check: the black king on e8 is attacked by 3 pieces, "
                                         "and one move gives at most two checks";
        QTest::newRow("knight and pawn")
            << "4k3/3P4/5N2/8/8/8/8/4K3 b - - 0 1"
            << "FEN: impossible double check of the black king on e8 by the knight on f6 and the pawn on d7: one of "
               "the two checks must come through an opened line, which needs a bishop, rook or queen";
        QTest::newRow("two knights")
            << "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1"
            << "FEN: impossible double check of the black king on e8 by the knight on d6 and the knight on f6: one of "
               "the two checks must come through an opened line, which needs a bishop, rook or queen";
        QTest::newRow("rooks on both sides")
            << "R3k2R/8/8/8/8/8/8/4K3 b - - 0 1"
            << "FEN: impossible double check of the black king on e8 by the rook on a8 and the rook on h8 from both "
               "sides: the piece that moved cannot have crossed the king's line";
        QTest::newRow("queen and bishop on one diagonal")
            << "8/8/5B2/4k3/3Q4/8/8/K7 b - - 0 1"
            << "FEN: impossible double check of the black king on e5 by the queen on d4 and the bishop on f6 from both "
               "sides: the piece that moved cannot have crossed the king's line";
        QTest::newRow("knight off the bishop's line")
            << "4k3/6N1/8/1B6/8/8/8/4K3 b - - 0 1"
            << "FEN: impossible double check of the black king on e8 by the bishop on b5 and the knight on g7: the "
               "knight cannot have come from the bishop's line to the king";
        QTest::newRow("pawn off the bishop's line")
            << "4k3/5P2/8/8/B7/8/8/4K3 b - - 0 1"
            << "FEN: impossible double check of the black king on e8 by the bishop on a4 and the pawn on f7: the "
               "pawn cannot have come from the bishop's line to the king";
        QTest::newRow("unmoved pawn")
            << "8/8/8/8/8/4k3/3P4/4R1K1 b - - 0 1"
            << "FEN: impossible double check of the black king on e3 by the rook on e1 and the pawn on d2: the "
               "pawn cannot have come from the rook's line to the king";
        QTest::newRow("black checks white") << "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1"
                                            << "FEN: impossible double check of the white king on e1 by the rook on "
                                               "a1 and the knight on f3: the knight cannot have come from the "
                                               "rook's line to the king";
        QTest::newRow("nine pawns") << "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"
                                    << "FEN: 9 white pawns (at most 8)";
        QTest::newRow("seventeen pieces") << "4k3/8/8/8/8/QQQQQQQQ/QQQQQQQQ/4K3 w - - 0 1"
                                          << "FEN: 17 white pieces (at most 16)";
        QTest::newRow("promotions without missing pawns") << "4k3/pppppppp/8/8/8/8/8/2qqK3 w - - 0 1"
                                                          << "FEN: black has 1 promoted piece but only 0 pawns missing";
        QTest::newRow("too many promotions") << "4k3/8/8/8/8/8/PPPPPPP1/QQQ1K3 w - - 0 1"
                                             << "FEN: white has 2 promoted pieces but only 1 pawn missing";
    }
    void impossible()
    {
        QFETCH(QString, fen);
        QFETCH(QString, error);
        std::string message;
        std::vector<std::string> warnings;
        QVERIFY(!Position::fromFen(fen.toStdString(), &message, false, &warnings));
        QCOMPARE(QString::fromStdString(message), error);
        QVERIFY(warnings.empty());
    }

    // Positions that look odd but arise in games: accepted without a warning.
    void possible_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<int>("checkers");
        QTest::addColumn<QString>("ep");
        // e7xd8=R+ with the rook e1 behind the pawn.
        QTest::newRow("rook and rook by promotion") << "3Rk3/8/8/8/8/8/8/4R1K1 b - - 0 1" << 2 << "-";
        // Nd7-f6+ uncovering the bishop.
        QTest::newRow("knight and bishop") << "4k3/8/5N2/1B6/8/8/8/4K3 b - - 0 1" << 2 << "-";
        // exd7+ uncovering the rook.
        QTest::newRow("pawn and rook") << "4k3/3P4/8/8/8/8/8/4R1K1 b - - 0 1" << 2 << "-";
        // e7-e8=N+ uncovering the bishop f8: no knight's jump starts on its line.
        QTest::newRow("knight promotion and bishop") << "4NB2/8/3k4/8/8/8/8/4K3 b - - 0 1" << 2 << "-";
        // exd6 e.p. uncovering the rook through e5 and the bishop through d5.
        QTest::newRow("two lines by en passant") << "B3R3/8/3P4/8/4k3/8/8/7K b - - 0 1" << 2 << "-";
        // d2-d4+ with the en passant capture taking the checking pawn.
        QTest::newRow("check by the pushed pawn") << "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1" << 1 << "d3";
        // f7-f5 uncovering the bishop g8: the square is possible, no capture is legal.
        QTest::newRow("check uncovered by the push") << "4k1b1/8/8/3KPp2/8/8/8/8 w - f6 0 2" << 1 << "-";
        QTest::newRow("legal ep") << "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3" << 0 << "f6";
        QTest::newRow("ep without capturer")
            << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" << 0 << "-";
        QTest::newRow("every pawn a knight") << "k7/8/8/8/8/NNNNN3/NNNNN3/RRBBQ2K w - - 0 1" << 0 << "-";
        QTest::newRow("two rooks and a promoted one") << "4k3/8/8/8/8/8/PPPPPPP1/RR2K2R w - - 0 1" << 0 << "-";
    }
    void possible()
    {
        QFETCH(QString, fen);
        QFETCH(int, checkers);
        QFETCH(QString, ep);
        std::string error;
        std::vector<std::string> warnings;
        const auto pos = Position::fromFen(fen.toStdString(), &error, false, &warnings);
        QVERIFY2(pos, error.c_str());
        QVERIFY2(warnings.empty(), warnings.empty() ? "" : warnings.front().c_str());
        QCOMPARE(pos->checkers().count(), checkers);
        QCOMPARE(QString::fromStdString(squareName(pos->epSquare())), ep);
    }

    // Castling rights and en passant squares that cannot be right: dropped, each
    // with a warning that names it and says why; the rest of the FEN stands.
    void corrected_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QStringList>("warnings");
        QTest::addColumn<QString>("result");
        QTest::newRow("no rooks") << "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1"
                                  << QStringList{"FEN: castling right K dropped: no white rook on the king's side of "
                                                 "the king on e1",
                                                 "FEN: castling right Q dropped: no white rook on the queen's side of "
                                                 "the king on e1",
                                                 "FEN: castling right k dropped: no black rook on the king's side of "
                                                 "the king on e8",
                                                 "FEN: castling right q dropped: no black rook on the queen's side of "
                                                 "the king on e8"}
                                  << "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
        QTest::newRow("one rook missing")
            << "4k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
            << QStringList{"FEN: castling right q dropped: no black rook on the queen's side of the king on e8"}
            << "4k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1";
        QTest::newRow("king moved") << "r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1"
                                    << QStringList{"FEN: castling right K dropped: the white king is on e2, not on "
                                                   "rank 1",
                                                   "FEN: castling right Q dropped: the white king is on e2, not on "
                                                   "rank 1"}
                                    << "r3k2r/8/8/8/8/8/4K3/R6R w kq - 0 1";
        QTest::newRow("file letter without rook") << "r3k2r/8/8/8/8/8/8/R3K2R w KQkqC - 0 1"
                                                  << QStringList{"FEN: castling right C dropped: no white rook on c1"}
                                                  << "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        QTest::newRow("ep rank, black to move")
            << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1"
            << QStringList{"FEN: en passant square e4 dropped: with black to move it must be on rank 3"}
            << "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        QTest::newRow("ep rank, white to move")
            << "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f3 0 3"
            << QStringList{"FEN: en passant square f3 dropped: with white to move it must be on rank 6"}
            << "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3";
        QTest::newRow("ep without pawn")
            << "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1"
            << QStringList{"FEN: en passant square d6 dropped: no black pawn on d5 can have just played d7-d5"}
            << "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1";
        QTest::newRow("ep square occupied")
            << "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1"
            << QStringList{"FEN: en passant square d6 dropped: d6 is occupied, so no pawn has just passed it"}
            << "4k3/8/3n4/3pP3/8/8/8/4K3 w - - 0 1";
        QTest::newRow("ep origin occupied")
            << "4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1"
            << QStringList{"FEN: en passant square d6 dropped: d7 is occupied, so no pawn has just left it"}
            << "4k3/3p4/8/3pP3/8/8/8/4K3 w - - 0 1";
        QTest::newRow("ep white pawn, black to move")
            << "4k3/8/8/8/3Pp3/8/3P4/4K3 b - d3 0 1"
            << QStringList{"FEN: en passant square d3 dropped: d2 is occupied, so no pawn has just left it"}
            << "4k3/8/8/8/3Pp3/8/3P4/4K3 b - - 0 1";
        QTest::newRow("ep with a check the push did not give")
            << "4k3/8/8/3pP3/8/8/8/r3K3 w - d6 0 1"
            << QStringList{"FEN: en passant square d6 dropped: the white king is in check from the rook on a1, which "
                           "black's last move d7-d5 cannot have given"}
            << "4k3/8/8/3pP3/8/8/8/r3K3 w - - 0 1";
        QTest::newRow("castling and ep")
            << "4k3/8/8/4P3/8/8/8/4K3 w Kq d6 0 1"
            << QStringList{"FEN: castling right K dropped: no white rook on the king's side of the king on e1",
                           "FEN: castling right q dropped: no black rook on the queen's side of the king on e8",
                           "FEN: en passant square d6 dropped: no black pawn on d5 can have just played d7-d5"}
            << "4k3/8/8/4P3/8/8/8/4K3 w - - 0 1";
    }
    void corrected()
    {
        QFETCH(QString, fen);
        QFETCH(QStringList, warnings);
        QFETCH(QString, result);
        std::string error;
        std::vector<std::string> said;
        const auto pos = Position::fromFen(fen.toStdString(), &error, false, &said);
        QVERIFY2(pos, error.c_str());
        QStringList got;
        for (const std::string &w : said)
            got << QString::fromStdString(w);
        QCOMPARE(got, warnings);
        QCOMPARE(QString::fromStdString(pos->fen()), result);
        // The corrected FEN reads back silently; warnings are appended to what the list held.
        said.assign(1, "earlier");
        QVERIFY(Position::fromFen(pos->fen(), &error, false, &said));
        QCOMPARE(said.size(), size_t(1));
        QVERIFY(Position::fromFen(fen.toStdString(), &error, false, &said));
        QCOMPARE(said.size(), size_t(1 + warnings.size()));
        QCOMPARE(said.front(), std::string("earlier"));
    }

    // Mutated FENs are either rejected with a "FEN: " message or read into a position
    // that writes and re-reads consistently; nothing crashes.
    void mutationsAreHandled()
    {
        const std::string seeds[] = {Position::StartFen,
                                     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                                     "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                                     "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"};
        const std::string alphabet = "pnbrqkPNBRQK12345678/ wb-KQkqABCDEFGHabcdefgh0x";
        std::mt19937 rng(99);
        int accepted = 0, rejected = 0;
        for (int i = 0; i < 20000; ++i) {
            std::string fen = seeds[i % std::size(seeds)];
            for (int edits = 1 + int(rng() % 3); edits > 0; --edits) {
                const size_t at = rng() % (fen.size() + 1);
                const char c = alphabet[rng() % alphabet.size()];
                switch (rng() % 3) {
                case 0:
                    if (at < fen.size()) fen[at] = c;
                    break;
                case 1: fen.insert(fen.begin() + at, c); break;
                default:
                    if (at < fen.size()) fen.erase(at, 1);
                    break;
                }
            }
            std::string error;
            const auto pos = Position::fromFen(fen, &error);
            if (!pos) {
                QVERIFY2(error.rfind("FEN: ", 0) == 0, fen.c_str());
                ++rejected;
                continue;
            }
            ++accepted;
            QCOMPARE(pos->pieces(White, King).count(), 1);
            QCOMPARE(pos->pieces(Black, King).count(), 1);
            const auto again = Position::fromFen(pos->fen(), &error, pos->chess960());
            QVERIFY2(again, (fen + " -> " + pos->fen() + ": " + error).c_str());
            QCOMPARE(again->fen(), pos->fen());
            QCOMPARE(again->key(), pos->key());
        }
        QVERIFY(accepted > 0);
        QVERIFY(rejected > 0);
    }

    void keyDistinguishes()
    {
        const Position a = load("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
        const Position b = load("4k3/8/8/8/8/8/8/4K2R w - - 0 1");
        const Position c = load("4k3/8/8/8/8/8/8/4K2R b K - 0 1");
        const Position d = load("4k3/8/8/8/8/8/8/4K2R w K - 30 70");
        QVERIFY(a.key() != b.key());
        QVERIFY(a.key() != c.key());
        QCOMPARE(a.key(), d.key()); // clocks do not matter for repetition
        const Position withEp = load("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        const Position withoutEp = load("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3");
        QVERIFY(withEp.key() != withoutEp.key());
    }
};

QTEST_GUILESS_MAIN(TestFen)
#include "tst_fen.moc"
