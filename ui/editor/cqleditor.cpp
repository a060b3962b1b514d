// Query editor behaviour: gutter, extra selections, diagnostics, comments.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cqleditor.h"

#include "brackets.h"
#include "commenttoggle.h"
#include "cqlkeywords.h"
#include "cqlhighlighter.h"
#include "keywordcompleter.h"
#include "linenumberarea.h"

#include "cql/convert.h"

#include <QFontDatabase>
#include <QAbstractItemView>
#include <QHelpEvent>
#include <QScrollBar>
#include <QPainter>
#include <QTextBlock>
#include <QToolTip>

#ifdef CQLWB_HAVE_KSYNTAXHIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#include <QCoreApplication>
#include <QDir>
#endif

namespace wb {

namespace {

// Code points to UTF-16 offset within one line.
int utf16Offset(const QString &line, int codePoints)
{
    int i = 0;
    for (int cp = 0; cp < codePoints && i < line.size(); ++cp)
        i += (line.at(i).isHighSurrogate() && i + 1 < line.size()) ? 2 : 1;
    return i;
}

int codePointCount(const QString &line, int utf16)
{
    int cp = 0;
    for (int i = 0; i < utf16 && i < line.size(); ++cp)
        i += (line.at(i).isHighSurrogate() && i + 1 < line.size()) ? 2 : 1;
    return cp;
}

#ifdef CQLWB_HAVE_KSYNTAXHIGHLIGHTING
KSyntaxHighlighting::Repository &syntaxRepository()
{
    static KSyntaxHighlighting::Repository repo;
    static bool searched = false;
    if (!searched) {
        searched = true;
        // The project's own definition: compiled into the program (":/syntax/
        // cql.xml"), or installed beside it; a search path is the folder that
        // holds "syntax/".
        repo.addCustomSearchPath(QStringLiteral(":/"));
        const QString app = QCoreApplication::applicationDirPath();
        for (const QString &dir : {app + QStringLiteral("/../share/cqlwb"), app + QStringLiteral("/../../resources")})
            if (QDir(dir + QStringLiteral("/syntax")).exists()) repo.addCustomSearchPath(QDir(dir).absolutePath());
    }
    return repo;
}
#endif

} // namespace

CqlEditor::CqlEditor(QWidget *parent) : QPlainTextEdit(parent), m_lineNumbers(new LineNumberArea(this))
{
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setStyleHint(QFont::Monospace);
    mono.setPointSizeF(qMax(mono.pointSizeF(), font().pointSizeF()));
    setFont(mono);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabStopDistance(QFontMetricsF(mono).horizontalAdvance(QLatin1Char(' ')) * 4);
    setUpHighlighter();
    applyTheme();

    connect(this, &QPlainTextEdit::blockCountChanged, this, &CqlEditor::updateLineNumberAreaWidth);
    connect(this, &QPlainTextEdit::updateRequest, this, &CqlEditor::updateLineNumberArea);
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, [this] {
        updateExtraSelections();
        m_lineNumbers->update();
        emit cursorLocationChanged(currentLine(), currentColumn());
        const QString help = helpLine();
        if (help != m_helpLine) {
            m_helpLine = help;
            emit helpLineChanged(help);
        }
    });

    m_completer = new KeywordCompleter(this);
    m_completer->setWidget(this);
    connect(m_completer, qOverload<const QString &>(&QCompleter::activated), this, &CqlEditor::insertCompletion);
    connect(m_completer, qOverload<const QModelIndex &>(&QCompleter::highlighted), this,
            [this](const QModelIndex &index) {
                const QString keyword = m_completer->keywordAt(index.row());
                emit helpLineChanged(QStringLiteral("%1 — %2").arg(keyword, m_completer->helpAt(index.row())));
            });
    updateLineNumberAreaWidth();
    updateExtraSelections();
    connect(document(), &QTextDocument::contentsChanged, this, &CqlEditor::updateDialect);
}

CqlEditor::~CqlEditor() = default;

void CqlEditor::setFileName(const QString &fileName)
{
    m_fileName = fileName;
    updateDialect();
}

