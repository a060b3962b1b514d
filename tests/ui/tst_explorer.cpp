// The transform explorer in the workbench: its model on the board's selection,
// the editor's cursor and designators, the image the evaluator's record names
// marked (in the model and in the window after a search), and the gallery and
// the board saved as PNG and SVG.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "recordtest.h"
#include "windowtest.h"

#include "board/boardwidget.h"
#include "editor/cqleditor.h"
#include "board/pictureexport.h"
#include "explorer/transformexplorer.h"
#include "explorer/transformexplorermodel.h"

#include <QDockWidget>
#include <QImage>
#include <QSignalSpy>
#include <QTest>

using chess::SquareSet;

namespace {

chess::Position position(const char *fen)
{
    const std::optional<chess::Position> p = chess::Position::fromFen(fen);
    if (!p) qFatal("bad FEN %s", fen);
    return *p;
}

SquareSet squaresOf(const QString &list)
{
    SquareSet s;
    for (const QString &name : list.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        s |= SquareSet::of(chess::parseSquare(name.toStdString()));
    return s;
}

SquareSet allSquares(const wb::TransformExplorerModel &model)
{
    SquareSet s;
    for (int row = 0; row < model.rowCount(); ++row)
        s |= model.image(row).squares();
    return s;
}

// The record of the first match of text on the position.
std::vector<cql::ImageMark> recordOf(const QString &text, const char *fen)
{
    const cql::GameResult result = recordtest::record(text, *recordtest::fromFen(fen));
    return result.matches.empty() ? std::vector<cql::ImageMark>() : result.matches.front().images;
}

const char *Corners = "7K/8/8/8/8/8/8/k7 w - - 0 1"; // black king a1, white king h8

} // namespace

class TestExplorer : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { windowtest::isolateSettings(QStringLiteral("tst_explorer")); }
    void selectionImages_data();
    void selectionImages();
    void transformAtTheCursor();
    void designatorUnderTheCursor();
    void marksTheRecordedImage();
    void windowMarksTheMatch();
    void commandLineExplores();
    void savesPictures();
};

void TestExplorer::selectionImages_data()
{
    QTest::addColumn<QString>("transform");
    QTest::addColumn<QString>("selection");
    QTest::addColumn<int>("images");
    QTest::addColumn<QString>("covered");
    QTest::newRow("flip c2") << "flip"
                             << "c2" << 8 << "c2 f2 b3 g3 b6 g6 c7 f7";
    QTest::newRow("flip a1") << "flip"
                             << "a1" << 4 << "a1 h1 a8 h8";
    QTest::newRow("rotate90 a1") << "rotate90"
                                 << "a1" << 4 << "a1 h1 a8 h8";
    QTest::newRow("flipvertical c2") << "flipvertical"
                                     << "c2" << 2 << "c2 f2";
    QTest::newRow("flipcolor e4") << "flipcolor"
                                  << "e4" << 2 << "e4 e5";
    QTest::newRow("reversecolor e4") << "reversecolor"
                                     << "e4" << 1 << "e5";
    QTest::newRow("shifthorizontal c2 e1") << "shifthorizontal"
                                           << "c2 e1" << 6 << "c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2";
    QTest::newRow(":flipdiagonal c2") << ":flipdiagonal"
                                      << "c2" << 2 << "c2 b3";
    QTest::newRow("flipcolor rotate90 c2") << "flipcolor rotate90"
                                           << "c2" << 8 << "b3 c2 f2 g3 b6 c7 f7 g6";
    QTest::newRow("unknown") << "nonsense"
                             << "e4" << 0 << "";
}

