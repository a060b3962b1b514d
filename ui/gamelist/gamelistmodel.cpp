// Game list rows, lazy header data and sorting by a permutation.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gamelistmodel.h"

#include "gamelistsort.h"

#include <QtConcurrent>
#include <algorithm>
#include <climits>
#include <limits>
#include <numeric>

namespace wb {

GameListModel::GameListModel(QObject *parent) : QAbstractTableModel(parent) {}

GameListModel::~GameListModel()
{
    // Jobs hold their own snapshot: a running one only needs to stop early.
    if (m_sortCancel) m_sortCancel->store(true);
}

void GameListModel::setSource(GameSourcePtr source)
{
    beginResetModel();
    m_source = std::move(source);
    m_results = SearchResults();
    m_filter.clear();
    m_quick.clear();
    m_matchedGames = 0;
    m_sortColumn = -1;
    if (m_sortCancel) m_sortCancel->store(true);
    ++m_sortJob; // a running job's result is for the old source
    if (m_sorting) {
        m_sorting = false;
        emit sortingChanged(false);
    }
    rebuildRows();
    endResetModel();
    emit sourceChanged();
}

void GameListModel::rebuildRows()
{
    const int n = m_source ? m_source->gameCount() : 0;
    m_rows.clear();
    m_rows.reserve(size_t(n));
    m_unfilteredRows = 0;
    const bool quick = m_quick.size() == size_t(n);
    for (int i = 0; i < n; ++i)
        if (listed(i)) {
            ++m_unfilteredRows;
            if (!quick || m_quick[size_t(i)]) m_rows.push_back(i);
        }
    ++m_rowsGeneration;
    m_rowOfGame.assign(size_t(n), -1);
    for (size_t r = 0; r < m_rows.size(); ++r)
        m_rowOfGame[size_t(m_rows[r])] = int(r);
    // In game order until the background sort swaps its order in.
    if (m_sortColumn >= 0 && !m_rows.empty()) startSort();
    emit rowsCounted();
}

void GameListModel::setQuickFilter(std::vector<bool> admitted)
{
    const int n = m_source ? m_source->gameCount() : 0;
    if (admitted.size() != size_t(n)) admitted.clear();
    if (admitted.empty() && m_quick.empty()) return;
    beginResetModel();
    m_quick = std::move(admitted);
    rebuildRows();
    endResetModel();
}

void GameListModel::setResults(SearchResults results)
{
    const int n = m_source ? m_source->gameCount() : 0;
    if (results.matches.size() != size_t(n)) results.reset(n);
    beginResetModel();
    m_filter.clear();
    m_results = std::move(results);
    m_matchedGames =
        int(std::count_if(m_results.matches.begin(), m_results.matches.end(), [](int m) { return m > 0; }));
    rebuildRows();
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, SortValue, SortValue);
}

void GameListModel::startResults(const QString &sortTitle)
{
    const int n = m_source ? m_source->gameCount() : 0;
    // The filter picked games of the last results.
    const bool reset = m_matchesOnly || !m_filter.empty();
    if (reset) beginResetModel();
    m_filter.clear();
    m_results.reset(n);
    m_results.sortTitle = sortTitle;
    m_matchedGames = 0;
    if (reset) {
        rebuildRows();
        endResetModel();
    } else if (!m_rows.empty()) {
        emit dataChanged(index(0, Matches), index(int(m_rows.size()) - 1, SortValue));
    }
    emit headerDataChanged(Qt::Horizontal, SortValue, SortValue);
}

void GameListModel::clearResults()
{
    const bool reset = m_matchesOnly || !m_filter.empty();
    if (reset) beginResetModel();
    m_filter.clear();
    m_results = SearchResults();
    m_matchedGames = 0;
    if (reset) {
        rebuildRows();
        endResetModel();
    } else if (!m_rows.empty()) {
        emit dataChanged(index(0, Matches), index(int(m_rows.size()) - 1, SortValue));
    }
    emit headerDataChanged(Qt::Horizontal, SortValue, SortValue);
}

