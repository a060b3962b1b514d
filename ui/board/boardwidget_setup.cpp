// The board's set-up mode: editing a BoardSetup with the mouse and with
// pieces dropped from a palette.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "boardwidget.h"

#include <QApplication>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QMouseEvent>

namespace wb {

using namespace chess;

QString BoardWidget::pieceMimeType() { return QStringLiteral("application/x-cqlwb-piece"); }

void BoardWidget::setSetupMode(bool on)
{
    if (m_setupMode == on) return;
    m_setupMode = on;
    m_pieceFrom = NoSquare;
    m_pieceDragged = false;
    setAcceptDrops(on);
    if (on) {
        m_setup = BoardSetup::fromPosition(m_position);
        emit setupChanged();
    }
    update();
}

void BoardWidget::setSetup(const BoardSetup &setup)
{
    m_setup = setup;
    update();
    emit setupChanged();
}

BoardSetup BoardWidget::shownSetup() const { return m_setupMode ? m_setup : BoardSetup::fromPosition(m_position); }

Piece BoardWidget::pieceOn(Square s) const { return m_setupMode ? m_setup.at(s) : m_position.pieceAt(s); }

Color BoardWidget::shownSideToMove() const { return m_setupMode ? m_setup.sideToMove : m_position.sideToMove(); }

void BoardWidget::editSetup(Square square, Piece piece)
{
    if (square == NoSquare || m_setup.at(square) == piece) return;
    m_setup.put(square, piece);
    update();
    emit setupChanged();
}

bool BoardWidget::setupPress(QMouseEvent *event)
{
    if (!m_setupMode) return false;
    const QPoint at = event->position().toPoint();
    if (event->button() == Qt::RightButton) {
        editSetup(squareAt(at), NoPiece);
        event->accept();
        return true;
    }
    if (event->button() != Qt::LeftButton) return false;
    // The side-to-move marker switches sides.
    if (geometry().stm.adjusted(-3, -3, 3, 3).contains(at)) {
        m_setup.sideToMove = m_setup.sideToMove == White ? Black : White;
        update();
        emit setupChanged();
        event->accept();
        return true;
    }
    const Square sq = squareAt(at);
    if (sq == NoSquare) return false;
    clearSelection();
    m_pieceFrom = sq;
    m_pressAt = at;
    m_pieceAt = at;
    m_pieceDragged = false;
    event->accept();
    return true;
}

bool BoardWidget::setupMove(QMouseEvent *event)
{
    if (!m_setupMode || m_pieceFrom == NoSquare) return false;
    m_pieceAt = event->position().toPoint();
    if (!m_pieceDragged && m_setup.at(m_pieceFrom) != NoPiece
        && (m_pieceAt - m_pressAt).manhattanLength() >= QApplication::startDragDistance())
        m_pieceDragged = true;
    if (m_pieceDragged) update();
    return true;
}

bool BoardWidget::setupRelease(QMouseEvent *event)
{
    if (!m_setupMode || m_pieceFrom == NoSquare || event->button() != Qt::LeftButton) return false;
    const Square from = m_pieceFrom;
    const Square to = squareAt(event->position().toPoint());
    const bool dragged = m_pieceDragged;
    m_pieceFrom = NoSquare;
    m_pieceDragged = false;
    if (dragged) {
        // Dropped off the board, the piece is gone.
        const Piece piece = m_setup.at(from);
        m_setup.put(from, NoPiece);
        if (to != NoSquare) m_setup.put(to, piece);
        update();
        emit setupChanged();
    } else if (to == from) {
        // A click puts the palette's piece there, or takes it away again.
        editSetup(to, m_setup.at(to) == m_palette ? NoPiece : m_palette);
    }
    event->accept();
    return true;
}

void BoardWidget::dragEnterEvent(QDragEnterEvent *event)
{
    if (m_setupMode && event->mimeData()->hasFormat(pieceMimeType()))
        event->acceptProposedAction();
    else
        QWidget::dragEnterEvent(event);
}

void BoardWidget::dragMoveEvent(QDragMoveEvent *event)
{
    if (m_setupMode && event->mimeData()->hasFormat(pieceMimeType())
        && squareAt(event->position().toPoint()) != NoSquare)
        event->acceptProposedAction();
    else
        event->ignore();
}

void BoardWidget::dropEvent(QDropEvent *event)
{
    const QByteArray letter = event->mimeData()->data(pieceMimeType());
    const Square sq = squareAt(event->position().toPoint());
    if (!m_setupMode || letter.size() != 1 || sq == NoSquare) {
        event->ignore();
        return;
    }
    editSetup(sq, pieceFromChar(letter.at(0)));
    event->acceptProposedAction();
}

} // namespace wb
