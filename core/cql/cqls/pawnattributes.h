// CQL-S pawn attributes (passed, isolated, doubled, chains, candidates, ...),
// the pawns that have them, unstoppable pawns and passed pawn races.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designatorfilters.h"

#include "chess/position.h"

namespace cql::cqls {

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

} // namespace cql::cqls
