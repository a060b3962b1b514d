// Roster tag values as CQL 6.2 reads them (game/tagvalues.h): defaults for
// missing tags, dates kept as fields, tidied player names. The values were
// checked against CQL 6.2 on the same games.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"
#include "game/tagvalues.h"

using namespace cqltest;

class TestTagValues : public QObject {
    Q_OBJECT
private slots:
    void playerNames_data();
    void playerNames();
    void dates_data();
    void dates();
    void missingAndEmptyTags();
    void filtersReadThem();
};

void TestTagValues::playerNames_data()
{
    QTest::addColumn<QString>("written");
    QTest::addColumn<QString>("read");
    QTest::newRow("dot at the end") << "MacFarlane, D."
                                    << "MacFarlane, D";
    QTest::newRow("no blank after comma") << "Anand,V"
                                          << "Anand, V";
    QTest::newRow("blanks around") << "  Smith,   J..  "
                                   << "Smith, J";
    QTest::newRow("inner blanks kept") << "Kasparov,  Garry  K."
                                       << "Kasparov, Garry  K";
    QTest::newRow("van der") << "van der Berg, J"
                             << "Van der Berg, J";
    QTest::newRow("Van Den") << "Van Den Doel"
                             << "Van den Doel";
    QTest::newRow("comma at the end") << "Tal,"
                                      << "Tal,";
    QTest::newRow("plain") << "Carlsen, Magnus"
                           << "Carlsen, Magnus";
}

void TestTagValues::playerNames()
{
    QFETCH(QString, written);
    QFETCH(QString, read);
    QCOMPARE(QString::fromStdString(game::standardPlayerName(written.toStdString())), read);
}

void TestTagValues::dates_data()
{
    QTest::addColumn<QString>("written");
    QTest::addColumn<QString>("read");
    QTest::newRow("whole") << "1999.05.07"
                           << "1999.05.07";
    QTest::newRow("unknown parts") << "1984.??.??"
                                   << "1984.??.??";
    QTest::newRow("year and month") << "2001.03"
                                    << "2001.03.??";
    QTest::newRow("bad month") << "1999.13.05"
                               << "1999.??.??";
    QTest::newRow("bad day") << "1999.02.32"
                             << "1999.02.??";
    QTest::newRow("year too large") << "3000.01.01"
                                    << "????.01.01";
    QTest::newRow("empty") << ""
                           << "????.??.??";
    QTest::newRow("text") << "abc"
                          << "????.??.??";
    QTest::newRow("short year") << "87.1.2"
                                << "0087.01.02";
}

void TestTagValues::dates()
{
    QFETCH(QString, written);
    QFETCH(QString, read);
    QCOMPARE(QString::fromStdString(game::normalizedDate(written.toStdString())), read);
}

void TestTagValues::missingAndEmptyTags()
{
    game::Game none = pgnGame("[Result \"*\"]\n\n1. e4 *\n");
    QCOMPARE(game::cqlTagValue(none, "Event").value_or("-"), std::string("?"));
    QCOMPARE(game::cqlTagValue(none, "White").value_or("-"), std::string("?"));
    QCOMPARE(game::cqlTagValue(none, "Round").value_or("-"), std::string("?"));
    QCOMPARE(game::cqlTagValue(none, "Date").value_or("-"), std::string("????.??.??"));
    QCOMPARE(game::cqlTagValue(none, "EventDate").value_or("-"), std::string("????.??.??"));
    QVERIFY(!game::cqlTagValue(none, "ECO"));
    QVERIFY(!game::cqlTagValue(none, "Annotator"));
    game::Game empty = pgnGame("[Event \"\"]\n[White \"\"]\n[Round \"\"]\n[Annotator \"\"]\n[ECO \"\"]\n\n1. e4 *\n");
    QVERIFY(!game::cqlTagValue(empty, "Event"));
    QVERIFY(!game::cqlTagValue(empty, "White"));
    QVERIFY(!game::cqlTagValue(empty, "ECO"));
    QCOMPARE(game::cqlTagValue(empty, "Round").value_or("-"), std::string());
    QCOMPARE(game::cqlTagValue(empty, "Annotator").value_or("-"), std::string());
}

void TestTagValues::filtersReadThem()
{
    game::Game g = pgnGame("[White \"van der Berg,J.\"]\n[Date \"1999.13.05\"]\n[Result \"*\"]\n\n1. e4 *\n");
    auto matches = [&](const char *body) { return runQuery(std::string("cql() initial ") + body, g).matched; };
    QVERIFY(matches("player white == \"Van der Berg, J\""));
    QVERIFY(matches("tag \"White\" == \"Van der Berg, J\""));
    QVERIFY(matches("player white \"Berg, J\""));
    QVERIFY(matches("date == \"1999.??.??\""));
    QVERIFY(matches("eventdate == \"????.??.??\""));
    QVERIFY(matches("event == \"?\""));
    QVERIFY(!matches("player white == \"van der Berg,J.\""));
    // `player` alone: both names joined by a backslash and an n (6.2's
    // `player white + "\n" + player black`), the missing Black read as "?".
    QVERIFY(matches("player == \"Van der Berg, J\\n?\""));
    QVERIFY(matches("#player == 18"));
}

QTEST_APPLESS_MAIN(TestTagValues)
#include "tst_tagvalues.moc"
