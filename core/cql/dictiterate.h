// k∊D body / ∀k∊D body (also `square [all] k in D`): the body tried with k
// bound to each key of the dictionary D in turn; matches when it matches for
// some key (for every key with ∀ / all).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

namespace cql {

class DictIterateFilter : public Filter {
public:
    DictIterateFilter(bool all, int keySlot, Type keyType, int dictSlot, FilterPtr body);
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    bool m_all;
    int m_keySlot;
    Type m_keyType;
    int m_dictSlot;
    FilterPtr m_body;
};

} // namespace cql
