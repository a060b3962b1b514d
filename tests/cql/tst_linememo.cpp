// The line engine keeps, per game, what the rest of a positional line found
// after an unbounded constituent (multi.h, Options::positional). Each row runs
// a line both ways: as written (kept) and with `true` read through a variable
// (a line that reads a variable is not positional, so nothing is kept), and
// the two must agree on the matched positions, every comment (the line's
// "Start line ... End line of length N" name its end and length) and the
// values. Then the rows that must not be kept, and one that proves it is kept.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

const char *Scholar = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
// Checks at different depths, in the main line and in variations (one nested).
const char *Checks = "1. e4 e5 2. Bc4 Nc6 (2... Nf6 3. Bxf7+ Kxf7 4. Qh5+ (4. Nf3 d6 5. Ng5+ Kg8) 4... g6) "
                     "3. Qh5 Nf6 (3... g6 4. Qf3 Nf6 5. Qxf7#) 4. Qxf7# 1-0\n";
// A queen checking a king back and forth: every white move checks.
const char *QueenFen = "[FEN \"7k/8/8/8/8/8/8/K2Q4 w - - 0 1\"]\n[SetUp \"1\"]\n\n";

// Matched positions, comments and sort values of a query on a game.
QString outcome(const std::string &query, const std::string &pgn);
int matchCount(const std::string &query, const std::string &pgn)
{
    return int(outcome(query, pgn).section(QStringLiteral(" / "), 0, 0).split(u',', Qt::SkipEmptyParts).size());
}

QString outcome(const std::string &query, const std::string &pgn)
{
    cql::GameResult r = runQuery(query, pgnGame(pgn));
    if (!r.error.empty()) return QString::fromStdString("error: " + r.error);
    QStringList marks;
    for (const cql::PositionMark &m : r.matches)
        marks << QString::number(m.node);
    QStringList sorts;
    for (const cql::SortValue &s : r.sortValues)
        sorts << QString::number(s.value);
    return marks.join(u',') + " / " + commentList(r) + " / " + sorts.join(u',');
}

// The same query with each `true` read through a variable.
std::string unkept(std::string query)
{
    for (size_t at = 0; (at = query.find("true", at)) != std::string::npos; at += 9)
        query.replace(at, 4, "{Zero==0}");
    const size_t body = query.find(')') + 1; // after the cql( ... ) header
    return query.insert(body, "\nZero=0\n");
}

} // namespace

class TestLineMemo : public QObject {
    Q_OBJECT
private slots:
    void keptAgreesWithSearched_data();
    void keptAgreesWithSearched();
    void variablesAreNotKept();
    void gapsAreKept();
};

