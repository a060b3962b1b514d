// The variants' rules on positions and games written for these tests: check
// counters and the third check, the hill, Antichess's compulsory captures,
// king promotion and wins, Crazyhouse pockets, drops and promoted pieces; the
// variants' FEN and SAN forms, and the Variant tag spellings.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chess/position.h"

#include <QtTest>

using namespace chess;

namespace {

Position load(const char *fen, Variant v)
{
    std::string error;
    const auto pos = Position::fromFen(fen, &error, false, nullptr, v);
    if (!pos) qFatal("bad test FEN %s: %s", fen, error.c_str());
    return *pos;
}

// Plays space-separated SAN; fails the test on a move that does not read.
// Returns the SAN the position writes for each move.
QStringList play(Position &pos, const char *moves)
{
    QStringList written;
    for (const QString &san : QString::fromLatin1(moves).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        std::string error;
        const Move m = pos.parseSan(san.toStdString(), &error);
        if (m.isNone()) {
            written << "illegal:" + san + " (" + QString::fromStdString(error) + ")";
            return written;
        }
        written << QString::fromStdString(pos.san(m));
        pos.play(m);
    }
    return written;
}

int countDrops(const Position &pos)
{
    MoveList list;
    pos.generateLegal(list);
    int drops = 0;
    for (const Move m : list)
        drops += m.isDrop();
    return drops;
}

} // namespace

class TestVariants : public QObject {
    Q_OBJECT

private slots:
    void moveEncoding()
    {
        for (const PieceType t : {Pawn, Knight, Bishop, Rook, Queen}) {
            const Move d = Move::drop(t, E4);
            QVERIFY(d.isDrop());
            QCOMPARE(d.dropPiece(), t);
            QCOMPARE(d.to(), E4);
            QCOMPARE(d.kind(), Move::Drop);
            QVERIFY(!d.isCastling() && !d.isNone() && !d.isNull());
            QCOMPARE(d.promotion(), NoPieceType);
        }
        const Move k = Move::make(A7, A8, Move::Promotion, King);
        QCOMPARE(k.promotion(), King);
        QCOMPARE(k.kind(), Move::Promotion);
        QVERIFY(!k.isCastling() && !k.isDrop());
        // Standard moves keep their meaning.
        QVERIFY(Move::make(E1, H1, Move::Castling).isCastling());
        QCOMPARE(Move::make(E5, D6, Move::EnPassant).kind(), Move::EnPassant);
        QCOMPARE(Move::make(A7, A8, Move::Promotion, Queen).promotion(), Queen);
        QVERIFY(!Move::make(E2, E4).isDrop());
        // A standard position never takes a drop or a king promotion.
        Position standard;
        QVERIFY(!standard.isLegal(Move::drop(Knight, F3)));
        QVERIFY(!load("8/P6k/8/8/8/8/8/K7 w - - 0 1", Variant::Standard).isLegal(k));
    }

