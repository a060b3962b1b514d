// Temporary-file-and-rename output: an unnamed temporary file where the
// system has them, else a named one that later runs recognise when its
// process has died.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomicfile.h"

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pgn {

namespace {

std::atomic<bool> g_forceNamed{false};

constexpr size_t BufferSize = 1 << 20;

// Temporary files of very long target names would pass the 255-byte limit
// on a name; two targets that share this much of a name only share the
// prefix, and only dead processes' files are ever removed.
constexpr size_t MaxNameInTemp = 100;

std::string hostName()
{
    char buf[256] = {};
    if (::gethostname(buf, sizeof buf - 1) != 0 || !buf[0]) return "localhost";
    std::string host = buf;
    // sethostname takes any bytes; a '/' would split the file name.
    for (char &c : host)
        if (c == '/') c = '_';
    return host;
}

// ".NAME.cqlwb-tmp-": how every temporary file of target NAME starts.
std::string tempPrefix(const std::string &name) { return "." + name.substr(0, MaxNameInTemp) + ".cqlwb-tmp-"; }

// ".NAME.cqlwb-tmp-HOST-PID-RANDOM": whose it is can be read back from it.
std::string tempName(const std::string &name)
{
    std::random_device rd;
    char tail[48];
    std::snprintf(tail, sizeof tail, "-%ld-%08x%04x", long(::getpid()), unsigned(rd()), unsigned(rd()) & 0xffffu);
    return tempPrefix(name) + hostName() + tail;
}

std::string joinPath(const std::string &dir, const std::string &name)
{
    return dir == "/" ? dir + name : dir + "/" + name;
}

bool isTempOfDeadProcess(std::string_view rest, const std::string &host)
{
    // rest is "HOST-PID-RANDOM"; the host name may itself contain '-'.
    size_t r = rest.rfind('-');
    if (r == std::string_view::npos || r == 0) return false;
    size_t p = rest.rfind('-', r - 1);
    if (p == std::string_view::npos || rest.substr(0, p) != host) return false;
    std::string_view pidText = rest.substr(p + 1, r - p - 1);
    long pid = 0;
    auto [end, ec] = std::from_chars(pidText.data(), pidText.data() + pidText.size(), pid);
    if (ec != std::errc() || end != pidText.data() + pidText.size() || pid <= 0 || pid == long(::getpid()))
        return false;
    // EPERM means the process exists (another user's): only ESRCH is dead.
    return ::kill(pid_t(pid), 0) != 0 && errno == ESRCH;
}

} // namespace

AtomicFile::~AtomicFile() { abort(); }

void AtomicFile::setForceNamedTemporary(bool force) { g_forceNamed.store(force); }

int AtomicFile::removeStaleTemporaries(const std::string &target)
{
    const size_t slash = target.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : target.substr(0, slash);
    const std::string name = slash == std::string::npos ? target : target.substr(slash + 1);
    if (name.empty()) return 0;
    DIR *d = ::opendir(dir.c_str());
    if (!d) return 0;
    const std::string prefix = tempPrefix(name);
    const std::string host = hostName();
    int removed = 0;
    while (const dirent *e = ::readdir(d)) {
        const std::string_view entry = e->d_name;
        if (entry.size() > prefix.size() && entry.substr(0, prefix.size()) == prefix
            && isTempOfDeadProcess(entry.substr(prefix.size()), host) && ::unlinkat(::dirfd(d), e->d_name, 0) == 0)
            ++removed;
    }
    ::closedir(d);
    return removed;
}

bool AtomicFile::fail(const std::string &reason)
{
    if (m_error.empty()) m_error = "cannot write " + m_path + ": " + reason;
    return false;
}

bool AtomicFile::fail(int err) { return fail(std::string(std::strerror(err))); }

bool AtomicFile::open(const std::string &path, std::string *error)
{
    abort();
    m_path = path;
    m_error.clear();
    if (create()) return true;
    if (error) *error = m_error;
    abort();
    return false;
}

bool AtomicFile::create()
{
    if (m_path.empty()) return fail("no file name");
    std::string target = m_path;
    struct stat st;
    if (::lstat(target.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
        // Renaming over the link would replace the link by a file.
        if (char *real = ::realpath(target.c_str(), nullptr)) {
            target = real;
            std::free(real);
        }
    }
    const bool exists = ::stat(target.c_str(), &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) return fail("it is a directory");
    if (exists && !S_ISREG(st.st_mode)) {
        // Nothing to replace on a device or a pipe, and no directory entry to rename into.
        m_fd = ::open(target.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (m_fd < 0) return fail(errno);
        m_direct = true;
        return true;
    }
    if (exists) {
        m_mode = st.st_mode & 0777;
        m_keepMode = true;
    }
    const size_t slash = target.find_last_of('/');
    m_dir = slash == std::string::npos ? "." : slash == 0 ? "/" : target.substr(0, slash);
    m_name = slash == std::string::npos ? target : target.substr(slash + 1);
    if (m_name.empty() || m_name == "." || m_name == "..") return fail("it is a directory");
    // The directory by descriptor: link and rename stay in it even if it is moved meanwhile.
    m_dirFd = ::open(m_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
#ifdef O_PATH
    if (m_dirFd < 0 && errno == EACCES) m_dirFd = ::open(m_dir.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
#endif
    if (m_dirFd < 0) return fail(errno);
    removeStaleTemporaries(target);
#ifdef O_TMPFILE
    if (!g_forceNamed.load()) {
        m_fd = ::openat(m_dirFd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
        if (m_fd >= 0) {
            char proc[48];
            std::snprintf(proc, sizeof proc, "/proc/self/fd/%d", m_fd);
            // commit() names the file through /proc: without it, a named file from the start.
            if (::access(proc, F_OK) == 0) {
                m_unnamed = true;
            } else {
                ::close(m_fd);
                m_fd = -1;
            }
        } else if (errno != EOPNOTSUPP && errno != ENOTSUP && errno != EISDIR && errno != EINVAL) {
            // Those say "no unnamed files here"; anything else would stop a named file too.
            return fail(errno);
        }
    }
#endif
    for (int attempt = 0; m_fd < 0 && attempt < 16; ++attempt) {
        const std::string name = tempName(m_name);
        m_fd = ::openat(m_dirFd, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (m_fd >= 0) {
            m_tempName = name;
            m_tempPath = joinPath(m_dir, name);
        } else if (errno != EEXIST) {
            return fail(errno);
        }
    }
    if (m_fd < 0) return fail(EEXIST);
    if (m_keepMode) ::fchmod(m_fd, mode_t(m_mode));
    m_buffer.reserve(BufferSize);
    return true;
}

bool AtomicFile::flush()
{
    size_t done = 0;
    while (done < m_buffer.size()) {
        ssize_t n = ::write(m_fd, m_buffer.data() + done, m_buffer.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            m_buffer.clear();
            return fail(errno);
        }
        done += size_t(n);
    }
    m_buffer.clear();
    return true;
}

bool AtomicFile::write(std::string_view data)
{
    if (m_fd < 0) return fail("not open");
    if (!m_error.empty()) return false;
    m_buffer.append(data);
    return m_buffer.size() < BufferSize || flush();
}

bool AtomicFile::commit(std::string *error)
{
    if (finish()) return true;
    if (error) *error = m_error;
    abort();
    return false;
}

bool AtomicFile::finish()
{
    if (m_fd < 0) return fail("not open");
    if (!m_error.empty() || !flush()) return false;
    if (!m_direct && ::fsync(m_fd) != 0 && errno != EINVAL) return fail(errno);
    if (m_unnamed && !nameUnnamed()) return false;
    const int fd = m_fd;
    m_fd = -1;
    if (::close(fd) != 0) return fail(errno);
    if (m_direct) return true;
    if (::renameat(m_dirFd, m_tempName.c_str(), m_dirFd, m_name.c_str()) != 0) return fail(errno);
    m_tempName.clear();
    m_tempPath.clear();
    // The rename is on disk only with the directory; a descriptor opened with
    // O_PATH cannot be synced, and the file is in place either way.
    ::fsync(m_dirFd);
    ::close(m_dirFd);
    m_dirFd = -1;
    return true;
}

bool AtomicFile::nameUnnamed()
{
    // There is no link-and-replace: a fresh name first, then the rename over the
    // target. A kill between the two leaves a file named like a named
    // temporary, which the next run on this target removes.
    char proc[48];
    std::snprintf(proc, sizeof proc, "/proc/self/fd/%d", m_fd);
    for (int attempt = 0; attempt < 16; ++attempt) {
        const std::string name = tempName(m_name);
        int r = ::linkat(AT_FDCWD, proc, m_dirFd, name.c_str(), AT_SYMLINK_FOLLOW);
#ifdef AT_EMPTY_PATH
        if (r != 0 && errno != EEXIST) r = ::linkat(m_fd, "", m_dirFd, name.c_str(), AT_EMPTY_PATH);
#endif
        if (r == 0) {
            m_unnamed = false;
            m_tempName = name;
            m_tempPath = joinPath(m_dir, name);
            return true;
        }
        if (errno != EEXIST) return fail(errno);
    }
    return fail(EEXIST);
}

void AtomicFile::abort()
{
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
    if (!m_tempName.empty() && m_dirFd >= 0) ::unlinkat(m_dirFd, m_tempName.c_str(), 0);
    m_tempName.clear();
    m_tempPath.clear();
    if (m_dirFd >= 0) ::close(m_dirFd);
    m_dirFd = -1;
    m_buffer.clear();
    m_buffer.shrink_to_fit();
    m_direct = m_unnamed = m_keepMode = false;
}

bool sameFile(const std::string &a, const std::string &b)
{
    struct stat sa, sb;
    return ::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0 && sa.st_dev == sb.st_dev
        && sa.st_ino == sb.st_ino;
}

const std::string *overwrittenInput(const std::string &output, const std::vector<std::string> &inputs)
{
    struct stat so;
    if (output.empty() || ::stat(output.c_str(), &so) != 0 || !S_ISREG(so.st_mode)) return nullptr;
    for (const std::string &input : inputs) {
        struct stat si;
        if (!input.empty() && ::stat(input.c_str(), &si) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino)
            return &input;
    }
    return nullptr;
}

} // namespace pgn
