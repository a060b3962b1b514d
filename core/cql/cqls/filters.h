// Evaluator nodes the CQL-S front end needs beyond CQL 6's: trailing-edge
// shifts of designators, promoted pieces, lists of transform images, counts
// in ranges, rays with a specifier, castling rights and moves (the match
// list's gate is in matchlist.h, :sequence in sequence.h, exchanges in exchange.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/filter.h"
#include "cql/sets.h"
#include "cql/cqls/designators.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace cql::cqls {

// The filters under t.
std::vector<FilterPtr> transformAll(const std::vector<FilterPtr> &v, const Transform &t);

// A CQL-S piece designator. Shifts keep squares on the trailing edge (seed
// 002): a unit right shift drops the h-file squares and keeps the a-file
// ones, so a designator is never pushed off the board.
class CqlsDesignatorFilter : public DesignatorFilter {
public:
    CqlsDesignatorFilter(PieceMask pieces, chess::SquareSet squares) : DesignatorFilter(pieces, squares) {}
    FilterPtr transformed(const Transform &t) const override;
};
// The squares of a CQL-S designator under t (dihedral part, then the shift).
chess::SquareSet cqlsImage(const Transform &t, chess::SquareSet s);

// Squares of inner holding a promoted piece (or, with promoted false, a piece
// that is not the result of a promotion).
class PromotedFilter : public SetFilter {
public:
    PromotedFilter(FilterPtr inner, bool promoted) : m_inner(std::move(inner)), m_promoted(promoted) {}
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_inner;
    bool m_promoted;
};
// Squares holding pieces that came from a promotion at ctx's position.
chess::SquareSet promotedSquares(const Ctx &ctx);

// A position list under its transforms: matches when some image matches.
class ImagesFilter : public Filter {
public:
    // transforms[i] gave images[i]; keywords ("flip shift") name them in the
    // evaluator's record of a match.
    ImagesFilter(std::vector<FilterPtr> images, std::vector<Transform> transforms, std::string keywords)
        : m_images(std::move(images)), m_transforms(std::move(transforms)), m_keywords(std::move(keywords))
    {
    }
    std::vector<FilterPtr> takeImages() { return std::move(m_images); }
    bool match(Ctx &ctx) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    std::vector<FilterPtr> m_images;
    std::vector<Transform> m_transforms;
    std::string m_keywords;
};

// A numeric filter whose value lies in a range (bounds counted from the end
// of the game are resolved by the filter kinds that allow them).
class InRangeFilter : public Filter {
public:
    InRangeFilter(FilterPtr value, Range r) : m_value(std::move(value)), m_range(r) {}
    bool match(Ctx &ctx) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override { m_value->markSquares(ctx, out); }
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_value;
    Range m_range;
};

// :movenumber / :halfmovenumber with ranges that may count back from the end.
class MoveNumberFilter : public Filter {
public:
    MoveNumberFilter(bool halfMoves, Range r) : m_half(halfMoves), m_range(r) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &) const override
    {
        return std::make_unique<MoveNumberFilter>(m_half, m_range);
    }
    bool transformSensitive() const override { return false; }

private:
    bool m_half;
    Range m_range;
};

// Count of pawns with attributes, as a percentage of that colour's pawns
// when the range is one of percentages.
class PercentFilter : public Filter {
public:
    // part: squares counted; whole: the squares they are a percentage of.
    PercentFilter(FilterPtr part, FilterPtr whole, Range r)
        : m_part(std::move(part)), m_whole(std::move(whole)), m_range(r)
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_part, m_whole;
    Range m_range;
};

// Simple facts about the position that CQL 6 has no filter for.
class FactFilter : public Filter {
public:
    enum Kind {
        DoubleCheck, // by pieces of the argument, if any
        ContactCheck,
        MatingMaterial, // either side has mating material
        WhiteCannotWin,
        BlackCannotWin,
        Endgame,
        GameIsOver,
        HasMoves, // the position has a next move in the game
    };
    FactFilter(Kind k, FilterPtr arg = nullptr) : m_kind(k), m_arg(std::move(arg)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    Kind m_kind;
    FilterPtr m_arg;
};

// :halfmoveclock range, :threefoldrepetition / :fivefoldrepetition.
class ClockFilter : public Filter {
public:
    enum Kind { HalfmoveClock, Repetition };
    ClockFilter(Kind k, Range r) : m_kind(k), m_range(r) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &) const override { return std::make_unique<ClockFilter>(m_kind, m_range); }
    bool transformSensitive() const override { return false; }

private:
    Kind m_kind;
    Range m_range;
};

