// Shows a game's moves, variations and comments; moves are links, the current
// move is highlighted and positions matched by the query are marked.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "game/game.h"

#include <QHash>
#include <QSet>
#include <QTextBrowser>
#include <memory>

namespace wb {

class NotationView : public QTextBrowser {
    Q_OBJECT
public:
    explicit NotationView(QWidget *parent = nullptr);

    // The game is shared with the window (board, search marks); nullptr clears the view.
    void setGame(std::shared_ptr<const game::Game> game, const QSet<game::NodeId> &matched = {});
    const game::Game *game() const { return m_game.get(); }
    const QSet<game::NodeId> &matchedNodes() const { return m_matched; }

    game::NodeId currentNode() const { return m_current; }
    // Text range of a node's move in the document (start, length); (-1, 0) if not shown.
    QPair<int, int> moveRange(game::NodeId node) const;
    // The SAN as displayed for a node ("Nf3"); "" for the root.
    QString moveText(game::NodeId node) const;

public slots:
    void setCurrentNode(game::NodeId node);
    // Navigation; each emits nodeSelected when the current node changes.
    void goNext();
    void goPrevious();
    void goFirst();
    void goLast();

signals:
    void nodeSelected(game::NodeId node);

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void select(game::NodeId node);

    std::shared_ptr<const game::Game> m_game;
    QSet<game::NodeId> m_matched;
    QHash<game::NodeId, QPair<int, int>> m_ranges;
    QHash<game::NodeId, QString> m_san;
    game::NodeId m_current = game::NoNode;
};

} // namespace wb
