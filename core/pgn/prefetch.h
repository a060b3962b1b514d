// Decompression on a second thread: a ByteSource that reads another one ahead
// in blocks, so a sequential reader does not wait for zlib or zstd.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "pgn/input.h"

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace pgn {

class PrefetchSource : public ByteSource {
public:
    // Starts reading `inner` (which must outlive this) on a thread of its own.
    explicit PrefetchSource(ByteSource &inner, size_t blockSize = size_t(1) << 20, int blocks = 4);
    ~PrefetchSource() override;
    PrefetchSource(const PrefetchSource &) = delete;
    PrefetchSource &operator=(const PrefetchSource &) = delete;

    size_t read(char *dst, size_t capacity) override;
    uint64_t inputPosition() const override { return m_inputPosition.load(std::memory_order_relaxed); }
    uint64_t inputSize() const override { return m_inputSize; }

private:
    struct Block {
        std::unique_ptr<char[]> data;
        size_t size = 0;
    };
    void run();

    ByteSource &m_inner;
    const size_t m_blockSize;
    std::vector<Block> m_blocks;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    size_t m_produced = 0;   // blocks filled by the thread (ring index = count % size)
    size_t m_consumed = 0;   // blocks given back by the reader
    bool m_finished = false; // the thread read the end (or an error)
    bool m_stop = false;
    size_t m_offset = 0; // read position in the current block
    std::atomic<uint64_t> m_inputPosition{0};
    uint64_t m_inputSize = 0;
    std::thread m_thread;
};

} // namespace pgn
