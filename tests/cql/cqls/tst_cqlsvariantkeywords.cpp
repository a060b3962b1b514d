// The CQL-S keywords of the chess variants and CQL 6 filters on variant
// games: each keyword on small games of tests/data/variants/ (one per
// variant, made for these tests) where it must and must not match, and the
// same positions played as standard chess where the variant changes the
// answer.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../cqlstest.h"

#include "cql/cqls/tocql6.h"

#include <QFile>

using namespace cqltest;
using namespace cqlstest;

namespace {

// Game n (from 1) of tests/data/variants/NAME.pgn.
game::Game dataGame(const QString &name, int n)
{
    QFile f(QStringLiteral(CQLWB_TEST_DATA "/variants/") + name + QStringLiteral(".pgn"));
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QString text = QString::fromUtf8(f.readAll());
    const QStringList games = text.split(QStringLiteral("\n[Event "));
    if (n < 1 || n > games.size()) return {};
    const QString one = (n == 1 ? QString() : QStringLiteral("[Event ")) + games[n - 1];
    return pgnGame(one.toStdString());
}

// A one-position game of a variant (empty for standard chess).
game::Game fenGame(const std::string &fen, const std::string &variant = {})
{
    std::string tags = variant.empty() ? std::string() : "[Variant \"" + variant + "\"]\n";
    return pgnGame(tags + "[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n*\n");
}

int cqls(const std::string &list, const game::Game &g) { return matches("(match (position " + list + "))", g); }

} // namespace

class TestCqlsVariantKeywords : public QObject {
    Q_OBJECT
private slots:
    void keywords_data();
    void keywords();
    void cql6_data();
    void cql6();
    void standardChessKeepsItsMeaning();
    void powerValues();
    void toCql6();
    void pocketsWithoutVariantTag();
};

