// The CQL-S to CQL 6 converter: each script and its CQL 6 form must match the
// same positions of the same games, and keywords CQL 6 cannot say are named
// with their place.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../cqlstest.h"

#include "cql/cqls/tocql6.h"

#include <QFile>

using namespace cqltest;
using namespace cqlstest;

namespace {

// Games that give the keywords something to find: checks and mate, castling
// both ways, en passant, promotions of both colours, a pin, game tags.
const char *Games[] = {
    "[White \"Anand, V\"]\n[Black \"Kasparov, G\"]\n[Result \"1-0\"]\n[WhiteElo \"2100\"]\n[BlackElo \"1900\"]\n"
    "[Date \"2013.05.01\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n",
    "[White \"Carlsen, M\"]\n[Black \"Anand, V\"]\n[Result \"1/2-1/2\"]\n[WhiteElo \"2850\"]\n[BlackElo \"2790\"]\n"
    "[Date \"2014.11.20\"]\n\n1. e4 Nf6 2. e5 d5 3. exd6 exd6 4. Nf3 Be7 5. Bc4 O-O 6. O-O Nc6 7. d4 Bg4 "
    "8. Nc3 Qd7 9. Qd3 Rae8 10. Bd2 Bxf3 11. gxf3 Nxd4 12. Qxd4 c5 13. Qd3 Qh3 14. Rfe1 Bd8 15. Bxf7+ Kh8 1/2-1/2\n",
    "[White \"X\"]\n[Black \"Y\"]\n[Result \"*\"]\n[FEN \"8/P6k/8/8/8/8/p6K/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
    "1. a8=Q a1=N 2. Qb7+ Kg6 3. Qc6+ Kf5 4. Kg3 Ke5 *\n",
    "[White \"X\"]\n[Black \"Y\"]\n[Result \"0-1\"]\n[FEN \"4k3/8/8/8/4r3/8/4B3/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n"
    "1. O-O Rg4+ 2. Kh1 Rh4+ 3. Kg2 Rxh2+ 4. Kxh2 Kd7 0-1\n",
    "[White \"Q\"]\n[Black \"R\"]\n[Result \"*\"]\n[FEN \"r3k2r/8/8/3pP3/8/8/6p1/R3K2R w KQkq d6 0 1\"]\n[SetUp "
    "\"1\"]\n\n"
    "1. exd6 O-O-O 2. d7+ Kb7 3. O-O-O gxh1=Q 4. Rxh1 Rxh1+ *\n",
    "[White \"D\"]\n[Black \"C\"]\n[Result \"*\"]\n[FEN \"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
    "1. Nd6+ Kd7 2. Nb5 *\n",
};

std::vector<game::Game> games()
{
    std::vector<game::Game> out;
    for (const char *pgn : Games)
        out.push_back(pgnGame(pgn));
    return out;
}

std::unique_ptr<cql::Query> compileCql6(const std::string &text, std::string &error)
{
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile(text, {}, d);
    if (!q && !d.empty()) error = std::to_string(d[0].line) + ":" + std::to_string(d[0].column) + ": " + d[0].message;
    return q;
}

std::string listOf(const std::vector<game::NodeId> &v)
{
    std::string s;
    for (game::NodeId n : v)
        s += std::to_string(n) + " ";
    return s;
}

// Converts the script, runs both on every game and compares; returns the
// number of matched positions in all games (so a test can insist on some).
int compareOnGames(const std::string &script, std::string *cql6 = nullptr)
{
    auto original = compileCqls(script);
    if (!original) {
        qWarning("CQL-S does not compile: %s", cqlsError(script).c_str());
        return -1;
    }
    cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(script);
    if (!c.ok || !c.untranslated.empty()) {
        qWarning("not fully converted: %s", c.untranslated.empty() ? "?" : c.untranslated[0].keyword.c_str());
        return -2;
    }
    if (cql6) *cql6 = c.text;
    std::string error;
    auto converted = compileCql6(c.text, error);
    if (!converted) {
        qWarning("the CQL 6 text does not compile: %s\n%s", error.c_str(), c.text.c_str());
        return -3;
    }
    int total = 0;
    const auto gs = games();
    for (size_t i = 0; i < gs.size(); ++i) {
        if (gs[i].nodes.empty() || gs[i].unsupported) {
            qWarning("test game %zu does not read", i);
            return -4;
        }
        auto a = matchedPositions(*original, gs[i]);
        auto b = matchedPositions(*converted, gs[i]);
        if (a != b) {
            qWarning("game %zu: CQL-S matches [%s], CQL 6 [%s]\n%s", i, listOf(a).c_str(), listOf(b).c_str(),
                     c.text.c_str());
            return -5;
        }
        total += int(a.size());
    }
    return total;
}

} // namespace

