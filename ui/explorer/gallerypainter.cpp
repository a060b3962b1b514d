// Laid out like the explorer's view: left to right, then down.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "gallerypainter.h"

#include "diagrampainter.h"
#include "transformexplorermodel.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QPainter>

#include <cmath>

namespace wb {

QString galleryTitle(const TransformExplorerModel &model)
{
    if (model.isEmpty()) return QString();
    return QCoreApplication::translate("wb::TransformExplorer", "%1 · %n image(s)", nullptr, model.rowCount())
               .arg(model.subject())
        + QCoreApplication::translate("wb::TransformExplorer", " of %n transform(s)", nullptr, model.transformCount());
}

GalleryLayout galleryLayout(const TransformExplorerModel &model, const QFont &font, int diagram)
{
    GalleryLayout l;
    const QFontMetrics fm(font);
    l.diagram = diagram;
    l.caption = fm.height() + 4;
    l.title = fm.height() + 8;
    const int n = std::max(1, model.rowCount());
    l.columns = std::clamp(int(std::ceil(std::sqrt(double(n)))), 1, 6);
    const int rows = (n + l.columns - 1) / l.columns;
    l.size = QSize(l.gap + l.columns * (l.diagram + l.gap), l.title + l.gap + rows * (l.diagram + l.caption + l.gap));
    return l;
}

void paintGallery(QPainter &p, const TransformExplorerModel &model, const GalleryLayout &l, const BoardTheme &theme,
                  const QFont &font, const QColor &text)
{
    p.save();
    p.setFont(font);
    p.setPen(text);
    p.drawText(QRect(l.gap, 0, l.size.width() - 2 * l.gap, l.title), Qt::AlignLeft | Qt::AlignVCenter,
               galleryTitle(model));
    for (int row = 0; row < model.rowCount(); ++row) {
        const int x = l.gap + (row % l.columns) * (l.diagram + l.gap);
        const int y = l.title + l.gap + (row / l.columns) * (l.diagram + l.caption + l.gap);
        const bool matched = model.data(model.index(row), TransformExplorerModel::MatchedRole).toBool();
        paintDiagram(p, QRectF(x, y, l.diagram, l.diagram), model.image(row), theme, matched);
        p.setPen(text);
        p.drawText(QRect(x, y + l.diagram, l.diagram, l.caption), Qt::AlignHCenter | Qt::AlignVCenter,
                   QFontMetrics(font).elidedText(model.caption(row), Qt::ElideRight, l.diagram));
    }
    p.restore();
}

} // namespace wb
