// Filters that name things about pieces and the position: typename, piecename,
// pieceid, sidetomove (and the colour constants white/black), currenttransform,
// fen, enpassantsquare, originalcomment, and the HHdb convention `try`.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "filter.h"

#include <string_view>

namespace cql {

// typename S / piecename S: the piece on a single square as text.
class PieceNameFilter : public StringFilter {
public:
    PieceNameFilter(bool withColor, FilterPtr a) : m_withColor(withColor), m_a(std::move(a)) {}
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &t) const override;
    bool withColor() const { return m_withColor; }

private:
    bool m_withColor;
    FilterPtr m_a;
};

// pieceid x: the identity number of the piece on a single square.
class PieceIdFilter : public OneArgumentFilter<PieceIdFilter, NumericFilter> {
public:
    using OneArgumentFilter::OneArgumentFilter;
    bool number(Ctx &ctx, long long &out) const override;
};

// sidetomove, and the constants white (1) and black (-1) it is compared with.
// A colour swap turns white into black.
class SideFilter : public NumericFilter {
public:
    // sign: 0 = the side to move; +1 white; -1 black
    explicit SideFilter(int sign) : m_sign(sign) {}
    bool number(Ctx &ctx, long long &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    int m_sign;
};

class CurrentTransformFilter : public Filter {
public:
    explicit CurrentTransformFilter(Transform t = Transform::identity()) : m_t(t) { type = Type::String; }
    bool match(Ctx &) const override { return true; }
    bool string(Ctx &ctx, std::string &out) const override;
    FilterPtr transformed(const Transform &t) const override;

private:
    Transform m_t;
};

// fen, originalcomment: text about the current position.
class PositionTextFilter : public InvariantFilter<PositionTextFilter, StringFilter> {
public:
    enum Kind { Fen, OriginalComment };
    explicit PositionTextFilter(Kind k) : m_kind(k) {}
    bool string(Ctx &ctx, std::string &out) const override;
    Kind kind() const { return m_kind; }

private:
    Kind m_kind;
};

// originalcomment "!" (or "?!", "+-", "$12" ...): CQL 6.2 reads an argument
// that names a NAG as a test of the NAGs of the move that led here; any other
// argument is text to find in the comment.
class MoveNagFilter : public InvariantFilter<MoveNagFilter> {
public:
    explicit MoveNagFilter(int nag) : m_nag(nag) {}
    bool match(Ctx &ctx) const override;

private:
    int m_nag;
};
// The NAG an originalcomment argument names, 0 when it names none. "$0"
// comes back as -1 and "$n" past 255 as n (at most 1000): both are errors.
int nagOfCommentArgument(std::string_view argument);

class EnPassantSquareFilter : public InvariantFilter<EnPassantSquareFilter, SetFilter> {
public:
    chess::SquareSet set(Ctx &ctx) const override;
};

// try, as CQL 6.2 defines it (1 == find <-- all {btm secondary}): exactly one
// position from the start up to this one was reached by a White move that
// leaves its parent's main continuation. Its value is that 1, as the
// comparison's, so it may stand where a number does (try + 1).
class TryFilter : public InvariantFilter<TryFilter, NumericFilter> {
public:
    bool number(Ctx &ctx, long long &out) const override;
};

} // namespace cql
