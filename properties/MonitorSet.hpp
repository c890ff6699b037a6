// The monitors of a run, as one: every event goes to each of them, and their verdicts are
// gathered here — the current path's first violation (the path ends there), and the distinct
// warnings of every path explored. The path's violation and every monitor's state make up
// the state value a snapshot keeps (State).
#pragma once

#include "properties/Monitor.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace rankfold::properties {

class MonitorSet final : public EventSink, private Verdicts {
public:
    MonitorSet() = default;
    MonitorSet(const MonitorSet&) = delete;
    MonitorSet& operator=(const MonitorSet&) = delete;

    template <class M, class... Args> M& add(Args&&... args) {
        ++generation_;
        auto monitor =
            std::make_unique<M>(static_cast<Verdicts&>(*this), std::forward<Args>(args)...);
        M& added = *monitor;
        monitors_.push_back(std::move(monitor));
        return added;
    }
    std::size_t size() const { return monitors_.size(); }

    void on_call(const CallEvent& e) override;
    bool watches_call(std::string_view function) const override;
    void on_delivery(const DeliveryEvent& e) override;
    void on_misuse(const MisuseEvent& e) override;
    void on_leak(const LeakEvent& e) override;
    void on_hazard(const HazardEvent& e) override;
    void on_rank_fault(const RankFaultEvent& e) override;
    void on_end_state(const EndStateEvent& e) override;
    void on_pending_buffers(const PendingBuffersEvent& e) override;
    void on_memory_access(const MemoryAccessEvent& e) override;
    ByteRange watched_bytes(int rank) const override; // the hull of every monitor's
    void on_sync(const SyncEvent& e) override;
    void on_remote_op(const RemoteOpEvent& e) override;
    void on_remote_completion(const RemoteCompletionEvent& e) override;
    void on_exposed_memory(const ExposedMemoryEvent& e) override;

    const std::optional<Violation>& violation() const { return violation_; }
    const std::vector<Violation>& warnings() const { return warnings_; }

    // The part of the state the monitors own.
    class State {
    public:
        State() = default;
        State(const State& other);
        State& operator=(const State& other);
        State(State&&) = default;
        State& operator=(State&&) = default;
        ~State() = default;
        friend bool operator==(const State& a, const State& b);
        // `in_heap` (semantic equality with a heap canonical form, else null): see InHeap.
        void fingerprint(snapshot::FingerprintBuilder& into, const InHeap* in_heap = nullptr) const;

    private:
        friend class MonitorSet;
        std::optional<Violation> violation;
        std::vector<std::unique_ptr<MonitorState>> monitors; // nullptr: keeps none
    };
    State save() const;
    void restore(const State& state);
    // Every monitor's heap roots of `rank`, in the order State::fingerprint meets them.
    void heap_roots(int rank, std::vector<std::uintptr_t>& out) const;

private:
    void report_violation(Violation v) override;
    void report_warning(Violation v) override;
    template <class Event> void dispatch(void (EventSink::*handler)(const Event&), const Event& e);

    std::vector<std::unique_ptr<Monitor>> monitors_;
    std::optional<Violation> violation_;
    std::vector<Violation> warnings_; // over every path: not part of the state
    // Per rank, which monitors (bit i: monitors_[i]) watched some of its bytes when
    // watched_bytes last computed its hull; the others get none of its memory accesses. Not
    // part of the state: the hull is computed again when a rank runs (AccessChecker::enter).
    mutable std::vector<std::uint64_t> watching_;
    // A monitor's state, and so the bytes it watches, changes only through the events and
    // restores that pass through here; each bumps `generation_`. watched_bytes, asked each time a
    // rank runs, answers from `hulls_` (per rank: the hull and the generation it was computed
    // at) while nothing passed since: a run of point-to-point calls with nothing pending asks
    // every monitor once, not at each call.
    std::uint64_t generation_ = 1;
    mutable std::vector<std::pair<std::uint64_t, ByteRange>> hulls_;
};

} // namespace rankfold::properties