void CqlEditor::updateDialect()
{
    // Only the first item decides, so this stays cheap on every keystroke.
    QString text;
    for (QTextBlock b = document()->firstBlock(); b.isValid() && text.size() < 4096; b = b.next())
        text += b.text() + QLatin1Char('\n');
    const QByteArray head = text.toUtf8();
    const bool cqls =
        cql::detectDialect(std::string_view(head.constData(), size_t(head.size())), m_fileName.toStdString())
        == cql::Dialect::CqlS;
    if (cqls == m_cqls) return;
    m_cqls = cqls;
    if (m_builtin) m_builtin->setCqls(cqls);
    m_completer->setCqls(cqls);
    emit dialectChanged(cqls);
}

void CqlEditor::convertSpelling(bool unicode)
{
    const std::string text = toPlainText().toStdString();
    const std::string converted = unicode ? cql::toUnicode(text) : cql::toAscii(text);
    if (converted == text) return;
    QTextCursor c(document());
    c.beginEditBlock();
    c.select(QTextCursor::Document);
    c.insertText(QString::fromStdString(converted));
    c.endEditBlock();
}

void CqlEditor::setUpHighlighter()
{
#ifdef CQLWB_HAVE_KSYNTAXHIGHLIGHTING
    auto &repo = syntaxRepository();
    const auto def = repo.definitionForName(QStringLiteral("CQL"));
    if (def.isValid()) {
        auto *h = new KSyntaxHighlighting::SyntaxHighlighter(document());
        h->setTheme(repo.themeForPalette(palette()));
        h->setDefinition(def);
        m_external = h;
        return;
    }
#endif
    m_builtin = new CqlHighlighter(document());
}

QWidget *CqlEditor::lineNumberArea() const { return m_lineNumbers; }

int CqlEditor::lineNumberAreaWidth() const
{
    int digits = 1;
    for (int max = qMax(1, blockCount()); max >= 10; max /= 10)
        ++digits;
    digits = qMax(digits, 3);
    const int marker = fontMetrics().height() / 2 + 4;
    return 8 + marker + fontMetrics().horizontalAdvance(QLatin1Char('9')) * digits;
}

void CqlEditor::updateLineNumberAreaWidth()
{
    const int w = lineNumberAreaWidth();
    setViewportMargins(w, 0, 0, 0);
    const QRect cr = contentsRect();
    m_lineNumbers->setGeometry(QRect(cr.left(), cr.top(), w, cr.height()));
}

void CqlEditor::updateLineNumberArea(const QRect &rect, int dy)
{
    if (dy)
        m_lineNumbers->scroll(0, dy);
    else
        m_lineNumbers->update(0, rect.y(), m_lineNumbers->width(), rect.height());
    if (rect.contains(viewport()->rect())) updateLineNumberAreaWidth();
}

void CqlEditor::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect cr = contentsRect();
    m_lineNumbers->setGeometry(QRect(cr.left(), cr.top(), lineNumberAreaWidth(), cr.height()));
}

void CqlEditor::paintLineNumberArea(QPaintEvent *event)
{
    QPainter p(m_lineNumbers);
    p.fillRect(event->rect(), m_theme.gutter);
    // Lines with problems get a dot in the gutter, errors winning over warnings.
    QHash<int, EditorDiagnostic::Severity> marks;
    for (const Placed &pl : m_placed) {
        const int line = pl.cursor.block().blockNumber();
        auto it = marks.find(line);
        if (it == marks.end() || pl.diagnostic.severity == EditorDiagnostic::Error)
            marks[line] = pl.diagnostic.severity;
    }
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    const int current = textCursor().blockNumber();
    const int lineH = fontMetrics().height();
    const int marker = lineH / 2;
    p.setFont(font());
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            const int n = block.blockNumber();
            p.setPen(n == current ? m_theme.lineNumberCurrent : m_theme.lineNumber);
            p.drawText(0, top, m_lineNumbers->width() - 6, lineH, Qt::AlignRight | Qt::AlignVCenter,
                       QString::number(n + 1));
            auto it = marks.constFind(n);
            if (it != marks.constEnd()) {
                p.setRenderHint(QPainter::Antialiasing);
                p.setPen(Qt::NoPen);
                p.setBrush(*it == EditorDiagnostic::Error ? m_theme.error : m_theme.warning);
                p.drawEllipse(QRect(4, top + (lineH - marker) / 2, marker, marker));
                p.setRenderHint(QPainter::Antialiasing, false);
            }
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
    }
}

