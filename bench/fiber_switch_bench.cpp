// Fiber-switch micro-benchmark: a scheduler resumes a RankFiber that immediately suspends,
// N times; prints switches per second. Baseline in the same run: glibc's swapcontext, the
// portable way to do the same thing (it also saves the signal mask, with a system call).
#include "mc/runtime/RankFiber.hpp"

#include <sys/mman.h>
#include <ucontext.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr std::size_t kStack = 256UL * 1024;
long g_rounds = 0;
rankfold::mc::RankFiber* g_fiber = nullptr;

void fiber_body(void*) {
    for (;;) g_fiber->suspend();
}

ucontext_t g_main_uc, g_fiber_uc;
void uc_body() {
    for (;;) swapcontext(&g_fiber_uc, &g_main_uc);
}

double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

} // namespace

int main(int argc, char** argv) {
    g_rounds = argc > 1 ? std::atol(argv[1]) : 10000000;
    auto* stack = static_cast<std::byte*>(
        mmap(nullptr, kStack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    rankfold::mc::RankFiber fiber(stack, kStack, &fiber_body, nullptr);
    g_fiber = &fiber; // cppcheck-suppress danglingLifetime ; used only while main() runs
    auto t0 = std::chrono::steady_clock::now();
    for (long i = 0; i < g_rounds; ++i) fiber.resume();
    const double fcontext = seconds_since(t0);

    std::vector<char> uc_stack(kStack);
    getcontext(&g_fiber_uc);
    g_fiber_uc.uc_stack.ss_sp = uc_stack.data();
    g_fiber_uc.uc_stack.ss_size = uc_stack.size();
    g_fiber_uc.uc_link = nullptr;
    makecontext(&g_fiber_uc, uc_body, 0);
    const long uc_rounds = g_rounds / 10;
    t0 = std::chrono::steady_clock::now();
    for (long i = 0; i < uc_rounds; ++i) swapcontext(&g_main_uc, &g_fiber_uc);
    const double ucontext = seconds_since(t0);

    // A round trip is two switches.
    const double rf = 2.0 * g_rounds / fcontext, uc = 2.0 * uc_rounds / ucontext;
    std::printf("fiber switch   rankfold (fcontext): %7.1f M switches/s  %5.1f ns/switch\n",
                rf / 1e6, 1e9 / rf);
    std::printf("fiber switch   baseline (swapcontext): %4.1f M switches/s  %5.1f ns/switch\n",
                uc / 1e6, 1e9 / uc);
    std::printf("fiber switch   ratio: %.1fx\n", rf / uc);
    return 0;
}
