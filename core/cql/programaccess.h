// The compiled program behind a Query, for the evaluator and for tests that
// evaluate a filter by hand. Internal to the CQL layer: the public API
// (query.h) names Program only as an incomplete type.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "program.h"
#include "query.h"

namespace cql {

struct ProgramAccess {
    static const Program &program(const Query &query) { return *query.m_program; }
};

} // namespace cql
