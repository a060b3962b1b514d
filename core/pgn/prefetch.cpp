// A reading-ahead thread in front of a ByteSource.
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prefetch.h"

#include <algorithm>
#include <cstring>

namespace pgn {

PrefetchSource::PrefetchSource(ByteSource &inner, size_t blockSize, int blocks)
    : m_inner(inner), m_blockSize(std::max<size_t>(blockSize, 4096)), m_blocks(size_t(std::max(blocks, 2)))
{
    for (Block &b : m_blocks)
        b.data.reset(new char[m_blockSize]);
    m_inputSize = inner.inputSize();
    m_thread = std::thread([this] { run(); });
}

PrefetchSource::~PrefetchSource()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

void PrefetchSource::run()
{
    for (;;) {
        size_t index;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_changed.wait(lock, [&] { return m_stop || m_produced - m_consumed < m_blocks.size(); });
            if (m_stop) return;
            index = m_produced % m_blocks.size();
        }
        // The block is free: fill it without the lock.
        Block &b = m_blocks[index];
        size_t n = 0;
        while (n < m_blockSize) {
            size_t got = m_inner.read(b.data.get() + n, m_blockSize - n);
            if (got == 0) break;
            n += got;
        }
        b.size = n;
        m_inputPosition.store(m_inner.inputPosition(), std::memory_order_relaxed);
        {
            std::lock_guard<std::mutex> lock(m_mutex);
            if (n > 0) ++m_produced;
            if (n < m_blockSize) m_finished = true;
        }
        m_changed.notify_all();
        if (n < m_blockSize) return;
    }
}

size_t PrefetchSource::read(char *dst, size_t capacity)
{
    size_t done = 0;
    while (done < capacity) {
        size_t index;
        {
            std::unique_lock<std::mutex> lock(m_mutex);
            m_changed.wait(lock, [&] { return m_produced > m_consumed || m_finished; });
            if (m_produced == m_consumed) {
                // The thread is done and everything was handed out.
                if (m_inner.failed() && m_error.empty()) m_error = m_inner.error();
                return done;
            }
            index = m_consumed % m_blocks.size();
        }
        Block &b = m_blocks[index];
        size_t n = std::min(capacity - done, b.size - m_offset);
        std::memcpy(dst + done, b.data.get() + m_offset, n);
        done += n;
        m_offset += n;
        if (m_offset == b.size) {
            m_offset = 0;
            {
                std::lock_guard<std::mutex> lock(m_mutex);
                ++m_consumed;
            }
            m_changed.notify_all();
        }
        if (done > 0) return done; // hand out what is there; the next call waits for more
    }
    return done;
}

} // namespace pgn
