// Tests for replaying PGN into game trees: illegal and ambiguous moves (the
// game kept up to the last legal move), null moves, variations, comments and
// NAGs, FEN start positions, Chess960 castling, unsupported variants, options.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "game/builder.h"
#include "pgntestutil.h"

#include <QtTest>

using namespace pgntest;
using game::NoNode;
using game::NoText;

class TestGameBuilder : public QObject {
    Q_OBJECT

private slots:
    void simpleGame()
    {
        auto games = readGames(readFile(dataPath("game.pgn")));
        QCOMPARE(games.size(), size_t(1));
        const game::Game &g = games[0];
        QCOMPARE(QString::fromStdString(mainline(g)), QString("e4 e5 Nf3 Nc6 Bb5 a6"));
        QCOMPARE(g.mainlinePlies(), 6);
        QCOMPARE(g.result, std::string("1-0"));
        QCOMPARE(g.tag("White"), std::string_view("Alpha"));
        QCOMPARE(g.number, uint64_t(1));
        QCOMPARE(g.fileOffset, uint64_t(0));
        QCOMPARE(g.firstLine, 1);
        QVERIFY(!g.chess960 && !g.unsupported);
        QVERIFY(g.errors.empty());
        QCOMPARE(g.nodes[0].ply, uint16_t(0));
        QCOMPARE(g.nodes[0].position.fen(), std::string(chess::Position::StartFen));
        for (game::NodeId n = 1; n < g.nodes.size(); ++n) {
            QCOMPARE(g.nodes[n].ply, uint16_t(n));
            QCOMPARE(g.nodes[n].parent, n - 1);
            QCOMPARE(g.nodes[n].variationDepth, uint16_t(0));
            QCOMPARE(g.nodes[n].position.fen(), g.nodes[n - 1].position.after(g.nodes[n].move).fen());
        }
        QCOMPARE(g.nodes.back().position.fen(),
                 std::string("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"));
    }

