// How much of what a search says at a position is written, in the reference
// engine's layout: CQL 6.2 stops adding texts to a comment at 4,500
// characters, marks the one that crosses it (within 4,800) as
// "[cql truncate]...", and leaves the whole comment out when it comes to more
// than 4,500 with its spaces, "Game number N" included. A backward `line`
// writes one "End line ..." text per match at the position it ends on.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "game/builder.h"
#include "search/output.h"

#include <QtTest>

#include <regex>

namespace {

game::Game twoMoves()
{
    game::Game g;
    game::GameParser parser;
    parser.parse("{before} 1. e4 {after e4} e5 *", 1, {1, 1, 0}, g);
    g.number = 1;
    return g;
}

// `count` distinct texts of `size` characters at node, then "CQL" at node 2.
cql::GameResult saying(game::NodeId node, int count, size_t size)
{
    cql::GameResult r;
    r.matched = true;
    for (int i = 0; i < count; ++i) {
        std::string n = std::to_string(i);
        r.comments.push_back({node, std::string(size - n.size(), 'x') + n, false});
    }
    r.comments.push_back({2, "CQL", false});
    return r;
}

std::string written(const cql::GameResult &r)
{
    std::string out;
    search::writeMatchedGame(out, twoMoves(), r, {}, search::ReferenceGameTextLimit);
    // Lines are wrapped at spaces: fold them back.
    return std::regex_replace(out, std::regex("\\s+"), " ");
}

int occurrences(const std::string &text, const std::regex &re)
{
    return int(std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator()));
}

const std::regex LongText("x{20,}[0-9]+");

} // namespace

class TestOutputComments : public QObject {
    Q_OBJECT
private slots:
    void keptWhileShort();
    void crossingTextMarked();
    void commentWithTooManySpacesDropped();
    void originalCommentCounts();
};

void TestOutputComments::keptWhileShort()
{
    // The game comment and "Game number 1", then 400-character texts: eleven
    // fit in 4,500, the twelfth would pass 4,800.
    std::string out = written(saying(0, 20, 400));
    QVERIFY(out.find("{before Game number 1 x") != std::string::npos);
    QCOMPARE(occurrences(out, LongText), 11);
    QVERIFY(out.find("[cql truncate]") == std::string::npos);
    QVERIFY(out.find("e5 {CQL}") != std::string::npos);
}

void TestOutputComments::crossingTextMarked()
{
    // 300-character texts: fourteen fit, the fifteenth crosses 4,500 but not 4,800.
    std::string out = written(saying(0, 20, 300));
    QCOMPARE(occurrences(out, LongText), 14);
    QVERIFY(out.find("x13[cql truncate]...}") != std::string::npos);
}

void TestOutputComments::commentWithTooManySpacesDropped()
{
    // 460 texts of 9 characters come to 4,153 characters, 4,613 with their
    // spaces: nothing of it is written, not even the game number.
    std::string out = written(saying(0, 460, 9));
    QVERIFY(out.find("Game number") == std::string::npos);
    QVERIFY(out.find("{before} 1.e4") != std::string::npos);
    QVERIFY(out.find("e5 {CQL}") != std::string::npos);
    // 440 still fit.
    out = written(saying(0, 440, 9));
    QVERIFY(out.find("{before Game number 1 xxxxxxxx0 ") != std::string::npos);
    // Elsewhere in the game likewise.
    out = written(saying(1, 460, 9));
    QVERIFY(out.find("Game number 1") != std::string::npos);
    QVERIFY(out.find("1.e4 {after e4} 1...e5 {CQL}") != std::string::npos);
}

void TestOutputComments::originalCommentCounts()
{
    // "after e4" (8) and 14 texts of 300 leave 292 characters: a fifteenth
    // text crosses 4,500.
    std::string out = written(saying(1, 15, 300));
    QCOMPARE(occurrences(out, LongText), 14);
    QVERIFY(out.find("[cql truncate]...") != std::string::npos);
    out = written(saying(1, 14, 300));
    QCOMPARE(occurrences(out, LongText), 14);
    QVERIFY(out.find("[cql truncate]...") == std::string::npos);
}

QTEST_APPLESS_MAIN(TestOutputComments)
#include "tst_outputcomments.moc"
