// The public face of the CQL language layer: compile a query text, then run it
// on games. One Query is shared read-only by all search threads; each thread
// owns its own Evaluator.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "engine/settings.h"
#include "game/game.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cql {

struct Diagnostic {
    enum Severity { Error, Warning };
    Severity severity = Error;
    int line = 1;        // 1-based
    int column = 1;      // 1-based, in characters (code points)
    int length = 1;      // characters to underline
    std::string message; // "expected a set filter after 'light'"
};

// Header parameters of `cql( ... )` that the driver, not the evaluator, acts on.
// Command-line options override them.
struct QueryHeader {
    std::string input; // "" = none given
    std::string output;
    std::optional<std::pair<long, long>> gameNumber; // inclusive range
    std::optional<std::pair<long, long>> matchCount; // inclusive range of matched positions
    bool sortMatchCount = false;
    std::string result; // "" = any
    bool variations = false;
    bool silent = false;
    bool quiet = false;
    std::string matchString = "CQL";
};

enum class Dialect { Cql6, CqlS };

// The dialect of a query: CQL-S for a file named *.cqls or text whose first
// item is a "(match" list, CQL 6 otherwise. Everyone decides it here.
Dialect detectDialect(std::string_view text, std::string_view fileName = {});

struct CompileOptions {
    Dialect dialect = Dialect::Cql6;
    std::string fileName;      // for messages
    bool requireHeader = true; // false: a bare list of filters (-cql, -noheader, the editor)
    bool variations = false;   // variations are searched whatever the header says (-variations)
    // The UCI engine and Gaviota tablebases of the analysing keywords
    // (:evaluation, :endgameevaluation ...); unset: engine::settingsFromEnvironment().
    // Each query evaluates with its own, whatever others in the process use.
    std::optional<engine::Settings> engine;
    // The player base (a Scid spelling file) :birthyear and :deathyear read;
    // unset: database::defaultPlayerBasePath() ($CQLWB_PLAYERBASE); "" = none.
    std::optional<std::string> playerBase;
};

// A sort filter of the query (`sort "title" min ...`), in text order.
struct SortSpec {
    std::string title;
    bool minimize = false;
    bool quiet = false; // sort quiet: the value is not written into the game
};

class Program; // the compiled filter tree (internal: cql/programaccess.h)

class Query {
public:
    ~Query();
    const QueryHeader &header() const { return m_header; }
    QueryHeader &header() { return m_header; }
    // True when positions inside variations are searched: the `variations`
    // parameter, or some filter that needs them (e.g. `variation`, `depth`).
    bool needsVariations() const;
    // True when some filter reads the game's comments or NAGs.
    bool readsAnnotations() const;
    // The sort filters, in text order (GameResult::sortValues has their values).
    const std::vector<SortSpec> &sorts() const;
    // lastgamenumber is used: the file must be indexed (its games counted) before the search.
    bool needsGameCount() const;
    // gamenumber is read by a filter: each game's number in its file must be
    // known before the game is searched (not only when its match is written).
    bool readsGameNumber() const;
    // Persistent variables carry values from game to game: such a query runs on one thread.
    bool needsSingleThread() const;
    // message or writefile: the query writes to the terminal or to files as it
    // searches, in the order games are searched (a sharded search refuses it).
    bool writesOutsideGames() const;
    // "Name: value" for each persistent variable, to print when a run ends.
    std::vector<std::string> persistentReport() const;

private:
    friend std::unique_ptr<Query> compile(std::string_view, const CompileOptions &, std::vector<Diagnostic> &);
    friend struct ProgramAccess;
    QueryHeader m_header;
    std::unique_ptr<Program> m_program;
};

// Parses and compiles. Returns nullptr when any Error diagnostic was produced;
// diagnostics lists every problem found (several where recovery is possible).
std::unique_ptr<Query> compile(std::string_view text, const CompileOptions &options,
                               std::vector<Diagnostic> &diagnostics);

// What a game's evaluation produced.
// A transform filter's image that matched at a position.
struct ImageMark {
    std::string keyword;   // the transform filter: "flipcolor", "rotate90", ...
    int index = 0;         // 1-based among the filter's distinct images
    int count = 0;         // how many distinct images the filter has
    std::string transform; // the image's whole transform, as Transform::name() gives it
    int depth = 0;         // 0 for a transform filter in no other's image, 1 inside one's image...
    int offset = -1;       // where the filter stands in the query text (bytes): tells filters apart
};
struct PositionMark {
    game::NodeId node = game::NoNode;
    chess::SquareSet squares;      // squares that made the position match (for the board)
    std::vector<ImageMark> images; // transform images that matched, outermost filter first
};
struct NodeComment {
    game::NodeId node = game::NoNode;
    std::string text;       // comment text to write after the move leading to node
    bool automatic = false; // written by CQL itself ("Found", line texts): dropped when quiet
};
struct SortValue {
    std::string title; // "" for an untitled sort
    long long value = 0;
    bool minimize = false;
    bool isText = false; // a sort of a string filter: `text` holds the value
    std::string text;
    bool bound = false; // a value was seen
    bool quiet = false; // sort quiet: not written into the game
};
struct GameResult {
    bool matched = false;
    std::vector<PositionMark> matches; // matched positions in the order of the notation (PGN)
    std::vector<NodeComment> comments; // match strings and user comments, in order
    std::vector<SortValue> sortValues;
    std::string error;                                         // evaluation-time error (e.g. assert), "" if none
    bool cancelled = false;                                    // the cancel check stopped the evaluation: no result
    bool commentLimit = false;                                 // error is the comment cap (CommentLimitError)
    std::vector<std::pair<std::string, std::string>> tagEdits; // settag: tags to set in the written game
    std::vector<game::NodeId> removedComments;                 // removecomment: original comments to drop
    void clear()
    {
        matched = false;
        matches.clear();
        comments.clear();
        sortValues.clear();
        error.clear();
        cancelled = false;
        commentLimit = false;
        tagEdits.clear();
        removedComments.clear();
    }
};

class Evaluator {
public:
    explicit Evaluator(const Query &query);
    ~Evaluator();
    // Evaluates every position of the game (mainline, and variations when the
    // query asks for them) and fills result. Thread-compatible: one Evaluator
    // per thread.
    void run(const game::Game &game, GameResult &result);
    // Also compute which squares made each matched position match (for the board).
    void setRecordSquares(bool on);
    // Asked every few thousand steps of a game's evaluation: true stops it
    // (GameResult::cancelled), so a cancel needs no game to finish first.
    void setCancelCheck(std::function<bool()> cancelled);
    // The number of the last game of the file the next games come from
    // (lastgamenumber); 0: not known, and lastgamenumber has no value.
    void setLastGameNumber(long long n) { m_lastGameNumber = n; }
    // The output writes no more of a position's comment once its texts pass
    // `bytes` (the reference layout's limit; 0: no limit): the search may then
    // drop the texts after that one as it goes, so a game commented
    // heavily (echo over a long study) stays within the comment memory cap.
    void setCommentLimit(size_t bytes) { m_commentLimit = bytes; }

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    std::function<bool()> m_cancelled;
    bool m_recordSquares = false;
    long long m_lastGameNumber = 0;
    size_t m_commentLimit = 0;
};

} // namespace cql
