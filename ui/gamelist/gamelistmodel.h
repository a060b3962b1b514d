// The game list: one row per game of a GameSource, no per-row objects, header
// fields fetched lazily; sorted through its own row order (a proxy model would
// keep a second 400k-entry mapping and sort far more slowly on strings),
// computed on a worker thread and swapped in when done.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamesource.h"
#include "searchresults.h"

#include <QAbstractTableModel>
#include <QFutureWatcher>
#include <QList>
#include <atomic>
#include <memory>
#include <vector>

namespace wb {

class GameListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Number,
        White,
        Black,
        Result,
        Event,
        Date,
        Eco,
        WhiteElo,
        BlackElo,
        Plies,
        Matches,
        SortValue,
        Database,
        Variant,
        ColumnCount
    };
    enum Role { GameIndexRole = Qt::UserRole + 1, MatchCountRole };

    explicit GameListModel(QObject *parent = nullptr);
    ~GameListModel() override;

    void setSource(GameSourcePtr source);
    GameSourcePtr source() const { return m_source; }

    // Search results: start() clears them, addHits() fills them in as they come.
    void startResults(const QString &sortTitle = QString());
    void addHits(const QList<GameHit> &hits);
    void clearResults();
    // Shows `results` (an earlier or a combined result) as if they were just found.
    void setResults(SearchResults results);
    const SearchResults &results() const { return m_results; }
    int matchedGames() const { return m_matchedGames; }

    // Only games with at least one match are listed.
    void setMatchesOnly(bool on);
    bool matchesOnly() const { return m_matchesOnly; }

    // Lists only `games` (a bar of the statistics), whatever matchesOnly says,
    // until clearGameFilter() or new results.
    void setGameFilter(const std::vector<int> &games);
    void clearGameFilter();
    bool hasGameFilter() const { return !m_filter.empty(); }

    // The quick filter's verdict per game (GameSource order): a game it does
    // not admit is hidden whatever else lists it. Kept over new results and
    // the statistics filter; empty: no quick filter. Dropped with the source.
    void setQuickFilter(std::vector<bool> admitted);
    void clearQuickFilter() { setQuickFilter({}); }
    bool hasQuickFilter() const { return !m_quick.empty(); }
    // Rows that would be listed without the quick filter.
    int unfilteredRowCount() const { return m_unfilteredRows; }

    int gameIndex(int row) const;       // -1 for a bad row
    int rowOfGame(int gameIndex) const; // -1 when not listed

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // Starts sorting in the background; a newer sort supersedes a running one.
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;
    bool isSorting() const { return m_sorting; }
    // Blocks until a running sort is done and applied (tests, screenshots).
    void waitForSorted();

    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

signals:
    void sortingChanged(bool sorting);
    // A new source was set (the quick filter has to be run again).
    void sourceChanged();
    // The listed rows were rebuilt or rows were added (counts for "N of M").
    void rowsCounted();

private:
    void rebuildRows();
    bool listed(int game) const;
    void startSort();
    void applySort(quint64 job, std::vector<int> sorted);
    QVariant display(int game, int column) const;

    GameSourcePtr m_source;
    std::vector<int> m_rows;      // view row -> game index
    std::vector<int> m_rowOfGame; // game index -> view row, -1 if hidden
    SearchResults m_results;
    int m_matchedGames = 0;
    bool m_matchesOnly = false;
    std::vector<bool> m_quick; // per game; empty: no quick filter
    int m_unfilteredRows = 0;
    std::vector<bool> m_filter; // per game, one more than the games (so never empty when set); empty: no filter
    int m_sortColumn = -1;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;

    // Background sorting: a job sorts a snapshot of m_rows; rows appended since
    // (streamed matches) follow the sorted ones, a rebuild makes the job stale.
    quint64 m_rowsGeneration = 0;
    quint64 m_sortJob = 0;
    quint64 m_sortJobGeneration = 0;
    size_t m_sortJobRows = 0;
    bool m_sorting = false;
    std::shared_ptr<std::atomic<bool>> m_sortCancel;
    QFutureWatcher<std::vector<int>> *m_sortWatcher = nullptr;
};

} // namespace wb
