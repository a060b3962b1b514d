// Reading an engine's info lines with the core's score parser and SAN writer.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "uciinfo.h"

namespace wb {

std::optional<UciInfo> parseUciInfo(const QString &line, const chess::Position &position)
{
    UciInfo info;
    const std::string text = line.toStdString();
    if (!engine::parseInfoScore(text, info.score)) return std::nullopt;
    info.depth = info.score.depth;
    const QStringList words = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (qsizetype i = 0; i + 1 < words.size(); ++i) {
        if (words[i] == QLatin1String("nodes")) info.nodes = words[i + 1].toLongLong();
        if (words[i] != QLatin1String("pv")) continue;
        chess::Position p = position;
        for (qsizetype j = i + 1; j < words.size(); ++j) {
            const QByteArray uci = words[j].toLatin1();
            const chess::Move m = p.parseUci(std::string_view(uci.constData(), size_t(uci.size())));
            // An engine that sends a move the rules forbid gets its line cut there.
            if (m == chess::Move::none()) break;
            info.sanLine << QString::fromStdString(p.san(m));
            p.play(m);
        }
        break;
    }
    return info;
}

QString numberedLine(const QStringList &san, const chess::Position &position)
{
    QString out;
    int number = position.fullmoveNumber();
    bool white = position.sideToMove() == chess::White;
    for (qsizetype i = 0; i < san.size(); ++i) {
        if (!out.isEmpty()) out += QLatin1Char(' ');
        if (white)
            out += QStringLiteral("%1.").arg(number);
        else if (i == 0)
            out += QStringLiteral("%1...").arg(number);
        out += san[i];
        if (!white) ++number;
        white = !white;
    }
    return out;
}

QString scoreText(const engine::Score &score, chess::Color sideToMove)
{
    const int sign = sideToMove == chess::White ? 1 : -1;
    if (score.mate) {
        // "mate 0": the side to move is mated already.
        const bool whiteMates = (score.value > 0) == (sideToMove == chess::White);
        return QStringLiteral("%1#%2").arg(whiteMates ? QString() : QStringLiteral("-")).arg(qAbs(score.value));
    }
    const int cp = sign * score.value;
    return QStringLiteral("%1%2")
        .arg(cp >= 0 ? QStringLiteral("+") : QStringLiteral("-"))
        .arg(qAbs(cp) / 100.0, 0, 'f', 2);
}

} // namespace wb
