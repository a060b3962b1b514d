// Deriving prefilters from the compiled filter tree. Filters are recognised by
// their exact class, so a new kind of filter is never taken for a pure one.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prefilter.h"

#include "cql/echo.h"
#include "cql/hhdb.h"
#include "cql/logic.h"
#include "cql/mates.h"
#include "cql/moves.h"
#include "cql/multi.h"
#include "cql/path.h"
#include "cql/pieceinfo.h"
#include "cql/positions.h"
#include "cql/program.h"
#include "cql/programaccess.h"
#include "cql/sets.h"
#include "cql/state.h"
#include "cql/transformfilter.h"
#include "cql/vars.h"

#include <array>
#include <bit>
#include <cmath>
#include <initializer_list>
#include <span>
#include <typeinfo>

namespace store {

namespace {

using cql::Filter;

// Over-approximation of a set filter's value: every square it can hold at
// any position of the game, from the game's signature (null: any square).
using SetFn = std::function<uint64_t(const GameSignature &)>;
constexpr uint64_t AllSquares = ~uint64_t(0);
constexpr uint64_t LightSquares = 0x55AA55AA55AA55AAULL;

// What the analysis knows of a filter: whether it is pure and, when known, a
// condition of the game for it to match at some position (empty: always may),
// and for a set filter which squares it can ever hold.
struct Facts {
    bool pure = false;
    Prefilter::Condition mayMatch; // null: no condition
    std::string text;
    SetFn possible; // null: any square
};

using cql::exactly;

Facts pureOnly() { return Facts{true, nullptr, {}, nullptr}; }

// The side to move where a filter is tested, when the query says so: a
// `wtm` or `btm` that must match at the same position (-1: not known).
using Side = int;
constexpr Side AnySide = -1;

// Where a filter is analysed. tree: the search reads variations, so the
// facts of the whole game tree apply, not the mainline's. The loops around
// the filter bind their variables to what they can hold: a square variable
// anywhere, a piece variable only at the loop's own position (the piece
// moves on). repeated: inside a loop, transform or another position's
// search (comments written there multiply).
struct Env {
    bool tree = false;
    Side side = AnySide;
    bool repeated = false;
    struct Bound {
        int slot;
        bool piece;
        SetFn squares;
    };
    std::vector<Bound> vars; // the innermost loop last

