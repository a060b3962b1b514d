// Painting and mouse handling of the board.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "boardwidget.h"

#include "pieceset.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QtMath>

namespace wb {

using namespace chess;

namespace {
constexpr int Margin = 4;
constexpr double StmStripRatio = 0.05; // width of the side-to-move strip, per board side
constexpr double DecorRatio = 0.11;    // width of the pocket / check column, per board side

struct LegendItem {
    QRect swatch;
    QRect text;
};
} // namespace

BoardWidget::BoardWidget(QWidget *parent) : QWidget(parent), m_theme(BoardTheme::forPalette(palette()))
{
    setFocusPolicy(Qt::ClickFocus);
    QSizePolicy sp(QSizePolicy::Expanding, QSizePolicy::Expanding);
    sp.setHeightForWidth(true);
    setSizePolicy(sp);
    setMouseTracking(false);
    setAccessibleName(tr("Chess board"));
}

void BoardWidget::setPosition(const Position &position)
{
    m_position = position;
    const bool hadDecor = m_decor.any();
    m_decor = wb::variantDecor(position);
    if (hadDecor != m_decor.any()) updateGeometry();
    update();
}

void BoardWidget::setFlipped(bool flipped)
{
    if (m_flipped == flipped) return;
    m_flipped = flipped;
    update();
    emit flippedChanged(flipped);
}

void BoardWidget::setLastMove(Move move)
{
    m_lastMove = move;
    update();
}

void BoardWidget::setMarkedSquares(SquareSet squares, const QColor &color)
{
    m_marked = squares;
    m_markedColor = color;
    update();
}

QColor BoardWidget::markedColor() const { return m_markedColor.isValid() ? m_markedColor : m_theme.marked; }

void BoardWidget::setLayers(const BoardLayers &layers)
{
    m_layers = layers;
    updateGeometry();
    update();
}

void BoardWidget::setShowCoordinates(bool on)
{
    m_showCoordinates = on;
    update();
}

void BoardWidget::setSelectedSquares(SquareSet squares)
{
    m_selection = squares;
    update();
}

void BoardWidget::clearSelection()
{
    if (m_selection.empty()) return;
    m_selection = SquareSet();
    update();
    emit squaresSelected(m_selection);
}

QSize BoardWidget::sizeHint() const { return {420, 420}; }
QSize BoardWidget::minimumSizeHint() const { return {160, 160}; }

int BoardWidget::heightForWidth(int width) const
{
    const int side = int((width - 2 * Margin) / sideRatio());
    return side + 2 * Margin + (m_layers.isEmpty() ? 0 : legendRows(width) * (fontMetrics().height() + 6) + 6);
}

int BoardWidget::legendRows(int width) const
{
    if (m_layers.isEmpty()) return 0;
    const QFontMetrics fm = fontMetrics();
    const int swatch = fm.height();
    int rows = 1, x = 0;
    for (const auto &layer : m_layers) {
        const int w = swatch + 4 + fm.horizontalAdvance(layer.label) + 14;
        if (x > 0 && x + w > width - 2 * Margin) {
            ++rows;
            x = 0;
        }
        x += w;
    }
    return rows;
}

BoardWidget::Geometry BoardWidget::geometry() const
{
    Geometry g;
    const int rowH = fontMetrics().height() + 6;
    const int legendH = m_layers.isEmpty() ? 0 : legendRows(width()) * rowH + 6;
    const int availW = width() - 2 * Margin;
    const int availH = height() - 2 * Margin - legendH;
    const int side = qMax(8, qMin(int(availW / sideRatio()), availH));
    g.square = qMax(1, side / 8);
    const int board = g.square * 8;
    const int stmW = qMax(8, int(board * StmStripRatio));
    const int decorW = m_decor.any() ? qMax(12, int(board * DecorRatio)) : 0;
    const int totalW = board + stmW + decorW;
    const int x = (width() - totalW) / 2;
    const int y = Margin + qMax(0, (availH - board) / 2);
    g.board = QRect(x, y, board, board);
    // The marker sits beside the edge of the side to move, level with its back rank.
    const int d = qMax(6, qMin(stmW - 3, g.square / 4));
    const bool bottom = (shownSideToMove() == White) != m_flipped;
    const int sx = x + board + qMax(3, (stmW - d) / 2);
    const int sy = bottom ? y + board - d : y;
    g.stm = QRect(sx, sy, d, d);
    if (decorW) {
        // Each side's column is level with its half of the board.
        const QRect top(x + board + stmW, y, decorW, board / 2),
            low(x + board + stmW, y + board / 2, decorW, board / 2);
        const bool whiteBelow = !m_flipped;
        g.decor[White] = whiteBelow ? low : top;
        g.decor[Black] = whiteBelow ? top : low;
    }
    if (legendH) g.legend = QRect(x, y + board + 6, qMax(board, width() - 2 * Margin), legendH - 6);
    return g;
}

QRect BoardWidget::boardRect() const { return geometry().board; }
QRect BoardWidget::variantRect(Color side) const { return geometry().decor[side]; }

double BoardWidget::sideRatio() const { return 1.0 + StmStripRatio + (m_decor.any() ? DecorRatio : 0.0); }
QRect BoardWidget::sideToMoveRect() const { return geometry().stm; }

QRect BoardWidget::squareRect(Square square) const
{
    const Geometry g = geometry();
    int file = fileOf(square), rank = rankOf(square);
    if (m_flipped) {
        file = 7 - file;
        rank = 7 - rank;
    }
    return QRect(g.board.left() + file * g.square, g.board.top() + (7 - rank) * g.square, g.square, g.square);
}

Square BoardWidget::squareAt(const QPoint &point) const
{
    const Geometry g = geometry();
    if (!g.board.contains(point)) return NoSquare;
    int file = (point.x() - g.board.left()) / g.square;
    int rank = 7 - (point.y() - g.board.top()) / g.square;
    if (file < 0 || file > 7 || rank < 0 || rank > 7) return NoSquare;
    if (m_flipped) {
        file = 7 - file;
        rank = 7 - rank;
    }
    return makeSquare(file, rank);
}

void BoardWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    const Geometry g = geometry();
    paintSquares(p, g);
    paintLayers(p, g);
    if (m_showCoordinates) paintCoordinates(p, g);
    paintPieces(p, g);
    p.setRenderHint(QPainter::Antialiasing, true);
    paintArrow(p, g);
    paintSideToMove(p, g);
    paintVariantDecor(p, g);
    paintLegend(p, g);
}

