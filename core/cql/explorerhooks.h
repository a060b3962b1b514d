// Where the transform explorer (transformexplorer.h) listens in: while a query
// is compiled it is handed every transform filter and transformed CQL-S
// position list, and while it copies an image it is told each designator the
// copy holds. Without a listener each hook is one thread-local read, so the
// compiler and the evaluator keep one transform code path for both.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/squareset.h"
#include "token.h"
#include "transform.h"

#include <memory>
#include <string_view>
#include <vector>

namespace cql {

class Filter;
class TransformFilter;

// A piece designator as a transform left it.
struct DesignatorImage {
    PieceMask pieces = 0; // 0: any contents (a square set)
    chess::SquareSet squares;
    bool operator==(const DesignatorImage &) const = default;
};

// Collects the designators of the filters copied while it is current. A
// designator notes its squares and pieces in the image's fingerprint just
// before it is told here; `ends` says where (when `record` is being written),
// so the explorer can compare images with their designators in any order.
struct DesignatorWatch {
    std::vector<DesignatorImage> designators;
    const ImageRecord *record = nullptr;
    std::vector<size_t> ends;
};
DesignatorWatch *&currentDesignatorWatch();
inline void noteDesignatorImage(PieceMask pieces, chess::SquareSet squares)
{
    DesignatorWatch *w = currentDesignatorWatch();
    if (!w) return;
    w->designators.push_back({pieces, squares});
    if (w->record && w->record == currentImageRecord()) w->ends.push_back(w->record->fingerprint.size());
}
// What a designator notes in a fingerprint: its squares, then its pieces.
constexpr size_t DesignatorNoteSize = sizeof(uint64_t) + sizeof(PieceMask);

// Told of each transform the compiler builds, as soon as its images exist.
class TransformSink {
public:
    virtual ~TransformSink() = default;
    virtual void transformFilter(const TransformFilter &filter) = 0;
    // A CQL-S position list with transform keywords ("flip shift"): images[i] is the list under transforms[i].
    virtual void transformedList(std::string_view keywords, const SourceRange &range,
                                 const std::vector<Transform> &transforms,
                                 const std::vector<std::unique_ptr<Filter>> &images) = 0;
};
TransformSink *&currentTransformSink();

} // namespace cql
