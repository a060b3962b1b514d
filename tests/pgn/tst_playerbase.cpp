// The player base: Scid's spelling file format, name lookup, and the
// process-wide configured file.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "database/playerbase.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>

namespace {
const std::string Players = CQLWB_TEST_DATA "/players/players.ssp";
}

class TestPlayerBase : public QObject {
    Q_OBJECT
private slots:
    void readsPlayers();
    void lookup_data();
    void lookup();
    void unknownIgnoreCharacters();
    void unreadable();
    void configured();
};

void TestPlayerBase::readsPlayers()
{
    std::string error;
    auto base = database::PlayerBase::load(Players, &error);
    QVERIFY2(base, error.c_str());
    // Eleven player lines; the @SITE and @EVENT sections, %, > and # lines are not players.
    QCOMPARE(int(base->size()), 11);
    QCOMPARE(int(base->badLines()), 1);
    QCOMPARE(QString::fromStdString(base->firstProblem()), QString("line 20: '19x5' is not a birth--death date"));
    QVERIFY(!base->find("Somewhere, Nobody"));
    QVERIFY(!base->find("Alekhine Memorial"));
}

void TestPlayerBase::lookup_data()
{
    QTest::addColumn<QString>("pgnName");
    QTest::addColumn<QString>("name"); // "" none
    QTest::addColumn<int>("birth");
    QTest::addColumn<int>("death");
    QTest::newRow("as spelled") << "Alekhine, Alexander"
                                << "Alekhine, Alexander" << 1892 << 1946;
    QTest::newRow("case, spaces, punctuation") << "alekhine,alexander."
                                               << "Alekhine, Alexander" << 1892 << 1946;
    QTest::newRow("alias") << "Aljechin, Alexander"
                           << "Alekhine, Alexander" << 1892 << 1946;
    QTest::newRow("second alias") << "Alekhin, Alexandre"
                                  << "Alekhine, Alexander" << 1892 << 1946;
    QTest::newRow("initial") << "Alekhine, A."
                             << "Alekhine, Alexander" << 1892 << 1946;
    QTest::newRow("initial, no space") << "Capablanca,J"
                                       << "Capablanca, Jose Raul" << 1888 << 1942;
    QTest::newRow("initial, one of the family") << "Polgar, J"
                                                << "Polgar, Judit" << 1976 << 0;
    QTest::newRow("initial, two of the family") << "Polgar, S"
                                                << "" << 0 << 0;
    QTest::newRow("year only") << "Polgar, Sofia"
                               << "Polgar, Sofia" << 1974 << 0;
    QTest::newRow("no rating, birth and death") << "Notrated, Player"
                                                << "Notrated, Player" << 1950 << 2001;
    QTest::newRow("dots for the rating") << "Lasker, Emanuel"
                                         << "Lasker, Emanuel" << 1868 << 1941;
    QTest::newRow("unknown dates") << "Unknown, Dates"
                                   << "Unknown, Dates" << 0 << 0;
    QTest::newRow("death only") << "Early, Death"
                                << "Early, Death" << 0 << 1888;
    QTest::newRow("bad dates") << "Broken, Dates"
                               << "Broken, Dates" << 0 << 0;
    QTest::newRow("other forename") << "Carlsen, Henrik"
                                    << "" << 0 << 0;
    QTest::newRow("surname only") << "Carlsen"
                                  << "" << 0 << 0;
    QTest::newRow("empty") << ""
                           << "" << 0 << 0;
}

void TestPlayerBase::lookup()
{
    QFETCH(QString, pgnName);
    QFETCH(QString, name);
    QFETCH(int, birth);
    QFETCH(int, death);
    auto base = database::PlayerBase::load(Players, nullptr);
    QVERIFY(base);
    const database::PlayerRecord *p = base->find(pgnName.toStdString());
    QCOMPARE(p ? QString::fromStdString(p->name) : QString(), name);
    if (p) {
        QCOMPARE(p->birthYear, birth);
        QCOMPARE(p->deathYear, death);
    }
}

// Without a quoted string on the @PLAYER line, names are compared without space , . -.
void TestPlayerBase::unknownIgnoreCharacters()
{
    auto plain = database::PlayerBase::fromText("@PLAYER\nvan Wely, Loek  #gm NED [2700] 1972\n");
    QCOMPARE(int(plain->size()), 1);
    QVERIFY(plain->find("Van-Wely, Loek"));
    // A file's own set: here only spaces, so the comma counts.
    auto own = database::PlayerBase::fromText("@PLAYER \" \"\nvan Wely, Loek  #gm NED [2700] 1972\n");
    QVERIFY(own->find("vanWely, Loek"));
    QVERIFY(!own->find("van Wely Loek"));
}

void TestPlayerBase::unreadable()
{
    std::string error;
    QVERIFY(!database::PlayerBase::load(CQLWB_TEST_DATA "/players/missing.ssp", &error));
    QVERIFY2(error.find("missing.ssp") != std::string::npos, error.c_str());
    QTemporaryDir dir;
    const std::string empty = dir.filePath("empty.ssp").toStdString();
    std::ofstream(empty) << "# no players\n@SITE\nBerlin\n";
    QVERIFY(!database::PlayerBase::load(empty, &error));
    QCOMPARE(QString::fromStdString(error),
             QString::fromStdString(empty + ": no players (a spelling file has them in a @PLAYER section)"));
}

void TestPlayerBase::configured()
{
    std::string error;
    QVERIFY(!database::loadPlayerBase("", &error));
    QCOMPARE(QString::fromStdString(error), QString("no player base is set"));
    auto a = database::loadPlayerBase(Players, &error);
    QVERIFY(a);
    QCOMPARE(database::loadPlayerBase(Players, nullptr), a); // read once
    // A file that changes is read again.
    QTemporaryDir dir;
    const std::string path = dir.filePath("p.ssp").toStdString();
    std::ofstream(path) << "@PLAYER\nOne, Player  #- GER [....] 1900\n";
    auto one = database::loadPlayerBase(path, &error);
    QVERIFY(one);
    QCOMPARE(int(one->size()), 1);
    std::ofstream(path, std::ios::app) << "Two, Player  #- GER [....] 1901\nThree, Player  #- GER [....] 1902\n";
    auto three = database::loadPlayerBase(path, &error);
    QVERIFY(three);
    QCOMPARE(int(three->size()), 3);
    QVERIFY(!database::loadPlayerBase(dir.filePath("gone.ssp").toStdString(), &error));
    QVERIFY2(error.find("gone.ssp") != std::string::npos, error.c_str());
}

QTEST_GUILESS_MAIN(TestPlayerBase)
#include "tst_playerbase.moc"
