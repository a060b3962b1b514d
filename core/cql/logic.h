// Logical and numeric filters: and/or/not/if, compound filters, constants,
// comparisons and arithmetic.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <vector>

namespace cql {

class ConstantFilter : public InvariantFilter<ConstantFilter> {
public:
    explicit ConstantFilter(bool v) : m_v(v) {}
    bool value() const { return m_v; }
    bool match(Ctx &) const override { return m_v; }

private:
    bool m_v;
};

// { F1 F2 ... }: all must match; value is the last one's.
class CompoundFilter : public Filter {
public:
    explicit CompoundFilter(std::vector<FilterPtr> parts);
    CQL_EVERY_VALUE_FUNCTION
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override
    {
        for (const auto &p : m_parts)
            p->markSquares(ctx, out);
    }
    const std::vector<FilterPtr> &parts() const { return m_parts; }
    FilterPtr &lastPart() { return m_parts.back(); } // the parser's truth check may wrap it
    // Non-empty when every part is a plain piece designator.
    const std::vector<const class DesignatorFilter *> &designators() const { return m_designators; }

private:
    bool prefix(Ctx &ctx) const; // all but the last match
    std::vector<FilterPtr> m_parts;
    // {Ka1 kh8}-style compounds of plain designators are tested without
    // virtual calls: they are what transforms multiply.
    std::vector<const class DesignatorFilter *> m_designators;
};

class AndOrFilter : public Filter {
public:
    AndOrFilter(bool isAnd, FilterPtr a, FilterPtr b) : m_and(isAnd), m_a(std::move(a)), m_b(std::move(b)) {}
    bool isAnd() const { return m_and; }
    const Filter &left() const { return *m_a; }
    const Filter &right() const { return *m_b; }
    bool match(Ctx &ctx) const override
    {
        const size_t mark = ctx.comments.size();
        return ctx.keepCommentsIf(mark,
                                  m_and ? (m_a->match(ctx) && m_b->match(ctx)) : (m_a->match(ctx) || m_b->match(ctx)));
    }
    FilterPtr transformed(const Transform &t) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override
    {
        if (m_and || m_a->match(ctx)) m_a->markSquares(ctx, out);
        if (m_and || m_b->match(ctx)) m_b->markSquares(ctx, out);
    }

private:
    bool m_and;
    FilterPtr m_a, m_b;
};

class NotFilter : public OneArgumentFilter<NotFilter, Filter> {
public:
    using OneArgumentFilter::OneArgumentFilter;
    bool match(Ctx &ctx) const override;
    void markSquares(Ctx &, chess::SquareSet &) const override {}
};

class IfFilter : public Filter {
public:
    IfFilter(FilterPtr c, FilterPtr a, FilterPtr b);
    CQL_EVERY_VALUE_FUNCTION
    // The parts whose truth is asked when the if's is (the parser's checks).
    FilterPtr &thenPart() { return m_a; }
    FilterPtr &elsePart() { return m_b; }

private:
    FilterPtr m_c, m_a, m_b; // m_b may be null
};

class NumberFilter : public InvariantFilter<NumberFilter, NumericFilter> {
public:
    explicit NumberFilter(long long v) : m_v(v) {}
    bool number(Ctx &, long long &out) const override
    {
        out = m_v;
        return true;
    }
    long long value() const { return m_v; }

private:
    long long m_v;
};

// Numeric value of a numeric filter, or the size of a set filter.
bool numericValue(const Filter &f, Ctx &ctx, long long &out);

class CountFilter : public OneArgumentFilter<CountFilter, NumericFilter> { // #S
public:
    using OneArgumentFilter::OneArgumentFilter;
    bool number(Ctx &ctx, long long &out) const override
    {
        out = m_a->set(ctx).count();
        return true;
    }
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override { m_a->markSquares(ctx, out); }
};

class ArithFilter : public NumericFilter {
public:
    enum Op { Add, Sub, Mul, Div, Mod, Neg, Abs, Sqrt };
    ArithFilter(Op op, FilterPtr a, FilterPtr b = nullptr) : m_op(op), m_a(std::move(a)), m_b(std::move(b)) {}
    bool number(Ctx &ctx, long long &out) const override;
    Op op() const { return m_op; }
    FilterPtr transformed(const Transform &t) const override;

private:
    Op m_op;
    FilterPtr m_a, m_b;
};

class MinMaxFilter : public NumericFilter {
public:
    MinMaxFilter(bool isMax, std::vector<FilterPtr> args) : m_max(isMax), m_args(std::move(args)) {}
    bool number(Ctx &ctx, long long &out) const override;
    const std::vector<FilterPtr> &args() const { return m_args; }
    FilterPtr transformed(const Transform &t) const override;

private:
    bool m_max;
    std::vector<FilterPtr> m_args;
};

// a < b, a == b, ...: value is the left side's. Two sets compare as sets with
// == and != (a logical filter then, as every !=), otherwise sets compare by size.
class CompareFilter : public Filter {
public:
    enum Op { Lt, Le, Eq, Ne, Ge, Gt };
    CompareFilter(Op op, FilterPtr a, FilterPtr b);
    Op op() const { return m_op; }
    const Filter &left() const { return *m_a; }
    const Filter &right() const { return *m_b; }
    // Whether a comparison holds for an ordering c (<0, 0, >0) of its sides.
    static bool holds(Op op, int c);
    bool match(Ctx &ctx) const override;
    bool number(Ctx &ctx, long long &out) const override;
    chess::SquareSet set(Ctx &ctx) const override;
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &t) const override;
    void markSquares(Ctx &ctx, chess::SquareSet &out) const override
    {
        m_a->markSquares(ctx, out);
        m_b->markSquares(ctx, out);
    }

private:
    bool compare(Ctx &ctx, long long *leftValue) const;
    bool holdsAt(Ctx &ctx, long long *leftValue) const;
    Op m_op;
    FilterPtr m_a, m_b;
    // "set >= 2": the commonest comparison, run once per position, takes a short path.
    bool m_countVsConstant = false;
    long long m_constant = 0;
};

