// Search output: a matched game as PGN with the comments CQL adds (the
// "Game number N" comment, match markers, sort values, user comments), and an
// output file that appears only complete (written to a temporary file, then
// renamed over the target).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/query.h"
#include "game/game.h"
#include "pgn/writer.h"

#include <cstdio>
#include <string>
#include <string_view>

namespace search {

// The text a sort value is written as: "title: value" (a title the query did
// not give is written as "<sort-id-K>", K counting the query's sorts from 1).
std::string sortText(const cql::SortValue &value, size_t index);

// The comments CQL adds to a matched game, per node: the root gets
// "Game number N", then the comments of the initial position, then the sort
// texts; every other node its comments in order. A text repeated at one node
// is written once.
pgn::ExtraComments matchComments(const game::Game &game, const cql::GameResult &result);

// The reference cql cuts a game's output text at 105,000 bytes and ends it
// with "game truncated by CQL } *". cqlwb-cli does the same by default, so its
// output gives the same matches; 0 means no limit.
constexpr size_t ReferenceGameTextLimit = 105000;
// ... and leaves out a position's comments when they pass this length.
constexpr size_t ReferenceCommentLimit = 4096;

// Appends the matched game as PGN (ending with a blank line). When
// gameTextLimit is not 0 the game is written in the reference's layout and
// cut where the reference would cut it.
void writeMatchedGame(std::string &out, const game::Game &game, const cql::GameResult &result,
                      const pgn::WriteOptions &options = {}, size_t gameTextLimit = 0);

// Writes a file atomically: the text goes to a temporary file beside the
// target, renamed over it by commit(). Destroying an uncommitted OutputFile
// removes the temporary file, so a failed run leaves no partial output.
// Targets that are not regular files (/dev/null, a pipe) are written directly.
class OutputFile {
public:
    OutputFile() = default;
    ~OutputFile();
    OutputFile(const OutputFile &) = delete;
    OutputFile &operator=(const OutputFile &) = delete;

    // Creates the temporary file now, so an unwritable target fails before a long search.
    bool open(const std::string &path, std::string *error = nullptr);
    bool write(std::string_view text);
    // Flushes, closes and renames into place. False (with a message) on any write error.
    bool commit(std::string *error = nullptr);
    // Removes the temporary file.
    void abort();

    const std::string &path() const { return m_path; }
    bool isOpen() const { return m_file != nullptr; }

private:
    std::string m_path;
    std::string m_tempPath; // "" when writing straight to the target
    std::FILE *m_file = nullptr;
    bool m_failed = false;
    int m_errno = 0;
};

} // namespace search
