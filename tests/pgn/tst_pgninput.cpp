// Tests for PGN input: plain, gzip and zstd files detected by content, several
// gzip members and zstd frames, corrupt and truncated data, whole-file loading.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pgn/input.h"
#include "pgn/prefetch.h"
#include "pgntestutil.h"

#include <QtTest>

#include <vector>

using namespace pgntest;

namespace {

// Reads a source to its end in chunks of the given size.
std::string drain(pgn::ByteSource &src, size_t chunk)
{
    std::string out;
    std::vector<char> buf(chunk);
    while (size_t n = src.read(buf.data(), buf.size()))
        out.append(buf.data(), n);
    return out;
}

} // namespace

class TestPgnInput : public QObject {
    Q_OBJECT

private slots:
    void detect_data()
    {
        QTest::addColumn<QByteArray>("head");
        QTest::addColumn<int>("expected");
        QTest::newRow("gzip") << QByteArray("\x1f\x8b\x08\x00", 4) << int(pgn::Compression::Gzip);
        QTest::newRow("zstd") << QByteArray("\x28\xb5\x2f\xfd\x00", 5) << int(pgn::Compression::Zstd);
        QTest::newRow("pgn") << QByteArray("[Event \"x\"]") << int(pgn::Compression::None);
        QTest::newRow("short zstd prefix") << QByteArray("\x28\xb5\x2f", 3) << int(pgn::Compression::None);
        QTest::newRow("empty") << QByteArray() << int(pgn::Compression::None);
    }
    void detect()
    {
        QFETCH(QByteArray, head);
        QFETCH(int, expected);
        QCOMPARE(int(pgn::detectCompression(std::string_view(head.constData(), size_t(head.size())))), expected);
    }

