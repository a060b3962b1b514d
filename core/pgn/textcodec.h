// Text encoding helpers for PGN: UTF-8 validation and the Latin-1 fallback.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace pgn {

// True when s is well-formed UTF-8 (no overlong forms, no surrogates, <= U+10FFFF).
bool isValidUtf8(std::string_view s);
// Keeps valid UTF-8 sequences and reads every other byte as Latin-1, so text
// mixing both (a Latin-1 name in a UTF-8 file) comes out as valid UTF-8.
void latin1ToUtf8(std::string_view s, std::string &out);

} // namespace pgn
