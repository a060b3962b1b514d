// Dictionaries keyed by positions: every position is its own key, iterating
// gives the positions back, and positions kept from an earlier game (a
// dictionary that is not local) are not positions of the current game.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqltest.h"

using namespace cqltest;

namespace {

int matches(const std::string &query, const char *pgn = "1. e4 e5 2. Nf3 *\n")
{
    cql::GameResult r = runQuery(query, pgnGame(pgn));
    return r.error.empty() ? int(r.matches.size()) : -1;
}

// Runs one compiled query over several games in turn, as a search does, and
// gives each game's number of matched positions.
std::vector<int> matchesPerGame(const std::string &query, const std::vector<const char *> &pgns)
{
    std::vector<cql::Diagnostic> d;
    auto q = cql::compile(query, {}, d);
    if (!q) return {};
    cql::Evaluator ev(*q);
    std::vector<int> out;
    for (const char *pgn : pgns) {
        game::Game g = pgnGame(pgn);
        cql::GameResult r;
        ev.run(g, r);
        out.push_back(r.error.empty() ? int(r.matches.size()) : -1);
    }
    return out;
}

} // namespace

class TestPositionDict : public QObject {
    Q_OBJECT
private slots:
    void keysArePositions();
    void everyPositionIsItsOwnKey();
    void asciiAndSquareForms();
    void keysOfEarlierGamesAreSkipped();
    void positionValuesOfEarlierGamesHaveNoValue();
    void persistentPositionsStartUnbound();
};

void TestPositionDict::keysArePositions()
{
    // Each position is filed with its ply; at the last position the keys read
    // back as positions whose ply is the stored value.
    const std::string q = "cql() dictionary D D[currentposition] = ply terminal ";
    QCOMPARE(matches(q + "∀Key∊D Key:ply == D[Key]"), 1);
    QCOMPARE(matches(q + "∀Key∊D Key:ply == D[Key] + 1"), 0);
    QCOMPARE(matches(q + "Count = 0 ∀Key∊D {Count += 1} Count == 4"), 1);
    // The keys are positions of the game tree: the one after 1...e5 is there.
    QCOMPARE(matches(q + "Key∊D Key:{wtm move previous from e7}"), 1);
    QCOMPARE(matches(q + "Key∊D Key:move previous from d7"), 0);
    // Positions are usable as such: distance, and the ordering operators.
    QCOMPARE(matches(q + "∀Key∊D Key <= currentposition"), 1);
    QCOMPARE(matches(q + "Key∊D distance(Key currentposition) == 3"), 1);
}

void TestPositionDict::everyPositionIsItsOwnKey()
{
    // 1.e4 and 1.d4 have the same move number and side to move; they must
    // still be two keys (4 positions: start, e4, d4, e5).
    const char *tree = "1. e4 (1. d4) e5 *\n";
    QCOMPARE(
        matches("cql(variations) dictionary D D[currentposition] = 1 Count = 0 ∀Key∊D {Count += 1} Count == 4", tree),
        1);
    // And a lookup finds only its own position.
    QCOMPARE(matches("cql(variations) dictionary D D[currentposition] = fen ∀Key∊D Key:fen == D[Key] Count = 0 "
                     "∀Key∊D {Count += 1} Count == 4",
                     tree),
             1);
}

void TestPositionDict::asciiAndSquareForms()
{
    const std::string q = "cql() dictionary D btm D[currentposition] = 1 ";
    QCOMPARE(matches(q + "[forall] Key [element] D Key:btm"), 2); // after e4, after Nf3
    QCOMPARE(matches(q + "Key [element] D Key:move previous from g1"), 1);
    QCOMPARE(matches(q + "square all Key in D Key:btm"), 2);
    QCOMPARE(matches(q + "square Key in D Key:wtm"), 0);
}

void TestPositionDict::keysOfEarlierGamesAreSkipped()
{
    // D is not local, so it keeps the first game's entries; at the second
    // game's start only that start position is a key of this game.
    const std::string q =
        "cql() dictionary D D[currentposition] = ply initial Count = 0 ∀Key∊D {Count += 1} Count == 1";
    const std::vector<int> got = matchesPerGame(q, {"1. e4 e5 2. Nf3 *\n", "1. d4 d5 *\n"});
    QCOMPARE(got, (std::vector<int>{1, 1}));
    // Nothing of the first game is found by ∊ in the second either.
    const std::vector<int> any =
        matchesPerGame("cql() dictionary D {not initial D[currentposition] = 1} or {initial not (Key∊D true)}",
                       {"1. e4 e5 *\n", "1. d4 *\n"});
    QCOMPARE(any, (std::vector<int>{3, 2}));
}

void TestPositionDict::positionValuesOfEarlierGamesHaveNoValue()
{
    // P["last"] holds the first game's last position when the second starts:
    // an entry with no value there (and no out-of-range node is read).
    const std::string q =
        "cql() dictionary Kept {initial not Kept[\"last\"]} or {not initial Kept[\"last\"] = currentposition}";
    QCOMPARE(matchesPerGame(q, {"1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n", "1. d4 *\n"}), (std::vector<int>{6, 2}));
    // Within one game the value is a position.
    QCOMPARE(matches("cql() dictionary Kept initial Kept[\"start\"] = currentposition Kept[\"start\"]:initial"), 1);
}

void TestPositionDict::persistentPositionsStartUnbound()
{
    // The same rule for a persistent position variable: the last position of
    // the first game is no position of the second, so Last starts every game
    // unbound (reading it used to index the other game's nodes).
    const std::string q = "cql() if terminal {persistent Last = currentposition} else true "
                          "initial not isbound Last not (Last:ply >= 0)";
    QCOMPARE(matchesPerGame(q, {"1. e4 e5 2. Nf3 *\n", "1. d4 *\n"}), (std::vector<int>{1, 1}));
    // Within the game it was set in, it is that position.
    QCOMPARE(matches("cql() if ply == 2 {persistent Last = currentposition} else true terminal Last:ply == 2"), 1);
}

QTEST_APPLESS_MAIN(TestPositionDict)
#include "tst_positiondict.moc"
