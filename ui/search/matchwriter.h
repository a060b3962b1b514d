// Saving a search's matched games as the command line writes them ("Game
// number N" and the match comments), on a worker thread, into a file that
// appears only complete.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "gamelist/gamesource.h"
#include "searchcontroller.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>
#include <atomic>
#include <functional>
#include <memory>

namespace wb {

struct SaveSummary {
    QString path;
    int games = 0; // games written
    qint64 bytes = 0;
    double seconds = 0;
    bool cancelled = false;
    QString error; // "" when the file was written
};

// Why saving to path is refused: it is one of databases (the same file, however
// spelled: another path, a hard or symbolic link), whose games the matches would
// replace. "" when it is none of them.
QString overwrittenDatabaseError(const QString &path, const QStringList &databases);

// The files behind a source (the parts of a combined one).
QStringList sourceFiles(const GameSource &source);

// The work itself, synchronous, for any thread. A path that is one of the
// source's files is refused (error set, nothing written). progress(done, total) is
// called now and then; a set cancel flag stops early and leaves no file.
SaveSummary writeMatchedGames(const QString &path, const GameSource &source, const MatchRecords &records,
                              const std::atomic<bool> *cancel = nullptr,
                              const std::function<void(int, int)> &progress = {});

// What a file of matched games is made of: text before the games, each game's
// text (appended to out; the game as loaded in full, its file number set), text after them.
struct MatchedGamesFormat {
    std::string head, tail;
    std::function<void(std::string &out, const game::Game &game, const cql::GameResult &result)> game;
};
// writeMatchedGames in any format: the same checks, reading, progress and atomic file.
SaveSummary writeMatchedGamesAs(const MatchedGamesFormat &format, const QString &path, const GameSource &source,
                                const MatchRecords &records, const std::atomic<bool> *cancel = nullptr,
                                const std::function<void(int, int)> &progress = {});

class MatchWriter : public QObject {
    Q_OBJECT
public:
    explicit MatchWriter(QObject *parent = nullptr);
    ~MatchWriter() override;

    // False when a save is still running.
    bool start(const QString &path, GameSourcePtr source, std::shared_ptr<const MatchRecords> records);
    bool isRunning() const { return m_running; }
    void cancel();
    void wait();

signals:
    void progress(int done, int total);
    void finished(const wb::SaveSummary &summary);

private:
    QFutureWatcher<SaveSummary> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
};

} // namespace wb

Q_DECLARE_METATYPE(wb::SaveSummary)
