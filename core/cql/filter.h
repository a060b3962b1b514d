// The compiled filter tree: every CQL filter is a Filter that can tell whether
// it matches the current position and, by its type, yield a value. Transforms
// are applied at compile time through transformed(), which copies a subtree
// with squares, pieces, colours and directions mapped.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "game/game.h"
#include "query.h"
#include "token.h"
#include "transform.h"

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <typeinfo>
#include <vector>

namespace engine {
struct Settings;
}

namespace cql {

enum class Type : uint8_t { Logical, Set, Numeric, Position, String, Piece, Any, Dictionary };
const char *typeName(Type t);

struct Value {
    Type type = Type::Logical;
    bool bound = false;
    chess::SquareSet set;
    long long num = 0;
    game::NodeId node = game::NoNode;
    uint64_t game = 0; // positions kept in dictionaries: the Ctx::gameSerial of the game `node` belongs to
    std::string str;
    int pieceId = -1; // piece variables: the identity followed through the game
    // dictionaries: entries by key text (shared so that copies of a Value see one dictionary)
    std::shared_ptr<std::map<std::string, Value>> dict;
};

struct Ctx;
struct PathFrame;
class Filter;
using FilterPtr = std::unique_ptr<Filter>;

// Filters made on this thread (compiling makes them; evaluating does not):
// the parser bounds how many one query may make.
inline long &filtersMade()
{
    thread_local long made = 0;
    return made;
}

// Per-game state of a filter (what a nestban path covered, the comments a
// filter writes once per game...) lives in Ctx at a slot index of its kind.
// The filter takes its index when it is made: compile() opens a
// GameSlotAllocation for the program being compiled, and each filter that
// keeps such state (transformed copies included) asks it for a new index.
enum class GameSlot : uint8_t { NestCovered, GameComments, OnceReached, LineMemo };
constexpr size_t GameSlotKinds = 4;
struct GameSlotCounts {
    std::array<int, GameSlotKinds> count{}; // indices handed out, by kind
};
// While one lives, allocateGameSlot() hands out indices counted in counts
// (one per thread; nested allocations are not allowed).
class GameSlotAllocation {
public:
    explicit GameSlotAllocation(GameSlotCounts &counts);
    ~GameSlotAllocation();
    GameSlotAllocation(const GameSlotAllocation &) = delete;
    GameSlotAllocation &operator=(const GameSlotAllocation &) = delete;

private:
    GameSlotCounts *m_previous;
};
// A new index of that kind, for a filter being made. Outside any allocation
// (a filter made by hand, as in a test) the indices come from a per-thread
// count; Ctx grows its slot vectors to any index it meets.
int allocateGameSlot(GameSlot kind);

class Filter {
public:
    Type type = Type::Logical;
    SourceRange range;
    // A piece variable: its text names the piece as well as its square. A flag
    // rather than a cast, as comments ask for it at every position.
    bool piecePrinted = false;

