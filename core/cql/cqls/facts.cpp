// Facts of a position and of its next move (facts.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/facts.h"
#include "cql/cqls/gamewalk.h"
#include "cql/cqls/variantfacts.h"
#include "cql/state.h"

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

namespace {

int swapRights(int r) { return ((r & 3) << 2) | ((r >> 2) & 3); }

int pieceCount(const chess::Position &p, chess::Color c, chess::PieceType t) { return p.pieces(c, t).count(); }

} // namespace

// The checkers of a contact check: knights, pawns and pieces next to the king.
static SquareSet contactCheckers(const chess::Position &p)
{
    const Square k = p.kingSquare(p.sideToMove());
    SquareSet contact;
    for (Square s : p.checkers())
        if (chess::typeOf(p.pieceAt(s)) == chess::Knight || chess::typeOf(p.pieceAt(s)) == chess::Pawn
            || (std::abs(chess::fileOf(s) - chess::fileOf(k)) <= 1
                && std::abs(chess::rankOf(s) - chess::rankOf(k)) <= 1))
            contact |= SquareSet::of(s);
    return contact;
}

SquareSet lightSquares()
{
    SquareSet s;
    for (int sq = 0; sq < 64; ++sq)
        if ((chess::fileOf(Square(sq)) + chess::rankOf(Square(sq))) % 2 == 1) s |= SquareSet::of(Square(sq));
    return s;
}

namespace {

int power(const chess::Position &p, chess::Color c, bool minorsAndRooksOnly)
{
    int v = 3 * (pieceCount(p, c, chess::Bishop) + pieceCount(p, c, chess::Knight)) + 5 * pieceCount(p, c, chess::Rook);
    if (!minorsAndRooksOnly) v += 9 * pieceCount(p, c, chess::Queen) + pieceCount(p, c, chess::Pawn);
    return v;
}

// The endgame definition of the seed (borrowed from Chess Assistant).
bool endgame(const chess::Position &p)
{
    using namespace chess;
    auto n = [&](Color c, PieceType t) { return pieceCount(p, c, t); };
    auto minors = [&](Color c) { return n(c, Bishop) + n(c, Knight); };
    if (n(White, Queen) + n(Black, Queen) == 0 && minors(White) + n(White, Rook) <= 3
        && minors(Black) + n(Black, Rook) <= 3)
        return true;
    if (n(White, Queen) == 1 && n(Black, Queen) == 1 && n(White, Rook) + n(Black, Rook) == 0 && minors(White) <= 1
        && minors(Black) <= 1)
        return true;
    for (Color c : {White, Black}) {
        Color o = c == White ? Black : White;
        if (n(c, Queen) == 1 && n(c, Rook) == 0 && minors(c) <= 1 && n(o, Queen) == 0 && power(p, o, true) <= 16)
            return true;
    }
    return false;
}

} // namespace

bool MoveNumberFilter::match(Ctx &ctx) const
{
    auto value = [&](game::NodeId n) -> long long {
        const game::Node &node = ctx.game->nodes[n];
        return m_half ? node.ply : node.position.fullmoveNumber();
    };
    Range r = m_range;
    if (r.usesEnd()) {
        game::NodeId last = ctx.node;
        while (ctx.game->nodes[last].firstChild != game::NoNode)
            last = ctx.game->nodes[last].firstChild;
        long long end = value(last);
        if (r.lo.fromEnd) r.lo.value += end;
        if (r.hi.fromEnd) r.hi.value += end;
    }
    return r.contains(value(ctx.node));
}

bool FactFilter::match(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    switch (m_kind) {
    case DoubleCheck: {
        SquareSet c = p.checkers();
        return c.moreThanOne() && (!m_arg || (c & m_arg->set(ctx)).any());
    }
    case ContactCheck: {
        const SquareSet contact = contactCheckers(p);
        if (m_arg) return (contact & m_arg->set(ctx)).any();
        return contact.any() || p.checkers().moreThanOne();
    }
    case MatingMaterial: return matingMaterialIn(p);
    case WhiteCannotWin: return cannotWinIn(p, chess::White);
    case BlackCannotWin: return cannotWinIn(p, chess::Black);
    case Endgame: return endgame(p);
    // The seed: mate, stalemate, :losing, :threechecks, :kingonthehill or no mating material.
    case GameIsOver:
        return p.isCheckmate() || isStalemate(p) || p.variantEnd() != chess::VariantEnd::None || !matingMaterialIn(p);
    case HasMoves: return ctx.cur().firstChild != game::NoNode;
    }
    return false;
}

FilterPtr FactFilter::transformed(const Transform &t) const
{
    const Kind k = sideKindUnder(t, m_kind, WhiteCannotWin, BlackCannotWin);
    return std::make_unique<FactFilter>(k, m_arg ? m_arg->transformed(t) : nullptr);
}

