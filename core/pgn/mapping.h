// A read-only memory mapping of a file region whose resident pages are given
// back as a pass reads on. Pages of a read-only private file mapping are the
// kernel's page cache: dropping them from this process (MADV_DONTNEED) costs
// nothing but a minor fault when they are read again, and no thread reading
// them at that moment can see anything but the file's bytes. So a pass over a
// large text or game store keeps its resident memory to about DropBytes per
// mapping, whatever the file's size, and random access stays correct.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace pgn {

class Mapping {
public:
    // Bytes read through noteRead() between two drops.
    static constexpr uint64_t DropBytes = uint64_t(32) << 20;

    ~Mapping();
    Mapping(const Mapping &) = delete;
    Mapping &operator=(const Mapping &) = delete;

    // Maps bytes [0, size) of the file, followed by at least one readable NUL
    // byte (data()[size] == 0) whatever the file holds there. Nullptr with
    // error set when the file is shorter or cannot be mapped.
    static std::unique_ptr<Mapping> map(const std::string &path, uint64_t size, std::string *error = nullptr);
    // The same from a file open as fd (kept open by the caller); name is for messages.
    static std::unique_ptr<Mapping> map(int fd, const std::string &name, uint64_t size, std::string *error = nullptr);

    const char *data() const { return m_data; }
    uint64_t size() const { return m_size; }
    std::string_view view() const { return {m_data, size_t(m_size)}; }

    // Gives back every resident page (they are read again from the page cache when needed).
    void drop() const;
    // Counts bytes a pass has read; every DropBytes the pages are dropped. Any thread.
    void noteRead(uint64_t bytes) const;

private:
    Mapping() = default;
    const char *m_data = "";
    uint64_t m_size = 0;
    void *m_base = nullptr;
    size_t m_length = 0;
    mutable std::atomic<uint64_t> m_read{0};
};

} // namespace pgn
