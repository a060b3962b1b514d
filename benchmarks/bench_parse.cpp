// How long the CQL front end takes on a 200-line query (the editor parses on
// every pause in typing). Prints milliseconds per compile.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/query.h"

#include <chrono>
#include <cstdio>
#include <string>

int main()
{
    std::string plain = "cql()\n", transforms = "cql()\n";
    for (int i = 0; i < 200; ++i) {
        std::string sq = std::string(1, char('a' + i % 8)) + std::to_string(1 + i % 8);
        plain += "{Q" + sq + " k attackedby N} or {line --> check --> not check} // line " + std::to_string(i) + "\n";
        transforms += "{flip {Q" + sq + " k attackedby N}} or {line --> check --> not check}\n";
    }
    for (auto [name, text] :
         {std::pair{"200 lines, no transforms", &plain}, std::pair{"200 lines, a flip each", &transforms}}) {
        const int runs = 200;
        auto t0 = std::chrono::steady_clock::now();
        for (int i = 0; i < runs; ++i) {
            std::vector<cql::Diagnostic> d;
            auto q = cql::compile(*text, {}, d);
            if (!q) {
                std::fprintf(stderr, "compile failed: %s\n", d.empty() ? "?" : d[0].message.c_str());
                return 1;
            }
        }
        double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / runs;
        std::printf("%-28s %.3f ms per compile\n", name, ms);
    }
}
