// One 'info' line of a UCI engine read for display: depth, score and the
// principal variation turned into SAN from the analysed position.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "chess/position.h"
#include "engine/uci.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace wb {

struct UciInfo {
    int depth = 0;
    engine::Score score; // from the side to move's point of view
    QStringList sanLine; // the best line in SAN; stops at the first move that is not legal
    long long nodes = -1;
};

// The info line's figures, or nullopt when it carries no usable score
// (bounds, other multipv lines, 'info string').
std::optional<UciInfo> parseUciInfo(const QString &line, const chess::Position &position);

// "1.e4 e5 2.Nf3" (or "12...Bb4 13.a3"): a line of SAN moves with move
// numbers, starting from `position`.
QString numberedLine(const QStringList &san, const chess::Position &position);

// The score for display from White's side: "+0.35", "-1.20", "#3", "-#2".
QString scoreText(const engine::Score &score, chess::Color sideToMove);

} // namespace wb
