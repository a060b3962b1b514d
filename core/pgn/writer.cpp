// PGN export of game trees, with line wrapping and merged extra comments.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "writer.h"

#include "chess/attacks.h"
#include "game/tagvalues.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>

namespace pgn {

namespace {

constexpr const char *SevenTags[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
constexpr const char *SevenDefaults[] = {"?", "?", "????.??.??", "?", "?", "?", "*"};

size_t characters(std::string_view s)
{
    size_t n = 0;
    for (char c : s)
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

void appendNumber(std::string &out, int n)
{
    char digits[16];
    const auto r = std::to_chars(digits, digits + sizeof digits, n);
    out.append(digits, r.ptr);
}

// Position::san(m) without playing the move again: check and mate are read in
// `next`, the position after m that the game tree keeps. Standard chess only
// (a variant's tree may hold a later pocket, as in bughouse). `answered`: the
// tree goes on from next with a move, which every game read or replayed has
// checked to be legal, so next is no mate.
void appendSan(std::string &out, const chess::Position &before, chess::Move m, const chess::Position &next,
               bool answered)
{
    if (before.variant() != chess::Variant::Standard || m.isNull() || m.isNone()) {
        out += before.san(m);
        return;
    }
    before.appendSanMove(out, m);
    if (next.inCheck()) out += answered || next.hasLegalMove() ? '+' : '#';
}

// Builds lines of words, breaking before a word that would pass the limit.
class LineWriter {
public:
    LineWriter(std::string &out, int limit)
        : m_out(out), m_limit(size_t(std::max(limit, 1))), m_lineStart(out.size()), m_lastStart(out.size())
    {
    }
    // The cql program's layout; budget (characters, 0: none) is what is left
    // of the game's text limit after the tags.
    void setCqlLayout(size_t budget, size_t used)
    {
        m_cql = true;
        m_budget = budget;
        m_used = used;
    }
    // cql layout: some item did not fit in the budget (and was left out).
    bool truncated() const { return m_truncated; }
    // ... and the first such item was in a comment.
    bool cutInComment() const { return m_cutInComment; }
    bool cqlLayout() const { return m_cql; }

    void word(std::string_view w)
    {
        if (w.empty()) return;
        if (m_cql) {
            cqlWord(w);
            return;
        }
        // A line must not start with '[' or '%' (a reader takes it for a tag or
        // an escape line): then the previous word moves down too, or, alone on
        // its line, keeps this one beside it past the limit.
        const bool badLineStart = w[0] == '[' || w[0] == '%';
        if (m_column > 0) {
            if (m_column + 1 + w.size() > m_limit && !(badLineStart && m_lastStart <= m_lineStart)) {
                if (badLineStart && m_lastStart > m_lineStart) {
                    m_out[m_lastStart - 1] = '\n';
                    m_lineStart = m_lastStart;
                    m_column = m_out.size() - m_lastStart;
                    m_out += ' ';
                    ++m_column;
                } else {
                    m_out += '\n';
                    m_column = 0;
                    m_lineStart = m_out.size();
                }
            } else if (!m_glue) {
                m_out += ' ';
                ++m_column;
            }
        }
        m_glue = false;
        m_lastStart = m_out.size();
        m_out.append(w);
        m_column += w.size();
    }
    // The next word follows without a space (only if it fits on the line).
    void glue() { m_glue = true; }
    void endLine()
    {
        // The line break counts like an item: cql's buffer ends with a NUL
        // that takes the last byte.
        if (m_column > 0 && (!m_cql || spend(1))) m_out += '\n';
        m_column = 0;
        m_glue = false;
        m_space = false;
        m_lineStart = m_lastStart = m_out.size();
    }

    // "{text}" split into words, so a long comment wraps like the moves do.
    // leading: the game's opening comment, which cql ends with a line break.
    void comment(std::string_view text, bool leading = false)
    {
        if (text.find_first_not_of(" \n\r\t") == text.npos) {
            word("{}");
            return;
        }
        if (m_cql) {
            // "{", the words and "}" are items of their own, glued together.
            // cql splits at every space: two spaces stay two. Like every item,
            // each is written if it fits in what is left of the budget and
            // left out if not, and cql goes on with the next (its text buffer
            // refuses what does not fit, and nobody asks): so the last bytes
            // fill with what still fits, even after the text was cut.
            // A line break in the text (with the spaces around it) is one space there.
            std::string &joined = m_joined;
            joined.clear();
            for (size_t i = 0; i < text.size(); ++i) {
                const char c = text[i];
                if (c == '\n' || c == '\r' || c == '\t') {
                    while (!joined.empty() && joined.back() == ' ')
                        joined.pop_back();
                    while (i + 1 < text.size()
                           && (text[i + 1] == ' ' || text[i + 1] == '\n' || text[i + 1] == '\r' || text[i + 1] == '\t'))
                        ++i;
                    joined += ' ';
                } else {
                    joined += c == '}' ? ')' : c;
                }
            }
            std::string_view body = joined;
            body.remove_prefix(std::min(body.find_first_not_of(' '), body.size()));
            body.remove_suffix(body.size() - (body.find_last_not_of(' ') + 1));
            if (cqlWord("{")) m_inComment = true;
            // The first word that does not fit ends the text (the rest is dropped).
            for (size_t i = 0; i < body.size();) {
                size_t e = std::min(body.find(' ', i), body.size());
                if (i == 0) glue();
                if (!cqlWord(body.substr(i, e - i))) break;
                i = e + 1;
            }
            glue();
            // Before its line break, cql lets the closing brace take column 80.
            m_extraColumn = leading;
            if (cqlWord("}")) m_inComment = false;
            m_extraColumn = false;
            return;
        }
        std::string cleaned;
        cleaned.reserve(text.size());
        for (char c : text)
            cleaned += (c == '}' ? ')' : (c == '\n' || c == '\r' || c == '\t') ? ' ' : c);
        std::vector<std::string_view> words;
        std::string_view rest = cleaned;
        while (!rest.empty()) {
            size_t b = rest.find_first_not_of(' ');
            if (b == rest.npos) break;
            rest.remove_prefix(b);
            size_t e = rest.find(' ');
            words.push_back(rest.substr(0, e));
            rest.remove_prefix(e == rest.npos ? rest.size() : e);
        }
        for (size_t i = 0; i < words.size(); ++i) {
            std::string w;
            if (i == 0) w += '{';
            w.append(words[i]);
            if (i + 1 == words.size()) w += '}';
            word(w);
        }
    }

private:
    // Counts n characters against the budget; false (and the item is left
    // out) when the text would reach it.
    bool spend(size_t n)
    {
        if (m_budget && m_used + n >= m_budget) {
            if (!m_truncated) m_cutInComment = m_inComment;
            m_truncated = true;
            return false;
        }
        m_used += n;
        return true;
    }
    // One item of the cql layout; false when it did not fit.
    bool cqlWord(std::string_view w)
    {
        if (m_space && !m_glue) {
            // The space after the previous item: a line break when it would pass the end.
            if (!spend(1)) return false;
            if (m_column + 1 > m_limit) {
                m_out += '\n';
                m_column = 0;
            } else {
                m_out += ' ';
                ++m_column;
            }
        }
        m_glue = false;
        const size_t n = characters(w);
        if (m_column > 0 && m_column + n > m_limit + (m_extraColumn ? 1 : 0)) {
            if (!spend(1)) return false;
            m_out += '\n';
            m_column = 0;
        }
        if (!spend(n)) return false;
        m_out.append(w);
        m_column += n;
        m_space = true;
        return true;
    }

    std::string &m_out;
    size_t m_limit;
    size_t m_column = 0;
    bool m_glue = false;
    bool m_cql = false;
    bool m_space = false;     // cql layout: a space is due before the next item
    bool m_truncated = false; // cql layout: an item was left out
    bool m_inComment = false; // cql layout: a comment's "{" is written, its "}" not yet
    bool m_cutInComment = false;
    bool m_extraColumn = false;
    size_t m_budget = 0, m_used = 0;
    size_t m_lineStart;   // in m_out
    size_t m_lastStart;   // of the last word
    std::string m_joined; // comment(): reused, one comment at a time
};

class GameWriter {
public:
    GameWriter(std::string &out, const game::Game &g, const WriteOptions &o, const ExtraComments *extra,
               std::string_view leading, size_t tagCharacters)
        : m_g(g), m_o(o), m_lines(out, o.lineLength), m_leading(leading)
    {
        if (o.cqlLayout) m_lines.setCqlLayout(o.textLimit, tagCharacters);
        if (extra && !extra->empty()) {
            m_extraHead.assign(g.nodes.size(), -1);
            m_extraNext.assign(extra->size(), -1);
            // Keep the order in which they were given for one node.
            for (int i = int(extra->size()) - 1; i >= 0; --i) {
                game::NodeId n = (*extra)[size_t(i)].first;
                if (n >= g.nodes.size()) continue;
                m_extraNext[size_t(i)] = m_extraHead[n];
                m_extraHead[n] = i;
            }
            m_extra = extra;
        }
    }

    void movetext()
    {
        if (m_g.nodes.empty()) {
            m_lines.word(m_g.result.empty() ? "*" : m_g.result);
            m_lines.endLine();
            return;
        }
        const game::Node &root = m_g.nodes[0];
        std::string first(m_leading);
        if (m_o.comments) {
            append(first, m_g.text(root.preComment));
            append(first, m_g.text(root.comment));
        }
        appendExtra(first, 0);
        if (!first.empty()) {
            m_lines.comment(first, true);
            if (m_lines.cqlLayout()) m_lines.endLine(); // cql gives the opening comment a line of its own
        }
        if (m_o.nags) writeNags(root);
        if (root.firstChild != game::NoNode) line(root.firstChild, true);
        m_lines.word(m_g.result.empty() ? "*" : m_g.result);
        m_lines.endLine();
    }
    bool truncated() const { return m_lines.truncated(); }
    bool cutInComment() const { return m_lines.cutInComment(); }

private:
    static void append(std::string &to, std::string_view text)
    {
        if (text.empty()) return;
        if (!to.empty()) to += ' ';
        to.append(text);
    }

    void appendExtra(std::string &to, game::NodeId n)
    {
        if (!m_extra) return;
        for (int i = m_extraHead[n]; i >= 0; i = m_extraNext[size_t(i)])
            append(to, (*m_extra)[size_t(i)].second);
    }

    void writeNags(const game::Node &n)
    {
        for (uint32_t i = 0; i < n.nagCount; ++i) {
            m_buf.assign(1, '$');
            appendNumber(m_buf, int(m_g.nags[n.nagBegin + i]));
            m_lines.word(m_buf);
        }
    }

    // Writes the line starting with node `start` (a move), its variations and
    // continuation. Iterative along the line, recursive per variation.
    void line(game::NodeId start, bool forceNumber)
    {
        for (game::NodeId id = start; id != game::NoNode;) {
            const game::Node &n = m_g.nodes[id];
            const game::Node &parent = m_g.nodes[n.parent];
            if (m_o.comments && n.preComment != game::NoText) {
                m_lines.comment(m_g.text(n.preComment));
                forceNumber = true;
            }
            const chess::Position &before = parent.position;
            if (before.sideToMove() == chess::White || forceNumber) {
                m_buf.clear();
                appendNumber(m_buf, before.fullmoveNumber());
                m_buf += before.sideToMove() == chess::White ? "." : "...";
                m_lines.word(m_buf);
                if (m_lines.cqlLayout()) m_lines.glue();
            }
            m_buf.clear();
            appendSan(m_buf, before, n.move, n.position,
                      n.firstChild != game::NoNode && !m_g.nodes[n.firstChild].move.isNull());
            m_lines.word(m_buf);
            forceNumber = false;
            if (m_o.nags) writeNags(n);
            std::string after;
            if (m_o.comments) append(after, m_g.text(n.comment));
            appendExtra(after, id);
            if (!after.empty()) {
                m_lines.comment(after);
                forceNumber = true;
            }
            if (!m_o.mainlineOnly && parent.firstChild == id) {
                for (game::NodeId s = n.nextSibling; s != game::NoNode; s = m_g.nodes[s].nextSibling) {
                    m_lines.word("(");
                    if (!m_lines.cqlLayout()) m_lines.glue();
                    line(s, true);
                    if (!m_lines.cqlLayout()) m_lines.glue();
                    m_lines.word(")");
                    forceNumber = true;
                }
            }
            id = n.firstChild;
        }
    }

    const game::Game &m_g;
    const WriteOptions &m_o;
    LineWriter m_lines;
    std::string_view m_leading;
    const ExtraComments *m_extra = nullptr;
    std::vector<int> m_extraHead, m_extraNext;
    std::string m_buf;
};

void appendEscaped(std::string &out, std::string_view value)
{
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n' || c == '\r' || c == '\t') c = ' ';
        out += c;
    }
}

void writeTag(std::string &out, std::string_view name, std::string_view value)
{
    out += '[';
    out.append(name);
    out += " \"";
    appendEscaped(out, value);
    out += "\"]\n";
}

bool isRosterTag(std::string_view name)
{
    return std::find(std::begin(SevenTags), std::end(SevenTags), name) != std::end(SevenTags);
}

bool writeTagIfPresent(std::string &out, const game::Game &g, std::string_view name)
{
    for (const auto &[k, v] : g.tags)
        if (k == name) {
            writeTag(out, k, v);
            return true;
        }
    return false;
}

// The tags after the roster as cql writes them from Scid's game fields:
// the Elo ratings (as numbers, none without one), ECO (not empty), EventDate
// (a date field, not when unknown), ScidFlags, then the others as read; the
// FEN comes last (writeGame).
void writeCqlTags(std::string &out, const game::Game &g)
{
    for (const char *side : {"WhiteElo", "BlackElo"}) {
        const std::string_view v = g.tag(side);
        const unsigned long elo = std::min(std::strtoul(std::string(v).c_str(), nullptr, 10), 4000UL);
        if (elo > 0) writeTag(out, side, std::to_string(elo));
    }
    if (!g.tag("ECO").empty()) writeTagIfPresent(out, g, "ECO");
    if (const std::string date = game::normalizedDate(g.tag("EventDate")); date != "????.??.??")
        writeTag(out, "EventDate", date);
    if (!g.tag("ScidFlags").empty()) writeTagIfPresent(out, g, "ScidFlags");
    for (const auto &[name, value] : g.tags) {
        if (isRosterTag(name) || name == "WhiteElo" || name == "BlackElo" || name == "ECO" || name == "EventDate"
            || name == "ScidFlags" || name == "FEN")
            continue;
        writeTag(out, name, value);
    }
}

} // namespace

std::string escapeTagValue(std::string_view value)
{
    std::string out;
    out.reserve(value.size());
    appendEscaped(out, value);
    return out;
}

bool writeGame(std::string &out, const game::Game &g, const WriteOptions &options, const ExtraComments *extra,
               std::string_view leadingComment)
{
    const size_t start = out.size();
    const bool cql = options.cqlLayout;
    for (int i = 0; i < 7; ++i) {
        std::string_view value = g.tagOrDefault(SevenTags[i], SevenDefaults[i]);
        if (i == 6 && !g.result.empty()) value = g.result; // the result the movetext ends with
        if (cql && (i == 2 || i == 4 || i == 5)) {
            const std::string v = i == 2 ? game::normalizedDate(value) : game::standardPlayerName(value);
            writeTag(out, SevenTags[i], v);
            continue;
        }
        writeTag(out, SevenTags[i], value);
    }
    bool haveFen = false, haveSetUp = false, haveVariant = false;
    if (cql) {
        writeCqlTags(out, g);
        for (const auto &tag : g.tags) {
            haveSetUp |= tag.first == "SetUp";
            haveVariant |= tag.first == "Variant";
        }
    } else {
        for (const auto &tag : g.tags) {
            // Not a structured binding: clang before 16 cannot capture one in the lambda.
            const std::string &name = tag.first, &value = tag.second;
            if (isRosterTag(name)) continue;
            haveFen |= name == "FEN";
            haveSetUp |= name == "SetUp";
            haveVariant |= name == "Variant";
            writeTag(out, name, value);
        }
    }
    if (!g.nodes.empty() && !g.unsupported) {
        const chess::Position &root = g.nodes[0].position;
        if (g.chess960 && !haveVariant) writeTag(out, "Variant", "Chess960");
        if (root.variant() != chess::Variant::Standard && !haveVariant)
            writeTag(out, "Variant", chess::variantName(root.variant()));
        if (cql) haveFen = writeTagIfPresent(out, g, "FEN"); // last, as cql writes it
        if (!haveFen) {
            // A variant's own start (empty pockets, three checks each) needs no FEN.
            std::string fen = root.fen();
            const bool standard = root.variant() == chess::Variant::Standard;
            if (fen != (standard ? chess::Position::StartFen : chess::Position::startOf(root.variant()).fen())) {
                if (!haveSetUp) writeTag(out, "SetUp", "1");
                writeTag(out, "FEN", fen);
            }
        }
    }
    out += '\n';
    GameWriter w(out, g, options, extra, leadingComment, characters(std::string_view(out).substr(start)));
    w.movetext();
    if (w.truncated()) {
        // cql ends the text with its note, made to close the comment the cut
        // fell in (its "CQL" then counts as a marker, as there). After a cut
        // outside a comment, cql's note stands outside any comment, where no
        // "CQL" counts and a reader meets stray words: here it is a comment
        // of its own, without the marker word.
        out += w.cutInComment() ? " game truncated by CQL } * \n\n\n" : " {game truncated} * \n\n\n";
        return false;
    }
    out += '\n';
    return true;
}

std::string gameToPgn(const game::Game &game, const WriteOptions &options, const ExtraComments *extra,
                      std::string_view leadingComment)
{
    std::string out;
    writeGame(out, game, options, extra, leadingComment);
    return out;
}

} // namespace pgn
