// Which file a store belongs to: its size, modification time and a hash of its
// first and last 64 KiB. A store whose identity differs from the file's is
// stale and rebuilt. Stores live in the user's cache folder, never beside the
// PGN file, named after a hash of the file's absolute path.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

namespace store {

struct FileIdentity {
    uint64_t size = 0;
    int64_t mtimeNs = 0;
    uint64_t headHash = 0;
    uint64_t tailHash = 0;
    bool operator==(const FileIdentity &) const = default;
};

// A file header or trailer that records an identity in fields named idSize,
// idMtime, idHead and idTail (the store's, the text cache's).
template <typename Record>
void recordIdentity(Record &r, const FileIdentity &id)
{
    r.idSize = id.size;
    r.idMtime = id.mtimeNs;
    r.idHead = id.headHash;
    r.idTail = id.tailHash;
}
template <typename Record>
FileIdentity recordedIdentity(const Record &r)
{
    return FileIdentity{r.idSize, r.idMtime, r.idHead, r.idTail};
}

// False with error set when the file cannot be read.
bool fileIdentity(const std::string &path, FileIdentity &out, std::string *error = nullptr);

// $XDG_CACHE_HOME/cqlwb, else ~/.cache/cqlwb ("" when neither can be told).
std::string defaultCacheDir();

// The store file for a PGN file in cacheDir ("": the default folder).
std::string storePathFor(const std::string &pgnPath, const std::string &cacheDir = {});

} // namespace store
