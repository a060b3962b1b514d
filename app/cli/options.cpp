// Command-line parsing for cqlwb-cli.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "options.h"

#include <charconv>
#include <cstring>

namespace cli {

namespace {

bool parseLong(const char *s, long &out)
{
    const char *end = s + std::strlen(s);
    auto [p, ec] = std::from_chars(s, end, out);
    return ec == std::errc() && p == end && p != s;
}

bool isNumber(const char *s)
{
    long v;
    return parseLong(s, v);
}

// Options that wrap the body in the transform of the same name.
constexpr const char *Transforms[] = {"flip",     "flipcolor",       "fliphorizontal", "flipvertical",
                                      "shift",    "shifthorizontal", "shiftvertical",  "reversecolor",
                                      "rotate90", "rotate45"};

} // namespace

bool parseOptions(int argc, char **argv, Options &o, std::string &error)
{
    int i = 1;
    // The value after option `name`, or an error.
    auto value = [&](const std::string &name, std::string &out) {
        if (i + 1 >= argc) {
            error = "option -" + name + " needs a value";
            return false;
        }
        out = argv[++i];
        return true;
    };
    // N [M]: a second number is taken when one follows; N alone is N exactly.
    auto range = [&](const std::string &name, std::optional<Range> &out) {
        std::string a;
        if (!value(name, a)) return false;
        long lo, hi;
        if (!parseLong(a.c_str(), lo) || lo < 0) {
            error = "option -" + name + " needs a number, not '" + a + "'";
            return false;
        }
        hi = lo;
        if (i + 1 < argc && isNumber(argv[i + 1])) parseLong(argv[++i], hi);
        if (hi < lo) {
            error = "option -" + name + ": the range " + std::to_string(lo) + " " + std::to_string(hi) + " is empty";
            return false;
        }
        out = Range(lo, hi);
        return true;
    };
    // A game filter with a string argument.
    auto stringFilter = [&](const std::string &name, const std::string &prefix) {
        std::string v;
        if (!value(name, v)) return false;
        // X "text" searches the text in X; a text no CQL string can hold is
        // joined from pieces and searched with `in`.
        const std::string q = search::quoteString(v);
        o.edits.outerFilters.push_back(q.front() == '"' ? prefix + " " + q : q + " in " + prefix);
        return true;
    };

    for (; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg.size() < 2 || arg[0] != '-') {
            if (!o.queryFile.empty()) {
                error = "more than one query file: '" + o.queryFile + "' and '" + arg + "'";
                return false;
            }
            o.queryFile = arg;
            continue;
        }
        std::string name = arg.substr(arg.compare(0, 2, "--") == 0 ? 2 : 1);
        bool isTransform = false;
        for (const char *t : Transforms)
            if (name == t) {
                o.edits.transforms.push_back(t);
                isTransform = true;
            }
        if (isTransform) continue;
        if (name == "i" || name == "input") {
            std::string v;
            if (!value(name, v)) return false;
            o.inputs.push_back(v);
        } else if (name == "o" || name == "output") {
            if (!value(name, o.output)) return false;
        } else if (name == "g" || name == "gamenumber") {
            if (!range(name, o.gameNumber)) return false;
        } else if (name == "matchcount") {
            if (!range(name, o.matchCount)) return false;
        } else if (name == "threads") {
            std::string v;
            long n;
            if (!value(name, v)) return false;
            if (!parseLong(v.c_str(), n) || n < 1 || n > 1024) {
                error = "option -threads needs a number from 1 to 1024, not '" + v + "'";
                return false;
            }
            o.threads = unsigned(n);
        } else if (name == "s" || name == "singlethreaded") {
            o.threads = 1;
        } else if (name == "chess960") {
            o.chess960 = true;
        } else if (name == "notruncate") {
            o.noTruncate = true;
        } else if (name == "lineincrement") {
            std::string v;
            if (!value(name, v)) return false;
            if (!parseLong(v.c_str(), o.lineIncrement) || o.lineIncrement < 1) {
                error = "option -lineincrement needs a positive number, not '" + v + "'";
                return false;
            }
        } else if (name == "showmatches") {
            o.showMatches = true;
        } else if (name == "mainline") {
            o.variations = false;
        } else if (name == "variations") {
            o.variations = true;
        } else if (name == "matchstring") {
            std::string v;
            if (!value(name, v)) return false;
            o.matchString = v;
        } else if (name == "noheader") {
            o.noHeader = true;
        } else if (name == "silent") {
            o.silent = true;
        } else if (name == "quiet") {
            o.quiet = true;
        } else if (name == "cql") {
            std::string v;
            if (!value(name, v)) return false;
            o.cqlFilters.push_back(v);
        } else if (name == "fen") {
            std::string v;
            if (!value(name, v)) return false;
            o.fen = v;
        } else if (name == "white") {
            if (!stringFilter(name, "player white")) return false;
        } else if (name == "black") {
            if (!stringFilter(name, "player black")) return false;
        } else if (name == "player") {
            if (!stringFilter(name, "player")) return false;
        } else if (name == "event") {
            if (!stringFilter(name, "event")) return false;
        } else if (name == "site") {
            if (!stringFilter(name, "site")) return false;
        } else if (name == "result") {
            if (!value(name, o.result)) return false;
            if (o.result != "1-0" && o.result != "0-1" && o.result != "1/2-1/2") {
                error = "option -result needs 1-0, 0-1 or 1/2-1/2, not '" + o.result + "'";
                return false;
            }
        } else if (name == "year") {
            std::optional<Range> years;
            if (!range(name, years)) return false;
            std::string f = "year >= " + std::to_string(years->first);
            f += " year <= " + std::to_string(years->second);
            o.edits.outerFilters.push_back(f);
        } else if (name == "wtm" || name == "btm") {
            o.edits.outerFilters.push_back(name);
        } else if (name == "a") {
            if (!value(name, o.toAscii)) return false;
        } else if (name == "u") {
            if (!value(name, o.toUnicode)) return false;
        } else if (name == "engine") {
            std::string v;
            if (!value(name, v)) return false;
            o.engine = v;
        } else if (name == "engineoption" || name == "engine-option") {
            std::string v;
            if (!value(name, v)) return false;
            size_t eq = v.find('=');
            if (eq == std::string::npos || eq == 0) {
                error = "option -engineoption needs NAME=VALUE, not '" + v + "'";
                return false;
            }
            o.engineOptions.emplace_back(v.substr(0, eq), v.substr(eq + 1));
        } else if (name == "playerbase" || name == "player-base") {
            std::string v;
            if (!value(name, v)) return false;
            o.playerBase = v;
        } else if (name == "tablebases") {
            std::string v;
            if (!value(name, v)) return false;
            o.tablebases.push_back(v);
        } else if (name == "check") {
            std::string v;
            if (!value(name, v)) return false;
            o.check.push_back(v);
        } else if (name == "index") {
            std::string v;
            if (!value(name, v)) return false;
            o.index.push_back(v);
        } else if (name == "nostore") {
            o.noStore = true;
        } else if (name == "storedir") {
            if (!value(name, o.storeDir)) return false;
        } else if (name == "shard") {
            std::string v;
            cluster::Shard s;
            if (!value(name, v) || !cluster::parseShard(v, s, error)) return false;
            o.shard = s;
        } else if (name == "merge") {
            // Every following argument up to the next option is a part.
            size_t before = o.merge.size();
            while (i + 1 < argc && (argv[i + 1][0] != '-' || argv[i + 1][1] == 0))
                o.merge.push_back(argv[++i]);
            if (o.merge.size() == before) {
                error = "option -merge needs the parts of a sharded search";
                return false;
            }
        } else if (name == "convert-to-cql6") {
            if (!value(name, o.convertToCql6)) return false;
        } else if (name == "version") {
            o.version = true;
        } else if (name == "help" || name == "h") {
            o.help = true;
        } else {
            error = "unknown option " + arg + " (see -help)";
            return false;
        }
    }
    return true;
}

