// The UCI conversation of the engine pane: uci/uciok, setoption, then for each
// position ucinewgame, isready/readyok, position fen, go infinite; stop and
// bestmove in between. Lines come in through readyReadStandardOutput.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "engineanalysis.h"

#include "engine/ucivariant.h"

#include <QTimer>

namespace wb {

EngineAnalysis::EngineAnalysis(QObject *parent) : QObject(parent), m_settings(engine::settingsFromEnvironment()) {}

EngineAnalysis::~EngineAnalysis()
{
    if (m_process) {
        // Qt's destructor would wait for the process: end it at once instead.
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(1000);
    }
}

void EngineAnalysis::setSettings(const engine::Settings &settings)
{
    const bool changed =
        settings.enginePath != m_settings.enginePath || settings.engineOptions != m_settings.engineOptions;
    m_settings = settings;
    if (!changed || m_state == State::Off) return;
    const bool wasAnalysing = isAnalysing();
    quit();
    if (wasAnalysing) analyse(m_position);
}

void EngineAnalysis::analyse(const chess::Position &position)
{
    m_pending = position;
    switch (m_state) {
    case State::Off: startProcess(); break;
    case State::Idle: startPending(); break;
    case State::Preparing:
        // The readyok to come starts the newest position.
        break;
    case State::Analysing:
        send(QStringLiteral("stop"));
        setState(State::Stopping);
        break;
    case State::Starting:
    case State::Stopping: break; // uciok or bestmove starts it
    }
}

void EngineAnalysis::stop()
{
    m_pending.reset();
    if (m_state == State::Analysing) {
        send(QStringLiteral("stop"));
        setState(State::Stopping);
    } else if (m_state == State::Preparing) {
        // readyok comes with nothing pending: the engine goes idle.
    }
}

void EngineAnalysis::quit()
{
    m_pending.reset();
    if (!m_process) return;
    QProcess *p = m_process;
    m_process = nullptr;
    p->disconnect(this);
    p->write("quit\n");
    p->closeWriteChannel();
    // An engine that ignores quit is killed; the process object goes with it.
    QTimer::singleShot(2000, p, [p] { p->kill(); });
    connect(p, &QProcess::finished, p, &QObject::deleteLater);
    connect(p, &QProcess::errorOccurred, p, &QObject::deleteLater);
    setState(State::Off);
}

void EngineAnalysis::startProcess()
{
    std::string error;
    const std::string path = engine::resolveEnginePath(m_settings.enginePath, &error);
    if (path.empty()) {
        m_pending.reset();
        emit this->error(QString::fromStdString(error));
        return;
    }
    m_process = new QProcess(this);
    m_process->setProgram(QString::fromStdString(path));
    connect(m_process, &QProcess::readyReadStandardOutput, this, &EngineAnalysis::readOutput);
    connect(m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError e) {
        if (e == QProcess::FailedToStart)
            processFailed(
                tr("The engine %1 could not be started: %2").arg(m_process->program(), m_process->errorString()));
    });
    connect(m_process, &QProcess::finished, this, [this](int code, QProcess::ExitStatus status) {
        processFailed(status == QProcess::CrashExit ? tr("The engine crashed.")
                                                    : tr("The engine exited with code %1.").arg(code));
    });
    m_name.clear();
    m_options.clear();
    m_variants.clear();
    m_variant = chess::Variant::Standard;
    m_chess960 = false;
    setState(State::Starting);
    m_process->start();
    send(QStringLiteral("uci"));
}

void EngineAnalysis::processFailed(const QString &message)
{
    if (!m_process) return;
    m_process->deleteLater();
    m_process = nullptr;
    m_pending.reset();
    setState(State::Off);
    emit error(message);
}

void EngineAnalysis::send(const QString &line)
{
    if (m_process) m_process->write(line.toUtf8() + '\n');
}

void EngineAnalysis::setState(State state)
{
    if (state == m_state) return;
    m_state = state;
    emit stateChanged(state);
}

