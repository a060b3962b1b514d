// The CQL-S compiler's pawn attributes of :pawncount and
// :pawncountdifference (compiler.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/compiler.h"

namespace cql::cqls {

bool Compiler::contradict(const PawnAttribute &a, const PawnAttribute &b)
{
    using K = PawnAttribute::Kind;
    // forefront/rear are steps of the sequence (!forefront-forefront is
    // fine); the counting attributes have rules of their own.
    if (isViewAttribute(a.kind) || isViewAttribute(b.kind) || isCountingAttribute(a.kind)
        || isCountingAttribute(b.kind))
        return false;
    if (a.kind == b.kind && a.n == b.n) return a.negated != b.negated;
    if (a.negated || b.negated) return false;
    auto either = [&](K x, auto... ys) {
        return (a.kind == x && ((b.kind == ys) || ...)) || (b.kind == x && ((a.kind == ys) || ...));
    };
    return either(K::Single, K::Double, K::DoubleExact)
        || either(K::SingleExact, K::Double, K::DoubleExact, K::Consecutive)
        || either(K::UnoExact, K::Triple, K::TripleExact) || either(K::Isolated, K::Chained, K::Backward)
        || either(K::Isolated, K::Connected, K::Integrated, K::HalfIsolated, K::Defended, K::Defender, K::Triple,
                  K::TripleExact);
}

bool Compiler::pawnAttributes(const Item &word, std::vector<PawnAttribute> &out)
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
        // The attributes, and the seed's bounds of the count n in "name(n)" (none: 0).
        struct Name {
            std::string_view name;
            K kind;
            int n, lo = 0, hi = 0;
        };
        static const Name names[] = {
            {"single", K::Single, 0},
            {"uno", K::Single, 0},
            {"double", K::Double, 2},
            {"double!", K::DoubleExact, 2},
            {"triple", K::Double, 3, 3, 6},
            {"triple!", K::DoubleExact, 3, 3, 6},
            {"duo", K::Triple, 2},
            {"duo!", K::TripleExact, 2},
            {"trio", K::Triple, 3},
            {"trio!", K::TripleExact, 3},
            {"quart", K::Triple, 4, 4, 8},
            {"quart!", K::TripleExact, 4, 4, 8},
            {"connected", K::Connected, 0},
            {"integrated", K::Integrated, 0},
            {"isolated", K::Isolated, 0},
            {"halfisolated", K::HalfIsolated, 0},
            {"defended", K::Defended, 0},
            {"defender", K::Defender, 0},
            {"passed", K::Passed, 0},
            {"blocked", K::Blocked, 0},
            {"blocked!", K::BlockedNow, 0},
            {"advanced", K::Advanced, 0},
            {"consecutive", K::Consecutive, 2, 2, 6},
            {"consecutive!", K::Consecutive, -2, 2, 6},
            {"backward", K::Backward, 0},
            {"behind", K::Behind, 0},
            {"behind!", K::BehindNow, 0},
            {"candidate", K::Candidate, 0},
            {"candidate!", K::CandidateNotPassed, 0},
            {"stoppable", K::Stoppable, 0},
            {"stopped", K::Stopped, 0},
            {"chained", K::Chained, 0, 2, 8},
            {"chained!", K::Chained, -2, 2, 8},
            {"single!", K::SingleExact, 0},
            {"uno!", K::UnoExact, 0},
            {"symmetrical", K::Symmetrical, 0},
            {"mirrored", K::Mirrored, 0},
            {"inside", K::Inside, 0},
            {"forefront", K::Forefront, 0},
            {"rear", K::Rear, 0},
            {"islands", K::Islands, 1, 1, 8},
            {"islands!", K::Islands, -1, 1, 8},
            {"compounds", K::Compounds, 1, 1, 6},
            {"compounds!", K::Compounds, -1, 1, 6},
            {"files", K::Files, 1, 1, 8},
            {"files!", K::Files, -1, 1, 8},
            {"lines", K::Files, 1, 1, 8},
            {"lines!", K::Files, -1, 1, 8}, // the seed's pawncountdifference example
            {"ranks", K::Ranks, 1, 1, 6},
            {"ranks!", K::Ranks, -1, 1, 6},
            {"bothsides", K::BothSides, 0},
            {"oneside", K::OneSide, 0},
        };
        const Name *found =
            std::find_if(std::begin(names), std::end(names), [&](const Name &x) { return x.name == a; });
        if (found == std::end(names)) {
            error(word, "'" + a + "' is not a pawn attribute");
            return false;
        }
        attr.kind = found->kind;
        attr.n = found->n;
        if (paren != std::string::npos) {
            if (!found->hi) {
                error(word, "pawn attribute '" + a + "' takes no count");
                return false;
            }
            if (n < found->lo || n > found->hi) {
                error(word,
                      "'" + a + "(n)': n must lie between " + std::to_string(found->lo) + " and "
                          + std::to_string(found->hi));
                return false;
            }
            attr.n = found->n < 0 ? -n : n;
            if (a == "quart" || a == "quart!") {
                // quart(n) counts rows of adjacent pawns, plain quart any four on the rank.
                attr.kind = K::RankRun;
                attr.n = a == "quart!" ? -n : n;
            }
        }
        // The seed: attributes that contradict each other are an error.
        for (size_t j = 0; j < out.size(); ++j) {
            if (contradict(out[j], attr)) {
                error(word,
                      "pawn attributes '" + written[j] + "' and '" + (attr.negated ? "!" : "") + a
                          + "' contradict each other");
                return false;
            }
        }
        out.push_back(attr);
        written.push_back((attr.negated ? "!" : "") + a);
        if (dash == std::string::npos) break;
        start = dash + 1;
    }
    if (std::string e = pawnAttributeListError(out, written); !e.empty()) {
        error(word, e);
        return false;
    }
    return true;
}

