// Edit > Convert to CQL 6: the CQL-S query rewritten in CQL 6 by the core's
// converter, with the keywords CQL 6 cannot say listed for the user.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "editor/cqleditor.h"
#include "search/searchlog.h"

#include "cql/cqls/tocql6.h"

#include <QAction>
#include <QCoreApplication>
#include <QLabel>
#include <QMessageBox>
#include <QStatusBar>
#include <QTextCursor>
#include <QTimer>

namespace wb {

namespace {

// The converter (core, no Qt) gives its reasons in English; these are they,
// for the translation.
QString reasonText(const std::string &reason)
{
    static const char *const known[] = {
        QT_TRANSLATE_NOOP("wb::MainWindow", "never true in a standard game"),
        QT_TRANSLATE_NOOP("wb::MainWindow", "CQL-S shifts keep the squares on the trailing edge"),
        QT_TRANSLATE_NOOP("wb::MainWindow", "promoted-piece marks '~'"),
        QT_TRANSLATE_NOOP("wb::MainWindow", "counts the checks of three-check chess"),
        QT_TRANSLATE_NOOP("wb::MainWindow", "the pieces of a drop"),
        QT_TRANSLATE_NOOP("wb::MainWindow", "with these arguments"),
        QT_TRANSLATE_NOOP("wb::MainWindow", "CQL 6 compares dates as text"),
        QT_TRANSLATE_NOOP("wb::MainWindow", "unknown keyword"),
        QT_TRANSLATE_NOOP("wb::MainWindow", "not a position list"),
        QT_TRANSLATE_NOOP("wb::MainWindow", "not a match list keyword"),
        QT_TRANSLATE_NOOP("wb::MainWindow", "a list without a keyword"),
        QT_TRANSLATE_NOOP("wb::MainWindow", "not a designator"),
    };
    for (const char *k : known)
        if (reason == k) return QCoreApplication::translate("wb::MainWindow", k);
    return QString::fromStdString(reason);
}

} // namespace

void MainWindow::createConvertAction()
{
    m_act.toCql6 = new QAction(tr("Convert to CQL &6"), this);
    m_act.toCql6->setObjectName(QStringLiteral("ConvertToCql6Action"));
    m_act.toCql6->setStatusTip(tr("Write the CQL-S query in CQL 6 and list the keywords CQL 6 has no equivalent for"));
    m_act.toCql6->setEnabled(false);
    connect(m_act.toCql6, &QAction::triggered, this, &MainWindow::convertQueryToCql6);
}

void MainWindow::dialectChanged(bool cqls)
{
    if (m_dialectLabel) m_dialectLabel->setText(cqls ? tr("CQL-S") : tr("CQL 6"));
    if (m_act.toCql6) m_act.toCql6->setEnabled(cqls);
}

bool MainWindow::writeCql6Query(const QString &text)
{
    // The CQL 6 text is a new query: a .cqls file keeps its CQL-S, and Undo
    // brings the earlier text back into the editor.
    if (cql::detectDialect({}, m_queryFile.toStdString()) == cql::Dialect::CqlS) {
        if (!maybeSaveQuery()) return false;
        m_queryFile.clear();
    }
    m_editor->replaceAllText(text);
    m_editor->moveCursor(QTextCursor::Start);
    updateTitle();
    m_checkTimer->start();
    return true;
}

void MainWindow::convertQueryToCql6()
{
    if (!m_editor->isCqls()) {
        statusBar()->showMessage(tr("The query is not CQL-S: there is nothing to convert."), 5000);
        return;
    }
    const QByteArray utf8 = m_editor->toPlainText().toUtf8();
    const cql::cqls::Cql6Conversion c =
        cql::cqls::convertToCql6(std::string_view(utf8.constData(), size_t(utf8.size())));
    if (!c.ok) {
        EditorDiagnostics diagnostics;
        for (const cql::Diagnostic &d : c.diagnostics)
            diagnostics.append(EditorDiagnostic::fromCore(d));
        showDiagnostics(diagnostics);
        m_log->addMessage(tr("The CQL-S query cannot be read, so it cannot be converted to CQL 6."), SearchLog::Error);
        return;
    }
    if (!writeCql6Query(QString::fromStdString(c.text))) return;

    if (c.untranslated.empty()) {
        m_log->addMessage(tr("Converted the query to CQL 6."), SearchLog::Success);
        statusBar()->showMessage(tr("Converted the query to CQL 6."), 5000);
        return;
    }
    QStringList lines;
    for (const cql::cqls::Untranslated &u : c.untranslated) {
        const QString what = u.noEquivalent ? tr("no CQL 6 equivalent") : tr("not converted");
        QString line =
            tr("line %1, column %2: %3 — %4").arg(u.line).arg(u.column).arg(QString::fromStdString(u.keyword), what);
        if (!u.reason.empty()) line += QStringLiteral(" (%1)").arg(reasonText(u.reason));
        lines << line;
        m_log->addMessage(line, SearchLog::Warning);
    }
    const int n = int(c.untranslated.size());
    const QString summary =
        tr("Converted the query to CQL 6. %n keyword(s) of the CQL-S query could not be converted; a comment in the "
           "CQL 6 text marks where each stood:",
           nullptr, n);
    // Not modal: the user reads the list while looking at the new text.
    auto *box =
        new QMessageBox(QMessageBox::Information, tr("Convert to CQL 6"),
                        summary + QStringLiteral("\n\n") + lines.join(QLatin1Char('\n')), QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("Cql6ConversionMessage"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace wb
