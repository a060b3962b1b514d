// The CQL 6 parser: tokens in, compiled filter tree out. Precedence and
// argument binding follow the reference engine's table: set-valued prefix
// filters (directions, light, dark, move and pin parameters) take one tight
// argument, numeric arguments extend over + and -, other set arguments over |,
// and the rest (transforms, find, sort, ...) take everything after them, where
// an operator that cannot apply to its left side ends the argument.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"
#include "program.h"
#include "query.h"
#include "token.h"

#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace cql {

struct PathCon;

// Deepest nesting of filters a query may have; real queries stay below 30.
constexpr int MaxNesting = 400;
// Function calls a query may expand in all (each call copies the body).
constexpr int MaxFunctionExpansions = 20000;
// ... and the tokens of their bodies, so compiling stays well under a second.
constexpr size_t MaxExpandedTokens = 100000;
// ... and the filters compiling makes in all (copies of arguments included).
constexpr long MaxFilters = 1000000;

class Parser {
public:
    Parser(std::string_view source, std::vector<Diagnostic> &diagnostics);
    // Parses a whole query (with or without the cql(...) header).
    bool parseQuery(QueryHeader &header, Program &program, bool requireHeader = true);
    // Variations are searched whatever the header says (cqlwb-cli -variations).
    void setVariationsSearched(bool on) { m_variationsOption = on; }
    // CQL text compiled as one filter into a program being built (the CQL-S
    // compiler lowers its keywords so): every token stands at `at`, so a
    // message points there; null after an error. A word of `arguments` stands
    // for a copy of its filter, as a function's parameter does.
    // Its arguments count as positional in a line (positionaltokens.h): the
    // CQL-S values they are depend on the position alone.
    static FilterPtr compileFilterText(std::string_view text, const SourceRange &at, QueryHeader &header,
                                       Program &program, std::vector<Diagnostic> &diagnostics,
                                       const std::map<std::string, const Filter *> &arguments = {});

private:
    struct Function {
        std::vector<std::string> params;
        size_t bodyBegin = 0, bodyEnd = 0; // token range of the body, braces excluded
    };

    // A filter of type T covering r.
    template <typename T, typename... A>
    static FilterPtr make(const SourceRange &r, A &&...a)
    {
        auto f = std::make_unique<T>(std::forward<A>(a)...);
        f->range = r;
        return f;
    }
    // True when the token after a range bound lets it be one: a bound followed
    // by an operator starts an expression instead (right 1 - 1 K).
    bool rangeBoundEnds() const;

    // Token access
    const Token &peek(size_t ahead = 0) const;
    const Token &advance();
    bool atOp(Op op, size_t ahead = 0) const;
    bool atWord(std::string_view w, size_t ahead = 0) const;
    bool acceptOp(Op op);
    bool acceptWord(std::string_view w);
    bool expectOp(Op op, const char *what);

    void error(const Token &at, std::string message);
    void error(const SourceRange &r, std::string message);
    // length 0: the range's own, on its line
    void warning(const SourceRange &r, std::string message, int length = 0);

    void parseHeader(QueryHeader &h);
    std::string rawArgument(bool stopAtBraces = false); // raw text up to blank or ')', for file names and results
    bool parseRangeNumbers(long long &lo, long long &hi, bool &two);
    bool parseSignedNumber(long long &v);

