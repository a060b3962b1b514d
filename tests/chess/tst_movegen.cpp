// Tests for move generation and position queries: mate and stalemate, pins, attackers,
// move validation, en passant capture details, Zobrist keys and copy-make.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chess/attacks.h"
#include "chess/position.h"

#include <QtTest>

using namespace chess;

namespace chess {
char *toString(const SquareSet &s) { return qstrdup(s.toString().c_str()); }
char *toString(const Move &m) { return qstrdup(("move " + std::to_string(m.raw())).c_str()); }
} // namespace chess

namespace {

Position load(const QString &fen, bool chess960 = false)
{
    std::string error;
    const auto pos = Position::fromFen(fen.toStdString(), &error, chess960);
    if (!pos) qFatal("bad test FEN %s: %s", qPrintable(fen), error.c_str());
    return *pos;
}

SquareSet parseSquares(const QString &list)
{
    SquareSet s;
    for (const QString &name : list.split(',', Qt::SkipEmptyParts)) {
        const Square sq = parseSquare(name.trimmed().toStdString());
        if (sq == NoSquare) qFatal("bad square %s", qPrintable(name));
        s |= SquareSet::of(sq);
    }
    return s;
}

// Moves given in coordinates; the kind is inferred by the position's UCI reader.
Move uciMove(const Position &pos, const char *text)
{
    const Move m = pos.parseUci(text);
    if (m.isNone()) qFatal("not a legal move: %s in %s", text, pos.fen().c_str());
    return m;
}

} // namespace

