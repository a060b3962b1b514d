// Finding a keyword's section in the rendered Markdown: a heading that is the
// keyword (language.md has one per CQL 6 keyword), else where a paragraph or
// list item opens with it (cqls.md describes keywords in lists), else its
// first mention.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "helpbrowser.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollBar>
#include <QShortcut>
#include <QTextBlock>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace wb {

namespace {

bool isHeading(const QTextBlock &b) { return b.blockFormat().headingLevel() > 0; }

// `word` as a whole word in `text` (':' counts as part of a CQL-S keyword).
qsizetype wholeWordAt(const QString &text, const QString &word, qsizetype from = 0)
{
    auto wordChar = [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('-'); };
    for (qsizetype at = text.indexOf(word, from); at >= 0; at = text.indexOf(word, at + 1)) {
        const qsizetype end = at + word.size();
        const bool startOk = at == 0 || !wordChar(text.at(at - 1)) || word.startsWith(QLatin1Char(':'));
        const bool endOk = end >= text.size() || !wordChar(text.at(end));
        if (startOk && endOk && (word.startsWith(QLatin1Char(':')) || at == 0 || text.at(at - 1) != QLatin1Char(':')))
            return at;
    }
    return -1;
}

// Qt's Markdown reader gives headings no larger font (and a heading that is
// a keyword in backticks only the code font) and code blocks no background:
// both set here so sections and examples stand out.
void styleDocument(QTextDocument *doc, const QPalette &palette)
{
    const qreal base = doc->defaultFont().pointSizeF();
    QTextCursor c(doc);
    c.beginEditBlock();
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
        QTextBlockFormat bf = b.blockFormat();
        const int level = bf.headingLevel();
        if (level > 0) {
            c.setPosition(b.position());
            c.setPosition(b.position() + b.length() - 1, QTextCursor::KeepAnchor);
            QTextCharFormat cf;
            cf.setFontPointSize(base * (level == 1 ? 1.8 : level == 2 ? 1.5 : level == 3 ? 1.25 : 1.1));
            cf.setFontWeight(QFont::Bold);
            c.mergeCharFormat(cf);
            bf.setTopMargin(base * 1.2);
            bf.setBottomMargin(base * 0.5);
            c.setBlockFormat(bf);
        } else if (bf.hasProperty(QTextFormat::BlockCodeFence)) {
            c.setPosition(b.position());
            bf.setBackground(palette.color(QPalette::AlternateBase));
            bf.setLeftMargin(base);
            c.setBlockFormat(bf);
        }
    }
    c.endEditBlock();
}

// The anchor GitHub gives a heading, which the manual's links use
// ("The player base" -> "the-player-base"); Qt's reader makes no anchors.
QString headingSlug(const QString &heading)
{
    QString slug;
    for (const QChar c : heading.trimmed().toLower())
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            slug += c;
        else if (c == QLatin1Char(' '))
            slug += QLatin1Char('-');
    return slug;
}

} // namespace

QString helpPageUrl(HelpBrowser::Page page)
{
    switch (page) {
    case HelpBrowser::Cqls: return QStringLiteral("qrc:/docs/cqls.md");
    case HelpBrowser::Workbench: return QStringLiteral("qrc:/docs/workbench.md");
    case HelpBrowser::Language: break;
    }
    return QStringLiteral("qrc:/docs/language.md");
}

HelpBrowser::HelpBrowser(QWidget *parent)
    : QWidget(parent, Qt::Window), m_pages(new QComboBox), m_find(new QLineEdit), m_findStatus(new QLabel),
      m_browser(new QTextBrowser)
{
    setObjectName(QStringLiteral("HelpBrowser"));
    m_pages->setObjectName(QStringLiteral("HelpPages"));
    m_find->setObjectName(QStringLiteral("HelpFind"));
    m_find->setClearButtonEnabled(true);
    m_browser->setObjectName(QStringLiteral("HelpText"));
    m_browser->setOpenExternalLinks(true);
    for (int i = 0; i < 3; ++i)
        m_pages->addItem(QString());

    auto *previous = new QToolButton;
    previous->setArrowType(Qt::UpArrow);
    auto *next = new QToolButton;
    next->setArrowType(Qt::DownArrow);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_pages);
    bar->addStretch(1);
    bar->addWidget(m_find, 2);
    bar->addWidget(previous);
    bar->addWidget(next);
    bar->addWidget(m_findStatus);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_browser, 1);

    connect(m_pages, &QComboBox::activated, this, [this](int index) { showPage(Page(index)); });
    connect(m_find, &QLineEdit::returnPressed, this, [this] { find(m_find->text()); });
    // Typing searches from the start of the current match, so the match grows with the text.
    connect(m_find, &QLineEdit::textEdited, this, [this](const QString &text) {
        QTextCursor c = m_browser->textCursor();
        c.setPosition(c.selectionStart());
        m_browser->setTextCursor(c);
        find(text);
    });
    connect(next, &QToolButton::clicked, this, [this] { find(m_find->text()); });
    connect(previous, &QToolButton::clicked, this, [this] { find(m_find->text(), true); });
    auto *findKey = new QShortcut(QKeySequence::Find, this);
    connect(findKey, &QShortcut::activated, this, [this] {
        m_find->setFocus();
        m_find->selectAll();
    });
    connect(new QShortcut(QKeySequence::FindNext, this), &QShortcut::activated, this, [this] { find(m_find->text()); });
    connect(new QShortcut(QKeySequence::FindPrevious, this), &QShortcut::activated, this,
            [this] { find(m_find->text(), true); });
    connect(m_browser, &QTextBrowser::sourceChanged, this, [this](const QUrl &url) {
        if (m_browser->document()->revision() != m_styledRevision) {
            styleDocument(m_browser->document(), palette());
            m_styledRevision = m_browser->document()->revision();
        }
        if (url.hasFragment()) showAnchor(url.fragment());
        for (int p = Language; p <= Workbench; ++p)
            if (url.fileName() == QUrl(helpPageUrl(Page(p))).fileName()) {
                m_page = Page(p);
                m_pages->setCurrentIndex(p);
            }
    });
    retranslate();
    resize(900, 700);
    showPage(Language);
}