void TestExplorer::selectionImages()
{
    QFETCH(QString, transform);
    QFETCH(QString, selection);
    QFETCH(int, images);
    QFETCH(QString, covered);
    wb::TransformExplorerModel model;
    QSignalSpy explored(&model, &wb::TransformExplorerModel::explored);
    // A white queen on c2, the white king on e1, e4 empty.
    const bool found =
        model.exploreSelection(position("4k3/8/8/8/8/8/2Q5/4K3 w - - 0 1"), squaresOf(selection), transform);
    QCOMPARE(found, images > 0);
    QCOMPARE(explored.count(), 1);
    QCOMPARE(model.rowCount(), images);
    QCOMPARE(allSquares(model), squaresOf(covered));
    if (!images) QVERIFY(!model.error().isEmpty());
    for (int row = 0; row < model.rowCount(); ++row)
        QVERIFY(!model.data(model.index(row)).toString().isEmpty());
}

void TestExplorer::transformAtTheCursor()
{
    // The seed's diagonal flip, written as CQL-S: the list around the cursor, whatever the chosen transform.
    wb::TransformExplorerModel model;
    const QString text = QStringLiteral("(match\n  (position [Aa][a-h1-2,f6,h7] :flipdiagonal))\n");
    QVERIFY(model.exploreQuery(text, int(text.indexOf(QLatin1String("f6"))), true, QStringLiteral("rotate90")));
    QCOMPARE(model.keywords(), QStringLiteral("flipdiagonal"));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.caption(0), QStringLiteral("identity"));
    QCOMPARE(model.caption(1), QStringLiteral("flipdiagonal"));
    QCOMPARE(model.image(1).squares(),
             squaresOf(QStringLiteral("a1 b1 a2 b2 a3 b3 a4 b4 a5 b5 a6 b6 a7 b7 a8 b8 f6 g8")));
    // Nested CQL 6 transforms, the cursor inside the braces; an image two transforms give says so.
    const QString nested = QStringLiteral("cql()\nflipcolor rotate90 {Ka1 kh8}\n");
    QVERIFY(model.exploreQuery(nested, int(nested.indexOf(QLatin1String("kh8"))), false, QString()));
    QCOMPARE(model.keywords(), QStringLiteral("flipcolor rotate90"));
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.transformCount(), 8);
    QCOMPARE(model.data(model.index(0), wb::TransformExplorerModel::CountRole).toInt(), 2);
    QVERIFY(model.caption(0).endsWith(QStringLiteral("\u00d72")));
    QCOMPARE(model.data(model.index(0), wb::TransformExplorerModel::TransformsRole).toStringList().size(), 2);
    // On no transform and no designator: nothing.
    QVERIFY(!model.exploreQuery(nested, 0, false, QStringLiteral("flip")));
    QCOMPARE(model.rowCount(), 0);
}

void TestExplorer::designatorUnderTheCursor()
{
    wb::TransformExplorerModel model;
    const QString text = QStringLiteral("check Qc2");
    QVERIFY(model.exploreQuery(text, int(text.size()), false, QStringLiteral("rotate90")));
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(allSquares(model), squaresOf(QStringLiteral("c2 g3 f7 b6"))); // quarter turns counterclockwise
    // A keyword is no designator: there is nothing to draw.
    QVERIFY(!model.exploreQuery(text, 2, false, QStringLiteral("flip")));
    QVERIFY(!model.error().isEmpty());
    // In CQL-S text the designator is CQL-S's, and flip its :flip.
    const QString cqls = QStringLiteral("(match (position U?8))");
    QVERIFY(model.exploreQuery(cqls, int(cqls.indexOf(QLatin1String("?8"))), true, QStringLiteral("flip")));
    QCOMPARE(model.subject(), QStringLiteral(":flip U?8"));
    QCOMPARE(model.rowCount(), 4);                // the eighth rank, the a-file, the h-file, the first rank
    QCOMPARE(int(allSquares(model).count()), 28); // the board's edge
    // A CQL-S transform of a designator: the trailing edge stays (Q[a2,c2,h2] one file right is Q[a2,b2,d2]).
    QVERIFY(model.exploreDesignator(QStringLiteral("Q[a2,c2,h2]"), QStringLiteral(":shifthorizontal")));
    bool found = false;
    for (int row = 0; row < model.rowCount(); ++row)
        found = found
            || (model.caption(row) == QStringLiteral("identity shift(1,0)")
                && model.image(row).squares() == squaresOf(QStringLiteral("a2 b2 d2")));
    QVERIFY(found);
}