void GameListModel::addHits(const QList<GameHit> &hits)
{
    if (hits.isEmpty() || m_results.matches.empty()) return;
    int lo = INT_MAX, hi = -1;
    std::vector<int> newRows;
    for (const GameHit &h : hits) {
        if (h.game < 0 || size_t(h.game) >= m_results.matches.size()) continue;
        const size_t g = size_t(h.game);
        const bool wasMatched = m_results.matches[g] > 0;
        m_results.matches[g] = h.matches;
        m_results.sortValues[g] = h.sortValue;
        m_results.hasSort[g] = h.hasSortValue;
        if (h.matches > 0 && !wasMatched) ++m_matchedGames;
        const int row = m_rowOfGame[g];
        if (row >= 0) {
            lo = qMin(lo, row);
            hi = qMax(hi, row);
        } else if (m_matchesOnly && h.matches > 0 && !wasMatched && (m_filter.empty() || m_filter[g])) {
            ++m_unfilteredRows;
            if (m_quick.empty() || m_quick[g]) newRows.push_back(h.game);
        }
    }
    if (hi >= 0) emit dataChanged(index(lo, Matches), index(hi, SortValue));
    if (!newRows.empty()) {
        // Hits arrive while the list shows matches only: append them, the
        // order is restored by sorting again once the search ends.
        const int first = int(m_rows.size());
        beginInsertRows(QModelIndex(), first, first + int(newRows.size()) - 1);
        for (int g : newRows) {
            m_rowOfGame[size_t(g)] = int(m_rows.size());
            m_rows.push_back(g);
        }
        endInsertRows();
    }
    if (m_matchesOnly) emit rowsCounted();
}

bool GameListModel::listed(int game) const
{
    if (!m_filter.empty()) return m_filter[size_t(game)];
    return !m_matchesOnly || (m_results.searched(game) && m_results.matches[size_t(game)] > 0);
}

void GameListModel::setGameFilter(const std::vector<int> &games)
{
    beginResetModel();
    m_filter.clear();
    if (m_source) {
        // An empty pick lists nothing, unlike no filter at all.
        m_filter.assign(size_t(m_source->gameCount()) + 1, false);
        m_filter.back() = true;
        for (int g : games)
            if (g >= 0 && g < m_source->gameCount()) m_filter[size_t(g)] = true;
    }
    rebuildRows();
    endResetModel();
}

void GameListModel::clearGameFilter()
{
    if (m_filter.empty()) return;
    beginResetModel();
    m_filter.clear();
    rebuildRows();
    endResetModel();
}

void GameListModel::setMatchesOnly(bool on)
{
    if (m_matchesOnly == on) return;
    beginResetModel();
    m_matchesOnly = on;
    rebuildRows();
    endResetModel();
}

int GameListModel::gameIndex(int row) const
{
    return row >= 0 && size_t(row) < m_rows.size() ? m_rows[size_t(row)] : -1;
}

int GameListModel::rowOfGame(int gameIndex) const
{
    return gameIndex >= 0 && size_t(gameIndex) < m_rowOfGame.size() ? m_rowOfGame[size_t(gameIndex)] : -1;
}

int GameListModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int GameListModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant GameListModel::display(int game, int column) const
{
    if (column == Matches || column == SortValue) {
        if (!m_results.searched(game)) return QVariant();
        if (column == Matches) return m_results.matches[size_t(game)];
        return m_results.hasSort[size_t(game)] ? QVariant(m_results.sortValues[size_t(game)]) : QVariant();
    }
    if (column == Database) return m_source->databaseName(game);
    const GameInfo info = m_source->info(game);
    switch (column) {
    case Number: return QVariant::fromValue<qulonglong>(info.number ? info.number : quint64(game) + 1);
    case White: return info.white;
    case Black: return info.black;
    case Result: return info.result;
    case Event: return info.event;
    case Date: return info.date;
    case Eco: return info.eco;
    case WhiteElo: return info.whiteElo > 0 ? QVariant(info.whiteElo) : QVariant();
    case BlackElo: return info.blackElo > 0 ? QVariant(info.blackElo) : QVariant();
    case Plies: return info.plies >= 0 ? QVariant(info.plies) : QVariant();
    case Variant: return info.variant;
    default: return QVariant();
    }
}

QVariant GameListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount || !m_source) return QVariant();
    const int game = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole: return display(game, index.column());
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case Number:
        case WhiteElo:
        case BlackElo:
        case Plies:
        case Matches:
        case SortValue: return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        case Result:
        case Eco: return QVariant::fromValue(Qt::Alignment(Qt::AlignCenter));
        default: return QVariant();
        }
    case GameIndexRole: return game;
    case MatchCountRole: return m_results.searched(game) ? m_results.matches[size_t(game)] : -1;
    default: return QVariant();
    }
}