void CqlEditor::selectLineAt(int y)
{
    const QTextCursor c = cursorForPosition(QPoint(0, y));
    QTextCursor sel(c.block());
    sel.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
    setTextCursor(sel);
}

int CqlEditor::positionOf(int line, int column) const
{
    const QTextBlock block = document()->findBlockByNumber(qBound(0, line - 1, qMax(0, blockCount() - 1)));
    const int off = utf16Offset(block.text(), qMax(0, column - 1));
    return block.position() + off;
}

void CqlEditor::replaceAllText(const QString &text)
{
    QTextCursor c(document());
    c.beginEditBlock();
    c.select(QTextCursor::Document);
    c.insertText(text);
    c.endEditBlock();
    setTextCursor(c);
}

void CqlEditor::goToLine(int line, int column)
{
    QTextCursor c = textCursor();
    c.setPosition(positionOf(line, column));
    setTextCursor(c);
    centerCursor();
    setFocus();
}

int CqlEditor::currentLine() const { return textCursor().blockNumber() + 1; }

int CqlEditor::currentColumn() const
{
    const QTextCursor c = textCursor();
    return codePointCount(c.block().text(), c.positionInBlock()) + 1;
}

void CqlEditor::setDiagnostics(const EditorDiagnostics &diagnostics)
{
    m_diagnostics = diagnostics;
    m_placed.clear();
    for (const EditorDiagnostic &d : diagnostics) {
        const QTextBlock block = document()->findBlockByNumber(qMax(0, d.line - 1));
        if (!block.isValid()) continue;
        const QString text = block.text();
        int start = utf16Offset(text, qMax(0, d.column - 1));
        int end = utf16Offset(text, qMax(0, d.column - 1) + qMax(1, d.length));
        if (start >= text.size()) {
            // A problem at the end of a line (e.g. "expected '}'") underlines the last character.
            start = qMax(0, int(text.size()) - 1);
            end = int(text.size());
        }
        QTextCursor c(document());
        c.setPosition(block.position() + start);
        c.setPosition(block.position() + qMax(end, start), QTextCursor::KeepAnchor);
        m_placed.append({d, c});
    }
    updateExtraSelections();
    m_lineNumbers->update();
}

QString CqlEditor::diagnosticTextAt(int position) const
{
    QStringList lines;
    for (const Placed &pl : m_placed) {
        const int a = pl.cursor.selectionStart(), b = pl.cursor.selectionEnd();
        if ((position >= a && position < b) || (a == b && position == a)) {
            const QString kind = pl.diagnostic.severity == EditorDiagnostic::Error ? tr("Error") : tr("Warning");
            lines << tr("%1: %2").arg(kind, pl.diagnostic.message);
        }
    }
    return lines.join(QLatin1Char('\n'));
}

QString CqlEditor::toolTipAt(int position) const
{
    const QString diag = diagnosticTextAt(position);
    if (!diag.isEmpty()) return diag;
    const QTextBlock block = document()->findBlock(position);
    const QString text = block.text();
    const int at = position - block.position();
    auto wordChar = [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); };
    if (at < 0 || at >= text.size() || !wordChar(text.at(at))) return QString();
    int a = at, b = at;
    while (a > 0 && wordChar(text.at(a - 1)))
        --a;
    while (b < text.size() && wordChar(text.at(b)))
        ++b;
    const QString word = text.mid(a, b - a);
    const QString h = m_cqls ? cqlkeywords::cqlsHelp(word) : cqlkeywords::help(word);
    return h.isEmpty() ? QString() : QStringLiteral("<b>%1</b> — %2").arg(word.toHtmlEscaped(), h.toHtmlEscaped());
}

