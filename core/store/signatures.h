// Per-game signatures over the whole game tree (mainline and variations):
// where each kind of piece ever stood, the most and the fewest of each kind
// at once, the promotions and castlings played and whether some position is
// check, mate or stalemate. Query prefilters (prefilter.h) test them: a query that needs
// a white rook on a1 somewhere rules out every game whose rooks never stood
// there without replaying it. Kept in a section of their own at the end of
// the store (format.h), one per game (zeros for games the store does not replay).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "game/game.h"

#include <algorithm>
#include <cstdint>

namespace store {

enum SignatureFlag : uint8_t {
    TreeCheck = 1,     // some position of the tree is check
    TreeMate = 2,      // some position of the tree is checkmate
    TreeStalemate = 4, // some position of the tree is stalemate
};

// 120 bytes on disk (native byte order, as the records).
struct GameSignature {
    // The union of the squares each piece kind stood on in any position:
    // white pawn..king, black pawn..king.
    uint64_t squares[12] = {};
    // The most pieces of each kind at once in any position (same order).
    uint8_t pieceMax[12] = {};
    // The piece types each side promoted to (bit 1 << chess::PieceType), white then black.
    uint8_t promotions[2] = {};
    uint8_t castlings = 0; // CastlingBit (gamestore.h), of any move of the tree
    uint8_t flags = 0;     // SignatureFlag
    uint16_t maxPly = 0;   // the ply of the deepest position (at most 65535)
    // The fewest pieces of each kind at once in any position (same order),
    // four bits each, at most 15: never more than the count (zeros, as for a
    // game the store does not replay, rule nothing out).
    uint8_t pieceMinPacked[6] = {};

    int pieceMin(int kind) const { return (pieceMinPacked[kind / 2] >> (4 * (kind % 2))) & 15; }
    void setPieceMin(int kind, int count)
    {
        uint8_t &b = pieceMinPacked[kind / 2];
        const int shift = 4 * (kind % 2);
        b = uint8_t((b & ~(15 << shift)) | (std::min(count, 15) << shift));
    }
};
static_assert(sizeof(GameSignature) == 120);

// The signature of a parsed game (a standard game: no drops, so a move adds
// a piece only by promoting).
void signatureOf(const game::Game &g, GameSignature &out);

} // namespace store
