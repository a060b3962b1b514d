// Several open databases seen as one numbered collection: the game list shows
// them together, each game remembering which file it is from (the search takes
// the files themselves and numbers its matches the same way).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamesource.h"

#include <QList>
#include <vector>

namespace wb {

class CombinedGameSource : public GameSource {
public:
    explicit CombinedGameSource(QList<GameSourcePtr> parts);

    QString name() const override;
    QString path() const override { return QString(); }
    int gameCount() const override { return m_total; }
    GameInfo info(int index) const override;
    QString databaseName(int index) const override;
    bool rawFields(int index, RawGameFields &out) const override;
    std::unique_ptr<LoadContext> makeLoadContext() const override;
    bool loadGame(int index, game::Game &out, QString *error = nullptr, LoadContext *context = nullptr) const override;
    bool hasGameText() const override;
    std::string_view gameText(int index) const override;

    const QList<GameSourcePtr> &parts() const { return m_parts; }
    // The first combined index of part `part`.
    int offset(int part) const { return m_offsets[size_t(part)]; }
    // Which part holds combined game `index` (-1 when out of range).
    int partOf(int index) const;

private:
    QList<GameSourcePtr> m_parts;
    std::vector<int> m_offsets; // one per part, then the total
    int m_total = 0;
};

} // namespace wb