void CqlEditor::updateExtraSelections()
{
    QList<QTextEdit::ExtraSelection> sels;
    if (!isReadOnly()) {
        QTextEdit::ExtraSelection line;
        line.format.setBackground(m_theme.currentLine);
        line.format.setProperty(QTextFormat::FullWidthSelection, true);
        line.cursor = textCursor();
        line.cursor.clearSelection();
        sels.append(line);
    }
    for (const Placed &pl : m_placed) {
        QTextEdit::ExtraSelection s;
        s.cursor = pl.cursor;
        s.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        s.format.setUnderlineColor(pl.diagnostic.severity == EditorDiagnostic::Error ? m_theme.error : m_theme.warning);
        s.format.setToolTip(pl.diagnostic.message);
        sels.append(s);
    }
    // The bracket next to the cursor, after it first (as most editors do), then before it.
    const QString text = document()->toPlainText();
    const int pos = textCursor().position();
    for (int at : {pos, pos - 1}) {
        if (at < 0 || at >= text.size() || !isBracket(text.at(at))) continue;
        const int other = findMatchingBracket(text, at);
        QTextEdit::ExtraSelection a;
        a.cursor = QTextCursor(document());
        a.cursor.setPosition(at);
        a.cursor.setPosition(at + 1, QTextCursor::KeepAnchor);
        a.format.setBackground(other >= 0 ? m_theme.bracketMatch : m_theme.bracketMismatch);
        sels.append(a);
        if (other >= 0) {
            QTextEdit::ExtraSelection b = a;
            b.cursor.setPosition(other);
            b.cursor.setPosition(other + 1, QTextCursor::KeepAnchor);
            sels.append(b);
        }
        break;
    }
    setExtraSelections(sels);
}

void CqlEditor::toggleComment()
{
    QTextCursor c = textCursor();
    const int startPos = c.selectionStart(), endPos = c.selectionEnd();
    QTextBlock first = document()->findBlock(startPos);
    QTextBlock last = document()->findBlock(endPos);
    // A selection ending at column 0 does not include that line.
    if (c.hasSelection() && last.position() == endPos && last != first) last = last.previous();
    QStringList lines;
    for (QTextBlock b = first; b.isValid(); b = b.next()) {
        lines << b.text();
        if (b == last) break;
    }
    const QStringList out = toggleLineComments(lines);
    if (out == lines) return;
    // Block handles do not survive the edit: keep numbers and positions.
    const int firstNumber = first.blockNumber();
    const int firstPos = first.position();
    QTextCursor edit(document());
    edit.beginEditBlock();
    edit.setPosition(firstPos);
    edit.setPosition(last.position() + last.length() - 1, QTextCursor::KeepAnchor);
    edit.insertText(out.join(QLatin1Char('\n')));
    edit.endEditBlock();
    // Keep the edited lines selected so the command can be repeated.
    QTextCursor sel(document());
    sel.setPosition(firstPos);
    sel.setPosition(document()->findBlockByNumber(firstNumber + int(out.size()) - 1).position()
                        + int(out.last().size()),
                    QTextCursor::KeepAnchor);
    setTextCursor(sel);
}

bool CqlEditor::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QPoint vp = viewport()->mapFrom(this, help->pos());
        const QString tip = toolTipAt(cursorForPosition(vp).position());
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QPlainTextEdit::event(event);
}

void CqlEditor::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    if (!m_applyingTheme && (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange))
        applyTheme();
}

void CqlEditor::focusInEvent(QFocusEvent *event)
{
    m_completer->setWidget(this);
    QPlainTextEdit::focusInEvent(event);
}

void CqlEditor::applyTheme()
{
    m_applyingTheme = true;
    m_theme = HighlightTheme::forPalette(palette());
    if (m_builtin) m_builtin->setTheme(m_theme);
    updateExtraSelections();
    m_lineNumbers->update();
    m_applyingTheme = false;
}

QString CqlEditor::wordBeforeCursor() const
{
    const QTextCursor c = textCursor();
    const QString text = c.block().text();
    int a = c.positionInBlock();
    const int end = a;
    while (a > 0 && (text.at(a - 1).isLetterOrNumber() || text.at(a - 1) == QLatin1Char('_')))
        --a;
    return text.mid(a, end - a);
}

QString CqlEditor::wordAtCursor() const
{
    const QTextCursor c = textCursor();
    const QString text = c.block().text();
    auto wordChar = [&](int i) {
        return i >= 0 && i < text.size() && (text.at(i).isLetterOrNumber() || text.at(i) == QLatin1Char('_'));
    };
    int at = c.positionInBlock();
    if (!wordChar(at)) --at;
    if (!wordChar(at)) return QString();
    int a = at, b = at;
    while (wordChar(a - 1))
        --a;
    while (wordChar(b + 1))
        ++b;
    return text.mid(a, b - a + 1);
}

QString CqlEditor::helpLine() const
{
    const QString word = wordAtCursor();
    if (word.isEmpty()) return QString();
    const QString h = m_cqls ? cqlkeywords::cqlsHelp(word) : cqlkeywords::help(word);
    return h.isEmpty() ? QString() : QStringLiteral("%1 — %2").arg(word, h);
}

