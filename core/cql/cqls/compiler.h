// The CQL-S compiler (parser.h's compileScript): the checked list tree in,
// the filter tree out. One class, its members in files by what they compile:
// parser.cpp the match and position lists, compilekeywords.cpp the position
// list keywords, compilematch.cpp the match list's game information,
// compiledates.cpp dates, compilepawns.cpp pawn attributes.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "cql/cqls/accumulator.h"
#include "cql/cqls/designatorfilters.h"
#include "cql/cqls/facts.h"
#include "cql/cqls/gameinfo.h"
#include "cql/cqls/geometry.h"
#include "cql/cqls/matchlist.h"
#include "cql/cqls/pawnattributes.h"
#include "cql/cqls/relation.h"
#include "cql/cqls/tagging.h"
#include "cql/cqls/tags.h"
#include "cql/cqls/variantfacts.h"
#include "cql/cqls/designators.h"
#include "cql/cqls/evaluation.h"
#include "cql/cqls/exchange.h"
#include "cql/cqls/keywordtable.h"
#include "cql/cqls/lexer.h"
#include "cql/cqls/listlogic.h"
#include "cql/cqls/line.h"
#include "cql/cqls/pawncounting.h"
#include "cql/cqls/relationimage.h"
#include "cql/cqls/syntax.h"
#include "game/ficsstart.h"

#include "cql/logic.h"
#include "cql/moves.h"
#include "cql/sets.h"
#include "cql/state.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <climits>
#include <functional>
#include <map>
#include <unordered_map>
#include <set>

namespace cql::cqls {

using chess::SquareSet;

class Compiler {
public:
    Compiler(QueryHeader &h, Program &p, std::vector<Diagnostic> &d) : m_header(h), m_program(p), m_diags(d) {}

    bool run(std::string_view text);

    // Under :eithercolor's second reading: White's keywords become Black's.
    std::string colourSwapped(const std::string &n) const;

private:
    // What a keyword's back end reads: its node, the items of
    // its arguments from i on, and the parameter of its row in the back ends' tables (positionFilter, matchKeyword).
    struct Call {
        const KeywordNode &node;
        const std::string &n;
        const Item &at;
        const std::vector<Item> &items;
        size_t &i;
        int param;
    };
    using Handler = FilterPtr (Compiler::*)(const Call &);
    static constexpr int Negated = 1 << 20; // a row's parameter flag: the filter negated

    // --- diagnostics
    // A keyword that compiles but cannot match in a PGN game: said, not hidden.
    void warning(const Item &at, std::string message);

    void error(const Item &at, std::string message);

    // --- tagging: ':forany name D' in the match list declares a tag for the whole script.
    void declareTags(const ListNode &list);

    // --- the match list
    // What a position list of the match list says about the game beyond its filter.
    struct TopLevel {
        Range count; // :matchcount (default: at least once)
        bool haveCount = false;
        bool cutSelf = false;     // parameterless :cut: the list is a cut condition
        bool excludeSelf = false; // parameterless :exclude: the list is an exclusion
        bool skipSelf = false;    // parameterless :skip: the positions the list matches are passed over
        bool runs = false;        // :repetitioncount: the range is for runs of positions
        bool perImage = false;    // :pretransform...: each transform image counts on its own
        std::vector<FilterPtr> cuts, excludes, skips; // the argument forms
        std::vector<bool> cutsPreceding;              // per cut: it holds :preceding
        TopLevel() { count.lo.value = 1; }
    };

    void compileMatch(const ListNode &list);

    // A word or list of the match list that is no keyword's argument.
    void notInMatchList(const Item &it);

    // A variable slot for a GameGateFilter's answer for the game.
    int gateSlot();

    // Game-level keywords of the match list.
    // Each keyword's back end reads its items (KeywordNode::items) from i on
    // and leaves i past what it read; what it leaves belongs to the list.
    FilterPtr matchKeyword(const KeywordNode &k, size_t &i);
    FilterPtr matchLogicKeyword(const Call &c);
    FilterPtr playerKeyword(const Call &c);
    FilterPtr gameRangeKeyword(const Call &c);
    FilterPtr hasCommentsKeyword(const Call &c);
    FilterPtr commentKeyword(const Call &c);
    FilterPtr outputKeyword(const Call &c);
    FilterPtr noEffectKeyword(const Call &c);
    FilterPtr topOnlyKeyword(const Call &c);

