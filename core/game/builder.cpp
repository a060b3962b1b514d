// Replays PGN movetext into a game tree; the hot path of every search.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "builder.h"
#include "bughouse.h"
#include "ficsstart.h"

#include <algorithm>
#include <cctype>

namespace game {

namespace {

bool equalsNoCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

bool isResultText(std::string_view r) { return r == "1-0" || r == "0-1" || r == "1/2-1/2" || r == "*"; }

} // namespace

std::string_view classifyVariant(std::string_view tag, bool &chess960)
{
    chess960 = false;
    std::string_view v = trim(tag);
    static const char *const standard[] = {"",          "standard", "chess", "normal", "from position", "fromposition",
                                           "classical", "?"};
    for (const char *s : standard)
        if (equalsNoCase(v, s)) return {};
    static const char *const c960[] = {"chess960",      "chess 960",      "chess-960", "fischerandom", "fischer random",
                                       "fischerrandom", "fischer-random", "960",       "frc"};
    for (const char *s : c960)
        if (equalsNoCase(v, s)) {
            chess960 = true;
            return "chess960";
        }
    return v;
}

GameBuilder::GameBuilder() = default;
GameBuilder::GameBuilder(Game &game, const BuildOptions &options) : m_game(&game), m_options(options) {}
GameBuilder::~GameBuilder() = default;

void GameBuilder::beginGame(const pgn::GameStart &start)
{
    m_bughouseActive = false;
    Game &g = *m_game;
    g.clear();
    g.number = start.number;
    g.fileOffset = start.where.offset;
    g.firstLine = start.where.line;
    g.firstColumn = start.where.column;
    m_start = start.where;
    m_cur = 0;
    m_started = false;
    m_lineStart = true;
    m_pendingPre = NoText;
    m_pendingNags.clear();
    m_stack.clear();
    m_fenTag = m_variantTag = m_resultTag = -1;
    m_haveResult = false;
}

void GameBuilder::tag(std::string_view name, std::string_view value)
{
    Game &g = *m_game;
    int index = int(g.tags.size());
    if (name == "FEN")
        m_fenTag = index;
    else if (name == "Variant")
        m_variantTag = index;
    else if (name == "Result")
        m_resultTag = index;
    g.addTag(name, value);
}

void GameBuilder::addError(const pgn::Location &where, std::string message)
{
    m_game->errors.push_back(GameError{where.line, where.column, std::move(message)});
}

std::string unplayableMoveMessage(std::string_view san, const std::string &decodeError, int ply, bool inVariation,
                                  bool &bad)
{
    bad = pgn::looksLikeMove(san);
    if (!bad) return "unexpected text '" + std::string(san.substr(0, 40)) + "' in the movetext";
    std::string what = decodeError.empty() ? std::string("illegal move") : decodeError;
    if (what == "bad move syntax") what = "bad move";
    return what + " " + std::string(san) + " at ply " + std::to_string(ply) + (inVariation ? " (in a variation)" : "");
}

namespace {

// The FEN's board has pockets: "[...]" after it, or a ninth rank.
bool hasPockets(std::string_view fen)
{
    const std::string_view board = fen.substr(0, fen.find(' '));
    return board.find('[') != std::string_view::npos || std::count(board.begin(), board.end(), '/') == 8;
}

} // namespace

StartPosition startPosition(const std::string_view *fen, const std::string_view *variantTag,
                            const BuildOptions &options)
{
    StartPosition out;
    bool chess960 = false;
    chess::Variant variant = chess::Variant::Standard;
    if (variantTag) {
        // A FICS start position ("wild/5", "misc/runaway") is ordinary chess from
        // another arrangement, which the FEN tag gives (or the name alone).
        if (const FicsStart *fics = ficsStartNamed(trim(*variantTag))) {
            std::string_view own = fics->fen;
            return startPosition(fen ? fen : &own, nullptr, options);
        }
        std::string_view name = classifyVariant(*variantTag, chess960);
        if (const auto v = chess::parseVariantName(name)) {
            variant = *v;
        } else if (!name.empty() && !chess960) {
            out.error = "variant " + std::string(name) + " not supported; game skipped";
            return out;
        }
    }
    out.chess960 = chess960;
    if (fen) {
        std::string_view text = trim(*fen);
        std::string err;
        auto pos = chess::Position::fromFen(text, &err, chess960, &out.warnings, variant);
        if (!pos && !chess960) {
            // Shredder-FEN castling letters without a Variant tag: a Chess960 game.
            std::string err2;
            pos = chess::Position::fromFen(text, &err2, true, &out.warnings, variant);
            if (pos) chess960 = out.chess960 = true;
        }
        if (!pos && !variantTag && hasPockets(text)) {
            // Pockets without a Variant tag: only Crazyhouse has them.
            std::string err3;
            pos = chess::Position::fromFen(text, &err3, false, &out.warnings, chess::Variant::Crazyhouse);
        }
        if (!pos) {
            out.error = "bad FEN \"" + std::string(text) + "\": " + err + "; game skipped";
            return out;
        }
        out.position = *pos;
        // Castling rights that only make sense in Chess960 make it a Chess960 game.
        out.chess960 = pos->chess960();
        if (!options.chess960 && (out.chess960 || chess960)) {
            out.position.restrictToStandardCastling();
            out.chess960 = false;
            out.readAsStandard = true;
        }
    } else if (chess960 && options.chess960) {
        out.position.setChess960(true);
    } else if (chess960) {
        out.chess960 = false;
        out.readAsStandard = true;
    } else if (variant != chess::Variant::Standard) {
        out.position = chess::Position::startOf(variant);
    }
    return out;
}

// The root node: the FEN tag's position or the standard start.
bool GameBuilder::setUpStart()
{
    Game &g = *m_game;
    m_started = true;
    std::string_view fen, variant;
    if (m_fenTag >= 0) fen = g.tags[size_t(m_fenTag)].second;
    if (m_variantTag >= 0) variant = g.tags[size_t(m_variantTag)].second;
    if (m_variantTag >= 0 && isBughouseName(variant)) {
        if (!m_bughouse) m_bughouse = std::make_unique<BughouseReplay>();
        std::string error;
        m_bughouseActive = m_bughouse->start(g, m_fenTag >= 0 ? &fen : nullptr, error);
        if (!m_bughouseActive) {
            g.nodes.emplace_back();
            g.unsupported = true;
            addError(m_start, std::move(error));
        }
        return m_bughouseActive;
    }
    StartPosition start =
        startPosition(m_fenTag >= 0 ? &fen : nullptr, m_variantTag >= 0 ? &variant : nullptr, m_options);
    g.chess960 = start.chess960;
    if (!start.error.empty()) {
        g.nodes.emplace_back();
        g.unsupported = true;
        addError(m_start, std::move(start.error));
        return false;
    }
    // The root built from the start position directly: no default position copied first.
    g.nodes.emplace_back(start.position, chess::Move::none(), NoNode, uint16_t(0), uint16_t(0), NoText);
    g.readAsStandard = start.readAsStandard;
    // A corrected FEN is reported but the game is searched from what was kept.
    for (std::string &w : start.warnings)
        addError(m_start, std::move(w));
    return true;
}

bool GameBuilder::beginMovetext()
{
    bool ok = setUpStart();
    return ok && m_options.movetext;
}

pgn::MoveAction GameBuilder::move(std::string_view san, const pgn::Place &where)
{
    if (m_bughouseActive) return m_bughouse->move(san, where);
    Game &g = *m_game;
    const NodeId parent = m_cur;
    const Node &from = g.nodes[parent];
    if (from.ply == 0xFFFF) {
        addError(where.location(), "game too long (more than 65535 plies); the rest is skipped");
        return pgn::MoveAction::SkipMovetext;
    }
    const int ply = from.ply + 1;
    // The new node starts as a copy of its parent's position, and the move is
    // read and played on that copy: the usual move in one step, anything else
    // by the general reader.
    const NodeId id = NodeId(g.nodes.size());
    chess::Position &pos =
        g.nodes.emplace_back(g.nodes[parent].position, chess::Move::none(), parent, uint16_t(ply), 0, m_pendingPre)
            .position;
    chess::Move m = pos.playCommonSan(san);
    if (m.isNone()) {
        m = pos.parseSan(san, &m_err);
        if (m.isNone()) {
            g.nodes.pop_back();
            bool bad = false;
            addError(where.location(), unplayableMoveMessage(san, m_err, ply, !m_stack.empty(), bad));
            if (!bad) return pgn::MoveAction::Continue; // stray text inside the movetext: read on
            return m_stack.empty() ? pgn::MoveAction::SkipMovetext : pgn::MoveAction::SkipVariation;
        }
        pos.play(m);
    }

    Node &p = g.nodes[parent];
    uint16_t depth = p.variationDepth;
    if (p.firstChild == NoNode) {
        p.firstChild = id;
    } else {
        NodeId s = p.firstChild;
        while (g.nodes[s].nextSibling != NoNode)
            s = g.nodes[s].nextSibling;
        g.nodes[s].nextSibling = id;
        ++depth;
    }
    Node &n = g.nodes[id];
    n.move = m;
    n.variationDepth = depth;
    m_pendingPre = NoText;
    m_cur = id;
    if (m_lineStart) {
        m_lineStart = false;
        for (uint8_t v : m_pendingNags)
            g.addNag(id, v);
        m_pendingNags.clear();
    }
    return pgn::MoveAction::Continue;
}

void GameBuilder::nag(int nag)
{
    if (!m_options.nags || !m_started || nag <= 0 || nag > 255) return;
    if (m_bughouseActive) return m_bughouse->nag(nag);
    Game &g = *m_game;
    if (g.nodes.empty()) return;
    if (m_lineStart && !m_stack.empty())
        m_pendingNags.push_back(uint8_t(nag)); // before a variation's first move
    else
        g.addNag(m_cur, uint8_t(nag));
}

void GameBuilder::comment(std::string_view text)
{
    if (!m_options.comments || text.empty()) return;
    if (m_bughouseActive) return m_bughouse->comment(text);
    Game &g = *m_game;
    if (g.nodes.empty()) return; // movetext skipped
    if (m_lineStart) {
        if (m_stack.empty())
            g.appendComment(g.nodes[0].preComment, text); // before the game's first move
        else
            g.appendComment(m_pendingPre, text); // before a variation's first move
    } else {
        g.appendComment(g.nodes[m_cur].comment, text);
    }
}

bool GameBuilder::beginVariation()
{
    // Bughouse variations would need both boards' lines: not read.
    if (!m_options.variations || m_bughouseActive) return false;
    Game &g = *m_game;
    if (g.nodes.empty() || m_lineStart) {
        // "(" before any move of the current line: nothing to be an alternative to.
        return false;
    }
    const NodeId branch = g.nodes[m_cur].parent;
    m_stack.push_back(m_cur);
    m_cur = branch;
    m_lineStart = true;
    m_pendingPre = NoText;
    m_pendingNags.clear();
    return true;
}

void GameBuilder::endVariation()
{
    if (m_stack.empty()) return;
    Game &g = *m_game;
    if (m_lineStart && m_pendingPre != NoText) {
        // A variation with a comment and no move: keep the comment on the move it follows.
        std::string text(g.texts[m_pendingPre]);
        m_cur = m_stack.back();
        g.appendComment(g.nodes[m_cur].comment, text);
    }
    m_cur = m_stack.back();
    m_stack.pop_back();
    m_lineStart = false;
    m_pendingPre = NoText;
    m_pendingNags.clear();
}

void GameBuilder::result(std::string_view result)
{
    m_game->result.assign(result);
    m_haveResult = true;
}

void GameBuilder::error(const pgn::Location &where, std::string_view message) { addError(where, std::string(message)); }

bool GameBuilder::endGame()
{
    Game &g = *m_game;
    if (!m_started) setUpStart();
    if (!m_haveResult) {
        std::string_view tagResult = m_resultTag >= 0 ? trim(g.tags[size_t(m_resultTag)].second) : std::string_view();
        g.result.assign(isResultText(tagResult) ? tagResult : std::string_view("*"));
    }
    if (m_bughouseActive) m_bughouse->finish();
    return true;
}

void GameBuilder::strayError(const pgn::Location &where, std::string_view message)
{
    ++strayErrorCount;
    if (strayErrors.size() < MaxStray) strayErrors.push_back(GameError{where.line, where.column, std::string(message)});
}

// ---------------------------------------------------------------------------

bool GameParser::parse(std::string_view text, uint64_t number, const pgn::Location &origin, Game &out,
                       const BuildOptions &options)
{
    m_reader.resetText(text, number, origin);
    m_builder.setGame(out);
    m_builder.setOptions(options);
    m_builder.strayErrors.clear();
    if (!m_reader.readGame(m_builder)) {
        out.clear();
        return false;
    }
    return true;
}

bool GameStream::open(const std::string &path, std::string *error, bool prefetch)
{
    m_reader.reset(nullptr);
    m_prefetch.reset(); // stops its thread before the file is closed
    if (!m_source.open(path)) {
        if (error) *error = m_source.error();
        return false;
    }
    if (prefetch) {
        m_prefetch = std::make_unique<pgn::PrefetchSource>(m_source);
        m_reader.reset(m_prefetch.get());
    } else {
        m_reader.reset(&m_source);
    }
    m_builder.strayErrors.clear();
    m_builder.strayErrorCount = 0;
    return true;
}

bool GameStream::next(Game &game)
{
    m_builder.setGame(game);
    return m_reader.readGame(m_builder);
}

} // namespace game
