// A note beside a cache file (a game store or a text cache) saying that the
// file was checked in full (its checksum over every byte, and for a store the
// bounds of every record) while it had a given identity on disk: device,
// inode, size, modification and change times to the nanosecond. An open that
// finds the file with that very identity and the same checksum in its header
// knows its bytes are the ones checked, and need not read them all again:
// hashing a 1.3 GB text on every open was most of a warm search's fixed cost.
//
// Why that is sound: every write to a file, and every rename onto its name,
// gives it a new change time (or a new inode), and no call sets the change
// time back. File times come from a clock that ticks in steps of a few
// milliseconds, so a write in the same tick as the last one could keep the
// time; a note is therefore written only when the file's last change lies
// NoteMargin before the check began, so any later write bears a later time.
// What a note cannot see is damage beneath the file system (a failing disk
// changing bytes without a write); the full check runs again whenever the
// file or its note changes, and a missing or damaged note just means a full
// check.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>

namespace store {

// How long before a check the file must have last changed for a note to be written.
constexpr int64_t NoteMarginNs = int64_t(2'000'000'000);

struct FileStamp {
    uint64_t device = 0, inode = 0, size = 0;
    int64_t modifiedNs = 0, changedNs = 0;
    bool operator==(const FileStamp &) const = default;
};

// The identity on disk of the file open as fd; false when it cannot be read.
bool fileStamp(int fd, FileStamp &out);
// CLOCK_REALTIME, in nanoseconds: when a check begins.
int64_t nowNs();

// The note of a cache file: its path with ".checked" added.
std::string checkedNotePath(const std::string &filePath);

// Whether the note says the file open as fd was checked in full as it is
// now, with this checksum.
bool checkedBefore(const std::string &notePath, int fd, uint64_t checksum);

// Notes that the file open as fd passed a full check that began at
// startedNs, when the file's stamp was `before`. Nothing is written when the
// file changed during the check or less than NoteMarginNs before it began, or
// when the note cannot be written (the next open checks in full again).
void noteChecked(const std::string &notePath, int fd, const FileStamp &before, uint64_t checksum, int64_t startedNs);

} // namespace store