void TestCqlsVariantKeywords::keywords_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("game");
    QTest::addColumn<QString>("list");
    QTest::addColumn<int>("expected");
    auto row = [](const char *file, int game, const char *list, int expected) {
        QTest::addRow("%s %d: %s", file, game, list) << QString(file) << game << QString(list) << expected;
    };
    // Three-check, game 1: 2. Bb5+, 3. Bxc6+ and 5. Qxf7, the third check (positions 0 to 9).
    row("threecheck", 1, ":threechecks", 1);
    row("threecheck", 1, ":threechecks :terminal", 1);
    row("threecheck", 1, ":mate", 0);
    row("threecheck", 1, ":gameisover", 1);
    row("threecheck", 1, ":checkcount 0 : 0", 3);
    row("threecheck", 1, ":checkcount 0 : 1", 2);
    row("threecheck", 1, ":checkcount 0 : 2", 4);
    row("threecheck", 1, ":checkcount <=2 : 3", 1); // the seed's example: only the end
    row("threecheck", 1, ":checkcount 3 : <=2 :flipcolor", 1);
    row("threecheck", 1, ":checkcount 1", 1);
    row("threecheck", 1, ":checkcount 3", 1);
    row("threecheck", 1, ":checkcount +2+0", 1); // the first position with those counts
    row("threecheck", 1, ":checkcount +0+0", 1);
    row("threecheck", 1, ":ischeck", 3);
    row("threecheck", 1, ":ischeck 3", 1);
    row("threecheck", 1, ":ischeck 1 2", 2);
    row("threecheck", 1, ":matingmaterial", 10);
    row("threecheck", 1, ":whitecannotwin", 0);
    row("threecheck", 1, ":kingonthehill", 0);
    row("threecheck", 1, ":losing", 0);
    row("threecheck", 1, ":mustcapture", 0);
    row("threecheck", 1, "!:mustcapture", 10);
    row("threecheck", 1, ":captureforced", 0);
    row("threecheck", 1, "!:captureforced", 10);
    row("threecheck", 1, ":power a 39", 5);
    // Game 2 starts with Black's two checks in the FEN: "3+1" left.
    row("threecheck", 2, ":checkcount 2 : 0", 3);
    row("threecheck", 2, ":initial :not (position :checkcount 0 : 0)", 1);
    row("threecheck", 2, ":checkcount +0+2", 1);
    row("threecheck", 2, ":checkcount 2", 0);   // no move gave that check
    row("threecheck", 2, ":matingmaterial", 1); // until only the kings are left
    row("threecheck", 2, ":gameisover", 2);
    row("threecheck", 2, ":whitecannotwin", 3);
    row("threecheck", 2, ":blackcannotwin", 2); // a knight can still check
    // King of the Hill, game 1: 4. Ke4 reaches the hill (positions 0 to 7).
    row("kingofthehill", 1, ":kingonthehill", 1);
    row("kingofthehill", 1, ":kingonthehill :terminal :wtm :flipcolor", 1);
    row("kingofthehill", 1, ":mate", 0);
    row("kingofthehill", 1, ":stalemate", 0);
    row("kingofthehill", 1, ":gameisover", 1);
    row("kingofthehill", 1, ":threechecks", 0);
    row("kingofthehill", 1, ":whitecannotwin", 0);
    row("kingofthehill", 2, ":matingmaterial", 3); // kings alone can still reach the hill
    row("kingofthehill", 2, ":gameisover", 0);
    row("kingofthehill", 2, ":whitecannotwin", 0);
    row("kingofthehill", 2, ":blackcannotwin", 0);
    row("kingofthehill", 2, ":checkcount 0 : 0", 3);
    // Antichess, game 1: 1. Rb1 axb1=K takes White's last piece (positions 0 to 2).
    row("antichess", 1, ":mustcapture", 1);
    row("antichess", 1, ":captureforced", 1);
    row("antichess", 1, ":takeslastpiece", 1);
    row("antichess", 1, "!:takeslastpiece", 2); // the negation holds where no next move takes it: the end too
    row("antichess", 1, ":losing", 1);
    row("antichess", 1, ":losing :terminal :wtm", 1);
    row("antichess", 1, "!:losing", 2);
    row("antichess", 1, ":gameisover", 1);
    row("antichess", 1, ":stalemate", 0);
    row("antichess", 1, ":matingmaterial", 3);
    row("antichess", 1, ":whitecannotwin", 0);
    row("antichess", 1, ":power A 0", 1); // every piece counts one
    row("antichess", 1, ":power a 1", 3);
    row("antichess", 1, ":movefrom ???", 2);
    // Game 2: White's pawn is blocked: stalemated, White wins.
    row("antichess", 2, ":stalemate", 1);
    row("antichess", 2, ":gameisover", 1);
    row("antichess", 2, ":losing", 0);
    row("antichess", 2, ":mate", 0);
    // Game 3: 1... Nc6 2. Rxe8: the king is taken like any piece.
    row("antichess", 3, ":mustcapture", 1);
    row("antichess", 3, ":check", 0);
    row("antichess", 3, ":ischeck", 0);
    row("antichess", 3, ":checkcount 0 : 0", 3);
    // Game 4: 1. e3 b5 2. Bxb5 c6 3. Bxc6 Nxc6, three forced captures.
    row("antichess", 4, ":mustcapture", 3);
    row("antichess", 4, ":captureforced", 3);
    row("antichess", 4, "!:mustcapture", 4);
    row("antichess", 4, ":takeslastpiece", 0);
    // Crazyhouse: 1. Ra8+ N@f8 2. Q@e8 h6 3. Qxf8+ Kh7 4. N@g5+ hxg5 (positions 0 to 8).
    row("crazyhouse", 1, ":movefrom U[+]", 3);
    row("crazyhouse", 1, ":movefrom Q[+] :moveto .?8", 1); // the seed: a white queen dropped on the 8th rank
    row("crazyhouse", 1, ":movefrom q[+]", 0);
    row("crazyhouse", 1, ":movefrom n[+]", 1);
    row("crazyhouse", 1, ":movefrom [Nn][+]", 2);
    row("crazyhouse", 1, ":movefrom U[+,a1]", 4); // the drops and Ra1-a8
    row("crazyhouse", 1, ":movefrom ???", 5);     // every move but a drop
    row("crazyhouse", 1, ":movefrom U", 5);
    row("crazyhouse", 1, ":movefrom .", 0); // the seed: never, not even a drop
    row("crazyhouse", 1, ":movefrom Q", 1);
    row("crazyhouse", 1, ":movefrom Q[*]", 2); // from the board or the backhand
    row("crazyhouse", 1, ":movefrom U[+] :ischeck", 1);
    row("crazyhouse", 1, ":moveto .?8", 3);
    row("crazyhouse", 1, ":moveto .g5", 1);
    row("crazyhouse", 1, ":line (Ra1-a8+ n@f8 Q@e8)", 1);
    row("crazyhouse", 1, ":line (n@f8 Q@?8)", 1);
    row("crazyhouse", 1, ":line (N@f8)", 0); // White drops no knight there
    row("crazyhouse", 1, ":line (Q@?7)", 0);
    row("crazyhouse", 1, ":line (1.Ra1-a8 N@f8)", 1); // with move numbers the mover's colour counts
    row("crazyhouse", 1, ":line (A@+)", 1);           // the seed: a white piece dropped with check
    // The seed's example, with its keywords written with their list: 2. Q@e8.
    row("crazyhouse", 1, "position:movefrom Q[+] position:moveto .?8", 1);
    row("crazyhouse", 1, ":line (-- --)", 7); // drops are moves too
    row("crazyhouse", 1, ":ischeck", 3);
    row("crazyhouse", 1, ":checkcount * : 3", 2);
    row("crazyhouse", 1, ":checkcount 0 : 1", 4);
    row("crazyhouse", 1, ":checkcount 1", 0); // the older form counts only in Three-check: 0 always holds
    row("crazyhouse", 1, ":checkcount 0", 9);
    row("crazyhouse", 1, ":mate", 0);
    row("crazyhouse", 1, ":gameisover", 0);
    row("crazyhouse", 1, ":mustcapture", 0);
    row("crazyhouse", 1, ":threechecks", 0);
    row("crazyhouse", 1, ":power A 3", 3);    // a rook is 3 in Crazyhouse
    row("crazyhouse", 1, ":power A[*] 8", 6); // the queen in hand counts with [*]
    row("crazyhouse", 1, ":power A[+] 5", 3); // the hand alone: the queen before its drop
    row("crazyhouse", 1, ":powerdifference U[*] 8", 3);
}

