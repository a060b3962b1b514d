// Evaluator nodes of the later CQL-S keywords: :matchconsecutive,
// :perpendicular, :passedpawnrace, :startposition and :variant, and the
// match list's PGN-tag keywords (:tag, :annotator, :title, :rating, ...).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designators.h"
#include "cql/filter.h"

#include <string>
#include <utility>
#include <vector>

namespace cql::cqls {

// :matchconsecutive (lists): the lists match successive positions from the
// current one, each list once, in any order.
class MatchConsecutiveFilter : public Filter {
public:
    explicit MatchConsecutiveFilter(std::vector<FilterPtr> lists) : m_lists(std::move(lists)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    bool from(Ctx &ctx, game::NodeId n, unsigned used) const;
    std::vector<FilterPtr> m_lists;
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

// :passedpawnrace [P|p]: the side (or the side to move) wins the race of
// passed pawns: it has a pawn the enemy king cannot catch (rule of the
// square, enemy with king and pawns only) that promotes before any such pawn
// of the other side, counting whose move it is.
class PassedPawnRaceFilter : public Filter {
public:
    enum Side { ToMove, White, Black };
    explicit PassedPawnRaceFilter(Side s) : m_side(s) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    Side m_side;
};

// The number of a game's start arrangement as the match list page counts
// them: 0 not a Shuffle Chess position, 1-960 Chess960 (518 the standard
// one, all castling rights), 961-1920 king right of both rooks, 1921-2880
// king left of them, 2881-3840 a Chess960 arrangement without castling rights.
int startPositionNumber(const chess::Position &p);

// :startposition 518,1-960,*: the game's start arrangement is one of these.
class StartPositionFilter : public Filter {
public:
    StartPositionFilter(std::vector<std::pair<int, int>> ranges, bool anyShuffle)
        : m_ranges(std::move(ranges)), m_anyShuffle(anyShuffle)
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &) const override
    {
        return std::make_unique<StartPositionFilter>(m_ranges, m_anyShuffle);
    }
    bool transformSensitive() const override { return false; }

private:
    std::vector<std::pair<int, int>> m_ranges;
    bool m_anyShuffle;
};

// Game facts read from PGN tags. Each kind reads its tags as the match list
// page describes the keyword; a game without the tag does not match (unless
// the keyword asks for the missing value: 'None', 'x', round 0).
// Glob match, case-insensitive: '*' any text (also none), '?' one character.
bool globMatch(std::string_view pattern, std::string_view value);

// The :eventmode name of a Mode tag value ("ICS" -> "internet"); "unknown" for others.
std::string_view eventModeOf(std::string_view modeTag);
// The :termination name of a Termination tag value ("Time forfeit" -> "timeforfeit"); "unknown" for others.
std::string_view terminationOf(std::string_view terminationTag);

class TagInfoFilter : public Filter {
public:
    enum Kind {
        Tag,               // :tag NAME [value]: a tag other than the seven-tag roster
        Annotator,         // :annotator name
        EventDate,         // :eventdate range of years
        EventType,         // :eventtype tourn,swiss (EventType tag)
        EventCountry,      // :eventcountry GER,NED (EventCountry tag)
        Title,             // :title GM,IM (WhiteTitle/BlackTitle), side 0 either, 1 white, 2 black
        Country,           // :country (WhiteCountry/BlackCountry)
        Computer,          // :iscomputer (WhiteType/BlackType "program")
        Human,             // :ishuman
        Rating,            // :rating ELO|USCF range (WhiteElo, WhiteUSCF, ...)
        AverageRating,     // :averagerating SYSTEM range (one rating alone counts)
        AverageRatingBoth, // :averagerating* (both needed)
        RatingDifference,  // :ratingdifference SYSTEM range (white minus black)
        SubRound,          // :subround range ("3.2": 2; 0 without one)
        Pattern,       // a quoted pattern ('*' any text, '?' one character) the whole value of a tag of values matches
        EventMode,     // :eventmode otb,corr (Mode tag, see eventModeOf)
        Termination,   // :termination normal,timeforfeit (Termination tag, see terminationOf)
        EventCategory, // :eventcategory range (EventCategory tag; 0 without one)
        PlayerId,      // :whiteid / :blackid ids (WhiteFideId / BlackFideId tags)
    };
    struct Spec {
        Kind kind = Tag;
        int side = 0;                    // 0 either player, 1 White, 2 Black
        std::string name;                // tag name (":tag"), rating system
        std::vector<std::string> values; // lower-case words or sub-strings
        bool anyName = false;            // ":tag *"
        bool haveValue = false;
        Range range;
    };
    explicit TagInfoFilter(Spec s) : m_spec(std::move(s)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &) const override { return std::make_unique<TagInfoFilter>(m_spec); }
    bool transformSensitive() const override { return false; }

private:
    Spec m_spec;
};

// Tagging. A tag is bound (by :forany) to a piece of the start position,
// its "mark"; the binding lives in a variable slot as the piece's identity.

// '$name[squares]': the square of the tagged piece, if it is on one of these.
class TaggedPieceFilter : public SetFilter {
public:
    TaggedPieceFilter(int slot, chess::SquareSet squares) : m_slot(slot), m_squares(squares) {}
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    int m_slot;
    chess::SquareSet m_squares;
};

// :tagmatch name D: the tagged piece is on the board and D names it where it stands.
class TagMatchFilter : public Filter {
public:
    TagMatchFilter(int slot, FilterPtr d) : m_slot(slot), m_d(std::move(d)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    int m_slot;
    FilterPtr m_d;
};

// :forany name D in the match list: the match list holds for some binding of
// its tags to distinct pieces, each of which is (at some position of the
// game) of a type D names. The first binding that makes the game match is
// kept for all its positions.
struct ForAnyTag {
    int slot = -1;
    PieceMask types = 0;
};
class ForAnyFilter : public Filter {
public:
    ForAnyFilter(std::vector<ForAnyTag> tags, std::vector<int> gateSlots, int cacheSlot, FilterPtr inner)
        : m_tags(std::move(tags)), m_gateSlots(std::move(gateSlots)), m_cacheSlot(cacheSlot), m_inner(std::move(inner))
    {
    }
    bool match(Ctx &ctx) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override { m_inner->markSquares(ctx, out); }
    FilterPtr transformed(const Transform &t) const override;

private:
    bool tryBindings(Ctx &ctx, size_t k, const std::vector<std::vector<int>> &candidates) const;
    bool gameMatchesNow(Ctx &ctx) const;
    std::vector<ForAnyTag> m_tags;
    std::vector<int> m_gateSlots; // the position lists' per-game caches, redone for each binding
    int m_cacheSlot;              // 1 once a binding matched, 0 when none does
    FilterPtr m_inner;
};

// ':ischeck range': the next move checks, and it is the n-th check the side
// to move gives in the game (counted along the line to here), n in range.
class IsCheckCountFilter : public Filter {
public:
    explicit IsCheckCountFilter(Range r) : m_range(r) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &) const override { return std::make_unique<IsCheckCountFilter>(m_range); }
    bool transformSensitive() const override { return false; }

private:
    Range m_range;
};

} // namespace cql::cqls
