// The simulated OpenSHMEM's visible calls on a fake symmetric memory: collectives complete
// when every PE has entered them and are checked for agreement, wait_until wakes up when the
// variable satisfies its condition, a lock waits for its holder, bad frees are refused.
#include "simulated-shmem/interface/ShmemWorld.hpp"
#include "simulated-shmem/interface/SymmetricMemory.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cstring>

using namespace rankfold::shmem;
using rankfold::mpi::Misuse;
using rankfold::mpi::Progress;

namespace {

// Two PEs, each with a 256-byte "program copy" whose second half is the symmetric heap.
struct FakeMemory final : SymmetricMemory {
    alignas(64) std::array<std::array<std::byte, 256>, 2> copies{};
    void* translate(int pe, const void* address, std::size_t bytes, int target) const override {
        const auto* p = static_cast<const std::byte*>(address);
        const std::byte* base = copies[static_cast<std::size_t>(pe)].data();
        if (p < base || p + bytes > base + 256) return nullptr;
        return const_cast<std::byte*>(copies[static_cast<std::size_t>(target)].data() + (p - base));
    }
    std::byte* heap(int pe) const override {
        return const_cast<std::byte*>(copies[static_cast<std::size_t>(pe)].data() + 128);
    }
    std::size_t heap_size() const override { return 128; }
};

struct Installed {
    FakeMemory memory;
    Installed() { install_symmetric_memory(&memory); }
    ~Installed() { install_symmetric_memory(nullptr); }
};

ShmemWorld started(int pes) {
    ShmemWorld w(pes);
    ShmemCall init;
    init.op = ShmemOp::Init;
    std::optional<ShmemFailure> f;
    for (int p = 0; p < pes; ++p) REQUIRE(w.issue(p, init, f) == Progress::Done);
    return w;
}

} // namespace

TEST_CASE("shmem: a barrier completes once every PE has entered it", "[shmem]") {
    ShmemWorld w = started(2);
    ShmemCall barrier;
    barrier.op = ShmemOp::BarrierAll;
    std::optional<ShmemFailure> f;
    REQUIRE(w.issue(0, barrier, f) == Progress::Blocked);
    REQUIRE_FALSE(w.ready(0, barrier));
    REQUIRE(w.waiting_for(0, barrier) == "PE 1 to call shmem_barrier_all");
    REQUIRE(w.issue(1, barrier, f) == Progress::Blocked);
    REQUIRE(w.ready(0, barrier));
    REQUIRE(w.ready(1, barrier));
    REQUIRE(w.complete(0, barrier, f) == Progress::Done);
    REQUIRE_FALSE(f);
}

TEST_CASE("shmem: malloc gives every PE the same offset; sizes must agree", "[shmem]") {
    Installed installed;
    ShmemWorld w = started(2);
    std::optional<ShmemFailure> f;
    void* blocks[2] = {nullptr, nullptr};
    for (int p = 0; p < 2; ++p) {
        ShmemCall m;
        m.op = ShmemOp::Malloc;
        m.size = 16;
        m.result = &blocks[p];
        REQUIRE(w.issue(p, m, f) == Progress::Blocked);
    }
    for (int p = 0; p < 2; ++p) {
        ShmemCall m;
        m.op = ShmemOp::Malloc;
        m.size = 16;
        m.result = &blocks[p];
        REQUIRE(w.complete(p, m, f) == Progress::Done);
    }
    REQUIRE(blocks[0] == installed.memory.heap(0));
    REQUIRE(blocks[1] == installed.memory.heap(1));
    REQUIRE(w.pe(0).heap == w.pe(1).heap);

    ShmemCall small, large;
    small.op = large.op = ShmemOp::Malloc;
    small.size = 8;
    large.size = 32;
    void* ignored = nullptr;
    small.result = large.result = &ignored;
    w.issue(0, small, f);
    w.issue(1, large, f);
    REQUIRE(w.complete(0, small, f) == Progress::Failed);
    REQUIRE(f->misuse == Misuse::SymmetricSizeMismatch);
}

