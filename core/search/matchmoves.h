// What a result view builds its move trees from, recorded while the search
// has the game in hand so the trees need no second pass over the PGN text:
// the game's result and ratings, its mainline moves, and the moves played
// right after each matched position.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/move.h"
#include "chess/position.h"
#include "cql/query.h"
#include "game/game.h"

#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

namespace search {

// A move with what it takes to name it without its position (piece, capture,
// check, mate), packed in 32 bits: moves after different matched positions
// are grouped by these.
class MoveCode {
public:
    constexpr MoveCode() = default;
    static MoveCode of(const chess::Position &before, chess::Move move, const chess::Position &after);

    bool valid() const { return m_bits & ValidBit; }
    chess::Move move() const { return std::bit_cast<chess::Move>(uint16_t(m_bits & 0xFFFF)); }
    chess::PieceType piece() const { return chess::PieceType((m_bits >> 16) & 7); }
    bool capture() const { return m_bits & CaptureBit; }
    bool check() const { return m_bits & CheckBit; }
    bool mate() const { return m_bits & MateBit; }
    bool byBlack() const { return m_bits & BlackBit; }
    uint32_t bits() const { return m_bits; }
    // SAN without disambiguation ("Nxe5+", "exd6", "O-O", "e8=Q#"): the same
    // text for the same move whichever piece of its kind made it.
    std::string text() const;
    bool operator==(const MoveCode &) const = default;

private:
    static constexpr uint32_t CaptureBit = 1u << 19, CheckBit = 1u << 20, MateBit = 1u << 21, ValidBit = 1u << 22,
                              BlackBit = 1u << 23;
    uint32_t m_bits = 0;
};

// Plies recorded after each matched position.
constexpr int NextPlies = 4;

enum class Outcome : int8_t { WhiteWin, Draw, BlackWin, Unknown };

struct MatchMoves {
    Outcome outcome = Outcome::Unknown;
    uint16_t whiteElo = 0; // 0: not given
    uint16_t blackElo = 0;
    // The start position, when it is not the standard one (a FEN tag, a
    // variant); a pointer, as most games have none and a Position is large.
    std::shared_ptr<const chess::Position> start;
    std::vector<chess::Move> mainline;
    // NextPlies codes per matched position, in GameResult::matches order; an
    // invalid code where the line ended.
    std::vector<MoveCode> next;
};

// Records from the game the evaluator ran on (whose node ids the result's marks name).
void recordMatchMoves(const game::Game &game, const cql::GameResult &result, MatchMoves &out);

} // namespace search
