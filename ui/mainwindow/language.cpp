// Translator loading from the embedded :/i18n resources.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "language.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace wb {

QString installTranslations(QCoreApplication &app, const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    auto *own = new QTranslator(&app);
    if (!own->load(locale, QStringLiteral("cqlwb"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        delete own;
        return QStringLiteral("en");
    }
    app.installTranslator(own);
    QLocale::setDefault(locale);
    // Qt's own dialogs (file dialog, message box buttons) in the same language, when installed.
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
    else
        delete qt;
    return locale.name().section(QLatin1Char('_'), 0, 0);
}

QList<QPair<QString, QString>> availableLanguages()
{
    QList<QPair<QString, QString>> out{{QStringLiteral("en"), QStringLiteral("English")}};
    const QStringList files = QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("cqlwb_*.qm")}, QDir::Files, QDir::Name);
    for (const QString &f : files) {
        const QString code = f.mid(6, f.size() - 6 - 3);
        QString name = QLocale(code).nativeLanguageName();
        if (!name.isEmpty())
            name[0] = name[0].toUpper();
        out.append({code, name.isEmpty() ? code : name});
    }
    return out;
}

} // namespace wb
