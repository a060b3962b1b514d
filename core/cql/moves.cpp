// Move filters.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "moves.h"

#include <cctype>

namespace cql {

using chess::SquareSet;

MoveFilter::MoveFilter(MoveSpec spec) : m_spec(std::move(spec))
{
    // X--Y is a logical filter in CQL 6.2 (its squares are still marked).
    type = m_spec.value == MoveSpec::None || m_spec.dash ? Type::Logical : Type::Set;
}

namespace {

// Piece type (1..6) a promotion name stands for: "Q", "queen", "N", "Knight", ...
int promotionTypeOf(const std::string &name)
{
    std::string n;
    for (char c : name)
        n += char(std::tolower((unsigned char)c));
    if (n == "q" || n == "queen") return chess::Queen;
    if (n == "r" || n == "rook") return chess::Rook;
    if (n == "b" || n == "bishop") return chess::Bishop;
    if (n == "n" || n == "knight") return chess::Knight;
    if (n == "k" || n == "king") return chess::King;
    if (n == "p" || n == "pawn") return chess::Pawn;
    return -1;
}

struct MoveSets {
    SquareSet from, to, capture, enpassant;
    bool haveFrom = false, haveTo = false, haveCapture = false;
    int promoteType = -1;
};

} // namespace

CastleSquares castleSquares(chess::Move m)
{
    const bool kingSide = chess::fileOf(m.to()) > chess::fileOf(m.from());
    const int r = chess::rankOf(m.from());
    return {m.from(), chess::makeSquare(kingSide ? 6 : 2, r), m.to(), chess::makeSquare(kingSide ? 5 : 3, r)};
}

SquareSet nullMoveSquare(const chess::Position &before)
{
    const chess::Square king = before.kingSquare(before.sideToMove());
    return chess::isValid(king) ? SquareSet::of(king) : SquareSet();
}

namespace {

bool moveMatches(const MoveSpec &s, const chess::Position &before, chess::Move m, MoveSets &sets, bool primaryMove,
                 SquareSet &value)
{
    if (s.primary && !primaryMove) return false;
    if (s.secondary && primaryMove) return false;
    if (m.isNull()) {
        // CQL 6.2 (after Scid) takes a null move for the mover's king going
        // from its square to that square: `move from K` and `K--` see it too.
        if (s.capture || s.captureOnly || s.promote || s.requirePromotion || s.promoteName || s.enpassant
            || s.enpassantSquare || s.castle || s.castleShort || s.castleLong || s.dropsOnly)
            return false;
        const SquareSet at = nullMoveSquare(before);
        if ((s.from && !(sets.from & at).any()) || (s.to && !(sets.to & at).any())) return false;
        if (s.value == MoveSpec::From || s.value == MoveSpec::To) value |= at;
        return true;
    }
    if (s.null) return false;
    const bool drop = m.isDrop();
    if (s.cqlsDrops && drop && !(s.dropPieces & PieceMask(1u << chess::makePiece(before.sideToMove(), m.dropPiece()))))
        return false;
    if (s.dropsOnly && !drop) return false;
    chess::Square from = m.from();
    // Castling is encoded king-takes-rook; CQL sees the king's real destination.
    chess::Square to = m.to();
    if (m.isCastling()) {
        const bool kingSide = chess::fileOf(m.to()) > chess::fileOf(m.from());
        to = castleSquares(m).kingTo;
        if (s.castleShort && !kingSide) return false;
        if (s.castleLong && kingSide) return false;
    } else if (s.castle || s.castleShort || s.castleLong) {
        return false;
    }
    if (s.enpassant && m.kind() != chess::Move::EnPassant) return false;
    if (s.requirePromotion) {
        if (m.kind() != chess::Move::Promotion) return false;
        // `promote Q` names a piece type: colour is the mover's anyway.
        unsigned types = (s.promote | (s.promote >> 8)) & 0x7E;
        if (s.promote && !(types & (1u << m.promotion()))) return false;
        if (s.promoteName && sets.promoteType != int(m.promotion())) return false;
    }
    if (m.isCastling() && s.dash && !s.castle && !s.castleShort && !s.castleLong) {
        // A dash takes castling for a move of either piece, as CQL 6.2 does
        // (R--d1 is O-O-O too); its value is the squares of those that fit.
        const CastleSquares cs = castleSquares(m);
        SquareSet froms, tos;
        for (auto [f, t] : {std::pair{cs.kingFrom, cs.kingTo}, std::pair{cs.rookFrom, cs.rookTo}}) {
            if ((s.from && !sets.from.contains(f)) || (s.to && !sets.to.contains(t))) continue;
            froms |= SquareSet::of(f);
            tos |= SquareSet::of(t);
        }
        if (froms.empty() || s.captureOnly || s.capture || s.enpassantSquare || s.enpassant || s.requirePromotion)
            return false;
        if (s.value == MoveSpec::From) value |= froms;
        if (s.value == MoveSpec::To) value |= tos;
        return true;
    }
    if (s.from && !(s.cqlsDrops && drop) && !sets.from.contains(from)) return false;
    if (s.to && !sets.to.contains(to)) return false;
    // Most dashes ask nothing of a capture: the board is not read for them.
    const bool askCapture = s.captureOnly || s.capture || s.enpassantSquare || s.value == MoveSpec::Capture;
    chess::Square capSq = chess::NoSquare;
    if (askCapture && !m.isCastling() && before.capturedPiece(m) != chess::NoPiece) capSq = before.captureSquare(m);
    if (s.captureOnly && capSq == chess::NoSquare) return false;
    if (s.capture && (capSq == chess::NoSquare || !sets.capture.contains(capSq))) return false;
    if (s.enpassantSquare && (capSq == chess::NoSquare || !sets.enpassant.contains(capSq))) return false;
    switch (s.value) {
    case MoveSpec::From: value |= SquareSet::of(from); break;
    case MoveSpec::To: value |= SquareSet::of(to); break;
    case MoveSpec::Capture: value |= SquareSet::of(capSq); break;
    case MoveSpec::None: break;
    }
    return true;
}

// Whether a move filter asks nothing of a move but, at most, where it starts
// (its value, the squares it marks, is asked by the caller or not).
bool asksAtMostFrom(const MoveSpec &s)
{
    return !s.to && !s.capture && !s.promote && !s.promoteName && !s.requirePromotion && !s.enpassant
        && !s.enpassantSquare && !s.castle && !s.castleShort && !s.castleLong && !s.null && !s.primary && !s.secondary
        && !s.captureOnly && !s.cqlsDrops && !s.dropsOnly && !s.comment;
}

} // namespace

long long MoveFilter::count(Ctx &ctx) const
{
    long long n = 0;
    evaluate(ctx, nullptr, &n);
    return n;
}

bool MoveFilter::evaluate(Ctx &ctx, SquareSet *value, long long *count) const
{
    const MoveSpec &s = m_spec;
    SquareSet acc;
    bool any = false;
    const size_t mark = ctx.comments.size();
    auto evalSets = [&](MoveSets &sets) {
        if (s.from) sets.from = s.from->set(ctx);
        if (s.to) sets.to = s.to->set(ctx);
        if (s.capture) sets.capture = s.capture->set(ctx);
        if (s.enpassantSquare) sets.enpassant = s.enpassantSquare->set(ctx);
        if (s.promoteName) {
            std::string name;
            if (s.promoteName->string(ctx, name)) sets.promoteType = promotionTypeOf(name);
        }
    };
    if (s.previous) {
        const game::Node &n = ctx.cur();
        if (n.parent == game::NoNode) return false;
        game::NodeId here = ctx.node;
        ctx.moveTo(n.parent);
        MoveSets sets;
        evalSets(sets);
        bool primary = ctx.game->nodes[n.parent].firstChild == here;
        any = moveMatches(s, *ctx.pos, n.move, sets, primary, acc);
        if (count) *count = any;
        ctx.moveTo(here);
        if (any && s.comment) s.comment->match(ctx);
    } else if (s.legal && !value && !count && s.from && asksAtMostFrom(s)) {
        // `legal X--` as a question: whether a legal move starts in X.
        MoveSets sets;
        evalSets(sets);
        any = (ctx.legal().from & sets.from).any();
    } else if (s.legal && !value && count && !s.from && asksAtMostFrom(s)) {
        // `countmoves legal --`, asked at every position of forced-move
        // searches: the count is the list's, with each promotion counted once
        // as below, without asking anything of each move.
        for (chess::Move m : ctx.legalMoves())
            *count += !(m.kind() == chess::Move::Promotion && m.promotion() != chess::Queen);
        any = *count > 0;
    } else if (s.legal || s.pseudolegal) {
        MoveSets sets;
        evalSets(sets);
        chess::MoveList pseudo;
        if (!s.legal) ctx.pos->generatePseudoLegal(pseudo);
        const chess::MoveList &list = s.legal ? ctx.legalMoves() : pseudo;
        for (chess::Move m : list) {
            if (moveMatches(s, *ctx.pos, m, sets, true, acc)) {
                any = true;
                // The reference counts a promotion once, not once per piece
                // (a lone pawn push to the last rank is a forced move).
                if (count)
                    *count +=
                        !(m.kind() == chess::Move::Promotion && !s.requirePromotion && m.promotion() != chess::Queen);
                else if (!value)
                    break;
            }
        }
    } else {
        const game::Node &n = ctx.cur();
        if (n.firstChild == game::NoNode) return false;
        MoveSets sets;
        evalSets(sets);
        const bool one = ctx.onlyMoveAt == ctx.node && !s.dash;
        for (game::NodeId c = n.firstChild; c != game::NoNode; c = ctx.game->nodes[c].nextSibling) {
            if (one && c != ctx.onlyMove) continue;
            if (moveMatches(s, *ctx.pos, ctx.game->nodes[c].move, sets, c == n.firstChild, acc)) {
                any = true;
                if (s.comment) { // every matching move has it
                    const game::NodeId here = ctx.node;
                    ctx.moveTo(c);
                    s.comment->match(ctx);
                    ctx.moveTo(here);
                }
                if (count)
                    ++*count;
                else if (!value && !s.comment)
                    break;
            }
            if (!ctx.searchVariations) break;
        }
    }
    if (value) *value = acc;
    // A dash that fails takes back its sets' comments (6.2's dash does; its `move` does not).
    if (s.dash) ctx.keepCommentsIf(mark, any);
    return any;
}

SquareSet MoveFilter::set(Ctx &ctx) const
{
    SquareSet v;
    return evaluate(ctx, &v) ? v : SquareSet();
}

FilterPtr MoveFilter::transformed(const Transform &t) const
{
    MoveSpec s;
    s.from = cloneTransformed(m_spec.from, t);
    s.to = cloneTransformed(m_spec.to, t);
    s.capture = cloneTransformed(m_spec.capture, t);
    s.promote = t.apply(m_spec.promote);
    s.promoteName = cloneTransformed(m_spec.promoteName, t);
    s.requirePromotion = m_spec.requirePromotion;
    s.enpassant = m_spec.enpassant;
    s.enpassantSquare = cloneTransformed(m_spec.enpassantSquare, t);
    s.castle = m_spec.castle;
    s.castleShort = m_spec.castleShort;
    s.castleLong = m_spec.castleLong;
    s.null = m_spec.null;
    s.legal = m_spec.legal;
    s.pseudolegal = m_spec.pseudolegal;
    s.previous = m_spec.previous;
    s.primary = m_spec.primary;
    s.secondary = m_spec.secondary;
    s.captureOnly = m_spec.captureOnly;
    s.cqlsDrops = m_spec.cqlsDrops;
    s.dropsOnly = m_spec.dropsOnly;
    s.dropPieces = t.apply(m_spec.dropPieces);
    s.value = m_spec.value;
    s.comment = cloneTransformed(m_spec.comment, t);
    auto f = std::make_unique<MoveFilter>(std::move(s));
    f->range = range;
    return f;
}

} // namespace cql
