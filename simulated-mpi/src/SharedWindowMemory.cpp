// SharedWindowMemory: the block is allocated as `world_rank` (RankGate::run_as_rank sets that
// rank's arena), since the collective that makes the window runs in the checker.
#include "simulated-mpi/src/SharedWindowMemory.hpp"

#include "simulated-mpi/interface/RankGate.hpp"
#include "snapshot/AppContext.hpp"
#include "snapshot/RankArena.hpp"

#include <cstdlib>

namespace rankfold::mpi {

namespace {

struct Allocation {
    std::size_t bytes;
    void* block;
};

void as_rank(int world_rank, void (*fn)(void*), void* argument) {
    if (RankGate* gate = installed_rank_gate())
        gate->run_as_rank(world_rank, fn, argument);
    else
        fn(argument);
}

} // namespace

void* allocate_shared_block(int world_rank, std::size_t bytes) {
    Allocation a{bytes == 0 ? 1 : bytes, nullptr};
    as_rank(
        world_rank,
        [](void* argument) {
            auto* a = static_cast<Allocation*>(argument);
            if (snapshot::RankArena* arena = snapshot::g_app_arena)
                a->block = arena->allocate(a->bytes, 64); // arena blocks are zeroed
            else
                a->block = std::calloc(a->bytes, 1);
        },
        &a);
    return a.block;
}

void release_shared_block(int world_rank, void* block) {
    if (block == nullptr) return;
    as_rank(
        world_rank,
        [](void* argument) {
            if (snapshot::RankArena* arena = snapshot::g_app_arena)
                arena->release(argument);
            else
                std::free(argument);
        },
        block);
}

} // namespace rankfold::mpi
