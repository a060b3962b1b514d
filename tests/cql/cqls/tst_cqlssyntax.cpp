// The CQL-S syntax tree (core/cql/cqls/syntax.h): what the reader makes of a
// match list, what it refuses and where, and that the compiler and the CQL 6
// converter, both reading the tree, agree.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../cqlstest.h"

#include "cql/cqls/syntax.h"
#include "cql/cqls/tocql6.h"

#include <QtTest>

using namespace cqltest;
using namespace cqlstest;
using cql::cqls::ArgKind;
using cql::cqls::Item;
using cql::cqls::KeywordNode;
using cql::cqls::ListNode;

namespace {

// The script read, its tree and the reader's diagnostics ("LINE:COLUMN: message").
struct Read {
    std::vector<Item> items;
    std::unique_ptr<ListNode> match;
    std::vector<std::string> errors;
};

std::unique_ptr<Read> readTree(const std::string &script)
{
    auto r = std::make_unique<Read>();
    std::vector<cql::Diagnostic> d;
    if (!cql::cqls::readItems(script, r->items, d) || r->items.empty()) return nullptr;
    cql::cqls::normalizeMatchList(r->items[0]);
    r->match = cql::cqls::readMatchList(r->items[0], d);
    for (const cql::Diagnostic &x : d)
        r->errors.push_back(std::to_string(x.line) + ":" + std::to_string(x.column) + ": " + x.message);
    return r;
}

// The first position list of the match list.
const ListNode *firstPositionList(const ListNode &match)
{
    for (const ListNode::Element &e : match.elements)
        if (e.list) return e.list.get();
    return nullptr;
}

} // namespace

class TestCqlsSyntax : public QObject {
    Q_OBJECT
private slots:
    void tree();
    void nestedLists();
    void leftOverWordsBelongToTheList();
    void refused_data();
    void refused();
    void argumentsText();
    void backEndsAgree_data();
    void backEndsAgree();
};

void TestCqlsSyntax::tree()
{
    auto r = readTree("(match :result 1-0\n (position :piececount [Qq] 1 3 !:check Rd1 Ka1))");
    QVERIFY(r);
    QVERIFY2(r->errors.empty(), r->errors.empty() ? "" : r->errors[0].c_str());
    QCOMPARE(r->match->kind, cql::cqls::InMatch);
    QCOMPARE(r->match->elements.size(), size_t(2));
    const KeywordNode *result = r->match->elements[0].keyword.get();
    QVERIFY(result && result->ok);
    QCOMPARE(result->name, std::string("result"));
    QCOMPARE(result->items.size(), size_t(1));
    QCOMPARE(result->args[0].spec->kind, ArgKind::Word);

    const ListNode *list = firstPositionList(*r->match);
    QVERIFY(list);
    QCOMPARE(list->kind, cql::cqls::InPosition);
    QCOMPARE(list->elements.size(), size_t(3)); // :piececount, !:check, Ka1
    const KeywordNode &count = *list->elements[0].keyword;
    QVERIFY(count.ok);
    QCOMPARE(count.args.size(), size_t(2));
    QVERIFY(count.args[0].present);
    QCOMPARE(count.args[0].spec->kind, ArgKind::Designator);
    QCOMPARE(count.args[1].spec->kind, ArgKind::Range);
    QCOMPARE(count.args[1].range.lo.value, 1LL);
    QCOMPARE(count.args[1].range.hi.value, 3LL);
    QCOMPARE(count.items.size(), size_t(3)); // [Qq] 1 3
    QCOMPARE(count.at->pos.line, 2);
    QCOMPARE(count.at->pos.column, 12);
    const KeywordNode &check = *list->elements[1].keyword;
    QVERIFY(check.negated);
    QVERIFY(check.args[0].present); // the optional designator Rd1
    QCOMPARE(check.items.size(), size_t(1));
    QVERIFY(!list->elements[2].keyword);
    QCOMPARE(list->elements[2].item->text, std::string("Ka1"));
}

