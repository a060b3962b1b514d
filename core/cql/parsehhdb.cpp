// hhdb: the fields of the HHdb endgame study database. Awards are a filter of
// their own (hhdb.h); the other fields are defined in CQL over the database's
// tag and comment conventions, compiled like the query around them.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "parser.h"

#include "control.h"
#include "hhdb.h"
#include "lexer.h"
#include "logic.h"
#include "stringfilters.h"

#include <algorithm>
#include <cstring>

namespace cql {

namespace {

// Flags of the Black tag: `hhdb (m)` is `"(m)" in player black`.
constexpr std::string_view FlagKeys[] = {"(c)", "(m)", "(s)", "(v)", "AN", "CR", "MC", "PH",
                                         "TE",  "TT",  "TW",  "U1",  "U2", "U3", "U4", "U5"};
constexpr std::string_view AwardKeys[] = {"award", "commendation", "hm", "max", "prize", "sort", "special"};
constexpr std::string_view GbrParts[] = {"kings", "material", "pawns", "pieces"};
// Long names of flags.
constexpr std::pair<std::string_view, std::string_view> FlagNames[] = {
    {"anticipation", "AN"},  {"colors_reversed", "CR"},    {"corrected_solution", "(s)"},
    {"correction", "(c)"},   {"dual_after_move_1", "U2"},  {"dual_at_move_1", "U1"},
    {"modification", "(m)"}, {"posthumous", "PH"},         {"theme_tournament", "TT"},
    {"theme_tourney", "TT"}, {"theoretical_ending", "TE"}, {"too_many_composers", "MC"},
    {"twin", "TW"},          {"unreachable", "U5"},        {"version", "(v)"},
    {"white_fails", "U3"},   {"white_wins_in_draw", "U4"},
};

// The regular expression of a GBR code with its stipulation sign and the two
// kings' squares, as HHdb writes it in the Black tag: "+0471.21a2h4".
#define HHDB_GBR R"cql(player black ~~ "[-+=]\d{4}\.\d{2}[a-h][1-8][a-h][1-8]")cql"
// A side line of the study: a position reached by a secondary move that is not
// marked as the main line.
#define HHDB_SIDELINE R"cql(find quiet <-- {move previous secondary and not "<main>" in originalcomment})cql"

// The other fields, in CQL. `variations` guards stand first where a field
// only means something when variations are searched.
constexpr std::pair<std::string_view, std::string_view> Fields[] = {
    {"<cook>", R"cql({"<cook" in originalcomment})cql"},
    {"<eg>", R"cql({"<eg>" in originalcomment})cql"},
    {"<main>",
     R"cql({cql_assertvariations "'hhdb <main>' needs 'variations' in the cql header" and "<main>" in originalcomment})cql"},
    {"<minor_dual>", R"cql({"<minor_dual" in originalcomment})cql"},
    {"<or>",
     R"cql({cql_assertvariations "'hhdb <or>' needs 'variations' in the cql header" and "<or>" in originalcomment})cql"},
    // The composers: the White tag (less a trailing " NN"), or for several
    // composers ("MC" flag) the first comment up to its first period.
    {"composer", R"cql({if "MC" in player black
                         position 0 : {originalcomment ~~ "^([^.]+)\." \1}
                     else if player white[-3:] == " NN"
                         player white[:-3]
                     else player white})cql"},
    {"cooked", "cql_hhdbhascook"},
    {"diagram", R"cql({event ~~ "#([^ ]+)" \1})cql"},
    {"dual", R"cql({player black ~~ "U[12]" or false})cql"},
    {"egdiagram", R"cql(position 0 : {originalcomment ~~ "EG#(\d+)" int \1})cql"},
    {"firstcomment", "position 0 : originalcomment"},
    {"gbr", HHDB_GBR},
    {"gbrkings", HHDB_GBR "[-4:]"},
    {"gbrmaterial", HHDB_GBR "[1:-4]"},
    {"gbrpawns", HHDB_GBR "[6:8]"},
    {"gbrpieces", HHDB_GBR "[1:5]"},
    {"mainline",
     R"cql({cql_assertvariations "'hhdb mainline' needs 'variations' in the cql header" and not )cql" HHDB_SIDELINE
     "}"},
    {"search", R"cql({event + \n + tag "White" + \n + tag "Black"
                   + if (position 0 : originalcomment) {\n + position 0 : originalcomment} else ""})cql"},
    // Sound: neither a cook with a dual flag (U1, U2) nor a U3-U5 flag.
    {"sound", R"cql({not {hhdb cooked and player black ~~ "U[12]" or player black ~~ "U[345]"}})cql"},
    {"stipulation", R"cql({position 0 : originalcomment ~~ "stipulation: ([^.]+)\." \1})cql"},
    {"unsound", R"cql({hhdb cooked or player black ~~ "U[1-5]"})cql"},
    {"variation",
     R"cql({cql_assertvariations "'hhdb variation' needs 'variations' in the cql header" and )cql" HHDB_SIDELINE "}"},
};

template <typename List>
bool listed(const List &list, std::string_view k)
{
    return std::find(std::begin(list), std::end(list), k) != std::end(list);
}

// A key with other characters than letters, digits and _ is written quoted.
bool needsQuotes(std::string_view k)
{
    return std::any_of(k.begin(), k.end(), [](char c) {
        return !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_');
    });
}

bool isKey(std::string_view k)
{
    if (listed(FlagKeys, k) || listed(AwardKeys, k) || listed(GbrParts, k) || k == "gbr" || k == "source") return true;
    for (auto [name, key] : Fields)
        if (name == k) return true;
    for (auto [name, key] : FlagNames)
        if (name == k) return true;
    return false;
}

} // namespace

// The key at the cursor, spelled as the key list spells it ("" if none);
// long flag names become their flags and `gbr kings` one key `gbrkings`.
std::string Parser::hhdbKey()
{
    const Token &t = peek();
    if ((t.kind != Tok::Word && t.kind != Tok::String) || !isKey(t.text)
        || (t.kind == Tok::String) != needsQuotes(t.text))
        return {};
    std::string key = advance().text;
    for (auto [name, flag] : FlagNames)
        if (name == key) return std::string(flag);
    if (key == "gbr" && peek().kind == Tok::Word && listed(GbrParts, peek().text)) key += advance().text;
    return key;
}

FilterPtr Parser::parseCqlText(std::string_view text, const Token &at)
{
    // The text is read as tokens of its own, placed where `at` stands; the
    // query's tokens are kept aside (references into them stay valid).
    Lexer lexer(text);
    std::vector<Token> tokens = lexer.tokenize();
    for (Token &k : tokens)
        k.range = at.range;
    std::vector<Token> query = std::exchange(m_tokens, std::move(tokens));
    const size_t pos = std::exchange(m_pos, 0);
    FilterPtr f = parseFilter();
    if (peek().kind != Tok::End) {
        error(at, "internal: the definition of '" + at.text + "' did not read as one filter");
        f = nullptr;
    }
    m_tokens = std::move(query);
    m_pos = pos;
    return f;
}

FilterPtr Parser::parseHhdb(const Token &t)
{
    const Token hhdb = t; // parseCqlText may move the token list
    // Awards: any of award/prize/hm/commendation, special, max, sort.
    std::vector<std::string> awards;
    for (;;) {
        size_t save = m_pos;
        std::string k = hhdbKey();
        if (k.empty() || !listed(AwardKeys, k)) {
            m_pos = save;
            break;
        }
        awards.push_back(k);
    }
    if (!awards.empty()) {
        std::string kind;
        bool max = false, special = false, sort = false;
        for (const std::string &k : awards) {
            bool again = false;
            if (k == "max")
                again = std::exchange(max, true);
            else if (k == "special")
                again = std::exchange(special, true);
            else if (k == "sort")
                again = std::exchange(sort, true);
            else if (!kind.empty())
                again = true;
            else
                kind = k;
            if (again) {
                error(hhdb, "'" + k + "' is given twice after 'hhdb' (or two of award, prize, hm, commendation)");
                return nullptr;
            }
        }
        const char *wrong = nullptr;
        if (sort && awards.back() == "sort")
            wrong = "'sort' cannot end an 'hhdb' award filter (a sort filter could follow): write 'hhdb sort prize'";
        else if (sort && kind.empty() && !special)
            wrong = "'hhdb sort' needs one of special, award, prize, hm or commendation";
        else if (sort && max)
            wrong = "'hhdb' takes 'sort' or 'max', not both";
        if (wrong) {
            error(hhdb, wrong);
            return nullptr;
        }
        if (kind.empty()) kind = "award";
        if (sort) {
            // Sorted by kind (a special award after the plain one), then rank, then highest rank.
            std::string text;
            if (special)
                text = "{hhdb special and hhdb sort " + kind + "}";
            else if (kind == "award")
                text = "{hhdb sort prize or hhdb sort hm or hhdb sort commendation}";
            else {
                const int order = kind == "prize" ? 1 : kind == "hm" ? 3 : 5;
                text = "{hhdb " + kind + " if hhdb special {hhdb_kind = " + std::to_string(order + 1)
                    + " hhdb_rank = hhdb special " + kind + " hhdb_lastrank = hhdb special " + kind
                    + " max} else {hhdb_kind = " + std::to_string(order) + " hhdb_rank = hhdb " + kind
                    + " hhdb_lastrank = hhdb " + kind
                    + " max}"
                      " sort quiet min \"hhdb_kind\" hhdb_kind sort quiet min \"hhdb_rank\" hhdb_rank"
                      " sort quiet min \"hhdb_lastrank\" hhdb_lastrank true}";
            }
            return parseCqlText(text, hhdb);
        }
        HhdbAwardFilter::Kind k = kind == "prize" ? HhdbAwardFilter::Prize
            : kind == "hm"                        ? HhdbAwardFilter::HonorableMention
            : kind == "commendation"              ? HhdbAwardFilter::Commendation
                                                  : HhdbAwardFilter::Award;
        return make<HhdbAwardFilter>(hhdb.range, k, special, max);
    }
    std::string key = hhdbKey();
    if (key.empty()) {
        error(peek(), "expected an hhdb field after 'hhdb' (composer, stipulation, gbr, prize, \"(m)\", ...)");
        return nullptr;
    }
    std::string text;
    if (listed(FlagKeys, key)) text = "\"" + key + "\" in player black";
    for (auto [name, cql] : Fields)
        if (name == key) text = cql;
    if (text.empty()) {
        error(hhdb, "'hhdb " + key + "' is not a field of its own (HHdb has no such field)");
        return nullptr;
    }
    FilterPtr f = parseCqlText("notransform " + text, hhdb);
    return f ? implicitSearch(std::move(f)) : nullptr;
}

FilterPtr Parser::implicitSearch(FilterPtr f)
{
    // A string filter followed by a quoted text searches it: player white "Kasparov".
    if (!f || f->type != Type::String || peek().kind != Tok::String || peek().text.empty() || atValueArgument(f->range))
        return f;
    const Token text = advance();
    if (!plainSearchText(text)) return nullptr;
    SourceRange r{f->range.begin, text.range.end};
    return makeSubstringTest(r, make<StringLiteralFilter>(text.range, text.text), std::move(f));
}

bool Parser::plainSearchText(const Token &text)
{
    // As CQL 6.2: a search text that looks like a regular expression is
    // refused rather than quietly searched letter for letter.
    const std::string &s = text.text;
    size_t open = s.find('[');
    if ((open != std::string::npos && s.find(']', open) != std::string::npos)
        || s.find_first_of("*+?", 1) != std::string::npos) {
        error(text,
              "\"" + s + "\" looks like a regular expression but is searched as plain text here: write X ~~ \"" + s
                  + "\" for a regular expression, or \"" + s + "\" in X for plain text");
        return false;
    }
    return true;
}

} // namespace cql
