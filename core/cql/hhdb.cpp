// hhdb awards and cooks.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "hhdb.h"

#include <algorithm>

namespace cql {

namespace {

// Reads a positive number at the front of s.
bool readNumber(std::string_view &s, int &out)
{
    size_t i = 0;
    long long v = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9' && v < 1000000)
        v = v * 10 + (s[i++] - '0');
    if (i == 0 || v == 0) return false;
    out = int(v);
    s.remove_prefix(i);
    return true;
}

bool readText(std::string_view &s, std::string_view text)
{
    if (!s.starts_with(text)) return false;
    s.remove_prefix(text.size());
    return true;
}

} // namespace

bool HhdbAwardFilter::rank(std::string_view s, int &out) const
{
    int first = 0, last = 0;
    if (readNumber(s, first)) {
        last = first;
        if (readText(s, "/") && (!readNumber(s, last) || last <= first)) return false; // "2/1" or "1/" is no award
    }
    const bool ranked = first > 0;
    const bool special = readText(s, ranked ? ".sp" : "sp");
    Kind kind;
    if (readText(s, ".p"))
        kind = Prize;
    else if (readText(s, ".hm"))
        kind = HonorableMention;
    else if (readText(s, ".c"))
        kind = Commendation;
    else
        return false;
    if ((m_kind != Award && kind != m_kind) || (m_special && !special)) return false;
    if (!ranked) {
        first = 1;
        last = UnrankedMax;
    }
    out = special && !m_special ? 0 : m_max ? last : first;
    return true;
}

bool HhdbAwardFilter::number(Ctx &ctx, long long &out) const { return numberOf(ctx.game->tag("Event"), out); }

bool HhdbAwardFilter::numberOf(std::string_view event, long long &out) const
{
    int r = 0;
    if (!rank(event, r) || r <= 0) return false;
    out = r;
    return true;
}

bool HhdbCookedFilter::match(Ctx &ctx) const
{
    // A fact of the game, not of the position: the comments are read once per game.
    if (ctx.hhdbCooked < 0) {
        const game::Game &g = *ctx.game;
        ctx.hhdbCooked = std::any_of(g.nodes.begin(), g.nodes.end(), [&](const game::Node &n) {
            return g.text(n.comment).find("<cook") != std::string_view::npos
                || g.text(n.preComment).find("<cook") != std::string_view::npos;
        });
    }
    return ctx.hhdbCooked == 1;
}

} // namespace cql
