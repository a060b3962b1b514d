// Arrow chains x → y → z and x ← y ← z (see arrowchain.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "arrowchain.h"

#include <array>
#include <vector>

namespace cql {

namespace {

constexpr int Dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// Whether p attacks along direction d in a chain: only a line piece
// goes on past what it attacks, so (as in CQL 6.2) a king, a knight or a
// pawn starts no chain.
bool linePieceAlong(chess::Piece p, int d)
{
    bool diagonal = d >= 4;
    switch (chess::typeOf(p)) {
    case chess::Queen: return true;
    case chess::Rook: return !diagonal;
    case chess::Bishop: return diagonal;
    default: return false;
    }
}

} // namespace

chess::SquareSet arrowChain(const chess::Position &pos, const chess::SquareSet *sets, size_t n, bool starts)
{
    if (n < 2) return {};
    // Which squares of the first and the last link take part in a line.
    chess::SquareSet first, last;
    for (chess::SquareSet from = sets[0]; from.any();) {
        chess::Square s = from.popFirst();
        chess::Piece p = pos.pieceAt(s);
        if (p == chess::NoPiece) continue;
        for (int d = 0; d < 8; ++d) {
            if (!linePieceAlong(p, d)) continue;
            // The squares of each link reached along this line, link by link.
            chess::SquareSet reached = chess::SquareSet::of(s);
            for (size_t link = 1; link < n && reached.any(); ++link) {
                chess::SquareSet next;
                for (chess::SquareSet at = reached; at.any();) {
                    const chess::Square a = at.popFirst();
                    int file = int(a) % 8, rank = int(a) / 8;
                    for (int step = 1; step <= 7; ++step) {
                        file += Dirs[d][0];
                        rank += Dirs[d][1];
                        if (file < 0 || file > 7 || rank < 0 || rank > 7) break;
                        chess::Square q = chess::Square(rank * 8 + file);
                        if (sets[link].contains(q)) next |= chess::SquareSet::of(q);
                        if (pos.pieceAt(q) != chess::NoPiece) break;
                    }
                }
                reached = next;
            }
            if (reached.any()) {
                first |= chess::SquareSet::of(s);
                last |= reached;
            }
        }
    }
    return starts ? first : last;
}

chess::SquareSet ArrowChainFilter::set(Ctx &ctx) const
{
    // The links' sets, on the stack for chains of usual length: a chain is
    // asked at every position, often many times.
    constexpr size_t Inline = 8;
    const size_t n = m_links.size();
    std::array<chess::SquareSet, Inline> inlineSets;
    std::vector<chess::SquareSet> heapSets(n > Inline ? n : 0);
    chess::SquareSet *sets = n > Inline ? heapSets.data() : inlineSets.data();
    for (size_t i = 0; i < n; ++i) {
        sets[i] = m_links[i]->set(ctx);
        if (sets[i].empty()) return {};
    }
    return arrowChain(*ctx.pos, sets, n, m_rightward);
}

FilterPtr ArrowChainFilter::transformed(const Transform &t) const
{
    std::vector<FilterPtr> links;
    for (const auto &l : m_links)
        links.push_back(l->transformed(t));
    auto f = std::make_unique<ArrowChainFilter>(m_rightward, std::move(links));
    f->range = range;
    return f;
}

} // namespace cql
