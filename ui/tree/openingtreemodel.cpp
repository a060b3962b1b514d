// SPDX-License-Identifier: GPL-3.0-or-later
#include "openingtreemodel.h"

#include <QLocale>

namespace wb {

QString whiteScoreText(const TreeTally &tally)
{
    const double s = tally.whiteScore();
    return s < 0 ? QStringLiteral("–") : QLocale().toString(s, 'f', 1) + QLatin1Char('%');
}

QString averageRatingText(const TreeTally &tally)
{
    const int r = tally.averageRating();
    return r < 0 ? QStringLiteral("–") : QString::number(r);
}

QString drawShareText(const TreeTally &tally)
{
    return tally.decided() ? QLocale().toString(100.0 * tally.draws / tally.decided(), 'f', 1) + QLatin1Char('%')
                           : QStringLiteral("–");
}

OpeningTreeModel::OpeningTreeModel(QObject *parent) : QAbstractTableModel(parent) {}

void OpeningTreeModel::setTree(OpeningTree tree)
{
    beginResetModel();
    m_tree = std::move(tree);
    endResetModel();
}

int OpeningTreeModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_tree.moves.size());
}

int OpeningTreeModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant OpeningTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const OpeningMove &m = move(index.row());
    if (role == Qt::TextAlignmentRole && index.column() != Move)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Move) return tr("Click to play %1 on the board").arg(m.san);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case Move: return m.san;
    case Games: return QLocale().toString(m.tally.count);
    case Share:
        return m_tree.games ? QLocale().toString(100.0 * m.tally.count / m_tree.games, 'f', 1) + QLatin1Char('%')
                            : QString();
    case Score: return whiteScoreText(m.tally);
    case Draws: return drawShareText(m.tally);
    case Rating: return averageRatingText(m.tally);
    }
    return {};
}

QVariant OpeningTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case Share: return tr("Share of the matched games that reach this position");
        case Score: return tr("White's points in percent of the games with a result");
        case Draws: return tr("Draws in percent of the games with a result");
        case Rating: return tr("Average rating of the player who made the move");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case Move: return tr("Move");
    case Games: return tr("Games");
    case Share: return tr("Share");
    case Score: return tr("White");
    case Draws: return tr("Draws");
    case Rating: return tr("Rating");
    }
    return {};
}

} // namespace wb
