// Game list rows, lazy header data and sorting by a permutation.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gamelistmodel.h"

#include <QCollator>
#include <algorithm>
#include <climits>
#include <limits>
#include <numeric>

namespace wb {

GameListModel::GameListModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void GameListModel::setSource(GameSourcePtr source)
{
    beginResetModel();
    m_source = std::move(source);
    m_results = SearchResults();
    m_matchedGames = 0;
    m_sortColumn = -1;
    rebuildRows();
    endResetModel();
}

void GameListModel::rebuildRows()
{
    const int n = m_source ? m_source->gameCount() : 0;
    m_rows.clear();
    m_rows.reserve(size_t(n));
    for (int i = 0; i < n; ++i)
        if (!m_matchesOnly || (m_results.searched(i) && m_results.matches[size_t(i)] > 0))
            m_rows.push_back(i);
    if (m_sortColumn >= 0)
        sortRows(m_rows);
    m_rowOfGame.assign(size_t(n), -1);
    for (size_t r = 0; r < m_rows.size(); ++r)
        m_rowOfGame[size_t(m_rows[r])] = int(r);
}

void GameListModel::startResults(const QString &sortTitle)
{
    const int n = m_source ? m_source->gameCount() : 0;
    if (m_matchesOnly)
        beginResetModel();
    m_results.reset(n);
    m_results.sortTitle = sortTitle;
    m_matchedGames = 0;
    if (m_matchesOnly) {
        rebuildRows();
        endResetModel();
    } else if (!m_rows.empty()) {
        emit dataChanged(index(0, Matches), index(int(m_rows.size()) - 1, SortValue));
    }
    emit headerDataChanged(Qt::Horizontal, SortValue, SortValue);
}

void GameListModel::clearResults()
{
    if (m_matchesOnly)
        beginResetModel();
    m_results = SearchResults();
    m_matchedGames = 0;
    if (m_matchesOnly) {
        rebuildRows();
        endResetModel();
    } else if (!m_rows.empty()) {
        emit dataChanged(index(0, Matches), index(int(m_rows.size()) - 1, SortValue));
    }
    emit headerDataChanged(Qt::Horizontal, SortValue, SortValue);
}

void GameListModel::addHits(const QList<GameHit> &hits)
{
    if (hits.isEmpty() || m_results.matches.empty())
        return;
    int lo = INT_MAX, hi = -1;
    std::vector<int> newRows;
    for (const GameHit &h : hits) {
        if (h.game < 0 || size_t(h.game) >= m_results.matches.size())
            continue;
        const size_t g = size_t(h.game);
        const bool wasMatched = m_results.matches[g] > 0;
        m_results.matches[g] = h.matches;
        m_results.sortValues[g] = h.sortValue;
        m_results.hasSort[g] = h.hasSortValue;
        if (h.matches > 0 && !wasMatched)
            ++m_matchedGames;
        const int row = m_rowOfGame[g];
        if (row >= 0) {
            lo = qMin(lo, row);
            hi = qMax(hi, row);
        } else if (m_matchesOnly && h.matches > 0) {
            newRows.push_back(h.game);
        }
    }
    if (hi >= 0)
        emit dataChanged(index(lo, Matches), index(hi, SortValue));
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
}

void GameListModel::setMatchesOnly(bool on)
{
    if (m_matchesOnly == on)
        return;
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

int GameListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int GameListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GameListModel::display(int game, int column) const
{
    if (column == Matches || column == SortValue) {
        if (!m_results.searched(game))
            return QVariant();
        if (column == Matches)
            return m_results.matches[size_t(game)];
        return m_results.hasSort[size_t(game)] ? QVariant(m_results.sortValues[size_t(game)]) : QVariant();
    }
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
    default: return QVariant();
    }
}

QVariant GameListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount || !m_source)
        return QVariant();
    const int game = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(game, index.column());
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case Number: case WhiteElo: case BlackElo: case Plies: case Matches: case SortValue:
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        case Result: case Eco:
            return QVariant::fromValue(Qt::Alignment(Qt::AlignCenter));
        default:
            return QVariant();
        }
    case GameIndexRole:
        return game;
    case MatchCountRole:
        return m_results.searched(game) ? m_results.matches[size_t(game)] : -1;
    default:
        return QVariant();
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
        }
    }
    return QVariant();
}

void GameListModel::sortRows(std::vector<int> &rows) const
{
    const int column = m_sortColumn;
    const bool desc = m_sortOrder == Qt::DescendingOrder;
    auto finish = [&](auto less) {
        std::stable_sort(rows.begin(), rows.end(), [&](int a, int b) {
            return desc ? less(b, a) : less(a, b);
        });
    };
    if (!m_source || column < 0)
        return;
    if (column == Number) {
        finish([](int a, int b) { return a < b; });
        return;
    }
    if (column == Matches || column == SortValue) {
        // Unsearched games sort below games without a match.
        std::vector<qint64> key(m_results.matches.size(), std::numeric_limits<qint64>::min());
        for (size_t g = 0; g < key.size(); ++g)
            if (m_results.searched(int(g)))
                key[g] = column == Matches ? m_results.matches[g]
                                           : (m_results.hasSort[g] ? m_results.sortValues[g] : std::numeric_limits<qint64>::min() + 1);
        finish([&](int a, int b) {
            const qint64 ka = size_t(a) < key.size() ? key[size_t(a)] : std::numeric_limits<qint64>::min();
            const qint64 kb = size_t(b) < key.size() ? key[size_t(b)] : std::numeric_limits<qint64>::min();
            return ka != kb ? ka < kb : a < b;
        });
        return;
    }
    const int n = m_source->gameCount();
    if (column == WhiteElo || column == BlackElo || column == Plies) {
        std::vector<int> key(size_t(n), 0);
        for (int g : rows) {
            const GameInfo info = m_source->info(g);
            key[size_t(g)] = column == WhiteElo ? info.whiteElo : column == BlackElo ? info.blackElo : info.plies;
        }
        finish([&](int a, int b) { return key[size_t(a)] != key[size_t(b)] ? key[size_t(a)] < key[size_t(b)] : a < b; });
        return;
    }
    // Text columns: collation keys once per row, then plain comparisons.
    QCollator collator;
    collator.setCaseSensitivity(Qt::CaseInsensitive);
    collator.setNumericMode(true);
    std::vector<QCollatorSortKey> keys;
    keys.reserve(size_t(n));
    std::vector<int> slot(size_t(n), -1);
    for (int g : rows) {
        const GameInfo info = m_source->info(g);
        QString text;
        switch (column) {
        case White: text = info.white; break;
        case Black: text = info.black; break;
        case Result: text = info.result; break;
        case Event: text = info.event; break;
        case Date: text = info.date; break;
        case Eco: text = info.eco; break;
        default: break;
        }
        slot[size_t(g)] = int(keys.size());
        keys.push_back(collator.sortKey(text));
    }
    finish([&](int a, int b) {
        const int c = keys[size_t(slot[size_t(a)])].compare(keys[size_t(slot[size_t(b)])]);
        return c != 0 ? c < 0 : a < b;
    });
}

void GameListModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    QList<int> games;
    games.reserve(before.size());
    for (const QModelIndex &i : before)
        games.append(gameIndex(i.row()));
    m_sortColumn = column;
    m_sortOrder = order;
    sortRows(m_rows);
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
}

} // namespace wb
