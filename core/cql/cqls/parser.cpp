// Compiling CQL-S lists into the filter tree.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/parser.h"

#include "cql/cqls/designators.h"
#include "cql/cqls/evaluation.h"
#include "cql/cqls/extrafilters.h"
#include "cql/cqls/filters.h"
#include "cql/cqls/gameinfo.h"
#include "cql/cqls/keywordtable.h"
#include "cql/cqls/lexer.h"
#include "cql/cqls/listlogic.h"
#include "cql/cqls/line.h"
#include "cql/cqls/pawncounting.h"
#include "cql/cqls/relationimage.h"
#include "game/ficsstart.h"

#include "cql/logic.h"
#include "cql/moves.h"
#include "cql/sets.h"
#include "cql/state.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <climits>
#include <functional>
#include <map>
#include <set>

namespace cql::cqls {

using chess::SquareSet;

namespace {

class Compiler {
public:
    Compiler(QueryHeader &h, Program &p, std::vector<Diagnostic> &d) : m_header(h), m_program(p), m_diags(d) {}

    bool run(std::string_view text)
    {
        std::vector<Item> top;
        if (!readItems(text, top, m_diags))
            return false;
        if (top.empty()) {
            Diagnostic d;
            d.message = "a CQL-S script needs a (match ...) list";
            m_diags.push_back(d);
            return false;
        }
        if (top[0].head() != "match") {
            error(top[0], "a CQL-S script starts with a (match ...) list");
            return false;
        }
        for (size_t i = 1; i < top.size(); ++i)
            error(top[i], "a CQL-S script has exactly one match list");
        normalizeMatchList(top[0]);
        declareTags(top[0]);
        for (const Item &it : top[0].items) {
            KeywordWord k = keywordOf(it);
            m_eitherColour = m_eitherColour || (k.isKeyword && k.name == "eithercolor");
        }
        compileMatch(top[0]);
        checkAccumulators();
        if (m_eitherColour && m_ok) {
            // :eithercolor: the match list as written, or with the colours swapped
            // throughout (players, ratings, result and every position list).
            std::vector<FilterPtr> parts;
            parts.push_back(allOf(std::move(m_program.body)));
            m_program.body.clear();
            m_flip = true;
            m_accumulators.clear();
            m_sumrangeAt.clear();
            m_resetAt.clear();
            compileMatch(top[0]);
            checkAccumulators();
            parts.push_back(allOf(std::move(m_program.body)));
            m_program.body.clear();
            m_program.body.push_back(anyOf(std::move(parts)));
        }
        if (!m_tags.empty() && m_ok) {
            // The whole match list runs under each binding of its tags.
            int cache = int(m_program.slotTypes.size());
            m_program.slotTypes.push_back(Type::Numeric);
            m_program.slotNames.push_back("(tag binding found)");
            FilterPtr inner = allOf(std::move(m_program.body));
            m_program.body.clear();
            m_program.body.push_back(std::make_unique<ForAnyFilter>(m_tags, m_gateSlots, cache, std::move(inner)));
        }
        return m_ok;
    }

    // Under :eithercolor's second reading: White's keywords become Black's.
    std::string colourSwapped(const std::string &n) const
    {
        if (!m_flip)
            return n;
        if (n.rfind("white", 0) == 0)
            return "black" + n.substr(5);
        if (n.rfind("black", 0) == 0)
            return "white" + n.substr(5);
        return n;
    }

private:
    // --- diagnostics
    // A keyword that compiles but cannot match in a PGN game: said, not hidden.
    void warning(const Item &at, std::string message)
    {
        Diagnostic d;
        d.severity = Diagnostic::Warning;
        d.line = at.pos.line;
        d.column = at.pos.column;
        d.length = at.length;
        d.message = std::move(message);
        m_diags.push_back(std::move(d));
    }

    void error(const Item &at, std::string message)
    {
        Diagnostic d;
        d.line = at.pos.line;
        d.column = at.pos.column;
        d.length = at.length;
        d.message = std::move(message);
        m_diags.push_back(std::move(d));
        m_ok = false;
    }

    // --- tagging: ':forany name D' in the match list declares a tag for the whole script.
    void declareTags(const Item &list)
    {
        const auto &items = list.items;
        for (size_t i = 1; i < items.size(); ++i) {
            KeywordWord k = keywordOf(items[i]);
            if (!k.isKeyword || k.name != "forany")
                continue;
            if (k.negated) {
                error(items[i], "':forany' cannot be negated");
                continue;
            }
            if (i + 2 >= items.size() || items[i + 1].kind != Item::Word || items[i + 2].kind != Item::Word) {
                error(items[i], "':forany' expects a tag name and a piece designator");
                continue;
            }
            const std::string &name = items[i + 1].text;
            bool alnum = !name.empty();
            for (char c : name)
                alnum = alnum && std::isalnum(static_cast<unsigned char>(c));
            if (!alnum) {
                error(items[i + 1], "'" + name + "': a tag name is alphanumeric");
                continue;
            }
            Designator d;
            std::string err;
            if (!parseDesignator(items[i + 2].text, d, err) || !d.pieces.tag.empty() || d.pieces.promoted
                || d.pieces.unpromoted) {
                error(items[i + 2], "'" + items[i + 2].text + "': ':forany' expects piece types (K, Q, ..., A, U)"
                                        + (err.empty() ? "" : ": " + err));
                continue;
            }
            if (m_tagSlots.count(name)) {
                error(items[i + 1], "the tag '" + name + "' is defined twice");
                continue;
            }
            if (m_tagSlots.size() == 2) {
                error(items[i], "a match list takes at most two tags");
                continue;
            }
            int slot = int(m_program.slotTypes.size());
            m_program.slotTypes.push_back(Type::Numeric);
            m_program.slotNames.push_back("$" + name);
            m_tagSlots[name] = slot;
            ForAnyTag t;
            t.slot = slot;
            t.types = d.pieces.anything ? PieceMask(WhiteBits | BlackBits) : PieceMask(d.pieces.plain & ~EmptyBit);
            m_tags.push_back(t);
        }
    }

    // --- the match list
    // What a position list of the match list says about the game beyond its filter.
    struct TopLevel {
        Range count;                  // :matchcount (default: at least once)
        bool haveCount = false;
        bool cutSelf = false;         // parameterless :cut: the list is a cut condition
        bool excludeSelf = false;     // parameterless :exclude: the list is an exclusion
        bool skipSelf = false;        // parameterless :skip: the positions the list matches are passed over
        bool runs = false;            // :repetitioncount: the range is for runs of positions
        bool perImage = false;        // :pretransform...: each transform image counts on its own
        std::vector<FilterPtr> cuts, excludes, skips; // the argument forms
        std::vector<bool> cutsPreceding;              // per cut: it holds :preceding
        TopLevel() { count.lo.value = 1; }
    };

    void compileMatch(const Item &list)
    {
        std::vector<FilterPtr> gameParts;
        auto g = std::make_shared<GameLists>();
        const auto &items = list.items;
        m_topItems = &items;
        for (size_t i = 1; i < items.size();) {
            const Item &it = items[i];
            if (it.isList()) {
                if (it.head() != "position") {
                    error(it, "a match list holds keywords and (position ...) lists");
                    ++i;
                    continue;
                }
                TopLevel top;
                FilterPtr f = compilePosition(it, &top);
                if (m_flip) {
                    Transform flip = Transform::flipColor();
                    auto swap = [&](FilterPtr &x) { x = x->transformed(flip); };
                    if (f)
                        swap(f);
                    for (auto *v : {&top.cuts, &top.excludes, &top.skips})
                        for (FilterPtr &x : *v)
                            swap(x);
                }
                for (size_t c = 0; c < top.cuts.size(); ++c) {
                    g->cuts.push_back(std::move(top.cuts[c]));
                    g->cutsPreceding.push_back(top.cutsPreceding[c]);
                }
                for (FilterPtr &e : top.excludes)
                    g->excludes.push_back(std::move(e));
                for (FilterPtr &e : top.skips)
                    g->skips.push_back(std::move(e));
                if (f && top.skipSelf) {
                    g->skips.push_back(std::move(f));
                } else if (f && top.cutSelf) {
                    g->cuts.push_back(std::move(f));
                    g->cutsPreceding.push_back(false);
                } else if (f && top.excludeSelf) {
                    g->excludes.push_back(std::move(f));
                } else if (f) {
                    std::vector<FilterPtr> members;
                    auto *images = top.perImage ? dynamic_cast<ImagesFilter *>(f.get()) : nullptr;
                    if (images)
                        members = images->takeImages();
                    else
                        members.push_back(std::move(f));
                    int grp = g->group.empty() ? 0 : g->group.back() + 1;
                    for (FilterPtr &m : members) {
                        g->lists.push_back(std::move(m));
                        g->counts.push_back(top.count);
                        g->runs.push_back(top.runs);
                        g->group.push_back(grp);
                        // A list that must never match shows no positions.
                        g->shown.push_back(top.count.hi.value > 0 && !top.count.empty);
                    }
                }
                ++i;
                continue;
            }
            KeywordWord k = keywordOf(it);
            if (!k.isKeyword) {
                error(it, "'" + it.text + "' is not a match list keyword");
                ++i;
                continue;
            }
            ++i;
            FilterPtr f = matchKeyword(k, it, items, i);
            if (f)
                gameParts.push_back(std::move(f));
        }
        if (!m_tags.empty() && m_relationAt)
            error(*m_relationAt, "tags (:forany) cannot be used in a match list with a :relation");
        if (!m_ok)
            return;
        if (m_bareNot) {
            // The whole list negated: a game matches when the list without the
            // ':not' would not; then, as for a list of game keywords, at every position.
            std::unique_ptr<GameGateFilter> gate;
            if (!g->lists.empty() || !g->cuts.empty() || !g->excludes.empty() || !g->skips.empty())
                gate = std::make_unique<GameGateFilter>(std::move(g), gateSlot());
            m_program.body.push_back(std::make_unique<NegatedMatchListFilter>(std::move(gameParts), std::move(gate)));
            return;
        }
        for (FilterPtr &f : gameParts)
            m_program.body.push_back(std::move(f));
        if (g->lists.size() == 1 && g->cuts.empty() && g->excludes.empty() && g->skips.empty() && !g->runs[0]
            && m_tags.empty() && !m_eitherColour) {
            // One list: the evaluator's own match count does it.
            const Range &c = g->counts[0];
            if (!(c.lo.value == 1 && c.hi.value == Range::Max)) {
                long lo = long(std::clamp<long long>(c.lo.value, 0, LONG_MAX));
                long hi = long(std::clamp<long long>(c.hi.value, 0, LONG_MAX));
                if (c.empty)
                    lo = 1, hi = 0;
                m_header.matchCount = std::make_pair(lo, hi);
            }
            m_program.body.push_back(std::move(g->lists[0]));
        } else if (!g->lists.empty() || !g->cuts.empty() || !g->excludes.empty() || !g->skips.empty()) {
            m_program.body.push_back(std::make_unique<GameGateFilter>(std::move(g), gateSlot()));
        }
    }

    // A variable slot for a GameGateFilter's answer for the game.
    int gateSlot()
    {
        int slot = int(m_program.slotTypes.size());
        m_program.slotTypes.push_back(Type::Numeric);
        m_program.slotNames.push_back("(position lists matched)");
        m_gateSlots.push_back(slot);
        return slot;
    }

