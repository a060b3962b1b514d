// The board with its tool strips: moving through the game and between matched
// positions, what made the shown position match, and the designator of the
// Shift+selected squares (with an Insert button).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/squareset.h"

#include <QWidget>

class QCheckBox;
class QLabel;
class QAction;
class QToolButton;

namespace wb {

class BoardWidget;

class BoardPanel : public QWidget {
    Q_OBJECT
public:
    explicit BoardPanel(QWidget *parent = nullptr);
    BoardWidget *board() const { return m_board; }
    QString designator() const { return m_designatorText; }

    // Buttons for the window's actions, sharing their shortcuts and enabled state.
    void setNavigationActions(QAction *first, QAction *previous, QAction *next, QAction *last, QAction *previousMatch,
                              QAction *nextMatch);
    // "Match 2 of 5 · flipcolor image 2 …" for the shown position; "" hides it.
    void setMatchInfo(const QString &text, const QString &toolTip = QString());
    QString matchInfo() const;
    QToolButton *previousMatchButton() const { return m_previousMatch; }
    QToolButton *nextMatchButton() const { return m_nextMatch; }

signals:
    void insertRequested(const QString &text);

private:
    void updateDesignator();

    BoardWidget *m_board;
    QLabel *m_designator;
    QCheckBox *m_anyColour;
    QToolButton *m_insert;
    QToolButton *m_first, *m_previous, *m_next, *m_last, *m_previousMatch, *m_nextMatch;
    QLabel *m_matchInfo;
    QString m_designatorText;
};

} // namespace wb
