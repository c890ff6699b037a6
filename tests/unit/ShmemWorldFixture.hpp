// A world of N initialised OpenSHMEM PEs whose symmetric memory is one 64-byte "copy" per PE
// (SymmetricCopies), for the unit tests of SHMEM delivery and contexts.
#pragma once

#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-shmem/interface/SymmetricMemory.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <cstddef>
#include <optional>

namespace rankfold::test {

template <std::size_t N> struct SymmetricCopies final : shmem::SymmetricMemory {
    alignas(64) std::array<std::array<std::byte, 64>, N> copies{};
    void* translate(int pe, const void* address, std::size_t bytes, int target) const override {
        const auto* p = static_cast<const std::byte*>(address);
        const std::byte* base = copies[static_cast<std::size_t>(pe)].data();
        if (p < base || p + bytes > base + 64) return nullptr;
        return const_cast<std::byte*>(copies[static_cast<std::size_t>(target)].data() + (p - base));
    }
    std::byte* heap(int) const override { return nullptr; }
    std::size_t heap_size() const override { return 0; }
};

template <std::size_t N> struct ShmemWorldFixture {
    SymmetricCopies<N> memory;
    mpi::MpiWorld w{static_cast<int>(N), mpi::Buffering::Zero};
    ShmemWorldFixture() {
        shmem::install_symmetric_memory(&memory);
        shmem::ShmemCall init;
        init.op = shmem::ShmemOp::Init;
        std::optional<shmem::ShmemFailure> f;
        for (int p = 0; p < static_cast<int>(N); ++p)
            REQUIRE(w.shmem().issue(p, init, f) == mpi::Progress::Done);
    }
    ~ShmemWorldFixture() { shmem::install_symmetric_memory(nullptr); }
    ShmemWorldFixture(const ShmemWorldFixture&) = delete;
    ShmemWorldFixture& operator=(const ShmemWorldFixture&) = delete;
};

} // namespace rankfold::test
