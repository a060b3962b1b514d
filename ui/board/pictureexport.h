// Saving a picture the workbench paints (the board, the transform gallery) as
// PNG or SVG, chosen by the file's suffix.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QString>

#include <functional>

class QPainter;
class QWidget;

namespace wb {

// paint draws into a size.width() x size.height() area. A .svg file is a
// QSvgGenerator drawing (vectors where the painting is), anything else a PNG
// at twice the size. False when the file cannot be written.
bool savePicture(const QString &path, QSize size, const QString &title, const std::function<void(QPainter &)> &paint);

// A save dialog offering PNG and SVG; "" when cancelled. The suffix follows the chosen filter.
QString askPictureFile(QWidget *parent, const QString &caption, const QString &baseName);

// The widget as it is painted on screen (the board with its marks, arrow and layers).
bool saveWidgetPicture(QWidget *widget, const QString &path, const QString &title);

} // namespace wb