    // Game-level keywords of the match list.
    FilterPtr matchKeyword(const KeywordWord &k, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        FilterPtr f;
        const std::string n = colourSwapped(k.name);
        if (n == "year" || n == "gamenumber" || n == "elo" || n == "whiteelo" || n == "blackelo") {
            Range r;
            if (!rangeArg(at, items, i, r, false, false))
                return nullptr;
            FilterPtr v;
            if (n == "year") v = std::make_unique<PositionNumberFilter>(PositionNumberFilter::Year);
            else if (n == "gamenumber") v = std::make_unique<PositionNumberFilter>(PositionNumberFilter::GameNumber);
            else if (n == "elo") v = std::make_unique<EloFilter>(EloFilter::Either);
            else if (n == "whiteelo") v = std::make_unique<EloFilter>(EloFilter::White);
            else v = std::make_unique<EloFilter>(EloFilter::Black);
            f = std::make_unique<InRangeFilter>(std::move(v), r);
        } else if (n == "result") {
            f = resultArg(at, items, i);
        } else if (n == "ischess960" || n == "isshufflechess") {
            f = std::make_unique<StartArrangementFilter>(n == "ischess960");
        } else if (n == "not" && (i >= items.size() || !items[i].isList())) {
            // The first form of the match list page: ':not' inside a list
            // negates the list it stands in.
            m_bareNot = !m_bareNot;
            return nullptr;
        } else if (n == "and" || n == "or" || n == "xor" || n == "not" || n == "cond") {
            f = subMatchLists(n, at, items, i);
        } else if (n == "player" || n == "whiteplayer" || n == "blackplayer" || n == "event" || n == "site") {
            if (i >= items.size() || items[i].isList() || keywordOf(items[i]).isKeyword) {
                error(at, "'" + at.text + "' expects a name");
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
                f = std::make_unique<TagInfoFilter>(std::move(p));
                if (k.negated)
                    f = std::make_unique<NotFilter>(std::move(f));
                return f;
            }
            std::string t = items[i++].text;
            for (char &c : t)
                c = char(std::tolower(static_cast<unsigned char>(c)));
            auto kind = n == "player" ? GameInfoFilter::Player : n == "whiteplayer" ? GameInfoFilter::WhitePlayer
                : n == "blackplayer" ? GameInfoFilter::BlackPlayer : n == "event" ? GameInfoFilter::Event : GameInfoFilter::Site;
            f = std::make_unique<GameInfoFilter>(kind, t);
        } else if (n == "plycount" || n == "round") {
            Range r;
            if (!rangeArg(at, items, i, r, false, false))
                return nullptr;
            f = std::make_unique<GameInfoFilter>(n == "plycount" ? GameInfoFilter::PlyCount : GameInfoFilter::Round, "", r);
        } else if (n == "hasvariations" || n == "hasannotation") {
            f = std::make_unique<GameInfoFilter>(n == "hasvariations" ? GameInfoFilter::HasVariations : GameInfoFilter::HasAnnotation);
        } else if (n == "hascomments") {
            if (i < items.size() && !items[i].isList() && !keywordOf(items[i]).isKeyword) {
                std::vector<std::string> codes;
                if (!commaList(at, items, i, codes))
                    return nullptr;
                for (const std::string &c : codes) {
                    if (c.size() != 2 || !std::isalpha(static_cast<unsigned char>(c[0]))
                        || !std::isalpha(static_cast<unsigned char>(c[1]))) {
                        error(items[i - 1], "'" + c + "' is not a language code (two letters, as Scidb marks the "
                                                      "languages of comments: de, en, ...; xx language independent, "
                                                      "yy any language but English)");
                        return nullptr;
                    }
                }
                f = std::make_unique<CommentLanguageFilter>(std::move(codes));
            } else {
                f = std::make_unique<GameInfoFilter>(GameInfoFilter::HasComments);
            }
        } else if (n == "eco") {
            f = ecoArg(at, items, i);
        } else if (n == "date") {
            f = dateArg(at, items, i);
        } else if (n == "comment") {
            if (i >= items.size() || items[i].kind != Item::String) {
                error(at, "':comment' expects a pattern in double quotes");
                return nullptr;
            }
            f = std::make_unique<CommentPatternFilter>(items[i++].text);
        } else if (n == "birthyear" || n == "whitebirthyear" || n == "blackbirthyear" || n == "deathyear"
                   || n == "whitedeathyear" || n == "blackdeathyear") {
            f = playerYearKeyword(n, at, items, i);
            if (!f)
                return nullptr;
        } else if (n == "hasmarker") {
            f = markerKeyword(items, i);
            if (!f)
                return nullptr;
        } else if (n == "hasspecialmarker" || n == "error") {
            f = defectKeyword(n, at, items, i);
            if (!f)
                return nullptr;
        } else if (n == "output" || n == "pgn") {
            // For CQL compatibility only; no meaning in CQL-S (match list page).
            if (i >= items.size() || items[i].isList() || keywordOf(items[i]).isKeyword) {
                error(at, "'" + at.text + "' expects a file name");
                return nullptr;
            }
            ++i;
            return nullptr;
        } else if (n == "markall" || n == "noannotate") {
            return nullptr; // meaningless here (seed)
        } else if (n == "eithercolor") {
            if (&items != m_topItems)
                error(at, "':eithercolor' belongs in the match list itself");
            return nullptr; // read by run()
        } else if (n == "forany") {
            if (&items != m_topItems) {
                error(at, "':forany' belongs in the match list itself");
                return nullptr;
            }
            i = std::min(items.size(), i + 2); // declared by declareTags
            return nullptr;
        } else if (n == "variant" || n == "startposition") {
            f = gameVariantKeyword(n, at, items, i);
            if (!f)
                return nullptr;
        } else if (isTagKeyword(n)) {
            f = tagKeyword(n, at, items, i);
            if (!f)
                return nullptr;
        } else if (findKeyword(n, InMatch)) {
            error(at, "':" + n + "' is not implemented yet");
            return nullptr;
        } else {
            error(at, "unknown match list keyword ':" + n + "'");
            return nullptr;
        }
        if (f && k.negated)
            f = std::make_unique<NotFilter>(std::move(f));
        return f;
    }

    // A comma-separated list word ("GM,IM", "tourn,swiss"), lower case.
    bool commaList(const Item &at, const std::vector<Item> &items, size_t &i, std::vector<std::string> &out)
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
        size_t start = 0;
        while (start <= t.size()) {
            size_t comma = t.find(',', start);
            std::string part = t.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            for (char &c : part)
                c = char(std::tolower(static_cast<unsigned char>(c)));
            if (part.empty()) {
                error(items[i - 1], "'" + t + "': an empty entry in the list");
                return false;
            }
            out.push_back(part);
            if (comma == std::string::npos)
                break;
            start = comma + 1;
        }
        return true;
    }

    // :variant and :startposition, in both kinds of list.
    FilterPtr gameVariantKeyword(const std::string &n, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        std::vector<std::string> names;
        if (!commaList(at, items, i, names))
            return nullptr;
        if (n == "variant") {
            // Games of other variants are never searched (the search reports them
            // as not supported), so only "normal" can match a game searched.
            static const std::vector<std::string_view> others = {
                "three-check", "threecheck", "king-of-the-hill", "kingofthehill", "crazyhouse", "bughouse",
                "losers", "suicide", "giveaway", "antichess", "drop-chess", "dropchess"};
            bool normal = false;
            for (const std::string &v : names) {
                if (v == "normal")
                    normal = true;
                else if (std::find(others.begin(), others.end(), v) == others.end()) {
                    error(items[i - 1], "'" + v + "' is not a chess variant (normal, three-check, king-of-the-hill, "
                                                  "crazyhouse, bughouse, losers, suicide, giveaway, antichess)");
                    return nullptr;
                }
            }
            return std::make_unique<ConstantFilter>(normal);
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
                error(items[i - 1], "'" + v + "' is not a start position number (0 to 3840), range or FICS start position "
                                        "(wild/5, wild/7, wild/8, wild/19, misc/runaway, misc/pyramid, ...)");
                return nullptr;
            }
            ranges.emplace_back(int(lo), int(hi));
        }
        return std::make_unique<StartPositionFilter>(std::move(ranges), any);
    }

    // Whether :line's moves end with a lone '*' ("e2-e4 e7-e5 *").
    static bool lineEndsWithStar(std::string_view t)
    {
        while (!t.empty() && (t.back() == ' ' || t.back() == '\t' || t.back() == '\n' || t.back() == '\r'))
            t.remove_suffix(1);
        return t.size() >= 2 && t.back() == '*' && (t[t.size() - 2] == ' ' || t[t.size() - 2] == '\t' || t[t.size() - 2] == '\n');
    }

    // :birthyear and its kin: years from the player base the program is given.
    FilterPtr playerYearKeyword(const std::string &n, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        Range r;
        if (!rangeArg(at, items, i, r, false, false))
            return nullptr;
        std::string why;
        std::shared_ptr<const database::PlayerBase> base = database::configuredPlayerBase(&why);
        if (!base) {
            error(at, "'" + at.text + "' needs a player base, which PGN games do not carry: "
                          + (database::playerBasePath().empty()
                                 ? std::string("give a Scid spelling file (.ssp) with -playerbase FILE, CQLWB_PLAYERBASE "
                                               "or the workbench's Query menu")
                                 : why));
            return nullptr;
        }
        if (base->badLines() > 0 && !m_playerBaseWarned) {
            m_playerBaseWarned = true;
            warning(at, "player base " + base->path() + ": the dates of " + std::to_string(base->badLines())
                            + " players were not understood (" + base->firstProblem() + "); their years are unknown");
        }
        const bool death = n.find("death") != std::string::npos;
        const auto side = n.rfind("white", 0) == 0 ? PlayerYearFilter::White
            : n.rfind("black", 0) == 0             ? PlayerYearFilter::Black
                                                   : PlayerYearFilter::Either;
        return std::make_unique<PlayerYearFilter>(side, death, r, std::move(base));
    }

    // :hasmarker w,b or :hasmarker alone: Scidb's game markers, one letter each
    // (case matters: m middlegame, M material).
    FilterPtr markerKeyword(const std::vector<Item> &items, size_t &i)
    {
        std::string markers;
        if (i < items.size() && !items[i].isList() && !keywordOf(items[i]).isKeyword && items[i].kind == Item::Word) {
            const std::string &t = items[i].text;
            size_t start = 0;
            while (start <= t.size()) {
                size_t comma = t.find(',', start);
                std::string_view part = std::string_view(t).substr(start, comma == std::string::npos ? std::string::npos : comma - start);
                if (part.size() != 1 || gameMarkerLetters().find(part[0]) == std::string_view::npos) {
                    error(items[i], "'" + std::string(part) + "' is not a game marker (one of "
                                        + std::string(gameMarkerLetters()) + ", comma-separated)");
                    return nullptr;
                }
                markers += part[0];
                if (comma == std::string::npos)
                    break;
                start = comma + 1;
            }
            ++i;
        }
        return std::make_unique<GameMarkerFilter>(markers);
    }

    // :hasspecialmarker and :error: the defects reading found. The markers and
    // error kinds that only Scidb's own databases (or the Scid and ChessBase
    // decoders) set are accepted with a warning that they never match here.
    FilterPtr defectKeyword(const std::string &n, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        std::vector<std::string> words;
        if (!commaList(at, items, i, words))
            return nullptr;
        const Item &arg = items[i - 1];
        bool clean = false;
        unsigned defects = 0;
        std::vector<std::string> never;
        for (const std::string &w : words) {
            if (n == "hasspecialmarker") {
                if (w == "illegalmove") defects |= GameDefectFilter::IllegalMove;
                else if (w == "invalidmove") defects |= GameDefectFilter::InvalidMove;
                else if (w == "deleted") defects |= GameDefectFilter::Deleted;
                else if (w == "changed" || w == "added" || w == "addedd") never.push_back(w);
                else {
                    error(arg, "'" + w + "' is not a special marker (deleted, changed, added, illegalmove, invalidmove)");
                    return nullptr;
                }
            } else {
                if (w == "none") clean = true;
                else if (w == "cannotdecodemove") defects |= GameDefectFilter::IllegalMove | GameDefectFilter::InvalidMove;
                else if (w == "decodingfailed" || w == "gamedatacorrupted" || w == "checksumerror"
                         || w == "unexpectedendofstream" || w == "illegalstartposition")
                    never.push_back(w);
                else {
                    error(arg, "'" + w + "' is not an error kind (none, decodingfailed, gamedatacorrupted, checksumerror, "
                                         "illegalstartposition, cannotdecodemove, unexpectedendofstream)");
                    return nullptr;
                }
            }
        }
        for (const std::string &w : never)
            warning(arg, "':" + n + " " + w + "' never matches a PGN game: "
                             + (n == "hasspecialmarker"
                                    ? std::string("the databases are read only, so no game is changed or added")
                                : w == "illegalstartposition"
                                    ? std::string("a game with a bad FEN is reported and not searched")
                                    : std::string("only Scid and ChessBase databases are decoded that way")));
        return std::make_unique<GameDefectFilter>(clean, defects);
    }

    static bool isTagKeyword(const std::string &n)
    {
        static const std::vector<std::string_view> names = {
            "tag", "annotator", "eventdate", "eventtype", "eventcountry", "title", "whitetitle", "blacktitle",
            "country", "whitecountry", "blackcountry", "iscomputer", "whiteiscomputer", "blackiscomputer", "ishuman",
            "whiteishuman", "blackishuman", "rating", "whiterating", "blackrating", "averagerating", "averagerating*",
            "ratingdifference", "subround", "timemode", "gender", "whitegender", "blackgender", "goodgame",
            "eventmode", "termination", "eventcategory", "whiteid", "blackid"};
        return std::find(names.begin(), names.end(), n) != names.end();
    }