class TestCqlsToCql6 : public QObject {
    Q_OBJECT
private slots:
    void gamesRead();
    void sameMatches_data();
    void sameMatches();
    void conformancePairs_data();
    void conformancePairs();
    void designatorsAndRanges();
    void untranslated_data();
    void untranslated();
    void untranslatedTextStillCompiles();
    void readingErrors();
    void nextMoveKeywordsWithVariations();
};

void TestCqlsToCql6::gamesRead()
{
    // Every test game reads to its end: a broken game would make comparisons vacuous.
    const int plies[] = {7, 30, 8, 8, 8, 3};
    const auto gs = games();
    for (size_t i = 0; i < gs.size(); ++i) {
        QVERIFY2(!gs[i].unsupported, qPrintable(QString::number(i)));
        QVERIFY2(int(gs[i].nodes.size()) == plies[i] + 1,
                 qPrintable(QStringLiteral("game %1: %2 positions").arg(i).arg(gs[i].nodes.size())));
    }
}

void TestCqlsToCql6::sameMatches_data()
{
    QTest::addColumn<QString>("script");
    auto row = [](const char *s) { QTest::newRow(s) << QString::fromUtf8(s); };
    // Simple keywords, negation, logic.
    row("(match (position :check))");
    row("(match (position !:check :wtm))");
    row("(match (position :nocheck :btm))");
    row("(match (position :mate))");
    row("(match (position :initial))");
    row("(match (position :terminal))");
    row("(match (position :not (position :check)))");
    row("(match (position :or ((position :mate) (position :initial))))");
    row("(match (position :xor ((position :check) (position :wtm))))");
    row("(match (position :and ((position :check) (position :btm))))");
    row("(match (position :cond (position :check) (position :btm) (position :initial)))");
    row("(match (position :cond ((position :wtm) (position :check))))");
    row("(match (position :check [Q]))");
    row("(match (position :check r))");
    row("(match (position :doublecheck))");
    row("(match (position !:doublecheck :check))");
    row("(match (position :doublecheck N))");
    row("(match (position :doublecheck r))");
    row("(match (position :contactcheck))");
    row("(match (position !:contactcheck :check))");
    row("(match (position :contactcheck Q))");
    row("(match (position :contactcheck [Rr]))");
    row("(match (position :isdoublecheck))");
    row("(match (position :iscontactcheck))");
    // Designators.
    row("(match (position U?8))");
    row("(match (position M[a-h1-4] m))");
    row("(match (position I i))");
    row("(match (position .e4 .d4))");
    row("(match (position ?e4))");
    row("(match (position [Bb]L?))");
    row("(match (position [Kk]D?))");
    row("(match (position A?8))");
    row("(match (position [Qq.]d8))");
    row("(match (position [Rr][a1,a8,h1,h8]))");
    // Counts and ranges.
    row("(match (position :piececount P 1 3))");
    row("(match (position :piececount [Pp] <12))");
    row("(match (position :piececount U >=20))");
    row("(match (position :piececount Q *))");
    row("(match (position :piececount Q \xE2\x80\x93))");
    row("(match (position :power A >30))");
    row("(match (position :powerdifference U >=3))");
    row("(match (position :piececountdifference [Pp] -1))");
    row("(match (position :pawncount P passed >=1))");
    row("(match (position :pawncountdifference [Pp] double >0))");
    row("(match (position :pawncount p isolated 1))");
    row("(match (position :pawncount P connected >=5))");
    row("(match (position :pawncountdifference [Pp] connected <0))");
    row("(match (position :movenumber 2 3 :wtm))");
    row("(match (position :movenumber >=12))");
    row("(match (position :halfmovenumber <3))");
    // Moves.
    row("(match (position :movefrom P))");
    row("(match (position :moveto [Qq]))");
    row("(match (position :moveto .e4))");
    row("(match (position :enpassant))");
    row("(match (position !:enpassant :movefrom P))");
    row("(match (position :noenpassant :btm))");
    row("(match (position :promote [QRBN]))");
    row("(match (position :promote [RBN]))");
    row("(match (position :promote n))");
    row("(match (position :promote [Qq]))");
    row("(match (position :iscastling))");
    row("(match (position :iscastling K))");
    row("(match (position :iscastling q))");
    row("(match (position :iscastling [Kk]))");
    row("(match (position :iscastling [KQkq]))");
    row("(match (position :ischeck))");
    row("(match (position :ismate))");
    row("(match (position :sequence ((position :check) (position :btm))))");
    row("(match (position :sequence ((position :movefrom P) (position :movefrom k) (position :check))))");
    row("(match (position :gappedsequence ((position :movefrom Q) (position :mate))))");
    row("(match (position :gappedsequence ((position :check) (position :check) (position :terminal))))");
    row("(match (position :ray (R k)))");
    row("(match (position :raydiagonal (Q k)))");
    row("(match (position :rayorthogonal (r A)))");
    row("(match (position :rayattack (r A K)))");
    row("(match (position :isstalemate))");
    row("(match (position :rayvertical (r K)))");
    row("(match (position :rayhorizontal (r K)))");
    row("(match (position :elo >=2800 :check))");
    row("(match (position :result 1-0 :check))");
    row("(match (position :insidevariation))");
    row("(match (position :check :matchcount 0))");
    // Transforms.
    row("(match (position Qh5 :flip))");
    row("(match (position Ke1 Rh1 :flipvertical))");
    row("(match (position Pe4 :fliphorizontal))");
    row("(match (position Pe4 :flipcolor :check))");
    row("(match (position Bc4 pe5 :flipcolor :flipvertical))");
    row("(match (position Bc4 :shift))");
    row("(match (position Qb7 :shifthorizontal))");
    row("(match (position Qc6 :shiftvertical :btm))");
    // Match list.
    row("(match :result 1-0 (position :mate))");
    row("(match :result 1/2 (position :initial))");
    row("(match :elo >=2800 (position :check))");
    row("(match :whiteelo 2000 2200 (position :initial))");
    row("(match :blackelo <2000)");
    row("(match :year 2014 (position :initial))");
    row("(match :player anand (position :initial))");
    row("(match :whiteplayer carlsen (position :terminal))");
    row("(match !:blackplayer kasparov (position :terminal))");
    row("(match :or ((match :result 1-0) (match :result 0-1)) (position :terminal))");
    row("(match :not (match :year 2013) (position :initial))");
    // Match counts and several lists.
    row("(match (position :check :matchcount >=2))");
    row("(match (position :check :matchcount 1))");
    row("(match (position :movefrom P :matchcount 2 4))");
    row("(match (position :check) (position :iscastling))");
    row("(match (position :mate) (position :movefrom Q :matchcount >=3))");
    row("(match (position :check) (position :movefrom Q :matchcount >=2))");
    row("(match (position :iscastling) (position :promote U :matchcount 1 2))");
    row("(match (position :promote [QRBN]) (position :check :matchcount 0))");
}

