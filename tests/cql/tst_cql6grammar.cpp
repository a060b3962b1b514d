// The CQL 6 grammar as CQL 6.2 accepts it: statements the reference engine
// runs and statements it refuses, each verdict taken from CQL 6.2 build 9.493.
// A refusal must come with a message at line:column.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

#include <algorithm>

using namespace cqltest;

class TestCql6Grammar : public QObject {
    Q_OBJECT
private slots:
    void verdict_data();
    void verdict();
    void refusedTransformLeavesNoState();
    void positionVariableTruth();
    void makesquareOfName();
    void valueTruth();
    void unboundValues();
};

namespace {

void row(const char *statement, bool accepted) { QTest::newRow(statement) << QString::fromUtf8(statement) << accepted; }

} // namespace

void TestCql6Grammar::verdict_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<bool>("accepted");
    row("dictionary X[\"a\"]=\"bc\"", true);
    row("dictionary X[\"a\"]", true);
    row("local dictionary D[\"k\"]=3", true);
    row("dictionary X[1] dictionary Y", true);
    row("[forall][Aa]x[element].k", true);
    row("[Aa]x[element]A k", true);
    row("∀◭x∊A k", true);
    row("v=k or q", true);
    row("I=\"v\" I+I", true);
    row("I=\"v\" I+1", false);
    row("\"a\"+1", false);
    row("sort str(\"1\")", true);
    row("sort \"checks\" \"checks\" find all check", true);
    row("sort min check", false);
    row("sort min \"x\" #A", true);
    row("sort quiet \"a\" #A", true);
    row("sort 3", false);
    row("message quiet (A)", true);
    row("legal A--", true);
    row("A-- legal", false);
    row("-- pseudolegal", false);
    row("A-- secondary", true);
    // consecutivemoves takes two different position variables, as names.
    row("x = position 0 y = position 1 consecutivemoves (x y)", true);
    row("x = position 0 consecutivemoves (x currentposition)", false);
    row("x = position 0 consecutivemoves (x (position 1))", false);
    row("x = position 0 consecutivemoves (x x)", false);
    row("x = 1 y = position 1 consecutivemoves (x y)", false);
    row("message quiet \"x\"", true);
    row("message", false);
    row("comment \"text\"", true);
    row("comment(\"a\" \"b\")", true);
    row("if wtm then check else", true);
    row("if wtm check else mate", true);
    row("local X=currentposition", false);
    row("atomic x = 1", true);
    row("atomic check", false);
    row("settag(\"MyTag\" 1)", false);
    row("settag(\"MyTag\" \"v\")", true);
    row("( Q n k k )", false);
    row("( Q )", true);
    row("{ }", false);
    row("()", false);
    row("1>=\"t\"", false);
    row("a<=A", false);
    row("A == a", true);
    row("A != a", true);
    row("A < 2", true);
    row("\"a\" < \"b\"", true);
    row("y+=k", false);
    row("x=1 x+=1", true);
    row("x=1 x+=A", false);
    row("x=\"a\" x+=\"b\"", true);
    row("x=A x|=a", true);
    row("x=A x+=a", false);
    row("persistent n += 1", false);
    row("abs A", false);
    row("abs #A", true);
    row("max(A 1) > 1", false);
    row("2 - A", false);
    row("- A", false);
    row("a - h8", false);
    row("a-h8", true);
    row("[g1, h1]", false);
    row("[g1,h1]", true);
    row("[ g1,h1]", false);
    row("x=[]", true);
    row("x=[ ]", false);
    row("line --> check {3, 5}", false);
    row("line --> check {3,5}", true);
    row("line --> check {*}", true);
    row("line --> check {+} --> mate", true);
    row("line --> . {*} --> move from R to g1", true);
    row("line --> check comment(\"x\") --> mate", false);
    row("line --> move from R comment \"x\" --> mate", true);
    row("line --> check 3 --> mate", false);
    row("line --> move . --> check", false);
    row("line --> move capture . --> move capture .", true);
    row("line 2 3 --> check", true);
    row("line 2 -1 --> check", false);
    row("move legal count == 1", true);
    row("move count legal <= 3", true);
    row("(move legal from B count) > 8", true);
    row("parent : move count legal == 1", true);
    row("move count", false);
    row("move castle castle", false);
    row("move null null", true);
    row("move from R from R", false);
    row("move promote Q", true);
    row("move promote Qa1", false);
    row("move enpassant promote Q", false);
    row("move legal capture a", false);
    row("move previous legal", false);
    row("move captures A", true);
    row("legal move from k", false);
    row("legal K--", true);
    row("countmoves legal --", true);
    row("currentmove castle", false);
    row("currentmove K--", true);
    row("P --=Q", true);
    row("P -- = Q", false);
    row("-- =Q", false);
    row("ray diagonal diagonal (B p k)", false);
    row("ray diagonal (B p k)", true);
    row("right 1 - 1 K", false);
    row("right 1 2 K", true);
    row("maindiagonal 1 K", true);
    row("offdiagonal N", true);
    row("dihedral K", true);
    row("flipdihedral K", true);
    row("initialposition : check", true);
    row("curpos", true);
    row("hascomment", true);
    row("extension", true);
    row("pathdebug", true);
    row("cql_abort", true);
    row("hhdb cooked", true);
    row("hhdb gbr kings", true);
    row("hhdb special max award", true);
    row("hhdb \"<cook>\"", true);
    row("hhdb <cook>", false);
    row("hhdb \"cooked\"", false);
    row("hhdb sort prize", true);
    row("hhdb prize sort", false);
    row("hhdb sort", false);
    row("hhdb sort max prize", false);
    row("hhdb prize prize", false);
    row("hhdb composer \"Kasp\"", true);
    row("hhdb composer \"a*b\"", false);
    row("hhdb AN", true);
    row("hhdb \"(m)\"", true);
    row("hhdb anticipation", true);
    row("hhdb source", false);
    row("hhdb kings", false);
    row("hhdb mainline", false);
    row("hhdb prize == 1 terminal sort \"Length of game\" \"Length of game\" movenumber", true);
    row("event \"a*b\"", false);
    row("player white \"[x]\"", false);
    row("player white \"Kasp\"", true);
    row("x = event ~~ \"a\"", true);
    row("event ~~ \"a\"[1:]", true);
    row("x = \"a\" event ~~ x", false);
    row("x = event + \\n + tag \"White\"", true);
    row("\"a\\d\" ~~ \"a\"", true);
    row("--|--", false);
    row("2+×=q", false);
    row("A -> P <- P", false);
    row("e2--Qa4=q>=2", false);
    row("rotate45 [a5,b7]", false);
    row("initial eco \"B9\" isbound \"B9\"", true);
    row("isunbound \"x\"", true);
    row("isbound reversecolor { kg8 }", false);
    row("unbind \"x\"", false);
    row("\u2655 == \u265b == \u25ed 2 == 6", false);
    row("A == a == 2", true);
    row("x = (A == a)", false);
    row("x = 3 != 2", false);
    row("(A == a) == a", false);
    row("path check { 10 }", false);
    row("path {check} {2,3}", false);
    // Session 11: dashes tied to the text before them, piece variables, bare
    // dictionaries, reserved words, glued designators, transforms of strings,
    // fen "board", numbers among dash targets, countmoves with targets,
    // square/piece bodies, enpassantsquare.
    row("k and[x]", false);
    row("k and [x]", true);
    row("[x] and[x]", false);
    row("\"abc\"[x]", false);
    row("not--", false);
    row("k|--", false);
    row("(k)--", true);
    row("piece x=q piece y=k y=x", false);
    row("piece x=q x=q", false);
    row("piece x=q piece x=k", true);
    row("dictionary D D", true);
    row("dictionary D #D", true);
    row("dictionary D #D==0", true);
    row("dictionary D D or k", true);
    row("dictionary D #D[1]", false);
    row("isunbound pgn", false);
    row("any=1", false);
    row("isbound transform", false);
    row("move captures", false);
    row("lastgamenumber", true); // 6.2 refuses it only on an empty file, which it cannot count
    row("k[Aa]", false);
    row("file[Aa][Aa]", false);
    row("a1[Aa]", false);
    row("Q[x]", true);
    row("sort flipcolor \"a\"", false);
    row("x=flipcolor currentposition", false);
    row("x=flipcolor #k", true);
    row("fen \"B9\"", false);
    row("fen \"8/8/8/8/8/8/8/7\"", false);
    row("fen \"8/8/8/8/8/8/8/8 w - - 0 1\"", true);
    row("str(fen \" is good\")", true);
    row("path -- {k} { 10 }", false);
    row("path focus A nestban -- {k} 10", false);
    row("path -- {k} {10}", true);
    row("countmoves --(btm)", true);
    row("countmoves --(o-o to)", true);
    row("countmoves legal --(btm)", false);
    row("--(castle primary)", true);
    row("path k(-- --)", true);
    row("path k(a1--b2)", true);
    row("path (k)--", true);
    row("square all S in (up 1 S) p", true);
    row("piece x in x", false);
    row("square x in k k", true);
    row("move enpassantsquare a3", true);
    row("move enpassantsquare", false);
    row("move enpassant enpassantsquare a3", false);
    // Session 16, from scripts/grammar-diff.py: a glued {n,m} is a repetition
    // token, which only a line or path constituent takes; a query needs a
    // filter; `- 8` is the number -8 (a transform's or find's range, a sort
    // of a constant); makesquare of a square's name; position variables
    // where a truth value is wanted pass the compiler (CQL 6.2 stops only
    // when it evaluates them: positionVariableTruth).
    row("check {3}", false);
    row("check{3,}", false);
    row("check {,3}", false);
    row("check {,}", false);
    row("flipcolor {check}{3}", false);
    row("not check{3}", false);
    row("check { 3 }", true);
    row("line --> check{2,3} --> mate", true);
    row("// only a comment", false);
    row("; only a comment", false);
    row("/* only a comment */", false);
    row("flip - 8", false);
    row("flip -8", false);
    row("flipcolor - 8", false);
    row("find - 8", false);
    row("flip - 8 + 1", true);
    row("flip -1 check", true);
    row("flip - 1 2 check", true);
    row("find -1 check", true);
    row("flip (-8)", true);
    row("not - 8", true);
    row("sort - 1", false);
    row("sort -1", false);
    row("sort (-1)", false);
    row("sort - 1 + 1", true);
    row("sort -(1)", true);
    row("line --> -1", false);
    row("makesquare \"e4\"", true);
    row("makesquare event", true);
    row("makesquare (\"e4\")", true);
    row("makesquare \"e4\" == e4", true);
    row("makesquare (1 2)", true);
    row("makesquare 1 2", false);
    row("x=currentposition x", true);
    row("x=currentposition not x", true);
    row("echo (s t) line --> t", true);
    row("x=currentposition x:check", true);
    // Piece glyphs glued into one designator name each piece once, and do
    // not mix with letters in brackets; o-o only without blanks.
    row("♔♔", false);
    row("◭△", false);
    row("♕♖♗◭◭", false);
    row("□□", false);
    row("[♔♔]", false);
    row("[K♔]", false);
    row("[◭A]", false);
    row("♔♔e4", false);
    row("♔ ♔", true);
    row("♚△", true);
    row("[◭]e4", true);
    row("[KK]", true);
    row("o - o", false);
    row("move o - o", false);
    row("move o-o - o", false);
    row("path o - o", false);
    row("move o-o-o", true);
    row("path o-o-o", true);
    // A parenthesis right after a line's arrow opens a group: what follows
    // the ')' is not part of the constituent.
    row("line --> (R) & q", false);
    row("line -->(R)&q", false);
    row("line --> (R)", true);
    row("line --> (check) --> mate", true);
    row("line --> (check or mate) --> R", true);
    row("line --> (check) {2}", true);
    row("check \"x\"", true);
    row("3", true);
    // if without else is only true or false: no set, number or string.
    row("northwest if P q", false);
    row("northwest (if P q)", false);
    row("#(if P q) > 0", false);
    row("x = if P q", false);
    row("P & (if P q)", false);
    row("square all y in (if P q) true", false);
    row("x = if check 3", false);
    row("northwest (if P q else r)", true);
    row("#(if check P else p) > 1", true);
    row("x = if check 3 else 4 x > 1", true);
    row("if P q", true);
    // 1-0, 0-1 and 1/2-1/2 without blanks are game results, which only
    // 'result' takes; other glued numbers are arithmetic.
    row("flip 1-0", false);
    row("flip 1-0 elo elo white", false);
    row("x = 1-0", false);
    row("ply > 1-0", false);
    row("ply > 0-1", false);
    row("ply > 1/2-1/2", false);
    row("result 1-0", true);
    row("result 1/2-1/2", true);
    row("2-0 == 2", true);
    row("ply > 1 -0", true);
    row("ply>1-1", true);
    row("ply > 1/2", true);
    // try is CQL 6.2's comparison 1 == find ...: a number, not a logical filter.
    row("try%sidetomove", true);
    row("try == 1", true);
    row("x = try", true);
    row("sort try", true);
    row("max(try 2)", true);
    // reversecolor has no count form; the other transforms have.
    row("reversecolor count parent", false);
    row("reversecolor count check", false);
    row("flipcolor count check", true);
    row("reversecolor 1 check", true);
    // Tag names: the roster tags are read from the game's own fields; names
    // near them, or beginning with White or Black, are refused by 6.2.
    row("tag \"White\"", true);
    row("tag \"EventDate\"", true);
    row("tag \"FEN\"", true);
    row("tag \"Annotator\"", true);
    row("tag \"round\"", true);
    row("tag \"Round\"", false);
    row("tag \"Result\"", false);
    row("tag \"Fen\"", false);
    row("tag \"WhiteElo\"", false);
    row("tag \"\"", false);
    row("tag \"_x\"", false);
    row("tag \"a b\"", false);
    row("settag(\"White\" \"x\")", false);
    row("settag(\"BlackX\" \"x\")", false);
    row("x=\"Annotator\" settag(x \"y\")", false);
    row("settag(\"A\" + \"b\" \"y\")", false);
    row("settag(\"MyTag\" str(1))", true);
    // An operator glued to a dash is no target (checked against 6.2).
    row("P--or R", true);
    row("P--and R", true);
    // Set 'in' is a test, not a set (checked against 6.2).
    row("P in q", true);
    row("#(P in q) == 0", false);
    row("sort (P in q)", false);
    row("(P in q) & a1", false);
    row("check in q", false);
    row("P in q in r", false);
}

