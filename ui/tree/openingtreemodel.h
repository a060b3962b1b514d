// The opening tree of the shown position as table rows: a move per row with
// its games, their share, White's score, the draws and the average rating of
// the player who made the move.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "matchtree.h"

#include <QAbstractTableModel>

namespace wb {

class OpeningTreeModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Move, Games, Share, Score, Draws, Rating, ColumnCount };

    explicit OpeningTreeModel(QObject *parent = nullptr);

    void setTree(OpeningTree tree);
    const OpeningTree &tree() const { return m_tree; }
    const OpeningMove &move(int row) const { return m_tree.moves[size_t(row)]; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    OpeningTree m_tree;
};

// The figures of a tally as the tree views show them ("55.3%", "2541", "–").
QString whiteScoreText(const TreeTally &tally);
QString averageRatingText(const TreeTally &tally);
QString drawShareText(const TreeTally &tally);

} // namespace wb