const char *helpText()
{
    return R"(usage: cqlwb-cli [options] [file.cql]

Searches PGN games with a CQL query (CQL 6.2), as the cql program does, and
writes the matched games to a PGN file. Options may start with - or --, and
override the parameters of the query's cql( ... ) header. A CQL-S script
(Scidb's dialect: a file.cqls, or any file starting with "(match") is
recognised by itself.

Input and output:
  -i, -input FILE          PGN file to search (.pgn, .pgn.gz, .pgn.zst);
                           repeatable: the files are searched one after the
                           other (each numbers its games from 1)
  -o, -output FILE         output PGN (default: the header's output, else
                           <query name>-out.pgn in the current folder)
  -g, -gamenumber N [M]    search only games N to M (numbers count from 1)
  -matchcount N [M]        output a game only if N to M positions match
  -result R                only games whose Result tag is R (1-0, 0-1, 1/2-1/2)
  -variations              also search positions inside variations
  -chess960                read Chess960 games (Variant tag, Shredder/X-FEN)
                           with Chess960 castling; without it they are read
                           as standard chess, as cql does, and a Chess960
                           castling ends the game
  -notruncate              write games of any length (cql, and so by default
                           cqlwb-cli, cuts a game's text at 105,000 bytes)
  -mainline                search the mainline only
  -matchstring S           comment marking a matched position (default CQL)
  -silent                  add no comments to the output
  -quiet                   add no automatic comments (markers, Found, ...)

Query:
  -cql FILTERS             AND these filters to the query (repeatable); without
                           a query file the query is cql() FILTERS
  -noheader                the query file has no cql( ... ) header
  -fen FEN                 only positions whose board is the FEN's board
  -flip -flipcolor -fliphorizontal -flipvertical -shift -shifthorizontal
  -shiftvertical -reversecolor -rotate90 -rotate45
                           wrap the query's body in that transform
  -white S, -black S       a player of that colour's name contains S
  -player S                either player's name contains S
  -event S, -site S        the Event or Site tag contains S
  -year N [M]              the game's year is N (to M)
  -wtm, -btm               white / black to move

Run:
  -threads N               search with N threads (default: all cores)
  -s, -singlethreaded      search with one thread
  -lineincrement N         print progress every N games
  -showmatches             print each matched game's number and players
                           (a bughouse board: "match: game 12 board B")

Searching on a cluster (scripts/cqlwb-dask.py runs the shards on Dask):
  -shard K/N               search shard K of N of the input files (their bytes
                           cut into N equal runs of whole games) and write what
                           it finds, with each game's file and number, to the
                           part -o PART. Refused for queries and options whose
                           result needs all the games (persistent variables,
                           dictionaries, message, writefile, -lineincrement)
  -merge PART...           merge the parts of shards 1 to N of one search into
                           -o FILE (default: the search's own output): the
                           games, their order (sorted queries included), the
                           problems, -showmatches lines and the count line of
                           one run over all the files

Analysis (CQL-S :evaluation, :moveevaluation, :endgameevaluation):
  -engine PATH             the UCI engine to ask (default: $CQLWB_ENGINE, else
                           stockfish from PATH or /usr/games)
  -engineoption NAME=VALUE set a UCI option of the engine (repeatable), e.g.
                           -engineoption Hash=64
  -tablebases DIR          a directory of Gaviota tablebases (repeatable;
                           default: $CQLWB_TABLEBASES, else /usr/share/gaviotatb)

Player base (CQL-S :birthyear, :deathyear and their white/black forms):
  -playerbase FILE         a spelling file in Scid's format (.ssp, also .gz or
                           .zst) with the players' birth and death dates
                           (default: $CQLWB_PLAYERBASE)

Checking a database:
  -check FILE              replay every game of FILE (repeatable) and report
                           each problem as FILE:LINE:COLUMN: illegal or
                           ambiguous moves, unreadable text, bad FEN or
                           unsupported variants; then a summary line per file.
                           With -variations the variations are replayed too;
                           -chess960 as for a search. No query is needed.
                           Exit status 0 when every game replays cleanly.

Game store (a compact copy of a database's games that later searches
replay instead of the PGN text; same results, several times faster):
  -index FILE              build the game store of FILE (repeatable), or say
                           that it is up to date; no query is needed. A search
                           builds the store of its input by itself the first
                           time and uses it while the file is unchanged
  -nostore                 search the PGN text: neither use nor build a store
                           (a .gz or .zst file's text cache is still used)
  -storedir DIR            keep stores and text caches in DIR (default:
                           $XDG_CACHE_HOME/cqlwb, else ~/.cache/cqlwb); never
                           beside the PGN file

Other:
  -a FILE, -u FILE         convert a query file to ASCII / Unicode symbols
  -convert-to-cql6 FILE    write a CQL-S script in CQL 6 (keywords without
                           a CQL 6 equivalent are listed on standard error)
  -version                 print the version
  -help                    print this list

Exit status: 0 on success; 1 when the query, the input or the output has an
error, or the query failed to evaluate on some games (the others' matches are
written); 2 for a bad command line; 130 when interrupted.
)";
}

} // namespace cli