QVariant GameListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Number: return tr("#");
        case White: return tr("White");
        case Black: return tr("Black");
        case Result: return tr("Result");
        case Event: return tr("Event");
        case Date: return tr("Date");
        case Eco: return tr("ECO");
        case WhiteElo: return tr("Elo W");
        case BlackElo: return tr("Elo B");
        case Plies: return tr("Plies");
        case Matches: return tr("Matches");
        case SortValue: return m_results.sortTitle.isEmpty() ? tr("Sort value") : m_results.sortTitle;
        case Database: return tr("Database");
        case Variant: return tr("Variant");
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Number: return tr("Game number in the file");
        case WhiteElo: return tr("White's rating");
        case BlackElo: return tr("Black's rating");
        case Plies: return tr("Half-moves in the mainline");
        case Matches: return tr("Positions matched by the query");
        case SortValue: return tr("Value of the query's sort filter");
        case Database: return tr("The file the game is from");
        case Variant: return tr("The rules the game is played under (empty for standard chess)");
        }
    }
    return QVariant();
}

void GameListModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount) return;
    m_sortColumn = column;
    m_sortOrder = order;
    startSort();
}

void GameListModel::startSort()
{
    if (m_sortCancel) m_sortCancel->store(true);
    if (!m_source || m_sortColumn < 0) return;
    GameListSortJob job;
    job.source = m_source;
    job.rows = m_rows;
    job.column = m_sortColumn;
    job.descending = m_sortOrder == Qt::DescendingOrder;
    job.cancel = m_sortCancel = std::make_shared<std::atomic<bool>>(false);
    if (m_sortColumn == Matches || m_sortColumn == SortValue) {
        // Unsearched games sort below games without a match (or without a sort value).
        const qint64 unsearched = std::numeric_limits<qint64>::min();
        job.resultKeys.assign(m_results.matches.size(), unsearched);
        for (size_t g = 0; g < job.resultKeys.size(); ++g)
            if (m_results.searched(int(g)))
                job.resultKeys[g] = m_sortColumn == Matches
                    ? m_results.matches[g]
                    : (m_results.hasSort[g] ? m_results.sortValues[g] : unsearched + 1);
    }
    const quint64 id = ++m_sortJob;
    m_sortJobGeneration = m_rowsGeneration;
    m_sortJobRows = m_rows.size();
    // Each job its own watcher: a superseded one finishes quietly and goes away.
    auto *watcher = new QFutureWatcher<std::vector<int>>(this);
    m_sortWatcher = watcher;
    connect(watcher, &QFutureWatcher<std::vector<int>>::finished, this, [this, watcher, id] {
        if (m_sortWatcher == watcher) m_sortWatcher = nullptr;
        watcher->deleteLater();
        if (id == m_sortJob) applySort(id, watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([job = std::move(job)]() mutable { return sortGameRows(std::move(job)); }));
    if (!m_sorting) {
        m_sorting = true;
        emit sortingChanged(true);
    }
}

void GameListModel::applySort(quint64 job, std::vector<int> sorted)
{
    if (job != m_sortJob) return;
    if (m_sortJobGeneration != m_rowsGeneration || sorted.size() != m_sortJobRows) {
        // Cancelled, or the rows were rebuilt meanwhile without a new job.
        ++m_sortJob;
        m_sorting = false;
        emit sortingChanged(false);
        return;
    }
    ++m_sortJob; // applied: waitForSorted and the watcher must not apply it again
    m_sorting = false;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    QList<int> games;
    games.reserve(before.size());
    for (const QModelIndex &i : before)
        games.append(gameIndex(i.row()));
    // Rows appended after the snapshot (matches still streaming in) stay at the end.
    sorted.insert(sorted.end(), m_rows.begin() + qsizetype(m_sortJobRows), m_rows.end());
    m_rows = std::move(sorted);
    for (size_t r = 0; r < m_rows.size(); ++r)
        m_rowOfGame[size_t(m_rows[r])] = int(r);
    QModelIndexList after;
    after.reserve(before.size());
    for (qsizetype k = 0; k < before.size(); ++k) {
        const int row = rowOfGame(games[k]);
        after.append(row >= 0 ? index(row, before[k].column()) : QModelIndex());
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    emit sortingChanged(false);
}

void GameListModel::waitForSorted()
{
    while (m_sorting && m_sortWatcher) {
        QFutureWatcher<std::vector<int>> *w = m_sortWatcher;
        const quint64 id = m_sortJob;
        w->waitForFinished();
        m_sortWatcher = nullptr;
        // The watcher's own finished() comes later and finds the job applied.
        applySort(id, w->result());
    }
}

} // namespace wb
