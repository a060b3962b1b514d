// SPDX-License-Identifier: GPL-3.0-or-later
#include "treepane.h"

#include "nexttreemodel.h"
#include "openingtreemodel.h"
#include "treebuilder.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTreeView>
#include <QHBoxLayout>
#include <QVBoxLayout>

namespace wb {

namespace {

QString number(int n) { return QLocale().toString(n); }

QWidget *section(QLabel *title, QLabel *summary, QWidget *view, QLayout *extra = nullptr)
{
    auto *w = new QWidget;
    auto *layout = new QVBoxLayout(w);
    layout->setContentsMargins(0, 0, 0, 0);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    summary->setWordWrap(true);
    layout->addWidget(title);
    layout->addWidget(summary);
    layout->addWidget(view, 1);
    if (extra) layout->addLayout(extra);
    return w;
}

} // namespace

TreePane::TreePane(TreeBuilder *builder, QWidget *parent)
    : QWidget(parent), m_builder(builder), m_openingModel(new OpeningTreeModel(this)),
      m_nextModel(new NextTreeModel(this)), m_openingTitle(new QLabel), m_openingSummary(new QLabel),
      m_openingView(new QTableView), m_nextTitle(new QLabel), m_nextSummary(new QLabel), m_nextView(new QTreeView),
      m_listGames(new QPushButton), m_filter(new QLabel), m_showAll(new QPushButton)
{
    m_openingView->setModel(m_openingModel);
    m_openingView->setObjectName(QStringLiteral("openingTree"));
    m_openingView->verticalHeader()->hide();
    m_openingView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_openingView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_openingView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_openingView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_openingView->verticalHeader()->setDefaultSectionSize(m_openingView->fontMetrics().height() + 6);

    m_nextView->setModel(m_nextModel);
    m_nextView->setObjectName(QStringLiteral("nextTree"));
    m_nextView->setUniformRowHeights(true);
    m_nextView->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_nextView->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_nextView->header()->setStretchLastSection(false);
    m_listGames->setEnabled(false);
    m_listGames->setObjectName(QStringLiteral("listGames"));
    m_listGames->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Fixed);
    m_showAll->setObjectName(QStringLiteral("showAllGames"));

    auto *split = new QSplitter(Qt::Vertical);
    split->setChildrenCollapsible(false);
    split->addWidget(section(m_openingTitle, m_openingSummary, m_openingView));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_listGames);
    buttons->addWidget(m_filter, 1);
    buttons->addWidget(m_showAll);
    m_filter->setVisible(false);
    m_showAll->setVisible(false);
    split->addWidget(section(m_nextTitle, m_nextSummary, m_nextView, buttons));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(m_openingView, &QTableView::clicked, this, [this](const QModelIndex &index) {
        if (index.isValid()) emit openingMoveChosen(m_openingModel->move(index.row()));
    });
    connect(m_nextView, &QTreeView::clicked, this, [this](const QModelIndex &index) {
        if (!index.isValid()) return;
        const NextMove &m = m_nextModel->move(index);
        emit nextLineChosen(m.game, m.match, m_nextModel->depth(index));
    });
    connect(m_nextView->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { m_listGames->setEnabled(current.isValid()); });
    connect(m_listGames, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_nextView->currentIndex();
        if (current.isValid()) emit nextGamesWanted(m_nextModel->path(current), lineText(current));
    });
    connect(m_showAll, &QPushButton::clicked, this, &TreePane::showAllRequested);
    connect(m_nextModel, &NextTreeModel::childrenWanted, m_builder, &TreeBuilder::requestNext);
    connect(
        m_builder, &TreeBuilder::nextMovesReady, this,
        [this](const std::vector<NextKey> &path, const std::vector<NextMove> &rows, const TreeTally &total, int ended) {
            m_nextModel->setChildren(path, rows, total, ended);
            if (path.empty()) refreshNextSummary();
        });
    connect(m_builder, &TreeBuilder::openingTreeReady, this, &TreePane::refreshOpening);
    connect(m_builder, &TreeBuilder::cleared, this, [this] {
        m_openingModel->setTree(OpeningTree());
        m_nextModel->clear();
        m_listGames->setEnabled(false);
        refreshOpening();
        refreshNextSummary();
    });
    retranslate();
}

QString TreePane::lineText(const QModelIndex &index) const
{
    QStringList moves;
    for (QModelIndex i = index.siblingAtColumn(0); i.isValid(); i = i.parent())
        moves.prepend(m_nextModel->move(i).text);
    return moves.join(QLatin1Char(' '));
}

void TreePane::setSearching(bool searching)
{
    m_searching = searching;
    refreshOpening();
    refreshNextSummary();
}

void TreePane::showFilter(const QString &label, int games)
{
    m_filterLabel = label;
    m_filterGames = games;
    m_filter->setVisible(!label.isEmpty());
    m_showAll->setVisible(!label.isEmpty());
    retranslate();
}

void TreePane::refreshOpening()
{
    if (m_builder->hasRecords() && m_builder->openingTreeCurrent()) m_openingModel->setTree(m_builder->openingTree());
    m_openingSummary->setText(openingSummary());
}

void TreePane::refreshNextSummary() { m_nextSummary->setText(nextSummary()); }

QString TreePane::openingSummary() const
{
    if (m_searching) return tr("Built when the search ends.");
    if (!m_builder->hasRecords()) return tr("Search to see the moves the matched games played here.");
    if (!m_builder->openingTreeCurrent()) return tr("Counting…");
    const OpeningTree &t = m_openingModel->tree();
    if (!t.games) return tr("No matched game reaches the position on the board.");
    QString text = t.games == 1 ? tr("One matched game reaches the position on the board")
                                : tr("%1 matched games reach the position on the board").arg(number(t.games));
    if (t.ended) text += tr("; %1 of them end there").arg(number(t.ended));
    return text + QLatin1Char('.');
}

QString TreePane::nextSummary() const
{
    if (m_searching) return tr("Built when the search ends.");
    if (!m_builder->hasRecords()) return tr("The moves played right after the matched positions.");
    if (!m_nextModel->hasTopLevel()) return tr("Counting…");
    const TreeTally &t = m_nextModel->total();
    QString text = t.count == 1 ? tr("One matched position") : tr("%1 matched positions").arg(number(t.count));
    if (m_nextModel->ended()) text += tr("; %1 with no move after them").arg(number(m_nextModel->ended()));
    return text + QLatin1Char('.');
}

void TreePane::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

void TreePane::retranslate()
{
    m_openingTitle->setText(tr("Opening tree of the matched games"));
    m_openingTitle->setToolTip(tr("Positions are recognised by their Zobrist key, so a position reached by another "
                                  "move order counts its games too."));
    m_nextTitle->setText(tr("What came next"));
    m_nextTitle->setToolTip(tr("The moves played right after each matched position, a level per ply"));
    m_listGames->setText(tr("List these games"));
    m_listGames->setToolTip(tr("Show in the game list the games with a match followed by the chosen line"));
    m_showAll->setText(tr("Show all games"));
    m_filter->setText(tr("Listing the %1 games after %2").arg(number(m_filterGames)).arg(m_filterLabel));
    refreshOpening();
    refreshNextSummary();
}

} // namespace wb
