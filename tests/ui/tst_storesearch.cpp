// The workbench's game store: the search gives the same results with and
// without it on 1, 2 and 4 threads, and the store loader works off the GUI
// thread, hands the store to the source and can be cancelled.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "../store/storetestdata.h"
#include "database/databaseopener.h"
#include "database/databasesource.h"
#include "database/storeloader.h"
#include "search/querycompiler.h"
#include "search/searchcontroller.h"

#include <QDir>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent>

namespace {

struct Outcome {
    wb::SearchSummary summary;
    QList<QPair<int, int>> hits;               // (game, matches) in the order reported
    QList<QPair<int, QList<quint32>>> records; // (game, matched nodes)
};

Outcome searchOnce(const wb::GameSourcePtr &src, const QString &text, int threads, bool useStore)
{
    Outcome out;
    const wb::CompiledQuery q = wb::compileQuery(text, QStringLiteral("q.cql"));
    if (!q.query) qFatal("query does not compile: %s", qPrintable(text));
    wb::SearchController controller;
    controller.setThreadCount(threads);
    controller.setUseStore(useStore);
    QSignalSpy finished(&controller, &wb::SearchController::finished);
    QObject::connect(&controller, &wb::SearchController::hitsFound, [&](const QList<wb::GameHit> &hits) {
        for (const wb::GameHit &h : hits)
            out.hits.append({h.game, h.matches});
    });
    if (!controller.start(src, q.query) || !finished.wait(60000)) qFatal("the search did not finish");
    out.summary = finished.first().first().value<wb::SearchSummary>();
    for (const wb::MatchRecord &r : *controller.matchRecords()) {
        QList<quint32> nodes;
        for (const cql::PositionMark &m : r.result.matches)
            nodes.append(m.node);
        out.records.append({r.game, nodes});
    }
    return out;
}

// Keeps the loader's one thread busy until released, so a job waits in its queue.
struct HeldPool {
    explicit HeldPool(wb::StoreLoader &loader)
    {
        future = QtConcurrent::run(loader.pool(), [this] { semaphore.acquire(); });
    }
    ~HeldPool()
    {
        release();
        future.waitForFinished();
    }
    void release()
    {
        if (!released) semaphore.release();
        released = true;
    }
    QSemaphore semaphore;
    QFuture<void> future;
    bool released = false;
};

} // namespace

class TestStoreSearch : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sameResultsWithAndWithoutStore_data();
    void sameResultsWithAndWithoutStore();
    void loaderBuildsOffTheGuiThread();
    void loaderCancels();

private:
    QTemporaryDir m_dir;
    QString m_pgn;
    wb::GameSourcePtr open()
    {
        QString error;
        wb::GameSourcePtr s = wb::DatabaseOpener::openNow(m_pgn, &error);
        if (!s) qFatal("cannot open the test database: %s", qPrintable(error));
        return s;
    }
};

void TestStoreSearch::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_pgn = m_dir.filePath(QStringLiteral("games.pgn"));
    storetest::writeFile(m_pgn.toStdString(), storetest::databaseText());
}

void TestStoreSearch::sameResultsWithAndWithoutStore_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<int>("threads");
    const char *const queries[] = {"cql() mate",
                                   "cql() check",
                                   "cql() #Q >= 2",
                                   "cql() flipcolor {Kg1 kg8}",
                                   "cql() stalemate",
                                   "cql() move promote Q",
                                   "cql() sort \"pieces\" #[Aa]"};
    for (const char *q : queries)
        for (int t : {1, 2, 4})
            QTest::addRow("%s, %d thread(s)", q, t) << QString::fromLatin1(q) << t;
}

