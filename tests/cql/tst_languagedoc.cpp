// The language page of the manual (docs/language.md) against the keyword
// table: every keyword has a heading of its own and a row in the index, and
// the page marks exactly the keywords the engine does not implement yet.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "cql/keywords.h"

#include <QFile>
#include <QRegularExpression>
#include <QtTest>

class TestLanguageDoc : public QObject {
    Q_OBJECT

    QString m_text;

private slots:
    void initTestCase()
    {
        QFile f(QStringLiteral(CQLWB_SOURCE_DIR "/docs/language.md"));
        QVERIFY2(f.open(QIODevice::ReadOnly), "docs/language.md is missing");
        m_text = QString::fromUtf8(f.readAll());
        QVERIFY(!m_text.isEmpty());
    }

    void everyKeywordHasAHeadingAndAnIndexRow()
    {
        QStringList missingHeading, missingRow;
        for (const cql::Keyword &k : cql::keywords()) {
            const QString name = QString::fromUtf8(k.name.data(), qsizetype(k.name.size()));
            const QString code = QRegularExpression::escape(QLatin1Char('`') + name + QLatin1Char('`'));
            if (!QRegularExpression(QStringLiteral("(?m)^#+ .*") + code).match(m_text).hasMatch())
                missingHeading << name;
            if (!QRegularExpression(QStringLiteral("(?m)^\\| *\\[?") + code).match(m_text).hasMatch())
                missingRow << name;
        }
        QVERIFY2(missingHeading.isEmpty(), qPrintable(QStringLiteral("no heading: ") + missingHeading.join(u' ')));
        QVERIFY2(missingRow.isEmpty(), qPrintable(QStringLiteral("no index row: ") + missingRow.join(u' ')));
    }

    void notImplementedMarksAreTrue()
    {
        // The index row of a keyword says "(not implemented yet)" exactly when the engine says so.
        for (const cql::Keyword &k : cql::keywords()) {
            const QString name = QString::fromUtf8(k.name.data(), qsizetype(k.name.size()));
            const QRegularExpression row(QStringLiteral("(?m)^\\| *\\[?")
                                         + QRegularExpression::escape(QLatin1Char('`') + name + QLatin1Char('`'))
                                         + QStringLiteral(".*$"));
            const QString line = row.match(m_text).captured(0);
            QVERIFY2(line.contains(QStringLiteral("not implemented yet")) == !k.implemented,
                     qPrintable(name + QStringLiteral(": ") + line));
        }
    }
};

QTEST_GUILESS_MAIN(TestLanguageDoc)
#include "tst_languagedoc.moc"
