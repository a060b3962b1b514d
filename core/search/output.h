// Search output: a matched game as PGN with the comments CQL adds (the
// "Game number N" comment, match markers, sort values, user comments), and an
// output file that appears only complete (written to a temporary file, then
// renamed over the target).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/query.h"
#include "game/game.h"
#include "pgn/atomicfile.h"
#include "pgn/writer.h"

#include <string>
#include <string_view>

namespace search {

// The text a sort value is written as: "title: value" (a title the query did
// not give is written as "<sort-id-K>", K counting the query's sorts from 1).
std::string sortText(const cql::SortValue &value, size_t index);

// The comments CQL adds to a matched game, per node: the root gets
// "Game number N", then the comments of the initial position, then the sort
// texts; every other node its comments in order. A text repeated at one node
// is written once. The writer joins a node's texts with spaces.
// numberText, when given, is written for N instead of game.number.
pgn::ExtraComments matchComments(const game::Game &game, const cql::GameResult &result,
                                 std::string_view numberText = {});

// Leaves out of `extra` (matchComments) what the reference engine would not
// write: at each position the texts join the original comment while their
// lengths add up to at most ReferenceCommentLimit; one more that keeps within
// ReferenceCommentHardLimit is replaced by "[cql truncate]...", and a comment
// still longer than ReferenceCommentLimit with its spaces is dropped whole,
// "Game number N" included.
void limitCommentsLikeReference(const game::Game &game, const cql::GameResult &result, pgn::ExtraComments &extra);

// The reference cql cuts a game's output text at 105,000 bytes and ends it
// with "game truncated by CQL } *". cqlwb-cli does the same by default, so its
// output gives the same matches; 0 means no limit.
constexpr size_t ReferenceGameTextLimit = 105000;
// ... and limits what it adds to a position's comment (limitCommentsLikeReference).
constexpr size_t ReferenceCommentLimit = 4500;
constexpr size_t ReferenceCommentHardLimit = 4800;

// Appends the matched game as PGN (ending with a blank line). When
// gameTextLimit is not 0 the game is written in the reference's layout and
// cut where the reference would cut it. numberText: as for matchComments (a
// search that learns the game's number later writes a stand-in of its width).
void writeMatchedGame(std::string &out, const game::Game &game, const cql::GameResult &result,
                      const pgn::WriteOptions &options = {}, size_t gameTextLimit = 0,
                      std::string_view numberText = {});

// The output file: written whole or not at all, through an unnamed temporary
// file where the system has them (see pgn/atomicfile.h). Destroying an
// uncommitted OutputFile drops the temporary file, so a failed run leaves no
// partial output; targets that are not regular files are written directly.
using OutputFile = pgn::AtomicFile;

// Both cqlwb-cli and the workbench refuse an output that is one of the files
// they read (the database, the query): the output replaces it only after the
// search read it, so the games would be lost to the matches.
using pgn::overwrittenInput;
using pgn::sameFile;

} // namespace search
