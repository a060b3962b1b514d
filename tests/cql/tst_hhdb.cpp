// hhdb: the fields of the HHdb study database on hand-made games written in
// its conventions (award in the Event tag, flags and GBR code in the Black
// tag, composer in the White tag, stipulation and EG number in the first
// comment, cooks noted in comments).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

// A shared prize, a composer with the "NN" suffix, a dual flag and a cook in a side line.
const char *Cooked = "[Event \"1/2.p Some Tourney #123\"]\n[White \"Composer=A NN\"]\n"
                     "[Black \"(+0471.21a2h4) (m) U1\"]\n\n"
                     "{EG#20923. stipulation: win.} 1. e4 (1. d4 {<cook AR>}) 1... e5 *\n";
// A special commendation without rank by several composers ("MC").
const char *Joint = "[Event \"sp.c Other Tourney\"]\n[White \"Alpha=B\"]\n[Black \"(=0000.10a1a3) MC\"]\n\n"
                    "{Alpha=B, Beta=C. stipulation: draw.} 1. e4 *\n";

} // namespace

class TestHhdb : public QObject {
    Q_OBJECT
private slots:
    void fields_data();
    void fields();
    void sideLinesNeedVariations();
    void awardSortOrder();
    void keysAreReadAsCql62ReadsThem_data();
    void keysAreReadAsCql62ReadsThem();
};

void TestHhdb::fields_data()
{
    QTest::addColumn<QString>("pgn");
    QTest::addColumn<QString>("query");
    QTest::addColumn<int>("matches");
    const QString cooked = QString::fromLatin1(Cooked), joint = QString::fromLatin1(Joint);
    QTest::newRow("shared prize: first rank") << cooked << "initial hhdb prize == 1" << 1;
    QTest::newRow("shared prize: last rank") << cooked << "initial hhdb prize max == 2" << 1;
    QTest::newRow("prize is an award") << cooked << "initial hhdb award" << 1;
    QTest::newRow("prize is no mention") << cooked << "initial hhdb hm" << 0;
    QTest::newRow("special commendation") << joint << "initial hhdb commendation" << 1;
    QTest::newRow("special award has no rank") << joint << "initial hhdb commendation > 0" << 0;
    QTest::newRow("special asked for: first rank") << joint << "initial hhdb special commendation == 1" << 1;
    QTest::newRow("unranked: last rank after all") << joint << "initial hhdb special commendation max == 10000" << 1;
    QTest::newRow("composer without NN") << cooked << "initial hhdb composer == \"Composer=A\"" << 1;
    QTest::newRow("several composers from the comment") << joint << "initial hhdb composer == \"Alpha=B, Beta=C\"" << 1;
    QTest::newRow("composer search") << joint << "initial hhdb composer \"Beta\"" << 1;
    QTest::newRow("gbr with sign and kings") << cooked << "initial hhdb gbr == \"+0471.21a2h4\"" << 1;
    QTest::newRow("gbr material") << cooked << "initial hhdb gbr material == \"0471.21\"" << 1;
    QTest::newRow("gbr pieces") << cooked << "initial hhdb gbr pieces == \"0471\"" << 1;
    QTest::newRow("gbr pawns") << cooked << "initial hhdb gbr pawns == \"21\"" << 1;
    QTest::newRow("gbr kings") << cooked << "initial hhdb gbr kings == \"a2h4\"" << 1;
    QTest::newRow("stipulation") << cooked << "initial hhdb stipulation == \"win\"" << 1;
    QTest::newRow("EG number") << cooked << "initial hhdb egdiagram == 20923" << 1;
    QTest::newRow("diagram number") << cooked << "initial hhdb diagram == \"123\"" << 1;
    QTest::newRow("flag") << cooked << "initial hhdb \"(m)\"" << 1;
    QTest::newRow("flag by name") << cooked << "initial hhdb modification" << 1;
    QTest::newRow("flag absent") << joint << "initial hhdb \"(m)\"" << 0;
    QTest::newRow("dual flag") << cooked << "initial hhdb dual_at_move_1 hhdb dual" << 1;
    QTest::newRow("cook in a side line") << cooked << "initial hhdb cooked" << 1;
    QTest::newRow("no cook") << joint << "initial hhdb cooked" << 0;
    QTest::newRow("cook with dual flag: unsound") << cooked << "initial hhdb unsound not hhdb sound" << 1;
    QTest::newRow("sound") << joint << "initial hhdb sound not hhdb unsound" << 1;
    QTest::newRow("first comment") << cooked << "initial hhdb firstcomment \"EG#\"" << 1;
    QTest::newRow("search text") << joint << "initial hhdb search \"Other\"" << 1;
}

