// Control filters of CQL 6.2: loop, while, assert, and the runtime error that
// assert raises to stop a game's evaluation.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <stdexcept>

namespace cql {

class RegexFilter;

// Thrown during evaluation (assert); the evaluator reports it as the game's error.
class EvaluationError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// "at line L, column C": where in the query an evaluation error arose.
inline std::string placeText(const SourceRange &r)
{
    return "at line " + std::to_string(r.begin.line) + ", column " + std::to_string(r.begin.column);
}

// This engine's cap on the comments of one game: CQL 6.2 drops an over-long
// comment and goes on, so the run does not count it as the query failing.
class CommentLimitError : public EvaluationError {
public:
    using EvaluationError::EvaluationError;
};

// Thrown when the search was cancelled in the middle of a game: the game has no result.
class EvaluationCancelled : public std::exception {
public:
    const char *what() const noexcept override { return "cancelled"; }
};

// loop body: evaluates body again and again until it does not match; always matches.
class LoopFilter : public Filter {
public:
    explicit LoopFilter(FilterPtr body) : m_body(std::move(body)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override
    {
        return std::make_unique<LoopFilter>(m_body->transformed(t));
    }

private:
    FilterPtr m_body;
};

// while (cond) body: body runs as long as cond matches; always matches.
// With a regular expression condition each round sees the next match.
class WhileFilter : public Filter {
public:
    WhileFilter(FilterPtr cond, FilterPtr body);
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_cond, m_body;
    const RegexFilter *m_regex; // m_cond when it is one: `while (x ~~ re)` walks the matches
};

class AssertFilter : public Filter {
public:
    AssertFilter(FilterPtr a, std::string where) : m_a(std::move(a)), m_where(std::move(where)) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override
    {
        return std::make_unique<AssertFilter>(m_a->transformed(t), m_where);
    }

private:
    FilterPtr m_a;
    std::string m_where;
};

// Endless loops are cut here with an error rather than hanging the search.
constexpr long MaxLoopRounds = 1000000;

} // namespace cql
