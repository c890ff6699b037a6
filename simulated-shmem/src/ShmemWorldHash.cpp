// ShmemWorld::hash: every field operator== looks at, one by one.
#include "simulated-mpi/src/StateHasher.hpp"
#include "simulated-shmem/interface/ShmemWorld.hpp"

namespace rankfold::shmem {

std::uint64_t ShmemWorld::hash() const {
    mpi::StateHasher h;
    for (const PeState& p : pes_) {
        h.value(static_cast<std::uint8_t>(p.initialized | p.finalized << 1));
        h.value(p.heap.blocks().size());
        for (const SymmetricBlock& b : p.heap.blocks()) {
            h.value(b.offset);
            h.value(b.size);
        }
        h.value(p.pending.size());
        for (const PendingPut& put : p.pending) {
            h.value(put.target);
            h.value(put.at);
            h.value(put.data.size());
            h.bytes(put.data.data(), put.data.size());
            h.value(reinterpret_cast<std::uintptr_t>(put.update));
            h.value(put.combine);
            h.value(put.signal_at);
            h.value(put.signal);
            h.value(static_cast<std::uint8_t>(put.signal_add));
            h.value(put.site);
            if (put.context != 0) h.value(put.context); // digests of default-only programs stay
        }
        if (!p.fetches.empty()) { // digests of programs without nbi atomics stay
            h.value(p.fetches.size());
            for (const PendingFetch& f : p.fetches) {
                h.value(f.buffer);
                h.value(f.bytes);
                h.value(f.context);
                h.value(f.site);
            }
        }
        if (!p.contexts.empty()) {
            h.value(p.contexts.size());
            for (const ShmemContext& c : p.contexts) {
                h.value(static_cast<std::uint8_t>(c.alive));
                h.value(c.options);
                h.value(c.team);
            }
        }
    }
    h.value(teams_.size());
    for (const Team& t : teams_) {
        h.value(t.members.size());
        h.value(static_cast<std::uint8_t>(t.active_set));
        for (const TeamMember& m : t.members) {
            h.value(m.pe);
            h.value(static_cast<std::uint8_t>(m.destroyed));
            h.value(m.collectives);
            for (const CollectiveEntry* e : {&m.current, &m.previous}) {
                h.value(static_cast<std::uint8_t>(e->op));
                h.value(e->size);
                h.value(e->count);
                h.value(e->root);
                h.value(e->stride);
                h.value(e->extent);
                h.value(e->kind);
                h.value(e->created);
            }
        }
    }
    return h.digest();
}

} // namespace rankfold::shmem
