// Bar lengths share one scale (the largest bucket), so bars compare across
// rows; the colours follow the palette so the dark theme reads as well.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "statisticschart.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <algorithm>

namespace wb {

namespace {
constexpr int Margin = 4;
constexpr int CountWidth = 64; // room for the count after the longest bar
} // namespace

StatisticsChart::StatisticsChart(QWidget *parent) : QWidget(parent)
{
    setMouseTracking(false);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void StatisticsChart::setBuckets(std::vector<StatBucket> buckets)
{
    m_buckets = std::move(buckets);
    if (m_current >= int(m_buckets.size())) m_current = -1;
    updateGeometry();
    resize(width(), sizeHint().height());
    update();
}

void StatisticsChart::setCurrentRow(int row)
{
    m_current = row;
    update();
}

int StatisticsChart::rowHeight() const { return fontMetrics().height() + 6; }

int StatisticsChart::labelWidth() const
{
    int w = 0;
    for (const StatBucket &b : m_buckets)
        w = std::max(w, fontMetrics().horizontalAdvance(b.label));
    return std::min(w, fontMetrics().averageCharWidth() * 24) + 2 * Margin;
}

QSize StatisticsChart::sizeHint() const
{
    return {labelWidth() + 240, int(m_buckets.size()) * rowHeight() + 2 * Margin};
}

QSize StatisticsChart::minimumSizeHint() const { return {labelWidth() + 80, sizeHint().height()}; }

int StatisticsChart::rowAt(int y) const
{
    const int row = (y - Margin) / rowHeight();
    return y >= Margin && row < int(m_buckets.size()) ? row : -1;
}

QRect StatisticsChart::barRect(int row) const
{
    int most = 1;
    for (const StatBucket &b : m_buckets)
        most = std::max(most, b.tally.games);
    const int x = labelWidth();
    const int room = std::max(10, width() - x - CountWidth - Margin);
    const int length = std::max(1, int(qint64(room) * m_buckets[size_t(row)].tally.games / most));
    return QRect(x, Margin + row * rowHeight() + 2, length, rowHeight() - 4);
}

void StatisticsChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette &pal = palette();
    const QColor white(0xf0, 0xec, 0xe0), draw(0x9a, 0x9a, 0x9a), black(0x30, 0x30, 0x30);
    const int h = rowHeight(), lw = labelWidth();
    for (int row = 0; row < int(m_buckets.size()); ++row) {
        const StatBucket &b = m_buckets[size_t(row)];
        const QRect line(0, Margin + row * h, width(), h);
        if (row == m_current) p.fillRect(line, pal.highlight());
        p.setPen(row == m_current ? pal.highlightedText().color() : pal.text().color());
        p.drawText(line.adjusted(Margin, 0, -(width() - lw), 0), Qt::AlignVCenter | Qt::AlignLeft,
                   fontMetrics().elidedText(b.label, Qt::ElideRight, lw - 2 * Margin));

        const QRect bar = barRect(row);
        const StatTally &t = b.tally;
        int x = bar.left();
        // Pieces in proportion to the bar: White wins, draws, Black wins; the rest (no result) stays open.
        for (const auto &[n, colour] : {std::pair{t.whiteWins, white}, {t.draws, draw}, {t.blackWins, black}}) {
            const int w = t.games ? int(qint64(bar.width()) * n / t.games) : 0;
            p.fillRect(QRect(x, bar.top(), w, bar.height()), colour);
            x += w;
        }
        p.setPen(pal.mid().color());
        p.setBrush(Qt::NoBrush);
        p.drawRect(bar.adjusted(0, 0, -1, -1));
        p.setPen(row == m_current ? pal.highlightedText().color() : pal.text().color());
        p.drawText(QRect(bar.right() + Margin, line.top(), CountWidth, h), Qt::AlignVCenter | Qt::AlignLeft,
                   QLocale().toString(t.games));
    }
}

void StatisticsChart::mousePressEvent(QMouseEvent *event)
{
    const int row = rowAt(int(event->position().y()));
    if (event->button() != Qt::LeftButton || row < 0) return QWidget::mousePressEvent(event);
    setCurrentRow(row);
    emit barClicked(row);
}

bool StatisticsChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int row = rowAt(help->pos().y());
        if (row < 0) {
            QToolTip::hideText();
            return true;
        }
        const StatBucket &b = m_buckets[size_t(row)];
        const QLocale l;
        QToolTip::showText(help->globalPos(),
                           tr("%1: %2 games, 1–0 %3, ½–½ %4, 0–1 %5; click to list them")
                               .arg(b.label, l.toString(b.tally.games), l.toString(b.tally.whiteWins),
                                    l.toString(b.tally.draws), l.toString(b.tally.blackWins)),
                           this);
        return true;
    }
    return QWidget::event(event);
}

} // namespace wb