    // For a filter tested at other positions of the game.
    Env elsewhere() const
    {
        Env e = *this;
        e.side = AnySide;
        // A piece variable bound here reads as anything there (a loop shadowing
        // another's variable hides it: the slot is unbound, not the outer one's).
        for (Bound &b : e.vars)
            if (b.piece) b.squares = nullptr;
        e.repeated = true;
        return e;
    }
    Env at(Side s) const
    {
        Env e = *this;
        e.side = s;
        return e;
    }
    // What a loop's variable can hold (null: anything, or no loop binds it).
    SetFn variable(int slot) const
    {
        for (auto b = vars.rbegin(); b != vars.rend(); ++b)
            if (b->slot == slot) return b->squares;
        return nullptr;
    }
};

// The least value "x OP n" lets x have (> n, >= n, == n); 0 for another
// comparison, which forces no lower bound (callers then derive nothing).
long long leastValue(cql::CompareFilter::Op op, long long n)
{
    switch (op) {
    case cql::CompareFilter::Gt: return n + 1;
    case cql::CompareFilter::Ge:
    case cql::CompareFilter::Eq: return n;
    default: return 0;
    }
}

// The comparison with its sides swapped: "n < x" is "x > n".
cql::CompareFilter::Op mirrored(cql::CompareFilter::Op op)
{
    switch (op) {
    case cql::CompareFilter::Lt: return cql::CompareFilter::Gt;
    case cql::CompareFilter::Le: return cql::CompareFilter::Ge;
    case cql::CompareFilter::Ge: return cql::CompareFilter::Le;
    case cql::CompareFilter::Gt: return cql::CompareFilter::Lt;
    default: return op;
    }
}

// A flag of the mainline's record, or of the tree's signature.
Facts flag(const Env &env, uint16_t mainlineBit, uint8_t treeBit, const char *mainlineText, const char *treeText)
{
    if (env.tree)
        return Facts{true,
                     [treeBit](const GameRecord &, const GameStore &st, size_t i) {
                         return (st.signature(i).flags & treeBit) != 0;
                     },
                     treeText, nullptr};
    return Facts{true,
                 [mainlineBit](const GameRecord &r, const GameStore &, size_t) { return (r.flags & mainlineBit) != 0; },
                 mainlineText, nullptr};
}

// The piece kinds of a designator (bit c * 6 + t - 1, as the signature's arrays).
uint16_t kindsOf(cql::PieceMask m)
{
    uint16_t kinds = 0;
    for (int c = 0; c < 2; ++c)
        for (int t = chess::Pawn; t <= chess::King; ++t)
            if (m & (1u << (c * 8 + t))) kinds |= uint16_t(1u << (c * 6 + t - 1));
    return kinds;
}

int maxPieces(const uint8_t (&most)[12], uint16_t kinds)
{
    int n = 0;
    for (int k = 0; k < 12; ++k)
        if (kinds & (1u << k)) n += most[k];
    return n;
}

// The most pieces of these kinds on the board at once.
Prefilter::Condition atLeastPieces(const Env &env, uint16_t kinds, long long need)
{
    if (env.tree)
        return [kinds, need](const GameRecord &, const GameStore &st, size_t i) {
            return maxPieces(st.signature(i).pieceMax, kinds) >= need;
        };
    return
        [kinds, need](const GameRecord &r, const GameStore &, size_t) { return maxPieces(r.pieceMax, kinds) >= need; };
}

// At most `most` pieces of these kinds at once somewhere, each counted
// `weight` times its kind (1, or its power): the fewest of each kind at once,
// so weighed and summed, is no more (of the whole tree: no fewer than the
// mainline's, so sound for a search of the mainline too).
Prefilter::Condition atMostPieces(uint16_t kinds, long long most, std::array<int, 12> weight)
{
    return [kinds, most, weight](const GameRecord &, const GameStore &st, size_t i) {
        const GameSignature &s = st.signature(i);
        long long fewest = 0;
        for (int k = 0; k < 12; ++k)
            if (kinds & (1u << k)) fewest += weight[size_t(k)] * s.pieceMin(k);
        return fewest <= most;
    };
}

SetFn constantSet(uint64_t squares)
{
    return [squares](const GameSignature &) { return squares; };
}

// The squares of `squares` pieces of these kinds ever stood on.
SetFn kindsSet(uint16_t kinds, uint64_t squares)
{
    return [kinds, squares](const GameSignature &s) {
        uint64_t on = 0;
        for (int k = 0; k < 12; ++k)
            if (kinds & (1u << k)) on |= s.squares[k];
        return on & squares;
    };
}

// The squares a designator's pieces ever stood on: its squares for any
// contents; for empty squares nothing bounds it (null) unless it has none.
SetFn designatorSet(const cql::DesignatorFilter &d)
{
    const cql::PieceMask m = d.pieces();
    const uint64_t squares = d.squares().bits();
    if (m == 0) return constantSet(squares);
    if (m & cql::EmptyBit) return squares ? nullptr : constantSet(0);
    return kindsSet(kindsOf(m), squares);
}

// A set filter's facts: it matches when it holds a square.
Facts setFacts(SetFn possible, std::string text)
{
    if (!possible) return pureOnly();
    return Facts{
        true, [possible](const GameRecord &, const GameStore &st, size_t i) { return possible(st.signature(i)) != 0; },
        std::move(text), std::move(possible)};
}

// Empty when any of the sets can never hold a square, else any square.
SetFn emptyIfAnyEmpty(std::vector<SetFn> sets)
{
    std::erase_if(sets, [](const SetFn &f) { return !f; });
    if (sets.empty()) return nullptr;
    return [sets](const GameSignature &s) {
        for (const SetFn &f : sets)
            if (!f(s)) return uint64_t(0);
        return AllSquares;
    };
}

SetFn unite(SetFn a, SetFn b)
{
    if (!a || !b) return nullptr;
    return [a, b](const GameSignature &s) { return a(s) | b(s); };
}

SetFn intersect(SetFn a, SetFn b)
{
    if (!a) return b;
    if (!b) return a;
    return [a, b](const GameSignature &s) { return a(s) & b(s); };
}

Prefilter::Condition both(Prefilter::Condition x, Prefilter::Condition y)
{
    if (!x) return y;
    if (!y) return x;
    return [x, y](const GameRecord &g, const GameStore &st, size_t i) { return x(g, st, i) && y(g, st, i); };
}

// The facts that must all hold, pure or not: a game failing one fails the whole.
Facts allNeeded(std::vector<Facts> parts)
{
    Facts all = pureOnly();
    for (Facts &part : parts) {
        if (!part.mayMatch) continue;
        all.text += all.mayMatch ? " and " + part.text : part.text;
        all.mayMatch = both(std::move(all.mayMatch), std::move(part.mayMatch));
    }
    return all;
}

// All of the facts must hold (filters that all match), all pure.
Facts allOf(std::vector<Facts> parts)
{
    for (const Facts &part : parts)
        if (!part.pure) return {};
    return allNeeded(std::move(parts));
}

// One of the facts must hold (filters of which one matches); the squares
// any of them can hold (as the images of a transform). With impureToo, parts
// that are not pure give a condition too (each leaves no trace where its own
// fails), and the answer is not pure.
Facts anyOf(std::vector<Facts> parts, bool impureToo = false)
{
    Facts any = pureOnly();
    std::vector<Prefilter::Condition> conditions;
    SetFn possible = constantSet(0);
    bool everyOneSays = !parts.empty();
    for (Facts &part : parts) {
        if (!part.pure && !impureToo) return {};
        any.pure = any.pure && part.pure;
        possible = unite(std::move(possible), part.possible);
        if (!part.mayMatch) {
            everyOneSays = false;
            continue;
        }
        any.text += any.text.empty() ? part.text : " or " + part.text;
        conditions.push_back(std::move(part.mayMatch));
    }
    any.possible = parts.empty() ? nullptr : possible;
    if (!everyOneSays) {
        any.text.clear();
        return any;
    }
    any.text = "(" + any.text + ")";
    any.mayMatch = [conditions = std::move(conditions)](const GameRecord &g, const GameStore &st, size_t i) {
        for (const auto &c : conditions)
            if (c(g, st, i)) return true;
        return false;
    };
    return any;
}

Side sideOf(const Filter &f)
{
    if (const auto *s = exactly<cql::StateFilter>(f)) {
        if (s->kind() == cql::StateFilter::Wtm) return chess::White;
        if (s->kind() == cql::StateFilter::Btm) return chess::Black;
    }
    return AnySide;
}

// The side several filters that all match at one position agree on
// (inherited when none says; both sides never match, so any answer is sound).
template <typename Filters, typename Get>
Side sideOfAll(const Filters &filters, Get get, Side inherited)
{
    Side side = AnySide;
    for (const auto &f : filters)
        if (const Side s = sideOf(get(f)); s != AnySide) {
            if (side != AnySide && side != s) return inherited;
            side = s;
        }
    return side == AnySide ? inherited : side;
}

// The piece types a promotion condition names, as moveMatches and the path's
// kindFits read `promote`: types, of either colour's letters (none: any).
uint8_t promotionTypes(cql::PieceMask promote)
{
    const uint8_t types = uint8_t((promote | (promote >> 8)) & 0x7E);
    return types ? types : uint8_t(0x7E);
}

// Promotions and castlings a game (its mainline, or its tree) must hold for a
// move filter to match one of its moves. mover: the side making the move, or AnySide.
Facts moveFacts(const Env &env, uint8_t promotionTypes, uint8_t castlings, Side mover, std::string text)
{
    if (!promotionTypes && !castlings) return pureOnly();
    // castlings in white's bits (WhiteShort, WhiteLong): moved to the mover's.
    const uint8_t castlingMask =
        mover == AnySide ? uint8_t(castlings | (castlings << 2)) : uint8_t(castlings << (2 * mover));
    if (mover == chess::White) text += " by White";
    if (mover == chess::Black) text += " by Black";
    auto holds = [promotionTypes, castlingMask, mover](const uint8_t(&promotions)[2], uint8_t castled) {
        const uint8_t promoted = mover == AnySide ? uint8_t(promotions[0] | promotions[1]) : promotions[mover];
        return (!promotionTypes || (promoted & promotionTypes)) && (!castlingMask || (castled & castlingMask));
    };
    if (env.tree)
        return Facts{true,
                     [holds](const GameRecord &, const GameStore &st, size_t i) {
                         const GameSignature &s = st.signature(i);
                         return holds(s.promotions, s.castlings);
                     },
                     std::move(text) + " in the game tree", nullptr};
    return Facts{true,
                 [holds](const GameRecord &r, const GameStore &, size_t) { return holds(r.promotions, r.castlings); },
                 std::move(text), nullptr};
}

Facts analyse(const Filter &f, const Env &env);

// A number read from the game's tags alone (year, elo, an hhdb award) as the store's tags
// give it; null for other filters.
using TagNumber = std::function<bool(const GameStore &, size_t, long long &)>;
TagNumber tagNumber(const Filter &f)
{
    if (const auto *p = exactly<cql::PositionNumberFilter>(f); p && p->kind() == cql::PositionNumberFilter::Year)
        return [](const GameStore &st, size_t i, long long &out) {
            return cql::PositionNumberFilter::yearOf(st.tag(i, "Date"), out);
        };
    if (const auto *e = exactly<cql::EloFilter>(f))
        return [side = e->side()](const GameStore &st, size_t i, long long &out) {
            return cql::EloFilter::eloOf(side, st.tag(i, "WhiteElo"), st.tag(i, "BlackElo"), out);
        };
    // The query outlives its prefilter.
    if (const auto *h = exactly<cql::HhdbAwardFilter>(f))
        return [h](const GameStore &st, size_t i, long long &out) { return h->numberOf(st.tag(i, "Event"), out); };
    return nullptr;
}
Facts analyseValue(const Filter &f, const Env &env);

// `variation`, `try`: a position in a variation, which a game without variations has not.
Prefilter::Condition needsVariations()
{
    return [](const GameRecord &r, const GameStore &, size_t) { return (r.flags & HasVariations) != 0; };
}

// Where a compound's parts are tested: at one position, whose side a wtm or btm among them names.
Env partsEnv(const cql::CompoundFilter &c, const Env &env)
{
    return env.at(sideOfAll(
        c.parts(), [](const cql::FilterPtr &p) -> const Filter & { return *p; }, env.side));
}

// A compound's first `count` parts, tried in order, each only where those
// before it matched: the conditions of the parts up to the first impure one,
// whose own condition counts too. For such a part the analysis gives a
// condition only when the part, unable to match, leaves no trace
// (fromQuery): then a game failing any of them never gets past that part,
// and the parts before it are pure.
Facts inOrder(const cql::CompoundFilter &c, const Env &env, size_t count)
{
    const Env here = partsEnv(c, env);
    Facts all = pureOnly();
    for (size_t i = 0; i < count && i < c.parts().size(); ++i) {
        Facts part = analyse(*c.parts()[i], here);
        if (part.mayMatch) {
            all.text += all.mayMatch ? " and " + part.text : part.text;
            all.mayMatch = both(std::move(all.mayMatch), std::move(part.mayMatch));
        }
        if (!part.pure) {
            all.pure = false;
            break;
        }
    }
    return all;
}

// A set filter's facts where a null filter stands for its default (any square).
Facts analyseOptional(const cql::FilterPtr &f, const Env &env) { return f ? analyse(*f, env) : pureOnly(); }

// A move of pawns of one colour (`from P`) to squares of their last rank
// (`to a-h8`) promotes, whatever the spec says of promotion: the side that does.
bool pawnToLastRank(const cql::MoveSpec &s, Side &side)
{
    const auto *from = s.from ? exactly<cql::DesignatorFilter>(*s.from) : nullptr;
    const auto *to = s.to ? exactly<cql::DesignatorFilter>(*s.to) : nullptr;
    if (!from || !to || to->squares().empty()) return false;
    for (const chess::Color c : {chess::White, chess::Black}) {
        const bool pawns = from->pieces() == cql::PieceMask(1u << chess::makePiece(c, chess::Pawn));
        if (pawns && (to->squares() - chess::SquareSet::rank(c == chess::White ? 7 : 0)).empty()) {
            side = c;
            return true;
        }
    }
    return false;
}

// `move ...`, the dash X--Y, `castle`: the game's own moves (the next one, or
// with `previous` the one that led here) must include one it accepts, from a
// square its `from` holds, to one `to` holds, taking a piece `capture` holds;
// moves generated by `legal` and `pseudolegal` need such squares too.
Facts analyseMove(const cql::MoveSpec &s, const Env &env)
{
    if (s.comment || s.promoteName || s.cqlsDrops) return {};
    // `previous` reads the position before the move.
    const Env where = s.previous ? env.elsewhere() : env;
    std::vector<Facts> parts;
    for (const cql::FilterPtr *p : {&s.from, &s.to, &s.capture, &s.enpassantSquare}) {
        Facts part = analyseOptional(*p, where);
        if (!part.pure) return {};
        parts.push_back(std::move(part));
    }
    if (!s.legal && !s.pseudolegal) {
        const Side mover = env.side == AnySide ? AnySide : s.previous ? Side(1 - env.side) : env.side;
        uint8_t types = 0;
        Side side = mover; // a pawn reaching its last rank names its own side
        if (!s.requirePromotion && pawnToLastRank(s, side)) types = 0x7E;
        if (s.requirePromotion) types = promotionTypes(s.promote);
        uint8_t castlings = 0;
        if (s.castleShort) castlings |= WhiteShort;
        if (s.castleLong) castlings |= WhiteLong;
        if (s.castle) castlings |= WhiteShort | WhiteLong;
        std::string text = types && castlings ? "a promotion and a castling"
            : types                           ? "a promotion to one of the types"
            : castlings == WhiteShort         ? "O-O"
            : castlings == WhiteLong          ? "O-O-O"
                                              : "a castling";
        parts.push_back(moveFacts(env, types, castlings, side, std::move(text)));
    }
    return allOf(std::move(parts));
}

// The analysis of a set filter's arguments: pure when all are, with what each can hold.
bool setArguments(std::initializer_list<const Filter *> filters, const Env &env, std::vector<SetFn> &out)
{
    for (const Filter *f : filters) {
        if (!f) continue;
        Facts a = analyse(*f, env);
        if (!a.pure) return false;
        out.push_back(std::move(a.possible));
    }
    return true;
}

Facts analyseSet(const Filter &f, const Env &env, bool &known)
{
    known = true;
    if (const auto *d = exactly<cql::DesignatorFilter>(f))
        return setFacts(designatorSet(*d), "the designator's pieces");
    if (const auto *c = exactly<cql::ConstSetFilter>(f)) return setFacts(constantSet(c->squares().bits()), "squares");
    if (exactly<cql::PawnStructureFilter>(f))
        return setFacts(kindsSet(kindsOf((1u << chess::Pawn) | (1u << (8 + chess::Pawn))), AllSquares), "pawns");
    if (const auto *v = exactly<cql::VarFilter>(f)) {
        if (v->type != cql::Type::Set) return pureOnly();
        return setFacts(env.variable(v->slot()), "the loop's squares");
    }
    std::vector<SetFn> args;
    if (const auto *s = exactly<cql::SetOpFilter>(f)) {
        if (!setArguments({&s->left(), &s->right()}, env, args)) return {};
        return setFacts(s->kind() == cql::SetOpFilter::Union ? unite(args[0], args[1]) : intersect(args[0], args[1]),
                        s->kind() == cql::SetOpFilter::Union ? "a square of the union"
                                                             : "a square of the intersection");
    }
    if (const auto *c = exactly<cql::ComplementFilter>(f))
        return setArguments({&c->argument()}, env, args) ? pureOnly() : Facts{};
    if (const auto *c = exactly<cql::ColorSquaresFilter>(f)) {
        if (!setArguments({&c->argument()}, env, args)) return {};
        return setFacts(intersect(args[0], constantSet(c->light() ? LightSquares : ~LightSquares)),
                        c->light() ? "light squares" : "dark squares");
    }
    if (const auto *d = exactly<cql::DirectionFilter>(f)) {
        if (!setArguments({&d->argument(), d->lowFilter(), d->highFilter()}, env, args)) return {};
        args.resize(1);
        return setFacts(emptyIfAnyEmpty(std::move(args)), "squares in a direction");
    }
    if (const auto *a = exactly<cql::AttackFilter>(f)) {
        // The value is a part of the attackers (attacks) or of the targets (attackedby), and nothing without both.
        if (!setArguments({&a->attackers(), &a->targets()}, env, args)) return {};
        SetFn value = a->attackersValue() ? args[0] : args[1];
        return setFacts(intersect(emptyIfAnyEmpty(args), value), "an attack");
    }
    if (const auto *b = exactly<cql::BetweenFilter>(f)) {
        if (!setArguments({&b->first(), &b->second()}, env, args)) return {};
        return setFacts(emptyIfAnyEmpty(std::move(args)), "squares between");
    }
    if (const auto *r = exactly<cql::RayFilter>(f)) {
        for (const cql::FilterPtr &s : r->sets())
            if (!setArguments({s.get()}, env, args)) return {};
        return setFacts(emptyIfAnyEmpty(std::move(args)), "a ray");
    }
    if (const auto *p = exactly<cql::PinFilter>(f)) {
        if (!setArguments({p->from(), p->through(), p->to()}, env, args)) return {};
        return setFacts(emptyIfAnyEmpty(std::move(args)), "a pin");
    }
    if (const auto *it = exactly<cql::IterateFilter>(f)) {
        // square [all] X in S body, piece [all] X in S body: the body is tried
        // with X on each square of S (the value: those where it matched, or S).
        Facts domain = analyse(it->domain(), env);
        if (!domain.pure) return {};
        Env inner = env;
        inner.repeated = true;
        inner.vars.push_back({it->slot(), it->pieces(), domain.possible});
        Facts body = analyse(it->body(), inner);
        if (!body.pure) {
            // A body that leaves no trace where it cannot match: nor does the
            // loop, which matches only where its body does (not so for `all`).
            if (it->all() || !body.mayMatch) return {};
            Facts out = allNeeded({setFacts(domain.possible, "a square to loop over"), std::move(body)});
            out.pure = false;
            return out;
        }
        // `all` over an empty set matches.
        if (it->all()) return Facts{true, nullptr, {}, domain.possible};
        Facts out = allOf({setFacts(domain.possible, "a square to loop over"), std::move(body)});
        out.possible = domain.possible;
        return out;
    }
    known = false;
    return {};
}

// What a path's constituents say, and how large its matcher's work can grow.
struct PathShape {
    double constituents = 0; // all of them, those of chains included
    int repeated = 0;        // constituents with a repetition ({2,}, *, +, ?)
    double commentBytes = 0; // the comments of one pass through every constituent
};

// A `///` or `comment` a path's holder writes: the path takes it back when
// the attempt fails. Its arguments must be pure and of a bounded size.
bool boundedComment(const cql::CommentFilter &c, const Env &env, PathShape &shape)
{
    shape.commentBytes += double(sizeof(cql::NodeComment));
    for (const cql::FilterPtr &a : c.args()) {
        if (const auto *s = exactly<cql::StringLiteralFilter>(*a)) {
            shape.commentBytes += double(s->text().size());
            continue;
        }
        // Other strings (a tag's value ...) are as long as the PGN makes them.
        if (a->type == cql::Type::String || !analyse(*a, env).pure) return false;
        shape.commentBytes += 256; // a number, a position's name or a list of squares
    }
    return true;
}

// The constituents of a path or of a chain in it: each must be pure (or a
// bounded comment); those that every match passes through (mandatory: not
// under a repetition that allows none) add their conditions to `needs`. A
// repetition inside a repeated chain is not analysed: the steps such a
// pattern takes are not bounded by pathWithinLimits's rule.
bool pathParts(const std::vector<cql::PathCon> &cons, const Env &env, bool mandatory, bool inRepetition,
               PathShape &shape, std::vector<Facts> &needs)
{
    for (const cql::PathCon &c : cons) {
        const bool repeated = c.min != 1 || c.max != 1;
        if (repeated && inRepetition) return false;
        shape.constituents += 1;
        shape.repeated += repeated;
        const bool must = mandatory && c.min >= 1;
        auto need = [&](Facts facts) {
            if (!facts.pure) return false;
            if (must) needs.push_back(std::move(facts));
            return true;
        };
        // A holder or a dash's target: a comment, or a filter whose facts are needed.
        auto filterNeeded = [&](const Filter &f) {
            if (const auto *comment = exactly<cql::CommentFilter>(f)) return boundedComment(*comment, env, shape);
            return need(analyse(f, env));
        };
        switch (c.kind) {
        case cql::PathCon::Holder:
            if (!filterNeeded(*c.filter)) return false;
            break;
        case cql::PathCon::Dash: {
            if (c.promoteName) return false;
            // The sets are read where the move starts, the targets where it ends.
            if (!need(analyseOptional(c.left, env)) || !need(analyseOptional(c.right, env))) return false;
            for (const cql::FilterPtr &target : c.targets)
                if (!filterNeeded(*target)) return false;
            if (c.requirePromotion)
                need(moveFacts(env, promotionTypes(c.promote), 0, AnySide, "a promotion to one of the types"));
            break;
        }
        case cql::PathCon::Chain:
            if (!pathParts(c.chain, env, must, inRepetition || repeated, shape, needs)) return false;
            break;
        }
    }
    return true;
}

// Whether a path's attempt at one position in a game of `nodes` positions
// surely stays within the matcher's step budget and the comment limit: a
// skipped game must not be one where the search would have stopped with an
// error. The matcher's calls are told apart by the position reached (the
// line to it is the game tree's), the instance counts of the repeated
// constituents (each at most the number of positions, none nested) and the
// item and mode (full, repeat, single) it handles; comments live on the
// current line of calls only, each constituent's once per instance.
bool pathWithinLimits(const PathShape &shape, double nodes)
{
    const double steps = 3 * (shape.constituents + 1) * nodes * std::pow(nodes + 1, shape.repeated);
    const double comments = shape.commentBytes * (nodes + 1);
    return steps < double(cql::PathFilter::MaxSteps) && comments < double(cql::Ctx::MaxCommentBytes);
}

// A path matches where every constituent it must pass through matches at
// some position of the game. Its attempts write comments only when they
// succeed, so a path of pure constituents that cannot match leaves no trace
// (the games where its search could end with an error are not skipped).
Facts analysePath(const cql::PathFilter &p, const Env &env)
{
    const Env inner = env.elsewhere();
    if (p.focus() && !analyse(*p.focus(), env).pure) return {};
    if (p.maxFilter() && !analyse(*p.maxFilter(), inner).pure) return {};
    PathShape shape;
    std::vector<Facts> needs;
    if (!pathParts(p.constituents(), inner, true, false, shape, needs)) return {};
    Facts all = allNeeded(std::move(needs));
    if (!all.mayMatch) return {};
    // codes counts every move of the tree (and the markers and notes beside them).
    return Facts{false,
                 [shape, needed = std::move(all.mayMatch)](const GameRecord &r, const GameStore &st, size_t i) {
                     return !pathWithinLimits(shape, double(r.codes) + 1) || needed(r, st, i);
                 },
                 "a path through " + all.text, nullptr};
}

// What a value of at most `most` at some position asks of the game: for a
// count of a designator's pieces anywhere on the board (`#[Aa] <= 6`, a sort
// of it) or their power (`power a <= 5`), that so few of them stood on it at
// once; null for other values.
Prefilter::Condition atMost(const Filter &value, long long most)
{
    if (const auto *so = exactly<cql::SortFilter>(value)) return atMost(so->argument(), most);
    const Filter *counted = &value;
    std::array<int, 12> weight;
    weight.fill(1);
    if (const auto *c = exactly<cql::CountFilter>(value)) {
        counted = &c->argument();
    } else if (const auto *p = exactly<cql::PowerFilter>(value)) {
        counted = &p->argument();
        for (int k = 0; k < 12; ++k)
            weight[size_t(k)] = cql::PowerFilter::valueOf(chess::PieceType(k % 6 + chess::Pawn));
    }
    const auto *d = exactly<cql::DesignatorFilter>(*counted);
    if (!d || !d->pieces() || (d->pieces() & cql::EmptyBit) || d->squares() != chess::SquareSet::all()) return nullptr;
    return atMostPieces(kindsOf(d->pieces()), most, weight);
}

// What a value of at least `need` (> 0) at some position asks of the game:
// for a count of a set, that many squares the set can hold, that many of a
// designator's pieces at once, and the set's own condition (a set that holds
// a square matches); for a transform's count of matching images, that one
// image matches; for the largest or least of values, one of them that large
// (min and max pass over values not there). Under a sort the same, not pure:
// a sort records its value for the output of a matching game only.
Facts atLeast(const Filter &value, long long need, const Env &env)
{
    if (const auto *so = exactly<cql::SortFilter>(value)) {
        Facts sorted = atLeast(so->argument(), need, env);
        sorted.pure = false;
        return sorted;
    }
    if (const auto *t = exactly<cql::TransformFilter>(value); t && t->mode() == cql::TransformFilter::Count) {
        std::vector<Facts> images;
        Env inner = env;
        inner.repeated = true;
        for (const cql::FilterPtr &image : t->images())
            images.push_back(analyse(*image, inner));
        Facts any = anyOf(std::move(images));
        any.possible = nullptr;
        return any;
    }
    if (const auto *m = exactly<cql::MinMaxFilter>(value)) {
        std::vector<Facts> parts;
        for (const cql::FilterPtr &a : m->args())
            parts.push_back(atLeast(*a, need, env));
        Facts any = anyOf(std::move(parts));
        any.possible = nullptr;
        return any;
    }
    const Filter *counted = nullptr;
    if (const auto *c = exactly<cql::CountFilter>(value))
        counted = &c->argument();
    else if (value.type == cql::Type::Set)
        counted = &value;
    if (!counted) return analyse(value, env).pure ? pureOnly() : Facts{};
    Facts set = analyse(*counted, env);
    if (!set.pure) return {};
    Prefilter::Condition enough;
    if (set.possible)
        enough = [possible = set.possible, need](const GameRecord &, const GameStore &st, size_t i) {
            return std::popcount(possible(st.signature(i))) >= need;
        };
    const auto *d = exactly<cql::DesignatorFilter>(*counted);
    if (d && d->pieces() && !(d->pieces() & cql::EmptyBit) && !d->squares().empty())
        enough = both(std::move(enough), atLeastPieces(env, kindsOf(d->pieces()), need));
    enough = both(std::move(set.mayMatch), std::move(enough));
    if (!enough) return pureOnly();
    return Facts{true, std::move(enough), "at least " + std::to_string(need) + " of the set's squares", nullptr};
}

Facts analyse(const Filter &f, const Env &env)
{
    if (const auto *c = exactly<cql::ConstantFilter>(f)) {
        if (c->value()) return pureOnly();
        return Facts{true, [](const GameRecord &, const GameStore &, size_t) { return false; }, "false", nullptr};
    }
    // --(mate) and its kin: the position after the move is one of those the
    // search visits, so the game holds such a position as for mate itself.
    const auto *next = exactly<cql::NextStateFilter>(f);
    if (const auto *s = exactly<cql::StateFilter>(f); s || next) {
        switch (s ? s->kind() : next->kind()) {
        case cql::StateFilter::Mate:
            return flag(env, FinalMate, TreeMate, "mate at the end of the mainline", "a mate in the game tree");
        case cql::StateFilter::Stalemate:
            return flag(env, FinalStalemate, TreeStalemate, "stalemate at the end of the mainline",
                        "a stalemate in the game tree");
        case cql::StateFilter::Check:
            return flag(env, AnyCheck, TreeCheck, "a check on the mainline", "a check in the game tree");
        case cql::StateFilter::Variation:
            if (s) return Facts{true, needsVariations(), "a variation in the game", nullptr};
            return pureOnly();
        default: return pureOnly();
        }
    }
    if (const auto *m = exactly<cql::MateFilter>(f))
        return m->stalemate()
            ? flag(env, FinalStalemate, TreeStalemate, "stalemate at the end of the mainline",
                   "a stalemate in the game tree")
            : flag(env, FinalMate, TreeMate, "mate at the end of the mainline", "a mate in the game tree");
    if (const auto *m = exactly<cql::MoveFilter>(f)) return analyseMove(m->spec(), env);
    if (const auto *p = exactly<cql::PastMoveFilter>(f)) {
        // castle, o-o, o-o-o: the move that led here castled, by the side not to move now.
        const cql::PastMoveFilter::Kind k = p->kind();
        if (k != cql::PastMoveFilter::Castle && k != cql::PastMoveFilter::CastleShort
            && k != cql::PastMoveFilter::CastleLong)
            return pureOnly();
        const Side mover = env.side == AnySide ? AnySide : Side(1 - env.side);
        if (k == cql::PastMoveFilter::Castle) return moveFacts(env, 0, WhiteShort | WhiteLong, mover, "castling");
        const bool isShort = k == cql::PastMoveFilter::CastleShort;
        return moveFacts(env, 0, isShort ? WhiteShort : WhiteLong, mover, isShort ? "O-O" : "O-O-O");
    }
    bool knownSet = false;
    if (Facts set = analyseSet(f, env, knownSet); knownSet) return set;
    if (const auto *t = exactly<cql::TransformFilter>(f)) {
        // Any mode: one of the images matches. Counting modes may count none.
        std::vector<Facts> images;
        Env inner = env;
        inner.repeated = true;
        for (const cql::FilterPtr &image : t->images())
            images.push_back(analyse(*image, inner));
        const std::string first = images.empty() ? std::string() : images.front().text;
        const bool anyMode = t->mode() == cql::TransformFilter::Any;
        // Images that are not pure (a sort, a comment ...) leave no trace where
        // none of them can match: in Any mode the transform's condition is theirs.
        Facts any = anyOf(std::move(images), anyMode);
        if (any.mayMatch) any.text = "one of " + std::to_string(t->images().size()) + " images of " + first;
        if (!any.pure) return Facts{false, std::move(any.mayMatch), std::move(any.text), nullptr}; // {} unless anyMode
        return anyMode ? any : pureOnly();
    }
    if (const auto *a = exactly<cql::AndOrFilter>(f)) {
        // Both sides of `and` are tested at this position; `or` tries them here too.
        const cql::Filter *sides[] = {&a->left(), &a->right()};
        const Env here = a->isAnd() ? env.at(sideOfAll(
                             sides, [](const cql::Filter *p) -> const Filter & { return *p; }, env.side))
                                    : env;
        if (a->isAnd()) return allOf({analyse(a->left(), here), analyse(a->right(), here)});
        Facts any = anyOf({analyse(a->left(), here), analyse(a->right(), here)});
        any.possible = nullptr;
        return any;
    }
    if (const auto *c = exactly<cql::CompoundFilter>(f)) return inOrder(*c, env, c->parts().size());
    if (const auto *e = exactly<cql::EchoFilter>(f)) {
        // The body matches (or has a value) at some pair of positions. Each
        // match writes comments, so echo counts as impure; but where its body
        // cannot match it writes nothing, and its condition holds.
        const Env inner = env.elsewhere();
        Facts body = e->type == cql::Type::Numeric ? analyseValue(e->body(), inner) : analyse(e->body(), inner);
        return Facts{false, std::move(body.mayMatch), std::move(body.text), nullptr};
    }
    if (const auto *so = exactly<cql::SortFilter>(f)) {
        // A sort matches where its argument has a value; without one it leaves no trace.
        Facts value = analyseValue(so->argument(), env);
        return Facts{false, std::move(value.mayMatch), std::move(value.text), nullptr};
    }
    if (exactly<cql::TryFilter>(f)) return Facts{true, needsVariations(), "a variation in the game", nullptr};
    if (const auto *n = exactly<cql::NotFilter>(f)) {
        // "Never" does not invert to anything a signature tells.
        return analyse(n->argument(), env).pure ? pureOnly() : Facts{};
    }
    if (const auto *fi = exactly<cql::FindFilter>(f)) {
        // The body matches at some position of the game (unless a range admits none).
        // Each match writes a comment unless quiet: a count of them could pass
        // the comment limit in a game that does not match (an error), one cannot.
        if (fi->counting() && !fi->quiet()) return {};
        Env inner = env.elsewhere();
        Facts body = analyse(fi->body(), inner);
        if (!body.pure) return {};
        return fi->needsOne() ? Facts{true, std::move(body.mayMatch), std::move(body.text), nullptr} : pureOnly();
    }
    if (const auto *p = exactly<cql::PathFilter>(f)) return analysePath(*p, env);
    if (const auto *l = exactly<cql::LineFilter>(f)) {
        // Each constituent that must match once matches at some position. A
        // line of single constituents each taken a fixed number of times
        // takes a bounded number of steps on the mainline (no error for
        // running out of steps); others are not analysed.
        const cql::LineFilter::Options &o = l->options();
        if (env.tree || o.hasRange || l->elements().size() > 64) return {};
        const Env inner = env.elsewhere();
        std::vector<Facts> parts;
        for (const cql::LineElement &e : l->elements()) {
            if (!e.filter || !e.group.empty() || e.min != e.max || e.max < 0 || e.max > 64) return {};
            Facts part = analyse(*e.filter, inner);
            if (e.min == 0) part.mayMatch = nullptr;
            parts.push_back(std::move(part));
        }
        return allOf(std::move(parts));
    }
    if (const auto *t = exactly<cql::TagFilter>(f); t && t->hasPattern()) {
        // Looked up in the store: no game made (the query outlives its prefilter).
        return Facts{true,
                     [t](const GameRecord &, const GameStore &st, size_t i) {
                         return t->matchesWith([&](std::string_view n) { return st.tag(i, n); });
                     },
                     "the game's tags", nullptr};
    }
    if (const auto *t = dynamic_cast<const cql::TagsOnlyFilter *>(&f); t && t->readsTagsOnly()) {
        // The same test on the tags the store keeps (the query outlives its prefilter).
        return Facts{true,
                     [t](const GameRecord &, const GameStore &st, size_t i) {
                         thread_local game::Game tags;
                         st.tagsInto(i, tags);
                         return t->matchesTags(tags);
                     },
                     "the game's tags", nullptr};
    }
    if (exactly<cql::TagFilter>(f)) return pureOnly(); // its text, no test
    if (const auto *cmp = exactly<cql::CompareFilter>(f)) {
        const auto *number = exactly<cql::NumberFilter>(cmp->right());
        // X >= a <= b (foldBounds): the inner comparison holds where the outer one does.
        if (const auto *inner = exactly<cql::CompareFilter>(cmp->left()); inner && number) return analyse(*inner, env);
        // year or elo against a number: the same comparison of the tags the store keeps.
        const auto *leftNumber = exactly<cql::NumberFilter>(cmp->left());
        if (TagNumber read = tagNumber(number ? cmp->left() : cmp->right()); read && (number || leftNumber)) {
            const long long n = number ? number->value() : leftNumber->value();
            const bool numberFirst = !number; // n < elo orders elo against n the other way
            return Facts{true,
                         [read = std::move(read), op = cmp->op(), n, numberFirst](const GameRecord &,
                                                                                  const GameStore &st, size_t i) {
                             long long v;
                             if (!read(st, i, v)) return false;
                             const int order = v < n ? -1 : v > n ? 1 : 0;
                             return cql::CompareFilter::holds(op, numberFirst ? -order : order);
                         },
                         "a tag's number compared with " + std::to_string(n), nullptr};
        }
        // ply > n, ply >= n, ply == n: the mainline (or some line of the tree) is at least that long.
        if (const auto *p = exactly<cql::PositionNumberFilter>(cmp->left());
            p && number && p->kind() == cql::PositionNumberFilter::Ply) {
            const long long need = leastValue(cmp->op(), number->value());
            if (need <= 0) return pureOnly();
            if (env.tree)
                return Facts{true,
                             [need](const GameRecord &, const GameStore &st, size_t i) {
                                 return st.signature(i).maxPly >= need;
                             },
                             "a line of at least " + std::to_string(need) + " plies", nullptr};
            return Facts{true, [need](const GameRecord &r, const GameStore &, size_t) { return r.plies >= need; },
                         "at least " + std::to_string(need) + " plies", nullptr};
        }
        // #S >= k, #S > k, #S == k with k > 0: at least k squares S can hold,
        // and for a designator at least k of its pieces at once.
        // A value compared with a number, on either side ("1 < #S" is "#S > 1").
        const auto *constant = number ? number : leftNumber;
        if (!constant) return analyse(cmp->left(), env).pure && analyse(cmp->right(), env).pure ? pureOnly() : Facts{};
        const Filter &value = number ? cmp->left() : cmp->right();
        const cql::CompareFilter::Op op = number ? cmp->op() : mirrored(cmp->op());
        const long long need = leastValue(op, constant->value());
        Facts facts = need > 0 ? atLeast(value, need, env) : analyse(value, env).pure ? pureOnly() : Facts{};
        // x < n, x <= n, x == n: at most so many of a designator's pieces at once.
        if (op != cql::CompareFilter::Lt && op != cql::CompareFilter::Le && op != cql::CompareFilter::Eq) return facts;
        if (!facts.pure && !facts.mayMatch) return facts; // it may leave a trace where it cannot match
        const long long most = constant->value() - (op == cql::CompareFilter::Lt ? 1 : 0);
        if (Prefilter::Condition fewEnough = atMost(value, most)) {
            facts.text += (facts.text.empty() ? "" : " and ") + std::string("at most ") + std::to_string(most)
                + " by the fewest pieces at once";
            facts.mayMatch = both(std::move(facts.mayMatch), std::move(fewEnough));
        }
        return facts;
    }
    if (const auto *c = exactly<cql::CountFilter>(f)) return analyse(c->argument(), env).pure ? pureOnly() : Facts{};
    if (const auto *p = exactly<cql::PowerFilter>(f)) return analyse(p->argument(), env).pure ? pureOnly() : Facts{};
    if (exactly<cql::NumberFilter>(f) || exactly<cql::EloFilter>(f)) return pureOnly();
    if (exactly<cql::PositionNumberFilter>(f)) {
        // Read only (a comparison of year with a number is tested above, from the tags).
        return pureOnly();
    }
    return {};
}

// Facts of a filter read for its numeric value (under sort, an echo's
// numeric body): a condition only where having a value needs one. A compound
// has one where its leading parts match and its last has a value; an echo
// where its body has one at some pair of positions. Other filters: none.
Facts analyseValue(const Filter &f, const Env &env)
{
    // A set's number is its count, which is there (0) also where a compound
    // ending in the set fails: `sort {Kg1 Rf1}` matches in every game.
    if (f.type == cql::Type::Set) return {};
    if (const auto *c = exactly<cql::CompoundFilter>(f)) {
        if (c->parts().empty()) return {};
        Facts leading = inOrder(*c, env, c->parts().size() - 1);
        if (!leading.pure) return Facts{false, std::move(leading.mayMatch), std::move(leading.text), nullptr};
        Facts value = analyseValue(*c->parts().back(), partsEnv(*c, env));
        if (value.mayMatch) {
            leading.text += leading.mayMatch ? " and " + value.text : value.text;
            leading.mayMatch = both(std::move(leading.mayMatch), std::move(value.mayMatch));
        }
        return Facts{false, std::move(leading.mayMatch), std::move(leading.text), nullptr};
    }
    if (exactly<cql::EchoFilter>(f)) return analyse(f, env);
    // A comparison has a value where it holds, a path where it matches.
    if (exactly<cql::CompareFilter>(f) || exactly<cql::PathFilter>(f)) return analyse(f, env);
    return {};
}

// `Start = ∙`, `N = 0` as the body's first filter: a variable set at every
// position before any other filter runs, from a value that reads no
// variable. A skipped game leaves it as the game before left it, but no
// filter can read that: every position sets it again first. (Persistent
// variables are read after the search and are not taken.)
bool openingAssignment(const Filter &f, const cql::Program &program)
{
    const auto *a = exactly<cql::AssignFilter>(f);
    if (!a || a->op() != cql::AssignFilter::Set || !a->rhs()) return false;
    for (const cql::PersistentVar &v : program.persistent)
        if (v.slot == a->slot()) return false;
    const Filter &value = *a->rhs();
    return exactly<cql::CurrentPositionFilter>(value) || exactly<cql::NumberFilter>(value)
        || exactly<cql::StringLiteralFilter>(value) || exactly<cql::DesignatorFilter>(value)
        || exactly<cql::ConstSetFilter>(value);
}

} // namespace

Prefilter Prefilter::fromQuery(const cql::Query &query)
{
    Prefilter out;
    const cql::QueryHeader &h = query.header();
    // A game with no matched position matches when the range admits zero.
    if (h.matchCount && h.matchCount->first <= 0) return out;
    const cql::Program &program = cql::ProgramAccess::program(query);
    Env env;
    env.tree = query.needsVariations();
    // Later filters than an impure one may run only where it matched: no longer sound.
    size_t pure = 0;
    if (!program.body.empty() && openingAssignment(*program.body[0], program)) pure = 1;
    while (pure < program.body.size() && analyse(*program.body[pure], env).pure)
        ++pure;
    // A game that matches matches all of the pure ones at one position: a wtm
    // or btm among them says who moves there.
    const std::span<const cql::FilterPtr> prefix(program.body.data(), pure);
    env.side = sideOfAll(
        prefix, [](const cql::FilterPtr &p) -> const Filter & { return *p; }, AnySide);
    std::vector<const cql::Filter *> tested;
    for (const cql::FilterPtr &f : prefix)
        tested.push_back(f.get());
    // The first impure filter runs only after the pure ones matched: where
    // its analysis gives a condition, it leaves no trace without a match.
    if (pure < program.body.size()) tested.push_back(program.body[pure].get());
    for (const cql::Filter *f : tested) {
        Facts facts = analyse(*f, env);
        if (!facts.mayMatch) continue;
        out.m_conditions.push_back(std::move(facts.mayMatch));
        out.m_description.push_back(std::move(facts.text));
    }
    return out;
}

} // namespace store
