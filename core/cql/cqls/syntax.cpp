// Reading a CQL-S match list into its syntax tree (syntax.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/syntax.h"

#include "cql/cqls/arguments.h"

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
                error(it, "'" + it.text + "' is not a relation list keyword");
                node.ok = false;
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
    void error(const Item &at, std::string message) { m_diags.push_back(diagnosticAt(at, std::move(message))); }

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
            node->ok = false;
            if (kind == InRelation) {
                error(at, "unknown relation list keyword ':" + k.name + "'");
            } else if (kind == InMatch) {
                error(at, "unknown match list keyword ':" + k.name + "'");
            } else {
                error(at, "unknown position list keyword ':" + k.name + "'");
                skipArguments(items, i);
            }
        } else if (k.negated && !node->row->negatable) {
            node->ok = false;
            error(at, "':" + k.name + "' cannot be negated");
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

    // The row's arguments from items[i]. Up to the first argument the reader
    // only measures (a word, a comma list ...), it checks them; after it, a
    // back end with a message of its own does.
    void arguments(KeywordNode &node, const std::vector<Item> &items, size_t &i, ListKind kind)
    {
        const Item &at = *node.at;
        const size_t start = i;
        bool checking = true;
        for (const ArgSpec &spec : node.row->args) {
            if (spec.kind == ArgKind::None) break;
            ArgumentNode a;
            a.spec = &spec;
            a.first = i - start;
            bool failed = false;
            switch (spec.kind) {
            case ArgKind::None: break;
            case ArgKind::Designator: {
                if (spec.optional) {
                    a.present = readOptionalDesignator(items, i, a.designator);
                    break;
                }
                if (!checking) {
                    a.present = isArgumentWord(items, i);
                    i += a.present;
                    break;
                }
                std::string why;
                switch (readDesignator(items, i, a.designator, why)) {
                case Argument::Read: a.present = true; break;
                case Argument::Missing:
                    error(at, "'" + at.text + "' expects a piece designator");
                    failed = true;
                    break;
                case Argument::Bad:
                    error(items[i], "'" + items[i].text + "' is not a piece designator: " + why);
                    ++i;
                    failed = true;
                    break;
                }
                break;
            }
            case ArgKind::Range: {
                // Read as widely as any keyword reads a range; the back end
                // refuses what its keyword does not allow (percentages, 'end').
                const Argument r = readRange(items, i, a.range, true, true);
                a.present = r == Argument::Read;
                if (spec.optional || a.present) break;
                if (!checking) {
                    i += r == Argument::Bad; // measured: the word is the argument
                } else if (r == Argument::Missing) {
                    error(at, "'" + at.text + "' expects a range specifier");
                    failed = true;
                } else {
                    error(items[i], "'" + items[i].text + "' is not a range specifier");
                    failed = true;
                }
                break;
            }
            case ArgKind::SecondRange:
                checking = false;
                if (i < items.size() && !items[i].isList() && items[i].text == ":") {
                    ++i;
                    a.present = true;
                    const Argument r = readRange(items, i, a.range, true, true);
                    i += r == Argument::Bad;
                }
                break;
            case ArgKind::Squares:
            case ArgKind::Word:
            case ArgKind::String:
                checking = false;
                a.present = isArgumentWord(items, i);
                i += a.present;
                break;
            case ArgKind::Words:
                checking = false;
                a.present = isArgumentWord(items, i);
                if (a.present) {
                    // "normal, corr": a word ending in a comma goes on in the next one.
                    while (!items[i].text.empty() && items[i].text.back() == ',' && isArgumentWord(items, i + 1))
                        ++i;
                    ++i;
                }
                break;
            case ArgKind::Moves: // a list, or moves in a string
            case ArgKind::Ray:
                checking = false;
                a.present = i < items.size()
                    && (items[i].isList() || (spec.kind == ArgKind::Moves && items[i].kind == Item::String));
                i += a.present;
                break;
            case ArgKind::PositionList:
                if (i >= items.size() || !items[i].isList()) break;
                a.present = true;
                if (items[i].head() != "position") {
                    error(items[i], "':" + node.name + "' expects a (position ...) list");
                    ++i;
                    failed = true;
                    break;
                }
                a.lists.push_back(list(items[i++], InPosition));
                break;
            case ArgKind::Lists: failed = !listArguments(node, spec, items, i, kind, a); break;
            case ArgKind::RelationList:
                if (i >= items.size() || !items[i].isList()) {
                    error(at, "':relation' expects a relation list");
                    failed = true;
                    break;
                }
                a.present = true;
                a.lists.push_back(list(items[i++], InRelation));
                failed = !a.lists.back().ok;
                break;
            case ArgKind::Raw:
                checking = false;
                a.present = isArgumentWord(items, i);
                skipArguments(items, i, kind == InMatch);
                break;
            }
            a.count = i - start - a.first;
            node.args.push_back(std::move(a));
            if (failed) {
                node.ok = false;
                return;
            }
        }
    }

    // :and, :or, :xor, :not, :cond, :sequence ...: position lists or, in the
    // match list, sub-match lists.
    bool listArguments(const KeywordNode &node, const ArgSpec &spec, const std::vector<Item> &items, size_t &i,
                       ListKind kind, ArgumentNode &a)
    {
        if (spec.optional && (i >= items.size() || !items[i].isList())) return true; // a bare :not
        const std::string head = kind == InMatch ? "match" : "position";
        std::vector<const Item *> subs;
        const Item *bad = nullptr;
        switch (collectListArguments(node.name, head, items, i, subs, &bad)) {
        case ListArguments::Ok: break;
        case ListArguments::NoList:
            error(*node.at, "':" + node.name + "' expects a list of (" + head + " ...) lists");
            return false;
        case ListArguments::NotHeaded:
            ++i; // reading goes on after the faulty list
            error(*bad, "(" + head + " ...) expected");
            return false;
        case ListArguments::Empty:
            ++i;
            error(*bad, "':" + node.name + "' needs at least one list");
            return false;
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

} // namespace cql::cqls
