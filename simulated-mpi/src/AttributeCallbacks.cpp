#include "simulated-mpi/src/AttributeCallbacks.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rankfold::mpi {

int delete_attribute(const LocalCall& call, MPI_Comm comm, int keyval, MPI_Aint value) {
    const Keyval* k = call.world.rank_state(call.rank).keyvals.find(keyval);
    if (k == nullptr || k->del == nullptr) return MPI_SUCCESS;
    int result = MPI_SUCCESS;
    {
        snapshot::CallbackScope app(*call.section);
        result = k->del(comm, keyval, reinterpret_cast<void*>(value),
                        reinterpret_cast<void*>(k->extra_state));
    }
    if (result != MPI_SUCCESS)
        return call.error(
            comm, result, Misuse::InvalidArgument,
            fmt::format("the delete function of key {:#x} returned {}", keyval, result));
    return MPI_SUCCESS;
}

void reclaim_if_unused(const LocalCall& call, int keyval) {
    if (call.world.comms().uses_key(call.rank, keyval)) return;
    const WindowTable& windows = call.world.windows();
    for (int w = 0; w < windows.size(); ++w)
        for (const WindowMember& m : windows.at(w).members)
            if (m.world_rank == call.rank && !m.freed)
                for (const auto& a : m.user_attributes)
                    if (a.first == keyval) return;
    call.world.rank_state(call.rank).keyvals.reclaim(keyval);
}

int delete_attributes(const LocalCall& call, MPI_Comm comm) {
    CommHandle* h = call.world.comms().handle(call.rank, comm);
    if (h == nullptr) return MPI_SUCCESS;
    // MPI_COMM_SELF's attributes go in the reverse order of setting (MPI 3.1 §8.7.1: at
    // MPI_Finalize, last in first out); other communicators' in the order set.
    auto attributes = h->attributes;
    if (comm == MPI_COMM_SELF) std::reverse(attributes.begin(), attributes.end());
    for (const auto& [keyval, value] : attributes)
        if (const int err = delete_attribute(call, comm, keyval, value); err != MPI_SUCCESS)
            return err;
    if (CommHandle* again = call.world.comms().handle(call.rank, comm)) again->attributes.clear();
    for (const auto& [keyval, value] : attributes) reclaim_if_unused(call, keyval);
    return MPI_SUCCESS;
}

int copy_attributes(const LocalCall& call, MPI_Comm from, MPI_Comm to) {
    const CommHandle* h = call.world.comms().handle(call.rank, from);
    if (h == nullptr) return MPI_SUCCESS;
    const auto attributes = h->attributes;
    std::vector<std::pair<int, MPI_Aint>> copied;
    for (const auto& [keyval, value] : attributes) {
        const Keyval* k = call.world.rank_state(call.rank).keyvals.find(keyval);
        if (k == nullptr || k->copy == nullptr) continue;
        void* out = nullptr;
        int flag = 0;
        int result = MPI_SUCCESS;
        {
            snapshot::CallbackScope app(*call.section);
            result = k->copy(from, keyval, reinterpret_cast<void*>(k->extra_state),
                             reinterpret_cast<void*>(value), &out, &flag);
        }
        if (result != MPI_SUCCESS)
            return call.error(
                from, result, Misuse::InvalidArgument,
                fmt::format("the copy function of key {:#x} returned {}", keyval, result));
        if (flag != 0) copied.emplace_back(keyval, reinterpret_cast<MPI_Aint>(out));
    }
    if (CommHandle* target = call.world.comms().handle(call.rank, to))
        target->attributes = std::move(copied);
    return MPI_SUCCESS;
}

} // namespace rankfold::mpi
