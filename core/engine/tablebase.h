// Gaviota endgame tablebases (Debian's libgaviotatb): opening the table
// directories and probing a position for its result and distance to mate.
// Optional at build time: without the library every call reports that.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/position.h"

#include <optional>
#include <string>
#include <vector>

namespace engine {

struct TablebaseResult {
    enum Outcome { Draw, WhiteWins, BlackWins };
    Outcome outcome = Draw;
    int plies = 0;         // half moves to the mate with best play (DTM probes of won positions)
    bool hasPlies = false; // false after a WDL-only probe
};

namespace gaviota {

// Was this build linked with libgaviotatb?
bool compiledIn();

// The message for a build without the library.
std::string missingLibraryMessage(const std::string &keyword);

// Loads the tables found in dirs (each a directory of *.gtb.cpN files, or a
// folder of such directories, as /usr/share/gaviotatb with gtb1..gtb4). Opens
// once per set of directories; thread-safe. false with a message when there
// is no library or no table.
bool open(const std::vector<std::string> &dirs, std::string &error);

// The position's value with best play, or nullopt when no loaded table
// covers it (too many pieces, castling rights, tables not opened). Kings
// alone are a draw without any table. wdlOnly: the result without the
// distance (faster).
std::optional<TablebaseResult> probe(const chess::Position &pos, bool wdlOnly = false);

// Largest number of pieces (kings included) of a complete set of loaded tables, 0 if none.
int completePieces();

} // namespace gaviota

} // namespace engine
