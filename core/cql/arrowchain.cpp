// Arrow chains x → y → z and x ← y ← z (see arrowchain.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "arrowchain.h"

#include <array>
#include <vector>

namespace cql {

namespace {

constexpr int Dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// How far a piece p attacks along direction d: a slider the whole line, king and pawn one step.
int reachAlong(chess::Piece p, int d)
{
    bool diagonal = d >= 4;
    switch (chess::typeOf(p)) {
    case chess::Queen: return 7;
    case chess::Rook: return diagonal ? 0 : 7;
    case chess::Bishop: return diagonal ? 7 : 0;
    case chess::King: return 1;
    case chess::Pawn: {
        int forward = chess::colorOf(p) == chess::White ? 1 : -1;
        return diagonal && Dirs[d][1] == forward ? 1 : 0;
    }
    default: return 0;
    }
}

} // namespace

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
    if (n < 2) return {};
    const chess::Position &pos = *ctx.pos;
    // Which squares of the written leftmost set take part in a line.
    chess::SquareSet starts, ends;
    for (chess::SquareSet from = sets[0]; from.any();) {
        chess::Square s = from.popFirst();
        chess::Piece p = pos.pieceAt(s);
        if (p == chess::NoPiece) continue;
        for (int d = 0; d < 8; ++d) {
            int reach = reachAlong(p, d);
            if (!reach) continue;
            // The squares of each link reached along this line, link by link:
            // the first step limited by the piece's reach, the later ones not.
            chess::SquareSet reached = chess::SquareSet::of(s);
            for (size_t link = 1; link < n && reached.any(); ++link) {
                chess::SquareSet next;
                const int limit = link == 1 ? reach : 7;
                for (chess::SquareSet at = reached; at.any();) {
                    const chess::Square a = at.popFirst();
                    int file = int(a) % 8, rank = int(a) / 8;
                    for (int step = 1; step <= limit; ++step) {
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
                starts |= chess::SquareSet::of(s);
                ends |= reached;
            }
        }
    }
    return m_rightward ? starts : ends;
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
