// Compiling CQL-S lists into the filter tree: the match list, position
// lists and what is said about them (compiler.h has the rest).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/parser.h"

#include "cql/cqls/compiler.h"
#include "cql/explorerhooks.h"

namespace cql::cqls {

namespace {

// About where an item ends (its offset is what matters): a list after its last
// item and its ')'. For the transform explorer, which finds lists by the cursor.
SourcePos listEnd(const Item &it)
{
    SourcePos end = it.pos;
    if (!it.isList()) {
        end.offset += int(it.text.size()) + (it.kind == Item::String ? 2 : 0);
        return end;
    }
    for (const Item &i : it.items) {
        SourcePos e = listEnd(i);
        if (e.offset > end.offset) end = e;
    }
    end.offset += 1;
    return end;
}

} // namespace

bool Compiler::run(std::string_view text)
{
    const size_t before = m_diags.size();
    Item script;
    const std::unique_ptr<ListNode> match = readScript(text, script, m_diags);
    for (size_t k = before; k < m_diags.size(); ++k)
        m_ok = m_ok && m_diags[k].severity != Diagnostic::Error;
    if (!match) return false;
    declareTags(*match);
    for (const ListNode::Element &e : match->elements)
        m_eitherColour = m_eitherColour || (e.keyword && e.keyword->name == "eithercolor");
    compileMatch(*match);
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
        compileMatch(*match);
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

std::string Compiler::colourSwapped(const std::string &n) const
{
    if (!m_flip) return n;
    if (n.rfind("white", 0) == 0) return "black" + n.substr(5);
    if (n.rfind("black", 0) == 0) return "white" + n.substr(5);
    return n;
}

void Compiler::warning(const Item &at, std::string message)
{
    m_diags.push_back(diagnosticAt(at, std::move(message), Diagnostic::Warning));
}

void Compiler::error(const Item &at, std::string message)
{
    m_diags.push_back(diagnosticAt(at, std::move(message)));
    m_ok = false;
}

void Compiler::declareTags(const ListNode &list)
{
    for (const ListNode::Element &e : list.elements) {
        if (!e.keyword || e.keyword->name != "forany" || !e.keyword->ok) continue;
        const KeywordNode &k = *e.keyword;
        const auto &items = k.items;
        if (items.size() < 2 || items[0].kind != Item::Word || items[1].kind != Item::Word) {
            error(*k.at, "':forany' expects a tag name and a piece designator");
            continue;
        }
        const std::string &name = items[0].text;
        bool alnum = !name.empty();
        for (char c : name)
            alnum = alnum && std::isalnum(static_cast<unsigned char>(c));
        if (!alnum) {
            error(items[0], "'" + name + "': a tag name is alphanumeric");
            continue;
        }
        Designator d;
        std::string err;
        if (!parseDesignator(items[1].text, d, err) || !d.pieces.tag.empty() || d.pieces.promoted
            || d.pieces.unpromoted) {
            error(items[1],
                  "'" + items[1].text + "': ':forany' expects piece types (K, Q, ..., A, U)"
                      + (err.empty() ? "" : ": " + err));
            continue;
        }
        if (m_tagSlots.count(name)) {
            error(items[0], "the tag '" + name + "' is defined twice");
            continue;
        }
        if (m_tagSlots.size() == 2) {
            error(*k.at, "a match list takes at most two tags");
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

void Compiler::compileMatch(const ListNode &list)
{
    std::vector<FilterPtr> gameParts;
    auto g = std::make_shared<GameLists>();
    for (const ListNode::Element &e : list.elements) {
        const Item &it = *e.item;
        if (e.keyword) {
            if (!e.keyword->ok) continue;
            size_t i = 0;
            if (FilterPtr f = matchKeyword(*e.keyword, i)) gameParts.push_back(std::move(f));
            for (; i < e.keyword->items.size(); ++i)
                notInMatchList(e.keyword->items[i]);
            continue;
        }
        if (!e.list) {
            notInMatchList(it);
            continue;
        }
        TopLevel top;
        FilterPtr f = compilePosition(*e.list, &top);
        if (m_flip) {
            Transform flip = Transform::flipColor();
            auto swap = [&](FilterPtr &x) { x = x->transformed(flip); };
            if (f) swap(f);
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
    }
    if (!m_tags.empty() && m_relationAt)
        error(*m_relationAt, "tags (:forany) cannot be used in a match list with a :relation");
    if (!m_ok) return;
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
            if (c.empty) lo = 1, hi = 0;
            m_header.matchCount = std::make_pair(lo, hi);
        }
        m_program.body.push_back(std::move(g->lists[0]));
    } else if (!g->lists.empty() || !g->cuts.empty() || !g->excludes.empty() || !g->skips.empty()) {
        m_program.body.push_back(std::make_unique<GameGateFilter>(std::move(g), gateSlot()));
    }
}

void Compiler::notInMatchList(const Item &it)
{
    error(it,
          it.isList() ? std::string("a match list holds keywords and (position ...) lists")
                      : "'" + it.text + "' is not a match list keyword");
}

int Compiler::gateSlot()
{
    int slot = int(m_program.slotTypes.size());
    m_program.slotTypes.push_back(Type::Numeric);
    m_program.slotNames.push_back("(position lists matched)");
    m_gateSlots.push_back(slot);
    return slot;
}

const std::vector<ListNode> &Compiler::listArguments(size_t &i) const
{
    for (const ArgumentNode &a : m_node->args)
        if (!a.lists.empty()) {
            i = a.first + a.count;
            return a.lists;
        }
    return m_node->lists(); // none
}

FilterPtr Compiler::combine(const std::string &n, std::vector<FilterPtr> parts)
{
    if (n == "and") return allOf(std::move(parts));
    if (n == "or") return anyOf(std::move(parts));
    if (n == "xor") return std::make_unique<XorFilter>(std::move(parts));
    if (n == "not") return std::make_unique<NotFilter>(allOf(std::move(parts)));
    return firstClause(std::move(parts));
}

FilterPtr Compiler::compilePosition(const ListNode &list, TopLevel *top, bool sequenceStep)
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
    // A word of the list that is no keyword's argument is a designator.
    auto part = [&](const Item &it) {
        if (it.isList()) {
            error(it, "a list here must follow a keyword that takes it");
        } else if (FilterPtr d = designator(it)) {
            if (auto *df = dynamic_cast<DesignatorFilter *>(d.get())) st.designatorSquares |= df->squares();
            st.parts.push_back(std::move(d));
        }
    };
    for (const ListNode::Element &e : list.elements) {
        if (!e.keyword) {
            part(*e.item);
            continue;
        }
        const KeywordNode &k = *e.keyword;
        if (!k.ok) continue;
        size_t i = 0;
        positionKeyword(k, i, st, top);
        for (; i < k.items.size(); ++i) // what the keyword left is the list's
            part(k.items[i]);
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
                if (seen.insert({c.m00, c.m01, c.m10, c.m11, c.dx, c.dy, c.swapColors, c.shifting, c.rot45}).second) {
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
            error(*list.at,
                  "the transforms of nested position lists make more than " + std::to_string(MaxWeight)
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
    // The parts no transform changes are tested once, before the images of
    // the others (not when each image is counted on its own, :pretransform...).
    std::vector<FilterPtr> fixed;
    if (!st.transforms.empty() && !(top && top->perImage) && st.invariant.size() < st.parts.size()) {
        std::vector<FilterPtr> moving;
        for (size_t j = 0; j < st.parts.size(); ++j)
            (std::find(st.invariant.begin(), st.invariant.end(), j) != st.invariant.end() ? fixed : moving)
                .push_back(std::move(st.parts[j]));
        st.parts = std::move(moving);
    }
    FilterPtr body = allOf(std::move(st.parts));
    if (!st.transforms.empty()) {
        std::vector<FilterPtr> images;
        for (const Transform &t : all)
            images.push_back(body->transformed(t));
        SourceRange where{list.at->pos, listEnd(*list.at)};
        if (TransformSink *sink = currentTransformSink())
            sink->transformedList(st.transformKeywords, where, all, images);
        body = std::make_unique<ImagesFilter>(std::move(images), all, st.transformKeywords);
        body->range = where;
    }
    if (!fixed.empty()) {
        fixed.push_back(std::move(body));
        body = allOf(std::move(fixed));
    }
    if (st.negate) body = std::make_unique<NotFilter>(std::move(body));
    m_lastSpan = st.negate ? nullptr : st.span;
    if (st.runAt) {
        if (st.negate || st.span)
            error(*st.runAt,
                  st.negate ? "a negated :sequence step cannot have a :repetitioncount"
                            : "a :sequence step cannot have both :line and :repetitioncount");
        auto run = std::make_shared<StepSpan>();
        run->run = true;
        run->runRange = st.run;
        m_lastSpan = std::move(run);
    }
    return body;
}

FilterPtr Compiler::designator(const Item &it)
{
    Designator d;
    std::string err;
    if (it.kind != Item::Word || !parseDesignator(it.text, d, err)) {
        error(it, "'" + it.text + "' is not a piece designator" + (err.empty() ? "" : ": " + err));
        return nullptr;
    }
    if (!checkTag(d, it)) return nullptr;
    return designatorFilter(d);
}

bool Compiler::checkTag(const Designator &d, const Item &at)
{
    if (d.pieces.tag.empty() || m_tagSlots.count(d.pieces.tag)) return true;
    error(at, "'$" + d.pieces.tag + "': no :forany of the match list defines the tag '" + d.pieces.tag + "'");
    return false;
}

FilterPtr Compiler::relation(size_t &i, ListState &st)
{
    m_relationAt = m_node->at;
    auto spec = std::make_shared<RelationSpec>();
    spec->missingRange.lo.value = spec->missingRange.hi.value = 0;
    spec->addedRange.lo.value = spec->addedRange.hi.value = 0;
    for (const ListNode::Element &e : listArguments(i).front().elements) {
        const KeywordNode &k = *e.keyword; // the reader let only keywords through
        size_t j = 0;
        const std::string &n = k.name;
        const Call c{k, n, *k.at, k.items, j, 0};
        if (n == "missingpiececount" || n == "newpiececount") {
            bool missing = n[0] == 'm';
            FilterPtr d = designatorOf(c, 0);
            Range rg;
            if (!d || !rangeOf(c, 1, rg)) return nullptr;
            (missing ? spec->missing : spec->added) = std::move(d);
            (missing ? spec->missingRange : spec->addedRange) = rg;
        } else if (n == "originaldifferentcount" || n == "originalsamecount") {
            bool diff = n == "originaldifferentcount";
            Range rg;
            if (!rangeOf(c, 0, rg)) return nullptr;
            (diff ? spec->differentRange : spec->sameRange) = rg;
            (diff ? spec->haveDifferent : spec->haveSame) = true;
        } else if (n.ends_with("sidetomove")) { // changesidetomove, samesidetomove, ignoresidetomove
            spec->side = n[0] == 'c' ? RelationSpec::Change : n[0] == 's' ? RelationSpec::Same : RelationSpec::Ignore;
        } else if (n == "pattern") {
            spec->pattern = true;
        } else if (n == "variations" || n == "variationsonly") {
            spec->where = n == "variations" ? RelationSpec::Everywhere : RelationSpec::VariationsOnly;
            m_header.variations = true;
        } else { // flip, shift: the reader let no other keyword into the list
            std::vector<Transform> group;
            transformGroup(n, group);
            addRelationTransforms(spec->p2Transforms, group);
        }
        if (j < k.items.size()) {
            error(k.items[j], "'" + k.items[j].text + "' is not a relation list keyword");
            return nullptr;
        }
    }
    bool pattern = spec->pattern;
    auto f = std::make_unique<RelationFilter>(std::move(spec), SquareSet::all());
    if (pattern) st.patternRelations.push_back(f.get());
    return f;
}

FilterPtr Compiler::designatorFilter(const Designator &d)
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
    if (p.anything) return std::make_unique<CqlsDesignatorFilter>(PieceMask(0), d.squares);
    std::vector<FilterPtr> parts;
    if (p.plain || (!p.promoted && !p.unpromoted))
        parts.push_back(std::make_unique<CqlsDesignatorFilter>(p.plain, d.squares));
    if (p.promoted)
        parts.push_back(
            std::make_unique<PromotedFilter>(std::make_unique<CqlsDesignatorFilter>(p.promoted, d.squares), true));
    if (p.unpromoted)
        parts.push_back(
            std::make_unique<PromotedFilter>(std::make_unique<CqlsDesignatorFilter>(p.unpromoted, d.squares), false));
    FilterPtr f = std::move(parts[0]);
    for (size_t i = 1; i < parts.size(); ++i)
        f = std::make_unique<SetOpFilter>(SetOpFilter::Union, std::move(f), std::move(parts[i]));
    return f;
}

FilterPtr Compiler::designatorArg(const Item &at, const std::vector<Item> &items, size_t &i, Designator *raw)
{
    Designator d;
    std::string err;
    switch (readDesignator(items, i, d, err)) {
    case Argument::Missing: error(at, "'" + at.text + "' expects a piece designator"); return nullptr;
    case Argument::Bad:
        error(items[i], "'" + items[i].text + "' is not a piece designator: " + err);
        ++i;
        return nullptr;
    case Argument::Read: break;
    }
    if (!checkTag(d, items[i - 1]) || !checkHand(d, at, items[i - 1])) return nullptr;
    if (raw) *raw = d;
    return designatorFilter(d);
}

// The backhand ("[+]", "[*]") is read by the keywords that can see a drop or
// a pocket, and by :attackcount (the seed counts the attacks of pieces in
// hand, which are none); elsewhere it is an error rather than a designator
// that silently looks at the board only.
bool Compiler::checkHand(const Designator &d, const Item &keyword, const Item &where)
{
    static constexpr std::string_view readers[] = {"movefrom", "piececount",      "piececountdifference",
                                                   "power",    "powerdifference", "attackcount"};
    // The seed also writes a keyword with its list: "position:movefrom".
    if (!d.hand || std::ranges::find(readers, keywordOf(keyword).name) != std::end(readers)) return true;
    error(where,
          "'" + where.text
              + "': the backhand ([+], [*]) is read only by :movefrom, :piececount, :power, :attackcount and "
                "their differences");
    return false;
}

bool Compiler::optionalDesignator(const std::vector<Item> &items, size_t &i, Designator &d)
{
    if (!readOptionalDesignator(items, i, d)) return false;
    checkTag(d, items[i - 1]);
    return true;
}

bool Compiler::rangeArg(const Item &at, const std::vector<Item> &items, size_t &i, Range &r, bool allowEnd,
                        bool allowPercent, bool optional)
{
    const Argument a = readRange(items, i, r, allowEnd, allowPercent);
    if (a == Argument::Read || optional) return a == Argument::Read;
    if (a == Argument::Bad)
        error(items[i], "'" + items[i].text + "' is not a range specifier");
    else
        error(at, "'" + at.text + "' expects a range specifier");
    return false;
}

bool Compiler::transformGroup(const std::string &n, std::vector<Transform> &out)
{
    out.assign(1, Transform::identity());
    if (n == "flip" || n == "flipdihedral") {
        for (int d = 1; d < 8; ++d)
            out.push_back(Transform::dihedral(d));
    } else if (n == "flipdiagonal") {
        out.push_back(Transform::dihedral(6));
    } else if (n == "flipvertical") {
        out.push_back(Transform::mirrorFiles());
    } else if (n == "fliphorizontal") {
        out.push_back(Transform::mirrorRanks());
    } else if (n == "flipcolor") {
        out.push_back(Transform::flipColor());
    } else {
        // The shifts along the keyword's lines: any, ranks, files, one diagonal or both.
        const std::string_view axis = n.starts_with("shift") ? std::string_view(n).substr(5) : "-";
        const bool main = axis == "maindiagonal" || axis == "diagonal",
                   off = axis == "offdiagonal" || axis == "diagonal";
        if (!main && !off && !axis.empty() && axis != "horizontal" && axis != "vertical") return false;
        for (int dx = -7; dx <= 7; ++dx)
            for (int dy = -7; dy <= 7; ++dy)
                if ((dx || dy)
                    && (axis.empty() || (axis == "horizontal" && !dy) || (axis == "vertical" && !dx)
                        || (main && dx == dy) || (off && dx == -dy)))
                    out.push_back(Transform::shift(dx, dy));
    }
    return true;
}

void Compiler::positionKeyword(const KeywordNode &k, size_t &i, ListState &st, TopLevel *top)
{
    // The keywords that say something about the list itself (its transforms,
    // counts, cuts, accumulators); the others are filters (positionFilter).
    static const auto listHandlers = handlersByName<ListHandler>({
        {&Compiler::accumulatorKeyword, {"accumulate", "accumulate*", "reset", "sumrange"}},
        {&Compiler::cutKeyword, {"cut", "exclude", "skip"}},
        {&Compiler::transformKeyword,
         {"flip", "flipcolor", "flipdiagonal", "flipdihedral", "fliphorizontal", "flipvertical", "shift",
          "shiftdiagonal", "shifthorizontal", "shiftmaindiagonal", "shiftoffdiagonal", "shiftvertical"}},
        {&Compiler::countKeyword,
         {"matchcount", "pretransformmatchcount", "pretransformrepetitioncount", "repetitioncount"}},
        {&Compiler::ignoredKeyword, {"markall", "noannotate"}},
        {&Compiler::bareNotKeyword, {"not"}},
        {&Compiler::precedingKeyword, {"preceding"}},
        {&Compiler::relationKeyword, {"relation"}},
        {&Compiler::variationsKeyword, {"variations", "variationsonly"}},
    });
    const Item &at = *k.at;
    const auto &items = k.items;
    const NodeScope scope(m_node, k);
    std::string n = k.name;
    if (n == "promotion") {
        // The seed's own example (":promotion U :cut") spells :promote so.
        warning(at, "'" + at.text + "' is read as ':promote'");
        n = "promote";
    }
    if (const auto h = listHandlers.find(n);
        h != listHandlers.end() && (this->*h->second)(Call{k, n, at, items, i, 0}, st, top))
        return;
    if (m_flip && (n == "whiteelo" || n == "blackelo")) {
        // The list is colour-flipped as a whole; these name players, not pieces.
        FilterPtr f = positionFilter(colourSwapped(n), at, items, i);
        if (f && k.negated) f = std::make_unique<NotFilter>(std::move(f));
        if (f) st.parts.push_back(std::move(f));
        return;
    }
    if (n == "line*" || (n == "line" && i < items.size() && lineEndsWithStar(items[i].text))) st.lineStarAt = &at;
    m_pendingSpan.reset();
    FilterPtr f = positionFilter(n, at, items, i);
    // A list holding a :line covers its moves as a :sequence step (the first :line counts).
    if (f && n == "line" && !k.negated && !st.span) st.span = m_pendingSpan;
    m_pendingSpan.reset();
    if (!f) return;
    if (k.negated) f = std::make_unique<NotFilter>(std::move(f));
    if (invariantKeyword(k)) st.invariant.push_back(st.parts.size());
    st.parts.push_back(std::move(f));
}

bool Compiler::invariantKeyword(const KeywordNode &k)
{
    static const std::set<std::string_view> names = {
        "check",  "contactcheck", "doublecheck", "elo",  "halfmovenumber", "ischeck", "iscontactcheck", "isdoublecheck",
        "ismate", "isnull",       "isstalemate", "mate", "movenumber",     "nocheck", "stalemate"};
    // With a designator (":check Q") the pieces change under transforms.
    return names.count(k.name) && std::none_of(k.args.begin(), k.args.end(), [](const ArgumentNode &a) {
               return a.present && a.spec->kind == ArgKind::Designator;
           });
}

// :relation (relation-list): a later position related to this one.
bool Compiler::relationKeyword(const Call &c, ListState &st, TopLevel *)
{
    if (FilterPtr f = relation(c.i, st)) {
        if (c.node.negated) f = std::make_unique<NotFilter>(std::move(f));
        st.parts.push_back(std::move(f));
    }
    return true;
}

bool Compiler::precedingKeyword(const Call &c, ListState &, TopLevel *top)
{
    // In the list of a :cut: the cut comes first at the position it
    // matches, which is then not searched (the position list page).
    if (!m_inCutArgument || top)
        error(c.at, "':preceding' belongs in the (position ...) list of a ':cut'");
    else
        m_sawPreceding = true;
    return true;
}

bool Compiler::countKeyword(const Call &c, ListState &st, TopLevel *top)
{
    Range r;
    if (!rangeArg(c.at, c.items, c.i, r, false, false)) return true;
    if (!top && st.sequenceStep && c.n == "repetitioncount" && !c.node.negated) {
        // The seed: a step that holds for so many consecutive positions.
        if (st.runAt) {
            error(c.at, "a :sequence step takes one :repetitioncount");
            return true;
        }
        if (r.lo.value < 1) r.lo.value = 1;
        st.runAt = &c.at;
        st.run = r;
        return true;
    }
    if (!top) {
        error(c.at, "':" + c.n + "' belongs in a position list of the match list or a :sequence step");
        return true;
    }
    if (top->haveCount) {
        error(c.at, "a position list takes one match or repetition count");
        return true;
    }
    top->count = r;
    top->haveCount = true;
    top->runs = c.n.find("repetition") != std::string::npos;
    top->perImage = c.n.substr(0, 12) == "pretransform";
    return true;
}

bool Compiler::cutKeyword(const Call &c, ListState &, TopLevel *top)
{
    if (!top) {
        error(c.at, "':" + c.n + "' belongs in a position list of the match list");
        skipArguments(c.items, c.i);
        return true;
    }
    bool cut = c.n == "cut";
    if (c.i < c.items.size() && c.items[c.i].isList()) {
        // The argument form: the argument cuts or excludes; the list stays as it is.
        const bool outerCut = m_inCutArgument, outerPreceding = m_sawPreceding;
        m_inCutArgument = cut;
        m_sawPreceding = false;
        FilterPtr f = compilePosition(listArguments(c.i).front(), nullptr);
        if (cut) top->cutsPreceding.push_back(m_sawPreceding);
        m_inCutArgument = outerCut;
        m_sawPreceding = outerPreceding;
        (c.n == "skip" ? top->skips : cut ? top->cuts : top->excludes).push_back(std::move(f));
    } else {
        (c.n == "skip" ? top->skipSelf : cut ? top->cutSelf : top->excludeSelf) = true;
    }
    return true;
}

bool Compiler::accumulatorKeyword(const Call &c, ListState &st, TopLevel *)
{
    if (c.i >= c.items.size() || c.items[c.i].kind != Item::Word || keywordOf(c.items[c.i]).isKeyword) {
        error(c.at, "'" + c.at.text + "' expects the name of an accumulator");
        return true;
    }
    std::string name = c.items[c.i++].text;
    if (c.n == "reset") {
        accumulator(name)->reset = true;
        m_resetAt.emplace(name, c.at);
        return true;
    }
    if (c.n == "sumrange") {
        Range r;
        if (!rangeArg(c.at, c.items, c.i, r, false, false)) return true;
        m_sumrangeAt.emplace(name, c.at);
        st.sumranges.push_back(st.parts.size());
        st.parts.push_back(std::make_unique<SumRangeFilter>(accumulator(name), r));
        return true;
    }
    if (!st.accumulate.empty()) {
        error(c.at, "a position list accumulates into one accumulator");
        return true;
    }
    st.accumulate = name;
    auto acc = accumulator(name);
    acc->byColour = acc->byColour || c.n == "accumulate*";
    return true;
}

bool Compiler::variationsKeyword(const Call &c, ListState &st, TopLevel *)
{
    m_header.variations = true;
    if (c.n == "variationsonly")
        if (FilterPtr f = lowered("variation", c.at)) st.parts.push_back(std::move(f));
    return true;
}

// A bare ':not' negates the list it stands in; with lists it is a filter.
bool Compiler::bareNotKeyword(const Call &c, ListState &st, TopLevel *)
{
    if (c.i < c.items.size() && c.items[c.i].isList()) return false;
    if (c.node.negated) {
        error(c.at, "'!:not' is not allowed");
        return true;
    }
    st.negate = !st.negate;
    return true;
}

bool Compiler::transformKeyword(const Call &c, ListState &st, TopLevel *)
{
    if (c.n == "flipcolor" && m_eitherColour) {
        error(c.at, "':flipcolor' is not allowed with the match list's :eithercolor");
        return true;
    }
    std::vector<Transform> group;
    transformGroup(c.n, group);
    st.transforms.push_back(std::move(group));
    st.transformKeywords += (st.transformKeywords.empty() ? "" : " ") + c.n;
    return true;
}

bool Compiler::ignoredKeyword(const Call &, ListState &, TopLevel *) { return true; } // meaningless (seed)

std::shared_ptr<Accumulator> Compiler::accumulator(const std::string &name)
{
    auto &a = m_accumulators[name];
    if (!a) a = std::make_shared<Accumulator>();
    return a;
}

void Compiler::checkAccumulators()
{
    for (const auto &[name, at] : m_sumrangeAt)
        if (m_accumulators[name]->sources.empty()) error(at, "no position list accumulates into '" + name + "'");
    for (const auto &[name, at] : m_resetAt)
        if (m_accumulators[name]->sources.empty()) error(at, "no position list accumulates into '" + name + "'");
}

bool isCqlsSource(std::string_view text, std::string_view fileName)
{
    if (fileName.size() >= 5 && fileName.substr(fileName.size() - 5) == ".cqls") return true;
    return looksLikeCqls(text);
}

bool compileScript(std::string_view text, QueryHeader &header, Program &program, std::vector<Diagnostic> &diagnostics)
{
    Compiler c(header, program, diagnostics);
    return c.run(text);
}

} // namespace cql::cqls
