// CQL-S :pawncount attribute lists as a sequence of filters: forefront/rear views and the counting attributes (islands, files ...).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/pawncounting.h"

#include <utility>

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;
using K = PawnAttribute::Kind;

bool isCountingAttribute(K k)
{
    return k == K::Islands || k == K::Compounds || k == K::Files || k == K::Ranks || k == K::BothSides
        || k == K::OneSide;
}

bool isViewAttribute(K k) { return k == K::Forefront || k == K::Rear; }

namespace {

std::string bare(const std::string &written)
{
    return !written.empty() && written[0] == '!' ? written.substr(1) : written;
}

// Attributes that need a second own pawn on the pawn's file: after a
// forefront/rear step each file holds one pawn in view, so they never hold.
bool needsTwoOnFile(const PawnAttribute &a)
{
    if (a.negated) return a.kind == K::SingleExact; // !single!: another own pawn on the file
    return a.kind == K::Double || a.kind == K::DoubleExact || a.kind == K::Consecutive;
}

// The front (or rear) pawn of each file among pawns of one colour.
SquareSet frontOfFiles(SquareSet pawns, chess::Color c, bool front)
{
    // White's front pawn is its highest on the file, Black's its lowest.
    bool highest = (c == chess::White) == front;
    SquareSet out;
    for (int f = 0; f < 8; ++f) {
        uint64_t onFile = (pawns & SquareSet::file(f)).bits();
        if (onFile) out |= SquareSet::of(Square(highest ? 63 - std::countl_zero(onFile) : std::countr_zero(onFile)));
    }
    return out;
}

// Readings where the seed leaves room (also in docs/cqls.md): each colour
// is counted on its own ("islands of the same colour") and the results
// added; a compound is a run on one file, not across ranks of several files,
// because the seed equates isolated-triple-compounds(3) with
// isolated-consecutive(3), reads double-!advanced-compounds >= 2 as two
// doubled pawns, and bounds its n by 6; "!" without a count means exactly one.
int countOneColour(SquareSet s, const PawnAttribute &counting)
{
    // n < 0: the exact form ("islands!(n)"), otherwise at least n.
    const int want = std::abs(counting.n);
    auto fits = [&](int size) { return size > 0 && (counting.n < 0 ? size == want : size >= want); };
    const SquareSet queenSide = SquareSet::file(0) | SquareSet::file(1) | SquareSet::file(2) | SquareSet::file(3);
    int total = 0;
    // Runs of non-empty places (size(0) .. size(n - 1)) that fit; an empty place ends one
    // (files and ranks count one by one: an empty place between any two).
    auto runs = [&](int n, auto size) {
        int fitting = 0, run = 0;
        for (int i = 0; i <= n; ++i) {
            const int k = i < n ? size(i) : 0;
            run += k;
            if (k == 0) fitting += fits(std::exchange(run, 0)) ? 1 : 0;
        }
        return fitting;
    };
    switch (counting.kind) {
    case K::Islands: // runs of neighbouring files holding pawns
        return runs(8, [&](int f) { return (s & SquareSet::file(f)).count(); });
    case K::Compounds: // runs of pawns directly behind one another on a file
        for (int f = 0; f < 8; ++f)
            total += runs(8, [&](int r) { return s.contains(chess::makeSquare(f, r)) ? 1 : 0; });
        return total;
    case K::Files: return runs(15, [&](int i) { return i % 2 ? 0 : (s & SquareSet::file(i / 2)).count(); });
    case K::Ranks: return runs(15, [&](int i) { return i % 2 ? 0 : (s & SquareSet::rank(i / 2)).count(); });
    case K::BothSides: return std::min((s & queenSide).count(), (s - queenSide).count());
    case K::OneSide: return (s & queenSide).empty() || (s - queenSide).empty() ? s.count() : 0;
    default: return s.count();
    }
}

} // namespace

