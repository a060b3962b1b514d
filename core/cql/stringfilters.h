// String filters of CQL 6.2: str, int, ascii, indexof, ~~ with its captures
// \0 .. \9, string indexing, readfile, writefile and message.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"
#include "regex.h"

#include <array>
#include <memory>
#include <vector>

namespace cql {

// str(args): the arguments' values as text, concatenated.
class StrFilter : public Filter {
public:
    explicit StrFilter(std::vector<FilterPtr> args) : m_args(std::move(args)) { type = Type::String; }
    bool match(Ctx &) const override { return true; }
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    std::vector<FilterPtr> m_args;
};

// S + T on strings: the two texts joined; no match when either has none.
class ConcatFilter : public StringFilter {
public:
    explicit ConcatFilter(std::vector<FilterPtr> parts) : m_parts(std::move(parts)) {}
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    std::vector<FilterPtr> m_parts;
};

// int S: the number a string spells (no match when it spells none).
class IntFilter : public OneArgumentFilter<IntFilter, NumericFilter> {
public:
    using OneArgumentFilter::OneArgumentFilter;
    bool number(Ctx &ctx, long long &out) const override;
};

// ascii S: the code of a one-character string; ascii N: the one-character string.
class AsciiFilter : public Filter {
public:
    explicit AsciiFilter(FilterPtr a) : m_a(std::move(a))
    {
        type = m_a->type == Type::String ? Type::Numeric : Type::String;
    }
    bool match(Ctx &ctx) const override;
    bool number(Ctx &ctx, long long &out) const override;
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &t) const override
    {
        return std::make_unique<AsciiFilter>(m_a->transformed(t));
    }

private:
    FilterPtr m_a;
};

// indexof(s t): the 0-based position of t in s, -1 when absent.
class IndexOfFilter : public NumericFilter {
public:
    IndexOfFilter(FilterPtr a, FilterPtr b) : m_a(std::move(a)), m_b(std::move(b)) {}
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_a, m_b;
};

// s ~~ "regex": the first match (a string); sets the captures \0 .. \9.
class RegexFilter : public Filter {
public:
    RegexFilter(FilterPtr subject, FilterPtr pattern);
    bool match(Ctx &ctx) const override
    {
        std::string s;
        return string(ctx, s);
    }
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &t) const override;
    // while (s ~~ r): the next match after offset; advances offset.
    bool next(Ctx &ctx, size_t &offset, std::string &subject) const;

private:
    FilterPtr m_subject, m_pattern;
    std::shared_ptr<const Regex> m_fixed; // compiled once for a literal pattern
    // A literal subject with a literal pattern, as `while ("RBNQ" ~~ ".")`
    // loops over at every position: its matches, found once.
    struct FixedMatch {
        size_t from, to; // the offsets next() is called with and leaves
        std::array<std::string, 10> captures;
        std::array<bool, 10> matched;
        int groups;
    };
    std::shared_ptr<const std::vector<FixedMatch>> m_fixedMatches;
};

// s in t: t contains s; the value is s.
class SubstringFilter : public Filter {
public:
    SubstringFilter(FilterPtr part, FilterPtr whole) : m_part(std::move(part)), m_whole(std::move(whole))
    {
        type = Type::Logical;
    }
    bool match(Ctx &ctx) const override
    {
        std::string a, b;
        return m_part->string(ctx, a) && m_whole->string(ctx, b) && b.find(a) != std::string::npos;
    }
    FilterPtr transformed(const Transform &t) const override
    {
        return std::make_unique<SubstringFilter>(m_part->transformed(t), m_whole->transformed(t));
    }

private:
    FilterPtr m_part, m_whole;
};

// #s: the length of a string.
class StringLengthFilter : public OneArgumentFilter<StringLengthFilter, NumericFilter> {
public:
    using OneArgumentFilter::OneArgumentFilter;
    bool number(Ctx &ctx, long long &out) const override
    {
        std::string s;
        if (!m_a->string(ctx, s)) return false;
        out = (long long)s.size();
        return true;
    }
};

// \N: capture N of the latest successful ~~.
class CaptureFilter : public InvariantFilter<CaptureFilter, StringFilter> {
public:
    explicit CaptureFilter(int n) : m_n(n) {}
    bool string(Ctx &ctx, std::string &out) const override;

private:
    int m_n;
};

// s[i] / s[i:j]: a character or a substring.
class StringIndexFilter : public StringFilter {
public:
    StringIndexFilter(FilterPtr s, FilterPtr from, FilterPtr to, bool slice)
        : m_s(std::move(s)), m_from(std::move(from)), m_to(std::move(to)), m_slice(slice)
    {
    }
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    FilterPtr m_s, m_from, m_to;
    bool m_slice;
};

// readfile name: the whole file as a string. writefile(name text): appends.
class FileFilter : public Filter {
public:
    FileFilter(bool write, FilterPtr name, FilterPtr text)
        : m_write(write), m_name(std::move(name)), m_text(std::move(text))
    {
        type = write ? Type::Logical : Type::String;
    }
    bool match(Ctx &ctx) const override;
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    bool m_write;
    FilterPtr m_name, m_text;
};

// message (args): prints its arguments' values on standard output.
// message (args): the text on standard output, after "Game: N move M(wtm): "
// unless quiet, as CQL 6.2 writes it.
class MessageFilter : public Filter {
public:
    MessageFilter(std::vector<FilterPtr> args, bool quiet) : m_args(std::move(args)), m_quiet(quiet) {}
    bool match(Ctx &ctx) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    std::vector<FilterPtr> m_args;
    bool m_quiet;
};

} // namespace cql