void TestHhdb::fields()
{
    QFETCH(QString, pgn);
    QFETCH(QString, query);
    QFETCH(int, matches);
    game::Game g = pgnGame(pgn.toStdString());
    cql::GameResult r = runQuery("cql()\n" + query.toStdString(), g);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(int(r.matches.size()), matches);
}

void TestHhdb::sideLinesNeedVariations()
{
    game::Game g = pgnGame(Cooked);
    // The side line is the one position reached by 1. d4; the main line has three.
    cql::GameResult r = runQuery("cql(variations)\nhhdb variation", g);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(int(r.matches.size()), 1);
    r = runQuery("cql(variations)\nhhdb mainline", g);
    QCOMPARE(int(r.matches.size()), 3);
    // Without variations the query is refused, naming what is missing.
    QVERIFY(firstError("cql()\nhhdb variation").find("variations") != std::string::npos);
    std::vector<cql::Diagnostic> d;
    cql::CompileOptions withOption;
    withOption.variations = true; // cqlwb-cli -variations
    QVERIFY(cql::compile("cql()\nhhdb mainline", withOption, d) != nullptr);
}

void TestHhdb::awardSortOrder()
{
    // hhdb sort prize: sorted by rank with quiet sorts, so nothing is written.
    game::Game g = pgnGame(Cooked);
    cql::GameResult r = runQuery("cql()\ninitial hhdb sort prize", g);
    QVERIFY2(r.error.empty(), r.error.c_str());
    QCOMPARE(int(r.matches.size()), 1);
    QCOMPARE(int(r.sortValues.size()), 3);
    QCOMPARE(r.sortValues[1].value, 1LL); // rank
    QCOMPARE(r.sortValues[2].value, 2LL); // last rank of the shared prize
    for (const cql::SortValue &v : r.sortValues)
        QVERIFY(v.quiet);
}

void TestHhdb::keysAreReadAsCql62ReadsThem_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("quoted key") << "hhdb \"<cook>\"" << true;
    QTest::newRow("key needing quotes, bare") << "hhdb (m)" << false;
    QTest::newRow("plain key quoted") << "hhdb \"cooked\"" << false;
    QTest::newRow("gbr part") << "hhdb gbr kings" << true;
    QTest::newRow("gbr part alone") << "hhdb kings" << false;
    QTest::newRow("no such field") << "hhdb source" << false;
    QTest::newRow("sort last") << "hhdb prize sort" << false;
    QTest::newRow("sort without kind") << "hhdb sort" << false;
    QTest::newRow("sort and max") << "hhdb sort max prize" << false;
    QTest::newRow("two kinds") << "hhdb prize hm" << false;
    QTest::newRow("regex-like search text") << "hhdb composer \"a*b\"" << false;
}

void TestHhdb::keysAreReadAsCql62ReadsThem()
{
    QFETCH(QString, query);
    QFETCH(bool, accepted);
    std::string error = firstError("cql()\n" + query.toStdString());
    QVERIFY2(error.empty() == accepted, error.c_str());
    if (!accepted) QVERIFY2(error.starts_with("2:"), error.c_str()); // line:column of the statement
}

QTEST_GUILESS_MAIN(TestHhdb)
#include "tst_hhdb.moc"