void TestLineMemo::keptAgreesWithSearched_data()
{
    QTest::addColumn<QString>("game");
    QTest::addColumn<QString>("query");
    QTest::addColumn<int>("matches"); // positions matched, so a row cannot pass by matching nothing
    auto row = [](const char *name, const char *g, const char *q, int n) {
        QTest::newRow(name) << QString(g) << QString(q) << n;
    };
    // The longest match from each start, its end named in the comments.
    row("gaps", Scholar, "cql() line --> true* --> move from Q --> true* --> mate", 7);
    row("gaps, trailing", Scholar, "cql() line --> true* --> move from Q --> true*", 7);
    row("gaps, answer depends on the position reached", Checks,
        "cql(variations) line --> true* --> check --> true* --> check", 6);
    row("three gaps, variations", Checks,
        "cql(variations) line --> true* --> move from Q --> true* --> btm --> true* --> mate", 5);
    row("main line only", Checks, "cql() line --> true* --> move from B --> true* --> mate", 3);
    row("primary", Checks, "cql(variations) line primary --> true* --> {btm check} --> true*", 15);
    // secondary steps only into variations, at every step (CQL 6.2): the checks themselves, each a line of one
    row("secondary", Checks, "cql(variations) line secondary --> true* --> check --> true*", 4);
    row("firstmatch", Checks, "cql(variations) line firstmatch --> true* --> check --> true* --> check", 6);
    row("lastposition", Checks, "cql(variations) (line lastposition --> true* --> check --> true*) : terminal", 15);
    row("lastposition, sorted by its ply", Checks,
        "cql(variations) sort \"end\" (line lastposition --> true* --> check --> true*) : ply", 15);
    row("length sorted", Checks, "cql(variations) sort \"length\" line --> true* --> {move from Q} --> true*", 11);
    row("quiet", Checks, "cql(variations) line quiet --> true* --> check --> true* --> check", 6);
    row("quiet firstmatch, whether only", Checks,
        "cql(variations) line quiet firstmatch --> true* --> check --> true* --> check --> true*", 6);
    row("quiet firstmatch, backward", Checks,
        "cql(variations) line quiet firstmatch <-- true* <-- check <-- true* <-- move from Q", 5);
    row("quiet firstmatch, its length", Checks,
        "cql(variations) sort \"length\" line quiet firstmatch --> true* --> check --> true*", 15);
    row("singlecolor", Checks, "cql(variations) line singlecolor --> true* --> check --> true*", 8);
    row("backward", Checks, "cql(variations) line <-- true* <-- check <-- true* <-- initial", 9);
    row("backward, lastposition", Checks,
        "cql(variations) (line lastposition <-- true* <-- {move from B} <-- true*) : initial", 18);
    row("repeated constituent", Checks, "cql(variations) line --> true* --> {wtm or check}{2,} --> true*", 14);
    row("group repeated", Checks, "cql(variations) line --> (true --> check){1,} --> true*", 4);
    row("group then gap", Checks, "cql(variations) line --> (true --> true)* --> check --> true*", 8);
    row("under a transform", Checks, "cql(variations) flipcolor line --> true* --> check --> true* --> move from k", 6);
    // `--> t -->` would ask the position variable t for truth, which CQL 6.2
    // refuses while evaluating: the constituent compares the position instead.
    row("inside echo", Scholar, "cql() echo (s t) { s : initial line --> currentposition == t --> true* --> mate }", 1);
}

void TestLineMemo::keptAgreesWithSearched()
{
    QFETCH(QString, game);
    QFETCH(QString, query);
    QFETCH(int, matches);
    const std::string g = game.toStdString(), q = query.toStdString();
    QCOMPARE(outcome(q, g), outcome(unkept(q), g));
    QCOMPARE(matchCount(q, g), matches);
}

void TestLineMemo::variablesAreNotKept()
{
    // What the line finds differs for P = Q and P = q at the same positions:
    // kept for the game, the first piece's answer would stand for the second.
    const char *line = "line --> true* --> move from Pc --> true*";
    auto count = [](const std::string &q) { return matchCount(q, Scholar); };
    QCOMPARE(count(std::string("cql(quiet) piece Pc in [Qq] ") + line), 7);
    QCOMPARE(count(std::string("cql(quiet) piece all Pc in [Qq] ") + line), 0);
    // A function's parameter stands for what was read at the call, before the line.
    QCOMPARE(
        count("cql(quiet) function F(x) { line --> true* --> move from x --> true* }\n piece all Pc in [Qq] F(Pc)"), 0);
    QCOMPARE(count("cql(quiet) function F(x) { line --> true* --> move from x --> true* }\n piece Pc in [Qq] F(Pc)"),
             7);
    QCOMPARE(count(std::string("cql(quiet) piece all Pc in [Qq] not ") + line), 1);
}

void TestLineMemo::gapsAreKept()
{
    // 400 plies, every white move a check: searched again from every start,
    // three gaps take more steps than the engine allows at one position.
    std::string pgn = QueenFen;
    for (int i = 1; i <= 100; ++i)
        pgn += std::to_string(2 * i - 1) + ". Qd4+ Kg8 " + std::to_string(2 * i) + ". Qd5+ Kh8 ";
    pgn += "*\n";
    const std::string q = "cql(quiet) line --> true* --> check --> true* --> check --> true* --> terminal";
    QCOMPARE(matchCount(q, pgn), 398);
    QVERIFY(outcome(unkept(q), pgn).contains(QStringLiteral("steps at one position")));
}

QTEST_MAIN(TestLineMemo)
#include "tst_linememo.moc"