void HelpBrowser::showPage(Page page)
{
    m_page = page;
    m_pages->setCurrentIndex(int(page));
    const QUrl url(helpPageUrl(page));
    if (m_browser->source().fileName() != url.fileName()) m_browser->setSource(url, QTextDocument::MarkdownResource);
    moveTo(0, 0);
}

bool HelpBrowser::showKeyword(const QString &keyword, bool cqls)
{
    QString word = keyword.trimmed();
    if (cqls && !word.startsWith(QLatin1Char(':'))) word.prepend(QLatin1Char(':'));
    showPage(cqls ? Cqls : Language);
    if (word.isEmpty() || word == QLatin1String(":")) return false;
    const QTextDocument *doc = m_browser->document();

    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        if (isHeading(b) && b.text().trimmed() == word) {
            moveTo(b.position(), 0);
            return true;
        }
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        if (isHeading(b) && wholeWordAt(b.text(), word) >= 0) {
            moveTo(b.position(), 0);
            return true;
        }
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next())
        if (!isHeading(b) && wholeWordAt(b.text(), word) == 0) {
            moveTo(b.position(), word.size());
            return true;
        }
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
        const qsizetype at = wholeWordAt(b.text(), word);
        if (at >= 0) {
            moveTo(b.position() + int(at), int(word.size()));
            return true;
        }
    }
    return false;
}

bool HelpBrowser::showAnchor(const QString &anchor)
{
    for (QTextBlock b = m_browser->document()->begin(); b.isValid(); b = b.next())
        if (isHeading(b) && headingSlug(b.text()) == anchor) {
            moveTo(b.position(), 0);
            return true;
        }
    return false;
}

void HelpBrowser::moveTo(int position, int length)
{
    QTextCursor c(m_browser->document());
    c.setPosition(position);
    c.setPosition(position + length, QTextCursor::KeepAnchor);
    m_browser->setTextCursor(c);
    // The section's start at the top of the view, not just somewhere in it.
    QScrollBar *bar = m_browser->verticalScrollBar();
    bar->setValue(bar->maximum());
    m_browser->ensureCursorVisible();
}

bool HelpBrowser::find(const QString &text, bool backward)
{
    if (text.isEmpty()) {
        m_findStatus->clear();
        return false;
    }
    const QTextDocument::FindFlags flags = backward ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    bool found = m_browser->find(text, flags);
    if (!found) {
        // Round from the other end.
        QTextCursor c(m_browser->document());
        c.movePosition(backward ? QTextCursor::End : QTextCursor::Start);
        m_browser->setTextCursor(c);
        found = m_browser->find(text, flags);
    }
    m_findStatus->setText(found ? QString() : tr("Not found"));
    QPalette p = m_find->palette();
    p.setColor(QPalette::Base, found ? palette().color(QPalette::Base) : QColor(255, 200, 200));
    p.setColor(QPalette::Text, found ? palette().color(QPalette::Text) : QColor(Qt::black));
    m_find->setPalette(p);
    return found;
}

QString HelpBrowser::currentSection() const
{
    for (QTextBlock b = m_browser->textCursor().block(); b.isValid(); b = b.previous())
        if (isHeading(b)) return b.text();
    return QString();
}

void HelpBrowser::retranslate()
{
    setWindowTitle(tr("CQL Workbench Help"));
    m_pages->setItemText(Language, tr("CQL language"));
    m_pages->setItemText(Cqls, tr("CQL-S"));
    m_pages->setItemText(Workbench, tr("The workbench"));
    m_find->setPlaceholderText(tr("Find in the page (Ctrl+F)"));
}

void HelpBrowser::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) retranslate();
    QWidget::changeEvent(event);
}

} // namespace wb
