// A vector borrowed for one evaluation and given back, emptied but with its
// room, to a per-thread pool: filters that run at every position (path, find)
// would otherwise grow fresh vectors there. Nested runs each borrow their own.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <utility>
#include <vector>

namespace cql {

template <class T>
class Borrowed {
public:
    Borrowed()
    {
        auto &p = pool();
        if (!p.empty()) {
            m_v = std::move(p.back());
            p.pop_back();
        }
    }
    ~Borrowed()
    {
        m_v.clear();
        pool().push_back(std::move(m_v));
    }
    Borrowed(const Borrowed &) = delete;
    Borrowed &operator=(const Borrowed &) = delete;
    std::vector<T> &operator*() { return m_v; }
    std::vector<T> *operator->() { return &m_v; }

private:
    static std::vector<std::vector<T>> &pool()
    {
        static thread_local std::vector<std::vector<T>> p;
        return p;
    }
    std::vector<T> m_v;
};

} // namespace cql
