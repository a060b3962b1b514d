// What the Settings dialog edits, kept in QSettings: the UCI engine the
// engine pane and CQL-S :evaluation use, the Gaviota tablebase folder, the
// player base, the search threads, theme and language. The CQLWB_ENGINE,
// CQLWB_ENGINE_OPTIONS and CQLWB_TABLEBASES variables still win over the
// stored values, so scripts and CI keep their overrides (CQLWB_PLAYERBASE
// stays the default for a player base never chosen).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/settings.h"

#include <QString>

class QSettings;

namespace wb {

struct AppSettings {
    QString enginePath;                       // "" = stockfish from PATH or /usr/games
    int engineThreads = 1;                    // UCI option Threads
    int engineHashMb = 16;                    // UCI option Hash (Stockfish's default)
    QString tablebaseFolder;                  // "" = /usr/share/gaviotatb
    QString playerBase;                       // "" = none
    int searchThreads = 0;                    // 0 = one per core
    bool gameStore = true;                    // keep and search a game store of each database
    QString theme = QStringLiteral("system"); // "light", "dark"
    QString language;                         // "" = the system's

    static AppSettings load(const QSettings &settings);
    static AppSettings load(); // from the application's QSettings
    void save(QSettings &settings) const;
    void save() const;
    bool operator==(const AppSettings &) const = default;
};

// The engine settings for the engine pane and for compiling queries: the
// stored ones, each overridden by its environment variable when that is set.
engine::Settings engineSettings(const AppSettings &settings);

// Keys shared with the menus that change the same values.
inline constexpr const char *PlayerBaseSettingsKey = "query/playerBase";
inline constexpr const char *ThemeSettingsKey = "view/theme";

} // namespace wb
