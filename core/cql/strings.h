// String and variable-state filters: tag, lowercase, uppercase, isbound,
// isunbound, unbind, sidetomove.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

namespace cql {

// tag "Name": the tag's value as CQL 6.2 reads it (game/tagvalues.h; no match when it has none).
class TagValueFilter : public InvariantFilter<TagValueFilter, StringFilter> {
public:
    explicit TagValueFilter(std::string name) : m_name(std::move(name)) {}
    bool string(Ctx &ctx, std::string &out) const override;

private:
    std::string m_name;
};

class CaseFilter : public StringFilter {
public:
    CaseFilter(bool upper, FilterPtr a) : m_upper(upper), m_a(std::move(a)) {}
    // Where a filter must match, CQL 6.2 answers false for it (without
    // evaluating its argument); the parser warns.
    bool match(Ctx &) const override { return false; }
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &t) const override
    {
        return std::make_unique<CaseFilter>(m_upper, m_a->transformed(t));
    }

private:
    bool m_upper;
    FilterPtr m_a;
};

class BoundFilter : public InvariantFilter<BoundFilter> {
public:
    enum Kind { IsBound, IsUnbound, Unbind };
    BoundFilter(Kind k, int slot) : m_kind(k), m_slot(slot) {}
    bool match(Ctx &ctx) const override;

private:
    Kind m_kind;
    int m_slot;
};

} // namespace cql
