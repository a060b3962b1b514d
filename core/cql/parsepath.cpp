// Parsing of the path family: path / ⊢ with its parameters and constituents,
// echo, consecutivemoves, the path reference filters, the filters about the
// previous move, and the dash with a target, --(F).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "echo.h"
#include "logic.h"
#include "parser.h"
#include "path.h"
#include "state.h"
#include "vars.h"

#include <typeinfo>

namespace cql {

namespace {

// Precedences used here; the same values as the table in parser.cpp.
constexpr int kLowest = 0, kUnion = 110;

bool isDashToken(const Token &t) { return t.kind == Tok::Punct && (t.op == Op::Dash || t.op == Op::CaptureDash); }

} // namespace

bool Parser::parsePathFamily(const Token &t, FilterPtr &out)
{
    const std::string_view w = t.text;
    if (w == "path") {
        out = parsePath(t);
        return true;
    }
    if (w == "echo") {
        out = parseEcho(t);
        return true;
    }
    if (w == "consecutivemoves") {
        out = parseConsecutiveMoves(t);
        return true;
    }
    static constexpr std::pair<std::string_view, PathRefFilter::Kind> refs[] = {
        {"pathcount", PathRefFilter::Count},
        {"pathcountunfocused", PathRefFilter::CountUnfocused},
        {"pathstart", PathRefFilter::Start},
        {"pathlastposition", PathRefFilter::LastPosition}};
    for (auto [name, kind] : refs) {
        if (w == name) {
            out = make<PathRefFilter>(t.range, kind);
            return true;
        }
    }
    static constexpr std::pair<std::string_view, PastMoveFilter::Kind> past[] = {
        {"from", PastMoveFilter::From},         {"to", PastMoveFilter::To},
        {"primary", PastMoveFilter::Primary},   {"secondary", PastMoveFilter::Secondary},
        {"nullmove", PastMoveFilter::NullMove}, {"enpassant", PastMoveFilter::EnPassant},
        {"castle", PastMoveFilter::Castle}};
    if (w == "o" && atOp(Op::Minus) && atWord("o", 1) && !peek().spaceBefore && !peek(1).spaceBefore) {
        // o-o / o-o-o arrive as words and minus signs (written without blanks).
        advance();
        advance();
        bool isLong = atOp(Op::Minus) && atWord("o", 1) && !peek().spaceBefore && !peek(1).spaceBefore;
        if (isLong) {
            advance();
            advance();
        }
        out = make<PastMoveFilter>(t.range, isLong ? PastMoveFilter::CastleLong : PastMoveFilter::CastleShort);
        return true;
    }
    for (auto [name, kind] : past) {
        if (w == name) {
            if (kind == PastMoveFilter::Secondary) m_program->usesVariations = true;
            out = make<PastMoveFilter>(t.range, kind);
            return true;
        }
    }
    for (const char *param : {"focus", "piecepath", "nestban", "keepallbest", "title", "verbose"}) {
        if (w == param) {
            error(t, "'" + std::string(w) + "' is a parameter of 'path' and cannot be used here");
            out = nullptr;
            return true;
        }
    }
    return false;
}

bool Parser::atPathWildcard() const
{
    if (atOp(Op::Star) || atOp(Op::Plus) || atOp(Op::Question)) return true;
    // {m,n} {*} {+} are one word: written without blanks inside.
    if (!atOp(Op::LBrace)
        || !(peek(1).kind == Tok::Number || atOp(Op::Comma, 1) || atOp(Op::Star, 1) || atOp(Op::Plus, 1)))
        return false;
    for (size_t i = 1; i < 6; ++i) {
        if (peek(i).spaceBefore || peek(i).kind == Tok::End) return false;
        if (atOp(Op::RBrace, i)) return true;
    }
    return false;
}

bool Parser::tiedDashAhead() const
{
    // X--Y: a dash glued to the filter that starts here.
    // Brackets opened on the way must close first: in `k(a1--b2)` the dash
    // is inside, and in `(k)--` the whole group is the dash's left side.
    if (isDashToken(peek())) return false;
    int depth = 0;
    for (size_t i = m_pos; i < m_tokens.size(); ++i) {
        const Token &k = m_tokens[i];
        if ((i > m_pos && k.spaceBefore) || k.kind == Tok::End) return false;
        if (isDashToken(k) && depth == 0) return tiesLeft(m_tokens[i - 1]);
        if (k.kind != Tok::Punct) continue;
        if (k.op == Op::LParen || k.op == Op::LBrace || k.op == Op::LBracket) ++depth;
        if ((k.op == Op::RParen || k.op == Op::RBrace || k.op == Op::RBracket) && --depth < 0) return false;
    }
    return false;
}

bool Parser::afterBlankLine() const
{
    if (m_pos == 0 || peek().kind == Tok::End) return peek().kind == Tok::End;
    size_t from = size_t(m_tokens[m_pos - 1].range.end.offset), to = size_t(peek().range.begin.offset);
    bool lineStarted = false, blank = false;
    for (size_t i = from; i < to && i < m_source.size(); ++i) {
        char ch = m_source[i];
        if (ch == '\n') {
            if (lineStarted && blank) return true;
            lineStarted = true;
            blank = true;
        } else if (ch != ' ' && ch != '\t' && ch != '\r') {
            blank = false;
        }
    }
    return false;
}

bool Parser::gluedSetDashAhead() const
{
    // Only a run with a set operator before its dash parses differently from
    // the dash's tight binding, so only such runs are taken here.
    bool setOp = false;
    for (size_t i = m_pos; i < m_tokens.size(); ++i) {
        const Token &k = m_tokens[i];
        if (k.kind == Tok::End || (i > m_pos && k.spaceBefore)) return false;
        if (isDashToken(k)) return setOp && i > m_pos;
        if (k.kind == Tok::Punct && (k.op == Op::Amp || k.op == Op::Bar)) setOp = true;
        if (i == m_pos && k.kind == Tok::Punct && k.op == Op::Tilde)
            setOp = true; // ~T1--(from): the move of a piece other than T1 (followpath)
        if (k.kind == Tok::Punct && (k.op == Op::LParen || k.op == Op::LBrace || k.op == Op::Assign)) return false;
    }
    return false;
}

FilterPtr Parser::parseGluedDash(int minPrec)
{
    bool glued = m_glued;
    m_glued = true;
    FilterPtr left = parseExpr(minPrec);
    m_glued = glued;
    if (!left || !isDashToken(peek()) || left->type != Type::Set) return left;
    const Token dash = advance();
    return parseDash(std::move(left), dash);
}

bool Parser::parenHoldsDash() const
{
    int depth = 0;
    for (size_t i = m_pos; i < m_tokens.size(); ++i) {
        const Token &k = m_tokens[i];
        if (k.kind == Tok::End) return false;
        if (k.kind == Tok::Punct && k.op == Op::LParen)
            ++depth;
        else if (k.kind == Tok::Punct && k.op == Op::RParen && --depth == 0)
            return false;
        else if (depth == 1 && isDashToken(k))
            return true;
    }
    return false;
}

void Parser::parsePathWildcard(PathCon &c)
{
    if (!parseRepetition(c.min, c.max)) return;
    if (atPathWildcard()) error(peek(), "two repetitions in a row are not supported");
}

// * + ? {m} {m,} {m,n} {,n} {*} {+} after a line or path constituent; false
// (nothing consumed) when none follows. max -1: no upper bound.
bool Parser::parseRepetition(int &min, int &max)
{
    auto set = [&](int lo, int hi) {
        min = lo;
        max = hi;
        return true;
    };
    if (acceptOp(Op::Star)) return set(0, -1);
    if (acceptOp(Op::Plus)) return set(1, -1);
    if (acceptOp(Op::Question)) return set(0, 1);
    if (!atPathWildcard()) return false;
    advance(); // {
    if (acceptOp(Op::Star))
        set(0, -1);
    else if (acceptOp(Op::Plus))
        set(1, -1);
    else {
        long long a = 0, b = -1;
        if (peek().kind == Tok::Number) a = advance().number;
        if (acceptOp(Op::Comma)) {
            if (peek().kind == Tok::Number) b = advance().number;
        } else {
            b = a;
        }
        if (b >= 0 && b < a) error(peek(), "the repetition {m,n} needs m <= n");
        set(int(a), int(b));
    }
    expectOp(Op::RBrace, "to close the repetition");
    return true;
}

bool Parser::parseDashPromotion(PathCon &c, const Token &dashTok)
{
    if (!atOp(Op::Assign) || peek().spaceBefore) return true;
    advance();
    c.requirePromotion = true;
    if (peek().kind == Tok::Designator && peek().pieces) {
        c.promote = advance().pieces;
        return true;
    }
    FilterPtr name = startsFilter() ? parseExpr(kUnion) : nullptr;
    if (!name || name->type != Type::String) {
        error(dashTok, "expected a piece type or a string after '='");
        return false;
    }
    c.promoteName = std::move(name);
    return true;
}

void Parser::parsePathDash(PathCon &c, FilterPtr left, const Token &dashTok)
{
    c.kind = PathCon::Dash;
    c.left = std::move(left);
    c.captureOnly = dashTok.op == Op::CaptureDash;
    // The to-set and promotion are glued to the dash: --d4, --=Q, ×V.
    if (atOp(Op::Assign) && !peek().spaceBefore) {
        parseDashPromotion(c, dashTok);
    } else if (!peek().spaceBefore && !atOp(Op::LParen) && !atPathWildcard() && startsFilter()) {
        bool glued = m_glued;
        m_glued = true;
        c.right = setArg(dashTok, kLowest);
        m_glued = glued;
        parseDashPromotion(c, dashTok);
    }
    // Then every filter up to the next dash, group or repetition is tested
    // after the move.
    while (startsFilter() && !isDashToken(peek()) && !atPathWildcard() && !tiedDashAhead()
           && !(atOp(Op::LParen) && parenHoldsDash()) && !(m_pathChain == 0 && afterBlankLine())) {
        size_t before = m_pos;
        if (FilterPtr f = parseFilter()) {
            if (refuseNumberConstituent(*f)) return;
            c.targets.push_back(std::move(f));
        }
        if (m_pos == before) break;
    }
}

bool Parser::refuseNumberConstituent(const Filter &f)
{
    // {10} is the number 10 too (braces around one filter are that filter).
    const Filter *alone = &f;
    while (auto *braces = dynamic_cast<const CompoundFilter *>(alone))
        alone = braces->parts().size() == 1 ? braces->parts()[0].get() : nullptr;
    if (auto *value = dynamic_cast<const ValueAsTruthFilter *>(alone)) alone = &value->inner();
    if (!alone || !dynamic_cast<const NumberFilter *>(alone)) return false;
    error(f.range, "a number alone is not a path constituent (part of a range? use braces)");
    return true;
}

bool Parser::parsePathCons(std::vector<PathCon> &out, bool inChain)
{
    while (peek().kind != Tok::End) {
        if (inChain && atOp(Op::RParen)) break;
        if (!out.empty() && m_pathChain == 0 && afterBlankLine()) break;
        PathCon c;
        const Token &first = peek();
        if (atOp(Op::LParen) && !tiedDashAhead()) {
            advance();
            c.kind = PathCon::Chain;
            ++m_pathChain;
            bool ok = parsePathCons(c.chain, true);
            --m_pathChain;
            if (!ok) return false;
            if (c.chain.empty()) {
                error(first, "empty '( )' in a path");
                return false;
            }
            if (!expectOp(Op::RParen, "to close the group in the path")) return false;
            parsePathWildcard(c);
        } else if (isDashToken(peek())) {
            const Token dash = advance();
            parsePathDash(c, nullptr, dash);
            parsePathWildcard(c);
        } else if (!startsFilter()) {
            break;
        } else if (tiedDashAhead()) {
            bool glued = m_glued;
            m_glued = true;
            FilterPtr left = parseExpr(kLowest);
            m_glued = glued;
            if (!left || !isDashToken(peek())) {
                error(first, "expected '--' after the set filter in the path");
                return false;
            }
            if (left->type != Type::Set) {
                error(left->range, "expected a set filter before '--'");
                return false;
            }
            const Token dash = advance();
            parsePathDash(c, std::move(left), dash);
            parsePathWildcard(c);
        } else {
            size_t before = m_pos;
            c.kind = PathCon::Holder;
            c.filter = parseFilter();
            if (!c.filter) return false;
            checkTruth(c.filter);
            if (m_pos == before) break;
            if (refuseNumberConstituent(*c.filter)) return false;
            if (atPathWildcard()) {
                error(peek(), "a repetition applies to a '--' constituent or a '( )' group, not to a filter");
                return false;
            }
        }
        out.push_back(std::move(c));
    }
    return true;
}

FilterPtr Parser::parsePath(const Token &t)
{
    PathOptions o;
    o.atomicSlots = m_atomicSlots;
    FilterPtr focus, max;
    for (;;) {
        const Token &p = peek();
        if (acceptWord("singlecolor")) {
            o.singleColor = true;
        } else if (acceptWord("max")) {
            max = startsFilter() ? parseFilter() : nullptr;
            if (!max || (max->type != Type::Numeric && max->type != Type::Set)) {
                error(p, "expected a numeric filter after 'path max'");
                return nullptr;
            }
        } else if (acceptWord("verbose")) {
            o.verbose = true;
        } else if (acceptWord("title")) {
            if (peek().kind != Tok::String || peek().text.empty()) {
                error(peek(), "expected a non-empty quoted string after 'title'");
                return nullptr;
            }
            o.title = advance().text;
        } else if (acceptWord("keepallbest")) {
            o.keepAllBest = true;
        } else if (acceptWord("focus")) {
            if (focus) {
                error(p, "more than one 'focus' in 'path'");
                return nullptr;
            }
            if (acceptWord("capture")) o.focusCapture = true;
            focus = setArg(p, kUnion);
            if (!focus) return nullptr;
        } else if (acceptWord("primary")) {
            o.primary = true;
        } else if (acceptWord("piecepath")) {
            o.piecePath = true;
        } else if (acceptWord("quiet")) {
            o.quiet = true;
        } else if (acceptWord("secondary")) {
            error(p, "the 'secondary' parameter is not supported with 'path'");
            return nullptr;
        } else if (acceptWord("nestban")) {
            o.nestBan = true;
        } else if (acceptWord("firstmatch")) {
            o.firstMatch = true;
        } else if (acceptWord("lastposition")) {
            o.lastPosition = true;
        } else if (bool two; !o.hasRange && peek().kind == Tok::Number && parseRangeNumbers(o.lo, o.hi, two)) {
            if (!two) o.hi = o.lo;
            o.hasRange = true;
        } else {
            break;
        }
    }
    if (o.singleColor && focus) {
        error(t, "'singlecolor' cannot be used with 'focus'");
        return nullptr;
    }
    if (o.piecePath && !focus && !o.singleColor) {
        error(t, "'piecepath' needs a 'focus' in the same path");
        return nullptr;
    }
    if (o.primary && (focus || o.singleColor)) {
        error(t,
              "'focus' and 'primary' cannot be parameters of the same path; "
              "use 'pathstart:depth==depth' as a constituent instead");
        return nullptr;
    }
    std::vector<PathCon> cons;
    ++m_pathDepth;
    bool top = m_pathTop;
    int chain = m_pathChain;
    m_pathTop = true;
    m_pathChain = 0;
    bool ok = parsePathCons(cons, false);
    m_pathTop = top;
    m_pathChain = chain;
    --m_pathDepth;
    if (!ok) return nullptr;
    if (cons.empty()) {
        error(t, "expected path constituents after 'path'");
        return nullptr;
    }
    return make<PathFilter>(t.range, std::move(o), std::move(cons), std::move(focus), std::move(max));
}

FilterPtr Parser::parseDashTarget(FilterPtr left, FilterPtr right, bool captureOnly, bool requirePromotion,
                                  PieceMask promote, const Token &dashTok)
{
    PathCon c;
    c.kind = PathCon::Dash;
    c.left = std::move(left);
    c.right = std::move(right);
    c.captureOnly = captureOnly;
    c.requirePromotion = requirePromotion;
    c.promote = promote;
    advance(); // (
    while (!atOp(Op::RParen) && peek().kind != Tok::End) {
        size_t before = m_pos;
        if (FilterPtr f = parseFilter()) c.targets.push_back(std::move(f));
        if (m_pos == before) advance();
    }
    if (!expectOp(Op::RParen, "to close the target of '--'")) return nullptr;
    if (c.targets.empty()) {
        error(dashTok, "empty target '()' after '--'");
        return nullptr;
    }
    // --(check), --(mate), --(stalemate) alone: the short way (state.h), but
    // not for countmoves, which counts the moves of a DashTargetFilter.
    const Filter *target = c.targets.size() == 1 ? c.targets[0].get() : nullptr;
    if (target && typeid(*target) == typeid(StateFilter) && !m_countingMoves && !c.left && !c.right && !captureOnly
        && !requirePromotion) {
        const StateFilter::Kind k = static_cast<const StateFilter *>(target)->kind();
        if (k == StateFilter::Check || k == StateFilter::Mate || k == StateFilter::Stalemate)
            return make<NextStateFilter>(dashTok.range, k);
    }
    return make<DashTargetFilter>(dashTok.range, std::move(c));
}

FilterPtr Parser::parseEcho(const Token &t)
{
    bool quiet = acceptWord("quiet");
    if (!expectOp(Op::LParen, "after 'echo'")) return nullptr;
    if (peek().kind != Tok::Word || peek(1).kind != Tok::Word) {
        error(peek(), "expected two position variable names in 'echo ( ... )'");
        return nullptr;
    }
    const Token s = advance();
    const Token u = advance();
    if (s.text == u.text) {
        error(u, "the source and target variables of 'echo' must differ");
        return nullptr;
    }
    if (!expectOp(Op::RParen, "after the variables of 'echo'")) return nullptr;
    bool all = false;
    if (atWord("in") && atWord("all", 1)) {
        advance();
        advance();
        all = true;
    }
    int ss = slotFor(s.text, Type::Position, s);
    int ts = slotFor(u.text, Type::Position, u);
    const size_t nextMoves = m_nextMoveFilters;
    FilterPtr body = startsFilter() ? parseFilter() : nullptr;
    m_nextMoveFilters = nextMoves;
    if (!body) {
        error(t, "expected a filter after 'echo (...)'");
        return nullptr;
    }
    checkTruth(body);
    return make<EchoFilter>(t.range, ss, ts, s.text, u.text, std::move(body), all, quiet);
}

FilterPtr Parser::parseConsecutiveMoves(const Token &t)
{
    bool quiet = acceptWord("quiet");
    long long lo = 1, hi = 100000;
    if (bool two; peek().kind == Tok::Number && parseRangeNumbers(lo, hi, two)) {
        if (!two) hi = lo;
    }
    if (acceptWord("quiet")) quiet = true;
    if (!expectOp(Op::LParen, "after 'consecutivemoves'")) return nullptr;
    FilterPtr args[2];
    std::string names[2];
    // After an error the arguments are passed over, so that one message suffices.
    auto skipArguments = [&] {
        for (int depth = 1; depth > 0 && peek().kind != Tok::End;) {
            if (atOp(Op::LParen)) ++depth;
            if (atOp(Op::RParen)) --depth;
            advance();
        }
        return nullptr;
    };
    for (int i = 0; i < 2; ++i) {
        // 6.2 takes names here, not filters that have a position as value.
        const Token &name = peek();
        const auto v = name.kind == Tok::Word ? m_vars.find(name.text) : m_vars.end();
        if (v == m_vars.end() || m_program->slotTypes[v->second] != Type::Position) {
            error(name, "'consecutivemoves' takes two position variables: '" + name.text + "' is not one");
            return skipArguments();
        }
        names[i] = advance().text;
        args[i] = make<VarFilter>(name.range, v->second, Type::Position);
    }
    if (names[0] == names[1]) {
        error(t, "the two position variables of 'consecutivemoves' must differ");
        return skipArguments();
    }
    if (!expectOp(Op::RParen, "after the arguments of 'consecutivemoves'")) return nullptr;
    return make<ConsecutiveMovesFilter>(t.range, std::move(args[0]), std::move(args[1]), names[0], names[1], lo, hi,
                                        quiet);
}

void Parser::markSortedEcho(Filter *sortArgument)
{
    if (auto *e = dynamic_cast<EchoFilter *>(sortArgument)) e->setSorted();
}

} // namespace cql