class TestMovegen : public QObject {
    Q_OBJECT

private slots:
    void gameEnd_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<bool>("check");
        QTest::addColumn<bool>("mate");
        QTest::addColumn<bool>("stalemate");
        QTest::addColumn<int>("moves");
        QTest::newRow("start") << QString(Position::StartFen) << false << false << false << 20;
        QTest::newRow("fool's mate") << "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3" << true << true
                                     << false << 0;
        QTest::newRow("smothered") << "6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1" << true << true << false << 0;
        QTest::newRow("back rank") << "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1" << true << true << false << 0;
        QTest::newRow("queen stalemate") << "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" << false << false << true << 0;
        QTest::newRow("pawn stalemate") << "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1" << false << false << true << 0;
        QTest::newRow("pinned-only stalemate") << "8/8/8/8/3b4/1k1b4/1N6/K7 w - - 0 1" << false << false << true << 0;
        QTest::newRow("quiet king") << "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1" << false << false << false << 5;
        QTest::newRow("check by knight") << "4k3/8/3N4/8/8/8/8/4K3 b - - 0 1" << true << false << false << 4;
        QTest::newRow("double check") << "4k3/8/8/8/1b6/8/4r3/R2QK2R w KQ - 0 1" << true << false << false << 2;
        QTest::newRow("ep horizontal pin") << "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1" << false << false << false << 6;
    }
    void gameEnd()
    {
        QFETCH(QString, fen);
        QFETCH(bool, check);
        QFETCH(bool, mate);
        QFETCH(bool, stalemate);
        QFETCH(int, moves);
        const Position pos = load(fen);
        QCOMPARE(pos.inCheck(), check);
        QCOMPARE(pos.isCheckmate(), mate);
        QCOMPARE(pos.isStalemate(), stalemate);
        MoveList list;
        pos.generateLegal(list);
        QCOMPARE(list.size, moves);
        QCOMPARE(pos.hasLegalMove(), moves > 0);
    }

    void checkers()
    {
        const Position pos = load("4k3/8/8/8/1b6/8/4r3/R2QK2R w KQ - 0 1");
        QCOMPARE(pos.checkers(), parseSquares("b4,e2"));
        QVERIFY(pos.checkers().moreThanOne());
        // Only king moves in double check.
        MoveList list;
        pos.generateLegal(list);
        for (Move m : list)
            QCOMPARE(m.from(), E1);
    }

    void pinned_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<int>("color");
        QTest::addColumn<QString>("pinned");
        QTest::newRow("bishop pins knight") << "4k3/8/8/b7/8/N7/3N4/4K3 w - - 0 1" << int(White) << "d2";
        QTest::newRow("two blockers") << "4k3/8/8/b7/8/2N5/3N4/4K3 w - - 0 1" << int(White) << "";
        QTest::newRow("enemy blocker") << "4k3/8/8/b7/8/2n5/3N4/4K3 w - - 0 1" << int(White) << "";
        QTest::newRow("rook and queen") << "3rk3/8/8/8/8/8/3N4/q1BK4 w - - 0 1" << int(White) << "c1,d2";
        QTest::newRow("black two blockers") << "4k3/4r3/4n3/8/4Q3/8/8/3K4 b - - 0 1" << int(Black) << "";
        QTest::newRow("black pinned rook") << "4k3/4r3/8/8/4Q3/8/8/3K4 b - - 0 1" << int(Black) << "e7";
        QTest::newRow("opponent's view") << "4k3/4r3/8/8/4Q3/8/8/3K4 b - - 0 1" << int(White) << "";
        QTest::newRow("no slider") << Position::StartFen << int(White) << "";
    }
    void pinned()
    {
        QFETCH(QString, fen);
        QFETCH(int, color);
        QFETCH(QString, pinned);
        QCOMPARE(load(fen).pinned(Color(color)), parseSquares(pinned));
    }

    void attackers_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("square");
        QTest::addColumn<int>("by");
        QTest::addColumn<QString>("attackers");
        QTest::newRow("start f3") << QString(Position::StartFen) << "f3" << int(White) << "e2,g2,g1";
        QTest::newRow("start e4") << QString(Position::StartFen) << "e4" << int(White) << "";
        QTest::newRow("start d6 black") << QString(Position::StartFen) << "d6" << int(Black) << "c7,e7";
        QTest::newRow("start c6 black") << QString(Position::StartFen) << "c6" << int(Black) << "b7,d7,b8";
        QTest::newRow("battery front only") << "4k3/8/8/8/8/8/R7/R3K3 w - - 0 1"
                                            << "a5" << int(White) << "a2";
        QTest::newRow("all pieces") << "6B1/8/8/Q7/2P1KN2/8/7k/3R4 w - - 0 1"
                                    << "d5" << int(White) << "a5,c4,d1,e4,f4,g8";
        QTest::newRow("all pieces, other side") << "6B1/8/8/Q7/2P1KN2/8/7k/3R4 w - - 0 1"
                                                << "d5" << int(Black) << "";
        QTest::newRow("occupied square") << "4k3/8/8/8/8/2p5/1P6/4K3 w - - 0 1"
                                         << "c3" << int(White) << "b2";
    }
    void attackers()
    {
        QFETCH(QString, fen);
        QFETCH(QString, square);
        QFETCH(int, by);
        QFETCH(QString, attackers);
        const Position pos = load(fen);
        const Square s = parseSquare(square.toStdString());
        const SquareSet expected = parseSquares(attackers);
        QCOMPARE(pos.attackersTo(s, Color(by)), expected);
        // attackersTo agrees with attacksFrom of every piece of that colour.
        SquareSet viaAttacks;
        for (Square from : pos.pieces(Color(by)))
            if (pos.attacksFrom(from).contains(s)) viaAttacks |= SquareSet::of(from);
        QCOMPARE(viaAttacks, expected);
    }

    void attackersWithOccupancy()
    {
        const Position pos = load("4k3/8/8/8/8/8/R7/R3K3 w - - 0 1");
        // With the front rook lifted, the one behind attacks a5 too (x-ray).
        const SquareSet occ = pos.occupied() - SquareSet::of(A2);
        QCOMPARE(pos.attackersTo(A5, White, occ), parseSquares("a1,a2"));
        QCOMPARE(pos.attacksFrom(E4), SquareSet());
        QCOMPARE(pos.attacksFrom(A1), parseSquares("a2,b1,c1,d1,e1"));
    }

    void validation_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("to");
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("promotion");
        QTest::addColumn<bool>("pseudoLegal");
        QTest::addColumn<bool>("legal");
        const QString start = Position::StartFen;
        const int N = Move::Normal, P = Move::Promotion, E = Move::EnPassant, C = Move::Castling;
        QTest::newRow("e2e4") << start << int(E2) << int(E4) << N << 0 << true << true;
        QTest::newRow("e2e5") << start << int(E2) << int(E5) << N << 0 << false << false;
        QTest::newRow("black's move") << start << int(E7) << int(E5) << N << 0 << false << false;
        QTest::newRow("empty from") << start << int(E4) << int(E5) << N << 0 << false << false;
        QTest::newRow("capture own") << start << int(D1) << int(D2) << N << 0 << false << false;
        QTest::newRow("knight") << start << int(G1) << int(F3) << N << 0 << true << true;
        QTest::newRow("knight as promotion") << start << int(G1) << int(F3) << P << int(Queen) << false << false;
        QTest::newRow("pawn diagonal empty") << start << int(E2) << int(D3) << N << 0 << false << false;
        QTest::newRow("jump over") << "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1" << int(E2) << int(E4) << N << 0 << false
                                   << false;
        const QString pin = "4k3/8/8/b7/8/N7/3N4/4K3 w - - 0 1";
        QTest::newRow("pinned knight") << pin << int(D2) << int(B3) << N << 0 << true << false;
        QTest::newRow("free knight") << pin << int(A3) << int(C4) << N << 0 << true << true;
        QTest::newRow("king into check") << "4k3/8/8/8/8/8/8/r3K3 w - - 0 1" << int(E1) << int(D1) << N << 0 << true
                                         << false;
        QTest::newRow("king away") << "4k3/8/8/8/8/8/8/r3K3 w - - 0 1" << int(E1) << int(E2) << N << 0 << true << true;
        QTest::newRow("ignores check") << "4k3/8/8/8/8/8/6P1/r3K3 w - - 0 1" << int(G2) << int(G3) << N << 0 << true
                                       << false;
        const QString castle = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
        QTest::newRow("castle") << castle << int(E1) << int(H1) << C << 0 << true << true;
        QTest::newRow("castle as king move") << castle << int(E1) << int(G1) << N << 0 << false << false;
        QTest::newRow("castle wrong rook") << castle << int(E1) << int(H8) << C << 0 << false << false;
        QTest::newRow("castle through check")
            << "r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1" << int(E1) << int(H1) << C << 0 << true << false;
        QTest::newRow("castle blocked") << "r3k2r/8/8/8/8/8/8/R3KB1R w KQkq - 0 1" << int(E1) << int(H1) << C << 0
                                        << false << false;
        const QString ep = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
        QTest::newRow("en passant") << ep << int(E5) << int(F6) << E << 0 << true << true;
        QTest::newRow("en passant as normal") << ep << int(E5) << int(F6) << N << 0 << false << false;
        QTest::newRow("en passant other file") << ep << int(E5) << int(D6) << E << 0 << false << false;
        QTest::newRow("horizontal pin ep")
            << "8/8/8/K2pP2q/8/8/8/7k w - d6 0 1" << int(E5) << int(D6) << E << 0 << false << false;
        const QString promo = "1n4bk/P6p/8/8/8/8/8/K7 w - - 0 1";
        QTest::newRow("promotion") << promo << int(A7) << int(A8) << P << int(Rook) << true << true;
        QTest::newRow("promotion capture") << promo << int(A7) << int(B8) << P << int(Knight) << true << true;
        QTest::newRow("promotion missing") << promo << int(A7) << int(A8) << N << 0 << false << false;
    }
    void validation()
    {
        QFETCH(QString, fen);
        QFETCH(int, from);
        QFETCH(int, to);
        QFETCH(int, kind);
        QFETCH(int, promotion);
        QFETCH(bool, pseudoLegal);
        QFETCH(bool, legal);
        const Position pos = load(fen);
        const Move m = promotion ? Move::make(Square(from), Square(to), Move::Kind(kind), PieceType(promotion))
                                 : Move::make(Square(from), Square(to), Move::Kind(kind));
        QCOMPARE(pos.isPseudoLegal(m), pseudoLegal);
        QCOMPARE(pos.isLegal(m), legal);
        MoveList legalMoves, pseudoMoves;
        pos.generateLegal(legalMoves);
        pos.generatePseudoLegal(pseudoMoves);
        QCOMPARE(legalMoves.contains(m), legal);
        QCOMPARE(pseudoMoves.contains(m), pseudoLegal);
    }

    void specialMovesAreNotLegal()
    {
        const Position pos;
        QVERIFY(!pos.isLegal(Move::none()));
        QVERIFY(!pos.isLegal(Move::null()));
        QVERIFY(!pos.isPseudoLegal(Move::null()));
    }

    // Every pseudo-legal move is judged by isLegal exactly as the legal generator does.
    void generatorsAgree_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::newRow("kiwipete") << "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        QTest::newRow("position4") << "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
        QTest::newRow("in check") << "4k3/8/8/8/1b6/8/8/R2QK2R w KQ - 0 1";
        QTest::newRow("ep pin") << "8/8/8/KPp4r/8/8/8/7k w - c6 0 1";
    }
    void generatorsAgree()
    {
        QFETCH(QString, fen);
        const Position root = load(fen);
        MoveList rootMoves;
        root.generateLegal(rootMoves);
        for (Move first : rootMoves) {
            const Position pos = root.after(first);
            MoveList legal, pseudo;
            pos.generateLegal(legal);
            pos.generatePseudoLegal(pseudo);
            int legalCount = 0;
            for (Move m : pseudo) {
                QVERIFY(pos.isPseudoLegal(m));
                if (pos.isLegal(m)) {
                    ++legalCount;
                    QVERIFY(legal.contains(m));
                }
            }
            QCOMPARE(legalCount, legal.size);
        }
    }

    // playUnkeyed is play without the Zobrist key: the same board, rights,
    // en passant square, clocks and checkers two plies deep.
    void unkeyedPlayMatchesPlay()
    {
        for (const char *fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"}) {
            const Position root = load(fen);
            MoveList first;
            root.generateLegal(first);
            for (Move a : first) {
                Position keyed = root, unkeyed = root;
                keyed.play(a);
                unkeyed.playUnkeyed(a);
                QCOMPARE(QString::fromStdString(unkeyed.fen()), QString::fromStdString(keyed.fen()));
                QCOMPARE(unkeyed.checkers().bits(), keyed.checkers().bits());
                MoveList second;
                keyed.generateLegal(second);
                for (Move b : second) {
                    Position k2 = keyed, u2 = unkeyed;
                    k2.play(b);
                    u2.playUnkeyed(b);
                    QCOMPARE(QString::fromStdString(u2.fen()), QString::fromStdString(k2.fen()));
                    QCOMPARE(u2.checkers().bits(), k2.checkers().bits());
                    QCOMPARE(u2.epSquare(), k2.epSquare());
                }
            }
        }
    }

    void enPassantCapture()
    {
        const Position pos = load("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        const Move ep = uciMove(pos, "e5f6");
        QCOMPARE(ep.kind(), Move::EnPassant);
        QCOMPARE(pos.captureSquare(ep), F5);
        QCOMPARE(pos.capturedPiece(ep), BPawn);
        QCOMPARE(pos.movedPiece(ep), WPawn);
        const Position after = pos.after(ep);
        QCOMPARE(after.pieceAt(F5), NoPiece);
        QCOMPARE(after.pieceAt(F6), WPawn);
        QCOMPARE(after.halfmoveClock(), 0);
        QCOMPARE(after.pieces(Black, Pawn).count(), 7);

        const Move quiet = uciMove(pos, "g1f3");
        QCOMPARE(pos.captureSquare(quiet), F3);
        QCOMPARE(pos.capturedPiece(quiet), NoPiece);
        const Position capture = load("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        const Move exd5 = uciMove(capture, "e4d5");
        QCOMPARE(capture.capturedPiece(exd5), BPawn);
        QCOMPARE(capture.captureSquare(exd5), D5);
        const Position castle = load("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        const Move oo = uciMove(castle, "e1g1");
        QVERIFY(oo.isCastling());
        QCOMPARE(castle.capturedPiece(oo), NoPiece);
    }

    void doublePushSetsEpOnlyWhenCapturable()
    {
        const Position start;
        QCOMPARE(start.after(uciMove(start, "e2e4")).epSquare(), NoSquare);
        const Position pos = load("rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        const Position d4 = pos.after(uciMove(pos, "d2d4"));
        QCOMPARE(d4.epSquare(), D3);
        QCOMPARE(d4.after(uciMove(d4, "g8f6")).epSquare(), NoSquare); // gone after one move
        const Position a4 = pos.after(uciMove(pos, "a2a4"));
        QCOMPARE(a4.epSquare(), NoSquare);
    }

    // Incremental keys equal keys computed from scratch; transpositions meet.
    void keys()
    {
        const Position start;
        Position p = start;
        for (const char *m : {"g1f3", "g8f6", "f3g1", "f6g8"})
            p.play(uciMove(p, m));
        QCOMPARE(p.key(), start.key());
        QVERIFY(QString::fromStdString(p.fen()) != QString::fromStdString(start.fen())); // clocks differ

        Position a = start, b = start;
        for (const char *m : {"e2e4", "e7e5", "g1f3"})
            a.play(uciMove(a, m));
        for (const char *m : {"g1f3", "e7e5", "e2e4"})
            b.play(uciMove(b, m));
        QCOMPARE(a.key(), b.key());

        const Position root = load("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        MoveList moves;
        root.generateLegal(moves);
        for (Move m : moves) {
            const Position child = root.after(m);
            MoveList replies;
            child.generateLegal(replies);
            for (Move r : replies) {
                const Position grandchild = child.after(r);
                QCOMPARE(grandchild.key(), load(QString::fromStdString(grandchild.fen())).key());
            }
        }
    }

    void castlingRightsUpdate()
    {
        Position p = load("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        p.play(uciMove(p, "h1h8")); // rook takes rook: both h-side rights go
        QCOMPARE(QString::fromStdString(p.fen()), QString("r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1"));
        p.play(uciMove(p, "e8d7"));
        QCOMPARE(p.castlingRooks(), SquareSet::of(A1));
        p.play(uciMove(p, "a1a2"));
        QCOMPARE(p.castlingRooks(), SquareSet());
    }

    void nullMove()
    {
        const Position pos = load("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
        const Position passed = pos.after(Move::null());
        QCOMPARE(passed.sideToMove(), Black);
        QCOMPARE(passed.epSquare(), NoSquare);
        QCOMPARE(passed.key(), load(QString::fromStdString(passed.fen())).key());
        QCOMPARE(passed.after(Move::null()).key(),
                 load("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 2 4").key());
    }

    void attackTables()
    {
        QCOMPARE(between(A1, H8),
                 SquareSet::of(B2) | SquareSet::of(C3) | SquareSet::of(D4) | SquareSet::of(E5) | SquareSet::of(F6)
                     | SquareSet::of(G7));
        QCOMPARE(between(A1, B3), SquareSet());
        QCOMPARE(between(E1, E2), SquareSet());
        QCOMPARE(lineThrough(C3, E5).count(), 8);
        QCOMPARE(lineThrough(A2, B4), SquareSet());
        QCOMPARE(lineThrough(B1, B7), SquareSet::file(1));
        QCOMPARE(knightAttacks(A1), SquareSet::of(B3) | SquareSet::of(C2));
        QCOMPARE(kingAttacks(H8).count(), 3);
        QCOMPARE(pawnAttacks(White, E4), SquareSet::of(D5) | SquareSet::of(F5));
        QCOMPARE(pawnAttacks(Black, A5), SquareSet::of(B4));
        const SquareSet occ = SquareSet::of(D6) | SquareSet::of(F4);
        QCOMPARE(rookAttacks(D4, occ),
                 (SquareSet::file(3) - SquareSet::rank(7) - SquareSet::rank(6) - SquareSet::of(D4)) | SquareSet::of(A4)
                     | SquareSet::of(B4) | SquareSet::of(C4) | SquareSet::of(E4) | SquareSet::of(F4));
        QCOMPARE(queenAttacks(D4, occ), rookAttacks(D4, occ) | bishopAttacks(D4, occ));
        QCOMPARE(pieceAttacks(Knight, White, D4, occ), knightAttacks(D4));
        QCOMPARE(pieceAttacks(Pawn, Black, D4, occ), pawnAttacks(Black, D4));
        QCOMPARE(bishopAttacks(A1, SquareSet()).count(), 7);
    }
};

QTEST_GUILESS_MAIN(TestMovegen)
#include "tst_movegen.moc"
