// Glyphs are rendered from the piece set's SVGs (vectors in an SVG file).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "diagrampainter.h"

#include "board/pieceset.h"

#include <QPainter>

#include <bit>

namespace wb {

namespace {

constexpr cql::PieceMask PieceBits = cql::WhiteBits | cql::BlackBits;

QRectF squareRect(const QRectF &board, chess::Square s)
{
    const qreal side = board.width() / 8;
    return QRectF(board.left() + chess::fileOf(s) * side, board.top() + (7 - chess::rankOf(s)) * side, side, side);
}

void paintDesignator(QPainter &p, const QRectF &board, const cql::DesignatorImage &d, const BoardTheme &theme)
{
    const cql::PieceMask pieces = d.pieces & PieceBits;
    const int kinds = std::popcount(unsigned(pieces));
    const bool glyphs = kinds == 1 || kinds == 2;
    QColor shade = theme.selection;
    shade.setAlpha(140);
    for (chess::Square s : d.squares) {
        const QRectF r = squareRect(board, s);
        if (d.pieces == 0 || (pieces && !glyphs)) p.fillRect(r, shade);
        if (d.pieces & cql::EmptyBit) p.fillRect(r, QBrush(theme.frame, Qt::BDiagPattern));
        if (!glyphs) continue;
        // Two kinds ([Bb], [Rr]) share the square: side by side, smaller.
        int k = 0;
        for (int bit = 1; bit < 16; ++bit) {
            if (!(pieces & (1u << bit))) continue;
            const QRectF at = kinds == 1
                ? r
                : QRectF(r.left() + k * r.width() / 2, r.top() + r.height() / 4, r.width() / 2, r.height() / 2);
            PieceSet::shared().render(p, chess::Piece(bit), at);
            ++k;
        }
    }
}

} // namespace

void paintDiagram(QPainter &p, const QRectF &board, const cql::ExplorerImage &image, const BoardTheme &theme,
                  bool matched)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    for (int s = 0; s < 64; ++s) {
        const bool light = (chess::fileOf(chess::Square(s)) + chess::rankOf(chess::Square(s))) % 2 == 1;
        p.fillRect(squareRect(board, chess::Square(s)), light ? theme.light : theme.dark);
    }
    for (const cql::DesignatorImage &d : image.designators)
        if (d.squares != chess::SquareSet::all()) paintDesignator(p, board, d, theme);
    // The board marks matched squares in the same colour.
    QColor frame = matched ? theme.marked : theme.frame;
    frame.setAlpha(255);
    const qreal width = matched ? std::max<qreal>(3, board.width() / 40) : 1;
    p.setPen(QPen(frame, width));
    p.setBrush(Qt::NoBrush);
    p.drawRect(board.adjusted(-width / 2, -width / 2, width / 2, width / 2));
    p.restore();
}

} // namespace wb
