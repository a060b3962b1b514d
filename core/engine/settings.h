// Where the analysing keywords find their helpers: the UCI engine (path,
// options, time limits) and the Gaviota tablebase directories. Each query
// carries its own (cql::CompileOptions::engine); the environment gives the
// default.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace engine {

struct Settings {
    std::string enginePath;                                         // "" = stockfish from PATH or /usr/games
    std::vector<std::pair<std::string, std::string>> engineOptions; // UCI setoption name/value pairs
    int startTimeoutMs = 10000;                                     // for 'uci' ... 'uciok' and 'isready'
    int depthTimeoutMs = 120000;                                    // a 'go depth N' that takes longer is an error
    std::vector<std::string> tablebasePaths;                        // empty = /usr/share/gaviotatb
};

// The built-in defaults overridden by CQLWB_ENGINE (engine path),
// CQLWB_ENGINE_OPTIONS ("Name=Value;Name=Value") and CQLWB_TABLEBASES
// (directories separated by ':').
Settings settingsFromEnvironment();

// The engine executable the settings name: a path with a '/' as given,
// else the first match in $PATH, /usr/games, /usr/local/games. "" with a
// message in error when there is none.
std::string resolveEnginePath(const std::string &given, std::string *error = nullptr);

// The tablebase directories to use: the given ones, else the default.
std::vector<std::string> tablebaseDirectories(const Settings &s);

} // namespace engine
