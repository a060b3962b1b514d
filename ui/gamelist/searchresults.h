// Per-game results of a search, kept flat so 400k games cost a few megabytes.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QtGlobal>
#include <vector>

namespace wb {

struct GameHit {
    int game = 0;    // 0-based index in the source
    int matches = 0; // matched positions
    qint64 sortValue = 0;
    bool hasSortValue = false;
};

struct SearchResults {
    void reset(int gameCount)
    {
        matches.assign(size_t(gameCount), -1);
        sortValues.assign(size_t(gameCount), 0);
        hasSort.assign(size_t(gameCount), false);
        sortTitle.clear();
    }
    bool searched(int game) const { return game >= 0 && size_t(game) < matches.size() && matches[size_t(game)] >= 0; }

    std::vector<int> matches; // -1: not searched (yet); 0: no match
    std::vector<qint64> sortValues;
    std::vector<bool> hasSort;
    QString sortTitle;
};

} // namespace wb
