// Command-line options of cqlwb-cli, read the way the cql program reads them
// (single or double dash, options before the query file).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cluster/shardsplit.h"
#include "search/querytext.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cli {

using Range = std::pair<long, long>;

struct Options {
    std::string queryFile;           // "" when the query comes from -cql only
    std::vector<std::string> inputs; // -i (repeatable, searched in order): overrides the header's input
    std::string output;              // -o: overrides the header's output
    std::optional<Range> gameNumber;
    std::optional<Range> matchCount;
    unsigned threads = 0;   // 0: all cores
    long lineIncrement = 0; // progress line every N games (0: none, or live on a terminal)
    bool showMatches = false;
    std::optional<bool> variations; // -variations / -mainline
    std::optional<std::string> matchString;
    bool noHeader = false;
    bool silent = false;
    bool quiet = false;
    std::vector<std::string> cqlFilters; // -cql, in order
    std::optional<std::string> fen;
    std::string result;             // -result
    search::QueryEdits edits;       // transforms and game filters (not -cql, -fen)
    std::string toAscii, toUnicode; // -a F, -u F
    std::string convertToCql6;      // --convert-to-cql6 F: a CQL-S script in CQL 6
    std::vector<std::string> check; // -check F (repeatable): replay the games, report problems
    std::vector<std::string> index; // -index F (repeatable): build or refresh the game store of F
    bool noStore = false;           // -nostore: read the PGN only, neither use nor build a game store
    std::string storeDir;           // -storedir DIR: where game stores are kept (default: the cache folder)
    bool noTruncate = false;        // -notruncate: no 105,000-byte cap on a game's output
    bool chess960 = false;          // -chess960: Chess960 castling (the reference reads such games as standard chess)
    std::optional<std::string> engine; // -engine PATH: the UCI engine of :evaluation / :moveevaluation
    std::vector<std::pair<std::string, std::string>> engineOptions; // -engineoption NAME=VALUE
    std::vector<std::string> tablebases;   // -tablebases DIR: Gaviota tables of :endgameevaluation
    std::optional<std::string> playerBase; // -playerbase FILE: birth and death years of CQL-S :birthyear ...
    std::optional<cluster::Shard> shard;   // -shard K/N: search shard K of N, write a part (-o) for -merge
    std::vector<std::string> merge;        // -merge PART...: the parts of a sharded search, merged to -o
    bool version = false;
    bool help = false;
};

// Reads argv; false with a message (for "cqlwb-cli: MESSAGE") on a bad command line.
bool parseOptions(int argc, char **argv, Options &options, std::string &error);

// The full option list for -help.
const char *helpText();

} // namespace cli
