// Reads the evaluator's image marks: the marks of a filter's matching images
// come in evaluation order, each followed by those of the transform filters
// inside that image (one level deeper).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "imageexplainer.h"

#include <QCoreApplication>

namespace wb {

namespace {

// The marks from `from` that belong to the same outermost filter as marks[from]:
// its further matching images (later ones of the same filter) and everything deeper.
size_t groupEnd(const std::vector<cql::ImageMark> &marks, size_t from)
{
    const cql::ImageMark &top = marks[from];
    int lastIndex = top.index;
    size_t end = from + 1;
    for (; end < marks.size(); ++end) {
        const cql::ImageMark &m = marks[end];
        if (m.depth > top.depth) continue;
        if (m.depth < top.depth || m.offset != top.offset || m.keyword != top.keyword || m.index <= lastIndex) break;
        lastIndex = m.index;
    }
    return end;
}

} // namespace

QString MatchedImage::text() const
{
    QString s =
        QCoreApplication::translate("wb::MatchedImage", "%1 image %2 of %3").arg(keywords).arg(image).arg(images);
    if (!transform.isEmpty()) s += QStringLiteral(" (%1)").arg(transform);
    if (matchingImages > 1)
        s += QCoreApplication::translate("wb::MatchedImage", ", %n images match", nullptr, matchingImages);
    return s;
}

QList<MatchedImage> explainMatchedImages(const std::vector<cql::ImageMark> &marks)
{
    QList<MatchedImage> found;
    size_t i = 0;
    while (i < marks.size()) {
        const size_t end = groupEnd(marks, i);
        if (marks[i].depth != 0) { // not expected: a record starts with an outermost filter
            i = end;
            continue;
        }
        // The first matching image, followed down through the nested filters.
        MatchedImage m;
        m.keywords = QString::fromStdString(marks[i].keyword);
        m.images = marks[i].count;
        m.image = marks[i].index;
        m.transform = QString::fromStdString(marks[i].transform);
        for (size_t j = i + 1; j < end && marks[j].depth == marks[j - 1].depth + 1; ++j) {
            m.keywords += QLatin1Char(' ') + QString::fromStdString(marks[j].keyword);
            m.images *= marks[j].count;
            m.image = (m.image - 1) * marks[j].count + marks[j].index;
            m.transform = QString::fromStdString(marks[j].transform);
        }
        // The images that match: the marks with nothing deeper under them.
        for (size_t j = i; j < end; ++j)
            if (j + 1 == end || marks[j + 1].depth <= marks[j].depth) ++m.matchingImages;
        found.append(m);
        i = end;
    }
    return found;
}

} // namespace wb
