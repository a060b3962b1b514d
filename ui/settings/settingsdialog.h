// Edit > Settings: the engine, tablebases, player base, search threads, theme
// and language in one dialog, in place of environment variables.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "appsettings.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QSpinBox;

namespace wb {

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(const AppSettings &settings, QWidget *parent = nullptr);
    // The values as edited.
    AppSettings settings() const;

private:
    QWidget *withBrowse(QLineEdit *edit, const QString &caption, bool folder, const QString &filter);

    QLineEdit *m_enginePath;
    QSpinBox *m_engineThreads;
    QSpinBox *m_engineHash;
    QLineEdit *m_tablebases;
    QLineEdit *m_playerBase;
    QSpinBox *m_searchThreads;
    QCheckBox *m_gameStore;
    QComboBox *m_theme;
    QComboBox *m_language;
};

} // namespace wb
