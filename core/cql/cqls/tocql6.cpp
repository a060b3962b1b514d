// CQL-S to CQL 6: walks the script's lists the way the CQL-S compiler reads
// them and writes each keyword, designator and range in CQL 6 words.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/tocql6.h"

#include "cql/cqls/arguments.h"
#include "cql/cqls/designators.h"
#include "cql/cqls/gameinfo.h"
#include "cql/cqls/keywordtable.h"
#include "cql/cqls/lexer.h"
#include "cql/cqls/syntax.h"
#include "cql/keywords.h"

#include "chess/types.h"

#include <algorithm>
#include <cctype>
#include <climits>
#include <unordered_map>

namespace cql::cqls {

using chess::SquareSet;

namespace {

// What the keyword table says for the converter: nothing in CQL 6 says the
// same, or only `false` in a standard game.
bool noEquivalent(const KeywordSignature &row) { return row.cql6 == Cql6::None || row.cql6 == Cql6::NeverInChess; }

// The CQL 6 transform a transform keyword of the list is, "" for another keyword.
std::string_view transformText(const KeywordSignature *row)
{
    if (!row || row->cql6Text.empty()) return {};
    const cql::Keyword *k = cql::findKeyword(row->cql6Text);
    return k && k->category == cql::KeywordCategory::Transform ? row->cql6Text : std::string_view();
}

std::string indent(const std::string &s)
{
    std::string out;
    for (char c : s) {
        out += c;
        if (c == '\n') out += "  ";
    }
    return out;
}

// Parts of a list as one filter: a lone part stands as it is (in braces when
// it is several words), more parts or comments make a block.
std::string block(const std::vector<std::string> &parts)
{
    if (parts.empty()) return "true";
    if (parts.size() == 1) {
        const std::string &p = parts[0];
        // Already one group: a block, or a parenthesized filter.
        if ((p.front() == '{' && p.back() == '}') || (p.front() == '(' && p.back() == ')')) return p;
        if (p.find("//") == std::string::npos && p.find('\n') == std::string::npos)
            return p.find(' ') == std::string::npos ? p : "{" + p + "}";
    }
    std::string s = "{";
    bool onlyNotes = true; // CQL 6 has no empty block: what was left out still reads as true
    for (const std::string &p : parts) {
        s += "\n  " + indent(p);
        onlyNotes = onlyNotes && p.starts_with("//");
    }
    return s + (onlyNotes ? "\n  true\n}" : "\n}");
}

std::string number(long long v) { return std::to_string(v); }

// A range test of a numeric CQL 6 expression; false when CQL 6 cannot say it
// (bounds counted from the game's end, percentages).
bool rangeTest(const std::string &expr, const Range &r, std::string &out)
{
    if (r.percent || r.usesEnd()) return false;
    if (r.empty) {
        out = "false";
        return true;
    }
    bool lo = r.lo.value != Range::Min, hi = r.hi.value != Range::Max;
    if (lo && hi && r.lo.value == r.hi.value)
        out = expr + " == " + number(r.lo.value);
    else if (lo && hi)
        out = "{" + expr + " >= " + number(r.lo.value) + " " + expr + " <= " + number(r.hi.value) + "}";
    else if (lo)
        out = expr + " >= " + number(r.lo.value);
    else if (hi)
        out = expr + " <= " + number(r.hi.value);
    else
        out = expr; // '*': any value, so only that there is one
    return true;
}

std::string squarePart(SquareSet s)
{
    int ranks[8] = {};
    for (int f = 0; f < 8; ++f)
        for (int r = 0; r < 8; ++r)
            if (s.contains(chess::makeSquare(f, r))) ranks[f] |= 1 << r;
    std::vector<std::string> items;
    for (int f = 0; f < 8;) {
        if (!ranks[f]) {
            ++f;
            continue;
        }
        int g = f;
        while (g + 1 < 8 && ranks[g + 1] == ranks[f])
            ++g;
        std::string files(1, char('a' + f));
        if (g > f) files += "-" + std::string(1, char('a' + g));
        for (int r = 0; r < 8;) {
            if (!(ranks[f] & (1 << r))) {
                ++r;
                continue;
            }
            int q = r;
            while (q + 1 < 8 && (ranks[f] & (1 << (q + 1))))
                ++q;
            std::string item = files + char('1' + r);
            if (q > r) item += "-" + std::string(1, char('1' + q));
            items.push_back(item);
            r = q + 1;
        }
        f = g + 1;
    }
    if (items.size() == 1) return items[0];
    std::string out = "[";
    for (size_t i = 0; i < items.size(); ++i)
        out += (i ? "," : "") + items[i];
    return out + "]";
}

std::string piecePart(PieceMask m)
{
    using namespace chess;
    // One colour's letters, king first, or its "all pieces" letter (A, a) when it has them all.
    auto side = [m](PieceMask bits, char all, const char *letters, Piece first) {
        if ((m & bits) == bits) return std::string(1, all);
        std::string s;
        for (int k = 0; k < 6; ++k)
            if (m & PieceMask(1u << (first - k))) // King down to Pawn
                s += letters[k];
        return s;
    };
    std::string s = side(WhiteBits, 'A', "KQRBNP", WKing) + side(BlackBits, 'a', "kqrbnp", BKing);
    if (m & EmptyBit) s += '_';
    return s.size() > 1 ? "[" + s + "]" : s;
}

// The CQL 6 set of a plain designator (no '~' marks).
std::string designatorText(PieceMask pieces, bool anything, SquareSet squares)
{
    if ((!anything && !pieces) || squares.empty()) return "~.";
    std::string sq = squares == SquareSet::all() ? "" : squarePart(squares);
    if (anything) return sq.empty() ? "." : sq;
    return piecePart(pieces) + sq;
}

// Two checkers or more; with pieces `by`, one of the checkers among them.
std::string doubleCheck(const std::string &by)
{
    std::string s;
    for (bool white : {true, false}) {
        std::string checkers = white ? "(a attacks K)" : "(A attacks k)";
        std::string f = std::string(white ? "{wtm " : "{btm ") + "#" + checkers + " >= 2";
        if (!by.empty()) f += " " + checkers + " & " + by;
        s += (white ? "(" : " or ") + f + "}";
    }
    return s + ")";
}

// A check by a knight, a pawn or a piece next to the king, or a double
// check; with pieces `by`, a contact checker among them.
std::string contactCheck(const std::string &by)
{
    std::string s;
    for (bool white : {true, false}) {
        std::string checkers = white ? "(a attacks K)" : "(A attacks k)";
        std::string contact = checkers + " & [" + std::string(white ? "np" : "NP") + "] | " + checkers
            + " & (anydirection 1 " + (white ? "K" : "k") + ")";
        std::string f = std::string(white ? "{wtm " : "{btm ");
        if (by.empty())
            f += "((" + contact + ") or #" + checkers + " >= 2)";
        else
            f += "((" + contact + ") & " + by + ")";
        s += (white ? "(" : " or ") + f + "}";
    }
    return s + ")";
}

class Converter {
public:
    explicit Converter(Cql6Conversion &out) : m_out(out) {}

