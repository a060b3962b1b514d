// Board transforms used by flip, rotate90, shift and friends.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "transform.h"

namespace cql {

Transform Transform::dihedral(int i)
{
    Transform t;
    switch (i & 7) {
    case 0: break;
    case 1:
        t.m00 = 0;
        t.m01 = -1;
        t.m10 = 1;
        t.m11 = 0;
        break; // counterclockwise 90: a1 -> h1
    case 2:
        t.m00 = -1;
        t.m11 = -1;
        break;
    case 3:
        t.m00 = 0;
        t.m01 = 1;
        t.m10 = -1;
        t.m11 = 0;
        break;
    case 4: t.m00 = -1; break; // a-file <-> h-file
    case 5: t.m11 = -1; break; // rank 1 <-> 8
    case 6:
        t.m00 = 0;
        t.m01 = 1;
        t.m10 = 1;
        t.m11 = 0;
        break; // a1-h8 diagonal
    case 7:
        t.m00 = 0;
        t.m01 = -1;
        t.m10 = -1;
        t.m11 = 0;
        break; // a8-h1 diagonal
    }
    return t;
}

Transform Transform::mirrorFiles() { return dihedral(4); }
Transform Transform::mirrorRanks() { return dihedral(5); }
Transform Transform::flipColor()
{
    Transform t = dihedral(5);
    t.swapColors = true;
    return t;
}
Transform Transform::reverseColor()
{
    Transform t;
    t.swapColors = true;
    return t;
}
Transform Transform::shift(int dx, int dy)
{
    Transform t;
    t.dx = dx;
    t.dy = dy;
    t.shifting = true;
    return t;
}

Transform Transform::rotate45(int steps)
{
    Transform t;
    t.rot45 = steps & 7;
    return t;
}

bool Transform::isIdentity() const { return *this == Transform(); }

Transform operator*(const Transform &a, const Transform &b)
{
    // a(b(p)) = Ma (Mb p + tb) + ta
    Transform r;
    r.m00 = a.m00 * b.m00 + a.m01 * b.m10;
    r.m01 = a.m00 * b.m01 + a.m01 * b.m11;
    r.m10 = a.m10 * b.m00 + a.m11 * b.m10;
    r.m11 = a.m10 * b.m01 + a.m11 * b.m11;
    r.dx = a.m00 * b.dx + a.m01 * b.dy + a.dx;
    r.dy = a.m10 * b.dx + a.m11 * b.dy + a.dy;
    r.swapColors = a.swapColors != b.swapColors;
    r.shifting = a.shifting || b.shifting;
    r.rot45 = (a.rot45 + b.rot45) & 7;
    return r;
}

chess::Square Transform::apply(chess::Square s) const
{
    int x = 2 * chess::fileOf(s) - 7, y = 2 * chess::rankOf(s) - 7;
    int nx = m00 * x + m01 * y, ny = m10 * x + m11 * y;
    int f = (nx + 7) / 2 + dx, r = (ny + 7) / 2 + dy;
    if (f < 0 || f > 7 || r < 0 || r > 7) return chess::NoSquare;
    return chess::makeSquare(f, r);
}

chess::SquareSet Transform::apply(chess::SquareSet s) const
{
    // The whole board stays the whole board: a designator without a square part
    // means "anywhere", whatever the transform.
    if (isIdentity() || s == chess::SquareSet::all()) return s;
    chess::SquareSet out;
    if (!shifting || (dx == 0 && dy == 0)) {
        for (chess::Square sq : s) {
            chess::Square t = apply(sq);
            if (t != chess::NoSquare) out |= chess::SquareSet::of(t);
        }
        return out;
    }
    // Turn first, then translate. A full rank does not move along itself and a
    // full file does not move along itself (a-h2 shifted right is still a-h2).
    Transform turn = *this;
    turn.dx = turn.dy = 0;
    turn.shifting = false;
    chess::SquareSet turned = turn.apply(s);
    chess::SquareSet fullRanks, fullFiles;
    for (int i = 0; i < 8; ++i) {
        if ((turned & chess::SquareSet::rank(i)) == chess::SquareSet::rank(i)) fullRanks |= chess::SquareSet::rank(i);
        if ((turned & chess::SquareSet::file(i)) == chess::SquareSet::file(i)) fullFiles |= chess::SquareSet::file(i);
    }
    out |= fullRanks.shifted(0, dy);
    out |= (fullFiles - fullRanks).shifted(dx, 0);
    out |= (turned - fullRanks - fullFiles).shifted(dx, dy);
    return out;
}

PieceMask Transform::apply(PieceMask m) const
{
    if (!swapColors) return m;
    // White pieces are bits 1..6, black 9..14: swapping colours swaps the bytes.
    return PieceMask((m & EmptyBit) | ((m & WhiteBits) << 8) | ((m & BlackBits) >> 8));
}

void Transform::applyDirection(int &df, int &dr) const
{
    // Eighth turns counterclockwise: the 8 unit directions in circular order.
    static constexpr int ring[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    if (rot45) {
        for (int i = 0; i < 8; ++i) {
            if (ring[i][0] == df && ring[i][1] == dr) {
                df = ring[(i + rot45) & 7][0];
                dr = ring[(i + rot45) & 7][1];
                break;
            }
        }
    }
    int nf = m00 * df + m01 * dr, nr = m10 * df + m11 * dr;
    df = nf;
    dr = nr;
}

std::string Transform::name() const
{
    static const char *names[] = {"identity",     "rotate90",       "rotate180",    "rotate270",
                                  "flipvertical", "fliphorizontal", "flipdiagonal", "flipoffdiagonal"};
    std::string n;
    for (int i = 0; i < 8; ++i) {
        Transform d = dihedral(i);
        if (d.m00 == m00 && d.m01 == m01 && d.m10 == m10 && d.m11 == m11) {
            n = names[i];
            break;
        }
    }
    if (dx || dy) n += " shift(" + std::to_string(dx) + "," + std::to_string(dy) + ")";
    if (swapColors) n += " reversecolor";
    return n;
}

} // namespace cql

namespace cql {

ImageRecord *&currentImageRecord()
{
    thread_local ImageRecord *record = nullptr;
    return record;
}

} // namespace cql
