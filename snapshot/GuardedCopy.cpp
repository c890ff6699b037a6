#include "snapshot/GuardedCopy.hpp"

#include "snapshot/RankMemory.hpp"

#include <csetjmp>
#include <cstring>

namespace rankfold::snapshot {
namespace {
// The checker is single-threaded; one active recovery point at a time.
std::jmp_buf* g_recovery = nullptr;
} // namespace

bool guarded_copy(void* dst, const void* src, std::size_t bytes) {
    if (bytes == 0) return true;
    std::jmp_buf recovery;
    // volatile: the value must survive the longjmp back into this frame.
    std::jmp_buf* volatile previous = g_recovery;
    if (setjmp(recovery) != 0) {
        g_recovery = previous;
        return false;
    }
    g_recovery = &recovery;
    std::memcpy(dst, src, bytes);
    g_recovery = previous;
    return true;
}

namespace {
bool known_mapped(const void* p, std::size_t bytes) {
    const RankMemory* memory = RankMemory::current();
    return memory != nullptr && memory->usable(p, bytes);
}
} // namespace

bool copy_from_app(void* dst, const void* app_src, std::size_t bytes) {
    if (!known_mapped(app_src, bytes)) return guarded_copy(dst, app_src, bytes);
    std::memcpy(dst, app_src, bytes);
    return true;
}

bool copy_to_app(void* app_dst, const void* src, std::size_t bytes) {
    if (!known_mapped(app_dst, bytes)) return guarded_copy(app_dst, src, bytes);
    std::memcpy(app_dst, src, bytes);
    return true;
}

void abandon_guarded_copy_if_active() {
    if (g_recovery != nullptr) std::longjmp(*g_recovery, 1);
}

} // namespace rankfold::snapshot
