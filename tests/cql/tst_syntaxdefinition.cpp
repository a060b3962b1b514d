// The KSyntaxHighlighting definition (resources/syntax/cql.xml) and the
// parsers' keyword tables must name the same keywords: CQL 6's and CQL-S's.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/cqls/keywordtable.h"
#include "cql/keywords.h"

#include <QFile>
#include <QMap>
#include <QSet>
#include <QTest>
#include <QXmlStreamReader>

namespace {

// The definition's <list>s by name: their items.
QMap<QString, QSet<QString>> definitionLists(QString &error)
{
    QMap<QString, QSet<QString>> lists;
    QFile f(QStringLiteral(CQLWB_SOURCE_DIR "/resources/syntax/cql.xml"));
    if (!f.open(QIODevice::ReadOnly)) {
        error = f.fileName() + QStringLiteral(": cannot be read");
        return lists;
    }
    QXmlStreamReader xml(&f);
    QString list;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("list"))
            list = xml.attributes().value(QLatin1String("name")).toString();
        else if (xml.isEndElement() && xml.name() == QLatin1String("list"))
            list.clear();
        else if (xml.isStartElement() && xml.name() == QLatin1String("item") && !list.isEmpty())
            lists[list].insert(xml.readElementText().trimmed());
    }
    if (xml.hasError()) error = xml.errorString();
    return lists;
}

// "" when both name the same words, else what each lacks.
QString difference(const QSet<QString> &table, const QSet<QString> &definition, const QString &tableName)
{
    QStringList missing, extra;
    for (const QString &k : table)
        if (!definition.contains(k)) missing << k;
    for (const QString &k : definition)
        if (!table.contains(k)) extra << k;
    missing.sort();
    extra.sort();
    QString out;
    if (!missing.isEmpty()) out += QStringLiteral("in the %1, not in cql.xml: %2. ").arg(tableName, missing.join(u' '));
    if (!extra.isEmpty()) out += QStringLiteral("in cql.xml, not in the %1: %2.").arg(tableName, extra.join(u' '));
    return out;
}

QString fromView(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

} // namespace

class TestSyntaxDefinition : public QObject {
    Q_OBJECT
private slots:
    void keywordsAgree();
    void cqlsKeywordsAgree();
};

void TestSyntaxDefinition::keywordsAgree()
{
    QString error;
    const auto lists = definitionLists(error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QSet<QString> inDefinition;
    for (auto it = lists.cbegin(); it != lists.cend(); ++it)
        if (!it.key().startsWith(QLatin1String("cqls"))) inDefinition |= it.value();
    QSet<QString> inTable;
    for (const cql::Keyword &k : cql::keywords())
        inTable.insert(fromView(k.name));
    // Spellings the lexer splits (o-o) are listed in the definition as written.
    const QString d = difference(inTable, inDefinition, QStringLiteral("keyword table"));
    QVERIFY2(d.isEmpty(), qPrintable(d));
}

void TestSyntaxDefinition::cqlsKeywordsAgree()
{
    QString error;
    const auto lists = definitionLists(error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(lists.contains(QStringLiteral("cqls-keywords")));
    // ":line*", ":accumulate*": the definition colours the '*' after the word.
    QSet<QString> inTable;
    for (const cql::cqls::KeywordSignature &k : cql::cqls::keywordTable()) {
        QString name = fromView(k.name);
        if (name.endsWith(u'*')) name.chop(1);
        inTable.insert(name);
    }
    const QString d =
        difference(inTable, lists.value(QStringLiteral("cqls-keywords")), QStringLiteral("CQL-S keyword table"));
    QVERIFY2(d.isEmpty(), qPrintable(d));
}

QTEST_GUILESS_MAIN(TestSyntaxDefinition)
#include "tst_syntaxdefinition.moc"
