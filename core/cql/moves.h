// Move filters: `move ...` with its parameters and the 6.2 dash filters.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

namespace cql {

struct MoveSpec {
    FilterPtr from, to, capture; // null = any
    PieceMask promote = 0;       // 0 = no promotion condition
    FilterPtr promoteName;       // --=T with a string T ("Q", "queen", ...)
    bool requirePromotion = false;
    bool enpassant = false;
    FilterPtr enpassantSquare; // enpassantsquare S: the pawn taken en passant stood on S
    bool castle = false, castleShort = false, castleLong = false;
    bool null = false;
    bool legal = false, pseudolegal = false;
    bool previous = false;
    bool primary = false, secondary = false;
    bool captureOnly = false; // X[x]Y
    bool dash = false;        // written X--Y (legal, countmoves, currentmove take only these)
    // CQL-S drops: a drop (drop chess) matches only when the piece it sets in
    // is in dropPieces, and `from` is not asked of it; with dropsOnly a move
    // that is no drop never matches. Without cqlsDrops a drop is, as to CQL 6,
    // a move from and to its square, which is empty before the drop.
    bool cqlsDrops = false, dropsOnly = false;
    PieceMask dropPieces = 0;
    enum Value { None, From, To, Capture } value = None;
    // `move ... comment (...)`: evaluated, and so written, at the position
    // each matching move leads to (CQL 6.2's move comment).
    FilterPtr comment;
};

class MoveFilter : public Filter {
public:
    explicit MoveFilter(MoveSpec spec);
    bool match(Ctx &ctx) const override { return evaluate(ctx, nullptr); }
    chess::SquareSet set(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    // For the parser: `legal X--Y`, `X--Y primary`, `--(castle)` adjust the spec.
    MoveSpec &spec() { return m_spec; }
    const MoveSpec &spec() const { return m_spec; }
    // countmoves: how many moves match.
    long long count(Ctx &ctx) const;

private:
    bool evaluate(Ctx &ctx, chess::SquareSet *value, long long *count = nullptr) const;
    MoveSpec m_spec;
};

// Castling is encoded king-takes-rook; CQL 6.2 sees both pieces move.
struct CastleSquares {
    chess::Square kingFrom, kingTo, rookFrom, rookTo;
};
CastleSquares castleSquares(chess::Move m);

// CQL 6.2 (after Scid) takes a null move for the passing king's move from its
// square to that square: the square, or nothing when there is no king.
chess::SquareSet nullMoveSquare(const chess::Position &before);

} // namespace cql