// :fen: the position equals the given one (board, side to move, castling
// and en passant rights).
class FenFilter : public Filter {
public:
    explicit FenFilter(uint64_t key) : m_key(key) {}
    bool match(Ctx &ctx) const override { return ctx.pos->key() == m_key; }
    FilterPtr transformed(const Transform &) const override { return std::make_unique<FenFilter>(m_key); }
    bool transformSensitive() const override { return false; }

private:
    uint64_t m_key;
};

// :castling: castling rights. Bits: 1 K, 2 Q, 4 k, 8 q; matches when any named right is held.
class CastlingRightsFilter : public Filter {
public:
    explicit CastlingRightsFilter(int rights) : m_rights(rights) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    int m_rights;
};

// Next-move facts: :ischeck, :ismate, :forced, ... (the next moves of the
// search, variations too when they are searched).
class NextMoveFilter : public Filter {
public:
    enum Kind { IsCheck, IsMate, IsStalemate, IsDoubleCheck, IsContactCheck, IsNull, Forced, TakesLastPiece };
    explicit NextMoveFilter(Kind k) : m_kind(k) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    bool moveMatches(const chess::Position &before, chess::Move m, const chess::Position &after) const;
    Kind m_kind;
};

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

// Pawn attributes of :pawncount: the pawns (of the argument's squares) that
// pass the attributes in turn (selectPawns in pawncounting.h).
struct PawnAttribute {
    enum Kind {
        Single,
        Double,
        DoubleExact,
        Triple,
        TripleExact, // pawns per file: n or more / exactly n
        Connected,
        Integrated,
        Isolated,
        HalfIsolated,
        Defended,
        Defender,
        Passed,
        Blocked,
        BlockedNow,
        Advanced,
        Consecutive,
        // in pawnattributes.cpp
        Backward,
        Behind,
        BehindNow,
        Candidate,
        CandidateNotPassed,
        Stoppable,
        Stopped,
        Chained,
        SingleExact,
        UnoExact,
        Symmetrical,
        Mirrored,
        Inside,
        RankRun, // quart(n): adjacent own pawns on the rank
        // in pawncounting.cpp: forefront/rear narrow the view of the later
        // attributes; the counting attributes (last in a list) say what is counted
        Forefront,
        Rear,
        Islands,
        Compounds,
        Files,
        Ranks,
        BothSides,
        OneSide,
    };
    Kind kind = Single;
    int n = 0; // for the counted forms
    bool negated = false;
};
// The pawns of candidates having every attribute of [first, last), judged
// against the own pawns in view (own[colour]) and all opposing pawns.
chess::SquareSet pawnsWithAttributes(const chess::Position &p, chess::SquareSet candidates,
                                     const chess::SquareSet own[2], const PawnAttribute *first,
                                     const PawnAttribute *last);
class PawnAttributeFilter : public SetFilter {
public:
    PawnAttributeFilter(FilterPtr pawns, std::vector<PawnAttribute> attrs)
        : m_pawns(std::move(pawns)), m_attrs(std::move(attrs))
    {
    }
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_pawns;
    std::vector<PawnAttribute> m_attrs;
};

} // namespace cql::cqls

namespace cql::cqls {

// :opposition [K|k]: the king has the opposition, by the kings' distance on
// a common file or rank and the side to move (other pieces don't count).
// A side a filter names (enum Side { ToMove, White, Black }) under t: the
// colours swap, the side to move stays.
template <typename Side>
Side sideUnder(const Transform &t, Side s)
{
    return sideKindUnder(t, s, Side::White, Side::Black);
}

class OppositionFilter : public Filter {
public:
    enum Side { ToMove, White, Black };
    explicit OppositionFilter(Side s) : m_side(s) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    Side m_side;
};

// :ischess960 / :isshufflechess: the game starts from an initial arrangement
// of the back ranks (Chess960 rules for the first: bishops on opposite
// colours, king between the rooks). As the match list page says, both
// include the standard arrangement.
class StartArrangementFilter : public Filter {
public:
    explicit StartArrangementFilter(bool chess960) : m_960(chess960) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &) const override { return std::make_unique<StartArrangementFilter>(m_960); }
    bool transformSensitive() const override { return false; }

private:
    bool m_960;
};

} // namespace cql::cqls

namespace cql::cqls {

} // namespace cql::cqls

