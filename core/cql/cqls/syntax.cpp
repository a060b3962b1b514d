// Reading a CQL-S match list into its syntax tree (syntax.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/syntax.h"

namespace cql::cqls {

const std::vector<ListNode> &KeywordNode::lists() const
{
    static const std::vector<ListNode> none;
    for (const ArgumentNode &a : args)
        if (!a.lists.empty()) return a.lists;
    return none;
}

Diagnostic diagnosticAt(const Item &at, std::string message, Diagnostic::Severity severity)
{
    Diagnostic d;
    d.severity = severity;
    d.line = at.pos.line;
    d.column = at.pos.column;
    d.length = at.length;
    d.message = std::move(message);
    return d;
}

bool isArgumentWord(const std::vector<Item> &items, size_t i)
{
    return i < items.size() && !items[i].isList() && !keywordOf(items[i]).isKeyword;
}

void skipArguments(const std::vector<Item> &items, size_t &i, bool inMatchList)
{
    while (i < items.size() && !keywordOf(items[i]).isKeyword && !(inMatchList && items[i].head() == "position"))
        ++i;
}

Argument readDesignator(const std::vector<Item> &items, size_t &i, Designator &d, std::string &why)
{
    if (!isArgumentWord(items, i)) return Argument::Missing;
    if (!parseDesignator(items[i].text, d, why)) return Argument::Bad;
    ++i;
    return Argument::Read;
}

bool readOptionalDesignator(const std::vector<Item> &items, size_t &i, Designator &d)
{
    if (!isArgumentWord(items, i)) return false;
    Range r;
    bool plain;
    std::string why;
    if (parseRangeWord(items[i].text, r, plain, true, true) || !parseDesignator(items[i].text, d, why)) return false;
    ++i;
    return true;
}

Argument readRange(const std::vector<Item> &items, size_t &i, Range &r, bool allowEnd, bool allowPercent)
{
    if (!isArgumentWord(items, i)) return Argument::Missing;
    bool plain = false;
    if (!parseRangeWord(items[i].text, r, plain, allowEnd, allowPercent)) return Argument::Bad;
    ++i;
    if (plain && i < items.size() && !items[i].isList() && closeRange(items[i].text, r, allowEnd, allowPercent)) ++i;
    return Argument::Read;
}

namespace {

class Reader {
public:
    explicit Reader(std::vector<Diagnostic> &d) : m_diags(d) {}

    // topMatch: the script's match list, whose (position ...) lists are read too.
    ListNode list(const Item &list, ListKind kind, bool topMatch = false)
    {
        ListNode node;
        node.kind = kind;
        node.at = &list;
        const auto &items = list.items;
        size_t i = kind == InRelation && list.head() != "relation" ? 0 : 1;
        while (i < items.size()) {
            const Item &it = items[i];
            ListNode::Element e;
            e.item = &it;
            KeywordWord k = it.isList() ? KeywordWord{} : keywordOf(it);
            if (kind == InRelation && (!k.isKeyword || k.negated)) {
                node.ok = error(it, "'" + it.text + "' is not a relation list keyword");
                return node;
            }
            ++i;
            if (it.isList() && topMatch && it.head() == "position")
                e.list = std::make_unique<ListNode>(this->list(it, InPosition));
            if (k.isKeyword) {
                e.keyword = keyword(k, it, items, i, kind);
                if (kind == InRelation && !e.keyword->ok) {
                    node.ok = false;
                    return node;
                }
            }
            node.elements.push_back(std::move(e));
        }
        return node;
    }

private:
    // Reports; false, for the caller to return.
    bool error(const Item &at, std::string message)
    {
        m_diags.push_back(diagnosticAt(at, std::move(message)));
        return false;
    }

    std::unique_ptr<KeywordNode> keyword(const KeywordWord &k, const Item &at, const std::vector<Item> &items,
                                         size_t &i, ListKind kind)
    {
        auto node = std::make_unique<KeywordNode>();
        node->name = k.name;
        node->negated = k.negated;
        node->at = &at;
        node->row = findKeyword(k.name, kind);
        const size_t start = i;
        if (!node->row) {
            const std::string list = kind == InRelation ? "relation" : kind == InMatch ? "match" : "position";
            node->ok = error(at, "unknown " + list + " list keyword ':" + k.name + "'");
            if (kind == InPosition) skipArguments(items, i);
        } else if (k.negated && !node->row->negatable) {
            node->ok = error(at, "':" + k.name + "' cannot be negated");
            if (kind == InMatch)
                arguments(*node, items, i, kind);
            else
                skipArguments(items, i);
        } else {
            arguments(*node, items, i, kind);
        }
        node->items.assign(items.begin() + long(start), items.begin() + long(i));
        return node;
    }

    // The row's arguments from items[i].
    void arguments(KeywordNode &node, const std::vector<Item> &items, size_t &i, ListKind kind)
    {
        const size_t start = i;
        bool checking = true;
        for (const ArgSpec &spec : node.row->args) {
            if (spec.kind == ArgKind::None) break;
            ArgumentNode a;
            a.spec = &spec;
            a.first = i - start;
            const bool ok = argument(node, spec, items, i, kind, checking, a);
            a.count = i - start - a.first;
            node.args.push_back(std::move(a));
            if (!ok) {
                node.ok = false;
                return;
            }
        }
    }

