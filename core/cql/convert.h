// Converts a CQL query between its ASCII and Unicode spellings (cql -a / -u,
// and the editor's Convert commands). Comments, strings and layout are kept.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace cql {

std::string toUnicode(std::string_view text);
std::string toAscii(std::string_view text);

} // namespace cql
