// PGN export: a game::Game as PGN text (Seven Tag Roster first, movetext with
// move numbers, comments, NAGs and variations, lines of at most 79 characters),
// with room for the comments a CQL search adds to matched positions.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "game/game.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pgn {

struct WriteOptions {
    bool mainlineOnly = false; // leave out variations
    bool comments = true;
    bool nags = true;
    int lineLength = 79; // longer lines are wrapped (a single longer word stays whole)
    // The layout of the cql program's output, for a drop-in command line:
    // "12.e4" and "12...e5", "( ... )", the game's opening comment on a line
    // of its own, a space after every item (kept before a line break unless
    // it would pass the line's end), breaks also between a move number and
    // its move and inside braces. The roster tags as cql writes them
    // (game/tagvalues.h): tidied player names, dates as date fields, Elo
    // ratings as numbers (none without one), no empty ECO or unknown EventDate.
    bool cqlLayout = false;
    // With cqlLayout: stop the game before the item that would bring its text
    // (tags included, counted in characters) to this many; 0: no limit.
    // writeGame then ends the game as cql does ("} game truncated by CQL } *").
    size_t textLimit = 0;
};

// Comments to add: for node N, after the move that led to N (for the root,
// before the first move), merged with a comment already there.
using ExtraComments = std::vector<std::pair<game::NodeId, std::string>>;

// Appends the game to out, ending with a blank line. leadingComment, if any,
// opens the movetext (before the first move), merged with the root's comment.
// Returns false when the game was cut at options.textLimit.
bool writeGame(std::string &out, const game::Game &game, const WriteOptions &options = {},
               const ExtraComments *extra = nullptr, std::string_view leadingComment = {});
std::string gameToPgn(const game::Game &game, const WriteOptions &options = {}, const ExtraComments *extra = nullptr,
                      std::string_view leadingComment = {});

// A tag value with " and \ escaped (without the surrounding quotes).
std::string escapeTagValue(std::string_view value);

} // namespace pgn
