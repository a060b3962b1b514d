// Rows keep their place when a snapshot only changes figures: the selection
// and scroll position survive the updates while matches stream in.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "statisticstablemodel.h"

#include <QLocale>

namespace wb {

QString scoreText(const StatTally &tally)
{
    const double score = tally.scorePercent();
    return score < 0 ? QStringLiteral("–") : QLocale().toString(score, 'f', 1) + QLatin1Char('%');
}

StatisticsTableModel::StatisticsTableModel(QObject *parent) : QAbstractTableModel(parent) {}

QString StatisticsTableModel::dimensionName(StatDimension dimension)
{
    switch (dimension) {
    case StatDimension::Year: return tr("Year");
    case StatDimension::Rating: return tr("Rating");
    case StatDimension::Eco: return tr("ECO");
    case StatDimension::Player: return tr("Player");
    case StatDimension::Database: return tr("Database");
    }
    return QString();
}

void StatisticsTableModel::setBuckets(StatDimension dimension, std::vector<StatBucket> buckets)
{
    bool sameRows = dimension == m_dimension && buckets.size() == m_buckets.size();
    for (size_t i = 0; sameRows && i < buckets.size(); ++i)
        sameRows = buckets[i].key == m_buckets[i].key;
    if (sameRows) {
        m_buckets = std::move(buckets);
        if (!m_buckets.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    const bool headerChanged = dimension != m_dimension;
    m_dimension = dimension;
    m_buckets = std::move(buckets);
    endResetModel();
    if (headerChanged) emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
}

int StatisticsTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_buckets.size());
}

int StatisticsTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant StatisticsTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_buckets.size()) return {};
    const StatBucket &b = m_buckets[size_t(index.row())];
    if (role == KeyRole) return b.key;
    if (role == Qt::TextAlignmentRole && index.column() != Label)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    const QLocale l;
    switch (index.column()) {
    case Label: return b.label;
    case Games: return l.toString(b.tally.games);
    case Positions: return l.toString(b.tally.positions);
    case WhiteWins: return l.toString(b.tally.whiteWins);
    case Draws: return l.toString(b.tally.draws);
    case BlackWins: return l.toString(b.tally.blackWins);
    case Score: return scoreText(b.tally);
    }
    return {};
}

QVariant StatisticsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal) return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole && section == Score)
        return m_dimension == StatDimension::Player ? tr("The player's score in the games with a result")
                                                    : tr("White's score in the games with a result");
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case Label: return dimensionName(m_dimension);
    case Games: return tr("Games");
    case Positions: return tr("Positions");
    case WhiteWins: return QStringLiteral("1–0");
    case Draws: return QStringLiteral("½–½");
    case BlackWins: return QStringLiteral("0–1");
    case Score: return tr("Score");
    }
    return {};
}

} // namespace wb
