// A section of a store being built, kept on disk instead of in memory: an
// unnamed temporary file (O_TMPFILE; where the file system has none, a named
// one removed as soon as it is open), so a build that fails, is cancelled or
// is killed leaves nothing behind. Written in order, then read back in order.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace store {

class SpillFile {
public:
    SpillFile() = default;
    ~SpillFile();
    SpillFile(const SpillFile &) = delete;
    SpillFile &operator=(const SpillFile &) = delete;

    // In directory dir. False with error set.
    bool open(const std::string &dir, std::string *error = nullptr);
    // Buffered; false once a write failed (error() says why).
    bool write(const void *data, size_t size);
    uint64_t size() const { return m_size; }
    // Hands the whole content to sink in pieces of at most a megabyte, from
    // the start (after the buffer is flushed). False when reading failed.
    bool readAll(const std::function<void(const char *, size_t)> &sink);
    const std::string &error() const { return m_error; }

    // Named files (removed at once) even where unnamed ones work, for tests of that path.
    static void setForceNamed(bool force);

private:
    bool flush();
    bool fail(const std::string &what);

    std::string m_buffer;
    std::string m_error;
    uint64_t m_size = 0;
    int m_fd = -1;
};

} // namespace store
