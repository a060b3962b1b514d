// The CQL-S compiler's match list keywords: game information from the
// game's tags and the player base (compiler.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "chess/variant.h"
#include "cql/cqls/compiler.h"
#include "cql/program.h"
#include "cql/cqls/tocql6.h"

namespace cql::cqls {

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
        {"hasannotation", {&Compiler::gameFactKeyword, GI::HasAnnotation}},
        {"hascomments", {&Compiler::hasCommentsKeyword, 0}},
        {"hasmarker", {&Compiler::markerKeyword, 0}},
        {"hasspecialmarker", {&Compiler::defectKeyword, 0}},
        {"hasvariations", {&Compiler::gameFactKeyword, GI::HasVariations}},
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
    Handler handler = h != handlers.end() ? h->second.first : isTagKeyword(n) ? &Compiler::tagKeyword : nullptr;
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
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    if (i >= items.size() || items[i].isList() || keywordOf(items[i]).isKeyword) {
        error(c.at, "'" + c.at.text + "' expects a name");
        return nullptr;
    }
    if (items[i].kind == Item::String) {
        TagInfoFilter::Spec p;
        p.kind = TagInfoFilter::Pattern;
        p.name = items[i++].text;
        if (n == "player" || n == "whiteplayer") p.values.push_back("White");
        if (n == "player" || n == "blackplayer") p.values.push_back("Black");
        if (n == "event") p.values.push_back("Event");
        if (n == "site") p.values.push_back("Site");
        return std::make_unique<TagInfoFilter>(std::move(p));
    }
    std::string t = items[i++].text;
    for (char &ch : t)
        ch = char(std::tolower(static_cast<unsigned char>(ch)));
    const StringLiteralFilter name(t);
    return lowered(playerCql6(n, "cqls_name"), at, {{"cqls_name", &name}});
}

FilterPtr Compiler::gameRangeKeyword(const Call &c)
{
    Range r;
    if (!rangeOf(c, 0, r)) return nullptr;
    return std::make_unique<GameInfoFilter>(GameInfoFilter::Kind(c.param), r);
}

FilterPtr Compiler::gameFactKeyword(const Call &c)
{
    return std::make_unique<GameInfoFilter>(GameInfoFilter::Kind(c.param));
}

FilterPtr Compiler::hasCommentsKeyword(const Call &c)
{
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    if (i < items.size() && !items[i].isList() && !keywordOf(items[i]).isKeyword) {
        std::vector<std::string> codes;
        if (!commaList(at, items, i, codes)) return nullptr;
        for (const std::string &c : codes) {
            if (c.size() != 2 || !std::isalpha(static_cast<unsigned char>(c[0]))
                || !std::isalpha(static_cast<unsigned char>(c[1]))) {
                error(items[i - 1],
                      "'" + c
                          + "' is not a language code (two letters, as Scidb marks the "
                            "languages of comments: de, en, ...; xx language independent, "
                            "yy any language but English)");
                return nullptr;
            }
        }
        return std::make_unique<CommentLanguageFilter>(std::move(codes));
    } else {
        return std::make_unique<GameInfoFilter>(GameInfoFilter::HasComments);
    }
}

FilterPtr Compiler::commentKeyword(const Call &c)
{
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    if (i >= items.size() || items[i].kind != Item::String) {
        error(at, "':comment' expects a pattern in double quotes");
        return nullptr;
    }
    return std::make_unique<CommentPatternFilter>(items[i++].text);
}