    void run(std::string_view text)
    {
        std::vector<Item> top;
        if (!readItems(text, top, m_out.diagnostics)) return;
        if (top.empty() || top[0].head() != "match") {
            Diagnostic d;
            if (!top.empty()) {
                d.line = top[0].pos.line;
                d.column = top[0].pos.column;
                d.length = top[0].length;
            }
            d.message = "a CQL-S script starts with a (match ...) list";
            m_out.diagnostics.push_back(d);
            return;
        }
        m_out.ok = true;
        normalizeMatchList(top[0]);
        // The converter writes what it can of any script: the reader's
        // refusals are the compiler's to report.
        std::vector<Diagnostic> refusals;
        convertMatch(*readMatchList(top[0], refusals));
    }

private:
    // A keyword's back end reads: its name, the keyword item, its argument items from i on.
    struct Call {
        const std::string &n;
        const Item &at;
        const std::vector<Item> &items;
        size_t &i;
    };
    using Handler = std::string (Converter::*)(const Call &);

    // --- left-out keywords
    std::string leaveOut(const Item &at, const std::string &reason, bool noEquivalent = true)
    {
        m_out.untranslated.push_back({at.text, at.pos.line, at.pos.column, reason, noEquivalent});
        return std::string(noEquivalent ? "// no CQL 6 equivalent: " : "// not converted: ") + at.text
            + (reason.empty() ? "" : " (" + reason + ")");
    }

    // --- arguments, read as the CQL-S compiler reads them (arguments.h)
    static bool designatorArg(const std::vector<Item> &items, size_t &i, Designator &d)
    {
        std::string why;
        return readDesignator(items, i, d, why) == Argument::Read;
    }

    static bool rangeArg(const std::vector<Item> &items, size_t &i, Range &r, bool allowEnd = true,
                         bool allowPercent = true)
    {
        return readRange(items, i, r, allowEnd, allowPercent) == Argument::Read;
    }

    // The lists the keyword being converted takes (as the reader found
    // them), i past them; false when it has none.
    bool listArguments(size_t &i, const std::vector<ListNode> *&out) const
    {
        for (const ArgumentNode &a : m_node->args)
            if (!a.lists.empty()) {
                i = a.first + a.count;
                out = &a.lists;
                return true;
            }
        return false;
    }

    // The reader's value (syntax.h) of argument j of the keyword being
    // converted, null when it is left out; i goes past it.
    const ArgumentNode *argument(size_t j, size_t &i) const
    {
        if (j >= m_node->args.size()) return nullptr;
        const ArgumentNode &a = m_node->args[j];
        i = std::max(i, a.first + a.count);
        return a.present ? &a : nullptr;
    }

    // Runs a keyword's back end with the node it reads from.
    template <typename F>
    auto withNode(const KeywordNode &k, F f)
    {
        const KeywordNode *outer = m_node;
        m_node = &k;
        auto r = f();
        m_node = outer;
        return r;
    }

    // A designator in CQL 6, or "" when it marks promoted pieces (CQL 6 has
    // no such designator).
    std::string designator(const Designator &d)
    {
        if (d.pieces.promoted || d.pieces.unpromoted) return {};
        for (std::vector<SquareSet> *c : m_collect)
            c->push_back(d.squares);
        return designatorText(d.pieces.plain, d.pieces.anything, d.squares);
    }

    static std::string combine(const std::string &n, const std::vector<std::string> &parts)
    {
        if (n == "and") return block(parts);
        if (n == "not") return "not " + block(parts);
        if (n == "or") {
            std::string s = "(";
            for (size_t j = 0; j < parts.size(); ++j)
                s += (j ? " or " : "") + block({parts[j]});
            return s + ")";
        }
        if (n == "xor") { // exactly one of them
            std::string s = "(";
            for (size_t j = 0; j < parts.size(); ++j) {
                std::vector<std::string> one;
                for (size_t k = 0; k < parts.size(); ++k)
                    one.push_back(k == j ? block({parts[k]}) : "not " + block({parts[k]}));
                s += (j ? " or " : "") + block(one);
            }
            return s + ")";
        }
        // cond: the first clause that holds decides by its association.
        std::string s;
        size_t j = 0;
        for (; j + 1 < parts.size(); j += 2)
            s += (j ? " else if " : "if ") + block({parts[j]}) + " then " + block({parts[j + 1]});
        s += " else " + (j < parts.size() ? block({parts[j]}) : std::string("false"));
        return "{" + s + "}";
    }