    // One argument; false after a problem reported. Up to the first argument
    // the reader only measures (a word, a comma list ...), it checks them;
    // after it, a back end with a message of its own does.
    bool argument(const KeywordNode &node, const ArgSpec &spec, const std::vector<Item> &items, size_t &i,
                  ListKind kind, bool &checking, ArgumentNode &a)
    {
        const Item &at = *node.at;
        const auto word = [&] {
            a.present = isArgumentWord(items, i);
            i += a.present;
            return true;
        };
        switch (spec.kind) {
        case ArgKind::None: return true;
        case ArgKind::Designator: {
            if (spec.optional) {
                a.present = readOptionalDesignator(items, i, a.designator);
                return true;
            }
            if (!checking) return word();
            std::string why;
            switch (readDesignator(items, i, a.designator, why)) {
            case Argument::Read: return a.present = true;
            case Argument::Missing: return error(at, "'" + at.text + "' expects a piece designator");
            case Argument::Bad:
                ++i;
                return error(items[i - 1], "'" + items[i - 1].text + "' is not a piece designator: " + why);
            }
            return true;
        }
        case ArgKind::Range: {
            // Read as widely as any keyword reads a range; the back end
            // refuses what its keyword does not allow (percentages, 'end').
            const Argument r = readRange(items, i, a.range, true, true);
            a.present = r == Argument::Read;
            if (spec.optional || a.present) return true;
            if (!checking) {
                i += r == Argument::Bad; // measured: the word is the argument
                return true;
            }
            if (r == Argument::Missing) return error(at, "'" + at.text + "' expects a range specifier");
            return error(items[i], "'" + items[i].text + "' is not a range specifier");
        }
        case ArgKind::SecondRange:
            checking = false;
            if (i < items.size() && !items[i].isList() && items[i].text == ":") {
                ++i;
                a.present = true;
                i += readRange(items, i, a.range, true, true) == Argument::Bad;
            }
            return true;
        case ArgKind::Squares:
        case ArgKind::Word:
        case ArgKind::String: checking = false; return word();
        case ArgKind::Words:
            checking = false;
            if (!(a.present = isArgumentWord(items, i))) return true;
            // "normal, corr": a word ending in a comma goes on in the next one.
            while (items[i].text.ends_with(',') && isArgumentWord(items, i + 1))
                ++i;
            ++i;
            return true;
        case ArgKind::Moves: // a list, or moves in a string
        case ArgKind::Ray:
            checking = false;
            a.present = i < items.size()
                && (items[i].isList() || (spec.kind == ArgKind::Moves && items[i].kind == Item::String));
            i += a.present;
            return true;
        case ArgKind::PositionList:
            if (i >= items.size() || !items[i].isList()) return true;
            a.present = true;
            if (items[i].head() != "position")
                return error(items[i++], "':" + node.name + "' expects a (position ...) list");
            a.lists.push_back(list(items[i++], InPosition));
            return true;
        case ArgKind::Lists: return listArguments(node, spec, items, i, kind, a);
        case ArgKind::RelationList:
            if (i >= items.size() || !items[i].isList()) return error(at, "':relation' expects a relation list");
            a.present = true;
            a.lists.push_back(list(items[i++], InRelation));
            return a.lists.back().ok;
        case ArgKind::Raw:
            checking = false;
            a.present = isArgumentWord(items, i);
            skipArguments(items, i, kind == InMatch);
            return true;
        }
        return true;
    }

    // :and, :or, :xor, :sequence ...: one list of (position ...) lists or, in
    // the match list, of sub-match lists; :not and :cond also take such lists
    // one after another.
    bool listArguments(const KeywordNode &node, const ArgSpec &spec, const std::vector<Item> &items, size_t &i,
                       ListKind kind, ArgumentNode &a)
    {
        if (spec.optional && (i >= items.size() || !items[i].isList())) return true; // a bare :not
        const std::string head = kind == InMatch ? "match" : "position";
        const auto headed = [&](const Item &it) { return it.isList() && it.head() == head; };
        std::vector<const Item *> subs;
        if (i < items.size() && headed(items[i]) && (node.name == "not" || node.name == "cond")) {
            do
                subs.push_back(&items[i++]);
            while (node.name == "cond" && i < items.size() && headed(items[i]));
        } else {
            if (i >= items.size() || !items[i].isList() || !items[i].head().empty())
                return error(*node.at, "':" + node.name + "' expects a list of (" + head + " ...) lists");
            const Item &outer = items[i++]; // reading goes on after it, even when it is faulty
            for (const Item &s : outer.items) {
                if (!headed(s)) return error(s, "(" + head + " ...) expected");
                subs.push_back(&s);
            }
            if (subs.empty()) return error(outer, "':" + node.name + "' needs at least one list");
        }
        a.present = true;
        for (const Item *s : subs)
            a.lists.push_back(list(*s, kind == InMatch ? InMatch : InPosition));
        return true;
    }

    std::vector<Diagnostic> &m_diags;
};

} // namespace

std::unique_ptr<ListNode> readMatchList(const Item &match, std::vector<Diagnostic> &diagnostics)
{
    Reader r(diagnostics);
    return std::make_unique<ListNode>(r.list(match, InMatch, true));
}

std::unique_ptr<ListNode> readScript(std::string_view text, Item &match, std::vector<Diagnostic> &diagnostics)
{
    std::vector<Item> top;
    if (!readItems(text, top, diagnostics)) return nullptr;
    if (top.empty() || top[0].head() != "match") {
        Diagnostic d = top.empty() ? Diagnostic() : diagnosticAt(top[0], "");
        d.message =
            top.empty() ? "a CQL-S script needs a (match ...) list" : "a CQL-S script starts with a (match ...) list";
        diagnostics.push_back(d);
        return nullptr;
    }
    for (size_t i = 1; i < top.size(); ++i)
        diagnostics.push_back(diagnosticAt(top[i], "a CQL-S script has exactly one match list"));
    match = std::move(top[0]);
    normalizeMatchList(match);
    return readMatchList(match, diagnostics);
}

} // namespace cql::cqls
