// Reading and writing the notes of fully checked cache files.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "checkednote.h"

#include "hash.h"

#include "pgn/atomicfile.h"

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace store {

namespace {

constexpr char NoteMagic[8] = {'C', 'Q', 'L', 'W', 'B', 'O', 'K', '\n'};
constexpr uint32_t NoteVersion = 1;

struct Note {
    char magic[8];
    uint32_t version;
    uint32_t endian;
    FileStamp stamp;
    uint64_t checksum;
    uint64_t noteHash; // of the bytes before it
};
static_assert(sizeof(FileStamp) == 40 && sizeof(Note) == 72);

uint64_t noteHash(const Note &n) { return hash64(&n, offsetof(Note, noteHash), 0x4E4F5445); }

int64_t ns(const struct timespec &t) { return int64_t(t.tv_sec) * 1'000'000'000 + t.tv_nsec; }

} // namespace

bool fileStamp(int fd, FileStamp &out)
{
    struct stat st;
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return false;
    out = FileStamp();
    out.device = uint64_t(st.st_dev);
    out.inode = uint64_t(st.st_ino);
    out.size = uint64_t(st.st_size);
    out.modifiedNs = ns(st.st_mtim);
    out.changedNs = ns(st.st_ctim);
    return true;
}

int64_t nowNs()
{
    struct timespec t;
    ::clock_gettime(CLOCK_REALTIME, &t);
    return ns(t);
}

std::string checkedNotePath(const std::string &filePath) { return filePath + ".checked"; }

bool checkedBefore(const std::string &notePath, int fd, uint64_t checksum)
{
    FileStamp now;
    if (notePath.empty() || !fileStamp(fd, now)) return false;
    const int nfd = ::open(notePath.c_str(), O_RDONLY | O_CLOEXEC);
    if (nfd < 0) return false;
    Note n;
    ssize_t got;
    do
        got = ::pread(nfd, &n, sizeof n, 0);
    while (got < 0 && errno == EINTR);
    ::close(nfd);
    if (got != ssize_t(sizeof n)) return false;
    return std::memcmp(n.magic, NoteMagic, sizeof n.magic) == 0 && n.version == NoteVersion && n.endian == 0x01020304
        && n.noteHash == noteHash(n) && n.stamp == now && n.checksum == checksum;
}

void noteChecked(const std::string &notePath, int fd, const FileStamp &before, uint64_t checksum, int64_t startedNs)
{
    FileStamp after;
    if (notePath.empty() || !fileStamp(fd, after) || !(after == before)) return;
    if (before.changedNs > startedNs - NoteMarginNs || before.modifiedNs > startedNs - NoteMarginNs) return;
    Note n{};
    std::memcpy(n.magic, NoteMagic, sizeof n.magic);
    n.version = NoteVersion;
    n.endian = 0x01020304;
    n.stamp = before;
    n.checksum = checksum;
    n.noteHash = noteHash(n);
    pgn::AtomicFile file;
    if (!file.open(notePath) || !file.write(std::string_view(reinterpret_cast<const char *>(&n), sizeof n))
        || !file.commit())
        file.abort();
}

} // namespace store
