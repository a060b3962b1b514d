// Fuzz target: the CQL 6 parser and compiler. The input is a query (the
// cql( ... ) header may be left out). A query that compiles must compile
// again after conversion to its Unicode spelling and back.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzzcheck.h"

#include "cql/convert.h"
#include "cql/cqls/parser.h"
#include "cql/query.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    if (fuzzcheck::skipKnownBug(text)) return 0;
    // A "(match" script would go to the CQL-S parser, which has a target of its own.
    if (cql::cqls::isCqlsSource(text, "")) return 0;
    cql::CompileOptions options;
    options.requireHeader = false;
    std::vector<cql::Diagnostic> diagnostics;
    auto query = cql::compile(text, options, diagnostics);
    if (!query) {
        FUZZ_CHECK(!diagnostics.empty(), "a query fails to compile without a diagnostic");
        return 0;
    }
    (void)query->needsVariations();
    (void)query->needsSingleThread();
    (void)query->persistentReport();

    const std::string unicode = cql::toUnicode(text);
    const std::string ascii = cql::toAscii(unicode);
    for (const std::string *converted : {&unicode, &ascii}) {
        if (cql::cqls::isCqlsSource(*converted, "")) continue;
        std::vector<cql::Diagnostic> again;
        const bool compiles = cql::compile(*converted, options, again) != nullptr;
        FUZZ_CHECK(compiles, "a query no longer compiles after converting its spelling", *converted,
                   again.empty() ? std::string() : again[0].message);
    }
    return 0;
}
