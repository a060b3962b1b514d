// What leaves the workbench besides saved matching games, and what comes in
// through the clipboard: the shown game as PGN, pasted positions and games,
// diagrams as SVG and a printable HTML report of the matched positions.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gamesource.h"
#include "search/matchwriter.h"
#include "search/searchcontroller.h"

#include "chess/position.h"
#include "cql/query.h"

#include <QString>

#include <atomic>
#include <functional>

namespace wb {

// The game as PGN; with its search result, the search's comments as saved
// matching games have them.
QString gamePgn(const game::Game &game, const cql::GameResult *result = nullptr);

// Text from the clipboard: a FEN, PGN games (an indexed database of them),
// or neither (error says why).
struct PastedText {
    enum Kind { Nothing, Fen, Games } kind = Nothing;
    QString fen;
    GameSourcePtr games;
    QString error;
};
PastedText readPastedText(const QString &text, const QString &name);

// A board diagram as an SVG element: the pieces (symbols the report defines
// once, see pieceSymbols) and the marked squares shaded.
QString diagramSvg(const chess::Position &position, chess::SquareSet marked, int size);
QString pieceSymbols();

// The matched games of records with a diagram of each matched position, as
// one HTML file (written whole or not at all) that a browser prints well.
SaveSummary writeHtmlReport(const QString &path, const GameSource &source, const MatchRecords &records,
                            const std::atomic<bool> *cancel = nullptr,
                            const std::function<void(int, int)> &progress = {});

} // namespace wb
