// Sorting the game list's rows off the GUI thread: a job holds a snapshot of
// everything it reads, so the model may change while it runs.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamesource.h"

#include <QtGlobal>
#include <atomic>
#include <memory>
#include <vector>

namespace wb {

struct GameListSortJob {
    GameSourcePtr source;  // immutable: header fields are read from it
    std::vector<int> rows; // game indexes to order
    int column = -1;       // a GameListModel::Column
    bool descending = false;
    // For the result columns: a key per game, taken on the GUI thread.
    std::vector<qint64> resultKeys;
    std::shared_ptr<std::atomic<bool>> cancel;
};

// The rows in the job's order, ties by game index; empty when cancelled.
std::vector<int> sortGameRows(GameListSortJob job);

} // namespace wb