    void decompress_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("compression");
        QTest::addColumn<int>("chunk");
        QTest::newRow("plain") << "kasparov-deep-blue-1997.pgn" << int(pgn::Compression::None) << 4096;
        QTest::newRow("gzip") << "kasparov-deep-blue-1997.pgn.gz" << int(pgn::Compression::Gzip) << 4096;
        QTest::newRow("zstd") << "kasparov-deep-blue-1997.pgn.zst" << int(pgn::Compression::Zstd) << 4096;
        QTest::newRow("gzip small reads") << "kasparov-deep-blue-1997.pgn.gz" << int(pgn::Compression::Gzip) << 7;
        QTest::newRow("zstd small reads") << "kasparov-deep-blue-1997.pgn.zst" << int(pgn::Compression::Zstd) << 7;
        QTest::newRow("zstd two frames") << "multiframe.pgn.zst" << int(pgn::Compression::Zstd) << 1000;
        QTest::newRow("gzip two members") << "multimember.pgn.gz" << int(pgn::Compression::Gzip) << 1000;
        QTest::newRow("zstd named .pgn") << "zstd-named.pgn" << int(pgn::Compression::Zstd) << 4096;
    }
    void decompress()
    {
        QFETCH(QString, file);
        QFETCH(int, compression);
        QFETCH(int, chunk);
        const std::string expected = readFile(dataPath("kasparov-deep-blue-1997.pgn"));
        QVERIFY(!expected.empty());
        pgn::FileSource src;
        QVERIFY2(src.open(dataPath(file.toUtf8().constData())), src.error().c_str());
        QCOMPARE(int(src.compression()), compression);
        const std::string text = drain(src, size_t(chunk));
        QVERIFY2(!src.failed(), src.error().c_str());
        QCOMPARE(text.size(), expected.size());
        QVERIFY(text == expected);
        QCOMPARE(src.inputPosition(), src.inputSize());
    }

    void corrupt_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("corrupt zstd") << "corrupt.pgn.zst"
                                      << "corrupt.pgn.zst: corrupt zstd data at byte ";
        QTest::newRow("truncated zstd") << "truncated.pgn.zst"
                                        << "truncated.pgn.zst: truncated zstd data";
        QTest::newRow("corrupt gzip") << "corrupt.pgn.gz"
                                      << "corrupt.pgn.gz: corrupt gzip data at byte ";
        QTest::newRow("truncated gzip") << "truncated.pgn.gz"
                                        << "truncated.pgn.gz: truncated gzip data";
    }
    void corrupt()
    {
        QFETCH(QString, file);
        QFETCH(QString, message);
        pgn::FileSource src;
        QVERIFY(src.open(dataPath(file.toUtf8().constData())));
        drain(src, 512);
        QVERIFY(src.failed());
        QVERIFY2(QString::fromStdString(src.error()).contains(message), src.error().c_str());

        // The whole-file loader reports the same, and the reader passes it on as a stray error.
        std::string error;
        QVERIFY(!pgn::Text::load(dataPath(file.toUtf8().constData()), &error));
        QVERIFY2(QString::fromStdString(error).contains(message), error.c_str());

        QVERIFY(src.open(dataPath(file.toUtf8().constData())));
        pgn::Reader reader;
        reader.reset(&src);
        LogVisitor v;
        reader.readAll(v);
        QVERIFY(QString::fromStdString(reader.sourceError()).contains(message));
        bool reported = false;
        for (const auto &e : v.stray)
            reported |= e.find(src.error()) != std::string::npos;
        for (const auto &e : v.errors)
            reported |= e.find(src.error()) != std::string::npos;
        QVERIFY2(reported, qPrintable(v.joined()));
    }

    void missingFile()
    {
        pgn::FileSource src;
        const std::string path = dataPath("no-such-file.pgn");
        QVERIFY(!src.open(path));
        QCOMPARE(QString::fromStdString(src.error()),
                 QString::fromStdString("cannot open " + path + ": No such file or directory"));
        std::string error;
        QVERIFY(!pgn::Text::load(path, &error));
        QCOMPARE(error, src.error());
        QVERIFY(!src.open(std::string(CQLWB_TEST_DATA)));
        QVERIFY(QString::fromStdString(src.error()).startsWith("cannot open "));
    }

    void loadWhole_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("mapped");
        QTest::newRow("plain is mapped") << "kasparov-deep-blue-1997.pgn" << true;
        QTest::newRow("gzip") << "kasparov-deep-blue-1997.pgn.gz" << false;
        QTest::newRow("zstd") << "kasparov-deep-blue-1997.pgn.zst" << false;
        QTest::newRow("zstd frames") << "multiframe.pgn.zst" << false;
    }
    void loadWhole()
    {
        QFETCH(QString, file);
        QFETCH(bool, mapped);
        const std::string expected = readFile(dataPath("kasparov-deep-blue-1997.pgn"));
        std::string error;
        int calls = 0;
        auto text = pgn::Text::load(dataPath(file.toUtf8().constData()), &error, [&](const pgn::LoadProgress &p) {
            ++calls;
            QVERIFY(p.inputDone <= p.inputTotal);
        });
        QVERIFY2(text, error.c_str());
        QCOMPARE(text->mapped(), mapped);
        QVERIFY(text->view() == expected);
        QCOMPARE(text->view().data()[text->view().size()], '\0');
        QVERIFY(calls >= 1);
    }

    void loadCancelled()
    {
        std::atomic<bool> cancel{true};
        std::string error;
        QVERIFY(!pgn::Text::load(dataPath("kasparov-deep-blue-1997.pgn.zst"), &error, {}, &cancel));
        QCOMPARE(error, std::string("cancelled"));
    }

    void prefetch_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("block");
        QTest::addColumn<int>("chunk");
        QTest::newRow("zstd small blocks") << "kasparov-deep-blue-1997.pgn.zst" << 4096 << 100;
        QTest::newRow("gzip big reads") << "kasparov-deep-blue-1997.pgn.gz" << 4096 << 100000;
        QTest::newRow("plain one block") << "kasparov-deep-blue-1997.pgn" << (1 << 20) << 7;
    }
    void prefetch()
    {
        QFETCH(QString, file);
        QFETCH(int, block);
        QFETCH(int, chunk);
        const std::string expected = readFile(dataPath("kasparov-deep-blue-1997.pgn"));
        pgn::FileSource src;
        QVERIFY(src.open(dataPath(file.toUtf8().constData())));
        pgn::PrefetchSource ahead(src, size_t(block), 2);
        QVERIFY(drain(ahead, size_t(chunk)) == expected);
        QVERIFY(!ahead.failed());
        QCOMPARE(ahead.inputPosition(), src.inputSize());
    }

    void prefetchError()
    {
        pgn::FileSource src;
        QVERIFY(src.open(dataPath("corrupt.pgn.zst")));
        pgn::PrefetchSource ahead(src, 4096, 3);
        drain(ahead, 1000);
        QVERIFY(QString::fromStdString(ahead.error()).contains("corrupt zstd data at byte "));
    }

    void prefetchStoppedEarly()
    {
        // Destroyed while its thread still has work: must not hang or crash.
        pgn::FileSource src;
        QVERIFY(src.open(dataPath("kasparov-deep-blue-1997.pgn.zst")));
        pgn::PrefetchSource ahead(src, 4096, 2);
        char buf[10];
        QCOMPARE(ahead.read(buf, sizeof buf), sizeof buf);
    }

    void emptyFile()
    {
        QTemporaryFile f;
        QVERIFY(f.open());
        f.close();
        std::string error;
        auto text = pgn::Text::load(f.fileName().toStdString(), &error);
        QVERIFY2(text, error.c_str());
        QCOMPARE(text->view().size(), size_t(0));
        LogVisitor v;
        pgn::Reader r;
        r.resetText(text->view());
        QCOMPARE(r.readAll(v), uint64_t(0));
    }
};

QTEST_GUILESS_MAIN(TestPgnInput)
#include "tst_pgninput.moc"
