// The store file's layout: a fixed header, then the sections one after the
// other, each starting on an 8-byte boundary.
//   records  GameRecord per game
//   fields   FieldCount string ids per game (the index's header fields)
//   tags     (name, value) string id pairs
//   moves    16-bit codes, a game's tree in its node order (below)
//   strings  (offset, length) per string, into the bytes
//   bytes    the string pool
//   signatures  GameSignature per game (signatures.h)
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamestore.h"
#include "hash.h"
#include "signatures.h"

#include <cstddef>
#include <cstdint>

namespace store {

// A game's codes say its tree in the order a full read of its text makes the
// nodes: a move is chess::Move's bits and makes a child of the current node
// (its last child, as a variation does); a marker is a code no move has
// (from and to the same square, no drop), with its operands after it:
//   VariationStart  the following moves are an alternative to the current
//                   node's move: the current node becomes its parent
//   VariationEnd    back to the node current before the matching start
//   Comment lo hi   the current node's comment: string id hi << 16 | lo
//   PreComment lo hi    its comment before the move (the root's: before the game)
//   Nag n           one of its NAGs, in order
// A game's first codes before any move annotate the root.
enum Code : uint16_t {
    VariationStart = 2 | 2 << 6,
    VariationEnd = 3 | 3 << 6,
    CommentCode = 4 | 4 << 6,
    PreCommentCode = 5 | 5 << 6,
    NagCode = 6 | 6 << 6,
};
// Variations nested deeper are not stored (the game is read from its text).
constexpr int MaxVariationDepth = 256;

inline constexpr char Magic[8] = {'C', 'Q', 'L', 'W', 'B', 'S', 'T', '\n'};
constexpr uint32_t EndianMark = 0x01020304;
constexpr uint64_t PayloadSeed = 0x5354'4F52'4531ULL;

struct FileHeader {
    char magic[8];
    uint32_t version;
    uint32_t endian;
    uint64_t idSize;
    int64_t idMtime;
    uint64_t idHead;
    uint64_t idTail;
    uint64_t textSize;
    uint64_t gameCount;
    uint64_t tagCount;
    uint64_t moveCount;
    uint64_t stringCount;
    uint64_t byteCount;
    uint64_t payloadHash;
    uint64_t headerHash; // of the bytes before it
};
static_assert(sizeof(FileHeader) == 112);

inline uint64_t headerHash(const FileHeader &h) { return hash64(&h, offsetof(FileHeader, headerHash), 0x48454144); }

struct Layout {
    uint64_t records = 0, fields = 0, tags = 0, moves = 0, strings = 0, bytes = 0, signatures = 0, total = 0;
};

inline uint64_t align8(uint64_t n) { return (n + 7) & ~uint64_t(7); }

// False when the counts are absurd (a damaged header that slipped through would otherwise overflow).
inline bool layoutFor(const FileHeader &h, Layout &l)
{
    constexpr uint64_t Max = uint64_t(1) << 40;
    if (h.gameCount > Max || h.tagCount > Max || h.moveCount > Max || h.stringCount > Max || h.byteCount > Max)
        return false;
    if (h.stringCount > 0xFFFFFFFFu || h.byteCount > 0xFFFFFFFFu) return false;
    l.records = sizeof(FileHeader);
    l.fields = l.records + h.gameCount * sizeof(GameRecord);
    l.tags = l.fields + align8(h.gameCount * db::FieldCount * 4);
    l.moves = l.tags + h.tagCount * 8;
    l.strings = l.moves + align8(h.moveCount * 2);
    l.bytes = l.strings + h.stringCount * 8;
    l.signatures = l.bytes + align8(h.byteCount);
    l.total = l.signatures + h.gameCount * sizeof(GameSignature);
    return true;
}

} // namespace store