    // Match list keywords answered from the game's PGN tags.
    FilterPtr tagKeyword(const std::string &n, const Item &at, const std::vector<Item> &items, size_t &i)
    {
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
        auto word = [&](size_t k) { return k < items.size() && !items[k].isList() && !keywordOf(items[k]).isKeyword; };
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
            if (!rangeArg(at, items, i, s.range, false, false))
                return nullptr;
        } else if (base == "eventtype" || base == "eventcountry" || base == "title" || base == "country") {
            s.kind = base == "eventtype" ? K::EventType : base == "eventcountry" ? K::EventCountry
                : base == "title" ? K::Title : K::Country;
            if (!commaList(at, items, i, s.values))
                return nullptr;
        } else if (base == "eventmode" || base == "termination") {
            static const std::vector<std::string_view> modes = {"unknown", "otb", "corr", "email", "internet",
                                                                "tele", "analysis", "composition"};
            static const std::vector<std::string_view> reasons = {
                "unknown", "normal", "abandoned", "adjudication", "disconnection", "emergency", "rulesinfraction",
                "timeforfeit", "unplayed", "unterminated"};
            const auto &known = base == "eventmode" ? modes : reasons;
            s.kind = base == "eventmode" ? K::EventMode : K::Termination;
            if (!commaList(at, items, i, s.values))
                return nullptr;
            for (const std::string &v : s.values)
                if (std::find(known.begin(), known.end(), v) == known.end()) {
                    std::string all;
                    for (std::string_view k : known)
                        all += (all.empty() ? "" : ", ") + std::string(k);
                    error(items[i - 1], "'" + v + "' is not " + (base == "eventmode" ? "an event mode" : "a termination reason")
                                            + " (" + all + ")");
                    return nullptr;
                }
        } else if (base == "eventcategory") {
            s.kind = K::EventCategory;
            // The categories may be written as Roman numerals (">=XX").
            std::vector<Item> args;
            for (size_t k = i; k < items.size() && k < i + 2; ++k)
                args.push_back(romanToDecimal(items[k]));
            size_t j = 0;
            if (!rangeArg(at, args, j, s.range, false, false))
                return nullptr;
            i += j;
        } else if (base == "id") {
            s.kind = K::PlayerId;
            if (!commaList(at, items, i, s.values))
                return nullptr;
        } else if (base == "iscomputer" || base == "ishuman") {
            s.kind = base == "iscomputer" ? K::Computer : K::Human;
        } else if (base == "timemode" || base == "gender" || base == "goodgame") {
            return gameInfoKeyword(base, s.side, at, items, i);
        } else {
            s.kind = base == "rating" ? K::Rating : base == "averagerating" ? K::AverageRating
                : base == "averagerating*" ? K::AverageRatingBoth : K::RatingDifference;
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
                error(items[i], "'" + items[i].text + "' is not a rating system (ELO, DWZ, ECF, ACF, USCF, Rapid, Blitz, ICCF, Edo)");
                while (i < items.size() && word(i))
                    ++i; // the system and its range: no further errors about them
                return nullptr;
            }
            ++i;
            if (!rangeArg(at, items, i, s.range, false, false))
                return nullptr;
            if (m_flip && s.kind == K::RatingDifference) {
                // Colours swapped, White minus Black is the other difference.
                std::swap(s.range.lo.value, s.range.hi.value);
                s.range.lo.value = -s.range.lo.value;
                s.range.hi.value = -s.range.hi.value;
            }
        }
        return std::make_unique<TagInfoFilter>(std::move(s));
    }

    // A range word that is a Roman numeral, after an optional comparison ("XX",
    // ">=XV"), as the same word in decimal; other words as they are.
    static Item romanToDecimal(const Item &item)
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

    // :timemode, :gender (side 0, 1 White, 2 Black) and :goodgame, read from Scidb's tags.
    FilterPtr gameInfoKeyword(const std::string &base, int side, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        if (base == "goodgame")
            return std::make_unique<GoodGameFilter>();
        std::vector<std::string> words;
        if (!commaList(at, items, i, words))
            return nullptr;
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

    // ":eco A00", ":eco B00-99,C10": ranges of ECO codes; '*' any, '–' none.
    FilterPtr ecoArg(const Item &at, const std::vector<Item> &items, size_t &i)
    {
        if (i >= items.size() || items[i].isList() || keywordOf(items[i]).isKeyword) {
            error(at, "':eco' expects ECO codes (A00, B00-99, ...)");
            return nullptr;
        }
        const Item &w = items[i++];
        Range r;
        if (w.text == "*")
            return std::make_unique<GameInfoFilter>(GameInfoFilter::Eco, "", r);
        if (w.text == "-" || w.text == "\xE2\x80\x93") {
            r.empty = true;
            return std::make_unique<GameInfoFilter>(GameInfoFilter::Eco, "", r);
        }
        std::vector<std::pair<int, int>> codes;
        size_t start = 0;
        const std::string &t = w.text;
        while (start <= t.size()) {
            size_t comma = t.find(',', start);
            std::string part = t.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
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
            if (comma == std::string::npos)
                break;
            start = comma + 1;
        }
        return std::make_unique<GameInfoFilter>(GameInfoFilter::Eco, "", r, std::move(codes));
    }

    // ":date 2010-10-27", ">=2010-10-27", "2010-10-01 2010-10-31", "2010-10-01 .. 2010-11-01" (end excluded).
    FilterPtr dateArg(const Item &at, const std::vector<Item> &items, size_t &i)
    {
        auto word = [&](size_t k) -> std::string_view {
            return k < items.size() && items[k].kind == Item::Word && !keywordOf(items[k]).isKeyword
                ? std::string_view(items[k].text)
                : std::string_view();
        };
        std::string_view w = word(i);
        Range r;
        if (w == "*" || w == "\xE2\x80\x93" || w == "-") {
            // Dated at all (a year is known), or blank dated.
            ++i;
            r.empty = w != "*";
            return std::make_unique<DateFilter>(r);
        }
        int op = 0;
        for (auto [prefix, code] : {std::pair<std::string_view, int>{">=", 2}, {"<=", 4}, {">", 1}, {"<", 3}})
            if (w.substr(0, prefix.size()) == prefix) {
                op = code;
                w.remove_prefix(prefix.size());
                break;
            }
        long long v;
        std::string why;
        if (!parseDate(w, v, why)) {
            error(i < items.size() ? items[i] : at, why.empty() ? "':date' expects a date as 2010-10-27 (or 2010-10-27+1m, *, \xE2\x80\x93)" : why);
            if (!word(i).empty())
                ++i; // no further errors about it
            return nullptr;
        }
        ++i;
        switch (op) {
        case 1: r.lo.value = v + 1; break;
        case 2: r.lo.value = v; break;
        case 3: r.hi.value = v - 1; break;
        case 4: r.hi.value = v; break;
        default: {
            r.lo.value = r.hi.value = v;
            long long v2;
            if (word(i) == "..") {
                // The former date included, the latter excluded, in either order.
                if (!parseDate(word(i + 1), v2, why)) {
                    error(i + 1 < items.size() ? items[i + 1] : items[i], why.empty() ? "'..' expects a date after it" : why);
                    i += word(i + 1).empty() ? 1 : 2;
                    return nullptr;
                }
                if (v2 == v) {
                    error(items[i + 1], "the date range '" + std::string(word(i - 1)) + " .. " + std::string(word(i + 1))
                                            + "' is empty");
                    i += 2;
                    return nullptr;
                }
                if (v2 > v)
                    r.hi.value = v2 - 1;
                else
                    r.lo.value = v2 + 1, r.hi.value = v;
                i += 2;
            } else if (!word(i).empty() && parseDate(word(i), v2, why)) {
                r.lo.value = std::min(v, v2);
                r.hi.value = std::max(v, v2);
                ++i;
            }
        }
        }
        return std::make_unique<DateFilter>(r);
    }

    // A date of the match list page, yyyy-mm-dd with optional steps (+1y, -2m,
    // +43d, in that order), as yyyymmdd. False (why set for a bad step or an
    // impossible date) when the text is no such date.
    static bool parseDate(std::string_view t, long long &out, std::string &why)
    {
        why.clear();
        auto digits = [&](size_t at, size_t n, int &v) {
            v = 0;
            if (t.size() < at + n)
                return false;
            for (size_t k = at; k < at + n; ++k) {
                if (t[k] < '0' || t[k] > '9')
                    return false;
                v = v * 10 + (t[k] - '0');
            }
            return true;
        };
        int y, m, d;
        if (t.size() < 10 || !digits(0, 4, y) || t[4] != '-' || !digits(5, 2, m) || t[7] != '-' || !digits(8, 2, d))
            return false;
        if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) {
            why = "'" + std::string(t.substr(0, 10)) + "' is not a day of the calendar";
            return false;
        }
        std::string_view rest = t.substr(10);
        int order = 0; // steps come as y, m, d
        while (!rest.empty()) {
            const char sign = rest[0];
            size_t k = 1;
            long long n = 0;
            while (k < rest.size() && rest[k] >= '0' && rest[k] <= '9' && n < 100000)
                n = n * 10 + (rest[k++] - '0');
            const char unit = k < rest.size() ? rest[k] : 0;
            const int unitOrder = unit == 'y' ? 1 : unit == 'm' ? 2 : unit == 'd' ? 3 : 0;
            if ((sign != '+' && sign != '-') || k == 1 || !unitOrder || unitOrder <= order) {
                why = "'" + std::string(t) + "': a date step is +N or -N with y, m or d, in that order (2010-10-01+1m)";
                return false;
            }
            order = unitOrder;
            const long long step = sign == '-' ? -n : n;
            if (unit == 'y') {
                y = int(y + step);
            } else if (unit == 'm') {
                long long months = (long long)y * 12 + (m - 1) + step;
                y = int(months >= 0 ? months / 12 : (months - 11) / 12);
                m = int(months - (long long)y * 12) + 1;
            }
            if (unit != 'd')
                d = std::min(d, daysInMonth(y, m)); // Jan 31 + 1m is Feb 28 (or 29)
            else
                civilFromDays(daysFromCivil(y, m, d) + step, y, m, d);
            if (y < 0 || y > 9999) {
                why = "'" + std::string(t) + "' leaves the years 0 to 9999";
                return false;
            }
            rest.remove_prefix(k + 1);
        }
        out = (long long)y * 10000 + m * 100 + d;
        return true;
    }

    static bool leapYear(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
    static int daysInMonth(int y, int m)
    {
        static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
        return m == 2 && leapYear(y) ? 29 : days[m - 1];
    }
    // Days since 0000-03-01 of the proleptic Gregorian calendar, and back:
    // counting years from March puts the leap day at a year's end.
    static long long daysFromCivil(int y, int m, int d)
    {
        const long long yy = m <= 2 ? y - 1 : y;
        const long long era = (yy >= 0 ? yy : yy - 399) / 400;
        const long long yearOfEra = yy - era * 400;
        const long long dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
        return era * 146097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    }
    static void civilFromDays(long long z, int &y, int &m, int &d)
    {
        const long long era = (z >= 0 ? z : z - 146096) / 146097;
        const long long dayOfEra = z - era * 146097;
        const long long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365;
        const long long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        const long long mp = (5 * dayOfYear + 2) / 153;
        d = int(dayOfYear - (153 * mp + 2) / 5 + 1);
        m = int(mp < 10 ? mp + 3 : mp - 9);
        y = int(yearOfEra + era * 400 + (m <= 2 ? 1 : 0));
    }

    FilterPtr resultArg(const Item &at, const std::vector<Item> &items, size_t &i)
    {
        if (i >= items.size() || items[i].isList()) {
            error(at, "':result' expects a result: 1-0, 0-1, 1/2-1/2 or *");
            return nullptr;
        }
        // A comma-separated list: one of these results.
        const std::string list = items[i++].text;
        std::vector<FilterPtr> any;
        size_t start = 0;
        for (;;) {
            const size_t comma = list.find(',', start);
            std::string r = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            if (m_flip && (r == "1-0" || r == "0-1"))
                r = r == "1-0" ? "0-1" : "1-0";
            if (r == "1/2" || r == "\xC2\xBD" || r == "=")
                r = "1/2-1/2";
            if (r != "1-0" && r != "0-1" && r != "1/2-1/2" && r != "*" && r != "0-0") {
                error(items[i - 1], "'" + r + "' is not a game result (1-0, 0-1, 1/2, 0-0, *)");
                return nullptr;
            }
            any.push_back(std::make_unique<TagFilter>(TagFilter::Result, r, true));
            if (comma == std::string::npos)
                break;
            start = comma + 1;
        }
        if (any.size() == 1)
            return std::move(any[0]);
        return anyOf(std::move(any));
    }

    // :and/:or/:xor/:not/:cond of the match list: sub-match lists without position lists.
    FilterPtr subMatchLists(const std::string &n, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        std::vector<const Item *> subs;
        if (!listArguments(n, "match", at, items, i, subs))
            return nullptr;
        std::vector<FilterPtr> parts;
        for (const Item *s : subs) {
            std::vector<FilterPtr> inner;
            const bool outerNot = m_bareNot;
            m_bareNot = false;
            for (size_t j = 1; j < s->items.size();) {
                const Item &it = s->items[j];
                KeywordWord k = keywordOf(it);
                if (!k.isKeyword) {
                    error(it, it.isList() ? "a sub-match list cannot contain position lists"
                                          : "'" + it.text + "' is not a match list keyword");
                    ++j;
                    continue;
                }
                ++j;
                if (FilterPtr f = matchKeyword(k, it, s->items, j))
                    inner.push_back(std::move(f));
            }
            FilterPtr all = allOf(std::move(inner));
            if (m_bareNot)
                all = std::make_unique<NotFilter>(std::move(all));
            m_bareNot = outerNot;
            parts.push_back(std::move(all));
        }
        return combine(n, std::move(parts));
    }

    // Lists as arguments of :and/:or/:xor/:not/:cond: either one list of lists
    // "((position ...) (position ...))" or, for :not and :cond, lists written one after another.
    bool listArguments(const std::string &n, std::string_view head, const Item &at, const std::vector<Item> &items,
                       size_t &i, std::vector<const Item *> &out)
    {
        const Item *bad = nullptr;
        switch (collectListArguments(n, head, items, i, out, &bad)) {
        case ListArguments::Ok:
            return true;
        case ListArguments::NoList:
            error(at, "':" + n + "' expects a list of (" + std::string(head) + " ...) lists");
            return false;
        case ListArguments::NotHeaded:
            ++i; // reading goes on after the faulty list
            error(*bad, "(" + std::string(head) + " ...) expected");
            return false;
        case ListArguments::Empty:
            ++i;
            error(*bad, "':" + n + "' needs at least one list");
            return false;
        }
        return false;
    }

    static FilterPtr combine(const std::string &n, std::vector<FilterPtr> parts)
    {
        if (n == "and")
            return allOf(std::move(parts));
        if (n == "or")
            return anyOf(std::move(parts));
        if (n == "xor")
            return std::make_unique<XorFilter>(std::move(parts));
        if (n == "not")
            return std::make_unique<NotFilter>(allOf(std::move(parts)));
        return firstClause(std::move(parts));
    }

    // --- position lists

    struct ListState {
        std::vector<FilterPtr> parts;
        SquareSet designatorSquares;                 // for :relation's :pattern
        std::string accumulate;                      // the accumulator this list counts into
        std::vector<size_t> sumranges;               // parts that read accumulators (not counted)
        std::vector<RelationFilter *> patternRelations;
        std::vector<std::vector<Transform>> transforms;
        bool negate = false;
        const Item *lineStarAt = nullptr;            // :line* refuses transforms (seed)
        std::shared_ptr<const StepSpan> span;        // a :line's moves, for a :sequence step
        bool sequenceStep = false;                   // the list is a step of :sequence / :gappedsequence
        const Item *runAt = nullptr;                 // ... with :repetitioncount (the seed's queen sacrifice)
        Range run;
    };

    // top: what the list says about the game when it stands in the match list (else null).
    // sequenceStep: the list is a :sequence step (it may have a :repetitioncount).
    FilterPtr compilePosition(const Item &list, TopLevel *top, bool sequenceStep = false)
    {
        // The copies transforms make multiply through nested lists: this
        // list's weight is its own parts plus the weights of the lists inside
        // it, times its images; the parent adds it to its own.
        const long outerWeight = m_weight;
        m_weight = 1;
        struct Restore {
            long &weight;
            const long outer;
            long mine = 0;
            ~Restore() { weight = outer + mine; }
        } restore{m_weight, outerWeight};
        ListState st;
        st.sequenceStep = sequenceStep;
        const auto &items = list.items;
        for (size_t i = 1; i < items.size();) {
            const Item &it = items[i];
            if (it.isList()) {
                error(it, "a list here must follow a keyword that takes it");
                ++i;
                continue;
            }
            KeywordWord k = keywordOf(it);
            ++i;
            if (!k.isKeyword) {
                if (FilterPtr d = designator(it)) {
                    if (auto *df = dynamic_cast<DesignatorFilter *>(d.get()))
                        st.designatorSquares |= df->squares();
                    st.parts.push_back(std::move(d));
                }
                continue;
            }
            if (k.name == "relation") {
                if (FilterPtr f = relation(it, items, i, st)) {
                    if (k.negated)
                        f = std::make_unique<NotFilter>(std::move(f));
                    st.parts.push_back(std::move(f));
                }
                continue;
            }
            positionKeyword(k, it, items, i, st, top);
        }
        for (RelationFilter *r : st.patternRelations)
            r->setAllowed(st.designatorSquares);
        if (st.lineStarAt && !st.transforms.empty())
            error(*st.lineStarAt, "':line*' cannot be used with transforms (:flip, :flipcolor, :shift, ...)");
        std::vector<Transform> all{Transform::identity()};
        std::vector<int> lastGroup{0}; // for :reset: the element of the last transform keyword each image uses
        for (const auto &group : st.transforms) {
            std::vector<Transform> next;
            std::vector<int> index;
            // Images already made, looked up by their fields (a search of `next` made this quadratic).
            std::set<std::array<int, 9>> seen;
            for (const Transform &a : all)
                for (size_t bi = 0; bi < group.size(); ++bi) {
                    Transform c = group[bi] * a;
                    if (seen.insert({c.m00, c.m01, c.m10, c.m11, c.dx, c.dy, c.swapColors, c.shifting, c.rot45})
                            .second) {
                        next.push_back(c);
                        index.push_back(int(bi));
                    }
                }
            all = std::move(next);
            lastGroup = std::move(index);
        }
        restore.mine = std::min<long>(m_weight * long(all.size()) * (st.accumulate.empty() ? 1 : 2), MaxWeight + 1);
        if (restore.mine > MaxWeight) {
            // Reported once, at the innermost list that passes it; outer lists then add nothing.
            if (!m_tooHeavy)
                error(list, "the transforms of nested position lists make more than " + std::to_string(MaxWeight)
                                + " copies of their filters; use fewer transforms inside transformed lists");
            m_tooHeavy = true;
            restore.mine = 1;
            // A stand-in the parents can copy; the script does not compile.
            return allOf({});
        }
        if (!st.accumulate.empty()) {
            // The images the accumulator counts: the list without its :sumrange parts.
            std::vector<FilterPtr> counted;
            for (size_t j = 0; j < st.parts.size(); ++j)
                if (std::find(st.sumranges.begin(), st.sumranges.end(), j) == st.sumranges.end())
                    counted.push_back(st.parts[j]->transformed(Transform::identity()));
            FilterPtr countBody = allOf(std::move(counted));
            auto src = std::make_shared<AccumulatorSource>();
            for (size_t k = 0; k < all.size(); ++k) {
                const Transform &t = all[k];
                src->images.push_back(countBody->transformed(t));
                src->swapped.push_back(t.swapColors);
                src->transforms.push_back(t);
                src->group.push_back(lastGroup[k]);
            }
            accumulator(st.accumulate)->sources.push_back(std::move(src));
        }
        FilterPtr body = allOf(std::move(st.parts));
        if (!st.transforms.empty()) {
            std::vector<FilterPtr> images;
            for (const Transform &t : all)
                images.push_back(body->transformed(t));
            body = std::make_unique<ImagesFilter>(std::move(images));
        }
        if (st.negate)
            body = std::make_unique<NotFilter>(std::move(body));
        m_lastSpan = st.negate ? nullptr : st.span;
        if (st.runAt) {
            if (st.negate || st.span)
                error(*st.runAt, st.negate ? "a negated :sequence step cannot have a :repetitioncount"
                                           : "a :sequence step cannot have both :line and :repetitioncount");
            auto run = std::make_shared<StepSpan>();
            run->run = true;
            run->runRange = st.run;
            m_lastSpan = std::move(run);
        }
        return body;
    }

    FilterPtr designator(const Item &it)
    {
        Designator d;
        std::string err;
        if (it.kind != Item::Word || !parseDesignator(it.text, d, err)) {
            error(it, "'" + it.text + "' is not a piece designator" + (err.empty() ? "" : ": " + err));
            return nullptr;
        }
        if (!checkTag(d, it))
            return nullptr;
        return designatorFilter(d);
    }

    // A '$name' designator needs a tag the match list binds with :forany.
    bool checkTag(const Designator &d, const Item &at)
    {
        if (d.pieces.tag.empty() || m_tagSlots.count(d.pieces.tag))
            return true;
        error(at, "'$" + d.pieces.tag + "': no :forany of the match list defines the tag '" + d.pieces.tag + "'");
        return false;
    }

    // :relation (relation-list): a later position related to this one.
    FilterPtr relation(const Item &at, const std::vector<Item> &items, size_t &i, ListState &st)
    {
        if (i >= items.size() || !items[i].isList()) {
            error(at, "':relation' expects a relation list");
            return nullptr;
        }
        const Item &list = items[i++];
        m_relationAt = &at;
        auto spec = std::make_shared<RelationSpec>();
        spec->missingRange.lo.value = spec->missingRange.hi.value = 0;
        spec->addedRange.lo.value = spec->addedRange.hi.value = 0;
        size_t j = list.head() == "relation" ? 1 : 0;
        const auto &r = list.items;
        while (j < r.size()) {
            const Item &it = r[j];
            KeywordWord k = keywordOf(it);
            ++j;
            if (!k.isKeyword || k.negated) {
                error(it, "'" + it.text + "' is not a relation list keyword");
                return nullptr;
            }
            const std::string &n = k.name;
            if (n == "missingpiececount" || n == "newpiececount") {
                bool missing = n[0] == 'm';
                FilterPtr d = designatorArg(it, r, j);
                if (!d)
                    return nullptr;
                Range rg;
                if (!rangeArg(it, r, j, rg, false, false))
                    return nullptr;
                (missing ? spec->missing : spec->added) = std::move(d);
                (missing ? spec->missingRange : spec->addedRange) = rg;
            } else if (n == "originaldifferentcount" || n == "originalsamecount") {
                bool diff = n == "originaldifferentcount";
                Range rg;
                if (!rangeArg(it, r, j, rg, false, false))
                    return nullptr;
                (diff ? spec->differentRange : spec->sameRange) = rg;
                (diff ? spec->haveDifferent : spec->haveSame) = true;
            } else if (n == "changesidetomove") {
                spec->side = RelationSpec::Change;
            } else if (n == "samesidetomove") {
                spec->side = RelationSpec::Same;
            } else if (n == "ignoresidetomove") {
                spec->side = RelationSpec::Ignore;
            } else if (n == "pattern") {
                spec->pattern = true;
            } else if (n == "variations") {
                spec->where = RelationSpec::Everywhere;
                m_header.variations = true;
            } else if (n == "variationsonly") {
                spec->where = RelationSpec::VariationsOnly;
                m_header.variations = true;
            } else if (n == "flip" || n == "shift") {
                std::vector<Transform> group;
                transformGroup(n, group);
                addRelationTransforms(spec->p2Transforms, group);
            } else {
                error(it, "unknown relation list keyword ':" + n + "'");
                return nullptr;
            }
        }
        bool pattern = spec->pattern;
        auto f = std::make_unique<RelationFilter>(std::move(spec), SquareSet::all());
        if (pattern)
            st.patternRelations.push_back(f.get());
        return f;
    }

    FilterPtr designatorFilter(const Designator &d)
    {
        const PieceTypes &p = d.pieces;
        if (!p.tag.empty()) {
            auto t = m_tagSlots.find(p.tag);
            if (t == m_tagSlots.end()) // reported by checkTag
                return std::make_unique<CqlsDesignatorFilter>(PieceMask(0), SquareSet());
            return std::make_unique<TaggedPieceFilter>(t->second, d.squares);
        }
        if (!p.any()) // "[]": no piece type at all, so no square can match
            return std::make_unique<CqlsDesignatorFilter>(PieceMask(0), SquareSet());
        if (p.anything)
            return std::make_unique<CqlsDesignatorFilter>(PieceMask(0), d.squares);
        std::vector<FilterPtr> parts;
        if (p.plain || (!p.promoted && !p.unpromoted))
            parts.push_back(std::make_unique<CqlsDesignatorFilter>(p.plain, d.squares));
        if (p.promoted)
            parts.push_back(std::make_unique<PromotedFilter>(std::make_unique<CqlsDesignatorFilter>(p.promoted, d.squares), true));
        if (p.unpromoted)
            parts.push_back(std::make_unique<PromotedFilter>(std::make_unique<CqlsDesignatorFilter>(p.unpromoted, d.squares), false));
        FilterPtr f = std::move(parts[0]);
        for (size_t i = 1; i < parts.size(); ++i)
            f = std::make_unique<SetOpFilter>(SetOpFilter::Union, std::move(f), std::move(parts[i]));
        return f;
    }

    // Required designator argument.
    FilterPtr designatorArg(const Item &at, const std::vector<Item> &items, size_t &i, Designator *raw = nullptr)
    {
        if (i >= items.size() || items[i].isList() || keywordOf(items[i]).isKeyword) {
            error(at, "'" + at.text + "' expects a piece designator");
            return nullptr;
        }
        Designator d;
        std::string err;
        if (!parseDesignator(items[i].text, d, err)) {
            error(items[i], "'" + items[i].text + "' is not a piece designator: " + err);
            ++i;
            return nullptr;
        }
        ++i;
        if (!checkTag(d, items[i - 1]))
            return nullptr;
        if (raw)
            *raw = d;
        return designatorFilter(d);
    }

    // An optional designator argument: taken when the next word is one.
    bool optionalDesignator(const std::vector<Item> &items, size_t &i, Designator &d)
    {
        if (i >= items.size() || items[i].isList() || keywordOf(items[i]).isKeyword)
            return false;
        std::string err;
        Range r;
        bool plain;
        if (parseRangeWord(items[i].text, r, plain, true, true))
            return false;
        if (!parseDesignator(items[i].text, d, err))
            return false;
        checkTag(d, items[i]);
        ++i;
        return true;
    }

    bool rangeArg(const Item &at, const std::vector<Item> &items, size_t &i, Range &r, bool allowEnd, bool allowPercent,
                  bool optional = false)
    {
        bool plain = false;
        if (i >= items.size() || items[i].isList() || keywordOf(items[i]).isKeyword
            || !parseRangeWord(items[i].text, r, plain, allowEnd, allowPercent)) {
            if (optional)
                return false;
            if (i < items.size() && !items[i].isList() && !keywordOf(items[i]).isKeyword)
                error(items[i], "'" + items[i].text + "' is not a range specifier");
            else
                error(at, "'" + at.text + "' expects a range specifier");
            return false;
        }
        ++i;
        if (plain && i < items.size() && !items[i].isList() && closeRange(items[i].text, r, allowEnd, allowPercent))
            ++i; // "1 3": a second plain bound closes the range
        return true;
    }

    // Transform groups of a keyword, or false if it is none.
    static bool transformGroup(const std::string &n, std::vector<Transform> &out)
    {
        out.clear();
        out.push_back(Transform::identity());
        if (n == "flip" || n == "flipdihedral") {
            for (int d = 1; d < 8; ++d) out.push_back(Transform::dihedral(d));
        } else if (n == "flipdiagonal") {
            out.push_back(Transform::dihedral(6));
        } else if (n == "flipvertical") {
            out.push_back(Transform::mirrorFiles());
        } else if (n == "fliphorizontal") {
            out.push_back(Transform::mirrorRanks());
        } else if (n == "flipcolor") {
            out.push_back(Transform::flipColor());
        } else if (n == "shift" || n == "shifthorizontal" || n == "shiftvertical" || n == "shiftmaindiagonal"
                   || n == "shiftoffdiagonal" || n == "shiftdiagonal") {
            for (int dx = -7; dx <= 7; ++dx) {
                for (int dy = -7; dy <= 7; ++dy) {
                    if (!dx && !dy) continue;
                    bool ok = (n == "shift") || (n == "shifthorizontal" && dy == 0) || (n == "shiftvertical" && dx == 0)
                        || ((n == "shiftmaindiagonal" || n == "shiftdiagonal") && dx == dy)
                        || ((n == "shiftoffdiagonal" || n == "shiftdiagonal") && dx == -dy);
                    if (ok) out.push_back(Transform::shift(dx, dy));
                }
            }
        } else {
            return false;
        }
        return true;
    }

    void positionKeyword(const KeywordWord &k, const Item &at, const std::vector<Item> &items, size_t &i, ListState &st,
                         TopLevel *top)
    {
        std::string n = k.name;
        if (n == "promotion") {
            // The seed's own example (":promotion U :cut") spells :promote so.
            warning(at, "'" + at.text + "' is read as ':promote'");
            n = "promote";
        }
        if (k.negated) {
            const KeywordSignature *row = findKeyword(n, InPosition);
            if (row && !row->negatable) {
                error(at, "':" + n + "' cannot be negated");
                skipArguments(items, i);
                return;
            }
        }
        if (n == "preceding") {
            // In the list of a :cut: the cut comes first at the position it
            // matches, which is then not searched (the position list page).
            if (!m_inCutArgument || top)
                error(at, "':preceding' belongs in the (position ...) list of a ':cut'");
            else
                m_sawPreceding = true;
            return;
        }
        std::vector<Transform> group;
        if (transformGroup(n, group)) {
            if (n == "flipcolor" && m_eitherColour) {
                error(at, "':flipcolor' is not allowed with the match list's :eithercolor");
                return;
            }
            st.transforms.push_back(std::move(group));
            return;
        }
        if (n == "not" && (i >= items.size() || !items[i].isList())) {
            if (k.negated) {
                error(at, "'!:not' is not allowed");
                return;
            }
            st.negate = !st.negate;
            return;
        }
        if (n == "matchcount" || n == "repetitioncount" || n == "pretransformmatchcount"
            || n == "pretransformrepetitioncount") {
            Range r;
            if (!rangeArg(at, items, i, r, false, false))
                return;
            if (!top && st.sequenceStep && n == "repetitioncount" && !k.negated) {
                // The seed: a step that holds for so many consecutive positions.
                if (st.runAt) {
                    error(at, "a :sequence step takes one :repetitioncount");
                    return;
                }
                if (r.lo.value < 1)
                    r.lo.value = 1;
                st.runAt = &at;
                st.run = r;
                return;
            }
            if (!top) {
                error(at, "':" + n + "' belongs in a position list of the match list or a :sequence step");
                return;
            }
            if (top->haveCount) {
                error(at, "a position list takes one match or repetition count");
                return;
            }
            top->count = r;
            top->haveCount = true;
            top->runs = n.find("repetition") != std::string::npos;
            top->perImage = n.substr(0, 12) == "pretransform";
            return;
        }
        if (n == "cut" || n == "exclude" || n == "skip") {
            if (!top) {
                error(at, "':" + n + "' belongs in a position list of the match list");
                skipArguments(items, i);
                return;
            }
            bool cut = n == "cut";
            if (i < items.size() && items[i].isList()) {
                // The argument form: the argument cuts or excludes; the list stays as it is.
                if (items[i].head() != "position") {
                    error(items[i], "':" + n + "' expects a (position ...) list");
                    ++i;
                    return;
                }
                const bool outerCut = m_inCutArgument, outerPreceding = m_sawPreceding;
                m_inCutArgument = cut;
                m_sawPreceding = false;
                FilterPtr f = compilePosition(items[i++], nullptr);
                if (cut)
                    top->cutsPreceding.push_back(m_sawPreceding);
                m_inCutArgument = outerCut;
                m_sawPreceding = outerPreceding;
                (n == "skip" ? top->skips : cut ? top->cuts : top->excludes).push_back(std::move(f));
            } else {
                (n == "skip" ? top->skipSelf : cut ? top->cutSelf : top->excludeSelf) = true;
            }
            return;
        }
        if (n == "accumulate" || n == "accumulate*" || n == "sumrange" || n == "reset") {
            if (i >= items.size() || items[i].kind != Item::Word || keywordOf(items[i]).isKeyword) {
                error(at, "'" + at.text + "' expects the name of an accumulator");
                return;
            }
            std::string name = items[i++].text;
            if (n == "reset") {
                accumulator(name)->reset = true;
                m_resetAt.emplace(name, at);
                return;
            }
            if (n == "sumrange") {
                Range r;
                if (!rangeArg(at, items, i, r, false, false))
                    return;
                m_sumrangeAt.emplace(name, at);
                st.sumranges.push_back(st.parts.size());
                st.parts.push_back(std::make_unique<SumRangeFilter>(accumulator(name), r));
                return;
            }
            if (!st.accumulate.empty()) {
                error(at, "a position list accumulates into one accumulator");
                return;
            }
            st.accumulate = name;
            auto acc = accumulator(name);
            acc->byColour = acc->byColour || n == "accumulate*";
            return;
        }
        if (n == "variations" || n == "variationsonly") {
            m_header.variations = true;
            if (n == "variationsonly")
                st.parts.push_back(std::make_unique<FactFilter>(FactFilter::InsideVariation));
            return;
        }
        if (n == "markall" || n == "noannotate")
            return; // meaningless (seed)
        if (m_flip && (n == "whiteelo" || n == "blackelo")) {
            // The list is colour-flipped as a whole; these name players, not pieces.
            FilterPtr f = positionFilter(colourSwapped(n), at, items, i);
            if (f && k.negated)
                f = std::make_unique<NotFilter>(std::move(f));
            if (f)
                st.parts.push_back(std::move(f));
            return;
        }
        if (n == "line*" || (n == "line" && i < items.size() && lineEndsWithStar(items[i].text)))
            st.lineStarAt = &at;
        m_pendingSpan.reset();
        FilterPtr f = positionFilter(n, at, items, i);
        // A list holding a :line covers its moves as a :sequence step (the first :line counts).
        if (f && n == "line" && !k.negated && !st.span)
            st.span = m_pendingSpan;
        m_pendingSpan.reset();
        if (!f)
            return;
        if (k.negated)
            f = std::make_unique<NotFilter>(std::move(f));
        st.parts.push_back(std::move(f));
    }

    static FilterPtr state(StateFilter::Kind k) { return std::make_unique<StateFilter>(k); }

    static FilterPtr moveFilter(std::function<void(MoveSpec &)> fill)
    {
        MoveSpec s;
        fill(s);
        return std::make_unique<MoveFilter>(std::move(s));
    }

    FilterPtr inRange(FilterPtr v, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        Range r;
        if (!v || !rangeArg(at, items, i, r, false, false))
            return nullptr;
        return std::make_unique<InRangeFilter>(std::move(v), r);
    }

    static FilterPtr count(FilterPtr set) { return std::make_unique<CountFilter>(std::move(set)); }

    // "R1 : R2" after a first range: the seed's form for White's and Black's
    // counts. True with the second range read when a ':' follows.
    bool secondRange(const Item &at, const std::vector<Item> &items, size_t &i, Range &second, bool allowPercent, bool &ok)
    {
        ok = true;
        if (i >= items.size() || items[i].isList() || items[i].text != ":")
            return false;
        ++i;
        ok = rangeArg(at, items, i, second, false, allowPercent);
        return true;
    }

    // "D R1 : R2" needs pieces of both colours in D: White's in R1, Black's in R2.
    bool splitByColour(const Item &where, const Designator &d, Designator &white, Designator &black)
    {
        if (d.pieces.anything || !d.pieces.tag.empty() || !colourPart(d, true, white) || !colourPart(d, false, black)) {
            error(where, "two ranges (White's : Black's) need a designator with pieces of both colours, as [Pp]");
            return false;
        }
        return true;
    }

    // One designator, or two: "D" counts white minus black of D, "D1 D2" counts D1 minus D2.
    bool differenceArgs(const Item &at, const std::vector<Item> &items, size_t &i, FilterPtr &a, FilterPtr &b)
    {
        Designator d1;
        if (!designatorArg(at, items, i, &d1))
            return false;
        Designator d2;
        if (optionalDesignator(items, i, d2)) {
            a = designatorFilter(d1);
            b = designatorFilter(d2);
            return true;
        }
        Designator w = d1, bl = d1;
        auto keep = [](PieceTypes &p, PieceMask m) {
            if (p.anything) {
                p.anything = false;
                p.plain = m;
            }
            p.plain &= m;
            p.promoted &= m;
            p.unpromoted &= m;
        };
        keep(w.pieces, WhiteBits);
        keep(bl.pieces, BlackBits);
        a = designatorFilter(w);
        b = designatorFilter(bl);
        return true;
    }

    // Two attributes no pawn can have at once: X and !X, single and doubled,
    // isolated and any neighbour on an adjacent file.
    static bool contradict(const PawnAttribute &a, const PawnAttribute &b)
    {
        using K = PawnAttribute::Kind;
        // forefront/rear are steps of the sequence (!forefront-forefront is
        // fine); the counting attributes have rules of their own.
        if (isViewAttribute(a.kind) || isViewAttribute(b.kind) || isCountingAttribute(a.kind)
            || isCountingAttribute(b.kind))
            return false;
        if (a.kind == b.kind && a.n == b.n)
            return a.negated != b.negated;
        if (a.negated || b.negated)
            return false;
        auto either = [&](K x, auto... ys) {
            return (a.kind == x && ((b.kind == ys) || ...)) || (b.kind == x && ((a.kind == ys) || ...));
        };
        return either(K::Single, K::Double, K::DoubleExact)
            || either(K::SingleExact, K::Double, K::DoubleExact, K::Consecutive)
            || either(K::UnoExact, K::Triple, K::TripleExact) || either(K::Isolated, K::Chained, K::Backward)
            || either(K::Isolated, K::Connected, K::Integrated, K::HalfIsolated, K::Defended, K::Defender, K::Triple,
                      K::TripleExact);
    }

    bool pawnAttributes(const Item &word, std::vector<PawnAttribute> &out)
    {
        std::vector<std::string> written; // the attributes read so far, for messages
        std::string t = word.text;
        size_t start = 0;
        while (start <= t.size()) {
            size_t dash = t.find('-', start);
            std::string a = t.substr(start, dash == std::string::npos ? std::string::npos : dash - start);
            PawnAttribute attr;
            if (!a.empty() && a[0] == '!') {
                attr.negated = true;
                a.erase(0, 1);
            }
            int n = 0;
            size_t paren = a.find('(');
            if (paren != std::string::npos) {
                long long v;
                if (a.back() != ')' || !parseNumber(a.substr(paren + 1, a.size() - paren - 2), v)) {
                    error(word, "'" + a + "': a count in parentheses expected");
                    return false;
                }
                n = int(v);
                a.erase(paren);
            }
            using K = PawnAttribute::Kind;
            static const std::vector<std::pair<std::string_view, std::pair<K, int>>> names = {
                {"single", {K::Single, 0}}, {"uno", {K::Single, 0}},
                {"double", {K::Double, 2}}, {"double!", {K::DoubleExact, 2}},
                {"triple", {K::Double, 3}}, {"triple!", {K::DoubleExact, 3}},
                {"duo", {K::Triple, 2}}, {"duo!", {K::TripleExact, 2}},
                {"trio", {K::Triple, 3}}, {"trio!", {K::TripleExact, 3}},
                {"quart", {K::Triple, 4}}, {"quart!", {K::TripleExact, 4}},
                {"connected", {K::Connected, 0}}, {"integrated", {K::Integrated, 0}},
                {"isolated", {K::Isolated, 0}}, {"halfisolated", {K::HalfIsolated, 0}},
                {"defended", {K::Defended, 0}}, {"defender", {K::Defender, 0}},
                {"passed", {K::Passed, 0}}, {"blocked", {K::Blocked, 0}}, {"blocked!", {K::BlockedNow, 0}},
                {"advanced", {K::Advanced, 0}}, {"consecutive", {K::Consecutive, 2}},
                {"consecutive!", {K::Consecutive, -2}},
                {"backward", {K::Backward, 0}}, {"behind", {K::Behind, 0}}, {"behind!", {K::BehindNow, 0}},
                {"candidate", {K::Candidate, 0}}, {"candidate!", {K::CandidateNotPassed, 0}},
                {"stoppable", {K::Stoppable, 0}}, {"stopped", {K::Stopped, 0}},
                {"chained", {K::Chained, 0}}, {"chained!", {K::Chained, -2}},
                {"single!", {K::SingleExact, 0}}, {"uno!", {K::UnoExact, 0}},
                {"symmetrical", {K::Symmetrical, 0}}, {"mirrored", {K::Mirrored, 0}}, {"inside", {K::Inside, 0}},
                {"forefront", {K::Forefront, 0}}, {"rear", {K::Rear, 0}},
                {"islands", {K::Islands, 1}}, {"islands!", {K::Islands, -1}},
                {"compounds", {K::Compounds, 1}}, {"compounds!", {K::Compounds, -1}},
                {"files", {K::Files, 1}}, {"files!", {K::Files, -1}},
                {"lines", {K::Files, 1}}, {"lines!", {K::Files, -1}}, // the seed's pawncountdifference example
                {"ranks", {K::Ranks, 1}}, {"ranks!", {K::Ranks, -1}},
                {"bothsides", {K::BothSides, 0}}, {"oneside", {K::OneSide, 0}},
            };
            // The seed's bounds of the count n in "name(n)".
            static const std::vector<std::pair<std::string_view, std::pair<int, int>>> counted = {
                {"triple", {3, 6}}, {"triple!", {3, 6}}, {"consecutive", {2, 6}}, {"consecutive!", {2, 6}},
                {"chained", {2, 8}}, {"chained!", {2, 8}}, {"quart", {4, 8}}, {"quart!", {4, 8}},
                {"islands", {1, 8}}, {"islands!", {1, 8}}, {"files", {1, 8}}, {"files!", {1, 8}},
                {"lines", {1, 8}}, {"lines!", {1, 8}}, {"compounds", {1, 6}}, {"compounds!", {1, 6}},
                {"ranks", {1, 6}}, {"ranks!", {1, 6}},
            };
            bool found = false;
            for (const auto &[name, kind] : names) {
                if (a == name) {
                    attr.kind = kind.first;
                    attr.n = kind.second;
                    if (paren != std::string::npos) {
                        auto bounds = std::find_if(counted.begin(), counted.end(), [&](auto &c) { return c.first == a; });
                        if (bounds == counted.end()) {
                            error(word, "pawn attribute '" + a + "' takes no count");
                            return false;
                        }
                        if (n < bounds->second.first || n > bounds->second.second) {
                            error(word, "'" + a + "(n)': n must lie between " + std::to_string(bounds->second.first)
                                            + " and " + std::to_string(bounds->second.second));
                            return false;
                        }
                        attr.n = kind.second < 0 ? -n : n;
                        if (a == "quart" || a == "quart!") {
                            // quart(n) counts rows of adjacent pawns, plain quart any four on the rank.
                            attr.kind = K::RankRun;
                            attr.n = a == "quart!" ? -n : n;
                        }
                    }
                    found = true;
                    break;
                }
            }
            if (!found) {
                error(word, "'" + a + "' is not a pawn attribute");
                return false;
            }
            // The seed: attributes that contradict each other are an error.
            for (size_t j = 0; j < out.size(); ++j) {
                if (contradict(out[j], attr)) {
                    error(word, "pawn attributes '" + written[j] + "' and '" + (attr.negated ? "!" : "") + a
                                    + "' contradict each other");
                    return false;
                }
            }
            out.push_back(attr);
            written.push_back((attr.negated ? "!" : "") + a);
            if (dash == std::string::npos)
                break;
            start = dash + 1;
        }
        if (std::string e = pawnAttributeListError(out, written); !e.empty()) {
            error(word, e);
            return false;
        }
        return true;
    }

    // :pawncount D attrs range|percent, :pawncountdifference D [D2] attrs range.
    FilterPtr pawnCount(bool difference, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        FilterPtr a, b;
        Designator d1;
        if (difference) {
            if (!differenceArgs(at, items, i, a, b))
                return nullptr;
        } else if (i < items.size() && !items[i].isList() && looksLikePawnAttributes(items[i].text)) {
            // The seed's "(position :pawncount triple >0)": without a designator, the pawns of both sides.
            std::string err;
            parseDesignator("[Pp]", d1, err);
            a = designatorFilter(d1);
        } else {
            a = designatorArg(at, items, i, &d1);
            if (!a)
                return nullptr;
        }
        if (i >= items.size() || items[i].isList() || keywordOf(items[i]).isKeyword) {
            error(at, "'" + at.text + "' expects pawn attributes");
            return nullptr;
        }
        std::vector<PawnAttribute> attrs;
        if (!pawnAttributes(items[i++], attrs)) {
            skipArguments(items, i); // its ranges raise no further errors
            return nullptr;
        }
        Range r;
        if (!rangeArg(at, items, i, r, false, !difference))
            return nullptr;
        if (r.percent && isCountingAttribute(attrs.back().kind)) {
            error(items[i - 1], "a percentage of the pawns cannot be used with a counting attribute (islands, files ...)");
            return nullptr;
        }
        Range blackRange;
        bool ok = true;
        if (!difference && secondRange(at, items, i, blackRange, true, ok)) {
            // The seed's "[Pp] passed >0 : >0": White's pawns in the first range, Black's in the second.
            Designator white, black;
            if (!ok || !splitByColour(items[i - 1], d1, white, black))
                return nullptr;
            if (blackRange.percent && isCountingAttribute(attrs.back().kind)) {
                error(items[i - 1], "a percentage of the pawns cannot be used with a counting attribute (islands, files ...)");
                return nullptr;
            }
            std::vector<FilterPtr> both;
            both.push_back(pawnCountIn(white, attrs, r));
            both.push_back(pawnCountIn(black, attrs, blackRange));
            return allOf(std::move(both));
        }
        if (!difference)
            return pawnCountIn(d1, attrs, r);
        auto diff = std::make_unique<ArithFilter>(ArithFilter::Sub, std::make_unique<PawnCountingFilter>(std::move(a), attrs),
                                                  std::make_unique<PawnCountingFilter>(std::move(b), attrs));
        return std::make_unique<InRangeFilter>(std::move(diff), r);
    }

    // A word that is no designator but pawn attributes ("triple", "passed-isolated", "double!").
    static bool looksLikePawnAttributes(std::string_view w)
    {
        Designator d;
        std::string err;
        if (w.empty() || !std::islower(static_cast<unsigned char>(w[0])) || parseDesignator(w, d, err))
            return false;
        for (char c : w)
            if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-'
                  || c == '!' || c == '(' || c == ')'))
                return false;
        return true;
    }

    // The pawns of d with the attributes, counted (or as a percentage of the
    // pawns of d's colours) in r.
    FilterPtr pawnCountIn(const Designator &d, const std::vector<PawnAttribute> &attrs, const Range &r)
    {
        if (r.percent) {
            auto part = std::make_unique<PawnAttributeFilter>(designatorFilter(d), attrs);
            Designator whole = d;
            PieceMask colours = 0;
            PieceMask m = d.pieces.plain | d.pieces.promoted | d.pieces.unpromoted;
            if (m & WhiteBits || d.pieces.anything) colours |= PieceMask(1u << chess::WPawn);
            if (m & BlackBits || d.pieces.anything) colours |= PieceMask(1u << chess::BPawn);
            whole.pieces = PieceTypes();
            whole.pieces.plain = colours;
            whole.squares = SquareSet::all();
            return std::make_unique<PercentFilter>(std::move(part), designatorFilter(whole), r);
        }
        return std::make_unique<InRangeFilter>(std::make_unique<PawnCountingFilter>(designatorFilter(d), attrs), r);
    }

    FilterPtr rayKeyword(const std::string &n, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        if (i >= items.size() || !items[i].isList() || items[i].items.size() < 2) {
            error(at, "'" + at.text + "' expects a ray specifier: a list of two or more piece designators");
            return nullptr;
        }
        const Item &spec = items[i++];
        std::vector<FilterPtr> sets;
        for (const Item &d : spec.items) {
            FilterPtr f = designator(d);
            if (!f)
                return nullptr;
            sets.push_back(std::move(f));
        }
        std::vector<std::pair<int, int>> dirs;
        for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr) {
                if (!df && !dr) continue;
                bool diagonal = df && dr;
                bool ok = n == "ray" || n == "rayattack" || (n == "raydiagonal" && diagonal)
                    || (n == "rayorthogonal" && !diagonal) || (n == "rayhorizontal" && dr == 0)
                    || (n == "rayvertical" && df == 0);
                if (ok) dirs.emplace_back(df, dr);
            }
        Range r;
        r.lo.value = 1;
        Range given;
        if (rangeArg(at, items, i, given, false, false, true))
            r = given;
        auto f = std::make_unique<RaySpecFilter>(std::move(sets), std::move(dirs), n == "rayattack");
        return std::make_unique<InRangeFilter>(std::move(f), r);
    }

    static int rightsOf(const Designator &d, bool &ok)
    {
        ok = true;
        PieceMask m = d.pieces.plain;
        int r = 0;
        if (m & (1u << chess::WKing)) r |= 1;
        if (m & (1u << chess::WQueen)) r |= 2;
        if (m & (1u << chess::BKing)) r |= 4;
        if (m & (1u << chess::BQueen)) r |= 8;
        PieceMask allowed = PieceMask((1u << chess::WKing) | (1u << chess::WQueen) | (1u << chess::BKing) | (1u << chess::BQueen));
        if (d.pieces.anything || d.pieces.promoted || d.pieces.unpromoted || (m & ~allowed) || d.squares != SquareSet::all())
            ok = false;
        return r;
    }

    FilterPtr positionFilter(const std::string &n, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        // Logic over sub-position lists.
        if (n == "and" || n == "or" || n == "xor" || n == "not" || n == "cond") {
            std::vector<const Item *> subs;
            if (!listArguments(n, "position", at, items, i, subs))
                return nullptr;
            std::vector<FilterPtr> parts;
            for (const Item *s : subs)
                parts.push_back(compilePosition(*s, nullptr));
            return combine(n, std::move(parts));
        }
        // Simple keywords.
        if (n == "check") {
            Designator d;
            if (optionalDesignator(items, i, d))
                return std::make_unique<FactFilter>(FactFilter::CheckBy, designatorFilter(d));
            return state(StateFilter::Check);
        }
        if (n == "nocheck") return std::make_unique<NotFilter>(state(StateFilter::Check));
        if (n == "mate") return state(StateFilter::Mate);
        if (n == "stalemate") return state(StateFilter::Stalemate);
        if (n == "wtm") return state(StateFilter::Wtm);
        if (n == "btm") return state(StateFilter::Btm);
        if (n == "initial") return state(StateFilter::Initial);
        if (n == "terminal") return state(StateFilter::Terminal);
        if (n == "contactcheck" || n == "doublecheck") {
            Designator d;
            FilterPtr arg;
            if (optionalDesignator(items, i, d))
                arg = designatorFilter(d);
            return std::make_unique<FactFilter>(n == "contactcheck" ? FactFilter::ContactCheck : FactFilter::DoubleCheck,
                                                std::move(arg));
        }
        if (n == "endgame") return std::make_unique<FactFilter>(FactFilter::Endgame);
        if (n == "matingmaterial") return std::make_unique<FactFilter>(FactFilter::MatingMaterial);
        if (n == "nomatingmaterial")
            return std::make_unique<NotFilter>(std::make_unique<FactFilter>(FactFilter::MatingMaterial));
        if (n == "whitecannotwin") return std::make_unique<FactFilter>(FactFilter::WhiteCannotWin);
        if (n == "blackcannotwin") return std::make_unique<FactFilter>(FactFilter::BlackCannotWin);
        if (n == "gameisover") return std::make_unique<FactFilter>(FactFilter::GameIsOver);
        if (n == "insidevariation") return std::make_unique<FactFilter>(FactFilter::InsideVariation);
        // Keywords for other chess variants never match in standard chess (seed).
        if (n == "losing" || n == "mustcapture" || n == "captureforced" || n == "threechecks" || n == "kingonthehill")
            return std::make_unique<ConstantFilter>(false);
        // The reader keeps a game only up to its first illegal move: no next move is illegal or invalid.
        if (n == "isillegal" || n == "isinvalid")
            return std::make_unique<ConstantFilter>(false);
        if (n == "fen") {
            if (i >= items.size() || items[i].kind != Item::String) {
                error(at, "':fen' expects a FEN in double quotes");
                return nullptr;
            }
            std::string err;
            std::vector<std::string> corrected;
            auto pos = chess::Position::fromFen(items[i].text, &err, false, &corrected);
            if (!pos) {
                error(items[i], "not a valid FEN: " + err);
                return nullptr;
            }
            // The position matched is the one with the dropped rights or square.
            for (std::string &w : corrected)
                warning(items[i], std::move(w));
            ++i;
            return std::make_unique<FenFilter>(pos->key());
        }
        if (n == "threefoldrepetition" || n == "fivefoldrepetition") {
            Range r;
            r.lo.value = r.hi.value = n[0] == 't' ? 3 : 5;
            return std::make_unique<ClockFilter>(ClockFilter::Repetition, r);
        }
        if (n == "halfmoveclock") {
            Range r;
            if (!rangeArg(at, items, i, r, false, false))
                return nullptr;
            return std::make_unique<ClockFilter>(ClockFilter::HalfmoveClock, r);
        }
        if (n == "castling") {
            Designator d;
            if (!designatorArg(at, items, i, &d))
                return nullptr;
            bool ok;
            int r = rightsOf(d, ok);
            if (!ok || !r) {
                error(items[i - 1], "':castling' takes K, Q, k, q or a bracketed set of them");
                return nullptr;
            }
            return std::make_unique<CastlingRightsFilter>(r);
        }
        if (n == "inside") {
            FilterPtr d = designatorArg(at, items, i);
            if (!d)
                return nullptr;
            SquareSet s;
            std::string err;
            if (i >= items.size() || items[i].isList() || !parseSquares(items[i].text, s, err)) {
                error(i < items.size() ? items[i] : at, "':inside' expects a square designator after the piece designator");
                return nullptr;
            }
            ++i;
            return std::make_unique<InsideFilter>(std::move(d), s);
        }
        // Piece analysis.
        if (n == "piececount") {
            FilterPtr d = designatorArg(at, items, i);
            return d ? inRange(count(std::move(d)), at, items, i) : nullptr;
        }
        if (n == "power") {
            FilterPtr d = designatorArg(at, items, i);
            return d ? inRange(std::make_unique<PowerFilter>(std::move(d)), at, items, i) : nullptr;
        }
        if (n == "piececountdifference" || n == "powerdifference") {
            FilterPtr a, b;
            if (!differenceArgs(at, items, i, a, b))
                return nullptr;
            bool pw = n == "powerdifference";
            FilterPtr va = pw ? FilterPtr(std::make_unique<PowerFilter>(std::move(a))) : count(std::move(a));
            FilterPtr vb = pw ? FilterPtr(std::make_unique<PowerFilter>(std::move(b))) : count(std::move(b));
            return inRange(std::make_unique<ArithFilter>(ArithFilter::Sub, std::move(va), std::move(vb)), at, items, i);
        }
        if (n == "pawncount" || n == "pawncountdifference")
            return pawnCount(n == "pawncountdifference", at, items, i);
        if (n == "attackcount") {
            FilterPtr a = designatorArg(at, items, i);
            if (!a)
                return nullptr;
            FilterPtr b = designatorArg(at, items, i);
            if (!b)
                return nullptr;
            return inRange(std::make_unique<AttackCountFilter>(std::move(a), std::move(b)), at, items, i);
        }
        if (n == "ray" || n == "rayattack" || n == "raydiagonal" || n == "rayhorizontal" || n == "rayorthogonal"
            || n == "rayvertical")
            return rayKeyword(n, at, items, i);
        // The next move.
        if (n == "movefrom" || n == "moveto") {
            FilterPtr d = designatorArg(at, items, i);
            if (!d)
                return nullptr;
            bool from = n == "movefrom";
            return moveFilter([&](MoveSpec &s) { (from ? s.from : s.to) = std::move(d); });
        }
        if (n == "ispromotedpiece") {
            // The seed's index lists it without a description; read like the other
            // :is... keywords, of the next move: it is made by a piece that came from a
            // promotion, as ':movefrom U~' says.
            Designator d;
            std::string err;
            parseDesignator("U~", d, err);
            return moveFilter([&](MoveSpec &s) { s.from = designatorFilter(d); });
        }
        if (n == "enpassant") return moveFilter([](MoveSpec &s) { s.enpassant = true; });
        if (n == "noenpassant")
            return std::make_unique<NotFilter>(moveFilter([](MoveSpec &s) { s.enpassant = true; }));
        if (n == "promote") {
            Designator d;
            if (!designatorArg(at, items, i, &d))
                return nullptr;
            PieceMask m = d.pieces.plain;
            if (d.pieces.anything)
                m = WhiteBits | BlackBits;
            if (d.pieces.promoted || d.pieces.unpromoted) {
                error(items[i - 1], "':promote' takes piece types without '~'");
                return nullptr;
            }
            if (!m) { // "[]": the next move is no promotion
                std::vector<FilterPtr> parts;
                parts.push_back(std::make_unique<FactFilter>(FactFilter::HasMoves));
                parts.push_back(std::make_unique<NotFilter>(
                    std::make_unique<NextMoveFilter>(NextMoveFilter::Promote, 0, PieceMask(WhiteBits | BlackBits))));
                return allOf(std::move(parts));
            }
            return std::make_unique<NextMoveFilter>(NextMoveFilter::Promote, 0, m, d.squares);
        }
        if (n == "iscastling") {
            Designator d;
            int rights = 0;
            if (optionalDesignator(items, i, d)) {
                bool ok;
                rights = rightsOf(d, ok);
                if (!ok || !rights) {
                    error(items[i - 1], "':iscastling' takes K, Q, k, q or a bracketed set of them");
                    return nullptr;
                }
            }
            return std::make_unique<NextMoveFilter>(NextMoveFilter::Castling, rights);
        }
        if (n == "ischeck") {
            Range r;
            size_t first = i;
            if (rangeArg(at, items, i, r, false, false, true)) {
                if (r.lo.value != Range::Min && r.lo.value < 1) {
                    error(items[first], "the range of ':ischeck' counts checks: its lower bound is at least 1");
                    return nullptr;
                }
                return std::make_unique<IsCheckCountFilter>(r);
            }
            return std::make_unique<NextMoveFilter>(NextMoveFilter::IsCheck);
        }
        if (n == "iscontactcheck") return std::make_unique<NextMoveFilter>(NextMoveFilter::IsContactCheck);
        if (n == "sequence" || n == "gappedsequence") {
            std::vector<const Item *> subs;
            if (!listArguments(n, "position", at, items, i, subs))
                return nullptr;
            std::vector<FilterPtr> steps;
            std::vector<std::shared_ptr<const StepSpan>> spans;
            for (const Item *s : subs) {
                steps.push_back(compilePosition(*s, nullptr, true));
                spans.push_back(m_lastSpan);
            }
            return std::make_unique<SequenceFilter>(n == "gappedsequence", std::move(steps), std::move(spans));
        }
        if (n == "opposition") {
            Designator d;
            auto side = OppositionFilter::ToMove;
            if (optionalDesignator(items, i, d)) {
                PieceMask k = d.pieces.plain;
                if (k == PieceMask(1u << chess::WKing) && d.squares == SquareSet::all())
                    side = OppositionFilter::White;
                else if (k == PieceMask(1u << chess::BKing) && d.squares == SquareSet::all())
                    side = OppositionFilter::Black;
                else {
                    error(items[i - 1], "':opposition' takes K or k");
                    return nullptr;
                }
            }
            return std::make_unique<OppositionFilter>(side);
        }
        if (n == "ischess960" || n == "isshufflechess")
            return std::make_unique<StartArrangementFilter>(n == "ischess960");
        if (n == "checkcount") {
            // Counting checks means something only in three-check chess: in
            // standard chess only a count of zero holds (seed).
            if (i >= items.size() || items[i].isList()) {
                error(at, "':checkcount' expects two ranges (checks White received : checks Black received), a number or +N+M");
                return nullptr;
            }
            if ((i + 1 < items.size() && items[i + 1].text == ":") || (i + 2 < items.size() && items[i + 2].text == ":")) {
                // The seed's form, "R1 : R2": the checks White received from Black
                // in R1, those Black received in R2 (lower bounds not below zero).
                Range white, black;
                bool ok = true;
                if (!rangeArg(at, items, i, white, false, false) || !secondRange(at, items, i, black, false, ok) || !ok)
                    return nullptr;
                for (const Range *r : {&white, &black})
                    if (r->lo.value < 0 && r->lo.value != Range::Min) {
                        error(items[i - 1], "':checkcount' counts checks: its ranges start at zero or above");
                        return nullptr;
                    }
                return std::make_unique<ConstantFilter>(white.contains(0) && black.contains(0));
            }
            std::string t = items[i].text;
            long long a = 0, b = 0;
            bool ok;
            if (!t.empty() && t[0] == '+') {
                size_t plus = t.find('+', 1);
                ok = plus != std::string::npos && parseNumber(t.substr(1, plus - 1), a) && parseNumber(t.substr(plus + 1), b)
                    && a >= 0 && b >= 0;
            } else {
                ok = parseNumber(t, a) && a >= 0;
            }
            if (!ok) {
                error(items[i], "'" + t + "': ':checkcount' expects a number or +N+M");
                return nullptr;
            }
            ++i;
            return std::make_unique<ConstantFilter>(a == 0 && b == 0);
        }
        if (isEvaluationKeyword(n)) {
            EvaluationParser ep;
            ep.error = [this](const Item &where, std::string message) { error(where, std::move(message)); };
            ep.designator = [this](const Item &a, const std::vector<Item> &its, size_t &j) { return designatorArg(a, its, j); };
            ep.isKeyword = [](const Item &it) { return keywordOf(it).isKeyword; };
            return compileEvaluation(n, at, items, i, ep);
        }
        if (n == "exchangeevaluation") {
            long long plies = 0;
            // The English page's form, a range alone ("<=-3"): its comparison
            // cannot start a depth, so the depth is unlimited, as '*' says.
            const bool rangeFirst = i < items.size() && !items[i].isList() && !items[i].text.empty()
                && (items[i].text[0] == '<' || items[i].text[0] == '>');
            if (!rangeFirst) {
                if (i >= items.size() || items[i].isList() || (items[i].text != "*" && !(parseNumber(items[i].text, plies) && plies > 0))) {
                    error(i < items.size() ? items[i] : at, "':exchangeevaluation' expects a depth in half moves or '*'");
                    return nullptr;
                }
                ++i;
            }
            Range r;
            if (!rangeArg(at, items, i, r, false, false))
                return nullptr;
            Designator d;
            FilterPtr targets;
            if (optionalDesignator(items, i, d))
                targets = designatorFilter(d);
            return std::make_unique<ExchangeFilter>(int(plies), r, std::move(targets));
        }
        if (n == "maxswapevaluation") {
            FilterPtr a = designatorArg(at, items, i);
            if (!a)
                return nullptr;
            FilterPtr b = designatorArg(at, items, i);
            if (!b)
                return nullptr;
            Range r;
            if (!rangeArg(at, items, i, r, false, false))
                return nullptr;
            return std::make_unique<MaxSwapFilter>(std::move(a), std::move(b), r);
        }
        if (n == "goodbishop") {
            Designator d;
            FilterPtr b = designatorArg(at, items, i, &d);
            if (!b)
                return nullptr;
            PieceMask bishops = PieceMask((1u << chess::WBishop) | (1u << chess::BBishop));
            if (d.pieces.anything || ((d.pieces.plain | d.pieces.promoted | d.pieces.unpromoted) & ~bishops)) {
                error(items[i - 1], "':goodbishop' takes a designator of bishops only");
                return nullptr;
            }
            Range theirs, ours;
            if (!rangeArg(at, items, i, theirs, false, true))
                return nullptr;
            if (i >= items.size() || items[i].isList() || items[i].text != ":") {
                error(i < items.size() ? items[i] : at, "':goodbishop' expects ':' between its two ranges");
                return nullptr;
            }
            ++i;
            if (!rangeArg(at, items, i, ours, false, true))
                return nullptr;
            return std::make_unique<GoodBishopFilter>(std::move(b), theirs, ours);
        }
        if (n == "line" || n == "line*") {
            std::string text;
            if (i < items.size() && items[i].kind == Item::String) {
                text = items[i].text;
            } else if (i < items.size() && items[i].isList() && items[i].head() != "position") {
                for (const Item &m : items[i].items) {
                    if (m.isList()) {
                        error(m, "':line' expects moves");
                        return nullptr;
                    }
                    text += m.text + " ";
                }
            } else {
                error(at, "':line' expects moves in double quotes or in parentheses");
                return nullptr;
            }
            // "e2-e4 e7-e6 d2-d4 d7-d5 *": a '*' ending the moves makes the line
            // transposition invariant, as :line* (the position list page).
            bool star = n == "line*";
            if (n == "line" && lineEndsWithStar(text)) {
                text.erase(text.find_last_of('*'));
                star = true;
            }
            std::string err;
            std::shared_ptr<const StepSpan> span;
            FilterPtr f = !star ? compileLine(text, err, &span) : compileLineStar(text, err);
            m_pendingSpan = std::move(span);
            if (!f) {
                error(items[i], err);
                ++i;
                return nullptr;
            }
            ++i;
            return f;
        }
        if (n == "unstoppablepawns") {
            Designator d;
            FilterPtr pawns = designatorArg(at, items, i, &d);
            if (!pawns)
                return nullptr;
            PieceMask allowed = PieceMask((1u << chess::WPawn) | (1u << chess::BPawn));
            if (d.pieces.anything || ((d.pieces.plain | d.pieces.promoted | d.pieces.unpromoted) & ~allowed)) {
                error(items[i - 1], "':unstoppablepawns' takes a designator of pawns only");
                return nullptr;
            }
            Range r, blackRange;
            if (!rangeArg(at, items, i, r, false, false))
                return nullptr;
            bool ok = true;
            if (secondRange(at, items, i, blackRange, false, ok)) {
                // The seed: with pawns of both colours, White's unstoppable pawns in the
                // first range and Black's in the second.
                Designator white, black;
                if (!ok || !splitByColour(items[i - 1], d, white, black))
                    return nullptr;
                std::vector<FilterPtr> both;
                both.push_back(std::make_unique<InRangeFilter>(
                    count(std::make_unique<UnstoppablePawnsFilter>(designatorFilter(white))), r));
                both.push_back(std::make_unique<InRangeFilter>(
                    count(std::make_unique<UnstoppablePawnsFilter>(designatorFilter(black))), blackRange));
                return allOf(std::move(both));
            }
            return std::make_unique<InRangeFilter>(count(std::make_unique<UnstoppablePawnsFilter>(std::move(pawns))), r);
        }
        if (n == "match") {
            std::vector<const Item *> subs;
            if (!listArguments(n, "position", at, items, i, subs))
                return nullptr;
            std::vector<FilterPtr> lists;
            for (const Item *sub : subs)
                lists.push_back(compilePosition(*sub, nullptr));
            return std::make_unique<SubMatchFilter>(std::move(lists));
        }
        if (n == "matchconsecutive") {
            std::vector<const Item *> subs;
            if (!listArguments(n, "position", at, items, i, subs))
                return nullptr;
            if (subs.size() > 16) {
                error(at, "':matchconsecutive' takes at most 16 position lists");
                return nullptr;
            }
            std::vector<FilterPtr> lists;
            for (const Item *sub : subs)
                lists.push_back(compilePosition(*sub, nullptr));
            return std::make_unique<MatchConsecutiveFilter>(std::move(lists));
        }
        if (n == "perpendicular") {
            FilterPtr a = designatorArg(at, items, i);
            if (!a)
                return nullptr;
            FilterPtr b = designatorArg(at, items, i);
            if (!b)
                return nullptr;
            return std::make_unique<PerpendicularFilter>(std::move(a), std::move(b));
        }
        if (n == "passedpawnrace") {
            Designator d;
            auto side = PassedPawnRaceFilter::ToMove;
            if (optionalDesignator(items, i, d)) {
                PieceMask k = d.pieces.plain;
                if (k == PieceMask(1u << chess::WPawn) && !d.pieces.anything && d.squares == SquareSet::all())
                    side = PassedPawnRaceFilter::White;
                else if (k == PieceMask(1u << chess::BPawn) && !d.pieces.anything && d.squares == SquareSet::all())
                    side = PassedPawnRaceFilter::Black;
                else {
                    error(items[i - 1], "':passedpawnrace' takes P or p");
                    return nullptr;
                }
            }
            return std::make_unique<PassedPawnRaceFilter>(side);
        }
        if (n == "variant" || n == "startposition")
            return gameVariantKeyword(n, at, items, i);
        if (n == "tagmatch") {
            if (i >= items.size() || items[i].kind != Item::Word || keywordOf(items[i]).isKeyword) {
                error(at, "':tagmatch' expects a tag name and a piece designator");
                return nullptr;
            }
            auto t = m_tagSlots.find(items[i].text);
            if (t == m_tagSlots.end()) {
                error(items[i], "no :forany of the match list defines the tag '" + items[i].text + "'");
                return nullptr;
            }
            ++i;
            FilterPtr d = designatorArg(at, items, i);
            if (!d)
                return nullptr;
            return std::make_unique<TagMatchFilter>(t->second, std::move(d));
        }
        if (n == "ismate") return std::make_unique<NextMoveFilter>(NextMoveFilter::IsMate);
        if (n == "isstalemate") return std::make_unique<NextMoveFilter>(NextMoveFilter::IsStalemate);
        if (n == "isdoublecheck") return std::make_unique<NextMoveFilter>(NextMoveFilter::IsDoubleCheck);
        if (n == "isnull") return std::make_unique<NextMoveFilter>(NextMoveFilter::IsNull);
        if (n == "forced") return std::make_unique<NextMoveFilter>(NextMoveFilter::Forced);
        if (n == "takeslastpiece") return std::make_unique<NextMoveFilter>(NextMoveFilter::TakesLastPiece);
        if (n == "movenumber" || n == "halfmovenumber") {
            Range r;
            if (!rangeArg(at, items, i, r, true, false))
                return nullptr;
            return std::make_unique<MoveNumberFilter>(n == "halfmovenumber", r);
        }
        // Game information.
        if (n == "elo" || n == "whiteelo" || n == "blackelo") {
            auto side = n == "elo" ? EloFilter::Either : n == "whiteelo" ? EloFilter::White : EloFilter::Black;
            return inRange(std::make_unique<EloFilter>(side), at, items, i);
        }
        if (n == "result")
            return resultArg(at, items, i);
        if (findKeyword(n, InPosition)) {
            error(at, "':" + n + "' is not implemented yet");
            skipArguments(items, i);
            return nullptr;
        }
        error(at, "unknown position list keyword ':" + n + "'");
        skipArguments(items, i);
        return nullptr;
    }

    // After an error: skip to the next keyword so one mistake gives one message.
    static void skipArguments(const std::vector<Item> &items, size_t &i)
    {
        while (i < items.size() && !keywordOf(items[i]).isKeyword)
            ++i;
    }

    std::shared_ptr<Accumulator> accumulator(const std::string &name)
    {
        auto &a = m_accumulators[name];
        if (!a)
            a = std::make_shared<Accumulator>();
        return a;
    }

    // Every accumulator read by :sumrange must be filled by some list.
    void checkAccumulators()
    {
        for (const auto &[name, at] : m_sumrangeAt)
            if (m_accumulators[name]->sources.empty())
                error(at, "no position list accumulates into '" + name + "'");
        for (const auto &[name, at] : m_resetAt)
            if (m_accumulators[name]->sources.empty())
                error(at, "no position list accumulates into '" + name + "'");
    }

    std::map<std::string, std::shared_ptr<Accumulator>> m_accumulators;
    std::map<std::string, Item> m_sumrangeAt;
    std::map<std::string, Item> m_resetAt;
    std::map<std::string, int> m_tagSlots;      // :forany tags by name
    std::vector<ForAnyTag> m_tags;
    const Item *m_relationAt = nullptr;
    const std::vector<Item> *m_topItems = nullptr;
    std::vector<int> m_gateSlots;               // per-game caches of the position lists (for :forany)
    static constexpr long MaxWeight = 200000;   // filter copies transforms may make (compilePosition)
    long m_weight = 0;
    bool m_tooHeavy = false;
    bool m_eitherColour = false;                // :eithercolor in the match list
    bool m_flip = false;                        // compiling its colour-swapped reading
    bool m_playerBaseWarned = false;            // its unreadable dates were reported
    bool m_bareNot = false;                     // the list being compiled holds a bare ':not' (an odd number)
    bool m_inCutArgument = false;               // compiling the (position ...) argument of a :cut
    bool m_sawPreceding = false;                // ... and it holds :preceding
    std::shared_ptr<const StepSpan> m_pendingSpan; // the :line just compiled
    std::shared_ptr<const StepSpan> m_lastSpan;    // the list just compiled, as a :sequence step
    QueryHeader &m_header;
    Program &m_program;
    std::vector<Diagnostic> &m_diags;
    bool m_ok = true;
};

} // namespace

bool isCqlsSource(std::string_view text, std::string_view fileName)
{
    if (fileName.size() >= 5 && fileName.substr(fileName.size() - 5) == ".cqls")
        return true;
    return looksLikeCqls(text);
}

bool compileScript(std::string_view text, QueryHeader &header, Program &program, std::vector<Diagnostic> &diagnostics)
{
    Compiler c(header, program, diagnostics);
    return c.run(text);
}

const std::vector<std::string_view> &positionKeywords()
{
    static const std::vector<std::string_view> words = keywordsIn(InPosition);
    return words;
}

const std::vector<std::string_view> &matchKeywords()
{
    static const std::vector<std::string_view> words = keywordsIn(InMatch);
    return words;
}

} // namespace cql::cqls
