// Replaying BPGN: both boards move by Crazyhouse rules, then a capture's
// piece is moved from the captor's pocket to the partner's on the other board.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "bughouse.h"

#include "builder.h"

#include <cctype>

namespace game {

namespace {

std::string normalized(std::string_view name)
{
    std::string out;
    for (char c : name)
        if (std::isalnum(static_cast<unsigned char>(c))) out += char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// Board B's tags: the players of board B under the standard names.
void copyPartnerTags(const Game &a, Game &b)
{
    for (const auto &[name, value] : a.tags) {
        if (name == "White" || name == "Black" || name == "WhiteElo" || name == "BlackElo" || name == "Board"
            || name == "Result")
            continue;
        b.addTag(name, value);
    }
    b.addTag("White", a.tag("WhiteB"));
    b.addTag("Black", a.tag("BlackB"));
    if (!a.tag("WhiteBElo").empty()) b.addTag("WhiteElo", a.tag("WhiteBElo"));
    if (!a.tag("BlackBElo").empty()) b.addTag("BlackElo", a.tag("BlackBElo"));
    b.addTag("Result", partnerResult(a.tag("Result")));
    b.addTag("Board", "B");
}

} // namespace

bool isBughouseName(std::string_view variantTag)
{
    const std::string n = normalized(variantTag);
    return n == "bughouse" || n == "bug" || n == "bpgn" || n == "bughousechess";
}

bool parseBoardMarker(std::string_view word, int &board, chess::Color &side)
{
    size_t i = 0;
    while (i < word.size() && std::isdigit(static_cast<unsigned char>(word[i])))
        ++i;
    if (i == 0 || i + 1 != word.size()) return false;
    switch (word[i]) {
    case 'A': board = 0, side = chess::White; return true;
    case 'a': board = 0, side = chess::Black; return true;
    case 'B': board = 1, side = chess::White; return true;
    case 'b': board = 1, side = chess::Black; return true;
    default: return false;
    }
}

std::string_view partnerResult(std::string_view result)
{
    if (result == "1-0") return "0-1";
    if (result == "0-1") return "1-0";
    return result;
}

bool BughouseReplay::start(Game &a, const std::string_view *fen, std::string &error)
{
    m_a = &a;
    m_board = m_lastBoard = -1;
    m_cur[0] = m_cur[1] = 0;
    m_stopped = false;
    const std::string_view alone = a.tag("Board");
    m_single = alone == "A" || alone == "B";
    chess::Position start = chess::Position::startOf(chess::Variant::Crazyhouse);
    if (fen && !m_single) {
        error = "two-board bughouse games from a set-up position (FEN) are not supported; game skipped";
        return false;
    }
    if (fen) {
        // A board written alone whose partner filled its pocket before its first move.
        std::string why;
        auto pos = chess::Position::fromFen(*fen, &why, false, nullptr, chess::Variant::Crazyhouse);
        if (!pos) {
            error = "bad FEN \"" + std::string(*fen) + "\": " + why + "; game skipped";
            return false;
        }
        start = *pos;
    }
    a.nodes.emplace_back(start, chess::Move::none(), NoNode, uint16_t(0), uint16_t(0), NoText);
    if (m_single) {
        a.board = alone[0];
        m_board = 0;
        return true;
    }
    a.board = 'A';
    a.otherBoard.resize(1);
    Game &b = a.otherBoard[0];
    b.clear();
    b.number = a.number;
    b.fileOffset = a.fileOffset;
    b.firstLine = a.firstLine;
    b.firstColumn = a.firstColumn;
    b.board = 'B';
    copyPartnerTags(a, b);
    b.nodes.emplace_back(start, chess::Move::none(), NoNode, uint16_t(0), uint16_t(0), NoText);
    // Copied out first: adding a tag may move the others.
    const auto addFrom = [&a](std::string_view name, std::string_view from) {
        const std::string value(a.tag(from));
        if (a.tag(name).empty() && !value.empty()) a.addTag(name, value);
    };
    addFrom("White", "WhiteA");
    addFrom("Black", "BlackA");
    addFrom("WhiteElo", "WhiteAElo");
    addFrom("BlackElo", "BlackAElo");
    a.addTag("Board", "A");
    return true;
}

void BughouseReplay::error(const pgn::Place &where, std::string message)
{
    const pgn::Location at = where.location();
    m_a->errors.push_back(GameError{at.line, at.column, std::move(message)});
}

pgn::MoveAction BughouseReplay::move(std::string_view word, const pgn::Place &where)
{
    if (m_stopped) return pgn::MoveAction::SkipMovetext;
    int b = 0;
    chess::Color side = chess::White;
    // The marker may carry its move ("1A.e4"); the reader strips a lone marker's dots.
    const size_t dot = word.find('.');
    if (parseBoardMarker(word.substr(0, dot), b, side)) {
        if (m_single) {
            error(where, "board marker " + std::string(word.substr(0, dot)) + " in a game of one board (Board tag)");
            m_stopped = true;
            return pgn::MoveAction::SkipMovetext;
        }
        const Game &g = board(b);
        const chess::Position &pos = g.nodes[m_cur[b]].position;
        if (pos.sideToMove() != side) {
            error(where,
                  std::string("board ") + char('A' + b) + ": " + std::string(word.substr(0, dot)) + " but "
                      + (pos.sideToMove() == chess::White ? "White" : "Black") + " is to move");
            m_stopped = true;
            return pgn::MoveAction::SkipMovetext;
        }
        m_board = b;
        if (dot == std::string_view::npos) return pgn::MoveAction::Continue;
        word.remove_prefix(dot);
        while (!word.empty() && word.front() == '.')
            word.remove_prefix(1);
        if (word.empty()) return pgn::MoveAction::Continue;
    }
    if (m_board < 0) {
        error(where,
              "move " + std::string(word.substr(0, 40))
                  + " has no board (BPGN numbers each move with its board: 1A. 1a. 1B. 1b.)");
        m_stopped = true;
        return pgn::MoveAction::SkipMovetext;
    }
    const pgn::MoveAction a = play(m_board, word, where);
    // One move per marker: the next move needs its own.
    if (!m_single) m_board = -1;
    return a;
}

pgn::MoveAction BughouseReplay::play(int b, std::string_view san, const pgn::Place &where)
{
    Game &g = board(b);
    const NodeId parent = m_cur[b];
    if (g.nodes[parent].ply == 0xFFFF) {
        error(where, "game too long (more than 65535 plies); the rest is skipped");
        m_stopped = true;
        return pgn::MoveAction::SkipMovetext;
    }
    const int ply = g.nodes[parent].ply + 1;
    chess::Position pos = g.nodes[parent].position;
    const chess::Color us = pos.sideToMove();
    if (m_single && san.find('@') != std::string_view::npos) {
        // A drop of a piece from the unseen partner board: it is taken as given.
        const char letter = san.front() == '@' ? 'P' : san.front();
        static constexpr std::string_view Letters = "PNBRQ";
        const size_t t = Letters.find(letter);
        if (t != std::string_view::npos && !pos.pocket().count(us, chess::PieceType(chess::Pawn + int(t))))
            pos.addToPocket(us, chess::PieceType(chess::Pawn + int(t)));
    }
    const chess::Pocket before = pos.pocket();
    const chess::Move m = pos.parseSan(san, &m_err);
    if (m.isNone()) {
        bool bad = false;
        std::string message = unplayableMoveMessage(san, m_err, ply, false, bad);
        if (!m_single) message = std::string("board ") + char('A' + b) + ": " + message;
        error(where, std::move(message));
        if (!bad) return pgn::MoveAction::Continue;
        m_stopped = true;
        return pgn::MoveAction::SkipMovetext;
    }
    pos.play(m);
    // Crazyhouse gave the captor the piece; in Bughouse it is the partner's,
    // who plays the other colour on the other board.
    for (int t = chess::Pawn; t <= chess::Queen; ++t) {
        const auto type = chess::PieceType(t);
        if (pos.pocket().count(us, type) <= before.count(us, type)) continue;
        pos.takeFromPocket(us, type);
        if (!m_single) {
            Game &other = board(1 - b);
            other.nodes[m_cur[1 - b]].position.addToPocket(~us, type);
        }
    }
    const NodeId id = NodeId(g.nodes.size());
    g.nodes.emplace_back(pos, m, parent, uint16_t(ply), uint16_t(0), NoText);
    g.nodes[parent].firstChild = id;
    m_cur[b] = id;
    m_lastBoard = b;
    return pgn::MoveAction::Continue;
}

void BughouseReplay::comment(std::string_view text)
{
    // A comment belongs to the move before it (BPGN writes each move's clock
    // after it), or to the start of board A.
    if (m_lastBoard < 0) {
        m_a->appendComment(m_a->nodes[0].preComment, text);
        return;
    }
    Game &g = board(m_lastBoard);
    g.appendComment(g.nodes[m_cur[m_lastBoard]].comment, text);
}

void BughouseReplay::nag(int nag)
{
    if (m_lastBoard < 0 || nag <= 0 || nag > 255) return;
    board(m_lastBoard).addNag(m_cur[m_lastBoard], uint8_t(nag));
}

void BughouseReplay::finish()
{
    if (m_single || m_a->otherBoard.empty()) return;
    m_a->otherBoard[0].result.assign(partnerResult(m_a->result));
}

} // namespace game
