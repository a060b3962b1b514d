// String filters.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "stringfilters.h"

#include "control.h"
#include "logic.h"
#include "path.h"
#include "vars.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>

namespace cql {

namespace {

// Captures of the latest successful ~~ on this thread (each search thread
// evaluates one game at a time, so they never mix between games).
thread_local std::array<std::string, 10> t_captures;
thread_local std::array<bool, 10> t_haveCapture{};
thread_local int t_groups = -1; // the capture groups of its pattern, -1 before any match

std::mutex &ioMutex()
{
    static std::mutex m;
    return m;
}

// Where the search after match m of subject goes on: past it, or, for an
// empty match, one further (an empty match must still move on).
size_t offsetAfter(const Regex::Match &m, std::string_view subject)
{
    const size_t end = size_t(m.group[0].data() - subject.data()) + m.group[0].size();
    return m.group[0].empty() ? end + 1 : end;
}

void setCaptures(const Regex::Match &m)
{
    for (size_t i = 0; i < t_captures.size(); ++i) {
        t_haveCapture[i] = m.matched[i];
        t_captures[i].assign(m.group[i]);
    }
    t_groups = m.groups;
}

// A pattern computed while searching is compiled once per thread and text:
// `while (s ~~ str(...))` would otherwise compile it on every round.
std::shared_ptr<const Regex> dynamicRegex(const std::string &pattern)
{
    thread_local std::string t_pattern;
    thread_local std::shared_ptr<const Regex> t_regex;
    thread_local bool t_valid = false;
    if (!t_valid || t_pattern != pattern) {
        t_pattern = pattern;
        t_regex = Regex::compile(pattern);
        t_valid = true;
    }
    return t_regex;
}

std::string joinArgs(const std::vector<FilterPtr> &args, Ctx &ctx)
{
    std::string text;
    for (const auto &a : args)
        appendArgumentText(*a, ctx, text);
    return text;
}

} // namespace

bool StrFilter::string(Ctx &ctx, std::string &out) const
{
    out = joinArgs(m_args, ctx);
    return true;
}

FilterPtr StrFilter::transformed(const Transform &t) const
{
    std::vector<FilterPtr> args;
    for (const auto &a : m_args)
        args.push_back(a->transformed(t));
    return std::make_unique<StrFilter>(std::move(args));
}

bool ConcatFilter::string(Ctx &ctx, std::string &out) const
{
    out.clear();
    std::string part;
    for (const auto &p : m_parts) {
        if (!p->string(ctx, part)) return false;
        out += part;
    }
    return true;
}

FilterPtr ConcatFilter::transformed(const Transform &t) const
{
    std::vector<FilterPtr> parts;
    for (const auto &p : m_parts)
        parts.push_back(p->transformed(t));
    return std::make_unique<ConcatFilter>(std::move(parts));
}

bool IntFilter::number(Ctx &ctx, long long &out) const
{
    std::string s;
    if (!m_a->string(ctx, s)) return false;
    size_t i = 0;
    bool neg = false;
    if (i < s.size() && (s[i] == '-' || s[i] == '+')) neg = s[i++] == '-';
    if (i >= s.size()) return false;
    long long v = 0;
    for (; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9' || v > 100000000000000000LL) return false;
        v = v * 10 + (s[i] - '0');
    }
    out = neg ? -v : v;
    return true;
}

bool AsciiFilter::match(Ctx &ctx) const
{
    if (type == Type::Numeric) {
        long long v;
        return number(ctx, v);
    }
    std::string s;
    return string(ctx, s);
}

bool AsciiFilter::number(Ctx &ctx, long long &out) const
{
    std::string s;
    if (type != Type::Numeric || !m_a->string(ctx, s) || s.size() != 1) return false;
    out = (unsigned char)s[0];
    return true;
}

bool AsciiFilter::string(Ctx &ctx, std::string &out) const
{
    long long v;
    // As in CQL 6.2, codes past 127 make one byte too (not a UTF-8 character).
    if (type != Type::String || !m_a->number(ctx, v) || v < 1 || v > 255) return false;
    out = std::string(1, char(v));
    return true;
}

bool IndexOfFilter::number(Ctx &ctx, long long &out) const
{
    std::string a, b;
    if (!m_a->string(ctx, a) || !m_b->string(ctx, b)) return false;
    size_t p = a.find(b);
    out = p == std::string::npos ? -1 : (long long)p;
    return true;
}

FilterPtr IndexOfFilter::transformed(const Transform &t) const
{
    return std::make_unique<IndexOfFilter>(m_a->transformed(t), m_b->transformed(t));
}

RegexFilter::RegexFilter(FilterPtr subject, FilterPtr pattern)
    : m_subject(std::move(subject)), m_pattern(std::move(pattern))
{
    type = Type::String;
    // A bad literal pattern is reported by the parser, which compiles it too.
    if (auto *lit = dynamic_cast<const StringLiteralFilter *>(m_pattern.get())) m_fixed = Regex::compile(lit->text());
    auto *text = dynamic_cast<const StringLiteralFilter *>(m_subject.get());
    if (!m_fixed || !text) return;
    auto all = std::make_shared<std::vector<FixedMatch>>();
    const std::string &str = text->text();
    for (size_t offset = 0; offset <= str.size();) {
        Regex::Match m;
        if (!m_fixed->search(str, offset, m)) break;
        FixedMatch f{offset, 0, {}, m.matched, m.groups};
        for (size_t i = 0; i < f.captures.size(); ++i)
            f.captures[i].assign(m.group[i]);
        offset = f.to = offsetAfter(m, str);
        all->push_back(std::move(f));
    }
    m_fixedMatches = std::move(all);
}

bool RegexFilter::next(Ctx &ctx, size_t &offset, std::string &subject) const
{
    if (m_fixedMatches) {
        for (const FixedMatch &f : *m_fixedMatches) {
            if (f.from != offset) continue;
            t_captures = f.captures;
            t_haveCapture = f.matched;
            t_groups = f.groups;
            offset = f.to;
            return true;
        }
        return false;
    }
    if (offset == 0 && !m_subject->string(ctx, subject)) return false;
    if (offset > subject.size()) return false;
    std::shared_ptr<const Regex> re = m_fixed;
    if (!re) {
        std::string p;
        if (!m_pattern->string(ctx, p)) return false;
        re = dynamicRegex(p);
        if (!re) return false;
    }
    Regex::Match m;
    if (!re->search(subject, offset, m)) return false;
    setCaptures(m);
    offset = offsetAfter(m, subject);
    return true;
}

bool RegexFilter::string(Ctx &ctx, std::string &out) const
{
    std::string subject;
    size_t offset = 0;
    if (!next(ctx, offset, subject)) return false;
    out = t_captures[0];
    return true;
}

FilterPtr RegexFilter::transformed(const Transform &t) const
{
    return std::make_unique<RegexFilter>(m_subject->transformed(t), m_pattern->transformed(t));
}

bool CaptureFilter::string(Ctx &, std::string &out) const
{
    // A group the pattern has not: an error, as in CQL 6.2 (a group that
    // took no part in the match only fails).
    if (m_n > t_groups)
        throw EvaluationError("\\" + std::to_string(m_n) + " " + placeText(range) + ": "
                              + (t_groups < 0   ? std::string("no regular expression has matched before it")
                                     : t_groups ? "the latest matched regular expression has only "
                                         + std::to_string(t_groups) + (t_groups == 1 ? " group" : " groups")
                                                : std::string("the latest matched regular expression has no groups")));
    if (!t_haveCapture[size_t(m_n)]) return false;
    out = t_captures[size_t(m_n)];
    return true;
}

bool StringIndexFilter::string(Ctx &ctx, std::string &out) const
{
    std::string s;
    long long a = 0, b = 0;
    if (!m_s->string(ctx, s)) return false;
    if (m_from && !numericValue(*m_from, ctx, a)) return false;
    if (!m_slice) {
        if (a < 0) a += (long long)s.size();
        if (a < 0 || a >= (long long)s.size()) return false;
        out = std::string(1, s[size_t(a)]);
        return true;
    }
    b = (long long)s.size();
    if (m_to && !numericValue(*m_to, ctx, b)) return false;
    if (a < 0) a += (long long)s.size();
    if (b < 0) b += (long long)s.size();
    a = std::clamp<long long>(a, 0, (long long)s.size());
    b = std::clamp<long long>(b, a, (long long)s.size());
    out = s.substr(size_t(a), size_t(b - a));
    return true;
}

FilterPtr StringIndexFilter::transformed(const Transform &t) const
{
    return std::make_unique<StringIndexFilter>(m_s->transformed(t), cloneTransformed(m_from, t),
                                               cloneTransformed(m_to, t), m_slice);
}

bool FileFilter::match(Ctx &ctx) const
{
    if (!m_write) {
        std::string s;
        return string(ctx, s);
    }
    std::string name, text;
    if (!m_name->string(ctx, name)) return false;
    bool ok;
    text = valueText(*m_text, ctx, ok);
    if (!ok) return false;
    std::lock_guard lock(ioMutex());
    std::ofstream f(name, std::ios::app | std::ios::binary);
    f << text;
    return bool(f);
}

bool FileFilter::string(Ctx &ctx, std::string &out) const
{
    std::string name;
    if (m_write || !m_name->string(ctx, name)) return false;
    std::ifstream f(name, std::ios::binary);
    if (!f) return false;
    std::ostringstream ss;
    ss << f.rdbuf();
    out = ss.str();
    return true;
}

FilterPtr FileFilter::transformed(const Transform &t) const
{
    return std::make_unique<FileFilter>(m_write, m_name->transformed(t), cloneTransformed(m_text, t));
}

bool MessageFilter::match(Ctx &ctx) const
{
    std::string text = m_quiet
        ? std::string()
        : "Game: " + std::to_string(ctx.game->number) + " " + positionIdString(ctx, ctx.node) + ": ";
    text += joinArgs(m_args, ctx);
    std::lock_guard lock(ioMutex());
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fputc('\n', stdout);
    return true;
}

FilterPtr MessageFilter::transformed(const Transform &t) const
{
    std::vector<FilterPtr> args;
    for (const auto &a : m_args)
        args.push_back(a->transformed(t));
    return std::make_unique<MessageFilter>(std::move(args), m_quiet);
}

} // namespace cql
