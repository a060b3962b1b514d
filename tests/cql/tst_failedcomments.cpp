// Comments made inside a filter that fails are taken back, as CQL 6.2 takes
// them back (its compounds, and/or, comparisons, transforms and dashes), and
// a max or min keeps only the comments of its best arguments. Each row's
// answer is the one CQL 6.2 writes for the same game.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

const char *Game = "1. e4 e5 2. Nf3 Nc6 *\n";

// "text@node" of the comments the query wrote, match markers and repeats
// left out (the output writes a position's equal comments once).
QString comments(const std::string &body)
{
    cql::GameResult r = runQuery("cql()\n" + body, pgnGame(Game));
    if (!r.error.empty()) return QString::fromStdString("error: " + r.error);
    QStringList out;
    for (const auto &c : r.comments) {
        const QString item = QString::fromStdString(c.text) + "@" + QString::number(c.node);
        if (c.text != "CQL" && !out.contains(item)) out << item;
    }
    return out.join(u" ");
}

// The same text at each of the game's five positions.
QString everywhere(const QString &texts)
{
    QStringList out;
    for (int node = 0; node < 5; ++node)
        for (const QString &t : texts.split(u' '))
            out << t + "@" + QString::number(node);
    return out.join(u" ");
}

} // namespace

class TestFailedComments : public QObject {
    Q_OBJECT
private slots:
    void takenBack_data();
    void takenBack();
    void noFalseTruthWarning();
};

void TestFailedComments::takenBack_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("expected");
    QTest::newRow("failed block") << "{comment(\"a\") false} or true"
                                  << "";
    QTest::newRow("kept block") << "{comment(\"kept\") true}" << everywhere("kept");
    // systematicmaneuver.cql: a function that fails in an if's test.
    QTest::newRow("function in if")
        << "function f(){comment(\"f\") ply == 99} if f() comment(\"then\") else comment(\"else\")"
        << everywhere("else");
    QTest::newRow("failed comparison") << "#{comment(\"c\") P} == 99 or true"
                                       << "";
    QTest::newRow("comparison at one ply") << "ply == {comment(\"eq\") 3} or true"
                                           << "eq@3";
    QTest::newRow("!= is not ==") << "ply != {comment(\"n\") 99}"
                                  << "";
    QTest::newRow("failed and") << "{comment(\"w\") true} and false or true"
                                << "";
    QTest::newRow("failed transform") << "flipcolor {comment(\"t\") ply == 99} or true"
                                      << "";
    QTest::newRow("failed square loop") << "square x in [a1,b1] {comment(\"sq\") false} or true"
                                        << "";
    QTest::newRow("failed dash") << "{comment(\"d\") P}--e4 or true"
                                 << "d@0";
    // At the last position there is no move, and from is not asked.
    QTest::newRow("move keeps them") << "move from {comment(\"mv\") N} or true"
                                     << "mv@0 mv@1 mv@2 mv@3";
    // Every image is counted, so one after the first that matches keeps its comment.
    QTest::newRow("later image") << "shift {comment(\"f\") Pe4} or true" << everywhere("f");
    QTest::newRow("count of images") << "initial rotate90 count {Pe2 comment(\"c\")}"
                                     << "c@0";
    QTest::newRow("max keeps the best")
        << "max({comment(\"m\") 3} {comment(\"m2\") 4} {comment(\"m3\") 4} {comment(\"m0\") 1}) > 2"
        << everywhere("m2 m3");
    QTest::newRow("min follows the value") << "min({comment(\"a\") 3} {comment(\"b\") ply} {comment(\"c\") 4}) > -1"
                                           << "b@0 b@1 b@2 a@3 b@3 a@4";
}

void TestFailedComments::takenBack()
{
    QFETCH(QString, query);
    QFETCH(QString, expected);
    QCOMPARE(comments(query.toStdString()), expected);
}

void TestFailedComments::noFalseTruthWarning()
{
    // A block's last part is its value: whether it is true is asked only
    // where the block's truth is.
    for (const char *body : {"x = {comment(\"m\") 3} x > 1", "max({comment(\"m\") 3} 4) > 1",
                             "function f(){comment(\"m\") 3} f() > 1", "sort {comment(\"m\") 3}"}) {
        std::vector<cql::Diagnostic> d;
        QVERIFY2(compileBody(body, &d), body);
        QVERIFY2(d.empty(), (std::string(body) + ": " + (d.empty() ? "" : d[0].message)).c_str());
    }
    for (const char *body : {"{comment(\"m\") 3}", "function f(){comment(\"m\") 3} f()", "{3 true}"}) {
        std::vector<cql::Diagnostic> d;
        compileBody(body, &d);
        QVERIFY2(!d.empty() && d[0].severity == cql::Diagnostic::Warning, body);
    }
}

QTEST_APPLESS_MAIN(TestFailedComments)
#include "tst_failedcomments.moc"
