// PNG through QImage, SVG through Qt Svg's QSvgGenerator.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pictureexport.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSvgGenerator>
#include <QWidget>

namespace wb {

bool savePicture(const QString &path, QSize size, const QString &title, const std::function<void(QPainter &)> &paint)
{
    if (size.isEmpty()) return false;
    if (QFileInfo(path).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0) {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(title);
        svg.setDescription(QStringLiteral("CQL Workbench"));
        QPainter painter;
        if (!painter.begin(&svg)) return false;
        paint(painter);
        return painter.end() && QFileInfo(path).size() > 0;
    }
    // Twice the screen size: sharp when printed or shown on a dense screen.
    QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        painter.scale(2, 2);
        paint(painter);
    }
    return image.save(path, "PNG");
}

QString askPictureFile(QWidget *parent, const QString &caption, const QString &baseName)
{
    const QString png = QCoreApplication::translate("wb::PictureExport", "PNG image (*.png)");
    const QString svg = QCoreApplication::translate("wb::PictureExport", "SVG drawing (*.svg)");
    QString filter = png;
    QString path = QFileDialog::getSaveFileName(parent, caption, baseName + QStringLiteral(".png"),
                                                png + QStringLiteral(";;") + svg, &filter);
    if (path.isEmpty()) return path;
    const QString suffix = filter == svg ? QStringLiteral("svg") : QStringLiteral("png");
    if (QFileInfo(path).suffix().compare(suffix, Qt::CaseInsensitive) != 0) path += QLatin1Char('.') + suffix;
    return path;
}

bool saveWidgetPicture(QWidget *widget, const QString &path, const QString &title)
{
    return savePicture(path, widget->size(), title, [widget](QPainter &p) { widget->render(&p); });
}

} // namespace wb
