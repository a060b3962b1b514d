// Loads the game the user selects off the GUI thread and, when a query is
// compiled, evaluates it to find the matched positions and their squares.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamesource.h"
#include "search/querycompiler.h"

#include <QFutureWatcher>
#include <QObject>
#include <memory>
#include <vector>

namespace wb {

struct LoadedGame {
    int index = -1;
    std::shared_ptr<const game::Game> game;
    std::vector<cql::PositionMark> marks; // matched positions, in the order of the notation
    QString error;                        // load or evaluation problem, "" if none
};

class GameLoader : public QObject {
    Q_OBJECT
public:
    explicit GameLoader(QObject *parent = nullptr);
    ~GameLoader() override;

    // A newer request supersedes an older one still running. Marks the search
    // already found are shown as they are; otherwise the query is evaluated.
    // A bughouse game shows the board the marks are on (`board`, 'A' or 'B');
    // evaluated here, board A, or board B when only it matches.
    void load(GameSourcePtr source, int index, QueryPtr query,
              std::shared_ptr<const std::vector<cql::PositionMark>> marks = nullptr, char board = 0);
    bool isLoading() const { return m_pending > 0; }

    // The work itself, synchronous (also for tests).
    static LoadedGame loadNow(const GameSource &source, int index, const cql::Query *query,
                              const std::vector<cql::PositionMark> *marks = nullptr, char board = 0);

signals:
    void loaded(const wb::LoadedGame &game);

private:
    quint64 m_generation = 0;
    int m_pending = 0;
};

} // namespace wb

Q_DECLARE_METATYPE(wb::LoadedGame)
