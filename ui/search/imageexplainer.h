// Which image of a transform filter (flip, rotate90, shift, ...) made a
// position match, told from the evaluator's record of the match
// (cql::PositionMark::images, kept when squares are recorded): no query is
// evaluated again.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/query.h"

#include <QList>
#include <QString>

#include <vector>

namespace wb {

struct MatchedImage {
    QString keywords;       // "flipcolor rotate90": the transform filters, outermost first
    int image = 0;          // 1-based among all images of the outermost filter (nested ones multiplied out)
    int images = 0;         // how many images there are
    int matchingImages = 0; // how many of them match here
    QString transform;      // the image's transform as the core names it ("rotate270 reversecolor")
    QString text() const;   // "flipcolor rotate90 image 7 of 8 (rotate270 reversecolor)"
};

// For each transform filter in no other's image that matched at the position
// (in the order the evaluator met them), its first matching image; empty when
// the record holds none.
QList<MatchedImage> explainMatchedImages(const std::vector<cql::ImageMark> &marks);

} // namespace wb
