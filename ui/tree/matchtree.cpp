// SPDX-License-Identifier: GPL-3.0-or-later
#include "matchtree.h"

#include <QHash>
#include <algorithm>
#include <algorithm>

namespace wb {

void TreeTally::add(search::Outcome outcome, int rating)
{
    ++count;
    switch (outcome) {
    case search::Outcome::WhiteWin: ++whiteWins; break;
    case search::Outcome::Draw: ++draws; break;
    case search::Outcome::BlackWin: ++blackWins; break;
    case search::Outcome::Unknown: break;
    }
    if (rating > 0) {
        ratingSum += rating;
        ++rated;
    }
}

namespace {

bool cancelled(const std::atomic<bool> *cancel) { return cancel && cancel->load(std::memory_order_relaxed); }

// Pawns never go back and captured pieces never return (in the variants read
// here but Crazyhouse): a game that moved a pawn the target still has at home,
// or has fewer men than the target, cannot reach it any more.
struct ReachTest {
    chess::SquareSet home[2];
    int men = 0;
    bool prune = true;

    explicit ReachTest(const chess::Position &target)
    {
        home[chess::White] = target.pieces(chess::White, chess::Pawn) & chess::SquareSet::rank(1);
        home[chess::Black] = target.pieces(chess::Black, chess::Pawn) & chess::SquareSet::rank(6);
        men = target.occupied().count();
        prune = target.variant() != chess::Variant::Crazyhouse;
    }
    bool stillPossible(const chess::Position &p) const
    {
        if (!prune) return true;
        return (p.pieces(chess::White, chess::Pawn) & home[chess::White]) == home[chess::White]
            && (p.pieces(chess::Black, chess::Pawn) & home[chess::Black]) == home[chess::Black]
            && p.occupied().count() >= men;
    }
};

int moverRating(const search::MatchMoves &m, bool black) { return black ? m.blackElo : m.whiteElo; }

template <typename T>
void sortByCount(std::vector<T> &rows)
{
    std::stable_sort(rows.begin(), rows.end(), [](const T &a, const T &b) { return a.tally.count > b.tally.count; });
}

} // namespace

OpeningTree openingTree(const MatchRecords &records, const chess::Position &position, const std::atomic<bool> *cancel)
{
    OpeningTree tree;
    tree.key = position.key();
    const ReachTest reach(position);
    const bool black = position.sideToMove() == chess::Black;
    QHash<quint16, int> rowOf;
    const chess::Position standard;
    for (size_t r = 0; r < records.size(); ++r) {
        if ((r & 1023) == 0 && cancelled(cancel)) return tree;
        const search::MatchMoves &m = records[r].moves;
        chess::Position p = m.start ? *m.start : standard;
        if (p.variant() != position.variant()) continue;
        const size_t plies = m.mainline.size();
        for (size_t i = 0;; ++i) {
            if (p.key() == tree.key) {
                ++tree.games;
                if (i == plies) {
                    ++tree.ended;
                    break;
                }
                const chess::Move move = m.mainline[i];
                auto it = rowOf.constFind(move.raw());
                if (it == rowOf.constEnd()) {
                    it = rowOf.insert(move.raw(), int(tree.moves.size()));
                    OpeningMove row;
                    row.move = move;
                    row.game = records[r].game;
                    row.ply = int(i) + 1;
                    tree.moves.push_back(row);
                }
                tree.moves[size_t(*it)].tally.add(m.outcome, moverRating(m, black));
                break; // a game counts once, with the move it first played here
            }
            if (i == plies || !reach.stillPossible(p)) break;
            p.play(m.mainline[i]);
        }
    }
    for (OpeningMove &row : tree.moves)
        row.san = QString::fromStdString(position.san(row.move));
    sortByCount(tree.moves);
    return tree;
}

NextKey nextKey(search::MoveCode code)
{
    if (!code.valid()) return 0;
    const chess::Move m = code.move();
    if (m.isNull()) return 1u << 30;
    // What MoveCode::text() writes, and nothing else: piece, target, capture,
    // the pawn's file when it captures, promotion, check and mate, castling side.
    NextKey k = 1u << 31 | code.piece() | quint32(m.to()) << 3 | quint32(code.capture()) << 9
        | quint32(code.check()) << 10 | quint32(code.mate()) << 11;
    if (m.kind() == chess::Move::Promotion) k |= quint32(m.promotion()) << 12;
    if (m.kind() == chess::Move::Drop) k |= 1u << 15;
    if (m.isCastling()) k |= 1u << 16 | quint32(chess::fileOf(m.to()) > chess::fileOf(m.from())) << 17;
    if (code.piece() == chess::Pawn && code.capture()) k |= quint32(chess::fileOf(m.from())) << 18;
    return k;
}

namespace {

// Calls f(record, match index, codes of the match) for every match whose line starts with `path`.
template <typename F>
void forEachAfter(const MatchRecords &records, const std::vector<NextKey> &path, F f,
                  const std::atomic<bool> *cancel = nullptr)
{
    const size_t depth = path.size();
    if (depth > size_t(search::NextPlies)) return;
    for (size_t r = 0; r < records.size(); ++r) {
        if ((r & 1023) == 0 && cancelled(cancel)) return;
        const std::vector<search::MoveCode> &next = records[r].moves.next;
        const size_t marks = next.size() / search::NextPlies;
        for (size_t k = 0; k < marks; ++k) {
            const search::MoveCode *codes = next.data() + k * search::NextPlies;
            size_t d = 0;
            while (d < depth && nextKey(codes[d]) == path[d])
                ++d;
            if (d == depth) f(records[r], int(k), codes);
        }
    }
}

} // namespace

std::vector<NextMove> nextMoves(const MatchRecords &records, const std::vector<NextKey> &path, TreeTally *total,
                                int *ended, const std::atomic<bool> *cancel)
{
    std::vector<NextMove> rows;
    QHash<NextKey, int> rowOf;
    TreeTally all;
    int stopped = 0;
    const size_t depth = path.size();
    forEachAfter(
        records, path,
        [&](const MatchRecord &record, int match, const search::MoveCode *codes) {
            const search::MatchMoves &m = record.moves;
            all.add(m.outcome, 0);
            if (depth == size_t(search::NextPlies)) return;
            const search::MoveCode code = codes[depth];
            const NextKey key = nextKey(code);
            if (!key) {
                ++stopped;
                return;
            }
            auto it = rowOf.constFind(key);
            if (it == rowOf.constEnd()) {
                it = rowOf.insert(key, int(rows.size()));
                NextMove row;
                row.key = key;
                row.text = QString::fromStdString(code.text());
                row.game = record.game;
                row.match = match;
                rows.push_back(row);
            }
            NextMove &row = rows[size_t(*it)];
            row.tally.add(m.outcome, moverRating(m, code.byBlack()));
            if (depth + 1 < size_t(search::NextPlies) && !codes[depth + 1].valid()) ++row.ended;
        },
        cancel);
    sortByCount(rows);
    if (total) *total = all;
    if (ended) *ended = stopped;
    return rows;
}

std::vector<int> gamesAfter(const MatchRecords &records, const std::vector<NextKey> &path)
{
    std::vector<int> games;
    forEachAfter(records, path, [&](const MatchRecord &record, int, const search::MoveCode *) {
        if (games.empty() || games.back() != record.game) games.push_back(record.game);
    });
    return games;
}

} // namespace wb
