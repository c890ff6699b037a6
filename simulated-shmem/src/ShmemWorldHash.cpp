// ShmemWorld::hash: every field operator== looks at, one by one.
#include "simulated-mpi/src/StateHasher.hpp"
#include "simulated-shmem/interface/ShmemWorld.hpp"

namespace rankfold::shmem {

std::uint64_t ShmemWorld::hash() const {
    mpi::StateHasher h;
    for (const PeState& p : pes_) {
        h.value(static_cast<std::uint8_t>(p.initialized | p.finalized << 1));
        h.value(p.collectives);
        for (const CollectiveEntry* e : {&p.current, &p.previous}) {
            h.value(static_cast<std::uint8_t>(e->op));
            h.value(e->size);
        }
        h.value(p.heap.blocks().size());
        for (const SymmetricBlock& b : p.heap.blocks()) {
            h.value(b.offset);
            h.value(b.size);
        }
    }
    return h.digest();
}

} // namespace rankfold::shmem
