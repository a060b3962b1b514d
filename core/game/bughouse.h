// Bughouse: two Crazyhouse boards played by two teams, where a piece captured
// on one board goes to the captor's partner on the other. Games come as BPGN,
// the PGN of the bughouse servers: one game text, moves tagged with their
// board and colour ("1A. e4 1a. d5 1B. d4 1b. Nf6"), the players as WhiteA,
// BlackA, WhiteB, BlackB. The replay fills two game::Game objects, board A's
// holding board B's as otherBoard[0], so a search treats each board as a game.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "game/game.h"
#include "pgn/reader.h"

#include <string>
#include <string_view>

namespace game {

// A Variant tag naming Bughouse ("Bughouse", "bughouse", "bug", "bpgn"; case
// and separators ignored).
bool isBughouseName(std::string_view variantTag);

// A BPGN move number without its dots: "12A" (White on board A), "3b"
// (Black on board A)... The board (0 for A, 1 for B) and the side to move;
// false for anything else.
bool parseBoardMarker(std::string_view word, int &board, chess::Color &side);

// The reversed result ("1-0" <-> "0-1"): board B's, where the Result tag is
// board A's (White on A plays with Black on B).
std::string_view partnerResult(std::string_view result);

// Replays a bughouse game's movetext into board A's game and its otherBoard.
// Used by GameBuilder for games whose Variant tag names Bughouse.
class BughouseReplay {
public:
    // Both boards from the Crazyhouse start; board A's game gets White/Black
    // tags from WhiteA/BlackA and a Board tag, board B's a copy of the tags
    // with WhiteB/BlackB as White/Black. A game with a Board tag ("A" or "B")
    // is one board written alone: its moves need no board markers, and a drop
    // of a piece its pocket lacks is taken as the partner's gift, and a FEN
    // tag (Crazyhouse FEN) is its start. False with `error` set when the game
    // cannot be replayed (a FEN tag of a two-board game, a bad FEN).
    bool start(Game &boardA, const std::string_view *fen, std::string &error);
    pgn::MoveAction move(std::string_view word, const pgn::Place &where);
    void comment(std::string_view text);
    void nag(int nag);
    // Sets both boards' results from the game's (board A's).
    void finish();

private:
    Game &board(int b) { return b == 0 || m_single ? *m_a : m_a->otherBoard[0]; }
    void error(const pgn::Place &where, std::string message);
    pgn::MoveAction play(int b, std::string_view san, const pgn::Place &where);

    Game *m_a = nullptr;
    bool m_single = false;
    int m_board = -1;     // board of the last marker (-1: none yet)
    int m_lastBoard = -1; // board of the last move played (comments go there)
    NodeId m_cur[2] = {0, 0};
    bool m_stopped = false; // a broken movetext: the rest is not replayed
    std::string m_err;
};

} // namespace game
