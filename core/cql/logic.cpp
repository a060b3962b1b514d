// Logical and numeric filters.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "logic.h"
#include "control.h"
#include "positionorder.h"

#include "sets.h"
#include "state.h"

#include <cmath>
#include <typeinfo>

namespace cql {

CompoundFilter::CompoundFilter(std::vector<FilterPtr> parts) : m_parts(std::move(parts))
{
    type = m_parts.empty() ? Type::Logical : m_parts.back()->type;
    for (const auto &p : m_parts) {
        auto *d = dynamic_cast<const DesignatorFilter *>(p.get());
        if (!d) {
            m_designators.clear();
            break;
        }
        m_designators.push_back(d);
    }
}

bool CompoundFilter::prefix(Ctx &ctx) const
{
    for (size_t i = 0; i + 1 < m_parts.size(); ++i)
        if (!m_parts[i]->match(ctx)) return false;
    return true;
}

bool CompoundFilter::match(Ctx &ctx) const
{
    if (!m_designators.empty()) {
        for (const DesignatorFilter *d : m_designators)
            if (d->DesignatorFilter::set(ctx).empty()) return false;
        return true;
    }
    const size_t mark = ctx.comments.size();
    for (const auto &p : m_parts)
        if (!p->match(ctx)) return ctx.keepCommentsIf(mark, false);
    return true;
}

chess::SquareSet CompoundFilter::set(Ctx &ctx) const
{
    if (m_parts.empty() || !prefix(ctx)) return {};
    return m_parts.back()->set(ctx);
}

bool CompoundFilter::number(Ctx &ctx, long long &out) const
{
    const size_t mark = ctx.comments.size();
    return ctx.keepCommentsIf(mark, !m_parts.empty() && prefix(ctx) && numericValue(*m_parts.back(), ctx, out));
}

bool CompoundFilter::position(Ctx &ctx, game::NodeId &out) const
{
    const size_t mark = ctx.comments.size();
    return ctx.keepCommentsIf(mark, !m_parts.empty() && prefix(ctx) && m_parts.back()->position(ctx, out));
}

bool CompoundFilter::string(Ctx &ctx, std::string &out) const
{
    const size_t mark = ctx.comments.size();
    return ctx.keepCommentsIf(mark, !m_parts.empty() && prefix(ctx) && m_parts.back()->string(ctx, out));
}

FilterPtr CompoundFilter::transformed(const Transform &t) const
{
    std::vector<FilterPtr> parts;
    for (const auto &p : m_parts)
        parts.push_back(p->transformed(t));
    auto f = std::make_unique<CompoundFilter>(std::move(parts));
    f->range = range;
    return f;
}

FilterPtr AndOrFilter::transformed(const Transform &t) const
{
    return std::make_unique<AndOrFilter>(m_and, m_a->transformed(t), m_b->transformed(t));
}

bool NotFilter::match(Ctx &ctx) const
{
    // Comments made inside a negated filter never reach the output.
    size_t n = ctx.comments.size();
    bool r = m_a->match(ctx);
    ctx.comments.resize(n);
    return !r;
}

IfFilter::IfFilter(FilterPtr c, FilterPtr a, FilterPtr b) : m_c(std::move(c)), m_a(std::move(a)), m_b(std::move(b))
{
    // Without else it is only true or false, as in CQL 6.2: `if P q` is no set.
    type = (!m_b || m_b->type != m_a->type) ? Type::Logical : m_a->type;
}

bool IfFilter::match(Ctx &ctx) const
{
    if (m_c->match(ctx)) return m_a->match(ctx);
    return m_b ? m_b->match(ctx) : true;
}

chess::SquareSet IfFilter::set(Ctx &ctx) const
{
    if (m_c->match(ctx)) return m_a->set(ctx);
    return m_b ? m_b->set(ctx) : chess::SquareSet();
}

bool IfFilter::number(Ctx &ctx, long long &out) const
{
    if (m_c->match(ctx)) return numericValue(*m_a, ctx, out);
    return m_b && numericValue(*m_b, ctx, out);
}

bool IfFilter::string(Ctx &ctx, std::string &out) const
{
    if (m_c->match(ctx)) return m_a->string(ctx, out);
    return m_b && m_b->string(ctx, out);
}

bool IfFilter::position(Ctx &ctx, game::NodeId &out) const
{
    if (m_c->match(ctx)) return m_a->position(ctx, out);
    return m_b && m_b->position(ctx, out);
}

FilterPtr IfFilter::transformed(const Transform &t) const
{
    return std::make_unique<IfFilter>(m_c->transformed(t), m_a->transformed(t), cloneTransformed(m_b, t));
}

bool numericValue(const Filter &f, Ctx &ctx, long long &out)
{
    if (f.type == Type::Set) {
        out = f.set(ctx).count();
        return true;
    }
    return f.number(ctx, out);
}

bool ArithFilter::number(Ctx &ctx, long long &out) const
{
    long long a, b = 0;
    if (!numericValue(*m_a, ctx, a)) return false;
    if (m_b && !numericValue(*m_b, ctx, b)) return false;
    switch (m_op) {
    case Add: out = a + b; return true;
    case Sub: out = a - b; return true;
    case Mul: out = a * b; return true;
    case Div:
        if (b == 0) return false;
        out = a / b;
        return true;
    case Mod:
        if (b == 0) return false;
        out = a % b;
        return true;
    case Neg: out = -a; return true;
    case Abs: out = a < 0 ? -a : a; return true;
    case Sqrt:
        if (a < 0) return false;
        out = (long long)std::sqrt(double(a));
        return true;
    }
    return false;
}

FilterPtr ArithFilter::transformed(const Transform &t) const
{
    return std::make_unique<ArithFilter>(m_op, m_a->transformed(t), cloneTransformed(m_b, t));
}

bool MinMaxFilter::number(Ctx &ctx, long long &out) const
{
    // Only the comments of the arguments with the best value stay, as in 6.2.
    const size_t first = ctx.comments.size();
    bool any = false;
    for (const auto &a : m_args) {
        const size_t mark = ctx.comments.size();
        long long v;
        if (!numericValue(*a, ctx, v)) continue;
        if (any && (m_max ? v < out : v > out)) {
            ctx.comments.resize(mark);
            continue;
        }
        if (any && v != out) ctx.comments.erase(ctx.comments.begin() + long(first), ctx.comments.begin() + long(mark));
        out = v;
        any = true;
    }
    return any;
}

FilterPtr MinMaxFilter::transformed(const Transform &t) const
{
    std::vector<FilterPtr> args;
    for (const auto &a : m_args)
        args.push_back(a->transformed(t));
    return std::make_unique<MinMaxFilter>(m_max, std::move(args));
}

CompareFilter::CompareFilter(Op op, FilterPtr a, FilterPtr b) : m_op(op), m_a(std::move(a)), m_b(std::move(b))
{
    // As CQL 6.2 types them: two sets compared, and any !=, are logical
    // filters; other comparisons have the value of their left side.
    if ((m_a->type == Type::Set && m_b->type == Type::Set && (op == Eq || op == Ne)) || op == Ne)
        type = Type::Logical;
    else if (m_a->type == Type::String)
        type = Type::String;
    else
        type = Type::Numeric;
    if (m_a->type == Type::Set) {
        if (const auto *literal = dynamic_cast<const NumberFilter *>(m_b.get())) {
            m_countVsConstant = true;
            m_constant = literal->value();
        }
    }
}

bool CompareFilter::holds(Op op, int c)
{
    switch (op) {
    case CompareFilter::Lt: return c < 0;
    case CompareFilter::Le: return c <= 0;
    case CompareFilter::Eq: return c == 0;
    case CompareFilter::Ne: return c != 0;
    case CompareFilter::Ge: return c >= 0;
    case CompareFilter::Gt: return c > 0;
    }
    return false;
}

bool CompareFilter::compare(Ctx &ctx, long long *leftValue) const
{
    const size_t mark = ctx.comments.size();
    const bool ok = holdsAt(ctx, leftValue);
    // 6.2 reads `a != b` as `not a == b`: its comments never stay.
    ctx.keepCommentsIf(mark, ok && m_op != Ne);
    return ok;
}

bool CompareFilter::holdsAt(Ctx &ctx, long long *leftValue) const
{
    if (m_countVsConstant) {
        const long long a = m_a->set(ctx).count(), b = m_constant;
        if (leftValue) *leftValue = a;
        return holds(m_op, a < b ? -1 : a > b ? 1 : 0);
    }
    if (m_a->type == Type::Set && m_b->type == Type::Set && (m_op == Eq || m_op == Ne)) {
        bool eq = m_a->set(ctx) == m_b->set(ctx);
        return m_op == Eq ? eq : !eq;
    }
    if (m_a->type == Type::Position && m_b->type == Type::Position) {
        // Positions compare by their ids (the order positionid gives them).
        game::NodeId na, nb;
        if (!m_a->position(ctx, na) || !m_b->position(ctx, nb)) return false;
        long long a = positionOrder(ctx, na), b = positionOrder(ctx, nb);
        if (leftValue) *leftValue = a;
        return holds(m_op, a < b ? -1 : a > b ? 1 : 0);
    }
    if (m_a->type == Type::String || m_b->type == Type::String) {
        std::string a, b;
        if (!m_a->string(ctx, a) || !m_b->string(ctx, b)) return false;
        int c = a.compare(b);
        return holds(m_op, c);
    }
    long long a, b;
    if (!numericValue(*m_a, ctx, a) || !numericValue(*m_b, ctx, b)) return false;
    if (leftValue) *leftValue = a;
    return holds(m_op, a < b ? -1 : a > b ? 1 : 0);
}

bool CompareFilter::match(Ctx &ctx) const { return compare(ctx, nullptr); }

namespace {

bool sameDesignator(const Filter &a, const Filter &b)
{
    const auto *x = dynamic_cast<const DesignatorFilter *>(&a), *y = dynamic_cast<const DesignatorFilter *>(&b);
    return x && y && typeid(a) == typeid(b) && x->pieces() == y->pieces() && x->squares() == y->squares();
}

// Whether a and b are the same number, read without side effects.
bool sameNumber(const Filter &a, const Filter &b)
{
    if (typeid(a) != typeid(b)) return false;
    if (const auto *p = exactly<PositionNumberFilter>(a)) return p->kind() == exactly<PositionNumberFilter>(b)->kind();
    if (const auto *e = exactly<EloFilter>(a)) return e->side() == exactly<EloFilter>(b)->side();
    if (const auto *c = exactly<CountFilter>(a))
        return sameDesignator(c->argument(), exactly<CountFilter>(b)->argument());
    if (const auto *p = exactly<PowerFilter>(a))
        return sameDesignator(p->argument(), exactly<PowerFilter>(b)->argument());
    return false;
}

} // namespace

bool foldBounds(std::vector<FilterPtr> &parts)
{
    bool folded = false;
    for (size_t i = 0; i + 1 < parts.size(); ++i) {
        const auto *lower = exactly<CompareFilter>(*parts[i]), *upper = exactly<CompareFilter>(*parts[i + 1]);
        if (!lower || !upper || lower->op() == CompareFilter::Ne || upper->op() == CompareFilter::Ne) continue;
        const auto *bound = exactly<NumberFilter>(upper->right());
        if (!bound || !exactly<NumberFilter>(lower->right()) || !sameNumber(lower->left(), upper->left())) continue;
        const SourceRange r{parts[i]->range.begin, parts[i + 1]->range.end};
        auto both = std::make_unique<CompareFilter>(upper->op(), std::move(parts[i]),
                                                    std::make_unique<NumberFilter>(bound->value()));
        both->range = r;
        parts[i] = std::move(both);
        parts.erase(parts.begin() + long(i) + 1);
        folded = true;
    }
    return folded;
}

bool CompareFilter::number(Ctx &ctx, long long &out) const { return compare(ctx, &out); }

chess::SquareSet CompareFilter::set(Ctx &ctx) const
{
    return compare(ctx, nullptr) ? m_a->set(ctx) : chess::SquareSet();
}

bool CompareFilter::string(Ctx &ctx, std::string &out) const { return compare(ctx, nullptr) && m_a->string(ctx, out); }

FilterPtr CompareFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<CompareFilter>(m_op, m_a->transformed(t), m_b->transformed(t));
    f->range = range;
    return f;
}

bool InFilter::match(Ctx &ctx) const
{
    const chess::SquareSet a = m_a->set(ctx);
    return a.empty() || (a - m_b->set(ctx)).empty();
}

FilterPtr InFilter::transformed(const Transform &t) const
{
    return std::make_unique<InFilter>(m_a->transformed(t), m_b->transformed(t));
}

ValueAsTruthFilter::ValueAsTruthFilter(FilterPtr inner, std::string what)
    : m_inner(std::move(inner)), m_what(std::move(what))
{
    type = m_inner->type;
}

bool ValueAsTruthFilter::match(Ctx &) const
{
    throw EvaluationError(m_what + " " + placeText(range)
                          + " is neither true nor false (compare it, or use its value)");
}

FilterPtr ValueAsTruthFilter::transformed(const Transform &t) const
{
    auto f = std::make_unique<ValueAsTruthFilter>(m_inner->transformed(t), m_what);
    f->range = range;
    return f;
}

} // namespace cql
