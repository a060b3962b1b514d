// Which games a shard of a sharded search takes (cqlwb-cli -shard K/N).
//
// The input files are laid end to end by their size on disk, and that byte
// range is cut into N equal parts. A game belongs to the part holding its
// start, its start measured in the file's (decompressed) text and scaled to
// the file's size on disk. So every game is in exactly one shard, each shard
// holds one run of consecutive games of the file list (the shards in order
// are the games in order), and a shard opens only the files its range meets:
// it learns which ones from the files' sizes alone, before reading any.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cluster {

// Shard K of N (1 <= K <= N).
struct Shard {
    unsigned index = 1;
    unsigned count = 1;
};

// "K/N"; false with error set ("-shard needs K/N with 1 <= K <= N, not '...'").
bool parseShard(std::string_view text, Shard &out, std::string &error);

class ShardSplit {
public:
    // fileBytes: each input file's size on disk, in the order of the run.
    ShardSplit(std::vector<uint64_t> fileBytes, unsigned shards);

    unsigned shards() const { return m_shards; }
    // Whether shard k can hold games of file j: its byte range meets the file's.
    bool touches(unsigned k, size_t file) const;
    // The shard of the game of file j that starts at textOffset of the file's
    // textBytes of text.
    unsigned shardOf(size_t file, uint64_t textOffset, uint64_t textBytes) const;
    // The games of file j in shard k: indices into gameOffsets (the games'
    // start offsets in the text, ascending), ascending.
    std::vector<uint32_t> games(unsigned k, size_t file, const std::vector<uint64_t> &gameOffsets,
                                uint64_t textBytes) const;

private:
    unsigned shardAt(uint64_t position) const;

    std::vector<uint64_t> m_bytes;
    std::vector<uint64_t> m_start; // of each file in the whole
    uint64_t m_total = 0;
    unsigned m_shards = 1;
};

} // namespace cluster