    Filter() { ++filtersMade(); }
    virtual ~Filter() = default;
    // Does the filter match at ctx's current position?
    virtual bool match(Ctx &ctx) const = 0;
    // Values, by type; each returns false when the filter has no value (doesn't match).
    virtual chess::SquareSet set(Ctx &ctx) const;
    virtual bool number(Ctx &ctx, long long &out) const;
    virtual bool position(Ctx &ctx, game::NodeId &out) const;
    virtual bool string(Ctx &ctx, std::string &out) const;
    // Adds the squares that made this filter match at ctx's position, for the
    // board's marks; called only after match() returned true. Set filters give
    // their value, logical ones what their matching parts give.
    virtual void markSquares(Ctx &ctx, chess::SquareSet &out) const;
    // A copy of this subtree under transform t (t applied to what it names).
    virtual FilterPtr transformed(const Transform &t) const = 0;
    // True if this filter's value or match changes under some transform (so a
    // transform over it is not a no-op). Conservative default: true.
    virtual bool transformSensitive() const { return true; }
};

// The declarations of a filter whose value has the type of what it holds
// (if, compound, dictionary entries ...): it defines every value function.
#define CQL_EVERY_VALUE_FUNCTION                                                                                       \
    bool match(Ctx &ctx) const override;                                                                               \
    chess::SquareSet set(Ctx &ctx) const override;                                                                     \
    bool number(Ctx &ctx, long long &out) const override;                                                              \
    bool position(Ctx &ctx, game::NodeId &out) const override;                                                         \
    bool string(Ctx &ctx, std::string &out) const override;                                                            \
    FilterPtr transformed(const Transform &t) const override;

// Helpers for the common shapes.
class SetFilter : public Filter {
public:
    SetFilter() { type = Type::Set; }
    bool match(Ctx &ctx) const override { return set(ctx).any(); }
};
class NumericFilter : public Filter {
public:
    NumericFilter() { type = Type::Numeric; }
    bool match(Ctx &ctx) const override
    {
        long long v;
        return number(ctx, v);
    }
};
class PositionFilter : public Filter {
public:
    PositionFilter() { type = Type::Position; }
    bool match(Ctx &ctx) const override
    {
        game::NodeId n;
        return position(ctx, n);
    }
};
class StringFilter : public Filter {
public:
    StringFilter() { type = Type::String; }
    bool match(Ctx &ctx) const override
    {
        std::string s;
        return string(ctx, s);
    }
};

// A filter of one argument whose image under a transform is the filter of
// the argument's image (Derived(FilterPtr) builds it), on one of the bases above.
template <typename Derived, typename Base>
class OneArgumentFilter : public Base {
public:
    explicit OneArgumentFilter(FilterPtr a) : m_a(std::move(a)) {}
    const Filter &argument() const { return *m_a; }
    FilterPtr transformed(const Transform &t) const override { return std::make_unique<Derived>(m_a->transformed(t)); }

protected:
    FilterPtr m_a;
};

// f when its class is exactly T (not a class derived from it), else null:
// analyses that must not take a new kind of filter for one they know.
template <typename T>
const T *exactly(const Filter &f)
{
    return typeid(f) == typeid(T) ? static_cast<const T *>(&f) : nullptr;
}

// A filter whose outcome is the same at every position of a game and depends
// on the game's tags alone. The store's prefilters ask it of a game that holds
// only the tags the store keeps, so a game it rules out is never replayed.
class TagsOnlyFilter {
public:
    virtual ~TagsOnlyFilter() = default;
    // The outcome for a game with these tags (its moves are not read).
    virtual bool matchesTags(const game::Game &g) const = 0;
    // Whether this filter's outcome is matchesTags' (a kind may read more).
    virtual bool readsTagsOnly() const { return true; }
};

// A filter no transform changes (game facts, tags, clocks ...): its image
// under any transform is a copy of itself, Derived's members copied.
template <typename Derived, typename Base = Filter>
class InvariantFilter : public Base {
public:
    FilterPtr transformed(const Transform &) const override
    {
        return std::make_unique<Derived>(static_cast<const Derived &>(*this));
    }
    bool transformSensitive() const override { return false; }

protected:
    InvariantFilter() = default;
    InvariantFilter(const InvariantFilter &o) : Base(o) { ++filtersMade(); } // a copy is a filter made too
};

// Evaluation state for one game, shared by all filters during a run.
struct Ctx {
    const game::Game *game = nullptr;
    // Different for every game evaluated in this process (never 0 for a real
    // game): tells positions of this game from those kept from earlier ones.
    uint64_t gameSerial = 0;
    game::NodeId node = 0;
    const chess::Position *pos = nullptr;
    std::vector<Value> vars;           // variable slots (indices fixed at compile time)
    std::vector<NodeComment> comments; // comments made while evaluating (committed on match)
    // Comments made and sorts asked: what every image of a transform leaves,
    // in any order (a variable's last value would depend on 6.2's image order).
    uint64_t effects = 0;
    std::vector<SortValue> *sortValues = nullptr;
    // Comments made inside each sort's argument by its best evaluation so far:
    // only those reach the output, as in the reference engine.
    std::vector<std::vector<NodeComment>> sortComments;
    bool searchVariations = false;
    const engine::Settings *engine = nullptr;            // the query's engine settings (null: the environment's)
    int transformIndex = 0;                              // for currenttransform: index into Program::transformNames
    const std::vector<std::string> *slotNames = nullptr; // the variables' names, for messages
    // Piece identities per node, computed on first use for a game (vars.cpp):
    // the id on each square, and the square of each id below 64 (-1 gone).
    struct PieceIds {
        std::array<int16_t, 64> ids;
        std::array<int8_t, 64> squareOf;
    };
    std::vector<PieceIds> pieceIds;
    // Per node, how many White moves leaving their parent's main continuation
    // lead to it from the start, computed on first use for a game (try).
    std::vector<uint32_t> whiteSideLineMoves;
    // The legal moves of the game positions last asked for (moves.cpp): a
    // query that asks once per piece (`legal I--`) or once per path step
    // (`parent:countmoves legal --`) generates them once.
    struct LegalMoves {
        uint64_t game = 0; // gameSerial; 0: not a game position, never found again
        game::NodeId node = 0;
        chess::MoveList list;
        chess::SquareSet from; // the squares the moves start from
    };
    std::array<LegalMoves, 4> legalMovesCache;
    unsigned legalMovesNext = 0;
    const LegalMoves &legal();
    const chess::MoveList &legalMoves() { return legal().list; }
    // CQL's numbering of the positions (positionorder.cpp), computed on first use.
    struct PositionOrder {
        const game::Game *game = nullptr;
        bool variations = false;
        std::vector<long long> order; // by node id
        std::vector<game::NodeId> byOrder;
        bool current(const Ctx &ctx) const
        {
            return game == ctx.game && variations == ctx.searchVariations && order.size() == ctx.game->nodes.size();
        }
    };
    mutable PositionOrder positionOrder;
    // While the squares of a matched position are recorded: where transform
    // filters note the images that matched (else null).
    std::vector<ImageMark> *imageMarks = nullptr;
    int imageDepth = 0;                                        // how many transform images the marking is inside
    std::vector<std::pair<std::string, std::string>> tagEdits; // settag, applied to the written game
    std::vector<game::NodeId> removedComments;                 // removecomment, likewise
    // The path family (path.cpp, echo.cpp), reset for every game: paths being
    // matched (innermost last), the last path that matched (what pathstart,
    // pathcount... mean outside a path), positions a nestban path covered, and
    // comments a filter writes once per game (the best consecutivemoves).
    struct PathStatus {
        game::NodeId start = game::NoNode, last = game::NoNode;
        long long count = 0;
    };
    std::vector<PathFrame *> pathFrames;
    PathStatus lastPath;
    // Per-filter state, by the GameSlot index of the filter (reset for every game):
    // nestban paths' covered positions (by node id, sized on first use)...
    std::vector<std::vector<bool>> nestCovered;
    // ...comments a filter writes once per game (the best found so far)...
    struct GameComments {
        bool used = false; // written in this game: listed in gameCommentOrder
        long long best = 0;
        std::vector<NodeComment> comments;
    };
    std::vector<GameComments> gameComments;
    std::vector<int> gameCommentOrder; // slots in the order first written in the game
    // ...filters that act only the first time reached in a game...
    std::vector<char> onceReached;
    // ...and what a line of positional constituents (multi.h) found from each
    // (constituent, position) pair, under one generation of bindings.
    struct LineFound {
        static constexpr int32_t Unsearched = -2, NoMatch = -1;
        int32_t length = Unsearched;      // the positions the rest of the line took
        game::NodeId last = game::NoNode; // where it ended (when length > 0)
    };
    struct LineMemo {
        uint64_t game = 0; // the gameSerial it is for (a slot past the counts is not reset)
        uint32_t generation = 0;
        std::vector<LineFound> found;
    };
    std::vector<LineMemo> lineMemo;
    // Bumped by a filter that evaluates the game again under new bindings
    // (CQL-S :forany), so what was learnt under the old ones is not reused.
    uint32_t bindingGeneration = 0;
    void resetGameSlots(const GameSlotCounts &counts);
    std::vector<bool> &nestCoveredAt(int slot);
    GameComments &gameCommentsAt(int slot);
    char &onceReachedAt(int slot);
    // Sized for `constituents` times this game's positions, cleared for a new generation.
    LineFound *lineMemoAt(int slot, size_t constituents);
    long long lastGameNumber = 0; // lastgamenumber: the file's last game number; 0 when not known
    int hhdbCooked = -1;          // cql_hhdbhascook of this game: -1 not read yet, else 0 or 1

