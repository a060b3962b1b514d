// Help > Language Reference (F1): the manual's Markdown pages, built into the
// program as resources, in a browser window with a find field. Opened at
// the section of a CQL 6 or CQL-S keyword.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTextBrowser;

namespace wb {

class HelpBrowser : public QWidget {
    Q_OBJECT
public:
    enum Page { Language, Cqls, Workbench };

    explicit HelpBrowser(QWidget *parent = nullptr);

    void showPage(Page page);
    // Shows the section of `keyword` (a CQL 6 keyword, or a CQL-S one with or
    // without its ':'), or the page's start when the manual does not name it.
    // False in that case.
    bool showKeyword(const QString &keyword, bool cqls);
    // The heading a link's #fragment names, as GitHub makes the anchors.
    bool showAnchor(const QString &anchor);
    // The next (or previous) place the text occurs, wrapping round; selects it.
    bool find(const QString &text, bool backward = false);

    QTextBrowser *browser() const { return m_browser; }
    QLineEdit *findField() const { return m_find; }
    Page page() const { return m_page; }
    // The heading of the section the cursor is in ("" above the first).
    QString currentSection() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void moveTo(int position, int length);

    Page m_page = Language;
    int m_styledRevision = -1; // the document's revision after styling it
    QComboBox *m_pages;
    QLineEdit *m_find;
    QLabel *m_findStatus;
    QTextBrowser *m_browser;
};

// The resource URL of a page of the manual.
QString helpPageUrl(HelpBrowser::Page page);

} // namespace wb
