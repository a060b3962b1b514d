// atomic F: the variables and dictionary entries F assigns get their old
// values back when F does not match in the end.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

namespace cql {

class AtomicFilter : public Filter {
public:
    explicit AtomicFilter(FilterPtr body);
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    bool transformSensitive() const override { return m_body->transformSensitive(); }

private:
    FilterPtr m_body;
};

} // namespace cql