// For CQL compatibility only; no meaning in CQL-S (match list page).
FilterPtr Compiler::outputKeyword(const Call &c)
{
    if (c.i >= c.items.size() || c.items[c.i].isList() || keywordOf(c.items[c.i]).isKeyword)
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
    if (i >= items.size() || items[i].isList() || keywordOf(items[i]).isKeyword) {
        error(at, "'" + at.text + "' expects a comma-separated list");
        return false;
    }
    std::string t = items[i++].text;
    // "normal, corr" (the match list page writes lists so too): a word
    // ending in a comma goes on in the next one.
    while (!t.empty() && t.back() == ',' && i < items.size() && !items[i].isList() && !keywordOf(items[i]).isKeyword)
        t += items[i++].text;
    for (std::string_view p : commaParts(t)) {
        std::string part(p);
        for (char &c : part)
            c = char(std::tolower(static_cast<unsigned char>(c)));
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
    if (!commaList(at, items, i, names)) return nullptr;
    if (n == "variant") {
        // Losers games are not read (the search reports them as not
        // supported): that name selects nothing.
        static const std::vector<std::string_view> unread = {"losers"};
        unsigned variants = 0;
        for (const std::string &v : names) {
            if (v == "normal")
                variants |= 1u << unsigned(chess::Variant::Standard);
            else if (v == "bughouse")
                variants |= GameVariantFilter::Bughouse;
            else if (v == "drop-chess" || v == "dropchess")
                variants |= 1u << unsigned(chess::Variant::Crazyhouse);
            else if (const auto rules = chess::parseVariantName(v))
                variants |= 1u << unsigned(*rules);
            else if (std::find(unread.begin(), unread.end(), v) == unread.end()) {
                error(items[i - 1],
                      "'" + v
                          + "' is not a chess variant (normal, three-check, king-of-the-hill, "
                            "crazyhouse, bughouse, losers, suicide, giveaway, antichess)");
                return nullptr;
            }
        }
        return std::make_unique<GameVariantFilter>(variants);
    }
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
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    Range r;
    if (!rangeOf(c, 0, r)) return nullptr;
    std::string why;
    std::shared_ptr<const database::PlayerBase> base = database::loadPlayerBase(m_program.playerBase, &why);
    if (!base) {
        error(at,
              "'" + at.text + "' needs a player base, which PGN games do not carry: "
                  + (m_program.playerBase.empty()
                         ? std::string("give a Scid spelling file (.ssp) with -playerbase FILE, CQLWB_PLAYERBASE "
                                       "or the workbench's Query menu")
                         : why));
        return nullptr;
    }
    if (base->badLines() > 0 && !m_playerBaseWarned) {
        m_playerBaseWarned = true;
        warning(at,
                "player base " + base->path() + ": the dates of " + std::to_string(base->badLines())
                    + " players were not understood (" + base->firstProblem() + "); their years are unknown");
    }
    const bool death = n.find("death") != std::string::npos;
    const auto side = n.rfind("white", 0) == 0 ? PlayerYearFilter::White
        : n.rfind("black", 0) == 0             ? PlayerYearFilter::Black
                                               : PlayerYearFilter::Either;
    return std::make_unique<PlayerYearFilter>(side, death, r, std::move(base));
}

FilterPtr Compiler::markerKeyword(const Call &c)
{
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    std::string markers;
    if (i < items.size() && !items[i].isList() && !keywordOf(items[i]).isKeyword && items[i].kind == Item::Word) {
        for (std::string_view part : commaParts(items[i].text)) {
            if (part.size() != 1 || gameMarkerLetters().find(part[0]) == std::string_view::npos) {
                error(items[i],
                      "'" + std::string(part) + "' is not a game marker (one of " + std::string(gameMarkerLetters())
                          + ", comma-separated)");
                return nullptr;
            }
            markers += part[0];
        }
        ++i;
    }
    return std::make_unique<GameMarkerFilter>(markers);
}

FilterPtr Compiler::defectKeyword(const Call &c)
{
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    std::vector<std::string> words;
    if (!commaList(at, items, i, words)) return nullptr;
    const Item &arg = items[i - 1];
    bool clean = false;
    unsigned defects = 0;
    std::vector<std::string> never;
    for (const std::string &w : words) {
        if (n == "hasspecialmarker") {
            if (w == "illegalmove")
                defects |= GameDefectFilter::IllegalMove;
            else if (w == "invalidmove")
                defects |= GameDefectFilter::InvalidMove;
            else if (w == "deleted")
                defects |= GameDefectFilter::Deleted;
            else if (w == "changed" || w == "added" || w == "addedd")
                never.push_back(w);
            else {
                error(arg, "'" + w + "' is not a special marker (deleted, changed, added, illegalmove, invalidmove)");
                return nullptr;
            }
        } else {
            if (w == "none")
                clean = true;
            else if (w == "cannotdecodemove")
                defects |= GameDefectFilter::IllegalMove | GameDefectFilter::InvalidMove;
            else if (w == "decodingfailed" || w == "gamedatacorrupted" || w == "checksumerror"
                     || w == "unexpectedendofstream" || w == "illegalstartposition")
                never.push_back(w);
            else {
                error(arg,
                      "'" + w
                          + "' is not an error kind (none, decodingfailed, gamedatacorrupted, checksumerror, "
                            "illegalstartposition, cannotdecodemove, unexpectedendofstream)");
                return nullptr;
            }
        }
    }
    for (const std::string &w : never)
        warning(arg,
                "':" + n + " " + w + "' never matches a PGN game: "
                    + (n == "hasspecialmarker"
                           ? std::string("the databases are read only, so no game is changed or added")
                           : w == "illegalstartposition"
                           ? std::string("a game with a bad FEN is reported and not searched")
                           : std::string("only Scid and ChessBase databases are decoded that way")));
    return std::make_unique<GameDefectFilter>(clean, defects);
}

bool Compiler::isTagKeyword(const std::string &n)
{
    static const std::vector<std::string_view> names = {
        "tag",           "annotator",      "eventdate",        "eventtype",       "eventcountry",
        "title",         "whitetitle",     "blacktitle",       "country",         "whitecountry",
        "blackcountry",  "iscomputer",     "whiteiscomputer",  "blackiscomputer", "ishuman",
        "whiteishuman",  "blackishuman",   "rating",           "whiterating",     "blackrating",
        "averagerating", "averagerating*", "ratingdifference", "subround",        "timemode",
        "gender",        "whitegender",    "blackgender",      "goodgame",        "eventmode",
        "termination",   "eventcategory",  "whiteid",          "blackid"};
    return std::find(names.begin(), names.end(), n) != names.end();
}

FilterPtr Compiler::tagKeyword(const Call &c)
{
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    using K = TagInfoFilter::Kind;
    TagInfoFilter::Spec s;
    std::string base = n;
    if (base.rfind("white", 0) == 0) {
        s.side = 1;
        base = base.substr(5);
    } else if (base.rfind("black", 0) == 0) {
        s.side = 2;
        base = base.substr(5);
    }
    auto word = [&items = c.items](size_t k) {
        return k < items.size() && !items[k].isList() && !keywordOf(items[k]).isKeyword;
    };
    if (base == "tag") {
        if (!word(i)) {
            error(at, "':tag' expects a tag name");
            return nullptr;
        }
        s.kind = K::Tag;
        s.name = items[i++].text;
        s.anyName = s.name == "*";
        for (char &c : s.name)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        if (word(i)) {
            if (items[i].kind == Item::String) {
                s.kind = K::Pattern;
                s.values.push_back(s.name);
                s.name = items[i++].text;
                return std::make_unique<TagInfoFilter>(std::move(s));
            }
            s.haveValue = true;
            std::string v = items[i++].text;
            for (char &c : v)
                c = char(std::tolower(static_cast<unsigned char>(c)));
            s.values.push_back(v);
        }
    } else if (base == "annotator") {
        if (!word(i)) {
            error(at, "':annotator' expects a name");
            return nullptr;
        }
        if (items[i].kind == Item::String) {
            s.kind = K::Pattern;
            s.name = items[i++].text;
            s.values.push_back("Annotator");
            return std::make_unique<TagInfoFilter>(std::move(s));
        }
        s.kind = K::Annotator;
        std::string v = items[i++].text;
        for (char &c : v)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        s.values.push_back(v);
    } else if (base == "eventdate" || base == "subround") {
        s.kind = base == "eventdate" ? K::EventDate : K::SubRound;
        if (!rangeArg(at, items, i, s.range, false, false)) return nullptr;
    } else if (base == "eventtype" || base == "eventcountry" || base == "title" || base == "country") {
        s.kind = base == "eventtype" ? K::EventType
            : base == "eventcountry" ? K::EventCountry
            : base == "title"        ? K::Title
                                     : K::Country;
        if (!commaList(at, items, i, s.values)) return nullptr;
    } else if (base == "eventmode" || base == "termination") {
        static const std::vector<std::string_view> modes = {"unknown",  "otb",  "corr",     "email",
                                                            "internet", "tele", "analysis", "composition"};
        static const std::vector<std::string_view> reasons = {
            "unknown",   "normal",          "abandoned",   "adjudication", "disconnection",
            "emergency", "rulesinfraction", "timeforfeit", "unplayed",     "unterminated"};
        const auto &known = base == "eventmode" ? modes : reasons;
        s.kind = base == "eventmode" ? K::EventMode : K::Termination;
        if (!commaList(at, items, i, s.values)) return nullptr;
        for (const std::string &v : s.values)
            if (std::find(known.begin(), known.end(), v) == known.end()) {
                std::string all;
                for (std::string_view k : known)
                    all += (all.empty() ? "" : ", ") + std::string(k);
                error(items[i - 1],
                      "'" + v + "' is not " + (base == "eventmode" ? "an event mode" : "a termination reason") + " ("
                          + all + ")");
                return nullptr;
            }
    } else if (base == "eventcategory") {
        s.kind = K::EventCategory;
        // The categories may be written as Roman numerals (">=XX").
        std::vector<Item> args;
        for (size_t k = i; k < items.size() && k < i + 2; ++k)
            args.push_back(romanToDecimal(items[k]));
        size_t j = 0;
        if (!rangeArg(at, args, j, s.range, false, false)) return nullptr;
        i += j;
    } else if (base == "id") {
        s.kind = K::PlayerId;
        if (!commaList(at, items, i, s.values)) return nullptr;
    } else if (base == "iscomputer" || base == "ishuman") {
        s.kind = base == "iscomputer" ? K::Computer : K::Human;
    } else if (base == "timemode" || base == "gender" || base == "goodgame") {
        return gameInfoKeyword(base, s.side, at, items, i);
    } else {
        s.kind = base == "rating"      ? K::Rating
            : base == "averagerating"  ? K::AverageRating
            : base == "averagerating*" ? K::AverageRatingBoth
                                       : K::RatingDifference;
        if (!word(i)) {
            error(at, "'" + at.text + "' expects a rating system (ELO, USCF, ...) and a range");
            return nullptr;
        }
        std::string sys = items[i].text;
        for (char &c : sys)
            c = char(std::toupper(static_cast<unsigned char>(c)));
        // Each system's ratings are in the tags Scidb writes for it (White<tag>, Black<tag>).
        s.name = std::string(ratingTagSuffix(sys));
        if (s.name.empty()) {
            error(items[i],
                  "'" + items[i].text + "' is not a rating system (ELO, DWZ, ECF, ACF, USCF, Rapid, Blitz, ICCF, Edo)");
            while (i < items.size() && word(i))
                ++i; // the system and its range: no further errors about them
            return nullptr;
        }
        ++i;
        if (!rangeArg(at, items, i, s.range, false, false)) return nullptr;
        if (m_flip && s.kind == K::RatingDifference) {
            // Colours swapped, White minus Black is the other difference.
            std::swap(s.range.lo.value, s.range.hi.value);
            s.range.lo.value = -s.range.lo.value;
            s.range.hi.value = -s.range.hi.value;
        }
    }
    return std::make_unique<TagInfoFilter>(std::move(s));
}

Item Compiler::romanToDecimal(const Item &item)
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

FilterPtr Compiler::gameInfoKeyword(const std::string &base, int side, const Item &at, const std::vector<Item> &items,
                                    size_t &i)
{
    if (base == "goodgame") return std::make_unique<GoodGameFilter>();
    std::vector<std::string> words;
    if (!commaList(at, items, i, words)) return nullptr;
    if (base == "timemode") {
        std::vector<TimeMode> modes;
        for (const std::string &w : words) {
            TimeMode m;
            if (!timeModeFromName(w, m)) {
                error(items[i - 1], "'" + w + "' is not a time mode (unknown, normal, rapid, blitz, bullet, corr)");
                return nullptr;
            }
            modes.push_back(m);
        }
        return std::make_unique<TimeModeFilter>(std::move(modes));
    }
    std::string genders;
    for (const std::string &w : words) {
        if (w != "f" && w != "w" && w != "m" && w != "x") {
            error(items[i - 1], "'" + w + "' is not a gender (f or w female, m male, x unknown)");
            return nullptr;
        }
        genders += w == "w" ? 'f' : w[0];
    }
    return std::make_unique<GenderFilter>(side, genders);
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
        auto digits = [](const std::string &s, size_t at, size_t n) {
            if (at + n > s.size()) return -1;
            int v = 0;
            for (size_t k = at; k < at + n; ++k) {
                if (!std::isdigit(static_cast<unsigned char>(s[k]))) return -1;
                v = v * 10 + (s[k] - '0');
            }
            return v;
        };
        int lo = -1, hi = -1;
        if (part.size() >= 3 && part[0] >= 'A' && part[0] <= 'E' && (lo = digits(part, 1, 2)) >= 0) {
            lo += (part[0] - 'A') * 100;
            hi = lo;
            if (part.size() == 6 && part[3] == '-' && digits(part, 4, 2) >= 0)
                hi = (part[0] - 'A') * 100 + digits(part, 4, 2);
            else if (part.size() == 7 && part[3] == '-' && part[4] >= 'A' && part[4] <= 'E' && digits(part, 5, 2) >= 0)
                hi = (part[4] - 'A') * 100 + digits(part, 5, 2);
            else if (part.size() != 3)
                lo = -1;
        }
        if (lo < 0 || hi < lo) {
            error(w, "'" + part + "' is not an ECO code or range");
            return nullptr;
        }
        codes.emplace_back(lo, hi);
    }
    return std::make_unique<GameInfoFilter>(GameInfoFilter::Eco, r, std::move(codes));
}

FilterPtr Compiler::resultKeyword(const Call &c)
{
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    if (i >= items.size() || items[i].isList()) {
        error(at, "':result' expects a result: 1-0, 0-1, 1/2-1/2 or *");
        return nullptr;
    }
    // A comma-separated list: one of these results.
    std::vector<FilterPtr> any;
    for (std::string_view part : commaParts(items[i++].text)) {
        std::string r = gameResult(part);
        if (r.empty()) {
            error(items[i - 1], "'" + std::string(part) + "' is not a game result (1-0, 0-1, 1/2, 0-0, *)");
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
    const bool outerSub = m_subMatch;
    m_subMatch = true;
    for (const ListNode &s : listArguments(i)) {
        std::vector<FilterPtr> inner;
        const bool outerNot = m_bareNot;
        m_bareNot = false;
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
        parts.push_back(std::move(all));
    }
    m_subMatch = outerSub;
    return combine(n, std::move(parts));
}

} // namespace cql::cqls