void TestCqlsToCql6::sameMatches()
{
    QFETCH(QString, script);
    std::string cql6;
    int n = compareOnGames(script.toStdString(), &cql6);
    QVERIFY2(n >= 0, qPrintable(QString::number(n)));
    if (qEnvironmentVariableIsSet("CQLWB_SHOW_COUNTS")) qInfo("%d", n);
}

void TestCqlsToCql6::conformancePairs_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("twin");
    QFile f(QStringLiteral(CQLWB_TEST_DATA "/cqls/twins.tsv"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    int rows = 0;
    while (!f.atEnd()) {
        QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(u'#')) continue;
        QStringList cols = line.split(u'\t');
        QCOMPARE(cols.size(), 3);
        QTest::newRow(qPrintable(cols[0])) << cols[1].replace(QStringLiteral("\\n"), QStringLiteral("\n"))
                                           << cols[2].replace(QStringLiteral("\\n"), QStringLiteral("\n"));
        ++rows;
    }
    QCOMPARE(rows, 26);
}

void TestCqlsToCql6::conformancePairs()
{
    QFETCH(QString, script);
    QFETCH(QString, twin);
    std::string cql6;
    int n = compareOnGames(script.toStdString(), &cql6);
    QVERIFY2(n >= 0, qPrintable(QString::number(n)));
    // The suite's own CQL 6 twin reads too: both are CQL 6 of the same engine.
    std::string error;
    QVERIFY2(compileCql6(twin.toStdString(), error), error.c_str());
}

