#include "simulated-mpi/src/RequestTable.hpp"

#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/StateHasher.hpp"

#include <algorithm>
#include <utility>

namespace rankfold::mpi {

int RequestTable::create(int rank) {
    auto& table = slots_[rank];
    // Lowest free slot first: the same history always yields the same handle values.
    auto it =
        std::find_if(table.begin(), table.end(), [](const Request& r) { return r.is_free(); });
    if (it != table.end()) return static_cast<int>(it - table.begin());
    table.emplace_back();
    return static_cast<int>(table.size() - 1);
}

const Request* RequestTable::find(int rank, MPI_Request handle) const {
    auto index = handle_index(handle, RF_KIND_REQUEST);
    const auto& table = slots_[rank];
    if (!index || *index >= static_cast<int>(table.size())) return nullptr;
    const Request& r = table[*index];
    return r.is_free() ? nullptr : &r;
}

Request* RequestTable::find(int rank, MPI_Request handle) {
    return const_cast<Request*>(std::as_const(*this).find(rank, handle));
}

const Request* RequestTable::slot(int rank, int slot) const {
    const auto& table = slots_[rank];
    return slot < static_cast<int>(table.size()) ? &table[slot] : nullptr;
}

void RequestTable::release(int rank, int slot) {
    auto& table = slots_[rank];
    // Trailing free slots are dropped so that equal histories give equal tables (the last
    // slot, the usual case, goes without being reset first).
    if (static_cast<std::size_t>(slot) + 1 == table.size())
        table.pop_back();
    else
        table[slot] = Request{};
    while (!table.empty() && table.back().is_free()) table.pop_back();
}

void RequestTable::finish(int rank, int slot) {
    Request& req = slots_[rank][slot];
    req.complete = true;
    const int whole = req.part_of;
    if (req.user_freed) release(rank, slot);
    if (whole < 0) return;
    // The send half of an MPI_Isendrecv: its receive completes now if its message came.
    Request& receive = slots_[rank][whole];
    if (receive.companion != slot) return; // cancelled or freed meanwhile
    receive.companion = -1;
    if (receive.arrived) {
        receive.arrived = false;
        finish(rank, whole);
    }
}

void RequestTable::receive_arrived(int rank, int slot) {
    Request& req = slots_[rank][slot];
    if (req.companion >= 0) {
        req.arrived = true; // its send half is still pending
        return;
    }
    finish(rank, slot);
}

std::vector<const Request*> RequestTable::unfinished(int rank) const {
    std::vector<const Request*> out;
    for (const Request& r : slots_[rank])
        if (!r.is_free() && (r.active || !r.persistent)) out.push_back(&r);
    return out;
}

namespace {
constexpr std::uint64_t kHeapRootMark = 0xb10c'0000'0000'00ffULL;

void feed_request(StateHasher& h, const Request& r, std::uint64_t buffer) {
    h.value(static_cast<std::uint8_t>(r.kind));
    if (r.is_free()) return;
    h.value(static_cast<std::uint8_t>(r.mode));
    h.value(static_cast<std::uint8_t>(r.persistent | r.active << 1 | r.complete << 2 |
                                      r.user_freed << 3 | r.started << 4 | r.cancelled << 5 |
                                      r.immediate << 6));
    for (int v : {r.peer, r.tag, r.comm, r.count, r.datatype, r.status_source, r.status_tag,
                  r.status_error})
        h.value(v);
    // Only the halves of an MPI_Isendrecv feed these, so that other digests stay as they were.
    if (r.companion >= 0 || r.part_of >= 0 || r.arrived)
        for (int v : {r.companion, r.part_of, static_cast<int>(r.arrived)}) h.value(v);
    if (r.kind == Request::Kind::Generalized)
        for (std::uintptr_t f : {r.grequest_query, r.grequest_free, r.grequest_cancel})
            h.value(static_cast<std::uint64_t>(f));
    h.value(r.layout ? r.layout->digest() : 0);
    r.sent.feed(h);
    for (std::uint64_t v :
         {buffer, static_cast<std::uint64_t>(r.site), static_cast<std::uint64_t>(r.status_bytes),
          static_cast<std::uint64_t>(r.message_bytes), static_cast<std::uint64_t>(r.bsend_bytes)})
        h.value(v);
}
} // namespace

void RequestTable::feed(StateHasher& h, int rank, const HeapRoot* heap_root) const {
    const auto& table = slots_[rank];
    h.value(static_cast<std::uint64_t>(table.size()));
    for (const Request& r : table) {
        const auto buffer = static_cast<std::uint64_t>(r.buffer);
        const bool root = heap_root != nullptr && !r.is_free() && r.buffer != 0 &&
                          (*heap_root)(rank, r.buffer, r.buffer);
        feed_request(h, r, root ? kHeapRootMark : buffer);
    }
}

} // namespace rankfold::mpi