    // A comma-separated list word ("GM,IM", "tourn,swiss"), lower case.
    bool commaList(const Item &at, const std::vector<Item> &items, size_t &i, std::vector<std::string> &out);
    // ... and one whose words `known` accepts, else an error "'w' is not <what>".
    bool knownWords(const Call &c, std::vector<std::string> &out, const std::function<bool(const std::string &)> &known,
                    std::string_view what);

    // :variant and :startposition, in both kinds of list.
    FilterPtr variantKeyword(const Call &c);

    // Whether :line's moves end with a lone '*' ("e2-e4 e7-e5 *").
    static bool lineEndsWithStar(std::string_view t);

    // :birthyear and its kin: years from the player base the program is given.
    FilterPtr playerYearKeyword(const Call &c);

    // :hasmarker w,b or :hasmarker alone: Scidb's game markers, one letter each
    // (case matters: m middlegame, M material).
    FilterPtr markerKeyword(const Call &c);

    // :hasspecialmarker and :error: the defects reading found. The markers and
    // error kinds that only Scidb's own databases (or the Scid and ChessBase
    // decoders) set are accepted with a warning that they never match here.
    FilterPtr defectKeyword(const Call &c);

    // Match list keywords answered from the game's PGN tags (and Scidb's:
    // :timemode, :gender, :goodgame).
    FilterPtr tagKeyword(const Call &c);

    // ":eco A00", ":eco B00-99,C10": ranges of ECO codes; '*' any, '–' none.
    FilterPtr ecoKeyword(const Call &c);

    // ":date 2010-10-27", ">=2010-10-27", "2010-10-01 2010-10-31", "2010-10-01 .. 2010-11-01" (end excluded).
    FilterPtr dateKeyword(const Call &c);

    // A date of the match list page, yyyy-mm-dd with optional steps (+1y, -2m,
    // +43d, in that order), as yyyymmdd. False (why set for a bad step or an
    // impossible date) when the text is no such date.
    static bool parseDate(std::string_view t, long long &out, std::string &why);

    FilterPtr resultKeyword(const Call &c);

    // :and/:or/:xor/:not/:cond of the match list: sub-match lists without position lists.
    FilterPtr subMatchLists(const std::string &n, size_t &i);
    // One sub-match list: its keywords all match.
    FilterPtr matchListFilter(const ListNode &list);

    // The lists the keyword being compiled takes (read by the syntax tree's
    // reader); i is past them.
    const std::vector<ListNode> &listArguments(size_t &i) const;

    static FilterPtr combine(const std::string &n, std::vector<FilterPtr> parts);

    // --- position lists

    struct ListState {
        std::vector<FilterPtr> parts;
        SquareSet designatorSquares;   // for :relation's :pattern
        std::string accumulate;        // the accumulator this list counts into
        std::vector<size_t> sumranges; // parts that read accumulators (not counted)
        std::vector<size_t> invariant; // parts no transform changes (invariantKeyword)
        std::vector<RelationFilter *> patternRelations;
        std::vector<std::vector<Transform>> transforms;
        std::string transformKeywords; // "flip shift": the keywords that gave transforms
        bool negate = false;
        const Item *lineStarAt = nullptr;     // :line* refuses transforms (seed)
        std::shared_ptr<const StepSpan> span; // a :line's moves, for a :sequence step
        bool sequenceStep = false;            // the list is a step of :sequence / :gappedsequence
        const Item *runAt = nullptr;          // ... with :repetitioncount (the seed's queen sacrifice)
        Range run;
    };

    // top: what the list says about the game when it stands in the match list (else null).
    // sequenceStep: the list is a :sequence step (it may have a :repetitioncount).
    FilterPtr compilePosition(const ListNode &list, TopLevel *top, bool sequenceStep = false);

    FilterPtr designator(const Item &it);

    // A '$name' designator needs a tag the match list binds with :forany.
    bool checkTag(const Designator &d, const Item &at);

    // :relation (relation-list): a later position related to this one.
    FilterPtr relation(size_t &i, ListState &st);

    FilterPtr designatorFilter(const Designator &d);

    // Required designator argument.
    FilterPtr designatorArg(const Item &at, const std::vector<Item> &items, size_t &i, Designator *raw = nullptr);

