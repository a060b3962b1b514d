// The transform explorer's model: the images of a transform filter (CQL 6) or
// of a transformed position list (CQL-S), read from the filters the compiler
// built, so what is shown is what the evaluator matches. Nested transforms are
// multiplied out; images the engine makes equal are listed once, with how many
// transforms give them.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explorerhooks.h"
#include "query.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cql {

struct ExplorerImage {
    std::vector<std::string> transforms; // names of the transforms giving it (Transform::name), first one first
    int count = 0;                       // how many transforms give it
    std::vector<DesignatorImage> designators;
    // The image's index at each nesting level (1-based, as ImageMark::index),
    // one path per transform that gives it as a distinct image of the engine.
    std::vector<std::vector<int>> paths;
    chess::SquareSet squares() const; // every designator's squares
};

struct TransformExploration {
    std::string keywords; // "flipcolor rotate90", "flip shift" (CQL-S)
    SourceRange range;    // the filter or list in the query text
    int transforms = 0;   // how many transforms give an image (the sum of the counts)
    std::vector<ExplorerImage> images;
};

// The outermost transform filter or transformed position list of the query
// around the byte offset `cursor`; none when there is none (or the text does
// not compile that far).
std::optional<TransformExploration> exploreAt(std::string_view text, int cursor, const CompileOptions &options);

// The images of the query's outermost transform (e.g. "flip Qc2" or
// "(match (position Qc2 :shift))"); error says why there is none.
std::optional<TransformExploration> exploreText(std::string_view text, const CompileOptions &options,
                                                std::string *error = nullptr);

// Indices into e.images of the images the evaluator's record says matched.
std::vector<size_t> matchedImages(const TransformExploration &e, const std::vector<ImageMark> &marks);

} // namespace cql