void TestStoreSearch::sameResultsWithAndWithoutStore()
{
    QFETCH(QString, query);
    QFETCH(int, threads);
    const wb::GameSourcePtr plain = open();
    auto withStore = std::dynamic_pointer_cast<const wb::DatabaseSource>(open());
    QVERIFY(withStore);
    const wb::StoreLoader::Outcome loaded =
        wb::StoreLoader::loadNow(*withStore->database(), m_dir.filePath(QStringLiteral("cache")).toStdString());
    QVERIFY2(loaded.store, qPrintable(loaded.note));
    withStore->setStore(loaded.store);

    const Outcome a = searchOnce(plain, query, threads, true);
    const Outcome b = searchOnce(withStore, query, threads, true);
    const Outcome c = searchOnce(withStore, query, threads, false);
    QCOMPARE(a.summary.fromStore, 0);
    QVERIFY2(b.summary.fromStore + b.summary.prefiltered > 0, "the store was used");
    QCOMPARE(c.summary.fromStore + c.summary.prefiltered, 0);
    QVERIFY(!a.records.isEmpty());
    for (const Outcome *o : {&b, &c}) {
        QCOMPARE(o->hits, a.hits);
        QCOMPARE(o->records, a.records);
        QCOMPARE(o->summary.matchedGames, a.summary.matchedGames);
        QCOMPARE(o->summary.matchedPositions, a.summary.matchedPositions);
        QCOMPARE(o->summary.gameErrors, a.summary.gameErrors);
        QCOMPARE(o->summary.searched, a.summary.searched);
    }
}

void TestStoreSearch::loaderBuildsOffTheGuiThread()
{
    const QString cache = m_dir.filePath(QStringLiteral("cache-build"));
    auto src = std::dynamic_pointer_cast<const wb::DatabaseSource>(open());
    wb::StoreLoader loader;
    loader.setCacheDir(cache);
    // The loader's thread is held: load() must come back while the job waits.
    HeldPool hold(loader);
    QSignalSpy ready(&loader, &wb::StoreLoader::ready);
    QSignalSpy progress(&loader, &wb::StoreLoader::progress);
    loader.load(src);
    loader.load(src); // queued once
    QCOMPARE(loader.pending(), 1);
    QVERIFY(!src->store());
    QTest::qWait(50); // the GUI thread's events run meanwhile
    QVERIFY(ready.isEmpty());
    hold.release();
    QVERIFY(ready.wait(30000));
    QCOMPARE(ready.first().at(0).toString(), src->path());
    QVERIFY2(ready.first().at(1).toBool(), "built, not loaded: the cache was empty");
    QVERIFY(src->store());
    QCOMPARE(src->store()->size(), src->database()->size());
    QVERIFY(!progress.isEmpty());
    QCOMPARE(QDir(cache).entryList(QDir::Files).size(), 1);

    // A second source of the same file loads the store from the cache.
    auto again = std::dynamic_pointer_cast<const wb::DatabaseSource>(open());
    QSignalSpy ready2(&loader, &wb::StoreLoader::ready);
    loader.load(again);
    QVERIFY(ready2.wait(30000));
    QVERIFY2(!ready2.first().at(1).toBool(), "loaded, not built again");
    QVERIFY(again->store());
}

void TestStoreSearch::loaderCancels()
{
    const QString cache = m_dir.filePath(QStringLiteral("cache-cancel"));
    auto src = std::dynamic_pointer_cast<const wb::DatabaseSource>(open());
    wb::StoreLoader loader;
    loader.setCacheDir(cache);
    HeldPool hold(loader);
    QSignalSpy ready(&loader, &wb::StoreLoader::ready);
    QSignalSpy cancelled(&loader, &wb::StoreLoader::cancelled);
    loader.load(src);
    loader.cancelAll(); // as when another database opens
    hold.release();
    QVERIFY(cancelled.wait(30000));
    QCOMPARE(cancelled.first().at(0).toString(), src->path());
    QVERIFY(ready.isEmpty());
    QVERIFY(!src->store());
    QCOMPARE(QDir(cache).entryList(QDir::Files).size(), 0);
    // Queued again after the cancel, it is built.
    loader.load(src);
    QVERIFY(ready.wait(30000));
    QVERIFY(src->store());

    // A build stopped half way by its flag writes nothing.
    std::atomic<bool> stop{false};
    const QString other = m_dir.filePath(QStringLiteral("cache-stop"));
    int calls = 0;
    const wb::StoreLoader::Outcome r = wb::StoreLoader::loadNow(
        *src->database(), other.toStdString(), [&](double) { stop = ++calls >= 1; }, &stop);
    if (!r.store) {
        QVERIFY(r.cancelled);
        QCOMPARE(QDir(other).entryList(QDir::Files).size(), 0);
    }
}

QTEST_MAIN(TestStoreSearch)
#include "tst_storesearch.moc"
