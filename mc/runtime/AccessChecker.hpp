// The slow path of the memory-access instrumentation (AccessFilter.h has the fast one): what
// an access of the running rank means when the filter could not rule it out.
//   - heap memory: the access must lie inside one live block of the rank's arena, or it is a
//     heap error (out-of-bounds, use-after-free), reported before the access happens;
//   - the bytes the monitors watch (EventSink::watched_bytes: the race monitor's pending
//     buffers, the contract monitor's read!/write! buffers): the access goes to them as a
//     MemoryAccessEvent, and they decide.
// It keeps one filter per rank and installs the running rank's for the time its fiber runs.
#pragma once

#include "mc/runtime/AccessFilter.h"
#include "mc/runtime/HeapBlockSites.hpp"
#include "mc/runtime/HeapHooks.hpp"
#include "properties/EventSink.hpp"

#include <cstdint>
#include <vector>

namespace rankfold::mc {

class RankRuntime;

class AccessChecker final : public HeapObserver {
public:
    AccessChecker(RankRuntime& runtime, properties::EventSink& events);
    ~AccessChecker() override;
    AccessChecker(const AccessChecker&) = delete;
    AccessChecker& operator=(const AccessChecker&) = delete;

    static AccessChecker* current() { return current_; }

    // Around a rank's time on its fiber.
    void enter(int rank);
    void leave();
    // The monitors' watched bytes of the running `rank` changed while it runs (a local call
    // supplied or settled a contract): read them again.
    void rewatch(int rank);

    void access(std::uintptr_t address, std::size_t size, bool write, std::uintptr_t site,
                const char* routine);

    // HeapObserver
    void allocated(void* block, std::size_t size, std::uintptr_t site) override;
    void released(void* block, std::uintptr_t site) override;

private:
    void check_heap(int rank, std::uintptr_t address, std::size_t size, bool write,
                    std::uintptr_t site, const char* routine);
    [[noreturn]] void heap_error(int rank, std::uintptr_t address, std::size_t size, bool write,
                                 std::uintptr_t site, const char* routine);

    RankRuntime& runtime_;
    properties::EventSink& events_;
    std::vector<rankfold_access_filter> filters_;
    HeapBlockSites sites_;
    static AccessChecker* current_;
};

} // namespace rankfold::mc