void EngineAnalysis::startPending()
{
    // ucinewgame: the positions the pane shows come from different games, and
    // an engine may keep history-dependent state between them.
    send(QStringLiteral("ucinewgame"));
    send(QStringLiteral("isready"));
    setState(State::Preparing);
}

QString EngineAnalysis::rulesProblem(const chess::Position &position) const
{
    const QString name = m_name.isEmpty() ? m_process->program() : m_name;
    if (engine::variantProblem(position.variant(), m_variants, name.toStdString()).empty()) return {};
    const std::string_view variant = chess::variantName(position.variant());
    const std::string_view uci = engine::uciVariantName(position.variant());
    return tr("The engine %1 does not play %2 (it offers no UCI_Variant “%3”). Choose an engine that does, such as "
              "Fairy-Stockfish, in the settings.")
        .arg(name, QString::fromUtf8(variant.data(), qsizetype(variant.size())),
             QString::fromLatin1(uci.data(), qsizetype(uci.size())));
}

void EngineAnalysis::sendRules(const chess::Position &position)
{
    if (position.variant() != m_variant) {
        const std::string_view name = engine::uciVariantName(position.variant());
        send(QStringLiteral("setoption name UCI_Variant value ")
             + QString::fromLatin1(name.data(), qsizetype(name.size())));
        m_variant = position.variant();
    }
    if (position.chess960() != m_chess960 && m_options.contains(QLatin1String("uci_chess960"))) {
        send(QStringLiteral("setoption name UCI_Chess960 value %1")
                 .arg(position.chess960() ? QLatin1String("true") : QLatin1String("false")));
        m_chess960 = position.chess960();
    }
}

void EngineAnalysis::readOutput()
{
    while (m_process && m_process->canReadLine())
        handleLine(QString::fromUtf8(m_process->readLine()).trimmed());
}

void EngineAnalysis::handleLine(const QString &line)
{
    if (m_state == State::Starting) {
        if (line.startsWith(QLatin1String("id name ")))
            m_name = line.mid(8);
        else if (line.startsWith(QLatin1String("option name "))) {
            const qsizetype type = line.indexOf(QLatin1String(" type "));
            m_options << line.mid(12, type < 0 ? -1 : type - 12).toLower();
            if (std::vector<std::string> v = engine::uciVariantValues(line.toStdString()); !v.empty())
                m_variants = std::move(v);
        } else if (line == QLatin1String("uciok")) {
            // Options the engine does not announce are left out rather than refused.
            for (const auto &[name, value] : m_settings.engineOptions)
                if (m_options.contains(QString::fromStdString(name).toLower()))
                    send(QStringLiteral("setoption name %1 value %2")
                             .arg(QString::fromStdString(name), QString::fromStdString(value)));
            setState(State::Idle);
            if (m_pending) startPending();
        }
        return;
    }
    if (m_state == State::Preparing && line == QLatin1String("readyok")) {
        if (!m_pending) {
            setState(State::Idle);
            return;
        }
        m_position = *m_pending;
        m_pending.reset();
        if (const QString why = rulesProblem(m_position); !why.isEmpty()) {
            // Under standard rules the variant's moves would be refused or
            // its score wrong: say so rather than show either.
            setState(State::Idle);
            emit cannotAnalyse(why);
            return;
        }
        sendRules(m_position);
        send(QStringLiteral("position fen ") + QString::fromStdString(m_position.fen()));
        send(QStringLiteral("go infinite"));
        setState(State::Analysing);
        return;
    }
    if (line.startsWith(QLatin1String("bestmove"))) {
        // The answer to a stop, or a search that ended by itself (a mate or
        // stalemate on the board): either way the engine is free.
        if (m_state == State::Stopping || m_state == State::Analysing) {
            setState(State::Idle);
            if (m_pending) startPending();
        }
        return;
    }
    if (m_state == State::Analysing && line.startsWith(QLatin1String("info "))) {
        if (std::optional<UciInfo> i = parseUciInfo(line, m_position)) emit info(*i);
    }
}

} // namespace wb