void TestExplorer::marksTheRecordedImage()
{
    const QString text = QStringLiteral("cql()\nflipcolor rotate90 {Ka1 kh8}\n");
    wb::TransformExplorerModel model;
    QVERIFY(model.exploreQuery(text, int(text.indexOf(QLatin1String("Ka1"))), false, QString()));
    QVERIFY(model.matchedRows().isEmpty());
    const std::vector<cql::ImageMark> record = recordOf(text, Corners);
    QVERIFY(!record.empty());
    QVERIFY(model.explains(record));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setMatchMarks(record);
    QCOMPARE(changed.count(), 1);
    const QList<int> rows = model.matchedRows();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(model.image(rows[0]).squares(), squaresOf(QStringLiteral("a1 h8")));
    QVERIFY(model.data(model.index(rows[0]), wb::TransformExplorerModel::MatchedRole).toBool());
    for (int row = 0; row < model.rowCount(); ++row)
        if (row != rows[0]) QVERIFY(!model.data(model.index(row), wb::TransformExplorerModel::MatchedRole).toBool());
    // Exploring something else keeps the record but marks nothing there.
    model.exploreDesignator(QStringLiteral("Qc2"), QStringLiteral("flip"));
    QVERIFY(model.matchedRows().isEmpty());
    // A CQL-S list's images are recorded too.
    const QString cqls = QStringLiteral("(match (position Kh8 ka1 :flip))");
    QVERIFY(model.exploreQuery(cqls, 20, true, QString()));
    model.setMatchMarks(recordOf(cqls, Corners));
    QCOMPARE(model.matchedRows().size(), 1);
}

void TestExplorer::windowMarksTheMatch()
{
    QTemporaryDir dir;
    const QString pgn = windowtest::write(dir, QStringLiteral("corners.pgn"),
                                          QByteArray("[Event \"corners\"]\n[FEN \"") + Corners
                                              + "\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\n1. Kg7 Kb1 *\n");
    wb::MainWindow w;
    w.show();
    w.openDatabase(pgn);
    QVERIFY(windowtest::waitIdle(w));
    w.setQueryText(QStringLiteral("cql()\nflipcolor rotate90 {Ka1 kh8}\n"));
    QSignalSpy finished(w.searchController(), &wb::SearchController::finished);
    w.runQuery();
    QVERIFY(finished.wait(30000));
    QVERIFY(windowtest::waitIdle(w));
    // The first match is shown; the explorer took the filter it matched
    // through and marks the recorded image, whose squares the board shows.
    wb::TransformExplorerModel *model = w.transformExplorer()->model();
    QCOMPARE(model->keywords(), QStringLiteral("flipcolor rotate90"));
    const QList<int> rows = model->matchedRows();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(model->image(rows[0]).squares(), squaresOf(QStringLiteral("a1 h8")));
    QCOMPARE(w.board()->layers().size(), 1);
    QCOMPARE(w.board()->layers()[0].squares, squaresOf(QStringLiteral("a1 h8")));
    QVERIFY(w.transformExplorer()->title().contains(QStringLiteral("flipcolor rotate90")));
    // Choosing another diagram shows its squares instead.
    const int other = rows[0] == 0 ? 1 : 0;
    emit w.transformExplorer()->imageChosen(other);
    QCOMPARE(w.board()->layers()[0].squares, model->image(other).squares());
    // The board's selection is explored under the chosen transform.
    w.transformExplorer()->setTransform(QStringLiteral("flipvertical"));
    w.board()->setSelectedSquares(SquareSet::of(chess::H8));
    emit w.board()->squaresSelected(SquareSet::of(chess::H8));
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(allSquares(*model), squaresOf(QStringLiteral("a8 h8")));
}