    // --- the match list
    struct TopList {
        Range count;
        bool haveCount = false;
        std::vector<std::string> parts; // the list's filters, when it has no transform or negation
        TopList() { count.lo.value = 1; }
    };

    // A word or list of a match list that is no keyword's argument.
    std::string notInMatchList(const Item &it)
    {
        return leaveOut(it, it.isList() ? "not a position list" : "not a match list keyword", false);
    }

    // The match list's keywords, and what their back ends left of their items.
    void matchElement(const ListNode::Element &e, std::vector<std::string> &out)
    {
        if (!e.keyword) return out.push_back(notInMatchList(*e.item));
        size_t i = 0;
        if (std::string f = matchKeyword(*e.keyword, i); !f.empty()) out.push_back(f);
        for (; i < e.keyword->items.size(); ++i)
            out.push_back(notInMatchList(e.keyword->items[i]));
    }

    void convertMatch(const ListNode &match)
    {
        std::vector<std::string> gameParts;
        std::vector<std::string> lists;
        std::vector<TopList> counts;
        for (const ListNode::Element &e : match.elements) {
            if (!e.list) {
                matchElement(e, gameParts);
                continue;
            }
            TopList top;
            lists.push_back(convertList(*e.list, &top));
            counts.push_back(top);
        }
        if (m_bareNot) {
            // The list negated as a whole: a game filter, when the list has only game keywords.
            if (lists.empty()) {
                gameParts = {"not " + block(gameParts)};
            } else {
                gameParts.push_back(leaveOut(*m_bareNotAt, "negating a list with position lists", false));
            }
        }
        std::string header;
        std::vector<std::string> body = gameParts;
        if (lists.size() == 1) {
            const Range &c = counts[0].count;
            if (counts[0].haveCount && !(c.lo.value == 1 && c.hi.value == Range::Max)) {
                long long lo = std::max<long long>(0, c.lo.value == Range::Min ? 0 : c.lo.value);
                long long hi = c.hi.value == Range::Max ? 1000000 : c.hi.value;
                if (c.empty) lo = 1, hi = 0;
                header = "matchcount " + number(lo) + " " + number(hi);
            }
            if (counts[0].parts.empty())
                body.push_back(lists[0]);
            else
                body.insert(body.end(), counts[0].parts.begin(), counts[0].parts.end());
        } else if (lists.size() > 1) {
            // Every list must match somewhere in the game (as often as its
            // count says); the positions shown are those some list matches.
            std::vector<std::string> shown;
            for (size_t j = 0; j < lists.size(); ++j) {
                const Range &c = counts[j].count;
                std::string gate;
                if (!counts[j].haveCount)
                    gate = "(position 0 : find " + block({lists[j]}) + ")";
                else
                    rangeTest("(position 0 : find all " + block({lists[j]}) + ")", c, gate);
                body.push_back(gate);
                if (c.hi.value > 0 && !c.empty) shown.push_back(lists[j]);
            }
            if (shown.empty())
                body.push_back("false");
            else
                body.push_back(combine("or", shown));
        }
        if (m_variations) header += std::string(header.empty() ? "" : " ") + "variations";
        std::string text = "// CQL 6 form of a CQL-S script\ncql(" + header + ")\n";
        for (const std::string &p : body)
            text += p + "\n";
        m_out.text = text;
    }

    std::string matchKeyword(const KeywordNode &k, size_t &i)
    {
        return withNode(k, [&] { return matchKeywordText(k, *k.at, k.items, i); });
    }

    std::string matchKeywordText(const KeywordNode &k, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        // The match list keywords CQL 6 can say: their back ends give the
        // filter, "" when these arguments have none.
        static const std::unordered_map<std::string_view, Handler> handlers = {
            {"and", &Converter::matchLogicText},
            {"averagerating", &Converter::ratingText},
            {"averagerating*", &Converter::ratingText},
            {"blackelo", &Converter::rangeText},
            {"blackgender", &Converter::genderText},
            {"blackplayer", &Converter::playerText},
            {"blackrating", &Converter::ratingText},
            {"cond", &Converter::matchLogicText},
            {"elo", &Converter::rangeText},
            {"event", &Converter::playerText},
            {"gamenumber", &Converter::rangeText},
            {"gender", &Converter::genderText},
            {"not", &Converter::matchLogicText},
            {"or", &Converter::matchLogicText},
            {"player", &Converter::playerText},
            {"rating", &Converter::ratingText},
            {"ratingdifference", &Converter::ratingText},
            {"result", &Converter::resultText},
            {"site", &Converter::playerText},
            {"whiteelo", &Converter::rangeText},
            {"whitegender", &Converter::genderText},
            {"whiteplayer", &Converter::playerText},
            {"whiterating", &Converter::ratingText},
            {"xor", &Converter::matchLogicText},
            {"year", &Converter::rangeText},
        };
        const std::string &n = k.name;
        if (!k.row) {
            i = items.size();
            return leaveOut(at, "unknown keyword", false);
        }
        if (n == "not" && !(i < items.size() && items[i].isList())) {
            // ':not' standing in a list negates the list (the match list page's first form).
            m_bareNot = !m_bareNot;
            m_bareNotAt = &at;
            return std::string();
        }
        if (const auto h = handlers.find(n); h != handlers.end()) {
            const std::string f = (this->*h->second)(Call{n, at, items, i});
            if (f.empty()) return leaveOut(at, "with these arguments", false);
            return k.negated ? "not " + block({f}) : f;
        }
        if (n == "markall" || n == "noannotate" || n == "output" || n == "pgn") {
            skipArguments(items, i, true);
            return "// " + at.text + " (no effect)";
        }
        skipArguments(items, i, true);
        // CQL 6 could compare the TimeMode tag, but not derive the mode from
        // TimeControl and Mode the way the CQL-S search does.
        static const std::unordered_map<std::string_view, std::string_view> reasons = {
            {"timemode", "the time mode is derived from the TimeMode, Mode and TimeControl tags"},
            {"goodgame", "it is built on :timemode"},
            {"date", "CQL 6 compares dates as text"},
        };
        const auto r = reasons.find(n);
        if (r == reasons.end() && !k.row->takesArguments()) return leaveOut(at, "");
        const bool none = noEquivalent(*k.row) || n == "timemode" || n == "goodgame";
        return leaveOut(at, r != reasons.end() ? std::string(r->second) : none ? "" : "unknown keyword", none);
    }

