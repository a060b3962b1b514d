// The path filter (⊢) on small games: which positions match, the path's
// length and value, focus, nestban, piecepath, repetitions, the comments a
// path writes, and the filters about the previous move.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

// White's rooks check five times in a row: 1.Ra8+ 2.Rb7+ 3.Ra6+ 4.Rb5+ 5.Ra4+.
const char *Ladder = "[FEN \"7k/8/8/8/8/8/1R6/R5K1 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
                     "1. Ra8+ Kg7 2. Rb7+ Kf6 3. Ra6+ Ke5 4. Rb5+ Kd4 5. Ra4+ *\n";

} // namespace

class TestPath : public QObject {
    Q_OBJECT
private slots:
    void lengthAndComments();
    void holdersAndDashSets();
    void repetitionOfTargets();
    void chainsRepeat();
    void focusSkipsOtherMoves();
    void focusedFirstMoveCastlingAndCaptures();
    void nestbanStartsNoPathInsideAnother();
    void piecePathComment();
    void pathReferences();
    void maxAndLastPosition();
    void primaryAndVariations();
    void promotionDash();
    void dashWithTarget();
    void previousMoveFilters();
    void parsing();
};

void TestPath::lengthAndComments()
{
    game::Game g = pgnGame(Ladder);
    cql::GameResult r = runQuery("cql()\ninitial ⊢ ―― check ―― ―― check", g);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(int(r.matches.size()), 1);
    QCOMPARE(commentList(r),
             QStringLiteral("End path of length 3 that starts at move 1(wtm)@3 | "
                            "Start path that ends at move 2(btm)@0"));
    // The longest path wins; the path keyword and ⊢ are the same filter.
    r = runQuery("cql()\ninitial x = {path ――+} x == 9", g);
    QCOMPARE(int(r.matches.size()), 1);
    QVERIFY(!runQuery("cql()\ninitial x = {path ――+} x == 8", g).matched);
    // A path has at least one move; quiet drops its comments only.
    QVERIFY(!runQuery("cql()\n⊢ check", g).matched);
    r = runQuery("cql()\ninitial ⊢ quiet ―― check", g);
    QCOMPARE(commentList(r), QString());
}

void TestPath::holdersAndDashSets()
{
    game::Game g = pgnGame(Ladder);
    // A filter before the first dash is tested where the path starts; the
    // dash's sets are its from and to squares.
    QCOMPARE(int(runQuery("cql()\n⊢ ♖a1 ♖a1――a8 ♚――g7", g).matches.size()), 1);
    QCOMPARE(int(runQuery("cql()\n⊢ ♖――h8", g).matches.size()), 0);
    // × demands a capture.
    QCOMPARE(int(runQuery("cql()\n⊢ ♖×▲", g).matches.size()), 0);
    QCOMPARE(int(runQuery("cql()\n⊢ ♖―― check", g).matches.size()), 5);
}

void TestPath::repetitionOfTargets()
{
    game::Game g = pgnGame(Ladder);
    // The repetition applies to the dash with its target: every other
    // position is a check, so there is no run of two.
    QVERIFY(!runQuery("cql()\n⊢ ―― check{2,}", g).matched);
    cql::GameResult r = runQuery("cql()\ninitial x = {⊢ (―― check ――)+} x == 8", g);
    QVERIFY(r.matched);
    // {m,n} bounds; ? is optional.
    QVERIFY(runQuery("cql()\ninitial x = {⊢ ――{2,3}} x == 3", g).matched);
    QVERIFY(runQuery("cql()\ninitial x = {⊢ ―― check ――?} x == 2", g).matched);
    QVERIFY(runQuery("cql()\ninitial x = {⊢ ――* ♔――d4} x == 1", g).matched == false);
}

void TestPath::chainsRepeat()
{
    game::Game g = pgnGame(Ladder);
    // Five pairs of (white check, black reply) would need a tenth move.
    QVERIFY(!runQuery("cql()\ninitial ⊢ (―― check ――){5}", g).matched);
    QVERIFY(runQuery("cql()\ninitial ⊢ (―― check ――){4}", g).matched);
}