void TestExplorer::commandLineExplores()
{
    const wb::CommandLine cl =
        wb::parseCommandLine({QStringLiteral("cqlwb"), QStringLiteral("--query-text"),
                              QStringLiteral("check\nflip Qc2"), QStringLiteral("--explore"), QStringLiteral("Qc2")});
    QCOMPARE(cl.explore, QStringLiteral("Qc2"));
    wb::MainWindow w;
    w.show();
    QVERIFY(!w.transformExplorerDock()->isVisible() || w.transformExplorer()->model()->isEmpty());
    w.applyCommandLine(cl);
    // The pane is shown on top of its tab group, on the transform around Qc2.
    QVERIFY(w.transformExplorerDock()->isVisible());
    QVERIFY(!w.transformExplorerDock()->visibleRegion().isEmpty());
    QCOMPARE(w.transformExplorer()->model()->keywords(), QStringLiteral("flip"));
    QCOMPARE(w.transformExplorer()->model()->rowCount(), 8);
    QCOMPARE(w.editor()->textCursor().position(), int(QStringLiteral("check\nflip ").size()));
}

void TestExplorer::savesPictures()
{
    QTemporaryDir dir;
    // To look at the pictures: CQLWB_KEEP_PICTURES=1 keeps them and says where.
    if (qEnvironmentVariableIsSet("CQLWB_KEEP_PICTURES")) {
        dir.setAutoRemove(false);
        qInfo("pictures in %s", qPrintable(dir.path()));
    }
    wb::TransformExplorer explorer;
    explorer.resize(500, 400);
    explorer.followSelection(position("4k3/8/8/8/8/8/2Q5/4K3 w - - 0 1"), SquareSet::of(chess::C2));
    QCOMPARE(explorer.model()->rowCount(), 8);
    const QString png = dir.filePath(QStringLiteral("gallery.png"));
    QVERIFY(explorer.saveGallery(png));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() > 2 * 160 && image.height() > 2 * 160);
    const QString svg = dir.filePath(QStringLiteral("gallery.svg"));
    QVERIFY(explorer.saveGallery(svg));
    QFile f(svg);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray gallery = f.readAll();
    QVERIFY(gallery.contains("<svg"));
    QVERIFY(gallery.contains("flip"));    // the title and the captions
    QVERIFY(!gallery.contains("<image")); // the queens are vectors
    // The board with its marks and arrow; the pieces drawn as vectors in SVG.
    wb::BoardWidget board;
    board.resize(320, 320);
    board.setPosition(position("4k3/8/8/8/8/8/2Q5/4K3 w - - 0 1"));
    board.setMarkedSquares(SquareSet::of(chess::C2));
    const QString boardSvg = dir.filePath(QStringLiteral("board.svg"));
    QVERIFY(wb::saveWidgetPicture(&board, boardSvg, QStringLiteral("board")));
    QFile b(boardSvg);
    QVERIFY(b.open(QIODevice::ReadOnly));
    const QByteArray drawn = b.readAll();
    QVERIFY(drawn.contains("<svg"));
    QVERIFY(!drawn.contains("<image"));
    const QString boardPng = dir.filePath(QStringLiteral("board.png"));
    QVERIFY(wb::saveWidgetPicture(&board, boardPng, QStringLiteral("board")));
    const QImage shot(boardPng);
    QCOMPARE(shot.size(), QSize(640, 640));
    // The marked square is red-tinted in the picture.
    const QColor c2 = shot.pixelColor(board.squareRect(chess::C2).topLeft() * 2 + QPoint(6, 6));
    QVERIFY(c2.red() > c2.blue());
    QVERIFY(!wb::saveWidgetPicture(&board, dir.filePath(QStringLiteral("missing/board.png")), QString()));
}

QTEST_MAIN(TestExplorer)
#include "tst_explorer.moc"
