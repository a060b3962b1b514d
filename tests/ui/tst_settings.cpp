// The Settings dialog's values: a round trip through QSettings (a file in a
// temporary folder) and through the dialog, the environment variables that
// still override the engine settings, and the settings reaching the window:
// the search's compiler (CQL-S :evaluation names the configured engine), the
// engine pane and the player base.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/enginepane.h"
#include "mainwindow/appearance.h"
#include "mainwindow/mainwindow.h"
#include "settings/appsettings.h"
#include "settings/settingsdialog.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QTest>

#include "windowtest.h"

namespace {
wb::AppSettings sample()
{
    wb::AppSettings s;
    s.enginePath = QStringLiteral("/opt/engines/komodo");
    s.engineThreads = 3;
    s.engineHashMb = 256;
    s.tablebaseFolder = QStringLiteral("/data/gtb");
    s.playerBase = QStringLiteral("/data/players.ssp");
    s.searchThreads = 5;
    s.theme = QStringLiteral("dark");
    s.language = QStringLiteral("de");
    return s;
}

// Clears the engine variables for the scope, restoring them afterwards.
struct NoEngineEnvironment {
    QByteArray saved[3];
    const char *names[3] = {"CQLWB_ENGINE", "CQLWB_ENGINE_OPTIONS", "CQLWB_TABLEBASES"};
    NoEngineEnvironment()
    {
        for (int i = 0; i < 3; ++i) {
            saved[i] = qgetenv(names[i]);
            qunsetenv(names[i]);
        }
    }
    ~NoEngineEnvironment()
    {
        for (int i = 0; i < 3; ++i)
            if (!saved[i].isNull()) qputenv(names[i], saved[i]);
    }
};
} // namespace

class TestSettings : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { windowtest::isolateSettings(QStringLiteral("tst_settings")); }
    void roundTrip();
    void defaults();
    void dialog();
    void environmentOverrides();
    void reachTheWindow();
    void dialogFromTheMenu();
};

void TestSettings::roundTrip()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("cqlwb.ini"));
    {
        QSettings s(file, QSettings::IniFormat);
        sample().save(s);
    }
    QSettings s(file, QSettings::IniFormat);
    QCOMPARE(wb::AppSettings::load(s), sample());
    QCOMPARE(s.value(QStringLiteral("query/playerBase")).toString(), QStringLiteral("/data/players.ssp"));
}

void TestSettings::defaults()
{
    QTemporaryDir dir;
    QSettings empty(dir.filePath(QStringLiteral("empty.ini")), QSettings::IniFormat);
    const wb::AppSettings s = wb::AppSettings::load(empty);
    QCOMPARE(s, wb::AppSettings());
    QCOMPARE(s.theme, QStringLiteral("system"));
    NoEngineEnvironment clean;
    // Unchanged options are not sent: an engine without them still starts.
    const engine::Settings e = wb::engineSettings(s);
    QVERIFY(e.enginePath.empty());
    QVERIFY(e.engineOptions.empty());
    QVERIFY(e.tablebasePaths.empty());
}

void TestSettings::dialog()
{
    wb::SettingsDialog d(sample());
    QCOMPARE(d.settings(), sample());
    d.findChild<QLineEdit *>(QStringLiteral("EnginePath"))->setText(QStringLiteral("  /usr/games/stockfish "));
    d.findChild<QSpinBox *>(QStringLiteral("EngineHash"))->setValue(32);
    auto *theme = d.findChild<QComboBox *>(QStringLiteral("Theme"));
    theme->setCurrentIndex(theme->findData(QStringLiteral("light")));
    wb::AppSettings expected = sample();
    expected.enginePath = QStringLiteral("/usr/games/stockfish");
    expected.engineHashMb = 32;
    expected.theme = QStringLiteral("light");
    QCOMPARE(d.settings(), expected);
}

