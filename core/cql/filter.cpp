// Defaults of the Filter interface; the filters' per-game slots.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "filter.h"

namespace cql {

const char *typeName(Type t)
{
    switch (t) {
    case Type::Logical: return "logical";
    case Type::Set: return "set";
    case Type::Numeric: return "numeric";
    case Type::Position: return "position";
    case Type::String: return "string";
    case Type::Piece: return "piece";
    case Type::Any: return "any";
    case Type::Dictionary: return "dictionary";
    }
    return "?";
}

chess::SquareSet Filter::set(Ctx &) const { return {}; }
bool Filter::number(Ctx &, long long &) const { return false; }
bool Filter::position(Ctx &, game::NodeId &) const { return false; }
bool Filter::string(Ctx &, std::string &) const { return false; }

void Filter::markSquares(Ctx &ctx, chess::SquareSet &out) const
{
    if (type == Type::Set) out |= set(ctx);
}

FilterPtr cloneTransformed(const FilterPtr &f, const Transform &t) { return f ? f->transformed(t) : nullptr; }

namespace {

GameSlotCounts *&currentAllocation()
{
    thread_local GameSlotCounts *current = nullptr;
    return current;
}

} // namespace

GameSlotAllocation::GameSlotAllocation(GameSlotCounts &counts) : m_previous(currentAllocation())
{
    currentAllocation() = &counts;
}

GameSlotAllocation::~GameSlotAllocation() { currentAllocation() = m_previous; }

int allocateGameSlot(GameSlot kind)
{
    thread_local GameSlotCounts unowned;
    GameSlotCounts *counts = currentAllocation();
    if (!counts) counts = &unowned;
    return counts->count[size_t(kind)]++;
}

namespace {

template <typename T>
T &grownTo(std::vector<T> &v, int slot)
{
    if (size_t(slot) >= v.size()) v.resize(size_t(slot) + 1);
    return v[size_t(slot)];
}

} // namespace

const Ctx::LegalMoves &Ctx::legal()
{
    // Only a position of the game is found again: others (a hypothetical
    // one) have no node of their own.
    const bool ofGame = gameSerial != 0 && game && node < game->nodes.size() && pos == &game->nodes[node].position;
    if (ofGame)
        for (const LegalMoves &e : legalMovesCache)
            if (e.game == gameSerial && e.node == node) return e;
    LegalMoves &e = legalMovesCache[legalMovesNext++ % legalMovesCache.size()];
    e.game = ofGame ? gameSerial : 0;
    e.node = node;
    e.list.size = 0; // generating appends
    pos->generateLegal(e.list);
    e.from = {};
    for (chess::Move m : e.list)
        e.from |= chess::SquareSet::of(m.from());
    return e;
}

void Ctx::resetGameSlots(const GameSlotCounts &counts)
{
    nestCovered.resize(size_t(counts.count[size_t(GameSlot::NestCovered)]));
    for (std::vector<bool> &v : nestCovered)
        v.clear();
    gameComments.assign(size_t(counts.count[size_t(GameSlot::GameComments)]), {});
    gameCommentOrder.clear();
    onceReached.assign(size_t(counts.count[size_t(GameSlot::OnceReached)]), 0);
    lineMemo.resize(size_t(counts.count[size_t(GameSlot::LineMemo)]));
    for (LineMemo &m : lineMemo)
        m.found.clear();
}

std::vector<bool> &Ctx::nestCoveredAt(int slot)
{
    std::vector<bool> &v = grownTo(nestCovered, slot);
    if (v.size() < game->nodes.size()) v.resize(game->nodes.size());
    return v;
}

Ctx::GameComments &Ctx::gameCommentsAt(int slot)
{
    GameComments &g = grownTo(gameComments, slot);
    if (!g.used) {
        g.used = true;
        gameCommentOrder.push_back(slot);
    }
    return g;
}

char &Ctx::onceReachedAt(int slot) { return grownTo(onceReached, slot); }

Ctx::LineFound *Ctx::lineMemoAt(int slot, size_t constituents)
{
    LineMemo &m = grownTo(lineMemo, slot);
    const size_t size = constituents * game->nodes.size();
    if (m.found.size() != size || m.game != gameSerial || m.generation != bindingGeneration) {
        m.found.assign(size, {});
        m.game = gameSerial;
        m.generation = bindingGeneration;
    }
    return m.found.data();
}

} // namespace cql
