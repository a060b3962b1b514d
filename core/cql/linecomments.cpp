// Comments after a move in a line constituent.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "linecomments.h"

#include "moves.h"
#include "vars.h"

namespace cql {

void takeCommentsAfterMove(std::vector<FilterPtr> &parts, std::vector<FilterPtr> &afterMove, FilterPtr &moveCheck)
{
    MoveFilter *move = nullptr;
    std::vector<FilterPtr> kept;
    for (FilterPtr &p : parts) {
        if (move && dynamic_cast<const CommentFilter *>(p.get())) {
            afterMove.push_back(std::move(p));
            continue;
        }
        if (auto *m = dynamic_cast<MoveFilter *>(p.get()); m && !m->spec().previous && !move) move = m;
        kept.push_back(std::move(p));
    }
    parts = std::move(kept);
    if (move && !afterMove.empty()) {
        moveCheck = move->transformed(Transform::identity());
        static_cast<MoveFilter &>(*moveCheck).spec().previous = true;
    }
}

void writeCommentsAfterMove(Ctx &ctx, const std::vector<FilterPtr> &afterMove, const Filter *moveCheck,
                            game::NodeId node, game::NodeId next, bool singleColor)
{
    if (afterMove.empty()) return;
    game::NodeId target = next;
    if (singleColor && target != game::NoNode) target = ctx.game->nodes[target].parent;
    if (target == game::NoNode) // the line ends here: the move is the game's own
        target = ctx.game->nodes[node].firstChild;
    if (target == game::NoNode) return;
    const game::NodeId here = ctx.node;
    ctx.moveTo(target);
    if (!moveCheck || moveCheck->match(ctx))
        for (const FilterPtr &c : afterMove)
            c->match(ctx);
    ctx.moveTo(here);
}

} // namespace cql
