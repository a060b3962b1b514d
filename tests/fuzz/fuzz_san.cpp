// Fuzz target: SAN reading. The first input byte picks one of a few fixed
// positions (castling both ways, Chess960, promotions with captures, en
// passant, ambiguous pieces, pins, check); the rest is read as SAN there.
// A move read must be legal and print as SAN that reads back as the same
// move; the fast path (playCommonSan) must agree with the general reader.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzzcheck.h"

#include "chess/position.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct Setup {
    const char *fen;
    bool chess960;
};

const Setup setups[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1", false},
    {"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", false},
    {"1n4bk/P6p/8/8/8/8/8/K7 w - - 0 1", false},
    {"k7/8/8/8/8/8/1p5p/R1N3NK b - - 0 1", false},
    {"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", false},
    {"4k3/8/8/b7/8/N7/3N4/4K3 w - - 0 1", false},
    {"3k4/8/8/8/8/Q1Q5/8/Q3K3 w - - 0 1", false},
    {"4k3/8/2N1N3/8/R3R3/2N1N3/8/R3K3 w Q - 0 1", false},
    {"4k3/8/8/8/1b6/8/3P4/R3K2R w KQ - 0 1", false},
    {"3rk3/8/1b6/8/3N4/2R5/3P2B1/r2K4 w - - 0 1", false},
    {"8/8/8/K2pP2r/8/8/8/7k w - d6 0 2", false},
    {"r3k3/8/8/8/8/8/8/4K3 b q - 0 1", false},
    {"1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w AHbh - 0 1", true},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"rk4rq/8/8/8/8/8/8/RK4RQ w GAga - 0 1", true},
    {"2r1kr2/8/8/8/8/8/8/1R2KR2 w FBfc - 0 1", true},
    {"nrk1r3/8/8/8/8/8/8/NRK1R3 b EBeb - 0 1", true},
};
constexpr size_t setupCount = sizeof setups / sizeof setups[0];

const std::vector<chess::Position> &positions()
{
    static const std::vector<chess::Position> all = [] {
        std::vector<chess::Position> v;
        for (const Setup &s : setups) {
            std::string error;
            auto p = chess::Position::fromFen(s.fen, &error, s.chess960);
            FUZZ_CHECK(p.has_value(), "a fixed position does not read", s.fen, error);
            v.push_back(*p);
        }
        return v;
    }();
    return all;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;
    const chess::Position &pos = positions()[data[0] % setupCount];
    const std::string_view san(reinterpret_cast<const char *>(data + 1), size - 1);

    std::string error;
    const chess::Move m = pos.parseSan(san, &error);
    if (m.isNone()) {
        FUZZ_CHECK(!error.empty(), "parseSan fails without saying why", pos.fen(), san);
    } else if (!m.isNull()) {
        FUZZ_CHECK(pos.isLegal(m), "parseSan returns an illegal move", pos.fen(), san, pos.uci(m));
        fuzzcheck::checkMoveText(pos, m);
    }

    chess::Position fast = pos;
    const chess::Move quick = fast.playCommonSan(san);
    if (quick.isNone()) {
        FUZZ_CHECK(fuzzcheck::samePosition(fast, pos), "playCommonSan changed the position and failed", pos.fen(), san);
    } else {
        FUZZ_CHECK(quick == m, "playCommonSan and parseSan read different moves", pos.fen(), san);
        FUZZ_CHECK(fuzzcheck::samePosition(fast, pos.after(m)), "playCommonSan plays another move", pos.fen(), san);
    }
    chess::Position unkeyed = pos;
    const chess::Move quickUnkeyed = unkeyed.playCommonSanUnkeyed(san);
    FUZZ_CHECK(quickUnkeyed == quick, "playCommonSanUnkeyed and playCommonSan disagree", pos.fen(), san);
    if (!quick.isNone())
        FUZZ_CHECK(unkeyed.fen() == fast.fen(), "playCommonSanUnkeyed plays another move", pos.fen(), san);

    const chess::Move uci = pos.parseUci(san);
    if (!uci.isNone() && !uci.isNull())
        FUZZ_CHECK(pos.isLegal(uci), "parseUci returns an illegal move", pos.fen(), san);
    return 0;
}
