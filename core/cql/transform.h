// Board symmetries as CQL's transform filters use them: a dihedral map of the
// board (2x2 matrix on centred coordinates), a translation, and a colour swap.
// Transforms are applied when a query is compiled, so evaluation never pays
// for them.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/squareset.h"
#include "token.h"

#include <array>
#include <stdexcept>
#include <string>

namespace cql {

// A filter that has no image under a transform (rotate45 of a square):
// thrown while a transform's images are made, reported by the parser.
struct TransformUndefined : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Transform {
    // Acts on doubled centred coordinates (x, y) = (2f-7, 2r-7): (x', y') = M (x, y).
    int m00 = 1, m01 = 0, m10 = 0, m11 = 1;
    int dx = 0, dy = 0; // translation in squares, after the dihedral part
    bool swapColors = false;
    bool shifting = false; // a translation is involved: squares may fall off
    int rot45 = 0;         // rotate45: eighth turns applied to directions only

    static Transform identity() { return {}; }
    static Transform dihedral(int index); // 0..7: id, rot90, rot180, rot270, mirrorFiles, mirrorRanks, diag, antidiag
    static Transform mirrorFiles();       // flipvertical
    static Transform mirrorRanks();       // fliphorizontal
    static Transform flipColor();         // mirror ranks + swap colours
    static Transform reverseColor();      // swap colours only
    static Transform shift(int dx, int dy);
    static Transform rotate45(int steps);

    bool isIdentity() const;
    bool operator==(const Transform &) const = default;
    // Composition: (a * b)(p) = a(b(p)).
    friend Transform operator*(const Transform &a, const Transform &b);

    chess::Square apply(chess::Square s) const; // NoSquare if it leaves the board
    chess::SquareSet apply(chess::SquareSet s) const;
    PieceMask apply(PieceMask m) const;
    // Direction vector (df, dr) under the dihedral part (translations don't turn directions).
    void applyDirection(int &df, int &dr) const;
    std::string name() const; // for currenttransform and explanations
};

} // namespace cql

namespace cql {

// While a transform filter builds its images, the leaves it copies record what
// they became, so identical images can be dropped (count counts distinct
// images) and shifts that push a designator off the board can be skipped.
struct ImageRecord {
    std::string fingerprint;
    bool lostSquares = false;
};
ImageRecord *&currentImageRecord();
inline void noteImage(const void *data, size_t n)
{
    if (ImageRecord *r = currentImageRecord()) r->fingerprint.append(static_cast<const char *>(data), n);
}

// A kind that names a side (white, black) in a transform's image: the two
// swap when the colours do. The image is noted by the kind it became.
template <typename Kind>
Kind sideKindUnder(const Transform &t, Kind k, Kind white, Kind black)
{
    if (t.swapColors && (k == white || k == black)) k = k == white ? black : white;
    noteImage(&k, sizeof k);
    return k;
}

} // namespace cql
