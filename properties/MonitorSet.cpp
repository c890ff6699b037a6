#include "properties/MonitorSet.hpp"

#include <algorithm>

namespace rankfold::properties {

template <class Event>
void MonitorSet::dispatch(void (EventSink::*handler)(const Event&), const Event& e) {
    // After the path's violation nothing more is judged: the path ends there.
    if (violation_) return;
    ++generation_;
    for (const auto& m : monitors_) (m.get()->*handler)(e);
}

void MonitorSet::on_delivery(const DeliveryEvent& e) {
    dispatch(&EventSink::on_delivery, e);
}

void MonitorSet::on_call(const CallEvent& e) {
    dispatch(&EventSink::on_call, e);
}
bool MonitorSet::watches_call(std::string_view function) const {
    return std::any_of(monitors_.begin(), monitors_.end(),
                       [&](const auto& m) { return m->watches_call(function); });
}
void MonitorSet::on_misuse(const MisuseEvent& e) {
    dispatch(&EventSink::on_misuse, e);
}
void MonitorSet::on_leak(const LeakEvent& e) {
    dispatch(&EventSink::on_leak, e);
}

void MonitorSet::on_hazard(const HazardEvent& e) {
    dispatch(&EventSink::on_hazard, e);
}
void MonitorSet::on_rank_fault(const RankFaultEvent& e) {
    dispatch(&EventSink::on_rank_fault, e);
}
void MonitorSet::on_end_state(const EndStateEvent& e) {
    dispatch(&EventSink::on_end_state, e);
}

void MonitorSet::on_pending_buffers(const PendingBuffersEvent& e) {
    dispatch(&EventSink::on_pending_buffers, e);
}
void MonitorSet::on_memory_access(const MemoryAccessEvent& e) {
    // Only to the monitors that watch some bytes of the rank: a load or store reaches the
    // checker only through the hull watched_bytes gave last (AccessChecker::rewatch), and the
    // others ignore it (the race monitor's pending buffers of an RMA window make a test that
    // walks the window element by element pay every monitor's call for each access).
    if (violation_) return;
    ++generation_;
    const std::uint64_t mask = e.rank >= 0 && static_cast<std::size_t>(e.rank) < watching_.size()
                                   ? watching_[static_cast<std::size_t>(e.rank)]
                                   : ~std::uint64_t{0};
    for (std::size_t i = 0; i < monitors_.size(); ++i)
        if (i >= 64 || (mask >> i & 1U) != 0) monitors_[i]->on_memory_access(e);
}
void MonitorSet::on_sync(const SyncEvent& e) {
    dispatch(&EventSink::on_sync, e);
}
void MonitorSet::on_remote_op(const RemoteOpEvent& e) {
    dispatch(&EventSink::on_remote_op, e);
}
void MonitorSet::on_remote_completion(const RemoteCompletionEvent& e) {
    dispatch(&EventSink::on_remote_completion, e);
}
void MonitorSet::on_exposed_memory(const ExposedMemoryEvent& e) {
    dispatch(&EventSink::on_exposed_memory, e);
}

ByteRange MonitorSet::watched_bytes(int rank) const {
    const bool cached = rank >= 0 && static_cast<std::size_t>(rank) < hulls_.size();
    if (cached && hulls_[static_cast<std::size_t>(rank)].first == generation_)
        return hulls_[static_cast<std::size_t>(rank)].second; // watching_[rank] is as it was
    ByteRange hull;
    std::uint64_t mask = 0;
    for (std::size_t i = 0; i < monitors_.size(); ++i) {
        const ByteRange mine = monitors_[i]->watched_bytes(rank);
        if (mine.low < mine.high && i < 64) mask |= std::uint64_t{1} << i;
        hull = widened(hull, mine);
    }
    if (rank >= 0) {
        if (static_cast<std::size_t>(rank) >= watching_.size())
            watching_.resize(static_cast<std::size_t>(rank) + 1, ~std::uint64_t{0});
        watching_[static_cast<std::size_t>(rank)] = mask;
        if (static_cast<std::size_t>(rank) >= hulls_.size())
            hulls_.resize(static_cast<std::size_t>(rank) + 1, {0, ByteRange{}});
        hulls_[static_cast<std::size_t>(rank)] = {generation_, hull};
    }
    return hull;
}

void MonitorSet::report_violation(Violation v) {
    if (!violation_) violation_ = std::move(v);
}

void MonitorSet::report_warning(Violation v) {
    const bool known = std::any_of(warnings_.begin(), warnings_.end(),
                                   [&](const Violation& w) { return same_finding(w, v); });
    if (!known) warnings_.push_back(std::move(v));
}

MonitorSet::State MonitorSet::save() const {
    State s;
    s.violation = violation_;
    // Monitors that keep no state leave the list empty (no allocation per snapshot).
    for (std::size_t i = 0; i < monitors_.size(); ++i) {
        std::unique_ptr<MonitorState> state = monitors_[i]->save();
        if (!state) continue;
        s.monitors.resize(monitors_.size());
        s.monitors[i] = std::move(state);
    }
    return s;
}

void MonitorSet::restore(const State& s) {
    ++generation_;
    violation_ = s.violation;
    for (std::size_t i = 0; i < monitors_.size(); ++i) {
        if (i < s.monitors.size() && s.monitors[i])
            monitors_[i]->restore(*s.monitors[i]);
        else
            monitors_[i]->clear();
    }
}

MonitorSet::State::State(const State& other) : violation(other.violation) {
    monitors.reserve(other.monitors.size());
    for (const auto& m : other.monitors) monitors.push_back(m ? m->clone() : nullptr);
}

MonitorSet::State& MonitorSet::State::operator=(const State& other) {
    if (this != &other) {
        State copy(other);
        *this = std::move(copy);
    }
    return *this;
}

bool operator==(const MonitorSet::State& a, const MonitorSet::State& b) {
    if (a.violation != b.violation || a.monitors.size() != b.monitors.size()) return false;
    for (std::size_t i = 0; i < a.monitors.size(); ++i) {
        const MonitorState* x = a.monitors[i].get();
        const MonitorState* y = b.monitors[i].get();
        if ((x == nullptr) != (y == nullptr)) return false;
        if (x != nullptr && !x->equals(*y)) return false;
    }
    return true;
}

void MonitorSet::State::fingerprint(snapshot::FingerprintBuilder& into,
                                    const InHeap* in_heap) const {
    // A path with a violation ends there and is never looked up: its presence is enough.
    into.value(static_cast<std::uint8_t>(violation.has_value()));
    for (const auto& m : monitors)
        if (m && in_heap != nullptr)
            m->fingerprint_semantic(into, *in_heap);
        else if (m)
            m->fingerprint(into);
}

void MonitorSet::heap_roots(int rank, std::vector<std::uintptr_t>& out) const {
    for (const auto& m : monitors_) m->heap_roots(rank, out);
}

} // namespace rankfold::properties
