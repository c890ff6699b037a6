// Races of a rank with its own pending operations (sub-kind local-buffer), and of one-sided
// operations at their targets (sub-kind remote, RemoteRaces.hpp): the program touches
// the buffer of a nonblocking operation before completing it, or starts an operation whose
// buffer shares bytes with a pending one and one of them writes. Its state — every rank's
// pending buffers — is a value: part of every snapshot and of the state's fingerprint.
//
// The instrumentation asks hull(rank) for the bytes worth a closer look, so that an access far
// from every pending buffer costs it a comparison or two (mc/runtime/AccessChecker).
#pragma once

#include "properties/Monitor.hpp"
#include "properties/races/LocalRace.hpp"
#include "properties/races/RemoteRaces.hpp"

#include <functional>
#include <optional>
#include <vector>

namespace rankfold::properties::races {

struct RaceState final : MonitorState {
    std::vector<std::vector<PendingBuffer>> ranks; // by rank, in the order the runtime listed
    RemoteRaces remote; // one-sided operations still able to race (RemoteRaces.hpp)
    std::unique_ptr<MonitorState> clone() const override {
        return std::make_unique<RaceState>(*this);
    }
    bool equals(const MonitorState& other) const override;
    void fingerprint(snapshot::FingerprintBuilder& into) const override;
    // A pending buffer's range, or one of the remote half's, that lies in a live heap block: a
    // mark and its length (the memory's canonical form has its block and offset:
    // RaceMonitor::heap_roots).
    void fingerprint_semantic(snapshot::FingerprintBuilder& into,
                              const InHeap& in_heap) const override;

private:
    void feed(snapshot::FingerprintBuilder& into, const InHeap* in_heap) const;
};

class RaceMonitor final : public Monitor {
public:
    // `locate` turns a return address of the program into its source line.
    using Locate = std::function<std::optional<CodeLocation>(std::uintptr_t site)>;
    RaceMonitor(Verdicts& verdicts, int ranks, Locate locate);

    std::string_view name() const override { return "races"; }
    void on_pending_buffers(const PendingBuffersEvent& e) override;
    void on_memory_access(const MemoryAccessEvent& e) override;
    ByteRange watched_bytes(int rank) const override { return hull(rank); }
    void on_sync(const SyncEvent& e) override;
    void on_remote_op(const RemoteOpEvent& e) override;
    void on_remote_completion(const RemoteCompletionEvent& e) override;
    void on_exposed_memory(const ExposedMemoryEvent& e) override;

    std::unique_ptr<MonitorState> save() const override;
    void restore(const MonitorState& state) override;
    void clear() override;
    // The start of every range of `rank`'s pending buffers, in the order of its state, then
    // those of the remote half (future_roots).
    void heap_roots(int rank, std::vector<std::uintptr_t>& out) const override;

    // The smallest range holding every pending buffer of `rank` and the bytes of it that
    // live one-sided operations occupy ({0, 0}: none).
    ByteRange hull(int rank) const;
    const std::vector<PendingBuffer>& pending(int rank) const {
        return state_.ranks.at(static_cast<std::size_t>(rank));
    }
    // No one-sided operation can race any more: the emitters may skip synchronisation events.
    bool remote_empty() const { return state_.remote.empty(); }
    // Whether some rank has a window: joins are then followed (their instances counted).
    bool follows_joins() const { return !state_.remote.exposes_nothing(); }
    // Whether `rank`'s arrival at join `token` (any instance) was counted and it has not
    // departed yet.
    bool inside_join(int rank, std::uint64_t token) const {
        return state_.remote.inside_join(rank, token);
    }

private:
    RaceAccess operation_side(int rank, const PendingBuffer& p, ByteRange bytes) const;
    void report(int rank, RaceAccess first, RaceAccess second, const std::string& what,
                const char* subkind = "local-buffer");
    RaceAccess remote_side(const RemoteOp& op, ByteRange bytes) const;
    void report_remote_op(const RemoteOpEvent& e, const RemoteConflict& c);
    void report_shared_access(int rank, const std::string& how, RaceAccess second,
                              const RemoteConflict& c);
    void update_hulls();
    // The first recorded buffer equal to `buffer` not matched yet (matched_), from `from` on,
    // then from the start; mine.size() for none.
    std::size_t unmatched(const std::vector<PendingBuffer>& mine, const PendingBuffer& buffer,
                          std::size_t from) const;

    // The fast path of a rank walking its own exposed memory (MPICH's rma/lockall_dt_flush
    // reads and writes its window byte by byte): after an access that only grew the rank's
    // open record, the next of the same kind that starts within that record's last range and
    // stays within `quiet` (RemoteRaces::quiet_around, clear of the rank's pending buffers it
    // would conflict with) only grows the record, as the full path would. Not state: any change
    // of state_ may change what it rests on, and forgets it (changing()).
    struct AccessRun {
        int rank = -1; // none
        bool write = false;
        ByteRange quiet;
        std::size_t record = 0; // the open record's index in the remote half
    };
    bool extend_run(const MemoryAccessEvent& e);
    void start_run(const MemoryAccessEvent& e);
    // The state, to change it: the access run rests on the state it began in, so every change
    // but the run's own growth (extend_run) goes through here and forgets it.
    RaceState& changing() {
        run_.rank = -1;
        return state_;
    }

    RaceState state_;
    AccessRun run_;
    std::vector<ByteRange> hulls_; // derived from state_
    // on_pending_buffers' scratch, not state: which recorded buffers were matched, which
    // listed ones are new.
    std::vector<char> matched_;
    std::vector<char> added_;
    Locate locate_;
};

} // namespace rankfold::properties::races
