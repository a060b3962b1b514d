// The Tree dock: the builder gets a search's matches when it ends and the
// position the board shows; a chosen move or line opens the game that has it.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "gamelist/gamelistmodel.h"
#include "search/searchsession.h"
#include "tree/treebuilder.h"
#include "tree/treepane.h"

#include <QDockWidget>
#include <QTableView>

namespace wb {

void MainWindow::createTreeDock()
{
    m_tree = new TreeBuilder(this);
    m_treePane = new TreePane(m_tree, this);
    m_treeDock = addNotationTab(m_treePane, tr("Tree"), QStringLiteral("TreeDock"));

    SearchSession *s = m_session;
    connect(s, &SearchSession::searchStarted, this, [this] {
        m_tree->clear();
        m_treePane->showFilter(QString(), 0);
        m_treePane->setSearching(true);
    });
    connect(s, &SearchSession::searchFinished, this, [this, s] {
        m_treePane->setSearching(false);
        // Only a search of the databases listed now is this list's.
        if (s->controller()->source() == s->listSource()) m_tree->setRecords(s->controller()->matchRecords());
    });
    connect(s, &SearchSession::databasesChanged, this, [this] {
        m_treePane->setSearching(false);
        m_treePane->showFilter(QString(), 0);
        m_tree->clear();
    });
    connect(s, &SearchSession::positionShown, this, [this, s](game::NodeId node) {
        const LoadedGame &g = s->loadedGame();
        if (!g.game || node >= g.game->nodes.size()) return;
        m_tree->showPosition(g.game->nodes[node].position);
        if (m_treeTarget.game == g.index) followTreeTarget();
    });

    connect(m_treePane, &TreePane::openingMoveChosen, this, [this, s](const OpeningMove &move) {
        // The shown game goes on with the move: step into it; else open the
        // first matched game that played it, at the position after it.
        const LoadedGame &g = s->loadedGame();
        if (g.game && s->currentNode() < g.game->nodes.size()) {
            for (game::NodeId c = g.game->nodes[s->currentNode()].firstChild; c != game::NoNode;
                 c = g.game->nodes[c].nextSibling)
                if (g.game->nodes[c].move == move.move) {
                    s->showNode(c);
                    return;
                }
        }
        openTreeTarget({move.game, -1, move.ply});
    });
    connect(m_treePane, &TreePane::showAllRequested, this, [this, s] {
        s->games()->clearGameFilter();
        m_treePane->showFilter(QString(), 0);
    });
    connect(m_treePane, &TreePane::nextLineChosen, this, [this](int game, int match, int plies) {
        openTreeTarget({game, match, plies});
    });
    connect(m_treePane, &TreePane::nextGamesWanted, this,
            [this, s](const std::vector<NextKey> &path, const QString &label) {
                if (!m_tree->records()) return;
                const std::vector<int> games = gamesAfter(*m_tree->records(), path);
                s->games()->setGameFilter(games);
                m_treePane->showFilter(label, int(games.size()));
                m_gamesDock->show();
                m_gamesDock->raise();
            });
}

void MainWindow::openTreeTarget(TreeTarget target)
{
    m_treeTarget = target;
    if (m_session->loadedGame().index == target.game) {
        followTreeTarget();
        return;
    }
    // Through the game list when it lists the game, so its row is the current one.
    const int row = m_session->games()->rowOfGame(target.game);
    if (row >= 0)
        m_gameTable->selectRow(row);
    else
        m_session->selectGame(target.game);
}

void MainWindow::followTreeTarget()
{
    const TreeTarget target = m_treeTarget;
    m_treeTarget = TreeTarget();
    const LoadedGame &g = m_session->loadedGame();
    if (!g.game || g.index != target.game) return;
    // From the match (or the start) along the main continuation.
    game::NodeId node = 0;
    if (target.match >= 0) {
        if (size_t(target.match) >= g.marks.size()) return;
        node = g.marks[size_t(target.match)].node;
    }
    for (int i = 0; i < target.plies && node < g.game->nodes.size() && g.game->nodes[node].firstChild != game::NoNode;
         ++i)
        node = g.game->nodes[node].firstChild;
    // After the session's own first position of a newly loaded game.
    QMetaObject::invokeMethod(
        this,
        [this, node, index = g.index] {
            if (m_session->loadedGame().index == index && m_session->currentNode() != node) m_session->showNode(node);
        },
        Qt::QueuedConnection);
}

} // namespace wb
