// The whole gallery of a transform exploration as one picture (for PNG and SVG):
// a title line, then the diagrams in rows with their captions.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "board/boardtheme.h"

#include <QFont>
#include <QSize>

class QPainter;

namespace wb {

class TransformExplorerModel;

struct GalleryLayout {
    int columns = 1;
    int diagram = 160; // side of a diagram
    int caption = 0;   // height of a caption line
    int title = 0;     // height of the title line
    int gap = 12;
    QSize size;
};
GalleryLayout galleryLayout(const TransformExplorerModel &model, const QFont &font, int diagram = 160);
void paintGallery(QPainter &painter, const TransformExplorerModel &model, const GalleryLayout &layout,
                  const BoardTheme &theme, const QFont &font, const QColor &text);
// "rotate90: {Ka1 kh8} · 4 images of 4 transforms"
QString galleryTitle(const TransformExplorerModel &model);

} // namespace wb