    // The reader's values (syntax.h) of the keyword's argument j; c.i goes
    // past it. Its designator as a filter, null when left out or refused (a
    // tag no :forany binds, the backhand where the keyword cannot see it) ...
    FilterPtr designatorOf(const Call &c, size_t j, Designator *raw = nullptr);
    // ... the first one, refused unless of a white and a black piece type
    // (":goodbishop' takes a designator of bishops only") ...
    FilterPtr designatorOf(const Call &c, chess::Piece white, chess::Piece black, const char *what, Designator &d);
    // ... and its range, false when left out or refused (counted from the
    // game's end, in percent).
    bool rangeOf(const Call &c, size_t j, Range &r, bool allowEnd = false, bool allowPercent = false);
    // The number the row's range (argument j) tests, in the range.
    FilterPtr inRange(const Call &c, size_t j, FilterPtr v);

    // An optional first argument naming a side by one of its pieces ("K or
    // k"): 0 none, 1 White, 2 Black (as the filters' Side { ToMove, White,
    // Black }), -1 after an error (`refusal` says it).
    int optionalSide(const Call &c, chess::Piece white, chess::Piece black, const char *refusal);

    // An optional designator argument: taken when the next word is one.
    bool optionalDesignator(const std::vector<Item> &items, size_t &i, Designator &d);

    bool rangeArg(const Item &at, const std::vector<Item> &items, size_t &i, Range &r, bool allowEnd, bool allowPercent,
                  bool optional = false);

    // Transform groups of a keyword, or false if it is none.
    static bool transformGroup(const std::string &n, std::vector<Transform> &out);

    void positionKeyword(const KeywordNode &k, size_t &i, ListState &st, TopLevel *top);
    // A keyword whose filter means the same under every transform (a check,
    // a mate, the next move's kind, a move number): a transformed list tests
    // it once, outside its images, as a CQL 6 transform's images share it.
    static bool invariantKeyword(const KeywordNode &k);
    // The back ends of the keywords about the list itself: false when the
    // keyword is a filter here after all (':not' with lists).
    using ListHandler = bool (Compiler::*)(const Call &, ListState &, TopLevel *);
    bool relationKeyword(const Call &c, ListState &st, TopLevel *top);
    bool precedingKeyword(const Call &c, ListState &st, TopLevel *top);
    bool countKeyword(const Call &c, ListState &st, TopLevel *top);
    bool cutKeyword(const Call &c, ListState &st, TopLevel *top);
    bool accumulatorKeyword(const Call &c, ListState &st, TopLevel *top);
    bool variationsKeyword(const Call &c, ListState &st, TopLevel *top);
    bool bareNotKeyword(const Call &c, ListState &st, TopLevel *top);
    bool transformKeyword(const Call &c, ListState &st, TopLevel *top);
    bool ignoredKeyword(const Call &c, ListState &st, TopLevel *top);

    static FilterPtr moveFilter(std::function<void(MoveSpec &)> fill);

    // CQL 6 text with the keyword's meaning, compiled into the program; its
    // messages (none for the texts the compiler writes) stand at `at`. A word
    // of args stands for its filter (a designator the CQL-S reader compiled).
    FilterPtr lowered(std::string_view cql6, const Item &at, const std::map<std::string, const Filter *> &args = {});
    // ... as the line matchers call it.
    Lowering lowering(const Item &at);

    static FilterPtr count(FilterPtr set) { return std::make_unique<CountFilter>(std::move(set)); }

    // "R1 : R2" after a first range: the seed's form for White's and Black's
    // counts. True with the second range read when a ':' follows.
    bool secondRange(const Item &at, const std::vector<Item> &items, size_t &i, Range &second, bool allowPercent,
                     bool &ok);

    // "D R1 : R2" needs pieces of both colours in D: White's in R1, Black's in R2.
    bool splitByColour(const Item &where, const Designator &d, Designator &white, Designator &black);

    // One designator, or two: "D" counts white minus black of D, "D1 D2" counts D1 minus D2.
    bool differenceArgs(const Item &at, const std::vector<Item> &items, size_t &i, FilterPtr &a, FilterPtr &b,
                        Designator *rawA = nullptr, Designator *rawB = nullptr);
    static FilterPtr variantPower(FilterPtr squares, const Designator &d, bool countOnly = false);
    bool checkHand(const Designator &d, const Item &keyword, const Item &where);

    // Two attributes no pawn can have at once: X and !X, single and doubled,
    // isolated and any neighbour on an adjacent file.
    static bool contradict(const PawnAttribute &a, const PawnAttribute &b);

    bool pawnAttributes(const Item &word, std::vector<PawnAttribute> &out);

    // :pawncount D attrs range|percent, :pawncountdifference D [D2] attrs range.
    FilterPtr pawnCountKeyword(const Call &c);

    // A word that is no designator but pawn attributes ("triple", "passed-isolated", "double!").
    static bool looksLikePawnAttributes(std::string_view w);

