// The CQL-S compiler's match list keywords: game information from the
// game's tags and the player base (compiler.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chess/variant.h"
#include "cql/cqls/compiler.h"
#include "cql/program.h"
#include "cql/cqls/tocql6.h"

namespace cql::cqls {

namespace {

using TK = TagInfoFilter::Kind;
// How a tag keyword's argument reads: nothing, a name (or a pattern in double
// quotes), a range, a comma list (of the words `known` accepts, when it is
// given), a rating system and a range; :tag its own way.
enum class TagArg { None, Name, Range, Words, Rating, Tag };
struct TagRow {
    std::string_view base; // the name without "white" or "black"
    TK kind;
    TagArg arg;
    bool (*known)(const std::string &) = nullptr;
    std::string_view what = {}; // what `known` accepts, for the message
};
const TagRow TagRows[] = {
    {"annotator", TK::Annotator, TagArg::Name},
    {"averagerating", TK::AverageRating, TagArg::Rating},
    {"averagerating*", TK::AverageRatingBoth, TagArg::Rating},
    {"country", TK::Country, TagArg::Words},
    {"eventcategory", TK::EventCategory, TagArg::Range},
    {"eventcountry", TK::EventCountry, TagArg::Words},
    {"eventdate", TK::EventDate, TagArg::Range},
    {"eventmode", TK::EventMode, TagArg::Words, [](const std::string &w) { return eventModeOf(w) == w; },
     "an event mode (unknown, otb, corr, email, internet, tele, analysis, composition)"},
    {"eventtype", TK::EventType, TagArg::Words},
    {"gender", TK::Tag, TagArg::Words,
     [](const std::string &w) { return w == "f" || w == "w" || w == "m" || w == "x"; },
     "a gender (f or w female, m male, x unknown)"},
    {"goodgame", TK::Tag, TagArg::None},
    {"id", TK::PlayerId, TagArg::Words},
    {"iscomputer", TK::Computer, TagArg::None},
    {"ishuman", TK::Human, TagArg::None},
    {"rating", TK::Rating, TagArg::Rating},
    {"ratingdifference", TK::RatingDifference, TagArg::Rating},
    {"subround", TK::SubRound, TagArg::Range},
    {"tag", TK::Tag, TagArg::Tag},
    {"termination", TK::Termination, TagArg::Words, [](const std::string &w) { return terminationOf(w) == w; },
     "a termination reason (unknown, normal, abandoned, adjudication, disconnection, emergency, rulesinfraction, "
     "timeforfeit, unplayed, unterminated)"},
    {"timemode", TK::Tag, TagArg::Words,
     [](const std::string &w) {
         TimeMode m;
         return timeModeFromName(w, m);
     },
     "a time mode (unknown, normal, rapid, blitz, bullet, corr)"},
    {"title", TK::Title, TagArg::Words},
};

// The row of a tag keyword and its side (0 either player, 1 White, 2 Black); null for none.
const TagRow *tagRow(std::string_view n, int *side = nullptr)
{
    int s = n.rfind("white", 0) == 0 ? 1 : n.rfind("black", 0) == 0 ? 2 : 0;
    if (s) n.remove_prefix(5);
    if (side) *side = s;
    for (const TagRow &r : TagRows)
        if (r.base == n) return &r;
    return nullptr;
}

// A range word that is a Roman numeral, after an optional comparison ("XX",
// ">=XV"), as the same word in decimal; other words as they are.
Item romanToDecimal(const Item &item)
{
    const std::string &w = item.text;
    const size_t k = w.find_first_not_of("<>=");
    if (item.isList() || k == std::string::npos || w.find_first_not_of("IVXLCivxlc", k) != std::string::npos)
        return item;
    int value = 0, largest = 0;
    for (size_t m = w.size(); m-- > k;) {
        const char c = char(std::toupper(static_cast<unsigned char>(w[m])));
        const int d = c == 'I' ? 1 : c == 'V' ? 5 : c == 'X' ? 10 : c == 'L' ? 50 : 100;
        value += d < largest ? -d : d; // IX: the I before a larger digit counts against it
        largest = std::max(largest, d);
    }
    Item out = item;
    out.text = w.substr(0, k) + std::to_string(value);
    return out;
}

} // namespace

FilterPtr Compiler::matchKeyword(const KeywordNode &k, size_t &i)
{
    using GI = GameInfoFilter;
    static const std::unordered_map<std::string_view, std::pair<Handler, int>> handlers = {
        {"and", {&Compiler::matchLogicKeyword, 0}},
        {"annotator", {&Compiler::tagKeyword, 0}},
        {"birthyear", {&Compiler::playerYearKeyword, 0}},
        {"blackbirthyear", {&Compiler::playerYearKeyword, 0}},
        {"blackdeathyear", {&Compiler::playerYearKeyword, 0}},
        {"blackelo", {&Compiler::rangeKeyword, 0}},
        {"blackplayer", {&Compiler::playerKeyword, 0}},
        {"comment", {&Compiler::commentKeyword, 0}},
        {"cond", {&Compiler::matchLogicKeyword, 0}},
        {"date", {&Compiler::dateKeyword, 0}},
        {"deathyear", {&Compiler::playerYearKeyword, 0}},
        {"eco", {&Compiler::ecoKeyword, 0}},
        {"eithercolor", {&Compiler::topOnlyKeyword, 0}},
        {"elo", {&Compiler::rangeKeyword, 0}},
        {"error", {&Compiler::defectKeyword, 0}},
        {"event", {&Compiler::playerKeyword, 0}},
        {"forany", {&Compiler::topOnlyKeyword, 2}},
        {"gamenumber", {&Compiler::rangeKeyword, 0}},
        {"hasannotation", {&Compiler::fixedKeyword<GI>, GI::HasAnnotation}},
        {"hascomments", {&Compiler::hasCommentsKeyword, 0}},
        {"hasmarker", {&Compiler::markerKeyword, 0}},
        {"hasspecialmarker", {&Compiler::defectKeyword, 0}},
        {"hasvariations", {&Compiler::fixedKeyword<GI>, GI::HasVariations}},
        {"ischess960", {&Compiler::startArrangementKeyword, 1}},
        {"isshufflechess", {&Compiler::startArrangementKeyword, 0}},
        {"markall", {&Compiler::noEffectKeyword, 0}},
        {"noannotate", {&Compiler::noEffectKeyword, 0}},
        {"not", {&Compiler::matchLogicKeyword, 0}},
        {"or", {&Compiler::matchLogicKeyword, 0}},
        {"output", {&Compiler::outputKeyword, 0}},
        {"pgn", {&Compiler::outputKeyword, 0}},
        {"player", {&Compiler::playerKeyword, 0}},
        {"plycount", {&Compiler::gameRangeKeyword, GI::PlyCount}},
        {"result", {&Compiler::resultKeyword, 0}},
        {"round", {&Compiler::gameRangeKeyword, GI::Round}},
        {"site", {&Compiler::playerKeyword, 0}},
        {"startposition", {&Compiler::variantKeyword, 0}},
        {"variant", {&Compiler::variantKeyword, 0}},
        {"whitebirthyear", {&Compiler::playerYearKeyword, 0}},
        {"whitedeathyear", {&Compiler::playerYearKeyword, 0}},
        {"whiteelo", {&Compiler::rangeKeyword, 0}},
        {"whiteplayer", {&Compiler::playerKeyword, 0}},
        {"xor", {&Compiler::matchLogicKeyword, 0}},
        {"year", {&Compiler::rangeKeyword, 0}},
    };
    const NodeScope scope(m_node, k);
    const std::string n = colourSwapped(k.name);
    const auto h = handlers.find(n);
    Handler handler = h != handlers.end() ? h->second.first : tagRow(n) ? &Compiler::tagKeyword : nullptr;
    if (!handler) {
        // A keyword of the table that no back end reads yet.
        error(*k.at, "':" + n + "' is not implemented yet");
        return nullptr;
    }
    FilterPtr f = (this->*handler)(Call{k, n, *k.at, k.items, i, h != handlers.end() ? h->second.second : 0});
    if (f && k.negated) f = std::make_unique<NotFilter>(std::move(f));
    return f;
}

FilterPtr Compiler::matchLogicKeyword(const Call &c)
{
    if (c.n == "not" && (c.i >= c.items.size() || !c.items[c.i].isList())) {
        // The first form of the match list page: ':not' inside a list
        // negates the list it stands in.
        m_bareNot = !m_bareNot;
        return nullptr;
    }
    return subMatchLists(c.n, c.i);
}

// The name in a tag (lower case, as part of it), or a pattern in double quotes.
FilterPtr Compiler::playerKeyword(const Call &c)
{
    if (c.i >= c.items.size() || c.items[c.i].isList() || keywordOf(c.items[c.i]).isKeyword) {
        error(c.at, "'" + c.at.text + "' expects a name");
        return nullptr;
    }
    if (c.items[c.i].kind == Item::String) {
        TagInfoFilter::Spec p;
        p.kind = TagInfoFilter::Pattern;
        p.name = c.items[c.i++].text;
        if (c.n == "player" || c.n == "whiteplayer") p.values.push_back("White");
        if (c.n == "player" || c.n == "blackplayer") p.values.push_back("Black");
        if (c.n == "event") p.values.push_back("Event");
        if (c.n == "site") p.values.push_back("Site");
        return std::make_unique<TagInfoFilter>(std::move(p));
    }
    const StringLiteralFilter name(lowerCase(c.items[c.i++].text));
    return lowered(playerCql6(c.n, "cqls_name"), c.at, {{"cqls_name", &name}});
}

// :plycount R and :round R (the row's kind, param).
FilterPtr Compiler::gameRangeKeyword(const Call &c)
{
    Range r;
    if (!rangeOf(c, 0, r)) return nullptr;
    return std::make_unique<GameInfoFilter>(GameInfoFilter::Kind(c.param), r);
}

FilterPtr Compiler::hasCommentsKeyword(const Call &c)
{
    if (!isArgumentWord(c.items, c.i)) return std::make_unique<GameInfoFilter>(GameInfoFilter::HasComments);
    std::vector<std::string> codes;
    const auto code = [](const std::string &w) {
        return w.size() == 2 && std::isalpha(static_cast<unsigned char>(w[0]))
            && std::isalpha(static_cast<unsigned char>(w[1]));
    };
    if (!knownWords(c, codes, code,
                    "a language code (two letters, as Scidb marks the languages of comments: de, en, ...; xx "
                    "language independent, yy any language but English)"))
        return nullptr;
    return std::make_unique<CommentLanguageFilter>(std::move(codes));
}

FilterPtr Compiler::commentKeyword(const Call &c)
{
    if (c.i >= c.items.size() || c.items[c.i].kind != Item::String) {
        error(c.at, "':comment' expects a pattern in double quotes");
        return nullptr;
    }
    return std::make_unique<CommentPatternFilter>(c.items[c.i++].text);
}

// For CQL compatibility only; no meaning in CQL-S (match list page).
FilterPtr Compiler::outputKeyword(const Call &c)
{
    if (!isArgumentWord(c.items, c.i))
        error(c.at, "'" + c.at.text + "' expects a file name");
    else
        ++c.i;
    return nullptr;
}

FilterPtr Compiler::noEffectKeyword(const Call &) { return nullptr; } // meaningless here (seed)

// :eithercolor (read by run()) and :forany (declared by declareTags, its
// `param` arguments) stand in the match list itself.
FilterPtr Compiler::topOnlyKeyword(const Call &c)
{
    if (m_subMatch)
        error(c.at, "':" + c.n + "' belongs in the match list itself");
    else
        c.i = std::min(c.items.size(), c.i + size_t(c.param));
    return nullptr;
}

bool Compiler::commaList(const Item &at, const std::vector<Item> &items, size_t &i, std::vector<std::string> &out)
{
    if (!isArgumentWord(items, i)) {
        error(at, "'" + at.text + "' expects a comma-separated list");
        return false;
    }
    std::string t = items[i++].text;
    // "normal, corr" (the match list page writes lists so too): a word
    // ending in a comma goes on in the next one.
    while (!t.empty() && t.back() == ',' && isArgumentWord(items, i))
        t += items[i++].text;
    for (std::string_view p : commaParts(t)) {
        std::string part = lowerCase(p);
        if (part.empty()) {
            error(items[i - 1], "'" + t + "': an empty entry in the list");
            return false;
        }
        out.push_back(part);
    }
    return true;
}

FilterPtr Compiler::variantKeyword(const Call &c)
{
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    std::vector<std::string> names;
    if (n == "variant") {
        // Losers games are not read (the search reports them as not
        // supported): that name selects nothing.
        const auto bits = [](const std::string &v) -> unsigned {
            if (v == "normal") return 1u << unsigned(chess::Variant::Standard);
            if (v == "bughouse") return GameVariantFilter::Bughouse;
            if (v == "drop-chess" || v == "dropchess") return 1u << unsigned(chess::Variant::Crazyhouse);
            const auto rules = chess::parseVariantName(v);
            return rules ? 1u << unsigned(*rules) : v == "losers" ? 0u : ~0u;
        };
        if (!knownWords(
                c, names, [&](const std::string &v) { return bits(v) != ~0u; },
                "a chess variant (normal, three-check, king-of-the-hill, crazyhouse, bughouse, losers, "
                "suicide, giveaway, antichess)"))
            return nullptr;
        unsigned variants = 0;
        for (const std::string &v : names)
            variants |= bits(v);
        return std::make_unique<GameVariantFilter>(variants);
    }
    if (!commaList(at, items, i, names)) return nullptr;
    std::vector<std::pair<int, int>> ranges;
    bool any = false;
    for (const std::string &v : names) {
        if (v == "*") {
            any = true;
            continue;
        }
        long long lo, hi;
        size_t dash = v.find('-', 1);
        bool ok = dash == std::string::npos ? parseNumber(v, lo) && (hi = lo, true)
                                            : parseNumber(v.substr(0, dash), lo) && parseNumber(v.substr(dash + 1), hi);
        if (!ok) {
            if (const game::FicsStart *fics = game::ficsStartNamed(v)) {
                ranges.emplace_back(fics->number, fics->number);
                continue;
            }
        }
        if (!ok || lo < 0 || hi > 3840 || lo > hi) {
            error(items[i - 1],
                  "'" + v
                      + "' is not a start position number (0 to 3840), range or FICS start position "
                        "(wild/5, wild/7, wild/8, wild/19, misc/runaway, misc/pyramid, ...)");
            return nullptr;
        }
        ranges.emplace_back(int(lo), int(hi));
    }
    return std::make_unique<StartPositionFilter>(std::move(ranges), any);
}

bool Compiler::lineEndsWithStar(std::string_view t)
{
    while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\n' || t.back() == '\r'))
        t.remove_suffix(1);
    return t.size() >= 2 && t.back() == '*'
        && (t[t.size() - 2] == ' ' || t[t.size() - 2] == '\t' || t[t.size() - 2] == '\n');
}

FilterPtr Compiler::playerYearKeyword(const Call &c)
{
    Range r;
    if (!rangeOf(c, 0, r)) return nullptr;
    std::string why;
    std::shared_ptr<const database::PlayerBase> base = database::loadPlayerBase(m_program.playerBase, &why);
    if (!base) {
        error(c.at,
              "'" + c.at.text + "' needs a player base, which PGN games do not carry: "
                  + (m_program.playerBase.empty()
                         ? std::string("give a Scid spelling file (.ssp) with -playerbase FILE, CQLWB_PLAYERBASE "
                                       "or the workbench's Query menu")
                         : why));
        return nullptr;
    }
    if (base->badLines() > 0 && !m_playerBaseWarned) {
        m_playerBaseWarned = true;
        warning(c.at,
                "player base " + base->path() + ": the dates of " + std::to_string(base->badLines())
                    + " players were not understood (" + base->firstProblem() + "); their years are unknown");
    }
    const bool death = c.n.find("death") != std::string::npos;
    const auto side = c.n.rfind("white", 0) == 0 ? PlayerYearFilter::White
        : c.n.rfind("black", 0) == 0             ? PlayerYearFilter::Black
                                                 : PlayerYearFilter::Either;
    return std::make_unique<PlayerYearFilter>(side, death, r, std::move(base));
}

FilterPtr Compiler::markerKeyword(const Call &c)
{
    std::string markers;
    if (c.i < c.items.size() && !c.items[c.i].isList() && !keywordOf(c.items[c.i]).isKeyword
        && c.items[c.i].kind == Item::Word) {
        for (std::string_view part : commaParts(c.items[c.i].text)) {
            if (part.size() != 1 || gameMarkerLetters().find(part[0]) == std::string_view::npos) {
                error(c.items[c.i],
                      "'" + std::string(part) + "' is not a game marker (one of " + std::string(gameMarkerLetters())
                          + ", comma-separated)");
                return nullptr;
            }
            markers += part[0];
        }
        ++c.i;
    }
    return std::make_unique<GameMarkerFilter>(markers);
}

FilterPtr Compiler::defectKeyword(const Call &c)
{
    // Each word's defects; Clean: a game read without any; 0: none a PGN game can have.
    constexpr unsigned Clean = 8, Illegal = GameDefectFilter::IllegalMove, Invalid = GameDefectFilter::InvalidMove;
    static const std::map<std::string_view, unsigned> markers = {{"illegalmove", Illegal},
                                                                 {"invalidmove", Invalid},
                                                                 {"deleted", GameDefectFilter::Deleted},
                                                                 {"changed", 0},
                                                                 {"added", 0},
                                                                 {"addedd", 0}};
    static const std::map<std::string_view, unsigned> kinds = {{"none", Clean},
                                                               {"cannotdecodemove", Illegal | Invalid},
                                                               {"decodingfailed", 0},
                                                               {"gamedatacorrupted", 0},
                                                               {"checksumerror", 0},
                                                               {"unexpectedendofstream", 0},
                                                               {"illegalstartposition", 0}};
    const bool special = c.n == "hasspecialmarker";
    const auto &known = special ? markers : kinds;
    std::vector<std::string> words;
    if (!knownWords(
            c, words, [&](const std::string &w) { return known.count(w) > 0; },
            special ? "a special marker (deleted, changed, added, illegalmove, invalidmove)"
                    : "an error kind (none, decodingfailed, gamedatacorrupted, checksumerror, "
                      "illegalstartposition, cannotdecodemove, unexpectedendofstream)"))
        return nullptr;
    bool clean = false;
    unsigned defects = 0;
    for (const std::string &w : words) {
        const unsigned bits = known.at(w);
        clean = clean || bits == Clean;
        defects |= bits & ~Clean;
        if (!bits)
            warning(c.items[c.i - 1],
                    "':" + c.n + " " + w + "' never matches a PGN game: "
                        + (special ? std::string("the databases are read only, so no game is changed or added")
                               : w == "illegalstartposition"
                               ? std::string("a game with a bad FEN is reported and not searched")
                               : std::string("only Scid and ChessBase databases are decoded that way")));
    }
    return std::make_unique<GameDefectFilter>(clean, defects);
}

bool Compiler::knownWords(const Call &c, std::vector<std::string> &out,
                          const std::function<bool(const std::string &)> &known, std::string_view what)
{
    if (!commaList(c.at, c.items, c.i, out)) return false;
    for (const std::string &w : out)
        if (!known(w)) {
            error(c.items[c.i - 1], "'" + w + "' is not " + std::string(what));
            return false;
        }
    return true;
}

FilterPtr Compiler::tagKeyword(const Call &c)
{
    TagInfoFilter::Spec s;
    const TagRow &row = *tagRow(c.n, &s.side);
    s.kind = row.kind;
    switch (row.arg) {
    case TagArg::None: break;
    case TagArg::Tag:
        if (!isArgumentWord(c.items, c.i)) {
            error(c.at, "':tag' expects a tag name");
            return nullptr;
        }
        s.anyName = c.items[c.i].text == "*";
        s.name = lowerCase(c.items[c.i++].text);
        if (isArgumentWord(c.items, c.i) && c.items[c.i].kind == Item::String) {
            s.kind = TK::Pattern;
            s.values.push_back(s.name);
            s.name = c.items[c.i++].text;
        } else if (isArgumentWord(c.items, c.i)) {
            s.haveValue = true;
            s.values.push_back(lowerCase(c.items[c.i++].text));
        }
        break;
    case TagArg::Name:
        if (!isArgumentWord(c.items, c.i)) {
            error(c.at, "':annotator' expects a name");
            return nullptr;
        }
        if (c.items[c.i].kind == Item::String) {
            s.kind = TK::Pattern;
            s.name = c.items[c.i++].text;
            s.values.push_back("Annotator");
        } else {
            s.values.push_back(lowerCase(c.items[c.i++].text));
        }
        break;
    case TagArg::Range: {
        // The categories may be written as Roman numerals (">=XX").
        std::vector<Item> args;
        for (size_t k = c.i; k < c.items.size() && k < c.i + 2; ++k)
            args.push_back(row.kind == TK::EventCategory ? romanToDecimal(c.items[k]) : c.items[k]);
        size_t j = 0;
        if (!rangeArg(c.at, args, j, s.range, false, false)) return nullptr;
        c.i += j;
        break;
    }
    case TagArg::Words:
        if (!(row.known ? knownWords(c, s.values, row.known, row.what) : commaList(c.at, c.items, c.i, s.values)))
            return nullptr;
        break;
    case TagArg::Rating:
        if (!isArgumentWord(c.items, c.i)) {
            error(c.at, "'" + c.at.text + "' expects a rating system (ELO, USCF, ...) and a range");
            return nullptr;
        }
        // Each system's ratings are in the tags Scidb writes for it (White<tag>, Black<tag>).
        std::string sys = c.items[c.i].text;
        for (char &ch : sys)
            ch = char(std::toupper(static_cast<unsigned char>(ch)));
        s.name = std::string(ratingTagSuffix(sys));
        if (s.name.empty()) {
            error(c.items[c.i],
                  "'" + c.items[c.i].text
                      + "' is not a rating system (ELO, DWZ, ECF, ACF, USCF, Rapid, Blitz, ICCF, Edo)");
            while (isArgumentWord(c.items, c.i))
                ++c.i; // the system and its range: no further errors about them
            return nullptr;
        }
        ++c.i;
        if (!rangeArg(c.at, c.items, c.i, s.range, false, false)) return nullptr;
        if (m_flip && s.kind == TK::RatingDifference) {
            // Colours swapped, White minus Black is the other difference.
            std::swap(s.range.lo.value, s.range.hi.value);
            s.range.lo.value = -s.range.lo.value;
            s.range.hi.value = -s.range.hi.value;
        }
        break;
    }
    if (row.base == "goodgame") {
        // The match list page's definition, in the keywords it is written in.
        std::vector<Item> text;
        readItems("(match :timemode normal,corr !:eventtype simul :plycount >=16"
                  " :or ((match !:result 1/2) (match :plycount >=40))"
                  " :or ((match :title im,gm,wim,wgm,cim,cgm) (match :rating elo >=2350) (match :rating dwz >=2350)"
                  " (match :rating acf >=2350) (match :rating ecf >=220) (match :rating iccf >=2350)"
                  " (match :rating uscf >=2375)))",
                  text, m_diags);
        normalizeMatchList(text[0]);
        return matchListFilter(*readMatchList(text[0], m_diags));
    }
    if (row.base == "timemode") {
        std::vector<TimeMode> modes(s.values.size());
        for (size_t k = 0; k < modes.size(); ++k)
            timeModeFromName(s.values[k], modes[k]);
        return std::make_unique<TimeModeFilter>(std::move(modes));
    }
    if (row.base == "gender") {
        std::string genders;
        for (const std::string &w : s.values)
            genders += w == "w" ? 'f' : w[0];
        return std::make_unique<GenderFilter>(s.side, genders);
    }
    return std::make_unique<TagInfoFilter>(std::move(s));
}

FilterPtr Compiler::ecoKeyword(const Call &c)
{
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    if (i >= items.size() || items[i].isList() || keywordOf(items[i]).isKeyword) {
        error(at, "':eco' expects ECO codes (A00, B00-99, ...)");
        return nullptr;
    }
    const Item &w = items[i++];
    Range r;
    if (w.text == "*") return std::make_unique<GameInfoFilter>(GameInfoFilter::Eco, r);
    if (w.text == "-" || w.text == "\xE2\x80\x93") {
        r.empty = true;
        return std::make_unique<GameInfoFilter>(GameInfoFilter::Eco, r);
    }
    std::vector<std::pair<int, int>> codes;
    for (std::string_view p : commaParts(w.text)) {
        const std::string part(p);
        const auto letter = [&](size_t k) {
            return k < part.size() && part[k] >= 'A' && part[k] <= 'E' ? (part[k] - 'A') * 100 : -1;
        };
        // "B00", "B00-99", "B00-C99".
        long long lo = 0, hi = 0, to;
        bool ok = letter(0) >= 0 && digitsAt(part, 1, 2, lo);
        hi = lo += letter(0);
        if (ok && part.size() == 6 && part[3] == '-' && digitsAt(part, 4, 2, to))
            hi = letter(0) + to;
        else if (ok && part.size() == 7 && part[3] == '-' && letter(4) >= 0 && digitsAt(part, 5, 2, to))
            hi = letter(4) + to;
        else
            ok = ok && part.size() == 3;
        if (!ok || hi < lo) {
            error(w, "'" + part + "' is not an ECO code or range");
            return nullptr;
        }
        codes.emplace_back(int(lo), int(hi));
    }
    return std::make_unique<GameInfoFilter>(GameInfoFilter::Eco, r, std::move(codes));
}

FilterPtr Compiler::resultKeyword(const Call &c)
{
    if (c.i >= c.items.size() || c.items[c.i].isList()) {
        error(c.at, "':result' expects a result: 1-0, 0-1, 1/2-1/2 or *");
        return nullptr;
    }
    // A comma-separated list: one of these results.
    std::vector<FilterPtr> any;
    for (std::string_view part : commaParts(c.items[c.i++].text)) {
        std::string r = gameResult(part);
        if (r.empty()) {
            error(c.items[c.i - 1], "'" + std::string(part) + "' is not a game result (1-0, 0-1, 1/2, 0-0, *)");
            return nullptr;
        }
        if (m_flip && (r == "1-0" || r == "0-1")) r = r == "1-0" ? "0-1" : "1-0";
        any.push_back(std::make_unique<TagFilter>(TagFilter::Result, r, true));
    }
    if (any.size() == 1) return std::move(any[0]);
    return anyOf(std::move(any));
}

FilterPtr Compiler::subMatchLists(const std::string &n, size_t &i)
{
    std::vector<FilterPtr> parts;
    for (const ListNode &s : listArguments(i))
        parts.push_back(matchListFilter(s));
    return combine(n, std::move(parts));
}

FilterPtr Compiler::matchListFilter(const ListNode &s)
{
    const bool outerSub = m_subMatch, outerNot = m_bareNot;
    m_subMatch = true;
    m_bareNot = false;
    std::vector<FilterPtr> inner;
    auto refuse = [&](const Item &it) {
        error(it,
              it.isList() ? "a sub-match list cannot contain position lists"
                          : "'" + it.text + "' is not a match list keyword");
    };
    for (const ListNode::Element &e : s.elements) {
        if (!e.keyword) {
            refuse(*e.item);
            continue;
        }
        if (!e.keyword->ok) continue;
        size_t j = 0;
        if (FilterPtr f = matchKeyword(*e.keyword, j)) inner.push_back(std::move(f));
        for (; j < e.keyword->items.size(); ++j)
            refuse(e.keyword->items[j]);
    }
    FilterPtr all = allOf(std::move(inner));
    if (m_bareNot) all = std::make_unique<NotFilter>(std::move(all));
    m_bareNot = outerNot;
    m_subMatch = outerSub;
    return all;
}

} // namespace cql::cqls
