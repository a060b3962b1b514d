// The German translation is complete (also against the current sources, with
// lupdate when it is installed) and is built into the program.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow/language.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QLibraryInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void everyStringIsTranslated();
    void sourcesHaveNoUntranslatedStrings();
    void compiledTranslationIsEmbedded();
    void languagesOffered();
};

namespace {

// Source texts of a .ts file whose translation is missing or unfinished; -1 messages when unreadable.
QStringList untranslatedIn(const QString &path, int *messagesOut)
{
    QFile ts(path);
    *messagesOut = -1;
    if (!ts.open(QIODevice::ReadOnly)) return {};
    QXmlStreamReader xml(&ts);
    int messages = 0;
    QStringList untranslated;
    QString source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) continue;
        if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            ++messages;
            const bool unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            QString text;
            // Plural forms are child elements; plain translations are text.
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) && !xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters()) text += xml.text().toString().trimmed();
            }
            if (unfinished || text.isEmpty()) untranslated << source;
        }
    }
    *messagesOut = xml.hasError() ? -1 : messages;
    return untranslated;
}

const QString TsFile = QStringLiteral(CQLWB_SOURCE_DIR "/translations/cqlwb_de.ts");

} // namespace

void TestTranslations::everyStringIsTranslated()
{
    int messages = 0;
    const QStringList untranslated = untranslatedIn(TsFile, &messages);
    QVERIFY2(messages > 100, qPrintable(TsFile));
    QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QLatin1String(" | "))));
}

void TestTranslations::sourcesHaveNoUntranslatedStrings()
{
    // A tr() added to the code but not yet in the .ts (lupdate not run) or not
    // translated shows up when lupdate updates a copy of the file.
    QString lupdate = QLibraryInfo::path(QLibraryInfo::BinariesPath) + QStringLiteral("/lupdate");
    if (!QFile::exists(lupdate))
        lupdate = QLibraryInfo::path(QLibraryInfo::LibraryExecutablesPath) + QStringLiteral("/lupdate");
    if (!QFile::exists(lupdate)) QSKIP("lupdate is not installed");
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString copy = dir.filePath(QStringLiteral("cqlwb_de.ts"));
    QVERIFY(QFile::copy(TsFile, copy));
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    QStringList args{QStringLiteral("-silent"), QStringLiteral("-no-obsolete"), QStringLiteral("-locations"),
                     QStringLiteral("none")};
    int sources = 0;
    for (const char *folder : {"/ui", "/app/gui"}) {
        QDirIterator it(QStringLiteral(CQLWB_SOURCE_DIR) + QLatin1String(folder),
                        {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            args << it.next();
            ++sources;
        }
    }
    QVERIFY(sources > 50);
    args << QStringLiteral("-ts") << copy;
    QProcess p;
    p.start(lupdate, args);
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, p.readAllStandardError().constData());
    int messages = 0;
    const QStringList untranslated = untranslatedIn(copy, &messages);
    int before = 0;
    untranslatedIn(TsFile, &before);
    QVERIFY(messages > 100);
    QVERIFY2(untranslated.isEmpty(),
             qPrintable(QStringLiteral("run 'ninja update_translations' and translate: ")
                        + untranslated.join(QLatin1String(" | "))));
    // Nothing in the file that the code no longer uses either.
    QCOMPARE(messages, before);
}

void TestTranslations::compiledTranslationIsEmbedded()
{
    QTranslator t;
    QVERIFY(t.load(QStringLiteral(":/i18n/cqlwb_de.qm")));
    QCOMPARE(t.translate("wb::MainWindow", "&Run"), QStringLiteral("&Ausführen"));
    QCOMPARE(t.translate("wb::GameListModel", "White"), QStringLiteral("Weiß"));
    QCOMPARE(t.translate("wb::MainWindow", "%1 · %Ln game(s)", nullptr, 2), QStringLiteral("%1 · %Ln Partien"));
    QCOMPARE(t.translate("wb::MainWindow", "%1 · %Ln game(s)", nullptr, 1), QStringLiteral("%1 · %Ln Partie"));
    QCOMPARE(t.translate("wb::MainWindow", "Next Match"), QStringLiteral("Nächster Treffer"));
    QCOMPARE(t.translate("wb::MainWindow", "%n databases", nullptr, 3), QStringLiteral("%n Datenbanken"));
    QCOMPARE(t.translate("wb::DatabaseList", "Matched"), QStringLiteral("Treffer"));
}

void TestTranslations::languagesOffered()
{
    const auto langs = wb::availableLanguages();
    QCOMPARE(langs.first().first, QStringLiteral("en"));
    bool german = false;
    for (const auto &l : langs)
        german = german || (l.first == QLatin1String("de") && l.second == QStringLiteral("Deutsch"));
    QVERIFY(german);
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