void TestCql6Grammar::verdict()
{
    QFETCH(QString, statement);
    QFETCH(bool, accepted);
    std::vector<cql::Diagnostic> diags;
    auto q = compileBody(statement.toStdString(), &diags);
    bool errors = false;
    for (const cql::Diagnostic &d : diags) {
        if (d.severity != cql::Diagnostic::Error) continue;
        errors = true;
        // The statement is on line 2, after the header.
        QVERIFY2(d.line == 2 && d.column >= 1,
                 (std::to_string(d.line) + ":" + std::to_string(d.column) + " " + d.message).c_str());
        QVERIFY(!d.message.empty());
    }
    const std::string first = diags.empty() ? std::string() : diags[0].message;
    QVERIFY2((q != nullptr) == accepted, first.c_str());
    QCOMPARE(errors, !accepted);
}

void TestCql6Grammar::refusedTransformLeavesNoState()
{
    // rotate45 of a square is refused while its images are made; the next
    // query's transforms must not see what the refused one left behind.
    for (int i = 0; i < 3; ++i) {
        QVERIFY(!compileBody("rotate45 [a5,b7]"));
        QVERIFY(compileBody("reversecolor {kg8} flip {Ka1 kh8}"));
    }
}

void TestCql6Grammar::positionVariableTruth()
{
    // CQL 6.2 accepts these, then stops at the first position evaluated
    // ("an attempt to match a position when filter is a position variable"):
    // a warning at the variable, and an error naming its place when evaluated.
    game::Game g = pgnGame("1. e4 e5 *\n");
    for (const char *body :
         {"x=currentposition x", "x=currentposition {x}", "x=currentposition not x", "x=currentposition find x",
          "x=currentposition line --> x", "echo (s t) line --> t", "x=currentposition check or x"}) {
        std::vector<cql::Diagnostic> diags;
        QVERIFY2(compileBody(body, &diags), body);
        QVERIFY2(std::any_of(diags.begin(), diags.end(),
                             [](const cql::Diagnostic &d) {
                                 return d.severity == cql::Diagnostic::Warning && d.line == 2 && d.column > 1;
                             }),
                 body);
        cql::GameResult r = runQuery(std::string("cql()\n") + body, g);
        QVERIFY2(r.error.find("position variable at line 2, column") != std::string::npos, body);
    }
    // Its value is fine: compared, visited, assigned, written.
    for (const char *body : {"x=currentposition x:check or x:true", "x=currentposition x==currentposition",
                             "x=currentposition y=x", "x=currentposition comment(x)"}) {
        std::vector<cql::Diagnostic> diags;
        QVERIFY2(compileBody(body, &diags), body);
        QVERIFY2(diags.empty(), body);
        cql::GameResult r = runQuery(std::string("cql()\n") + body, g);
        QVERIFY2(r.error.empty(), (std::string(body) + ": " + r.error).c_str());
        QVERIFY2(!r.matches.empty(), body);
    }
}

