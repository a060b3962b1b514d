// Builds the notation document with QTextCursor so each move's text range is known.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "notationview.h"

#include "nagtext.h"

#include <QKeyEvent>
#include <functional>
#include <QScrollBar>
#include <QTextBlock>
#include <QUrl>

namespace wb {

using game::NodeId;
using game::NoNode;

namespace {

QString utf8(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

struct Formats {
    QTextCharFormat move, variationMove, number, variationNumber, comment, nag, header, subheader, matched;
};

Formats makeFormats(const QPalette &pal, const QFont &base)
{
    Formats f;
    const bool dark = pal.color(QPalette::Base).lightness() < 128;
    const QColor text = pal.color(QPalette::Text);
    const QColor variation = dark ? QColor(0xa8, 0xb4, 0xc4) : QColor(0x3d, 0x55, 0x70);
    f.move.setForeground(text);
    f.variationMove.setForeground(variation);
    f.number = f.move;
    f.number.setFontWeight(QFont::Normal);
    f.number.setForeground(pal.color(QPalette::PlaceholderText));
    f.variationNumber = f.variationMove;
    f.comment.setForeground(dark ? QColor(0x8f, 0xc7, 0x8f) : QColor(0x2f, 0x6b, 0x2f));
    f.comment.setFontItalic(true);
    f.nag = f.move;
    f.nag.setFontWeight(QFont::Normal);
    f.header.setFontWeight(QFont::Bold);
    f.header.setFontPointSize(base.pointSizeF() * 1.15);
    f.header.setForeground(text);
    f.subheader.setForeground(pal.color(QPalette::PlaceholderText));
    f.matched.setBackground(dark ? QColor(0x7a, 0x5a, 0x10) : QColor(0xff, 0xe0, 0x8a));
    return f;
}

} // namespace

NotationView::NotationView(QWidget *parent) : QTextBrowser(parent)
{
    setOpenLinks(false);
    setOpenExternalLinks(false);
    setUndoRedoEnabled(false);
    document()->setDocumentMargin(8);
    connect(this, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() != QLatin1String("node")) return;
        bool ok = false;
        const uint id = url.path().toUInt(&ok);
        if (ok) select(NodeId(id));
    });
    setPlaceholderText(tr("Select a game to see its moves."));
}

void NotationView::setGame(std::shared_ptr<const game::Game> game, const QSet<NodeId> &matched)
{
    m_game = std::move(game);
    m_matched = matched;
    m_current = m_game && !m_game->nodes.empty() ? 0 : NoNode;
    rebuild();
    setCurrentNode(m_current);
}

QPair<int, int> NotationView::moveRange(NodeId node) const { return m_ranges.value(node, {-1, 0}); }

QString NotationView::moveText(NodeId node) const { return m_san.value(node); }

