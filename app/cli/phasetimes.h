// CQLWB_TIMING=1 in the environment: the search's phases (opening the input,
// searching, writing the output) with their wall and CPU seconds on standard
// error, to tell the serial parts of a run from the parallel ones when the
// machine is too busy for wall-clock ratios to mean anything.
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sys/resource.h>

namespace cli {

class PhaseTimes {
public:
    PhaseTimes() : m_on(std::getenv("CQLWB_TIMING") != nullptr) { now(m_wall, m_user, m_sys); }

    // Prints the phase that ends now: wall seconds, and user and system CPU seconds of all threads.
    void phase(const char *name)
    {
        if (!m_on) return;
        double wall, user, sys;
        now(wall, user, sys);
        std::fprintf(stderr, "timing: %-8s wall %.3f s, user %.3f s, sys %.3f s\n", name, wall - m_wall, user - m_user,
                     sys - m_sys);
        m_wall = wall;
        m_user = user;
        m_sys = sys;
    }

    // A figure measured inside a phase (e.g. the index's wall seconds within "open").
    void note(const char *name, double seconds, unsigned pieces = 0)
    {
        if (!m_on) return;
        std::fprintf(stderr, "timing:   %-6s wall %.3f s", name, seconds);
        if (pieces) std::fprintf(stderr, " in %u pieces", pieces);
        std::fputc('\n', stderr);
    }

private:
    static void now(double &wall, double &user, double &sys)
    {
        wall = std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
        rusage r{};
        ::getrusage(RUSAGE_SELF, &r);
        user = double(r.ru_utime.tv_sec) + double(r.ru_utime.tv_usec) * 1e-6;
        sys = double(r.ru_stime.tv_sec) + double(r.ru_stime.tv_usec) * 1e-6;
    }
    bool m_on;
    double m_wall = 0, m_user = 0, m_sys = 0;
};

} // namespace cli
