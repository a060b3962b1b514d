// Set filters: piece designators, set algebra, geometry and attacks.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <utility>
#include <vector>

namespace cql {

// Squares (of `squares`) holding something in `pieces` (0 = anything).
class DesignatorFilter : public SetFilter {
public:
    DesignatorFilter(PieceMask pieces, chess::SquareSet squares);
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    bool transformSensitive() const override;
    PieceMask pieces() const { return m_pieces; }
    chess::SquareSet squares() const { return m_squares; }

private:
    // How set() finds the occupants, decided once: this is the innermost loop
    // of most queries.
    enum Shape : uint8_t { AnyContents, OnePiece, White, Black, AllPieces, Empty, General };
    PieceMask m_pieces;
    chess::SquareSet m_squares;
    Shape m_shape = General;
    chess::Piece m_piece = chess::NoPiece;
};

class SetOpFilter : public SetFilter {
public:
    enum Kind { Union, Intersection };
    SetOpFilter(Kind k, FilterPtr a, FilterPtr b) : m_kind(k), m_a(std::move(a)), m_b(std::move(b)) {}
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    Kind kind() const { return m_kind; }
    const Filter &left() const { return *m_a; }
    const Filter &right() const { return *m_b; }

private:
    Kind m_kind;
    FilterPtr m_a, m_b;
};

class ComplementFilter : public SetFilter {
public:
    explicit ComplementFilter(FilterPtr a) : m_a(std::move(a)) {}
    chess::SquareSet set(Ctx &ctx) const override { return ~m_a->set(ctx); }
    FilterPtr transformed(const Transform &t) const override;
    const Filter &argument() const { return *m_a; }

private:
    FilterPtr m_a;
};

// light S / dark S
class ColorSquaresFilter : public SetFilter {
public:
    ColorSquaresFilter(bool light, FilterPtr a) : m_light(light), m_a(std::move(a)) {}
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    bool light() const { return m_light; }
    const Filter &argument() const { return *m_a; }

private:
    bool m_light;
    FilterPtr m_a;
};

struct Direction {
    int df = 0, dr = 0;
};
const std::vector<Direction> &directionsFor(std::string_view keyword); // empty if not a direction

// up/down/.../anydirection [range] S
class DirectionFilter : public SetFilter {
public:
    DirectionFilter(std::vector<Direction> dirs, int lo, int hi, FilterPtr a)
        : m_dirs(std::move(dirs)), m_lo(lo), m_hi(hi), m_a(std::move(a))
    {
    }
    // The ranges CQL 6.2 evaluates; others stop the search.
    static bool validRange(long long lo, long long hi) { return lo <= hi && lo >= -7 && hi <= 7; }
    // A bound given by a numeric variable (up DeltaRank S) replaces lo / hi when set.
    void setRangeFilters(FilterPtr lo, FilterPtr hi)
    {
        m_loF = std::move(lo);
        m_hiF = std::move(hi);
    }
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    const Filter &argument() const { return *m_a; }
    const Filter *lowFilter() const { return m_loF.get(); }
    const Filter *highFilter() const { return m_hiF.get(); }

private:
    std::vector<Direction> m_dirs;
    int m_lo, m_hi;
    FilterPtr m_a;
    FilterPtr m_loF, m_hiF;
};

// X attacks Y (value: squares of X attacking some of Y) and Y attackedby X
// (value: squares of Y attacked by some of X).
class AttackFilter : public SetFilter {
public:
    AttackFilter(bool attackersValue, FilterPtr attackers, FilterPtr targets)
        : m_attackersValue(attackersValue), m_x(std::move(attackers)), m_y(std::move(targets))
    {
    }
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override;
    bool attackersValue() const { return m_attackersValue; }
    const Filter &attackers() const { return *m_x; }
    const Filter &targets() const { return *m_y; }

private:
    bool m_attackersValue;
    FilterPtr m_x, m_y;
};

class BetweenFilter : public SetFilter {
public:
    BetweenFilter(FilterPtr a, FilterPtr b) : m_a(std::move(a)), m_b(std::move(b)) {}
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    const Filter &first() const { return *m_a; }
    const Filter &second() const { return *m_b; }

private:
    FilterPtr m_a, m_b;
};

// ray [dirs] (S1 ... Sn) and xray (S1 ... Sn)
class RayFilter : public SetFilter {
public:
    RayFilter(bool xray, std::vector<Direction> dirs, std::vector<FilterPtr> sets)
        : m_xray(xray), m_dirs(std::move(dirs)), m_sets(std::move(sets))
    {
    }
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    const std::vector<FilterPtr> &sets() const { return m_sets; }

private:
    bool m_xray;
    std::vector<Direction> m_dirs;
    std::vector<FilterPtr> m_sets;
};

class PinFilter : public SetFilter {
public:
    // The value is the set its first parameter names: the pinning pieces
    // (from), the pinned pieces (through, the default) or what they are pinned to.
    enum Value { Pinners, Pinned, Targets };
    PinFilter(Value v, FilterPtr from, FilterPtr through, FilterPtr to)
        : m_value(v), m_from(std::move(from)), m_through(std::move(through)), m_to(std::move(to))
    {
    }
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    // The arguments given (null: the default).
    const Filter *from() const { return m_from.get(); }
    const Filter *through() const { return m_through.get(); }
    const Filter *to() const { return m_to.get(); }

private:
    Value m_value;
    FilterPtr m_from, m_through, m_to; // null = default
};

class PawnStructureFilter : public InvariantFilter<PawnStructureFilter, SetFilter> {
public:
    enum Kind { Passed, Doubled, Isolated, Connected };
    explicit PawnStructureFilter(Kind k) : m_kind(k) {}
    chess::SquareSet set(Ctx &ctx) const override;
    Kind kind() const { return m_kind; }

private:
    Kind m_kind;
};

// A set-valued variable, or a set literal computed once.
class ConstSetFilter : public SetFilter {
public:
    explicit ConstSetFilter(chess::SquareSet s) : m_s(s) {}
    chess::SquareSet set(Ctx &) const override { return m_s; }
    FilterPtr transformed(const Transform &t) const override
    {
        chess::SquareSet s = t.apply(m_s);
        uint64_t b = s.bits();
        noteImage(&b, sizeof b);
        return std::make_unique<ConstSetFilter>(s);
    }
    chess::SquareSet squares() const { return m_s; }

private:
    chess::SquareSet m_s;
};

// makesquare(file rank)
// makesquare (file rank), or makesquare S of a square's name ("e4"); r is null then.
class MakeSquareFilter : public SetFilter {
public:
    MakeSquareFilter(FilterPtr f, FilterPtr r) : m_f(std::move(f)), m_r(std::move(r)) {}
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_f, m_r;
};

} // namespace cql
