// The engine pane dock, which follows the shown position, and Edit > Settings,
// whose values reach the engine pane, the query compiler (CQL-S :evaluation,
// :endgameevaluation, the player base) and the search.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow.h"

#include "database/storeloader.h"

#include "appearance.h"

#include "board/boardsetup.h"
#include "board/boardwidget.h"
#include "engine/enginepane.h"
#include "settings/appsettings.h"
#include "settings/settingsdialog.h"

#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QTimer>

namespace wb {

QMenu *MainWindow::menuHolding(QAction *action) const
{
    for (QAction *top : menuBar()->actions())
        if (top->menu() && top->menu()->actions().contains(action)) return top->menu();
    return nullptr;
}

void MainWindow::createEngineDock()
{
    m_enginePane = new EnginePane(this);
    m_engineDock = addNotationTab(m_enginePane, tr("Engine"), QStringLiteral("EngineDock"));
    m_enginePane->setPosition(board()->position());
    connect(m_session, &SearchSession::positionShown, this, [this](game::NodeId node) {
        m_enginePane->setPosition(m_session->loadedGame().game->nodes[node].position);
    });
    // A position set up by hand is analysed too, once it is one a game can reach.
    connect(board(), &BoardWidget::setupChanged, this, [this] {
        if (const auto position = board()->setup().position()) m_enginePane->setPosition(*position);
    });
    // A closed pane does not keep the engine busy (one tabbed away does).
    connect(m_engineDock->toggleViewAction(), &QAction::toggled, this, [this](bool shown) {
        if (!shown) m_enginePane->setOn(false);
    });

    m_act.settings = new QAction(tr("&Settings…"), this);
    m_act.settings->setObjectName(QStringLiteral("SettingsAction"));
    m_act.settings->setMenuRole(QAction::PreferencesRole);
    m_act.settings->setStatusTip(tr("The engine, tablebases, player base, search threads, theme and language"));
    connect(m_act.settings, &QAction::triggered, this, &MainWindow::editSettings);
    if (QMenu *edit = menuHolding(m_act.toCql6)) {
        edit->addSeparator();
        edit->addAction(m_act.settings);
    }
    applySettings(AppSettings::load());
}

void MainWindow::startAnalysis()
{
    m_engineDock->show();
    m_engineDock->raise();
    m_enginePane->setOn(true);
}

bool MainWindow::analysisWarmingUp() const
{
    return m_enginePane->isOn() && !m_enginePane->refused() && m_enginePane->depth() < 18;
}

void MainWindow::editSettings()
{
    AppSettings before = AppSettings::load();
    // The one in use, also when it came from CQLWB_PLAYERBASE.
    before.playerBase = m_playerBasePath;
    SettingsDialog dialog(before, this);
    if (dialog.exec() != QDialog::Accepted) return;
    const AppSettings after = dialog.settings();
    if (after == before) return;
    after.save();
    applySettings(after);
    if (after.playerBase != before.playerBase) setPlayerBase(after.playerBase, true);
    if (after.theme != before.theme) applyTheme(themeFromString(after.theme));
    // The View menu's Theme and Language entries show what the dialog chose.
    for (QAction *a : m_viewMenu->findChildren<QAction *>()) {
        const QVariant theme = a->property("cqlwbTheme"), language = a->property("cqlwbLanguage");
        if (theme.isValid() && theme.toString() == themeToString(themeFromString(after.theme))) a->setChecked(true);
        if (language.isValid() && language.toString() == after.language) a->setChecked(true);
    }
    if (after.language != before.language)
        QMessageBox::information(this, tr("Language"), tr("The language changes when CQL Workbench is started again."));
}

void MainWindow::applySettings(const AppSettings &settings)
{
    const engine::Settings e = engineSettings(settings);
    m_enginePane->analysis()->setSettings(e);
    m_session->setEngineSettings(e);
    m_session->controller()->setThreadCount(settings.searchThreads);
    m_session->controller()->setUseStore(settings.gameStore);
    m_useStore = settings.gameStore;
    if (m_useStore)
        queueStores();
    else
        m_stores->cancelAll();
    // A query compiled with the old engine may now compile (or not).
    m_checkTimer->start();
}

} // namespace wb