    void variantNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("variant"); // -1: not one of these variants
        const int three = int(Variant::ThreeCheck), hill = int(Variant::KingOfTheHill);
        const int anti = int(Variant::Antichess), zh = int(Variant::Crazyhouse);
        for (const char *n : {"Three-check", "threecheck", "3-check", "3check", "three check", "ThreeCheck"})
            QTest::newRow(n) << n << three;
        for (const char *n : {"King of the Hill", "kingofthehill", "KOTH", "king-of-the-hill"})
            QTest::newRow(n) << n << hill;
        for (const char *n : {"Antichess", "suicide", "Giveaway", "anti chess"})
            QTest::newRow(n) << n << anti;
        for (const char *n : {"Crazyhouse", "crazyhouse", "zh", "Crazy House"})
            QTest::newRow(n) << n << zh;
        for (const char *n : {"Standard", "Chess960", "Atomic", "Losers", "Horde", ""})
            QTest::newRow(n) << n << -1;
    }
    void variantNames()
    {
        QFETCH(QString, name);
        QFETCH(int, variant);
        const auto v = parseVariantName(name.toStdString());
        QCOMPARE(v ? int(*v) : -1, variant);
        if (v) QCOMPARE(parseVariantName(variantName(*v)), v); // lichess's name reads back
    }

    void threeCheck()
    {
        Position pos = Position::startOf(Variant::ThreeCheck);
        QCOMPARE(pos.fen(), std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"));
        const QStringList san = play(pos, "e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ Ke7 Qxe5");
        QCOMPARE(san.join(' '), QString("e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ Ke7 Qxe5#"));
        QCOMPARE(pos.checksGiven(White), 3);
        QCOMPARE(pos.checksLeft(Black), 3);
        QCOMPARE(pos.variantEnd(), VariantEnd::ThirdCheck);
        QCOMPARE(pos.variantWinner(), White);
        QVERIFY(!pos.hasLegalMove()); // the game is over, though the king could step away
        QVERIFY(!pos.isCheckmate());
        QCOMPARE(perft(pos, 1), uint64_t(0));
        QCOMPARE(pos.fen(), std::string("rnbq1b1r/ppppk1pp/5n2/4Q3/4P3/8/PPPP1PPP/RNB1K1NR b KQ - 0+3 0 5"));
    }

    void threeCheckFenForms()
    {
        // Checks left after the en passant square, or checks given at the end (lichess).
        const Position left = load("4k3/8/8/8/8/8/8/4K2R w K - 1+2 4 30", Variant::ThreeCheck);
        const Position given = load("4k3/8/8/8/8/8/8/4K2R w K - 4 30 +2+1", Variant::ThreeCheck);
        QCOMPARE(left.checksLeft(White), 1);
        QCOMPARE(left.checksLeft(Black), 2);
        QCOMPARE(given.fen(), left.fen());
        QCOMPARE(given.key(), left.key());
        QVERIFY(load("4k3/8/8/8/8/8/8/4K2R w K - 4 30", Variant::ThreeCheck).key() != left.key());
        // Only Three-check has the field.
        QVERIFY(!Position::fromFen("4k3/8/8/8/8/8/8/4K2R w K - 1+2 4 30"));
        // Too many fields is an error, whatever the last one looks like (found by fuzz_pgn).
        std::string why;
        QVERIFY(
            !Position::fromFen("4k3/8/8/8/8/8/8/4K2R w K - 3+3 1 8 x y z", &why, false, nullptr, Variant::ThreeCheck));
        QVERIFY2(why.find("too many fields") != std::string::npos, why.c_str());
        // One more check by White wins: Rh8+ is the third.
        Position pos = left;
        QCOMPARE(play(pos, "Rh8").join(' '), QString("Rh8#"));
        QCOMPARE(pos.variantEnd(), VariantEnd::ThirdCheck);
    }

    void kingOfTheHill()
    {
        Position pos = Position::startOf(Variant::KingOfTheHill);
        QCOMPARE(pos.fen(), std::string(Position::StartFen));
        QCOMPARE(play(pos, "e3 e6 Ke2 Ke7 Kd3 Kd6 Kd4").join(' '), QString("e3 e6 Ke2 Ke7 Kd3 Kd6 Kd4#"));
        QCOMPARE(pos.variantEnd(), VariantEnd::KingOnHill);
        QCOMPARE(pos.variantWinner(), White);
        QVERIFY(pos.isGameOver());
        QCOMPARE(perft(pos, 2), uint64_t(0));
        // Standard chess goes on from the same moves.
        Position standard;
        play(standard, "e3 e6 Ke2 Ke7 Kd3 Kd6 Kd4");
        QVERIFY(standard.hasLegalMove());
        QCOMPARE(standard.variantEnd(), VariantEnd::None);
    }

    void antichessCaptures()
    {
        Position pos = Position::startOf(Variant::Antichess);
        QCOMPARE(pos.fen(), std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"));
        QCOMPARE(play(pos, "e3 b5").size(), 2);
        std::string error;
        QVERIFY(pos.parseSan("Nf3", &error).isNone()); // a capture is possible, so compulsory
        QCOMPARE(error, std::string("illegal move"));
        MoveList list;
        pos.generateLegal(list);
        QCOMPARE(list.size, 1);
        QCOMPARE(pos.san(list.moves[0]), std::string("Bxb5"));
        QVERIFY(!pos.inCheck());
        // The king is an ordinary piece: it may step next to an attacker, and be taken.
        Position kings = load("8/8/8/3k4/8/3K4/8/8 w - - 0 1", Variant::Antichess);
        QVERIFY(!kings.parseSan("Kd4").isNone());
        QCOMPARE(play(kings, "Kd4 Kxd4").join(' '), QString("Kd4 Kxd4#"));
        QCOMPARE(kings.variantEnd(), VariantEnd::NoPieces);
        QCOMPARE(kings.variantWinner(), White);
    }

    void antichessPromotionAndStalemate()
    {
        Position pos = load("8/P7/8/8/8/8/8/7k w - - 0 1", Variant::Antichess);
        MoveList list;
        pos.generateLegal(list);
        QCOMPARE(list.size, 5); // queen, rook, bishop, knight and king
        const Move king = pos.parseSan("a8=K");
        QCOMPARE(king.promotion(), King);
        QCOMPARE(pos.san(king), std::string("a8=K"));
        pos.play(king);
        QCOMPARE(pos.pieceAt(A8), WKing);
        QCOMPARE(pos.fen(), std::string("K7/8/8/8/8/8/8/7k b - - 0 1"));
        // Castling rights in an Antichess FEN are dropped, with a warning.
        std::vector<std::string> warnings;
        const auto noCastling = Position::fromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", nullptr,
                                                  false, &warnings, Variant::Antichess);
        QVERIFY(noCastling);
        QVERIFY(noCastling->castlingRooks().empty());
        QCOMPARE(warnings.size(), size_t(1));
        // A blocked side has no move, and wins.
        const Position blocked = load("8/8/8/8/8/p7/P7/8 w - - 0 1", Variant::Antichess);
        QCOMPARE(blocked.variantEnd(), VariantEnd::StalemateWin);
        QCOMPARE(blocked.variantWinner(), White);
        QVERIFY(!blocked.isStalemate());
        // Two kings of one side are fine in Antichess, not elsewhere.
        QVERIFY(Position::fromFen("8/8/8/8/8/8/8/KK5k w - - 0 1", nullptr, false, nullptr, Variant::Antichess));
        QVERIFY(!Position::fromFen("8/8/8/8/8/8/8/KK5k w - - 0 1"));
    }

    void crazyhouseDrops()
    {
        Position pos = Position::startOf(Variant::Crazyhouse);
        QCOMPARE(pos.fen(), std::string("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"));
        // Captures fill the captor's pocket; "@d4" is a pawn drop as chessops writes it.
        QCOMPARE(play(pos, "e4 d5 exd5 Qxd5 Nc3 Qa5 @d4 P@e4 Nxe4").join(' '),
                 QString("e4 d5 exd5 Qxd5 Nc3 Qa5 P@d4 P@e4 Nxe4"));
        QCOMPARE(pos.pocket().count(White, Pawn), 1);
        QCOMPARE(pos.pocket().count(Black, Pawn), 0);
        QCOMPARE(pos.pocket().text(), std::string("P"));
        QCOMPARE(pos.pieceAt(D4), WPawn);
        // Pawns are not dropped on the first or last rank.
        Position edge = load("4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1", Variant::Crazyhouse);
        QVERIFY(edge.parseSan("P@a8").isNone());
        QVERIFY(edge.parseSan("P@a1").isNone());
        QVERIFY(!edge.parseSan("P@a7").isNone());
        QVERIFY(edge.parseSan("N@a7").isNone()); // not in the pocket
        QCOMPARE(countDrops(edge), 48);
    }

    void crazyhouseCheckBlockingDrops()
    {
        // The rook checks along the first rank: a knight may be dropped between.
        const Position pos = load("4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1", Variant::Crazyhouse);
        MoveList list;
        pos.generateLegal(list);
        QCOMPARE(countDrops(pos), 3);
        QCOMPARE(list.size, 6); // N@b1, N@c1, N@d1, Kd2, Ke2, Kf2
        // A drop that checks is written with '+', one that mates with '#'.
        const Position mate = load("7k/6pp/8/8/8/8/8/K7[R] w - - 0 1", Variant::Crazyhouse);
        QCOMPARE(mate.san(mate.parseSan("R@e8")), std::string("R@e8#"));
        QVERIFY(mate.after(mate.parseSan("R@e8")).isCheckmate());
    }

    void crazyhousePromotedPieces()
    {
        // A promoted piece carries '~'; taken, it goes to the pocket as a pawn.
        Position pos = load("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", Variant::Crazyhouse);
        QCOMPARE(play(pos, "a8=Q+").join(' '), QString("a8=Q+"));
        QCOMPARE(pos.fen(), std::string("Q~3k3/8/8/8/8/8/8/4K3[] b - - 0 1"));
        QVERIFY(pos.promoted().contains(A8));
        Position taken = load("4k3/8/8/8/8/8/8/3q~K3[] w - - 0 1", Variant::Crazyhouse);
        QVERIFY(taken.inCheck());
        QCOMPARE(play(taken, "Kxd1").join(' '), QString("Kxd1"));
        QCOMPARE(taken.pocket().text(), std::string("P"));
        QVERIFY(taken.promoted().empty());
        QCOMPARE(taken.fen(), std::string("4k3/8/8/8/8/8/8/3K4[P] b - - 0 1"));
    }

    void crazyhouseFenForms()
    {
        // lichess also reads the pockets as a ninth rank.
        const Position brackets = load("r3k3/8/8/8/8/8/8/4K2R[QNpp] w Kq - 0 20", Variant::Crazyhouse);
        const Position ninth = load("r3k3/8/8/8/8/8/8/4K2R/QNpp w Kq - 0 20", Variant::Crazyhouse);
        QCOMPARE(ninth.fen(), brackets.fen());
        QCOMPARE(brackets.fen(), std::string("r3k3/8/8/8/8/8/8/4K2R[NQpp] w Kq - 0 20"));
        QCOMPARE(ninth.key(), brackets.key());
        QVERIFY(load("r3k3/8/8/8/8/8/8/4K2R[QNp] w Kq - 0 20", Variant::Crazyhouse).key() != brackets.key());
        // More pieces than the initial set is normal after drops.
        QVERIFY(Position::fromFen("4k3/8/8/8/NNN5/PPPPPPPP/PPPPPPPP/4K3[] w - - 0 1", nullptr, false, nullptr,
                                  Variant::Crazyhouse));
        for (const char *bad : {"4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1",
                                "4k3/8/8/8/8/8/8/4K3[P w - - 0 1"})
            QVERIFY2(!Position::fromFen(bad, nullptr, false, nullptr, Variant::Crazyhouse), bad);
        QVERIFY(!Position::fromFen("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")); // pockets only in Crazyhouse
    }

    void incrementalKeys_data()
    {
        QTest::addColumn<int>("variant");
        QTest::addColumn<QString>("moves");
        QTest::newRow("crazyhouse") << int(Variant::Crazyhouse)
                                    << "e4 d5 exd5 Qxd5 Nc3 Qa5 @d4 P@e4 Nxe4 Qxa2 Rxa2 Bf5 Q@d8+ Kxd8";
        QTest::newRow("three-check") << int(Variant::ThreeCheck) << "e4 e5 Bc4 Nf6 Bxf7+ Kxf7 Qh5+ Ke7";
        QTest::newRow("antichess") << int(Variant::Antichess) << "e3 b5 Bxb5 c6 Bxc6 Nxc6";
    }
    void incrementalKeys()
    {
        // The key kept move by move (pockets, counters) is the key of the position read afresh.
        QFETCH(int, variant);
        QFETCH(QString, moves);
        Position pos = Position::startOf(Variant(variant));
        const QStringList san = play(pos, moves.toLatin1().constData());
        QVERIFY2(!san.join(' ').contains("illegal"), qPrintable(san.join(' ')));
        QCOMPARE(pos.key(), load(pos.fen().c_str(), Variant(variant)).key());
    }
};

QTEST_APPLESS_MAIN(TestVariants)
#include "tst_variants.moc"
