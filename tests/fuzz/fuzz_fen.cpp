// Fuzz target: FEN reading. A FEN that reads must print a FEN that reads
// back to the same position, and the position must hold up under the move
// generator: every legal move prints as SAN that reads back, and the
// position after it prints a FEN that reads again.
// The input is the FEN; read as standard chess and as Chess960.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fuzzcheck.h"

#include "chess/position.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace {

void roundTrip(std::string_view fen, bool chess960)
{
    std::string error;
    const auto pos = chess::Position::fromFen(fen, &error, chess960);
    if (!pos) {
        FUZZ_CHECK(!error.empty(), "fromFen fails without saying why");
        return;
    }
    const std::string printed = pos->fen();
    const auto again = chess::Position::fromFen(printed, &error, pos->chess960());
    FUZZ_CHECK(again.has_value(), "a printed FEN does not read back", printed, error);
    FUZZ_CHECK(again->fen() == printed, "a printed FEN reads back as another FEN", printed, again->fen());
    FUZZ_CHECK(again->key() == pos->key(), "a printed FEN reads back as another position", printed);

    chess::MoveList moves;
    pos->generateLegal(moves);
    FUZZ_CHECK(pos->hasLegalMove() == (moves.size > 0), "hasLegalMove disagrees with the move list", printed);
    chess::MoveList pseudo;
    pos->generatePseudoLegal(pseudo);
    for (chess::Move m : moves) {
        FUZZ_CHECK(pos->isLegal(m), "a generated move is not legal", printed, pos->uci(m));
        FUZZ_CHECK(pos->isPseudoLegal(m), "a legal move is not pseudo-legal", printed, pos->uci(m));
        fuzzcheck::checkMoveText(*pos, m);
        const chess::Position next = pos->after(m);
        const std::string nextFen = next.fen();
        const auto reread = chess::Position::fromFen(nextFen, &error, next.chess960());
        FUZZ_CHECK(reread.has_value(), "the FEN after a legal move does not read", printed, pos->uci(m), nextFen,
                   error);
        FUZZ_CHECK(reread->key() == next.key(), "the FEN after a legal move reads as another position", printed,
                   pos->uci(m), nextFen);
    }
    for (chess::Move m : pseudo)
        FUZZ_CHECK(pos->isLegal(m) == moves.contains(m), "isLegal disagrees with the legal move list", printed,
                   pos->uci(m));
    // Two plies reach positions a FEN cannot state directly (after castling, en passant).
    (void)chess::perft(*pos, moves.size > 60 ? 1 : 2);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string_view fen(reinterpret_cast<const char *>(data), size);
    roundTrip(fen, false);
    roundTrip(fen, true);
    return 0;
}
