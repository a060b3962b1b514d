// Parsing of the operators between two positions: x & y (x ∩ y) and the
// tree ordering x [<] y, [<=], [>], [>=] (≺ ≼ ≻ ≽).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "parser.h"
#include "positionops.h"

namespace cql {

bool Parser::isPositionOp(const Token &op)
{
    return op.kind == Tok::Punct
        && (op.op == Op::PosLt || op.op == Op::PosLe || op.op == Op::PosGt || op.op == Op::PosGe);
}

FilterPtr Parser::makePositionOp(const Token &op, const SourceRange &r, FilterPtr left, FilterPtr right)
{
    if (left->type != Type::Position || right->type != Type::Position) {
        const SourceRange &bad = left->type != Type::Position ? left->range : right->range;
        error(bad, "expected position filters on both sides of '" + op.text + "'");
        return nullptr;
    }
    FilterPtr f;
    if (op.op == Op::Amp) {
        f = std::make_unique<PositionIntersectFilter>(std::move(left), std::move(right));
    } else {
        PositionOrderFilter::Op o = op.op == Op::PosLt ? PositionOrderFilter::Lt
            : op.op == Op::PosLe                       ? PositionOrderFilter::Le
            : op.op == Op::PosGt                       ? PositionOrderFilter::Gt
                                                       : PositionOrderFilter::Ge;
        f = std::make_unique<PositionOrderFilter>(o, std::move(left), std::move(right));
    }
    f->range = r;
    return f;
}

} // namespace cql
