// Pockets and check counters of a position, as the board paints them.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "variantdecor.h"

namespace wb {

using namespace chess;

VariantDecor variantDecor(const Position &position)
{
    VariantDecor d;
    if (position.variant() == Variant::Crazyhouse) {
        d.pockets = true;
        for (Color c : {White, Black})
            for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn})
                if (const int n = position.pocket().count(c, t)) d.pocket[c].push_back({makePiece(c, t), n});
    } else if (position.variant() == Variant::ThreeCheck) {
        d.checks = true;
        for (Color c : {White, Black})
            d.checksGiven[c] = position.checksGiven(c);
    }
    return d;
}

} // namespace wb
