// SPDX-License-Identifier: GPL-3.0-or-later
#include "spillfile.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace store {

namespace {
constexpr size_t BufferSize = size_t(1) << 20;
std::atomic<bool> g_forceNamed{false};
} // namespace

void SpillFile::setForceNamed(bool force) { g_forceNamed.store(force); }

SpillFile::~SpillFile()
{
    if (m_fd >= 0) ::close(m_fd);
}

bool SpillFile::fail(const std::string &what)
{
    if (m_error.empty()) m_error = what + ": " + std::strerror(errno);
    return false;
}

bool SpillFile::open(const std::string &dir, std::string *error)
{
#ifdef O_TMPFILE
    if (!g_forceNamed.load()) m_fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
#endif
    if (m_fd < 0) {
        std::string name = dir + "/.cqlwb-spill-XXXXXX";
        std::vector<char> path(name.begin(), name.end());
        path.push_back('\0');
        m_fd = ::mkostemp(path.data(), O_CLOEXEC);
        if (m_fd >= 0) ::unlink(path.data());
    }
    if (m_fd < 0) {
        fail("cannot make a temporary file in " + dir);
        if (error) *error = m_error;
        return false;
    }
    m_buffer.reserve(BufferSize);
    return true;
}

bool SpillFile::flush()
{
    size_t done = 0;
    while (done < m_buffer.size()) {
        const ssize_t n = ::write(m_fd, m_buffer.data() + done, m_buffer.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            return fail("cannot write a temporary file");
        }
        done += size_t(n);
    }
    m_buffer.clear();
    return true;
}

bool SpillFile::write(const void *data, size_t size)
{
    if (m_fd < 0 || !m_error.empty()) return false;
    m_size += size;
    const char *p = static_cast<const char *>(data);
    while (size > 0) {
        const size_t take = std::min(size, BufferSize - m_buffer.size());
        m_buffer.append(p, take);
        p += take;
        size -= take;
        if (m_buffer.size() == BufferSize && !flush()) return false;
    }
    return true;
}

bool SpillFile::readAll(const std::function<void(const char *, size_t)> &sink)
{
    if (m_fd < 0 || !m_error.empty() || !flush()) return false;
    std::vector<char> piece(BufferSize);
    uint64_t at = 0;
    while (at < m_size) {
        const ssize_t n = ::pread(m_fd, piece.data(), size_t(std::min<uint64_t>(BufferSize, m_size - at)), off_t(at));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = EIO;
            return fail("cannot read a temporary file");
        }
        sink(piece.data(), size_t(n));
        at += uint64_t(n);
    }
    return true;
}

} // namespace store
