// Matched games reloaded in full and written with search::writeMatchedGame
// through search::OutputFile, in file order, a few hundred kilobytes at a time.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "matchwriter.h"

#include "gamelist/combinedsource.h"
#include "search/output.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QMetaObject>
#include <QtConcurrent>

namespace wb {

QString overwrittenDatabaseError(const QString &path, const QStringList &databases)
{
    std::vector<std::string> files;
    files.reserve(size_t(databases.size()));
    for (const QString &d : databases)
        files.push_back(QFile::encodeName(d).toStdString());
    const std::string *same = search::overwrittenInput(QFile::encodeName(path).toStdString(), files);
    if (!same) return {};
    const QString database = databases[int(same - files.data())];
    return QCoreApplication::translate(
               "wb::MatchWriter",
               "Saving the matching games to %1 would replace the open database %2. Choose another file.")
        .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(database));
}

QStringList sourceFiles(const GameSource &source)
{
    QStringList files;
    if (!source.path().isEmpty()) files << source.path();
    if (const auto *combined = dynamic_cast<const CombinedGameSource *>(&source))
        for (const GameSourcePtr &part : combined->parts())
            if (part) files << sourceFiles(*part);
    return files;
}

SaveSummary writeMatchedGames(const QString &path, const GameSource &source, const MatchRecords &records,
                              const std::atomic<bool> *cancel, const std::function<void(int, int)> &progress)
{
    MatchedGamesFormat pgn;
    pgn.game = [](std::string &out, const game::Game &game, const cql::GameResult &result) {
        search::writeMatchedGame(out, game, result);
    };
    return writeMatchedGamesAs(pgn, path, source, records, cancel, progress);
}

SaveSummary writeMatchedGamesAs(const MatchedGamesFormat &format, const QString &path, const GameSource &source,
                                const MatchRecords &records, const std::atomic<bool> *cancel,
                                const std::function<void(int, int)> &progress)
{
    SaveSummary sum;
    sum.path = path;
    QElapsedTimer timer;
    timer.start();
    // The games are read from the source while the file is written: its own
    // file would end up holding only the matches.
    sum.error = overwrittenDatabaseError(path, sourceFiles(source));
    if (!sum.error.isEmpty()) return sum;
    search::OutputFile file;
    std::string error;
    if (!file.open(QFile::encodeName(path).toStdString(), &error)) {
        sum.error = QString::fromStdString(error);
        return sum;
    }
    std::unique_ptr<LoadContext> context = source.makeLoadContext();
    game::Game game;
    std::string buffer = format.head;
    const int total = int(records.size());
    QElapsedTimer sinceProgress;
    sinceProgress.start();
    for (int i = 0; i < total; ++i) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            sum.cancelled = true;
            return sum; // the OutputFile removes its temporary file
        }
        const MatchRecord &r = records[size_t(i)];
        QString loadError;
        // The records' node ids refer to the game as loaded in full, which loadGame gives.
        if (!source.loadGame(r.game, game, &loadError, context.get())) {
            sum.error = QCoreApplication::translate("wb::MatchWriter", "game %1 cannot be read: %2")
                            .arg(r.game + 1)
                            .arg(loadError);
            return sum;
        }
        // Gaps in the numbering would shift "Game number": the source knows the file's number.
        const quint64 number = source.info(r.game).number;
        if (number) game.number = number;
        format.game(buffer, game, r.result);
        ++sum.games;
        if (buffer.size() >= 256 * 1024) {
            sum.bytes += qint64(buffer.size());
            if (!file.write(buffer)) break; // commit() reports the error
            buffer.clear();
        }
        if (progress && sinceProgress.elapsed() >= 100) {
            sinceProgress.restart();
            progress(i + 1, total);
        }
    }
    buffer += format.tail;
    sum.bytes += qint64(buffer.size());
    file.write(buffer);
    if (!file.commit(&error)) {
        sum.error = QString::fromStdString(error);
        return sum;
    }
    if (progress) progress(total, total);
    sum.seconds = timer.nsecsElapsed() / 1e9;
    return sum;
}

MatchWriter::MatchWriter(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<wb::SaveSummary>();
    connect(&m_watcher, &QFutureWatcher<SaveSummary>::finished, this, [this] {
        m_running = false;
        emit finished(m_watcher.result());
    });
}

MatchWriter::~MatchWriter()
{
    // A save the user asked for is finished, not dropped, when the window closes.
    wait();
}

bool MatchWriter::start(const QString &path, GameSourcePtr source, std::shared_ptr<const MatchRecords> records)
{
    if (m_running || !source || !records) return false;
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancelFlag = m_cancel;
    m_watcher.setFuture(QtConcurrent::run([this, path, source, records, cancelFlag] {
        return writeMatchedGames(path, *source, *records, cancelFlag.get(), [this](int done, int total) {
            QMetaObject::invokeMethod(
                this, [this, done, total] { emit progress(done, total); }, Qt::QueuedConnection);
        });
    }));
    return true;
}

void MatchWriter::cancel()
{
    if (m_cancel) m_cancel->store(true);
}

void MatchWriter::wait() { m_watcher.waitForFinished(); }

} // namespace wb
