// File identity and the cache folder.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "identity.h"

#include "hash.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace store {

namespace {

constexpr size_t Window = 64 * 1024;

bool readAt(int fd, uint64_t offset, size_t size, std::vector<char> &out)
{
    out.resize(size);
    size_t done = 0;
    while (done < size) {
        ssize_t n = ::pread(fd, out.data() + done, size - done, off_t(offset + done));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += size_t(n);
    }
    return true;
}

} // namespace

bool fileIdentity(const std::string &path, FileIdentity &out, std::string *error)
{
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    auto fail = [&](int err) {
        if (error) *error = "cannot read " + path + ": " + std::strerror(err);
        if (fd >= 0) ::close(fd);
        return false;
    };
    if (fd < 0) return fail(errno);
    struct stat st;
    if (::fstat(fd, &st) != 0) return fail(errno);
    out.size = uint64_t(st.st_size);
    out.mtimeNs = int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    std::vector<char> buf;
    const size_t head = size_t(std::min<uint64_t>(out.size, Window));
    if (!readAt(fd, 0, head, buf)) return fail(errno ? errno : EIO);
    out.headHash = hash64(buf.data(), buf.size(), 1);
    const size_t tail = size_t(std::min<uint64_t>(out.size, Window));
    if (!readAt(fd, out.size - tail, tail, buf)) return fail(errno ? errno : EIO);
    out.tailHash = hash64(buf.data(), buf.size(), 2);
    ::close(fd);
    return true;
}

std::string defaultCacheDir()
{
    if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x == '/') return std::string(x) + "/cqlwb";
    if (const char *home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/cqlwb";
    return {};
}

std::string storePathFor(const std::string &pgnPath, const std::string &cacheDir)
{
    std::error_code ec;
    std::filesystem::path abs = std::filesystem::absolute(pgnPath, ec);
    std::string key = ec ? pgnPath : abs.lexically_normal().string();
    const std::string dir = cacheDir.empty() ? defaultCacheDir() : cacheDir;
    if (dir.empty()) return {};
    char name[40];
    std::snprintf(name, sizeof name, "%016llx.cqlstore", (unsigned long long)hash64(key, 7));
    return dir + "/" + name;
}

} // namespace store
