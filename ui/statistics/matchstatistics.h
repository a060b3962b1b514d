// Statistics of a search's matched games, kept so that a bar of any chart can
// give back its games: totals, and buckets by year, rating band, ECO group,
// player and database. Plain data, filled by one thread at a time
// (StatisticsBuilder's worker); read through copies (StatisticsSnapshot).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gamesource.h"

#include <QHash>
#include <QString>
#include <QStringList>
#include <array>
#include <type_traits>
#include <vector>

namespace wb {

// What a chart groups the games by.
enum class StatDimension { Year, Rating, Eco, Player, Database };
constexpr int StatDimensionCount = 5;

enum class GameOutcome : qint8 { WhiteWin, Draw, BlackWin, Unknown };
GameOutcome outcomeOf(const QString &result);

struct StatTally {
    int games = 0;
    qint64 positions = 0; // matched positions in these games
    int whiteWins = 0;
    int draws = 0;
    int blackWins = 0;
    // Points of the side the bucket is about (White, or the player), over the
    // games with a result; counted in half points to stay exact.
    int halfPoints = 0;
    int decided() const { return whiteWins + draws + blackWins; }
    // Percent, or -1 when no game has a result.
    double scorePercent() const { return decided() ? 50.0 * halfPoints / decided() : -1.0; }
};

struct StatBucket {
    int key = 0; // unique within its dimension: a year, a band, an ECO group, a player or database id
    QString label;
    StatTally tally;
};

// Everything a view shows, copied out of MatchStatistics (a few hundred rows at most).
struct StatisticsSnapshot {
    StatTally total;
    int searched = 0; // games whose hits arrived so far
    std::array<std::vector<StatBucket>, StatDimensionCount> buckets;
    const std::vector<StatBucket> &of(StatDimension d) const { return buckets[size_t(d)]; }
};

// Keys of the one game, worked out once from its header: charts are built from
// these and a clicked bar finds its games by them.
struct GameStatKeys {
    int game = 0;
    int positions = 0;
    int year = -1;   // -1 unknown
    qint8 band = -1; // rating band, -1 unknown
    qint8 eco = -1;  // (letter - 'A') * 10 + first digit, -1 unknown
    GameOutcome outcome = GameOutcome::Unknown;
    int database = 0;
    QString white; // names until MatchStatistics gives them ids
    QString black;
};

// What MatchStatistics keeps of a counted game: the keys with the names
// turned into ids. Plain bytes, so that the list of 400k games grows by
// memcpy while the GUI thread may be waiting for the lock.
struct CountedGame {
    int game = 0;
    int year = -1;
    int database = 0;
    int whiteId = -1;
    int blackId = -1;
    qint8 band = -1;
    qint8 eco = -1;
};
static_assert(std::is_trivially_copyable_v<CountedGame>);

class MatchStatistics {
public:
    // Players charted: the most frequent ones.
    static constexpr int TopPlayers = 20;

    // Rating bands: below 2000, 100 wide up to 2800, and 2800 and over.
    static int ratingBand(int whiteElo, int blackElo);
    static QString bandLabel(int band);
    static int ecoGroup(const QString &eco);
    static QString ecoLabel(int group);
    static int yearOf(const QString &date);
    // The keys of a game of the list from its header (thread-safe: only reads).
    static GameStatKeys keysOf(int game, const GameInfo &info, int positions, int database);

    void setDatabaseNames(const QStringList &names) { m_databaseNames = names; }
    void add(GameStatKeys keys);
    void addSearched(int games) { m_searched += games; }

    StatisticsSnapshot snapshot() const;
    // Games (list indices, in the order they came) in the bucket `key` of `dimension`.
    std::vector<int> gamesIn(StatDimension dimension, int key) const;
    int gameCount() const { return int(m_games.size()); }

private:
    int playerId(const QString &name);
    static bool inBucket(const CountedGame &g, StatDimension dimension, int key);

    std::vector<CountedGame> m_games;
    StatTally m_total;
    int m_searched = 0;
    QHash<int, StatTally> m_years;
    std::array<StatTally, 11> m_bands{}; // slot = band + 1
    std::array<StatTally, 51> m_ecos{};  // slot = group + 1
    std::vector<StatTally> m_databases;
    QHash<QString, int> m_playerIds;
    QStringList m_playerNames;
    std::vector<StatTally> m_players; // by id, scored for the player
    QStringList m_databaseNames;
};

} // namespace wb
