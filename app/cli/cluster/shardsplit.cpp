// Cutting a list of files into shards by bytes.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "shardsplit.h"

#include <algorithm>
#include <charconv>

namespace cluster {

namespace {

bool parseUnsigned(std::string_view s, unsigned &out)
{
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && !s.empty();
}

// a * b / c without overflow (a < c, so the quotient is below b).
uint64_t scale(uint64_t a, uint64_t b, uint64_t c) { return uint64_t((unsigned __int128)a * b / c); }

} // namespace

bool parseShard(std::string_view text, Shard &out, std::string &error)
{
    size_t slash = text.find('/');
    Shard s;
    if (slash == std::string_view::npos || !parseUnsigned(text.substr(0, slash), s.index)
        || !parseUnsigned(text.substr(slash + 1), s.count) || s.index < 1 || s.index > s.count || s.count > 1000000) {
        error = "option -shard needs K/N with 1 <= K <= N <= 1000000, not '" + std::string(text) + "'";
        return false;
    }
    out = s;
    return true;
}

ShardSplit::ShardSplit(std::vector<uint64_t> fileBytes, unsigned shards)
    : m_bytes(std::move(fileBytes)), m_shards(std::max(1u, shards))
{
    m_start.reserve(m_bytes.size());
    for (uint64_t b : m_bytes) {
        m_start.push_back(m_total);
        m_total += b;
    }
}

unsigned ShardSplit::shardAt(uint64_t position) const
{
    if (m_total == 0) return 1;
    return unsigned(scale(position, m_shards, m_total)) + 1;
}

bool ShardSplit::touches(unsigned k, size_t file) const
{
    if (file >= m_bytes.size() || m_bytes[file] == 0) return false;
    return shardAt(m_start[file]) <= k && k <= shardAt(m_start[file] + m_bytes[file] - 1);
}

unsigned ShardSplit::shardOf(size_t file, uint64_t textOffset, uint64_t textBytes) const
{
    // A file that grew after it was measured keeps its games in its own range.
    uint64_t within = textBytes ? scale(std::min(textOffset, textBytes - 1), m_bytes[file], textBytes) : 0;
    return shardAt(m_start[file] + within);
}

std::vector<uint32_t> ShardSplit::games(unsigned k, size_t file, const std::vector<uint64_t> &gameOffsets,
                                        uint64_t textBytes) const
{
    std::vector<uint32_t> out;
    if (!touches(k, file)) return out;
    for (size_t i = 0; i < gameOffsets.size(); ++i)
        if (shardOf(file, gameOffsets[i], textBytes) == k) out.push_back(uint32_t(i));
    return out;
}

} // namespace cluster