void TestPath::focusSkipsOtherMoves()
{
    game::Game g = pgnGame(Ladder);
    // With a focus only moves of the focused pieces count; others are skipped.
    cql::GameResult r = runQuery("cql()\ninitial ⊢◎△ ―― check+", g);
    QVERIFY(r.matched);
    QCOMPARE(commentList(r),
             QStringLiteral("End path of length 5 that starts at move 1(wtm)@9 | "
                            "Start path that ends at move 5(btm)@0"));
    // singlecolor focuses on the side to move at the start.
    QVERIFY(runQuery("cql()\ninitial x = {⊢ singlecolor ―― check+} x == 5", g).matched);
    // The first focused move must come at once: no path starts with black to move.
    QCOMPARE(int(runQuery("cql()\n⊢◎△ ―― check+", g).matches.size()), 5);
    // One rook only.
    QVERIFY(runQuery("cql()\ninitial x = {⊢◎a1 ―― check+} x == 3", g).matched);
}

void TestPath::focusedFirstMoveCastlingAndCaptures()
{
    // Where a focused path starts, its first move must be a focused piece's:
    // castling moves the rook as well as the king, and with 'capture' a move
    // that takes a focused piece counts too (en passant takes beside 'to').
    game::Game castle = pgnGame("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n");
    for (const char *focus : {"h1", "e1", "h1 ∪ a1"}) {
        cql::GameResult r = runQuery(std::string("cql()\n⊢◎") + focus + " ――", castle);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QCOMPARE(int(r.matches.size()), 1);
        QCOMPARE(castle.nodes[r.matches[0].node].ply, 6u);
    }
    QCOMPARE(int(runQuery("cql()\n⊢◎a1 ――", castle).matches.size()), 0);
    // Without a focus the first dash's squares are those of either castling piece.
    for (const char *q : {"⊢ h1――f1", "⊢ e1――g1", "⊢ true h1――f1", "⊢ ♖――f1"})
        QCOMPARE(int(runQuery(std::string("cql()\n") + q, castle).matches.size()), 1);
    QCOMPARE(int(runQuery("cql()\n⊢ h1――g1", castle).matches.size()), 0);
    QCOMPARE(int(runQuery("cql()\n⊢◎(h1 ∪ g8) ――", castle).matches.size()), 2);

    game::Game take = pgnGame("[FEN \"r6k/8/8/8/8/8/8/R6K w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Rxa8+ Kg7 *\n");
    QCOMPARE(int(runQuery("cql()\n⊢◎capture a8 ――", take).matches.size()), 1);
    QCOMPARE(int(runQuery("cql()\n⊢◎a8 ――", take).matches.size()), 0);
    QCOMPARE(int(runQuery("cql()\n⊢◎a1 ――", take).matches.size()), 1);

    game::Game ep = pgnGame("[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n[SetUp \"1\"]\n\n1. exd6 Kd7 *\n");
    QCOMPARE(int(runQuery("cql()\n⊢◎capture d5 ――", ep).matches.size()), 1);
    QCOMPARE(int(runQuery("cql()\n⊢◎d5 ――", ep).matches.size()), 0);
    QCOMPARE(int(runQuery("cql()\n⊢◎capture d6 ――", ep).matches.size()), 0);
    // A path that begins with a filter is tested the long way: same answers.
    QCOMPARE(int(runQuery("cql()\n⊢◎capture d5 true ――", ep).matches.size()), 1);
    QCOMPARE(int(runQuery("cql()\n⊢◎d5 true ――", ep).matches.size()), 0);
}

void TestPath::nestbanStartsNoPathInsideAnother()
{
    game::Game g = pgnGame(Ladder);
    cql::GameResult r = runQuery("cql()\n⊢ nestban ◎△ ―― check+", g);
    QCOMPARE(int(r.matches.size()), 1);
    QCOMPARE(r.matches[0].node, game::NodeId(0));
}

void TestPath::piecePathComment()
{
    game::Game g = pgnGame(Ladder);
    cql::GameResult r = runQuery("cql()\ninitial ⊢◎a1 piecepath title \"rook\" quiet ―― check+", g);
    QCOMPARE(commentList(r), QStringLiteral("rook@0 | Focus path: Ra1-a8-a6-a4@0"));
    // verbose numbers the focused moves.
    r = runQuery("cql()\ninitial ⊢◎a1 verbose quiet ―― check+", g);
    QCOMPARE(commentList(r), QStringLiteral("move 1 of 3@1 | move 2 of 3@5 | move 3 of 3@9"));
}