    // A keyword whose argument is a range, on its row's CQL 6 number.
    std::string rangeText(const Call &c)
    {
        const ArgumentNode *r = argument(0, c.i);
        return r ? rangeCql6(c.n, r->range) : std::string();
    }

    std::string playerText(const Call &c)
    {
        [[maybe_unused]] const auto &[n, at, items, i] = c;
        if (!isArgumentWord(items, i) || items[i].kind != Item::Word) {
            skipArguments(items, i, true);
            return {};
        }
        std::string t = items[i++].text;
        for (char &ch : t)
            ch = char(std::tolower(static_cast<unsigned char>(ch)));
        return playerCql6(n, "\"" + t + "\"");
    }

    std::string matchLogicText(const Call &c)
    {
        const std::vector<ListNode> *subs = nullptr;
        if (!listArguments(c.i, subs)) return {};
        std::vector<std::string> parts;
        for (const ListNode &s : *subs) {
            std::vector<std::string> inner;
            const bool outerNot = m_bareNot;
            m_bareNot = false;
            for (const ListNode::Element &e : s.elements)
                matchElement(e, inner);
            parts.push_back(m_bareNot ? "not " + block(inner) : block(inner));
            m_bareNot = outerNot;
        }
        return combine(c.n, parts);
    }

    // The rating keywords on the White<tag>/Black<tag> of the system, as
    // integers; a rating of 0 or none is no rating, as in the CQL-S search.
    std::string ratingText(const Call &c)
    {
        [[maybe_unused]] const auto &[n, at, items, i] = c;
        if (!isArgumentWord(items, i)) return {};
        std::string sys = items[i].text;
        for (char &c : sys)
            c = char(std::toupper(static_cast<unsigned char>(c)));
        const std::string tag(ratingTagSuffix(sys));
        Range r;
        if (tag.empty() || !rangeArg(items, ++i, r, false, false) || r.percent) {
            skipArguments(items, i, true); // left out with its arguments
            return {};
        }
        auto value = [&](const char *side) { return "(int tag \"" + std::string(side) + tag + "\")"; };
        auto rated = [&](const char *side) { return value(side) + " > 0"; };
        auto test = [&](const std::string &expr, std::string &out) {
            if (r.empty) {
                out = "false";
                return;
            }
            rangeTest(expr, r, out);
        };
        auto side = [&](const char *who) {
            std::string t;
            test(value(who), t);
            return r.empty || r.lo.value >= 1 ? t : "{" + rated(who) + " " + t + "}";
        };
        std::string t;
        if (n == "whiterating") return side("White");
        if (n == "blackrating") return side("Black");
        if (n == "rating") return "(" + side("White") + " or " + side("Black") + ")";
        const std::string both = rated("White") + " " + rated("Black");
        if (n == "ratingdifference") {
            test("(" + value("White") + " - " + value("Black") + ")", t);
            return "{" + both + " " + t + "}";
        }
        test("(" + value("White") + " + " + value("Black") + ") / 2", t);
        if (n == "averagerating*") return "{" + both + " " + t + "}";
        if (r.empty) // '–': neither player has a rating
            return "{not (" + rated("White") + ") not (" + rated("Black") + ")}";
        return "{if {" + both + "} then " + block({t}) + " else if " + rated("White") + " then "
            + block({side("White")}) + " else " + block({side("Black")}) + "}";
    }

    // :gender f,m,x on WhiteSex/BlackSex: "m" male, "f" or "w" female, anything else unknown.
    std::string genderText(const Call &c)
    {
        [[maybe_unused]] const auto &[n, at, items, i] = c;
        if (!isArgumentWord(items, i)) return {};
        std::string list = items[i++].text;
        for (char &c : list)
            c = char(std::tolower(static_cast<unsigned char>(c)));
        auto side = [&](const char *who) {
            const std::string tag = "lowercase tag \"" + std::string(who) + "Sex\"";
            const std::string male = tag + " == \"m\"", female = tag + " == \"f\" or " + tag + " == \"w\"";
            std::vector<std::string> alts;
            for (std::string_view g : commaParts(list)) {
                if (g == "m")
                    alts.push_back(male);
                else if (g == "f" || g == "w")
                    alts.push_back(female);
                else if (g == "x")
                    alts.push_back("not (" + male + " or " + female + ")");
                else
                    return std::string();
            }
            std::string s = "(";
            for (size_t k = 0; k < alts.size(); ++k)
                s += (k ? " or " : "") + alts[k];
            return s + ")";
        };
        if (n == "whitegender") return side("White");
        if (n == "blackgender") return side("Black");
        std::string w = side("White"), b = side("Black");
        return w.empty() ? w : "(" + w + " or " + b + ")";
    }