void TestCqlsVariantKeywords::keywords()
{
    QFETCH(QString, file);
    QFETCH(int, game);
    QFETCH(QString, list);
    QFETCH(int, expected);
    const game::Game g = dataGame(file, game);
    QVERIFY2(!g.nodes.empty() && !g.unsupported && g.errors.empty(), "the test game is not read");
    QCOMPARE(cqls(list.toStdString(), g), expected);
}

void TestCqlsVariantKeywords::cql6_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("game");
    QTest::addColumn<QString>("body");
    QTest::addColumn<int>("expected");
    auto row = [](const char *file, int game, const char *body, int expected) {
        QTest::addRow("%s %d: %s", file, game, body) << QString(file) << game << QString(body) << expected;
    };
    row("threecheck", 1, "check", 3);
    row("threecheck", 1, "mate", 0); // the third check wins, it is no mate
    row("threecheck", 1, "move legal", 9);
    row("threecheck", 1, "terminal not move legal", 1);
    row("kingofthehill", 1, "mate or stalemate", 0);
    row("kingofthehill", 1, "move legal", 7); // none once a king is on the hill
    row("antichess", 1, "stalemate", 0);
    row("antichess", 2, "stalemate", 1); // a stalemate that wins
    row("antichess", 2, "mate", 0);
    row("antichess", 3, "check", 0);
    row("antichess", 3, "pin", 0); // nothing is pinned to an ordinary king
    row("antichess", 3, "R attacks k", 1);
    row("antichess", 3, "move legal from R", 1); // only the capture of the king
    row("antichess", 4, "move legal to [a]", 2);
    row("antichess", 4, "move capture [Aa]", 3);
    row("crazyhouse", 1, "check", 3);
    row("crazyhouse", 1, "mate", 0);
    row("crazyhouse", 1, "move from _", 3); // a drop comes from its own, empty, square
    row("crazyhouse", 1, "move to e8 from _", 1);
    row("crazyhouse", 1, "move from Q", 1);
    row("crazyhouse", 1, "move from [Aa]", 5);
    row("crazyhouse", 1, "move legal from _", 4); // the side to move has a piece in hand
    row("crazyhouse", 1, "move capture [Aa]", 2);
    row("crazyhouse", 1, "piece x in N {x & g5}", 1);  // a dropped piece is a piece of its own
    row("crazyhouse", 1, "piece x in [Nn] x & f8", 3); // from its drop until it is taken
    row("crazyhouse", 1, "⊢◎Q ――", 1);                 // a path focused on the dropped queen: Qxf8+
}