void NotationView::rebuild()
{
    clear();
    m_ranges.clear();
    m_san.clear();
    if (!m_game || m_game->nodes.empty()) return;
    const game::Game &g = *m_game;
    const Formats fmt = makeFormats(palette(), font());
    QTextCursor c(document());
    c.beginEditBlock();

    // Header: players, then event, site, date and result.
    auto player = [&](std::string_view name, std::string_view elo) {
        QString s = utf8(name).trimmed();
        if (s.isEmpty()) s = QStringLiteral("?");
        if (!elo.empty() && elo != "0") s += QStringLiteral(" (%1)").arg(utf8(elo));
        return s;
    };
    c.insertText(player(g.tag("White"), g.tag("WhiteElo")) + QStringLiteral(" – ")
                     + player(g.tag("Black"), g.tag("BlackElo")),
                 fmt.header);
    QStringList sub;
    for (const char *t : {"Event", "Site", "Date", "Round"}) {
        const QString v = utf8(g.tag(t)).trimmed();
        if (!v.isEmpty() && v != QLatin1String("?") && !v.startsWith(QLatin1String("????"))) sub << v;
    }
    if (!g.result.empty()) sub << QString::fromStdString(g.result);
    QTextBlockFormat headerBlock;
    headerBlock.setBottomMargin(2);
    c.setBlockFormat(headerBlock);
    if (!sub.isEmpty()) {
        c.insertBlock(headerBlock);
        c.insertText(sub.join(QStringLiteral(" · ")), fmt.subheader);
    }
    QTextBlockFormat moves;
    moves.setTopMargin(8);
    moves.setLineHeight(130, QTextBlockFormat::ProportionalHeight);
    c.insertBlock(moves);
    // Studies have dozens of alternatives to the main line: each in a paragraph
    // of its own, indented, keeps the main line readable; deeper ones stay inline.
    QTextBlockFormat mainBlock = moves;
    mainBlock.setTopMargin(2);
    QTextBlockFormat variationBlock = mainBlock;
    variationBlock.setLeftMargin(fontMetrics().horizontalAdvance(QLatin1Char('M')) * 1.5);

    // Words are separated by one space, none after "(" or at the paragraph start.
    QChar last = QLatin1Char('(');
    auto put = [&](const QString &text, const QTextCharFormat &f) {
        if (text.isEmpty()) return;
        c.insertText(text, f);
        last = text.back();
    };
    auto sep = [&]() {
        if (last != QLatin1Char(' ') && last != QLatin1Char('(')) put(QStringLiteral(" "), fmt.move);
    };
    auto newBlock = [&](const QTextBlockFormat &f) {
        c.insertBlock(f);
        last = QLatin1Char('('); // no space at the start of a paragraph
    };
    auto insertNode = [&](NodeId id, const QString &text, const QTextCharFormat &base) {
        QTextCharFormat f = base;
        f.setAnchor(true);
        f.setAnchorHref(QStringLiteral("node:%1").arg(id));
        if (m_matched.contains(id)) {
            f.setBackground(fmt.matched.background());
            f.setFontWeight(QFont::Bold);
        }
        const int start = c.position();
        put(text, f);
        m_ranges.insert(id, {start, int(text.size())});
    };
    auto insertComment = [&](uint32_t id) {
        const QString t = utf8(g.text(id)).simplified();
        if (t.isEmpty()) return;
        sep();
        put(t, fmt.comment);
    };

    // The start position is a link too: the query may match it, and it is where browsing begins.
    insertNode(0, tr("Start"), fmt.number);
    insertComment(g.root().preComment);
    insertComment(g.root().comment);

    // Writes a line from `node` on: the move, its comment, the alternatives to
    // it in parentheses (when it is a main continuation), then its continuation.
    std::function<void(NodeId, bool)> writeLine = [&](NodeId node, bool forceNumber) {
        for (NodeId cur = node; cur != NoNode; cur = g.nodes[cur].firstChild) {
            const game::Node &n = g.nodes[cur];
            const game::Node &parent = g.nodes[n.parent];
            const bool inVariation = n.variationDepth > 0;
            if (n.preComment != game::NoText) {
                insertComment(n.preComment);
                forceNumber = true;
            }
            const chess::Position &before = parent.position;
            const bool white = before.sideToMove() == chess::White;
            sep();
            if (white || forceNumber)
                put(QStringLiteral("%1%2")
                        .arg(before.fullmoveNumber())
                        .arg(white ? QStringLiteral(".") : QStringLiteral("…")),
                    inVariation ? fmt.variationNumber : fmt.number);
            const QString san = QString::fromStdString(before.san(n.move));
            QString suffix;
            for (uint32_t k = 0; k < n.nagCount; ++k) {
                const int nag = g.nags[n.nagBegin + k];
                suffix += isMoveSuffixNag(nag) ? nagText(nag) : QStringLiteral(" ") + nagText(nag);
            }
            m_san.insert(cur, san);
            insertNode(cur, san + suffix, inVariation ? fmt.variationMove : fmt.move);
            forceNumber = false;
            if (n.comment != game::NoText) {
                insertComment(n.comment);
                forceNumber = true;
            }
            if (parent.firstChild == cur && n.nextSibling != NoNode) {
                const bool ownParagraphs = !inVariation;
                for (NodeId alt = n.nextSibling; alt != NoNode; alt = g.nodes[alt].nextSibling) {
                    if (ownParagraphs)
                        newBlock(variationBlock);
                    else
                        sep();
                    put(QStringLiteral("("), fmt.variationNumber);
                    writeLine(alt, true);
                    put(QStringLiteral(")"), fmt.variationNumber);
                }
                // The main line goes on in a paragraph of its own (if it goes on).
                if (ownParagraphs && n.firstChild != NoNode)
                    newBlock(mainBlock);
                else if (ownParagraphs && !g.result.empty())
                    newBlock(mainBlock);
                forceNumber = true;
            }
        }
    };
    if (g.root().firstChild != NoNode) {
        // The root's alternatives hang off its first child like any other.
        writeLine(g.root().firstChild, true);
    }
    if (!g.result.empty()) {
        sep();
        put(QString::fromStdString(g.result), fmt.move);
    }
    for (const auto &e : g.errors) {
        QTextCharFormat err;
        err.setForeground(QColor(0xc0, 0x30, 0x30));
        c.insertBlock();
        c.insertText(tr("Line %1:%2: %3").arg(e.line).arg(e.column).arg(QString::fromStdString(e.message)), err);
    }
    c.endEditBlock();
}

void NotationView::setCurrentNode(NodeId node)
{
    m_current = node;
    QList<QTextEdit::ExtraSelection> sels;
    const auto range = moveRange(node);
    if (range.first >= 0) {
        QTextEdit::ExtraSelection s;
        s.cursor = QTextCursor(document());
        s.cursor.setPosition(range.first);
        s.cursor.setPosition(range.first + range.second, QTextCursor::KeepAnchor);
        s.format.setBackground(palette().color(QPalette::Highlight));
        s.format.setForeground(palette().color(QPalette::HighlightedText));
        sels.append(s);
        QTextCursor vis(document());
        vis.setPosition(range.first);
        setTextCursor(vis);
        ensureCursorVisible();
    }
    setExtraSelections(sels);
}

void NotationView::select(NodeId node)
{
    if (!m_game || node >= m_game->nodes.size()) return;
    setCurrentNode(node);
    emit nodeSelected(node);
}

void NotationView::goNext()
{
    if (m_game && m_current != NoNode && m_game->nodes[m_current].firstChild != NoNode)
        select(m_game->nodes[m_current].firstChild);
}

void NotationView::goPrevious()
{
    if (m_game && m_current != NoNode && m_game->nodes[m_current].parent != NoNode)
        select(m_game->nodes[m_current].parent);
}

void NotationView::goFirst()
{
    if (m_game && !m_game->nodes.empty()) select(0);
}

void NotationView::goLast()
{
    if (!m_game || m_current == NoNode) return;
    NodeId n = m_current;
    while (m_game->nodes[n].firstChild != NoNode)
        n = m_game->nodes[n].firstChild;
    select(n);
}

void NotationView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Right: goNext(); return;
    case Qt::Key_Left: goPrevious(); return;
    case Qt::Key_Home: goFirst(); return;
    case Qt::Key_End: goLast(); return;
    default: QTextBrowser::keyPressEvent(event);
    }
}

void NotationView::changeEvent(QEvent *event)
{
    QTextBrowser::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_game) {
        const NodeId cur = m_current;
        rebuild();
        setCurrentNode(cur);
    }
}

} // namespace wb
