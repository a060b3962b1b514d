// The CQL-S keyword table (core/cql/cqls/keywordtable.h): every row is read
// in the lists it names and refused elsewhere, negation and arguments are
// checked as its signature says, with the keyword's line and column, and the
// converter treats each row as its CQL 6 column says.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../cqlstest.h"

#include "cql/cqls/keywordtable.h"
#include "cql/cqls/parser.h"
#include "cql/cqls/tocql6.h"

using namespace cqlstest;
using cql::cqls::KeywordSignature;

namespace {

std::string name(const KeywordSignature &k) { return std::string(k.name); }

// The keyword alone in a list of the given kind, on the script's second line.
std::string scriptWith(const std::string &word, std::uint8_t where)
{
    if (where == cql::cqls::InMatch) return "(match\n  " + word + ")";
    if (where == cql::cqls::InPosition) return "(match (position\n  " + word + "))";
    return "(match (position :relation (\n  " + word + ")))";
}

// The errors, "LINE:COLUMN: message" a line.
std::string errors(const std::string &script)
{
    std::vector<cql::Diagnostic> d;
    compileCqls(script, &d);
    std::string out;
    for (const cql::Diagnostic &x : d)
        if (x.severity == cql::Diagnostic::Error)
            out += std::to_string(x.line) + ":" + std::to_string(x.column) + ": " + x.message + "\n";
    return out;
}

std::string firstError(const std::string &script)
{
    const std::string all = errors(script);
    return all.substr(0, all.find('\n'));
}

} // namespace

class TestCqlsKeywordTable : public QObject {
    Q_OBJECT
private slots:
    void lookups();
    void everyRowIsReadInItsLists();
    void rowsAreRefusedOutsideTheirLists();
    void negationFollowsTheTable();
    void argumentsFollowTheSignature();
    void helpLineShowsTheSignature();
    void converterFollowsTheCql6Column();
};

void TestCqlsKeywordTable::lookups()
{
    QVERIFY(cql::cqls::keywordTable().size() > 150);
    for (const KeywordSignature &k : cql::cqls::keywordTable())
        QCOMPARE(cql::cqls::findKeyword(k.name), &k);
    QVERIFY(cql::cqls::findKeyword("check", cql::cqls::InPosition));
    QVERIFY(!cql::cqls::findKeyword("check", cql::cqls::InMatch));
    QVERIFY(cql::cqls::findKeyword("pattern", cql::cqls::InRelation));
    QVERIFY(!cql::cqls::findKeyword("frobnicate"));
}

void TestCqlsKeywordTable::everyRowIsReadInItsLists()
{
    // Compiled, or refused for its arguments or place, never as unknown.
    for (const KeywordSignature &k : cql::cqls::keywordTable()) {
        for (std::uint8_t where : {cql::cqls::InPosition, cql::cqls::InMatch, cql::cqls::InRelation}) {
            if (!(k.lists & where)) continue;
            const std::string script = scriptWith(":" + name(k), where);
            const std::string e = firstError(script);
            QVERIFY2(e.find("unknown") == std::string::npos
                         && e.find("not a relation list keyword") == std::string::npos
                         && e.find("not implemented") == std::string::npos,
                     (script + " -> " + e).c_str());
        }
    }
}

void TestCqlsKeywordTable::rowsAreRefusedOutsideTheirLists()
{
    int checked = 0;
    for (const KeywordSignature &k : cql::cqls::keywordTable()) {
        if (!(k.lists & cql::cqls::InMatch)) {
            QCOMPARE(firstError(scriptWith(":" + name(k), cql::cqls::InMatch)),
                     "2:3: unknown match list keyword ':" + name(k) + "'");
            ++checked;
        }
        if (!(k.lists & cql::cqls::InPosition)) {
            QCOMPARE(firstError(scriptWith(":" + name(k), cql::cqls::InPosition)),
                     "2:3: unknown position list keyword ':" + name(k) + "'");
            ++checked;
        }
    }
    QVERIFY(checked > 100);
}

