// Save Matching Games never writes over an open database, whatever name the
// file is given (the same path, another spelling, a hard or symbolic link):
// the window refuses it with a message and the database stays as it was.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mainwindow/mainwindow.h"
#include "search/matchwriter.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <unistd.h>

#include "windowtest.h"

using windowtest::waitIdle;
using windowtest::write;
const auto bytes = windowtest::readFile;

namespace {

const char *const Mate = "[White \"M\"]\n[Black \"x\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n";
const char *const Quiet = "[White \"Q\"]\n[Black \"z\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n";

// Closes the message boxes that come up while it lives, keeping their texts.
class MessageBoxCloser {
public:
    MessageBoxCloser()
    {
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            if (auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget())) {
                texts << box->text();
                box->accept();
            }
        });
        m_timer.start(10);
    }
    QStringList texts;

private:
    QTimer m_timer;
};

} // namespace

class TestSaveMatches : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void refusesAnOpenDatabase();

private:
    QTemporaryDir m_dir;
};

void TestSaveMatches::initTestCase()
{
    windowtest::isolateSettings(QStringLiteral("tst_savematches"));
    QVERIFY(m_dir.isValid());
}

void TestSaveMatches::refusesAnOpenDatabase()
{
    QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("sub")));
    const QString a = write(m_dir, QStringLiteral("sub/a.pgn"), QByteArray(Quiet) + Mate + Quiet);
    const QString b = write(m_dir, QStringLiteral("b.pgn"), QByteArray(Mate) + Quiet);
    const QByteArray aBefore = bytes(a), bBefore = bytes(b);
    const QString hard = m_dir.filePath(QStringLiteral("hard.pgn")), soft = m_dir.filePath(QStringLiteral("soft.pgn"));
    QCOMPARE(::link(QFile::encodeName(a).constData(), QFile::encodeName(hard).constData()), 0);
    QVERIFY(QFile::link(QStringLiteral("sub/a.pgn"), soft));

    wb::MainWindow w;
    w.show();
    w.openDatabase(a);
    w.openDatabase(b);
    QVERIFY(waitIdle(w));
    QCOMPARE(w.databases().size(), 2);
    w.setQueryText(QStringLiteral("cql() mate"));
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    w.runQuery();
    QVERIFY(finished.wait(30000));
    QVERIFY(waitIdle(w));
    QCOMPARE(int(w.searchController()->matchRecords()->size()), 2);

    const QStringList targets = {a, m_dir.filePath(QStringLiteral("sub/../sub/./a.pgn")), hard, soft, b};
    for (const QString &target : targets) {
        MessageBoxCloser closer;
        QVERIFY2(!w.saveMatchingGamesTo(target), qPrintable(target));
        QTRY_COMPARE(closer.texts.size(), 1);
        const QString database = QDir::toNativeSeparators(target == b ? b : a);
        QVERIFY2(closer.texts.first().contains(QDir::toNativeSeparators(target))
                     && closer.texts.first().contains(database),
                 qPrintable(closer.texts.first()));
        QVERIFY(!w.isBusy());
        QCOMPARE(bytes(a), aBefore);
        QCOMPARE(bytes(b), bBefore);
        QVERIFY(QFileInfo(soft).isSymLink());
    }

    // The writer itself refuses the files its games come from, should a
    // caller not ask first.
    const wb::SaveSummary s =
        wb::writeMatchedGames(soft, *w.searchController()->source(), *w.searchController()->matchRecords());
    QVERIFY2(s.error.contains(QDir::toNativeSeparators(a)), qPrintable(s.error));
    QCOMPARE(s.games, 0);
    QCOMPARE(bytes(a), aBefore);

    // Any other file is written, the databases untouched.
    const QString out = m_dir.filePath(QStringLiteral("matches.pgn"));
    {
        MessageBoxCloser closer;
        QVERIFY(w.saveMatchingGamesTo(out));
        QVERIFY(waitIdle(w));
        QVERIFY2(closer.texts.isEmpty(), qPrintable(closer.texts.join(QLatin1Char('\n'))));
    }
    const QByteArray matches = bytes(out);
    QCOMPARE(matches.count("Qh4#"), 2);
    QCOMPARE(bytes(a), aBefore);
    QCOMPARE(bytes(b), bBefore);
}

QTEST_MAIN(TestSaveMatches)
#include "tst_savematches.moc"
