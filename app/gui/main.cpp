// cqlwb: the CQL Workbench desktop program.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow/appearance.h"
#include "mainwindow/commandline.h"
#include "mainwindow/icons.h"
#include "mainwindow/language.h"
#include "mainwindow/mainwindow.h"

#include <QApplication>
#include <QSettings>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("CQL Workbench"));
    QApplication::setApplicationDisplayName(QStringLiteral("CQL Workbench"));
    QApplication::setApplicationVersion(QStringLiteral(CQLWB_VERSION));
    QApplication::setOrganizationName(QStringLiteral("CQL Workbench"));
    QApplication::setOrganizationDomain(QStringLiteral("cqlworkbench.org"));
    // The installed desktop file's name (CMakeLists.txt: CQLWB_APP_ID): Wayland
    // compositors and docks find the icon and the menu entry through it.
    QApplication::setDesktopFileName(QStringLiteral(CQLWB_APP_ID));

    const QSettings settings;
    wb::installTranslations(app, settings.value(QLatin1String(wb::LanguageSettingsKey)).toString());

    const wb::CommandLine commandLine = wb::parseCommandLine(QApplication::arguments());
    const QString theme =
        commandLine.theme.isEmpty() ? settings.value(QStringLiteral("view/theme")).toString() : commandLine.theme;
    wb::applyTheme(wb::themeFromString(theme));
    QApplication::setWindowIcon(wb::themedIcon(QStringLiteral("cqlwb"), QApplication::palette()));

    wb::MainWindow window;
    window.show();
    window.applyCommandLine(commandLine);
    return QApplication::exec();
}
