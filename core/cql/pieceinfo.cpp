// Filters naming pieces and position facts.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pieceinfo.h"

#include "vars.h"

#include <algorithm>
#include <utility>

namespace cql {

bool PieceNameFilter::string(Ctx &ctx, std::string &out) const
{
    chess::SquareSet s = m_a->set(ctx);
    if (s.count() != 1) return false;
    chess::Piece p = ctx.pos->pieceAt(s.first());
    if (p == chess::NoPiece) {
        out.assign(m_withColor ? 1 : 0, '_');
        return true;
    }
    char c = chess::pieceChar(p);
    if (!m_withColor && c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
    out = std::string(1, c);
    return true;
}

FilterPtr PieceNameFilter::transformed(const Transform &t) const
{
    return std::make_unique<PieceNameFilter>(m_withColor, m_a->transformed(t));
}

bool PieceIdFilter::number(Ctx &ctx, long long &out) const
{
    chess::SquareSet s = m_a->set(ctx);
    if (s.count() != 1) return false;
    int id = pieceIdAt(ctx, s.first());
    if (id < 0) return false;
    out = id;
    return true;
}

bool SideFilter::number(Ctx &ctx, long long &out) const
{
    out = m_sign ? m_sign : (ctx.pos->sideToMove() == chess::White ? 1 : -1);
    return true;
}

FilterPtr SideFilter::transformed(const Transform &t) const
{
    // sidetomove itself is about the position; the constants follow a colour swap.
    return std::make_unique<SideFilter>(t.swapColors ? -m_sign : m_sign);
}

bool CurrentTransformFilter::string(Ctx &, std::string &out) const
{
    out = m_t.name();
    return true;
}

FilterPtr CurrentTransformFilter::transformed(const Transform &t) const
{
    return std::make_unique<CurrentTransformFilter>(t * m_t);
}

bool PositionTextFilter::string(Ctx &ctx, std::string &out) const
{
    if (m_kind == Fen) {
        out = ctx.pos->fen();
        return true;
    }
    const game::Node &n = ctx.cur();
    // The start position has no move to follow, so the comment before the first
    // move is its comment (CQL 6.2 reads it so); a variation's leading comment
    // is not one of its position's.
    std::string_view c = ctx.game->text(n.parent == game::NoNode ? n.preComment : n.comment);
    if (c.empty()) return false;
    out = std::string(c);
    return true;
}

bool MoveNagFilter::match(Ctx &ctx) const
{
    const game::Node &n = ctx.cur();
    for (uint32_t i = 0; i < n.nagCount; ++i)
        if (ctx.game->nags[n.nagBegin + i] == m_nag) return true;
    return false;
}

int nagOfCommentArgument(std::string_view a)
{
    static constexpr std::pair<std::string_view, int> symbols[] = {
        {"!", 1},    {"?", 2},    {"!!", 3},   {"??", 4},   {"!?", 5},  {"?!", 6},  {"=", 10},
        {"+/=", 14}, {"=/+", 15}, {"+/-", 16}, {"-/+", 17}, {"+-", 18}, {"-+", 19},
    };
    for (auto [symbol, nag] : symbols)
        if (a == symbol) return nag;
    if (a.size() < 2 || a[0] != '$') return 0;
    long long n = 0;
    for (char c : a.substr(1)) {
        if (c < '0' || c > '9') return 0;
        n = std::min(n * 10 + (c - '0'), 1000LL); // anything past 255 is as wrong as 1000
    }
    if (n == 0) return a == "$0" ? -1 : 0; // "$00" is text, as in CQL 6.2
    return int(n);
}

chess::SquareSet EnPassantSquareFilter::set(Ctx &ctx) const
{
    // As CQL 6.2 defines it: the square of the pawn the move that led here
    // captured en passant (beside the square the capturer moved to), else none.
    const game::Node &n = ctx.cur();
    if (n.parent == game::NoNode || n.move.isNull() || n.move.kind() != chess::Move::EnPassant) return {};
    return chess::SquareSet::of(chess::Square(n.move.to() ^ 8));
}

bool TryFilter::number(Ctx &ctx, long long &out) const
{
    // Counted for every node at once, parents before children: echo asks at
    // every pair of positions.
    const game::Game &g = *ctx.game;
    std::vector<uint32_t> &counts = ctx.whiteSideLineMoves;
    if (counts.size() != g.nodes.size()) {
        counts.resize(g.nodes.size());
        for (game::NodeId n = 0; n < g.nodes.size(); ++n) {
            const game::NodeId p = g.nodes[n].parent;
            if (p == game::NoNode) {
                counts[n] = 0;
                continue;
            }
            const bool sideLine = g.nodes[p].firstChild != n;
            const bool byWhite = g.nodes[n].position.sideToMove() == chess::Black;
            counts[n] = counts[p] + uint32_t(sideLine && byWhite);
        }
    }
    if (counts[ctx.node] != 1) return false;
    out = 1;
    return true;
}

} // namespace cql
