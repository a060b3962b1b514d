// The shown game as PGN, pasted text, diagrams and the HTML report (resultexport.h).
// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultexport.h"

#include "database/databasesource.h"
#include "search/output.h"

#include "database/database.h"
#include "pgn/writer.h"

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>

namespace wb {

namespace {

QString tr(const char *text) { return QCoreApplication::translate("wb::ResultExport", text); }

QString escaped(const std::string &s) { return QString::fromStdString(s).toHtmlEscaped(); }

std::string tagOf(const game::Game &g, std::string_view name)
{
    for (const auto &[k, v] : g.tags)
        if (k == name) return v;
    return {};
}

} // namespace

QString gamePgn(const game::Game &game, const cql::GameResult *result)
{
    std::string out;
    if (result)
        search::writeMatchedGame(out, game, *result);
    else
        pgn::writeGame(out, game);
    return QString::fromStdString(out);
}

PastedText readPastedText(const QString &text, const QString &name)
{
    PastedText pasted;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty()) {
        pasted.error = tr("The clipboard holds no text.");
        return pasted;
    }
    // A FEN is one line; PGN has tags or move numbers.
    if (!trimmed.contains(QLatin1Char('\n')) && trimmed.count(QLatin1Char('/')) == 7) {
        std::string why;
        if (chess::Position::fromFen(trimmed.toStdString(), &why, true)) {
            pasted.kind = PastedText::Fen;
            pasted.fen = trimmed;
            return pasted;
        }
        pasted.error = tr("Not a valid FEN: %1").arg(QString::fromStdString(why));
        return pasted;
    }
    auto db = std::make_shared<db::Database>();
    std::string error;
    if (!db->openText(trimmed.toStdString() + "\n", name.toStdString(), {}, &error) || db->size() == 0) {
        pasted.error = error.empty() ? tr("The clipboard holds neither a FEN nor PGN games.")
                                     : tr("The clipboard's PGN cannot be read: %1").arg(QString::fromStdString(error));
        return pasted;
    }
    pasted.kind = PastedText::Games;
    pasted.games = std::make_shared<DatabaseSource>(std::move(db));
    return pasted;
}

QString pieceSymbols()
{
    QString out = QStringLiteral("<svg width=\"0\" height=\"0\" style=\"position:absolute\"><defs>\n");
    static const QRegularExpression inner(QStringLiteral("<svg[^>]*>(.*)</svg>"),
                                          QRegularExpression::DotMatchesEverythingOption);
    for (const char colour : {'w', 'b'})
        for (const char type : {'K', 'Q', 'R', 'B', 'N', 'P'}) {
            QFile f(QStringLiteral(":/pieces/%1%2.svg").arg(QChar(colour)).arg(QChar(type)));
            if (!f.open(QIODevice::ReadOnly)) continue;
            const QRegularExpressionMatch m = inner.match(QString::fromUtf8(f.readAll()));
            out += QStringLiteral("<symbol id=\"%1%2\" viewBox=\"0 0 100 100\">%3</symbol>\n")
                       .arg(QChar(colour))
                       .arg(QChar(type))
                       .arg(m.hasMatch() ? m.captured(1) : QString());
        }
    return out + QStringLiteral("</defs></svg>\n");
}

QString diagramSvg(const chess::Position &position, chess::SquareSet marked, int size)
{
    const int sq = size / 8;
    QString out = QStringLiteral("<svg class=\"board\" width=\"%1\" height=\"%1\" viewBox=\"0 0 %1 %1\">").arg(sq * 8);
    for (int rank = 7; rank >= 0; --rank)
        for (int file = 0; file < 8; ++file) {
            const chess::Square s = chess::makeSquare(file, rank);
            const bool light = (file + rank) % 2 == 1;
            const char *fill = marked.contains(s) ? (light ? "#f2d36b" : "#d9a93a") : (light ? "#f0d9b5" : "#b58863");
            const int x = file * sq, y = (7 - rank) * sq;
            out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%3\" fill=\"%4\"/>")
                       .arg(x)
                       .arg(y)
                       .arg(sq)
                       .arg(QLatin1String(fill));
            const chess::Piece p = position.pieceAt(s);
            if (p == chess::NoPiece) continue;
            const char colour = chess::colorOf(p) == chess::White ? 'w' : 'b';
            const char type = "PNBRQK"[int(chess::typeOf(p)) - int(chess::Pawn)];
            out += QStringLiteral("<use href=\"#%1%2\" x=\"%3\" y=\"%4\" width=\"%5\" height=\"%5\"/>")
                       .arg(QChar(colour))
                       .arg(QChar(type))
                       .arg(x)
                       .arg(y)
                       .arg(sq);
        }
    return out + QStringLiteral("</svg>");
}

SaveSummary writeHtmlReport(const QString &path, const GameSource &source, const MatchRecords &records,
                            const std::atomic<bool> *cancel, const std::function<void(int, int)> &progress)
{
    MatchedGamesFormat html;
    html.head = QStringLiteral("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%1</title>\n<style>\n"
                               "body{font-family:sans-serif;margin:1.5em}\n"
                               "section.game{break-inside:avoid-page;margin-bottom:1.5em}\n"
                               "h2{font-size:1.1em;margin:0.2em 0}\n"
                               "figure{display:inline-block;margin:0.4em 0.8em 0.4em 0;break-inside:avoid}\n"
                               "figcaption{font-size:0.85em;text-align:center}\n"
                               "svg.board{border:1px solid #555}\n"
                               "</style></head><body>\n<h1>%1</h1>\n")
                    .arg(tr("Matched positions"))
                    .toStdString()
        + pieceSymbols().toStdString();
    html.tail = "</body></html>\n";
    html.game = [](std::string &out, const game::Game &game, const cql::GameResult &result) {
        QString text =
            QStringLiteral("<section class=\"game\"><h2>%1. %2 – %3 %4</h2><p>%5 · %6</p>\n")
                .arg(game.number)
                .arg(escaped(tagOf(game, "White")), escaped(tagOf(game, "Black")), escaped(tagOf(game, "Result")),
                     escaped(tagOf(game, "Event")), escaped(tagOf(game, "Date")));
        for (const cql::PositionMark &m : result.matches) {
            if (m.node >= game.nodes.size()) continue;
            const game::Node &n = game.nodes[m.node];
            // The caption names the move that led to the position, as the notation writes it.
            QString caption = tr("start");
            if (m.node != 0 && n.parent != game::NoNode) {
                const chess::Position &before = game.nodes[n.parent].position;
                caption = QString::number(before.fullmoveNumber())
                    + (before.sideToMove() == chess::White ? QStringLiteral(".") : QStringLiteral("…"))
                    + QString::fromStdString(before.san(n.move));
            }
            text += QStringLiteral("<figure>%1<figcaption>%2</figcaption></figure>\n")
                        .arg(diagramSvg(n.position, m.squares, 192), caption.toHtmlEscaped());
        }
        out += (text + QStringLiteral("</section>\n")).toStdString();
    };
    return writeMatchedGamesAs(html, path, source, records, cancel, progress);
}

} // namespace wb