    void illegalMoveKeepsGameUpToIt_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("moves");
        QTest::addColumn<QString>("error");
        QTest::newRow("illegal") << "1. e4 e5 2. Ke3 Nc6 3. Nf3 *"
                                 << "e4 e5"
                                 << "1:13 illegal move Ke3 at ply 3";
        QTest::newRow("ambiguous") << "1. d4 d5 2. Nf3 Nf6 3. Nd2 e6 *"
                                   << "d4 d5 Nf3 Nf6"
                                   << "1:24 ambiguous move Nd2 at ply 5";
        QTest::newRow("no piece") << "1. e4 e5\n2. Qxe1 *"
                                  << "e4 e5"
                                  << "2:4 illegal move Qxe1 at ply 3";
        QTest::newRow("bad syntax") << "1. e4 Nf9 *"
                                    << "e4"
                                    << "1:7 bad move Nf9 at ply 2";
        QTest::newRow("pawn to last rank") << "1. e4 e5 2. e8 *"
                                           << "e4 e5"
                                           << "1:13 illegal move e8 at ply 3";
        QTest::newRow("wrong side") << "1. e4 2. d4 *"
                                    << "e4"
                                    << "1:10 illegal move d4 at ply 2";
        QTest::newRow("into check") << "1. e4 f5 2. Qh5+ f4 *"
                                    << "e4 f5 Qh5+"
                                    << "1:18 illegal move f4 at ply 4";
    }
    void illegalMoveKeepsGameUpToIt()
    {
        QFETCH(QString, text);
        QFETCH(QString, moves);
        QFETCH(QString, error);
        // The next game is read normally.
        auto games = readGames(text.toStdString() + "\n\n[Event \"Next\"]\n\n1. c4 c5 1-0\n");
        QCOMPARE(games.size(), size_t(2));
        QCOMPARE(QString::fromStdString(mainline(games[0])), moves);
        QCOMPARE(QString::fromStdString(errorsOf(games[0])), error + "\n");
        QCOMPARE(games[0].result, std::string("*"));
        QCOMPARE(QString::fromStdString(mainline(games[1])), QString("c4 c5"));
        QVERIFY(games[1].errors.empty());
        QCOMPARE(games[1].number, uint64_t(2));
    }

    void illegalMoveInVariation()
    {
        game::Game g = readOne("1. e4 (1. d4 Ke5 d5 (1... Nf6)) e5 2. Nf3 *");
        QCOMPARE(QString::fromStdString(mainline(g)), QString("e4 e5 Nf3"));
        QCOMPARE(QString::fromStdString(errorsOf(g)), QString("1:14 illegal move Ke5 at ply 2 (in a variation)\n"));
        // The variation keeps its legal part; what follows in it is skipped.
        game::NodeId d4 = g.nodes[g.nodes[0].firstChild].nextSibling;
        QVERIFY(d4 != NoNode);
        QCOMPARE(g.nodes[d4].firstChild, NoNode);
        QCOMPARE(g.nodes.size(), size_t(5));
    }

    void nullMoves()
    {
        game::Game g = readOne("1. e4 -- 2. d4 Z0 3. c4 *");
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        QCOMPARE(g.mainlinePlies(), 5);
        QVERIFY(g.nodes[2].move.isNull());
        QVERIFY(g.nodes[4].move.isNull());
        QCOMPARE(g.nodes[2].position.sideToMove(), chess::White);
        QCOMPARE(g.nodes[5].position.fen(), std::string("rnbqkbnr/pppppppp/8/8/2PPP3/8/PP3PPP/RNBQKBNR b KQkq - 0 3"));
    }

    void variationsTree()
    {
        game::Game g = readOne("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) e5 2. Nf3 *");
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        QCOMPARE(QString::fromStdString(mainline(g)), QString("e4 e5 Nf3"));
        auto san = [&](game::NodeId n) { return g.nodes[g.nodes[n].parent].position.san(g.nodes[n].move); };
        const game::NodeId e4 = g.nodes[0].firstChild;
        const game::NodeId d4 = g.nodes[e4].nextSibling;
        const game::NodeId c4 = g.nodes[d4].nextSibling;
        QCOMPARE(san(e4), std::string("e4"));
        QCOMPARE(san(d4), std::string("d4"));
        QCOMPARE(san(c4), std::string("c4"));
        QCOMPARE(g.nodes[c4].nextSibling, NoNode);
        QCOMPARE(g.nodes[d4].variationDepth, uint16_t(1));
        QCOMPARE(g.nodes[c4].variationDepth, uint16_t(1));
        const game::NodeId d5 = g.nodes[d4].firstChild;
        const game::NodeId nf6 = g.nodes[d5].nextSibling;
        QCOMPARE(san(d5), std::string("d5"));
        QCOMPARE(san(nf6), std::string("Nf6"));
        QCOMPARE(g.nodes[d5].variationDepth, uint16_t(1));
        QCOMPARE(g.nodes[nf6].variationDepth, uint16_t(2));
        QCOMPARE(g.nodes[nf6].parent, d4);
        QCOMPARE(g.nodes[nf6].ply, uint16_t(2));
        QCOMPARE(san(g.nodes[nf6].firstChild), std::string("c4"));
        QCOMPARE(g.nodes[g.nodes[nf6].firstChild].ply, uint16_t(3));
        QCOMPARE(san(g.nodes[d5].firstChild), std::string("c4"));
        QCOMPARE(g.nodes[g.nodes[d5].firstChild].variationDepth, uint16_t(1));
        QCOMPARE(g.nodes.size(), size_t(10));
    }

    // The mainline's end is found from the back of the node list: variations after
    // the last mainline move, and games without moves, must not fool it.
    void mainlineEnd_data()
    {
        QTest::addColumn<QString>("pgn");
        QTest::addColumn<int>("plies");
        QTest::newRow("no moves") << "*" << 0;
        QTest::newRow("plain") << "1. e4 e5 2. Nf3 *" << 3;
        QTest::newRow("variation at the end") << "1. e4 e5 2. Nf3 (2. d4 exd4 (2... d6 3. dxe5) 3. c3) *" << 3;
        QTest::newRow("variation of the first move") << "1. e4 (1. d4 d5 2. c4 e6 3. Nc3) *" << 1;
        QTest::newRow("nested in the middle") << "1. e4 (1. d4 (1. c4 c5)) e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *" << 4;
    }
    void mainlineEnd()
    {
        QFETCH(QString, pgn);
        QFETCH(int, plies);
        game::Game g = readOne(pgn.toStdString());
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        game::NodeId walked = g.nodes.empty() ? NoNode : 0;
        while (walked != NoNode && g.nodes[walked].firstChild != NoNode)
            walked = g.nodes[walked].firstChild;
        QCOMPARE(g.mainlineEnd(), walked);
        QCOMPARE(g.mainlinePlies(), plies);
    }

    void skipVariations()
    {
        game::BuildOptions o;
        o.variations = false;
        game::Game g = readOne("1. e4 (1. d4 Kxe8 (1... Nf6)) e5 {c} 2. Nf3 $1 *", o);
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str()); // the bad move is never decoded
        QCOMPARE(g.nodes.size(), size_t(4));
        QCOMPARE(QString::fromStdString(mainline(g)), QString("e4 e5 Nf3"));
        QCOMPARE(g.text(g.nodes[2].comment), std::string_view("c"));
        QCOMPARE(g.nodes[3].nagCount, uint16_t(1));
    }

    void headerOnly()
    {
        game::BuildOptions o;
        o.movetext = false;
        auto games = readGames(readFile(dataPath("kasparov-deep-blue-1997.pgn")), o);
        QCOMPARE(games.size(), size_t(6));
        for (const auto &g : games) {
            QCOMPARE(g.nodes.size(), size_t(1));
            QVERIFY(g.result == "1-0" || g.result == "0-1" || g.result == "1/2-1/2");
            QVERIFY(g.tag("Event").find("IBM") != std::string_view::npos);
        }
    }

    void commentsAndNags()
    {
        game::Game g = readOne("{start} 1. e4! {good} {really} $14 e5 (1... c5 $2 {Sicilian}) ({pre} 1... e6 {French}) "
                               "2. Nf3 ?! *");
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        QCOMPARE(g.text(g.nodes[0].preComment), std::string_view("start"));
        const game::NodeId e4 = g.nodes[0].firstChild;
        QCOMPARE(g.text(g.nodes[e4].comment), std::string_view("good really"));
        QCOMPARE(g.nodes[e4].nagCount, uint16_t(2));
        QCOMPARE(int(g.nags[g.nodes[e4].nagBegin]), 1);
        QCOMPARE(int(g.nags[g.nodes[e4].nagBegin + 1]), 14);
        const game::NodeId e5 = g.nodes[e4].firstChild;
        const game::NodeId c5 = g.nodes[e5].nextSibling;
        const game::NodeId e6 = g.nodes[c5].nextSibling;
        QCOMPARE(g.text(g.nodes[c5].comment), std::string_view("Sicilian"));
        QCOMPARE(g.nodes[c5].nagCount, uint16_t(1));
        QCOMPARE(int(g.nags[g.nodes[c5].nagBegin]), 2);
        QCOMPARE(g.text(g.nodes[e6].preComment), std::string_view("pre"));
        QCOMPARE(g.text(g.nodes[e6].comment), std::string_view("French"));
        QCOMPARE(g.nodes[e5].preComment, NoText);
        const game::NodeId nf3 = g.nodes[e5].firstChild;
        QCOMPARE(g.nodes[nf3].nagCount, uint16_t(1));
        QCOMPARE(int(g.nags[g.nodes[nf3].nagBegin]), 6);
    }

    void nagAfterVariationStaysContiguous()
    {
        game::Game g = readOne("1. e4 $1 (1. d4 $2 $3) $4 e5 *");
        const game::NodeId e4 = g.nodes[0].firstChild;
        QCOMPARE(g.nodes[e4].nagCount, uint16_t(2));
        QCOMPARE(int(g.nags[g.nodes[e4].nagBegin]), 1);
        QCOMPARE(int(g.nags[g.nodes[e4].nagBegin + 1]), 4);
    }

    void fenStart()
    {
        const std::string fen = "rnbq1rk1/pp3ppp/4pb2/2pp4/P4P2/1PP1PN2/3P2PP/RN1QKB1R b KQ - 0 8";
        game::Game g = readOne("[Event \"F\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n8... Nc6 9. Be2 c4 *");
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        QCOMPARE(g.nodes[0].position.fen(), fen);
        QCOMPARE(g.nodes[0].ply, uint16_t(0));
        QCOMPARE(g.mainlinePlies(), 3);
        QCOMPARE(g.nodes[1].ply, uint16_t(1));
        QCOMPARE(g.nodes[3].position.fullmoveNumber(), 10);
        // An illegal move is numbered from the start position.
        game::Game h = readOne("[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n8... Nc6 9. Ke3 *");
        QCOMPARE(QString::fromStdString(errorsOf(h)), QString("4:13 illegal move Ke3 at ply 2\n"));
    }

    void badFen()
    {
        auto games = readGames("[SetUp \"1\"]\n[FEN \"not a fen\"]\n\n1. e4 *\n\n1. d4 *");
        QCOMPARE(games.size(), size_t(2));
        QVERIFY(games[0].unsupported);
        QCOMPARE(games[0].nodes.size(), size_t(1));
        QVERIFY(QString::fromStdString(errorsOf(games[0])).startsWith("1:1 bad FEN \"not a fen\""));
        QCOMPARE(QString::fromStdString(mainline(games[1])), QString("d4"));
    }

    // A FEN tag with rights no king and rook stand for: they are dropped with a
    // warning at the game's start, and the game is read and searchable as usual.
    void correctedFen()
    {
        auto games = readGames("[Event \"C\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w KQ - 0 1\"]\n\n"
                               "1. e4 Kd7 2. e5 *\n\n[Event \"Next\"]\n\n1. d4 *");
        QCOMPARE(games.size(), size_t(2));
        const game::Game &g = games[0];
        QVERIFY(!g.unsupported);
        QCOMPARE(QString::fromStdString(errorsOf(g)),
                 QString("1:1 FEN: castling right K dropped: no white rook on the king's side of the king on e1\n"
                         "1:1 FEN: castling right Q dropped: no white rook on the queen's side of the king on e1\n"));
        QCOMPARE(g.nodes[0].position.fen(), std::string("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
        QCOMPARE(QString::fromStdString(mainline(g)), QString("e4 Kd7 e5"));
        QVERIFY(games[1].errors.empty());
    }

    // A position no game reaches is an error at the game's start; the game is
    // skipped and the next one read.
    void impossibleFen()
    {
        const std::string fen = "R3k2R/8/8/8/8/8/8/4K3 b - - 0 1";
        auto games =
            readGames("[Event \"A\"]\n[SetUp \"1\"]\n[FEN \"" + fen
                      + "\"]\n\n1... Kd7 *\n\n"
                        "  [Event \"B\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w - c6 0 1\"]\n\n1. Kd2 *");
        QCOMPARE(games.size(), size_t(2));
        QVERIFY(games[0].unsupported);
        QCOMPARE(games[0].nodes.size(), size_t(1));
        QCOMPARE(QString::fromStdString(errorsOf(games[0])),
                 QString::fromStdString("1:1 bad FEN \"" + fen
                                        + "\": FEN: impossible double check of the black king "
                                          "on e8 by the rook on a8 and the rook on h8 from both sides: the piece that "
                                          "moved cannot have crossed the king's line; game skipped\n"));
        // The second game's warning points at its own start (line 7, column 3).
        QVERIFY(!games[1].unsupported);
        QCOMPARE(QString::fromStdString(errorsOf(games[1])),
                 QString("7:3 FEN: en passant square c6 dropped: no black pawn on c5 can have just played c7-c5\n"));
        QCOMPARE(QString::fromStdString(mainline(games[1])), QString("Kd2"));
    }

    void variants_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<bool>("chess960");
        QTest::addColumn<bool>("supported");
        QTest::newRow("standard") << "Standard" << false << true;
        QTest::newRow("From Position") << "From Position" << false << true;
        QTest::newRow("chess960") << "chess960" << true << true;
        QTest::newRow("Chess960") << "Chess960" << true << true;
        QTest::newRow("fischerandom") << "fischerandom" << true << true;
        QTest::newRow("chess 960") << "chess 960" << true << true;
        QTest::newRow("Fischer Random") << "Fischer Random" << true << true;
        // The variants lichess plays are read under their rules (1. e4 e5 2. Nf3 is legal in each).
        QTest::newRow("antichess") << "Antichess" << false << true;
        QTest::newRow("crazyhouse") << "Crazyhouse" << false << true;
        QTest::newRow("three-check") << "3-check" << false << true;
        QTest::newRow("king of the hill") << "King of the Hill" << false << true;
        QTest::newRow("atomic") << "Atomic" << false << false;
    }
    void variants()
    {
        QFETCH(QString, variant);
        QFETCH(bool, chess960);
        QFETCH(bool, supported);
        auto games = readGames("[Variant \"" + variant.toStdString() + "\"]\n\n1. e4 e5 2. Nf3 *\n\n1. d4 *\n");
        QCOMPARE(games.size(), size_t(2)); // an unsupported game still counts
        const game::Game &g = games[0];
        QCOMPARE(g.chess960, chess960);
        QCOMPARE(g.unsupported, !supported);
        if (supported) {
            QCOMPARE(g.mainlinePlies(), 3);
            QVERIFY(g.errors.empty());
            QCOMPARE(g.nodes[0].position.chess960(), chess960);
        } else {
            QCOMPARE(g.nodes.size(), size_t(1));
            QCOMPARE(QString::fromStdString(errorsOf(g)), "1:1 variant " + variant + " not supported; game skipped\n");
        }
        QCOMPARE(games[1].number, uint64_t(2));
        QCOMPARE(games[1].mainlinePlies(), 1);
    }

    void chess960Castling_data()
    {
        QTest::addColumn<QString>("fen");
        QTest::addColumn<QString>("moves");
        QTest::addColumn<QString>("after");
        // X-FEN (KQkq = outermost rooks) and Shredder-FEN (rook files) for the same position.
        const char *moves = "1. O-O O-O-O 2. Kh1 *";
        QTest::newRow("X-FEN") << "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1" << moves
                               << "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4R1K b - - 3 2";
        QTest::newRow("Shredder") << "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1" << moves
                                  << "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4R1K b - - 3 2";
    }
    void chess960Castling()
    {
        QFETCH(QString, fen);
        QFETCH(QString, moves);
        QFETCH(QString, after);
        game::Game g = readOne("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"" + fen.toStdString() + "\"]\n\n"
                               + moves.toStdString());
        QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
        QVERIFY(g.chess960);
        QCOMPARE(g.mainlinePlies(), 3);
        QVERIFY(g.nodes[1].move.isCastling());
        QVERIFY(g.nodes[2].move.isCastling());
        QCOMPARE(QString::fromStdString(g.nodes.back().position.fen()).section(' ', 0, 0), after.section(' ', 0, 0));
        // A Shredder FEN without a Variant tag still reads as Chess960.
        if (fen.contains("HAha")) {
            game::Game h = readOne("[SetUp \"1\"]\n[FEN \"" + fen.toStdString() + "\"]\n\n" + moves.toStdString());
            QVERIFY2(h.errors.empty(), errorsOf(h).c_str());
            QVERIFY(h.chess960);
        }
    }

    void fischerRandomFile()
    {
        auto games = readGames(readFile(dataPath("cutechess-fischerrandom.pgn")));
        QVERIFY(games.size() >= 1);
        for (const auto &g : games) {
            QVERIFY2(g.errors.empty(), errorsOf(g).c_str());
            QVERIFY(g.chess960);
            QVERIFY(g.mainlinePlies() > 10);
        }
    }

    void results_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("result");
        QTest::newRow("token") << "[Result \"1-0\"]\n1. e4 0-1"
                               << "0-1";
        QTest::newRow("tag only") << "[Result \"1/2-1/2\"]\n1. e4"
                                  << "1/2-1/2";
        QTest::newRow("none") << "[Event \"x\"]\n1. e4"
                              << "*";
        QTest::newRow("bad tag") << "[Result \"2-0\"]\n1. e4"
                                 << "*";
    }
    void results()
    {
        QFETCH(QString, text);
        QFETCH(QString, result);
        QCOMPARE(QString::fromStdString(readOne(text.toStdString()).result), result);
    }

    void gameReusedWithoutStaleData()
    {
        pgn::Reader r;
        r.resetText("[Event \"A\"]\n[White \"X\"]\n\n{c} 1. e4 $1 {d} (1. d4) e5 1-0\n\n[Event \"B\"]\n\n1. c4 *\n");
        game::Game g;
        game::GameBuilder b(g);
        QVERIFY(r.readGame(b));
        QCOMPARE(g.texts.size(), size_t(2));
        QVERIFY(r.readGame(b));
        QCOMPARE(g.number, uint64_t(2));
        QCOMPARE(g.tags.size(), size_t(1));
        QCOMPARE(g.tag("White"), std::string_view());
        QCOMPARE(g.tag("Event"), std::string_view("B"));
        QVERIFY(g.texts.empty());
        QVERIFY(g.nags.empty());
        QCOMPARE(g.nodes.size(), size_t(2));
        QCOMPARE(g.nodes[0].preComment, NoText);
        QCOMPARE(g.result, std::string("*"));
        QCOMPARE(g.firstLine, 6);
        QVERIFY(!r.readGame(b));
    }

    void gameParserOnSlices()
    {
        const std::string text = readFile(dataPath("kasparov-deep-blue-1997.pgn"));
        pgn::Reader r;
        r.resetText(text);
        game::Game whole, part;
        game::GameBuilder b(whole);
        game::GameParser parser;
        int n = 0;
        while (r.readGame(b)) {
            ++n;
            const uint64_t start = whole.fileOffset;
            QVERIFY(parser.parse(std::string_view(text).substr(start, r.lastGameEnd() - start), whole.number,
                                 pgn::Location{whole.firstLine, whole.firstColumn, start}, part));
            QCOMPARE(part.number, whole.number);
            QCOMPARE(part.firstLine, whole.firstLine);
            QCOMPARE(part.fileOffset, whole.fileOffset);
            QCOMPARE(mainline(part), mainline(whole));
            QCOMPARE(part.tags, whole.tags);
            QCOMPARE(part.texts, whole.texts);
            QCOMPARE(part.result, whole.result);
        }
        QCOMPARE(n, 6);
        QVERIFY(!parser.parse("  \n  ", 7, pgn::Location{1, 1, 0}, part));
    }

    void gameStream_data()
    {
        QTest::addColumn<bool>("prefetch");
        QTest::newRow("one thread") << false;
        QTest::newRow("prefetch") << true;
    }
    void gameStream()
    {
        QFETCH(bool, prefetch);
        game::GameStream s;
        std::string error;
        QVERIFY(!s.open(dataPath("missing.pgn"), &error));
        QVERIFY(QString::fromStdString(error).startsWith("cannot open "));
        QVERIFY2(s.open(dataPath("kasparov-deep-blue-1997.pgn.zst"), &error, prefetch), error.c_str());
        game::Game g;
        int n = 0, plies = 0;
        while (s.next(g)) {
            ++n;
            plies += g.mainlinePlies();
            QCOMPARE(g.number, uint64_t(n));
            QVERIFY(g.errors.empty());
        }
        QCOMPARE(n, 6);
        QVERIFY(plies > 300);
        QVERIFY(s.error().empty());
        QCOMPARE(s.inputPosition(), s.inputSize());
        // Reopening (here a corrupt file) works and reports the error.
        QVERIFY(s.open(dataPath("corrupt.pgn.zst"), &error, prefetch));
        while (s.next(g)) {}
        QVERIFY2(QString::fromStdString(s.error()).contains("corrupt zstd data"), s.error().c_str());
    }
};

QTEST_GUILESS_MAIN(TestGameBuilder)
#include "tst_gamebuilder.moc"