    std::string resultText(const Call &c)
    {
        [[maybe_unused]] const auto &[n, at, items, i] = c;
        if (i >= items.size() || items[i].isList()) return {};
        // A comma-separated list: any of them.
        std::vector<std::string> any;
        for (std::string_view part : commaParts(items[i++].text)) {
            const std::string r = gameResult(part);
            if (r.empty() || r == "0-0") return {}; // 0-0 (both lost) has no CQL 6 word
            any.push_back("result " + r);
        }
        return any.size() == 1 ? any[0] : combine("or", any);
    }

    // --- position lists
    struct ListState {
        std::vector<std::string> parts;
        std::vector<std::string> transforms; // CQL 6 transform words, innermost last
        std::vector<const Item *> shifts;    // the shift keywords, for a left-out message
        std::vector<SquareSet> squares;      // every designator's squares, for the shifts
        bool negate = false;
        bool sequenceStep = false; // a :sequence step, which may hold a run
        bool haveRun = false;      // its :repetitioncount
        Range run;
    };

    // A word or list of a position list that is no keyword's argument.
    std::string listPart(const Item &it)
    {
        if (it.isList()) return leaveOut(it, "a list without a keyword", false);
        Designator d;
        std::string err;
        if (!parseDesignator(it.text, d, err)) return leaveOut(it, "not a designator", false);
        std::string t = designator(d);
        return t.empty() ? leaveOut(it, "promoted-piece marks '~'") : t;
    }

    std::string convertList(const ListNode &list, TopList *top, bool sequenceStep = false)
    {
        ListState st;
        st.sequenceStep = sequenceStep;
        m_collect.push_back(&st.squares);
        for (const ListNode::Element &e : list.elements) {
            if (!e.keyword) {
                st.parts.push_back(listPart(*e.item));
                continue;
            }
            size_t i = 0;
            withNode(*e.keyword, [&] {
                positionKeyword(*e.keyword, i, st, top);
                return 0;
            });
            for (; i < e.keyword->items.size(); ++i)
                st.parts.push_back(listPart(e.keyword->items[i]));
        }
        m_collect.pop_back();
        std::string body = block(st.parts);
        // CQL-S shifts keep the squares on the trailing edge, CQL 6 shifts drop
        // them: the two agree only for single squares off the edge (and the
        // whole board, which no shift moves).
        if (!st.shifts.empty()) {
            bool safe = true;
            for (SquareSet s : st.squares) {
                if (s == SquareSet::all()) continue;
                const SquareSet edge =
                    SquareSet::file(0) | SquareSet::file(7) | SquareSet::rank(0) | SquareSet::rank(7);
                if (s.count() != 1 || !(s & edge).empty()) safe = false;
            }
            if (!safe) {
                std::vector<std::string> kept;
                for (const std::string &t : st.transforms)
                    if (t.substr(0, 5) != "shift") kept.push_back(t);
                st.transforms = kept;
                std::vector<std::string> withNotes;
                for (const Item *s : st.shifts)
                    withNotes.push_back(leaveOut(*s, "CQL-S shifts keep the squares on the trailing edge"));
                withNotes.push_back(body);
                body = block(withNotes);
            }
        }
        if (top && st.transforms.empty() && st.shifts.empty() && !st.negate) top->parts = st.parts;
        for (auto t = st.transforms.rbegin(); t != st.transforms.rend(); ++t)
            body = *t + " " + block({body});
        if (st.negate) body = "not " + block({body});
        m_lastRun.clear();
        if (st.haveRun && !st.negate) { m_lastRun = runCql6(st.run.lo.value, st.run.hi.value); }
        return body;
    }

    void positionKeyword(const KeywordNode &k, size_t &i, ListState &st, TopList *top)
    {
        const Item &at = *k.at;
        const auto &items = k.items;
        if (!k.row) {
            i = items.size();
            return st.parts.push_back(leaveOut(at, "unknown keyword", false));
        }
        // The seed's example spells :promote so, as the compiler reads it.
        const std::string n = k.name == "promotion" ? std::string("promote") : k.name;
        if (const std::string_view t = transformText(k.row); !t.empty() && !k.negated) {
            st.transforms.emplace_back(t);
            if (t.substr(0, 5) == "shift") st.shifts.push_back(&at);
            return;
        }
        if (n == "not" && (i >= items.size() || !items[i].isList())) {
            st.negate = !st.negate;
            return;
        }
        if (n == "repetitioncount" && st.sequenceStep && !top && !k.negated && !st.haveRun) {
            // A step that holds for a run of positions: CQL 6 repeats the constituent.
            Range r;
            if (rangeArg(items, i, r, false, false) && !r.empty) {
                st.haveRun = true;
                st.run = r;
                return;
            }
            st.parts.push_back(leaveOut(at, "with these arguments", false));
            return;
        }
        if (n == "matchcount") {
            Range r;
            if (top && !k.negated && rangeArg(items, i, r, false, false)) {
                top->count = r;
                top->haveCount = true;
            } else {
                skipArguments(items, i);
                st.parts.push_back(leaveOut(at, "", false));
            }
            return;
        }
        if (n == "variations" || n == "variationsonly") {
            m_variations = true;
            if (n == "variationsonly") st.parts.push_back("variation");
            return;
        }
        if (n == "markall" || n == "noannotate") return; // no effect in CQL-S either
        std::string f = positionFilter(n, at, items, i);
        if (f.empty()) return st.parts.push_back(leaveOut(at, "with these arguments", false));
        if (f.substr(0, 2) == "//") // already a left-out note
            return st.parts.push_back(f);
        st.parts.push_back(k.negated ? "not " + block({f}) : f);
    }

