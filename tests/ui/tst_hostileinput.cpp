// The workbench's path for hostile files and queries: databases opened on the
// opener's worker thread while the event loop keeps turning, queries compiled
// as the editor compiles them, and searches that do a lot of work per game
// stopped by Cancel within a second. The inputs are built here.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "database/databaseopener.h"
#include "database/databasesource.h"
#include "search/querycompiler.h"
#include "search/searchcontroller.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

namespace {

// The longest the event loop went without running a timer while `wait` ran.
template <typename Wait>
qint64 longestStall(Wait &&wait)
{
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, longest = 0;
    QTimer tick;
    tick.setInterval(10);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = clock.elapsed();
        longest = std::max(longest, now - last);
        last = now;
    });
    tick.start();
    wait();
    return std::max(longest, clock.elapsed() - last);
}

std::string repeat(const std::string &s, int n)
{
    std::string out;
    out.reserve(s.size() * size_t(n));
    for (int i = 0; i < n; ++i)
        out += s;
    return out;
}

// Many ordinary games: enough for searches that take a while.
wb::GameSourcePtr games(int copies)
{
    std::string text;
    for (int i = 0; i < copies; ++i)
        text += "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 "
                "7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 *\n\n";
    auto db = std::make_shared<db::Database>();
    std::string error;
    if (!db->openText(std::move(text), "games.pgn", {}, &error))
        qFatal("cannot open the test games: %s", error.c_str());
    return std::make_shared<wb::DatabaseSource>(std::move(db));
}

} // namespace

