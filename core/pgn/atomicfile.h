// Writing an output file all at once or not at all: the text goes to a
// temporary file beside the target, which replaces the target only on commit.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace pgn {

class AtomicFile {
public:
    explicit AtomicFile(std::string path);
    ~AtomicFile(); // discards an uncommitted file
    AtomicFile(const AtomicFile &) = delete;
    AtomicFile &operator=(const AtomicFile &) = delete;

    // Creates FILE.tmp-XXXXXX in the target's directory. False with error set
    // ("cannot create FILE: reason").
    bool open(std::string *error = nullptr);
    // Buffered; false (and error() set) once a write failed.
    bool write(std::string_view data);
    // Flushes, syncs to disk and renames over the target.
    bool commit(std::string *error = nullptr);
    void discard();

    const std::string &path() const { return m_path; }
    const std::string &tempPath() const { return m_temp; }
    const std::string &error() const { return m_error; }
    bool isOpen() const { return m_fd >= 0; }

private:
    bool flush();

    std::string m_path;
    std::string m_temp;
    std::string m_buffer;
    std::string m_error;
    int m_fd = -1;
};

} // namespace pgn
