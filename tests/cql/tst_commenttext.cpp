// How comment and str spell their arguments, as CQL 6.2's comment, message
// and str do: a value that is missing as <false>, an unbound variable by its
// name, `player` alone as both names joined by a backslash and an n, and
// `event "x"` as the event and then the text. Each
// answer is the one CQL 6.2 writes for the same game.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

class TestCommentText : public QObject {
    Q_OBJECT
private slots:
    void spelled_data();
    void spelled();
};

void TestCommentText::spelled_data()
{
    QTest::addColumn<QString>("pgn");
    QTest::addColumn<QString>("body");
    QTest::addColumn<QString>("text");
    const QString tal = "[White \"Tal\"]\n[Black \"Botvinnik\"]\n[Result \"*\"]\n\n1. e4 *\n";
    const QString noBlack = "[White \"Tal\"]\n[Black \"\"]\n[Result \"*\"]\n\n1. e4 *\n";
    QTest::newRow("player") << tal << "comment(player)"
                            << "Tal\\nBotvinnik";
    QTest::newRow("player, a name empty") << noBlack << "comment(player)"
                                          << "<false>";
    QTest::newRow("str of it") << noBlack << "x = str(player) comment(x)"
                               << "<false>";
    QTest::newRow("no number, no position") << tal << "comment(#(\"a\") \" \" (ply > 99) \" \" max(1 2))"
                                            << "1 <false> 2";
    QTest::newRow("unbound number") << tal << "if false x = 1 comment(x)"
                                    << "<unbound: x>";
    QTest::newRow("unbound set") << tal << "if false X = e4 comment(X)"
                                 << "<unbound: X>";
    QTest::newRow("unbound piece") << tal << "if false piece T = Ke1 comment(T)"
                                   << "<unbound: T>";
    // A word that would search a text after it (event "x") is, as an
    // argument, its value, and the text the next argument; in parentheses,
    // or under another filter, it searches.
    const QString tagged = "[Event \"Open\"]\n[Site \"Oslo\"]\n[White \"Tal\"]\n[Black \"Botvinnik\"]\n"
                           "[Result \"*\"]\n\n1. e4 *\n";
    QTest::newRow("event then text") << tagged << "comment(\"Event is: \" event \" and site: \" site)"
                                     << "Event is: Open and site: Oslo";
    QTest::newRow("player white then text") << tagged << "comment(player white \"x\")"
                                            << "Talx";
    QTest::newRow("str too") << tagged << "comment(str(event \"x\"))"
                             << "Openx";
    QTest::newRow("line comment too") << tagged << "/// event \" e\""
                                      << "Open e";
    QTest::newRow("parenthesized search") << tagged << "comment((event \"Op\"))"
                                          << "<true>";
    QTest::newRow("search under not") << tagged << "comment(not event \"x\")"
                                      << "<true>";
}

void TestCommentText::spelled()
{
    QFETCH(QString, pgn);
    QFETCH(QString, body);
    QFETCH(QString, text);
    cql::GameResult r = runQuery("cql()\ninitial " + body.toStdString(), pgnGame(pgn.toStdString()));
    QVERIFY2(r.error.empty(), r.error.c_str());
    QStringList written;
    for (const auto &c : r.comments)
        if (c.text != "CQL") written << QString::fromStdString(c.text);
    QCOMPARE(written, QStringList{text});
}

QTEST_APPLESS_MAIN(TestCommentText)
#include "tst_commenttext.moc"
