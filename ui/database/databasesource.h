// A core db::Database seen as a GameSource: header fields from its index,
// games parsed on demand with a parser per thread.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gamesource.h"

#include "database/database.h"

#include <memory>
#include <mutex>

namespace wb {

class DatabaseSource : public GameSource {
public:
    explicit DatabaseSource(std::shared_ptr<const db::Database> database);

    QString name() const override;
    QString path() const override;
    int gameCount() const override;
    GameInfo info(int index) const override;
    bool rawFields(int index, RawGameFields &out) const override;
    QString variant(int index) const override;
    std::unique_ptr<LoadContext> makeLoadContext() const override;
    bool loadGame(int index, game::Game &out, QString *error = nullptr, LoadContext *context = nullptr) const override;
    bool hasGameText() const override { return true; }
    std::string_view gameText(int index) const override;

    std::shared_ptr<const db::Database> database() const override { return m_db; }
    // Set when the store is ready (nullptr: drop it), a cache attached to a
    // source already shared; a running search keeps the store it started with.
    void setStore(std::shared_ptr<const store::GameStore> store) const;
    std::shared_ptr<const store::GameStore> store() const override;

private:
    std::shared_ptr<const db::Database> m_db;
    mutable std::mutex m_storeMutex;
    mutable std::shared_ptr<const store::GameStore> m_store;
};

} // namespace wb
