// SPDX-License-Identifier: GPL-3.0-or-later
#include "nexttreemodel.h"

#include "openingtreemodel.h"

#include <QLocale>
#include <algorithm>

namespace wb {

NextTreeModel::NextTreeModel(QObject *parent) : QAbstractItemModel(parent) {}

void NextTreeModel::clear()
{
    beginResetModel();
    m_items.clear();
    m_top.clear();
    m_topLoaded = false;
    m_total = TreeTally();
    m_ended = 0;
    endResetModel();
}

void NextTreeModel::setChildren(const std::vector<NextKey> &path, const std::vector<NextMove> &rows,
                                const TreeTally &total, int ended)
{
    if (path.empty()) {
        beginResetModel();
        m_items.clear();
        m_top.clear();
        for (const NextMove &m : rows) {
            Item it;
            it.move = m;
            it.row = int(m_top.size());
            m_top.push_back(int(m_items.size()));
            m_items.push_back(std::move(it));
        }
        m_topLoaded = true;
        m_total = total;
        m_ended = ended;
        endResetModel();
        return;
    }
    // The row the answer is for: found by its line, as rows have no other name.
    int item = -1;
    QModelIndex parentIndex;
    for (NextKey key : path) {
        const std::vector<int> &children = childrenOf(item);
        auto it =
            std::find_if(children.begin(), children.end(), [&](int c) { return m_items[size_t(c)].move.key == key; });
        if (it == children.end()) return; // cleared meanwhile
        item = *it;
        parentIndex = index(m_items[size_t(item)].row, 0, parentIndex);
    }
    if (m_items[size_t(item)].loaded || rows.empty()) return;
    beginInsertRows(parentIndex, 0, int(rows.size()) - 1);
    for (const NextMove &m : rows) {
        Item it;
        it.move = m;
        it.parent = item;
        it.depth = m_items[size_t(item)].depth + 1;
        it.row = int(m_items[size_t(item)].children.size());
        m_items[size_t(item)].children.push_back(int(m_items.size()));
        m_items.push_back(std::move(it));
    }
    m_items[size_t(item)].loaded = true;
    endInsertRows();
}

const NextMove &NextTreeModel::move(const QModelIndex &index) const { return m_items[size_t(itemOf(index))].move; }

std::vector<NextKey> NextTreeModel::path(const QModelIndex &index) const
{
    std::vector<NextKey> keys;
    for (int i = itemOf(index); i >= 0; i = m_items[size_t(i)].parent)
        keys.insert(keys.begin(), m_items[size_t(i)].move.key);
    return keys;
}

int NextTreeModel::depth(const QModelIndex &index) const
{
    return index.isValid() ? m_items[size_t(itemOf(index))].depth : 0;
}

QModelIndex NextTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    const std::vector<int> &children = childrenOf(itemOf(parent));
    if (row < 0 || size_t(row) >= children.size() || column < 0 || column >= ColumnCount) return {};
    return createIndex(row, column, quintptr(children[size_t(row)]));
}

QModelIndex NextTreeModel::parent(const QModelIndex &child) const
{
    const int item = itemOf(child);
    if (item < 0) return {};
    const int p = m_items[size_t(item)].parent;
    return p < 0 ? QModelIndex() : createIndex(m_items[size_t(p)].row, 0, quintptr(p));
}

int NextTreeModel::rowCount(const QModelIndex &parent) const
{
    if (parent.isValid() && parent.column() != 0) return 0;
    return int(childrenOf(itemOf(parent)).size());
}

int NextTreeModel::columnCount(const QModelIndex &) const { return ColumnCount; }

bool NextTreeModel::hasChildren(const QModelIndex &parent) const
{
    const int item = itemOf(parent);
    if (item < 0) return !m_top.empty();
    const Item &it = m_items[size_t(item)];
    if (it.loaded) return !it.children.empty();
    return it.depth < search::NextPlies && it.move.tally.count > it.move.ended;
}

bool NextTreeModel::canFetchMore(const QModelIndex &parent) const
{
    const int item = itemOf(parent);
    return item >= 0 && !m_items[size_t(item)].requested && hasChildren(parent);
}

void NextTreeModel::fetchMore(const QModelIndex &parent)
{
    const int item = itemOf(parent);
    if (item < 0 || m_items[size_t(item)].requested) return;
    m_items[size_t(item)].requested = true;
    emit childrenWanted(path(parent));
}

QVariant NextTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid()) return {};
    const Item &it = m_items[size_t(itemOf(index))];
    if (role == Qt::TextAlignmentRole && index.column() != Move)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Move)
        return tr("Matched positions followed by this line: %1. Click to show the first.")
            .arg(QLocale().toString(it.move.tally.count));
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Move: return it.move.text;
    case Positions: return QLocale().toString(it.move.tally.count);
    case Score: return whiteScoreText(it.move.tally);
    case Rating: return averageRatingText(it.move.tally);
    }
    return {};
}

QVariant NextTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Positions: return tr("Matched positions followed by this line");
        case Score: return tr("White's points in percent of the games with a result");
        case Rating: return tr("Average rating of the player who made the move");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case Move: return tr("Move");
    case Positions: return tr("Positions");
    case Score: return tr("White");
    case Rating: return tr("Rating");
    }
    return {};
}

} // namespace wb
