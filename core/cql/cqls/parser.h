// The CQL-S front end: a `(match ...)` script in, the same compiled filter
// tree (Program) as the CQL 6 parser produces out.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/program.h"
#include "cql/query.h"

#include <string_view>
#include <vector>

namespace cql::cqls {

// True for a CQL-S script: a file named *.cqls, or text whose first item
// is a "(match" list.
bool isCqlsSource(std::string_view text, std::string_view fileName);

// Compiles a CQL-S script. Every problem becomes a diagnostic with its line
// and column; returns false when there was an error.
bool compileScript(std::string_view text, QueryHeader &header, Program &program, std::vector<Diagnostic> &diagnostics);

} // namespace cql::cqls
