// The CQL-S compiler's position list keywords, each read from its list
// and turned into its filter (compiler.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/compiler.h"
#include "cql/parser.h"
#include "cql/program.h"
#include "cql/cqls/tocql6.h"

namespace cql::cqls {

int Compiler::optionalSide(const Call &c, chess::Piece white, chess::Piece black, const char *refusal)
{
    const ArgumentNode &a = c.node.args[0];
    c.i = a.first + a.count;
    if (!a.present) return 0;
    const Designator &d = a.designator;
    const bool whole = !d.pieces.anything && d.squares == SquareSet::all();
    if (whole && d.pieces.plain == PieceMask(1u << white)) return 1;
    if (whole && d.pieces.plain == PieceMask(1u << black)) return 2;
    error(c.items[a.first], refusal);
    return -1;
}

FilterPtr Compiler::designatorOf(const Call &c, size_t j, Designator *raw)
{
    const ArgumentNode &a = c.node.args[j];
    c.i = a.first + a.count;
    if (!a.present) return nullptr;
    const Item &word = c.items[a.first];
    // An optional designator may name the backhand: it is then left to the keyword.
    if (!checkTag(a.designator, word) || (!a.spec->optional && !checkHand(a.designator, c.at, word))) return nullptr;
    if (raw) *raw = a.designator;
    return designatorFilter(a.designator);
}

FilterPtr Compiler::designatorOf(const Call &c, chess::Piece white, chess::Piece black, const char *what, Designator &d)
{
    FilterPtr f = designatorOf(c, 0, &d);
    if (!f) return nullptr;
    const PieceMask allowed = PieceMask((1u << white) | (1u << black));
    if (d.pieces.anything || ((d.pieces.plain | d.pieces.promoted | d.pieces.unpromoted) & ~allowed)) {
        error(c.items[c.i - 1], "'" + c.at.text + "' takes a designator of " + what + " only");
        return nullptr;
    }
    return f;
}

bool Compiler::rangeOf(const Call &c, size_t j, Range &r, bool allowEnd, bool allowPercent)
{
    const ArgumentNode &a = c.node.args[j];
    c.i = a.first + a.count;
    r = a.range;
    if (!a.present) return false;
    if ((allowEnd || !r.usesEnd()) && (allowPercent || !r.percent)) return true;
    error(c.items[c.i - 1], "'" + c.items[c.i - 1].text + "' is not a range specifier");
    return false;
}

FilterPtr Compiler::moveFilter(std::function<void(MoveSpec &)> fill)
{
    MoveSpec s;
    fill(s);
    return std::make_unique<MoveFilter>(std::move(s));
}

FilterPtr Compiler::lowered(std::string_view cql6, const Item &at, const std::map<std::string, const Filter *> &args)
{
    SourceRange r{at.pos, at.pos};
    r.end.column += at.length;
    r.end.offset += at.length;
    FilterPtr f = Parser::compileFilterText(cql6, r, m_header, m_program, m_diags, args);
    if (!f) m_ok = false;
    return f;
}

Lowering Compiler::lowering(const Item &at)
{
    return [this, &at](const std::string &cql6, const std::map<std::string, const Filter *> &args) {
        return lowered(cql6, at, args);
    };
}

FilterPtr Compiler::inRange(const Call &c, size_t j, FilterPtr v)
{
    Range r;
    if (!v || !rangeOf(c, j, r)) return nullptr;
    return std::make_unique<InRangeFilter>(std::move(v), r);
}

bool Compiler::secondRange(const Item &at, const std::vector<Item> &items, size_t &i, Range &second, bool allowPercent,
                           bool &ok)
{
    ok = true;
    if (i >= items.size() || items[i].isList() || items[i].text != ":") return false;
    ++i;
    ok = rangeArg(at, items, i, second, false, allowPercent);
    return true;
}

bool Compiler::splitByColour(const Item &where, const Designator &d, Designator &white, Designator &black)
{
    if (d.pieces.anything || !d.pieces.tag.empty() || !colourPart(d, true, white) || !colourPart(d, false, black)) {
        error(where, "two ranges (White's : Black's) need a designator with pieces of both colours, as [Pp]");
        return false;
    }
    return true;
}

bool Compiler::differenceArgs(const Item &at, const std::vector<Item> &items, size_t &i, FilterPtr &a, FilterPtr &b,
                              Designator *rawA, Designator *rawB)
{
    Designator d1, d2;
    if (!designatorArg(at, items, i, &d1)) return false;
    differencePair(d1, d2, optionalDesignator(items, i, d2));
    a = designatorFilter(d1);
    b = designatorFilter(d2);
    if (rawA) *rawA = d1;
    if (rawB) *rawB = d2;
    return true;
}

FilterPtr Compiler::rayKeyword(const Call &c)
{
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    if (i >= items.size() || !items[i].isList() || items[i].items.size() < 2) {
        error(at, "'" + at.text + "' expects a ray specifier: a list of two or more piece designators");
        return nullptr;
    }
    const Item &spec = items[i++];
    std::vector<FilterPtr> sets;
    for (const Item &d : spec.items) {
        FilterPtr f = designator(d);
        if (!f) return nullptr;
        sets.push_back(std::move(f));
    }
    std::vector<std::pair<int, int>> dirs;
    for (int df = -1; df <= 1; ++df) // the row's directions: 1 diagonal, 2 horizontal, 4 vertical
        for (int dr = -1; dr <= 1; ++dr)
            if ((df || dr) && (param & (df && dr ? 1 : dr == 0 ? 2 : 4))) dirs.emplace_back(df, dr);
    Range r;
    r.lo.value = 1;
    Range given;
    if (rangeArg(at, items, i, given, false, false, true)) r = given;
    auto f = std::make_unique<RaySpecFilter>(std::move(sets), std::move(dirs), n == "rayattack");
    return std::make_unique<InRangeFilter>(std::move(f), r);
}

int Compiler::rightsOf(const Designator &d, bool &ok)
{
    ok = true;
    PieceMask m = d.pieces.plain;
    int r = 0;
    if (m & (1u << chess::WKing)) r |= 1;
    if (m & (1u << chess::WQueen)) r |= 2;
    if (m & (1u << chess::BKing)) r |= 4;
    if (m & (1u << chess::BQueen)) r |= 8;
    PieceMask allowed =
        PieceMask((1u << chess::WKing) | (1u << chess::WQueen) | (1u << chess::BKing) | (1u << chess::BQueen));
    if (d.pieces.anything || d.pieces.promoted || d.pieces.unpromoted || (m & ~allowed)
        || d.squares != SquareSet::all())
        ok = false;
    return r;
}

FilterPtr Compiler::positionFilter(const std::string &n, const Item &at, const std::vector<Item> &items, size_t &i)
{
    static const std::unordered_map<std::string_view, std::pair<Handler, int>> handlers = {
        {"and", {&Compiler::logicKeyword, 0}},
        {"attackcount", {&Compiler::pairKeyword, 0}},
        {"blackcannotwin", {&Compiler::fixedKeyword<FactFilter>, FactFilter::BlackCannotWin}},
        {"blackelo", {&Compiler::rangeKeyword, 0}},
        {"captureforced", {&Compiler::fixedKeyword<NextMoveFilter>, NextMoveFilter::CaptureForced}},
        {"castling", {&Compiler::castlingKeyword, 0}},
        {"check", {&Compiler::checkKeyword, 0}},
        {"checkcount", {&Compiler::checkCountKeyword, 0}},
        {"cond", {&Compiler::logicKeyword, 0}},
        {"contactcheck", {&Compiler::checkOfKindKeyword, 0}},
        {"doublecheck", {&Compiler::checkOfKindKeyword, 0}},
        {"elo", {&Compiler::rangeKeyword, 0}},
        {"endgame", {&Compiler::fixedKeyword<FactFilter>, FactFilter::Endgame}},
        {"endgameevaluation", {&Compiler::evaluationKeyword, 0}},
        {"endgameevaluation*", {&Compiler::evaluationKeyword, 0}},
        {"evaluation", {&Compiler::evaluationKeyword, 0}},
        {"exchangeevaluation", {&Compiler::exchangeEvaluationKeyword, 0}},
        {"fen", {&Compiler::fenKeyword, 0}},
        {"fivefoldrepetition", {&Compiler::clockKeyword, 5}},
        {"forced", {&Compiler::fixedKeyword<NextMoveFilter>, NextMoveFilter::Forced}},
        {"gameisover", {&Compiler::fixedKeyword<FactFilter>, FactFilter::GameIsOver}},
        {"gappedsequence", {&Compiler::sequenceKeyword, 0}},
        {"goodbishop", {&Compiler::goodBishopKeyword, 0}},
        {"halfmoveclock", {&Compiler::clockKeyword, 0}},
        {"halfmovenumber", {&Compiler::rangeKeyword, 0}},
        {"inside", {&Compiler::insideKeyword, 0}},
        {"iscastling", {&Compiler::castlingKeyword, 0}},
        {"ischeck", {&Compiler::isCheckKeyword, 0}},
        {"ischess960", {&Compiler::startArrangementKeyword, 1}},
        {"iscontactcheck", {&Compiler::fixedKeyword<NextMoveFilter>, NextMoveFilter::IsContactCheck}},
        {"isdoublecheck", {&Compiler::fixedKeyword<NextMoveFilter>, NextMoveFilter::IsDoubleCheck}},
        {"isillegal", {&Compiler::neverKeyword, 0}},
        {"isinvalid", {&Compiler::neverKeyword, 0}},
        {"ispromotedpiece", {&Compiler::isPromotedPieceKeyword, 0}},
        {"isshufflechess", {&Compiler::startArrangementKeyword, 0}},
        {"kingonthehill", {&Compiler::fixedKeyword<VariantFactFilter>, VariantFactFilter::KingOnTheHill}},
        {"line", {&Compiler::lineKeyword, 0}},
        {"line*", {&Compiler::lineKeyword, 0}},
        {"losing", {&Compiler::fixedKeyword<VariantFactFilter>, VariantFactFilter::Losing}},
        {"match", {&Compiler::subMatchKeyword, 0}},
        {"matchconsecutive", {&Compiler::subMatchKeyword, 0}},
        {"matingmaterial", {&Compiler::fixedKeyword<FactFilter>, FactFilter::MatingMaterial}},
        {"maxswapevaluation", {&Compiler::pairKeyword, 0}},
        {"moveevaluation", {&Compiler::evaluationKeyword, 0}},
        {"movefrom", {&Compiler::moveFromToKeyword, 0}},
        {"movenumber", {&Compiler::rangeKeyword, 0}},
        {"moveto", {&Compiler::moveFromToKeyword, 0}},
        {"mustcapture", {&Compiler::fixedKeyword<VariantFactFilter>, VariantFactFilter::MustCapture}},
        {"nomatingmaterial", {&Compiler::fixedKeyword<FactFilter>, FactFilter::MatingMaterial | Negated}},
        {"not", {&Compiler::logicKeyword, 0}},
        {"opposition", {&Compiler::sideKeyword, 0}},
        {"or", {&Compiler::logicKeyword, 0}},
        {"passedpawnrace", {&Compiler::sideKeyword, 0}},
        {"pawncount", {&Compiler::pawnCountKeyword, 0}},
        {"pawncountdifference", {&Compiler::pawnCountKeyword, 1}},
        {"perpendicular", {&Compiler::pairKeyword, 0}},
        {"piececount", {&Compiler::pieceCountKeyword, 0}},
        {"piececountdifference", {&Compiler::differenceKeyword, 0}},
        {"power", {&Compiler::pieceCountKeyword, 0}},
        {"powerdifference", {&Compiler::differenceKeyword, 0}},
        {"promote", {&Compiler::promoteKeyword, 0}},
        {"ray", {&Compiler::rayKeyword, 7}},
        {"rayattack", {&Compiler::rayKeyword, 7}},
        {"raydiagonal", {&Compiler::rayKeyword, 1}},
        {"rayhorizontal", {&Compiler::rayKeyword, 2}},
        {"rayorthogonal", {&Compiler::rayKeyword, 6}},
        {"rayvertical", {&Compiler::rayKeyword, 4}},
        {"result", {&Compiler::resultKeyword, 0}},
        {"sequence", {&Compiler::sequenceKeyword, 0}},
        {"startposition", {&Compiler::variantKeyword, 0}},
        {"tagmatch", {&Compiler::tagMatchKeyword, 0}},
        {"takeslastpiece", {&Compiler::fixedKeyword<NextMoveFilter>, NextMoveFilter::TakesLastPiece}},
        {"threechecks", {&Compiler::fixedKeyword<VariantFactFilter>, VariantFactFilter::ThreeChecks}},
        {"threefoldrepetition", {&Compiler::clockKeyword, 3}},
        {"unstoppablepawns", {&Compiler::unstoppablePawnsKeyword, 0}},
        {"variant", {&Compiler::variantKeyword, 0}},
        {"whitecannotwin", {&Compiler::fixedKeyword<FactFilter>, FactFilter::WhiteCannotWin}},
        {"whiteelo", {&Compiler::rangeKeyword, 0}},
        {"xor", {&Compiler::logicKeyword, 0}},
    };
    // A keyword CQL 6 says in fixed words is those words, compiled by the CQL 6
    // parser, unless a back end above is faster.
    const auto h = handlers.find(n);
    if (const KeywordSignature *row = findKeyword(n);
        h == handlers.end() && row && row->cql6 == Cql6::Same && !row->takesArguments() && !row->cql6Text.empty())
        return lowered(row->cql6Text, at);
    if (h == handlers.end()) {
        // A keyword of the table that no back end reads yet.
        error(at, "':" + n + "' is not implemented yet");
        skipArguments(items, i);
        return nullptr;
    }
    const auto [handler, param] = h->second;
    FilterPtr f = (this->*handler)(Call{*m_node, n, at, items, i, param & ~Negated});
    if (f && (param & Negated)) f = std::make_unique<NotFilter>(std::move(f));
    return f;
}

// The reader keeps a game only up to its first illegal move: no next move is
// illegal or invalid.
FilterPtr Compiler::neverKeyword(const Call &) { return std::make_unique<ConstantFilter>(false); }

FilterPtr Compiler::startArrangementKeyword(const Call &c)
{
    return std::make_unique<StartArrangementFilter>(c.param != 0);
}

// Logic over sub-position lists.
FilterPtr Compiler::logicKeyword(const Call &c)
{
    std::vector<FilterPtr> parts;
    for (const ListNode &s : listArguments(c.i))
        parts.push_back(compilePosition(s, nullptr));
    return combine(c.n, std::move(parts));
}

// Simple keywords.
FilterPtr Compiler::checkKeyword(const Call &c)
{
    const FilterPtr by = designatorOf(c, 0);
    if (!by) return lowered(checkCql6(c.n, ""), c.at);
    return lowered(checkCql6(c.n, "cqls_by"), c.at, {{"cqls_by", by.get()}});
}

// CQL 6 says these too (tocql6.cpp's checkCql6), in a tree of attack sets
// that takes 50 % longer on masters20k, 7 times longer under :shift with a
// designator: a check's kind keeps a filter of its own.
FilterPtr Compiler::checkOfKindKeyword(const Call &c)
{
    return std::make_unique<FactFilter>(c.n == "contactcheck" ? FactFilter::ContactCheck : FactFilter::DoubleCheck,
                                        designatorOf(c, 0));
}

FilterPtr Compiler::fenKeyword(const Call &c)
{
    if (c.i >= c.items.size() || c.items[c.i].kind != Item::String) {
        error(c.at, "':fen' expects a FEN in double quotes");
        return nullptr;
    }
    std::string err;
    std::vector<std::string> corrected;
    auto pos = chess::Position::fromFen(c.items[c.i].text, &err, false, &corrected);
    if (!pos) {
        error(c.items[c.i], "not a valid FEN: " + err);
        return nullptr;
    }
    // The position matched is the one with the dropped rights or square.
    for (std::string &w : corrected)
        warning(c.items[c.i], std::move(w));
    ++c.i;
    return std::make_unique<FenFilter>(pos->key());
}

// :threefoldrepetition, :fivefoldrepetition (the count, param) and :halfmoveclock R.
FilterPtr Compiler::clockKeyword(const Call &c)
{
    Range r;
    r.lo.value = r.hi.value = c.param;
    if (!c.param && !rangeOf(c, 0, r)) return nullptr;
    return std::make_unique<ClockFilter>(c.param ? ClockFilter::Repetition : ClockFilter::HalfmoveClock, r);
}

// :castling K (rights held) and :iscastling [K] (the next move castles with one of them).
FilterPtr Compiler::castlingKeyword(const Call &c)
{
    Designator d;
    bool ok = true;
    const FilterPtr given = designatorOf(c, 0, &d);
    const int rights = given ? rightsOf(d, ok) : 0;
    if (c.node.args[0].present && (!given || !ok || !rights)) {
        if (given) error(c.items[c.i - 1], "':" + c.n + "' takes K, Q, k, q or a bracketed set of them");
        return nullptr;
    }
    if (c.n == "iscastling") return lowered(castlingCql6(rights), c.at);
    return std::make_unique<CastlingRightsFilter>(rights);
}

FilterPtr Compiler::insideKeyword(const Call &c)
{
    FilterPtr d = designatorOf(c, 0);
    if (!d) return nullptr;
    SquareSet s;
    std::string err;
    if (c.i >= c.items.size() || c.items[c.i].isList() || !parseSquares(c.items[c.i].text, s, err)) {
        error(c.i < c.items.size() ? c.items[c.i] : c.at,
              "':inside' expects a square designator after the piece designator");
        return nullptr;
    }
    ++c.i;
    return std::make_unique<InsideFilter>(std::move(d), s);
}

// Piece analysis.
// :piececount and :power: the power by the variant's values, and a count of pieces in hand too.
FilterPtr Compiler::pieceCountKeyword(const Call &c)
{
    Designator raw;
    FilterPtr d = designatorOf(c, 0, &raw);
    const bool power = c.n == "power";
    if (!d) return nullptr;
    return inRange(c, 1, power || raw.hand ? variantPower(std::move(d), raw, !power) : count(std::move(d)));
}

// The power of the designator's pieces by the variant's values, those in
// hand too when it names the backhand.
FilterPtr Compiler::variantPower(FilterPtr squares, const Designator &d, bool countOnly)
{
    return std::make_unique<VariantPowerFilter>(std::move(squares), d.hand ? handPieces(d.pieces) : PieceMask(0),
                                                countOnly);
}

FilterPtr Compiler::differenceKeyword(const Call &c)
{
    FilterPtr a, b;
    Designator rawA, rawB;
    if (!differenceArgs(c.at, c.items, c.i, a, b, &rawA, &rawB)) return nullptr;
    bool pw = c.n == "powerdifference";
    FilterPtr va = pw || rawA.hand ? variantPower(std::move(a), rawA, !pw) : count(std::move(a));
    FilterPtr vb = pw || rawB.hand ? variantPower(std::move(b), rawB, !pw) : count(std::move(b));
    return inRange(c, 2, std::make_unique<ArithFilter>(ArithFilter::Sub, std::move(va), std::move(vb)));
}

// The next move.
FilterPtr Compiler::moveFromToKeyword(const Call &c)
{
    Designator raw;
    FilterPtr d = designatorOf(c, 0, &raw);
    if (!d) return nullptr;
    if (c.n != "movefrom") return moveFilter([&](MoveSpec &s) { s.to = std::move(d); });
    // A drop's origin is the backhand: only a designator naming it ("Q[+]",
    // "R[*]") matches the piece a drop sets in; "???" is every move but a drop.
    return moveFilter([&](MoveSpec &s) {
        s.from = std::move(d);
        s.cqlsDrops = true;
        if (raw.hand) s.dropPieces = handPieces(raw.pieces);
    });
}

FilterPtr Compiler::isPromotedPieceKeyword(const Call &)
{
    // The seed's index lists it without a description; read like the other
    // :is... keywords, of the next move: it is made by a piece that came from a
    // promotion, as ':movefrom U~' says.
    Designator d;
    std::string err;
    parseDesignator("U~", d, err);
    return moveFilter([&](MoveSpec &s) {
        s.from = designatorFilter(d);
        s.cqlsDrops = true; // a dropped piece is never a promoted one
    });
}

FilterPtr Compiler::promoteKeyword(const Call &c)
{
    Designator d;
    if (!designatorOf(c, 0, &d)) return nullptr;
    PieceMask m = d.pieces.plain;
    if (d.pieces.anything) m = WhiteBits | BlackBits;
    if (d.pieces.promoted || d.pieces.unpromoted) {
        error(c.items[c.i - 1], "':promote' takes piece types without '~'");
        return nullptr;
    }
    // "[]": the next move is no promotion.
    if (!m) return lowered("{not terminal not " + promoteCql6(WhiteBits | BlackBits, "") + "}", c.at);
    if (d.squares == SquareSet::all()) return lowered(promoteCql6(m, ""), c.at);
    Designator to;
    to.pieces.anything = true;
    to.squares = d.squares;
    const FilterPtr squares = designatorFilter(to);
    return lowered(promoteCql6(m, "cqls_to"), c.at, {{"cqls_to", squares.get()}});
}

FilterPtr Compiler::isCheckKeyword(const Call &c)
{
    Range r;
    if (!rangeOf(c, 0, r)) return lowered("--(check)", c.at);
    if (r.lo.value != Range::Min && r.lo.value < 1) {
        error(c.items[c.node.args[0].first], "the range of ':ischeck' counts checks: its lower bound is at least 1");
        return nullptr;
    }
    return std::make_unique<IsCheckCountFilter>(r);
}

FilterPtr Compiler::sequenceKeyword(const Call &c)
{
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    std::vector<FilterPtr> steps;
    std::vector<std::shared_ptr<const StepSpan>> spans;
    for (const ListNode &s : listArguments(i)) {
        steps.push_back(compilePosition(s, nullptr, true));
        spans.push_back(m_lastSpan);
    }
    return sequenceLine(n == "gappedsequence", std::move(steps), spans, lowering(at));
}

// :opposition [K or k] and :passedpawnrace [P or p].
FilterPtr Compiler::sideKeyword(const Call &c)
{
    const bool kings = c.n == "opposition";
    const int side = kings ? optionalSide(c, chess::WKing, chess::BKing, "':opposition' takes K or k")
                           : optionalSide(c, chess::WPawn, chess::BPawn, "':passedpawnrace' takes P or p");
    if (side < 0) return nullptr;
    if (kings) return std::make_unique<OppositionFilter>(OppositionFilter::Side(side));
    return std::make_unique<PassedPawnRaceFilter>(PassedPawnRaceFilter::Side(side));
}

// :perpendicular D D, and :attackcount and :maxswapevaluation D D R.
FilterPtr Compiler::pairKeyword(const Call &c)
{
    FilterPtr a = designatorOf(c, 0), b = a ? designatorOf(c, 1) : nullptr;
    Range r;
    if (b && c.n == "perpendicular") return std::make_unique<PerpendicularFilter>(std::move(a), std::move(b));
    if (!b || !rangeOf(c, 2, r)) return nullptr;
    if (c.n == "maxswapevaluation") return std::make_unique<MaxSwapFilter>(std::move(a), std::move(b), r);
    return std::make_unique<InRangeFilter>(std::make_unique<AttackCountFilter>(std::move(a), std::move(b)), r);
}

FilterPtr Compiler::checkCountKeyword(const Call &c)
{
    // "R1 : R2" (the seed) counts checks in every variant; the older "N" and
    // "+N+M" forms count them only in Three-check, elsewhere only zero holds.
    if (c.i >= c.items.size() || c.items[c.i].isList()) {
        error(c.at,
              "':checkcount' expects two ranges (checks White received : checks Black received), a number or +N+M");
        return nullptr;
    }
    if ((c.i + 1 < c.items.size() && c.items[c.i + 1].text == ":")
        || (c.i + 2 < c.items.size() && c.items[c.i + 2].text == ":")) {
        // The seed's form, "R1 : R2": the checks White received from Black
        // in R1, those Black received in R2 (lower bounds not below zero).
        Range white, black;
        bool ok = true;
        if (!rangeArg(c.at, c.items, c.i, white, false, false) || !secondRange(c.at, c.items, c.i, black, false, ok)
            || !ok)
            return nullptr;
        for (const Range *r : {&white, &black})
            if (r->lo.value < 0 && r->lo.value != Range::Min) {
                error(c.items[c.i - 1], "':checkcount' counts checks: its ranges start at zero or above");
                return nullptr;
            }
        return std::make_unique<CheckCountFilter>(CheckCountFilter::Received, white, black);
    }
    std::string t = c.items[c.i].text;
    long long a = 0, b = 0;
    bool ok;
    if (!t.empty() && t[0] == '+') {
        size_t plus = t.find('+', 1);
        ok = plus != std::string::npos && parseNumber(t.substr(1, plus - 1), a) && parseNumber(t.substr(plus + 1), b)
            && a >= 0 && b >= 0;
    } else {
        ok = parseNumber(t, a) && a >= 0;
    }
    if (!ok) {
        error(c.items[c.i], "'" + t + "': ':checkcount' expects a number or +N+M");
        return nullptr;
    }
    ++c.i;
    Range white, black;
    white.lo.value = white.hi.value = a;
    black.lo.value = black.hi.value = b;
    return std::make_unique<CheckCountFilter>(t[0] == '+' ? CheckCountFilter::Exact : CheckCountFilter::Nth, white,
                                              black);
}

FilterPtr Compiler::evaluationKeyword(const Call &c)
{
    EvaluationParser ep;
    ep.error = [this](const Item &where, std::string message) { error(where, std::move(message)); };
    ep.designator = [this](const Item &a, const std::vector<Item> &its, size_t &j) { return designatorArg(a, its, j); };
    ep.isKeyword = [](const Item &it) { return keywordOf(it).isKeyword; };
    ep.engine = &m_program.engine;
    return compileEvaluation(c.n, c.at, c.items, c.i, ep);
}

FilterPtr Compiler::exchangeEvaluationKeyword(const Call &c)
{
    long long plies = 0;
    // The English page's form, a range alone ("<=-3"): its comparison
    // cannot start a depth, so the depth is unlimited, as '*' says.
    const bool rangeFirst = c.i < c.items.size() && !c.items[c.i].isList() && !c.items[c.i].text.empty()
        && (c.items[c.i].text[0] == '<' || c.items[c.i].text[0] == '>');
    if (!rangeFirst) {
        if (c.i >= c.items.size() || c.items[c.i].isList()
            || (c.items[c.i].text != "*" && !(parseNumber(c.items[c.i].text, plies) && plies > 0))) {
            error(c.i < c.items.size() ? c.items[c.i] : c.at,
                  "':exchangeevaluation' expects a depth in half moves or '*'");
            return nullptr;
        }
        ++c.i;
    }
    Range r;
    if (!rangeArg(c.at, c.items, c.i, r, false, false)) return nullptr;
    Designator d;
    FilterPtr targets;
    if (optionalDesignator(c.items, c.i, d)) targets = designatorFilter(d);
    return std::make_unique<ExchangeFilter>(int(plies), r, std::move(targets));
}

FilterPtr Compiler::goodBishopKeyword(const Call &c)
{
    Designator d;
    FilterPtr b = designatorOf(c, chess::WBishop, chess::BBishop, "bishops", d);
    Range theirs, ours;
    bool ok = true;
    if (!b || !rangeOf(c, 1, theirs, false, true)) return nullptr;
    if (!secondRange(c.at, c.items, c.i, ours, true, ok)) {
        error(c.i < c.items.size() ? c.items[c.i] : c.at, "':goodbishop' expects ':' between its two ranges");
        return nullptr;
    }
    if (!ok) return nullptr;
    return std::make_unique<GoodBishopFilter>(std::move(b), theirs, ours);
}

FilterPtr Compiler::lineKeyword(const Call &c)
{
    [[maybe_unused]] const auto &[node, n, at, items, i, param] = c;
    std::string text;
    if (i < items.size() && items[i].kind == Item::String) {
        text = items[i].text;
    } else if (i < items.size() && items[i].isList() && items[i].head() != "position") {
        for (const Item &m : items[i].items) {
            if (m.isList()) {
                error(m, "':line' expects moves");
                return nullptr;
            }
            text += m.text + " ";
        }
    } else {
        error(at, "':line' expects moves in double quotes or in parentheses");
        return nullptr;
    }
    // "e2-e4 e7-e6 d2-d4 d7-d5 *": a '*' ending the moves makes the line
    // transposition invariant, as :line* (the position list page).
    bool star = n == "line*";
    if (n == "line" && lineEndsWithStar(text)) {
        text.erase(text.find_last_of('*'));
        star = true;
    }
    std::string err;
    std::shared_ptr<const StepSpan> span;
    FilterPtr f = !star ? compileLine(text, err, lowering(c.at), &span) : compileLineStar(text, err);
    m_pendingSpan = std::move(span);
    if (!f) {
        error(items[i], err);
        ++i;
        return nullptr;
    }
    ++i;
    return f;
}

FilterPtr Compiler::unstoppablePawnsKeyword(const Call &c)
{
    Designator d;
    FilterPtr pawns = designatorOf(c, chess::WPawn, chess::BPawn, "pawns", d);
    Range r, blackRange;
    if (!pawns || !rangeOf(c, 1, r)) return nullptr;
    auto unstoppable = [](FilterPtr p, const Range &in) {
        return std::make_unique<InRangeFilter>(count(std::make_unique<UnstoppablePawnsFilter>(std::move(p))), in);
    };
    bool ok = true;
    if (!secondRange(c.at, c.items, c.i, blackRange, false, ok)) return unstoppable(std::move(pawns), r);
    // The seed: with pawns of both colours, White's unstoppable pawns in the
    // first range and Black's in the second.
    Designator white, black;
    if (!ok || !splitByColour(c.items[c.i - 1], d, white, black)) return nullptr;
    std::vector<FilterPtr> both;
    both.push_back(unstoppable(designatorFilter(white), r));
    both.push_back(unstoppable(designatorFilter(black), blackRange));
    return allOf(std::move(both));
}

// :match and :matchconsecutive (at most 16 lists).
FilterPtr Compiler::subMatchKeyword(const Call &c)
{
    const std::vector<ListNode> &subs = listArguments(c.i);
    const bool consecutive = c.n == "matchconsecutive";
    if (consecutive && subs.size() > 16) {
        error(c.at, "':matchconsecutive' takes at most 16 position lists");
        return nullptr;
    }
    std::vector<FilterPtr> lists;
    for (const ListNode &sub : subs)
        lists.push_back(compilePosition(sub, nullptr));
    if (consecutive) return std::make_unique<MatchConsecutiveFilter>(std::move(lists));
    return std::make_unique<SubMatchFilter>(std::move(lists));
}

FilterPtr Compiler::tagMatchKeyword(const Call &c)
{
    if (c.i >= c.items.size() || c.items[c.i].kind != Item::Word || keywordOf(c.items[c.i]).isKeyword) {
        error(c.at, "':tagmatch' expects a tag name and a piece designator");
        return nullptr;
    }
    auto t = m_tagSlots.find(c.items[c.i].text);
    if (t == m_tagSlots.end()) {
        error(c.items[c.i], "no :forany of the match list defines the tag '" + c.items[c.i].text + "'");
        return nullptr;
    }
    ++c.i;
    FilterPtr d = designatorArg(c.at, c.items, c.i);
    if (!d) return nullptr;
    return std::make_unique<TagMatchFilter>(t->second, std::move(d));
}

// A keyword whose argument is a range, on its row's CQL 6 number; move
// numbers counted from the game's end have a filter of their own.
FilterPtr Compiler::rangeKeyword(const Call &c)
{
    Range r;
    if (!rangeOf(c, 0, r, c.n == "movenumber" || c.n == "halfmovenumber")) return nullptr;
    if (r.usesEnd()) return std::make_unique<MoveNumberFilter>(c.n == "halfmovenumber", r);
    return lowered(rangeCql6(c.n, r), c.at);
}

} // namespace cql::cqls
