// SPDX-License-Identifier: GPL-3.0-or-later
#include "ficsstart.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace game {

const std::vector<FicsStart> &ficsStarts()
{
    // Positions as Scidb's variant table gives them; the aliases are the ones its
    // PGN import accepts for the same position.
    static const std::vector<FicsStart> table = {
        {4000, "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1", {"wild/7", "misc/little-game", "pawns/little-game"}},
        {4001, "rnbqkbnr/8/8/pppppppp/PPPPPPPP/8/8/RNBQKBNR w KQkq - 0 1", {"wild/8"}},
        {4002, "8/6k1/4p3/4N3/8/6K1/7N/8 w - - 0 1", {"wild/19"}},
        {4003, "rnbqkbnr/p6p/1p4p1/2pPPp2/2PppP2/1P4P1/P6P/RNBQKBNR w KQkq - 0 1", {"misc/pyramid"}},
        {4004, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", {"pawns/pawns-only", "misc/pawns-only"}},
        {4005, "1n2k1n1/pppppppp/8/8/8/8/PPPPPPPP/1N2K1N1 w - - 0 1", {"misc/knights-only"}},
        {4006, "2b1kb2/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1", {"misc/bishops-only"}},
        {4007, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", {"misc/rooks-only"}},
        {4008, "3qk3/pppppppp/8/8/8/8/PPPPPPPP/3QK3 w - - 0 1", {"misc/queens-only"}},
        {4009, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", {"misc/no-queens"}},
        {4010, "3K4/PPPPPPPP/8/8/8/8/pppppppp/3k4 w - - 0 1", {"pawns/wild-five"}},
        {4011, "4k3/8/8/8/8/8/8/B3K2N w - - 0 1", {"endings/kbnk"}},
        {4012, "4k3/8/8/8/8/8/8/B3K2B w - - 0 1", {"endings/kbbk"}},
        {4013, "rnbq1bnr/pppppppp/4k3/8/8/4K3/PPPPPPPP/RNBQ1BNR w - - 0 1", {"misc/runaway"}},
        {4014, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/3QK3 w kq - 0 1", {"misc/queen-rooks"}},
        {4015, "RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr w - - 0 1", {"wild/5"}},
    };
    return table;
}

const FicsStart *ficsStartNamed(std::string_view identifier)
{
    std::string lower(identifier);
    for (char &c : lower)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    for (const FicsStart &s : ficsStarts())
        if (std::find(s.names.begin(), s.names.end(), lower) != s.names.end()) return &s;
    return nullptr;
}

int ficsStartNumber(const chess::Position &p)
{
    if (p.sideToMove() != chess::White) return 0;
    const std::string fen = p.fen();
    const std::string_view placement = std::string_view(fen).substr(0, fen.find(' '));
    for (const FicsStart &s : ficsStarts())
        if (s.fen.substr(0, s.fen.find(' ')) == placement) return s.number;
    return 0;
}

} // namespace game
