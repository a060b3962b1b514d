// The CQL-S evaluator nodes.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/filters.h"
#include "cql/cqls/gamewalk.h"
#include "cql/cqls/pawnattributes.h"
#include "cql/cqls/pawncounting.h"
#include "cql/cqls/relationimage.h"

#include "chess/attacks.h"
#include "cql/explorerhooks.h"
#include "cql/logic.h"
#include "cql/transform.h"

#include <bit>
#include <cctype>
#include <climits>

namespace cql::cqls {

using chess::Square;
using chess::SquareSet;

std::vector<FilterPtr> transformAll(const std::vector<FilterPtr> &v, const Transform &t)
{
    std::vector<FilterPtr> out;
    out.reserve(v.size());
    for (const FilterPtr &f : v)
        out.push_back(f->transformed(t));
    return out;
}

namespace {

int swapRights(int r) { return ((r & 3) << 2) | ((r >> 2) & 3); }

int pieceCount(const chess::Position &p, chess::Color c, chess::PieceType t) { return p.pieces(c, t).count(); }

bool cannotWin(const chess::Position &p, chess::Color c)
{
    int all = p.pieces(c).count();
    int minors = pieceCount(p, c, chess::Bishop) + pieceCount(p, c, chess::Knight);
    return all == 1 || (all == 2 && minors == 1);
}

SquareSet lightSquares()
{
    SquareSet s;
    for (int sq = 0; sq < 64; ++sq)
        if ((chess::fileOf(Square(sq)) + chess::rankOf(Square(sq))) % 2 == 1) s |= SquareSet::of(Square(sq));
    return s;
}

bool matingMaterial(const chess::Position &p)
{
    int all = p.occupied().count();
    SquareSet minors = p.pieces(chess::Bishop) | p.pieces(chess::Knight);
    if (all == 2) return false;
    if (all == 3 && minors.count() == 1) return false;
    if (all == 4) {
        SquareSet bishops = p.pieces(chess::Bishop);
        if ((bishops & lightSquares()).count() == 2 || (bishops - lightSquares()).count() == 2) return false;
    }
    return true;
}

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

SquareSet cqlsImage(const Transform &t, SquareSet s)
{
    if (s == SquareSet::all()) return s;
    Transform turn = t;
    turn.dx = turn.dy = 0;
    turn.shifting = false;
    turn.swapColors = false;
    SquareSet r = turn.apply(s);
    // A unit shift keeps the squares on the trailing edge (seed 002).
    for (int i = 0; i < t.dx; ++i)
        r = r.shifted(1, 0) | (r & SquareSet::file(0));
    for (int i = 0; i > t.dx; --i)
        r = r.shifted(-1, 0) | (r & SquareSet::file(7));
    for (int i = 0; i < t.dy; ++i)
        r = r.shifted(0, 1) | (r & SquareSet::rank(0));
    for (int i = 0; i > t.dy; --i)
        r = r.shifted(0, -1) | (r & SquareSet::rank(7));
    return r;
}

FilterPtr CqlsDesignatorFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<CqlsDesignatorFilter>(t.apply(pieces()), cqlsImage(t, squares()));
    f->range = range;
    uint64_t bits = f->squares().bits();
    PieceMask pm = f->pieces();
    noteImage(&bits, sizeof bits);
    noteImage(&pm, sizeof pm);
    noteDesignatorImage(pm, f->squares());
    return f;
}

SquareSet promotedSquares(const Ctx &ctx)
{
    const auto &nodes = ctx.game->nodes;
    std::vector<game::NodeId> path;
    for (game::NodeId n = ctx.node; n != game::NoNode; n = nodes[n].parent)
        path.push_back(n);
    SquareSet promoted;
    for (size_t i = path.size() - 1; i-- > 0;) {
        const game::Node &child = nodes[path[i]];
        const chess::Position &before = nodes[path[i + 1]].position;
        chess::Move m = child.move;
        if (m.isNull() || m.isCastling()) continue;
        if (before.capturedPiece(m) != chess::NoPiece) promoted -= SquareSet::of(before.captureSquare(m));
        if (promoted.contains(m.from())) {
            promoted -= SquareSet::of(m.from());
            promoted |= SquareSet::of(m.to());
        }
        if (m.kind() == chess::Move::Promotion) promoted |= SquareSet::of(m.to());
    }
    return promoted;
}

SquareSet PromotedFilter::set(Ctx &ctx) const
{
    SquareSet s = m_inner->set(ctx);
    if (s.empty()) return s;
    SquareSet p = promotedSquares(ctx);
    return m_promoted ? (s & p) : (s & ctx.pos->occupied()) - p;
}

FilterPtr PromotedFilter::transformed(const Transform &t) const
{
    noteImage(&m_promoted, sizeof m_promoted);
    return std::make_unique<PromotedFilter>(m_inner->transformed(t), m_promoted);
}

bool ImagesFilter::match(Ctx &ctx) const
{
    for (const FilterPtr &f : m_images)
        if (f->match(ctx)) return true;
    return false;
}

void ImagesFilter::markSquares(Ctx &ctx, SquareSet &out) const
{
    // As a CQL 6 transform filter does: the record says which images matched.
    for (size_t i = 0; i < m_images.size(); ++i) {
        if (!m_images[i]->match(ctx)) continue;
        if (ctx.imageMarks)
            ctx.imageMarks->push_back({m_keywords, int(i + 1), int(m_images.size()),
                                       i < m_transforms.size() ? m_transforms[i].name() : std::string(), ctx.imageDepth,
                                       range.begin.offset});
        ++ctx.imageDepth;
        m_images[i]->markSquares(ctx, out);
        --ctx.imageDepth;
    }
}

FilterPtr ImagesFilter::transformed(const Transform &t) const
{
    std::vector<Transform> transforms;
    transforms.reserve(m_transforms.size());
    for (const Transform &own : m_transforms)
        transforms.push_back(t * own);
    auto f = std::make_unique<ImagesFilter>(transformAll(m_images, t), std::move(transforms), m_keywords);
    f->range = range;
    return f;
}

bool InRangeFilter::match(Ctx &ctx) const
{
    long long v;
    return numericValue(*m_value, ctx, v) && m_range.contains(v);
}

FilterPtr InRangeFilter::transformed(const Transform &t) const
{
    noteImage(&m_range.lo.value, sizeof m_range.lo.value);
    noteImage(&m_range.hi.value, sizeof m_range.hi.value);
    return std::make_unique<InRangeFilter>(m_value->transformed(t), m_range);
}

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

bool PercentFilter::match(Ctx &ctx) const
{
    long long part = m_part->set(ctx).count();
    long long whole = m_whole->set(ctx).count();
    if (whole == 0) return false;
    // Bounds are percentages times 1000 (strict bounds moved by one).
    __int128 p = __int128(part) * 100000;
    return !m_range.empty && p >= __int128(m_range.lo.value) * whole && p <= __int128(m_range.hi.value) * whole;
}

FilterPtr PercentFilter::transformed(const Transform &t) const
{
    return std::make_unique<PercentFilter>(m_part->transformed(t), m_whole->transformed(t), m_range);
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
        SquareSet c = p.checkers();
        if (c.empty()) return false;
        Square k = p.kingSquare(p.sideToMove());
        SquareSet contact;
        for (Square s : c)
            if (chess::typeOf(p.pieceAt(s)) == chess::Knight || chess::typeOf(p.pieceAt(s)) == chess::Pawn
                || (std::abs(chess::fileOf(s) - chess::fileOf(k)) <= 1
                    && std::abs(chess::rankOf(s) - chess::rankOf(k)) <= 1))
                contact |= SquareSet::of(s);
        if (m_arg) return (contact & m_arg->set(ctx)).any();
        return contact.any() || c.moreThanOne();
    }
    case MatingMaterial: return matingMaterial(p);
    case WhiteCannotWin: return cannotWin(p, chess::White);
    case BlackCannotWin: return cannotWin(p, chess::Black);
    case Endgame: return endgame(p);
    case GameIsOver: return p.isCheckmate() || p.isStalemate() || !matingMaterial(p);
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

bool NextMoveFilter::moveMatches(const chess::Position &before, chess::Move m, const chess::Position &after) const
{
    switch (m_kind) {
    case IsNull: return m.isNull();
    case Forced: {
        chess::MoveList list;
        before.generateLegal(list);
        return !m.isNull() && list.size == 1;
    }
    default: break;
    }
    if (m.isNull()) return false;
    switch (m_kind) {
    case IsCheck: return after.inCheck();
    case IsMate: return after.isCheckmate();
    case IsStalemate: return after.isStalemate();
    case IsDoubleCheck: return after.checkers().moreThanOne();
    case IsContactCheck: {
        SquareSet c = after.checkers();
        if (c.moreThanOne()) return true;
        Square k = after.kingSquare(after.sideToMove());
        for (Square s : c)
            if (chess::typeOf(after.pieceAt(s)) == chess::Knight || chess::typeOf(after.pieceAt(s)) == chess::Pawn
                || (std::abs(chess::fileOf(s) - chess::fileOf(k)) <= 1
                    && std::abs(chess::rankOf(s) - chess::rankOf(k)) <= 1))
                return true;
        return false;
    }
    case TakesLastPiece: {
        if (m.isCastling() || before.capturedPiece(m) == chess::NoPiece) return false;
        chess::Color them = after.sideToMove();
        return after.pieces(them).count() == 1; // only the king is left
    }
    default: return false;
    }
}

bool NextMoveFilter::match(Ctx &ctx) const
{
    const chess::Position &before = *ctx.pos;
    return anyNextMove(ctx, [&](const game::Node &c) { return moveMatches(before, c.move, c.position); });
}

FilterPtr NextMoveFilter::transformed(const Transform &) const
{
    noteImage(&m_kind, sizeof m_kind);
    return std::make_unique<NextMoveFilter>(m_kind);
}

bool AttackCountFilter::number(Ctx &ctx, long long &out) const
{
    SquareSet from = m_from->set(ctx) & ctx.pos->occupied();
    if (from.empty()) {
        out = 0;
        return true;
    }
    SquareSet to = m_to->set(ctx);
    long long n = 0;
    for (Square s : from)
        n += (ctx.pos->attacksFrom(s) & to).count();
    out = n;
    return true;
}

FilterPtr AttackCountFilter::transformed(const Transform &t) const
{
    return std::make_unique<AttackCountFilter>(m_from->transformed(t), m_to->transformed(t));
}

bool RaySpecFilter::number(Ctx &ctx, long long &out) const
{
    const chess::Position &p = *ctx.pos;
    const size_t k = m_spec.size();
    std::vector<SquareSet> sets;
    sets.reserve(k);
    for (const FilterPtr &f : m_spec)
        sets.push_back(f->set(ctx));
    SquareSet occ = p.occupied();
    long long count = 0;
    for (Square s1 : sets[0]) {
        for (auto [df, dr] : m_dirs) {
            if (m_attack) {
                chess::PieceType t = chess::typeOf(p.pieceAt(s1));
                bool diagonal = df != 0 && dr != 0;
                if (!(t == chess::Queen || (diagonal ? t == chess::Bishop : t == chess::Rook))) continue;
            }
            // The squares after s1 along the direction.
            Square ray[8];
            int len = 0;
            for (int f = chess::fileOf(s1) + df, r = chess::rankOf(s1) + dr; f >= 0 && f < 8 && r >= 0 && r < 8;
                 f += df, r += dr)
                ray[len++] = chess::makeSquare(f, r);
            // Ray s1, ray[0..e]: the last square holds G_k, the inner ones are
            // paired in order with G_2..G_{k-1}, unpaired inner squares empty.
            for (int e = int(k) - 2; e < len; ++e) {
                if (!sets[k - 1].contains(ray[e])) continue;
                const int inner = e;         // ray[0 .. e-1]
                const int want = int(k) - 2; // G_2 .. G_{k-1}
                // ok[j]: the inner squares seen so far can use the first j designators.
                std::vector<char> ok(want + 1, 0), next(want + 1, 0);
                ok[0] = 1;
                for (int i = 0; i < inner; ++i) {
                    std::fill(next.begin(), next.end(), 0);
                    bool empty = !occ.contains(ray[i]);
                    for (int j = 0; j <= want; ++j) {
                        if (!ok[j]) continue;
                        if (empty) next[j] = 1;
                        if (j < want && sets[j + 1].contains(ray[i])) next[j + 1] = 1;
                    }
                    ok.swap(next);
                }
                if (ok[want]) ++count;
            }
        }
    }
    out = count;
    return true;
}

FilterPtr RaySpecFilter::transformed(const Transform &t) const
{
    std::vector<std::pair<int, int>> dirs;
    for (auto [df, dr] : m_dirs) {
        t.applyDirection(df, dr);
        dirs.emplace_back(df, dr);
    }
    return std::make_unique<RaySpecFilter>(transformAll(m_spec, t), std::move(dirs), m_attack);
}

FilterPtr InsideFilter::transformed(const Transform &t) const
{
    return std::make_unique<InsideFilter>(m_pieces->transformed(t), m_region);
}

SquareSet PawnAttributeFilter::set(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    return selectPawns(p, m_pawns->set(ctx) & p.pieces(chess::Pawn), m_attrs);
}

SquareSet pawnsWithAttributes(const chess::Position &p, SquareSet candidates, const SquareSet ownInView[2],
                              const PawnAttribute *first, const PawnAttribute *last)
{
    SquareSet out;
    for (Square s : candidates) {
        chess::Color c = chess::colorOf(p.pieceAt(s));
        chess::Color o = c == chess::White ? chess::Black : chess::White;
        SquareSet own = ownInView[c], theirs = p.pieces(o, chess::Pawn);
        int f = chess::fileOf(s), r = chess::rankOf(s);
        SquareSet file = SquareSet::file(f), rank = SquareSet::rank(r);
        SquareSet left = f > 0 ? SquareSet::file(f - 1) : SquareSet(),
                  right = f < 7 ? SquareSet::file(f + 1) : SquareSet();
        SquareSet ahead, behindOrLevel;
        for (int rr = 0; rr < 8; ++rr) {
            bool isAhead = c == chess::White ? rr > r : rr < r;
            (isAhead ? ahead : behindOrLevel) |= SquareSet::rank(rr);
        }
        int forward = c == chess::White ? 1 : -1;
        bool all = true;
        for (const PawnAttribute *ap = first; ap != last; ++ap) {
            const PawnAttribute &a = *ap;
            bool hit = false;
            switch (a.kind) {
            case PawnAttribute::Single: hit = true; break;
            case PawnAttribute::Double: hit = (own & file).count() >= std::max(2, a.n); break;
            case PawnAttribute::DoubleExact: hit = (own & file).count() == std::max(2, a.n); break;
            case PawnAttribute::Triple:
                hit = (own & rank).count() >= std::max(2, a.n);
                break; // per rank: duo, trio, quart
            case PawnAttribute::TripleExact: hit = (own & rank).count() == std::max(2, a.n); break;
            case PawnAttribute::Connected: hit = (own & (left | right)).any(); break;
            case PawnAttribute::Integrated: hit = f > 0 && f < 7 && (own & left).any() && (own & right).any(); break;
            case PawnAttribute::Isolated: hit = (own & (left | right)).empty(); break;
            case PawnAttribute::HalfIsolated:
                hit = f > 0 && f < 7 && ((own & left).any() != (own & right).any());
                break;
            case PawnAttribute::Defended: hit = (chess::pawnAttacks(o, s) & own).any(); break;
            case PawnAttribute::Defender: hit = (chess::pawnAttacks(c, s) & own).any(); break;
            case PawnAttribute::Passed: hit = (theirs & (file | left | right) & ahead).empty(); break;
            case PawnAttribute::Blocked: hit = (theirs & file & ahead).any(); break;
            case PawnAttribute::BlockedNow: {
                int rr = r + forward;
                hit = rr >= 0 && rr < 8 && theirs.contains(chess::makeSquare(f, rr));
                break;
            }
            case PawnAttribute::Advanced: hit = c == chess::White ? r >= 4 : r <= 3; break;
            case PawnAttribute::Consecutive: {
                // The run of own pawns directly behind one another through s.
                int lo = r, hi = r;
                while (lo > 0 && own.contains(chess::makeSquare(f, lo - 1)))
                    --lo;
                while (hi < 7 && own.contains(chess::makeSquare(f, hi + 1)))
                    ++hi;
                int len = hi - lo + 1;
                hit = a.n < 0 ? len == -a.n : len >= std::max(2, a.n);
                break;
            }
            default: hit = pawnHasAttribute(p, own, s, a.kind, a.n); break;
            }
            if (hit == a.negated) {
                all = false;
                break;
            }
        }
        if (all) out |= SquareSet::of(s);
    }
    return out;
}

FilterPtr PawnAttributeFilter::transformed(const Transform &t) const
{
    return std::make_unique<PawnAttributeFilter>(m_pawns->transformed(t), m_attrs);
}

} // namespace cql::cqls

