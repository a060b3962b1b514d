// The CQL 6.2 keyword table.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "keywords.h"

#include <algorithm>
#include <array>

namespace cql {

namespace {

using C = KeywordCategory;

// Sorted by name (findKeyword relies on it; a unit test checks it).
constexpr Keyword table[] = {
    {"abs", C::Numeric, "abs N: absolute value", true},
    {"all", C::Parameter, "parameter of find, square, piece, echo: every element", true},
    {"ancestor", C::Position, "ancestor(x y): x is an ancestor of y", true},
    {"and", C::Logic, "F and G: both match", true},
    {"any", C::Reserved, "any: reserved by CQL 6.2; neither a filter nor a name", true},
    {"anydirection", C::Direction, "anydirection [range] S: squares in any of the 8 directions", true},
    {"arrow", C::Reserved, "arrow: reserved by CQL 6.2; neither a filter nor a name", true},
    {"ascii", C::String, "ascii S / ascii N: character code conversion", true},
    {"assert", C::Logic, "assert F: stop with an error if F does not match", true},
    {"atomic", C::Variable, "atomic x = v: a path undoes changes to x when it leaves a move it tried", true},
    {"attack", C::Reserved, "attack: reserved by CQL 6.2; neither a filter nor a name", true},
    {"attacked", C::Reserved, "attacked: reserved by CQL 6.2; neither a filter nor a name", true},
    {"attackedby", C::Geometry, "Y attackedby X: squares of Y attacked by a piece in X", true},
    {"attacks", C::Geometry, "X attacks Y: squares of X that attack a square of Y", true},
    {"between", C::Geometry, "between(x y): squares strictly between x and y on a line", true},
    {"black", C::Parameter, "black: the black side (elo black, player black)", true},
    {"btm", C::Position, "btm: black to move", true},
    {"by", C::Reserved, "by: reserved by CQL 6.2; neither a filter nor a name", true},
    {"capture", C::Parameter, "move capture S: the move captures on S", true},
    {"captures", C::Reserved, "captures: reserved by CQL 6.2; neither a filter nor a name", true},
    {"castle", C::Move, "castle: the move that led here castled; move castle: the next move castles", true},
    {"check", C::Position, "check: the side to move is in check", true},
    {"child", C::Position, "child [N]: a child position", true},
    {"colortype", C::Numeric, "colortype S: piece type on a square, negative for black, 0 if empty", true},
    {"comment", C::Output, "comment (args): write a comment at this position", true},
    {"connectedpawns", C::Set, "connectedpawns: pawns with a friendly pawn on an adjacent file", true},
    {"consecutivemoves", C::Multi, "consecutivemoves (x y): consecutive moves shared by two positions", true},
    {"count", C::Parameter, "T count F: number of transformed images of F that match", true},
    {"countmoves", C::Numeric, "countmoves: number of moves (legal ones with legal)", true},
    {"cql", C::Header, "cql(parameters): the query header", true},
    {"cql_abort", C::Logic, "cql_abort: stop the search with an error naming this place", true},
    {"cql_assertvariations", C::Logic,
     "cql_assertvariations \"message\": stop with the message unless variations are searched", true},
    {"cql_hhdbhascook", C::GameInfo, "cql_hhdbhascook: the game's comments mention a cook (<cook)", true},
    {"curpos", C::Position, "curpos: currentposition", true},
    {"currentmove", C::Move, "currentmove X--Y: the move that led to this position matches the dash filter", true},
    {"currentposition", C::Position, "currentposition: the position being examined", true},
    {"currenttransform", C::Transform, "currenttransform: name of the transform image in use", true},
    {"dark", C::Geometry, "dark S: the dark squares of S", true},
    {"date", C::GameInfo, "date: the Date tag", true},
    {"depth", C::Numeric, "depth: variation nesting depth of the position", true},
    {"descendant", C::Position, "descendant(x y): x is a descendant of y", true},
    {"diagonal", C::Direction, "diagonal [range] S: squares along the 4 diagonals", true},
    {"dictionary", C::Variable, "dictionary D: a dictionary variable", true},
    {"dihedral", C::Transform, "dihedral F: flip", true},
    {"distance", C::Numeric, "distance(x y): distance between two positions", true},
    {"doubledpawns", C::Set, "doubledpawns: pawns with a friendly pawn on the same file", true},
    {"down", C::Direction, "down [range] S: squares below S", true},
    {"echo", C::Multi, "echo (s t) body: compare the position with every other", true},
    {"eco", C::GameInfo, "eco \"text\": the ECO tag contains text", true},
    {"elo", C::GameInfo, "elo [white|black]: a player's rating", true},
    {"else", C::Logic, "if T then A else B", true},
    {"enpassant", C::Parameter, "move enpassant: an en passant capture", true},
    {"enpassantsquare", C::Set, "enpassantsquare: the square of the pawn the last move captured en passant", true},
    {"equal", C::Reserved, "equal: reserved by CQL 6.2; neither a filter nor a name", true},
    {"event", C::GameInfo, "event \"text\": the Event tag contains text", true},
    {"eventdate", C::GameInfo, "eventdate: the EventDate tag", true},
    {"extension", C::Logic, "extension: never matches (reserved by CQL 6.2 for extensions)", true},
    {"false", C::Logic, "false: never matches", true},
    {"fen", C::Position, "fen: the position's FEN", true},
    {"file", C::Numeric, "file S: file number 1..8 of a square", true},
    {"find", C::Multi, "find [all] [<--] [range] F: a later (or earlier) position matches F", true},
    {"firstmatch", C::Parameter, "line firstmatch: stop at the first match", true},
    {"flip", C::Transform, "flip F: F under all 8 board symmetries", true},
    {"flipcolor", C::Transform, "flipcolor F: F and F with colours swapped", true},
    {"flipdihedral", C::Transform, "flipdihedral F: flip", true},
    {"fliphorizontal", C::Transform, "fliphorizontal F: F mirrored rank 1 <-> rank 8", true},
    {"flipvertical", C::Transform, "flipvertical F: F mirrored a-file <-> h-file", true},
    {"focus", C::Parameter, "path focus S: only moves of pieces in S", true},
    {"from", C::Parameter, "move from S / pin from S", true},
    {"function", C::Variable, "function name(params) { body }", true},
    {"gamenumber", C::Header, "gamenumber: the game's number in the file", true},
    {"hascomment", C::String, "hascomment: originalcomment", true},
    {"hhdb", C::GameInfo, "hhdb: fields of the HHdb study database", true},
    {"horizontal", C::Direction, "horizontal [range] S: squares left and right", true},
    {"idealmate", C::Position, "idealmate: ideal mate", true},
    {"idealstalemate", C::Position, "idealstalemate: ideal stalemate", true},
    {"if", C::Logic, "if T then A [else B]", true},
    {"in", C::Set, "x in S: x is a subset of S", true},
    {"indexof", C::String, "indexof(s t): position of t in s", true},
    {"initial", C::Position, "initial: the game's start position", true},
    {"initialposition", C::Position, "initialposition: position 0, the start of the game", true},
    {"input", C::Header, "input FILE: the PGN file to search", true},
    {"int", C::String, "int S: the number a string spells", true},
    {"isbound", C::Variable, "isbound x: x has a value", true},
    {"isolatedpawns", C::Set, "isolatedpawns: pawns without friendly pawns on adjacent files", true},
    {"isunbound", C::Variable, "isunbound x: x has no value", true},
    {"keepallbest", C::Parameter, "path keepallbest: keep every best path", true},
    {"lastgamenumber", C::Numeric, "lastgamenumber: the number of the last game in the file", true},
    {"lastposition", C::Parameter, "line lastposition: value is the last position", true},
    {"lca", C::Position, "lca(x y): last common ancestor", true},
    {"left", C::Direction, "left [range] S: squares to the left", true},
    {"legal", C::Parameter, "move legal: consider all legal moves", true},
    {"light", C::Geometry, "light S: the light squares of S", true},
    {"line", C::Multi, "line --> C1 --> C2 ...: consecutive positions match", true},
    {"local", C::Variable, "local x: a variable local to a function", true},
    {"loop", C::Logic, "loop F: repeat F while it matches", true},
    {"lowercase", C::String, "lowercase s", true},
    {"maindiagonal", C::Direction, "maindiagonal [range] S: northeast and southwest", true},
    {"mainline", C::Position, "mainline: the position is on the main line", true},
    {"makesquare", C::Set, "makesquare(file rank): the square with those numbers", true},
    {"matchcount", C::Header, "matchcount N [M]: number of matched positions", true},
    {"matchstring", C::Header, "matchstring \"S\": text of the match marker", true},
    {"mate", C::Position, "mate: the side to move is checkmated", true},
    {"max", C::Numeric, "max(a b ...): largest value", true},
    {"message", C::Output, "message (args): print a message", true},
    {"min", C::Numeric, "min(a b ...) / sort min", true},
    {"modelmate", C::Position, "modelmate: model mate", true},
    {"modelstalemate", C::Position, "modelstalemate: model stalemate", true},
    {"move", C::Move, "move [from S] [to S] [capture S] ...: the move has these properties", true},
    {"movenumber", C::Numeric, "movenumber: the move number", true},
    {"nestban", C::Parameter, "line nestban", true},
    {"northeast", C::Direction, "northeast [range] S", true},
    {"northwest", C::Direction, "northwest [range] S", true},
    {"nosort", C::Reserved, "nosort: reserved by CQL 6.2; neither a filter nor a name", true},
    {"not", C::Logic, "not F: F does not match", true},
    {"notransform", C::Transform, "notransform F: F exempt from surrounding transforms", true},
    {"null", C::Parameter, "move null: a null move", true},
    {"nullmove", C::Move, "nullmove: the move is a null move", true},
    {"o-o", C::Parameter, "move o-o: short castling", true},
    {"o-o-o", C::Parameter, "move o-o-o: long castling", true},
    {"offdiagonal", C::Direction, "offdiagonal [range] S: northwest and southeast", true},
    {"oldline", C::Reserved, "oldline: reserved by CQL 6.2; neither a filter nor a name", true},
    {"or", C::Logic, "F or G: either matches", true},
    {"originalcomment", C::String, "originalcomment: the PGN comment at this position", true},
    {"orthogonal", C::Direction, "orthogonal [range] S: squares along ranks and files", true},
    {"output", C::Header, "output FILE: where matching games go", true},
    {"parent", C::Position, "parent: the previous position", true},
    {"passedpawns", C::Set, "passedpawns: pawns with no enemy pawn ahead on its own or adjacent files", true},
    {"path", C::Multi, "path / ⊢: a sequence of moves", true},
    {"pathcount", C::Numeric, "pathcount", true},
    {"pathcountunfocused", C::Numeric, "pathcountunfocused", true},
    {"pathdebug", C::Logic, "pathdebug: a debugging aid of CQL 6.2; always matches, prints nothing", true},
    {"pathlastposition", C::Position, "pathlastposition", true},
    {"pathstart", C::Position, "pathstart", true},
    {"persistent", C::Variable, "persistent x = ...: kept across games", true},
    {"pgn", C::Reserved, "pgn: reserved by CQL 6.2; neither a filter nor a name", true},
    {"piece", C::Variable, "piece [all] X in S body: iterate over pieces", true},
    {"pieceid", C::Numeric, "pieceid x", true},
    {"piecename", C::String, "piecename x", true},
    {"piecepath", C::Parameter, "path piecepath", true},
    {"pin", C::Geometry, "pin [from S] [through S] [to S]: pinned pieces", true},
    {"player", C::GameInfo, "player [white|black] \"text\"", true},
    {"ply", C::Numeric, "ply: half-moves from the start", true},
    {"position", C::Position, "position N: the position with that id", true},
    {"positionid", C::Numeric, "positionid: id of the position", true},
    {"power", C::Numeric, "power S: material value of the pieces in S", true},
    {"previous", C::Parameter, "move previous: the move that led here", true},
    {"primary", C::Parameter, "move primary: main-line moves only", true},
    {"promote", C::Parameter, "move promote T: promotion to T", true},
    {"pseudolegal", C::Parameter, "move pseudolegal", true},
    {"puremate", C::Position, "puremate: pure mate", true},
    {"purestalemate", C::Position, "purestalemate: pure stalemate", true},
    {"quiet", C::Header, "quiet: no automatic comments", true},
    {"rank", C::Numeric, "rank S: rank number 1..8 of a square", true},
    {"ray", C::Geometry, "ray [dirs] (S1 ... Sn): pieces in line with empty squares between", true},
    {"readfile", C::String, "readfile name", true},
    {"removecomment", C::Output, "removecomment", true},
    {"result", C::GameInfo, "result 1-0|0-1|1/2-1/2", true},
    {"reversecolor", C::Transform, "reversecolor F: F with colours swapped", true},
    {"right", C::Direction, "right [range] S", true},
    {"rotate45", C::Transform, "rotate45 F: directions turned by multiples of 45 degrees", true},
    {"rotate90", C::Transform, "rotate90 F: F under the 4 rotations", true},
    {"secondary", C::Parameter, "move secondary: variation moves only", true},
    {"settag", C::Output, "settag(name value)", true},
    {"shift", C::Transform, "shift F: F under every translation", true},
    {"shifthorizontal", C::Transform, "shifthorizontal F", true},
    {"shiftvertical", C::Transform, "shiftvertical F", true},
    {"sidetomove", C::Position, "sidetomove: white or black", true},
    {"silent", C::Header, "silent: no comments at all", true},
    {"similarposition", C::Reserved, "similarposition: reserved by CQL 6.2; neither a filter nor a name", true},
    {"singlecolor", C::Parameter, "line singlecolor", true},
    {"site", C::GameInfo, "site \"text\": the Site tag contains text", true},
    {"sort", C::Output, "sort [min] [\"title\"] N: sort games by N", true},
    {"southeast", C::Direction, "southeast [range] S", true},
    {"southwest", C::Direction, "southwest [range] S", true},
    {"sqrt", C::Numeric, "sqrt N", true},
    {"square", C::Variable, "square [all] X in S body: iterate over squares", true},
    {"stalemate", C::Position, "stalemate: the side to move is stalemated", true},
    {"str", C::String, "str(args): string of values", true},
    {"string", C::Reserved, "string: reserved by CQL 6.2; neither a filter nor a name", true},
    {"substring", C::Reserved, "substring: reserved by CQL 6.2; neither a filter nor a name", true},
    {"tag", C::GameInfo, "tag \"Name\": the value of a PGN tag", true},
    {"terminal", C::Position, "terminal: the last position of a line", true},
    {"then", C::Logic, "if T then A [else B]", true},
    {"through", C::Parameter, "pin through S", true},
    {"title", C::Parameter, "path title \"text\"", true},
    {"to", C::Parameter, "move to S / pin to S", true},
    {"transform", C::Reserved, "transform: reserved by CQL 6.2; neither a filter nor a name", true},
    {"true", C::Logic, "true: always matches", true},
    {"try", C::Numeric, "try: one White move off the main line leads here (1 == find <-- all {btm secondary})", true},
    {"type", C::Numeric, "type S: piece type on a square: pawn 1 ... king 6, 0 if empty", true},
    {"typename", C::String, "typename x", true},
    {"unbind", C::Variable, "unbind x", true},
    {"up", C::Direction, "up [range] S: squares above S", true},
    {"uppercase", C::String, "uppercase s", true},
    {"variation", C::Position, "variation: the position is inside a variation", true},
    {"variations", C::Header, "variations: also search variations", true},
    {"verbose", C::Parameter, "path verbose", true},
    {"vertical", C::Direction, "vertical [range] S: squares above and below", true},
    {"virtualmainline", C::Position, "virtualmainline: on the main line or a variation's own main line", true},
    {"while", C::Logic, "while (F) body", true},
    {"white", C::Parameter, "white: the white side (elo white, player white)", true},
    {"writefile", C::Output, "writefile(name text)", true},
    {"wtm", C::Position, "wtm: white to move", true},
    {"xray", C::Geometry, "xray (S1 ... Sn): pieces in line, attacking through each other", true},
    {"year", C::GameInfo, "year: the year of the Date tag", true},
};

} // namespace

std::span<const Keyword> keywords() { return table; }

const Keyword *findKeyword(std::string_view name)
{
    auto it = std::lower_bound(std::begin(table), std::end(table), name,
                               [](const Keyword &k, std::string_view n) { return k.name < n; });
    return it != std::end(table) && it->name == name ? &*it : nullptr;
}

std::string_view categoryName(KeywordCategory c)
{
    switch (c) {
    case C::Header: return "header";
    case C::Logic: return "logic";
    case C::Set: return "set";
    case C::Geometry: return "geometry";
    case C::Direction: return "direction";
    case C::Transform: return "transform";
    case C::Position: return "position";
    case C::Move: return "move";
    case C::Multi: return "several positions";
    case C::Numeric: return "numeric";
    case C::GameInfo: return "game information";
    case C::Variable: return "variables";
    case C::String: return "strings";
    case C::Output: return "output";
    case C::Parameter: return "parameter";
    case C::Reserved: return "reserved";
    }
    return "";
}

} // namespace cql
