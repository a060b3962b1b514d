// Game info from tags, and the in-memory game source.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gamesource.h"
#include "variantlabel.h"

#include <QCoreApplication>

namespace wb {

namespace {

QString tagText(const game::Game &g, std::string_view name)
{
    const std::string_view v = g.tag(name);
    return QString::fromUtf8(v.data(), qsizetype(v.size()));
}

} // namespace

GameInfo gameInfoFromGame(const game::Game &g)
{
    GameInfo info;
    info.number = g.number;
    info.white = tagText(g, "White");
    info.black = tagText(g, "Black");
    info.result = g.result.empty() ? tagText(g, "Result") : QString::fromStdString(g.result);
    info.event = tagText(g, "Event");
    info.date = tagText(g, "Date");
    info.eco = tagText(g, "ECO");
    info.whiteElo = tagText(g, "WhiteElo").toInt();
    info.blackElo = tagText(g, "BlackElo").toInt();
    info.plies = g.nodes.empty() ? -1 : g.mainlinePlies();
    info.variant = variantLabel(g.tag("Variant"));
    return info;
}

MemoryGameSource::MemoryGameSource(std::vector<game::Game> games, QString name)
    : m_games(std::move(games)), m_name(std::move(name))
{
    for (size_t i = 0; i < m_games.size(); ++i)
        if (m_games[i].number == 0) m_games[i].number = i + 1;
}

GameInfo MemoryGameSource::info(int index) const
{
    if (index < 0 || index >= gameCount()) return {};
    return gameInfoFromGame(m_games[size_t(index)]);
}

bool MemoryGameSource::loadGame(int index, game::Game &out, QString *error, LoadContext *) const
{
    if (index < 0 || index >= gameCount()) {
        if (error) *error = QCoreApplication::translate("wb::GameSource", "no game %1").arg(index + 1);
        return false;
    }
    out = m_games[size_t(index)];
    return true;
}

} // namespace wb