void TestCqlsSyntax::nestedLists()
{
    auto r = readTree("(match (position :or ((position :check) (position :mate :btm)) :relation (:pattern)))");
    QVERIFY(r);
    QVERIFY(r->errors.empty());
    const ListNode *list = firstPositionList(*r->match);
    QVERIFY(list);
    const KeywordNode &orNode = *list->elements[0].keyword;
    QCOMPARE(orNode.lists().size(), size_t(2));
    QCOMPARE(orNode.lists()[1].elements.size(), size_t(2));
    QCOMPARE(orNode.lists()[1].elements[1].keyword->name, std::string("btm"));
    const KeywordNode &relation = *list->elements[1].keyword;
    QCOMPARE(relation.lists().size(), size_t(1));
    QCOMPARE(relation.lists()[0].kind, cql::cqls::InRelation);
    QCOMPARE(relation.lists()[0].elements[0].keyword->name, std::string("pattern"));

    // :not and :cond take lists one after another, too; a bare :not none.
    r = readTree("(match (position :cond (position :check) (position :mate) (position :btm) :not))");
    QVERIFY(r && r->errors.empty());
    list = firstPositionList(*r->match);
    QCOMPARE(list->elements[0].keyword->lists().size(), size_t(3));
    QVERIFY(list->elements[1].keyword->lists().empty());
}

void TestCqlsSyntax::leftOverWordsBelongToTheList()
{
    // A keyword without an argument: the word after it is the list's.
    auto r = readTree("(match (position :mate Ka1))");
    QVERIFY(r && r->errors.empty());
    const ListNode *list = firstPositionList(*r->match);
    QCOMPARE(list->elements.size(), size_t(2));
    QVERIFY(list->elements[0].keyword->items.empty());
    // An optional range left out: the designator after it is the list's.
    r = readTree("(match (position :ischeck Ka1))");
    QVERIFY(r && r->errors.empty());
    list = firstPositionList(*r->match);
    QCOMPARE(list->elements.size(), size_t(2));
    QVERIFY(!list->elements[0].keyword->args[0].present);
    QCOMPARE(list->elements[1].item->text, std::string("Ka1"));
}

void TestCqlsSyntax::refused_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("error");
    // Placement: a keyword of another kind of list.
    QTest::newRow("match keyword in a position list") << "(match\n (position :player Carlsen))"
                                                      << "2:12: unknown position list keyword ':player'";
    QTest::newRow("position keyword in the match list") << "(match :check (position :mate))"
                                                        << "1:8: unknown match list keyword ':check'";
    QTest::newRow("position keyword in a relation list") << "(match (position :relation (:check)))"
                                                         << "1:29: unknown relation list keyword ':check'";
    QTest::newRow("a word in a relation list") << "(match (position :relation (:pattern Qa1)))"
                                               << "1:38: 'Qa1' is not a relation list keyword";
    // Negation.
    QTest::newRow("!:flip") << "(match (position !:flip :check))"
                            << "1:18: ':flip' cannot be negated";
    QTest::newRow("!:forany") << "(match !:forany T R (position $T))"
                              << "1:8: ':forany' cannot be negated";
    QTest::newRow("negated in a relation list") << "(match (position :relation (!:pattern)))"
                                                << "1:29: '!:pattern' is not a relation list keyword";
    // Arguments missing or of the wrong kind.
    QTest::newRow("designator missing") << "(match (position\n   :movefrom))"
                                        << "2:4: ':movefrom' expects a piece designator";
    QTest::newRow("designator bad") << "(match (position :piececount Zz9 2))"
                                    << "1:30: 'Zz9' is not a piece designator";
    QTest::newRow("range missing") << "(match (position :piececount Q))"
                                   << "1:18: ':piececount' expects a range specifier";
    QTest::newRow("range bad") << "(match (position :piececount Q many))"
                               << "1:32: 'many' is not a range specifier";
    QTest::newRow("a list for a designator") << "(match (position :attackcount (position) Q 1))"
                                             << "1:18: ':attackcount' expects a piece designator";
    QTest::newRow("lists missing") << "(match (position :and :check))"
                                   << "1:18: ':and' expects a list of (position ...) lists";
    QTest::newRow("a list of the wrong kind") << "(match (position :or ((position :check) (match :result 1-0))))"
                                              << "1:41: (position ...) expected";
    QTest::newRow("an empty list of lists") << "(match (position :or ()))"
                                            << "1:22: ':or' needs at least one list";
    QTest::newRow("no relation list") << "(match (position :relation :check))"
                                      << "1:18: ':relation' expects a relation list";
    QTest::newRow(":cut with a match list") << "(match (position :cut (match :result 1-0)))"
                                            << "1:23: ':cut' expects a (position ...) list";
    QTest::newRow("in a nested list") << "(match (position :not ((position\n :moveto))))"
                                      << "2:2: ':moveto' expects a piece designator";
}

