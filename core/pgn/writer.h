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
    int lineLength = 79;       // longer lines are wrapped (a single longer word stays whole)
};

// Comments to add: for node N, after the move that led to N (for the root,
// before the first move), merged with a comment already there.
using ExtraComments = std::vector<std::pair<game::NodeId, std::string>>;

// Appends the game to out, ending with a blank line. leadingComment, if any,
// opens the movetext (before the first move), merged with the root's comment.
void writeGame(std::string &out, const game::Game &game, const WriteOptions &options = {},
               const ExtraComments *extra = nullptr, std::string_view leadingComment = {});
std::string gameToPgn(const game::Game &game, const WriteOptions &options = {},
                      const ExtraComments *extra = nullptr, std::string_view leadingComment = {});

// A tag value with " and \ escaped (without the surrounding quotes).
std::string escapeTagValue(std::string_view value);

} // namespace pgn
