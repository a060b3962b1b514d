// CQL-S to CQL 6: prints the checked syntax tree (syntax.h). A keyword whose
// row (keywordtable.h) has CQL 6 words is printed from them; the others have a
// printer of their own, and what CQL 6 cannot say is left out by name.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/tocql6.h"

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
std::string_view transformText(const KeywordSignature &row)
{
    if (row.cql6Text.empty()) return {};
    const cql::Keyword *k = cql::findKeyword(row.cql6Text);
    return k && k->category == cql::KeywordCategory::Transform ? row.cql6Text : std::string_view();
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

std::string grouped(const std::string &part) { return block({part}); }

// Any of the filters: "(a or b ...)".
std::string anyOf(const std::vector<std::string> &alternatives)
{
    std::string s = "(";
    for (size_t j = 0; j < alternatives.size(); ++j)
        s += (j ? " or " : "") + alternatives[j];
    return s + ")";
}

// White's filter or Black's; one alone when the other is "".
std::string either(const std::string &white, const std::string &black)
{
    return white.empty() || black.empty() ? white + black : anyOf({white, black});
}

// The filter with the side to move: "{wtm f}".
std::string toMove(bool white, const std::string &f) { return std::string(white ? "{wtm " : "{btm ") + f + "}"; }

std::string number(long long v) { return std::to_string(v); }

// A range test of a numeric CQL 6 expression; "" when CQL 6 cannot say it
// (bounds counted from the game's end, percentages).
std::string rangeTest(const std::string &expr, const Range &r)
{
    if (r.percent || r.usesEnd()) return {};
    if (r.empty) return "false";
    const bool lo = r.lo.value != Range::Min, hi = r.hi.value != Range::Max;
    if (lo && hi && r.lo.value == r.hi.value) return expr + " == " + number(r.lo.value);
    if (lo && hi) return "{" + expr + " >= " + number(r.lo.value) + " " + expr + " <= " + number(r.hi.value) + "}";
    if (lo) return expr + " >= " + number(r.lo.value);
    if (hi) return expr + " <= " + number(r.hi.value);
    return expr; // '*': any value, so only that there is one
}

// A count of positions, as :matchcount and :repetitioncount take it.
bool countRange(const ArgumentNode *a) { return a && !a->range.percent && !a->range.usesEnd(); }

// Runs of equal bits (files of equal ranks, then ranks) as CQL 6 square words.
std::string squarePart(SquareSet s)
{
    int ranks[8] = {};
    for (int f = 0; f < 8; ++f)
        for (int r = 0; r < 8; ++r)
            if (s.contains(chess::makeSquare(f, r))) ranks[f] |= 1 << r;
    auto span = [](char first, int a, int b) {
        return std::string(1, char(first + a)) + (b > a ? "-" + std::string(1, char(first + b)) : "");
    };
    std::vector<std::string> items;
    for (int f = 0, g; f < 8; f = g + 1) {
        for (g = f; g + 1 < 8 && ranks[g + 1] == ranks[f]; ++g) {}
        for (int r = 0, q; r < 8; r = q + 1) {
            for (q = r; q < 8 && (ranks[f] & (1 << q)); ++q) {}
            if (q > r) items.push_back(span('a', f, g) + span('1', r, q - 1));
        }
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

// The checking pieces of the side to move's king.
std::string checkers(bool white) { return white ? "(a attacks K)" : "(A attacks k)"; }

// Two checkers or more; with pieces `by`, one of the checkers among them.
std::string doubleCheck(const std::string &by)
{
    auto side = [&](bool white) {
        return toMove(white, "#" + checkers(white) + " >= 2" + (by.empty() ? "" : " " + checkers(white) + " & " + by));
    };
    return either(side(true), side(false));
}

// A check by a knight, a pawn or a piece next to the king, or a double
// check; with pieces `by`, a contact checker among them.
std::string contactCheck(const std::string &by)
{
    auto side = [&](bool white) {
        const std::string c = checkers(white);
        const std::string contact = "(" + c + " & [" + std::string(white ? "np" : "NP") + "] | " + c
            + " & (anydirection 1 " + (white ? "K" : "k") + "))";
        return toMove(white, by.empty() ? "(" + contact + " or #" + c + " >= 2)" : "(" + contact + " & " + by + ")");
    };
    return either(side(true), side(false));
}

// A next move (of the main line, or any when variations are searched, as
// the CQL-S filters read it) after which `what` holds. Not `child : what`:
// child is the main line's move only.
std::string nextMoveTo(const std::string &what) { return "--(" + what + ")"; }

// and, or, xor, not, cond of the lists' filters.
std::string combine(const std::string &n, const std::vector<std::string> &parts)
{
    if (n == "and") return block(parts);
    if (n == "not") return "not " + block(parts);
    std::vector<std::string> alternatives; // or: any of them; xor: exactly one
    for (size_t j = 0; j < parts.size(); ++j) {
        std::vector<std::string> one;
        for (size_t k = 0; k < parts.size(); ++k)
            if (k == j || n == "xor") one.push_back(k == j ? grouped(parts[k]) : "not " + grouped(parts[k]));
        alternatives.push_back(block(one));
    }
    if (n == "or" || n == "xor") return anyOf(alternatives);
    // cond: the first clause that holds decides by its association.
    std::string s;
    size_t j = 0;
    for (; j + 1 < parts.size(); j += 2)
        s += (j ? " else if " : "if ") + grouped(parts[j]) + " then " + grouped(parts[j + 1]);
    return "{" + s + " else " + (j < parts.size() ? grouped(parts[j]) : std::string("false")) + "}";
}

// The reader's value of argument j, null when it is left out.
const ArgumentNode *argument(const KeywordNode &k, size_t j)
{
    return j < k.args.size() && k.args[j].present ? &k.args[j] : nullptr;
}

// The first word of argument j, "" when it is left out.
std::string word(const KeywordNode &k, size_t j)
{
    const ArgumentNode *a = argument(k, j);
    return a ? k.items[a->first].text : std::string();
}

std::string folded(std::string s, int (*to)(int))
{
    for (char &c : s)
        c = char(to(static_cast<unsigned char>(c)));
    return s;
}

class Converter {
public:
    explicit Converter(Cql6Conversion &out) : m_out(out) {}

    void run(std::string_view text)
    {
        // The converter writes what it can of any script it can read: the
        // reader's refusals are the compiler's to report.
        std::vector<Diagnostic> diagnostics;
        Item script;
        const std::unique_ptr<ListNode> match = readScript(text, script, diagnostics);
        if (!match) {
            m_out.diagnostics = std::move(diagnostics);
            return;
        }
        m_out.ok = true;
        convertMatch(*match);
    }

private:
    // A list being printed: its filters and what stands around them.
    struct ListState {
        std::vector<std::string> parts;
        std::vector<std::string> transforms; // CQL 6 transform words, innermost last
        std::vector<const Item *> shifts;    // the shift keywords, for a left-out message
        std::vector<SquareSet> squares;      // every designator's squares, for the shifts
        bool negate = false;                 // a bare :not (an odd number of them)
        const Item *negateAt = nullptr;      // the last one
        bool step = false;                   // a :sequence step, which may hold a run
        bool haveRun = false;                // its :repetitioncount
        Range run;
        bool top = false; // a position list of the match list, which may hold a :matchcount
        bool haveCount = false;
        Range count;
    };

    // A keyword's printer: the filter, "" when these arguments have none;
    // it reads an irregular (Raw) argument's items from i on.
    using Printer = std::string (Converter::*)(const KeywordNode &, size_t &i);

    std::string leaveOut(const Item &at, const std::string &reason, bool noEquivalent = true)
    {
        m_out.untranslated.push_back({at.text, at.pos.line, at.pos.column, reason, noEquivalent});
        return std::string(noEquivalent ? "// no CQL 6 equivalent: " : "// not converted: ") + at.text
            + (reason.empty() ? "" : " (" + reason + ")");
    }

    // A designator in CQL 6, or "" when it marks promoted pieces (CQL 6 has
    // no such designator).
    std::string designator(const Designator &d)
    {
        if (d.pieces.promoted || d.pieces.unpromoted) return {};
        for (ListState *l : m_lists)
            l->squares.push_back(d.squares);
        return designatorText(d.pieces.plain, d.pieces.anything, d.squares);
    }

    // A word or list of a list that is no keyword's argument.
    std::string stray(const Item &it, ListKind kind)
    {
        if (kind == InMatch)
            return leaveOut(it, it.isList() ? "not a position list" : "not a match list keyword", false);
        if (it.isList()) return leaveOut(it, "a list without a keyword", false);
        Designator d;
        std::string err;
        if (!parseDesignator(it.text, d, err)) return leaveOut(it, "not a designator", false);
        std::string t = designator(d);
        return t.empty() ? leaveOut(it, "promoted-piece marks '~'") : t;
    }

    // --- lists

    // A list's elements into st; the position lists of the match list go to m_positionLists.
    void elements(const ListNode &list, ListState &st)
    {
        m_lists.push_back(&st);
        for (const ListNode::Element &e : list.elements) {
            if (e.list) {
                ListState inner;
                inner.top = true;
                std::string body = convertList(*e.list, inner);
                m_positionLists.emplace_back(std::move(body), std::move(inner));
                continue;
            }
            if (!e.keyword) {
                st.parts.push_back(stray(*e.item, list.kind));
                continue;
            }
            // Up to an irregular argument, the reader has measured the items; from it the printer reads.
            size_t i = 0;
            for (const ArgumentNode &a : e.keyword->args) {
                i = a.first;
                if (a.spec->kind == ArgKind::Raw) break;
                i += a.count;
            }
            keyword(*e.keyword, st, i);
            for (; i < e.keyword->items.size(); ++i)
                st.parts.push_back(stray(e.keyword->items[i], list.kind));
        }
        m_lists.pop_back();
    }

    std::string convertList(const ListNode &list, ListState &st)
    {
        elements(list, st);
        std::string body = block(st.parts);
        // CQL-S shifts keep the squares on the trailing edge, CQL 6 shifts drop
        // them: the two agree only for single squares off the edge (and the
        // whole board, which no shift moves).
        const SquareSet edge = SquareSet::file(0) | SquareSet::file(7) | SquareSet::rank(0) | SquareSet::rank(7);
        const bool safe = std::all_of(st.squares.begin(), st.squares.end(), [&](SquareSet s) {
            return s == SquareSet::all() || (s.count() == 1 && (s & edge).empty());
        });
        if (!st.shifts.empty() && !safe) {
            std::erase_if(st.transforms, [](const std::string &t) { return t.starts_with("shift"); });
            std::vector<std::string> withNotes;
            for (const Item *s : st.shifts)
                withNotes.push_back(leaveOut(*s, "CQL-S shifts keep the squares on the trailing edge"));
            withNotes.push_back(body);
            body = block(withNotes);
        }
        for (auto t = st.transforms.rbegin(); t != st.transforms.rend(); ++t)
            body = *t + " " + grouped(body);
        return st.negate ? "not " + grouped(body) : body;
    }

    void convertMatch(const ListNode &match)
    {
        ListState game; // the match list's own keywords
        elements(match, game);
        std::vector<std::string> body = game.parts;
        if (game.negate) {
            // The list negated as a whole: a game filter, when the list has only game keywords.
            if (m_positionLists.empty())
                body = {"not " + block(body)};
            else
                body.push_back(leaveOut(*game.negateAt, "negating a list with position lists", false));
        }
        std::string header;
        if (m_positionLists.size() == 1) {
            const auto &[list, st] = m_positionLists[0];
            const Range &c = st.count;
            if (st.haveCount && !(c.lo.value == 1 && c.hi.value == Range::Max)) {
                long long lo = std::max<long long>(0, c.lo.value == Range::Min ? 0 : c.lo.value);
                long long hi = c.hi.value == Range::Max ? 1000000 : c.hi.value;
                if (c.empty) lo = 1, hi = 0;
                header = "matchcount " + number(lo) + " " + number(hi);
            }
            if (st.transforms.empty() && st.shifts.empty() && !st.negate && !st.parts.empty())
                body.insert(body.end(), st.parts.begin(), st.parts.end());
            else
                body.push_back(list);
        } else if (m_positionLists.size() > 1) {
            // Every list must match somewhere in the game (as often as its
            // count says); the positions shown are those some list matches.
            std::vector<std::string> shown;
            for (const auto &[list, st] : m_positionLists) {
                body.push_back(st.haveCount ? rangeTest("(position 0 : find all " + grouped(list) + ")", st.count)
                                            : "(position 0 : find " + grouped(list) + ")");
                if (st.count.hi.value > 0 && !st.count.empty) shown.push_back(list);
            }
            body.push_back(shown.empty() ? "false" : combine("or", shown));
        }
        if (m_variations) header += std::string(header.empty() ? "" : " ") + "variations";
        std::string text = "// CQL 6 form of a CQL-S script\ncql(" + header + ")\n";
        bool filters = false;
        for (const std::string &p : body) {
            text += p + "\n";
            filters = filters || !p.starts_with("//");
        }
        // Everything left out: CQL 6 (as 6.2) refuses a query without a filter.
        if (!filters) text += "true\n";
        m_out.text = text;
    }

    // --- keywords

    // A keyword of a list with its arguments, into st: a filter, a transform
    // or a part of the list's frame.
    void keyword(const KeywordNode &k, ListState &st, size_t &i)
    {
        const Item &at = *k.at;
        if (!k.row) {
            i = k.items.size();
            return st.parts.push_back(leaveOut(at, "unknown keyword", false));
        }
        const std::string &n = k.name;
        if (const std::string_view t = transformText(*k.row); !t.empty() && !k.negated) {
            st.transforms.emplace_back(t);
            if (t.starts_with("shift")) st.shifts.push_back(&at);
            return;
        }
        if (n == "not" && !argument(k, 0)) {
            // ':not' standing in a list negates the list (the match list page's first form).
            st.negate = !st.negate;
            st.negateAt = &at;
            return;
        }
        const ArgumentNode *count = argument(k, 0);
        if (n == "repetitioncount" && st.step && !k.negated && !st.haveRun) {
            // A step that holds for a run of positions: CQL 6 repeats the constituent.
            if (!countRange(count) || count->range.empty)
                return st.parts.push_back(leaveOut(at, "with these arguments", false));
            st.haveRun = true;
            st.run = count->range;
            return;
        }
        if (n == "matchcount" && st.top && !k.negated && countRange(count)) {
            st.haveCount = true;
            st.count = count->range;
            return;
        }
        if (n == "matchcount") return st.parts.push_back(leaveOut(at, "", false));
        if (n == "variations" || n == "variationsonly") {
            m_variations = true;
            if (n == "variationsonly") st.parts.push_back("variation");
            return;
        }
        if (n == "markall" || n == "noannotate" || n == "output" || n == "pgn") return; // no effect in CQL-S either
        const std::string f = filter(k, i);
        if (f.empty()) return st.parts.push_back(leaveOut(at, "with these arguments", false));
        if (f.starts_with("//")) return st.parts.push_back(f); // already a left-out note
        st.parts.push_back(k.negated ? "not " + grouped(f) : f);
    }

    // A keyword with its arguments as a CQL 6 filter; "" when the arguments
    // have no CQL 6 form, "// ..." when the keyword has none.
    std::string filter(const KeywordNode &k, size_t &i)
    {
        static const auto printers = handlersByName<Printer>({
            {&Converter::listsText, {"and", "cond", "gappedsequence", "not", "or", "sequence", "xor"}},
            {&Converter::ratingText,
             {"averagerating", "averagerating*", "blackrating", "rating", "ratingdifference", "whiterating"}},
            {&Converter::playerText, {"blackplayer", "event", "player", "site", "whiteplayer"}},
            {&Converter::checkText, {"check", "contactcheck", "doublecheck"}},
            {&Converter::nextCheckText, {"ischeck", "iscontactcheck", "isdoublecheck"}},
            {&Converter::checkcountText, {"checkcount"}},
            {&Converter::iscastlingText, {"iscastling"}},
            {&Converter::moveText, {"movefrom", "moveto"}},
            {&Converter::pawnCountText, {"pawncount", "pawncountdifference"}},
            {&Converter::pieceCountText, {"piececount", "piececountdifference", "power", "powerdifference"}},
            {&Converter::promoteText, {"promote", "promotion"}}, // the seed's example spells :promote so
            {&Converter::rayText, {"ray", "rayattack", "raydiagonal", "rayhorizontal", "rayorthogonal", "rayvertical"}},
            {&Converter::resultText, {"result"}},
        });
        const KeywordSignature &row = *k.row;
        // The row's CQL 6 words: the filter, or the number a range tests.
        if (!row.takesArguments() && !row.cql6Text.empty() && transformText(row).empty())
            return std::string(row.cql6Text);
        if (row.args[0].kind == ArgKind::Range && row.args[1].kind == ArgKind::None && !row.cql6Text.empty())
            return argument(k, 0) ? rangeTest(std::string(row.cql6Text), k.args[0].range) : std::string();
        if (const auto p = printers.find(k.name); p != printers.end()) return (this->*p->second)(k, i);
        if (row.cql6 == Cql6::NeverInChess) return "false " + leaveOut(*k.at, "never true in a standard game");
        i = k.items.size();
        // CQL 6 could compare the TimeMode tag, but not derive the mode from
        // TimeControl and Mode the way the CQL-S search does.
        static const std::unordered_map<std::string_view, std::string_view> reasons = {
            {"timemode", "the time mode is derived from the TimeMode, Mode and TimeControl tags"},
            {"goodgame", "it is built on :timemode"},
            {"date", "CQL 6 compares dates as text"},
        };
        if (const auto r = reasons.find(k.name); r != reasons.end())
            return leaveOut(*k.at, std::string(r->second), noEquivalent(row));
        if (!row.takesArguments() || noEquivalent(row)) return leaveOut(*k.at, "");
        return leaveOut(*k.at, "unknown keyword", false);
    }

    // :and, :or, :xor, :not, :cond of position or sub-match lists; :sequence
    // and :gappedsequence as a line.
    std::string listsText(const KeywordNode &k, size_t &)
    {
        const bool sequence = k.name == "sequence" || k.name == "gappedsequence";
        std::vector<std::string> parts;
        for (const ListNode &s : k.lists()) {
            ListState st;
            st.step = sequence;
            parts.push_back(convertList(s, st));
            // A step that holds for a run of positions repeats.
            if (sequence)
                parts.back() = grouped(parts.back()) + (st.haveRun ? runCql6(st.run.lo.value, st.run.hi.value) : "");
        }
        if (parts.empty()) return {};
        return sequence ? sequenceCql6(k.name == "gappedsequence", parts) : combine(k.name, parts);
    }

    std::string playerText(const KeywordNode &k, size_t &)
    {
        const ArgumentNode *a = argument(k, 0);
        if (!a || k.items[a->first].kind != Item::Word) return {};
        return playerCql6(k.name, "\"" + folded(word(k, 0), std::tolower) + "\"");
    }

    // The rating keywords as CQL 6's elo white / elo black (the WhiteElo and
    // BlackElo tags); a rating of 0 or none is no rating, as in the CQL-S
    // search. Other systems' tags (WhiteDWZ ...) are out of CQL 6.2's reach:
    // its tag filter refuses names beginning with White or Black.
    std::string ratingText(const KeywordNode &k, size_t &)
    {
        const std::string system = folded(word(k, 0), std::toupper);
        const ArgumentNode *range = argument(k, 1);
        if (system != "ELO" || !range || range->range.percent || range->range.usesEnd()) return {};
        const Range &r = range->range;
        const std::string &n = k.name;
        auto value = [&](const char *side) {
            return std::string("(elo ") + (side[0] == 'W' ? "white" : "black") + ")";
        };
        auto rated = [&](const char *side) { return value(side) + " > 0"; };
        auto side = [&](const char *who) {
            const std::string t = rangeTest(value(who), r);
            return r.empty || r.lo.value >= 1 ? t : "{" + rated(who) + " " + t + "}";
        };
        if (n == "whiterating") return side("White");
        if (n == "blackrating") return side("Black");
        if (n == "rating") return either(side("White"), side("Black"));
        const std::string both = rated("White") + " " + rated("Black");
        if (n == "ratingdifference")
            return "{" + both + " " + rangeTest("(" + value("White") + " - " + value("Black") + ")", r) + "}";
        const std::string t = rangeTest("(" + value("White") + " + " + value("Black") + ") / 2", r);
        if (n == "averagerating*") return "{" + both + " " + t + "}";
        if (r.empty) // '–': neither player has a rating
            return "{not (" + rated("White") + ") not (" + rated("Black") + ")}";
        return "{if {" + both + "} then " + grouped(t) + " else if " + rated("White") + " then "
            + grouped(side("White")) + " else " + grouped(side("Black")) + "}";
    }

    std::string resultText(const KeywordNode &k, size_t &)
    {
        // A comma-separated list: any of them.
        std::vector<std::string> any;
        const std::string results = word(k, 0);
        for (std::string_view part : commaParts(results)) {
            const std::string r = gameResult(part);
            if (r.empty() || r == "0-0") return {}; // 0-0 (both lost) has no CQL 6 word
            any.push_back("result " + r);
        }
        return any.empty() ? std::string() : any.size() == 1 ? any[0] : combine("or", any);
    }

    std::string checkText(const KeywordNode &k, size_t &)
    {
        const ArgumentNode *d = argument(k, 0);
        std::string by;
        if (d && (by = designator(d->designator)).empty()) return {};
        return checkCql6(k.name, by);
    }

    // :ischeck (without the count of checks CQL 6 cannot say), :iscontactcheck, :isdoublecheck.
    std::string nextCheckText(const KeywordNode &k, size_t &)
    {
        return argument(k, 0) ? std::string() : nextMoveTo(checkCql6(std::string_view(k.name).substr(2), ""));
    }

    // :piececount, :power and their differences: ":piececountdifference D"
    // counts white minus black of D; "D1 D2" is D1 minus D2.
    std::string pieceCountText(const KeywordNode &k, size_t &)
    {
        const bool difference = k.name.ends_with("difference"), power = k.name.starts_with("power");
        const ArgumentNode *d1 = argument(k, 0), *d2 = difference ? argument(k, 1) : nullptr;
        const ArgumentNode *r = argument(k, difference ? 2 : 1);
        if (!d1 || !r) return {};
        Designator first = d1->designator, second = d2 ? d2->designator : Designator();
        if (difference) differencePair(first, second, d2 != nullptr);
        const std::string a = designator(first), b = difference ? designator(second) : "";
        if (a.empty() || (difference && b.empty())) return {};
        auto count = [&](const std::string &s) { return power ? "(power " + s + ")" : "#" + s; };
        if (!difference) return rangeTest(power ? "power " + a : count(a), r->range);
        return rangeTest(power ? "(" + count(a) + " - " + count(b) + ")" : count(a) + " - " + count(b), r->range);
    }

    std::string rayText(const KeywordNode &k, size_t &)
    {
        const ArgumentNode *list = argument(k, 0);
        // A count of rays: CQL 6 counts squares, not rays.
        if (!list || argument(k, 1)) return {};
        std::vector<std::string> sets;
        for (const Item &d : k.items[list->first].items) {
            Designator des;
            std::string err;
            if (d.isList() || !parseDesignator(d.text, des, err)) return {};
            sets.push_back(designator(des));
            if (sets.back().empty()) return {};
        }
        if (k.name == "rayattack")
            return sets.size() == 3 ? "pin from " + sets[0] + " through " + sets[1] + " to " + sets[2] : std::string();
        std::string s = "ray " + (k.name == "ray" ? std::string() : k.name.substr(3) + " ") + "(";
        for (size_t j = 0; j < sets.size(); ++j)
            s += (j ? " " : "") + sets[j];
        return s + ")";
    }

    std::string moveText(const KeywordNode &k, size_t &)
    {
        const ArgumentNode *a = argument(k, 0);
        if (!a) return {};
        Designator d = a->designator;
        const bool from = k.name == "movefrom";
        if (from) {
            // To CQL 6 a drop comes from its own, empty, square (docs/variants.md):
            // the backhand is "_", and a move from the board is one from a piece.
            if (d.hand) {
                if (handPieces(d.pieces) == PieceMask(WhiteBits | BlackBits) && !d.squares.any()) return "move from _";
                return leaveOut(*k.at, "the pieces of a drop");
            }
            if (d.pieces.anything || (d.pieces.plain & EmptyBit)) {
                d.pieces.plain =
                    d.pieces.anything ? PieceMask(WhiteBits | BlackBits) : PieceMask(d.pieces.plain & ~EmptyBit);
                d.pieces.anything = false;
            }
        }
        const std::string s = designator(d);
        return s.empty() ? s : std::string("move ") + (from ? "from " : "to ") + s;
    }

    // The piece mask of a designator without squares or '~' marks; 0 for another one.
    static PieceMask piecesOnly(const ArgumentNode *a)
    {
        const Designator &d = a->designator;
        if (d.pieces.promoted || d.pieces.unpromoted || d.squares != SquareSet::all()) return 0;
        return d.pieces.anything ? PieceMask(WhiteBits | BlackBits) : d.pieces.plain;
    }

    std::string promoteText(const KeywordNode &k, size_t &)
    {
        const ArgumentNode *a = argument(k, 0);
        const PieceMask m = a ? PieceMask(piecesOnly(a) & (WhiteBits | BlackBits)) : 0;
        return m ? promoteCql6(m, "") : std::string();
    }

    std::string iscastlingText(const KeywordNode &k, size_t &)
    {
        const ArgumentNode *a = argument(k, 0);
        if (!a) return "move castle";
        if (a->designator.pieces.anything) return {};
        using namespace chess;
        const PieceMask m = piecesOnly(a);
        auto has = [&](Piece p, int bit) { return (m & PieceMask(1u << p)) ? bit : 0; };
        const int rights = has(WKing, 1) | has(WQueen, 2) | has(BKing, 4) | has(BQueen, 8);
        return rights ? castlingCql6(rights) : std::string();
    }

    std::string checkcountText(const KeywordNode &k, size_t &i)
    {
        const std::vector<Item> &items = k.items;
        Range white, black;
        if (i + 1 < items.size() && (items[i + 1].text == ":" || (i + 2 < items.size() && items[i + 2].text == ":"))) {
            // The seed's "R1 : R2" counts the checks each side received on the
            // way here (a Three-check FEN's counters are not seen by CQL 6).
            // 'find all' fails when it finds nothing: a count of zero is 'not find'.
            auto received = [](const char *side, const Range &r) {
                const std::string checked = std::string("{") + side + " check not initial}";
                const std::string t = rangeTest("(find all <-- " + checked + ")", r);
                return t.empty() || !r.contains(0) ? t : "(not find <-- " + checked + " or " + t + ")";
            };
            std::string w, b;
            const bool ok =
                readRange(items, i, white, false, false) == Argument::Read && !(w = received("wtm", white)).empty();
            if (i < items.size() && items[i].text == ":") {
                ++i;
                if (readRange(items, i, black, false, false) != Argument::Read || (b = received("btm", black)).empty())
                    return {};
            }
            return ok ? "{" + w + " " + b + "}" : std::string();
        }
        // The older forms count only Three-check's checks: in a standard game
        // none has been counted, so CQL-S reads them as a constant.
        long long count = -1;
        const bool zero = isArgumentWord(items, i) && parseNumber(items[i].text, count) && count == 0;
        if (isArgumentWord(items, i)) ++i;
        return std::string(zero ? "true " : "false ") + leaveOut(*k.at, "counts the checks of three-check chess");
    }

    // :pawncount D attributes R (or "R : R", White's and Black's pawns) and
    // :pawncountdifference, on CQL 6's pawn sets.
    std::string pawnCountText(const KeywordNode &k, size_t &i)
    {
        const std::vector<Item> &items = k.items;
        const bool difference = k.name == "pawncountdifference";
        std::string a, b;
        Designator d, d2;
        std::string why;
        if (readDesignator(items, i, d, why) != Argument::Read) return {};
        if (difference) {
            differencePair(d, d2, readOptionalDesignator(items, i, d2));
            if ((b = designator(d2)).empty()) return {};
        }
        if ((a = designator(d)).empty() || !isArgumentWord(items, i)) return {};
        const std::string attr = items[i++].text;
        Range r, blackRange;
        if (readRange(items, i, r, false, !difference) != Argument::Read) return {};
        bool split = false;
        if (!difference && i < items.size() && items[i].text == ":") {
            // The seed's "[Pp] passed >0 : >0": White's pawns in r, Black's in the second range.
            ++i;
            if (readRange(items, i, blackRange, false, true) != Argument::Read) return {};
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
                    return leaveOut(*k.at, "pawn attribute '" + what + "' is not converted", false);
                }
            }
        }
        static const std::unordered_map<std::string_view, std::string_view> sets = {
            {"isolated", "isolatedpawns"},
            {"passed", "passedpawns"},
            {"double", "doubledpawns"},
            {"connected", "connectedpawns"},
        };
        const auto set = sets.find(attr);
        if (set == sets.end()) return {};
        auto count = [&](const std::string &s) { return "#(" + std::string(set->second) + " & " + s + ")"; };
        if (split) {
            const std::string f = rangeTest(count(a), r), g = rangeTest(count(b), blackRange);
            return f.empty() || g.empty() ? std::string() : "(" + f + " and " + g + ")";
        }
        return rangeTest(count(a) + (difference ? " - " + count(b) : ""), r);
    }

    Cql6Conversion &m_out;
    std::vector<ListState *> m_lists;                               // the lists being read, innermost last
    std::vector<std::pair<std::string, ListState>> m_positionLists; // of the match list: the filter and its frame
    bool m_variations = false;
};

} // namespace

std::string playerCql6(std::string_view keyword, const std::string &name)
{
    auto in = [&](std::string_view field) { return name + " in lowercase(" + std::string(field) + ")"; };
    if (keyword == "player") return either(in("player white"), in("player black"));
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
    return either(white ? toMove(true, move + piecePart(white)) : "",
                  black ? toMove(false, move + piecePart(black)) : "");
}

std::string castlingCql6(int rights)
{
    auto side = [&](int white, int black, const char *move) -> std::string {
        if ((rights & white) && (rights & black)) return move;
        if (rights & white) return toMove(true, move);
        return rights & black ? toMove(false, move) : "";
    };
    if (rights == 0 || rights == 15) return "move castle";
    return either(side(1, 4, "move o-o"), side(2, 8, "move o-o-o"));
}

std::string rangeCql6(std::string_view keyword, const Range &r)
{
    const KeywordSignature *row = findKeyword(keyword);
    return row ? rangeTest(std::string(row->cql6Text), r) : std::string();
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