    FilterPtr parseFilter(); // one filter at lowest precedence
    FilterPtr parseExpr(int minPrec);
    FilterPtr parsePrefix();
    FilterPtr parseKeyword(const Token &t);
    [[gnu::noinline]] FilterPtr parseOtherKeyword(const Token &t);
    FilterPtr parseSequenceUntil(Op close); // { ... } body
    FilterPtr parseTransform(const Token &t, int kind);
    FilterPtr parseDirection(const Token &t);
    FilterPtr parseMove(const Token &t);
    // An assignment operator (=, +=, ... and, with ifUnbound, =?) at peek(ahead).
    bool atAssignment(size_t ahead = 0, bool ifUnbound = true) const;
    bool dashTiedLeft(const Token &dash) const;
    // A dash written right after this token takes it as its left side (CQL 6.2's rule).
    static bool tiesLeft(const Token &before);
    FilterPtr parseDash(FilterPtr left, const Token &dashTok);
    bool parseDashParameters(struct MoveSpec &s);
    bool acceptCastleWords(MoveSpec &s);
    bool atCastleWords(size_t ahead) const;
    bool acceptMoveFlag(MoveSpec &s, std::initializer_list<std::string_view> allowed);
    FilterPtr parseFind(const Token &t);
    FilterPtr parseLine(const Token &t);
    FilterPtr parsePin(const Token &t);
    FilterPtr parseRay(const Token &t, bool xray);
    FilterPtr parseIterate(const Token &t, bool pieces);
    FilterPtr parseComment(const Token &t, bool tripleSlash);
    FilterPtr parseSort(const Token &t);
    FilterPtr parseGameInfo(const Token &t);
    FilterPtr parseWord(const Token &t);
    FilterPtr parseFunctionCall(const Token &t, const Function &f);
    // parsehhdb.cpp: hhdb fields; CQL text compiled in place of a token; the
    // implicit search of a string filter followed by a quoted text.
    FilterPtr parseHhdb(const Token &t);
    std::string hhdbKey();
    FilterPtr parseCqlText(std::string_view text, const Token &at);
    FilterPtr implicitSearch(FilterPtr f);
    bool plainSearchText(const Token &text);
    // parser_lang.cpp: the CQL 6.2 keywords for strings, control, persistence,
    // piece names and mates. True when t was one of them (out may be null on error).
    bool parseLanguageKeyword(const Token &t, FilterPtr &out);
    // values: the arguments of comment, message or str, where a word that
    // searches a trailing text (event "x", fen "...") is its value and the
    // text the next argument, as in CQL 6.2.
    std::vector<FilterPtr> parseArgumentList(const Token &t, bool values = false);
    FilterPtr parseValueArgument(int prec = -1);
    bool atValueArgument(const SourceRange &r) const
    {
        return m_valueArgumentAt < m_tokens.size() && m_tokens[m_valueArgumentAt].range.begin.offset == r.begin.offset;
    }
    FilterPtr parseCapture(const Token &t);
    FilterPtr parseRegex(FilterPtr left, const Token &op);
    FilterPtr parseStringIndex(FilterPtr left, const Token &open);
    FilterPtr makeStringLength(const Token &hash, FilterPtr s);
    bool isParameterName(const std::string &name) const;
    // Why CQL 6.2 refuses `tag "name"` (reading) or `settag("name" ...)`, "" when it does not.
    static std::string tagNameRefusal(const std::string &name, bool reading);
    [[gnu::noinline]] FilterPtr parseFen(const Token &t);
    [[gnu::noinline]] FilterPtr parseAtomic(const Token &t);
    FilterPtr parseDictionaryAccess(const Token &name, int slot); // D[key], D[key] = value
    FilterPtr makeSubstringTest(const SourceRange &r, FilterPtr part, FilterPtr whole);
    // parsepositionops.cpp: x & y and x [<] y ... on two positions.
    static bool isPositionOp(const Token &op);
    bool comparisonAfterNumber() const; // parser.cpp, for transform ranges
    bool atRangeNumber() const;         // a number, or - and a number, starts here
    FilterPtr parseArrowChain(const Token &arrow, FilterPtr first, FilterPtr second); // parsearrows.cpp
    FilterPtr makePositionOp(const Token &op, const SourceRange &r, FilterPtr left, FilterPtr right);
    FilterPtr requireType(FilterPtr f, Type t, const Token &after, const char *what);
    // Where a filter must match or not, a value that is neither true nor
    // false (a position variable, a string literal, str, a string sum or
    // variable, fen alone): CQL 6.2 accepts the query but stops the search
    // when it evaluates one. A warning here; the evaluator stops there too
    // (VarFilter::match, ValueAsTruthFilter, which f becomes for strings).
    void checkTruth(FilterPtr &f);
    // At `{` glued to digits and commas up to `}`: CQL 6.2 reads {n,m} as one
    // repetition token, which only a line or path constituent takes.
    bool atBraceRepetition(size_t ahead = 0) const;
    // At 1-0, 0-1 or 1/2-1/2 without blanks: the number of tokens it spans, else 0.
    size_t gluedResult() const;
    FilterPtr setArg(const Token &after, int prec);
    FilterPtr numArg(const Token &after);
    bool startsFilter(size_t ahead = 0) const;
    int slotFor(const std::string &name, Type t, const Token &at);

