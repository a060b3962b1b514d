// The workbench's command line: cqlwb [options] [databases...] [query.cql]
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace wb {

struct CommandLine {
    QStringList databases; // .pgn, .pgn.gz, .pgn.zst (anything not a query)
    QString queryFile;     // .cql or .cqls
    QString queryText;     // --query-text
    QString screenshot;    // --screenshot FILE: grab the window once idle, then quit
    QString theme;         // --theme light|dark|system ("" = from the settings)
    QString setupFen;      // --setup FEN: the board in set-up mode with this position
    QString explore;       // --explore TEXT: the transform explorer on the first TEXT of the query
    QString showDock;      // --show-dock NAME: that dock shown and raised (statistics, ...)
    QString quickFilter;   // --filter FIELDS: the game list's quick filter ("player=Tal;years=1960-")
    bool run = false;      // --run, implied by --screenshot with a query and a database
    bool analyse = false;  // --analyse: the engine pane on (a screenshot waits for depth 18)
    QString helpKeyword;   // --help-at WORD: the help browser at WORD (a screenshot shows it)
    QString error;         // a message for the user when the line is wrong

    static bool isQueryFile(const QString &path);
    static bool isDatabaseFile(const QString &path);
};

// Parses arguments (argv without the program name handled by QCommandLineParser,
// so pass QCoreApplication::arguments()). --help and --version exit inside.
CommandLine parseCommandLine(const QStringList &arguments);

} // namespace wb