void TestCqlsVariantKeywords::cql6()
{
    QFETCH(QString, file);
    QFETCH(int, game);
    QFETCH(QString, body);
    QFETCH(int, expected);
    const game::Game g = dataGame(file, game);
    QVERIFY2(!g.nodes.empty() && !g.unsupported && g.errors.empty(), "the test game is not read");
    QCOMPARE(matchCount(body.toStdString(), g), expected);
}

// The same positions as standard chess, where the variants' keywords and
// CQL 6's filters keep chess's meaning.
void TestCqlsVariantKeywords::standardChessKeepsItsMeaning()
{
    // A back-rank mate, unless a piece in hand can be dropped in between.
    const std::string backRank = "R6k/6pp/8/8/8/8/8/4K3 b - - 0 1";
    QCOMPARE(matchCount("mate", fenGame(backRank)), 1);
    QCOMPARE(matchCount("mate", fenGame("R6k/6pp/8/8/8/8/8/4K3[n] b - - 0 1", "Crazyhouse")), 0);
    QCOMPARE(cqls(":mate", fenGame("R6k/6pp/8/8/8/8/8/4K3[n] b - - 0 1", "Crazyhouse")), 0);
    QCOMPARE(matchCount("mate", fenGame("R6k/6pp/8/8/8/8/8/4K3[] b - - 0 1", "Crazyhouse")), 1);
    QCOMPARE(matchCount("move legal from _", fenGame("R6k/6pp/8/8/8/8/8/4K3[n] b - - 0 1", "Crazyhouse")), 1);
    QCOMPARE(matchCount("mate", fenGame(backRank, "Three-check")), 1);
    QCOMPARE(matchCount("mate", fenGame(backRank, "King of the Hill")), 1);
    // The pinned knight of antichess game 3.
    const std::string pinned = "4k3/4n3/8/8/8/8/8/R3R2K b - - 0 1";
    QCOMPARE(matchCount("pin", fenGame(pinned)), 1);
    QCOMPARE(matchCount("pin", fenGame(pinned, "Antichess")), 0);
    QCOMPARE(matchCount("pin to k", fenGame(pinned, "Antichess")), 1); // a pin to a named piece stays geometry
    // King and knight against king: no mating material in chess, in Three-check there is.
    const std::string knight = "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1";
    QCOMPARE(cqls(":matingmaterial", fenGame(knight)), 0);
    QCOMPARE(cqls(":matingmaterial", fenGame(knight, "Three-check")), 1);
    QCOMPARE(cqls(":blackcannotwin", fenGame(knight)), 1);
    QCOMPARE(cqls(":blackcannotwin", fenGame(knight, "Three-check")), 0);
    QCOMPARE(cqls(":gameisover", fenGame(knight)), 1);
    QCOMPARE(cqls(":gameisover", fenGame(knight, "Three-check")), 0);
    QCOMPARE(cqls(":matingmaterial", fenGame(knight, "Crazyhouse")), 1);
    QCOMPARE(cqls(":blackcannotwin", fenGame(knight, "Crazyhouse")), 0);
    const std::string kings = "k7/8/8/8/8/8/8/7K w - - 0 1";
    QCOMPARE(cqls(":matingmaterial", fenGame(kings)), 0);
    QCOMPARE(cqls(":matingmaterial", fenGame(kings, "Three-check")), 0);
    QCOMPARE(cqls(":matingmaterial", fenGame(kings, "King of the Hill")), 1);
    QCOMPARE(cqls(":matingmaterial", fenGame(kings, "Antichess")), 1);
    QCOMPARE(cqls(":whitecannotwin", fenGame(kings)), 1);
    QCOMPARE(cqls(":whitecannotwin", fenGame(kings, "Antichess")), 0);
    // A lone rook taken: in chess no "last piece" to take, only in Antichess.
    const std::string last = "[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Kxe2 *\n";
    QCOMPARE(cqls(":takeslastpiece", pgnGame(last)), 0);
    // A capture is compulsory only in Antichess.
    const std::string capture = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1";
    QCOMPARE(cqls(":mustcapture", fenGame(capture)), 0);
    QCOMPARE(cqls(":mustcapture", fenGame(capture, "Antichess")), 1);
    // Checks counted along a standard game (the scholar's mate has one).
    const game::Game scholar = pgnGame("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
    QCOMPARE(cqls(":checkcount 0 : 1", scholar), 1);
    QCOMPARE(cqls(":checkcount 3", scholar), 0);
    QCOMPARE(cqls(":threechecks", scholar), 0);
    QCOMPARE(cqls(":ischeck 1", scholar), 1);
    QCOMPARE(cqls(":movefrom U[+]", scholar), 0);
    QCOMPARE(cqls(":movefrom ???", scholar), 7);
}

void TestCqlsVariantKeywords::powerValues()
{
    // King and rook, queen, bishop, knight, pawn against a king.
    const std::string fen = "4k3/8/8/8/8/8/P7/RQBNK3 w - - 0 1";
    QCOMPARE(cqls(":power A 21", fenGame(fen)), 1);                     // 5 + 9 + 3 + 3 + 1
    QCOMPARE(cqls(":power A 21", fenGame(fen, "Three-check")), 1);      // as chess
    QCOMPARE(cqls(":power A 21", fenGame(fen, "King of the Hill")), 1); // as chess
    QCOMPARE(cqls(":power A 13", fenGame(fen, "Crazyhouse")), 1);       // 3 + 5 + 2 + 2 + 1
    QCOMPARE(cqls(":power A 6", fenGame(fen, "Antichess")), 1);         // one each, the king too
    QCOMPARE(cqls(":powerdifference U 5", fenGame(fen, "Antichess")), 1);
    // Pieces in hand count only when the designator names the backhand.
    const std::string hand = "4k3/8/8/8/8/8/8/4K3[QRp] w - - 0 1";
    QCOMPARE(cqls(":power A 0", fenGame(hand, "Crazyhouse")), 1);
    QCOMPARE(cqls(":power A[+] 8", fenGame(hand, "Crazyhouse")), 1);
    QCOMPARE(cqls(":power a[*] 1", fenGame(hand, "Crazyhouse")), 1);
    QCOMPARE(cqls(":power [Aa][*] 9", fenGame(hand, "Crazyhouse")), 1);
    QCOMPARE(cqls(":power A[+] 1 :flipcolor", fenGame(hand, "Crazyhouse")), 1); // Black's pawn in the image
    QCOMPARE(cqls(":powerdifference U[*] 7", fenGame(hand, "Crazyhouse")), 1);
    // :piececount counts the pieces in hand the same way.
    QCOMPARE(cqls(":piececount A 1", fenGame(hand, "Crazyhouse")), 1);
    QCOMPARE(cqls(":piececount A[*] 3", fenGame(hand, "Crazyhouse")), 1);
    QCOMPARE(cqls(":piececount [Rr][+] 1", fenGame(hand, "Crazyhouse")), 1);
    QCOMPARE(cqls(":piececount p[+] 1 :flipcolor", fenGame(hand, "Crazyhouse")), 1);
    QCOMPARE(cqls(":piececountdifference U[+] 1", fenGame(hand, "Crazyhouse")), 1);
    // Keywords that look at the board only refuse the backhand by name.
    QCOMPARE(cqlsError("(match (position :moveto Q[+]))"),
             "1:26: 'Q[+]': the backhand ([+], [*]) is read only by :movefrom, :piececount, :power, :attackcount "
             "and their differences");
    // The seed counts the attacks of pieces in hand, which attack nothing.
    QCOMPARE(cqls(":attackcount [Nn][+] . 0", fenGame(hand, "Crazyhouse")), 1);
    QCOMPARE(cqls(":attackcount [Nn][+] . 1", fenGame(hand, "Crazyhouse")), 0);
}

// Drops written in CQL 6: a drop comes from its own, empty, square.
void TestCqlsVariantKeywords::toCql6()
{
    const game::Game g = dataGame(QStringLiteral("crazyhouse"), 1);
    for (const char *list : {":movefrom U[+]", ":movefrom ???", ":movefrom .", ":movefrom [.N]"}) {
        const std::string script = std::string("(match (position ") + list + "))";
        const cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(script);
        QVERIFY2(c.untranslated.empty(), c.text.c_str());
        QCOMPARE(int(runQuery(c.text, g).matches.size()), cqls(list, g));
    }
    QCOMPARE(cql::cqls::convertToCql6("(match (position :movefrom U[+]))").text.find("move from _")
                 != std::string::npos,
             true);
    // Which piece is dropped CQL 6 cannot say: named as having no equivalent.
    const cql::cqls::Cql6Conversion q = cql::cqls::convertToCql6("(match (position :movefrom Q[+]))");
    QCOMPARE(int(q.untranslated.size()), 1);
    QCOMPARE(q.untranslated[0].keyword, std::string(":movefrom"));
}

// A FEN with pockets is a Crazyhouse position, also without a Variant tag.
void TestCqlsVariantKeywords::pocketsWithoutVariantTag()
{
    for (const char *fen : {"7k/6pp/8/8/8/8/8/R3K3[Qn] w - - 0 1", "7k/6pp/8/8/8/8/8/R3K3/Qn w - - 0 1"}) {
        const game::Game g = pgnGame(std::string("[FEN \"") + fen + "\"]\n[SetUp \"1\"]\n\n1. Ra8+ N@f8 2. Q@e8 *\n");
        QVERIFY2(!g.unsupported && g.errors.empty() && g.nodes.size() == 4, fen);
        QCOMPARE(g.root().position.variant(), chess::Variant::Crazyhouse);
        QCOMPARE(cqls(":movefrom U[+]", g), 2);
    }
    // A king in a pocket is still refused.
    const game::Game bad = pgnGame("[FEN \"7k/6pp/8/8/8/8/8/R3K3[Qk] w - - 0 1\"]\n[SetUp \"1\"]\n\n*\n");
    QVERIFY(bad.unsupported || !bad.errors.empty());
}

QTEST_APPLESS_MAIN(TestCqlsVariantKeywords)
#include "tst_cqlsvariantkeywords.moc"
