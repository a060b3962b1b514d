// The user interface language: the system's unless chosen in the settings.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPair>
#include <QString>

class QCoreApplication;

namespace wb {

// Settings key holding "" (system) or a language code such as "de".
inline constexpr const char *LanguageSettingsKey = "view/language";

// Installs the workbench's and Qt's own translators for `language` ("" =
// the system locale). Returns the code actually loaded ("en" when none applies).
QString installTranslations(QCoreApplication &app, const QString &language);

// Languages the program ships: code and native name ("de", "Deutsch").
QList<QPair<QString, QString>> availableLanguages();

} // namespace wb
