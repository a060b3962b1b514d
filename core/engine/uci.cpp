// The UCI engine client: a socket pair as the engine's stdin and stdout (so
// that writing to a dead engine gives an error, not SIGPIPE), posix_spawn to
// start it, poll() for every wait so that nothing blocks forever.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/uci.h"

#include "engine/ucivariant.h"

#include <cerrno>
#include <cstring>
#include <sstream>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace engine {

namespace {

std::vector<std::string> words(const std::string &line)
{
    std::vector<std::string> out;
    std::istringstream in(line);
    std::string w;
    while (in >> w)
        out.push_back(w);
    return out;
}

bool parseInt(const std::string &t, int &out)
{
    try {
        size_t used = 0;
        long v = std::stol(t, &used);
        if (used != t.size()) return false;
        out = int(v);
        return true;
    } catch (...) {
        return false;
    }
}

} // namespace

bool parseInfoScore(const std::string &line, Score &out)
{
    std::vector<std::string> w = words(line);
    if (w.empty() || w[0] != "info") return false;
    Score s;
    bool haveScore = false;
    for (size_t i = 1; i < w.size(); ++i) {
        if (w[i] == "string") return false; // free text follows
        if (w[i] == "multipv" && i + 1 < w.size() && w[i + 1] != "1") return false;
        if (w[i] == "depth" && i + 1 < w.size()) parseInt(w[i + 1], s.depth);
        if (w[i] == "lowerbound" || w[i] == "upperbound") return false; // an aspiration window's bound, not a score
        if (w[i] == "score" && i + 2 < w.size()) {
            if (w[i + 1] != "cp" && w[i + 1] != "mate") return false;
            s.mate = w[i + 1] == "mate";
            if (!parseInt(w[i + 2], s.value)) return false;
            haveScore = true;
        }
    }
    if (!haveScore) return false;
    out = s;
    return true;
}

UciEngine::UciEngine(Options options) : m_opt(std::move(options)) {}

UciEngine::~UciEngine() { stop(); }

bool UciEngine::hasOption(const std::string &name) const
{
    for (const std::string &o : m_options)
        if (o.size() == name.size() && strncasecmp(o.c_str(), name.c_str(), o.size()) == 0) return true;
    return false;
}