bool CqlEditor::inCommentOrString() const
{
    // Enough for completion: a // comment or an open string on this line, or an open /* */ comment.
    const QTextCursor c = textCursor();
    const QString before = c.block().text().left(c.positionInBlock());
    bool inString = false;
    for (int i = 0; i < before.size(); ++i) {
        const QChar ch = before.at(i);
        if (inString) {
            if (ch == QLatin1Char('\\'))
                ++i;
            else if (ch == QLatin1Char('"'))
                inString = false;
        } else if (ch == QLatin1Char('"')) {
            inString = true;
        } else if (ch == QLatin1Char('/') && i + 1 < before.size() && before.at(i + 1) == QLatin1Char('/')) {
            return true;
        }
    }
    if (inString) return true;
    const QString all = toPlainText().left(c.position());
    return all.lastIndexOf(QLatin1String("/*")) > all.lastIndexOf(QLatin1String("*/"));
}

void CqlEditor::showCompletions() { updateCompletions(true); }

void CqlEditor::updateCompletions(bool force)
{
    const QString prefix = wordBeforeCursor();
    QAbstractItemView *popup = m_completer->popup();
    // Words that start with a digit are numbers or squares, not keywords.
    if ((!force && prefix.size() < 2) || (!prefix.isEmpty() && prefix.at(0).isDigit()) || inCommentOrString()) {
        popup->hide();
        return;
    }
    if (prefix != m_completer->completionPrefix()) {
        m_completer->setCompletionPrefix(prefix);
        popup->setCurrentIndex(m_completer->completionModel()->index(0, 0));
    }
    const int count = m_completer->completionCount();
    // Nothing to offer, or the word is already complete and the only choice.
    if (count == 0
        || (!force && count == 1 && m_completer->currentCompletion().compare(prefix, Qt::CaseInsensitive) == 0)) {
        popup->hide();
        return;
    }
    QRect r = cursorRect();
    r.setWidth(popup->sizeHintForColumn(KeywordCompleter::Keyword) + popup->sizeHintForColumn(KeywordCompleter::Help)
               + popup->verticalScrollBar()->sizeHint().width());
    r.setWidth(qBound(360, r.width(), 720));
    m_completer->complete(r);
}

void CqlEditor::insertCompletion(const QString &keyword)
{
    if (m_completer->widget() != this) return;
    QTextCursor c = textCursor();
    const int typed = int(wordBeforeCursor().size());
    c.movePosition(QTextCursor::Left, QTextCursor::KeepAnchor, typed);
    c.insertText(keyword);
    setTextCursor(c);
}

void CqlEditor::keyPressEvent(QKeyEvent *event)
{
    QAbstractItemView *popup = m_completer->popup();
    if (popup->isVisible()) {
        // The completer's popup takes these.
        switch (event->key()) {
        case Qt::Key_Enter:
        case Qt::Key_Return:
        case Qt::Key_Escape:
        case Qt::Key_Tab:
        case Qt::Key_Backtab: event->ignore(); return;
        default: break;
        }
    }
    if (event->key() == Qt::Key_Space && (event->modifiers() & Qt::ControlModifier)) {
        showCompletions();
        return;
    }
    keyPressEditor(event);
    const QString typed = event->text();
    const bool wordKey = !typed.isEmpty() && (typed.at(0).isLetterOrNumber() || typed.at(0) == QLatin1Char('_'));
    const bool editing = event->key() == Qt::Key_Backspace || event->key() == Qt::Key_Delete;
    if (!(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier)) && (wordKey || (editing && popup->isVisible())))
        updateCompletions(false);
    else if (popup->isVisible() && !wordKey)
        popup->hide();
}

void CqlEditor::keyPressEditor(QKeyEvent *event)
{
    // Enter keeps the indentation of the current line.
    if ((event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter)
        && !(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier))) {
        const QString line = textCursor().block().text();
        int i = 0;
        while (i < line.size() && (line.at(i) == QLatin1Char(' ') || line.at(i) == QLatin1Char('\t')))
            ++i;
        QPlainTextEdit::keyPressEvent(event);
        if (i) insertPlainText(line.left(i));
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
}

} // namespace wb
