// CQL-S match list keywords read from Scidb's tags: :timemode (and its TimeControl derivation), :gender, the rating systems, :goodgame,
// :eventmode, :termination, :eventcategory, :whiteid/:blackid; those about the game data (:comment, :hasspecialmarker, :error,
// :output/:pgn, :hasmarker, :hascomments with languages); :birthyear and its kin from a player base; and their CQL 6 forms.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../cqlstest.h"

#include "cql/cqls/gameinfo.h"
#include "cql/cqls/tocql6.h"

using namespace cqltest;
using namespace cqlstest;
using cql::cqls::TimeMode;

namespace {

// A game with these tag lines and `plies` knight moves (Nf3 Nf6 Ng1 Ng8 ...).
game::Game gameWith(const std::string &tags, int plies = 20, const std::string &result = "1-0")
{
    static const char *moves[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    std::string pgn = "[Event \"E\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"" + result + "\"]\n" + tags + "\n";
    for (int p = 0; p < plies; ++p)
        pgn += (p % 2 == 0 ? std::to_string(p / 2 + 1) + ". " : std::string()) + moves[p % 4] + " ";
    return pgnGame(pgn + result + "\n");
}

std::string tag(const std::string &name, const std::string &value) { return "[" + name + " \"" + value + "\"]\n"; }

// 1 the game matches the match list keywords, 0 it does not, -1 they are refused.
int m(const std::string &keywords, const game::Game &g)
{
    int n = matches("(match " + keywords + ")", g);
    return n > 0 ? 1 : n;
}

// A good game by every clause: normal time control, 20 plies, decisive, a GM.
std::string goodTags() { return tag("TimeControl", "40/7200:3600") + tag("WhiteTitle", "GM"); }

} // namespace

class TestCqlsGameInfo : public QObject {
    Q_OBJECT
private slots:
    void timeControlTable_data();
    void timeControlTable();
    void timeMode();
    void gender();
    void ratingSystems();
    void averageAndDifference();
    void goodGame();
    void eventModeAndTermination();
    void eventCategory();
    void playerIds();
    void gameData();
    void neverInPgnWarns();
    void gameMarkers();
    void commentLanguages_data();
    void commentLanguages();
    void hasCommentsInLanguages();
    void refusedWithReason_data();
    void refusedWithReason();
    void playerYears();
    void toCql6();
};

void TestCqlsGameInfo::timeControlTable_data()
{
    QTest::addColumn<QString>("control");
    QTest::addColumn<qlonglong>("seconds");
    QTest::addColumn<QString>("mode");
    QTest::newRow("classical, two periods") << "40/7200:3600" << 10800LL << "normal";
    QTest::newRow("periods with increments") << "40/5400+30:1800+30" << 9000LL << "normal";
    QTest::newRow("one period repeats") << "40/7200" << 14400LL << "normal";
    QTest::newRow("an hour") << "3600" << 3600LL << "normal";
    QTest::newRow("just under an hour") << "3599" << 3599LL << "rapid";
    QTest::newRow("rapid with increment") << "900+10" << 1500LL << "rapid";
    QTest::newRow("just over ten minutes") << "601" << 601LL << "rapid";
    QTest::newRow("ten minutes") << "600" << 600LL << "blitz";
    QTest::newRow("blitz with increment") << "300+2" << 420LL << "blitz";
    QTest::newRow("three minutes by increment") << "120+1" << 180LL << "blitz";
    QTest::newRow("sandclock") << "*180" << 180LL << "blitz";
    QTest::newRow("just under three minutes") << "179" << 179LL << "bullet";
    QTest::newRow("bullet") << "60" << 60LL << "bullet";
    QTest::newRow("a day per move") << "1/86400" << 5184000LL << "corr";
    QTest::newRow("ten days for ten moves") << "10/864000" << 5184000LL << "corr";
    QTest::newRow("a day's increment") << "0+86400" << 5184000LL << "corr";
    QTest::newRow("half a day per move") << "1/43200" << 2592000LL << "normal";
    QTest::newRow("later periods after 60 moves ignored") << "1800:?" << 1800LL << "rapid";
    QTest::newRow("unknown") << "?" << -1LL << "unknown";
    QTest::newRow("no time control") << "-" << -1LL << "unknown";
    QTest::newRow("empty") << "" << -1LL << "unknown";
    QTest::newRow("unknown second period") << "40/7200:?" << -1LL << "unknown";
    QTest::newRow("zero moves") << "0/300" << -1LL << "unknown";
    QTest::newRow("not a time control") << "G/90" << -1LL << "unknown";
}

void TestCqlsGameInfo::timeControlTable()
{
    QFETCH(QString, control);
    QFETCH(qlonglong, seconds);
    QFETCH(QString, mode);
    QCOMPARE(cql::cqls::secondsForSixtyMoves(control.toStdString()), seconds);
    QCOMPARE(QString::fromUtf8(cql::cqls::timeModeName(cql::cqls::timeModeOfControl(control.toStdString())).data()),
             mode);
    // The same through the keyword, on a game with only that tag.
    game::Game g = gameWith(control.isEmpty() ? std::string() : tag("TimeControl", control.toStdString()));
    QCOMPARE(m(":timemode " + mode.toStdString(), g), 1);
    QCOMPARE(m(":timemode " + std::string(mode == "normal" ? "rapid" : "normal"), g), 0);
}

void TestCqlsGameInfo::timeMode()
{
    // The TimeMode tag wins over TimeControl, in any case.
    game::Game tagged = gameWith(tag("TimeMode", "Rapid") + tag("TimeControl", "300"));
    QCOMPARE(m(":timemode rapid", tagged), 1);
    QCOMPARE(m(":timemode blitz", tagged), 0);
    QCOMPARE(m(":timemode blitz,bullet,rapid", tagged), 1);
    QCOMPARE(m("!:timemode rapid", tagged), 0);
    QCOMPARE(m(":timemode corr", gameWith(tag("TimeMode", "corr"))), 1);
    // A TimeMode value that names no mode leaves it to the other tags.
    QCOMPARE(m(":timemode blitz", gameWith(tag("TimeMode", "fast") + tag("TimeControl", "300"))), 1);
    // Correspondence modes of the Mode tag; other modes read TimeControl.
    QCOMPARE(m(":timemode corr", gameWith(tag("Mode", "EM"))), 1);
    QCOMPARE(m(":timemode corr", gameWith(tag("Mode", "PM") + tag("TimeControl", "40/7200"))), 1);
    QCOMPARE(m(":timemode corr", gameWith(tag("Mode", "ICS") + tag("TimeControl", "180"))), 0);
    QCOMPARE(m(":timemode blitz", gameWith(tag("Mode", "ICS") + tag("TimeControl", "180"))), 1);
    QCOMPARE(m(":timemode unknown", gameWith(tag("Mode", "OTB"))), 1);
    // Nothing tells: unknown, and nothing else.
    game::Game bare = gameWith("");
    QCOMPARE(m(":timemode unknown", bare), 1);
    QCOMPARE(m(":timemode normal,rapid,blitz,bullet,corr", bare), 0);
    QCOMPARE(QString::fromStdString(cqlsError("(match :timemode blitz,fast)")),
             QString("1:18: 'fast' is not a time mode (unknown, normal, rapid, blitz, bullet, corr)"));
    QCOMPARE(QString::fromStdString(cqlsError("(match :timemode)")),
             QString("1:8: ':timemode' expects a comma-separated list"));
}

void TestCqlsGameInfo::gender()
{
    game::Game g = gameWith(tag("WhiteSex", "f") + tag("BlackSex", "M"));
    QCOMPARE(m(":whitegender f", g), 1);
    QCOMPARE(m(":whitegender w", g), 1);
    QCOMPARE(m(":whitegender m", g), 0);
    QCOMPARE(m(":blackgender m", g), 1);
    QCOMPARE(m(":blackgender f", g), 0);
    QCOMPARE(m(":gender f", g), 1);
    QCOMPARE(m(":gender m", g), 1);
    QCOMPARE(m(":gender x", g), 0);
    QCOMPARE(m("!:blackgender m", g), 0);
    QCOMPARE(m(":blackgender f,m", g), 1);
    // "w" in the tag is female too; a missing or other value is unknown.
    game::Game half = gameWith(tag("WhiteSex", "w") + tag("BlackSex", "?"));
    QCOMPARE(m(":whitegender f", half), 1);
    QCOMPARE(m(":blackgender x", half), 1);
    QCOMPARE(m(":whitegender x", half), 0);
    QCOMPARE(m(":gender x", half), 1);
    QCOMPARE(m(":gender m", half), 0);
    game::Game bare = gameWith("");
    QCOMPARE(m(":whitegender x", bare), 1);
    QCOMPARE(m(":gender f,m", bare), 0);
    // Colours swap with :eithercolor: a game with a female black player matches ":whitegender f" swapped.
    game::Game blackF = gameWith(tag("BlackSex", "f"));
    QCOMPARE(m(":whitegender f", blackF), 0);
    QCOMPARE(m(":whitegender f :eithercolor", blackF), 1);
    QCOMPARE(QString::fromStdString(cqlsError("(match :gender q)")),
             QString("1:16: 'q' is not a gender (f or w female, m male, x unknown)"));
}

void TestCqlsGameInfo::ratingSystems()
{
    // Each system reads its own tags, and only those.
    struct Sys {
        const char *name, *tag;
    };
    const Sys systems[] = {{"ELO", "Elo"},   {"DWZ", "DWZ"}, {"ECF", "ECF"},     {"USCF", "USCF"}, {"Rapid", "Rapid"},
                           {"ICCF", "ICCF"}, {"ACF", "ACF"}, {"Blitz", "Blitz"}, {"Edo", "Edo"}};
    for (const Sys &s : systems) {
        game::Game g = gameWith(tag(std::string("White") + s.tag, "2400") + tag(std::string("Black") + s.tag, "2200"));
        const std::string sys = std::string(" ") + s.name + " ";
        QVERIFY2(m(":rating" + sys + ">=2300", g) == 1, s.name);
        QVERIFY2(m(":rating" + sys + ">=2500", g) == 0, s.name);
        QVERIFY2(m(":whiterating" + sys + "2400", g) == 1, s.name);
        QVERIFY2(m(":blackrating" + sys + ">2300", g) == 0, s.name);
        QVERIFY2(m(":blackrating" + sys + "2100 2200", g) == 1, s.name);
        for (const Sys &other : systems)
            if (other.tag != s.tag)
                QVERIFY2(m(std::string(":rating ") + other.name + " *", g) == 0,
                         (std::string(s.name) + " / " + other.name).c_str());
    }
    // Lower-case system names; '*' any rating; 0 is no rating.
    game::Game g = gameWith(tag("WhiteDWZ", "2105") + tag("BlackDWZ", "0"));
    QCOMPARE(m(":rating dwz *", g), 1);
    QCOMPARE(m(":blackrating DWZ *", g), 0);
    QCOMPARE(m(":blackrating DWZ <=2000", g), 0);
    // Words that are no system; the refused word's arguments raise no further errors.
    QCOMPARE(QString::fromStdString(cqlsError("(match :averagerating FIDE >2000)")),
             QString("1:23: 'FIDE' is not a rating system (ELO, DWZ, ECF, ACF, USCF, Rapid, Blitz, ICCF, Edo)"));
    std::vector<cql::Diagnostic> d;
    compileCqls("(match :rating FIDE >2000)", &d);
    QCOMPARE(int(d.size()), 1);
}

void TestCqlsGameInfo::averageAndDifference()
{
    game::Game both = gameWith(tag("WhiteICCF", "2500") + tag("BlackICCF", "2301"));
    QCOMPARE(m(":averagerating ICCF 2400", both), 1);
    QCOMPARE(m(":averagerating ICCF >2400", both), 0);
    QCOMPARE(m(":averagerating* ICCF 2400", both), 1);
    QCOMPARE(m(":ratingdifference ICCF 199", both), 1);
    QCOMPARE(m(":ratingdifference ICCF <199", both), 0);
    QCOMPARE(m(":averagerating ICCF –", both), 0);
    // With the colours swapped the difference is Black's minus White's.
    game::Game lower = gameWith(tag("WhiteICCF", "2200") + tag("BlackICCF", "2400"));
    QCOMPARE(m(":ratingdifference ICCF 150 250", lower), 0);
    QCOMPARE(m(":ratingdifference ICCF -250 -150", lower), 1);
    QCOMPARE(m(":ratingdifference ICCF 150 250 :eithercolor", lower), 1);
    QCOMPARE(m(":ratingdifference ICCF 250 300 :eithercolor", lower), 0);
    game::Game one = gameWith(tag("WhiteECF", "215"));
    QCOMPARE(m(":averagerating ECF 215", one), 1);  // one rating alone is the average
    QCOMPARE(m(":averagerating* ECF *", one), 0);   // both needed
    QCOMPARE(m(":ratingdifference ECF *", one), 0); // both needed
    QCOMPARE(m(":averagerating ECF –", one), 0);
    QCOMPARE(m(":averagerating ECF –", gameWith("")), 1);
}

void TestCqlsGameInfo::goodGame()
{
    const std::string good = goodTags();
    QCOMPARE(m(":goodgame", gameWith(good)), 1);
    QCOMPARE(m("!:goodgame", gameWith(good)), 0);
    // Time mode normal or corr.
    QCOMPARE(m(":goodgame", gameWith(tag("TimeMode", "corr") + tag("WhiteTitle", "GM"))), 1);
    QCOMPARE(m(":goodgame", gameWith(tag("TimeControl", "900") + tag("WhiteTitle", "GM"))), 0);
    QCOMPARE(m(":goodgame", gameWith(tag("WhiteTitle", "GM"))), 0); // unknown time mode
    QCOMPARE(m("!:goodgame", gameWith(tag("WhiteTitle", "GM"))), 1);
    // No simultaneous games.
    QCOMPARE(m(":goodgame", gameWith(good + tag("EventType", "simul"))), 0);
    QCOMPARE(m(":goodgame", gameWith(good + tag("EventType", "tourn"))), 1);
    // At least 16 plies.
    QCOMPARE(m(":goodgame", gameWith(good, 15)), 0);
    QCOMPARE(m(":goodgame", gameWith(good, 16)), 1);
    // A draw needs 40 plies.
    QCOMPARE(m(":goodgame", gameWith(good, 39, "1/2-1/2")), 0);
    QCOMPARE(m(":goodgame", gameWith(good, 40, "1/2-1/2")), 1);
    QCOMPARE(m(":goodgame", gameWith(good, 20, "0-1")), 1);
    // A major title or a good rating.
    const std::string normal = tag("TimeControl", "40/7200:3600");
    QCOMPARE(m(":goodgame", gameWith(normal)), 0);
    QCOMPARE(m(":goodgame", gameWith(normal + tag("BlackTitle", "FM"))), 0);
    for (const char *t : {"IM", "GM", "WIM", "WGM", "CIM", "CGM"})
        QVERIFY2(m(":goodgame", gameWith(normal + tag("BlackTitle", t))) == 1, t);
    const std::pair<const char *, int> thresholds[] = {{"Elo", 2350}, {"DWZ", 2350},  {"ACF", 2350},
                                                       {"ECF", 220},  {"ICCF", 2350}, {"USCF", 2375}};
    for (auto [system, least] : thresholds) {
        QVERIFY2(m(":goodgame", gameWith(normal + tag(std::string("Black") + system, std::to_string(least)))) == 1,
                 system);
        QVERIFY2(m(":goodgame", gameWith(normal + tag(std::string("White") + system, std::to_string(least - 1)))) == 0,
                 system);
    }
    // Rapid ratings are not among the definition's systems.
    QCOMPARE(m(":goodgame", gameWith(normal + tag("WhiteRapid", "2700"))), 0);
}

void TestCqlsGameInfo::refusedWithReason_data()
{
    QTest::addColumn<QString>("script");
    QTest::addColumn<QString>("error");
    const QString need =
        QStringLiteral(" needs a player base, which PGN games do not carry: give a Scid spelling file (.ssp) "
                       "with -playerbase FILE, CQLWB_PLAYERBASE or the workbench's Query menu");
    QTest::newRow("birthyear") << "(match :birthyear >=1990)"
                               << "1:8: ':birthyear'" + need;
    QTest::newRow("whitebirthyear") << "(match :whitebirthyear 1950 1960)"
                                    << "1:8: ':whitebirthyear'" + need;
    QTest::newRow("blackdeathyear") << "(match !:blackdeathyear 1800 1950)"
                                    << "1:8: '!:blackdeathyear'" + need;
    QTest::newRow("deathyear") << "(match position:deathyear *)"
                               << "1:8: 'position:deathyear'" + need;
}

// :birthyear and its kin with the test player base (tests/data/players/players.ssp).
void TestCqlsGameInfo::playerYears()
{
    compileOptions().playerBase = CQLWB_TEST_DATA "/players/players.ssp";
    auto players = [](const std::string &white, const std::string &black) {
        return pgnGame(tag("White", white) + tag("Black", black) + "\n1. e4 e5 1-0\n");
    };
    const game::Game champions = players("Alekhine, Alexander", "Capablanca, Jose Raul"); // 1892-1946, 1888-1942
    QCOMPARE(m(":birthyear 1890 1900", champions), 1);
    QCOMPARE(m(":whitebirthyear 1890 1900", champions), 1);
    QCOMPARE(m(":blackbirthyear 1890 1900", champions), 0);
    QCOMPARE(m(":blackbirthyear <1890", champions), 1);
    QCOMPARE(m(":birthyear >=1990", champions), 0);
    QCOMPARE(m(":deathyear 1942", champions), 1);
    QCOMPARE(m(":whitedeathyear 1942", champions), 0);
    QCOMPARE(m(":blackdeathyear 1942", champions), 1);
    QCOMPARE(m(":deathyear 1800 1950", champions), 1); // the page's example
    QCOMPARE(m("!:deathyear 1800 1950", champions), 0);
    // The page's example: at least one younger player, born 1990 or later.
    const game::Game young = players("Carlsen, Magnus", "Polgar, J"); // 1990, 1976 (by the initial)
    QCOMPARE(m(":birthyear >=1990", young), 1);
    QCOMPARE(m(":blackbirthyear >=1990", young), 0);
    QCOMPARE(m(":blackbirthyear 1976", young), 1);
    // Living players have no death year; '–' is a year the base does not give.
    QCOMPARE(m(":deathyear *", young), 0);
    QCOMPARE(m(":deathyear \xE2\x80\x93", young), 1);
    QCOMPARE(m(":birthyear \xE2\x80\x93", young), 0);
    // A player the base does not know has no years.
    const game::Game strangers = players("Nobody, Known", "Alekhine, Alexander");
    QCOMPARE(m(":whitebirthyear *", strangers), 0);
    QCOMPARE(m(":whitebirthyear \xE2\x80\x93", strangers), 1);
    QCOMPARE(m(":birthyear *", strangers), 1);
    // Aliases, and the colours swapped with :eithercolor.
    const game::Game alias = players("Polgar, Judit", "Aljechin, Alexander");
    QCOMPARE(m(":whitedeathyear 1946", alias), 0);
    QCOMPARE(m(":whitedeathyear 1946 :eithercolor", alias), 1);
    // The base's unreadable dates are reported once, as a warning.
    std::vector<cql::Diagnostic> d;
    QVERIFY(compileCqls("(match :birthyear 1900 :deathyear 1950)", &d));
    QCOMPARE(int(d.size()), 1);
    QCOMPARE(d[0].severity, cql::Diagnostic::Warning);
    QVERIFY2(
        d[0].message.find("the dates of 1 players were not understood (line 20: '19x5' is not a birth--death date)")
            != std::string::npos,
        d[0].message.c_str());
    // A base that cannot be read is named in the error.
    compileOptions().playerBase = CQLWB_TEST_DATA "/players/missing.ssp";
    QVERIFY(QString::fromStdString(cqlsError("(match :birthyear 1900)"))
                .startsWith("1:8: ':birthyear' needs a player base, which PGN games do not carry: cannot open "));
    QVERIFY(QString::fromStdString(cqlsError("(match :birthyear 1900)")).contains("missing.ssp"));
    compileOptions().playerBase = "";
}

void TestCqlsGameInfo::eventModeAndTermination()
{
    // The PGN Mode tag's values (standard 9.6.2) map to the event modes.
    const std::pair<const char *, const char *> modes[] = {{"OTB", "otb"},
                                                           {"PM", "corr"},
                                                           {"EM", "email"},
                                                           {"ICS", "internet"},
                                                           {"TC", "tele"},
                                                           {"analysis", "analysis"},
                                                           {"Composition", "composition"},
                                                           {"?", "unknown"},
                                                           {"", "unknown"}};
    for (const auto &[tagValue, mode] : modes) {
        game::Game g = gameWith(*tagValue ? tag("Mode", tagValue) : std::string());
        QVERIFY2(m(std::string(":eventmode ") + mode, g) == 1, tagValue);
        QVERIFY2(m(std::string(":eventmode ") + (std::string(mode) == "otb" ? "corr" : "otb"), g) == 0, tagValue);
        QVERIFY2(m(std::string("!:eventmode ") + mode, g) == 0, tagValue);
    }
    QCOMPARE(m(":eventmode corr,email", gameWith(tag("Mode", "EM"))), 1);

    const std::pair<const char *, const char *> reasons[] = {{"normal", "normal"},
                                                             {"Time forfeit", "timeforfeit"},
                                                             {"time-forfeit", "timeforfeit"},
                                                             {"Rules infraction", "rulesinfraction"},
                                                             {"abandoned", "abandoned"},
                                                             {"adjudication", "adjudication"},
                                                             {"emergency", "emergency"},
                                                             {"Unterminated", "unterminated"},
                                                             {"death", "unknown"},
                                                             {"", "unknown"}};
    for (const auto &[tagValue, reason] : reasons) {
        game::Game g = gameWith(*tagValue ? tag("Termination", tagValue) : std::string());
        QVERIFY2(m(std::string(":termination ") + reason, g) == 1, tagValue);
        QVERIFY2(m(std::string(":termination ") + (std::string(reason) == "normal" ? "abandoned" : "normal"), g) == 0,
                 tagValue);
    }
    // The page's example: "not known to have ended abnormally".
    QCOMPARE(m(":termination unknown,normal", gameWith(tag("Termination", "normal"))), 1);
    QCOMPARE(m(":termination unknown,normal", gameWith(tag("Termination", "time forfeit"))), 0);
    QCOMPARE(
        QString::fromStdString(cqlsError("(match :eventmode otb,fide)")),
        QString(
            "1:19: 'fide' is not an event mode (unknown, otb, corr, email, internet, tele, analysis, composition)"));
    QVERIFY(QString::fromStdString(cqlsError("(match :termination draw)"))
                .startsWith("1:21: 'draw' is not a termination reason (unknown, normal, abandoned"));
}

void TestCqlsGameInfo::eventCategory()
{
    game::Game xxi = gameWith(tag("EventCategory", "21"));
    game::Game xv = gameWith(tag("EventCategory", "15"));
    game::Game none = gameWith("");
    // The page's examples: ">=20" and ">=XX" are the same.
    for (const char *r : {">=20", ">=XX"}) {
        QCOMPARE(m(std::string(":eventcategory ") + r, xxi), 1);
        QCOMPARE(m(std::string(":eventcategory ") + r, xv), 0);
        QCOMPARE(m(std::string(":eventcategory ") + r, none), 0);
    }
    QCOMPARE(m(":eventcategory XV", xv), 1);
    QCOMPARE(m(":eventcategory XIV XVI", xv), 1);
    QCOMPARE(m(":eventcategory X XX", xv), 1);
    QCOMPARE(m(":eventcategory X XX", xxi), 0);
    QCOMPARE(m(":eventcategory XIX", xxi), 0);
    // Zero: games without a category.
    QCOMPARE(m(":eventcategory 0", none), 1);
    QCOMPARE(m(":eventcategory 0", xv), 0);
}

void TestCqlsGameInfo::playerIds()
{
    game::Game g = gameWith(tag("WhiteFideId", "4100018") + tag("BlackFideId", "1503014"));
    QCOMPARE(m(":whiteid 4100018", g), 1);
    QCOMPARE(m(":whiteid 1503014", g), 0);
    QCOMPARE(m(":blackid 1,1503014", g), 1);
    QCOMPARE(m(":blackid 4100018", g), 0);
    QCOMPARE(m(":whiteid 1503014 :eithercolor", g), 1);
    QCOMPARE(m(":whiteid 4100018", gameWith("")), 0);
}

void TestCqlsGameInfo::gameData()
{
    game::Game clean = pgnGame("[Event \"A\"]\n\n1. e4 {This decisive game started with a surprise.} e5 "
                               "2. Nf3 (2. f4 {the gambit}) Nc6 1-0\n");
    game::Game illegal = pgnGame("[Event \"B\"]\n\n1. d4 d5 2. Ke3 Nf6 0-1\n");
    game::Game invalid = pgnGame("[Event \"C\"]\n\n1. c4 Nf9 *\n");
    QVERIFY(clean.errors.empty() && !illegal.errors.empty() && !invalid.errors.empty());
    // :comment: a part of some comment, case-insensitive; the page's example.
    QCOMPARE(m(":comment \"decisive game\"", clean), 1);
    QCOMPARE(m(":comment \"DECISIVE*surprise\"", clean), 1);
    QCOMPARE(m(":comment \"gambit\"", clean), 1); // comments in variations count
    QCOMPARE(m(":comment \"decisive match\"", clean), 0);
    QCOMPARE(m(":comment \"decisive\"", illegal), 0);
    QCOMPARE(QString::fromStdString(cqlsError("(match :comment decisive)")),
             QString("1:8: ':comment' expects a pattern in double quotes"));
    // :hasspecialmarker: an illegal move (the rules forbid it), an invalid one (no move at all).
    QCOMPARE(m(":hasspecialmarker illegalmove", illegal), 1);
    QCOMPARE(m(":hasspecialmarker illegalmove", invalid), 0);
    QCOMPARE(m(":hasspecialmarker invalidmove", invalid), 1);
    QCOMPARE(m(":hasspecialmarker invalidmove", illegal), 0);
    QCOMPARE(m(":hasspecialmarker illegalmove,invalidmove", clean), 0);
    // The page's example: games without invalid moves (illegal ones allowed).
    QCOMPARE(m(":not (match :hasspecialmarker invalidmove)", illegal), 1);
    QCOMPARE(m(":not (match :hasspecialmarker invalidmove)", invalid), 0);
    // :error: none, or a move that could not be decoded.
    QCOMPARE(m(":error none", clean), 1);
    QCOMPARE(m(":error none", illegal), 0);
    QCOMPARE(m(":error cannotdecodemove", illegal), 1);
    QCOMPARE(m(":error cannotdecodemove", invalid), 1);
    QCOMPARE(m(":error cannotdecodemove", clean), 0);
    QCOMPARE(m(":error none,cannotdecodemove", clean), 1);
    // :output and :pgn: accepted for CQL compatibility, without meaning.
    QCOMPARE(m(":output found.pgn :pgn games.pgn", clean), 1);
    QCOMPARE(QString::fromStdString(cqlsError("(match :pgn)")), QString("1:8: ':pgn' expects a file name"));
}

// Markers and error kinds only Scidb's own databases have compile with a warning, never silently.
void TestCqlsGameInfo::neverInPgnWarns()
{
    game::Game g = pgnGame("[Event \"A\"]\n\n1. e4 e5 1-0\n");
    for (const char *script : {":hasspecialmarker changed", ":hasspecialmarker changed,added", ":error checksumerror",
                               ":error gamedatacorrupted", ":error unexpectedendofstream"}) {
        std::vector<cql::Diagnostic> d;
        QVERIFY2(compileCqls(std::string("(match ") + script + ")", &d), script);
        QVERIFY2(!d.empty() && d[0].severity == cql::Diagnostic::Warning, script);
        QVERIFY2(d[0].message.find("never matches a PGN game") != std::string::npos, d[0].message.c_str());
        QCOMPARE(m(script, g), 0);
    }
    QCOMPARE(QString::fromStdString(cqlsError("(match :hasspecialmarker added)")),
             QString("1:26: ':hasspecialmarker added' never matches a PGN game: the databases are read only, so no "
                     "game is changed or added"));
    QCOMPARE(QString::fromStdString(cqlsError("(match :error gamedatacorrupted,none)")),
             QString("1:15: ':error gamedatacorrupted' never matches a PGN game: only Scid and ChessBase databases "
                     "are decoded that way"));
    QVERIFY(QString::fromStdString(cqlsError("(match :error oops)"))
                .startsWith("1:15: 'oops' is not an error kind (none,"));
}

// :hasmarker reads Scid's ScidFlags tag, mapped to Scidb's marker letters.
void TestCqlsGameInfo::gameMarkers()
{
    game::Game openings = gameWith(tag("ScidFlags", "WBT"));
    QCOMPARE(m(":hasmarker w,b", openings), 1); // the page's example
    QCOMPARE(m(":hasmarker w", openings), 1);
    QCOMPARE(m(":hasmarker T", openings), 1);
    QCOMPARE(m(":hasmarker m,e,!", openings), 0);
    QCOMPARE(m(":hasmarker", openings), 1); // any marker
    QCOMPARE(m("!:hasmarker", openings), 0);
    // Case matters in Scidb's letters: m middlegame, M material; Scid reads its letters in any case.
    game::Game middle = gameWith(tag("ScidFlags", "m"));
    QCOMPARE(m(":hasmarker m", middle), 1);
    QCOMPARE(m(":hasmarker M", middle), 0);
    QCOMPARE(m(":hasmarker p", gameWith(tag("ScidFlags", "P"))), 1); // Scid's pawn structure
    // Scid's custom flags 1-6 are Scidb's * D G S ^ ~.
    game::Game custom = gameWith(tag("ScidFlags", "1 6"));
    QCOMPARE(m(":hasmarker *", custom), 1);
    QCOMPARE(m(":hasmarker ~", custom), 1);
    QCOMPARE(m(":hasmarker D,G,S,^", custom), 0);
    QCOMPARE(m(":hasmarker G", gameWith(tag("ScidFlags", "3"))), 1);
    // The page's :xor example: marked ! or ? but not both.
    const std::string xorScript = ":xor ((match :hasmarker !) (match :hasmarker ?))";
    QCOMPARE(m(xorScript, gameWith(tag("ScidFlags", "!"))), 1);
    QCOMPARE(m(xorScript, gameWith(tag("ScidFlags", "?!"))), 0);
    QCOMPARE(m(xorScript, gameWith(tag("ScidFlags", "U"))), 0);
    // No tag, or no flag letters in it: no marker.
    QCOMPARE(m(":hasmarker", gameWith("")), 0);
    QCOMPARE(m(":hasmarker", gameWith(tag("ScidFlags", "xyz"))), 0);
    // Scid's D is the deletion flag: Scidb's special marker 'deleted', not a game marker.
    game::Game deleted = gameWith(tag("ScidFlags", "D"));
    QCOMPARE(m(":hasmarker", deleted), 0);
    QCOMPARE(m(":hasspecialmarker deleted", deleted), 1);
    QCOMPARE(m(":hasspecialmarker deleted", openings), 0);
    QCOMPARE(m(":hasspecialmarker illegalmove", deleted), 0);
    QCOMPARE(m(":hasspecialmarker deleted,illegalmove", deleted), 1);
    // Only the list's letters are markers.
    QCOMPARE(QString::fromStdString(cqlsError("(match :hasmarker w,x)")),
             QString("1:19: 'x' is not a game marker (one of wbmeNpTKQ!?U*DGS^~=MP, comma-separated)"));
    QCOMPARE(QString::fromStdString(cqlsError("(match :hasmarker wb)")),
             QString("1:19: 'wb' is not a game marker (one of wbmeNpTKQ!?U*DGS^~=MP, comma-separated)"));
}

void TestCqlsGameInfo::commentLanguages_data()
{
    QTest::addColumn<QString>("comment");
    QTest::addColumn<QString>("languages"); // "-" for the independent part
    QTest::newRow("plain") << "A fine move"
                           << "-";
    QTest::newRow("independent, de, en") << "Indep text <de> Deutscher Text <en> English text"
                                         << "-,de,en";
    QTest::newRow("de, en") << "<de> Deutscher Text <en> English text"
                            << "de,en";
    QTest::newRow("empty part") << "<de> <en> English"
                                << "en";
    QTest::newRow("mark without a space is text") << "a<b>c <fr>"
                                                  << "-";
    QTest::newRow("upper case is no mark") << "<DE> Text"
                                           << "-";
    QTest::newRow("mark at the end") << "Text <de>"
                                     << "-";
    QTest::newRow("same language twice") << "<de> eins <en> one <de> zwei"
                                         << "de,en";
    QTest::newRow("independent after a mark") << "<de> Text"
                                              << "de";
    QTest::newRow("html") << "<html>Indep<lang id=\"de\">Deutsch</lang><lang id=\"en\">English</lang></html>"
                          << "-,de,en";
    QTest::newRow("html, only languages") << "<html><lang id=\"fr\"><b>Bien</b></lang></html>"
                                          << "fr";
    QTest::newRow("html, empty language") << "<html>Indep<lang id=\"fr\"> <b></b> </lang></html>"
                                          << "-";
    QTest::newRow("html, text after") << "<html><lang id=\"fr\">Bien</lang> after</html>"
                                      << "-,fr";
    QTest::newRow("only spaces") << "   "
                                 << "";
}

void TestCqlsGameInfo::commentLanguages()
{
    QFETCH(QString, comment);
    QFETCH(QString, languages);
    QStringList got;
    for (const std::string &l : cql::cqls::commentLanguages(comment.toStdString()))
        got << (l.empty() ? QString("-") : QString::fromStdString(l));
    QCOMPARE(got.join(','), languages);
}

// :hascomments with languages: the page's example, and the codes xx and yy.
void TestCqlsGameInfo::hasCommentsInLanguages()
{
    auto game = [](const std::string &comment) { return pgnGame("[Event \"A\"]\n\n1. e4 {" + comment + "} e5 1-0\n"); };
    const game::Game german = game("Gut <de> Ein guter Zug <fr> Un bon coup");
    QCOMPARE(m(":hascomments de,en", german), 1);
    QCOMPARE(m(":hascomments en", german), 0);
    QCOMPARE(m(":hascomments fr", german), 1);
    QCOMPARE(m(":hascomments DE", german), 1);
    QCOMPARE(m(":hascomments xx", german), 1);
    QCOMPARE(m(":hascomments yy", german), 1);
    const game::Game english = game("<de> Gut <en> Good");
    QCOMPARE(m(":hascomments xx", english), 0);
    QCOMPARE(m(":hascomments yy", english), 1);
    const game::Game onlyEnglish = game("<en> Good <de> ");
    QCOMPARE(m(":hascomments yy", onlyEnglish), 0);
    QCOMPARE(m(":hascomments en", onlyEnglish), 1);
    const game::Game plain = game("Good");
    QCOMPARE(m(":hascomments xx", plain), 1);
    QCOMPARE(m(":hascomments en,de", plain), 0);
    QCOMPARE(m(":hascomments", plain), 1);
    // A comment before the first move counts too; a game without comments matches no language.
    QCOMPARE(m(":hascomments de", pgnGame("{<de> Vorwort <en> Preface} 1. e4 e5 1-0\n")), 1);
    QCOMPARE(m(":hascomments xx,yy", pgnGame("1. e4 e5 1-0\n")), 0);
    QCOMPARE(m("!:hascomments de", english), 0);
    QCOMPARE(QString::fromStdString(cqlsError("(match :hascomments deu)")),
             QString("1:21: 'deu' is not a language code (two letters, as Scidb marks the languages of comments: de, "
                     "en, ...; xx language independent, yy any language but English)"));
}

void TestCqlsGameInfo::refusedWithReason()
{
    compileOptions().playerBase = "";
    QFETCH(QString, script);
    QFETCH(QString, error);
    std::vector<cql::Diagnostic> d;
    QVERIFY(!compileCqls(script.toStdString(), &d));
    QCOMPARE(QString::fromStdString(cqlsError(script.toStdString())), error);
    QCOMPARE(int(d.size()), 1); // the arguments raise no further errors
}

void TestCqlsGameInfo::toCql6()
{
    const std::vector<game::Game> games = {
        gameWith(tag("WhiteElo", "2400") + tag("BlackElo", "2200") + tag("WhiteSex", "f") + tag("BlackSex", "m")),
        gameWith(tag("WhiteElo", "2500") + tag("BlackSex", "W")),
        gameWith(tag("BlackDWZ", "1900") + tag("WhiteDWZ", "0") + tag("WhiteSex", "m")),
        gameWith(tag("WhiteDWZ", "2000") + tag("BlackDWZ", "2100")),
        gameWith(""),
    };
    // Elo ratings read as elo white / elo black; the other systems' tags and
    // WhiteSex/BlackSex are beyond CQL 6.2 (its tag refuses White... names).
    const char *scripts[] = {
        ":rating ELO >=2300",         ":whiterating ELO 2400",         ":blackrating ELO *",
        ":averagerating ELO 2300",    ":averagerating ELO 2500",       ":averagerating ELO –",
        ":averagerating* ELO >=2300", ":ratingdifference ELO 150 250", "!:rating ELO *",
    };
    for (const char *s : scripts) {
        const std::string script = std::string("(match ") + s + ")";
        cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(script);
        QVERIFY2(c.ok && c.untranslated.empty(), s);
        std::vector<cql::Diagnostic> d;
        auto q6 = cql::compile(c.text, {}, d);
        QVERIFY2(q6, (c.text + (d.empty() ? std::string() : d[0].message)).c_str());
        auto qs = compileCqls(script);
        QVERIFY2(qs, s);
        int matched = 0;
        for (const game::Game &g : games) {
            cql::Evaluator e6(*q6), es(*qs);
            cql::GameResult r6, rs;
            e6.run(g, r6);
            es.run(g, rs);
            QVERIFY2(r6.matched == rs.matched, (std::string(s) + "\n" + c.text).c_str());
            matched += rs.matched;
        }
        // Every script tells the games apart: neither all nor none match.
        QVERIFY2(matched > 0 && matched < int(games.size()), s);
    }
    // The time mode, :goodgame, the genders and other rating systems are left out, by name.
    for (const char *s : {":timemode blitz", "!:goodgame", ":gender f", "!:blackgender x", ":whitegender m,x"}) {
        cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(std::string("(match ") + s + ")");
        QVERIFY(c.ok);
        QCOMPARE(int(c.untranslated.size()), 1);
        QCOMPARE(QString::fromStdString(c.untranslated[0].keyword), QString(s).section(' ', 0, 0));
        QVERIFY(c.text.find("// no CQL 6 equivalent: " + c.untranslated[0].keyword) != std::string::npos);
    }
    for (const char *s : {":rating DWZ <=2000", ":averagerating DWZ <2000", ":rating ACF >2000"}) {
        cql::cqls::Cql6Conversion c = cql::cqls::convertToCql6(std::string("(match ") + s + ")");
        QVERIFY(c.ok);
        QCOMPARE(int(c.untranslated.size()), 1);
        QVERIFY2(c.text.find("tag \"White") == std::string::npos, c.text.c_str());
    }
}

QTEST_GUILESS_MAIN(TestCqlsGameInfo)
#include "tst_cqlsgameinfo.moc"
