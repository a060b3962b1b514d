// Where pieces stand to each other: attack counts, rays, inside a square
// set, the opposition, good bishops, perpendicular lines.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designatorfilters.h"
#include "cql/filter.h"
#include "cql/sets.h"
#include "cql/cqls/designators.h"
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cql::cqls {

// :attackcount D1 D2 range: the number of (attacker, attacked square) pairs.
class AttackCountFilter : public NumericFilter {
public:
    AttackCountFilter(FilterPtr from, FilterPtr to) : m_from(std::move(from)), m_to(std::move(to)) {}
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_from, m_to;
};

// :ray and friends: rays valid for a ray specifier (G1 ... Gk), counted.
class RaySpecFilter : public NumericFilter {
public:
    // dirs: allowed unit directions; attack: the first square must hold a
    // line piece moving along the ray (:rayattack).
    RaySpecFilter(std::vector<FilterPtr> spec, std::vector<std::pair<int, int>> dirs, bool attack)
        : m_spec(std::move(spec)), m_dirs(std::move(dirs)), m_attack(attack)
    {
    }
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    std::vector<FilterPtr> m_spec;
    std::vector<std::pair<int, int>> m_dirs;
    bool m_attack;
};

// :inside D S: some piece of D (transformed with the list) stands on S (not transformed).
class InsideFilter : public Filter {
public:
    InsideFilter(FilterPtr pieces, chess::SquareSet region) : m_pieces(std::move(pieces)), m_region(region) {}
    bool match(Ctx &ctx) const override { return (m_pieces->set(ctx) & m_region).any(); }
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_pieces;
    chess::SquareSet m_region;
};

class OppositionFilter : public Filter {
public:
    enum Side { ToMove, White, Black };
    explicit OppositionFilter(Side s) : m_side(s) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    Side m_side;
};

// :goodbishop D r1 : r2 — some bishop of D has opposing pawns on its square
// colour in r1 (a count, or a percentage of the opposing pawns) and own pawns
// off its square colour in r2 (of the own pawns).
class GoodBishopFilter : public Filter {
public:
    GoodBishopFilter(FilterPtr bishops, Range theirs, Range ours)
        : m_bishops(std::move(bishops)), m_theirs(theirs), m_ours(ours)
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_bishops;
    Range m_theirs, m_ours;
};

// :perpendicular D1 D2: a line piece of D1 and one of D2 whose lines of
// movement on an empty board cross at a right angle on a square that is
// neither piece's own (so rooks on a common file or rank do not count).
class PerpendicularFilter : public Filter {
public:
    PerpendicularFilter(FilterPtr a, FilterPtr b) : m_a(std::move(a)), m_b(std::move(b)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_a, m_b;
};

} // namespace cql::cqls
