// Fuzz target: the evaluator. The input is compiled as a CQL 6 query (the
// header may be left out); a query that compiles is run on two small games
// held here (a game with variations, comments and NAGs; an endgame from a FEN
// with en passant and promotions), and each matched game is written out with
// the comments the query made, in both layouts the search writes.
//
// Queries that read or write files (readfile, writefile) are skipped: the
// fuzzer would name arbitrary files. CQL-S scripts are skipped too: their
// analysing keywords start a chess engine (and the engine path is set to
// nothing in case one slips through).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzzcheck.h"

#include "cql/cqls/parser.h"
#include "cql/query.h"
#include "engine/settings.h"
#include "game/builder.h"
#include "pgn/writer.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

const char *const gameTexts[] = {
    R"([Event "Paris Opera"]
[Site "Paris FRA"]
[Date "1858.11.02"]
[Round "?"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[WhiteElo "2690"]
[ECO "C41"]
[PlyCount "33"]

{Philidor's defence} 1. e4 e5 2. Nf3 d6 3. d4 Bg4 (3... exd4 4. Qxd4 Nc6 5. Bb5 Bd7 6. Bxc6 Bxc6 7. Nc3)
4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 $1 b5 $2 10. Nxb5 {a second
sacrifice} cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 (12... Qb4 13. Bxf6 gxf6 14. Qxb4) 13. Rxd7 $1 Rxd7 14. Rd1
Qe6 15. Bxd7+ Nxd7 (15... Qxd7 16. Qb8+ Ke7 17. Qxe5+) 16. Qb8+ $3 Nxb8 17. Rd8# {mate} 1-0
)",
    R"([Event "Endgame"]
[Site "?"]
[Date "2000.01.01"]
[Round "2"]
[White "White"]
[Black "Black"]
[Result "*"]
[SetUp "1"]
[FEN "8/P1k5/8/3pP3/8/6p1/8/4K3 w - d6 0 50"]

50. exd6+ Kb7 (50... Kxd6 51. a8=Q g2 52. Qg8 g1=Q+ 53. Qxg1) 51. d7 {the pawn runs} g2 52. d8=N+ $5
Kxa7 53. Kf2 g1=Q+ 54. Kxg1 *
)",
};

struct Games {
    game::Game games[2];
    Games()
    {
        game::GameParser parser;
        for (int i = 0; i < 2; ++i) {
            FUZZ_CHECK(parser.parse(gameTexts[i], uint64_t(i + 1), {1, 1, 0}, games[i]), "a built-in game is empty");
            FUZZ_CHECK(games[i].errors.empty() && !games[i].unsupported, "a built-in game does not read",
                       games[i].errors.empty() ? std::string() : games[i].errors[0].message);
        }
    }
};

const Games &games()
{
    static const Games all;
    return all;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    if (fuzzcheck::skipKnownBug(text)) return 0;
    if (text.find("readfile") != text.npos || text.find("writefile") != text.npos || cql::cqls::isCqlsSource(text, ""))
        return 0;
    const Games &all = games();
    cql::CompileOptions options;
    options.requireHeader = false;
    // An engine started by a query would make the fuzzer's runs slow and
    // their results depend on the machine.
    engine::Settings settings;
    settings.enginePath = "/nonexistent/cqlwb-fuzz-engine";
    settings.tablebasePaths = {"/nonexistent"};
    options.engine = settings;
    std::vector<cql::Diagnostic> diagnostics;
    auto query = cql::compile(text, options, diagnostics);
    if (!query) return 0;
    cql::Evaluator evaluator(*query);
    cql::GameResult result;
    std::string out;
    for (int i = 0; i < 2; ++i) {
        const game::Game &g = all.games[i];
        // Both ways a search runs it: the command line without, the workbench with the board's squares.
        evaluator.setRecordSquares(i == 1);
        result.clear();
        evaluator.run(g, result);
        for (const cql::PositionMark &m : result.matches)
            FUZZ_CHECK(m.node < g.nodes.size(), "a match at a node the game does not have");
        if (result.matched) {
            pgn::ExtraComments extra;
            for (const cql::NodeComment &c : result.comments)
                if (c.node < g.nodes.size()) extra.emplace_back(c.node, c.text);
            pgn::WriteOptions layout;
            layout.cqlLayout = i == 0;
            layout.textLimit = i == 0 ? 2000 : 0; // the cut, which a long comment reaches
            out.clear();
            pgn::writeGame(out, g, layout, &extra);
        }
    }
    return 0;
}