    // A position list keyword with its arguments as a CQL 6 filter; "" when
    // the arguments have no CQL 6 form, "// ..." when the keyword has none.
    std::string positionFilter(const std::string &n, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        static const std::unordered_map<std::string_view, Handler> handlers = {
            {"and", &Converter::andText},
            {"blackelo", &Converter::rangeText},
            {"check", &Converter::checkText},
            {"checkcount", &Converter::checkcountText},
            {"cond", &Converter::andText},
            {"contactcheck", &Converter::checkText},
            {"doublecheck", &Converter::checkText},
            {"elo", &Converter::rangeText},
            {"gappedsequence", &Converter::andText},
            {"halfmovenumber", &Converter::rangeText},
            {"iscastling", &Converter::iscastlingText},
            {"ischeck", &Converter::ischeckText},
            {"iscontactcheck", &Converter::iscontactcheckText},
            {"isdoublecheck", &Converter::isdoublecheckText},
            {"movefrom", &Converter::movefromText},
            {"movenumber", &Converter::rangeText},
            {"moveto", &Converter::movefromText},
            {"not", &Converter::andText},
            {"or", &Converter::andText},
            {"pawncount", &Converter::pawncountText},
            {"pawncountdifference", &Converter::pawncountText},
            {"piececount", &Converter::piececountText},
            {"piececountdifference", &Converter::piececountdifferenceText},
            {"power", &Converter::piececountText},
            {"powerdifference", &Converter::piececountdifferenceText},
            {"promote", &Converter::promoteText},
            {"ray", &Converter::rayText},
            {"rayattack", &Converter::rayText},
            {"raydiagonal", &Converter::rayText},
            {"rayhorizontal", &Converter::rayText},
            {"rayorthogonal", &Converter::rayText},
            {"rayvertical", &Converter::rayText},
            {"result", &Converter::resultText},
            {"sequence", &Converter::andText},
            {"whiteelo", &Converter::rangeText},
            {"xor", &Converter::andText},
        };
        // Keywords CQL 6 says in fixed words.
        const KeywordSignature &row = *m_node->row;
        if (!row.takesArguments() && !row.cql6Text.empty() && transformText(&row).empty())
            return std::string(row.cql6Text);
        if (const auto h = handlers.find(n); h != handlers.end()) return (this->*h->second)(Call{n, at, items, i});
        if (row.cql6 == Cql6::NeverInChess) return "false " + leaveOut(at, "never true in a standard game");
        if (!row.takesArguments()) return leaveOut(at, "");
        skipArguments(items, i);
        if (noEquivalent(row)) return leaveOut(at, "");
        return leaveOut(at, "unknown keyword", false);
    }

    std::string andText(const Call &c)
    {
        [[maybe_unused]] const auto &[n, at, items, i] = c;
        const std::vector<ListNode> *subs = nullptr;
        if (!listArguments(i, subs)) return {};
        std::vector<std::string> parts;
        std::vector<std::string> repeats; // per step: "{m,n}" for a step that holds for a run
        const bool sequence = n == "sequence" || n == "gappedsequence";
        for (const ListNode &s : *subs) {
            parts.push_back(convertList(s, nullptr, sequence));
            repeats.push_back(m_lastRun);
        }
        if (sequence) {
            for (size_t j = 0; j < parts.size(); ++j)
                parts[j] = block({parts[j]}) + repeats[j];
            return sequenceCql6(n == "gappedsequence", parts);
        }
        return combine(n, parts);
    }

    std::string checkText(const Call &c)
    {
        const ArgumentNode *d = argument(0, c.i);
        std::string by;
        if (d && (by = designator(d->designator)).empty()) return {};
        return checkCql6(c.n, by);
    }

    // A next move (of the main line, or any when variations are searched, as
    // the CQL-S filters read it) after which `what` holds. Not `child : what`:
    // child is the main line's move only.
    static std::string nextMoveTo(const std::string &what) { return "--(" + what + ")"; }

    std::string isdoublecheckText(const Call &) { return nextMoveTo(doubleCheck({})); }

    std::string iscontactcheckText(const Call &) { return nextMoveTo(contactCheck({})); }

    std::string piececountText(const Call &c)
    {
        const ArgumentNode *d = argument(0, c.i), *r = argument(1, c.i);
        std::string s, f;
        if (!d || !r || (s = designator(d->designator)).empty()) return {};
        return rangeTest(c.n == "power" ? "power " + s : "#" + s, r->range, f) ? f : std::string();
    }

    std::string piececountdifferenceText(const Call &c)
    {
        const ArgumentNode *d1 = argument(0, c.i), *d2 = argument(1, c.i), *r = argument(2, c.i);
        if (!d1 || !r) return {};
        Designator first = d1->designator, second = d2 ? d2->designator : Designator();
        differencePair(first, second, d2 != nullptr);
        const std::string a = designator(first), b = designator(second);
        const std::string expr =
            c.n == "powerdifference" ? "((power " + a + ") - (power " + b + "))" : "#" + a + " - #" + b;
        std::string f;
        return !a.empty() && !b.empty() && rangeTest(expr, r->range, f) ? f : std::string();
    }

    std::string pawncountText(const Call &c)
    {
        [[maybe_unused]] const auto &[n, at, items, i] = c;
        return pawnCount(n == "pawncountdifference", at, items, i);
    }

