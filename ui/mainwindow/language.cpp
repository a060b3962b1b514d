// Translator loading: the installed .qm files, else those built into the program.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "language.h"
#include "datadir.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

namespace wb {

namespace {

// An installed translation comes first: it may be newer than the program
// (a packager's or translator's update).
QStringList translationFolders()
{
    return {installedDataPath(QStringLiteral("translations")), QStringLiteral(":/i18n")};
}

} // namespace

QString installTranslations(QCoreApplication &app, const QString &language)
{
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    auto *own = new QTranslator(&app);
    bool loaded = false;
    for (const QString &dir : translationFolders()) {
        if ((loaded = own->load(locale, QStringLiteral("cqlwb"), QStringLiteral("_"), dir))) break;
    }
    if (!loaded) {
        delete own;
        return QStringLiteral("en");
    }
    app.installTranslator(own);
    QLocale::setDefault(locale);
    // Qt's own dialogs (file dialog, message box buttons) in the same language, when installed.
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        app.installTranslator(qt);
    else
        delete qt;
    return locale.name().section(QLatin1Char('_'), 0, 0);
}

QList<QPair<QString, QString>> availableLanguages()
{
    QList<QPair<QString, QString>> out{{QStringLiteral("en"), QStringLiteral("English")}};
    QStringList codes;
    for (const QString &dir : translationFolders()) {
        for (const QString &f : QDir(dir).entryList({QStringLiteral("cqlwb_*.qm")}, QDir::Files))
            codes << f.mid(6, f.size() - 6 - 3);
    }
    codes.sort();
    codes.removeDuplicates();
    for (const QString &code : std::as_const(codes)) {
        QString name = QLocale(code).nativeLanguageName();
        if (!name.isEmpty()) name[0] = name[0].toUpper();
        out.append({code, name.isEmpty() ? code : name});
    }
    return out;
}

} // namespace wb
