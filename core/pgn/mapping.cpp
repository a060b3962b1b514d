// Read-only file mappings with a bounded resident set.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mapping.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace pgn {

Mapping::~Mapping()
{
    if (m_base) munmap(m_base, m_length);
}

std::unique_ptr<Mapping> Mapping::map(const std::string &path, uint64_t size, std::string *error)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        if (error) *error = "cannot map " + path + ": " + std::strerror(errno);
        return nullptr;
    }
    auto m = map(fd, path, size, error);
    ::close(fd);
    return m;
}

std::unique_ptr<Mapping> Mapping::map(int fd, const std::string &name, uint64_t size, std::string *error)
{
    auto fail = [&](const std::string &why) -> std::unique_ptr<Mapping> {
        if (error) *error = "cannot map " + name + ": " + why;
        return nullptr;
    };
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || uint64_t(st.st_size) < size)
        return fail("not a regular file of the expected size");
    // Anonymous zero pages first, the file over their start: whatever lies in
    // the file after `size` bytes (on the same page) is covered by a zero page
    // when size ends a page, and is the file's next byte otherwise, so the
    // caller's file must hold a NUL there (a plain file's page tail is zeros).
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    const size_t length = size_t(size) + page;
    void *base = mmap(nullptr, length, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) return fail(std::strerror(errno));
    if (size > 0) {
        void *m = mmap(base, size_t(size), PROT_READ, MAP_PRIVATE | MAP_FIXED, fd, 0);
        if (m == MAP_FAILED) {
            const int err = errno;
            munmap(base, length);
            return fail(std::strerror(err));
        }
    }
    std::unique_ptr<Mapping> m(new Mapping);
    m->m_base = base;
    m->m_length = length;
    m->m_data = static_cast<const char *>(base);
    m->m_size = size;
    return m;
}

void Mapping::drop() const
{
    if (m_base && m_size) madvise(m_base, size_t(m_size), MADV_DONTNEED);
}

void Mapping::noteRead(uint64_t bytes) const
{
    const uint64_t before = m_read.fetch_add(bytes, std::memory_order_relaxed);
    if ((before + bytes) / DropBytes != before / DropBytes) drop();
}

} // namespace pgn