// {X >= a X <= b}: two comparisons of the same number with constants, next
// to each other in a block, become one, X >= a <= b (a comparison has the
// value of its left side), which reads X once: a tag's year, a count. Only
// numbers read without side effects are folded: the position's numbers, elo,
// and the count or power of a designator.
// True when it folded some.
bool foldBounds(std::vector<FilterPtr> &parts);

// x in S: the set x is a non-empty subset of S (value: x).
// X in Y: every square of X is in Y (an empty X too), as CQL 6.2 reads it:
// a test, not a set.
class InFilter : public Filter {
public:
    InFilter(FilterPtr a, FilterPtr b) : m_a(std::move(a)), m_b(std::move(b)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_a, m_b;
};

class StringLiteralFilter : public InvariantFilter<StringLiteralFilter> {
public:
    explicit StringLiteralFilter(std::string s) : m_s(std::move(s)) { type = Type::String; }
    bool match(Ctx &) const override { return true; }
    bool string(Ctx &, std::string &out) const override
    {
        out = m_s;
        return true;
    }
    const std::string &text() const { return m_s; }

private:
    std::string m_s;
};

// A string value written where a condition belongs (`"text"`, `str(...)`,
// `a + b`, a string variable, `fen`): CQL 6.2 accepts the query but stops
// the search when it evaluates one, since it would always be true. Values
// pass through; asking for truth is the error.
class ValueAsTruthFilter : public Filter {
public:
    ValueAsTruthFilter(FilterPtr inner, std::string what);
    bool match(Ctx &ctx) const override;
    chess::SquareSet set(Ctx &ctx) const override { return m_inner->set(ctx); }
    bool number(Ctx &ctx, long long &out) const override { return m_inner->number(ctx, out); }
    bool position(Ctx &ctx, game::NodeId &out) const override { return m_inner->position(ctx, out); }
    bool string(Ctx &ctx, std::string &out) const override { return m_inner->string(ctx, out); }
    FilterPtr transformed(const Transform &t) const override;
    bool transformSensitive() const override { return m_inner->transformSensitive(); }
    const Filter &inner() const { return *m_inner; }

private:
    FilterPtr m_inner;
    std::string m_what;
};

} // namespace cql
