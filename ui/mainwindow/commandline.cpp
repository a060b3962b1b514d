// Command-line parsing with QCommandLineParser.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "commandline.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace wb {

bool CommandLine::isQueryFile(const QString &path)
{
    return path.endsWith(QLatin1String(".cql"), Qt::CaseInsensitive)
        || path.endsWith(QLatin1String(".cqls"), Qt::CaseInsensitive);
}

bool CommandLine::isDatabaseFile(const QString &path)
{
    for (const char *ext : {".pgn", ".pgn.gz", ".pgn.zst", ".gz", ".zst"})
        if (path.endsWith(QLatin1String(ext), Qt::CaseInsensitive)) return true;
    return false;
}

CommandLine parseCommandLine(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "wb::CommandLine", "CQL Workbench: search chess games with the Chess Query Language."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("files"),
        QCoreApplication::translate(
            "wb::CommandLine",
            "PGN databases (.pgn, .pgn.gz, .pgn.zst), all opened and searched together, and a query (.cql)."),
        QStringLiteral("[databases...] [query.cql]"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QCoreApplication::translate(
            "wb::CommandLine", "Save a picture of the window to FILE once loading and searching are done, then quit."),
        QStringLiteral("FILE"));
    const QCommandLineOption queryText(
        QStringLiteral("query-text"), QCoreApplication::translate("wb::CommandLine", "Put TEXT into the query editor."),
        QStringLiteral("TEXT"));
    const QCommandLineOption run(
        QStringLiteral("run"),
        QCoreApplication::translate("wb::CommandLine", "Run the query on all the databases once they are loaded."));
    const QCommandLineOption theme(
        QStringLiteral("theme"), QCoreApplication::translate("wb::CommandLine", "Colour theme: light, dark or system."),
        QStringLiteral("THEME"));
    const QCommandLineOption setup(
        QStringLiteral("setup"),
        QCoreApplication::translate("wb::CommandLine",
                                    "Set up FEN on the board (set-up mode); without a query, find this position."),
        QStringLiteral("FEN"));
    const QCommandLineOption explore(
        QStringLiteral("explore"),
        QCoreApplication::translate("wb::CommandLine",
                                    "Show the transform explorer with the cursor on the first TEXT in the query."),
        QStringLiteral("TEXT"));
    const QCommandLineOption showDock(
        QStringLiteral("show-dock"),
        QCoreApplication::translate(
            "wb::CommandLine",
            "Show the dock NAME (Statistics, Tree, Explorer, Log, ...) in front of the docks it shares "
            "its place with."),
        QStringLiteral("NAME"));
    const QCommandLineOption analyse(
        QStringLiteral("analyse"),
        QCoreApplication::translate("wb::CommandLine", "Analyse the shown position in the engine pane."));
    const QCommandLineOption helpAt(
        QStringLiteral("help-at"),
        QCoreApplication::translate("wb::CommandLine",
                                    "Open the help browser at KEYWORD (CQL 6, or CQL-S when the query is CQL-S)."),
        QStringLiteral("KEYWORD"));
    const QCommandLineOption filter(
        QStringLiteral("filter"),
        QCoreApplication::translate("wb::CommandLine",
                                    "Type FIELDS into the game list's quick filter: key=value pairs separated by ';' "
                                    "(player, event, years, result, elo, eco)."),
        QStringLiteral("FIELDS"));
    parser.addOption(screenshot);
    parser.addOption(filter);
    parser.addOption(showDock);
    parser.addOption(analyse);
    parser.addOption(helpAt);
    parser.addOption(setup);
    parser.addOption(explore);
    parser.addOption(queryText);
    parser.addOption(run);
    parser.addOption(theme);
    parser.process(arguments);

    CommandLine cl;
    cl.screenshot = parser.value(screenshot);
    cl.queryText = parser.value(queryText);
    cl.theme = parser.value(theme);
    cl.setupFen = parser.value(setup);
    cl.explore = parser.value(explore);
    cl.showDock = parser.value(showDock);
    cl.quickFilter = parser.value(filter);
    cl.run = parser.isSet(run);
    cl.analyse = parser.isSet(analyse);
    cl.helpKeyword = parser.value(helpAt);
    for (const QString &f : parser.positionalArguments()) {
        if (CommandLine::isQueryFile(f)) {
            if (!cl.queryFile.isEmpty())
                cl.error =
                    QCoreApplication::translate("wb::CommandLine", "only one query file can be given (%1 and %2)")
                        .arg(cl.queryFile, f);
            cl.queryFile = f;
        } else {
            cl.databases << f;
        }
    }
    if (!cl.queryFile.isEmpty() && !cl.queryText.isEmpty())
        cl.error = QCoreApplication::translate("wb::CommandLine", "give either a query file or --query-text, not both");
    if (!cl.theme.isEmpty()
        && !QStringList{QStringLiteral("light"), QStringLiteral("dark"), QStringLiteral("system")}.contains(cl.theme))
        cl.error =
            QCoreApplication::translate("wb::CommandLine", "unknown theme '%1' (light, dark or system)").arg(cl.theme);
    if (!cl.screenshot.isEmpty() && !cl.databases.isEmpty()
        && (!cl.queryFile.isEmpty() || !cl.queryText.isEmpty() || !cl.setupFen.isEmpty()))
        cl.run = true;
    return cl;
}

} // namespace wb
