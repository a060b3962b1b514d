// The "what came next" tree: its top level holds the moves played right after
// the matched positions, each row's children the moves after that, up to
// search::NextPlies plies. Children are asked for when a row is expanded
// (childrenWanted) and arrive from the TreeBuilder (setChildren).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "matchtree.h"

#include <QAbstractItemModel>

namespace wb {

class NextTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { Move, Positions, Score, Rating, ColumnCount };

    explicit NextTreeModel(QObject *parent = nullptr);

    void clear();
    // The answer for `path` (empty: the top level) from the builder.
    void setChildren(const std::vector<NextKey> &path, const std::vector<NextMove> &rows, const TreeTally &total,
                     int ended);
    // Of the matched positions (the top level's answer).
    const TreeTally &total() const { return m_total; }
    int ended() const { return m_ended; }
    bool hasTopLevel() const { return m_topLoaded; }

    const NextMove &move(const QModelIndex &index) const;
    std::vector<NextKey> path(const QModelIndex &index) const;
    int depth(const QModelIndex &index) const; // 1 for the top level

    QModelIndex index(int row, int column, const QModelIndex &parent = QModelIndex()) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    bool hasChildren(const QModelIndex &parent = QModelIndex()) const override;
    bool canFetchMore(const QModelIndex &parent) const override;
    void fetchMore(const QModelIndex &parent) override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    void childrenWanted(const std::vector<wb::NextKey> &path);

private:
    struct Item {
        NextMove move;
        int parent = -1; // -1: top level
        int row = 0;
        int depth = 1;
        std::vector<int> children;
        bool requested = false;
        bool loaded = false;
    };
    int itemOf(const QModelIndex &index) const { return index.isValid() ? int(index.internalId()) : -1; }
    const std::vector<int> &childrenOf(int item) const { return item < 0 ? m_top : m_items[size_t(item)].children; }

    std::vector<Item> m_items;
    std::vector<int> m_top;
    bool m_topLoaded = false;
    TreeTally m_total;
    int m_ended = 0;
};

} // namespace wb
