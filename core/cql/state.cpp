// Position state and game information filters.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "state.h"

#include <cstdlib>

namespace cql {

bool isStalemate(const chess::Position &p)
{
    // An Antichess side with pieces but no move is stalemated (and wins).
    if (p.variant() == chess::Variant::Antichess) return p.variantEnd() == chess::VariantEnd::StalemateWin;
    return p.isStalemate();
}

bool StateFilter::match(Ctx &ctx) const
{
    const game::Node &n = ctx.cur();
    switch (m_kind) {
    case Check: return ctx.pos->inCheck();
    case Mate:
    case Stalemate: {
        // Every move of a game was checked when it was read, so a position the
        // game goes on from has a legal move and is neither: no move generation
        // at each of the millions of positions `mate` is asked of.
        const auto &nodes = ctx.game->nodes;
        for (game::NodeId c = n.firstChild; c != game::NoNode; c = nodes[c].nextSibling)
            if (!nodes[c].move.isNone() && !nodes[c].move.isNull()) return false;
        return holdsIn(m_kind, *ctx.pos);
    }
    case Wtm: return ctx.pos->sideToMove() == chess::White;
    case Btm: return ctx.pos->sideToMove() == chess::Black;
    case Initial: return n.parent == game::NoNode;
    case Terminal: {
        // Without variations the search sees only the mainline, so a position
        // is terminal when it has no main continuation.
        return n.firstChild == game::NoNode;
    }
    case Mainline: return n.variationDepth == 0;
    case Variation: return n.variationDepth > 0;
    case Null: return false;
    // The main line, or a variation's own main line: the way from the start
    // leaves a main continuation at most once.
    case VirtualMainline: return n.variationDepth <= 1;
    }
    return false;
}

bool StateFilter::holdsIn(Kind k, const chess::Position &p)
{
    switch (k) {
    case Check: return p.inCheck();
    case Mate: return p.isCheckmate();
    case Stalemate: return isStalemate(p);
    default: return false;
    }
}

bool NextStateFilter::match(Ctx &ctx) const
{
    // The moves a dash tries: the main one, the others when variations are searched.
    const auto &nodes = ctx.game->nodes;
    for (game::NodeId c = ctx.cur().firstChild; c != game::NoNode; c = nodes[c].nextSibling) {
        if (!nodes[c].move.isNone() && StateFilter::holdsIn(m_kind, nodes[c].position)) return true;
        if (!ctx.searchVariations) break;
    }
    return false;
}

void StateFilter::markSquares(Ctx &ctx, chess::SquareSet &out) const
{
    // A check shows as the king and the pieces giving it.
    if ((m_kind == Check || m_kind == Mate) && ctx.pos->inCheck())
        out |= ctx.pos->checkers() | chess::SquareSet::of(ctx.pos->kingSquare(ctx.pos->sideToMove()));
}

FilterPtr StateFilter::transformed(const Transform &t) const
{
    const Kind k = sideKindUnder(t, m_kind, Wtm, Btm);
    return std::make_unique<StateFilter>(k);
}

bool PositionNumberFilter::number(Ctx &ctx, long long &out) const
{
    switch (m_kind) {
    case Ply: out = ctx.cur().ply; return true;
    case MoveNumber: out = ctx.pos->fullmoveNumber(); return true;
    case Depth: out = ctx.cur().variationDepth; return true;
    case GameNumber: out = (long long)ctx.game->number; return true;
    case LastGameNumber: out = ctx.lastGameNumber; return out > 0;
    case Year: return yearOf(ctx.game->tag("Date"), out);
    }
    return false;
}

bool PositionNumberFilter::yearOf(std::string_view date, long long &out)
{
    if (date.size() < 4) return false;
    long long y = 0;
    for (int i = 0; i < 4; ++i) {
        if (date[i] < '0' || date[i] > '9') return false;
        y = y * 10 + (date[i] - '0');
    }
    out = y;
    return true;
}

namespace {

bool tagNumber(std::string_view v, long long &out)
{
    if (v.empty()) return false;
    long long x = 0;
    for (char c : v) {
        if (c < '0' || c > '9') return false;
        x = x * 10 + (c - '0');
    }
    out = x;
    return true;
}

} // namespace

bool EloFilter::number(Ctx &ctx, long long &out) const
{
    return eloOf(m_side, ctx.game->tag("WhiteElo"), ctx.game->tag("BlackElo"), out);
}

bool EloFilter::eloOf(Side side, std::string_view whiteElo, std::string_view blackElo, long long &out)
{
    long long w = 0, b = 0;
    bool hw = tagNumber(whiteElo, w), hb = tagNumber(blackElo, b);
    switch (side) {
    case White: out = w; return hw;
    case Black: out = b; return hb;
    case Either:
        if (!hw && !hb) return false;
        out = hw && hb ? std::max(w, b) : (hw ? w : b);
        return true;
    }
    return false;
}

FilterPtr EloFilter::transformed(const Transform &t) const
{
    Side s = m_side;
    if (t.swapColors && s != Either) s = s == White ? Black : White;
    noteImage(&s, sizeof s);
    return std::make_unique<EloFilter>(s);
}

bool PowerFilter::number(Ctx &ctx, long long &out) const
{
    chess::SquareSet s = m_a->set(ctx);
    long long sum = 0;
    for (chess::Square sq : s) {
        chess::Piece p = ctx.pos->pieceAt(sq);
        if (p != chess::NoPiece) sum += valueOf(chess::typeOf(p));
    }
    out = sum;
    return true;
}

bool SquareCoordFilter::number(Ctx &ctx, long long &out) const
{
    chess::SquareSet s = m_a->set(ctx);
    if (s.count() != 1) return false;
    chess::Square sq = s.first();
    out = (m_file ? chess::fileOf(sq) : chess::rankOf(sq)) + 1;
    return true;
}

bool PieceTypeFilter::number(Ctx &ctx, long long &out) const
{
    chess::SquareSet s = m_a->set(ctx);
    if (s.count() != 1) return false;
    chess::Piece p = ctx.pos->pieceAt(s.first());
    out = p == chess::NoPiece ? 0 : chess::typeOf(p);
    if (m_signed && p != chess::NoPiece && chess::colorOf(p) == chess::Black) out = -out;
    return true;
}

TagFilter::TagFilter(Kind k, std::string pattern, bool hasPattern)
    : m_kind(k), m_pattern(std::move(pattern)), m_hasPattern(hasPattern)
{
    type = hasPattern ? Type::Logical : Type::String;
}

std::string_view TagFilter::tagName(Kind k)
{
    switch (k) {
    case PlayerWhite: return "White";
    case PlayerBlack: return "Black";
    case Event: return "Event";
    case Site: return "Site";
    case Date: return "Date";
    case EventDate: return "EventDate";
    case Eco: return "ECO";
    case Result: return "Result";
    case Player: return "";
    }
    return "";
}

bool TagFilter::match(Ctx &ctx) const
{
    if (!m_hasPattern) {
        std::string s;
        return string(ctx, s);
    }
    return matchesTags(*ctx.game);
}

bool TagFilter::string(Ctx &ctx, std::string &out) const
{
    if (m_kind == Player) {
        // CQL 6.2 makes it as `player white + "\n" + player black`, and its
        // string literals know no escapes: the names stand joined by a
        // backslash and an n, and a name without a value leaves none.
        const std::optional<std::string> white = game::cqlTagValue(*ctx.game, "White"),
                                         black = game::cqlTagValue(*ctx.game, "Black");
        if (!white || !black) return false;
        out = *white + "\\n" + *black;
        return true;
    }
    std::optional<std::string> v = game::cqlTagValue(*ctx.game, tagName(m_kind));
    if (!v) return false;
    out = std::move(*v);
    return true;
}

bool TagFilter::transformSensitive() const
{
    return m_kind == PlayerWhite || m_kind == PlayerBlack || m_kind == Result;
}

FilterPtr TagFilter::transformed(const Transform &t) const
{
    Kind k = m_kind;
    std::string p = m_pattern;
    if (t.swapColors) {
        if (k == PlayerWhite)
            k = PlayerBlack;
        else if (k == PlayerBlack)
            k = PlayerWhite;
        else if (k == Result && p == "1-0")
            p = "0-1";
        else if (k == Result && p == "0-1")
            p = "1-0";
    }
    noteImage(&k, sizeof k);
    noteImage(p.data(), p.size());
    return std::make_unique<TagFilter>(k, p, m_hasPattern);
}

} // namespace cql