void BoardWidget::paintSquares(QPainter &p, const Geometry &g)
{
    p.setPen(Qt::NoPen);
    // The game's last move and marks do not belong to a position being set up.
    const SquareSet marked = m_setupMode ? SquareSet() : m_marked;
    Square lmFrom = NoSquare, lmTo = NoSquare;
    if (!m_setupMode && !m_lastMove.isNone() && !m_lastMove.isNull()) {
        lmFrom = m_lastMove.from();
        lmTo = m_lastMove.to();
    }
    for (int s = 0; s < 64; ++s) {
        const Square sq = Square(s);
        const QRect r = squareRect(sq);
        const bool light = (fileOf(sq) + rankOf(sq)) % 2 == 1;
        p.fillRect(r, light ? m_theme.light : m_theme.dark);
        if (sq == lmFrom || sq == lmTo) p.fillRect(r, m_theme.lastMove);
        if (marked.contains(sq)) p.fillRect(r, markedColor());
        if (m_selection.contains(sq)) p.fillRect(r, m_theme.selection);
    }
    // An outline makes marked and selected squares readable on both square colours.
    p.setBrush(Qt::NoBrush);
    const int pw = qMax(2, g.square / 22);
    if (marked.any()) {
        QColor edge = markedColor();
        edge.setAlpha(255);
        p.setPen(QPen(edge, pw));
        for (Square sq : marked)
            p.drawRect(squareRect(sq).adjusted(pw / 2, pw / 2, -(pw + 1) / 2, -(pw + 1) / 2));
    }
    if (m_selection.any()) {
        QColor edge = m_theme.selection;
        edge.setAlpha(255);
        p.setPen(QPen(edge, pw, Qt::DashLine));
        for (Square sq : m_selection)
            p.drawRect(squareRect(sq).adjusted(pw / 2, pw / 2, -(pw + 1) / 2, -(pw + 1) / 2));
    }
    p.setPen(QPen(m_theme.frame, 1));
    p.drawRect(g.board.adjusted(0, 0, -1, -1));
}

