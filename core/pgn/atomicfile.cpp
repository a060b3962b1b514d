// Temporary-file-and-rename output.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomicfile.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pgn {

AtomicFile::AtomicFile(std::string path) : m_path(std::move(path)) {}

AtomicFile::~AtomicFile()
{
    discard();
}

bool AtomicFile::open(std::string *error)
{
    discard();
    m_error.clear();
    std::string pattern = m_path + ".tmp-XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    m_fd = mkstemp(name.data());
    if (m_fd < 0) {
        m_error = "cannot create " + m_path + ": " + std::strerror(errno);
        if (error)
            *error = m_error;
        return false;
    }
    m_temp = name.data();
    // mkstemp makes the file 0600; give it the usual permissions (umask applies).
    mode_t mask = umask(0);
    umask(mask);
    fchmod(m_fd, 0666 & ~mask);
    m_buffer.reserve(1 << 20);
    return true;
}

bool AtomicFile::flush()
{
    size_t done = 0;
    while (done < m_buffer.size()) {
        ssize_t n = ::write(m_fd, m_buffer.data() + done, m_buffer.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            m_error = "cannot write " + m_path + ": " + std::strerror(errno);
            return false;
        }
        done += size_t(n);
    }
    m_buffer.clear();
    return true;
}

bool AtomicFile::write(std::string_view data)
{
    if (m_fd < 0 || !m_error.empty()) {
        if (m_error.empty())
            m_error = "cannot write " + m_path + ": not open";
        return false;
    }
    m_buffer.append(data);
    if (m_buffer.size() >= (1 << 20))
        return flush();
    return true;
}

bool AtomicFile::commit(std::string *error)
{
    auto fail = [&]() {
        if (error)
            *error = m_error;
        discard();
        return false;
    };
    if (m_fd < 0) {
        if (m_error.empty())
            m_error = "cannot write " + m_path + ": not open";
        return fail();
    }
    if (!m_error.empty() || !flush())
        return fail();
    if (fsync(m_fd) != 0 && errno != EINVAL) {
        m_error = "cannot write " + m_path + ": " + std::strerror(errno);
        return fail();
    }
    if (::close(m_fd) != 0) {
        m_fd = -1;
        m_error = "cannot write " + m_path + ": " + std::strerror(errno);
        return fail();
    }
    m_fd = -1;
    if (std::rename(m_temp.c_str(), m_path.c_str()) != 0) {
        m_error = "cannot replace " + m_path + ": " + std::strerror(errno);
        return fail();
    }
    m_temp.clear();
    return true;
}

void AtomicFile::discard()
{
    if (m_fd >= 0)
        ::close(m_fd);
    m_fd = -1;
    if (!m_temp.empty())
        ::unlink(m_temp.c_str());
    m_temp.clear();
    m_buffer.clear();
}

} // namespace pgn
