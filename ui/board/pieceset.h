// The workbench's own SVG piece set, rendered once per size and device pixel ratio.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/types.h"

#include <QHash>
#include <QPixmap>
#include <array>
#include <memory>

class QPainter;
class QSvgRenderer;

namespace wb {

class PieceSet {
public:
    // One shared set: renderers are costly to build and every board uses the same art.
    static PieceSet &shared();
    ~PieceSet();

    // A pixmap of size x size logical pixels for dpr, transparent around the piece.
    QPixmap pixmap(chess::Piece piece, int size, qreal dpr);
    // Drawn as vectors: for pictures saved as SVG, where a pixmap would stay a pixmap.
    void render(QPainter &painter, chess::Piece piece, const QRectF &rect) const;
    bool isValid() const;
    // Resource path of a piece's SVG, e.g. ":/pieces/wK.svg".
    static QString resourcePath(chess::Piece piece);

private:
    PieceSet();
    std::array<std::unique_ptr<QSvgRenderer>, 16> m_renderers;
    QHash<quint64, QPixmap> m_cache;
};

} // namespace wb
