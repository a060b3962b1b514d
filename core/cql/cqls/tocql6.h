// Rewriting a CQL-S script as CQL 6 text, keyword by keyword, and naming the
// CQL-S keywords that CQL 6 cannot say.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/designators.h"
#include "cql/query.h"
#include "cql/token.h"

#include <string>
#include <string_view>
#include <vector>

namespace cql::cqls {

// A CQL-S keyword (or designator) the CQL 6 text leaves out.
struct Untranslated {
    std::string keyword; // as written: ":evaluation", "!:endgame", "Q~"
    int line = 1;
    int column = 1;
    std::string reason;       // more detail, may be empty ("never true in a standard game", ...)
    bool noEquivalent = true; // false: CQL 6 could say it, the converter does not (yet)
};

struct Cql6Conversion {
    bool ok = false;                        // false: the script could not be read (see diagnostics)
    std::string text;                       // the CQL 6 query, with a header
    std::vector<Untranslated> untranslated; // in script order
    std::vector<Diagnostic> diagnostics;    // reading errors
};

// The CQL 6 filter of :check, :doublecheck or :contactcheck; `by` is the
// CQL 6 set of the checking pieces, "" for any.
std::string checkCql6(std::string_view keyword, const std::string &by);

// The CQL 6 filter of :player, :whiteplayer, :blackplayer, :event or :site
// (a part of the tag, case folded); `name` is a CQL 6 string in lower case.
std::string playerCql6(std::string_view keyword, const std::string &name);

// The CQL 6 filter of a next move promoting to a piece of m (both colours'
// bits); `to` is the CQL 6 set of its target squares, "" for any.
std::string promoteCql6(PieceMask m, const std::string &to);

// The CQL 6 filter of a next move castling with one of the rights (bits: 1 K,
// 2 Q, 4 k, 8 q; 0 any).
std::string castlingCql6(int rights);

// The CQL 6 test of a keyword whose argument is a range: its row's number
// (keywordtable.h's cql6Text) in the range; "" when CQL 6 cannot say it
// (bounds counted from the game's end, percentages).
std::string rangeCql6(std::string_view keyword, const Range &r);

// The repetition of a :sequence step that holds for a run of lo to hi
// positions (:repetitioncount; hi Range::Max: no bound): "{m,n}" or "{m,}",
// at least one position.
std::string runCql6(long long lo, long long hi);

// :sequence or :gappedsequence: a line (with its options, as "firstmatch
// quiet") through the steps, each already in CQL 6 with its repetition.
std::string sequenceCql6(bool gapped, const std::vector<std::string> &steps, std::string_view options = {});

// Converts a CQL-S script. The result means the same as the script when
// `untranslated` is empty; otherwise each left-out keyword is named in a
// "// no CQL 6 equivalent: :xyz" comment where it stood, and the query
// matches more than the script would.
Cql6Conversion convertToCql6(std::string_view cqlsScript);

} // namespace cql::cqls
