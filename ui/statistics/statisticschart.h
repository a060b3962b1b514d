// A horizontal bar per bucket, split into White wins, draws, Black wins and
// games without a result; a click on a bar chooses its bucket. Painted by
// hand: a few dozen bars need no chart library.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "matchstatistics.h"

#include <QWidget>

namespace wb {

class StatisticsChart : public QWidget {
    Q_OBJECT
public:
    explicit StatisticsChart(QWidget *parent = nullptr);

    void setBuckets(std::vector<StatBucket> buckets);
    const std::vector<StatBucket> &buckets() const { return m_buckets; }
    void setCurrentRow(int row);
    int currentRow() const { return m_current; }
    // The bar at `y` in widget coordinates, -1 outside them.
    int rowAt(int y) const;
    // Where bar `row` is drawn (for tests that click it).
    QRect barRect(int row) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void barClicked(int row);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    bool event(QEvent *event) override;

private:
    int rowHeight() const;
    int labelWidth() const;

    std::vector<StatBucket> m_buckets;
    int m_current = -1;
};

} // namespace wb
