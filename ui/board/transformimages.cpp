// Square-set images under the dihedral transforms of CQL.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "transformimages.h"

#include <QCoreApplication>
#include <functional>

namespace wb {

using chess::SquareSet;

QStringList transformNames()
{
    return {QStringLiteral("flip"), QStringLiteral("flipvertical"), QStringLiteral("fliphorizontal"),
            QStringLiteral("flipcolor"), QStringLiteral("rotate90")};
}

BoardLayers transformImages(const QString &transform, SquareSet squares)
{
    using F = std::function<SquareSet(SquareSet)>;
    struct Image {
        const char *label;
        F apply;
    };
    const F id = [](SquareSet s) { return s; };
    QList<Image> images;
    // Labels are CQL's own words for the images, which stay untranslated.
    if (transform == QLatin1String("flip")) {
        images = {{"identity", id},
                  {"flipvertical", [](SquareSet s) { return s.mirrorFiles(); }},
                  {"fliphorizontal", [](SquareSet s) { return s.mirrorRanks(); }},
                  {"rotate180", [](SquareSet s) { return s.rotate180(); }},
                  {"diagonal a1-h8", [](SquareSet s) { return s.flipDiagonal(); }},
                  {"diagonal a8-h1", [](SquareSet s) { return s.flipAntiDiagonal(); }},
                  {"rotate90", [](SquareSet s) { return s.rotate90(); }},
                  {"rotate270", [](SquareSet s) { return s.rotate270(); }}};
    } else if (transform == QLatin1String("flipvertical")) {
        images = {{"identity", id}, {"flipvertical", [](SquareSet s) { return s.mirrorFiles(); }}};
    } else if (transform == QLatin1String("fliphorizontal")) {
        images = {{"identity", id}, {"fliphorizontal", [](SquareSet s) { return s.mirrorRanks(); }}};
    } else if (transform == QLatin1String("flipcolor")) {
        images = {{"identity", id}, {"flipcolor", [](SquareSet s) { return s.mirrorRanks(); }}};
    } else if (transform == QLatin1String("rotate90")) {
        images = {{"identity", id},
                  {"rotate90", [](SquareSet s) { return s.rotate90(); }},
                  {"rotate180", [](SquareSet s) { return s.rotate180(); }},
                  {"rotate270", [](SquareSet s) { return s.rotate270(); }}};
    }
    BoardLayers out;
    QList<SquareSet> seen;
    for (const Image &im : images) {
        const SquareSet s = im.apply(squares);
        if (seen.contains(s)) // symmetric sets have fewer distinct images
            continue;
        seen.append(s);
        out.append({s, QColor(), QString::fromLatin1(im.label)});
    }
    const QList<QColor> colours = layerPalette(int(out.size()));
    for (qsizetype i = 0; i < out.size(); ++i)
        out[i].color = colours[i];
    return out;
}

} // namespace wb