void TestCqlsToCql6::designatorsAndRanges()
{
    // The CQL 6 spelling itself, for the letters CQL 6 lacks.
    auto body = [](const char *script) {
        std::string t = cql::cqls::convertToCql6(script).text;
        size_t header = t.find("cql(");
        size_t eol = t.find('\n', header);
        std::string b = t.substr(eol + 1);
        while (!b.empty() && b.back() == '\n')
            b.pop_back();
        return QString::fromStdString(b);
    };
    QCOMPARE(body("(match (position U))"), QStringLiteral("[Aa]"));
    QCOMPARE(body("(match (position .e4))"), QStringLiteral("_e4"));
    QCOMPARE(body("(match (position M?8))"), QStringLiteral("[QR]a-h8"));
    QCOMPARE(body("(match (position ?[a1,c3-4]))"), QStringLiteral("[a1,c3-4]"));
    QCOMPARE(body("(match (position []))"), QStringLiteral("~."));
    QCOMPARE(body("(match (position B?1-7))"), QStringLiteral("Ba-h1-7"));
    QCOMPARE(body("(match (position :piececount R 1 3))"), QStringLiteral("{#R >= 1 #R <= 3}"));
    QCOMPARE(body("(match (position :piececount R >2))"), QStringLiteral("#R >= 3"));
    QCOMPARE(body("(match (position :movefrom Ra3))"), QStringLiteral("move from Ra3"));
    QCOMPARE(body("(match (position :moveto .e6 :enpassant))"), QStringLiteral("move to _e6\nmove enpassant"));
    std::string t = cql::cqls::convertToCql6("(match (position :moveto [Qq] :matchcount >=4))").text;
    QVERIFY2(t.find("cql(matchcount 4 ") != std::string::npos, t.c_str());
    t = cql::cqls::convertToCql6("(match (position :variationsonly :check))").text;
    QVERIFY2(t.find("cql(variations)") != std::string::npos && t.find("variation\n") != std::string::npos, t.c_str());
}

void TestCqlsToCql6::untranslated_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("keyword");
    QTest::addColumn<int>("line");
    QTest::addColumn<int>("column");
    QTest::addColumn<bool>("noEquivalent");
    auto row = [](const char *name, const char *s, const char *k, int l, int c, bool none) {
        QTest::newRow(name) << QString::fromUtf8(s) << QString::fromUtf8(k) << l << c << none;
    };
    row("evaluation", "(match\n  (position :evaluation >1.0 :check))", ":evaluation", 2, 13, true);
    row("endgame", "(match (position !:endgame))", "!:endgame", 1, 18, true);
    row("variant", "(match (position :losing))", ":losing", 1, 18, true);
    row("trailing edge", "(match (position Ke1 :shiftvertical))", ":shiftvertical", 1, 22, true);
    row("square set shift", "(match (position R[c3,d3] :shift))", ":shift", 1, 27, true);
    row("diagonal shift", "(match (position Qd4 :shiftdiagonal))", ":shiftdiagonal", 1, 22, true);
    row("flipdiagonal", "(match (position Qd4 :flipdiagonal))", ":flipdiagonal", 1, 22, true);
    row("promoted", "(match (position Q~))", "Q~", 1, 18, true);
    row("match list", "(match :eco B00-99 (position :check))", ":eco", 1, 8, true);
    row("relation", "(match (position Kg1 :relation (:samesidetomove)))", ":relation", 1, 22, true);
    row("percentage", "(match (position :pawncount P passed >50%))", ":pawncount", 1, 18, false);
    row("end bound", "(match (position :movenumber end-3 end))", ":movenumber", 1, 18, false);
    row("unknown", "(match (position :frobnicate))", ":frobnicate", 1, 18, false);
}

