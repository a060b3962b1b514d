// Transform filters.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "transformfilter.h"

#include <algorithm>

#include "logic.h"
#include "sets.h"
#include "state.h"

#include <bit>

namespace cql {

long &transformImageBudget()
{
    thread_local long budget = 1L << 20;
    return budget;
}

std::vector<Transform> transformsOf(TransformKind k)
{
    std::vector<Transform> out;
    switch (k) {
    case TransformKind::Flip:
        for (int i = 0; i < 8; ++i)
            out.push_back(Transform::dihedral(i));
        break;
    case TransformKind::Rotate90:
        for (int i = 0; i < 4; ++i)
            out.push_back(Transform::dihedral(i));
        break;
    case TransformKind::FlipVertical: out = {Transform::identity(), Transform::mirrorFiles()}; break;
    case TransformKind::FlipHorizontal: out = {Transform::identity(), Transform::mirrorRanks()}; break;
    case TransformKind::FlipColor: out = {Transform::identity(), Transform::flipColor()}; break;
    case TransformKind::ReverseColor: out = {Transform::flipColor()}; break;
    case TransformKind::Rotate45:
        for (int i = 0; i < 8; ++i)
            out.push_back(Transform::rotate45(i));
        break;
    case TransformKind::Shift:
        out.push_back(Transform::shift(0, 0));
        for (int dx = -7; dx <= 7; ++dx)
            for (int dy = -7; dy <= 7; ++dy)
                if (dx || dy) out.push_back(Transform::shift(dx, dy));
        break;
    case TransformKind::ShiftHorizontal:
        out.push_back(Transform::shift(0, 0));
        for (int d = -7; d <= 7; ++d)
            if (d) out.push_back(Transform::shift(d, 0));
        break;
    case TransformKind::ShiftVertical:
        out.push_back(Transform::shift(0, 0));
        for (int d = -7; d <= 7; ++d)
            if (d) out.push_back(Transform::shift(0, d));
        break;
    }
    return out;
}

bool transformKindFromName(std::string_view n, TransformKind &out)
{
    static constexpr std::pair<std::string_view, TransformKind> names[] = {
        {"flip", TransformKind::Flip},
        {"flipdihedral", TransformKind::Flip},
        {"flipvertical", TransformKind::FlipVertical},
        {"fliphorizontal", TransformKind::FlipHorizontal},
        {"flipcolor", TransformKind::FlipColor},
        {"reversecolor", TransformKind::ReverseColor},
        {"rotate90", TransformKind::Rotate90},
        {"rotate45", TransformKind::Rotate45},
        {"shift", TransformKind::Shift},
        {"shifthorizontal", TransformKind::ShiftHorizontal},
        {"shiftvertical", TransformKind::ShiftVertical},
    };
    for (auto [name, k] : names)
        if (n == name) {
            out = k;
            return true;
        }
    return false;
}

const char *transformKindName(TransformKind k)
{
    switch (k) {
    case TransformKind::Flip: return "flip";
    case TransformKind::FlipVertical: return "flipvertical";
    case TransformKind::FlipHorizontal: return "fliphorizontal";
    case TransformKind::FlipColor: return "flipcolor";
    case TransformKind::ReverseColor: return "reversecolor";
    case TransformKind::Rotate90: return "rotate90";
    case TransformKind::Rotate45: return "rotate45";
    case TransformKind::Shift: return "shift";
    case TransformKind::ShiftHorizontal: return "shifthorizontal";
    case TransformKind::ShiftVertical: return "shiftvertical";
    }
    return "";
}

TransformFilter::TransformFilter(TransformKind kind, Mode mode, long long lo, long long hi, const Filter &arg)
    : m_kind(kind), m_mode(mode), m_lo(lo), m_hi(hi)
{
    // As in CQL 6.2, a transform of a set is a set and of a number a number;
    // of anything else (a string, a position) it is only logical.
    type = mode != Any ? Type::Numeric : arg.type == Type::Set || arg.type == Type::Numeric ? arg.type : Type::Logical;
    ImageSet images;
    for (const Transform &t : transformsOf(kind)) {
        if (--transformImageBudget() < 0) break;
        addImage(arg, t, {t}, images);
    }
    reportImages(images);
    flatten();
}

void TransformFilter::addImage(const Filter &source, const Transform &t, std::vector<Transform> totals,
                               ImageSet &images)
{
    ImageRecord record;
    // Restored however transformed() ends: it throws TransformUndefined for
    // rotate45 of a square, and the record must not outlive this frame.
    struct Restore {
        ImageRecord *saved = currentImageRecord();
        ~Restore() { currentImageRecord() = saved; }
    } restore;
    currentImageRecord() = &record;
    FilterPtr image = source.transformed(t);
    if (record.lostSquares) return; // a designator fell off the board: not an image at all
    auto [at, added] = images.try_emplace(std::move(record.fingerprint), m_images.size());
    if (!added) { // same filter as an earlier image
        auto &given = m_givenBy[at->second];
        given.insert(given.end(), totals.begin(), totals.end());
        return;
    }
    m_images.push_back(std::move(image));
    m_transforms.push_back(totals.front());
    m_givenBy.push_back(std::move(totals));
}

void TransformFilter::reportImages(const ImageSet &images) const
{
    ImageRecord *outer = currentImageRecord();
    if (!outer) return;
    // A transform whose images all fell off the board is itself off the board,
    // like a designator without squares: the image around it is dropped too.
    if (m_images.empty()) outer->lostSquares = true;
    // Two transforms are the same image when they have the same images, in
    // whatever order (CQL 6.2 compares orbits as sets): `flip count shift
    // {R[g8,h8] K}` counts 2 images, a rank pair's shifts and a file pair's.
    std::vector<const std::string *> sorted;
    sorted.reserve(images.size());
    for (const auto &f : images)
        sorted.push_back(&f.first);
    std::sort(sorted.begin(), sorted.end(), [](const std::string *a, const std::string *b) { return *a < *b; });
    for (const std::string *f : sorted) {
        size_t n = f->size();
        noteImage(&n, sizeof n);
        noteImage(f->data(), n);
    }
}

bool TransformFilter::flattenInto(std::vector<Condition> &conds, std::vector<uint32_t> &ends) const
{
    if (m_mode != Any) return false;
    for (const auto &img : m_images)
        if (!flattenImage(*img, conds, ends)) return false;
    return true;
}

bool TransformFilter::flattenImage(const Filter &image, std::vector<Condition> &conds, std::vector<uint32_t> &ends)
{
    if (auto *t = dynamic_cast<const TransformFilter *>(&image)) {
        // A nested transform in "any" mode matches when one of its images does.
        return t->flattenInto(conds, ends);
    }
    std::vector<const Filter *> parts;
    if (auto *c = dynamic_cast<const CompoundFilter *>(&image)) {
        if (c->parts().size() == 1) return flattenImage(*c->parts().front(), conds, ends); // flipcolor {shift ...}
        for (const auto &p : c->parts())
            parts.push_back(p.get());
    } else {
        parts.push_back(&image);
    }
    if (parts.empty()) return false;
    std::vector<Condition> predicates;
    for (const Filter *p : parts) {
        if (dynamic_cast<const StateFilter *>(p)) {
            Condition c;
            c.source = Predicate;
            c.predicate = p;
            predicates.push_back(c);
            continue;
        }
        auto *d = dynamic_cast<const DesignatorFilter *>(p);
        if (!d) return false;
        Condition c;
        c.squares = d->squares().bits();
        PieceMask m = d->pieces();
        if (!m)
            c.source = AnySquare;
        else if (m == EmptyBit)
            c.source = EmptySquares;
        else if (m == WhiteBits)
            c.source = WhitePieces;
        else if (m == BlackBits)
            c.source = BlackPieces;
        else if (m == (WhiteBits | BlackBits))
            c.source = Occupied;
        else if (std::popcount(unsigned(m)) == 1 && !(m & EmptyBit))
            c.source = uint8_t(FirstPiece + std::countr_zero(unsigned(m)));
        else
            return false;
        conds.push_back(c);
    }
    conds.insert(conds.end(), predicates.begin(), predicates.end());
    ends.push_back(uint32_t(conds.size()));
    return true;
}

void TransformFilter::flatten()
{
    m_conditions.clear();
    m_imageEnds.clear();
    m_reject.clear();
    if (!flattenInto(m_conditions, m_imageEnds)) {
        m_conditions.clear();
        m_imageEnds.clear();
        return;
    }
    uint32_t begin = 0;
    for (uint32_t end : m_imageEnds) {
        // A single piece is rarer than a colour, a colour than any occupant.
        int best = -1;
        auto rank = [](uint8_t src) {
            return src >= FirstPiece ? 3 : src == Predicate ? 0 : src == Occupied || src == AnySquare ? 1 : 2;
        };
        for (uint32_t i = begin; i < end; ++i)
            if (best < 0 || rank(m_conditions[i].source) > rank(m_conditions[size_t(best)].source)) best = int(i);
        if (best < 0 || m_conditions[size_t(best)].source == AnySquare
            || m_conditions[size_t(best)].source == Predicate) {
            m_reject.clear(); // an image that always holds (or has no condition): no shortcut
            break;
        }
        const Condition &c = m_conditions[size_t(best)];
        auto it =
            std::find_if(m_reject.begin(), m_reject.end(), [&](const Condition &r) { return r.source == c.source; });
        if (it == m_reject.end())
            m_reject.push_back(c);
        else
            it->squares |= c.squares;
        begin = end;
    }
}

uint64_t TransformFilter::have(const chess::Position &pos, uint8_t source)
{
    switch (source) {
    case AnySquare: return ~0ULL;
    case EmptySquares: return ~pos.occupied().bits();
    case WhitePieces: return pos.pieces(chess::White).bits();
    case BlackPieces: return pos.pieces(chess::Black).bits();
    case Occupied: return pos.occupied().bits();
    default: return pos.pieces(chess::Piece(source - FirstPiece)).bits();
    }
}

long long TransformFilter::countMatching(Ctx &ctx) const
{
    long long n = 0;
    for (const auto &img : m_images)
        if (img->match(ctx)) ++n;
    return n;
}

bool TransformFilter::match(Ctx &ctx) const
{
    if (m_mode == Count) {
        // A count always has a value, possibly 0; 6.2 still asks every image
        // (what they write stays: `rotate90 count find Qd1` writes "Found").
        countMatching(ctx);
        return true;
    }
    const size_t mark = ctx.comments.size();
    if (m_mode == Range) {
        long long n = countMatching(ctx);
        return ctx.keepCommentsIf(mark, n >= m_lo && n <= m_hi);
    }
    return ctx.keepCommentsIf(mark, anyImage(ctx));
}

bool TransformFilter::anyImage(Ctx &ctx) const
{
    if (!m_imageEnds.empty()) {
        const chess::Position &pos = *ctx.pos;
        if (!m_reject.empty()) {
            bool possible = false;
            for (const Condition &r : m_reject)
                if (have(pos, r.source) & r.squares) {
                    possible = true;
                    break;
                }
            if (!possible) return false;
        }
        // Shifts and rotations make dozens of images that ask for the same few
        // sets of squares: then each set is read once, and a condition is one AND.
        const bool many = m_imageEnds.size() > 4;
        uint64_t sets[FirstPiece + 16] = {};
        if (many)
            for (uint8_t src = 0; src < std::size(sets); ++src) {
                const int type = src >= FirstPiece ? (src - FirstPiece) & 7 : 1; // no piece of types 0 and 7
                if (src != Predicate && type >= chess::Pawn && type <= chess::King) sets[src] = have(pos, src);
            }
        auto holds = [&](const Condition &c) {
            if (c.source == Predicate) return c.predicate->match(ctx);
            return ((many ? sets[c.source] : have(pos, c.source)) & c.squares) != 0;
        };
        uint32_t begin = 0;
        for (uint32_t end : m_imageEnds) {
            bool ok = true;
            for (uint32_t i = begin; i < end && ok; ++i)
                ok = holds(m_conditions[i]);
            if (ok) return true;
            begin = end;
        }
        return false;
    }
    const uint64_t before = ctx.effects;
    for (size_t i = 0; i < m_images.size(); ++i) {
        if (!m_images[i]->match(ctx)) continue;
        // 6.2 counts every image that matches, so an image after the first
        // leaves its comments and sort values too: when the images do such
        // things, ask them all.
        if (ctx.effects != before)
            for (size_t j = i + 1; j < m_images.size(); ++j)
                m_images[j]->match(ctx);
        return true;
    }
    return false;
}

chess::SquareSet TransformFilter::set(Ctx &ctx) const
{
    chess::SquareSet s;
    for (const auto &img : m_images)
        s |= img->set(ctx);
    return s;
}

bool TransformFilter::number(Ctx &ctx, long long &out) const
{
    if (m_mode != Any) {
        out = countMatching(ctx);
        return m_mode == Count || (out >= m_lo && out <= m_hi);
    }
    bool any = false;
    for (const auto &img : m_images) {
        long long v;
        if (numericValue(*img, ctx, v) && (!any || v > out)) {
            out = v;
            any = true;
        }
    }
    return any;
}

void TransformFilter::markSquares(Ctx &ctx, chess::SquareSet &out) const
{
    // The images that matched made the position match.
    for (size_t i = 0; i < m_images.size(); ++i) {
        if (!m_images[i]->match(ctx)) continue;
        if (ctx.imageMarks)
            ctx.imageMarks->push_back({transformKindName(m_kind), int(i + 1), int(m_images.size()),
                                       m_transforms[i].name(), ctx.imageDepth, range.begin.offset});
        ++ctx.imageDepth;
        m_images[i]->markSquares(ctx, out);
        --ctx.imageDepth;
    }
}

FilterPtr TransformFilter::transformed(const Transform &t) const
{
    // Transforming a transform filter transforms each of its images.
    auto f = std::unique_ptr<TransformFilter>(new TransformFilter());
    f->type = type;
    f->range = range;
    f->m_kind = m_kind;
    f->m_mode = m_mode;
    f->m_lo = m_lo;
    f->m_hi = m_hi;
    // Each image is moved on its own: the ones t pushes off the board are
    // dropped, the others stay (shift flip X keeps the flips of X that a shift
    // leaves on the board).
    ImageSet images;
    for (size_t i = 0; i < m_images.size(); ++i) {
        if (--transformImageBudget() < 0) break;
        std::vector<Transform> totals;
        totals.reserve(m_givenBy[i].size());
        for (const Transform &given : m_givenBy[i])
            totals.push_back(t * given);
        f->addImage(*m_images[i], t, std::move(totals), images);
    }
    f->reportImages(images);
    f->flatten();
    return f;
}

FilterPtr NoTransformFilter::transformed(const Transform &) const
{
    // notransform's argument is never transformed; re-create it untouched.
    return std::make_unique<NoTransformFilter>(m_a->transformed(Transform::identity()));
}

} // namespace cql
