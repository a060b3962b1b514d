// hhdb fields.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "hhdb.h"

namespace cql {

namespace {

// The award token: the Event tag's first word, e.g. "1.p", "1/2.hm", ".c", "sp.p".
std::string_view awardToken(const game::Game &g)
{
    std::string_view ev = g.tag("Event");
    size_t sp = ev.find(' ');
    std::string_view tok = ev.substr(0, sp);
    size_t dot = tok.rfind('.');
    if (dot == std::string_view::npos)
        return {};
    std::string_view kind = tok.substr(dot + 1);
    if (kind != "p" && kind != "hm" && kind != "c")
        return {};
    return tok;
}

// Rank of an award of the given kind ("p", "hm", "c"): the leading number, 1
// when none is written (".p"); a shared award "1/2.p" counts as its first.
bool awardRank(const game::Game &g, std::string_view kind, long long &out)
{
    std::string_view tok = awardToken(g);
    if (tok.empty())
        return false;
    size_t dot = tok.rfind('.');
    if (tok.substr(dot + 1) != kind)
        return false;
    std::string_view num = tok.substr(0, dot);
    if (num.find("sp") != std::string_view::npos)
        return false; // special awards are not ranked
    long long v = 0;
    size_t i = 0;
    for (; i < num.size() && num[i] >= '0' && num[i] <= '9'; ++i)
        v = v * 10 + (num[i] - '0');
    if (i < num.size() && num[i] != '/')
        return false;
    out = i == 0 ? 1 : v;
    return true;
}

} // namespace

HhdbFilter::HhdbFilter(Field f) : m_field(f)
{
    switch (f) {
    case Prize: case HonorableMention: case Commendation: type = Type::Numeric; break;
    case Special: type = Type::Logical; break;
    default: type = Type::String; break;
    }
}

bool HhdbFilter::fieldFromName(std::string_view name, Field &out)
{
    static constexpr std::pair<std::string_view, Field> names[] = {
        {"prize", Prize}, {"hm", HonorableMention}, {"honorablemention", HonorableMention},
        {"commendation", Commendation}, {"special", Special}, {"award", Award},
        {"stipulation", Stipulation}, {"gbr", Gbr}, {"composer", Composer},
    };
    for (auto [n, f] : names)
        if (n == name) { out = f; return true; }
    return false;
}

bool HhdbFilter::match(Ctx &ctx) const
{
    if (m_field == Special)
        return awardToken(*ctx.game).starts_with("sp") || awardToken(*ctx.game).find(".sp") != std::string_view::npos;
    if (type == Type::Numeric) {
        long long v;
        return number(ctx, v);
    }
    std::string s;
    return string(ctx, s);
}

bool HhdbFilter::number(Ctx &ctx, long long &out) const
{
    switch (m_field) {
    case Prize: return awardRank(*ctx.game, "p", out);
    case HonorableMention: return awardRank(*ctx.game, "hm", out);
    case Commendation: return awardRank(*ctx.game, "c", out);
    default: return false;
    }
}

bool HhdbFilter::string(Ctx &ctx, std::string &out) const
{
    const game::Game &g = *ctx.game;
    switch (m_field) {
    case Award: {
        std::string_view a = awardToken(g);
        if (a.empty())
            return false;
        out = std::string(a);
        return true;
    }
    case Composer: {
        std::string_view w = g.tag("White");
        if (w.empty())
            return false;
        out = std::string(w);
        return true;
    }
    case Stipulation: case Gbr: {
        // "(+0471.21a2h4) (m)": stipulation '+' or '=', then the GBR code.
        std::string_view b = g.tag("Black");
        if (b.size() < 9 || b[0] != '(' || (b[1] != '+' && b[1] != '='))
            return false;
        if (m_field == Stipulation) {
            out = std::string(1, b[1]);
            return true;
        }
        size_t e = 2;
        while (e < b.size() && ((b[e] >= '0' && b[e] <= '9') || b[e] == '.'))
            ++e;
        out = std::string(b.substr(2, e - 2));
        return !out.empty();
    }
    default: return false;
    }
}

} // namespace cql