void BoardWidget::paintLayers(QPainter &p, const Geometry &g)
{
    if (m_layers.isEmpty()) return;
    // A square in several layers is split into one vertical stripe per layer.
    for (int s = 0; s < 64; ++s) {
        const Square sq = Square(s);
        QList<int> in;
        for (int i = 0; i < m_layers.size(); ++i)
            if (m_layers[i].squares.contains(sq)) in.append(i);
        if (in.isEmpty()) continue;
        const QRect r = squareRect(sq);
        const int n = int(in.size());
        for (int k = 0; k < n; ++k) {
            const int x0 = r.left() + r.width() * k / n;
            const int x1 = r.left() + r.width() * (k + 1) / n;
            p.fillRect(QRect(x0, r.top(), x1 - x0, r.height()), m_layers[in[k]].color);
        }
        const int pw = qMax(1, g.square / 30);
        QColor edge = m_layers[in.first()].color;
        edge.setAlpha(255);
        p.setPen(QPen(edge.darker(130), pw));
        p.setBrush(Qt::NoBrush);
        p.drawRect(r.adjusted(0, 0, -1, -1));
    }
}

void BoardWidget::paintPieces(QPainter &p, const Geometry &g)
{
    const int size = g.square;
    const qreal dpr = devicePixelRatioF();
    // Saved as SVG (pictureexport.h), the pieces stay vectors.
    const bool vectors = p.paintEngine() && p.paintEngine()->type() == QPaintEngine::SVG;
    for (int s = 0; s < 64; ++s) {
        const Piece piece = pieceOn(Square(s));
        if (piece == NoPiece || (m_pieceDragged && s == m_pieceFrom)) continue;
        if (vectors) {
            PieceSet::shared().render(p, piece, squareRect(Square(s)));
            continue;
        }
        const QPixmap pm = PieceSet::shared().pixmap(piece, size, dpr);
        p.drawPixmap(squareRect(Square(s)).topLeft(), pm);
    }
    // The piece being dragged follows the pointer.
    if (m_pieceDragged && m_pieceFrom != NoSquare)
        p.drawPixmap(m_pieceAt - QPoint(size / 2, size / 2),
                     PieceSet::shared().pixmap(pieceOn(m_pieceFrom), size, dpr));
}

void BoardWidget::paintCoordinates(QPainter &p, const Geometry &g)
{
    if (g.square < 24) return;
    QFont f = font();
    f.setPixelSize(qMax(8, g.square * 17 / 100));
    f.setBold(true);
    p.setFont(f);
    const int pad = qMax(2, g.square / 20);
    for (int i = 0; i < 8; ++i) {
        // Files along the bottom edge, ranks along the left edge, as seen on screen.
        const int file = m_flipped ? 7 - i : i;
        const Square bottom = makeSquare(file, m_flipped ? 7 : 0);
        const QRect rb = squareRect(bottom).adjusted(pad, pad, -pad, -pad / 2);
        const bool lightB = (fileOf(bottom) + rankOf(bottom)) % 2 == 1;
        p.setPen(lightB ? m_theme.coordinateOnLight : m_theme.coordinateOnDark);
        p.drawText(rb, Qt::AlignRight | Qt::AlignBottom, QString(QChar('a' + file)));

        const int rank = m_flipped ? i : 7 - i;
        const Square left = makeSquare(m_flipped ? 7 : 0, rank);
        const QRect rl = squareRect(left).adjusted(pad, pad / 2, -pad, -pad);
        const bool lightL = (fileOf(left) + rankOf(left)) % 2 == 1;
        p.setPen(lightL ? m_theme.coordinateOnLight : m_theme.coordinateOnDark);
        p.drawText(rl, Qt::AlignLeft | Qt::AlignTop, QString(QChar('1' + rank)));
    }
}

