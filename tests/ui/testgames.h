// Small PGN databases the search tests build in memory.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "database/databasesource.h"

#include <memory>
#include <string>

namespace testgames {

// Per copy three games; the second ends in mate (fool's mate), the others do not.
inline std::string mates(int copies)
{
    std::string out;
    for (int i = 0; i < copies; ++i) {
        out += "[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n\n";
        out += "[White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";
        out += "[White \"E\"]\n[Black \"F\"]\n[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n\n";
    }
    return out;
}

// An indexed database of `text`, as the workbench opens files.
inline wb::GameSourcePtr source(const std::string &text, const char *name)
{
    auto db = std::make_shared<db::Database>();
    std::string error;
    if (!db->openText(text, name, {}, &error)) qFatal("cannot open test PGN: %s", error.c_str());
    return std::make_shared<wb::DatabaseSource>(std::move(db));
}

} // namespace testgames