    // The pawns of d with the attributes, counted (or as a percentage of the
    // pawns of d's colours) in r.
    FilterPtr pawnCountIn(const Designator &d, const std::vector<PawnAttribute> &attrs, const Range &r);

    static int rightsOf(const Designator &d, bool &ok);

    FilterPtr positionFilter(const std::string &n, const Item &at, const std::vector<Item> &items, size_t &i);

    // The back ends of the position list keywords (compilekeywords.cpp).
    // A keyword without arguments: the filter F of the row's kind (param).
    template <class F>
    FilterPtr fixedKeyword(const Call &c)
    {
        return std::make_unique<F>(typename F::Kind(c.param));
    }
    FilterPtr neverKeyword(const Call &c);
    FilterPtr startArrangementKeyword(const Call &c);
    FilterPtr rayKeyword(const Call &c);
    FilterPtr logicKeyword(const Call &c);
    FilterPtr checkKeyword(const Call &c);
    FilterPtr checkOfKindKeyword(const Call &c);
    FilterPtr fenKeyword(const Call &c);
    FilterPtr clockKeyword(const Call &c);
    FilterPtr castlingKeyword(const Call &c);
    FilterPtr insideKeyword(const Call &c);
    FilterPtr pieceCountKeyword(const Call &c);
    FilterPtr differenceKeyword(const Call &c);
    FilterPtr moveFromToKeyword(const Call &c);
    FilterPtr isPromotedPieceKeyword(const Call &c);
    FilterPtr promoteKeyword(const Call &c);
    FilterPtr isCheckKeyword(const Call &c);
    FilterPtr sequenceKeyword(const Call &c);
    FilterPtr sideKeyword(const Call &c);
    FilterPtr pairKeyword(const Call &c);
    FilterPtr checkCountKeyword(const Call &c);
    FilterPtr evaluationKeyword(const Call &c);
    FilterPtr exchangeEvaluationKeyword(const Call &c);
    FilterPtr goodBishopKeyword(const Call &c);
    FilterPtr lineKeyword(const Call &c);
    FilterPtr unstoppablePawnsKeyword(const Call &c);
    FilterPtr subMatchKeyword(const Call &c);
    FilterPtr tagMatchKeyword(const Call &c);
    FilterPtr rangeKeyword(const Call &c);

    std::shared_ptr<Accumulator> accumulator(const std::string &name);

    // Every accumulator read by :sumrange must be filled by some list.
    void checkAccumulators();

    std::map<std::string, std::shared_ptr<Accumulator>> m_accumulators;
    std::map<std::string, Item> m_sumrangeAt;
    std::map<std::string, Item> m_resetAt;
    std::map<std::string, int> m_tagSlots; // :forany tags by name
    std::vector<ForAnyTag> m_tags;
    const Item *m_relationAt = nullptr;
    const KeywordNode *m_node = nullptr; // the keyword being compiled
    bool m_subMatch = false;             // compiling a sub-match list
    // m_node while a keyword's back end runs (nested lists compile their own).
    struct NodeScope {
        const KeywordNode *&node;
        const KeywordNode *outer;
        NodeScope(const KeywordNode *&n, const KeywordNode &k) : node(n), outer(n) { n = &k; }
        ~NodeScope() { node = outer; }
        NodeScope(const NodeScope &) = delete;
        NodeScope &operator=(const NodeScope &) = delete;
    };
    std::vector<int> m_gateSlots;             // per-game caches of the position lists (for :forany)
    static constexpr long MaxWeight = 200000; // filter copies transforms may make (compilePosition)
    long m_weight = 0;
    bool m_tooHeavy = false;
    bool m_eitherColour = false;                   // :eithercolor in the match list
    bool m_flip = false;                           // compiling its colour-swapped reading
    bool m_playerBaseWarned = false;               // its unreadable dates were reported
    bool m_bareNot = false;                        // the list being compiled holds a bare ':not' (an odd number)
    bool m_inCutArgument = false;                  // compiling the (position ...) argument of a :cut
    bool m_sawPreceding = false;                   // ... and it holds :preceding
    std::shared_ptr<const StepSpan> m_pendingSpan; // the :line just compiled
    std::shared_ptr<const StepSpan> m_lastSpan;    // the list just compiled, as a :sequence step
    QueryHeader &m_header;
    Program &m_program;
    std::vector<Diagnostic> &m_diags;
    bool m_ok = true;
};

} // namespace cql::cqls
