// Facts of a position and of its next move: move numbers, material facts,
// clocks and repetitions, FEN, castling rights, the kind of the next move,
// the start arrangement and checks counted.
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

// :movenumber / :halfmovenumber with ranges that may count back from the end.
class MoveNumberFilter : public InvariantFilter<MoveNumberFilter> {
public:
    MoveNumberFilter(bool halfMoves, Range r) : m_half(halfMoves), m_range(r) {}
    bool match(Ctx &ctx) const override;

private:
    bool m_half;
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
class ClockFilter : public InvariantFilter<ClockFilter> {
public:
    enum Kind { HalfmoveClock, Repetition };
    ClockFilter(Kind k, Range r) : m_kind(k), m_range(r) {}
    bool match(Ctx &ctx) const override;

private:
    Kind m_kind;
    Range m_range;
};

// :fen: the position equals the given one (board, side to move, castling
// and en passant rights).
class FenFilter : public InvariantFilter<FenFilter> {
public:
    explicit FenFilter(uint64_t key) : m_key(key) {}
    bool match(Ctx &ctx) const override { return ctx.pos->key() == m_key; }

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

// Next-move facts: :forced, :isdoublecheck, ... and the check marks of :line
// (the next moves of the search, variations too when they are searched).
class NextMoveFilter : public Filter {
public:
    enum Kind {
        IsCheck,
        IsMate,
        IsDoubleCheck,
        IsContactCheck,
        IsNull,
        Forced,
        TakesLastPiece, // Antichess: the next move takes the opponent's last piece
        CaptureForced,  // Antichess: the next move must capture
    };
    explicit NextMoveFilter(Kind k) : m_kind(k) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    // Whether the move m from before to after is of the kind.
    static bool moveMatches(Kind kind, const chess::Position &before, chess::Move m, const chess::Position &after);

private:
    Kind m_kind;
};

// :ischess960 / :isshufflechess: the game starts from an initial arrangement
// of the back ranks (Chess960 rules for the first: bishops on opposite
// colours, king between the rooks). As the match list page says, both
// include the standard arrangement.
class StartArrangementFilter : public InvariantFilter<StartArrangementFilter> {
public:
    explicit StartArrangementFilter(bool chess960) : m_960(chess960) {}
    bool match(Ctx &ctx) const override;

private:
    bool m_960;
};

// ':ischeck range': the next move checks, and it is the n-th check the side
// to move gives in the game (counted along the line to here), n in range.
class IsCheckCountFilter : public InvariantFilter<IsCheckCountFilter> {
public:
    explicit IsCheckCountFilter(Range r) : m_range(r) {}
    bool match(Ctx &ctx) const override;

private:
    Range m_range;
};

// The light squares of the board.
chess::SquareSet lightSquares();

} // namespace cql::cqls
