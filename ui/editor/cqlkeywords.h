// The CQL words the editor knows (highlighting, completion). One list, in one
// place, until the core's keyword table can replace it.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>
#include <QStringView>

namespace wb::cqlkeywords {

// CQL 6.2 filter, parameter and header words, sorted: the core's keyword
// table plus the words the editor knows that the table does not list yet.
const QStringList &keywords();
bool isKeyword(QStringView word);
// One line of help for a keyword, from the core's table ("" if none).
QString help(QStringView word);
// The same for a CQL-S keyword (without its ':'), from the core's CQL-S table.
QString cqlsHelp(QStringView word);

// Unicode aliases of CQL 6.2 other than the piece glyphs (△ ▲ ◭ □ ▦ × → ← ⊢ ...).
bool isSymbolGlyph(char32_t c);
// ♔ ... ♟ (U+2654 .. U+265F)
bool isPieceGlyph(char32_t c);

} // namespace wb::cqlkeywords
