// Refining results: the quick filter above the game list, and in the Query
// menu and the Refine toolbar searching within the matches, combining a new
// result with the shown one, and the result history.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "gamelist/gamelistmodel.h"
#include "gamelist/quickfilterbar.h"
#include "search/searchlog.h"
#include "search/searchsession.h"
#include "statistics/statisticsbuilder.h"

#include <QActionGroup>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace wb {

void MainWindow::createRefine()
{
    SearchSession *s = m_session;

    // The quick filter sits above the list, in the same dock.
    m_quickFilter = new QuickFilterBar(s->games(), this);
    auto *box = new QWidget(this);
    auto *column = new QVBoxLayout(box);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(0);
    column->addWidget(m_quickFilter);
    column->addWidget(m_gamesDock->widget());
    m_gamesDock->setWidget(box);

    QAction *within = new QAction(tr("Search &Within Matches"), this);
    within->setObjectName(QStringLiteral("SearchWithinMatches"));
    within->setCheckable(true);
    within->setToolTip(tr("The next Run reads only the games of the shown result"));
    connect(within, &QAction::toggled, s, &SearchSession::setSearchWithinMatches);

    // How the next result joins the shown one.
    auto *combine = new QComboBox(this);
    combine->setObjectName(QStringLiteral("CombineResult"));
    combine->setToolTip(tr("How the result of the next Run is combined with the shown result"));
    combine->addItem(tr("New result"), int(Combine::Replace));
    combine->addItem(tr("And previous"), int(Combine::And));
    combine->addItem(tr("Or previous"), int(Combine::Or));
    combine->addItem(tr("Previous and not"), int(Combine::AndNot));
    connect(combine, &QComboBox::currentIndexChanged, this,
            [s, combine] { s->setCombine(Combine(combine->currentData().toInt())); });

    QAction *back = new QAction(tr("&Previous Result"), this);
    back->setObjectName(QStringLiteral("PreviousResult"));
    back->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Left));
    back->setIcon(style()->standardIcon(QStyle::SP_ArrowBack));
    connect(back, &QAction::triggered, s, &SearchSession::stepBack);
    QAction *forward = new QAction(tr("&Next Result"), this);
    forward->setObjectName(QStringLiteral("NextResult"));
    forward->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_Right));
    forward->setIcon(style()->standardIcon(QStyle::SP_ArrowForward));
    connect(forward, &QAction::triggered, s, &SearchSession::stepForward);

    auto *history = new QComboBox(this);
    history->setObjectName(QStringLiteral("ResultHistory"));
    history->setToolTip(tr("Earlier results: choose one to show it"));
    history->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    history->setMinimumContentsLength(28);
    connect(history, &QComboBox::activated, s, [s](int i) { s->showHistoryEntry(i); });

    QMenu *query = menuHolding(m_act.run);
    QMenu *historyMenu = nullptr;
    QMenu *combineNow = nullptr;
    if (query) {
        query->addSeparator();
        query->addAction(within);
        QMenu *next = query->addMenu(tr("&Combine Next Result"));
        auto *group = new QActionGroup(next);
        for (int i = 0; i < combine->count(); ++i) {
            QAction *a = next->addAction(combine->itemText(i));
            a->setCheckable(true);
            a->setChecked(i == 0);
            group->addAction(a);
            connect(a, &QAction::triggered, combine, [combine, i] { combine->setCurrentIndex(i); });
            connect(combine, &QComboBox::currentIndexChanged, a, [a, i](int now) { a->setChecked(now == i); });
        }
        combineNow = query->addMenu(tr("Combine with &Previous Result"));
        for (Combine how : {Combine::And, Combine::Or, Combine::AndNot})
            connect(combineNow->addAction(ResultHistory::combineName(how)), &QAction::triggered, s,
                    [s, how] { s->combineWithPrevious(how); });
        query->addAction(back);
        query->addAction(forward);
        historyMenu = query->addMenu(tr("Result &History"));
    }

    // A row of its own: the main toolbar fills the width already.
    addToolBarBreak();
    QToolBar *tb = addToolBar(tr("Refine Toolbar"));
    tb->setObjectName(QStringLiteral("RefineToolbar"));
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tb->setIconSize(QSize(20, 20));
    tb->addAction(within);
    tb->addWidget(combine);
    tb->addSeparator();
    tb->addAction(back);
    tb->addAction(forward);
    tb->addWidget(history);
    if (m_viewMenu) m_viewMenu->addAction(tb->toggleViewAction());

    auto refresh = [this, s, back, forward, history, historyMenu, combineNow, within] {
        const ResultHistory &h = s->history();
        const bool idle = !s->isRunning() && !s->isCombining();
        back->setEnabled(idle && h.canGoBack());
        forward->setEnabled(idle && h.canGoForward());
        if (combineNow) combineNow->setEnabled(idle && h.current() >= 1);
        within->setEnabled(true);
        history->clear();
        if (historyMenu) historyMenu->clear();
        for (int i = 0; i < h.size(); ++i) {
            const QString text = QStringLiteral("%1. %2").arg(i + 1).arg(h.entryText(i));
            history->addItem(text);
            if (historyMenu) {
                QAction *a = historyMenu->addAction(text);
                a->setCheckable(true);
                a->setChecked(i == h.current());
                connect(a, &QAction::triggered, s, [s, i] { s->showHistoryEntry(i); });
            }
        }
        history->setCurrentIndex(h.current());
        history->setEnabled(idle && h.size() > 0);
        if (historyMenu) historyMenu->setEnabled(h.size() > 0);
    };
    connect(s, &SearchSession::historyChanged, this, refresh);
    connect(s, &SearchSession::searchStarted, this, refresh);
    connect(s, &SearchSession::searchFinished, this, refresh);
    refresh();

    // An earlier or combined result: the list, the statistics and the shown game follow it.
    connect(s, &SearchSession::resultsReplaced, this, [this, s] {
        const ResultEntry *e = s->history().currentEntry();
        if (e)
            m_log->addMessage(tr("Result %1 of %2: %3")
                                  .arg(s->history().current() + 1)
                                  .arg(s->history().size())
                                  .arg(s->history().entryText(s->history().current())),
                              SearchLog::Success);
        startStatistics();
        QList<GameHit> hits;
        const SearchResults &r = s->games()->results();
        for (size_t g = 0; g < r.matches.size(); ++g)
            if (r.matches[g] >= 0) hits.append(GameHit{int(g), r.matches[g], r.sortValues[g], bool(r.hasSort[g])});
        m_statistics->addHits(hits);
        updateActions();
        if (s->games()->isSorting())
            m_selectFirstAfterSort = true;
        else
            selectFirstMatch();
    });
}

void MainWindow::applyQuickFilterText(const QString &fields)
{
    const QString error = m_quickFilter->setFields(fields);
    if (!error.isEmpty()) m_log->addMessage(tr("--filter: %1").arg(error), SearchLog::Warning);
    m_quickFilter->applyNow();
}

} // namespace wb
