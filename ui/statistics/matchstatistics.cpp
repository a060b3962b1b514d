// Header fields become bucket keys once per game; the tallies follow from the
// keys, so a click on a bar and the bar's height always agree.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "matchstatistics.h"

#include <QCoreApplication>
#include <algorithm>

namespace wb {

namespace {

void count(StatTally &t, GameOutcome outcome, int positions, bool forBlack = false)
{
    ++t.games;
    t.positions += positions;
    switch (outcome) {
    case GameOutcome::WhiteWin:
        ++t.whiteWins;
        if (!forBlack) t.halfPoints += 2;
        break;
    case GameOutcome::Draw:
        ++t.draws;
        ++t.halfPoints;
        break;
    case GameOutcome::BlackWin:
        ++t.blackWins;
        if (forBlack) t.halfPoints += 2;
        break;
    case GameOutcome::Unknown: break;
    }
}

QString unknownLabel() { return QCoreApplication::translate("wb::MatchStatistics", "unknown"); }

} // namespace

GameOutcome outcomeOf(const QString &result)
{
    if (result == QLatin1String("1-0")) return GameOutcome::WhiteWin;
    if (result == QLatin1String("0-1")) return GameOutcome::BlackWin;
    if (result == QLatin1String("1/2-1/2")) return GameOutcome::Draw;
    return GameOutcome::Unknown;
}

int MatchStatistics::ratingBand(int whiteElo, int blackElo)
{
    // The game's level: the mean of the ratings known.
    int sum = 0, n = 0;
    for (int elo : {whiteElo, blackElo})
        if (elo > 0) {
            sum += elo;
            ++n;
        }
    if (!n) return -1;
    const int mean = sum / n;
    if (mean < 2000) return 0;
    return std::min(9, 1 + (mean - 2000) / 100);
}

QString MatchStatistics::bandLabel(int band)
{
    if (band < 0) return unknownLabel();
    if (band == 0) return QStringLiteral("< 2000");
    if (band == 9) return QStringLiteral("2800+");
    const int from = 2000 + (band - 1) * 100;
    return QStringLiteral("%1–%2").arg(from).arg(from + 99);
}

int MatchStatistics::ecoGroup(const QString &eco)
{
    if (eco.size() < 2) return -1;
    const QChar letter = eco.at(0).toUpper(), digit = eco.at(1);
    if (letter < QLatin1Char('A') || letter > QLatin1Char('E') || !digit.isDigit()) return -1;
    return (letter.unicode() - 'A') * 10 + digit.digitValue();
}

QString MatchStatistics::ecoLabel(int group)
{
    if (group < 0) return unknownLabel();
    const QString prefix = QChar(char16_t('A' + group / 10)) + QString::number(group % 10);
    return prefix + QStringLiteral("0–") + prefix + QLatin1Char('9');
}

int MatchStatistics::yearOf(const QString &date)
{
    // PGN dates are "YYYY.MM.DD" with "?" for what is unknown.
    if (date.size() < 4) return -1;
    int year = 0;
    for (int i = 0; i < 4; ++i) {
        if (!date.at(i).isDigit()) return -1;
        year = year * 10 + date.at(i).digitValue();
    }
    return year;
}

GameStatKeys MatchStatistics::keysOf(int game, const GameInfo &info, int positions, int database)
{
    GameStatKeys k;
    k.game = game;
    k.positions = positions;
    k.year = yearOf(info.date);
    k.band = qint8(ratingBand(info.whiteElo, info.blackElo));
    k.eco = qint8(ecoGroup(info.eco));
    k.outcome = outcomeOf(info.result);
    k.database = database;
    k.white = info.white;
    k.black = info.black;
    return k;
}

int MatchStatistics::playerId(const QString &name)
{
    auto it = m_playerIds.constFind(name);
    if (it != m_playerIds.constEnd()) return *it;
    const int id = int(m_playerNames.size());
    m_playerIds.insert(name, id);
    m_playerNames.append(name);
    m_players.emplace_back();
    return id;
}

void MatchStatistics::add(GameStatKeys k)
{
    count(m_total, k.outcome, k.positions);
    count(m_years[k.year], k.outcome, k.positions);
    count(m_bands[size_t(k.band + 1)], k.outcome, k.positions);
    count(m_ecos[size_t(k.eco + 1)], k.outcome, k.positions);
    if (k.database >= int(m_databases.size())) m_databases.resize(size_t(k.database) + 1);
    count(m_databases[size_t(k.database)], k.outcome, k.positions);
    CountedGame g;
    g.game = k.game;
    g.year = k.year;
    g.database = k.database;
    g.band = k.band;
    g.eco = k.eco;
    // The ids say it all now; 400k games keep no names twice.
    g.whiteId = playerId(k.white);
    g.blackId = playerId(k.black);
    count(m_players[size_t(g.whiteId)], k.outcome, k.positions);
    // A game against oneself (an analysis, a blank tag) counts once.
    if (g.blackId != g.whiteId) count(m_players[size_t(g.blackId)], k.outcome, k.positions, true);
    m_games.push_back(g);
}

StatisticsSnapshot MatchStatistics::snapshot() const
{
    StatisticsSnapshot s;
    s.total = m_total;
    s.searched = m_searched;

    auto &years = s.buckets[size_t(StatDimension::Year)];
    for (auto it = m_years.cbegin(); it != m_years.cend(); ++it)
        years.push_back({it.key(), it.key() < 0 ? unknownLabel() : QString::number(it.key()), it.value()});
    // Years in order, unknown last.
    std::sort(years.begin(), years.end(), [](const StatBucket &a, const StatBucket &b) {
        return (a.key < 0) != (b.key < 0) ? b.key < 0 : a.key < b.key;
    });

    // Slot 0 holds the unknown ones: listed last.
    auto &bands = s.buckets[size_t(StatDimension::Rating)];
    for (size_t slot = 1; slot <= m_bands.size(); ++slot) {
        const size_t at = slot % m_bands.size();
        if (m_bands[at].games) bands.push_back({int(at) - 1, bandLabel(int(at) - 1), m_bands[at]});
    }

    auto &ecos = s.buckets[size_t(StatDimension::Eco)];
    for (size_t slot = 1; slot <= m_ecos.size(); ++slot) {
        const size_t at = slot % m_ecos.size();
        if (m_ecos[at].games) ecos.push_back({int(at) - 1, ecoLabel(int(at) - 1), m_ecos[at]});
    }

    auto &players = s.buckets[size_t(StatDimension::Player)];
    std::vector<int> ids(m_players.size());
    for (size_t i = 0; i < ids.size(); ++i)
        ids[i] = int(i);
    const size_t top = std::min(ids.size(), size_t(TopPlayers));
    // Most games first; equal counts by name, so the order does not depend on arrival.
    std::partial_sort(ids.begin(), ids.begin() + std::ptrdiff_t(top), ids.end(), [this](int a, int b) {
        const int ga = m_players[size_t(a)].games, gb = m_players[size_t(b)].games;
        return ga != gb ? ga > gb : m_playerNames[a] < m_playerNames[b];
    });
    for (size_t i = 0; i < top; ++i) {
        const int id = ids[i];
        const QString &name = m_playerNames[id];
        players.push_back({id, name.isEmpty() ? unknownLabel() : name, m_players[size_t(id)]});
    }

    auto &databases = s.buckets[size_t(StatDimension::Database)];
    for (int d = 0; d < int(m_databases.size()); ++d)
        if (m_databases[size_t(d)].games)
            databases.push_back(
                {d, d < m_databaseNames.size() ? m_databaseNames[d] : QString::number(d + 1), m_databases[size_t(d)]});
    return s;
}

bool MatchStatistics::inBucket(const CountedGame &k, StatDimension dimension, int key)
{
    switch (dimension) {
    case StatDimension::Year: return k.year == key;
    case StatDimension::Rating: return k.band == key;
    case StatDimension::Eco: return k.eco == key;
    case StatDimension::Player: return k.whiteId == key || k.blackId == key;
    case StatDimension::Database: return k.database == key;
    }
    return false;
}

std::vector<int> MatchStatistics::gamesIn(StatDimension dimension, int key) const
{
    std::vector<int> games;
    for (const CountedGame &k : m_games)
        if (inBucket(k, dimension, key)) games.push_back(k.game);
    return games;
}

} // namespace wb