class TestHostileInput : public QObject {
    Q_OBJECT
private slots:
    void hostileFilesOpen_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("games");
        const std::string after = "\n\n[Event \"after\"]\n\n1. d4 *\n";
        QTest::newRow("2.4 MB tag value")
            << QByteArray::fromStdString("[Event \"" + std::string(2400000, 'x') + "\"]\n\n1. e4 *" + after) << 2;
        QTest::newRow("2.4 MB bare tag value")
            << QByteArray::fromStdString("[Event " + std::string(2400000, 'x') + "]\n\n1. e4 *" + after) << 2;
        QTest::newRow("100,000 open variations")
            << QByteArray::fromStdString("[Event \"v\"]\n\n1. e4 " + repeat("(", 100000) + after) << 2;
        QTest::newRow("100,000 balanced variations") << QByteArray::fromStdString(
            "[Event \"v\"]\n\n1. e4 " + repeat("(1. d4 ", 100000) + repeat(")", 100000) + " *" + after)
                                                     << 2;
        QTest::newRow("unterminated comment")
            << QByteArray::fromStdString("[Event \"c\"]\n\n1. e4 " + repeat("{", 100000)) << 1;
        QByteArray nul = QByteArray::fromStdString("[Event \"n\"]\n\n1. e4 e5");
        nul.append(QByteArray(1000, '\0'));
        nul.append(QByteArray::fromStdString(" 2. Nf3 *" + after));
        QTest::newRow("NUL bytes") << nul << 2;
        QTest::newRow("corrupt gzip") << QByteArray::fromHex("1f8b0800000000000003ffffffff") << -1;
        QTest::newRow("corrupt zstd") << QByteArray::fromHex("28b52ffd0458ffffffffffff") << -1;
    }
    // Each opens (or fails with a message) on the opener's thread, and the
    // event loop never stops for long meanwhile.
    void hostileFilesOpen()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, games);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("hostile.pgn"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        wb::DatabaseOpener opener;
        QSignalSpy opened(&opener, &wb::DatabaseOpener::opened);
        QSignalSpy failed(&opener, &wb::DatabaseOpener::failed);
        const qint64 stall = longestStall([&] {
            opener.open(path);
            QTRY_VERIFY_WITH_TIMEOUT(opened.count() + failed.count() == 1, 20000);
        });
        QVERIFY2(stall < 500, qPrintable(QStringLiteral("the event loop stalled %1 ms").arg(stall)));
        if (games < 0) {
            QCOMPARE(failed.count(), 1);
            QVERIFY(!failed.first().at(1).toString().isEmpty());
            return;
        }
        QCOMPARE(opened.count(), 1);
        const auto source = opened.first().at(1).value<wb::GameSourcePtr>();
        QVERIFY(source);
        QCOMPARE(source->gameCount(), games);
        // Every game loads (with its problems reported, not a crash).
        for (int i = 0; i < source->gameCount(); ++i) {
            game::Game g;
            QString error;
            source->loadGame(i, g, &error);
        }
    }

    // Hostile queries compile as the editor compiles them: quickly, with a message.
    void hostileQueriesCompile_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("compiles");
        QTest::newRow("100,000 braces") << QString::fromStdString(repeat("{", 100000) + "check" + repeat("}", 100000))
                                        << "q.cql" << false;
        QTest::newRow("100,000 not") << QString::fromStdString(repeat("not ", 100000) + "check") << "q.cql" << false;
        QTest::newRow("unbalanced") << QString::fromStdString(repeat("(", 100000)) << "q.cql" << false;
        QTest::newRow("backtracking regex") << "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!\" ~~ \"^(a|aa)+$\""
                                            << "q.cql" << true;
        QTest::newRow("backreference") << "\"aa\" ~~ \"(a)\\1\""
                                       << "q.cql" << false;
        QTest::newRow("doubling function") << "function f(x) { f(x) f(x) } f(1)"
                                           << "q.cql" << false;
        QTest::newRow("CQL-S 20,000 deep") << QString::fromStdString("(match " + repeat("(position :and (", 20000)
                                                                     + "(position :check)" + repeat("))", 20000) + ")")
                                           << "q.cqls" << false;
    }
    void hostileQueriesCompile()
    {
        QFETCH(QString, text);
        QFETCH(QString, file);
        QFETCH(bool, compiles);
        QElapsedTimer t;
        t.start();
        const wb::CompiledQuery c = wb::compileQuery(text, file);
        QVERIFY2(t.elapsed() < 2000, qPrintable(QStringLiteral("compiling took %1 ms").arg(t.elapsed())));
        QCOMPARE(bool(c.query), compiles);
        if (!compiles) QVERIFY(!c.diagnostics.isEmpty());
    }

    // Queries that do a great deal of work in every game: Cancel stops them
    // within a second, and the event loop keeps turning while they run.
    void heavySearchesCancel_data()
    {
        QTest::addColumn<QString>("query");
        QTest::newRow("nested echo") << "echo (s t) { echo (u v) { check } }";
        QTest::newRow("find all in find all") << "find all { find all { find all { check } } }";
        QTest::newRow("5,000 optional constituents") << QString::fromStdString("line" + repeat(" --> .?", 5000));
        QTest::newRow("10 MB comment") << QString::fromStdString("comment(\"" + std::string(10u << 20, 'x') + "\")");
    }
    void heavySearchesCancel()
    {
        QFETCH(QString, query);
        const wb::CompiledQuery q = wb::compileQuery(query, QStringLiteral("q.cql"));
        QVERIFY(q.query);
        const auto source = games(20000);
        wb::SearchController search;
        search.setThreadCount(2);
        QSignalSpy finished(&search, &wb::SearchController::finished);
        QVERIFY(search.start(source, q.query));
        const qint64 stall = longestStall([] { QTest::qWait(700); });
        QVERIFY2(stall < 500, qPrintable(QStringLiteral("the event loop stalled %1 ms").arg(stall)));
        QVERIFY2(search.isRunning(), "the search ended before it could be cancelled: make it heavier");
        QElapsedTimer t;
        t.start();
        search.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(finished.count() == 1, 10000);
        search.wait();
        const qint64 ms = t.elapsed();
        QVERIFY2(ms < 1000, qPrintable(QStringLiteral("cancel took %1 ms").arg(ms)));
        QVERIFY(finished.first().first().value<wb::SearchSummary>().cancelled);
    }
};

QTEST_MAIN(TestHostileInput)
#include "tst_hostileinput.moc"
