// One move of CQL-S :line notation as data ("Pe2-e4", "Nb1-[ac]3", "R:+",
// "O-O", "P=Q#"), so the same move can become next-move filters, be tried on
// positions that were never played (potential continuations after '|'), or be
// replayed (transposition-invariant :line*).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designators.h"
#include "cql/cqls/facts.h"
#include "cql/filter.h"

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace cql::cqls {

struct LineMove {
    std::string text;   // the word as written, for messages
    long long ply = -1; // from a move number ("12." / "12..."), else -1
    // Drop: "N@f3", a piece set in from the hand (drop chess, bughouse); a
    // Normal move never matches a drop.
    enum Kind { Normal, Castle, Null, AnyMove, Drop } kind = Normal;
    int castleRights = 0; // Castle: bits as CastlingRightsFilter (1 K, 2 Q, 4 k, 8 q), 0 = any
    PieceTypes fromPieces, toPieces;
    chess::SquareSet from = chess::SquareSet::all(), to = chess::SquareSet::all();
    char op = 0;                // '-', 'x', ':' or 0 (destination only, "Ne5")
    bool promotionOnly = false; // "P=Q": no destination given
    bool enpassant = false;
    PieceTypes promote; // "=Q"; empty when not given
    struct Suffix {
        NextMoveFilter::Kind kind;
        bool negated;
    };
    std::vector<Suffix> suffixes; // +, ++, +++, #, -, --, ---, *, !
    // Without move numbers the mover's letter names its colour (P white, p
    // black); with them, and in :line*, the side to move decides it.
    bool coloured = false;
};

// A :line without move numbers: letters name colours, so the movers' colours
// must alternate (seed). Marks the moves coloured; "" or the error.
std::string colourLine(std::vector<LineMove> &moves);

// Splits :line text into words and reads each into a move. Move numbers must
// ascend. False with error set for a word that is no move.
bool readLineMoves(std::string_view text, std::vector<LineMove> &out, std::string &error);

// CQL 6 text compiled into the program being built (the CQL-S compiler's
// lowering), each word of `arguments` standing for its filter.
using Lowering =
    std::function<FilterPtr(const std::string &cql6, const std::map<std::string, const Filter *> &arguments)>;

// The filters of one move as the game's next move (the parts of a :sequence step).
bool lineMoveFilters(const LineMove &m, std::vector<FilterPtr> &parts, std::string &error, const Lowering &lower);

// ':line (m1 .. mk | mk+1 .. mn)': at the position after mk, the moves
// mk+1 .. mn could be played one after another (whether or not they were).
class PotentialLineFilter : public Filter {
public:
    explicit PotentialLineFilter(std::vector<LineMove> moves) : m_moves(std::move(moves)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    bool from(const chess::Position &pos, size_t k, long long ply) const;
    std::vector<LineMove> m_moves;
};

// ':line* (moves)': the position reached by playing the moves from the game's
// start position, in any order: the current position has as many plies and
// the same pieces, side to move and castling rights (en passant ignored).
class LineStarFilter : public Filter {
public:
    explicit LineStarFilter(std::vector<LineMove> moves) : m_moves(std::move(moves)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    bool transformSensitive() const override { return false; }

    // Checks the seed's rules: every move determined (one piece type, one
    // origin, one destination, the captured piece and the promotion named),
    // check marks only on the last move, no '|'. Returns "" if fine.
    static std::string validate(const std::vector<LineMove> &moves);

private:
    std::vector<LineMove> m_moves;
};

} // namespace cql::cqls