void TestCqlsToCql6::untranslated()
{
    QFETCH(QString, script);
    QFETCH(QString, keyword);
    QFETCH(int, line);
    QFETCH(int, column);
    QFETCH(bool, noEquivalent);
    cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(script.toStdString());
    QVERIFY(c.ok);
    QCOMPARE(int(c.untranslated.size()), 1);
    const auto &u = c.untranslated[0];
    QCOMPARE(QString::fromStdString(u.keyword), keyword);
    QCOMPARE(u.line, line);
    QCOMPARE(u.column, column);
    QCOMPARE(u.noEquivalent, noEquivalent);
    std::string note =
        std::string(noEquivalent ? "// no CQL 6 equivalent: " : "// not converted: ") + keyword.toStdString();
    QVERIFY2(c.text.find(note) != std::string::npos, c.text.c_str());
}

void TestCqlsToCql6::untranslatedTextStillCompiles()
{
    // The comments stand where the keywords stood; the rest is still a query.
    const char *script = "(match :eco B00 (position :endgame :check Qh5 :shiftvertical))";
    cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(script);
    QVERIFY(c.ok);
    QCOMPARE(int(c.untranslated.size()), 3); // :eco, :endgame, :shiftvertical (h5 is on an edge)
    std::string error;
    QVERIFY2(compileCql6(c.text, error), (error + "\n" + c.text).c_str());
    // :checkcount is a constant in a standard game.
    c = cql::cqls::convertToCql6("(match (position :checkcount 0 :mate))");
    QCOMPARE(int(c.untranslated.size()), 1);
    QVERIFY2(c.text.find("true // no CQL 6 equivalent: :checkcount") != std::string::npos, c.text.c_str());
    c = cql::cqls::convertToCql6("(match (position :checkcount +1+0 :mate))");
    QVERIFY2(c.text.find("false // no CQL 6 equivalent: :checkcount") != std::string::npos, c.text.c_str());
    // Variant keywords become `false`, so the meaning holds.
    c = cql::cqls::convertToCql6("(match (position :check :kingonthehill))");
    QCOMPARE(int(c.untranslated.size()), 1);
    QVERIFY2(c.text.find("false // no CQL 6 equivalent: :kingonthehill") != std::string::npos, c.text.c_str());
    QVERIFY2(compileCql6(c.text, error), (error + "\n" + c.text).c_str());
    for (const game::Game &g : games()) {
        auto q = compileCql6(c.text, error);
        QVERIFY(matchedPositions(*q, g).empty());
    }
}

void TestCqlsToCql6::readingErrors()
{
    cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6("(match (position :check)");
    QVERIFY(!c.ok);
    QVERIFY(!c.diagnostics.empty());
    QCOMPARE(c.diagnostics[0].line, 1);
    c = cql::cqls::convertToCql6("cql() check");
    QVERIFY(!c.ok);
    QVERIFY(!c.diagnostics.empty());
}

QTEST_GUILESS_MAIN(TestCqlsToCql6)
void TestCqlsToCql6::nextMoveKeywordsWithVariations()
{
    // :ismate and its kin look at every next move when variations are
    // searched; the CQL 6 text must too (child would see the main line only).
    const game::Game g = pgnGame("[Result \"*\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qf3 (4. Qxf7#) 4... a6 *\n");
    QVERIFY(!g.nodes.empty());
    for (bool variations : {false, true}) {
        cql::CompileOptions o;
        o.variations = variations;
        for (const char *script : {"(match (position :ismate))", "(match (position :ischeck))"}) {
            std::vector<cql::Diagnostic> d;
            cql::CompileOptions so = o;
            so.dialect = cql::Dialect::CqlS;
            auto original = cql::compile(script, so, d);
            QVERIFY(original);
            cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(script);
            QVERIFY(c.ok);
            auto converted = cql::compile(c.text, o, d);
            QVERIFY2(converted, c.text.c_str());
            original->header().variations = converted->header().variations = variations; // as -variations does
            const auto a = matchedPositions(*original, g), b = matchedPositions(*converted, g);
            QCOMPARE(b, a);
            QCOMPARE(a.size(), size_t(variations ? 1 : 0));
        }
    }
}

#include "tst_cqlstocql6.moc"
