// The Settings dialog's form.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "settingsdialog.h"

#include "mainwindow/language.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace wb {

SettingsDialog::SettingsDialog(const AppSettings &s, QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Settings"));
    setObjectName(QStringLiteral("SettingsDialog"));

    m_enginePath = new QLineEdit(s.enginePath);
    m_enginePath->setObjectName(QStringLiteral("EnginePath"));
    m_enginePath->setPlaceholderText(tr("stockfish (from PATH or /usr/games)"));
    m_engineThreads = new QSpinBox;
    m_engineThreads->setObjectName(QStringLiteral("EngineThreads"));
    m_engineThreads->setRange(1, 1024);
    m_engineThreads->setValue(s.engineThreads);
    m_engineHash = new QSpinBox;
    m_engineHash->setObjectName(QStringLiteral("EngineHash"));
    m_engineHash->setRange(1, 65536);
    m_engineHash->setSuffix(tr(" MB"));
    m_engineHash->setValue(s.engineHashMb);
    m_tablebases = new QLineEdit(s.tablebaseFolder);
    m_tablebases->setObjectName(QStringLiteral("TablebaseFolder"));
    m_tablebases->setPlaceholderText(QStringLiteral("/usr/share/gaviotatb"));

    auto *engineBox = new QGroupBox(tr("Engine (engine pane and CQL-S :evaluation)"));
    auto *engineForm = new QFormLayout(engineBox);
    engineForm->addRow(tr("UCI &engine:"), withBrowse(m_enginePath, tr("UCI Engine"), false, QString()));
    engineForm->addRow(tr("Engine &threads:"), m_engineThreads);
    engineForm->addRow(tr("&Hash:"), m_engineHash);
    engineForm->addRow(tr("&Gaviota tablebases:"), withBrowse(m_tablebases, tr("Gaviota Tablebases"), true, QString()));

    m_playerBase = new QLineEdit(s.playerBase);
    m_playerBase->setObjectName(QStringLiteral("PlayerBase"));
    m_playerBase->setPlaceholderText(tr("none"));
    m_searchThreads = new QSpinBox;
    m_searchThreads->setObjectName(QStringLiteral("SearchThreads"));
    m_searchThreads->setRange(0, 1024);
    m_searchThreads->setSpecialValueText(tr("one per core"));
    m_searchThreads->setValue(s.searchThreads);
    m_gameStore = new QCheckBox(tr("Keep a game store of each database in the cache folder"));
    m_gameStore->setObjectName(QStringLiteral("GameStore"));
    m_gameStore->setToolTip(tr("A compact copy of the games, built in the background when a database opens: "
                               "searches replay it instead of the PGN text and skip games that cannot match. "
                               "The results are the same either way."));
    m_gameStore->setChecked(s.gameStore);

    auto *searchBox = new QGroupBox(tr("Search"));
    auto *searchForm = new QFormLayout(searchBox);
    searchForm->addRow(tr("&Player base:"),
                       withBrowse(m_playerBase, tr("Player Base"), false,
                                  tr("Spelling files (*.ssp *.ssp.gz *.ssp.zst);;All files (*)")));
    searchForm->addRow(tr("Search t&hreads:"), m_searchThreads);
    searchForm->addRow(m_gameStore);

    m_theme = new QComboBox;
    m_theme->setObjectName(QStringLiteral("Theme"));
    m_theme->addItem(tr("System"), QStringLiteral("system"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    m_theme->setCurrentIndex(qMax(0, m_theme->findData(s.theme)));
    m_language = new QComboBox;
    m_language->setObjectName(QStringLiteral("Language"));
    m_language->addItem(tr("System Default"), QString());
    for (const auto &[code, name] : availableLanguages())
        if (m_language->findData(code) < 0) m_language->addItem(name, code);
    m_language->setCurrentIndex(qMax(0, m_language->findData(s.language)));

    auto *viewBox = new QGroupBox(tr("Appearance"));
    auto *viewForm = new QFormLayout(viewBox);
    viewForm->addRow(tr("&Theme:"), m_theme);
    viewForm->addRow(tr("&Language:"), m_language);
    viewForm->addRow(new QLabel(tr("The language changes when CQL Workbench is started again.")));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(engineBox);
    layout->addWidget(searchBox);
    layout->addWidget(viewBox);
    layout->addWidget(buttons);
}

QWidget *SettingsDialog::withBrowse(QLineEdit *edit, const QString &caption, bool folder, const QString &filter)
{
    auto *row = new QWidget;
    auto *h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    // Room for a typical path and the placeholders.
    edit->setMinimumWidth(edit->fontMetrics().averageCharWidth() * 40);
    h->addWidget(edit, 1);
    auto *browse = new QPushButton(tr("Browse…"));
    h->addWidget(browse);
    connect(browse, &QPushButton::clicked, this, [this, edit, caption, folder, filter] {
        const QString chosen = folder ? QFileDialog::getExistingDirectory(this, caption, edit->text())
                                      : QFileDialog::getOpenFileName(this, caption, edit->text(), filter);
        if (!chosen.isEmpty()) edit->setText(chosen);
    });
    return row;
}

AppSettings SettingsDialog::settings() const
{
    AppSettings s;
    s.enginePath = m_enginePath->text().trimmed();
    s.engineThreads = m_engineThreads->value();
    s.engineHashMb = m_engineHash->value();
    s.tablebaseFolder = m_tablebases->text().trimmed();
    s.playerBase = m_playerBase->text().trimmed();
    s.searchThreads = m_searchThreads->value();
    s.gameStore = m_gameStore->isChecked();
    s.theme = m_theme->currentData().toString();
    s.language = m_language->currentData().toString();
    return s;
}

} // namespace wb
