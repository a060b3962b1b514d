// The query editor: line numbers, current line, bracket matching, comment
// toggling and diagnostics shown as wavy underlines with tooltips.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "editordiagnostic.h"
#include "highlighttheme.h"

#include <QPlainTextEdit>
#include <QTextCursor>

class QSyntaxHighlighter;

namespace wb {

class CqlHighlighter;
class KeywordCompleter;
class LineNumberArea;

class CqlEditor : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit CqlEditor(QWidget *parent = nullptr);
    ~CqlEditor() override;

    // Diagnostics follow the text as it is edited, until replaced.
    void setDiagnostics(const EditorDiagnostics &diagnostics);
    void clearDiagnostics() { setDiagnostics({}); }
    const EditorDiagnostics &diagnostics() const { return m_diagnostics; }
    // Messages of the diagnostics covering a document position, one per line; "" if none.
    QString diagnosticTextAt(int position) const;
    // What hovering a document position shows: its diagnostics, else the help of the keyword there.
    QString toolTipAt(int position) const;

    // Document position of line/column (1-based, column in code points).
    int positionOf(int line, int column) const;
    void goToLine(int line, int column = 1);
    // Replaces the whole text with `text` as one step Undo takes back.
    void replaceAllText(const QString &text);
    int currentLine() const;
    int currentColumn() const; // 1-based, in code points

    // The query's file name: a *.cqls name makes the text CQL-S, as a first
    // "(match" list does.
    void setFileName(const QString &fileName);
    // True when the text is CQL-S (highlighted and checked as such).
    bool isCqls() const { return m_cqls; }

    // The built-in highlighter; nullptr when KSyntaxHighlighting is in use.
    CqlHighlighter *builtinHighlighter() const { return m_builtin; }
    // True when the KSyntaxHighlighting engine highlights with resources/syntax/cql.xml.
    bool usesKSyntaxHighlighting() const { return m_external != nullptr; }
    // Keyword completion: pops up after two letters of a word, or on Ctrl+Space.
    KeywordCompleter *completer() const { return m_completer; }
    // Shows the completions of the word before the cursor (all keywords if none).
    void showCompletions();
    // The word the cursor is at the end of (letters, digits, _).
    QString wordBeforeCursor() const;
    // One line of help for the keyword at the cursor ("" if none): what the window's help line shows.
    QString helpLine() const;
    // The word under the cursor, or the one just typed (letters, digits, _); what F1 looks up.
    QString wordAtCursor() const;

    // Re-spells the whole query in Unicode symbols or in ASCII, as one undoable edit.
    void convertSpelling(bool unicode);
    QWidget *lineNumberArea() const;
    int lineNumberAreaWidth() const;
    const HighlightTheme &theme() const { return m_theme; }

    // For the gutter.
    void paintLineNumberArea(QPaintEvent *event);
    void selectLineAt(int y);

public slots:
    void toggleComment();

signals:
    void cursorLocationChanged(int line, int column);
    // The text became CQL-S, or stopped being CQL-S.
    void dialectChanged(bool cqls);
    // The keyword at the cursor, or the completion highlighted in the popup, changed.
    void helpLineChanged(const QString &text);

protected:
    bool event(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;

private:
    void updateLineNumberAreaWidth();
    void updateLineNumberArea(const QRect &rect, int dy);
    void updateExtraSelections();
    void applyTheme();
    void setUpHighlighter();
    void insertCompletion(const QString &keyword);
    void keyPressEditor(QKeyEvent *event); // the editing keys, without completion
    void updateCompletions(bool force);
    bool inCommentOrString() const;
    void updateDialect();

    struct Placed {
        EditorDiagnostic diagnostic;
        QTextCursor cursor; // tracks the range through edits
    };
    LineNumberArea *m_lineNumbers = nullptr;
    CqlHighlighter *m_builtin = nullptr;
    QSyntaxHighlighter *m_external = nullptr;
    EditorDiagnostics m_diagnostics;
    QList<Placed> m_placed;
    HighlightTheme m_theme;
    KeywordCompleter *m_completer = nullptr;
    QString m_helpLine;
    bool m_applyingTheme = false;
    QString m_fileName;
    bool m_cqls = false;
};

} // namespace wb
