// Fuzz target: the CQL-S parser and the CQL-S to CQL 6 converter. The input
// is a script; it is compiled, converted, and the CQL 6 text the converter
// writes is compiled too (it must compile whenever the script did).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzzcheck.h"

#include "cql/cqls/tocql6.h"
#include "cql/query.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    if (fuzzcheck::skipKnownBug(text) || fuzzcheck::skipKnownCqlsBug(text)) return 0;
    cql::CompileOptions options;
    options.dialect = cql::Dialect::CqlS;
    std::vector<cql::Diagnostic> diagnostics;
    auto script = cql::compile(text, options, diagnostics);
    if (!script) FUZZ_CHECK(!diagnostics.empty(), "a script fails to compile without a diagnostic");

    const cql::cqls::Cql6Conversion converted = cql::cqls::convertToCql6(text);
    if (!converted.ok) {
        FUZZ_CHECK(!converted.diagnostics.empty(), "a conversion fails without a diagnostic");
        return 0;
    }
    std::vector<cql::Diagnostic> again;
    auto query = cql::compile(converted.text, {}, again);
    if (script) {
        FUZZ_CHECK(query != nullptr, "the CQL 6 text of a script that compiles does not compile", converted.text,
                   again.empty() ? std::string() : again[0].message);
    }
    return 0;
}