namespace cql::cqls {

// :relation: a later position P2 of the game relates to the current one P1
// as the relation list says (missing and new pieces, squares that differ or
// stay, side to move). Squares holding different pieces in both never match.
struct RelationSpec {
    enum Side { Same, Change, Ignore };
    enum Where { Mainline, Everywhere, VariationsOnly };
    FilterPtr missing, added;       // designators (never transformed)
    Range missingRange, addedRange; // default: exactly 0
    bool haveDifferent = false, haveSame = false;
    Range differentRange, sameRange;
    Side side = Same;
    Where where = Mainline;
    bool pattern = false;                // only the squares of the list's designators are compared
    std::vector<Transform> p2Transforms; // :flip / :shift: P2 may be seen through one (empty: as it is)
};

class RelationFilter : public Filter {
public:
    explicit RelationFilter(std::shared_ptr<const RelationSpec> spec, chess::SquareSet allowed)
        : m_spec(std::move(spec)), m_allowed(allowed)
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    void setAllowed(chess::SquareSet s) { m_allowed = s; }

private:
    bool related(Ctx &ctx, game::NodeId p1, game::NodeId p2, chess::SquareSet missingP1) const;
    struct Pair; // what relatedThrough needs of P1 and P2, worked out once per pair
    bool relatedThrough(Ctx &ctx, Pair &pair, const Transform &t) const;
    std::shared_ptr<const RelationSpec> m_spec;
    chess::SquareSet m_allowed;
};

} // namespace cql::cqls

namespace cql::cqls {

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

} // namespace cql::cqls

namespace cql::cqls {

// Accumulators (:accumulate, :accumulate*, :sumrange): at a position, an
// accumulator holds how many transform images of the lists that accumulate
// into it match there; with accumulate* the images with swapped colours are
// counted apart.
struct AccumulatorSource {
    std::vector<FilterPtr> images;
    std::vector<bool> swapped;
    // :reset: the transform of each image and its reset group (the element of
    // the list's last transform keyword it uses); counts start again per group.
    std::vector<Transform> transforms;
    std::vector<int> group;
};
struct Accumulator {
    std::vector<std::shared_ptr<AccumulatorSource>> sources;
    bool byColour = false;
    bool reset = false;
};

class SumRangeFilter : public Filter {
public:
    SumRangeFilter(std::shared_ptr<const Accumulator> acc, Range r, const Transform *image = nullptr)
        : m_acc(std::move(acc)), m_range(r), m_hasImage(image != nullptr)
    {
        if (image) m_image = *image;
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override
    {
        return std::make_unique<SumRangeFilter>(m_acc, m_range, &t);
    }
    bool transformSensitive() const override { return false; }

private:
    std::shared_ptr<const Accumulator> m_acc;
    Range m_range;
    bool m_hasImage;
    Transform m_image = Transform::identity(); // the list image this :sumrange is part of (for :reset)
};

} // namespace cql::cqls

namespace cql::cqls {

// :unstoppablepawns: pawns of the argument that the enemy king cannot catch
// by the rule of the square (the path to promotion clear; the defender has
// only king and pawns, otherwise none count).
class UnstoppablePawnsFilter : public SetFilter {
public:
    explicit UnstoppablePawnsFilter(FilterPtr pawns) : m_pawns(std::move(pawns)) {}
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override
    {
        return std::make_unique<UnstoppablePawnsFilter>(m_pawns->transformed(t));
    }

private:
    FilterPtr m_pawns;
};

} // namespace cql::cqls

namespace cql::cqls {

// Game information of the match list: players, event, site (a sub-string,
// case-insensitive), ply count, round, ECO ranges, and whether the game has
// variations, comments or NAGs.
class GameInfoFilter : public Filter {
public:
    enum Kind { PlyCount, Round, Eco, HasVariations, HasComments, HasAnnotation };
    GameInfoFilter(Kind k, Range r = {}, std::vector<std::pair<int, int>> eco = {})
        : m_kind(k), m_range(r), m_eco(std::move(eco))
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &) const override
    {
        return std::make_unique<GameInfoFilter>(m_kind, m_range, m_eco);
    }
    bool transformSensitive() const override { return false; }

private:
    Kind m_kind;
    Range m_range;
    std::vector<std::pair<int, int>> m_eco; // ECO codes as 0..499 (A00 = 0), inclusive ranges; empty with Eco: any
};

} // namespace cql::cqls

namespace cql::cqls {

// :match inside a position list: each of its position lists matches some
// position of the game (the positions the search visits).
class SubMatchFilter : public Filter {
public:
    explicit SubMatchFilter(std::vector<FilterPtr> lists) : m_lists(std::move(lists)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    std::vector<FilterPtr> m_lists;
};

// :date: the game's date (YYYY.MM.DD, unknown parts as 0) in a range of
// dates written as numbers YYYYMMDD.
class DateFilter : public Filter {
public:
    explicit DateFilter(Range r) : m_range(r) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &) const override { return std::make_unique<DateFilter>(m_range); }
    bool transformSensitive() const override { return false; }

private:
    Range m_range;
};

} // namespace cql::cqls
