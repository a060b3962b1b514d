// A core db::Database seen as a GameSource: header fields from its index,
// games parsed on demand with a parser per thread.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gamesource.h"

#include "database/database.h"

#include <memory>

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

private:
    std::shared_ptr<const db::Database> m_db;
};

} // namespace wb
