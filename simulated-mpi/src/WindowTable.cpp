// WindowTable: finding a rank's windows, reusing free slots, and hashing every field that
// operator== compares.
#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/StateHasher.hpp"
#include "simulated-mpi/src/Window.hpp"

#include <algorithm>

namespace rankfold::mpi {

bool WindowMember::any_lock() const {
    return lock_all ||
           std::any_of(locks.begin(), locks.end(), [](LockHeld l) { return l != LockHeld::None; });
}

bool WindowMember::passive_or_general_epoch() const {
    return any_lock() || access_started || exposure_posted;
}

bool Window::live() const {
    return std::any_of(members.begin(), members.end(),
                       [](const WindowMember& m) { return !m.freed; });
}

MPI_Win window_handle(int index) {
    return make_handle(RF_KIND_WIN, index);
}

std::optional<WindowTable::View> WindowTable::view(int world_rank, MPI_Win handle) const {
    const auto index = handle_index(handle, RF_KIND_WIN);
    if (!index || *index >= size()) return std::nullopt;
    const Window& w = at(*index);
    for (std::size_t i = 0; i < w.members.size(); ++i)
        if (w.members[i].world_rank == world_rank && !w.members[i].freed)
            return View{*index, static_cast<int>(i)};
    return std::nullopt;
}

int WindowTable::create(Window window) {
    for (std::size_t i = 0; i < windows_.size(); ++i)
        if (!windows_[i].live()) {
            windows_[i] = std::move(window);
            return static_cast<int>(i);
        }
    windows_.push_back(std::move(window));
    return static_cast<int>(windows_.size() - 1);
}

namespace {

// An address of program memory the table holds: whose memory it is, and the bytes it stands
// for there ([low, high); high <= low: the address alone).
struct HeldAddress {
    int rank;
    std::uintptr_t low;
    std::uintptr_t high;
};

// The world rank whose memory holds the window's: a shared window's one block lies in the
// heap of its group's rank 0 (SharedWindowMemory.hpp); -1: each member's own.
int window_home(const Window& w) {
    return w.shared_block != 0 && !w.members.empty() ? w.members[0].world_rank : -1;
}

// The bytes a pending operation's result lands in at the origin: `result_count` elements of
// its type, from the lowest true lower bound to the highest true upper bound.
HeldAddress result_bytes(int origin, const PendingRma& op) {
    const auto at = reinterpret_cast<std::uintptr_t>(op.result);
    if (op.result == nullptr || !op.result_map || op.result_count <= 0) return {origin, at, at};
    const Typemap& map = *op.result_map;
    const std::int64_t last = static_cast<std::int64_t>(op.result_count - 1) * map.extent();
    const auto low = std::min<std::int64_t>({0, map.true_lb(), map.true_lb() + last});
    const auto high = std::max<std::int64_t>({0, map.true_ub(), map.true_ub() + last});
    return {origin, at + static_cast<std::uintptr_t>(low), at + static_cast<std::uintptr_t>(high)};
}

// Every address member `m` holds, in the order feed_member feeds them. `home`: window_home.
template <class F> void member_addresses(const WindowMember& m, int home, F&& f) {
    const int owner = home >= 0 ? home : m.world_rank;
    const MPI_Aint size = m.size > 0 ? m.size : 0;
    f(HeldAddress{owner, m.base, m.base + static_cast<std::uintptr_t>(size)});
    const auto attributes = reinterpret_cast<std::uintptr_t>(m.attributes);
    f(HeldAddress{m.world_rank, attributes, attributes + sizeof(WindowAttributeBlock)});
    for (const PendingRma& op : m.pending) f(result_bytes(m.world_rank, op));
    for (const auto& [address, bytes] : m.attached)
        f(HeldAddress{m.world_rank, address, address + static_cast<std::uintptr_t>(bytes)});
}

void feed_map(StateHasher& h, const TypemapRef& map) {
    h.value(map ? map->digest() : std::uint64_t{0});
}

void feed_op(StateHasher& h, const PendingRma& op, std::uint64_t result) {
    h.value(static_cast<std::uint8_t>(op.kind));
    h.value(op.target);
    h.value(op.target_offset);
    h.value(op.target_count);
    feed_map(h, op.target_map);
    for (const Payload* p : {&op.origin_data, &op.compare_data}) {
        h.value(static_cast<std::uint64_t>(p->size()));
        h.bytes(p->data(), p->size());
    }
    h.value(result);
    h.value(op.result_count);
    feed_map(h, op.result_map);
    h.value(op.op);
    h.value(op.site);
    h.value(op.passive);
}

// `words`: the member's addresses as member_addresses lists them, each fed as itself or as a
// heap root's mark.
void feed_member(StateHasher& h, const WindowMember& m, const std::vector<std::uint64_t>& words) {
    std::size_t next = 0;
    h.value(m.world_rank);
    h.value(words[next++]); // base
    h.value(static_cast<std::int64_t>(m.size));
    h.value(m.disp_unit);
    h.value(words[next++]); // attributes
    h.value(m.comm);
    h.value(m.errhandler);
    h.value(m.site);
    h.value(static_cast<std::uint64_t>(m.name.size()));
    h.bytes(m.name.data(), m.name.size());
    h.value(static_cast<std::uint8_t>(m.freed | m.fence_epoch << 1 | m.lock_all << 2 |
                                      m.access_started << 3 | m.exposure_posted << 4 |
                                      m.no_put << 5 | m.after_nosucceed << 6));
    h.value(static_cast<std::uint64_t>(m.locks.size()));
    for (LockHeld l : m.locks) h.value(static_cast<std::uint8_t>(l));
    h.value(m.lock_request);
    h.value(static_cast<std::uint8_t>(m.lock_request_type));
    for (const std::vector<int>* v : {&m.start_group, &m.post_group, &m.exposures}) {
        h.value(static_cast<std::uint64_t>(v->size()));
        for (int x : *v) h.value(x);
    }
    h.value(static_cast<std::uint64_t>(m.pending.size()));
    for (const PendingRma& op : m.pending) feed_op(h, op, words[next++]);
    h.value(m.exclusive_holder);
    h.value(m.shared_holders);
    h.value(m.completions);
    // Only once set: the digests of programs without window attributes, hints or attached
    // memory stay.
    if (!m.user_attributes.empty()) {
        h.value(static_cast<std::uint64_t>(m.user_attributes.size()));
        for (const auto& [key, value] : m.user_attributes) {
            h.value(key);
            h.value(static_cast<std::int64_t>(value));
        }
    }
    if (!m.hints.empty()) {
        h.value(std::uint8_t{'h'}); // tagged: not mistaken for another optional part
        h.value(static_cast<std::uint64_t>(m.hints.size()));
        for (const auto& [key, value] : m.hints) {
            h.value(static_cast<std::uint64_t>(key.size()));
            h.bytes(key.data(), key.size());
            h.value(static_cast<std::uint64_t>(value.size()));
            h.bytes(value.data(), value.size());
        }
    }
    if (!m.attached.empty()) {
        h.value(std::uint8_t{'a'});
        h.value(static_cast<std::uint64_t>(m.attached.size()));
        for (const auto& [address, bytes] : m.attached) {
            (void)address;
            h.value(words[next++]);
            h.value(static_cast<std::int64_t>(bytes));
        }
    }
}

} // namespace

void WindowTable::feed(StateHasher& h, const RequestTable::HeapRoot* heap_root) const {
    // Not a user-space address: stands for an address the heap canonical form feeds as a root.
    constexpr std::uint64_t kHeapRootMark = 0xb10c'0000'0000'00fdULL;
    const auto word = [heap_root](const HeldAddress& a) -> std::uint64_t {
        const bool root = heap_root != nullptr && a.low != 0 && (*heap_root)(a.rank, a.low, a.high);
        return root ? kHeapRootMark : a.low;
    };
    std::vector<std::uint64_t> words;
    h.value(static_cast<std::uint64_t>(windows_.size()));
    for (const Window& w : windows_) {
        h.value(w.comm_id);
        h.value(w.flavor);
        const int home = window_home(w);
        if (w.shared_block != 0) // only then: other digests stay
            h.value(word({home, w.shared_block, w.shared_block}));
        h.value(static_cast<std::uint64_t>(w.members.size()));
        for (const WindowMember& m : w.members) {
            words.clear();
            member_addresses(m, home, [&](const HeldAddress& a) { words.push_back(word(a)); });
            feed_member(h, m, words);
        }
    }
}

void WindowTable::heap_roots(int rank, std::vector<std::uintptr_t>& out) const {
    const auto mine = [rank, &out](const HeldAddress& a) {
        if (a.rank == rank) out.push_back(a.low);
    };
    for (const Window& w : windows_) {
        const int home = window_home(w);
        if (w.shared_block != 0) mine({home, w.shared_block, w.shared_block});
        for (const WindowMember& m : w.members) member_addresses(m, home, mine);
    }
}

} // namespace rankfold::mpi
