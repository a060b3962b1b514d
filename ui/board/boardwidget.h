// A chess board that paints a Position with marked squares, overlay layers,
// the last move and a Shift+click square selection for building designators.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "boardlayer.h"
#include "boardtheme.h"

#include "chess/position.h"

#include <QWidget>

namespace wb {

class BoardWidget : public QWidget {
    Q_OBJECT
public:
    explicit BoardWidget(QWidget *parent = nullptr);

    void setPosition(const chess::Position &position);
    const chess::Position &position() const { return m_position; }

    bool isFlipped() const { return m_flipped; }
    // Move::none() removes the arrow.
    void setLastMove(chess::Move move);
    chess::Move lastMove() const { return m_lastMove; }

    void setMarkedSquares(chess::SquareSet squares, const QColor &color = QColor());
    chess::SquareSet markedSquares() const { return m_marked; }
    QColor markedColor() const;

    void setLayers(const BoardLayers &layers);
    const BoardLayers &layers() const { return m_layers; }

    void setShowCoordinates(bool on);
    bool showCoordinates() const { return m_showCoordinates; }

    chess::SquareSet selectedSquares() const { return m_selection; }
    void setSelectedSquares(chess::SquareSet squares);

    // Geometry, in widget coordinates (also for tests).
    QRect boardRect() const;
    QRect squareRect(chess::Square square) const;
    chess::Square squareAt(const QPoint &point) const;
    // Square of the side-to-move marker.
    QRect sideToMoveRect() const;

    const BoardTheme &theme() const { return m_theme; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

public slots:
    void setFlipped(bool flipped);
    void flip() { setFlipped(!m_flipped); }
    void clearSelection();

signals:
    // After a Shift+click or Shift+drag (and when a plain click clears it).
    void squaresSelected(chess::SquareSet squares);
    void flippedChanged(bool flipped);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Geometry {
        QRect board;
        int square = 0;
        QRect legend;
        QRect stm;
    };
    Geometry geometry() const;
    int legendRows(int width) const;
    void paintSquares(QPainter &p, const Geometry &g);
    void paintLayers(QPainter &p, const Geometry &g);
    void paintPieces(QPainter &p, const Geometry &g);
    void paintCoordinates(QPainter &p, const Geometry &g);
    void paintArrow(QPainter &p, const Geometry &g);
    void paintSideToMove(QPainter &p, const Geometry &g);
    void paintLegend(QPainter &p, const Geometry &g);
    chess::SquareSet rectangleBetween(chess::Square a, chess::Square b) const;

    chess::Position m_position;
    chess::Move m_lastMove;
    chess::SquareSet m_marked;
    QColor m_markedColor;
    BoardLayers m_layers;
    chess::SquareSet m_selection;
    chess::SquareSet m_selectionBase; // selection when the drag started
    chess::Square m_dragStart = chess::NoSquare;
    bool m_dragged = false;
    bool m_flipped = false;
    bool m_showCoordinates = true;
    BoardTheme m_theme;
};

} // namespace wb
