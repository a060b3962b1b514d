// The conformance suites' queries (CQL 6 and the examples, from ../shared)
// run from the PGN, from the game store and from the store with prefilters,
// on one and two threads: every way must hand on the same games, output text,
// comments, sort values and problems. The database is the store tests' own
// (tests/data and generated games) with, from ../shared, studies.pgn (games
// with variations and comments) and the first 1000 games of masters20k. Skipped
// without ../shared.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pgn/input.h"
#include "storetestdata.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>

namespace {

const std::string Shared = CQLWB_SHARED_DIR;

struct Case {
    std::string name;
    std::string text;
    bool header = false;
};

std::vector<Case> suiteQueries(const std::string &suite)
{
    std::vector<Case> out;
    std::istringstream in(storetest::readText(Shared + "/conformance/" + suite + ".tsv"));
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        const size_t tab = line.find('\t');
        if (tab == std::string::npos) continue;
        Case c;
        c.name = suite + "/" + line.substr(0, tab);
        std::string body = line.substr(tab + 1);
        if (!body.empty() && body[0] == '@') {
            c.text = storetest::readText(Shared + "/conformance/" + body.substr(1));
            c.header = true;
        } else {
            c.text = "cql() " + body;
            c.header = true;
        }
        out.push_back(std::move(c));
    }
    return out;
}

} // namespace

class TestStoreConformance : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::string m_pgn;
    db::Database m_db;
    store::GameStore m_store;

private slots:
    void initTestCase()
    {
        if (!std::filesystem::exists(Shared + "/conformance/cql6-queries.tsv"))
            QSKIP("../shared/conformance not found");
        QVERIFY(m_dir.isValid());
        std::string text = storetest::databaseText();
        text += storetest::readText(Shared + "/data/studies.pgn") + "\n";
        db::Database masters;
        if (masters.open(Shared + "/data/masters20k.pgn.zst") && masters.size() > 1000)
            text += std::string(masters.text().substr(0, size_t(masters.entry(1000).offset)));
        m_pgn = m_dir.filePath("conformance.pgn").toStdString();
        storetest::writeFile(m_pgn, text);
        store::StoreOptions so;
        so.cacheDir = m_dir.filePath("cache").toStdString();
        store::OpenResult r;
        QVERIFY(store::openWithStore(m_pgn, m_db, m_store, {}, so, r));
        QVERIFY(r.built && r.used);
    }

    void suite_data()
    {
        QTest::addColumn<QString>("text");
        // Without the suites a data table with no rows would fail the test: skip it, as initTestCase does.
        if (!std::filesystem::exists(Shared + "/conformance/cql6-queries.tsv"))
            QSKIP("../shared/conformance not found");
        for (const char *suite : {"cql6-queries", "examples"})
            for (const Case &c : suiteQueries(suite))
                QTest::newRow(c.name.c_str()) << QString::fromStdString(c.text);
    }
    void suite()
    {
        QFETCH(QString, text);
        std::vector<cql::Diagnostic> diags;
        auto q = cql::compile(text.toStdString(), {}, diags);
        if (!q) QSKIP("the query does not compile (the suite checks that elsewhere)");
        auto compile = [&] {
            std::vector<cql::Diagnostic> ignored;
            return cql::compile(text.toStdString(), {}, ignored);
        };
        storetest::Run run = storetest::compareWays(compile, m_db, m_store, QTest::currentDataTag());
        QVERIFY(run.all != "DIFFERENT");
    }
};

QTEST_GUILESS_MAIN(TestStoreConformance)
#include "tst_storeconformance.moc"
