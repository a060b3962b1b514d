// Static exchange evaluation and its keywords (exchange.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/exchange.h"

#include "cql/cqls/gamewalk.h"

#include "chess/attacks.h"

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

namespace {

int pieceValue(chess::Piece p)
{
    static constexpr int value[] = {0, 1, 3, 3, 5, 9, 100};
    return p == chess::NoPiece ? 0 : value[chess::typeOf(p)];
}

// Pieces of colour c that may capture on `to`: pinned ones only along their pin.
SquareSet capturers(const chess::Position &pos, chess::Color c, Square to, SquareSet occ)
{
    SquareSet a = pos.attackersTo(to, c, occ) & occ;
    Square k = pos.kingSquare(c);
    if (k == chess::NoSquare) return a;
    for (Square s : a &pos.pinned(c))
        if (!chess::lineThrough(k, s).contains(to)) a -= SquareSet::of(s);
    return a;
}

} // namespace

// Static exchange evaluation in pawn units: the material the side making a
// move from `from` to `to` wins when both sides go on capturing on `to` with
// their least valuable piece and may stop whenever that is better. Pinned
// pieces capture only along their pin; a king never captures into a defended
// square. maxPlies bounds the captures counted (0 = no bound).
static int exchangeValue(const chess::Position &pos, Square from, Square to, int maxPlies)
{
    int gain[40];
    int d = 0;
    SquareSet occ = pos.occupied();
    chess::Piece mover = pos.pieceAt(from);
    gain[0] = pieceValue(pos.pieceAt(to));
    int onSquare = pieceValue(mover);
    occ -= SquareSet::of(from);
    chess::Color side = chess::colorOf(mover) == chess::White ? chess::Black : chess::White;
    while (d + 1 < 39 && (maxPlies <= 0 || d + 1 < maxPlies)) {
        SquareSet a = capturers(pos, side, to, occ);
        if (a.empty()) break;
        // The least valuable capturer.
        Square best = chess::NoSquare;
        for (Square s : a)
            if (best == chess::NoSquare || pieceValue(pos.pieceAt(s)) < pieceValue(pos.pieceAt(best))) best = s;
        chess::Color other = side == chess::White ? chess::Black : chess::White;
        if (chess::typeOf(pos.pieceAt(best)) == chess::King
            && capturers(pos, other, to, occ - SquareSet::of(best)).any())
            break; // the king cannot take a defended piece
        ++d;
        gain[d] = onSquare - gain[d - 1];
        onSquare = pieceValue(pos.pieceAt(best));
        occ -= SquareSet::of(best);
        side = other;
    }
    // Each side may stop capturing when going on would lose.
    while (d > 0) {
        gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
        --d;
    }
    return gain[0];
}

bool ExchangeFilter::match(Ctx &ctx) const
{
    const chess::Position &before = *ctx.pos;
    SquareSet targets = m_targets ? m_targets->set(ctx) : SquareSet::all();
    return anyNextMove(ctx, [&](const game::Node &c) {
        chess::Move m = c.move;
        if (m.isNull() || m.isCastling() || m.kind() == chess::Move::EnPassant
            || before.capturedPiece(m) == chess::NoPiece)
            return false;
        if (!targets.contains(m.to())) return false;
        return m_range.contains(exchangeValue(before, m.from(), m.to(), m_plies));
    });
}

FilterPtr ExchangeFilter::transformed(const Transform &t) const
{
    noteImage(&m_plies, sizeof m_plies);
    return std::make_unique<ExchangeFilter>(m_plies, m_range, m_targets ? m_targets->transformed(t) : nullptr);
}

bool MaxSwapFilter::match(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    SquareSet pieces = m_pieces->set(ctx) & p.occupied();
    SquareSet targets = m_targets->set(ctx);
    bool any = false;
    int best = 0;
    for (Square s : pieces) {
        chess::Color c = chess::colorOf(p.pieceAt(s));
        SquareSet moves = p.attacksFrom(s) - p.pieces(c);
        if (chess::typeOf(p.pieceAt(s)) == chess::Pawn) {
            // Pawns capture diagonally and move straight ahead onto empty squares.
            moves = p.attacksFrom(s) & p.pieces(c == chess::White ? chess::Black : chess::White);
            int dr = c == chess::White ? 1 : -1;
            int r = chess::rankOf(s) + dr;
            if (r >= 0 && r < 8 && !p.occupied().contains(chess::makeSquare(chess::fileOf(s), r)))
                moves |= SquareSet::of(chess::makeSquare(chess::fileOf(s), r));
        }
        Square k = p.kingSquare(c);
        for (Square to : moves &targets) {
            if (p.pinned(c).contains(s) && k != chess::NoSquare && !chess::lineThrough(k, s).contains(to)) continue;
            if (chess::typeOf(p.pieceAt(s)) == chess::King
                && p.attackersTo(to, c == chess::White ? chess::Black : chess::White, p.occupied() - SquareSet::of(s))
                       .any())
                continue;
            int v = exchangeValue(p, s, to, 0);
            if (!any || v > best) best = v;
            any = true;
        }
    }
    return any && m_range.contains(best);
}

FilterPtr MaxSwapFilter::transformed(const Transform &t) const
{
    return std::make_unique<MaxSwapFilter>(m_pieces->transformed(t), m_targets->transformed(t), m_range);
}

} // namespace cql::cqls
