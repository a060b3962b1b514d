// A transform filter (flip, rotate90, shift, ...) holds its argument's images,
// built once at compile time, and matches when any image matches.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace cql {

enum class TransformKind {
    Flip,
    FlipVertical,
    FlipHorizontal,
    FlipColor,
    ReverseColor,
    Rotate90,
    Rotate45,
    Shift,
    ShiftHorizontal,
    ShiftVertical,
};
// The basic transforms a transform keyword denotes (identity first, except reversecolor).
std::vector<Transform> transformsOf(TransformKind k);
bool transformKindFromName(std::string_view name, TransformKind &out);
const char *transformKindName(TransformKind k);

class TransformFilter : public Filter {
public:
    enum Mode { Any, Count, Range };
    // Builds the distinct images of arg under every transform of kind (composed
    // with `outer`, the transforms already applied around this filter).
    TransformFilter(TransformKind kind, Mode mode, long long lo, long long hi, const Filter &arg);
    bool match(Ctx &ctx) const override;
    chess::SquareSet set(Ctx &ctx) const override;
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override;
    size_t imageCount() const { return m_images.size(); }
    const std::vector<FilterPtr> &images() const { return m_images; }
    const std::vector<Transform> &imageTransforms() const { return m_transforms; }
    // The transforms that gave each image (equal images are kept once, under
    // the first; imageTransforms()[i] is givenBy()[i].front()).
    const std::vector<std::vector<Transform>> &givenBy() const { return m_givenBy; }
    TransformKind kind() const { return m_kind; }
    Mode mode() const { return m_mode; }

private:
    bool anyImage(Ctx &ctx) const;
    TransformFilter() = default;
    // The fingerprints of the images built so far (to drop repeats), with each one's index.
    using ImageSet = std::unordered_map<std::string, size_t>;
    // `totals`: the transforms that give the image (more than one when the source merged some).
    void addImage(const Filter &source, const Transform &t, std::vector<Transform> totals, ImageSet &images);
    void reportImages(const ImageSet &images) const;
    long long countMatching(Ctx &ctx) const;
    void flatten();
    // When every image is a conjunction of piece designators ({Ka1 kh8}), the
    // images are tested from flat arrays: no virtual calls in the hot loop.
    // What a condition tests: which squares of the position must meet `squares`;
    // Predicate: a check, mate ... filter of the conjunction, tested after its
    // designators since most positions fail on those.
    enum Source : uint8_t { AnySquare, EmptySquares, WhitePieces, BlackPieces, Occupied, Predicate, FirstPiece };
    // FirstPiece + p: the squares of piece p (chess::Piece).
    struct Condition {
        uint8_t source = AnySquare;
        uint64_t squares = 0;
        const Filter *predicate = nullptr;
    };
    static uint64_t have(const chess::Position &pos, uint8_t source);
    bool flattenInto(std::vector<Condition> &conds, std::vector<uint32_t> &ends) const;
    static bool flattenImage(const Filter &image, std::vector<Condition> &conds, std::vector<uint32_t> &ends);
    std::vector<Condition> m_conditions;
    std::vector<uint32_t> m_imageEnds; // image i uses conditions [end(i-1), end(i))
    // Every image needs its most selective condition: when none of these holds
    // (squares of one source merged), no image can match. Rejects most positions
    // with a test or two.
    std::vector<Condition> m_reject;
    TransformKind m_kind = TransformKind::Flip;
    Mode m_mode = Any;
    long long m_lo = 0, m_hi = 0;
    std::vector<FilterPtr> m_images;
    std::vector<Transform> m_transforms;
    std::vector<std::vector<Transform>> m_givenBy;
};

// Nested transforms multiply: flip flip flip ... would build 8^n images. The
// parser sets a budget before compiling; when it runs out, building stops and
// the parser reports the filter as too large.
long &transformImageBudget();

// notransform F: F as written, whatever transforms surround it.
class NoTransformFilter : public Filter {
public:
    explicit NoTransformFilter(FilterPtr a) : m_a(std::move(a)) { type = m_a->type; }
    bool match(Ctx &ctx) const override { return m_a->match(ctx); }
    chess::SquareSet set(Ctx &ctx) const override { return m_a->set(ctx); }
    bool number(Ctx &ctx, long long &out) const override { return m_a->number(ctx, out); }
    bool string(Ctx &ctx, std::string &out) const override { return m_a->string(ctx, out); }
    bool position(Ctx &ctx, game::NodeId &out) const override { return m_a->position(ctx, out); }
    FilterPtr transformed(const Transform &) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override { m_a->markSquares(ctx, out); }
    bool transformSensitive() const override { return false; }

private:
    FilterPtr m_a;
};

} // namespace cql
