// The CQL 6 parser.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "parser.h"

#include "control.h"
#include "dictionary.h"
#include "explorerhooks.h"
#include "keywords.h"
#include "lexer.h"
#include "logic.h"
#include "movecount.h"
#include "moves.h"
#include "multi.h"
#include "path.h"
#include "pieceinfo.h"
#include "positionaltokens.h"
#include "positions.h"
#include "sets.h"
#include "state.h"
#include "stringfilters.h"
#include "strings.h"
#include "transformfilter.h"
#include "vars.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <functional>

namespace cql {

namespace {

enum Prec {
    P_LOWEST = 0,
    P_OR = 10,
    P_AND = 20,
    P_NOT = 30,
    P_IN = 40,
    P_REL = 50,
    P_ADD = 70,
    P_MUL = 90,
    P_UNION = 110,
    P_INTER = 120,
    P_COMPL = 130,
    P_ATTACK = 140,
    P_STRING = 150,
    P_DASH = 175,
    P_COLON = 180,
};

struct InfixInfo {
    int prec = -1;
    bool rightAssoc = false;
};

bool isLineTerminator(const Token &t)
{
    return t.kind == Tok::End
        || (t.kind == Tok::Punct
            && (t.op == Op::LineForward || t.op == Op::LineBackward || t.op == Op::RParen || t.op == Op::RBrace));
}

const char *opText(Op op)
{
    switch (op) {
    case Op::LParen: return "(";
    case Op::RParen: return ")";
    case Op::LBrace: return "{";
    case Op::RBrace: return "}";
    default: return "?";
    }
}

SourceRange span(const SourceRange &a, const SourceRange &b) { return {a.begin, b.end}; }

} // namespace

Parser::Parser(std::string_view source, std::vector<Diagnostic> &diagnostics) : m_source(source), m_diags(diagnostics)
{
    Lexer lexer(source);
    m_tokens = lexer.tokenize();
    // Lexical errors are reported here, once; the parser then skips those tokens.
    for (const Token &t : m_tokens)
        if (t.kind == Tok::Error) error(t, t.text);
    std::erase_if(m_tokens, [](const Token &t) { return t.kind == Tok::Error; });
    // CQL 6.2's other spellings of keywords, read as the usual ones.
    static constexpr std::pair<std::string_view, std::string_view> aliases[] = {
        {"dihedral", "flip"},
        {"flipdihedral", "flip"},
        {"curpos", "currentposition"},
        {"hascomment", "originalcomment"},
        {"initialposition", "position"},
    };
    for (size_t i = 0; i < m_tokens.size(); ++i) {
        if (m_tokens[i].kind != Tok::Word) continue;
        for (auto [alias, word] : aliases) {
            if (m_tokens[i].text != alias) continue;
            m_tokens[i].text = std::string(word);
            if (alias == "initialposition") { // position 0
                Token zero = m_tokens[i];
                zero.kind = Tok::Number;
                zero.number = 0;
                zero.text = "0";
                zero.spaceBefore = true;
                m_tokens.insert(m_tokens.begin() + long(i) + 1, zero);
            }
        }
    }
}

const Token &Parser::peek(size_t ahead) const
{
    size_t i = std::min(m_pos + ahead, m_tokens.size() - 1);
    return m_tokens[i];
}

const Token &Parser::advance()
{
    const Token &t = m_tokens[m_pos];
    if (m_lineDepth > 0 && !positionalToken(t)) ++m_notPositional;
    if (m_pos + 1 < m_tokens.size()) ++m_pos;
    return t;
}

bool Parser::positionalToken(const Token &t) const
{
    switch (t.kind) {
    case Tok::Number:
    case Tok::String:
    case Tok::Designator: return true;
    case Tok::Punct: return positionalOp(t.op);
    case Tok::Word:
        // A function's name reads its body (those tokens are judged too). A
        // parameter's argument may have been read before the line: only the
        // arguments of a lowered text (CQL-S values of the position) are.
        for (size_t i = m_bindings.size(); i-- > 0;)
            if (m_bindings[i].count(t.text)) return i == 0 && m_lowered;
        if (m_vars.count(t.text)) return false;
        return m_functions.count(t.text) || positionalKeyword(t.text);
    default: return false;
    }
}

bool Parser::atOp(Op op, size_t ahead) const { return peek(ahead).kind == Tok::Punct && peek(ahead).op == op; }
bool Parser::atWord(std::string_view w, size_t ahead) const
{
    return peek(ahead).kind == Tok::Word && peek(ahead).text == w;
}

bool Parser::acceptOp(Op op)
{
    if (!atOp(op)) return false;
    advance();
    return true;
}

bool Parser::acceptWord(std::string_view w)
{
    if (!atWord(w)) return false;
    advance();
    return true;
}

bool Parser::expectOp(Op op, const char *what)
{
    if (acceptOp(op)) return true;
    error(peek(), std::string("expected '") + opText(op) + "' " + what);
    return false;
}

void Parser::error(const Token &at, std::string message) { error(at.range, std::move(message)); }

void Parser::error(const SourceRange &r, std::string message)
{
    // One message per place is enough; cascades after the first say nothing new.
    if (m_tooDeep || !m_errorPlaces.insert({r.begin.line, r.begin.column}).second) return;
    Diagnostic d;
    d.line = r.begin.line;
    d.column = r.begin.column;
    d.length = std::max(1, r.end.line == r.begin.line ? r.end.column - r.begin.column : 1);
    d.message = std::move(message);
    m_diags.push_back(std::move(d));
}

void Parser::warning(const SourceRange &r, std::string message, int length)
{
    Diagnostic d;
    d.severity = Diagnostic::Warning;
    d.line = r.begin.line;
    d.column = r.begin.column;
    d.length = length > 0 ? length : std::max(1, r.end.line == r.begin.line ? r.end.column - r.begin.column : 1);
    d.message = std::move(message);
    m_diags.push_back(std::move(d));
}

std::string Parser::rawArgument(bool stopAtBraces)
{
    // File names and results are not CQL tokens: take the raw text up to blank or ')'.
    const Token &first = peek();
    if (first.kind == Tok::End) return {};
    if (first.kind == Tok::String) {
        advance();
        return first.text;
    }
    size_t b = size_t(first.range.begin.offset), e = b;
    while (e < m_source.size() && m_source[e] != ')' && !std::isspace((unsigned char)m_source[e])
           && !(stopAtBraces && (m_source[e] == '{' || m_source[e] == '}')))
        ++e;
    while (peek().kind != Tok::End && size_t(peek().range.begin.offset) < e)
        advance();
    return std::string(m_source.substr(b, e - b));
}

bool Parser::parseSignedNumber(long long &v)
{
    if (peek().kind == Tok::Number) {
        v = advance().number;
        return true;
    }
    if (atOp(Op::Minus) && peek(1).kind == Tok::Number) {
        advance();
        v = -advance().number;
        return true;
    }
    return false;
}

bool Parser::rangeBoundEnds() const
{
    const Token &next = peek();
    if (next.kind != Tok::Punct) return true;
    switch (next.op) {
    case Op::LParen:
    case Op::LBrace:
    case Op::RParen:
    case Op::RBrace:
    case Op::LineForward:
    case Op::LineBackward:
    case Op::Dash:
    case Op::CaptureDash: return true;
    default: return false;
    }
}

bool Parser::parseRangeNumbers(long long &lo, long long &hi, bool &two)
{
    auto bound = [&](long long &v) {
        const size_t save = m_pos;
        if (!parseSignedNumber(v)) return false;
        if (!rangeBoundEnds()) {
            m_pos = save;
            return false;
        }
        return true;
    };
    two = false;
    if (!bound(lo)) return false;
    hi = lo;
    if (bound(hi)) two = true;
    return true;
}

void Parser::parseHeader(QueryHeader &h)
{
    const Token &cqlTok = advance(); // 'cql'
    if (!expectOp(Op::LParen, "after 'cql'")) return;
    while (!atOp(Op::RParen) && peek().kind != Tok::End) {
        const Token &t = advance();
        if (t.kind != Tok::Word) {
            error(t, "unexpected '" + t.text + "' in the cql header");
            continue;
        }
        const std::string_view w = t.text;
        if (w == "input" || w == "output") {
            std::string v = rawArgument();
            if (v.empty()) error(t, "expected a file name after '" + std::string(w) + "'");
            (w == "input" ? h.input : h.output) = v;
        } else if (w == "gamenumber" || w == "matchcount") {
            long long lo, hi;
            bool two;
            if (!parseRangeNumbers(lo, hi, two)) {
                error(peek(), "expected a number after '" + std::string(w) + "'");
                continue;
            }
            // One number is that number exactly, for matchcount as for gamenumber (as CQL 6.2 reads it).
            if (!two) hi = lo;
            (w == "gamenumber" ? h.gameNumber : h.matchCount) = std::make_pair(long(lo), long(hi));
        } else if (w == "sort") {
            if (!acceptWord("matchcount")) {
                error(peek(), "expected 'matchcount' after 'sort' in the cql header");
                continue;
            }
            h.sortMatchCount = true;
            long long lo, hi;
            bool two;
            if (parseRangeNumbers(lo, hi, two)) h.matchCount = std::make_pair(long(lo), long(two ? hi : lo));
        } else if (w == "result") {
            std::string r = rawArgument();
            if (r != "1-0" && r != "0-1" && r != "1/2-1/2" && r != "*")
                error(t, "expected 1-0, 0-1 or 1/2-1/2 after 'result'");
            h.result = r;
        } else if (w == "variations") {
            h.variations = true;
        } else if (w == "mainline") {
            h.variations = false;
        } else if (w == "silent") {
            h.silent = true;
        } else if (w == "quiet") {
            h.quiet = true;
        } else if (w == "matchstring") {
            if (peek().kind != Tok::String) {
                error(peek(), "expected a string after 'matchstring'");
                continue;
            }
            h.matchString = advance().text;
        } else {
            error(t, "unknown cql header parameter '" + std::string(w) + "'");
        }
    }
    if (!acceptOp(Op::RParen)) error(cqlTok, "the cql header is not closed: missing ')'");
}

bool Parser::parseQuery(QueryHeader &header, Program &program, bool requireHeader)
{
    m_program = &program;
    m_header = &header;
    transformImageBudget() = 1L << 20;
    filtersMade() = 0;
    if (atWord("cql") && atOp(Op::LParen, 1))
        parseHeader(header);
    else if (requireHeader)
        error(peek(), "a query starts with the header cql( ... )");
    while (peek().kind != Tok::End) {
        size_t before = m_pos;
        if (!startsFilter()) {
            const Token &t = advance();
            if (t.kind == Tok::Punct && (t.op == Op::RParen || t.op == Op::RBrace))
                error(t, "unmatched '" + t.text + "'");
            else
                error(t, "unexpected '" + t.text + "'");
            continue;
        }
        FilterPtr f = parseFilter();
        checkTruth(f);
        if (f) program.body.push_back(std::move(f));
        if (m_pos == before) advance();
    }
    // CQL 6.2 wants at least one filter after the header.
    if (requireHeader && program.body.empty() && m_diags.empty())
        error(peek(), "expected a filter after the cql header: the query has none");
    return std::none_of(m_diags.begin(), m_diags.end(),
                        [](const Diagnostic &d) { return d.severity == Diagnostic::Error; });
}

FilterPtr Parser::compileFilterText(std::string_view text, const SourceRange &at, QueryHeader &header, Program &program,
                                    std::vector<Diagnostic> &diagnostics,
                                    const std::map<std::string, const Filter *> &arguments)
{
    Parser p(text, diagnostics);
    for (Token &t : p.m_tokens)
        t.range = at;
    p.m_program = &program;
    p.m_header = &header;
    if (!arguments.empty()) p.m_bindings.push_back(arguments);
    p.m_lowered = !arguments.empty();
    FilterPtr f = p.parseFilter();
    if (f && p.peek().kind != Tok::End) {
        p.error(at, "internal: '" + std::string(text) + "' did not read as one filter");
        f = nullptr;
    }
    return f;
}

bool Parser::startsFilter(size_t ahead) const
{
    const Token &t = peek(ahead);
    switch (t.kind) {
    case Tok::Number:
    case Tok::String:
    case Tok::Designator: return true;
    case Tok::Word: {
        static constexpr std::string_view notStarts[] = {"then", "else", "or", "and", "in", "attacks", "attackedby"};
        for (auto w : notStarts)
            if (t.text == w) return false;
        return true;
    }
    case Tok::Punct:
        switch (t.op) {
        case Op::LParen:
        case Op::LBrace:
        case Op::Tilde:
        case Op::Hash:
        case Op::Minus:
        case Op::Dash:
        case Op::CaptureDash:
        case Op::CommentFilter:
        case Op::ForAll: return true;
        default: return false;
        }
    default: return false;
    }
}

FilterPtr Parser::parseFilter() { return parseExpr(P_LOWEST); }

FilterPtr Parser::parseExpr(int minPrec)
{
    // Function arguments are copied at every use of their parameter: nested
    // in each other, the copies multiply. A bound on all filters made stops it.
    if (filtersMade() > MaxFilters && !m_tooDeep) {
        error(peek(),
              "the query makes more than " + std::to_string(MaxFilters)
                  + " filters (function arguments are copied at every use)");
        m_tooDeep = true;
        m_pos = m_tokens.size() - 1;
        return nullptr;
    }
    if (++m_depth > MaxNesting) {
        --m_depth;
        error(peek(), "the query is nested too deeply (more than " + std::to_string(MaxNesting) + " levels)");
        // Nothing after this point is read: each level then unwinds at once.
        m_tooDeep = true;
        m_pos = m_tokens.size() - 1;
        return nullptr;
    }
    FilterPtr left = !m_glued && !m_pathTop && gluedSetDashAhead() ? parseGluedDash(minPrec) : parsePrefix();
    while (left) {
        const Token &t = peek();
        if ((m_glued && t.spaceBefore)
            || ((m_glued || m_pathTop) && t.kind == Tok::Punct && (t.op == Op::Dash || t.op == Op::CaptureDash)))
            break;
        InfixInfo info;
        bool wordOp = t.kind == Tok::Word;
        if (wordOp) {
            if (t.text == "or")
                info = {P_OR};
            else if (t.text == "and")
                info = {P_AND};
            else if (t.text == "in")
                info = {P_IN};
            else if (t.text == "attacks" || t.text == "attackedby")
                info = {P_ATTACK};
        } else if (t.kind == Tok::Punct) {
            switch (t.op) {
            case Op::Lt:
            case Op::Le:
            case Op::Eq:
            case Op::Ne:
            case Op::Ge:
            case Op::Gt:
            case Op::PosLt:
            case Op::PosLe:
            case Op::PosGt:
            case Op::PosGe: info = {P_REL, true}; break;
            case Op::Plus:
            case Op::Minus: info = {P_ADD}; break;
            case Op::Star:
            case Op::Slash:
            case Op::Percent: info = {P_MUL}; break;
            case Op::Bar: info = {P_UNION}; break;
            case Op::Amp: info = {P_INTER}; break;
            case Op::ArrowRight:
            case Op::ArrowLeft: info = {P_ATTACK}; break;
            case Op::Colon: info = {P_COLON, true}; break;
            case Op::Dash:
            case Op::CaptureDash:
                if (!t.spaceBefore) info = {P_DASH};
                break;
            // S ~~ "re" and S[i:j] bind tighter than `attacks`, looser than ':'.
            case Op::RegexMatch: info = {P_STRING}; break;
            case Op::LBracket:
                if (!t.spaceBefore) info = {P_STRING}; // s[i], s[i:j]
                break;
            default: break;
            }
        }
        if (info.prec < 0 || info.prec < minPrec) break;
        if (info.prec == P_DASH && minPrec == P_COMPL) break; // the reference reads ~T--(from) as (~T)--(from)
        if (t.kind == Tok::Punct && (t.op == Op::ArrowRight || t.op == Op::ArrowLeft) && m_arrowStop != Op::Comma)
            break; // the next link of an arrow chain belongs to the chain (or is an error there)
        // An operator that cannot apply to what stands on its left ends this
        // argument, so `sort find all check > 20` compares the find, not check.
        Type lt = left->type;
        bool ok = true;
        if (info.prec == P_IN)
            ok = lt == Type::Set || lt == Type::String;
        else if (info.prec == P_REL)
            ok = lt == Type::Numeric || lt == Type::Set || lt == Type::String || lt == Type::Position;
        else if (t.kind == Tok::Punct && t.op == Op::Plus)
            ok = lt == Type::Numeric || lt == Type::String;
        else if (info.prec == P_ADD || info.prec == P_MUL)
            ok = lt == Type::Numeric;
        else if (info.prec == P_UNION || info.prec == P_INTER || info.prec == P_ATTACK || info.prec == P_DASH)
            ok = lt == Type::Set;
        else if (info.prec == P_COLON)
            ok = lt == Type::Position;
        if (info.prec == P_INTER && lt == Type::Position) ok = true; // positions: squares alike in both
        if (t.kind == Tok::Punct && (t.op == Op::PosLt || t.op == Op::PosLe || t.op == Op::PosGt || t.op == Op::PosGe))
            ok = lt == Type::Position;
        if (t.kind == Tok::Punct && (t.op == Op::RegexMatch || t.op == Op::LBracket)) ok = lt == Type::String;
        if (!ok) break;
        // In a line, `check+ -->` is a repetition, not an addition.
        if (t.kind == Tok::Punct && (t.op == Op::Plus || t.op == Op::Star) && (isLineTerminator(peek(1)) || m_pathTop))
            break;
        const size_t opAt = m_pos;
        const Token opTok = advance();
        if (info.prec == P_DASH) {
            left = parseDash(std::move(left), opTok);
            continue;
        }
        if (opTok.op == Op::RegexMatch || opTok.op == Op::LBracket) {
            left = opTok.op == Op::RegexMatch ? parseRegex(std::move(left), opTok)
                                              : parseStringIndex(std::move(left), opTok);
            if (!left) break;
            continue;
        }
        if (info.prec == P_COLON) {
            const size_t nextMoves = m_nextMoveFilters;
            FilterPtr right = parseExpr(P_COLON);
            m_nextMoveFilters = nextMoves;
            if (!right) {
                error(opTok, "expected a filter after ':'");
                return left;
            }
            SourceRange r = span(left->range, right->range);
            left = make<AtPositionFilter>(r, std::move(left), std::move(right));
            continue;
        }
        // The reference reads T→(▦←♚)∪♚ as T→((▦←♚)∪♚) and a→b→c as a→(b→c):
        // an arrow's right side takes in set operators and further arrows.
        // A chain of the same arrow (a→b→c) is one line of attack (parsearrows.cpp),
        // so the right side stops before the next arrow of its kind.
        bool arrow = opTok.kind == Tok::Punct && (opTok.op == Op::ArrowRight || opTok.op == Op::ArrowLeft);
        const Op savedStop = m_arrowStop;
        if (arrow) m_arrowStop = opTok.op;
        FilterPtr right = parseExpr(arrow ? P_UNION : info.rightAssoc ? info.prec : info.prec + 1);
        m_arrowStop = savedStop;
        if (!right) {
            error(opTok, "expected a filter after '" + opTok.text + "'");
            return left;
        }
        SourceRange r = span(left->range, right->range);
        if (wordOp && (opTok.text == "or" || opTok.text == "and")) {
            checkTruth(left);
            checkTruth(right);
            left = make<AndOrFilter>(r, opTok.text == "and", std::move(left), std::move(right));
        } else if (wordOp && opTok.text == "in" && left->type == Type::String) {
            if (right->type != Type::String) {
                error(right->range, "expected a string filter after 'in'");
                return left;
            }
            left = makeSubstringTest(r, std::move(left), std::move(right));
        } else if (wordOp && opTok.text == "in") {
            if (left->type != Type::Set) {
                error(left->range, "expected a set or a string before 'in'");
                return left;
            }
            if (right->type != Type::Set) {
                error(right->range, "expected a set filter after 'in'");
                return left;
            }
            left = make<InFilter>(r, std::move(left), std::move(right));
        } else if (info.prec == P_ATTACK) {
            if (right->type != Type::Set) {
                error(right->range, "expected a set filter after '" + opTok.text + "'");
                return left;
            }
            bool attackersValue = opTok.text == "attacks" || opTok.op == Op::ArrowRight;
            if (!wordOp && atOp(opTok.op))
                left = parseArrowChain(opTok, std::move(left), std::move(right));
            else if (attackersValue)
                left = make<AttackFilter>(r, true, std::move(left), std::move(right));
            else
                left = make<AttackFilter>(r, false, std::move(right), std::move(left));
            if (!wordOp && (atOp(Op::ArrowRight) || atOp(Op::ArrowLeft))) {
                error(peek(), "'->' and '<-' cannot be mixed in one chain: use parentheses");
                return nullptr;
            }
        } else if (isPositionOp(opTok) || (info.prec == P_INTER && left->type == Type::Position)) {
            left = makePositionOp(opTok, r, std::move(left), std::move(right));
            if (!left) return nullptr;
        } else if (info.prec == P_REL) {
            CompareFilter::Op op = CompareFilter::Eq;
            switch (opTok.op) {
            case Op::Lt: op = CompareFilter::Lt; break;
            case Op::Le: op = CompareFilter::Le; break;
            case Op::Eq: op = CompareFilter::Eq; break;
            case Op::Ne: op = CompareFilter::Ne; break;
            case Op::Ge: op = CompareFilter::Ge; break;
            default: op = CompareFilter::Gt; break;
            }
            // As CQL 6.2 types them: sets compare with sets only by == and !=,
            // a set with a number by its size; otherwise both sides numbers,
            // both strings or both positions.
            Type lt2 = left->type, rt = right->type;
            const bool eq = op == CompareFilter::Eq || op == CompareFilter::Ne;
            const char *why = nullptr;
            if (rt == Type::Logical)
                why = "cannot compare with a logical filter";
            else if (lt2 == Type::Set && rt == Type::Set       ? !eq
                         : lt2 == Type::Set || rt == Type::Set ? (lt2 != Type::Numeric && rt != Type::Numeric)
                                                               : lt2 != rt)
                why = "the two sides of the comparison do not go together (numbers, strings, positions, or sets "
                      "compared by == and != or with a number)";
            if (why) {
                error(rt == Type::Logical ? right->range : opTok.range, why);
                return left;
            }
            left = make<CompareFilter>(r, op, std::move(left), std::move(right));
        } else if (info.prec == P_UNION || info.prec == P_INTER) {
            if (right->type != Type::Set) {
                error(right->range, "expected a set filter after '" + opTok.text + "'");
                return left;
            }
            left = make<SetOpFilter>(r, info.prec == P_UNION ? SetOpFilter::Union : SetOpFilter::Intersection,
                                     std::move(left), std::move(right));
        } else if (info.prec == P_ADD && (lt == Type::String) != (right->type == Type::String)) {
            // "a" + 1 is not a sum: the + and what follows it are read again
            // as the next filter, as CQL 6.2 does.
            if (opTok.op == Op::Plus && (right->type == Type::Numeric || right->type == Type::String)) {
                m_pos = opAt;
                break;
            }
            error(right->range,
                  lt == Type::String ? "expected a string filter after '+'"
                                     : "expected a numeric filter after '" + opTok.text + "'");
            return left;
        } else if (lt == Type::String) {
            std::vector<FilterPtr> parts;
            parts.push_back(std::move(left));
            parts.push_back(std::move(right));
            left = make<ConcatFilter>(r, std::move(parts));
        } else {
            if (right->type != Type::Numeric) {
                error(right->range, "expected a numeric filter after '" + opTok.text + "'");
                return left;
            }
            ArithFilter::Op op = ArithFilter::Add;
            switch (opTok.op) {
            case Op::Minus: op = ArithFilter::Sub; break;
            case Op::Star: op = ArithFilter::Mul; break;
            case Op::Slash: op = ArithFilter::Div; break;
            case Op::Percent: op = ArithFilter::Mod; break;
            default: break;
            }
            left = make<ArithFilter>(r, op, std::move(left), std::move(right));
        }
    }
    --m_depth;
    return left;
}

void Parser::checkTruth(FilterPtr &f)
{
    if (!f) return;
    // An if asked whether it matches asks its parts (its value is theirs elsewhere).
    if (auto *i = dynamic_cast<IfFilter *>(f.get())) {
        checkTruth(i->thenPart());
        checkTruth(i->elsePart());
        return;
    }
    // So does a block, of its last part (the others were asked as it was read).
    if (auto *c = dynamic_cast<CompoundFilter *>(f.get())) {
        if (!c->parts().empty()) checkTruth(c->lastPart());
        return;
    }
    // The value as written, for a warning only (most filters here need none).
    // A lowered CQL-S keyword's filters carry the script's places, not this text's.
    const auto spelled = [&] {
        const size_t begin = std::min(size_t(f->range.begin.offset), m_source.size());
        const size_t end = std::clamp(size_t(f->range.end.offset), begin, m_source.size());
        return std::string(m_source.substr(begin, end - begin));
    };
    auto warn = [&](const std::string &text, std::string message) {
        warning(f->range, std::move(message), std::max(1, int(text.size())));
    };
    if (f->type == Type::Position && dynamic_cast<const VarFilter *>(f.get())) {
        const std::string text = spelled();
        warn(text,
             "the position variable '" + text
                 + "' is neither true nor false here: evaluating it is an error (CQL 6.2 stops the search there); "
                   "compare it, as in '"
                 + text + " == currentposition', or evaluate a filter at it, as in '" + text + " : check'");
        return;
    }
    if (dynamic_cast<const CaseFilter *>(f.get())) {
        const std::string text = spelled();
        warn(text,
             "'" + text + "' never matches where a filter must match (CQL 6.2 answers false there); compare it, as in '"
                 + text + " == \"...\"', or use it as a value");
        return;
    }
    std::string what;
    if (dynamic_cast<const StringLiteralFilter *>(f.get()))
        what = "the string literal";
    else if (dynamic_cast<const StrFilter *>(f.get()))
        what = "the string 'str' makes";
    else if (dynamic_cast<const ConcatFilter *>(f.get()))
        what = "the joined string";
    else if (f->type == Type::String && dynamic_cast<const VarFilter *>(f.get()))
        what = "the string variable";
    else if (auto *p = dynamic_cast<const PositionTextFilter *>(f.get()); p && p->kind() == PositionTextFilter::Fen)
        what = "the position's FEN ('fen' alone)";
    else if (dynamic_cast<const NumberFilter *>(f.get()))
        what = "the number";
    else if (f->type == Type::Numeric && dynamic_cast<const VarFilter *>(f.get()))
        what = "the numeric variable";
    else if (auto *a = dynamic_cast<const ArithFilter *>(f.get());
             a && (a->op() == ArithFilter::Abs || a->op() == ArithFilter::Sqrt))
        what = a->op() == ArithFilter::Abs ? "the absolute value" : "the square root";
    else if (dynamic_cast<const MinMaxFilter *>(f.get()))
        what = "the maximum or minimum";
    else if (auto *p = dynamic_cast<const PieceTypeFilter *>(f.get()); p && !p->signedByColor())
        what = "a piece type's number ('type')";
    else if (auto *tr = dynamic_cast<const TreeRelationFilter *>(f.get());
             tr && (tr->kind() == TreeRelationFilter::Lca || tr->kind() == TreeRelationFilter::Distance))
        what = tr->kind() == TreeRelationFilter::Lca ? "the common ancestor ('lca')" : "the distance ('distance')";
    else if (dynamic_cast<const SideFilter *>(f.get()))
        what = "a colour's value ('white', 'black' or 'sidetomove', 1 or -1)";
    else if (dynamic_cast<const StringLengthFilter *>(f.get()))
        what = "the length of a string ('#' of a string)";
    else if (auto *n = dynamic_cast<const PieceNameFilter *>(f.get()))
        what = n->withColor() ? "the piece's name ('piecename')" : "the piece's type name ('typename')";
    else if (dynamic_cast<const CurrentTransformFilter *>(f.get()))
        what = "the current transform's name";
    else if (auto *t = dynamic_cast<const TagFilter *>(f.get());
             t && t->kind() == TagFilter::Player && !t->hasPattern())
        what = "both players' names ('player' without white or black)";
    else
        return;
    const std::string text = spelled();
    warn(text,
         "'" + text + "' is " + what
             + ", a value that is neither true nor false here: evaluating it is an error (CQL 6.2 stops the search "
               "there); compare it, as in '"
             + text
             + (f->type == Type::Numeric        ? " > 0"
                    : f->type == Type::Position ? " == currentposition"
                                                : " == \"...\"")
             + "', or use it as a value (comment, message, a variable)");
    const SourceRange r = f->range;
    f = make<ValueAsTruthFilter>(r, std::move(f), what);
}

size_t Parser::gluedResult() const
{
    auto glued = [&](size_t i) { return !peek(i).spaceBefore && peek(i).kind != Tok::End; };
    auto number = [&](size_t i, std::string_view digits) {
        return peek(i).kind == Tok::Number && peek(i).text == digits && (i == 0 || glued(i));
    };
    auto op = [&](size_t i, Op o) { return atOp(o, i) && glued(i); };
    if ((number(0, "1") && op(1, Op::Minus) && number(2, "0"))
        || (number(0, "0") && op(1, Op::Minus) && number(2, "1")))
        return 3;
    if (number(0, "1") && op(1, Op::Slash) && number(2, "2") && op(3, Op::Minus) && number(4, "1") && op(5, Op::Slash)
        && number(6, "2"))
        return 7;
    return 0;
}

bool Parser::atBraceRepetition(size_t ahead) const
{
    // { digits? (, digits?)? } written without blanks; {} is not one, {,} a bad one.
    if (!atOp(Op::LBrace, ahead)) return false;
    auto glued = [&](size_t i) { return !peek(i).spaceBefore && peek(i).kind != Tok::End; };
    auto digits = [&](size_t i) {
        const Token &k = peek(i);
        return glued(i) && k.kind == Tok::Number && !k.text.empty()
            && std::isdigit(static_cast<unsigned char>(k.text[0]));
    };
    size_t i = ahead + 1;
    const bool first = digits(i);
    if (first) ++i;
    bool comma = glued(i) && atOp(Op::Comma, i);
    if (comma) {
        ++i;
        if (digits(i)) ++i;
    }
    return (first || comma) && glued(i) && atOp(Op::RBrace, i);
}

FilterPtr Parser::requireType(FilterPtr f, Type t, const Token &after, const char *what)
{
    if (!f) {
        error(peek(), std::string("expected ") + what + " after '" + after.text + "'");
        return nullptr;
    }
    // A set is no number here: CQL 6.2 counts a set only when it is compared
    // with a number, sorted, or written #S.
    if (f->type != t) {
        error(f->range,
              std::string("expected ") + what + " after '" + after.text + "', found a " + typeName(f->type)
                  + " filter");
        return nullptr;
    }
    return f;
}

FilterPtr Parser::setArg(const Token &after, int prec)
{
    if (!startsFilter()) {
        error(peek(), "expected a set filter after '" + after.text + "'");
        return nullptr;
    }
    return requireType(parseExpr(prec), Type::Set, after, "a set filter");
}

FilterPtr Parser::numArg(const Token &after)
{
    if (!startsFilter()) {
        error(peek(), "expected a numeric filter after '" + after.text + "'");
        return nullptr;
    }
    return requireType(parseExpr(P_ADD), Type::Numeric, after, "a numeric filter");
}

FilterPtr Parser::parseSequenceUntil(Op close)
{
    const Token &open = m_tokens[m_pos - 1];
    struct Restore {
        bool &flag;
        bool value;
        ~Restore() { flag = value; }
    };
    Restore glued{m_glued, m_glued}, pathTop{m_pathTop, m_pathTop};
    const Op outerArrowStop = m_arrowStop; // brackets start afresh
    m_arrowStop = Op::Comma;
    struct RestoreOp {
        Op &op;
        Op value;
        ~RestoreOp() { op = value; }
    } arrowStop{m_arrowStop, outerArrowStop};
    m_glued = false;
    if (close == Op::RBrace) m_pathTop = false;
    std::vector<FilterPtr> parts;
    while (!atOp(close) && peek().kind != Tok::End) {
        size_t before = m_pos;
        if (!startsFilter()) {
            const Token &t = advance();
            error(t, "unexpected '" + t.text + "'");
            continue;
        }
        if (close == Op::RParen && !parts.empty()) {
            error(peek(), "a parenthesized expression holds exactly one filter: expected ')'");
            return nullptr;
        }
        if (FilterPtr f = parseFilter()) {
            // The last part is the block's value: its truth is asked only
            // where the block's is (checkTruth of the compound).
            if (close == Op::RBrace && !parts.empty()) checkTruth(parts.back());
            parts.push_back(std::move(f));
        }
        if (m_pos == before) advance();
    }
    const Token &end = peek();
    if (!acceptOp(close)) {
        error(open, std::string("'") + open.text + "' is not closed");
        return nullptr;
    }
    if (parts.empty()) {
        error(open, std::string("expected a filter inside '") + open.text + opText(close) + "'");
        return nullptr;
    }
    SourceRange r = span(open.range, end.range);
    if (close == Op::RParen && parts.size() == 1) return std::move(parts[0]);
    // {X >= a X <= b} is X >= a <= b, with that value.
    if (foldBounds(parts) && parts.size() == 1) return std::move(parts[0]);
    return make<CompoundFilter>(r, std::move(parts));
}

FilterPtr Parser::parsePrefix()
{
    const Token &t = peek();
    switch (t.kind) {
    case Tok::Number: {
        if (const size_t n = gluedResult()) {
            // CQL 6.2 reads 1-0, 0-1 and 1/2-1/2 written without blanks as a
            // game result, which only 'result' takes; 1 - 0 is arithmetic.
            std::string text;
            for (size_t i = 0; i < n; ++i)
                text += peek(i).text;
            error(t,
                  "'" + text + "' is a game result, which only 'result' takes (write 'result " + text
                      + "'; with blanks, '1 - 0' is a subtraction)");
            m_pos += n;
            return nullptr;
        }
        advance();
        return make<NumberFilter>(t.range, t.number);
    }
    case Tok::String: {
        advance();
        return make<StringLiteralFilter>(t.range, t.text);
    }
    case Tok::Designator: {
        advance();
        return make<DesignatorFilter>(t.range, t.pieces, t.squares);
    }
    case Tok::Word: {
        const Token &w = advance();
        return parseWord(w);
    }
    case Tok::Punct: {
        const Token &p = advance();
        switch (p.op) {
        case Op::LParen: return parseSequenceUntil(Op::RParen);
        case Op::LBrace:
            if (--m_pos, atBraceRepetition()) {
                const Token &open = advance();
                std::string text = open.text;
                while (!atOp(Op::RBrace))
                    text += advance().text;
                text += advance().text;
                error(open, "'" + text + "' is a repetition, which only follows a constituent of line or path");
                return nullptr;
            }
            advance();
            return parseSequenceUntil(Op::RBrace);
        case Op::Tilde: {
            FilterPtr a = requireType(parseExpr(P_COMPL), Type::Set, p, "a set filter");
            return a ? make<ComplementFilter>(p.range, std::move(a)) : nullptr;
        }
        case Op::Hash: {
            if (peek().kind == Tok::Word) {
                auto v = m_vars.find(peek().text);
                if (v != m_vars.end() && m_program->slotTypes[v->second] == Type::Dictionary) {
                    const Token &name = advance();
                    return make<DictionarySizeFilter>(span(p.range, name.range), v->second);
                }
            }
            FilterPtr a = parseExpr(P_UNION);
            if (a && a->type == Type::String) return makeStringLength(p, std::move(a));
            a = requireType(std::move(a), Type::Set, p, "a set filter");
            return a ? make<CountFilter>(p.range, std::move(a)) : nullptr;
        }
        case Op::Minus: {
            // `- 1` is the number -1, as in CQL 6.2 (`sort - 1` sorts a constant).
            if (peek().kind == Tok::Number) {
                const Token &n = advance();
                return make<NumberFilter>(span(p.range, n.range), -n.number);
            }
            FilterPtr a = requireType(parseExpr(P_MUL), Type::Numeric, p, "a numeric filter");
            return a ? make<ArithFilter>(p.range, ArithFilter::Neg, std::move(a)) : nullptr;
        }
        case Op::Dash:
        case Op::CaptureDash:
            if (dashTiedLeft(p)) {
                error(p,
                      "'" + p.text
                          + "' is written against the text before it, where a set filter is expected: "
                            "put a blank before it");
                return nullptr;
            }
            return parseDash(nullptr, p);
        case Op::CommentFilter: return parseComment(p, true);
        case Op::ForAll: {
            // ∀x∊S body = square all x in S body
            return parseIterate(p, false);
        }
        default: error(p, "unexpected '" + p.text + "'"); return nullptr;
        }
    }
    case Tok::End: error(t, "unexpected end of query"); return nullptr;
    default:
        advance();
        error(t, "unexpected '" + t.text + "'");
        return nullptr;
    }
}

int Parser::slotFor(const std::string &name, Type t, const Token &at)
{
    auto it = m_vars.find(name);
    if (it != m_vars.end()) {
        Type old = m_program->slotTypes[it->second];
        if (old != t && !(old == Type::Piece && t == Type::Set)) {
            error(at, "variable '" + name + "' is a " + typeName(old) + " variable, not " + typeName(t));
        }
        return it->second;
    }
    int slot = int(m_program->slotTypes.size());
    m_program->slotTypes.push_back(t);
    m_program->slotNames.push_back(name);
    m_vars[name] = slot;
    return slot;
}

FilterPtr Parser::parseWord(const Token &t)
{
    const std::string &w = t.text;
    if (w.size() == 2 && w[0] == '\\') return parseCapture(t);
    // Function parameters in scope shadow everything.
    for (auto it = m_bindings.rbegin(); it != m_bindings.rend(); ++it) {
        auto b = it->find(w);
        if (b != it->end()) return b->second->transformed(Transform::identity());
    }
    if (const Keyword *k = findKeyword(w); k && !m_vars.count(w)) {
        if (k->category == KeywordCategory::Reserved) {
            error(t, "'" + std::string(w) + "' is a word CQL 6.2 reserves: it is neither a filter nor a name");
            return nullptr;
        }
        if (!k->implemented) {
            error(t, "'" + std::string(w) + "' is not implemented yet");
            // Skip a parenthesised argument list so one message suffices.
            if (atOp(Op::LParen)) {
                int depth = 0;
                do {
                    if (atOp(Op::LParen))
                        ++depth;
                    else if (atOp(Op::RParen))
                        --depth;
                    advance();
                } while (depth > 0 && peek().kind != Tok::End);
            }
            return nullptr;
        }
        return parseKeyword(t);
    }
    if (atAssignment()) {
        const Token op = advance();
        // The value is read up to + and -, not over comparisons or and/or:
        // `v=k or q` is (v=k) or q.
        FilterPtr rhs = startsFilter() ? parseExpr(P_ADD) : nullptr;
        if (!rhs) {
            error(op, "expected a value after '" + op.text + "'");
            return nullptr;
        }
        Type type = rhs->type;
        if (type == Type::Logical) {
            error(rhs->range, "cannot assign a logical filter to '" + std::string(w) + "'");
            return nullptr;
        }
        auto existing = m_vars.find(w);
        if (op.op != Op::Assign && op.op != Op::AssignIfUnbound) {
            // x += y changes x: x must exist, and the operator must fit both types.
            if (existing == m_vars.end() && !m_persistentAssign) {
                error(op, "'" + op.text + "' needs an existing variable '" + std::string(w) + "'");
                return nullptr;
            }
            const Type vt = existing == m_vars.end() ? type : m_program->slotTypes[existing->second];
            const bool setOp = op.op == Op::OrAssign || op.op == Op::AndAssign;
            const bool fits = setOp  ? vt == Type::Set && type == Type::Set
                : vt == Type::String ? op.op == Op::PlusAssign && type == Type::String
                                     : vt == Type::Numeric && type == Type::Numeric;
            if (!fits) {
                error(op,
                      "'" + op.text + "' does not apply to the " + typeName(vt) + " variable '" + std::string(w)
                          + "' and a " + typeName(type) + " value");
                return nullptr;
            }
        }
        if (existing != m_vars.end() && m_program->slotTypes[existing->second] == Type::Piece) {
            // A piece variable follows its piece; only `piece x = S` binds it.
            error(op,
                  "cannot assign to the piece variable '" + std::string(w) + "': write 'piece " + std::string(w)
                      + " = ...'");
            return nullptr;
        }
        int slot = slotFor(w, type, t);
        AssignFilter::Op aop = AssignFilter::Set;
        switch (op.op) {
        case Op::AssignIfUnbound: aop = AssignFilter::SetIfUnbound; break;
        case Op::PlusAssign: aop = AssignFilter::Add; break;
        case Op::MinusAssign: aop = AssignFilter::Sub; break;
        case Op::StarAssign: aop = AssignFilter::Mul; break;
        case Op::SlashAssign: aop = AssignFilter::Div; break;
        case Op::PercentAssign: aop = AssignFilter::Mod; break;
        case Op::OrAssign: aop = AssignFilter::Union; break;
        case Op::AndAssign: aop = AssignFilter::Intersect; break;
        default: break;
        }
        return make<AssignFilter>(span(t.range, rhs->range), slot, type, aop, std::move(rhs));
    }
    if (auto f = m_functions.find(w); f != m_functions.end()) {
        if (!atOp(Op::LParen)) {
            error(t, "expected '(' after the function name '" + std::string(w) + "'");
            return nullptr;
        }
        return parseFunctionCall(t, f->second);
    }
    if (atOp(Op::Element)) {
        // x∊S body: square iteration written with ∊
        --m_pos;
        return parseIterate(t, false);
    }
    if (auto v = m_vars.find(w); v != m_vars.end()) {
        if (m_program->slotTypes[v->second] == Type::Dictionary) return parseDictionaryAccess(t, v->second);
        return make<VarFilter>(t.range, v->second, m_program->slotTypes[v->second]);
    }
    if (FilterPtr f; parsePathFamily(t, f)) return f;
    error(t, "unknown name '" + std::string(w) + "': not a keyword, variable or function");
    return nullptr;
}

FilterPtr Parser::parseFunctionCall(const Token &t, const Function &f)
{
    advance(); // (
    std::vector<FilterPtr> args;
    while (!atOp(Op::RParen) && peek().kind != Tok::End) {
        size_t before = m_pos;
        if (FilterPtr a = parseFilter()) args.push_back(std::move(a));
        if (m_pos == before) advance();
    }
    expectOp(Op::RParen, "to close the arguments");
    if (args.size() != f.params.size()) {
        error(t,
              "function '" + t.text + "' takes " + std::to_string(f.params.size()) + " arguments, not "
                  + std::to_string(args.size()));
        return nullptr;
    }
    if (m_bindings.size() > 50) {
        error(t, "function calls nested too deeply (recursion?)");
        return nullptr;
    }
    // Each call is expanded in place: a body calling its function twice would
    // double the query at every level, so the expansions have a total bound.
    m_expandedTokens += f.bodyEnd - f.bodyBegin;
    if (++m_functionExpansions > MaxFunctionExpansions || m_expandedTokens > MaxExpandedTokens) {
        error(t,
              "function calls expand into more than " + std::to_string(MaxFunctionExpansions)
                  + " copies of function bodies (recursion?)");
        m_tooDeep = true;
        m_pos = m_tokens.size() - 1;
        return nullptr;
    }
    std::map<std::string, const Filter *> scope;
    for (size_t i = 0; i < args.size(); ++i)
        scope[f.params[i]] = args[i].get();
    m_bindings.push_back(std::move(scope));
    bool pathTop = m_pathTop;
    m_pathTop = false;
    size_t saved = m_pos;
    m_pos = f.bodyBegin;
    std::vector<FilterPtr> parts;
    while (m_pos < f.bodyEnd) {
        size_t before = m_pos;
        if (!startsFilter()) {
            advance();
            continue;
        }
        if (FilterPtr p = parseFilter()) {
            if (!parts.empty()) checkTruth(parts.back()); // the last is the call's value
            parts.push_back(std::move(p));
        }
        if (m_pos == before) advance();
    }
    m_pos = saved;
    m_pathTop = pathTop;
    m_bindings.pop_back();
    return make<CompoundFilter>(t.range, std::move(parts));
}

FilterPtr Parser::parseKeyword(const Token &t)
{
    // `not` in a frame of its own: a chain of them nests as deep as a query
    // may, and the other keywords' frame is large.
    if (t.text == "not") {
        FilterPtr a = parseExpr(P_NOT);
        if (!a) {
            error(t, "expected a filter after 'not'");
            return nullptr;
        }
        checkTruth(a);
        return make<NotFilter>(span(t.range, a->range), std::move(a));
    }
    return parseOtherKeyword(t);
}

FilterPtr Parser::parseOtherKeyword(const Token &t)
{
    const std::string_view w = t.text;
    if (FilterPtr f; parseLanguageKeyword(t, f)) return f;
    if (w == "true" || w == "false") return make<ConstantFilter>(t.range, w == "true");
    if (w == "if") {
        FilterPtr c = parseFilter();
        acceptWord("then");
        FilterPtr a = parseFilter();
        FilterPtr b;
        // CQL 6.2 lets `else` end without a filter: then there is no else part.
        if (acceptWord("else") && startsFilter()) b = parseFilter();
        if (!c || !a) {
            error(t, "expected 'if condition [then] filter [else filter]'");
            return nullptr;
        }
        checkTruth(c);
        return make<IfFilter>(t.range, std::move(c), std::move(a), std::move(b));
    }
    static constexpr std::pair<std::string_view, StateFilter::Kind> states[] = {
        {"check", StateFilter::Check},
        {"mate", StateFilter::Mate},
        {"stalemate", StateFilter::Stalemate},
        {"wtm", StateFilter::Wtm},
        {"btm", StateFilter::Btm},
        {"initial", StateFilter::Initial},
        {"terminal", StateFilter::Terminal},
        {"mainline", StateFilter::Mainline},
        {"variation", StateFilter::Variation},
        {"virtualmainline", StateFilter::VirtualMainline},
    };
    for (auto [name, kind] : states) {
        if (w == name) {
            if (kind == StateFilter::Variation) m_program->usesVariations = true;
            return make<StateFilter>(t.range, kind);
        }
    }
    static constexpr std::pair<std::string_view, PositionNumberFilter::Kind> numbers[] = {
        {"ply", PositionNumberFilter::Ply},     {"movenumber", PositionNumberFilter::MoveNumber},
        {"depth", PositionNumberFilter::Depth}, {"gamenumber", PositionNumberFilter::GameNumber},
        {"year", PositionNumberFilter::Year},
    };
    for (auto [name, kind] : numbers) {
        if (w != name) continue;
        if (kind == PositionNumberFilter::GameNumber) m_program->usesGameNumber = true;
        return make<PositionNumberFilter>(t.range, kind);
    }
    if (w == "light" || w == "dark") {
        FilterPtr a = setArg(t, P_COLON);
        return a ? make<ColorSquaresFilter>(t.range, w == "light", std::move(a)) : nullptr;
    }
    if (!directionsFor(w).empty()) return parseDirection(t);
    if (w == "passedpawns") return make<PawnStructureFilter>(t.range, PawnStructureFilter::Passed);
    if (w == "doubledpawns") return make<PawnStructureFilter>(t.range, PawnStructureFilter::Doubled);
    if (w == "isolatedpawns") return make<PawnStructureFilter>(t.range, PawnStructureFilter::Isolated);
    if (w == "connectedpawns") return make<PawnStructureFilter>(t.range, PawnStructureFilter::Connected);
    if (w == "power") {
        FilterPtr a = setArg(t, P_UNION);
        return a ? make<PowerFilter>(t.range, std::move(a)) : nullptr;
    }
    if (w == "type" || w == "colortype") {
        FilterPtr a = setArg(t, P_UNION);
        return a ? make<PieceTypeFilter>(t.range, w == "colortype", std::move(a)) : nullptr;
    }
    if (w == "file" || w == "rank") {
        FilterPtr a = setArg(t, P_UNION);
        return a ? make<SquareCoordFilter>(t.range, w == "file", std::move(a)) : nullptr;
    }
    if (w == "abs" || w == "sqrt") {
        FilterPtr a = numArg(t);
        return a ? make<ArithFilter>(t.range, w == "abs" ? ArithFilter::Abs : ArithFilter::Sqrt, std::move(a))
                 : nullptr;
    }
    if (w == "max" || w == "min") {
        if (!expectOp(Op::LParen, ("after '" + std::string(w) + "'").c_str())) return nullptr;
        std::vector<FilterPtr> args;
        while (!atOp(Op::RParen) && peek().kind != Tok::End) {
            size_t before = m_pos;
            if (FilterPtr a = requireType(parseFilter(), Type::Numeric, t, "numeric arguments"))
                args.push_back(std::move(a));
            if (m_pos == before) advance();
        }
        expectOp(Op::RParen, ("to close '" + std::string(w) + "'").c_str());
        if (args.empty()) {
            error(t, "'" + std::string(w) + "' needs at least one argument");
            return nullptr;
        }
        return make<MinMaxFilter>(t.range, w == "max", std::move(args));
    }
    if (w == "makesquare") {
        // makesquare (file rank), or makesquare S of a string S naming the square.
        const bool paren = acceptOp(Op::LParen);
        if (!startsFilter()) {
            error(peek(), "expected 'makesquare (file rank)' or 'makesquare \"e4\"'");
            return nullptr;
        }
        FilterPtr a = parseExpr(P_ADD);
        if (!a) return nullptr;
        if (a->type == Type::String) {
            if (paren) expectOp(Op::RParen, "to close 'makesquare'");
            return make<MakeSquareFilter>(t.range, std::move(a), nullptr);
        }
        if (!paren) {
            error(a->range, "'makesquare' of numbers takes them in parentheses: makesquare (file rank)");
            return nullptr;
        }
        a = requireType(std::move(a), Type::Numeric, t, "a numeric or string filter");
        FilterPtr b = numArg(t);
        expectOp(Op::RParen, "to close 'makesquare'");
        if (!a || !b) return nullptr;
        return make<MakeSquareFilter>(t.range, std::move(a), std::move(b));
    }
    if (w == "between") {
        if (!expectOp(Op::LParen, ("after '" + std::string(w) + "'").c_str())) return nullptr;
        FilterPtr a = setArg(t, P_UNION);
        FilterPtr b = setArg(t, P_UNION);
        expectOp(Op::RParen, "to close 'between'");
        if (!a || !b) return nullptr;
        return make<BetweenFilter>(t.range, std::move(a), std::move(b));
    }
    if (w == "tag") {
        if (peek().kind != Tok::String) {
            error(peek(), "expected a tag name in quotes after 'tag'");
            return nullptr;
        }
        const Token name = advance();
        if (std::string why = tagNameRefusal(name.text, true); !why.empty()) {
            error(name, why);
            return nullptr;
        }
        return make<TagValueFilter>(t.range, name.text);
    }
    if (w == "lowercase" || w == "uppercase") {
        FilterPtr a = requireType(parseExpr(P_ADD + 1), Type::String, t, "a string filter");
        return a ? make<CaseFilter>(span(t.range, a->range), w == "uppercase", std::move(a)) : nullptr;
    }
    if (w == "isbound" || w == "isunbound" || w == "unbind") {
        // isbound takes a name or, as in CQL 6.2, the name quoted; not a keyword.
        const bool named = (peek().kind == Tok::Word && (m_vars.count(peek().text) || !findKeyword(peek().text)))
            || (w != "unbind" && peek().kind == Tok::String && !peek().text.empty());
        if (!named || !m_vars.count(peek().text)) {
            // An unknown name is simply unbound: isunbound x holds before x is ever set.
            if (named && w != "unbind") {
                const Token name = advance();
                return make<ConstantFilter>(name.range, w == "isunbound");
            }
            error(peek(), "expected a variable name after '" + std::string(w) + "'");
            return nullptr;
        }
        int slot = m_vars[advance().text];
        BoundFilter::Kind k = w == "isbound" ? BoundFilter::IsBound
            : w == "isunbound"               ? BoundFilter::IsUnbound
                                             : BoundFilter::Unbind;
        return make<BoundFilter>(t.range, k, slot);
    }
    if (w == "extension") return make<ConstantFilter>(t.range, false);
    if (w == "pathdebug") return make<ConstantFilter>(t.range, true);
    if (w == "cql_abort") {
        std::string where = "cql_abort at line " + std::to_string(t.range.begin.line) + ", column "
            + std::to_string(t.range.begin.column);
        return make<AssertFilter>(t.range, make<ConstantFilter>(t.range, false), std::move(where));
    }
    if (w == "currentposition") return make<CurrentPositionFilter>(t.range);
    if (w == "parent") return make<RelativeFilter>(t.range, true, nullptr);
    if (w == "child") {
        FilterPtr index;
        if (acceptOp(Op::LParen)) {
            index = numArg(t);
            expectOp(Op::RParen, "to close 'child'");
            if (!index) return nullptr;
        }
        return make<RelativeFilter>(t.range, false, std::move(index));
    }
    if (w == "ancestor" || w == "descendant" || w == "lca" || w == "distance") {
        if (!expectOp(Op::LParen, ("after '" + std::string(w) + "'").c_str())) return nullptr;
        FilterPtr a = requireType(parseFilter(), Type::Position, t, "a position filter");
        FilterPtr b = requireType(parseFilter(), Type::Position, t, "a position filter");
        expectOp(Op::RParen, ("to close '" + std::string(w) + "'").c_str());
        if (!a || !b) return nullptr;
        TreeRelationFilter::Kind k = w == "ancestor" ? TreeRelationFilter::Ancestor
            : w == "descendant"                      ? TreeRelationFilter::Descendant
            : w == "lca"                             ? TreeRelationFilter::Lca
                                                     : TreeRelationFilter::Distance;
        const SourceRange whole{t.range.begin, m_tokens[m_pos - 1].range.end}; // to the closing parenthesis
        return make<TreeRelationFilter>(whole, k, std::move(a), std::move(b));
    }
    if (w == "positionid") return make<PositionIdFilter>(t.range, nullptr);
    if (w == "position") {
        FilterPtr id = numArg(t);
        return id ? make<PositionByIdFilter>(t.range, std::move(id)) : nullptr;
    }
    if (w == "ray" || w == "xray") return parseRay(t, w == "xray");
    if (w == "pin") return parsePin(t);
    if (w == "move") return parseMove(t);
    if (w == "legal" || w == "pseudolegal" || w == "countmoves") {
        // legal X--Y / countmoves [legal] X--Y: the argument is a dash or move filter.
        if (!startsFilter()) {
            error(t, "expected a dash filter (X--Y) after '" + std::string(w) + "'");
            return nullptr;
        }
        m_countingMoves = w == "countmoves";
        FilterPtr a = parseExpr(P_DASH);
        m_countingMoves = false;
        if (w == "countmoves" && dynamic_cast<DashTargetFilter *>(a.get()))
            return make<CountMovesFilter>(t.range, std::move(a));
        auto *mf = dynamic_cast<MoveFilter *>(a.get());
        if (!mf || !mf->spec().dash) {
            error(a ? a->range : t.range, "expected a dash filter (X--Y) after '" + std::string(w) + "'");
            return nullptr;
        }
        if ((w == "legal" || w == "pseudolegal") && (mf->spec().requirePromotion || mf->spec().captureOnly)) {
            error(a->range, "'" + std::string(w) + "' takes no promotion (--=Q) and no capture ([x]), as in CQL 6.2");
            return nullptr;
        }
        if (w == "legal") mf->spec().legal = true;
        if (w == "pseudolegal") mf->spec().pseudolegal = true;
        if (w != "countmoves") return a;
        return make<CountMovesFilter>(t.range, std::move(a));
    }
    if (w == "currentmove") {
        // currentmove X--Y: the dash filter tested on the move that led here.
        FilterPtr a = parseExpr(P_DASH);
        auto *mf = dynamic_cast<MoveFilter *>(a.get());
        if (!mf || !mf->spec().dash || mf->spec().legal || mf->spec().pseudolegal) {
            error(a ? a->range : t.range, "expected a dash filter (X--Y) after 'currentmove'");
            return nullptr;
        }
        mf->spec().previous = true;
        return a;
    }
    // from / to outside a move filter (the move that led here) are in parsepath.cpp, with castle,
    // o-o and o-o-o alone (the move that led here castled, as CQL 6.2 reads them).
    if (FilterPtr f; parsePathFamily(t, f)) return f;
    if (w == "find") return parseFind(t);
    if (w == "line") return parseLine(t);
    TransformKind tk;
    if (transformKindFromName(w, tk)) return parseTransform(t, int(tk));
    if (w == "notransform") {
        FilterPtr a = parseFilter();
        if (!a) {
            error(t, "expected a filter after 'notransform'");
            return nullptr;
        }
        return make<NoTransformFilter>(t.range, std::move(a));
    }
    if (w == "square" || w == "piece") return parseIterate(t, w == "piece");
    if (w == "comment") return parseComment(t, false);
    if (w == "sort") return parseSort(t);
    if (w == "player" || w == "event" || w == "site" || w == "date" || w == "eventdate" || w == "eco" || w == "elo"
        || w == "result")
        return parseGameInfo(t);
    if (w == "function") {
        if (peek().kind != Tok::Word) {
            error(peek(), "expected a function name after 'function'");
            return nullptr;
        }
        std::string name = advance().text;
        Function f;
        if (!expectOp(Op::LParen, "after the function name")) return nullptr;
        while (peek().kind == Tok::Word)
            f.params.push_back(advance().text);
        if (!expectOp(Op::RParen, "after the parameters")) return nullptr;
        if (!expectOp(Op::LBrace, "to start the function body")) return nullptr;
        f.bodyBegin = m_pos;
        int depth = 1;
        while (peek().kind != Tok::End) {
            if (atOp(Op::LBrace)) ++depth;
            if (atOp(Op::RBrace) && --depth == 0) break;
            advance();
        }
        f.bodyEnd = m_pos;
        if (!expectOp(Op::RBrace, "to end the function body")) return nullptr;
        m_functions[name] = f;
        return make<ConstantFilter>(t.range, true);
    }
    if (w == "cql") {
        error(t, "the cql( ... ) header must come first");
        return nullptr;
    }
    error(t, "'" + std::string(w) + "' cannot be used here");
    return nullptr;
}

FilterPtr Parser::parseDirection(const Token &t)
{
    long long lo = 1, hi = 7;
    FilterPtr loF, hiF;
    // A bound may be a numeric variable: 'up DeltaRank S' (chameleon example).
    auto varBound = [this](FilterPtr &f, long long &n) {
        const size_t save = m_pos;
        auto v = peek().kind == Tok::Word ? m_vars.find(peek().text) : m_vars.end();
        if (v != m_vars.end() && m_program->slotTypes[v->second] == Type::Numeric)
            f = make<VarFilter>(advance().range, v->second, Type::Numeric);
        else if (!parseSignedNumber(n))
            return false;
        if (!rangeBoundEnds()) {
            m_pos = save;
            f = nullptr;
            return false;
        }
        return true;
    };
    if (varBound(loF, lo)) {
        if (!varBound(hiF, hi)) {
            hi = lo;
            if (loF) hiF = loF->transformed(Transform::identity());
        }
    }
    FilterPtr a = setArg(t, P_COLON);
    if (!a) return nullptr;
    SourceRange r = span(t.range, a->range);
    if (!loF && !hiF && !DirectionFilter::validRange(lo, hi))
        warning(r,
                "'" + t.text + " " + std::to_string(lo) + (lo == hi ? "" : " " + std::to_string(hi))
                    + "': a direction's range goes from at most 7 steps one way to at most 7 the other, the first "
                      "bound not above the second; evaluating it is an error (CQL 6.2 stops the search there)");
    auto f = std::make_unique<DirectionFilter>(directionsFor(t.text), int(lo), int(hi), std::move(a));
    f->range = r;
    f->setRangeFilters(std::move(loF), std::move(hiF));
    return f;
}

FilterPtr Parser::parseRay(const Token &t, bool xray)
{
    std::vector<Direction> dirs;
    std::set<std::string> named;
    while (peek().kind == Tok::Word && !directionsFor(peek().text).empty()) {
        if (!named.insert(peek().text).second) {
            error(peek(), "the direction '" + peek().text + "' is named twice in '" + t.text + "'");
            return nullptr;
        }
        for (const Direction &d : directionsFor(advance().text))
            dirs.push_back(d);
    }
    if (dirs.empty()) dirs = directionsFor("anydirection");
    if (!expectOp(Op::LParen, ("after '" + t.text + "'").c_str())) return nullptr;
    std::vector<FilterPtr> sets;
    while (!atOp(Op::RParen) && peek().kind != Tok::End) {
        size_t before = m_pos;
        if (FilterPtr s = setArg(t, P_UNION)) sets.push_back(std::move(s));
        if (m_pos == before) advance();
    }
    expectOp(Op::RParen, ("to close '" + t.text + "'").c_str());
    if (sets.size() < 2) {
        error(t, "'" + t.text + "' needs at least two set arguments");
        return nullptr;
    }
    return make<RayFilter>(t.range, xray, std::move(dirs), std::move(sets));
}

FilterPtr Parser::parsePin(const Token &t)
{
    FilterPtr from, through, to;
    enum { None, From, Through, To } first = None;
    for (;;) {
        if (acceptWord("from")) {
            from = setArg(t, P_COLON);
            if (first == None) first = From;
        } else if (acceptWord("through")) {
            through = setArg(t, P_COLON);
            if (first == None) first = Through;
        } else if (acceptWord("to")) {
            to = setArg(t, P_COLON);
            if (first == None) first = To;
        } else
            break;
    }
    PinFilter::Value value = first == From ? PinFilter::Pinners : first == To ? PinFilter::Targets : PinFilter::Pinned;
    return make<PinFilter>(t.range, value, std::move(from), std::move(through), std::move(to));
}

namespace {

// The parameters of `move` that only set a flag.
bool MoveSpec::*moveFlag(std::string_view w)
{
    static constexpr std::pair<std::string_view, bool MoveSpec::*> flags[] = {
        {"null", &MoveSpec::null},         {"legal", &MoveSpec::legal},     {"pseudolegal", &MoveSpec::pseudolegal},
        {"previous", &MoveSpec::previous}, {"primary", &MoveSpec::primary}, {"secondary", &MoveSpec::secondary},
    };
    for (auto [name, flag] : flags)
        if (name == w) return flag;
    return nullptr;
}

} // namespace

// One of the words that set a flag of the move (null, legal, primary ...).
bool Parser::acceptMoveFlag(MoveSpec &s, std::initializer_list<std::string_view> allowed)
{
    if (peek().kind != Tok::Word || std::find(allowed.begin(), allowed.end(), peek().text) == allowed.end())
        return false;
    bool MoveSpec::*flag = moveFlag(peek().text);
    if (!flag) return false;
    s.*flag = true;
    if (peek().text == "secondary") m_program->usesVariations = true;
    advance();
    return true;
}

// o-o and o-o-o, which the lexer reads as o - o (- o); CQL 6.2 knows them
// only without blanks.
bool Parser::atCastleWords(size_t ahead) const
{
    return atWord("o", ahead) && atOp(Op::Minus, ahead + 1) && atWord("o", ahead + 2) && !peek(ahead + 1).spaceBefore
        && !peek(ahead + 2).spaceBefore;
}

bool Parser::acceptCastleWords(MoveSpec &s)
{
    if (!atCastleWords(0)) return false;
    m_pos += 3;
    if (atOp(Op::Minus) && atWord("o", 1) && !peek().spaceBefore && !peek(1).spaceBefore) {
        m_pos += 2;
        s.castleLong = true;
    } else {
        s.castleShort = true;
    }
    return true;
}

FilterPtr Parser::parseMove(const Token &t)
{
    // The parameters in any order, each at most once, with CQL 6.2's rules on
    // which go together; the value is the set of the first of from/to/capture.
    MoveSpec s;
    bool count = false, castling = false, enpassant = false, first = true;
    auto twice = [&](const Token &p) {
        error(p, "'" + p.text + "' appears twice in 'move'");
        return nullptr;
    };
    for (;; first = false) {
        const Token &p = peek();
        if (p.kind != Tok::Word) break;
        const std::string_view w = p.text;
        auto setParam = [&](FilterPtr &slot, MoveSpec::Value v) {
            if (slot) return false;
            advance();
            slot = setArg(p, P_COLON);
            if (first) s.value = v;
            return true;
        };
        if (w == "from") {
            if (!setParam(s.from, MoveSpec::From)) return twice(p);
            if (!s.from) return nullptr;
        } else if (w == "to") {
            if (!setParam(s.to, MoveSpec::To)) return twice(p);
            if (!s.to) return nullptr;
        } else if (w == "capture" || w == "captures") {
            if (!setParam(s.capture, MoveSpec::Capture)) return twice(p);
            if (!s.capture) return nullptr;
        } else if (w == "promote") {
            if (s.requirePromotion) return twice(p);
            advance();
            s.requirePromotion = true;
            if (peek().kind == Tok::Designator && peek().pieces && peek().squares == chess::SquareSet::all())
                s.promote = advance().pieces;
            else {
                error(peek(), "expected a piece type after 'promote' (a piece without squares, e.g. promote [RN])");
                return nullptr;
            }
        } else if (w == "enpassant" || w == "enpassantsquare") {
            if (enpassant) {
                error(p, "'enpassant' or 'enpassantsquare' appears twice in 'move'");
                return nullptr;
            }
            advance();
            enpassant = s.enpassant = true;
            if (w == "enpassantsquare" && !(s.enpassantSquare = setArg(p, P_COLON))) return nullptr;
        } else if (w == "castle" || atCastleWords(0)) {
            if (castling) {
                error(p, "more than one castling parameter in 'move'");
                return nullptr;
            }
            castling = true;
            if (!acceptCastleWords(s)) {
                advance();
                s.castle = true;
            }
        }
        // The flags may repeat (CQL 6.2 accepts `move null null`).
        else if (w == "count") {
            advance();
            count = true;
        } else if (bool MoveSpec::*flag = moveFlag(w)) {
            advance();
            s.*flag = true;
            if (w == "secondary") m_program->usesVariations = true;
        } else
            break;
    }
    const bool generated = s.legal || s.pseudolegal;
    const char *conflict = nullptr;
    if (int(s.legal) + int(s.pseudolegal) + int(s.previous) > 1)
        conflict = "'move' takes only one of 'legal', 'pseudolegal' and 'previous'";
    else if (generated && (s.requirePromotion || s.primary || s.secondary || s.null))
        conflict = "'move legal' and 'move pseudolegal' cannot take 'null', 'primary', 'secondary' or 'promote'";
    else if (generated && s.capture)
        conflict = "'move legal' and 'move pseudolegal' cannot take 'capture'";
    else if (s.null && (s.requirePromotion || enpassant))
        conflict = "'move null' cannot take 'promote' or 'enpassant'";
    else if (enpassant && s.requirePromotion)
        conflict = "a move cannot be both an en passant capture and a promotion";
    else if (count && !generated)
        conflict = "'move count' needs 'legal' or 'pseudolegal'";
    if (conflict) {
        error(t, conflict);
        return nullptr;
    }
    // `move ... comment (...)`: the comment is the move's, written after it.
    if (!generated && atWord("comment")) {
        const Token &c = advance();
        if (!(s.comment = parseComment(c, false))) return nullptr;
    }
    if (!s.previous && !generated) ++m_nextMoveFilters;
    FilterPtr move = make<MoveFilter>(t.range, std::move(s));
    if (count) return make<CountMovesFilter>(t.range, std::move(move));
    return move;
}

bool Parser::atAssignment(size_t ahead, bool ifUnbound) const
{
    const Token &t = peek(ahead);
    return t.kind == Tok::Punct && isAssignment(t.op, ifUnbound);
}

bool Parser::dashTiedLeft(const Token &dash) const
{
    // CQL 6.2 reads a dash written against the token before it as having a
    // left side, so `and[x]` or `"s"--` lack a set where one is expected.
    // After an opening bracket, an operator or a comma the dash stands alone.
    return !dash.spaceBefore && m_pos >= 2 && tiesLeft(m_tokens[m_pos - 2]);
}

bool Parser::tiesLeft(const Token &before)
{
    if (before.kind != Tok::Punct) return true;
    switch (before.op) {
    case Op::RParen:
    case Op::RBrace:
    case Op::RBracket:
    case Op::LBracket:
    case Op::Percent:
    case Op::Hash:
    case Op::Question:
    case Op::AssignIfUnbound:
    case Op::CaptureDash:
    case Op::PosLt:
    case Op::PosGt:
    case Op::PosLe:
    case Op::PosGe:
    case Op::ForAll: return true;
    default: return false;
    }
}

// F--G, F[x]G, --=Q: a move from this position from F to G (capturing with [x]).
FilterPtr Parser::parseDash(FilterPtr left, const Token &dashTok)
{
    MoveSpec s;
    s.dash = true;
    s.from = std::move(left);
    s.captureOnly = dashTok.op == Op::CaptureDash;
    s.value = MoveSpec::To;
    // --=Q, --=T with a string T naming the type
    auto parsePromotion = [&] {
        s.requirePromotion = true;
        if (peek().kind == Tok::Designator && peek().pieces)
            s.promote = advance().pieces;
        else if (peek().kind == Tok::String
                 || (peek().kind == Tok::Word && (m_vars.count(peek().text) || isParameterName(peek().text))))
            s.promoteName = requireType(parseExpr(P_COLON), Type::String, dashTok, "a piece type");
        else
            error(peek(), "expected a piece type after '='");
    };
    if (atOp(Op::LParen) && !peek().spaceBefore && peek(1).kind == Tok::Word && parseDashParameters(s)) {
        // --(castle), --(enpassant primary): parameters in parentheses
    } else if (atOp(Op::Assign) && !peek().spaceBefore) {
        advance();
        parsePromotion();
    } else if (startsFilter() && !peek().spaceBefore && peek().kind != Tok::Word && !atOp(Op::LParen)) {
        s.to = setArg(dashTok, P_COLON);
        if (!s.to) return nullptr;
        if (atOp(Op::Assign) && !peek().spaceBefore) {
            advance();
            parsePromotion();
        }
    } else if (peek().kind == Tok::Word && !peek().spaceBefore && startsFilter()) {
        // A glued word that starts a filter is the target ("K--d1r"); `or`,
        // `and`, `in` ... glued on ("P--or R") are the operators, as in 6.2.
        s.to = setArg(dashTok, P_COLON);
        if (!s.to) return nullptr;
        if (atOp(Op::Assign) && !peek().spaceBefore) {
            advance();
            parsePromotion();
        }
    }
    // --(target): filters tested after the move (see path.cpp).
    if (atOp(Op::LParen) && !peek().spaceBefore)
        return parseDashTarget(std::move(s.from), std::move(s.to), s.captureOnly, s.requirePromotion, s.promote,
                               dashTok);
    // A word after the dash is a filter of its own (CQL 6.2): `A-- secondary`
    // is `{A--} {secondary}`, and `A-- legal` is refused.
    return make<MoveFilter>(dashTok.range, std::move(s));
}

// The parameter list of --(...): true when it was one (else nothing is consumed).
bool Parser::parseDashParameters(MoveSpec &s)
{
    static constexpr std::string_view words[] = {"castle",    "o",     "enpassant",   "null",   "primary",
                                                 "secondary", "legal", "pseudolegal", "capture"};
    // Only a list of these words is parameters: anything else makes the
    // parentheses the move's targets, `--(o-o to)`.
    for (size_t i = 1;; ++i) {
        const Token &w = peek(i);
        if (w.kind == Tok::Punct && w.op == Op::RParen && i > 1) break;
        if (w.kind == Tok::Punct && w.op == Op::Minus && peek(i - 1).text == "o") continue; // o-o
        if (w.kind != Tok::Word || std::find(std::begin(words), std::end(words), w.text) == std::end(words))
            return false;
    }
    advance(); // (
    while (!atOp(Op::RParen) && peek().kind != Tok::End) {
        const Token &p = peek();
        if (acceptWord("castle"))
            s.castle = true;
        else if (acceptCastleWords(s) || acceptMoveFlag(s, {"null", "primary", "secondary", "legal", "pseudolegal"})) {
        } else if (acceptWord("enpassant"))
            s.enpassant = true;
        else if (acceptWord("capture")) {
            s.captureOnly = true;
        } else {
            error(p, "unknown move parameter '" + p.text + "'");
            advance();
        }
    }
    expectOp(Op::RParen, "to close the move parameters");
    return true;
}

FilterPtr Parser::parseFind(const Token &t)
{
    bool all = false, quiet = false, backward = false, hasRange = false;
    long long lo = 0, hi = 0;
    for (;;) {
        if (acceptWord("all"))
            all = true;
        else if (acceptWord("count")) {
            // find count F: the number of positions matching F, also when it is 0
            all = hasRange = true;
            lo = 0;
            hi = 1000000000;
        } else if (acceptWord("quiet"))
            quiet = true;
        else if (acceptOp(Op::LineBackward))
            backward = true;
        else if (bool two; atRangeNumber() && parseRangeNumbers(lo, hi, two)) {
            if (!two) hi = lo; // one number is that number exactly, as every CQL 6.2 range
            hasRange = true;
        } else
            break;
    }
    const size_t nextMoves = m_nextMoveFilters;
    FilterPtr body = parseFilter();
    m_nextMoveFilters = nextMoves;
    if (!body) {
        error(t, "expected a filter after 'find'");
        return nullptr;
    }
    checkTruth(body);
    return make<FindFilter>(span(t.range, body->range), std::move(body), all, quiet, backward, hasRange, lo, hi);
}

FilterPtr Parser::parseLine(const Token &t)
{
    LineFilter::Options o;
    for (;;) {
        if (acceptWord("firstmatch"))
            o.firstMatch = true;
        else if (acceptWord("lastposition"))
            o.lastPosition = true;
        else if (acceptWord("singlecolor"))
            o.singleColor = true;
        else if (acceptWord("nestban")) {
            error(m_tokens[m_pos - 1], "'line nestban' is not implemented yet");
        } else if (acceptWord("primary"))
            o.primary = true;
        else if (acceptWord("secondary")) {
            o.secondary = true;
            m_program->usesVariations = true;
        } else if (acceptWord("quiet"))
            o.quiet = true;
        else if (bool two; peek().kind == Tok::Number && parseRangeNumbers(o.lo, o.hi, two)) {
            if (!two) o.hi = o.lo; // exactly, as for find
            o.hasRange = true;
        } else
            break;
    }
    if (!atOp(Op::LineForward) && !atOp(Op::LineBackward)) {
        error(peek(), "expected '-->' or '<--' after 'line'");
        return nullptr;
    }
    o.backward = atOp(Op::LineBackward);
    const Op arrow = o.backward ? Op::LineBackward : Op::LineForward;

    // Parses constituents separated by arrows, up to (not including) a closing ')'.
    std::function<bool(std::vector<LineElement> &, bool)> parseSeq = [&](std::vector<LineElement> &out, bool inGroup) {
        bool firstInGroup = inGroup;
        while (acceptOp(arrow) || firstInGroup) {
            firstInGroup = false;
            LineElement e;
            // As in CQL 6.2, a parenthesis right after an arrow opens a group
            // of constituents even without arrows inside: `--> (R) & q` is the
            // group (R) followed by `& q`, not the constituent `(R) & q`.
            const bool group = atOp(Op::LParen);
            if (group) {
                advance();
                if (!parseSeq(e.group, true)) return false;
                if (!expectOp(Op::RParen, "to close the line group")) return false;
                if (e.group.size() == 1 && e.group[0].min == 1 && e.group[0].max == 1 && e.group[0].filter) {
                    // (F) is F: matched as a single constituent, not a sub-pattern.
                    LineElement inner = std::move(e.group[0]);
                    e.group.clear();
                    e.filter = std::move(inner.filter);
                    e.eachMove = inner.eachMove;
                }
            } else {
                // A constituent is one filter (what follows it without an arrow
                // is the next filter after the line; a move's comment is the move's).
                const size_t nextMoves = m_nextMoveFilters;
                FilterPtr first = startsFilter() && !atOp(arrow) ? parseFilter() : nullptr;
                if (!first) {
                    error(peek(), "expected a filter after the arrow");
                    return false;
                }
                if (dynamic_cast<const NumberFilter *>(first.get()) || dynamic_cast<const ArithFilter *>(first.get())
                    || (dynamic_cast<const VarFilter *>(first.get()) && first->type == Type::Numeric)) {
                    error(first->range,
                          "a number is not a line constituent (a range or wildcard "
                          "meant? put the constituent in braces)");
                    return false;
                }
                checkTruth(first);
                e.filter = std::move(first);
                e.eachMove = !o.backward && m_nextMoveFilters != nextMoves;
            }
            parseRepetition(e.min, e.max); // repetition suffix
            out.push_back(std::move(e));
        }
        return true;
    };
    std::vector<LineElement> elements;
    const size_t notPositional = m_notPositional;
    const size_t nextMoves = m_nextMoveFilters;
    ++m_lineDepth;
    const bool read = parseSeq(elements, false);
    --m_lineDepth;
    m_nextMoveFilters = nextMoves;
    if (!read) return nullptr;
    o.positional = m_notPositional == notPositional;
    return make<LineFilter>(t.range, o, std::move(elements));
}

// `flip 5 <= x`, `⬓ 8≤sort ...`: a number followed by a comparison or
// arithmetic is the transformed filter, not the transform's range.
bool Parser::atRangeNumber() const
{
    // CQL 6.2 reads `- 8` as the number -8 here too: `flip - 8` has a range and no filter.
    return peek().kind == Tok::Number || (atOp(Op::Minus) && peek(1).kind == Tok::Number);
}

bool Parser::comparisonAfterNumber() const
{
    const Token &n = peek(atOp(Op::Minus) ? 2 : 1);
    if (n.kind != Tok::Punct) return false;
    switch (n.op) {
    case Op::Lt:
    case Op::Le:
    case Op::Eq:
    case Op::Ne:
    case Op::Ge:
    case Op::Gt:
    case Op::Plus:
    case Op::Minus:
    case Op::Star:
    case Op::Slash:
    case Op::Percent: return true;
    default: return false;
    }
}

FilterPtr Parser::parseTransform(const Token &t, int kind)
{
    TransformFilter::Mode mode = TransformFilter::Any;
    long long lo = 0, hi = 0;
    // reversecolor has no count form in CQL 6.2 ('reversecolor count F' is refused there).
    if (TransformKind(kind) == TransformKind::ReverseColor && atWord("count")) {
        error(peek(), "'reversecolor' takes no 'count': expected a filter after it");
        return nullptr;
    }
    if (acceptWord("count")) {
        mode = TransformFilter::Count;
    } else if (bool two; atRangeNumber() && !comparisonAfterNumber() && parseRangeNumbers(lo, hi, two)) {
        if (!two) hi = lo;
        mode = TransformFilter::Range;
    }
    FilterPtr arg = parseFilter();
    if (!arg) {
        error(t, "expected a filter after '" + t.text + "'");
        return nullptr;
    }
    checkTruth(arg);
    if (transformImageBudget() < 0) return nullptr; // reported once, by the outermost transform below
    FilterPtr f;
    try {
        f = make<TransformFilter>(span(t.range, arg->range), TransformKind(kind), mode, lo, hi, *arg);
    } catch (const TransformUndefined &e) {
        error(t, e.what());
        return nullptr;
    }
    if (transformImageBudget() < 0) {
        error(t,
              "'" + t.text
                  + "' makes too many transformed copies of its argument "
                    "(nested transforms multiply); use braces to limit what it applies to");
        return nullptr;
    }
    if (TransformSink *sink = currentTransformSink()) sink->transformFilter(static_cast<const TransformFilter &>(*f));
    return f;
}

FilterPtr Parser::parseIterate(const Token &t, bool pieces)
{
    bool all = t.kind == Tok::Punct && t.op == Op::ForAll;
    if (acceptWord("all")) all = true;
    if (peek().kind != Tok::Word) {
        error(peek(), std::string("expected a variable name after '") + t.text + "'");
        return nullptr;
    }
    Token name = advance();
    if (name.text == "piece" && peek().kind == Tok::Word && !pieces) {
        // ∀◭x∊S: the ◭ before the name makes it a piece iteration
        pieces = true;
        name = advance();
    }
    if (pieces && (atOp(Op::Assign) || atOp(Op::AssignIfUnbound))) {
        // piece x = S: binds the identity of the single piece on S
        advance();
        FilterPtr rhs = setArg(t, P_UNION);
        if (!rhs) return nullptr;
        int slot = slotFor(name.text, Type::Piece, name);
        return make<AssignFilter>(t.range, slot, Type::Piece, AssignFilter::Set, std::move(rhs));
    }
    if (!acceptWord("in") && !acceptOp(Op::Element)) {
        error(peek(), "expected 'in' after the variable name");
        return nullptr;
    }
    if (FilterPtr keys; !pieces && parseDictionaryIteration(t, name, all, keys)) return keys;
    // The name is known from here on, in the domain too (as in CQL 6.2).
    int slot = slotFor(name.text, pieces ? Type::Piece : Type::Set, name);
    FilterPtr domain = setArg(t, P_UNION);
    if (!domain) return nullptr;
    if (!startsFilter()) {
        error(peek(), "expected the body after '" + t.text + " " + name.text + " in ...'");
        return nullptr;
    }
    FilterPtr body = parseFilter();
    if (!body) return nullptr;
    checkTruth(body);
    return make<IterateFilter>(t.range, pieces, all, slot, std::move(domain), std::move(body));
}

FilterPtr Parser::parseComment(const Token &t, bool tripleSlash)
{
    std::vector<FilterPtr> args;
    if (tripleSlash) {
        // `///` takes the rest of its line as arguments.
        int line = t.range.begin.line;
        while (peek().kind != Tok::End && peek().range.begin.line == line && startsFilter()) {
            size_t before = m_pos;
            if (FilterPtr a = parseValueArgument(P_REL)) args.push_back(std::move(a));
            if (m_pos == before) advance();
        }
    } else if (atOp(Op::LParen)) {
        args = parseArgumentList(t, true);
    } else if (FilterPtr a = startsFilter() ? parseValueArgument() : nullptr) {
        args.push_back(std::move(a)); // comment X: one argument, the whole filter after it
    } else {
        error(peek(), "expected '(' or a filter after 'comment'");
        return nullptr;
    }
    if (args.empty()) {
        error(t, "'comment' needs at least one argument");
        return nullptr;
    }
    return make<CommentFilter>(t.range, std::move(args));
}

FilterPtr Parser::parseSort(const Token &t)
{
    SortSpec spec;
    spec.quiet = acceptWord("quiet");
    const bool direction = atWord("min") || atWord("max");
    if (acceptWord("min"))
        spec.minimize = true;
    else
        acceptWord("max");
    if (atWord("quiet")) {
        error(peek(), "'quiet' must come first after 'sort'");
        return nullptr;
    }
    if (peek().kind == Tok::String && !peek().text.empty())
        spec.title = advance().text;
    else if (!direction)
        spec.title = "<sort-id-" + std::to_string(++m_untitledSorts) + ">";
    else {
        // As in CQL 6.2: without it, `sort min (x)` could be the function min.
        error(peek(), "'sort min' and 'sort max' need a title string, e.g. sort min \"pieces\" ...");
        return nullptr;
    }
    FilterPtr arg = startsFilter() ? parseFilter() : nullptr;
    if (!arg) {
        error(t, "expected a numeric, set or string filter after 'sort'");
        return nullptr;
    }
    if (arg->type != Type::Numeric && arg->type != Type::Set && arg->type != Type::String) {
        error(arg->range,
              std::string("sort needs a numeric, set or string filter, found a ") + typeName(arg->type) + " filter");
        return nullptr;
    }
    if (dynamic_cast<const NumberFilter *>(arg.get())) {
        error(arg->range, "a number after 'sort' sorts nothing (ranges are not sort arguments)");
        return nullptr;
    }
    markSortedEcho(arg.get());
    int index = int(m_program->sorts.size());
    m_program->sorts.push_back(spec);
    return make<SortFilter>(t.range, index, spec.minimize, std::move(arg));
}

FilterPtr Parser::parseGameInfo(const Token &t)
{
    const std::string_view w = t.text;
    if (w == "elo") {
        EloFilter::Side side = EloFilter::Either;
        if (acceptWord("white"))
            side = EloFilter::White;
        else if (acceptWord("black"))
            side = EloFilter::Black;
        return make<EloFilter>(t.range, side);
    }
    if (w == "result") {
        std::string r = rawArgument(true);
        if (r != "1-0" && r != "0-1" && r != "1/2-1/2" && r != "*") {
            error(t, "expected 1-0, 0-1 or 1/2-1/2 after 'result'");
            return nullptr;
        }
        return make<TagFilter>(t.range, TagFilter::Result, r, true);
    }
    TagFilter::Kind kind = TagFilter::Player;
    if (w == "player") {
        if (acceptWord("white"))
            kind = TagFilter::PlayerWhite;
        else if (acceptWord("black"))
            kind = TagFilter::PlayerBlack;
    } else if (w == "event")
        kind = TagFilter::Event;
    else if (w == "site")
        kind = TagFilter::Site;
    else if (w == "date")
        kind = TagFilter::Date;
    else if (w == "eventdate")
        kind = TagFilter::EventDate;
    else if (w == "eco")
        kind = TagFilter::Eco;
    if (peek().kind == Tok::String && !peek().text.empty() && !atValueArgument(t.range)) {
        const Token &text = advance();
        if (!plainSearchText(text)) return nullptr;
        return make<TagFilter>(t.range, kind, text.text, true);
    }
    return make<TagFilter>(t.range, kind, std::string(), false);
}

} // namespace cql
