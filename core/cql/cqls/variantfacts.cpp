// The CQL-S keywords of the chess variants (variantfacts.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/variantfacts.h"
#include "cql/cqls/facts.h"

#include "cql/transform.h"

#include <utility>

namespace cql::cqls {

using chess::Color;
using chess::SquareSet;
using chess::Variant;

// The power of a piece type under a variant (docs/cqls.md, ":power").
static int piecePower(Variant v, chess::PieceType t)
{
    using namespace chess;
    switch (v) {
    case Variant::Antichess:
        // Every piece is something still to lose, the king an ordinary one:
        // power counts the pieces.
        return t == NoPieceType ? 0 : 1;
    case Variant::Crazyhouse: {
        // A taken piece comes back into play for the captor, so the pieces
        // weigh less against a pawn than in chess.
        static constexpr int value[] = {0, 1, 2, 2, 3, 5, 0};
        return value[t];
    }
    default: {
        static constexpr int value[] = {0, 1, 3, 3, 5, 9, 0};
        return value[t];
    }
    }
}

bool mustCapture(const chess::Position &p)
{
    if (p.variant() != Variant::Antichess) return false;
    // Antichess's legal moves are captures only when one exists.
    chess::MoveList list;
    p.generateLegal(list);
    return list.size > 0 && p.capturedPiece(list.moves[0]) != chess::NoPiece;
}

namespace {

bool standardMatingMaterial(const chess::Position &p)
{
    const int all = p.occupied().count();
    const SquareSet minors = p.pieces(chess::Bishop) | p.pieces(chess::Knight);
    if (all == 2) return false;
    if (all == 3 && minors.count() == 1) return false;
    if (all == 4) {
        const SquareSet bishops = p.pieces(chess::Bishop);
        if ((bishops & lightSquares()).count() == 2 || (bishops - lightSquares()).count() == 2) return false;
    }
    return true;
}

} // namespace

bool matingMaterialIn(const chess::Position &p)
{
    switch (p.variant()) {
    case Variant::Standard: return standardMatingMaterial(p);
    // Any piece but a king can still give check.
    case Variant::ThreeCheck: return p.occupied().count() > 2;
    default: return true; // the seed: meaningless, always true
    }
}

bool cannotWinIn(const chess::Position &p, Color c)
{
    const int all = p.pieces(c).count();
    switch (p.variant()) {
    case Variant::Standard: {
        const int minors = p.pieces(c, chess::Bishop).count() + p.pieces(c, chess::Knight).count();
        return all == 1 || (all == 2 && minors == 1);
    }
    case Variant::ThreeCheck: return all == 1;
    default: return false; // the seed: meaningless, never true
    }
}

bool VariantFactFilter::match(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    switch (m_kind) {
    case ThreeChecks: return p.variantEnd() == chess::VariantEnd::ThirdCheck && p.variant() == Variant::ThreeCheck;
    case KingOnTheHill:
        return p.variant() == Variant::KingOfTheHill && (p.pieces(chess::King) & chess::HillSquares).any();
    case Losing:
        return p.variant() == Variant::Antichess && (p.pieces(Color::White).empty() || p.pieces(Color::Black).empty());
    case MustCapture: return mustCapture(p);
    }
    return false;
}

int checksReceived(const Ctx &ctx, game::NodeId node, Color c)
{
    const auto &nodes = ctx.game->nodes;
    const chess::Position &p = nodes[node].position;
    if (p.variant() == Variant::ThreeCheck) return p.checksGiven(~c);
    int n = 0;
    for (game::NodeId a = node; nodes[a].parent != game::NoNode; a = nodes[a].parent)
        if (nodes[a].position.sideToMove() == c && nodes[a].position.inCheck()) ++n;
    return n;
}

bool CheckCountFilter::match(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    const bool threeCheck = p.variant() == Variant::ThreeCheck;
    switch (m_form) {
    case Received:
        return m_white.contains(checksReceived(ctx, ctx.node, Color::White))
            && m_black.contains(checksReceived(ctx, ctx.node, Color::Black));
    case Nth: {
        const long long n = m_white.lo.value;
        if (n == 0) return true;
        if (!threeCheck || ctx.cur().parent == game::NoNode || !p.inCheck()) return false;
        return p.checksGiven(~p.sideToMove()) == n;
    }
    case Exact: {
        const long long w = m_white.lo.value, b = m_black.lo.value;
        if (!threeCheck) return w == 0 && b == 0;
        auto counts = [&](const chess::Position &q) {
            return q.checksGiven(Color::White) == w && q.checksGiven(Color::Black) == b;
        };
        if (!counts(p)) return false;
        const game::NodeId parent = ctx.cur().parent;
        return parent == game::NoNode || !counts(ctx.game->nodes[parent].position);
    }
    }
    return false;
}

FilterPtr CheckCountFilter::transformed(const Transform &t) const
{
    Range w = m_white, b = m_black;
    if (t.swapColors && m_form != Nth) std::swap(w, b);
    noteImage(&w, sizeof w);
    noteImage(&b, sizeof b);
    return std::make_unique<CheckCountFilter>(m_form, w, b);
}

bool VariantPowerFilter::number(Ctx &ctx, long long &out) const
{
    const chess::Position &p = *ctx.pos;
    auto value = [&](chess::PieceType t) { return m_count ? 1 : piecePower(p.variant(), t); };
    long long sum = 0;
    for (chess::Square s : m_squares->set(ctx)) {
        const chess::Piece piece = p.pieceAt(s);
        if (piece != chess::NoPiece) sum += value(chess::typeOf(piece));
    }
    if (m_hand)
        for (Color c : {Color::White, Color::Black})
            for (int t = chess::Pawn; t <= chess::Queen; ++t)
                if (m_hand & PieceMask(1u << chess::makePiece(c, chess::PieceType(t))))
                    sum += p.pocket().count(c, chess::PieceType(t)) * value(chess::PieceType(t));
    out = sum;
    return true;
}

FilterPtr VariantPowerFilter::transformed(const Transform &t) const
{
    const PieceMask hand = t.apply(m_hand);
    noteImage(&hand, sizeof hand);
    return std::make_unique<VariantPowerFilter>(m_squares->transformed(t), hand, m_count);
}

} // namespace cql::cqls
