// The German translation is complete and is built into the program.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow/language.h"

#include <QDir>
#include <QFile>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void everyStringIsTranslated();
    void compiledTranslationIsEmbedded();
    void languagesOffered();
};

void TestTranslations::everyStringIsTranslated()
{
    QFile ts(QStringLiteral(CQLWB_TEST_DATA "/../../translations/cqlwb_de.ts"));
    QVERIFY2(ts.open(QIODevice::ReadOnly), qPrintable(ts.fileName()));
    QXmlStreamReader xml(&ts);
    int messages = 0;
    QStringList untranslated;
    QString source;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            ++messages;
            const bool unfinished = xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            QString text;
            // Plural forms are child elements; plain translations are text.
            while (!(xml.isEndElement() && xml.name() == QLatin1String("translation")) && !xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters())
                    text += xml.text().toString().trimmed();
            }
            if (unfinished || text.isEmpty())
                untranslated << source;
        }
    }
    QVERIFY(!xml.hasError());
    QVERIFY(messages > 100);
    QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join(QLatin1String(" | "))));
}

void TestTranslations::compiledTranslationIsEmbedded()
{
    QTranslator t;
    QVERIFY(t.load(QStringLiteral(":/i18n/cqlwb_de.qm")));
    QCOMPARE(t.translate("wb::MainWindow", "&Run"), QStringLiteral("&Ausführen"));
    QCOMPARE(t.translate("wb::GameListModel", "White"), QStringLiteral("Weiß"));
    QCOMPARE(t.translate("wb::MainWindow", "%1 · %Ln game(s)", nullptr, 2), QStringLiteral("%1 · %Ln Partien"));
    QCOMPARE(t.translate("wb::MainWindow", "%1 · %Ln game(s)", nullptr, 1), QStringLiteral("%1 · %Ln Partie"));
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
