// Reading and writing the workbench's settings; the engine settings with their
// environment overrides.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "appsettings.h"

#include "mainwindow/language.h"

#include <QSettings>
#include <cstdlib>

namespace wb {

namespace {
const char *const EnginePathKey = "engine/path";
const char *const EngineThreadsKey = "engine/threads";
const char *const EngineHashKey = "engine/hashMb";
const char *const TablebaseKey = "engine/tablebaseFolder";
const char *const SearchThreadsKey = "search/threads";
const char *const GameStoreKey = "search/gameStore";

QString key(const char *k) { return QString::fromLatin1(k); }
} // namespace

AppSettings AppSettings::load(const QSettings &s)
{
    AppSettings a;
    a.enginePath = s.value(key(EnginePathKey)).toString();
    a.engineThreads = qBound(1, s.value(key(EngineThreadsKey), a.engineThreads).toInt(), 1024);
    a.engineHashMb = qBound(1, s.value(key(EngineHashKey), a.engineHashMb).toInt(), 1 << 20);
    a.tablebaseFolder = s.value(key(TablebaseKey)).toString();
    a.playerBase = s.value(key(PlayerBaseSettingsKey)).toString();
    a.searchThreads = qBound(0, s.value(key(SearchThreadsKey), 0).toInt(), 1024);
    a.gameStore = s.value(key(GameStoreKey), true).toBool();
    a.theme = s.value(key(ThemeSettingsKey), QStringLiteral("system")).toString();
    a.language = s.value(key(LanguageSettingsKey)).toString();
    return a;
}

AppSettings AppSettings::load() { return load(QSettings()); }

void AppSettings::save(QSettings &s) const
{
    s.setValue(key(EnginePathKey), enginePath);
    s.setValue(key(EngineThreadsKey), engineThreads);
    s.setValue(key(EngineHashKey), engineHashMb);
    s.setValue(key(TablebaseKey), tablebaseFolder);
    s.setValue(key(PlayerBaseSettingsKey), playerBase);
    s.setValue(key(SearchThreadsKey), searchThreads);
    s.setValue(key(GameStoreKey), gameStore);
    s.setValue(key(ThemeSettingsKey), theme);
    s.setValue(key(LanguageSettingsKey), language);
}

void AppSettings::save() const
{
    QSettings s;
    save(s);
}

engine::Settings engineSettings(const AppSettings &a)
{
    engine::Settings e = engine::settingsFromEnvironment();
    if (!std::getenv("CQLWB_ENGINE")) e.enginePath = a.enginePath.toStdString();
    if (!std::getenv("CQLWB_ENGINE_OPTIONS")) {
        // Only values changed from the usual defaults: the core refuses an
        // engine that does not know an option it is given.
        const AppSettings defaults;
        if (a.engineThreads != defaults.engineThreads)
            e.engineOptions.emplace_back("Threads", std::to_string(a.engineThreads));
        if (a.engineHashMb != defaults.engineHashMb)
            e.engineOptions.emplace_back("Hash", std::to_string(a.engineHashMb));
    }
    if (!std::getenv("CQLWB_TABLEBASES") && !a.tablebaseFolder.isEmpty())
        e.tablebasePaths = {a.tablebaseFolder.toStdString()};
    return e;
}

} // namespace wb
