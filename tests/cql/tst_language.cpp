// CQL 6.2 language keywords on small inline games: moves and dash parameters,
// countmoves, strings and regular expressions, control filters, persistent
// variables, piece names, the mate patterns and the HHdb conventions.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

const char *Scholar = "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n";

std::string fenGame(const std::string &fen, const std::string &moves)
{
    return "[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n" + moves + "\n";
}

cql::GameResult runText(const std::string &text, const game::Game &g)
{
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile(text, {}, d);
    cql::GameResult r;
    if (!q) {
        r.error = "compile: " + (d.empty() ? std::string("?") : d[0].message);
        return r;
    }
    cql::Evaluator ev(*q);
    ev.run(g, r);
    return r;
}

} // namespace

class TestLanguage : public QObject {
    Q_OBJECT
private slots:
    void counts_data();
    void counts();
    void assertStopsTheGame();
    void persistentKeepsValuesAcrossGames();
    void legalMovesFollowThePositionAndTheGame();
    void persistentNeedsFirstDeclaration();
    void dictionaryKeepsEntriesAcrossGames();
    void settagAndRemovecomment();
    void badRegexIsReported();
    void stringSort();
    void sortQuietIsNotWritten();
};

void TestLanguage::counts_data()
{
    QTest::addColumn<QString>("pgn");
    QTest::addColumn<QString>("query");
    QTest::addColumn<int>("matches");
    const QString scholar = QString::fromLatin1(Scholar);
    const QString castles = QString::fromStdString(fenGame("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "*"));
    const QString enPassant = QStringLiteral("1. e4 a6 2. e5 d5 3. exd6 *\n");
    const QString promotion = QString::fromStdString(fenGame("8/P7/8/8/8/2k4K/6p1/8 w - - 0 1", "1. a8=Q g1=N *"));
    const QString pure = QString::fromStdString(fenGame("5N2/8/2pp4/2pkq2R/4P3/3K4/8/8 b - - 0 7", "*"));
    const QString impure = QString::fromStdString(fenGame("8/8/8/1p6/1B1K1N2/8/2pnQp1p/3n1kq1 b - - 5 12", "*"));
    const QString tries = QStringLiteral("1. e4 (1. d4 $2 d5) (1. c4 c5) 1... e5 *\n");

    // moves: countmoves, legal and the 6.2 dash parameters
    QTest::newRow("countmoves legal at start") << scholar << "initial countmoves legal -- == 20" << 1;
    QTest::newRow("countmoves of game moves") << scholar << "countmoves -- == 1" << 7;
    // `countmoves legal --` counts the list without asking each move; a dash
    // that asks where a move starts asks each: both count a promotion once.
    QTest::newRow("countmoves legal, any move") << scholar << "countmoves legal -- == countmoves legal [Aa]--" << 8;
    QTest::newRow("countmoves legal, promotions") << promotion << "countmoves legal -- == countmoves legal [Aa]--" << 3;
    QTest::newRow("countmoves legal, promotion once")
        << promotion << "initial countmoves legal -- == 6" << 1; // Kh3: 5 moves, a8 once
    QTest::newRow("legal king moves") << scholar << "not legal k--" << 6;
    // `legal X--` alone is answered from where the legal moves start; with a
    // count, move by move: the answers agree.
    auto agree = [](const std::string &x) {
        return QString::fromStdString("if legal " + x + "-- countmoves legal " + x + "-- > 0 else countmoves legal " + x
                                      + "-- == 0");
    };
    for (const char *piece : {"A", "a", "K", "k", "Q", "q", "P", "p", "N", "[a1,h5]", "e1", "e8"}) {
        QTest::newRow((std::string("legal from ") + piece).c_str()) << scholar << agree(piece) << 8;
        QTest::newRow((std::string("legal from, castling board, ") + piece).c_str()) << castles << agree(piece) << 1;
    }
    QTest::newRow("legal from a piece variable") << scholar << "piece all I in A (" + agree("I") + ")" << 8;
    QTest::newRow("legal o-o") << castles << "legal --(o-o)" << 1;
    QTest::newRow("legal castle count") << castles << "countmoves legal --(castle) == 2" << 1;
    QTest::newRow("castle not played") << castles << "--(castle)" << 0;
    QTest::newRow("dash enpassant") << enPassant << "--(enpassant)" << 1;
    QTest::newRow("dash enpassant not legal now") << enPassant << "initial legal --(enpassant)" << 0;
    QTest::newRow("to and from") << scholar << "from == h5 and to == f7" << 1;
    QTest::newRow("discovered-check shape") << scholar << "(A & ~to) -> k" << 0;
    QTest::newRow("promote to string") << promotion << "T = \"Q\" --=T" << 1;
    QTest::newRow("promote to knight name") << promotion << "T = \"knight\" --=T" << 1;
    // A word after a dash is a filter of its own, as in CQL 6.2: `primary`
    // asks how the position was reached (the start position was not).
    QTest::newRow("primary after a dash") << promotion << "P--=Q primary" << 0;
    QTest::newRow("primary after the reply") << promotion << "p--=N primary" << 1;
    QTest::newRow("try: secondary after a dash") << tries << "a-- secondary" << 2;
    QTest::newRow("try: white moves in no variation's first position") << tries << "A-- secondary" << 0;

    // piece names, side to move
    QTest::newRow("typename") << scholar << "initial typename e1 == \"K\" typename e8 == \"K\"" << 1;
    QTest::newRow("piecename") << scholar << "initial piecename e8 == \"k\" piecename e4 == \"_\"" << 1;
    QTest::newRow("sidetomove white") << scholar << "sidetomove == white" << 4;
    QTest::newRow("flipcolor turns white to black") << scholar << "flipcolor {sidetomove == white Qh5}" << 1;
    QTest::newRow("currenttransform identity") << scholar << "initial currenttransform == \"identity\"" << 1;
    QTest::newRow("currenttransform in an image")
        << scholar << "initial flipcolor {btm currenttransform != \"identity\"}" << 1;
    QTest::newRow("pieceid") << scholar << "initial pieceid e1 == pieceid e1" << 1;
    // A piece variable follows its piece: castling, en passant, promotion and
    // capture (the answers are CQL 6.2's); the Chess960 castling swaps the
    // king's and the rook's squares.
    const QString castled = QString::fromStdString(fenGame("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "1. O-O O-O-O *"));
    const QString swapped =
        QString::fromStdString("[Variant \"Chess960\"]\n" + fenGame("4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "1. O-O *"));
    QTest::newRow("piece through o-o rook") << castled << "initial piece x in Rh1 find {terminal x & f1}" << 1;
    QTest::newRow("piece through o-o king") << castled << "initial piece x in Ke1 find {terminal x & g1}" << 1;
    QTest::newRow("piece through o-o-o rook") << castled << "initial piece x in ra8 find {terminal x & d8}" << 1;
    QTest::newRow("piece left its square") << castled << "initial piece x in ra8 find {terminal x & a8}" << 0;
    // Castling moves two pieces; counts checked against CQL 6.2 on the same game.
    // A null move is the mover's king going from its square to it (CQL 6.2, after Scid).
    const QString passed = QStringLiteral("1. e4 -- 2. d4 *\n");
    QTest::newRow("null move: a move of the king") << passed << "move from k" << 1;
    QTest::newRow("null move: the move that led here") << passed << "move previous from k" << 1;
    QTest::newRow("null move: from and to, the king's square") << passed << "nullmove to == e8 from == e8" << 1;
    QTest::newRow("null move: a dash of the king") << passed << "k--e8" << 1;
    QTest::newRow("null move: no capture") << passed << "move from k capture a" << 0;
    QTest::newRow("castle alone: the move that led here") << castled << "castle btm" << 1;
    QTest::newRow("move castle: the next move") << castled << "move castle wtm" << 1;
    QTest::newRow("castle alone at the end") << castled << "castle terminal" << 1;
    QTest::newRow("castling is a rook move for a dash") << castled << "R--f1" << 1;
    QTest::newRow("castling is a king move for a dash") << castled << "K--g1" << 1;
    QTest::newRow("a dash does not mix king and rook") << castled << "R--g1 or K--f1" << 0;
    QTest::newRow("move sees the king only") << castled << "move from R to f1" << 0;
    QTest::newRow("from after castling: both pieces") << castled << "#from == 2" << 2;
    QTest::newRow("to after castling: both pieces") << castled << "o-o to == [f1,g1]" << 1;
    QTest::newRow("from in a dash's target: the piece it admits") << castled << "r--(from == a8)" << 1;
    QTest::newRow("from in a dash's target: not the king") << castled << "k--(from & a8)" << 0;
    QTest::newRow("piece taken en passant") << enPassant << "initial piece x in pd7 find {terminal x}" << 0;
    QTest::newRow("piece taking en passant") << enPassant << "initial piece x in Pe2 find {terminal x & d6}" << 1;
    QTest::newRow("piece through promotion") << promotion << "initial piece x in Pa7 find {terminal x & Qa8}" << 1;
    QTest::newRow("piece through black promotion")
        << promotion << "initial piece x in pg2 find {terminal x & ng1}" << 1;
    QTest::newRow("piece captured") << scholar << "initial piece x in pf7 find {terminal x}" << 0;
    QTest::newRow("piece capturing") << scholar << "initial piece x in Qd1 find {terminal x & f7}" << 1;
    QTest::newRow("piece through 960 castling king") << swapped << "initial piece x in Kf1 find {terminal x & g1}" << 1;
    QTest::newRow("piece through 960 castling rook") << swapped << "initial piece x in Rg1 find {terminal x & f1}" << 1;

    // strings
    QTest::newRow("str") << scholar << "initial str(\"a\" 1 \"b\") == \"a1b\"" << 1;
    QTest::newRow("int") << scholar << "initial int \"42\" == 42" << 1;
    QTest::newRow("int of text fails") << scholar << "int \"4x\"" << 0;
    QTest::newRow("ascii both ways") << scholar << "initial ascii \"A\" == 65 ascii 66 == \"B\"" << 1;
    // Codes 128 to 255 make one byte, as in CQL 6.2; 0 and 256 make nothing.
    QTest::newRow("ascii past 127") << scholar << "initial #ascii 200 == 1 ascii (ascii 255) == 255" << 1;
    QTest::newRow("ascii 256") << scholar << "initial ascii 256" << 0;
    QTest::newRow("indexof") << scholar << "initial indexof(\"hello\" \"ll\") == 2 indexof(\"hello\" \"z\") == -1" << 1;
    QTest::newRow("indexing") << scholar << "initial \"hello\"[1] == \"e\" \"hello\"[1:3] == \"el\"" << 1;
    QTest::newRow("length") << scholar << "initial #\"hello\" == 5" << 1;
    QTest::newRow("substring in") << scholar << "initial \"ell\" in \"hello\" not \"elk\" in \"hello\"" << 1;
    // X in Y is a test, true for an empty X too (as in CQL 6.2).
    QTest::newRow("set in") << scholar << "initial P in [a-h2] not Q in [a-h3-8]" << 1;
    QTest::newRow("empty set in") << scholar << "initial [Nn]e4 in q" << 1;
    QTest::newRow("regex capture") << scholar << "initial \"chess\" ~~ \"h(e)s\" \\1 == \"e\" \\0 == \"hes\"" << 1;
    QTest::newRow("regex no match") << scholar << "\"chess\" ~~ \"x\"" << 0;

    // control
    QTest::newRow("loop") << scholar << "x = 0 loop { x < 5 x += 1 } x == 5" << 8;
    // A loop whose body never matches does not match (as in CQL 6.2).
    QTest::newRow("loop that never runs") << scholar << "x = 9 loop { x < 5 x += 1 }" << 0;
    QTest::newRow("loop of a false filter") << scholar << "loop stalemate" << 0;
    QTest::newRow("while regex walks matches")
        << scholar << "sum = 0 while (\"a1b2c3\" ~~ \"[0-9]\") sum += int \\0 sum == 6" << 8;
    // A literal subject's matches are found once; a computed one is searched
    // at each round. Both must walk the same matches, empty ones too.
    QTest::newRow("while regex, literal and computed subjects")
        << scholar
        << "cnt = 0 while (\"ab\" ~~ \"x*\") cnt += 1 cnt2 = 0 while (str(\"a\" \"b\") ~~ \"x*\") cnt2 += 1 cnt == "
           "cnt2 cnt == 3"
        << 8;
    QTest::newRow("while regex groups of a literal subject")
        << scholar << "s = \"\" while (\"k1q2\" ~~ \"([a-z])([0-9])\") s += \\2 + \\1 s == \"1k2q\"" << 8;
    QTest::newRow("while condition") << scholar << "cnt = 0 while (cnt < 3) cnt += 1 cnt == 3" << 8;
    QTest::newRow("atomic assignment") << scholar << "x = 1 atomic x += 1 x == 2" << 8;

    // line lastposition: its value is the position where the line ends
    QTest::newRow("line lastposition") << scholar << "initial (line lastposition --> true --> true --> true) : ply == 2"
                                       << 1;
    QTest::newRow("line lastposition is a position") << scholar << "{x = line lastposition --> check} x : mate" << 1;

    // a line constituent ends with its source line unless a comment follows
    QTest::newRow("if line with a body below")
        << scholar << "cnt = 0 if line --> true --> true\n cnt += 1\ncnt == 1" << 7;
    QTest::newRow("line constituent, a move with its comment below")
        << scholar << "line --> move from A\n comment(\"c\") --> true" << 4;

    QTest::newRow("four slashes are a comment") << scholar << "//////// not a comment filter: #x\ntrue" << 8;

    // position order, find count
    QTest::newRow("positions compare by id")
        << scholar << "parent < currentposition currentposition <= currentposition" << 7;
    QTest::newRow("find count may be 0") << scholar << "initial find count mate == 1 find count stalemate == 0" << 1;

    // dictionaries
    QTest::newRow("dictionary set and get") << scholar << "dictionary D D[ply] = ply + 1 D[ply] == ply + 1" << 8;
    QTest::newRow("dictionary missing key") << scholar << "dictionary D D[\"x\"]" << 0;
    QTest::newRow("dictionary keys keep their type") << scholar << "dictionary D D[1] = \"one\" D[\"1\"]" << 0;
    QTest::newRow("dictionary of sets") << scholar << "local dictionary D D[\"k\"] = k D[\"k\"] == k" << 8;

    // mate patterns
    QTest::newRow("puremate") << pure << "puremate" << 1;
    QTest::newRow("modelmate") << pure << "modelmate" << 1;
    QTest::newRow("idealmate") << pure << "idealmate" << 1;
    QTest::newRow("participants") << pure << "#(A & puremate) == 4" << 1;
    QTest::newRow("impure: guarded self-block") << impure << "mate not puremate" << 1;
    // A self-block guarded once by its pinner: pure only if, unpinned, it could answer the
    // check (Rb8xb6 here; the bishop on f5 cannot reach d3). Both checked against CQL 6.2.
    QTest::newRow("pure: pinned self-block that could take the checker")
        << QString::fromStdString(fenGame("krR5/7R/1N6/8/8/8/8/7K b - - 0 1", "*")) << "puremate" << 1;
    QTest::newRow("impure: pinned self-block that could not answer")
        << QString::fromStdString(fenGame("1R6/8/5r2/3p1BRp/3ppK1p/3n4/8/5k2 w - - 2 7", "*")) << "mate not puremate"
        << 1;
    QTest::newRow("no stalemate twin in a mate") << pure << "purestalemate" << 0;
    // Three studies' mates where the pieces taking part follow 6.2's rules
    // (checked against CQL 6.2): the black bishop e8 takes part because the
    // queen h8 pins it; a pawn's check guards nothing behind the king (the
    // self-block c6 stays unguarded); White mated or stalemated, colours flipped.
    QTest::newRow("model: a pinned attacking piece takes part")
        << QString::fromStdString(fenGame("1k2b2Q/4p3/1P1p4/1Pp5/8/pp6/8/K1r5 w - - 0 13", "*")) << "modelmate" << 1;
    QTest::newRow("pure: a pawn's check guards nothing behind the king")
        << QString::fromStdString(fenGame("5N2/8/2pp4/2pkq2R/4P3/3K4/8/8 b - - 0 7", "*")) << "puremate" << 1;
    QTest::newRow("ideal stalemate: every attacking piece takes part")
        << QString::fromStdString(fenGame("8/3k1K1b/5P1b/7P/8/8/8/8 w - - 0 12", "*")) << "idealstalemate" << 1;

    // 1.d4, 1...d5, 1.c4 and 1...c5: one White move off the main line each.
    QTest::newRow("try") << tries << "try" << 4;

    // CQL 6.2 forms: strings, move counts, if without else part
    QTest::newRow("string concatenation") << scholar << "initial \"a\" + \"b\" == \"ab\"" << 1;
    QTest::newRow("concatenation of variables") << scholar << "initial I = \"v\" I + I == \"vv\"" << 1;
    QTest::newRow("newline token") << scholar << "initial #(\"a\" + \\n) == 2" << 1;
    QTest::newRow("backslash kept in a string") << scholar << "initial \"a\\d\" ~~ \"^a\\\\d$\"" << 1;
    QTest::newRow("regex class \\d") << scholar << "initial \"x12\" ~~ \"\\d+\" == \"12\"" << 1;
    QTest::newRow("slice of a regex match") << scholar << "initial \"abcd\" ~~ \"b.*\"[1:] == \"cd\"" << 1;
    QTest::newRow("move legal count") << scholar << "initial move legal count == 20" << 1;
    QTest::newRow("move legal from count") << scholar << "initial (move legal from N count) == 4" << 1;
    QTest::newRow("else without filter") << scholar << "initial if btm then check else" << 1;
    QTest::newRow("comment without parentheses") << scholar << "initial comment \"x\"" << 1;
    QTest::newRow("assignment stops before or") << scholar << "initial v = k or q #v == 1" << 1;
    QTest::newRow("dictionary declared and set")
        << scholar << "initial dictionary D[\"a\"] = \"bc\" D[\"a\"] == \"bc\"" << 1;
    QTest::newRow("piece loop spelled [Aa]x") << scholar << "initial [forall][Aa]x[element]N x & [b1,g1]" << 1;
    QTest::newRow("alias dihedral") << scholar << "initial dihedral Ra1" << 1;
    QTest::newRow("alias initialposition") << scholar << "terminal initialposition : wtm" << 1;
    QTest::newRow("offdiagonal") << scholar << "initial #offdiagonal 1 7 Bc1 == 2" << 1;
    QTest::newRow("extension never matches") << scholar << "extension" << 0;

    // Answers checked against CQL 6.2 on the same games.
    QTest::newRow("find: one number is exactly that many") << scholar << "find 3 wtm" << 2;
    QTest::newRow("find: two numbers, from one to the other") << scholar << "find 3 4 wtm" << 3;
    QTest::newRow("line: one number is exactly that length") << scholar << "line 2 --> .{1,5}" << 1;
    QTest::newRow("enpassantsquare: the taken pawn's square") << enPassant << "move previous enpassantsquare d5" << 1;
    QTest::newRow("enpassantsquare: not the target square") << enPassant << "move previous enpassantsquare d6" << 0;
    QTest::newRow("enpassantsquare alone: the pawn just taken") << enPassant << "enpassantsquare == d5" << 1;
    QTest::newRow("enpassantsquare alone: not after a double step") << enPassant << "enpassantsquare" << 1;
    QTest::newRow("fen board") << scholar << "fen \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"" << 1;
    QTest::newRow("fen board, colours flipped")
        << scholar << "flipcolor fen \"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR\"" << 1;
    QTest::newRow("fen board not seen") << scholar << "fen \"rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR\"" << 0;
    QTest::newRow("dictionary size") << scholar << "dictionary D D[movenumber] = 1 #D == 4" << 2;
    QTest::newRow("bare dictionary name matches") << scholar << "initial dictionary D D" << 1;
    QTest::newRow("countmoves of a dash with targets") << tries << "countmoves --(btm) == 1" << 1;
    QTest::newRow("try: countmoves with targets in variations") << tries << "countmoves P--(btm) == 3" << 1;
    QTest::newRow("targets that are no parameters") << tries << "countmoves --(o-o to) == 0" << 3;
    QTest::newRow("try: a plain variable counts every tried move")
        << tries << "initial cnt = 0 path -- {cnt += 1 cnt == 3}" << 1;
    QTest::newRow("try: an atomic variable is restored between tried moves")
        << tries << "initial atomic cnt = 0 path -- {cnt += 1 cnt == 3}" << 0;
    QTest::newRow("try: an atomic variable along one line")
        << tries << "initial atomic cnt = 0 path -- {cnt += 1} -- {cnt += 1 cnt == 2}" << 1;
}

void TestLanguage::counts()
{
    QFETCH(QString, pgn);
    QFETCH(QString, query);
    QFETCH(int, matches);
    game::Game g = pgnGame(pgn.toStdString());
    QVERIFY(!g.nodes.empty());
    // Rows named "try..." search the variations too.
    const bool variations = query.startsWith("try") || QByteArray(QTest::currentDataTag()).startsWith("try");
    std::string header = variations ? "cql(variations)\n" : "cql()\n";
    cql::GameResult r = runText(header + query.toStdString(), g);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(int(r.matches.size()), matches);
}

void TestLanguage::assertStopsTheGame()
{
    game::Game g = pgnGame(Scholar);
    cql::GameResult r = runText("cql()\nassert ply < 3", g);
    QVERIFY(!r.matched);
    QVERIFY2(r.error.find("assert") != std::string::npos, r.error.c_str());
    r = runText("cql()\nassert ply < 30", g);
    QVERIFY(r.error.empty());
    QCOMPARE(int(r.matches.size()), 8);
}

void TestLanguage::persistentKeepsValuesAcrossGames()
{
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile("cql()\nif initial persistent Games += 1\nif mate persistent Mates += 1\n"
                          "persistent quiet Hidden = 3\nfalse",
                          {}, d);
    QVERIFY(q);
    QVERIFY(q->needsSingleThread());
    game::Game a = pgnGame(Scholar), b = pgnGame("1. e4 e5 *\n");
    cql::Evaluator ev(*q);
    cql::GameResult r;
    ev.run(a, r);
    ev.run(b, r);
    ev.run(a, r);
    std::vector<std::string> report = q->persistentReport();
    QCOMPARE(int(report.size()), 2);
    QCOMPARE(QString::fromStdString(report[0]), QStringLiteral("Games: 3"));
    QCOMPARE(QString::fromStdString(report[1]), QStringLiteral("Mates: 2"));

    // Without persistent, the same counter starts afresh in every game.
    auto plain = cql::compile("cql()\nif initial Games = 0\nGames += 1\nGames == 8", {}, d);
    QVERIFY(plain);
    QVERIFY(!plain->needsSingleThread());
    cql::Evaluator ev2(*plain);
    ev2.run(a, r);
    QCOMPARE(int(r.matches.size()), 1);
    ev2.run(a, r);
    QCOMPARE(int(r.matches.size()), 1);
}

void TestLanguage::legalMovesFollowThePositionAndTheGame()
{
    // The evaluator keeps the legal moves of the last positions asked about:
    // asked twice at a position, at the next position, and in another game
    // whose nodes have the same numbers, each answer must be that position's.
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile("cql()\ncomment (countmoves legal -- \" \" countmoves legal N-- \" \" countmoves legal --)",
                          {}, d);
    QVERIFY(q);
    // The games are short: the next one begins at node numbers still remembered.
    const game::Game a = pgnGame("1. e4 e5 2. Nf3 *\n");
    const game::Game b = pgnGame("1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Qc2 O-O *\n");
    cql::Evaluator ev(*q);
    for (const game::Game *g : {&a, &b, &a}) {
        cql::GameResult r;
        ev.run(*g, r);
        int seen = 0;
        for (const cql::NodeComment &c : r.comments) {
            if (c.text == "CQL") continue;
            const chess::Position &p = g->nodes[c.node].position;
            chess::MoveList all;
            p.generateLegal(all);
            int knight = 0;
            for (chess::Move m : all)
                knight += p.pieceAt(m.from()) == chess::WKnight;
            QCOMPARE(QString::fromStdString(c.text), QStringLiteral("%1 %2 %1").arg(all.size).arg(knight));
            ++seen;
        }
        QCOMPARE(seen, int(g->nodes.size()));
    }
}

void TestLanguage::persistentNeedsFirstDeclaration()
{
    QVERIFY(firstError("cql()\nx = 1\npersistent x += 1").find("before it was declared persistent")
            != std::string::npos);
    QVERIFY(firstError("cql()\npersistent x").find("assignment") != std::string::npos);
}

void TestLanguage::dictionaryKeepsEntriesAcrossGames()
{
    game::Game g = pgnGame(Scholar);
    for (bool local : {false, true}) {
        std::vector<cql::Diagnostic> d;
        auto q = cql::compile(std::string("cql()\n") + (local ? "local " : "")
                                  + "dictionary Seen\ninitial not Seen[fen]\nSeen[fen] = \"seen\"",
                              {}, d);
        QVERIFY(q);
        QCOMPARE(q->needsSingleThread(), !local);
        QVERIFY(q->persistentReport().empty()); // dictionaries are not reported
        cql::Evaluator ev(*q);
        cql::GameResult r;
        ev.run(g, r);
        QCOMPARE(int(r.matches.size()), 1);
        ev.run(g, r);
        QCOMPARE(int(r.matches.size()), local ? 1 : 0); // the start position was seen in the first game
    }
}

void TestLanguage::settagAndRemovecomment()
{
    game::Game g = pgnGame("{first} 1. e4 {a comment} e5 {keep} *\n");
    cql::GameResult r =
        runText("cql()\noriginalcomment == \"a comment\"\nremovecomment\nsettag(\"Annotator\" str(\"ply \" ply))", g);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(int(r.matches.size()), 1);
    QCOMPARE(int(r.removedComments.size()), 1);
    QCOMPARE(r.removedComments[0], game::NodeId(1));
    QCOMPARE(int(r.tagEdits.size()), 1);
    QCOMPARE(QString::fromStdString(r.tagEdits[0].first), QStringLiteral("Annotator"));
    QCOMPARE(QString::fromStdString(r.tagEdits[0].second), QStringLiteral("ply 1"));
    // Nothing is recorded for a game that does not match.
    r = runText("cql()\nsettag(\"X\" \"y\") false", g);
    QVERIFY(r.tagEdits.empty());
}

void TestLanguage::badRegexIsReported()
{
    QVERIFY(firstError("cql()\n\"abc\" ~~ \"(\"").find("regular expression") != std::string::npos);
}

void TestLanguage::stringSort()
{
    game::Game g = pgnGame("[White \"Zed\"]\n[Black \"Abe\"]\n\n1. e4 *\n");
    cql::GameResult r = runText("cql()\nsort \"name\" player white", g);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(int(r.sortValues.size()), 1);
    QVERIFY(r.sortValues[0].isText);
    QCOMPARE(QString::fromStdString(r.sortValues[0].text), QStringLiteral("Zed"));
    // The greatest text of the game wins; with min the least.
    r = runText("cql()\nsort \"side\" {if wtm player white else player black}", g);
    QCOMPARE(QString::fromStdString(r.sortValues[0].text), QStringLiteral("Zed"));
    r = runText("cql()\nsort min \"side\" {if wtm player white else player black}", g);
    QCOMPARE(QString::fromStdString(r.sortValues[0].text), QStringLiteral("Abe"));
}

void TestLanguage::sortQuietIsNotWritten()
{
    game::Game g = pgnGame(Scholar);
    cql::GameResult r = runText("cql()\nsort quiet \"plies\" ply", g);
    QCOMPARE(int(r.sortValues.size()), 1);
    QVERIFY(r.sortValues[0].quiet);
    r = runText("cql()\nsort \"plies\" ply", g);
    QVERIFY(!r.sortValues[0].quiet);
}

QTEST_GUILESS_MAIN(TestLanguage)
#include "tst_language.moc"