void TestPath::pathReferences()
{
    game::Game g = pgnGame(Ladder);
    // Inside the path, pathcount is the number of moves so far.
    QVERIFY(runQuery("cql()\ninitial x = {⊢ (―― pathcount < 4)+} x == 3", g).matched);
    // pathcountunfocused counts the moves the focus skipped.
    QVERIFY(runQuery("cql()\ninitial x = {⊢ quiet ◎△ max pathcountunfocused ―― check+} x == 4", g).matched);
    // Outside a path, they describe the last path that matched.
    QVERIFY(runQuery("cql()\nply == 2 {⊢ quiet ◎△ ―― check+} pathcount == 4 pathstart:ply == 2", g).matched);
    QVERIFY(!runQuery("cql()\ninitial pathcount", g).matched);
    // pathstart inside a path: where it began.
    QVERIFY(runQuery("cql()\ninitial ⊢ ―― ―― pathstart:wtm", g).matched);
    QVERIFY(!runQuery("cql()\ninitial ⊢ ―― ―― pathstart:btm", g).matched);
}

void TestPath::maxAndLastPosition()
{
    game::Game g = pgnGame(Ladder);
    // lastposition: the path's value is where it ended.
    QVERIFY(runQuery("cql()\ninitial last = {⊢ lastposition quiet ◎△ ―― check+} last:movenumber == 5", g).matched);
    // max: the best path maximises the filter at its end, and the comment says so.
    cql::GameResult r = runQuery("cql()\ninitial ⊢ max #▲ ―― ――", g);
    QVERIFY(r.matched);
    QCOMPARE(commentList(r),
             QStringLiteral("End path of length 2 that starts at move 1(wtm) Max value: 1@2 | "
                            "Start path that ends at move 2(wtm)@0"));
    // A range applies to the length.
    QVERIFY(runQuery("cql()\ninitial ⊢ 9 ――+", g).matched);
    QVERIFY(!runQuery("cql()\ninitial ⊢ 10 12 ――+", g).matched);
}

void TestPath::primaryAndVariations()
{
    game::Game g = pgnGame("1. e4 (1. d4 d5) 1... e5 *\n");
    QVERIFY(!runQuery("cql()\ninitial ⊢ ――d4", g).matched); // variations are not searched
    QVERIFY(runQuery("cql(variations)\ninitial ⊢ ――d4", g).matched);
    QVERIFY(!runQuery("cql(variations)\ninitial ⊢ primary ――d4", g).matched);
    // A position in a variation is named with its id in the comments.
    cql::GameResult r = runQuery("cql(variations)\ninitial ⊢ ――d4 ――", g);
    QCOMPARE(commentList(r),
             QStringLiteral("End path of length 2 that starts at move 1(wtm)@3 | "
                            "id:4@3 | Start path that ends at move 2(wtm)[4]@0"));
}

void TestPath::promotionDash()
{
    game::Game g = pgnGame("[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. a8=N Kg6 *\n");
    QVERIFY(runQuery("cql()\n⊢ ♙――=♘", g).matched);
    QVERIFY(!runQuery("cql()\n⊢ ♙――=♕", g).matched);
    QVERIFY(runQuery("cql()\n⊢ ――a8=♘", g).matched);
    // A path is not begun where no move can be its first dash's (no
    // promotion, no capture, no primary move): the same answers as a path
    // that tests a filter first and is followed the long way.
    game::Game line = pgnGame("[FEN \"4k3/P7/8/3p4/4P3/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
                              "1. exd5 (1. a8=Q+ Kd7) 1... Kd7 2. a8=R Kd6 3. Rb8 (3. Ra6+ Kxd5) 3... Kxd5 *\n");
    const std::pair<const char *, const char *> paths[] = {
        {"", "――=♖"},
        {"", "―― ――=♖"},
        {"", "――=♕"},
        {"", "▦×▦"},
        {"", "▦×▦ ――"},
        {"", "(▦×▦ ――){1,2}"},
        {"primary", "▦×▦"},
        {"primary", "――=♕"},
        {"", "♔×▦"},
        {"", "――=♖ ▦×▦"},
        {"", "♙――a8=♖"},
        {"", "e4×d5"},
        {"", "♙――"},
        {"", "a7――"},
        // Sets read without side effects, judged at the start too.
        {"", "♚――down 1 ♚"},
        {"", "♚――(diagonal 1 ♚)"},
        {"", "▦×(▦ attackedby ♙)"},
        {"", "♖――(light ~♖)"},
        {"", "♔――(up 1 ♔ | d7)"},
        {"", "▦――(between(e8 e1) & ~d7)"},
    };
    for (const auto &[parameters, constituents] : paths) {
        for (const char *options : {"cql()", "cql(variations)"}) {
            const std::string head = std::string(options) + "\n⊢ " + parameters + " ";
            const std::string direct = head + constituents, longWay = head + "true " + constituents;
            cql::GameResult a = runQuery(direct, line), b = runQuery(longWay, line);
            QVERIFY2(a.error.empty() && b.error.empty(), (a.error + b.error).c_str());
            QVERIFY2(a.matches.size() == b.matches.size(), direct.c_str());
        }
    }
    QCOMPARE(int(runQuery("cql()\n⊢ ――=♖", line).matches.size()), 1);
    QCOMPARE(int(runQuery("cql()\n⊢ ――=♕", line).matches.size()), 0);
    QCOMPARE(int(runQuery("cql(variations)\n⊢ ――=♕", line).matches.size()), 1);
    QCOMPARE(int(runQuery("cql(variations)\n⊢ primary ――=♕", line).matches.size()), 0);
    QCOMPARE(int(runQuery("cql()\n⊢ ▦×▦", line).matches.size()), 2);
    QCOMPARE(int(runQuery("cql(variations)\n⊢ ▦×▦", line).matches.size()), 3);
}

