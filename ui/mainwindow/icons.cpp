// Renders SVG icons at the usual sizes, recoloured where monochrome.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "icons.h"

#include <QPainter>
#include <QSvgRenderer>

namespace wb {

QIcon themedIcon(const QString &name, const QPalette &palette)
{
    static const QStringList coloured = {QStringLiteral("run"), QStringLiteral("stop"), QStringLiteral("cqlwb")};
    QSvgRenderer renderer(QStringLiteral(":/icons/%1.svg").arg(name));
    if (!renderer.isValid()) return QIcon();
    const bool tint = !coloured.contains(name);
    QIcon icon;
    for (QIcon::Mode mode : {QIcon::Normal, QIcon::Disabled}) {
        const QColor colour =
            palette.color(mode == QIcon::Disabled ? QPalette::Disabled : QPalette::Active, QPalette::ButtonText);
        for (int size : {16, 20, 24, 32, 48, 64}) {
            QPixmap pm(size, size);
            pm.fill(Qt::transparent);
            QPainter p(&pm);
            p.setRenderHint(QPainter::Antialiasing);
            renderer.render(&p, QRectF(0, 0, size, size));
            if (tint) {
                p.setCompositionMode(QPainter::CompositionMode_SourceIn);
                p.fillRect(pm.rect(), colour);
            } else if (mode == QIcon::Disabled) {
                p.setCompositionMode(QPainter::CompositionMode_DestinationIn);
                p.fillRect(pm.rect(), QColor(0, 0, 0, 90));
            }
            p.end();
            icon.addPixmap(pm, mode);
        }
    }
    return icon;
}

} // namespace wb
