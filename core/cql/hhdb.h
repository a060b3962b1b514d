// hhdb: fields of the HHdb endgame study database, read from its tag
// conventions: the Event tag starts with the award ("1.p", "1/2.p", ".p",
// "2.hm", "sp.c", ...), the Black tag holds "(+GBR squares)" or "(=...)" with
// flags, the White tag the composer.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <string_view>

namespace cql {

class HhdbFilter : public Filter {
public:
    enum Field { Prize, HonorableMention, Commendation, Special, Award, Stipulation, Gbr, Composer };
    explicit HhdbFilter(Field f);
    bool match(Ctx &ctx) const override;
    bool number(Ctx &ctx, long long &out) const override;
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &) const override { return std::make_unique<HhdbFilter>(m_field); }
    bool transformSensitive() const override { return false; }
    // The field a name after `hhdb` stands for; false for an unknown name.
    static bool fieldFromName(std::string_view name, Field &out);

private:
    Field m_field;
};

} // namespace cql
