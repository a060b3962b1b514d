// The parser's part for the CQL 6.2 language keywords added after the core:
// strings, control, persistence, piece names, mates and position texts.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "parser.h"

#include "control.h"
#include "dictionary.h"
#include "dictiterate.h"
#include "fenboard.h"
#include "gameedits.h"
#include "hhdb.h"
#include "keywords.h"
#include "logic.h"
#include "mates.h"
#include "pieceinfo.h"
#include "state.h"
#include "stringfilters.h"
#include "vars.h"

#include <utility>
#include <set>
#include <algorithm>

namespace cql {

namespace {

constexpr int PrecTight = 110; // binds like a set argument: over | and tighter operators

} // namespace

FilterPtr Parser::parseValueArgument(int prec)
{
    const size_t outer = std::exchange(m_valueArgumentAt, m_pos);
    FilterPtr a = prec < 0 ? parseFilter() : parseExpr(prec);
    m_valueArgumentAt = outer;
    return a;
}

std::vector<FilterPtr> Parser::parseArgumentList(const Token &t, bool values)
{
    std::vector<FilterPtr> args;
    if (!expectOp(Op::LParen, ("after '" + t.text + "'").c_str())) return args;
    while (!atOp(Op::RParen) && peek().kind != Tok::End) {
        size_t before = m_pos;
        if (FilterPtr a = values ? parseValueArgument() : parseFilter()) args.push_back(std::move(a));
        if (m_pos == before) advance();
    }
    expectOp(Op::RParen, ("to close '" + t.text + "'").c_str());
    return args;
}

bool Parser::parseLanguageKeyword(const Token &t, FilterPtr &out)
{
    const std::string_view w = t.text;
    auto stringArg = [&](int prec) { return requireType(parseExpr(prec), Type::String, t, "a string filter"); };
    if (w == "typename" || w == "piecename") {
        FilterPtr a = setArg(t, PrecTight);
        out = a ? make<PieceNameFilter>(SourceRange{t.range.begin, a->range.end}, w == "piecename", std::move(a))
                : nullptr;
        return true;
    }
    if (w == "pieceid") {
        FilterPtr a = setArg(t, PrecTight);
        out = a ? make<PieceIdFilter>(t.range, std::move(a)) : nullptr;
        return true;
    }
    if (w == "sidetomove" || w == "white" || w == "black") {
        out = make<SideFilter>(t.range, w == "sidetomove" ? 0 : w == "white" ? 1 : -1);
        return true;
    }
    if (w == "currenttransform") {
        out = make<CurrentTransformFilter>(t.range);
        return true;
    }
    if (w == "lastgamenumber") {
        m_program->usesGameCount = true;
        out = make<PositionNumberFilter>(t.range, PositionNumberFilter::LastGameNumber);
        return true;
    }
    if (w == "fen") {
        out = parseFen(t);
        return true;
    }
    if (w == "originalcomment") {
        m_program->usesAnnotations = true;
        out = make<PositionTextFilter>(t.range, PositionTextFilter::OriginalComment);
        // originalcomment "!" / "$3": a NAG on the move that led here; any other
        // text is searched in the comment.
        if (peek().kind == Tok::String && !peek().text.empty()) {
            const int nag = nagOfCommentArgument(peek().text);
            if (nag == -1 || nag > 255) {
                error(peek(),
                      nag == -1 ? "'originalcomment' cannot search for the NAG $0"
                                : "'originalcomment' cannot search for a NAG above 255");
                out = nullptr;
                return true;
            }
            if (nag > 0) {
                out = make<MoveNagFilter>(SourceRange{t.range.begin, advance().range.end}, nag);
                return true;
            }
            out = implicitSearch(std::move(out));
        }
        return true;
    }
    if (w == "removecomment") {
        out = make<RemoveCommentFilter>(t.range);
        return true;
    }
    if (w == "settag") {
        std::vector<FilterPtr> args = parseArgumentList(t);
        out = nullptr;
        if (args.size() != 2 || args[0]->type != Type::String || args[1]->type != Type::String) {
            error(t, "expected settag(\"Name\" \"value\"): two strings");
            return true;
        }
        // The name is a quoted string, as CQL 6.2 requires (not a variable or a sum).
        const auto *name = dynamic_cast<const StringLiteralFilter *>(args[0].get());
        if (!name) {
            error(t, "settag's first argument is the tag's name in quotes");
            return true;
        }
        if (std::string why = tagNameRefusal(name->text(), false); !why.empty()) {
            error(t, why);
            return true;
        }
        out = make<SetTagFilter>(t.range, std::move(args[0]), std::move(args[1]));
        return true;
    }
    if (w == "enpassantsquare") {
        out = make<EnPassantSquareFilter>(t.range);
        return true;
    }
    if (w == "try") {
        m_program->usesVariations = true;
        out = make<TryFilter>(t.range);
        return true;
    }
    if (w == "str" || w == "message") {
        std::vector<FilterPtr> args;
        const bool quiet = w == "message" && acceptWord("quiet"); // no "Game: N move M(wtm): " before the text
        // In str's arguments `fen "text"` is the FEN and then the text, as in 6.2.
        const bool wasInStr = std::exchange(m_inStr, true);
        if (atOp(Op::LParen)) {
            args = parseArgumentList(t, true);
        } else if (startsFilter()) {
            if (FilterPtr a = parseValueArgument()) args.push_back(std::move(a));
        }
        m_inStr = wasInStr;
        if (args.empty()) {
            error(t, "expected '(' or a filter after '" + std::string(w) + "'");
            out = nullptr;
            return true;
        }
        if (w == "str") {
            out = make<StrFilter>(t.range, std::move(args));
        } else {
            out = make<MessageFilter>(t.range, std::move(args), quiet);
            m_program->writesOutside = true;
        }
        return true;
    }
    if (w == "int") {
        FilterPtr a = stringArg(PrecTight);
        out = a ? make<IntFilter>(t.range, std::move(a)) : nullptr;
        return true;
    }
    if (w == "ascii") {
        FilterPtr a = parseExpr(PrecTight);
        if (a && a->type != Type::String && a->type != Type::Numeric) {
            error(a->range, "expected a string or numeric filter after 'ascii'");
            a = nullptr;
        }
        out = a ? make<AsciiFilter>(t.range, std::move(a)) : nullptr;
        return true;
    }
    if (w == "indexof" || w == "writefile") {
        std::vector<FilterPtr> args = parseArgumentList(t);
        out = nullptr;
        if (args.size() != 2) {
            error(t, "'" + std::string(w) + "' takes two arguments");
            return true;
        }
        if (args[0]->type != Type::String || (w == "indexof" && args[1]->type != Type::String)) {
            error(t, "'" + std::string(w) + "' needs string arguments");
            return true;
        }
        if (w == "indexof")
            out = make<IndexOfFilter>(t.range, std::move(args[0]), std::move(args[1]));
        else
            out = make<FileFilter>(t.range, true, std::move(args[0]), std::move(args[1]));
        m_program->writesOutside = m_program->writesOutside || w == "writefile";
        return true;
    }
    if (w == "readfile") {
        FilterPtr a = stringArg(PrecTight);
        out = a ? make<FileFilter>(t.range, false, std::move(a), nullptr) : nullptr;
        return true;
    }
    if (w == "loop") {
        FilterPtr body = parseFilter();
        if (!body) {
            error(t, "expected a filter after 'loop'");
            out = nullptr;
            return true;
        }
        checkTruth(body);
        out = make<LoopFilter>(t.range, std::move(body));
        return true;
    }
    if (w == "while") {
        if (!expectOp(Op::LParen, "after 'while'")) {
            out = nullptr;
            return true;
        }
        FilterPtr cond = parseFilter();
        expectOp(Op::RParen, "to close the condition of 'while'");
        FilterPtr body = cond ? parseFilter() : nullptr;
        if (!body) {
            error(t, "expected 'while (condition) body'");
            out = nullptr;
            return true;
        }
        checkTruth(cond);
        checkTruth(body);
        out = make<WhileFilter>(t.range, std::move(cond), std::move(body));
        return true;
    }
    if (w == "assert") {
        FilterPtr a = parseFilter();
        if (!a) {
            error(t, "expected a filter after 'assert'");
            out = nullptr;
            return true;
        }
        checkTruth(a);
        std::string where = "line " + std::to_string(t.range.begin.line);
        out = make<AssertFilter>(t.range, std::move(a), std::move(where));
        return true;
    }
    if (w == "persistent") {
        bool quiet = acceptWord("quiet");
        if (peek().kind != Tok::Word || findKeyword(peek().text)) {
            error(peek(), "expected a variable assignment after 'persistent'");
            out = nullptr;
            return true;
        }
        const Token name = advance();
        if (!atAssignment(0, false)) {
            error(name, "expected an assignment after 'persistent " + name.text + "'");
            out = nullptr;
            return true;
        }
        auto known = m_vars.find(name.text);
        bool isNew = known == m_vars.end();
        bool wasPersistent = !isNew
            && std::any_of(m_program->persistent.begin(), m_program->persistent.end(),
                           [&](const PersistentVar &v) { return v.slot == known->second; });
        if (!isNew && !wasPersistent) {
            error(name, "variable '" + name.text + "' was used before it was declared persistent");
            out = nullptr;
            return true;
        }
        m_persistentAssign = true; // persistent x += 1 makes x when it is new
        out = parseWord(name);
        m_persistentAssign = false;
        if (!out) return true;
        if (!dynamic_cast<AssignFilter *>(out.get())) {
            error(name, "expected an assignment after 'persistent " + name.text + "'");
            out = nullptr;
            return true;
        }
        int slot = m_vars[name.text];
        if (!wasPersistent) m_program->persistent.push_back({slot, quiet});
        return true;
    }
    if (w == "dictionary" || (w == "local" && atWord("dictionary"))) {
        bool local = w == "local";
        if (local) advance();
        if (peek().kind != Tok::Word || findKeyword(peek().text)) {
            error(peek(), "expected a name after 'dictionary'");
            out = nullptr;
            return true;
        }
        const Token name = advance();
        auto known = m_vars.find(name.text);
        if (known != m_vars.end() && m_program->slotTypes[size_t(known->second)] != Type::Dictionary) {
            error(name,
                  "'" + name.text + "' is already a " + typeName(m_program->slotTypes[size_t(known->second)])
                      + " variable");
            out = nullptr;
            return true;
        }
        int slot = slotFor(name.text, Type::Dictionary, name);
        bool listed = std::any_of(m_program->persistent.begin(), m_program->persistent.end(),
                                  [&](const PersistentVar &v) { return v.slot == slot; });
        if (!local && !listed) m_program->persistent.push_back({slot, true}); // kept across games, never reported
        // The declaration is also a use: `dictionary D[key]` and `dictionary D[key]=value`.
        if (atOp(Op::LBracket) && !peek().spaceBefore)
            out = parseDictionaryAccess(name, slot);
        else
            out = make<ConstantFilter>(t.range, true);
        return true;
    }
    if (w == "local") {
        // In CQL 6.2 `local` only qualifies a dictionary (handled above).
        error(t, "expected 'dictionary' after 'local'");
        out = nullptr;
        return true;
    }
    if (w == "atomic") {
        out = parseAtomic(t);
        return true;
    }
    if (w == "hhdb") {
        out = parseHhdb(t);
        return true;
    }
    if (w == "cql_hhdbhascook") {
        // A cook may be noted in any comment, variations included.
        m_program->usesVariations = true;
        m_program->usesAnnotations = true;
        out = make<HhdbCookedFilter>(t.range);
        return true;
    }
    if (w == "cql_assertvariations") {
        if (peek().kind != Tok::String) {
            error(peek(), "expected a message string after 'cql_assertvariations'");
            out = nullptr;
            return true;
        }
        // Checked once, here: the header (or -variations) decides for the whole query.
        const Token &message = advance();
        if (!(m_header && m_header->variations) && !m_variationsOption) {
            error(t, message.text + " (add 'variations' to the cql header, or run with -variations)");
            out = nullptr;
            return true;
        }
        out = make<ConstantFilter>(t.range, true);
        return true;
    }
    if (w == "puremate" || w == "modelmate" || w == "idealmate" || w == "purestalemate" || w == "modelstalemate"
        || w == "idealstalemate") {
        MateFilter::Kind k = w.starts_with("pure") ? MateFilter::Pure
            : w.starts_with("model")               ? MateFilter::Model
                                                   : MateFilter::Ideal;
        out = make<MateFilter>(t.range, k, w.find("stalemate") != std::string::npos);
        return true;
    }
    return false;
}

FilterPtr Parser::parseCapture(const Token &t)
{
    int n = t.text.size() == 2 ? t.text[1] - '0' : -1;
    if (n < 0 || n > 9) {
        error(t, "expected a capture \\0 .. \\9");
        return nullptr;
    }
    return make<CaptureFilter>(t.range, n);
}

FilterPtr Parser::parseRegex(FilterPtr left, const Token &)
{
    // The pattern is a quoted string, as in CQL 6.2: `S ~~ "re"[1:]` slices the match.
    if (peek().kind != Tok::String) {
        error(peek(), "expected a quoted regular expression after '~~'");
        return nullptr;
    }
    const Token &quoted = advance();
    FilterPtr pattern = make<StringLiteralFilter>(quoted.range, quoted.text);
    if (auto *lit = dynamic_cast<const StringLiteralFilter *>(pattern.get())) {
        std::string why;
        if (!Regex::compile(lit->text(), &why)) {
            error(pattern->range, "bad regular expression: " + why);
            return nullptr;
        }
    }
    SourceRange r{left->range.begin, pattern->range.end};
    return make<RegexFilter>(r, std::move(left), std::move(pattern));
}

FilterPtr Parser::parseStringIndex(FilterPtr left, const Token &open)
{
    FilterPtr from, to;
    bool slice = false;
    if (!atOp(Op::Colon)) from = requireType(parseFilter(), Type::Numeric, open, "a numeric index");
    if (acceptOp(Op::Colon)) {
        slice = true;
        if (!atOp(Op::RBracket)) to = requireType(parseFilter(), Type::Numeric, open, "a numeric index");
    }
    const Token &close = peek();
    if (!expectOp(Op::RBracket, "to close the index")) return nullptr;
    if (!slice && !from) return nullptr;
    SourceRange r{left->range.begin, close.range.end};
    return make<StringIndexFilter>(r, std::move(left), std::move(from), std::move(to), slice);
}

FilterPtr Parser::makeSubstringTest(const SourceRange &r, FilterPtr part, FilterPtr whole)
{
    return make<SubstringFilter>(r, std::move(part), std::move(whole));
}

// Out of parseLanguageKeyword, whose frame every nesting level pays for.
FilterPtr Parser::parseFen(const Token &t)
{
    // fen "board": the position has those pieces on those squares (CQL 6.2);
    // fen alone is the position's FEN, a string.
    if (peek().kind != Tok::String || m_inStr || atValueArgument(t.range))
        return make<PositionTextFilter>(t.range, PositionTextFilter::Fen);
    const Token board = advance();
    std::string squares, why;
    if (!fenBoardFilter(board.text, squares, why)) {
        error(board, "'fen' needs a board in FEN (\"rnbqkbnr/pppppppp/8/...\"): " + why);
        return nullptr;
    }
    // A logical filter, as in 6.2 (the braces alone would be a set).
    return parseCqlText("(false or " + squares + ")", t);
}

FilterPtr Parser::parseAtomic(const Token &t)
{
    // atomic x = v: an assignment that makes x atomic for later paths.
    if (peek().kind != Tok::Word || findKeyword(peek().text) || !atAssignment(1, false)) {
        error(t, "expected an assignment 'atomic name = value'");
        return nullptr;
    }
    const Token &name = advance();
    FilterPtr out = parseWord(name);
    // A path written after this restores the variable when it leaves a
    // move it tried, and when it ends (path.cpp).
    if (auto v = m_vars.find(name.text); out && v != m_vars.end()
        && std::find(m_atomicSlots.begin(), m_atomicSlots.end(), v->second) == m_atomicSlots.end())
        m_atomicSlots.push_back(v->second);
    return out;
}

FilterPtr Parser::parseDictionaryAccess(const Token &name, int slot)
{
    // The name alone is a filter that always matches, as in CQL 6.2.
    if (!atOp(Op::LBracket) || peek().spaceBefore) return make<ConstantFilter>(name.range, true);
    advance();
    FilterPtr key = parseFilter();
    if (!key || key->type == Type::Logical) {
        error(name, "expected a key (a value, not a logical filter) in '" + name.text + "[...]'");
        return nullptr;
    }
    m_dictKeyTypes.emplace(slot, key->type);
    const Token &close = peek();
    if (!expectOp(Op::RBracket, "to close the dictionary key")) return nullptr;
    SourceRange r{name.range.begin, close.range.end};
    if (acceptOp(Op::Assign)) {
        FilterPtr value = parseFilter();
        if (!value || value->type == Type::Logical || value->type == Type::Dictionary) {
            error(name, "expected a value to store in '" + name.text + "[...]'");
            return nullptr;
        }
        auto known = m_dictValueTypes.find(slot);
        if (known != m_dictValueTypes.end() && known->second != value->type) {
            error(value->range,
                  std::string("the dictionary '") + name.text + "' holds " + typeName(known->second) + " values, not "
                      + typeName(value->type));
            return nullptr;
        }
        m_dictValueTypes[slot] = value->type;
        return make<DictionarySetFilter>(r, slot, std::move(key), std::move(value));
    }
    auto known = m_dictValueTypes.find(slot);
    // Before any assignment is seen the entry reads as text; it can still be tested.
    Type vt = known != m_dictValueTypes.end() ? known->second : Type::String;
    return make<DictionaryGetFilter>(r, slot, std::move(key), vt);
}

bool Parser::parseDictionaryIteration(const Token &t, const Token &name, bool all, FilterPtr &out)
{
    // k∊D with D a dictionary (not an entry D[key]): iterate over its keys.
    if (peek().kind != Tok::Word || (atOp(Op::LBracket, 1) && !peek(1).spaceBefore)) return false;
    auto d = m_vars.find(peek().text);
    if (d == m_vars.end() || m_program->slotTypes[d->second] != Type::Dictionary) return false;
    const Token dict = advance();
    out = nullptr;
    auto kt = m_dictKeyTypes.find(d->second);
    if (kt == m_dictKeyTypes.end()) {
        error(dict,
              "the keys of the dictionary '" + dict.text + "' are not known here: use " + dict.text
                  + "[key] before iterating over it");
        return true;
    }
    if (kt->second != Type::String && kt->second != Type::Numeric && kt->second != Type::Set
        && kt->second != Type::Position) {
        error(dict,
              std::string("iterating over a dictionary with ") + typeName(kt->second) + " keys is not implemented yet");
        return true;
    }
    int keySlot = slotFor(name.text, kt->second, name);
    FilterPtr body = startsFilter() ? parseFilter() : nullptr;
    if (!body) body = make<ConstantFilter>(t.range, true);
    out = make<DictIterateFilter>(t.range, all, keySlot, kt->second, d->second, std::move(body));
    return true;
}

std::string Parser::tagNameRefusal(const std::string &name, bool reading)
{
    // The roster tags CQL 6.2 reads from its own game fields (settag cannot change them).
    static const std::set<std::string, std::less<>> builtIn = {"Black", "White", "Event", "EventDate",
                                                               "Site",  "Date",  "ECO",   "FEN"};
    if (reading && builtIn.count(name)) return {};
    if (name.empty()) return "a tag name cannot be empty";
    auto isTagChar = [](char c) { return std::isalnum((unsigned char)c) || c == '_'; };
    if (!std::isalnum((unsigned char)name[0])) return "a tag name starts with a letter or digit: '" + name + "'";
    if (!std::all_of(name.begin(), name.end(), isTagChar))
        return "a tag name holds letters, digits and underscores only: '" + name + "'";
    // Spellings near the roster tags CQL 6.2 keeps to itself.
    static const std::set<std::string, std::less<>> nearBuiltIn = {
        "Black", "black", "BLACK", "White",  "white",  "WHITE",  "Event",     "event",     "EVENT",     "Site",
        "site",  "SITE",  "Date",  "date",   "DATE",   "Eco",    "eco",       "ECO",       "Fen",       "fen",
        "FEN",   "Round", "ROUND", "Result", "result", "RESULT", "EventDate", "eventdate", "eventDate", "EVENTDATE"};
    if (nearBuiltIn.count(name))
        return "CQL 6.2 does not let 'tag' or 'settag' use a name this close to a built-in tag: '" + name + "'";
    if (name.size() > 5 && (name.compare(0, 5, "White") == 0 || name.compare(0, 5, "Black") == 0))
        return "CQL 6.2 does not let 'tag' or 'settag' use a name beginning with White or Black: '" + name + "'";
    if (name.size() > 60) return "a tag name has at most 60 characters in CQL 6.2";
    return {};
}

bool Parser::isParameterName(const std::string &name) const
{
    for (const auto &scope : m_bindings)
        if (scope.count(name)) return true;
    return false;
}

FilterPtr Parser::makeStringLength(const Token &hash, FilterPtr s)
{
    const SourceRange r{hash.range.begin, s->range.end};
    return make<StringLengthFilter>(r, std::move(s));
}

} // namespace cql