TEST_CASE("shmem: different collectives at the same point are a mismatch", "[shmem]") {
    ShmemWorld w = started(2);
    std::optional<ShmemFailure> f;
    ShmemCall barrier, finalize;
    barrier.op = ShmemOp::BarrierAll;
    finalize.op = ShmemOp::Finalize;
    w.issue(0, barrier, f);
    w.issue(1, finalize, f);
    REQUIRE(w.complete(0, barrier, f) == Progress::Failed);
    REQUIRE(f->misuse == Misuse::CollectiveMismatch);
}

TEST_CASE("shmem: free of an address that is no live block is refused", "[shmem]") {
    Installed installed;
    ShmemWorld w = started(2);
    std::optional<ShmemFailure> f;
    ShmemCall free_call;
    free_call.op = ShmemOp::Free;
    free_call.address = installed.memory.heap(0);
    REQUIRE(w.issue(0, free_call, f) == Progress::Failed);
    REQUIRE(f->misuse == Misuse::BadSymmetricFree);
}

TEST_CASE("shmem: calls before init and after finalize are refused", "[shmem]") {
    ShmemWorld w(1);
    std::optional<ShmemFailure> f;
    ShmemCall barrier;
    barrier.op = ShmemOp::BarrierAll;
    REQUIRE(w.issue(0, barrier, f) == Progress::Failed);
    REQUIRE(f->misuse == Misuse::CallBeforeInit);
}

TEST_CASE("shmem: wait_until wakes up when a put makes its condition true", "[shmem]") {
    ShmemWorld w = started(2);
    long variable = -5;
    ShmemCall wait;
    wait.op = ShmemOp::WaitUntil;
    wait.address = &variable;
    wait.size = sizeof variable;
    wait.is_signed = true;
    wait.cmp = Compare::Gt;
    wait.operand = static_cast<std::uint64_t>(-1L);
    std::optional<ShmemFailure> f;
    REQUIRE(w.issue(1, wait, f) == Progress::Blocked);
    REQUIRE_FALSE(w.ready(1, wait)); // -5 > -1 is false (compared signed)
    REQUIRE(w.waiting_for(1, wait).find("SHMEM_CMP_GT -1; its value is -5") != std::string::npos);
    variable = 0; // what another PE's put does
    REQUIRE(w.ready(1, wait));
}

TEST_CASE("shmem: a lock is taken when free, and waits while held", "[shmem]") {
    Installed installed;
    ShmemWorld w = started(2);
    auto* lock_on_pe1 = reinterpret_cast<long*>(installed.memory.copies[1].data());
    auto* lock_on_pe0 = reinterpret_cast<long*>(installed.memory.copies[0].data());
    ShmemCall set;
    set.op = ShmemOp::SetLock;
    set.address = lock_on_pe1; // PE 1's copy: the lock word itself lives on PE 0
    std::optional<ShmemFailure> f;
    REQUIRE(w.ready(1, set));
    REQUIRE(w.complete(1, set, f) == Progress::Done);
    REQUIRE(*lock_on_pe0 == 2); // 1 + the holder
    set.address = lock_on_pe0;
    REQUIRE_FALSE(w.ready(0, set));
    *lock_on_pe0 = 0; // cleared by its holder
    REQUIRE(w.ready(0, set));
}

TEST_CASE("shmem: the world is used from the first PE's shmem_init on", "[shmem]") {
    // MpiWorld::landings_possible reads this flag at every step of every MPI program.
    ShmemWorld w(2);
    CHECK_FALSE(w.used());
    const ShmemWorld untouched = w;
    ShmemCall init;
    init.op = ShmemOp::Init;
    std::optional<ShmemFailure> f;
    REQUIRE(w.issue(1, init, f) == Progress::Done);
    CHECK(w.used());
    CHECK_FALSE(w == untouched);
    // A snapshot of the world before the init, put back, is unused again.
    w = untouched;
    CHECK_FALSE(w.used());
    CHECK(started(2).used());
}
