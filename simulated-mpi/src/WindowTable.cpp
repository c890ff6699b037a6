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

void feed_map(StateHasher& h, const TypemapRef& map) {
    h.value(map ? map->digest() : std::uint64_t{0});
}

void feed_op(StateHasher& h, const PendingRma& op) {
    h.value(static_cast<std::uint8_t>(op.kind));
    h.value(op.target);
    h.value(op.target_offset);
    h.value(op.target_count);
    feed_map(h, op.target_map);
    for (const Payload* p : {&op.origin_data, &op.compare_data}) {
        h.value(static_cast<std::uint64_t>(p->size()));
        h.bytes(p->data(), p->size());
    }
    h.value(reinterpret_cast<std::uintptr_t>(op.result));
    h.value(op.result_count);
    feed_map(h, op.result_map);
    h.value(op.op);
    h.value(op.site);
    h.value(op.passive);
}

void feed_member(StateHasher& h, const WindowMember& m) {
    h.value(m.world_rank);
    h.value(m.base);
    h.value(static_cast<std::int64_t>(m.size));
    h.value(m.disp_unit);
    h.value(reinterpret_cast<std::uintptr_t>(m.attributes));
    h.value(m.comm);
    h.value(m.errhandler);
    h.value(m.site);
    h.value(static_cast<std::uint64_t>(m.name.size()));
    h.bytes(m.name.data(), m.name.size());
    h.value(static_cast<std::uint8_t>(m.freed | m.fence_epoch << 1 | m.lock_all << 2 |
                                      m.access_started << 3 | m.exposure_posted << 4 |
                                      m.no_put << 5));
    h.value(static_cast<std::uint64_t>(m.locks.size()));
    for (LockHeld l : m.locks) h.value(static_cast<std::uint8_t>(l));
    h.value(m.lock_request);
    h.value(static_cast<std::uint8_t>(m.lock_request_type));
    for (const std::vector<int>* v : {&m.start_group, &m.post_group, &m.exposures}) {
        h.value(static_cast<std::uint64_t>(v->size()));
        for (int x : *v) h.value(x);
    }
    h.value(static_cast<std::uint64_t>(m.pending.size()));
    for (const PendingRma& op : m.pending) feed_op(h, op);
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
            h.value(address);
            h.value(static_cast<std::int64_t>(bytes));
        }
    }
}

} // namespace

void WindowTable::feed(StateHasher& h) const {
    h.value(static_cast<std::uint64_t>(windows_.size()));
    for (const Window& w : windows_) {
        h.value(w.comm_id);
        h.value(w.flavor);
        if (w.shared_block != 0) h.value(w.shared_block); // only then: other digests stay
        h.value(static_cast<std::uint64_t>(w.members.size()));
        for (const WindowMember& m : w.members) feed_member(h, m);
    }
}

} // namespace rankfold::mpi
