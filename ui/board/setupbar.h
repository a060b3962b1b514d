// The set-up mode's tools under the board: a piece palette (click a piece,
// then squares; or drag it onto the board), an eraser, Clear, Start Position,
// the side to move and FEN to and from the clipboard.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QButtonGroup;
class QComboBox;
class QLabel;
class QToolButton;

namespace wb {

class BoardWidget;

class SetupBar : public QWidget {
    Q_OBJECT
public:
    SetupBar(BoardWidget *board, QWidget *parent = nullptr);

    // Puts the clipboard's FEN on the board; false (and says why) when it is none.
    bool pasteFen();
    void copyFen();
    QToolButton *paletteButton(int piece) const; // by chess::Piece; 0 = the eraser
    QComboBox *sideToMove() const { return m_side; }
    QString message() const;

private:
    void syncFromBoard();
    void setMessage(const QString &text);

    BoardWidget *m_board;
    QButtonGroup *m_palette;
    QComboBox *m_side;
    QLabel *m_message;
};

} // namespace wb
