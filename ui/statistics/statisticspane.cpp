// The chart and the table show the same buckets and share the current row;
// both refresh from the builder's snapshots while the search runs.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "statisticspane.h"

#include "statisticsbuilder.h"
#include "statisticschart.h"
#include "statisticstablemodel.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>

namespace wb {

StatisticsPane::StatisticsPane(StatisticsBuilder *builder, QWidget *parent)
    : QWidget(parent), m_builder(builder), m_summary(new QLabel(this)), m_dimension(new QComboBox(this)),
      m_chart(new StatisticsChart), m_table(new QTableView), m_model(new StatisticsTableModel(this)),
      m_filter(new QLabel(this)), m_showAll(new QPushButton(this))
{
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    for (int d = 0; d < StatDimensionCount; ++d)
        m_dimension->addItem(QString(), d);

    auto *scroll = new QScrollArea;
    scroll->setWidget(m_chart);
    scroll->setWidgetResizable(true);
    scroll->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(scroll);
    split->addWidget(m_table);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);

    auto *top = new QHBoxLayout;
    top->addWidget(m_summary, 1);
    top->addWidget(m_dimension);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_filter, 1);
    bottom->addWidget(m_showAll);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addLayout(bottom);
    m_filter->hide();
    m_showAll->hide();

    connect(m_builder, &StatisticsBuilder::updated, this, &StatisticsPane::refresh);
    connect(m_dimension, &QComboBox::currentIndexChanged, this, [this] {
        m_chart->setCurrentRow(-1);
        refresh();
    });
    connect(m_chart, &StatisticsChart::barClicked, this, &StatisticsPane::chooseRow);
    connect(m_table, &QAbstractItemView::clicked, this, [this](const QModelIndex &index) { chooseRow(index.row()); });
    connect(m_showAll, &QPushButton::clicked, this, &StatisticsPane::showAllRequested);
    retranslate();
    refresh();
}

void StatisticsPane::setDimension(StatDimension dimension) { m_dimension->setCurrentIndex(int(dimension)); }

StatDimension StatisticsPane::dimension() const { return StatDimension(m_dimension->currentIndex()); }

void StatisticsPane::chooseRow(int row)
{
    const std::vector<StatBucket> &buckets = m_model->buckets();
    if (row < 0 || size_t(row) >= buckets.size()) return;
    m_chart->setCurrentRow(row);
    m_table->selectRow(row);
    const StatBucket &b = buckets[size_t(row)];
    emit bucketChosen(dimension(), b.key,
                      QStringLiteral("%1 %2").arg(StatisticsTableModel::dimensionName(dimension()), b.label));
}

void StatisticsPane::showFilter(const QString &label, int games)
{
    m_filterLabel = label;
    m_filterGames = games;
    m_filter->setVisible(!label.isEmpty());
    m_showAll->setVisible(!label.isEmpty());
    if (label.isEmpty()) {
        m_chart->setCurrentRow(-1);
        m_table->clearSelection();
    }
    retranslate();
}

QString StatisticsPane::summaryText() const
{
    const StatisticsSnapshot &s = m_builder->snapshot();
    const StatTally &t = s.total;
    const QLocale l;
    return tr("%1 games, %2 positions matched; 1–0 %3, ½–½ %4, 0–1 %5; White scored %6")
        .arg(l.toString(t.games), l.toString(t.positions), l.toString(t.whiteWins), l.toString(t.draws),
             l.toString(t.blackWins), scoreText(t));
}

void StatisticsPane::refresh()
{
    const StatisticsSnapshot &s = m_builder->snapshot();
    const int current = m_chart->currentRow();
    const int key =
        current >= 0 && size_t(current) < m_model->buckets().size() ? m_model->buckets()[size_t(current)].key : INT_MIN;
    m_model->setBuckets(dimension(), s.of(dimension()));
    m_chart->setBuckets(s.of(dimension()));
    // The chosen bucket keeps its highlight when new matches move it.
    int row = -1;
    for (size_t i = 0; i < m_model->buckets().size(); ++i)
        if (m_model->buckets()[i].key == key) row = int(i);
    m_chart->setCurrentRow(row);
    m_summary->setText(summaryText());
}

void StatisticsPane::retranslate()
{
    for (int d = 0; d < StatDimensionCount; ++d)
        m_dimension->setItemText(d, tr("By %1").arg(StatisticsTableModel::dimensionName(StatDimension(d))));
    m_showAll->setText(tr("List All Games"));
    m_filter->setText(tr("Listing the %1 games of %2").arg(QLocale().toString(m_filterGames), m_filterLabel));
    m_summary->setText(summaryText());
}

void StatisticsPane::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        m_model->setBuckets(dimension(), m_model->buckets());
    }
    QWidget::changeEvent(event);
}

} // namespace wb