void TestCql6Grammar::makesquareOfName()
{
    game::Game g = pgnGame("1. e4 e5 *\n");
    QVERIFY(!runQuery("cql()\nP & makesquare \"e4\"", g).matches.empty());
    QVERIFY(runQuery("cql()\nP & makesquare \"e5\"", g).matches.empty());
    // Not a square's name: the empty set.
    QVERIFY(runQuery("cql()\nmakesquare \"e9\"", g).matches.empty());
    QVERIFY(runQuery("cql()\nmakesquare \"e44\"", g).matches.empty());
    QVERIFY(!runQuery("cql()\np & makesquare (\"e\" + \"5\")", g).matches.empty());
}

void TestCql6Grammar::valueTruth()
{
    // String and number values where a filter must match or not: CQL 6.2
    // accepts the query, then stops at the first evaluation ("attempt to
    // match the position to a string literal", "... 'str ...' but the string
    // value it returns is ignored", "... a single string variable", "...
    // 'currentfen'", "... against the number", "... an absolute value node").
    game::Game g = pgnGame("1. e4 e5 *\n");
    for (const char *body : {"\"x\"",
                             "not \"x\"",
                             "wtm \"x\"",
                             "flip \"x\"",
                             "{\"x\"}",
                             "(\"x\")",
                             "str(\"x\")",
                             "flipcolor str(\"a\")",
                             "\"a\" + \"b\"",
                             "x = \"a\" x",
                             "x = \"a\" flip x",
                             "fen",
                             "if \"x\" check",
                             "line --> \"x\"",
                             "3",
                             "not 3",
                             "-3",
                             "x = 3 x",
                             "abs -3",
                             "sqrt 4",
                             "max(1 2)",
                             "if 3 check",
                             "# \"abc\"",
                             "# event",
                             "piecename e4",
                             "typename e4",
                             "flip currenttransform",
                             "player",
                             "white",
                             "not black",
                             "sidetomove",
                             "if check 3 else 4",
                             "if wtm check else 4",
                             "type e2",
                             "lca(parent currentposition)",
                             "distance(parent currentposition)",
                             "assert \"Length of game\"",
                             "{comment(\"c\") 3}"}) {
        std::vector<cql::Diagnostic> diags;
        QVERIFY2(compileBody(body, &diags), body);
        QVERIFY2(std::any_of(diags.begin(), diags.end(),
                             [](const cql::Diagnostic &d) {
                                 return d.severity == cql::Diagnostic::Warning && d.line == 2
                                     && d.message.find("neither true nor false") != std::string::npos;
                             }),
                 body);
        cql::GameResult r = runQuery(std::string("cql()\n") + body, g);
        QVERIFY2(r.error.find("at line 2, column") != std::string::npos, (std::string(body) + ": " + r.error).c_str());
        QVERIFY2(!r.matched, body);
    }
    // Their values are fine, and so are string filters that can fail.
    for (const char *body : {"x = \"a\" x == \"a\"",
                             "comment(\"x\")",
                             "flip \"x\" == \"x\"",
                             "str(\"x\") == \"x\"",
                             "dictionary D[\"a\"]=\"b\" D[\"a\"]",
                             "\"ab\"[0]",
                             "lowercase \"A\" == \"a\"",
                             "fen == fen",
                             "sort str(\"1\")",
                             "message(\"x\" \"y\")",
                             "x = \"a\" comment(x)",
                             "#\"abc\" == 3",
                             "1 + 2",
                             "ply",
                             "#P",
                             "x = 3 x > 1",
                             "abs -3 == 3",
                             "x = if check 3 else 4 x == 4",
                             "up 7 a1",
                             "down -7 0 a8"}) {
        std::vector<cql::Diagnostic> diags;
        QVERIFY2(compileBody(body, &diags), body);
        QVERIFY2(diags.empty(), (std::string(body) + ": " + (diags.empty() ? "" : diags[0].message)).c_str());
        cql::GameResult r = runQuery(std::string("cql()\n") + body, g);
        QVERIFY2(r.error.empty(), (std::string(body) + ": " + r.error).c_str());
        QVERIFY2(r.matched, body);
    }
}