void TestPath::dashWithTarget()
{
    game::Game g = pgnGame(Ladder);
    // --(F): some move from here after which F matches; its value is F's there.
    QCOMPARE(int(runQuery("cql()\n♖――(check)", g).matches.size()), 5);
    QCOMPARE(int(runQuery("cql()\n♔――(check)", g).matches.size()), 0);
    QVERIFY(runQuery("cql()\ninitial ♖――(to) == a8", g).matched);
    // The dash takes the whole set glued to its left.
    QVERIFY(runQuery("cql()\ninitial ♖∩~b2――(to) == a8", g).matched);
    QVERIFY(!runQuery("cql()\ninitial ♖∩~a1――(to)", g).matched);
}

void TestPath::previousMoveFilters()
{
    game::Game g = pgnGame(Ladder);
    QVERIFY(runQuery("cql()\nply == 1 from == a1 to == a8", g).matched);
    QVERIFY(!runQuery("cql()\ninitial from", g).matched);
    game::Game ep = pgnGame("1. e4 d5 2. e5 f5 3. exf6 *\n");
    QCOMPARE(int(runQuery("cql()\nenpassant", ep).matches.size()), 1);
    game::Game castles = pgnGame("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 *\n");
    QCOMPARE(int(runQuery("cql()\no-o", castles).matches.size()), 1);
    QCOMPARE(int(runQuery("cql()\no-o-o", castles).matches.size()), 0);
    QVERIFY(runQuery("cql()\ninitial ⊢ ――{6} ――(o-o)", castles).matched);
    // A castling move fits a dash through its rook as well as its king, and
    // from / to then name the rook's squares.
    QVERIFY(runQuery("cql()\nply == 6 ♖――(from == h1 to == f1)", castles).matched);
    QVERIFY(runQuery("cql()\nply == 6 ♔――(from == e1 to == g1)", castles).matched);
    QVERIFY(runQuery("cql()\nply == 6 {⊢◎h1 ―― to == f1}", castles).matched);
    game::Game v = pgnGame("1. e4 (1. d4 d5) 1... e5 *\n");
    QCOMPARE(int(runQuery("cql(variations)\nprimary", v).matches.size()), 3);
    QCOMPARE(int(runQuery("cql(variations)\nsecondary", v).matches.size()), 1);
}

void TestPath::parsing()
{
    QVERIFY(firstError("cql()\n⊢ piecepath ―― check").find("needs a 'focus'") != std::string::npos);
    QVERIFY(firstError("cql()\n⊢ check+").find("repetition") != std::string::npos);
    QVERIFY(firstError("cql()\nfocus A").find("parameter of 'path'") != std::string::npos);
    QVERIFY(firstError("cql()\n⊢ secondary ―― check").find("not supported") != std::string::npos);
    // A blank line ends the path, so the if gets its then-part.
    QCOMPARE(firstError("cql()\nx = 0\nif ⊢ ―― check\n   ―― \n\n x += 1\n"), std::string());
    // At a path's top level + is a repetition, inside braces an addition.
    QCOMPARE(firstError("cql()\nx = 1\n⊢ ―― x < 3 +\n"), std::string());
    QCOMPARE(firstError("cql()\nx = 1\n⊢ ―― {x + 1 < 3}\n"), std::string());
}

QTEST_GUILESS_MAIN(TestPath)
#include "tst_path.moc"