void TestSettings::environmentOverrides()
{
    NoEngineEnvironment clean;
    engine::Settings e = wb::engineSettings(sample());
    QCOMPARE(e.enginePath, std::string("/opt/engines/komodo"));
    const std::vector<std::pair<std::string, std::string>> options = {{"Threads", "3"}, {"Hash", "256"}};
    QCOMPARE(e.engineOptions, options);
    QCOMPARE(e.tablebasePaths, std::vector<std::string>{"/data/gtb"});

    qputenv("CQLWB_ENGINE", "/tmp/other-engine");
    qputenv("CQLWB_ENGINE_OPTIONS", "Hash=8");
    qputenv("CQLWB_TABLEBASES", "/a:/b");
    e = wb::engineSettings(sample());
    QCOMPARE(e.enginePath, std::string("/tmp/other-engine"));
    const std::vector<std::pair<std::string, std::string>> envOptions = {{"Hash", "8"}};
    QCOMPARE(e.engineOptions, envOptions);
    QCOMPARE(e.tablebasePaths, (std::vector<std::string>{"/a", "/b"}));
}

void TestSettings::reachTheWindow()
{
    NoEngineEnvironment clean;
    QTemporaryDir dir;
    const QString engine = dir.filePath(QStringLiteral("missing-engine"));
    wb::AppSettings s;
    s.enginePath = engine;
    s.searchThreads = 2;
    s.save();
    wb::MainWindow w;
    QVERIFY(w.session()->engineSettings());
    QCOMPARE(QString::fromStdString(w.session()->engineSettings()->enginePath), engine);
    QCOMPARE(w.searchController()->threadCount(), 2);
    // CQL-S :evaluation is compiled with the configured engine, which does not exist.
    const wb::CompiledQuery c = w.session()->compile(
        QStringLiteral("(match (position :evaluation depth 4 >=2.5 sidetomove))"), QStringLiteral("q.cqls"));
    QVERIFY(!c.query);
    bool named = false;
    for (const wb::EditorDiagnostic &d : c.diagnostics)
        named = named || d.message.contains(QLatin1String("missing-engine"));
    QVERIFY2(named, qPrintable(c.diagnostics.value(0).message));
    // The engine pane reports the same engine when it is started.
    QSignalSpy errors(w.enginePane()->analysis(), &wb::EngineAnalysis::error);
    w.enginePane()->setOn(true);
    QTRY_COMPARE(errors.count(), 1);
    QVERIFY(errors.at(0).at(0).toString().contains(QLatin1String("missing-engine")));
}

void TestSettings::dialogFromTheMenu()
{
    NoEngineEnvironment clean;
    QSettings().clear();
    wb::MainWindow w;
    w.show();
    bool sawDialog = false;
    // The dialog is modal: filled in and accepted from the event loop it runs.
    QTimer::singleShot(0, &w, [&] {
        auto *d = qobject_cast<wb::SettingsDialog *>(QApplication::activeModalWidget());
        if (!d) return;
        sawDialog = true;
        d->findChild<QSpinBox *>(QStringLiteral("SearchThreads"))->setValue(3);
        d->findChild<QLineEdit *>(QStringLiteral("EnginePath"))->setText(QStringLiteral("/opt/no-engine"));
        auto *theme = d->findChild<QComboBox *>(QStringLiteral("Theme"));
        theme->setCurrentIndex(theme->findData(QStringLiteral("dark")));
        d->accept();
    });
    w.findChild<QAction *>(QStringLiteral("SettingsAction"))->trigger();
    QVERIFY(sawDialog);
    QCOMPARE(w.searchController()->threadCount(), 3);
    QCOMPARE(QString::fromStdString(w.session()->engineSettings()->enginePath), QStringLiteral("/opt/no-engine"));
    QCOMPARE(QSettings().value(QStringLiteral("view/theme")).toString(), QStringLiteral("dark"));
    // The View menu's Theme entries agree with the dialog.
    int checkedDark = 0;
    for (QAction *a : w.findChildren<QAction *>())
        if (a->property("cqlwbTheme").toString() == QLatin1String("dark") && a->isChecked()) ++checkedDark;
    QCOMPARE(checkedDark, 1);
    wb::applyTheme(wb::Theme::Light);
}

QTEST_MAIN(TestSettings)
#include "tst_settings.moc"
