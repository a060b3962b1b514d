// A UCI engine analysing one position at a time without end ('go infinite'),
// driven through QProcess's signals so the GUI thread never waits for it. A
// new position stops the search under way; the next one starts when the
// engine has answered that stop with its 'bestmove'.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "uciinfo.h"

#include "chess/position.h"
#include "engine/settings.h"

#include <QObject>
#include <QProcess>
#include <optional>

namespace wb {

class EngineAnalysis : public QObject {
    Q_OBJECT
public:
    enum class State { Off, Starting, Idle, Preparing, Analysing, Stopping };

    explicit EngineAnalysis(QObject *parent = nullptr);
    ~EngineAnalysis() override;

    // Used from the next start; a running engine is restarted to take them.
    void setSettings(const engine::Settings &settings);
    // Starts the engine (when off) and analyses the position.
    void analyse(const chess::Position &position);
    // Ends the current search; the engine stays loaded.
    void stop();
    // Ends the engine process.
    void quit();

    State state() const { return m_state; }
    bool isAnalysing() const { return m_state == State::Preparing || m_state == State::Analysing; }
    QString engineName() const { return m_name; }
    const chess::Position &position() const { return m_position; }

signals:
    void stateChanged(wb::EngineAnalysis::State state);
    // A new score and line for position().
    void info(const wb::UciInfo &info);
    void error(const QString &message);
    // The engine runs but cannot analyse this position (its variant); the
    // next position is analysed again.
    void cannotAnalyse(const QString &message);

private:
    void readOutput();
    void handleLine(const QString &line);
    void send(const QString &line);
    void setState(State state);
    void startProcess();
    void startPending();
    void processFailed(const QString &message);
    // Why the engine cannot analyse the position (a variant it does not play), "" when it can.
    QString rulesProblem(const chess::Position &position) const;
    // Sends the variant and Chess960 options the position needs, where they change.
    void sendRules(const chess::Position &position);

    QProcess *m_process = nullptr;
    engine::Settings m_settings;
    State m_state = State::Off;
    QString m_name;
    QStringList m_options;               // names the engine announced
    std::vector<std::string> m_variants; // its UCI_Variant values
    chess::Variant m_variant = chess::Variant::Standard;
    bool m_chess960 = false;
    std::optional<chess::Position> m_pending;
    chess::Position m_position;
};

} // namespace wb
