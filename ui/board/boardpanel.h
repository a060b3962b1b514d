// The board with its tool strips: moving through the game and between matched
// positions, what made the shown position match, and the designator of the
// Shift+selected squares (with an Insert button); the set-up mode, and
// queries written from the board ("Find this position", "Find this
// pattern", also under a chosen transform).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/squareset.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QAction;
class QToolButton;

namespace wb {

class BoardWidget;
class SetupBar;

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

    void setSetupMode(bool on);
    bool isSetupMode() const;
    SetupBar *setupBar() const { return m_setupBar; }
    // Copies the shown position (or the one being set up) as FEN to the clipboard.
    QAction *copyFenAction() const { return m_copyFen; }
    QAction *setupAction() const { return m_setupAction; }
    QAction *findPositionAction() const { return m_findPosition; }
    QAction *findPatternAction() const { return m_findPattern; }
    QCheckBox *anyColourBox() const { return m_anyColour; }
    QCheckBox *emptySquaresBox() const { return m_emptySquares; }
    QCheckBox *runAtOnceBox() const { return m_runAtOnce; }
    QComboBox *transformBox() const { return m_transform; }
    // The query "Find This Position" / "Find This Pattern" write.
    QString positionQueryText() const;
    QString patternQueryText() const;

signals:
    void insertRequested(const QString &text);
    // A whole query for the editor, to be searched at once when `run`.
    void queryRequested(const QString &text, bool run);

private:
    void updateDesignator();
    void createQueryTools();

    BoardWidget *m_board;
    QLabel *m_designator;
    QCheckBox *m_anyColour;
    QComboBox *m_transform; // Find Pattern's transform
    QToolButton *m_insert;
    QToolButton *m_first, *m_previous, *m_next, *m_last, *m_previousMatch, *m_nextMatch;
    QLabel *m_matchInfo;
    QString m_designatorText;
    SetupBar *m_setupBar = nullptr;
    QCheckBox *m_emptySquares = nullptr;
    QCheckBox *m_runAtOnce = nullptr;
    QAction *m_setupAction = nullptr;
    QAction *m_copyFen = nullptr;
    QAction *m_findPosition = nullptr;
    QAction *m_findPattern = nullptr;
};

} // namespace wb