bool ClockFilter::match(Ctx &ctx) const
{
    const game::Node &n = ctx.cur();
    if (m_kind == HalfmoveClock) return n.variationDepth > 0 || m_range.contains(ctx.pos->halfmoveClock());
    if (n.variationDepth > 0) return false;
    uint64_t key = ctx.pos->key();
    long long seen = 0;
    for (game::NodeId i = ctx.node; i != game::NoNode; i = ctx.game->nodes[i].parent)
        if (ctx.game->nodes[i].position.key() == key) ++seen;
    return m_range.contains(seen);
}

namespace {

int rightsOf(const chess::Position &p)
{
    int r = 0;
    for (chess::Color c : {chess::White, chess::Black}) {
        Square k = p.kingSquare(c);
        if (k == chess::NoSquare) continue;
        SquareSet rooks = p.castlingRooks() & SquareSet::rank(c == chess::White ? 0 : 7);
        for (Square s : rooks)
            r |= (chess::fileOf(s) > chess::fileOf(k) ? 1 : 2) << (c == chess::White ? 0 : 2);
    }
    return r;
}

} // namespace

bool CastlingRightsFilter::match(Ctx &ctx) const { return (rightsOf(*ctx.pos) & m_rights) != 0; }

FilterPtr CastlingRightsFilter::transformed(const Transform &t) const
{
    int r = t.swapColors ? swapRights(m_rights) : m_rights;
    noteImage(&r, sizeof r);
    return std::make_unique<CastlingRightsFilter>(r);
}

bool NextMoveFilter::moveMatches(Kind kind, const chess::Position &before, chess::Move m, const chess::Position &after)
{
    switch (kind) {
    case IsNull: return m.isNull();
    case Forced: {
        chess::MoveList list;
        before.generateLegal(list);
        return !m.isNull() && list.size == 1;
    }
    case CaptureForced: return !m.isNull() && mustCapture(before);
    default: break;
    }
    if (m.isNull()) return false;
    switch (kind) {
    case IsCheck: return after.inCheck();
    case IsMate: return after.isCheckmate();
    case IsDoubleCheck: return after.checkers().moreThanOne();
    case IsContactCheck: return after.checkers().moreThanOne() || contactCheckers(after).any();
    case TakesLastPiece: // Antichess only (seed): the capture leaves the opponent without pieces
        return before.variant() == chess::Variant::Antichess && before.capturedPiece(m) != chess::NoPiece
            && after.pieces(after.sideToMove()).empty();
    default: return false;
    }
}

bool NextMoveFilter::match(Ctx &ctx) const
{
    const chess::Position &before = *ctx.pos;
    return anyNextMove(ctx, [&](const game::Node &c) { return moveMatches(m_kind, before, c.move, c.position); });
}

FilterPtr NextMoveFilter::transformed(const Transform &) const
{
    noteImage(&m_kind, sizeof m_kind);
    return std::make_unique<NextMoveFilter>(m_kind);
}

bool StartArrangementFilter::match(Ctx &ctx) const
{
    const chess::Position &p = ctx.game->nodes[0].position;
    using namespace chess;
    if (p.pieces(White, Pawn) != SquareSet::rank(1) || p.pieces(Black, Pawn) != SquareSet::rank(6)) return false;
    if (p.pieces(White) != (SquareSet::rank(0) | SquareSet::rank(1))
        || p.pieces(Black) != (SquareSet::rank(6) | SquareSet::rank(7)))
        return false;
    bool standard = true;
    static constexpr PieceType order[8] = {Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook};
    int counts[7] = {};
    for (int f = 0; f < 8; ++f) {
        Piece wp = p.pieceAt(makeSquare(f, 0)), bp = p.pieceAt(makeSquare(f, 7));
        if (typeOf(wp) != typeOf(bp)) return false; // black must mirror white
        standard = standard && typeOf(wp) == order[f];
        ++counts[typeOf(wp)];
    }
    if (counts[King] != 1 || counts[Queen] != 1 || counts[Rook] != 2 || counts[Bishop] != 2 || counts[Knight] != 2)
        return false;
    // The match list page: Chess960 includes the standard arrangement, and
    // Shuffle Chess includes every Chess960 one.
    if (standard || !m_960) return true;
    int bishops[2], rooks[2], nb = 0, nr = 0, king = -1;
    for (int f = 0; f < 8; ++f) {
        PieceType t = typeOf(p.pieceAt(makeSquare(f, 0)));
        if (t == Bishop) bishops[nb++] = f;
        if (t == Rook) rooks[nr++] = f;
        if (t == King) king = f;
    }
    return (bishops[0] + bishops[1]) % 2 == 1 && rooks[0] < king && king < rooks[1];
}

bool IsCheckCountFilter::match(Ctx &ctx) const
{
    const auto &nodes = ctx.game->nodes;
    const chess::Color us = ctx.pos->sideToMove();
    // Checks we gave so far (in Three-check the counters, a FEN's included).
    const long long given = checksReceived(ctx, ctx.node, ~us);
    return someChild(ctx, ctx.node, [&](game::NodeId c) {
        return !nodes[c].move.isNull() && nodes[c].position.inCheck() && m_range.contains(given + 1);
    });
}

} // namespace cql::cqls
