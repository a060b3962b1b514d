// Which image of a transform filter (flip, rotate90, shift, ...) made a
// position match: the core's match record keeps only the squares, so the
// transform filters of the query are asked again, image by image, at that one
// position.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/query.h"
#include "cql/transform.h"
#include "game/game.h"

#include <QList>
#include <QString>

namespace wb {

struct MatchedImage {
    QString keywords;       // "flipcolor rotate90": the transform filters, outermost first
    int image = 0;          // 1-based among all images of the outermost filter (nested ones multiplied out)
    int images = 0;         // how many images there are
    int matchingImages = 0; // how many of them match here
    QString transform;      // the image's transform as the core names it ("rotate270 reversecolor")
    cql::Transform map;     // that transform: where the query's squares went
    QString text() const;   // "flipcolor rotate90 image 7 of 8 (rotate270 reversecolor)"
};

// The top-level transform filters of the query (also inside { } blocks) with
// the first image that matches at `node`; empty when none matches there or the
// query has none. Variables are set by evaluating the filters before each one
// at this position only, so a query that carries them over from earlier
// positions may be explained less precisely than it matched.
QList<MatchedImage> explainMatchedImages(const cql::Query &query, const QString &queryText, const game::Game &game,
                                         game::NodeId node);

} // namespace wb
