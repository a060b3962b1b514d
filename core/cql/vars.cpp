// Variables, iteration, comments and sort.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "vars.h"

#include "control.h"
#include "logic.h"

#include <charconv>

namespace cql {

using chess::SquareSet;

namespace {

// Piece identities of every node, computed on first use for a game: the id of
// a piece is the square it stood on at the start, and it travels with the
// piece (also through promotion). A piece dropped (Crazyhouse) is a new one:
// 64 plus the ply of its drop.
[[gnu::noinline]] void fillIds(Ctx &ctx)
{
    const game::Game &g = *ctx.game;
    ctx.pieceIds.assign(g.nodes.size(), {});
    // Nodes are created parent-first, so index order is a valid fill order.
    for (game::NodeId i = 0; i < g.nodes.size(); ++i) {
        Ctx::PieceIds &p = ctx.pieceIds[i];
        std::array<int16_t, 64> &ids = p.ids;
        const game::Node &node = g.nodes[i];
        if (node.parent == game::NoNode) {
            for (int s = 0; s < 64; ++s) {
                const bool piece = node.position.pieceAt(chess::Square(s)) != chess::NoPiece;
                ids[s] = piece ? int16_t(s) : int16_t(-1);
                p.squareOf[s] = piece ? int8_t(s) : int8_t(-1);
            }
            continue;
        }
        p = ctx.pieceIds[node.parent];
        // The piece of `from` moves to `to`; the one on `to` (if any) is gone.
        auto move = [&](int from, int to) {
            if (ids[to] >= 0 && ids[to] < 64) p.squareOf[ids[to]] = -1;
            ids[to] = ids[from];
            ids[from] = -1;
            if (ids[to] >= 0 && ids[to] < 64) p.squareOf[ids[to]] = int8_t(to);
        };
        chess::Move m = node.move;
        if (m.isNull() || m.isNone()) continue;
        if (m.isDrop()) {
            ids[m.to()] = int16_t(64 + node.ply);
            continue;
        }
        if (m.isCastling()) {
            const bool kingSide = chess::fileOf(m.to()) > chess::fileOf(m.from());
            const int r = chess::rankOf(m.from());
            const int16_t king = ids[m.from()], rook = ids[m.to()];
            ids[m.from()] = ids[m.to()] = -1;
            const chess::Square kingTo = chess::makeSquare(kingSide ? 6 : 2, r);
            const chess::Square rookTo = chess::makeSquare(kingSide ? 5 : 3, r);
            ids[kingTo] = king;
            ids[rookTo] = rook;
            if (king >= 0 && king < 64) p.squareOf[king] = int8_t(kingTo);
            if (rook >= 0 && rook < 64) p.squareOf[rook] = int8_t(rookTo);
            continue;
        }
        if (m.kind() == chess::Move::EnPassant) {
            const chess::Square taken = chess::makeSquare(chess::fileOf(m.to()), chess::rankOf(m.from()));
            if (ids[taken] >= 0 && ids[taken] < 64) p.squareOf[ids[taken]] = -1;
            ids[taken] = -1;
        }
        move(m.from(), m.to());
    }
}

// Paths ask at every step: the test stays inline, the filling does not.
inline const Ctx::PieceIds &idsAt(Ctx &ctx, game::NodeId n)
{
    if (ctx.pieceIds.size() != ctx.game->nodes.size()) [[unlikely]]
        fillIds(ctx);
    return ctx.pieceIds[n];
}

} // namespace

chess::Square pieceSquare(Ctx &ctx, int pieceId)
{
    const Ctx::PieceIds &p = idsAt(ctx, ctx.node);
    if (pieceId >= 0 && pieceId < 64)
        return p.squareOf[pieceId] < 0 ? chess::NoSquare : chess::Square(p.squareOf[pieceId]);
    for (int s = 0; s < 64; ++s) // a dropped piece
        if (p.ids[s] == pieceId) return chess::Square(s);
    return chess::NoSquare;
}

int pieceIdAt(Ctx &ctx, chess::Square s) { return idsAt(ctx, ctx.node).ids[s]; }

bool VarFilter::match(Ctx &ctx) const
{
    // CQL 6.2 stops here: "an attempt to match a position when filter is a
    // position variable. Although legal, this is likely an error".
    if (type == Type::Position)
        throw EvaluationError("the position variable " + placeText(range)
                              + " is neither true nor false (compare it, or evaluate a filter at it with ':')");
    if (type == Type::Set) return set(ctx).any();
    return ctx.vars[m_slot].bound;
}

SquareSet VarFilter::set(Ctx &ctx) const
{
    const Value &v = ctx.vars[m_slot];
    // As in CQL 6.2, reading a square or piece variable that holds nothing
    // (outside its 'square' or 'piece', or assigned on a branch not taken)
    // stops the search: it is the query's error, not an empty set.
    if (!v.bound)
        throw EvaluationError(std::string(piecePrinted ? "the piece variable " : "the set variable ") + placeText(range)
                              + " is read where nothing is bound to it");
    if (piecePrinted) {
        chess::Square s = pieceSquare(ctx, v.pieceId);
        return s == chess::NoSquare ? SquareSet() : SquareSet::of(s);
    }
    return v.set;
}

bool VarFilter::number(Ctx &ctx, long long &out) const
{
    const Value &v = ctx.vars[m_slot];
    if (!v.bound || type != Type::Numeric) return false;
    out = v.num;
    return true;
}

bool VarFilter::position(Ctx &ctx, game::NodeId &out) const
{
    const Value &v = ctx.vars[m_slot];
    if (!v.bound || type != Type::Position) return false;
    out = v.node;
    return true;
}

bool VarFilter::string(Ctx &ctx, std::string &out) const
{
    const Value &v = ctx.vars[m_slot];
    if (!v.bound || type != Type::String) return false;
    out = v.str;
    return true;
}

FilterPtr VarFilter::transformed(const Transform &) const
{
    auto f = std::make_unique<VarFilter>(*this);
    return f;
}

bool AssignFilter::match(Ctx &ctx) const
{
    Value &v = ctx.vars[m_slot];
    if (m_op == SetIfUnbound && v.bound) return true;
    switch (m_varType) {
    case Type::Set: {
        SquareSet s = m_rhs->set(ctx);
        if (m_op == Union)
            s = v.set | s;
        else if (m_op == Intersect)
            s = v.set & s;
        v.set = s;
        v.bound = true;
        return true;
    }
    case Type::Numeric: {
        long long x;
        if (!numericValue(*m_rhs, ctx, x)) return false;
        if (m_op == Set || m_op == SetIfUnbound) {
            v.num = x;
            v.bound = true;
            return true;
        }
        if (!v.bound) return false;
        switch (m_op) {
        case Add: v.num += x; break;
        case Sub: v.num -= x; break;
        case Mul: v.num *= x; break;
        case Div:
            if (!x) return false;
            v.num /= x;
            break;
        case Mod:
            if (!x) return false;
            v.num %= x;
            break;
        default: break;
        }
        return true;
    }
    case Type::Position: {
        game::NodeId n;
        if (!m_rhs->position(ctx, n)) return false;
        v.node = n;
        v.bound = true;
        return true;
    }
    case Type::String: {
        std::string s;
        if (!m_rhs->string(ctx, s)) return false;
        if (m_op == Add && v.bound)
            v.str += s;
        else
            v.str = std::move(s);
        v.bound = true;
        return true;
    }
    case Type::Piece: {
        SquareSet s = m_rhs->set(ctx);
        if (s.count() != 1) return false;
        v.pieceId = pieceIdAt(ctx, s.first());
        v.bound = v.pieceId >= 0;
        return v.bound;
    }
    default: return m_rhs->match(ctx);
    }
}

FilterPtr AssignFilter::transformed(const Transform &t) const
{
    return std::make_unique<AssignFilter>(m_slot, m_varType, m_op, m_rhs->transformed(t));
}

SquareSet IterateFilter::run(Ctx &ctx, bool &allOk) const
{
    SquareSet domain = m_domain->set(ctx);
    if (m_pieces) domain &= ctx.pos->occupied();
    Value saved = ctx.vars[m_slot];
    // Inside a loop over the same variable (or after a piece assignment to it)
    // CQL 6.2 stops the search rather than hide the outer value.
    if (saved.bound && domain.any())
        throw EvaluationError(std::string(m_pieces ? "the 'piece' loop " : "the 'square' loop ") + placeText(range)
                              + " binds a variable that is already bound there (by a loop over it that "
                                "encloses this one, or by an assignment)");
    SquareSet hits;
    allOk = true;
    for (chess::Square s : domain) {
        Value &v = ctx.vars[m_slot];
        v.bound = true;
        if (m_pieces) {
            v.pieceId = pieceIdAt(ctx, s);
            v.type = Type::Piece;
        } else {
            v.set = SquareSet::of(s);
            v.type = Type::Set;
        }
        size_t mark = ctx.comments.size();
        if (m_body->match(ctx)) {
            hits |= SquareSet::of(s);
        } else {
            ctx.comments.resize(mark);
            allOk = false;
            if (m_all) break;
        }
    }
    ctx.vars[m_slot] = saved;
    return hits;
}

SquareSet IterateFilter::set(Ctx &ctx) const
{
    bool allOk;
    SquareSet hits = run(ctx, allOk);
    if (m_all) return allOk ? m_domain->set(ctx) : SquareSet();
    return hits;
}

bool IterateFilter::match(Ctx &ctx) const
{
    bool allOk;
    SquareSet hits = run(ctx, allOk);
    return m_all ? allOk : hits.any();
}

FilterPtr IterateFilter::transformed(const Transform &t) const
{
    return std::make_unique<IterateFilter>(m_pieces, m_all, m_slot, m_domain->transformed(t), m_body->transformed(t));
}

std::string valueText(const Filter &f, Ctx &ctx, bool &ok)
{
    std::string text;
    ok = appendValueText(f, ctx, text);
    return text;
}

bool appendValueText(const Filter &f, Ctx &ctx, std::string &out)
{
    switch (f.type) {
    case Type::String: {
        if (out.empty()) return f.string(ctx, out);
        std::string value; // not a shared buffer: the string may be spelled by this function again
        const bool ok = f.string(ctx, value);
        out += value;
        return ok;
    }
    case Type::Numeric: {
        long long v;
        if (!f.number(ctx, v)) return false;
        char digits[24];
        const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
        out.append(digits, end);
        return true;
    }
    case Type::Position: {
        game::NodeId n;
        if (!f.position(ctx, n)) return false;
        const chess::Position &p = ctx.game->nodes[n].position;
        out += "move ";
        out += std::to_string(p.fullmoveNumber());
        out += p.sideToMove() == chess::White ? "(wtm)" : "(btm)";
        return true;
    }
    case Type::Set: {
        const SquareSet s = f.set(ctx);
        if (s.count() == 1) {
            if (f.piecePrinted) out += chess::pieceChar(ctx.pos->pieceAt(s.first()));
            out += chess::squareName(s.first());
        } else {
            s.appendTo(out);
        }
        return true;
    }
    case Type::Logical: {
        // A filter that is neither a value: whether it matched, as CQL 6.2 writes it.
        out += f.match(ctx) ? "<true>" : "<false>";
        return true;
    }
    default: return f.match(ctx);
    }
}

void appendArgumentText(const Filter &f, Ctx &ctx, std::string &out)
{
    if (const auto *v = dynamic_cast<const VarFilter *>(&f); v && !ctx.vars[size_t(v->slot())].bound) {
        out += "<unbound: ";
        if (ctx.slotNames && size_t(v->slot()) < ctx.slotNames->size()) out += (*ctx.slotNames)[size_t(v->slot())];
        out += '>';
        return;
    }
    const size_t before = out.size();
    if (!appendValueText(f, ctx, out)
        && (f.type == Type::String || f.type == Type::Numeric || f.type == Type::Position)) {
        out.resize(before);
        out += "<false>";
    }
}

bool CommentFilter::match(Ctx &ctx) const
{
    std::string text;
    for (const auto &a : m_args)
        appendArgumentText(*a, ctx, text);
    ctx.addComment({ctx.node, std::move(text), false});
    return true;
}

FilterPtr CommentFilter::transformed(const Transform &t) const
{
    std::vector<FilterPtr> args;
    for (const auto &a : m_args)
        args.push_back(a->transformed(t));
    return std::make_unique<CommentFilter>(std::move(args));
}

bool SortFilter::string(Ctx &ctx, std::string &out) const
{
    ++ctx.effects;
    const size_t mark = ctx.comments.size();
    if (m_arg->type != Type::String || !m_arg->string(ctx, out)) {
        ctx.comments.resize(mark);
        return false;
    }
    if (ctx.sortValues && m_index < (int)ctx.sortValues->size()) {
        SortValue &sv = (*ctx.sortValues)[m_index];
        if (!sv.bound || (m_min ? out < sv.text : out > sv.text)) {
            sv.isText = true;
            sv.bound = true;
            sv.text = out;
            if (m_index < (int)ctx.sortComments.size())
                ctx.sortComments[m_index].assign(ctx.comments.begin() + long(mark), ctx.comments.end());
        }
        ctx.comments.resize(mark);
    }
    return true;
}

bool SortFilter::number(Ctx &ctx, long long &out) const
{
    ++ctx.effects;
    const size_t mark = ctx.comments.size();
    if (m_arg->type == Type::String || !numericValue(*m_arg, ctx, out)) {
        ctx.comments.resize(mark);
        return false;
    }
    if (ctx.sortValues && m_index < (int)ctx.sortValues->size()) {
        SortValue &sv = (*ctx.sortValues)[m_index];
        if (!sv.bound || (m_min ? out < sv.value : out > sv.value)) {
            sv.bound = true;
            sv.value = out;
            if (m_index < (int)ctx.sortComments.size())
                ctx.sortComments[m_index].assign(ctx.comments.begin() + long(mark), ctx.comments.end());
        }
        ctx.comments.resize(mark);
    }
    return true;
}

FilterPtr SortFilter::transformed(const Transform &t) const
{
    return std::make_unique<SortFilter>(m_index, m_min, m_arg->transformed(t));
}

} // namespace cql
