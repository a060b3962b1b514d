// Help > Language Reference (F1): the help browser at the keyword under the
// editor's cursor, in the editor's dialect.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "editor/cqleditor.h"
#include "help/helpbrowser.h"

#include <QAction>
#include <QMenu>

namespace wb {

void MainWindow::createHelpActions()
{
    m_act.languageReference = new QAction(tr("&Language Reference"), this);
    m_act.languageReference->setObjectName(QStringLiteral("LanguageReferenceAction"));
    m_act.languageReference->setShortcut(QKeySequence::HelpContents);
    m_act.languageReference->setStatusTip(tr("The manual, at the keyword under the cursor"));
    connect(m_act.languageReference, &QAction::triggered, this, &MainWindow::showHelpAtCursor);
    m_act.workbenchManual = new QAction(tr("&Workbench Manual"), this);
    m_act.workbenchManual->setObjectName(QStringLiteral("WorkbenchManualAction"));
    connect(m_act.workbenchManual, &QAction::triggered, this,
            [this] { helpBrowser()->showPage(HelpBrowser::Workbench); });
    if (QMenu *help = menuHolding(m_act.about)) {
        QAction *first = help->actions().value(0);
        help->insertAction(first, m_act.languageReference);
        help->insertAction(first, m_act.workbenchManual);
        help->insertSeparator(first);
    }
}

HelpBrowser *MainWindow::helpBrowser()
{
    // Made on first use: parsing the manual's Markdown takes a moment.
    if (!m_help) m_help = new HelpBrowser(this);
    m_help->show();
    m_help->raise();
    m_help->activateWindow();
    return m_help;
}

void MainWindow::showHelpAtCursor() { helpBrowser()->showKeyword(m_editor->wordAtCursor(), m_editor->isCqls()); }

} // namespace wb
