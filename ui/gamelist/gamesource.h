// What the game list and the search read games from: a numbered collection
// with cheap header fields (from an index) and full games loaded on demand.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "game/game.h"

#include <QString>
#include <memory>

namespace db {
class Database;
}
namespace store {
class GameStore;
}
#include <string_view>
#include <vector>

namespace wb {

// Header fields shown in the game list; empty / 0 / -1 when unknown.
struct GameInfo {
    quint64 number = 0; // 1-based number in the file, as CQL counts
    QString white;
    QString black;
    QString result;
    QString event;
    QString date;
    QString eco;
    int whiteElo = 0;
    int blackElo = 0;
    int plies = -1;
    QString variant; // variantLabel(): "" for standard chess
};

// The header fields the quick filter reads, as an index keeps them (UTF-8,
// views into the source's memory: no copies for each of 400k games).
struct RawGameFields {
    std::string_view white, black, event, date, result, eco, whiteElo, blackElo;
};

// Per-thread state a source may keep between loads (a PGN parser and its buffers).
class LoadContext {
public:
    virtual ~LoadContext() = default;
};

class GameSource {
public:
    virtual ~GameSource() = default;
    virtual QString name() const = 0; // for menus and the status bar
    virtual QString path() const = 0; // the file it came from ("" if none)
    virtual int gameCount() const = 0;
    // Cheap: called for every visible cell and for sorting.
    virtual GameInfo info(int index) const = 0;
    // info(index).variant; sources with an index give it without the other fields.
    virtual QString variant(int index) const { return info(index).variant; }
    // The database game `index` belongs to, for a list over several files.
    virtual QString databaseName(int /*index*/) const { return name(); }
    // Cheaper than info() when the source has an index in memory; false when
    // it has none (info() is used then).
    virtual bool rawFields(int /*index*/, RawGameFields & /*out*/) const { return false; }
    // One per thread, passed to loadGame; nullptr when the source needs none.
    virtual std::unique_ptr<LoadContext> makeLoadContext() const { return nullptr; }
    // Loads game `index` (0-based). Safe to call from several threads at once,
    // each with its own context.
    virtual bool loadGame(int index, game::Game &out, QString *error = nullptr,
                          LoadContext *context = nullptr) const = 0;
    // The game's original PGN text, when the source keeps it ("" otherwise).
    virtual bool hasGameText() const { return false; }
    virtual std::string_view gameText(int /*index*/) const { return {}; }
    // The indexed file behind the source, for the core search engine; nullptr
    // when there is none (the search then evaluates the loaded games one by one).
    virtual std::shared_ptr<const db::Database> database() const { return nullptr; }
    // The compact game store of database(), once it is loaded or built (in the
    // background, after the file opened): the search replays its games from it.
    virtual std::shared_ptr<const store::GameStore> store() const { return nullptr; }
};
using GameSourcePtr = std::shared_ptr<const GameSource>;

// GameInfo from a loaded game's tags.
GameInfo gameInfoFromGame(const game::Game &game);

// Games held in memory (tests, small collections built by hand).
class MemoryGameSource : public GameSource {
public:
    explicit MemoryGameSource(std::vector<game::Game> games, QString name = QString());
    QString name() const override { return m_name; }
    QString path() const override { return QString(); }
    int gameCount() const override { return int(m_games.size()); }
    GameInfo info(int index) const override;
    bool loadGame(int index, game::Game &out, QString *error = nullptr, LoadContext *context = nullptr) const override;

private:
    std::vector<game::Game> m_games;
    QString m_name;
};

} // namespace wb
