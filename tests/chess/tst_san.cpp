// Tests for SAN/UCI move text: round trips over all legal moves, the tolerant forms
// found in real files, error kinds, canonical output and Chess960 castling.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chess/position.h"

#include <QtTest>

#include <random>
#include <set>

using namespace chess;

namespace chess {
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

QString sanOf(const Position &pos, Move m) { return QString::fromStdString(pos.san(m)); }

const char *const CastlingFen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
const char *const EpFen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
const char *const PromotionFen = "1n4bk/P6p/8/8/8/8/8/K7 w - - 0 1";
const char *const KnightsFen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
const char *const PinnedKnightFen = "4k3/8/8/b7/8/N7/3N4/4K3 w - - 0 1";
// Chess960: white king b1 with rooks a1/h1, black king g8 with rooks b8/h8.
const char *const C960Fen = "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w AHbh - 0 1";

} // namespace

class TestSan : public QObject {
    Q_OBJECT

private slots:
    void roundTrip_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<bool>("chess960");
        QTest::newRow("start") << QString(Position::StartFen) << false;
        QTest::newRow("kiwipete") << "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" << false;
        QTest::newRow("position3") << "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" << false;
        QTest::newRow("position4") << "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1" << false;
        QTest::newRow("position5") << "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8" << false;
        QTest::newRow("ep") << QString(EpFen) << false;
        QTest::newRow("promotions") << QString(PromotionFen) << false;
        QTest::newRow("many queens") << "7k/8/8/1Q1Q1Q2/8/1Q1Q1Q2/8/3K4 w - - 0 1" << false;
        QTest::newRow("rooks and knights") << "4k3/8/2N1N3/8/R3R3/2N1N3/8/R3K3 w Q - 0 1" << false;
        QTest::newRow("960 a") << QString(C960Fen) << true;
        QTest::newRow("960 b") << "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9" << true;
        QTest::newRow("960 c") << "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9" << true;
        QTest::newRow("960 king on g") << "rk4rq/8/8/8/8/8/8/RK4RQ w GAga - 0 1" << true;
    }
    void roundTrip()
    {
        QFETCH(QString, fen);
        QFETCH(bool, chess960);
        const Position root = load(fen, chess960);
        MoveList rootMoves;
        root.generateLegal(rootMoves);
        QVERIFY(rootMoves.size > 0);
        int checked = 0;
        for (Move first : rootMoves) {
            for (const Position &pos : {root, root.after(first)}) {
                MoveList moves;
                pos.generateLegal(moves);
                std::set<std::string> seen;
                for (Move m : moves) {
                    const std::string san = pos.san(m);
                    QVERIFY2(seen.insert(san).second, ("duplicate SAN " + san + " in " + pos.fen()).c_str());
                    std::string error;
                    const Move parsed = pos.parseSan(san, &error);
                    QVERIFY2(parsed == m, (san + " in " + pos.fen() + ": " + error).c_str());
                    QCOMPARE(pos.parseUci(pos.uci(m)), m);
                    QVERIFY2(pos.parseSan(pos.uci(m)) == m, (pos.uci(m) + " in " + pos.fen()).c_str());
                    ++checked;
                }
            }
        }
        QVERIFY(checked > rootMoves.size);
    }

    // The reader decodes the commonest forms on a short path of its own; a leading
    // space sends the same text through the general grammar, which must agree.
    void commonFormsAgreeWithGrammar_data() { roundTrip_data(); }
    void commonFormsAgreeWithGrammar()
    {
        QFETCH(QString, fen);
        QFETCH(bool, chess960);
        const Position root = load(fen, chess960);
        MoveList rootMoves;
        root.generateLegal(rootMoves);
        const std::vector<std::string> pieces = {"", "N", "B", "R", "Q", "K", "P", "n", "b"};
        std::vector<std::string> middles = {"", "x"};
        for (char f = 'a'; f <= 'h'; ++f) {
            middles.push_back(std::string(1, f));
            middles.push_back(std::string(1, f) + "x");
        }
        middles.push_back("1");
        int legal = 0;
        for (const Position &pos : {root, root.after(rootMoves.moves[0])}) {
            for (const std::string &piece : pieces)
                for (const std::string &middle : middles)
                    for (int sq = 0; sq < 64; ++sq)
                        for (const char *suffix : {"", "+", "#"}) {
                            const std::string text = piece + middle + char('a' + sq % 8) + char('1' + sq / 8) + suffix;
                            std::string error1, error2;
                            const Move fast = pos.parseSan(text, &error1);
                            const Move general = pos.parseSan(" " + text, &error2);
                            QVERIFY2(fast == general && error1 == error2, (text + " in " + pos.fen()).c_str());
                            legal += !fast.isNone();
                        }
        }
        QVERIFY(legal > 0);
    }

    // Replay reads and plays the usual forms in one step (playCommonSan); whatever
    // it accepts must be what parseSan reads, and the position after it the same as
    // after play(). What it declines must leave the position untouched.
    void playedFormsAgreeWithGrammar_data()
    {
        roundTrip_data();
        QTest::newRow("pinned knight") << QString(PinnedKnightFen) << false;
        QTest::newRow("knights") << QString(KnightsFen) << false;
        QTest::newRow("in check") << "4k3/8/8/8/1b6/8/3P4/R3K2R w KQ - 0 1" << false;
        // The rook on a2, not a1: checks by a1 and h1 from both sides of the king cannot arise (FEN rejects them).
        QTest::newRow("pins and discoveries") << "3rk3/8/1b6/8/3N4/2R5/r2P2B1/3K3q w - - 0 1" << false;
        QTest::newRow("ep pinned") << "8/8/8/K2pP2r/8/8/8/7k w - d6 0 2" << false;
    }
    void playedFormsAgreeWithGrammar()
    {
        QFETCH(QString, fen);
        QFETCH(bool, chess960);
        const Position root = load(fen, chess960);
        MoveList rootMoves;
        root.generateLegal(rootMoves);
        std::vector<Position> positions = {root};
        for (Move m : rootMoves)
            positions.push_back(root.after(m));
        const std::vector<std::string> pieces = {"", "N", "B", "R", "Q", "K", "P", "n"};
        std::vector<std::string> middles = {"", "x", "1"};
        for (char f = 'a'; f <= 'h'; ++f) {
            middles.push_back(std::string(1, f));
            middles.push_back(std::string(1, f) + "x");
        }
        int played = 0, declinedLegal = 0;
        for (const Position &pos : positions) {
            for (const std::string &piece : pieces)
                for (const std::string &middle : middles)
                    for (int sq = 0; sq < 64; ++sq)
                        for (const char *suffix : {"", "+"}) {
                            const std::string text = piece + middle + char('a' + sq % 8) + char('1' + sq / 8) + suffix;
                            const Move general = pos.parseSan(text);
                            Position keyed = pos, unkeyed = pos;
                            const Move fast = keyed.playCommonSan(text);
                            QCOMPARE(unkeyed.playCommonSanUnkeyed(text), fast);
                            const std::string where = text + " in " + pos.fen();
                            if (fast.isNone()) {
                                QVERIFY2(keyed.fen() == pos.fen() && keyed.key() == pos.key()
                                             && unkeyed.fen() == pos.fen(),
                                         where.c_str());
                                declinedLegal += !general.isNone();
                                continue;
                            }
                            QVERIFY2(fast == general, where.c_str());
                            const Position expected = pos.after(general);
                            QVERIFY2(keyed.fen() == expected.fen() && unkeyed.fen() == expected.fen(), where.c_str());
                            QVERIFY2(keyed.key() == expected.key()
                                         && keyed.key() == load(QString::fromStdString(expected.fen()), chess960).key(),
                                     where.c_str());
                            QVERIFY2(keyed.checkers() == expected.checkers()
                                         && unkeyed.checkers() == expected.checkers(),
                                     where.c_str());
                            QVERIFY2(keyed.epSquare() == expected.epSquare()
                                         && unkeyed.epSquare() == expected.epSquare(),
                                     where.c_str());
                            ++played;
                        }
        }
        // Both ways are taken: the one-step path and the general reader's.
        QVERIFY(played > 0);
        QVERIFY(declinedLegal > 0);
    }

    void tolerant_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<bool>("chess960");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected"); // canonical SAN of the move found

        const QString start = Position::StartFen;
        for (const char *s : {"Nf3", "Ngf3", "Ng1f3", "Ng1-f3", "g1f3", "Nf3!", "Nf3?", "Nf3!!", "Nf3??", "Nf3!?",
                              "Nf3?!", "Nf3+", "Nf3#", "nf3", " Nf3 ", "N1f3"})
            QTest::addRow("start %s", s) << start << false << s << "Nf3";
        for (const char *s : {"e4", "e2e4", "e2-e4", "Pe4", "e4!!", "Pe2e4", "e4+"})
            QTest::addRow("start %s", s) << start << false << s << "e4";

        for (const char *s : {"O-O", "0-0", "O-O+", "0-0#", "OO", "o-o", "e1g1", "e1h1", "Kg1", "Kxh1", "O-O!"})
            QTest::addRow("castle short %s", s) << QString(CastlingFen) << false << s << "O-O";
        for (const char *s : {"O-O-O", "0-0-0", "O-O-O+", "0-0-0#", "e1c1", "e1a1", "Kc1", "Kxa1", "OOO"})
            QTest::addRow("castle long %s", s) << QString(CastlingFen) << false << s << "O-O-O";

        for (const char *s :
             {"axb8=Q", "axb8Q", "axb8(Q)", "axb8=q", "a7b8q", "axb8/Q", "ab8=Q", "axb8", "axb8=Q+", "a7xb8=Q"})
            QTest::addRow("promotion %s", s) << QString(PromotionFen) << false << s << "axb8=Q";
        for (const char *s : {"a8=N", "a8N", "a8n", "a7a8n", "a8(N)"})
            QTest::addRow("underpromotion %s", s) << QString(PromotionFen) << false << s << "a8=N";

        for (const char *s : {"exf6", "exf6 e.p.", "exf6e.p.", "exf6ep", "ef6", "e5f6", "e5xf6", "exf6+"})
            QTest::addRow("en passant %s", s) << QString(EpFen) << false << s << "exf6";
        const QString exd5 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2";
        for (const char *s : {"exd5", "ed5", "e4d5", "e4xd5", "exd5!?", "e:d5"})
            QTest::addRow("pawn capture %s", s) << exd5 << false << s << "exd5";

        for (const char *s : {"Nbd2", "Nb1d2", "N1d2", "b1d2"})
            QTest::addRow("knights %s", s) << QString(KnightsFen) << false << s << "Nbd2";
        // The pinned knight on d2 does not count as a rival.
        for (const char *s : {"Nc4", "Nac4", "Na3c4", "N3c4"})
            QTest::addRow("pinned rival %s", s) << QString(PinnedKnightFen) << false << s << "Nc4";

        for (const char *s : {"O-O", "0-0", "Kxh1", "b1h1", "Kh1"})
            QTest::addRow("960 short %s", s) << QString(C960Fen) << true << s << "O-O";
        for (const char *s : {"O-O-O", "0-0-0", "Kxa1", "b1a1", "Ka1"})
            QTest::addRow("960 long %s", s) << QString(C960Fen) << true << s << "O-O-O";
    }
    void tolerant()
    {
        QFETCH(QString, fen);
        QFETCH(bool, chess960);
        QFETCH(QString, input);
        QFETCH(QString, expected);
        const Position pos = load(fen, chess960);
        std::string error;
        const Move m = pos.parseSan(input.toStdString(), &error);
        QVERIFY2(!m.isNone(), error.c_str());
        QVERIFY(pos.isLegal(m));
        QCOMPARE(sanOf(pos, m), expected);
    }

    void nullMoves_data()
    {
        QTest::addColumn<QString>("input");
        QTest::newRow("--") << "--";
        QTest::newRow("Z0") << "Z0";
        QTest::newRow("0000") << "0000";
        QTest::newRow("-- +") << "--+";
    }
    void nullMoves()
    {
        QFETCH(QString, input);
        const Position pos;
        const Move m = pos.parseSan(input.toStdString());
        QVERIFY(m.isNull());
        QCOMPARE(sanOf(pos, m), QString("--"));
        const Position passed = pos.after(m);
        QCOMPARE(passed.sideToMove(), Black);
        QCOMPARE(QString::fromStdString(passed.fen()),
                 QString("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1"));
    }

    void errors_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("error");
        const QString start = Position::StartFen;
        QTest::newRow("knight can't reach") << start << "Nf4"
                                            << "illegal move";
        QTest::newRow("pawn too far") << start << "e5"
                                      << "illegal move";
        QTest::newRow("blocked king") << start << "Ke2"
                                      << "illegal move";
        QTest::newRow("no castling") << start << "O-O"
                                     << "illegal move";
        QTest::newRow("capture nothing") << start << "exd3"
                                         << "illegal move";
        QTest::newRow("promotion too early") << start << "e4=Q"
                                             << "illegal move";
        QTest::newRow("wrong disambiguation") << start << "Nhf3"
                                              << "illegal move";
        QTest::newRow("empty square uci") << start << "e4e5"
                                          << "illegal move";
        QTest::newRow("opponent piece uci") << start << "e7e5"
                                            << "illegal move";
        QTest::newRow("own piece") << start << "Nd2"
                                   << "illegal move";
        QTest::newRow("pinned knight") << QString(PinnedKnightFen) << "Nb3"
                                       << "illegal move";
        QTest::newRow("pinned knight named") << QString(PinnedKnightFen) << "Ndc4"
                                             << "illegal move";
        QTest::newRow("into check") << "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"
                                    << "Kd1"
                                    << "illegal move";
        QTest::newRow("castle out of check") << "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1"
                                             << "O-O-O"
                                             << "illegal move";
        QTest::newRow("castle attacked path") << "3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1"
                                              << "O-O-O"
                                              << "illegal move";
        QTest::newRow("ambiguous knights") << QString(KnightsFen) << "Nd2"
                                           << "ambiguous move";
        QTest::newRow("ambiguous rooks file") << "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1"
                                              << "Ra2"
                                              << "ambiguous move";
        QTest::newRow("ambiguous queens") << "3k4/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1"
                                          << "Qb2"
                                          << "ambiguous move";
        QTest::newRow("ambiguous queens rank") << "3k4/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1"
                                               << "Q3b2"
                                               << "ambiguous move";
        QTest::newRow("empty") << start << ""
                               << "bad move syntax";
        QTest::newRow("blank") << start << "  "
                               << "bad move syntax";
        QTest::newRow("only marks") << start << "+!"
                                    << "bad move syntax";
        QTest::newRow("garbage") << start << "xyz"
                                 << "bad move syntax";
        QTest::newRow("off board") << start << "Nz9"
                                   << "bad move syntax";
        QTest::newRow("rank 9") << start << "e9"
                                << "bad move syntax";
        QTest::newRow("no square") << start << "Ke"
                                   << "bad move syntax";
        QTest::newRow("piece only") << start << "Q"
                                    << "bad move syntax";
        QTest::newRow("four O") << start << "O-O-O-O"
                                << "bad move syntax";
        QTest::newRow("dash end") << start << "O-O-"
                                  << "bad move syntax";
        QTest::newRow("promote to king") << QString(PromotionFen) << "a8=K"
                                         << "bad move syntax";
        QTest::newRow("piece promotes") << start << "Nf3=Q"
                                        << "bad move syntax";
        QTest::newRow("trailing junk") << start << "Nf3x"
                                       << "bad move syntax";
        QTest::newRow("long junk") << start << "Ng1f3f3"
                                   << "bad move syntax";
    }
    void errors()
    {
        QFETCH(QString, fen);
        QFETCH(QString, input);
        QFETCH(QString, error);
        const Position pos = load(fen);
        std::string message;
        const Move m = pos.parseSan(input.toStdString(), &message);
        QVERIFY(m.isNone());
        QCOMPARE(QString::fromStdString(message), error);
        QVERIFY(pos.parseSan(input.toStdString()).isNone()); // without an error string too
    }

    void writer_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<bool>("chess960");
        QTest::addColumn<QString>("uci");
        QTest::addColumn<QString>("san");
        const QString start = Position::StartFen;
        QTest::newRow("pawn push") << start << false << "e2e4"
                                   << "e4";
        QTest::newRow("knight") << start << false << "g1f3"
                                << "Nf3";
        QTest::newRow("scholar mate") << "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4" << false
                                      << "h5f7"
                                      << "Qxf7#";
        QTest::newRow("check") << "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1" << false << "a1a8"
                               << "Ra8+";
        QTest::newRow("back rank mate") << "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1" << false << "a1a8"
                                        << "Ra8#";
        QTest::newRow("castle check") << "5k2/8/8/8/8/8/8/4K2R w K - 0 1" << false << "e1g1"
                                      << "O-O+";
        QTest::newRow("castle long") << "r3k3/8/8/8/8/8/8/4K3 b q - 0 1" << false << "e8c8"
                                     << "O-O-O";
        QTest::newRow("promotion check") << "k7/7P/8/8/8/8/8/K7 w - - 0 1" << false << "h7h8q"
                                         << "h8=Q+";
        QTest::newRow("underpromotion") << "k7/7P/8/8/8/8/8/K7 w - - 0 1" << false << "h7h8n"
                                        << "h8=N";
        QTest::newRow("capture promotion") << QString(PromotionFen) << false << "a7b8r"
                                           << "axb8=R";
        QTest::newRow("en passant") << QString(EpFen) << false << "e5f6"
                                    << "exf6";
        QTest::newRow("by file") << QString(KnightsFen) << false << "b1d2"
                                 << "Nbd2";
        QTest::newRow("by file f") << QString(KnightsFen) << false << "f3d2"
                                   << "Nfd2";
        QTest::newRow("by rank") << "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1" << false << "a4a2"
                                 << "R4a2";
        QTest::newRow("by rank 1") << "4k3/8/8/8/R7/8/8/R3K3 w - - 0 1" << false << "a1a2"
                                   << "R1a2";
        QTest::newRow("by square") << "3k4/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1" << false << "a3b2"
                                   << "Qa3b2";
        QTest::newRow("by file of three") << "3k4/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1" << false << "c3b2"
                                          << "Qcb2";
        QTest::newRow("by rank of three") << "3k4/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1" << false << "a1b2"
                                          << "Q1b2";
        QTest::newRow("pinned rival ignored") << QString(PinnedKnightFen) << false << "a3c4"
                                              << "Nc4";
        QTest::newRow("blocked rival ignored") << "4k3/8/8/8/8/8/8/R2NK2R w - - 0 1" << false << "h1f1"
                                               << "Rf1";
        QTest::newRow("king capture") << "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1" << false << "e1d2"
                                      << "Kxd2";
        QTest::newRow("960 short") << QString(C960Fen) << true << "b1h1"
                                   << "O-O";
        QTest::newRow("960 long") << QString(C960Fen) << true << "b1a1"
                                  << "O-O-O";
        QTest::newRow("960 black short") << "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R b AHbh - 0 1" << true << "g8h8"
                                         << "O-O";
        QTest::newRow("960 black long") << "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R b AHbh - 0 1" << true << "g8b8"
                                        << "O-O-O";
    }
    void writer()
    {
        QFETCH(QString, fen);
        QFETCH(bool, chess960);
        QFETCH(QString, uci);
        QFETCH(QString, san);
        const Position pos = load(fen, chess960);
        const Move m = pos.parseUci(uci.toStdString());
        QVERIFY2(!m.isNone(), qPrintable(uci));
        QCOMPARE(sanOf(pos, m), san);
        QCOMPARE(pos.parseSan(san.toStdString()), m);
        QCOMPARE(QString::fromStdString(pos.uci(m)), uci);
    }

    // Castling results on the board, including the Chess960 cases where king or rook stay put.
    void castlingResult_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("san");
        QTest::addColumn<QString>("after");
        QTest::newRow("standard short") << QString(CastlingFen) << "O-O"
                                        << "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1";
        QTest::newRow("standard long") << QString(CastlingFen) << "O-O-O"
                                       << "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1";
        QTest::newRow("960 short from b1") << QString(C960Fen) << "O-O"
                                           << "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1";
        QTest::newRow("960 long from b1") << QString(C960Fen) << "O-O-O"
                                          << "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1";
        QTest::newRow("960 king stays") << "4k3/8/8/8/8/8/8/6KR w H - 0 1"
                                        << "O-O"
                                        << "4k3/8/8/8/8/8/8/5RK1 b - - 1 1";
        QTest::newRow("960 swap") << "4k3/8/8/8/8/8/8/5KR1 w G - 0 1"
                                  << "O-O"
                                  << "4k3/8/8/8/8/8/8/5RK1 b - - 1 1";
        QTest::newRow("960 rook stays") << "4k3/8/8/8/8/8/8/3RK3 w D - 0 1"
                                        << "O-O-O"
                                        << "4k3/8/8/8/8/8/8/2KR4 b - - 1 1";
        QTest::newRow("960 king passes rook") << "4k3/8/8/8/8/8/8/1KR5 w C - 0 1"
                                              << "O-O"
                                              << "4k3/8/8/8/8/8/8/5RK1 b - - 1 1";
    }
    void castlingResult()
    {
        QFETCH(QString, fen);
        QFETCH(QString, san);
        QFETCH(QString, after);
        const Position pos = load(fen, true);
        std::string error;
        const Move m = pos.parseSan(san.toStdString(), &error);
        QVERIFY2(m.isCastling(), error.c_str());
        QCOMPARE(QString::fromStdString(pos.after(m).fen()), after);
        QCOMPARE(sanOf(pos, m), san);
    }

    // In Chess960 the rook may shield the king's destination: a1 queen behind the b1 rook.
    void c960CastlingExposure()
    {
        const Position pos = load("4k3/8/8/8/8/8/8/qR1K4 w B - 0 1", true);
        std::string error;
        QVERIFY(pos.parseSan("O-O-O", &error).isNone());
        QCOMPARE(QString::fromStdString(error), QString("illegal move"));
        MoveList moves;
        pos.generateLegal(moves);
        for (Move m : moves)
            QVERIFY(!m.isCastling());
    }

    // Random text never crashes; it yields a legal move, a null move or one of the three errors.
    void garbageIsHandled()
    {
        const Position positions[] = {Position(), load(CastlingFen), load(EpFen), load(PromotionFen),
                                      load(C960Fen, true)};
        const std::string alphabet = "abcdefgh12345678NBRQKPOo0-x=+#!?() Z:/e.pq";
        std::mt19937 rng(2024);
        int moves = 0;
        for (int i = 0; i < 20000; ++i) {
            std::string text;
            const int length = int(rng() % 9);
            for (int c = 0; c < length; ++c)
                text += alphabet[rng() % alphabet.size()];
            const Position &pos = positions[i % std::size(positions)];
            std::string error;
            const Move m = pos.parseSan(text, &error);
            if (m.isNone()) {
                QVERIFY2(error == "illegal move" || error == "ambiguous move" || error == "bad move syntax",
                         (text + ": " + error).c_str());
            } else {
                QVERIFY2(m.isNull() || pos.isLegal(m), text.c_str());
                ++moves;
            }
            const Move u = pos.parseUci(text);
            QVERIFY(u.isNone() || u.isNull() || pos.isLegal(u));
        }
        QVERIFY(moves > 0);
    }

    void uciCastlingForm()
    {
        const Position standard = load(CastlingFen);
        QCOMPARE(QString::fromStdString(standard.uci(standard.parseSan("O-O"))), QString("e1g1"));
        const Position c960 = load(C960Fen, true);
        QCOMPARE(QString::fromStdString(c960.uci(c960.parseSan("O-O"))), QString("b1h1"));
        QVERIFY(c960.parseUci("b1g1").isCastling());
    }
};

QTEST_GUILESS_MAIN(TestSan)
#include "tst_san.moc"
