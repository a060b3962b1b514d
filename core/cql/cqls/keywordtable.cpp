// The CQL-S keyword table (keywordtable.h): the seed's index of position
// and match list keywords, the relation list's, and two the pages use
// outside the index (:preceding, :promotion).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/keywordtable.h"

#include <algorithm>
#include <array>

namespace cql::cqls {

namespace {

// The argument kinds the rows use.
constexpr ArgSpec D{ArgKind::Designator};
constexpr ArgSpec OptD{ArgKind::Designator, true};
constexpr ArgSpec S{ArgKind::Squares};
constexpr ArgSpec R{ArgKind::Range};
constexpr ArgSpec OptR{ArgKind::Range, true};
constexpr ArgSpec Second{ArgKind::SecondRange};
constexpr ArgSpec OptSecond{ArgKind::SecondRange, true};
constexpr ArgSpec Moves{ArgKind::Moves};
constexpr ArgSpec Ray{ArgKind::Ray};
constexpr ArgSpec OptPositionList{ArgKind::PositionList, true};
constexpr ArgSpec Lists{ArgKind::Lists};
constexpr ArgSpec OptLists{ArgKind::Lists, true};
constexpr ArgSpec PositionLists{ArgKind::Lists, false, "(position ...) lists"};
constexpr ArgSpec RelationList{ArgKind::RelationList};
constexpr ArgSpec Word(std::string_view what) { return {ArgKind::Word, false, what}; }
constexpr ArgSpec Words(std::string_view what) { return {ArgKind::Words, false, what}; }
constexpr ArgSpec OptWords(std::string_view what) { return {ArgKind::Words, true, what}; }
constexpr ArgSpec Str(std::string_view what) { return {ArgKind::String, false, what}; }
constexpr ArgSpec OptStr(std::string_view what) { return {ArgKind::String, true, what}; }
constexpr ArgSpec Side(std::string_view which) { return {ArgKind::Designator, true, which}; }
constexpr ArgSpec Raw(std::string_view what) { return {ArgKind::Raw, false, what}; }
using enum Cql6;

constexpr KeywordSignature Rows[] = {
    {"accumulate", InPosition, {Word("name")}, false, None, "counts the list's matches into an accumulator"},
    {"accumulate*",
     InPosition,
     {Word("name")},
     false,
     None,
     "counts the list's matches into an accumulator, by colour"},
    {"and", InPosition | InMatch, {Lists}, true, Same, "all of the lists match"},
    {"annotator", InMatch, {Word("name")}, true, None, "the Annotator tag"},
    {"attackcount", InPosition, {D, D, R}, true, None, "number of attacks of the first pieces on the second squares"},
    {"averagerating", InMatch, {Word("type"), R}, true, NotConverted, "the players' average rating"},
    {"averagerating*",
     InMatch,
     {Word("type"), R},
     true,
     NotConverted,
     "the players' average rating, unrated players counted"},
    {"birthyear", InMatch, {R}, true, None, "a player's year of birth"},
    {"blackbirthyear", InMatch, {R}, true, None, "Black's year of birth"},
    {"blackcannotwin",
     InPosition,
     {},
     true,
     None,
     "Black cannot win (its king alone or with a minor piece; in three-check its king alone)"},
    {"blackcountry", InMatch, {Words("codes")}, true, None, "Black's federation"},
    {"blackdeathyear", InMatch, {R}, true, None, "Black's year of death"},
    {"blackelo", InPosition | InMatch, {R}, true, Same, "Black's Elo rating", "elo black"},
    {"blackgender", InMatch, {Words("m or f")}, true, None, "Black's gender"},
    {"blackid", InMatch, {Words("id")}, true, None, "Black's player identifier"},
    {"blackiscomputer", InMatch, {}, true, None, "Black is a program"},
    {"blackishuman", InMatch, {}, true, None, "Black is a human player"},
    {"blackplayer", InMatch, {Word("name")}, true, Same, "Black's name"},
    {"blackrating", InMatch, {Word("type"), R}, true, NotConverted, "Black's rating of a type"},
    {"blacktitle", InMatch, {Words("titles")}, true, None, "Black's title"},
    {"btm", InPosition, {}, true, Same, "Black to move", "btm"},
    {"captureforced", InPosition, {}, true, NeverInChess, "the next move must capture (antichess)"},
    {"castling", InPosition, {D}, true, None, "castling rights held (K, Q, k, q)"},
    {"changesidetomove", InRelation, {}, false, None, "the second position has the other side to move"},
    {"check", InPosition, {OptD}, true, Same, "the side to move is in check (by D)"},
    {"checkcount", InPosition, {Raw("R : R")}, true, None, "checks White received : checks Black received"},
    {"comment", InMatch, {Str("pattern")}, true, None, "a comment matches the pattern"},
    {"cond", InPosition | InMatch, {Lists}, true, Same, "the first clause that matches decides"},
    {"contactcheck", InPosition, {OptD}, true, Same, "check by an adjacent piece"},
    {"country", InMatch, {Words("codes")}, true, None, "a player's federation"},
    {"cut", InPosition, {OptPositionList}, false, None, "positions after the one matched are not searched"},
    {"date", InMatch, {Raw("dates")}, true, NotConverted, "the Date tag in a range of dates"},
    {"deathyear", InMatch, {R}, true, None, "a player's year of death"},
    {"doublecheck", InPosition, {OptD}, true, Same, "check by two pieces"},
    {"eco", InMatch, {Words("codes")}, true, None, "the ECO code in a range"},
    {"eithercolor", InMatch, {}, true, None, "the match list, or it with the colours swapped"},
    {"elo", InPosition | InMatch, {R}, true, Same, "either player's Elo rating", "elo"},
    {"endgame", InPosition, {}, true, None, "an endgame by material"},
    {"endgameevaluation", InPosition, {Raw("...")}, true, None, "the tablebase verdict"},
    {"endgameevaluation*",
     InPosition,
     {Raw("...")},
     true,
     None,
     "the tablebase verdict, probed where the constellation is first reached"},
    {"enpassant", InPosition, {}, true, Same, "the next move captures en passant", "move enpassant"},
    {"error", InMatch, {Words("codes")}, true, None, "the game has a defect"},
    {"evaluation", InPosition, {Raw("...")}, true, None, "the engine's evaluation of the position"},
    {"event", InMatch, {Word("name")}, true, Same, "the Event tag"},
    {"eventcategory", InMatch, {Raw("R")}, true, None, "the event's category"},
    {"eventcountry", InMatch, {Words("codes")}, true, None, "the event's country"},
    {"eventdate", InMatch, {Raw("dates")}, true, None, "the EventDate tag"},
    {"eventmode", InMatch, {Words("modes")}, true, None, "the event's mode (OTB, email, ...)"},
    {"eventtype", InMatch, {Words("types")}, true, None, "the event's type (tourn, swiss, ...)"},
    {"exchangeevaluation", InPosition, {Word("depth"), R, OptD}, true, None, "the result of exchanges on a square"},
    {"exclude", InPosition, {OptPositionList}, false, None, "a game with a position matched is not wanted"},
    {"fen", InPosition, {Str("FEN")}, true, None, "the position equals the FEN"},
    {"fivefoldrepetition", InPosition, {}, true, None, "the position occurred five times"},
    {"flip", InPosition | InRelation, {}, false, Same, "the list and its images under the eight flips", "flip"},
    {"flipcolor", InPosition, {}, false, Same, "the list and its colour-swapped image", "flipcolor"},
    {"flipdiagonal", InPosition, {}, false, None, "the list and its image mirrored on the main diagonal"},
    {"flipdihedral", InPosition, {}, false, Same, "the list and its images under the eight flips", "flip"},
    {"fliphorizontal", InPosition, {}, false, Same, "the list and its image mirrored top to bottom", "fliphorizontal"},
    {"flipvertical", InPosition, {}, false, Same, "the list and its image mirrored left to right", "flipvertical"},
    {"forany", InMatch, {Word("name"), D}, false, None, "declares a tag bound to each piece type of D"},
    {"forced", InPosition, {}, true, None, "the next move is the only legal one"},
    {"gameisover", InPosition, {}, true, None, "mate, stalemate, a variant's end or no mating material"},
    {"gamenumber", InMatch, {R}, true, Same, "the game's number", "gamenumber"},
    {"gappedsequence", InPosition, {Lists}, true, Same, "the lists match positions in order, with gaps"},
    {"gender", InMatch, {Words("m or f")}, true, None, "a player's gender"},
    {"goodbishop", InPosition, {D, R, Second}, true, None, "a bishop with few own pawns on its colour"},
    {"goodgame", InMatch, {}, true, None, "a game between strong players in a long time control"},
    {"halfmoveclock", InPosition, {R}, true, None, "half moves since a capture or pawn move"},
    {"halfmovenumber", InPosition, {R}, true, Same, "the ply of the position", "ply"},
    {"hasannotation", InMatch, {}, true, None, "the game has annotations"},
    {"hascomments", InMatch, {OptWords("languages")}, true, None, "the game has comments (in these languages)"},
    {"hasmarker", InMatch, {OptWords("markers")}, true, None, "the game has board markers"},
    {"hasspecialmarker", InMatch, {Words("codes")}, true, None, "the game has special markers"},
    {"hasvariations", InMatch, {}, true, None, "the game has variations"},
    {"ignoresidetomove", InRelation, {}, false, None, "the side to move does not matter"},
    {"initial", InPosition, {}, true, Same, "the initial position", "initial"},
    {"inside", InPosition, {D, S}, true, None, "some piece of D stands on S"},
    {"insidevariation", InPosition, {}, true, Same, "the position is in a variation", "variation"},
    {"iscastling", InPosition, {OptD}, true, Same, "the next move castles"},
    {"ischeck", InPosition, {OptR}, true, Same, "the next move checks"},
    {"ischess960", InPosition | InMatch, {}, true, None, "the game starts from a Chess960 arrangement"},
    {"iscomputer", InMatch, {}, true, None, "a player is a program"},
    {"iscontactcheck", InPosition, {}, true, Same, "the next move gives a contact check"},
    {"isdoublecheck", InPosition, {}, true, Same, "the next move gives a double check"},
    {"ishuman", InMatch, {}, true, None, "a player is human"},
    {"isillegal", InPosition, {}, true, NeverInChess, "the next move is illegal"},
    {"isinvalid", InPosition, {}, true, NeverInChess, "the next move is invalid"},
    {"ismate", InPosition, {}, true, Same, "the next move mates", "--(mate)"},
    {"isnull", InPosition, {}, true, Same, "the next move is a null move", "move null"},
    {"ispromotedpiece", InPosition, {}, true, None, "the next move is made by a promoted piece"},
    {"isshufflechess", InPosition | InMatch, {}, true, None, "the game starts from a shuffled arrangement"},
    {"isstalemate", InPosition, {}, true, Same, "the next move stalemates", "--(stalemate)"},
    {"kingonthehill", InPosition, {}, true, NeverInChess, "a king stands on d4, e4, d5 or e5 (king of the hill)"},
    {"line", InPosition, {Moves}, true, None, "the game goes on with these moves"},
    {"line*", InPosition, {Moves}, true, None, "the moves, in any order of the line"},
    {"losing", InPosition, {}, true, NeverInChess, "a side has lost all its pieces (antichess)"},
    {"markall", InPosition | InMatch, {}, true, Same, "no effect"},
    {"match", InPosition, {PositionLists}, true, None, "the lists match positions of the game"},
    {"matchconsecutive", InPosition, {PositionLists}, true, None, "the lists match consecutive positions"},
    {"matchcount", InPosition, {R}, true, Same, "the list matches so many positions"},
    {"mate", InPosition, {}, true, Same, "the side to move is mated", "mate"},
    {"matingmaterial", InPosition, {}, true, None, "either side has mating material"},
    {"maxswapevaluation", InPosition, {D, D, R}, true, None, "the best swap-off on a square"},
    {"missingpiececount", InRelation, {D, R}, false, None, "pieces of the first position missing in the second"},
    {"moveevaluation", InPosition, {Raw("...")}, true, None, "the engine's evaluation of the next move"},
    {"movefrom", InPosition, {D}, true, Same, "the next move starts on D (D[+]: is a drop of D)"},
    {"movenumber", InPosition, {R}, true, Same, "the move number of the position", "movenumber"},
    {"moveto", InPosition, {D}, true, Same, "the next move goes to D"},
    {"mustcapture", InPosition, {}, true, NeverInChess, "the side to move must capture (antichess)"},
    {"newpiececount", InRelation, {D, R}, false, None, "pieces of the second position not in the first"},
    {"noannotate", InPosition | InMatch, {}, true, Same, "no effect"},
    {"nocheck", InPosition, {}, true, Same, "the side to move is not in check", "not check"},
    {"noenpassant", InPosition, {}, true, Same, "the next move does not capture en passant", "not move enpassant"},
    {"nomatingmaterial", InPosition, {}, true, None, "a side lacks mating material"},
    {"not", InPosition | InMatch, {OptLists}, true, Same, "negates the lists (or, alone, the list it stands in)"},
    {"opposition", InPosition, {Side("K or k")}, true, None, "the king has the opposition"},
    {"or", InPosition | InMatch, {Lists}, true, Same, "one of the lists matches"},
    {"originaldifferentcount", InRelation, {R}, false, None, "pieces on other squares than in the first position"},
    {"originalsamecount", InRelation, {R}, false, None, "pieces on the same squares as in the first position"},
    {"output", InMatch, {Word("file")}, true, Same, "no effect (CQL compatibility)"},
    {"passedpawnrace", InPosition, {Side("K or k")}, true, None, "a passed pawn race the side wins"},
    {"pattern", InRelation, {}, false, None, "only the squares of the list's designators are compared"},
    {"pawncount", InPosition, {Raw("D attributes R")}, true, NotConverted, "pawns with attributes"},
    {"pawncountdifference",
     InPosition,
     {Raw("D D attributes R")},
     true,
     NotConverted,
     "difference of pawns with attributes"},
    {"perpendicular", InPosition, {D, D}, true, None, "the pieces stand on perpendicular lines"},
    {"pgn", InMatch, {Word("file")}, true, Same, "no effect (CQL compatibility)"},
    {"piececount", InPosition, {D, R}, true, Same, "number of pieces"},
    {"piececountdifference", InPosition, {D, OptD, R}, true, Same, "difference of piece counts"},
    {"player", InMatch, {Word("name")}, true, Same, "a player's name"},
    {"plycount", InMatch, {R}, true, None, "the PlyCount of the game"},
    {"power", InPosition, {D, R}, true, Same, "material value of the pieces, by the variant (D[*]: in hand too)"},
    {"powerdifference", InPosition, {D, OptD, R}, true, Same, "difference of material values"},
    {"preceding", InPosition, {}, false, Same, "a cut comes first at the position it matches"},
    {"pretransformmatchcount", InPosition, {R}, true, None, "each image matches so many positions"},
    {"pretransformrepetitioncount", InPosition, {R}, true, None, "each image matches so many consecutive positions"},
    {"promote", InPosition, {D}, true, Same, "the next move promotes to D"},
    {"promotion", InPosition, {D}, true, Same, "read as :promote"},
    {"rating", InMatch, {Word("type"), R}, true, NotConverted, "a player's rating of a type"},
    {"ratingdifference", InMatch, {Word("type"), R}, true, NotConverted, "difference of the players' ratings"},
    {"ray", InPosition, {Ray, OptR}, true, Same, "a ray through the designators"},
    {"rayattack", InPosition, {Ray, OptR}, true, Same, "an attacking ray through the designators"},
    {"raydiagonal", InPosition, {Ray, OptR}, true, Same, "a diagonal ray"},
    {"rayhorizontal", InPosition, {Ray, OptR}, true, Same, "a horizontal ray"},
    {"rayorthogonal", InPosition, {Ray, OptR}, true, Same, "an orthogonal ray"},
    {"rayvertical", InPosition, {Ray, OptR}, true, Same, "a vertical ray"},
    {"relation", InPosition, {RelationList}, true, None, "the position relates to a later one"},
    {"repetitioncount", InPosition, {R}, true, None, "the list matches so many consecutive positions"},
    {"reset", InPosition, {Word("name")}, false, None, "the accumulator restarts at each game"},
    {"result", InPosition | InMatch, {Word("result")}, true, Same, "the game's result"},
    {"round", InMatch, {R}, true, None, "the Round tag"},
    {"samesidetomove", InRelation, {}, false, None, "both positions have the same side to move"},
    {"sequence", InPosition, {Lists}, true, Same, "the lists match successive positions"},
    {"shift", InPosition | InRelation, {}, false, Same, "the list and its shifted images", "shift"},
    {"shiftdiagonal", InPosition, {}, false, None, "the list and its images shifted along diagonals"},
    {"shifthorizontal", InPosition, {}, false, Same, "the list and its images shifted along ranks", "shifthorizontal"},
    {"shiftmaindiagonal", InPosition, {}, false, None, "the list and its images shifted along the main diagonal"},
    {"shiftoffdiagonal", InPosition, {}, false, None, "the list and its images shifted along the off diagonal"},
    {"shiftvertical", InPosition, {}, false, Same, "the list and its images shifted along files", "shiftvertical"},
    {"site", InMatch, {Word("name")}, true, Same, "the Site tag"},
    {"skip", InPosition, {OptPositionList}, false, None, "positions matched are not searched"},
    {"stalemate", InPosition, {}, true, Same, "the side to move is stalemated", "stalemate"},
    {"startposition", InPosition | InMatch, {Words("...")}, true, None, "the game's start position"},
    {"subround", InMatch, {R}, true, None, "the sub-round"},
    {"sumrange", InPosition, {Word("name"), R}, false, None, "the accumulator's sum in a range"},
    {"tag", InMatch, {Word("name"), OptStr("value")}, true, None, "a PGN tag's value"},
    {"tagmatch", InPosition, {Word("name"), D}, true, None, "the tag bound by :forany matches D"},
    {"takeslastpiece", InPosition, {}, true, None, "the next move takes the last piece (antichess)"},
    {"terminal", InPosition, {}, true, Same, "the last position of the game", "terminal"},
    {"termination", InMatch, {Words("reasons")}, true, None, "how the game ended"},
    {"threechecks", InPosition, {}, true, NeverInChess, "a king has received its third check (three-check)"},
    {"threefoldrepetition", InPosition, {}, true, None, "the position occurred three times"},
    {"timemode", InMatch, {Words("modes")}, true, None, "the time mode"},
    {"title", InMatch, {Words("titles")}, true, None, "a player's title"},
    {"unstoppablepawns", InPosition, {D, R, OptSecond}, true, None, "pawns that cannot be stopped"},
    {"variant", InPosition | InMatch, {Words("...")}, true, None, "the game's variant"},
    {"variations", InPosition | InRelation, {}, true, Same, "variations are searched too"},
    {"variationsonly", InPosition | InRelation, {}, true, Same, "only variations are searched"},
    {"whitebirthyear", InMatch, {R}, true, None, "White's year of birth"},
    {"whitecannotwin",
     InPosition,
     {},
     true,
     None,
     "White cannot win (its king alone or with a minor piece; in three-check its king alone)"},
    {"whitecountry", InMatch, {Words("codes")}, true, None, "White's federation"},
    {"whitedeathyear", InMatch, {R}, true, None, "White's year of death"},
    {"whiteelo", InPosition | InMatch, {R}, true, Same, "White's Elo rating", "elo white"},
    {"whitegender", InMatch, {Words("m or f")}, true, None, "White's gender"},
    {"whiteid", InMatch, {Words("id")}, true, None, "White's player identifier"},
    {"whiteiscomputer", InMatch, {}, true, None, "White is a program"},
    {"whiteishuman", InMatch, {}, true, None, "White is a human player"},
    {"whiteplayer", InMatch, {Word("name")}, true, Same, "White's name"},
    {"whiterating", InMatch, {Word("type"), R}, true, NotConverted, "White's rating of a type"},
    {"whitetitle", InMatch, {Words("titles")}, true, None, "White's title"},
    {"wtm", InPosition, {}, true, Same, "White to move", "wtm"},
    {"xor", InPosition | InMatch, {Lists}, true, Same, "exactly one of the lists matches"},
    {"year", InMatch, {R}, true, Same, "the year of the game", "year"},
};

constexpr bool sortedAndUnique()
{
    for (size_t i = 1; i < std::size(Rows); ++i)
        if (!(Rows[i - 1].name < Rows[i].name)) return false;
    return true;
}
static_assert(sortedAndUnique(), "keyword rows are sorted by name, one row a name (findKeyword searches them)");

} // namespace

std::span<const KeywordSignature> keywordTable() { return Rows; }

const KeywordSignature *findKeyword(std::string_view name, std::uint8_t where)
{
    auto it = std::lower_bound(std::begin(Rows), std::end(Rows), name,
                               [](const KeywordSignature &k, std::string_view n) { return k.name < n; });
    if (it == std::end(Rows) || it->name != name || !(it->lists & where)) return nullptr;
    return &*it;
}

std::vector<std::string_view> keywordsIn(std::uint8_t where)
{
    std::vector<std::string_view> out;
    for (const KeywordSignature &k : Rows)
        if (k.lists & where) out.push_back(k.name);
    return out;
}

std::string argumentsText(const KeywordSignature &k)
{
    std::string out;
    for (const ArgSpec &a : k.args) {
        std::string t;
        switch (a.kind) {
        case ArgKind::None: continue;
        case ArgKind::Designator: t = a.label.empty() ? "D" : std::string(a.label); break;
        case ArgKind::Squares: t = "S"; break;
        case ArgKind::Range: t = "R"; break;
        case ArgKind::SecondRange: t = ": R"; break;
        case ArgKind::String: t = "\"" + std::string(a.label) + "\""; break;
        case ArgKind::Moves: t = "\"moves\""; break;
        case ArgKind::Ray: t = "D D ..."; break;
        case ArgKind::PositionList: t = "(position ...)"; break;
        case ArgKind::Lists: t = a.label.empty() ? "lists" : std::string(a.label); break;
        case ArgKind::RelationList: t = "(relation ...)"; break;
        case ArgKind::Word:
        case ArgKind::Words:
        case ArgKind::Raw: t = std::string(a.label); break;
        }
        out += (out.empty() ? "" : " ") + (a.optional ? "[" + t + "]" : t);
    }
    return out;
}

std::string helpLine(const KeywordSignature &k)
{
    std::string where;
    for (auto [bit, name] : {std::pair{InPosition, "position"}, {InMatch, "match"}, {InRelation, "relation"}})
        if (k.lists & bit) where += (where.empty() ? "" : "/") + std::string(name);
    std::string s = ":" + std::string(k.name);
    if (k.takesArguments()) s += " " + argumentsText(k);
    return s + " (" + where + " list): " + std::string(k.help);
}

} // namespace cql::cqls
