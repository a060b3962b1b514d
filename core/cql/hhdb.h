// hhdb: fields of Harold van der Heijden's endgame study database (HHdb),
// read from its PGN conventions. The award is the start of the Event tag:
// ranks ("1", "1/2" for a shared one, none), "sp" for a special award, then
// ".p" (prize), ".hm" (honourable mention) or ".c" (commendation). Flags such
// as "(m)" or "U1" and the GBR code ("+0471.21a2h4") stand in the Black tag,
// the composer in the White tag, and the stipulation in the first comment.
// The other fields are written in CQL itself (parsehhdb.cpp).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

namespace cql {

// hhdb [prize|hm|commendation|award] [special] [max]: the award's rank (its
// highest with max); it matches any award of the kind. A special award has
// no rank unless `special` asks for special awards.
class HhdbAwardFilter : public InvariantFilter<HhdbAwardFilter> {
public:
    enum Kind { Award, Prize, HonorableMention, Commendation };
    HhdbAwardFilter(Kind kind, bool special, bool max) : m_kind(kind), m_special(special), m_max(max)
    {
        type = Type::Numeric;
    }
    bool match(Ctx &ctx) const override
    {
        int r;
        return rank(ctx.game->tag("Event"), r);
    }
    bool number(Ctx &ctx, long long &out) const override;
    // The number, from the Event tag alone (a game store's prefilter reads it so).
    bool numberOf(std::string_view event, long long &out) const;

    // The rank given to an award without one (".p"): after every ranked award.
    static constexpr int UnrankedMax = 10000;

private:
    bool rank(std::string_view event, int &out) const;
    Kind m_kind;
    bool m_special, m_max;
};

// cql_hhdbhascook: the game's comments mention a cook ("<cook").
class HhdbCookedFilter : public InvariantFilter<HhdbCookedFilter> {
public:
    bool match(Ctx &ctx) const override;
};

} // namespace cql