    // Bounds of one game's evaluation. A query whose work is inherently large
    // (nested echo, find all in find all, long lines) may take long, but must
    // stop soon after a cancel and must not take the machine's memory: steps
    // are counted where filters walk positions, and every few thousand the
    // cancel check runs (EvaluationCancelled); comment text made for one game
    // past commentCap (MaxCommentBytes, or more where the search drops the
    // comments no output reads) ends its evaluation with an EvaluationError.
    static constexpr size_t MaxCommentBytes = size_t(16) << 20;
    size_t commentCap = MaxCommentBytes;
    const std::function<bool()> *cancelled = nullptr;
    uint32_t steps = 0;
    size_t commentBytes = 0; // an upper bound of the live comments' size (recounted when it passes the limit)
    void step()
    {
        if ((++steps & 0xFFF) == 0) checkCancel();
    }
    void checkCancel() const;
    void addComment(NodeComment c)
    {
        ++effects;
        commentBytes += c.text.size() + sizeof(NodeComment);
        if (commentBytes > commentCap) recountComments(c.text.size() + sizeof(NodeComment));
        comments.push_back(std::move(c));
    }
    void recountComments(size_t adding);
    // A filter that fails takes back the comments made since mark, as CQL
    // 6.2's compounds, and/or, comparisons and transforms do: a function or
    // `find` that failed inside an `if`'s test leaves no trace.
    bool keepCommentsIf(size_t mark, bool ok)
    {
        if (!ok && comments.size() > mark) comments.resize(mark);
        return ok;
    }

    // A line constituent holding a `move` filter is tested once per move of
    // its position, as CQL 6.2 does (multi.cpp): while it is, the game's moves
    // from node onlyMoveAt are just the one into onlyMove. Filters that look
    // at other positions (find, line, echo, x : F) lift it for their bodies.
    game::NodeId onlyMoveAt = game::NoNode, onlyMove = game::NoNode;

    // Moves to the given node.
    void moveTo(game::NodeId n)
    {
        node = n;
        pos = &game->nodes[n].position;
        step();
    }
    const game::Node &cur() const { return game->nodes[node]; }
};

// Lifts Ctx::onlyMoveAt while a filter evaluates a body of its own.
class AllMovesScope {
public:
    explicit AllMovesScope(Ctx &ctx) : m_ctx(ctx), m_at(ctx.onlyMoveAt) { ctx.onlyMoveAt = game::NoNode; }
    ~AllMovesScope() { m_ctx.onlyMoveAt = m_at; }
    AllMovesScope(const AllMovesScope &) = delete;
    AllMovesScope &operator=(const AllMovesScope &) = delete;

private:
    Ctx &m_ctx;
    game::NodeId m_at;
};

FilterPtr cloneTransformed(const FilterPtr &f, const Transform &t);

} // namespace cql
