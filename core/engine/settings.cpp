// The engine and tablebase settings from the environment, and the engine path lookup.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/settings.h"

#include <cstdlib>
#include <sstream>

#include <unistd.h>

namespace engine {

namespace {

std::vector<std::string> split(const std::string &text, char sep)
{
    std::vector<std::string> out;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, sep))
        if (!part.empty()) out.push_back(part);
    return out;
}

bool executable(const std::string &path) { return !path.empty() && ::access(path.c_str(), X_OK) == 0; }

} // namespace

Settings settingsFromEnvironment()
{
    Settings s;
    if (const char *e = std::getenv("CQLWB_ENGINE")) s.enginePath = e;
    if (const char *o = std::getenv("CQLWB_ENGINE_OPTIONS")) {
        for (const std::string &kv : split(o, ';')) {
            size_t eq = kv.find('=');
            if (eq != std::string::npos) s.engineOptions.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
        }
    }
    if (const char *t = std::getenv("CQLWB_TABLEBASES")) s.tablebasePaths = split(t, ':');
    return s;
}

std::string resolveEnginePath(const std::string &given, std::string *error)
{
    std::string name = given.empty() ? "stockfish" : given;
    if (name.find('/') != std::string::npos) {
        if (executable(name)) return name;
        if (error) *error = "the engine '" + name + "' is not an executable file";
        return {};
    }
    std::vector<std::string> dirs;
    if (const char *path = std::getenv("PATH")) dirs = split(path, ':');
    dirs.push_back("/usr/games");
    dirs.push_back("/usr/local/games");
    for (const std::string &d : dirs) {
        std::string candidate = d + "/" + name;
        if (executable(candidate)) return candidate;
    }
    if (error) {
        *error = "no engine '" + name + "' in PATH, /usr/games or /usr/local/games";
        if (given.empty()) *error += " (install stockfish, or name a UCI engine with --engine PATH or CQLWB_ENGINE)";
    }
    return {};
}

std::vector<std::string> tablebaseDirectories(const Settings &s)
{
    if (!s.tablebasePaths.empty()) return s.tablebasePaths;
    return {"/usr/share/gaviotatb"};
}

} // namespace engine
