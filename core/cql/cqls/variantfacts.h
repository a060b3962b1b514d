// The CQL-S keywords of the chess variants (Three-check, King of the Hill,
// Antichess, Crazyhouse) and the variant rules of the standard ones:
// :threechecks, :kingonthehill, :losing, :mustcapture, :checkcount, :power,
// and the variant meaning of :matingmaterial, :whitecannotwin and :gameisover.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designators.h"
#include "cql/filter.h"

namespace cql::cqls {

// Antichess: the side to move can capture, and so must.
bool mustCapture(const chess::Position &p);

// Either side has mating material, as the seed reads it per variant.
bool matingMaterialIn(const chess::Position &p);
// The side cannot win, as the seed reads it per variant.
bool cannotWinIn(const chess::Position &p, chess::Color c);

// Positions the variants' own rules mark.
class VariantFactFilter : public InvariantFilter<VariantFactFilter> {
public:
    enum Kind {
        ThreeChecks,   // Three-check: a king has received its third check
        KingOnTheHill, // King of the Hill: a king stands on d4, e4, d5 or e5
        Losing,        // Antichess: a side has lost all its pieces
        MustCapture,   // Antichess: the side to move must capture
    };
    explicit VariantFactFilter(Kind k) : m_kind(k) {}
    bool match(Ctx &ctx) const override;

private:
    Kind m_kind;
};

// :checkcount. Checks received by each side: in Three-check the position's
// counters (so a FEN's counters count), elsewhere the checks given along the
// game from its first position.
class CheckCountFilter : public Filter {
public:
    enum Form {
        Received, // "R1 : R2": checks White received in R1, Black in R2 (every variant)
        Nth,      // "N": the last move gave the mover's N-th check (Three-check; 0 always holds)
        Exact, // "+N+M": first position where White has given N and Black M checks (Three-check; +0+0 holds elsewhere)
    };
    CheckCountFilter(Form f, Range white, Range black) : m_form(f), m_white(white), m_black(black) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    Form m_form;
    Range m_white, m_black; // Nth: m_white holds N
};

// Checks c has received on the way to ctx's position (see CheckCountFilter).
int checksReceived(const Ctx &ctx, game::NodeId node, chess::Color c);

// :power / :powerdifference of CQL-S: the pieces' power by the game's variant,
// those in hand too when the designator names the backhand ("[+]", "[*]");
// with countOnly each piece counts one (:piececount with the backhand).
class VariantPowerFilter : public NumericFilter {
public:
    VariantPowerFilter(FilterPtr squares, PieceMask hand, bool countOnly = false)
        : m_squares(std::move(squares)), m_hand(hand), m_count(countOnly)
    {
    }
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_squares;
    PieceMask m_hand;
    bool m_count;
};

} // namespace cql::cqls
