// Deriving prefilters from the compiled filter tree. Filters are recognised by
// their exact class, so a new kind of filter is never taken for a pure one.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prefilter.h"

#include "cql/logic.h"
#include "cql/mates.h"
#include "cql/programaccess.h"
#include "cql/sets.h"
#include "cql/state.h"

#include <typeinfo>

namespace store {

namespace {

using cql::Filter;

// What the analysis knows of a filter: whether it is pure and, when known, a
// condition of the game for it to match at some position (empty: always may).
struct Facts {
    bool pure = false;
    Prefilter::Condition mayMatch; // null: no condition
    std::string text;
};

template <typename T>
const T *exactly(const Filter &f)
{
    return typeid(f) == typeid(T) ? static_cast<const T *>(&f) : nullptr;
}

Facts pureOnly() { return Facts{true, nullptr, {}}; }

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

Facts flag(uint16_t bit, const char *text)
{
    return Facts{true, [bit](const GameRecord &r, const GameStore &, size_t) { return (r.flags & bit) != 0; }, text};
}

// The most pieces of the designator's kinds that can be on the board at once
// in the game (-1: not bounded, e.g. empty squares or any contents).
struct Bound {
    bool bounded = false;
    cql::PieceMask pieces = 0;
};

Bound designatorBound(const cql::DesignatorFilter &d)
{
    const cql::PieceMask m = d.pieces();
    if (m == 0 || (m & cql::EmptyBit) || d.squares().empty()) return {};
    return {true, m};
}

int maxPieces(const GameRecord &r, cql::PieceMask m)
{
    int n = 0;
    for (int c = 0; c < 2; ++c)
        for (int t = chess::Pawn; t <= chess::King; ++t)
            if (m & (1u << (c * 8 + t))) n += r.pieceMax[c * 6 + t - 1];
    return n;
}

Facts analyse(const Filter &f)
{
    if (const auto *c = exactly<cql::ConstantFilter>(f)) {
        if (c->value()) return pureOnly();
        return Facts{true, [](const GameRecord &, const GameStore &, size_t) { return false; }, "false"};
    }
    if (const auto *s = exactly<cql::StateFilter>(f)) {
        switch (s->kind()) {
        case cql::StateFilter::Mate: return flag(FinalMate, "mate at the end of the mainline");
        case cql::StateFilter::Stalemate: return flag(FinalStalemate, "stalemate at the end of the mainline");
        case cql::StateFilter::Check: return flag(AnyCheck, "a check on the mainline");
        default: return pureOnly();
        }
    }
    if (const auto *m = exactly<cql::MateFilter>(f))
        return m->stalemate() ? flag(FinalStalemate, "stalemate at the end of the mainline")
                              : flag(FinalMate, "mate at the end of the mainline");
    if (const auto *d = exactly<cql::DesignatorFilter>(f)) {
        const Bound b = designatorBound(*d);
        if (!b.bounded) return pureOnly();
        const cql::PieceMask m = b.pieces;
        return Facts{true, [m](const GameRecord &r, const GameStore &, size_t) { return maxPieces(r, m) > 0; },
                     "the designator's pieces"};
    }
    if (const auto *a = exactly<cql::AndOrFilter>(f)) {
        Facts l = analyse(a->left()), r = analyse(a->right());
        if (!l.pure || !r.pure) return {};
        if (a->isAnd()) {
            if (!l.mayMatch) return r;
            if (!r.mayMatch) return l;
            return Facts{true,
                         [x = l.mayMatch, y = r.mayMatch](const GameRecord &g, const GameStore &st, size_t i) {
                             return x(g, st, i) && y(g, st, i);
                         },
                         "(" + l.text + " and " + r.text + ")"};
        }
        if (!l.mayMatch || !r.mayMatch) return pureOnly();
        return Facts{true,
                     [x = l.mayMatch, y = r.mayMatch](const GameRecord &g, const GameStore &st, size_t i) {
                         return x(g, st, i) || y(g, st, i);
                     },
                     "(" + l.text + " or " + r.text + ")"};
    }
    if (const auto *c = exactly<cql::CompoundFilter>(f)) {
        Facts all = pureOnly();
        for (const cql::FilterPtr &p : c->parts()) {
            Facts part = analyse(*p);
            if (!part.pure) return {};
            if (!part.mayMatch) continue;
            if (!all.mayMatch) {
                all = part;
                continue;
            }
            all.mayMatch = [x = all.mayMatch, y = part.mayMatch](const GameRecord &g, const GameStore &st, size_t i) {
                return x(g, st, i) && y(g, st, i);
            };
            all.text += " and " + part.text;
        }
        return all;
    }
    if (const auto *n = exactly<cql::NotFilter>(f)) {
        // "Never" does not invert to anything a signature tells.
        return analyse(n->argument()).pure ? pureOnly() : Facts{};
    }
    if (const auto *t = exactly<cql::TagFilter>(f)) {
        // The same test on the tags the store keeps.
        if (!t->hasPattern()) return pureOnly();
        const std::string pattern = t->pattern();
        switch (t->kind()) {
        case cql::TagFilter::Result:
            return Facts{
                true,
                [pattern](const GameRecord &, const GameStore &st, size_t i) { return st.tag(i, "Result") == pattern; },
                "result " + pattern};
        case cql::TagFilter::Player:
            return Facts{true,
                         [pattern](const GameRecord &, const GameStore &st, size_t i) {
                             return st.tag(i, "White").find(pattern) != std::string_view::npos
                                 || st.tag(i, "Black").find(pattern) != std::string_view::npos;
                         },
                         "player " + pattern};
        case cql::TagFilter::PlayerWhite:
        case cql::TagFilter::PlayerBlack:
        case cql::TagFilter::Event:
        case cql::TagFilter::Site: {
            const char *name = t->kind() == cql::TagFilter::PlayerWhite ? "White"
                : t->kind() == cql::TagFilter::PlayerBlack              ? "Black"
                : t->kind() == cql::TagFilter::Event                    ? "Event"
                                                                        : "Site";
            return Facts{true,
                         [pattern, name](const GameRecord &, const GameStore &st, size_t i) {
                             return st.tag(i, name).find(pattern) != std::string_view::npos;
                         },
                         std::string(name) + " contains " + pattern};
        }
        default: return pureOnly();
        }
    }
    if (const auto *cmp = exactly<cql::CompareFilter>(f)) {
        const auto *number = exactly<cql::NumberFilter>(cmp->right());
        // ply > n, ply >= n, ply == n: the mainline is at least that long.
        if (const auto *p = exactly<cql::PositionNumberFilter>(cmp->left());
            p && number && p->kind() == cql::PositionNumberFilter::Ply) {
            const long long need = leastValue(cmp->op(), number->value());
            if (need <= 0) return pureOnly();
            return Facts{true, [need](const GameRecord &r, const GameStore &, size_t) { return r.plies >= need; },
                         "at least " + std::to_string(need) + " plies"};
        }
        // #D >= k, #D > k, #D == k with k > 0: at least k of D's pieces at once.
        const auto *count = exactly<cql::CountFilter>(cmp->left());
        const auto *d = count ? exactly<cql::DesignatorFilter>(count->argument()) : nullptr;
        if (!d || !number) {
            // Pure only when both sides are.
            return analyse(cmp->left()).pure && analyse(cmp->right()).pure ? pureOnly() : Facts{};
        }
        const long long need = leastValue(cmp->op(), number->value());
        const Bound b = designatorBound(*d);
        if (!b.bounded || need <= 0) return pureOnly();
        const cql::PieceMask m = b.pieces;
        return Facts{true,
                     [m, need](const GameRecord &r, const GameStore &, size_t) { return maxPieces(r, m) >= need; },
                     "at least " + std::to_string(need) + " of the designator's pieces"};
    }
    if (const auto *c = exactly<cql::CountFilter>(f)) return analyse(c->argument()).pure ? pureOnly() : Facts{};
    if (exactly<cql::NumberFilter>(f)) return pureOnly();
    if (exactly<cql::PositionNumberFilter>(f)) {
        // lastgamenumber and year read what the store does not keep, but read only.
        return pureOnly();
    }
    return {};
}

} // namespace

Prefilter Prefilter::fromQuery(const cql::Query &query)
{
    Prefilter out;
    const cql::QueryHeader &h = query.header();
    // A game with no matched position matches when the range admits zero.
    if (h.matchCount && h.matchCount->first <= 0) return out;
    const cql::Program &program = cql::ProgramAccess::program(query);
    for (const cql::FilterPtr &f : program.body) {
        Facts facts = analyse(*f);
        if (!facts.pure) break; // later filters may run only where this one matched: no longer sound
        if (!facts.mayMatch) continue;
        out.m_conditions.push_back(std::move(facts.mayMatch));
        out.m_description.push_back(std::move(facts.text));
    }
    return out;
}

} // namespace store