void UciEngine::start()
{
    if (running()) return;
    int sv[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        throw EngineError(std::string("cannot create the engine's pipe: ") + std::strerror(errno));
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    // dup2 clears close-on-exec, so the engine keeps exactly stdin/stdout/stderr.
    posix_spawn_file_actions_adddup2(&fa, sv[1], 0);
    posix_spawn_file_actions_adddup2(&fa, sv[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    // A process group of its own: Ctrl-C on the terminal interrupts the search,
    // which then quits its engines, instead of killing them under a running
    // analysis. Should we die without quitting them, they see end of input and exit.
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
    std::vector<char *> argv{const_cast<char *>(m_opt.path.c_str()), nullptr};
    pid_t pid = -1;
    int rc = posix_spawn(&pid, m_opt.path.c_str(), &fa, &attr, argv.data(), environ);
    posix_spawnattr_destroy(&attr);
    posix_spawn_file_actions_destroy(&fa);
    ::close(sv[1]);
    if (rc != 0) {
        ::close(sv[0]);
        throw EngineError("cannot start the engine '" + m_opt.path + "': " + std::strerror(rc));
    }
    m_pid = pid;
    m_fd = sv[0];
    m_buffer.clear();
    m_options.clear();
    m_variants.clear();
    m_chess960 = false;
    m_variant = chess::Variant::Standard;
    auto deadline = Clock::now() + std::chrono::milliseconds(m_opt.startTimeoutMs);
    send("uci");
    for (;;) {
        std::string line = readLine(deadline, "'uciok'");
        std::vector<std::string> w = words(line);
        if (w.empty()) continue;
        if (w[0] == "uciok") break;
        if (w[0] == "id" && w.size() > 2 && w[1] == "name") m_name = line.substr(line.find("name") + 5);
        if (w[0] == "option" && w.size() > 2 && w[1] == "name") {
            // The name runs up to " type".
            size_t b = line.find("name") + 5, e = line.find(" type ", b);
            m_options.push_back(line.substr(b, e == std::string::npos ? std::string::npos : e - b));
            if (std::vector<std::string> v = uciVariantValues(line); !v.empty()) m_variants = std::move(v);
        }
    }
    for (const auto &[name, value] : m_opt.setOptions) {
        if (!hasOption(name)) fail("the engine '" + m_opt.path + "' has no option '" + name + "'");
        send("setoption name " + name + " value " + value);
    }
    send("isready");
    waitFor("readyok", deadline);
}

void UciEngine::send(const std::string &line)
{
    std::string data = line + "\n";
    size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::send(m_fd, data.data() + done, data.size() - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail("the engine '" + m_opt.path + "' stopped reading its input" + exitDescription());
        done += size_t(n);
    }
}

std::string UciEngine::readLine(Clock::time_point deadline, const char *waitingFor)
{
    for (;;) {
        size_t nl = m_buffer.find('\n');
        if (nl != std::string::npos) {
            std::string line = m_buffer.substr(0, nl);
            m_buffer.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) fail("the engine '" + m_opt.path + "' did not answer " + waitingFor + " in time");
        pollfd p{m_fd, POLLIN, 0};
        int r = ::poll(&p, 1, int(std::min<long long>(left, 1000)));
        if (r < 0 && errno != EINTR) fail(std::string("cannot wait for the engine: ") + std::strerror(errno));
        if (r <= 0) continue;
        char buf[4096];
        ssize_t n = ::read(m_fd, buf, sizeof buf);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0)
            fail("the engine '" + m_opt.path + "' exited while we waited for " + waitingFor + exitDescription());
        m_buffer.append(buf, size_t(n));
    }
}

void UciEngine::waitFor(const std::string &word, Clock::time_point deadline)
{
    std::string what = "'" + word + "'";
    for (;;) {
        std::vector<std::string> w = words(readLine(deadline, what.c_str()));
        if (!w.empty() && w[0] == word) return;
    }
}

std::string UciEngine::exitDescription()
{
    if (m_pid <= 0) return {};
    int status = 0;
    // Give a dying process a moment to be reaped, so the message can say how it ended.
    for (int i = 0; i < 20; ++i) {
        pid_t r = ::waitpid(m_pid, &status, WNOHANG);
        if (r == m_pid) {
            m_pid = -1;
            if (WIFSIGNALED(status))
                return std::string(" (killed by signal ") + std::to_string(WTERMSIG(status)) + ", "
                    + strsignal(WTERMSIG(status)) + ")";
            if (WIFEXITED(status)) return " (exit status " + std::to_string(WEXITSTATUS(status)) + ")";
            return {};
        }
        if (r < 0) return {};
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return {};
}

void UciEngine::fail(const std::string &message)
{
    stop();
    throw EngineError(message);
}

void UciEngine::stop()
{
    if (m_fd >= 0) {
        if (m_pid > 0) ::send(m_fd, "quit\n", 5, MSG_NOSIGNAL);
        ::close(m_fd);
        m_fd = -1;
    }
    if (m_pid > 0) {
        int status = 0;
        for (int i = 0; i < 50; ++i) {
            if (::waitpid(m_pid, &status, WNOHANG) != 0) {
                m_pid = -1;
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        ::kill(m_pid, SIGKILL);
        ::waitpid(m_pid, &status, 0);
        m_pid = -1;
    }
}

Score UciEngine::analyse(const std::string &fen, Limit limit, bool chess960, chess::Variant variant)
{
    if (!running()) start();
    if (limit.value <= 0) throw EngineError("an engine search needs a positive depth or time");
    if (std::string why = variantProblem(variant, m_variants, m_name.empty() ? m_opt.path : m_name); !why.empty())
        throw EngineError(why);
    if (variant != m_variant) {
        send("setoption name UCI_Variant value " + std::string(uciVariantName(variant)));
        m_variant = variant;
    }
    auto readyBy = Clock::now() + std::chrono::milliseconds(m_opt.startTimeoutMs);
    if (chess960 != m_chess960 && hasOption("UCI_Chess960")) {
        send(std::string("setoption name UCI_Chess960 value ") + (chess960 ? "true" : "false"));
        m_chess960 = chess960;
    }
    send("position fen " + fen);
    send("isready");
    waitFor("readyok", readyBy);
    std::string go = limit.kind == Limit::Depth ? "go depth " + std::to_string(limit.value)
                                                : "go movetime " + std::to_string(limit.value);
    send(go);
    auto deadline = Clock::now()
        + std::chrono::milliseconds(limit.kind == Limit::Depth ? m_opt.depthTimeoutMs : limit.value + 10000);
    Score score;
    bool have = false;
    for (;;) {
        std::string line = readLine(deadline, ("the result of '" + go + "'").c_str());
        Score s;
        if (parseInfoScore(line, s)) {
            score = s;
            have = true;
            continue;
        }
        std::vector<std::string> w = words(line);
        if (!w.empty() && w[0] == "bestmove") {
            if (w.size() > 1 && w[1] != "(none)" && w[1] != "0000") score.bestMove = w[1];
            break;
        }
    }
    if (!have) throw EngineError("the engine '" + m_opt.path + "' gave no score for " + fen);
    return score;
}

} // namespace engine