void TestCql6Grammar::unboundValues()
{
    // CQL 6.2 stops the search at a square or piece variable read outside
    // its loop, and at a regular expression's group that the latest matched
    // pattern lacks ("Not enough groups in regex"); a group that took no
    // part in the match only fails.
    game::Game g = pgnGame("1. e4 e5 *\n");
    const std::pair<const char *, const char *> errors[] = {
        {"piece T in R true T", "the piece variable at line 2, column 19 is read where nothing is bound to it"},
        {"square T in R true T", "the set variable at line 2, column 20"},
        {"{false X = R} or true X", "the set variable at line 2, column 23"},
        {"\\1", "no regular expression has matched before it"},
        {"\"a\" ~~ \"a\" \\1", "the latest matched regular expression has no groups"},
        {"\"a\" ~~ \"(a)\" comment(\\2)", "the latest matched regular expression has only 1 group"},
        // ... and at a loop over a variable that is bound already.
        {"piece T in B piece T in B true", "the 'piece' loop at line 2, column 14 binds a variable that is already"},
        {"square x in e2 square x in e4 true", "the 'square' loop at line 2, column 16 binds"},
        {"piece T = Pe2 piece T in B true", "the 'piece' loop at line 2, column 15 binds"},
    };
    for (const auto &[body, message] : errors) {
        cql::GameResult r = runQuery(std::string("cql()\n") + body, g);
        QVERIFY2(r.error.find(message) != std::string::npos, (std::string(body) + ": " + r.error).c_str());
    }
    for (const char *body :
         {"piece T in R T", "\"a\" ~~ \"(a)\" \\1 == \"a\"", "X = R X", "square x in e2 true square x in e4 true"}) {
        cql::GameResult r = runQuery(std::string("cql()\n") + body, g);
        QVERIFY2(r.error.empty() && r.matched, (std::string(body) + ": " + r.error).c_str());
    }
    cql::GameResult r = runQuery("cql()\n\"b\" ~~ \"(a)|(b)\" \\1 == \"\"", g);
    QVERIFY2(r.error.empty() && !r.matched, r.error.c_str());
    // An inner loop over nothing binds nothing: no error (and no match).
    r = runQuery("cql()\nsquare x in e2 square x in [] true", g);
    QVERIFY2(r.error.empty() && !r.matched, r.error.c_str());
    // A direction's range past 7 steps, or backwards: a warning, then an
    // error where it is evaluated ("Invalid range" in 6.2), also from a variable.
    for (const char *body : {"up 2 1 Q", "up 1 8 Q", "down -8 Q", "x = 9 up x Q"}) {
        std::vector<cql::Diagnostic> diags;
        QVERIFY2(compileBody(body, &diags), body);
        r = runQuery(std::string("cql()\n") + body, g);
        QVERIFY2(r.error.find("direction's range") != std::string::npos, (std::string(body) + ": " + r.error).c_str());
    }
}

QTEST_GUILESS_MAIN(TestCql6Grammar)
#include "tst_cql6grammar.moc"
