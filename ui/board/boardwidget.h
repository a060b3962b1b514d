// A chess board that paints a Position with marked squares, overlay layers,
// the last move and a Shift+click square selection for building designators;
// in set-up mode it shows a BoardSetup instead, edited by hand.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "boardlayer.h"
#include "boardsetup.h"
#include "boardtheme.h"
#include "variantdecor.h"

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
    // The column beside the board holding a side's pocket or check counter
    // (empty when the position's variant has neither), and what it shows.
    QRect variantRect(chess::Color side) const;
    const VariantDecor &variantDecor() const { return m_decor; }

    const BoardTheme &theme() const { return m_theme; }

    // Set-up mode: pieces are placed from a palette, dragged, removed (right
    // click, or dropped off the board); the game's position stays underneath
    // and comes back when the mode ends. Entering starts from the shown position.
    void setSetupMode(bool on);
    bool isSetupMode() const { return m_setupMode; }
    const BoardSetup &setup() const { return m_setup; }
    void setSetup(const BoardSetup &setup);
    // What a click on a square puts there in set-up mode (NoPiece: a click removes).
    void setPalettePiece(chess::Piece piece) { m_palette = piece; }
    chess::Piece palettePiece() const { return m_palette; }
    // The shown position as a set-up: the edited one, or the game's.
    BoardSetup shownSetup() const;
    // Mime type of a piece dragged from a palette: its FEN letter.
    static QString pieceMimeType();

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
    // Set-up mode: a piece was placed, moved or removed, or the side to move changed.
    void setupChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    struct Geometry {
        QRect board;
        int square = 0;
        QRect legend;
        QRect stm;
        QRect decor[2]; // per colour: pocket / checks column
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
    void paintVariantDecor(QPainter &p, const Geometry &g);
    double sideRatio() const;
    chess::SquareSet rectangleBetween(chess::Square a, chess::Square b) const;
    chess::Piece pieceOn(chess::Square s) const;
    chess::Color shownSideToMove() const;
    // boardwidget_setup.cpp: the set-up mode's mouse; false leaves the event to the selection.
    bool setupPress(QMouseEvent *event);
    bool setupMove(QMouseEvent *event);
    bool setupRelease(QMouseEvent *event);
    void editSetup(chess::Square square, chess::Piece piece);

    chess::Position m_position;
    VariantDecor m_decor;
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
    bool m_setupMode = false;
    BoardSetup m_setup;
    chess::Piece m_palette = chess::NoPiece;
    chess::Square m_pieceFrom = chess::NoSquare; // a piece being dragged in set-up mode
    QPoint m_pieceAt;
    QPoint m_pressAt;
    bool m_pieceDragged = false;
};

} // namespace wb
