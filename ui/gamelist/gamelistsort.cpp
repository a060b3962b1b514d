// Keys per row first (collation keys for text), then one stable sort on them.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gamelistsort.h"

#include "gamelistmodel.h"

#include <QCollator>
#include <algorithm>
#include <limits>

namespace wb {

std::vector<int> sortGameRows(GameListSortJob job)
{
    std::vector<int> &rows = job.rows;
    const int column = job.column;
    const bool desc = job.descending;
    auto cancelled = [&] { return job.cancel && job.cancel->load(std::memory_order_relaxed); };
    auto finish = [&](auto less) {
        std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) { return desc ? less(b, a) : less(a, b); });
    };
    if (!job.source || column < 0) return rows;
    // Games are numbered through the databases in order: that order groups them by file.
    if (column == GameListModel::Number || column == GameListModel::Database) {
        finish([](int a, int b) { return a < b; });
        return rows;
    }
    if (column == GameListModel::Matches || column == GameListModel::SortValue) {
        const std::vector<qint64> &key = job.resultKeys;
        auto at = [&](int g) { return size_t(g) < key.size() ? key[size_t(g)] : std::numeric_limits<qint64>::min(); };
        finish([&](int a, int b) {
            const qint64 ka = at(a), kb = at(b);
            return ka != kb ? ka < kb : a < b;
        });
        return rows;
    }
    const GameSource &src = *job.source;
    const int n = src.gameCount();
    if (column == GameListModel::WhiteElo || column == GameListModel::BlackElo || column == GameListModel::Plies) {
        std::vector<int> key(size_t(n), 0);
        for (size_t k = 0; k < rows.size(); ++k) {
            if ((k & 4095) == 0 && cancelled()) return {};
            const int g = rows[k];
            const GameInfo info = src.info(g);
            key[size_t(g)] = column == GameListModel::WhiteElo ? info.whiteElo
                : column == GameListModel::BlackElo            ? info.blackElo
                                                               : info.plies;
        }
        finish(
            [&](int a, int b) { return key[size_t(a)] != key[size_t(b)] ? key[size_t(a)] < key[size_t(b)] : a < b; });
        return cancelled() ? std::vector<int>() : rows;
    }
    // Text columns: collation keys once per row, then plain comparisons.
    QCollator collator;
    collator.setCaseSensitivity(Qt::CaseInsensitive);
    collator.setNumericMode(true);
    std::vector<QCollatorSortKey> keys;
    keys.reserve(rows.size());
    std::vector<int> slot(size_t(n), -1);
    for (size_t k = 0; k < rows.size(); ++k) {
        if ((k & 4095) == 0 && cancelled()) return {};
        const int g = rows[k];
        const GameInfo info = src.info(g);
        QString text;
        switch (column) {
        case GameListModel::White: text = info.white; break;
        case GameListModel::Black: text = info.black; break;
        case GameListModel::Result: text = info.result; break;
        case GameListModel::Event: text = info.event; break;
        case GameListModel::Date: text = info.date; break;
        case GameListModel::Eco: text = info.eco; break;
        case GameListModel::Variant: text = info.variant; break;
        default: break;
        }
        slot[size_t(g)] = int(keys.size());
        // Folded first: some collators (the C locale's) ignore the case setting.
        keys.push_back(collator.sortKey(text.toCaseFolded()));
    }
    if (cancelled()) return {};
    finish([&](int a, int b) {
        const int c = keys[size_t(slot[size_t(a)])].compare(keys[size_t(slot[size_t(b)])]);
        return c != 0 ? c < 0 : a < b;
    });
    return cancelled() ? std::vector<int>() : rows;
}

} // namespace wb