void TestCqlsKeywordTable::negationFollowsTheTable()
{
    int refused = 0;
    for (const KeywordSignature &k : cql::cqls::keywordTable()) {
        if (!(k.lists & cql::cqls::InPosition)) continue;
        const std::string e = firstError(scriptWith("!:" + name(k), cql::cqls::InPosition));
        const std::string negation = "2:3: ':" + name(k) + "' cannot be negated";
        if (k.negatable) {
            QVERIFY2(e.find("cannot be negated") == std::string::npos, (name(k) + " -> " + e).c_str());
        } else {
            QCOMPARE(e, negation);
            ++refused;
        }
    }
    QVERIFY(refused >= 15); // the transforms, :cut, :exclude, :skip, the accumulators, :preceding
    // The relation list takes no negated keyword.
    QCOMPARE(firstError(scriptWith("!:pattern", cql::cqls::InRelation)),
             "2:3: '!:pattern' is not a relation list keyword");
}

void TestCqlsKeywordTable::argumentsFollowTheSignature()
{
    int checked = 0;
    for (const KeywordSignature &k : cql::cqls::keywordTable()) {
        if (!(k.lists & cql::cqls::InPosition) || k.lists & cql::cqls::InMatch) continue;
        const std::string args = cql::cqls::argumentsText(k);
        if (!k.takesArguments()) {
            // No argument: the word after it is the list's next part, a designator here.
            const std::string e = errors(scriptWith(":" + name(k) + " Xa1", cql::cqls::InPosition));
            QVERIFY2(e.find("2:" + std::to_string(5 + k.name.size()) + ": 'Xa1' is not a piece designator")
                         != std::string::npos,
                     (name(k) + " -> " + e).c_str());
            ++checked;
        } else if (args.front() == 'D' || args == "R") {
            // A required designator or range refuses a list in its place: at the
            // keyword (it expects ...) or at the list.
            const std::string e = firstError(scriptWith(":" + name(k) + " (position)", cql::cqls::InPosition));
            const std::string atList = "2:" + std::to_string(5 + k.name.size()) + ": ";
            QVERIFY2(e.rfind("2:3: ", 0) == 0 || e.rfind(atList, 0) == 0, (name(k) + " -> " + e).c_str());
            if (e.rfind("2:3: ", 0) == 0)
                QVERIFY2(e.find("expects") != std::string::npos, (name(k) + " -> " + e).c_str());
            ++checked;
        }
    }
    QVERIFY(checked > 60);
}

void TestCqlsKeywordTable::helpLineShowsTheSignature()
{
    const KeywordSignature *k = cql::cqls::findKeyword("piececount");
    QVERIFY(k);
    const std::string h = cql::cqls::helpLine(*k);
    QVERIFY2(h.rfind(":piececount D R (position list): ", 0) == 0, h.c_str());
    const KeywordSignature *flip = cql::cqls::findKeyword("flip");
    QVERIFY(flip);
    QVERIFY2(cql::cqls::helpLine(*flip).find("(position/relation list)") != std::string::npos,
             cql::cqls::helpLine(*flip).c_str());
}

void TestCqlsKeywordTable::converterFollowsTheCql6Column()
{
    for (const KeywordSignature &k : cql::cqls::keywordTable()) {
        if (!(k.lists & cql::cqls::InPosition) || k.takesArguments() || k.cql6 == cql::cqls::Cql6::Same) continue;
        // Keywords without an argument that CQL 6 cannot say are named, the
        // designator after them is converted all the same.
        const std::string script = "(match (position :" + name(k) + " Ka1))";
        cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(script);
        QVERIFY2(c.ok, script.c_str());
        bool named = false;
        for (const auto &u : c.untranslated)
            named = named || u.keyword == ":" + name(k);
        QVERIFY2(named, (script + "\n" + c.text).c_str());
        QVERIFY2(c.text.find("Ka1") != std::string::npos, (script + "\n" + c.text).c_str());
        if (k.cql6 == cql::cqls::Cql6::NeverInChess)
            QVERIFY2(c.text.find("false") != std::string::npos, (script + "\n" + c.text).c_str());
    }
}

QTEST_GUILESS_MAIN(TestCqlsKeywordTable)
#include "tst_cqlskeywordtable.moc"