    std::string rayText(const Call &c)
    {
        [[maybe_unused]] const auto &[n, at, items, i] = c;
        if (i >= items.size() || !items[i].isList()) return {};
        std::vector<std::string> sets;
        for (const Item &d : items[i].items) {
            Designator des;
            std::string err;
            std::string s;
            if (d.isList() || !parseDesignator(d.text, des, err) || (s = designator(des)).empty())
                return ++i, std::string();
            sets.push_back(s);
        }
        ++i;
        Range r;
        if (rangeArg(items, i, r, false, false)) return {}; // a count of rays: CQL 6 counts squares, not rays
        if (n == "rayattack") {
            if (sets.size() != 3) return {};
            return "pin from " + sets[0] + " through " + sets[1] + " to " + sets[2];
        }
        std::string s = "ray ";
        if (n != "ray") s += n.substr(3) + " ";
        s += "(";
        for (size_t j = 0; j < sets.size(); ++j)
            s += (j ? " " : "") + sets[j];
        return s + ")";
    }

    std::string movefromText(const Call &c)
    {
        [[maybe_unused]] const auto &[n, at, items, i] = c;
        const ArgumentNode *a = argument(0, c.i);
        if (!a) return {};
        Designator d = a->designator;
        if (n == "movefrom") {
            // To CQL 6 a drop comes from its own, empty, square (docs/variants.md):
            // the backhand is "_", and a move from the board is one from a piece.
            if (d.hand) {
                if (handPieces(d.pieces) == PieceMask(WhiteBits | BlackBits) && !d.squares.any()) return "move from _";
                return leaveOut(at, "the pieces of a drop");
            }
            if (d.pieces.anything || (d.pieces.plain & EmptyBit)) {
                d.pieces.plain =
                    d.pieces.anything ? PieceMask(WhiteBits | BlackBits) : PieceMask(d.pieces.plain & ~EmptyBit);
                d.pieces.anything = false;
            }
        }
        std::string s = designator(d);
        return s.empty() ? s : std::string("move ") + (n == "movefrom" ? "from " : "to ") + s;
    }

    std::string promoteText(const Call &c)
    {
        const ArgumentNode *a = argument(0, c.i);
        if (!a) return {};
        const Designator &d = a->designator;
        if (d.pieces.promoted || d.pieces.unpromoted || d.squares != SquareSet::all()) return {};
        PieceMask m = d.pieces.anything ? PieceMask(WhiteBits | BlackBits) : d.pieces.plain;
        m &= PieceMask(WhiteBits | BlackBits);
        return m ? promoteCql6(m, "") : std::string();
    }

    std::string iscastlingText(const Call &c)
    {
        const ArgumentNode *a = argument(0, c.i);
        if (!a) return "move castle";
        const Designator &d = a->designator;
        if (d.pieces.anything || d.pieces.promoted || d.pieces.unpromoted || d.squares != SquareSet::all()) return {};
        using namespace chess;
        auto has = [&](Piece p, int bit) { return (d.pieces.plain & PieceMask(1u << p)) ? bit : 0; };
        const int rights = has(WKing, 1) | has(WQueen, 2) | has(BKing, 4) | has(BQueen, 8);
        return rights ? castlingCql6(rights) : std::string();
    }

    std::string ischeckText(const Call &c) { return argument(0, c.i) ? std::string() : nextMoveTo("check"); }

    std::string checkcountText(const Call &c)
    {
        [[maybe_unused]] const auto &[n, at, items, i] = c;
        // The older forms count only Three-check's checks: in a standard game
        // none has been counted, so CQL-S reads them as a constant.
        long long count = -1;
        bool zero;
        if (i + 1 < items.size() && (items[i + 1].text == ":" || (i + 2 < items.size() && items[i + 2].text == ":"))) {
            // The seed's "R1 : R2" counts the checks each side received on the
            // way here (a Three-check FEN's counters are not seen by CQL 6).
            Range white, black;
            std::string w, b;
            // 'find all' fails when it finds nothing: a count of zero is 'not find'.
            auto received = [](const char *side, const Range &r, std::string &out) {
                const std::string checked = std::string("{") + side + " check not initial}";
                if (!rangeTest("(find all <-- " + checked + ")", r, out)) return false;
                if (r.contains(0)) out = "(not find <-- " + checked + " or " + out + ")";
                return true;
            };
            bool ok = rangeArg(items, i, white, false, false) && received("wtm", white, w);
            if (i < items.size() && items[i].text == ":") {
                ++i;
                ok = rangeArg(items, i, black, false, false) && received("btm", black, b) && ok;
            }
            if (!ok) return {};
            return "{" + w + " " + b + "}";
        } else {
            zero = isArgumentWord(items, i) && parseNumber(items[i].text, count) && count == 0;
            if (isArgumentWord(items, i)) ++i;
        }
        return std::string(zero ? "true " : "false ") + leaveOut(at, "counts the checks of three-check chess");
    }

    // ":piececountdifference D" counts white minus black of D; "D1 D2" is D1 minus D2.
    bool differenceArgs(const std::vector<Item> &items, size_t &i, std::string &a, std::string &b)
    {
        Designator d1, d2;
        if (!designatorArg(items, i, d1)) return false;
        differencePair(d1, d2, readOptionalDesignator(items, i, d2));
        a = designator(d1);
        b = designator(d2);
        return !a.empty() && !b.empty();
    }