FilterPtr Compiler::pawnCountKeyword(const Call &c)
{
    const bool difference = c.param != 0;
    FilterPtr a, b;
    Designator d1;
    if (difference) {
        if (!differenceArgs(c.at, c.items, c.i, a, b)) return nullptr;
    } else if (c.i < c.items.size() && !c.items[c.i].isList() && looksLikePawnAttributes(c.items[c.i].text)) {
        // The seed's "(position :pawncount triple >0)": without a designator, the pawns of both sides.
        std::string err;
        parseDesignator("[Pp]", d1, err);
        a = designatorFilter(d1);
    } else {
        a = designatorArg(c.at, c.items, c.i, &d1);
        if (!a) return nullptr;
    }
    if (c.i >= c.items.size() || c.items[c.i].isList() || keywordOf(c.items[c.i]).isKeyword) {
        error(c.at, "'" + c.at.text + "' expects pawn attributes");
        return nullptr;
    }
    std::vector<PawnAttribute> attrs;
    if (!pawnAttributes(c.items[c.i++], attrs)) {
        skipArguments(c.items, c.i); // its ranges raise no further errors
        return nullptr;
    }
    Range r;
    if (!rangeArg(c.at, c.items, c.i, r, false, !difference)) return nullptr;
    if (r.percent && isCountingAttribute(attrs.back().kind)) {
        error(c.items[c.i - 1],
              "a percentage of the pawns cannot be used with a counting attribute (islands, files ...)");
        return nullptr;
    }
    Range blackRange;
    bool ok = true;
    if (!difference && secondRange(c.at, c.items, c.i, blackRange, true, ok)) {
        // The seed's "[Pp] passed >0 : >0": White's pawns in the first range, Black's in the second.
        Designator white, black;
        if (!ok || !splitByColour(c.items[c.i - 1], d1, white, black)) return nullptr;
        if (blackRange.percent && isCountingAttribute(attrs.back().kind)) {
            error(c.items[c.i - 1],
                  "a percentage of the pawns cannot be used with a counting attribute (islands, files ...)");
            return nullptr;
        }
        std::vector<FilterPtr> both;
        both.push_back(pawnCountIn(white, attrs, r));
        both.push_back(pawnCountIn(black, attrs, blackRange));
        return allOf(std::move(both));
    }
    if (!difference) return pawnCountIn(d1, attrs, r);
    auto diff =
        std::make_unique<ArithFilter>(ArithFilter::Sub, std::make_unique<PawnCountingFilter>(std::move(a), attrs),
                                      std::make_unique<PawnCountingFilter>(std::move(b), attrs));
    return std::make_unique<InRangeFilter>(std::move(diff), r);
}

bool Compiler::looksLikePawnAttributes(std::string_view w)
{
    Designator d;
    std::string err;
    if (w.empty() || !std::islower(static_cast<unsigned char>(w[0])) || parseDesignator(w, d, err)) return false;
    for (char c : w)
        if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '-'
              || c == '!' || c == '(' || c == ')'))
            return false;
    return true;
}

FilterPtr Compiler::pawnCountIn(const Designator &d, const std::vector<PawnAttribute> &attrs, const Range &r)
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

} // namespace cql::cqls
