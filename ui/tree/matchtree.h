// The two trees of a search's matched games, computed from what the search
// recorded (MatchRecord::moves), without reading the games again:
// - the opening tree: the moves played from one position in the matched
//   games' mainlines, found by the position's Zobrist key, so a position
//   reached by different move orders (a transposition) counts every game that
//   reaches it;
// - the "what came next" tree: the moves played right after the matched
//   positions, grouped by the move's text, a level per ply.
// Plain functions over a finished result, run on TreeBuilder's worker.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/searchcontroller.h"

#include "chess/position.h"

#include <QString>
#include <atomic>
#include <vector>

namespace wb {

// Games (or positions) with their results and the ratings of the side that moved.
struct TreeTally {
    int count = 0;
    int whiteWins = 0;
    int draws = 0;
    int blackWins = 0;
    qint64 ratingSum = 0; // of the player who made the move, where the game gives it
    int rated = 0;
    void add(search::Outcome outcome, int rating);
    int decided() const { return whiteWins + draws + blackWins; }
    // White's points in percent of the decided games; -1 when none is decided.
    double whiteScore() const { return decided() ? (100.0 * whiteWins + 50.0 * draws) / decided() : -1.0; }
    // -1 when no game gives the rating.
    int averageRating() const { return rated ? int((ratingSum + rated / 2) / rated) : -1; }
};

struct OpeningMove {
    chess::Move move;
    QString san;
    TreeTally tally;
    // The first matched game (list number) that played it, and the mainline
    // ply it reached: where the board follows the move to.
    int game = -1;
    int ply = 0;
};

struct OpeningTree {
    quint64 key = 0;                // of the position
    int games = 0;                  // matched games whose mainline reaches the position
    int ended = 0;                  // ... and end there
    std::vector<OpeningMove> moves; // most played first
};

// The opening tree of `position` over `records`; stops early (an incomplete
// tree) when `cancel` becomes true.
OpeningTree openingTree(const MatchRecords &records, const chess::Position &position,
                        const std::atomic<bool> *cancel = nullptr);

// The moves after the matched positions, grouped by text ("Nxe5+"; no
// disambiguation, so the same move by either knight is one row).
using NextKey = quint32; // 0: none
NextKey nextKey(search::MoveCode code);

struct NextMove {
    NextKey key = 0;
    QString text;
    TreeTally tally; // matched positions followed by this line
    int ended = 0;   // ... after which the game (or variation) ends
    // The first of them: the game (list number) and which of its matches.
    int game = -1;
    int match = 0;
};

// The moves played after the line `path` (keys of the plies after each match,
// empty for the matches themselves), most played first; `total` gets the
// tally of the matches that follow `path` and `ended` those of them whose
// line ends there.
std::vector<NextMove> nextMoves(const MatchRecords &records, const std::vector<NextKey> &path,
                                TreeTally *total = nullptr, int *ended = nullptr,
                                const std::atomic<bool> *cancel = nullptr);
// The games (list numbers) with a match followed by `path`.
std::vector<int> gamesAfter(const MatchRecords &records, const std::vector<NextKey> &path);

} // namespace wb
