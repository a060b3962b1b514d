// The buckets of one dimension as table rows beside the chart.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "matchstatistics.h"

#include <QAbstractTableModel>

namespace wb {

class StatisticsTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Label, Games, Positions, WhiteWins, Draws, BlackWins, Score, ColumnCount };
    enum Role { KeyRole = Qt::UserRole + 1 };

    explicit StatisticsTableModel(QObject *parent = nullptr);

    void setBuckets(StatDimension dimension, std::vector<StatBucket> buckets);
    StatDimension dimension() const { return m_dimension; }
    const std::vector<StatBucket> &buckets() const { return m_buckets; }
    static QString dimensionName(StatDimension dimension);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    StatDimension m_dimension = StatDimension::Year;
    std::vector<StatBucket> m_buckets;
};

// "55.3%", or a dash without decided games.
QString scoreText(const StatTally &tally);

} // namespace wb
