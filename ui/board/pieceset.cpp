// Loads the piece SVGs and caches their pixmaps per size.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pieceset.h"

#include <QPainter>
#include <QSvgRenderer>
#include <cmath>

namespace wb {

PieceSet &PieceSet::shared()
{
    static PieceSet set;
    return set;
}

PieceSet::PieceSet()
{
    for (int c = 0; c < 2; ++c)
        for (int t = chess::Pawn; t <= chess::King; ++t) {
            const auto p = chess::makePiece(chess::Color(c), chess::PieceType(t));
            m_renderers[p] = std::make_unique<QSvgRenderer>(resourcePath(p));
        }
}

PieceSet::~PieceSet() = default;

QString PieceSet::resourcePath(chess::Piece piece)
{
    const char colour = chess::colorOf(piece) == chess::White ? 'w' : 'b';
    const char type = chess::pieceTypeChar(chess::typeOf(piece));
    return QStringLiteral(":/pieces/%1%2.svg").arg(QChar(colour)).arg(QChar(type));
}

bool PieceSet::isValid() const
{
    for (const auto &r : m_renderers)
        if (r && !r->isValid()) return false;
    return m_renderers[chess::WKing] != nullptr;
}

void PieceSet::render(QPainter &painter, chess::Piece piece, const QRectF &rect) const
{
    if (piece != chess::NoPiece && m_renderers[piece]) m_renderers[piece]->render(&painter, rect);
}

QPixmap PieceSet::pixmap(chess::Piece piece, int size, qreal dpr)
{
    if (piece == chess::NoPiece || size <= 0 || !m_renderers[piece]) return {};
    const int dprKey = int(std::lround(dpr * 100));
    const quint64 key = quint64(piece) | (quint64(size) << 8) | (quint64(dprKey) << 32);
    auto it = m_cache.constFind(key);
    if (it != m_cache.constEnd()) return *it;
    // Resizing a window walks through many sizes; keep the cache from growing without bound.
    if (m_cache.size() > 12 * 8) m_cache.clear();
    const int device = int(std::ceil(size * dpr));
    QPixmap pm(device, device);
    pm.fill(Qt::transparent);
    {
        QPainter painter(&pm);
        painter.setRenderHint(QPainter::Antialiasing);
        m_renderers[piece]->render(&painter, QRectF(0, 0, device, device));
    }
    pm.setDevicePixelRatio(dpr);
    m_cache.insert(key, pm);
    return pm;
}

} // namespace wb
