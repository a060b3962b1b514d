// Filters about the current position and the game: check, mate, side to move,
// ply, game tags, ...
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"
#include "game/tagvalues.h"

namespace cql {

// Stalemate as `stalemate` reads it: no legal move and not in check, where no
// variant rule ended the game first; in Antichess a side with pieces and no
// move (a stalemate that wins).
bool isStalemate(const chess::Position &p);

class StateFilter : public Filter {
public:
    enum Kind { Check, Mate, Stalemate, Wtm, Btm, Initial, Terminal, Mainline, Variation, Null, VirtualMainline };
    explicit StateFilter(Kind k) : m_kind(k) {}
    // Check, Mate and Stalemate: whether p is so.
    static bool holdsIn(Kind k, const chess::Position &p);
    Kind kind() const { return m_kind; }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    bool transformSensitive() const override { return m_kind == Wtm || m_kind == Btm; }
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override;

private:
    Kind m_kind;
};

// --(check), --(mate), --(stalemate): a next move leads to a position in that
// state (Check, Mate or Stalemate). The parser makes it of such a dash instead
// of the general DashTargetFilter: the position after each move is tested
// where it stands, without moving the evaluation there and back, which makes
// these common tests 2.5 times faster under transforms.
class NextStateFilter : public InvariantFilter<NextStateFilter> {
public:
    explicit NextStateFilter(StateFilter::Kind k) : m_kind(k) {}
    StateFilter::Kind kind() const { return m_kind; }
    bool match(Ctx &ctx) const override;

private:
    StateFilter::Kind m_kind;
};

class PositionNumberFilter : public InvariantFilter<PositionNumberFilter, NumericFilter> {
public:
    enum Kind { Ply, MoveNumber, Depth, GameNumber, LastGameNumber, Year };
    explicit PositionNumberFilter(Kind k) : m_kind(k) {}
    Kind kind() const { return m_kind; }
    bool number(Ctx &ctx, long long &out) const override;
    // `year`: the first four digits of a Date tag (false for none). Read also
    // by the store's prefilters, which see the tags without the game.
    static bool yearOf(std::string_view date, long long &out);

private:
    Kind m_kind;
};

// elo [white|black]: without a colour, the larger of the two.
class EloFilter : public NumericFilter {
public:
    enum Side { Either, White, Black };
    explicit EloFilter(Side s) : m_side(s) {}
    Side side() const { return m_side; }
    bool number(Ctx &ctx, long long &out) const override;
    // The value from the WhiteElo and BlackElo tags (false for none), as number() reads them.
    static bool eloOf(Side s, std::string_view whiteElo, std::string_view blackElo, long long &out);
    FilterPtr transformed(const Transform &t) const override;

private:
    Side m_side;
};

class PowerFilter : public OneArgumentFilter<PowerFilter, NumericFilter> {
public:
    using OneArgumentFilter::OneArgumentFilter;
    bool number(Ctx &ctx, long long &out) const override;
    // What a piece of the type adds: pawn 1, knight and bishop 3, rook 5, queen 9, king 0.
    static int valueOf(chess::PieceType t)
    {
        static constexpr int value[] = {0, 1, 3, 3, 5, 9, 0};
        return value[t];
    }
};

// file S / rank S: 1..8 for a single square.
class SquareCoordFilter : public NumericFilter {
public:
    SquareCoordFilter(bool file, FilterPtr a) : m_file(file), m_a(std::move(a)) {}
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override
    {
        return std::make_unique<SquareCoordFilter>(m_file, m_a->transformed(t));
    }

private:
    bool m_file;
    FilterPtr m_a;
};

// type S / colortype S: the piece on a single square as 1 (pawn) .. 6 (king),
// 0 when empty; colortype is negative for black pieces.
class PieceTypeFilter : public NumericFilter {
public:
    PieceTypeFilter(bool signedByColor, FilterPtr a) : m_signed(signedByColor), m_a(std::move(a)) {}
    bool signedByColor() const { return m_signed; }
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override
    {
        return std::make_unique<PieceTypeFilter>(m_signed, m_a->transformed(t));
    }

private:
    bool m_signed;
    FilterPtr m_a;
};

// Game tags as strings: player/event/site/date/eco; with a pattern argument they
// match when the tag contains it. player without a side looks at both players.
class TagFilter : public Filter, public TagsOnlyFilter {
public:
    enum Kind { Player, PlayerWhite, PlayerBlack, Event, Site, Date, EventDate, Eco, Result };
    TagFilter(Kind k, std::string pattern, bool hasPattern);
    Kind kind() const { return m_kind; }
    const std::string &pattern() const { return m_pattern; }
    bool hasPattern() const { return m_hasPattern; }
    bool match(Ctx &ctx) const override;
    bool matchesTags(const game::Game &g) const override
    {
        return matchesWith([&](std::string_view name) { return g.tag(name); });
    }
    bool readsTagsOnly() const override { return m_hasPattern; }
    // The test of a pattern with tags looked up by name ("" when absent): the
    // store's prefilters look them up in the store without making a game.
    // Names and dates are read as CQL 6.2 reads them (game/tagvalues.h).
    template <class Lookup>
    bool matchesWith(const Lookup &tag) const
    {
        if (m_kind == Result) return tag("Result") == m_pattern;
        auto has = [&](std::string_view name) {
            const std::string_view v = tag(name);
            if (name == "White" || name == "Black") return contains(game::standardPlayerName(v));
            if (name == "Date" || name == "EventDate") return contains(game::normalizedDate(v));
            return v.find(m_pattern) != std::string_view::npos;
        };
        if (m_kind == Player) return has("White") || has("Black");
        return has(tagName(m_kind));
    }
    static std::string_view tagName(Kind k); // "" for Player (both players)
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &t) const override;
    bool transformSensitive() const override;

private:
    bool contains(const std::string &value) const { return value.find(m_pattern) != std::string::npos; }

    Kind m_kind;
    std::string m_pattern;
    bool m_hasPattern;
};

} // namespace cql