    // The path family (parsepath.cpp).
    bool parsePathFamily(const Token &t, FilterPtr &out); // true if t is one of its keywords
    FilterPtr parsePath(const Token &t);
    bool refuseNumberConstituent(const Filter &f); // said, and true, for `10` or `{ 10 }`
    bool parsePathCons(std::vector<PathCon> &out, bool inChain);
    void parsePathDash(PathCon &c, FilterPtr left, const Token &dashTok);
    bool parseDashPromotion(PathCon &c, const Token &dashTok);
    bool parseRepetition(int &min, int &max);
    void parsePathWildcard(PathCon &c);
    bool atPathWildcard() const;
    bool tiedDashAhead() const;
    bool parenHoldsDash() const;
    bool afterBlankLine() const;    // a blank line ends the paths open at this level
    bool gluedSetDashAhead() const; // S∩T--U: the dash takes the whole glued set on its left
    FilterPtr parseGluedDash(int minPrec);
    FilterPtr parseDashTarget(FilterPtr left, FilterPtr right, bool captureOnly, bool requirePromotion,
                              PieceMask promote, const Token &dashTok);
    FilterPtr parseEcho(const Token &t);
    bool parseDictionaryIteration(const Token &t, const Token &name, bool all, FilterPtr &out);
    FilterPtr parseConsecutiveMoves(const Token &t);
    void markSortedEcho(Filter *sortArgument);

    std::string_view m_source;
    std::vector<Token> m_tokens;
    std::vector<int> m_atomicSlots;        // variables declared atomic so far
    size_t m_valueArgumentAt = size_t(-1); // the token a value argument starts at
    bool m_inStr = false;                  // parsing the arguments of str or message
    size_t m_pos = 0;
    std::vector<Diagnostic> &m_diags;
    Program *m_program = nullptr;
    std::map<std::string, int> m_vars;
    std::map<std::string, Function> m_functions;
    std::map<int, Type> m_dictValueTypes; // dictionary slot -> type of its values, once assigned
    std::map<int, Type> m_dictKeyTypes;   // dictionary slot -> type of its keys, once used
    std::vector<std::map<std::string, const Filter *>> m_bindings; // function parameters in scope
    int m_depth = 0;
    int m_untitledSorts = 0; // numbers them as CQL 6.2 does: in the order they begin
    // Past the nesting limit the rest of the query is not read: set once, it
    // silences the messages every open level would add while unwinding.
    bool m_tooDeep = false;
    bool m_variationsOption = false;
    const QueryHeader *m_header = nullptr;
    bool m_persistentAssign = false; // reading the assignment after `persistent`
    int m_functionExpansions = 0;
    size_t m_expandedTokens = 0;
    std::set<std::pair<int, int>> m_errorPlaces; // line, column of each message so far
    Op m_arrowStop = Op::Comma;                  // while an arrow's right side is read: that arrow (Comma: none)
    bool m_glued = false;                        // parsing the operand of a dash: only tokens glued to it
    int m_pathDepth = 0;                         // inside path constituents
    bool m_pathTop = false; // at a path's top level (no brace opened since): + * -- belong to the path
    int m_pathChain = 0;    // inside ( ) groups of a path, where blank lines do not end it
    // While a line's constituents are read: how many tokens read so far are
    // not positional (positionaltokens.h); a line is positional when reading
    // it added none.
    int m_lineDepth = 0;
    size_t m_notPositional = 0;
    // `move` filters of the game's next moves (not previous, legal or a dash)
    // read so far outside find, line, echo and x : F bodies: a line
    // constituent that reads one is tested move by move (multi.h).
    size_t m_nextMoveFilters = 0;
    bool m_lowered = false;       // m_bindings[0] holds the arguments of compileFilterText
    bool m_countingMoves = false; // reading the dash of countmoves: it stays a DashTargetFilter

    bool positionalToken(const Token &t) const;
};

} // namespace cql
