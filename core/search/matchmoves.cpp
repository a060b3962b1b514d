// SPDX-License-Identifier: GPL-3.0-or-later
#include "matchmoves.h"

#include <charconv>

namespace search {

namespace {

Outcome outcomeOf(std::string_view result)
{
    if (result == "1-0") return Outcome::WhiteWin;
    if (result == "0-1") return Outcome::BlackWin;
    if (result == "1/2-1/2") return Outcome::Draw;
    return Outcome::Unknown;
}

uint16_t eloOf(std::string_view tag)
{
    unsigned v = 0;
    auto [end, ec] = std::from_chars(tag.data(), tag.data() + tag.size(), v);
    return ec == std::errc() && v < 4000 ? uint16_t(v) : 0;
}

} // namespace

MoveCode MoveCode::of(const chess::Position &before, chess::Move move, const chess::Position &after)
{
    MoveCode c;
    if (before.sideToMove() == chess::Black) c.m_bits |= BlackBit;
    if (move.isNull()) {
        c.m_bits |= uint32_t(move.raw()) | ValidBit | (after.inCheck() ? CheckBit : 0);
        return c;
    }
    const bool drop = move.kind() == chess::Move::Drop;
    const chess::PieceType piece = drop ? move.dropPiece() : chess::typeOf(before.movedPiece(move));
    c.m_bits |= uint32_t(move.raw()) | uint32_t(piece) << 16 | ValidBit;
    if (!drop && !move.isCastling() && before.capturedPiece(move) != chess::NoPiece) c.m_bits |= CaptureBit;
    if (after.inCheck()) c.m_bits |= after.isCheckmate() ? (CheckBit | MateBit) : CheckBit;
    return c;
}

std::string MoveCode::text() const
{
    if (!valid()) return {};
    const chess::Move m = move();
    std::string s;
    if (m.isNull()) {
        s = "--";
    } else if (m.isCastling()) {
        s = chess::fileOf(m.to()) > chess::fileOf(m.from()) ? "O-O" : "O-O-O";
    } else if (m.kind() == chess::Move::Drop) {
        if (piece() != chess::Pawn) s += chess::pieceTypeChar(piece());
        s += '@';
        s += chess::squareName(m.to());
    } else {
        if (piece() != chess::Pawn)
            s += chess::pieceTypeChar(piece());
        else if (capture())
            s += char('a' + chess::fileOf(m.from()));
        if (capture()) s += 'x';
        s += chess::squareName(m.to());
        if (m.kind() == chess::Move::Promotion) {
            s += '=';
            s += chess::pieceTypeChar(m.promotion());
        }
    }
    if (mate())
        s += '#';
    else if (check())
        s += '+';
    return s;
}

void recordMatchMoves(const game::Game &game, const cql::GameResult &result, MatchMoves &out)
{
    out = MatchMoves();
    out.outcome = outcomeOf(game.result);
    out.whiteElo = eloOf(game.tag("WhiteElo"));
    out.blackElo = eloOf(game.tag("BlackElo"));
    if (game.nodes.empty()) return;
    const chess::Position &start = game.root().position;
    if (start.key() != chess::Position().key() || start.variant() != chess::Variant::Standard)
        out.start = std::make_shared<chess::Position>(start);
    for (game::NodeId n = game.root().firstChild; n != game::NoNode; n = game.nodes[n].firstChild)
        out.mainline.push_back(game.nodes[n].move);
    out.next.reserve(result.matches.size() * NextPlies);
    for (const cql::PositionMark &mark : result.matches) {
        game::NodeId n = mark.node < game.nodes.size() ? mark.node : game::NoNode;
        for (int ply = 0; ply < NextPlies; ++ply) {
            const game::NodeId child = n == game::NoNode ? game::NoNode : game.nodes[n].firstChild;
            if (child == game::NoNode) {
                out.next.emplace_back();
                n = game::NoNode;
                continue;
            }
            const game::Node &c = game.nodes[child];
            out.next.push_back(MoveCode::of(game.nodes[n].position, c.move, c.position));
            n = child;
        }
    }
}

} // namespace search