void BoardWidget::paintArrow(QPainter &p, const Geometry &g)
{
    if (m_setupMode || m_lastMove.isNone() || m_lastMove.isNull()) return;
    const Square from = m_lastMove.from();
    Square to = m_lastMove.to();
    if (m_lastMove.isCastling()) // stored as king takes rook: point at the king's square
        to = makeSquare(fileOf(to) > fileOf(from) ? 6 : 2, rankOf(from));
    if (from == to) return;
    const QPointF a = QRectF(squareRect(from)).center();
    const QPointF b = QRectF(squareRect(to)).center();
    const QLineF line(a, b);
    const qreal width = g.square * 0.16;
    const qreal head = g.square * 0.42;
    const qreal len = line.length();
    if (len <= head) return;
    const QPointF dir = (b - a) / len;
    const QPointF normal(-dir.y(), dir.x());
    const QPointF start = a + dir * (g.square * 0.18);
    const QPointF neck = b - dir * head;
    QPainterPath path;
    path.moveTo(start + normal * width / 2);
    path.lineTo(neck + normal * width / 2);
    path.lineTo(neck + normal * head * 0.55);
    path.lineTo(b);
    path.lineTo(neck - normal * head * 0.55);
    path.lineTo(neck - normal * width / 2);
    path.lineTo(start - normal * width / 2);
    path.closeSubpath();
    p.setPen(Qt::NoPen);
    p.setBrush(m_theme.arrow);
    p.drawPath(path);
}

void BoardWidget::paintSideToMove(QPainter &p, const Geometry &g)
{
    const bool white = shownSideToMove() == White;
    p.setPen(QPen(palette().color(QPalette::WindowText), 1.2));
    p.setBrush(white ? QColor(Qt::white) : QColor(0x20, 0x20, 0x20));
    p.drawEllipse(QRectF(g.stm).adjusted(0.5, 0.5, -0.5, -0.5));
}

void BoardWidget::paintLegend(QPainter &p, const Geometry &g)
{
    if (m_layers.isEmpty() || g.legend.isEmpty()) return;
    const QFontMetrics fm = fontMetrics();
    const int rowH = fm.height() + 6;
    const int sw = fm.height() - 2;
    p.setFont(font());
    int x = g.legend.left(), y = g.legend.top();
    for (const auto &layer : m_layers) {
        const int w = sw + 4 + fm.horizontalAdvance(layer.label) + 14;
        if (x > g.legend.left() && x + w > g.legend.left() + g.legend.width()) {
            x = g.legend.left();
            y += rowH;
        }
        QColor c = layer.color;
        c.setAlpha(255);
        p.setPen(QPen(c.darker(140), 1));
        p.setBrush(layer.color);
        p.drawRect(QRect(x, y + (rowH - sw) / 2, sw, sw));
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(x + sw + 4, y, w - sw - 4, rowH), Qt::AlignVCenter | Qt::AlignLeft, layer.label);
        x += w;
    }
}

SquareSet BoardWidget::rectangleBetween(Square a, Square b) const
{
    SquareSet out;
    const int f0 = qMin(fileOf(a), fileOf(b)), f1 = qMax(fileOf(a), fileOf(b));
    const int r0 = qMin(rankOf(a), rankOf(b)), r1 = qMax(rankOf(a), rankOf(b));
    for (int r = r0; r <= r1; ++r)
        for (int f = f0; f <= f1; ++f)
            out |= SquareSet::of(makeSquare(f, r));
    return out;
}

void BoardWidget::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::RightButton && setupPress(event)) return;
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const Square sq = squareAt(event->position().toPoint());
    if (!(event->modifiers() & Qt::ShiftModifier) && setupPress(event)) return;
    if (event->modifiers() & Qt::ShiftModifier) {
        m_dragStart = sq;
        m_dragged = false;
        m_selectionBase = m_selection;
        event->accept();
        return;
    }
    m_dragStart = NoSquare;
    clearSelection();
    event->accept();
}

