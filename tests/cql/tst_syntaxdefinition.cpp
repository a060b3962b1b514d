// The KSyntaxHighlighting definition (resources/syntax/cql.xml) and the
// parser's keyword table must name the same CQL 6 keywords.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/keywords.h"

#include <QFile>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

class TestSyntaxDefinition : public QObject {
    Q_OBJECT
private slots:
    void keywordsAgree();
};

void TestSyntaxDefinition::keywordsAgree()
{
    QFile f(QStringLiteral(CQLWB_SOURCE_DIR "/resources/syntax/cql.xml"));
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
    QXmlStreamReader xml(&f);
    QSet<QString> inDefinition;
    QString list;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("list"))
            list = xml.attributes().value(QLatin1String("name")).toString();
        else if (xml.isEndElement() && xml.name() == QLatin1String("list"))
            list.clear();
        else if (xml.isStartElement() && xml.name() == QLatin1String("item") && !list.startsWith(QLatin1String("cqls")))
            inDefinition.insert(xml.readElementText().trimmed());
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QSet<QString> inTable;
    for (const cql::Keyword &k : cql::keywords())
        inTable.insert(QString::fromUtf8(k.name.data(), qsizetype(k.name.size())));
    // Spellings the lexer splits (o-o) are listed in the definition as written.
    QStringList missing, extra;
    for (const QString &k : inTable)
        if (!inDefinition.contains(k))
            missing << k;
    for (const QString &k : inDefinition)
        if (!inTable.contains(k))
            extra << k;
    missing.sort();
    extra.sort();
    QVERIFY2(missing.isEmpty(), qPrintable("in the keyword table, not in cql.xml: " + missing.join(u' ')));
    QVERIFY2(extra.isEmpty(), qPrintable("in cql.xml, not in the keyword table: " + extra.join(u' ')));
}

QTEST_GUILESS_MAIN(TestSyntaxDefinition)
#include "tst_syntaxdefinition.moc"
