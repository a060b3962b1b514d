// Writing an output file all at once or not at all, and telling whether an
// output would be one of the files a program reads.
//
// The text goes to a temporary file in the target's directory that replaces
// the target only on commit (rename), so a failed, cancelled or killed run
// leaves the old file as it was. On Linux the temporary file is unnamed
// (O_TMPFILE): a process killed with SIGKILL leaves nothing behind, and the
// file gets a name only for the moment between commit's link and rename.
// Where the file system has no unnamed files, it is a hidden file named after
// the target, the host and the process (".NAME.cqlwb-tmp-HOST-PID-RANDOM"),
// and opening the same target again removes those whose process has died.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pgn {

class AtomicFile {
public:
    AtomicFile() = default;
    ~AtomicFile(); // discards an uncommitted file
    AtomicFile(const AtomicFile &) = delete;
    AtomicFile &operator=(const AtomicFile &) = delete;

    // Creates the temporary file now, so an unwritable target fails before a
    // long search. A target that is not a regular file (/dev/null, a pipe) is
    // opened and written directly; a symbolic link is written through, the
    // link itself is kept. False with error set ("cannot write PATH: reason").
    bool open(const std::string &path, std::string *error = nullptr);
    // Buffered; false once a write failed (commit() then fails with the reason).
    bool write(std::string_view data);
    // Flushes, syncs to disk and renames over the target, which keeps the old
    // file's permissions (a new one gets those of a plain create, with the umask).
    bool commit(std::string *error = nullptr);
    // Drops the temporary file; the target is left as it was.
    void abort();

    const std::string &path() const { return m_path; }
    // The temporary file's name; "" while it is unnamed and when writing directly.
    const std::string &tempPath() const { return m_tempPath; }
    const std::string &error() const { return m_error; }
    bool isOpen() const { return m_fd >= 0; }

    // Named temporary files even where unnamed ones work, for tests of that path.
    static void setForceNamedTemporary(bool force);
    // Removes the named temporary files of target that processes of this host
    // left when they died (a process still running keeps its own); how many.
    static int removeStaleTemporaries(const std::string &target);

private:
    bool create();
    bool finish();
    bool nameUnnamed();
    bool flush();
    bool fail(const std::string &reason);
    bool fail(int err);

    std::string m_path;
    std::string m_dir;      // the directory the temporary file and the target are in
    std::string m_name;     // the target's name in it (a symbolic link resolved)
    std::string m_tempName; // "" while unnamed
    std::string m_tempPath;
    std::string m_buffer;
    std::string m_error;
    int m_fd = -1;
    int m_dirFd = -1;
    unsigned m_mode = 0; // the old target's permissions, to keep them
    bool m_keepMode = false;
    bool m_direct = false;
    bool m_unnamed = false;
};

// True when a and b are one existing file (same device and inode), however
// each is spelled: another relative path, a hard link, a symbolic link. A
// path that does not exist is no file, so it is never the same as another.
bool sameFile(const std::string &a, const std::string &b);

// The first of inputs that writing output would replace: the same regular
// file. Nullptr when there is none (an output that does not exist yet, or one
// that is not a regular file, such as /dev/null, replaces nothing).
const std::string *overwrittenInput(const std::string &output, const std::vector<std::string> &inputs);

} // namespace pgn