void BoardWidget::mouseMoveEvent(QMouseEvent *event)
{
    if (setupMove(event)) return;
    if (m_dragStart == NoSquare || !(event->buttons() & Qt::LeftButton)) return;
    const Square sq = squareAt(event->position().toPoint());
    if (sq == NoSquare) return;
    if (sq != m_dragStart) m_dragged = true;
    if (m_dragged) {
        m_selection = m_selectionBase | rectangleBetween(m_dragStart, sq);
        update();
    }
}

void BoardWidget::mouseReleaseEvent(QMouseEvent *event)
{
    if (setupRelease(event)) return;
    if (event->button() != Qt::LeftButton || m_dragStart == NoSquare) return;
    const Square sq = squareAt(event->position().toPoint());
    if (!m_dragged) {
        if (sq == m_dragStart) m_selection ^= SquareSet::of(sq);
    } else if (sq != NoSquare) {
        m_selection = m_selectionBase | rectangleBetween(m_dragStart, sq);
    }
    m_dragStart = NoSquare;
    m_dragged = false;
    update();
    emit squaresSelected(m_selection);
}

void BoardWidget::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Escape && m_selection.any()) {
        clearSelection();
        return;
    }
    QWidget::keyPressEvent(event);
}

void BoardWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        m_theme = BoardTheme::forPalette(palette());
        update();
    }
    QWidget::changeEvent(event);
}

void BoardWidget::paintVariantDecor(QPainter &p, const Geometry &g)
{
    if (!m_decor.any() || m_setupMode) return;
    const QColor text = palette().color(QPalette::WindowText);
    for (Color c : {White, Black}) {
        const QRect col = g.decor[c].adjusted(2, 0, 0, 0);
        if (col.isEmpty()) continue;
        // Items start at the board's edge on that side and go towards the middle.
        const bool below = col.top() > g.board.top();
        const int cell = qMin(col.width(), g.square * 9 / 10);
        if (m_decor.pockets) {
            p.setPen(QPen(m_theme.frame, 1));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(col).adjusted(0.5, 0.5, -0.5, -0.5));
            QFont f = font();
            f.setPixelSize(qMax(8, cell * 3 / 10));
            f.setBold(true);
            p.setFont(f);
            int k = 0;
            for (const PocketItem &item : m_decor.pocket[c]) {
                const int top = below ? col.bottom() - (k + 1) * cell : col.top() + k * cell;
                const QRect r(col.left() + (col.width() - cell) / 2, top, cell, cell);
                if (!col.contains(r)) break;
                PieceSet::shared().render(p, item.piece, QRectF(r).adjusted(2, 2, -2, -2));
                const QString n = QString::number(item.count);
                const QRect badge(r.right() - f.pixelSize(), r.bottom() - f.pixelSize() - 2, f.pixelSize() + 1,
                                  f.pixelSize() + 2);
                p.setPen(Qt::NoPen);
                p.setBrush(QColor(0x30, 0x30, 0x30, 200));
                p.drawRoundedRect(badge, 3, 3);
                p.setPen(Qt::white);
                p.drawText(badge, Qt::AlignCenter, n);
                ++k;
            }
        } else if (m_decor.checks) {
            // Three marks per side, filled for each check given.
            const int d = qMax(6, qMin(col.width() - 4, g.square / 3));
            for (int i = 0; i < 3; ++i) {
                const int top = below ? col.bottom() - (i + 1) * (d + 4) : col.top() + i * (d + 4);
                const QRectF r(col.left() + (col.width() - d) / 2.0, top + 2, d, d);
                p.setPen(QPen(text, 1.2));
                p.setBrush(i < m_decor.checksGiven[c] ? QColor(0xd0, 0x30, 0x30) : QColor(Qt::transparent));
                p.drawEllipse(r);
                if (i < m_decor.checksGiven[c]) {
                    p.setPen(QPen(Qt::white, qMax(1.5, d / 6.0)));
                    p.drawLine(QPointF(r.center().x(), r.top() + d * 0.25),
                               QPointF(r.center().x(), r.bottom() - d * 0.25));
                    p.drawLine(QPointF(r.left() + d * 0.25, r.center().y()),
                               QPointF(r.right() - d * 0.25, r.center().y()));
                }
            }
        }
    }
}

} // namespace wb