void TestCqlsSyntax::refused()
{
    QFETCH(QString, script);
    QFETCH(QString, error);
    auto r = readTree(script.toStdString());
    QVERIFY(r);
    QVERIFY2(!r->errors.empty(), qPrintable(script));
    QVERIFY2(r->errors[0].rfind(error.toStdString(), 0) == 0, r->errors[0].c_str());
    // The compiler reports the reader's refusal first, and the script does not compile.
    QVERIFY2(cqlsError(script.toStdString()).rfind(error.toStdString(), 0) == 0,
             cqlsError(script.toStdString()).c_str());
    QVERIFY(!compileCqls(script.toStdString()));
}

void TestCqlsSyntax::argumentsText()
{
    // The help line shows the typed signature as the table always wrote it.
    auto text = [](const char *name) {
        const cql::cqls::KeywordSignature *k = cql::cqls::findKeyword(name);
        return k ? cql::cqls::argumentsText(*k) : std::string("?");
    };
    QCOMPARE(text("attackcount"), std::string("D D R"));
    QCOMPARE(text("check"), std::string("[D]"));
    QCOMPARE(text("opposition"), std::string("[K or k]"));
    QCOMPARE(text("unstoppablepawns"), std::string("D R [: R]"));
    QCOMPARE(text("cut"), std::string("[(position ...)]"));
    QCOMPARE(text("match"), std::string("(position ...) lists"));
    QCOMPARE(text("fen"), std::string("\"FEN\""));
    QCOMPARE(text("exchangeevaluation"), std::string("depth R [D]"));
    QCOMPARE(text("ray"), std::string("D D ... [R]"));
    QCOMPARE(text("mate"), std::string());
    // Only a few keywords read their arguments themselves.
    int raw = 0;
    for (const cql::cqls::KeywordSignature &k : cql::cqls::keywordTable())
        for (const cql::cqls::ArgSpec &a : k.args)
            raw += a.kind == ArgKind::Raw;
    QVERIFY2(raw <= 12, qPrintable(QString::number(raw)));
}

void TestCqlsSyntax::backEndsAgree_data()
{
    QTest::addColumn<QString>("script");
    auto row = [](const char *s) { QTest::newRow(s) << QString::fromUtf8(s); };
    row("(match (position :check Ka1))");
    row("(match (position :piececount [Qq] 1 2 :wtm))");
    row("(match :result 1-0 (position :mate))");
    row("(match (position :not :check))");
    row("(match (position :or ((position :mate) (position :stalemate))))");
    row("(match (position :movefrom Q :moveto Qf7))");
    row("(match (position :power A >=10 :btm))");
    row("(match :not :result 0-1)");
    row("(match (position :flipcolor :check K))");
    row("(match (position :cond (position :wtm) (position :check) (position :mate)))");
}

void TestCqlsSyntax::backEndsAgree()
{
    QFETCH(QString, script);
    const std::string s = script.toStdString();
    auto original = compileCqls(s);
    QVERIFY2(original, cqlsError(s).c_str());
    cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(s);
    QVERIFY(c.ok);
    QVERIFY2(c.untranslated.empty(), c.text.c_str());
    std::vector<cql::Diagnostic> d;
    cql::CompileOptions o;
    auto converted = cql::compile(c.text, o, d);
    QVERIFY2(converted, c.text.c_str());
    const char *pgns[] = {
        "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
        "[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
        "[White \"X\"]\n[Black \"Y\"]\n[Result \"*\"]\n[FEN \"8/P6k/8/8/8/8/p6K/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
        "1. a8=Q a1=N 2. Qb7+ Kg6 3. Qc6+ Kf5 4. Kg3 Ke5 *\n",
    };
    for (const char *pgn : pgns) {
        const game::Game g = pgnGame(pgn);
        QVERIFY(!g.nodes.empty());
        QCOMPARE(matchedPositions(*converted, g), matchedPositions(*original, g));
    }
}

QTEST_GUILESS_MAIN(TestCqlsSyntax)
#include "tst_cqlssyntax.moc"