std::string pawnAttributeListError(const std::vector<PawnAttribute> &attrs, const std::vector<std::string> &written)
{
    for (size_t i = 0; i < attrs.size(); ++i) {
        const PawnAttribute &a = attrs[i];
        if (isCountingAttribute(a.kind)) {
            if (a.negated) return "counting attribute '" + bare(written[i]) + "' cannot be negated";
            for (size_t j = i + 1; j < attrs.size(); ++j)
                if (isCountingAttribute(attrs[j].kind))
                    return "counting attributes '" + written[i] + "' and '" + written[j] + "' cannot be combined";
            if (i + 1 != attrs.size())
                return "counting attribute '" + written[i] + "' must come last in the attribute list";
        }
        if (isViewAttribute(a.kind) && !a.negated) {
            for (size_t j = i + 1; j < attrs.size(); ++j) {
                if (needsTwoOnFile(attrs[j]))
                    return "'" + written[j] + "' after '" + written[i] + "' never matches: '" + written[i]
                        + "' leaves one pawn per file (put it after '" + written[j] + "')";
                if (isViewAttribute(attrs[j].kind) && attrs[j].negated)
                    return "'" + written[j] + "' after '" + written[i] + "' leaves no pawn";
            }
        }
    }
    return {};
}

SquareSet selectPawns(const chess::Position &p, SquareSet candidates, const std::vector<PawnAttribute> &attrs)
{
    // The seed: each attribute filters the pawns the one before it left, and
    // judges them among those (behind-single! counts pawns left alone on
    // their file by behind). So the sequence starts from every pawn on the
    // board and the designator only picks which of the survivors are counted:
    // a pawn of the designator is judged in its real surroundings.
    const SquareSet whites = p.pieces(chess::White, chess::Pawn), blacks = p.pieces(chess::Black, chess::Pawn);
    SquareSet sel = whites | blacks;
    for (const PawnAttribute &a : attrs) {
        if (isCountingAttribute(a.kind)) break; // last in the list: says what is counted, picks nothing
        if (isViewAttribute(a.kind)) {
            SquareSet kept;
            for (chess::Color c : {chess::White, chess::Black}) {
                SquareSet mine = sel & p.pieces(c, chess::Pawn);
                SquareSet picked = frontOfFiles(mine, c, a.kind == K::Forefront);
                kept |= a.negated ? mine - picked : picked;
            }
            sel = kept;
            continue;
        }
        // Own pawns are those still selected; opposing pawns are all of them.
        const SquareSet view[2] = {sel & whites, sel & blacks};
        sel = pawnsWithAttributes(p, sel, view, &a, &a + 1);
    }
    return sel & candidates;
}

// What :pawncount counts for the selected pawns: their number, or with a
// counting attribute the islands, compounds, files ... they form, each
// colour on its own and the two results added.
static int countSelectedPawns(const chess::Position &p, SquareSet selected, const PawnAttribute *counting)
{
    if (!counting) return selected.count();
    return countOneColour(selected & p.pieces(chess::White, chess::Pawn), *counting)
        + countOneColour(selected & p.pieces(chess::Black, chess::Pawn), *counting);
}

PawnCountingFilter::PawnCountingFilter(FilterPtr pawns, std::vector<PawnAttribute> attrs)
    : m_pawns(std::move(pawns)), m_attrs(std::move(attrs))
{
}

SquareSet PawnCountingFilter::selected(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    return selectPawns(p, m_pawns->set(ctx) & p.pieces(chess::Pawn), m_attrs);
}

bool PawnCountingFilter::number(Ctx &ctx, long long &out) const
{
    const PawnAttribute *counting =
        !m_attrs.empty() && isCountingAttribute(m_attrs.back().kind) ? &m_attrs.back() : nullptr;
    out = countSelectedPawns(*ctx.pos, selected(ctx), counting);
    return true;
}

void PawnCountingFilter::markSquares(Ctx &ctx, SquareSet &out) const { out |= selected(ctx); }

FilterPtr PawnCountingFilter::transformed(const Transform &t) const
{
    return std::make_unique<PawnCountingFilter>(m_pawns->transformed(t), m_attrs);
}

} // namespace cql::cqls