namespace cql::cqls {

bool OppositionFilter::match(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    Square w = p.kingSquare(chess::White), b = p.kingSquare(chess::Black);
    if (w == chess::NoSquare || b == chess::NoSquare) return false;
    int df = std::abs(chess::fileOf(w) - chess::fileOf(b)), dr = std::abs(chess::rankOf(w) - chess::rankOf(b));
    if (df != 0 && dr != 0) return false;
    int d = df + dr;
    // With an odd number of squares between them the side not to move has the
    // opposition; with an even number the side to move can take it (so the
    // seed's start position gives White the opposition).
    bool whiteHas = (d % 2 == 0) == (p.sideToMove() == chess::Black);
    switch (m_side) {
    case White: return whiteHas;
    case Black: return !whiteHas;
    case ToMove: return whiteHas == (p.sideToMove() == chess::White);
    }
    return false;
}

FilterPtr OppositionFilter::transformed(const Transform &t) const
{
    return std::make_unique<OppositionFilter>(sideUnder(t, m_side));
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

} // namespace cql::cqls

namespace cql::cqls {

struct RelationFilter::Pair {
    game::NodeId p2;
    uint64_t missingP1;
    uint64_t aOcc, bOcc;
    PieceBoards a, b;
    // P2's boards under each of the eight flips, made when first needed: the
    // transforms are every shift of every flip, and a shift is cheap.
    uint8_t haveOcc = 0, havePieces = 0;
    std::array<uint64_t, 8> occD{};
    std::array<std::array<uint64_t, 12>, 8> piecesD{};
    uint64_t occUnder(int d)
    {
        if (!(haveOcc & (1u << d))) {
            occD[size_t(d)] = dihedralBits(bOcc, d);
            haveOcc |= uint8_t(1u << d);
        }
        return occD[size_t(d)];
    }
    const std::array<uint64_t, 12> &piecesUnder(int d)
    {
        if (!(havePieces & (1u << d))) {
            for (size_t i = 0; i < 12; ++i)
                piecesD[size_t(d)][i] = dihedralBits(b.byPiece[i], d);
            havePieces |= uint8_t(1u << d);
        }
        return piecesD[size_t(d)];
    }
};

bool RelationFilter::related(Ctx &ctx, game::NodeId p1, game::NodeId p2, SquareSet missingP1) const
{
    // What does not depend on the transform is decided once per pair: up to
    // 1,800 transforms are tried for each.
    const RelationSpec &s = *m_spec;
    const chess::Position &a = ctx.game->nodes[p1].position;
    const chess::Position &b = ctx.game->nodes[p2].position;
    if (s.side == RelationSpec::Same && a.sideToMove() != b.sideToMove()) return false;
    if (s.side == RelationSpec::Change && a.sideToMove() == b.sideToMove()) return false;
    Pair pair{p2, missingP1.bits(), a.occupied().bits(), b.occupied().bits(), pieceBoards(a), pieceBoards(b)};
    if (s.p2Transforms.empty()) return relatedThrough(ctx, pair, Transform::identity());
    for (const Transform &t : s.p2Transforms)
        if (relatedThrough(ctx, pair, t)) return true;
    return false;
}

// P1 against P2 seen through t (relationimage.h), on bitboards: the
// occupancy first, which rejects most transforms, then piece by piece.
bool RelationFilter::relatedThrough(Ctx &ctx, Pair &pair, const Transform &t) const
{
    using chess::popCount; // inline: std::popcount is a library call without -mpopcnt
    const RelationSpec &s = *m_spec;
    const uint64_t allowed = m_allowed.bits();
    const uint64_t aOcc = pair.aOcc;
    const int d = dihedralIndex(t);
    const uint64_t bOcc = shiftedBits(pair.occUnder(d), t);
    const uint64_t gone = aOcc & ~bOcc & allowed;
    if (gone & ~pair.missingP1) return false;
    if (!s.missingRange.contains(popCount(gone & pair.missingP1))) return false;
    const uint64_t fresh = bOcc & ~aOcc & allowed;
    if (fresh == 0 && !s.addedRange.contains(0)) return false;
    // Squares occupied in both must hold the same piece.
    const uint64_t both = aOcc & bOcc & allowed;
    int same = 0;
    const std::array<uint64_t, 12> &bPieces = pair.piecesUnder(d);
    for (size_t i = 0; i < pair.a.byPiece.size(); ++i)
        if (const uint64_t x = pair.a.byPiece[i] & both) same += popCount(x & shiftedBits(bPieces[i], t));
    if (same != popCount(both)) return false;
    if (fresh) {
        game::NodeId back = ctx.node;
        ctx.moveTo(pair.p2);
        uint64_t match = s.added ? imageBits(s.added->set(ctx).bits(), t) : bOcc;
        ctx.moveTo(back);
        if ((fresh & ~match) || !s.addedRange.contains(popCount(fresh & match))) return false;
    }
    // Allowed squares whose contents differ: one side empty, or (excluded
    // above) two different pieces.
    const int different = popCount((aOcc | bOcc) & allowed) - same;
    if (s.haveDifferent && !s.differentRange.contains(different)) return false;
    if (s.haveSame && !s.sameRange.contains(same)) return false;
    return true;
}

bool RelationFilter::match(Ctx &ctx) const
{
    const RelationSpec &s = *m_spec;
    game::NodeId p1 = ctx.node;
    SquareSet missingP1 = s.missing ? s.missing->set(ctx) : ctx.pos->occupied();
    // Later positions: the line that continues from P1, or every descendant.
    std::vector<std::pair<game::NodeId, bool>> stack; // node, on the continuing line
    for (game::NodeId c = ctx.game->nodes[p1].firstChild; c != game::NoNode; c = ctx.game->nodes[c].nextSibling) {
        stack.emplace_back(c, c == ctx.game->nodes[p1].firstChild);
        if (s.where == RelationSpec::Mainline) break;
    }
    while (!stack.empty()) {
        auto [n, onLine] = stack.back();
        stack.pop_back();
        bool wanted = s.where != RelationSpec::VariationsOnly || !onLine;
        if (wanted && related(ctx, p1, n, missingP1)) return true;
        const game::Node &node = ctx.game->nodes[n];
        for (game::NodeId c = node.firstChild; c != game::NoNode; c = ctx.game->nodes[c].nextSibling) {
            stack.emplace_back(c, onLine && c == node.firstChild);
            if (s.where == RelationSpec::Mainline) break;
        }
    }
    return false;
}

FilterPtr RelationFilter::transformed(const Transform &t) const
{
    // The relation's own designators stay as written (the seed); the pattern squares move.
    SquareSet a = cqlsImage(t, m_allowed);
    uint64_t bits = a.bits();
    noteImage(&bits, sizeof bits);
    return std::make_unique<RelationFilter>(m_spec, a);
}

} // namespace cql::cqls

namespace cql::cqls {

namespace {

// A count against a range of counts, or of percentages of `whole` (thousandths).
bool countInRange(const Range &r, long long part, long long whole)
{
    if (!r.percent) return r.contains(part);
    if (whole == 0 || r.empty) return false;
    __int128 p = __int128(part) * 100000;
    return p >= __int128(r.lo.value) * whole && p <= __int128(r.hi.value) * whole;
}

} // namespace

bool GoodBishopFilter::match(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    SquareSet light = lightSquares();
    for (Square s : m_bishops->set(ctx) & p.pieces(chess::Bishop)) {
        chess::Color c = chess::colorOf(p.pieceAt(s));
        chess::Color o = c == chess::White ? chess::Black : chess::White;
        SquareSet colour = light.contains(s) ? light : ~light;
        SquareSet own = p.pieces(c, chess::Pawn), theirs = p.pieces(o, chess::Pawn);
        if (countInRange(m_theirs, (theirs & colour).count(), theirs.count())
            && countInRange(m_ours, (own - colour).count(), own.count()))
            return true;
    }
    return false;
}

FilterPtr GoodBishopFilter::transformed(const Transform &t) const
{
    return std::make_unique<GoodBishopFilter>(m_bishops->transformed(t), m_theirs, m_ours);
}

} // namespace cql::cqls

namespace cql::cqls {

bool SumRangeFilter::match(Ctx &ctx) const
{
    long long same = 0, swapped = 0;
    // With :reset only the images of this image's group count.
    const AccumulatorSource *only = nullptr;
    int group = -1;
    if (m_acc->reset && m_hasImage)
        for (const auto &src : m_acc->sources)
            for (size_t i = 0; i < src->transforms.size() && !only; ++i)
                if (src->transforms[i] == m_image) {
                    only = src.get();
                    group = src->group[i];
                }
    for (const auto &src : m_acc->sources) {
        if (only && src.get() != only) continue;
        for (size_t i = 0; i < src->images.size(); ++i)
            if ((!only || src->group[i] == group) && src->images[i]->match(ctx)) ++(src->swapped[i] ? swapped : same);
    }
    if (m_acc->byColour) return m_range.contains(same) || m_range.contains(swapped);
    return m_range.contains(same + swapped);
}

} // namespace cql::cqls

namespace cql::cqls {

SquareSet UnstoppablePawnsFilter::set(Ctx &ctx) const
{
    const chess::Position &p = *ctx.pos;
    SquareSet out;
    for (Square s : m_pawns->set(ctx) & p.pieces(chess::Pawn)) {
        chess::Color c = chess::colorOf(p.pieceAt(s));
        chess::Color o = c == chess::White ? chess::Black : chess::White;
        // Only against a bare king with pawns.
        if ((p.pieces(o) - p.pieces(o, chess::Pawn) - p.pieces(o, chess::King)).any()) continue;
        Square k = p.kingSquare(o);
        if (k == chess::NoSquare) continue;
        int f = chess::fileOf(s), r = chess::rankOf(s);
        int step = c == chess::White ? 1 : -1, last = c == chess::White ? 7 : 0;
        bool clear = true;
        for (int rr = r + step; rr != last + step; rr += step)
            if (p.occupied().contains(chess::makeSquare(f, rr))) clear = false;
        if (!clear) continue;
        int moves = std::abs(last - r);
        if (r == (c == chess::White ? 1 : 6)) --moves; // the double step
        // The rule of the square: the king reaches the queening square in kd
        // moves, one fewer when it moves first.
        int kd = std::max(std::abs(chess::fileOf(k) - f), std::abs(chess::rankOf(k) - last));
        if (p.sideToMove() == o) --kd;
        if (kd > moves) out |= SquareSet::of(s);
    }
    return out;
}

} // namespace cql::cqls

namespace cql::cqls {

bool GameInfoFilter::match(Ctx &ctx) const
{
    const game::Game &g = *ctx.game;
    switch (m_kind) {
    case PlyCount: {
        game::NodeId n = 0;
        while (g.nodes[n].firstChild != game::NoNode)
            n = g.nodes[n].firstChild;
        return m_range.contains(g.nodes[n].ply);
    }
    case Round: {
        // The leading number of the round; none (or "?", "-") counts as 0.
        std::string_view r = g.tag("Round");
        long long v = 0;
        size_t i = 0;
        while (i < r.size() && r[i] >= '0' && r[i] <= '9') {
            v = v < 100000000000000000LL ? v * 10 + (r[i] - '0') : LLONG_MAX; // saturates on a long run
            ++i;
        }
        return m_range.contains(i == 0 ? 0 : v);
    }
    case Eco: {
        std::string_view e = g.tag("ECO");
        bool valid = e.size() >= 3 && e[0] >= 'A' && e[0] <= 'E' && std::isdigit(static_cast<unsigned char>(e[1]))
            && std::isdigit(static_cast<unsigned char>(e[2]));
        if (m_range.empty) return !valid; // '–': games without an ECO code
        if (!valid) return false;
        int code = (e[0] - 'A') * 100 + (e[1] - '0') * 10 + (e[2] - '0');
        if (m_eco.empty()) return true; // '*'
        for (auto [lo, hi] : m_eco)
            if (code >= lo && code <= hi) return true;
        return false;
    }
    case HasVariations:
        for (const game::Node &n : g.nodes)
            if (n.nextSibling != game::NoNode) return true;
        return false;
    case HasComments:
        for (const game::Node &n : g.nodes)
            if (n.comment != game::NoText || n.preComment != game::NoText) return true;
        return false;
    case HasAnnotation:
        for (const game::Node &n : g.nodes)
            if (n.nagCount > 0) return true;
        return false;
    }
    return false;
}

} // namespace cql::cqls

namespace cql::cqls {

bool SubMatchFilter::match(Ctx &ctx) const
{
    game::NodeId here = ctx.node;
    bool all = true;
    for (const FilterPtr &list : m_lists) {
        all = someSearchedPosition(ctx, [&](game::NodeId n) {
            ctx.moveTo(n);
            return list->match(ctx);
        });
        if (!all) break;
    }
    ctx.moveTo(here);
    return all;
}

FilterPtr SubMatchFilter::transformed(const Transform &t) const
{
    return std::make_unique<SubMatchFilter>(transformAll(m_lists, t));
}

bool DateFilter::match(Ctx &ctx) const
{
    std::string_view d = ctx.game->tag("Date");
    auto part = [&](size_t at, size_t n, long long &v) {
        v = 0;
        if (d.size() < at + n) return false;
        for (size_t i = at; i < at + n; ++i) {
            if (d[i] < '0' || d[i] > '9') return false;
            v = v * 10 + (d[i] - '0');
        }
        return true;
    };
    long long y, m, day;
    if (!part(0, 4, y)) return m_range.empty; // blank dated: only '–' matches
    if (m_range.empty) return false;
    if (!part(5, 2, m)) m = 0;
    if (!part(8, 2, day)) day = 0;
    return m_range.contains(y * 10000 + m * 100 + day);
}

} // namespace cql::cqls
