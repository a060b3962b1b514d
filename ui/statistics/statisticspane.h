// The Statistics dock: totals of the matches, a chart and a table of one
// grouping (year, rating, ECO, player, database) side by side, and the
// game list's filter by a bar or row.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "matchstatistics.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;

namespace wb {

class StatisticsBuilder;
class StatisticsChart;
class StatisticsTableModel;

class StatisticsPane : public QWidget {
    Q_OBJECT
public:
    explicit StatisticsPane(StatisticsBuilder *builder, QWidget *parent = nullptr);

    void setDimension(StatDimension dimension);
    StatDimension dimension() const;
    // Chooses row `row` of the shown grouping, as a click on its bar does.
    void chooseRow(int row);
    // The game list shows `games` of the bucket named `label` ("" = all games again).
    void showFilter(const QString &label, int games);

    StatisticsChart *chart() const { return m_chart; }
    QTableView *table() const { return m_table; }
    StatisticsTableModel *model() const { return m_model; }
    QString summaryText() const;

signals:
    // The user chose a bucket: list its games.
    void bucketChosen(wb::StatDimension dimension, int key, const QString &label);
    void showAllRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void retranslate();

    StatisticsBuilder *m_builder;
    QLabel *m_summary;
    QComboBox *m_dimension;
    StatisticsChart *m_chart;
    QTableView *m_table;
    StatisticsTableModel *m_model;
    QLabel *m_filter;
    QPushButton *m_showAll;
    QString m_filterLabel;
    int m_filterGames = 0;
};

} // namespace wb
