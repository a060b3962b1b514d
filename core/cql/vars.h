// Variables, square and piece iteration, comments and sort.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <vector>

namespace cql {

// Reads a variable slot. Variables are not transformed: a transform acts on
// the query text, and a variable stands for a value.
class VarFilter : public Filter {
public:
    VarFilter(int slot, Type t) : m_slot(slot)
    {
        type = t == Type::Piece ? Type::Set : t;
        piecePrinted = t == Type::Piece;
    }
    bool match(Ctx &ctx) const override;
    chess::SquareSet set(Ctx &ctx) const override;
    bool number(Ctx &ctx, long long &out) const override;
    bool position(Ctx &ctx, game::NodeId &out) const override;
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &) const override;
    bool transformSensitive() const override { return false; }
    int slot() const { return m_slot; }
    bool isPiece() const { return piecePrinted; }

private:
    int m_slot;
};

class AssignFilter : public Filter {
public:
    enum Op { Set, SetIfUnbound, Add, Sub, Mul, Div, Mod, Union, Intersect };
    AssignFilter(int slot, Type varType, Op op, FilterPtr rhs)
        : m_slot(slot), m_varType(varType), m_op(op), m_rhs(std::move(rhs))
    {
    }
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    int slot() const { return m_slot; }
    Op op() const { return m_op; }
    const Filter *rhs() const { return m_rhs.get(); }

private:
    int m_slot;
    Type m_varType;
    Op m_op;
    FilterPtr m_rhs;
};

// square [all] X in S body / piece [all] X in S body
class IterateFilter : public SetFilter {
public:
    IterateFilter(bool pieces, bool all, int slot, FilterPtr domain, FilterPtr body)
        : m_pieces(pieces), m_all(all), m_slot(slot), m_domain(std::move(domain)), m_body(std::move(body))
    {
    }
    chess::SquareSet set(Ctx &ctx) const override;
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    bool pieces() const { return m_pieces; }
    bool all() const { return m_all; }
    int slot() const { return m_slot; }
    const Filter &domain() const { return *m_domain; }
    const Filter &body() const { return *m_body; }

private:
    chess::SquareSet run(Ctx &ctx, bool &allOk) const;
    bool m_pieces, m_all;
    int m_slot;
    FilterPtr m_domain, m_body;
};

// comment (...) and ///: always matches; writes its arguments' values.
class CommentFilter : public Filter {
public:
    explicit CommentFilter(std::vector<FilterPtr> args) : m_args(std::move(args)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;
    const std::vector<FilterPtr> &args() const { return m_args; }

private:
    std::vector<FilterPtr> m_args;
};

// sort [min] ["title"] F: remembers the game's best value of F.
class SortFilter : public Filter {
public:
    // A sort of a string filter keeps the greatest (or least) text.
    SortFilter(int index, bool min, FilterPtr arg) : m_index(index), m_min(min), m_arg(std::move(arg))
    {
        type = m_arg->type == Type::String ? Type::String : Type::Numeric;
    }
    bool match(Ctx &ctx) const override
    {
        if (type == Type::String) {
            std::string s;
            return string(ctx, s);
        }
        long long v;
        return number(ctx, v);
    }
    bool number(Ctx &ctx, long long &out) const override;
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &t) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override { m_arg->markSquares(ctx, out); }
    const Filter &argument() const { return *m_arg; }

private:
    int m_index;
    bool m_min;
    FilterPtr m_arg;
};

// Text of a value for comments: sets as [a1,b2] (a single square bare), etc.
std::string valueText(const Filter &f, Ctx &ctx, bool &ok);
// The same text appended to out; false when the value has none.
bool appendValueText(const Filter &f, Ctx &ctx, std::string &out);
// An argument of comment, message or str, spelled as CQL 6.2 spells it: an
// unbound variable as <unbound: name>, a value that is missing as <false>.
void appendArgumentText(const Filter &f, Ctx &ctx, std::string &out);
// Square of the piece with the given identity at the current node, or NoSquare.
chess::Square pieceSquare(Ctx &ctx, int pieceId);
int pieceIdAt(Ctx &ctx, chess::Square s);

} // namespace cql