    std::string pawnCount(bool difference, const Item &at, const std::vector<Item> &items, size_t &i)
    {
        std::string a, b;
        Designator d;
        if (difference) {
            if (!differenceArgs(items, i, a, b)) return {};
        } else {
            if (!designatorArg(items, i, d) || (a = designator(d)).empty()) return {};
        }
        if (!isArgumentWord(items, i)) return {};
        std::string attr = items[i++].text;
        Range r, blackRange;
        if (!rangeArg(items, i, r, false, !difference)) return {};
        bool split = false;
        if (!difference && i < items.size() && items[i].text == ":") {
            // The seed's "[Pp] passed >0 : >0": White's pawns in r, Black's in the second range.
            ++i;
            if (!rangeArg(items, i, blackRange, false, true)) return {};
            Designator white, black;
            if (d.pieces.anything || !colourPart(d, true, white) || !colourPart(d, false, black)
                || (a = designator(white)).empty() || (b = designator(black)).empty())
                return {};
            split = true;
        }
        // CQL 6 has no pawn sets for these: name the first one in the note.
        for (std::string_view name : {"forefront", "rear", "islands", "compounds", "files", "lines", "ranks",
                                      "bothsides", "oneside", "quart(", "quart!("}) {
            for (size_t pos = attr.find(name); pos != std::string::npos; pos = attr.find(name, pos + 1)) {
                if (pos == 0 || attr[pos - 1] == '-' || attr[pos - 1] == '!') {
                    std::string what = attr.substr(pos, attr.find('-', pos) - pos);
                    return leaveOut(at, "pawn attribute '" + what + "' is not converted", false);
                }
            }
        }
        static const std::vector<std::pair<std::string_view, std::string_view>> sets = {
            {"isolated", "isolatedpawns"},
            {"passed", "passedpawns"},
            {"double", "doubledpawns"},
            {"connected", "connectedpawns"},
        };
        std::string set;
        for (auto [name, cql6] : sets)
            if (attr == name) set = cql6;
        std::string f;
        if (set.empty()) return {};
        std::string expr = "#(" + set + " & " + a + ")";
        if (split) {
            std::string g;
            if (!rangeTest(expr, r, f) || !rangeTest("#(" + set + " & " + b + ")", blackRange, g)) return {};
            return "(" + f + " and " + g + ")";
        }
        if (difference) expr += " - #(" + set + " & " + b + ")";
        return rangeTest(expr, r, f) ? f : std::string();
    }

    Cql6Conversion &m_out;
    const KeywordNode *m_node = nullptr;             // the keyword being converted
    std::vector<std::vector<SquareSet> *> m_collect; // the lists being read, innermost last
    bool m_variations = false;
    std::string m_lastRun;             // the list just converted, as a :sequence step: "{m,n}" for its run
    bool m_bareNot = false;            // the match list being converted holds a bare :not (an odd number)
    const Item *m_bareNotAt = nullptr; // the last one
};

} // namespace

std::string playerCql6(std::string_view keyword, const std::string &name)
{
    auto in = [&](std::string_view field) { return name + " in lowercase(" + std::string(field) + ")"; };
    if (keyword == "player") return "(" + in("player white") + " or " + in("player black") + ")";
    if (keyword == "whiteplayer") return in("player white");
    if (keyword == "blackplayer") return in("player black");
    return in(keyword);
}

std::string promoteCql6(PieceMask m, const std::string &to)
{
    // CQL-S promotes by colour, CQL 6 by piece type only.
    const PieceMask white = m & WhiteBits, black = PieceMask((m & BlackBits) >> 8);
    const std::string move = "move " + (to.empty() ? std::string() : "to " + to + " ") + "promote ";
    if (white && black && white == black) return move + piecePart(white | black);
    std::string w = white ? "{wtm " + move + piecePart(white) + "}" : "";
    std::string b = black ? "{btm " + move + piecePart(black) + "}" : "";
    if (!w.empty() && !b.empty()) return "(" + w + " or " + b + ")";
    return w.empty() ? b : w;
}

std::string castlingCql6(int rights)
{
    auto side = [&](int white, int black, const char *move) -> std::string {
        if ((rights & white) && (rights & black)) return move;
        if (rights & white) return std::string("{wtm ") + move + "}";
        if (rights & black) return std::string("{btm ") + move + "}";
        return {};
    };
    if (rights == 0 || rights == 15) return "move castle";
    const std::string k = side(1, 4, "move o-o"), q = side(2, 8, "move o-o-o");
    if (k.empty() || q.empty()) return k + q;
    return "(" + k + " or " + q + ")";
}

std::string rangeCql6(std::string_view keyword, const Range &r)
{
    const KeywordSignature *row = findKeyword(keyword);
    std::string out;
    return row && rangeTest(std::string(row->cql6Text), r, out) ? out : std::string();
}

std::string runCql6(long long lo, long long hi)
{
    const auto bound = [](long long v, long long least) {
        return std::to_string(std::clamp<long long>(v, least, INT_MAX));
    };
    return "{" + bound(lo, 1) + "," + (hi == Range::Max ? std::string() : bound(hi, 0)) + "}";
}

std::string sequenceCql6(bool gapped, const std::vector<std::string> &steps, std::string_view options)
{
    std::string s = "line";
    if (!options.empty()) s += " " + std::string(options);
    // A gapped sequence may also start later than here.
    for (const std::string &step : steps)
        s += (gapped ? " --> true* --> " : " --> ") + step;
    return s;
}

std::string checkCql6(std::string_view keyword, const std::string &by)
{
    if (keyword == "doublecheck") return doubleCheck(by);
    if (keyword == "contactcheck") return contactCheck(by);
    if (by.empty()) return "check";
    // Check given by pieces of `by`: those of the other side attack the king.
    return "(check and ((wtm and ((" + by + " & a) attacks K)) or (btm and ((" + by + " & A) attacks k))))";
}

Cql6Conversion convertToCql6(std::string_view cqlsScript)
{
    Cql6Conversion out;
    Converter c(out);
    c.run(cqlsScript);
    return out;
}

} // namespace cql::cqls
