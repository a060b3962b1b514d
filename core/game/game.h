// A game as a tree of positions. Node 0 is the start position; each node keeps
// the position reached, the move that led there, and its links. The first child
// of a node is its main continuation, later siblings are variations. Strings
// and NAGs live in pools so a Game can be cleared and refilled without freeing
// (the search replays hundreds of thousands of games through one Game object).
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/position.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace game {

using NodeId = uint32_t;
constexpr NodeId NoNode = 0xFFFFFFFFu;
constexpr uint32_t NoText = 0xFFFFFFFFu;

struct Node {
    chess::Position position;
    chess::Move move; // move that led here; none() at the root
    NodeId parent = NoNode;
    NodeId firstChild = NoNode;   // main continuation
    NodeId nextSibling = NoNode;  // next alternative to this node's move
    uint16_t ply = 0;             // half-moves from the game's start position
    uint16_t variationDepth = 0;  // 0 on the mainline, +1 per nested variation
    uint32_t comment = NoText;    // comment after the move (index into Game::texts)
    uint32_t preComment = NoText; // comment before the move (first of a variation, or game start);
                                  // on the root: the comment before the game's first move
    uint32_t nagBegin = 0;        // NAGs: Game::nags[nagBegin .. nagBegin+nagCount)
    uint16_t nagCount = 0;

    Node() = default;
    Node(const chess::Position &pos, chess::Move m, NodeId parentId, uint16_t plyNumber, uint16_t depth, uint32_t pre)
        : position(pos), move(m), parent(parentId), ply(plyNumber), variationDepth(depth), preComment(pre)
    {
    }
};

// A problem found while reading a game (the game is kept up to the last good move).
struct GameError {
    int line = 0; // 1-based line in the file
    int column = 0;
    std::string message; // "illegal move Qxe1 at ply 61", "NUL byte", ...
};

class Game {
public:
    void clear();

    // Tags in file order; values unescaped.
    std::vector<std::pair<std::string, std::string>> tags;
    std::string_view tag(std::string_view name) const; // "" when absent

    std::vector<Node> nodes;        // nodes[0] = start position
    std::vector<std::string> texts; // comment pool
    std::vector<uint8_t> nags;      // NAG pool
    std::string result;             // "1-0", "0-1", "1/2-1/2" or "*"
    std::vector<GameError> errors;  // reported problems; empty for a clean game

    uint64_t number = 0;     // 1-based position in its file, as CQL counts
    uint64_t fileOffset = 0; // byte offset of the game's first character
    int firstLine = 0;       // 1-based line of its first tag or move
    bool chess960 = false;
    // The game cannot be searched: a variant other than chess / Chess960, or a
    // start position (FEN) that cannot be read. It still counts; errors says why.
    bool unsupported = false;
    bool readAsStandard = false; // a Chess960 game read as standard chess (BuildOptions::chess960 off)
    int firstColumn = 1;         // column of its first character (games may share a line)
    // Bughouse (game/bughouse.h): the board this game is, 'A' or 'B' (0 for
    // a one-board game); board A's game holds board B's as otherBoard[0].
    char board = 0;
    std::vector<Game> otherBoard;

    const Node &root() const { return nodes[0]; }
    // The rules the game is played under, from its Variant tag (every
    // position of the game has the same): for searches and displays that
    // treat variants apart.
    chess::Variant variant() const { return nodes.empty() ? chess::Variant::Standard : nodes[0].position.variant(); }
    // Walks the mainline: root, its first child, ...; returns the last mainline node.
    NodeId mainlineEnd() const;
    int mainlinePlies() const;
    std::string_view text(uint32_t id) const { return id == NoText ? std::string_view() : std::string_view(texts[id]); }

    // Filling a game without freeing: strings released by clear() are reused.
    void addTag(std::string_view name, std::string_view value);
    uint32_t addText(std::string_view text);
    // Appends text to a node's comment (or preComment), separated by a space.
    void appendComment(uint32_t &slot, std::string_view text);
    // Adds a NAG to a node, keeping its NAGs contiguous in the pool.
    void addNag(NodeId node, uint8_t nag);
    std::string_view tagOrDefault(std::string_view name, std::string_view fallback) const;

private:
    std::vector<std::pair<std::string, std::string>> m_spareTags;
    std::vector<std::string> m_spareTexts;
};

} // namespace game
