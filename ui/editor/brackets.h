// Bracket matching over CQL text that skips strings and comments.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace wb {

// Index of the bracket matching the one at pos ({}, (), []); -1 when the
// character at pos is no bracket in code or has no partner.
int findMatchingBracket(const QString &text, int pos);
bool isBracket(QChar c);

} // namespace wb
