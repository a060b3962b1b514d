// Arrow chains x → y → z and x ← y ← z (see arrowchain.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "arrowchain.h"

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
    std::vector<chess::SquareSet> sets;
    sets.reserve(m_links.size());
    for (const auto &l : m_links) {
        sets.push_back(l->set(ctx));
        if (sets.back().empty()) return {};
    }
    const chess::Position &pos = *ctx.pos;
    const size_t n = sets.size();
    // Which squares of the written leftmost set take part in a line.
    chess::SquareSet starts, ends;
    for (chess::SquareSet from = sets[0]; from.any();) {
        chess::Square s = from.popFirst();
        chess::Piece p = pos.pieceAt(s);
        if (p == chess::NoPiece) continue;
        for (int d = 0; d < 8; ++d) {
            int reach = reachAlong(p, d);
            if (!reach) continue;
            // Walk the line; `link` is the next set to reach, the first step
            // limited by the piece's reach, the later ones not.
            struct Frame {
                chess::Square at;
                size_t link;
            };
            std::vector<Frame> todo{{s, 1}};
            while (!todo.empty()) {
                Frame f = todo.back();
                todo.pop_back();
                int file = int(f.at) % 8, rank = int(f.at) / 8;
                int limit = f.link == 1 ? reach : 7;
                for (int step = 1; step <= limit; ++step) {
                    file += Dirs[d][0];
                    rank += Dirs[d][1];
                    if (file < 0 || file > 7 || rank < 0 || rank > 7) break;
                    chess::Square q = chess::Square(rank * 8 + file);
                    if (sets[f.link].contains(q)) {
                        if (f.link + 1 == n) {
                            starts |= chess::SquareSet::of(s);
                            ends |= chess::SquareSet::of(q);
                        } else {
                            todo.push_back({q, f.link + 1});
                        }
                    }
                    if (pos.pieceAt(q) != chess::NoPiece) break;
                }
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
