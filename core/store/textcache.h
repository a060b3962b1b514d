// The text cache: a compressed database's decompressed text, kept once in a
// file beside its game store and memory-mapped, so no program holds the
// whole text in its own memory and no open decompresses it again. It costs
// the text's size on disk (about 3.3 times the .zst file).
//
// The file is the text, a NUL byte, and a trailer naming the database's
// identity (store/identity.h), the text's size, whether a game was cut and a
// checksum of the text. It is written atomically (a temporary file renamed
// into place), and before each use the trailer is checked and the whole text
// hashed (read in pieces, so memory stays bounded), unless a note says this
// very file was hashed before (checkednote.h); a stale, truncated or damaged
// one is rebuilt, never read. A plain .pgn file needs none: it is
// mapped itself.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "database/database.h"
#include "identity.h"
#include "pgn/input.h"

#include <atomic>
#include <functional>
#include <memory>
#include <string>

namespace store {

constexpr uint32_t TextCacheVersion = 1;

// The text cache file for a PGN file in cacheDir ("": the default folder), beside its store.
std::string textCachePathFor(const std::string &pgnPath, const std::string &cacheDir = {});
// The text cache beside a store file (its name with .cqltext for .cqlstore).
std::string textCachePathBeside(const std::string &storePath);

struct TextCacheResult {
    bool cached = false; // the text is mapped from a text cache (or is a plain file, mapped)
    bool built = false;  // the cache was (re)written now
    bool hashed = false; // the whole text was hashed now (no note said this file was before)
    std::string note;    // why no cache is used, or why it was rebuilt ("stale", "damaged: ...")
};

// Whether a text cache file holds the text of a file of this identity; the
// whole text is hashed. False with why set ("no text cache yet", "stale: ...",
// "damaged: ...").
bool checkTextCache(const std::string &cachePath, const FileIdentity &expected, std::string *why = nullptr,
                    const std::function<void(const pgn::LoadProgress &)> &progress = {});

// The decompressed text of a file: a plain file mapped; a compressed one from
// its text cache (checked), or decompressed into a new cache and mapped, or,
// when no cache can be written (no folder, a full disk), loaded into memory as
// pgn::Text::load does. Byte for byte the text pgn::Text::load gives. Nullptr
// with error set only when the file cannot be read (or "cancelled").
std::unique_ptr<pgn::Text> loadText(const std::string &path, const FileIdentity &identity, const std::string &cachePath,
                                    TextCacheResult &result, std::string *error = nullptr,
                                    const std::function<void(const pgn::LoadProgress &)> &progress = {},
                                    const std::atomic<bool> *cancel = nullptr);

// Opens a database through its text cache in cacheDir ("": the default
// folder), as db::Database::open would (the same text, the same index).
bool openDatabase(const std::string &path, db::Database &database, const db::OpenOptions &options,
                  const std::string &cacheDir, TextCacheResult &result, std::string *error = nullptr);

} // namespace store
