// Contracts (CoVer's language) checked on the calls of every explored execution.
//
// At a call of a function that supplies contracts: its PREs are decided against the rank's
// earlier calls (the violation is reported at this call), and its POSTs open, to be decided by
// the rank's later calls. A later call that breaks an open POST (a no!...until! release
// forbids it) is reported where it happens; a POST still unsatisfied when the execution ends
// is reported at the call that supplied it. Calls are matched per rank, as CoVer-Dynamic does
// per process. The monitor's memory (ContractState) is part of the state.
//
// read!/write! parts of open POSTs are decided by the supplying rank's memory accesses: the
// monitor names the bytes it watches (watched_bytes), and the instrumentation sends the
// accesses that touch them. Without accesses (`accesses` false: --no-races) they count as
// satisfied.
#pragma once

#include "properties/Monitor.hpp"
#include "properties/contracts/ContractEvaluation.hpp"
#include "properties/contracts/ContractSet.hpp"
#include "properties/contracts/ContractState.hpp"

#include <functional>
#include <optional>

namespace rankfold::properties::contracts {

using SiteLocator = std::function<std::optional<CodeLocation>(std::uintptr_t site)>;

class ContractMonitor final : public Monitor {
public:
    ContractMonitor(Verdicts& verdicts, const ContractSet& set, MemoryReader read,
                    SiteLocator locate, bool accesses = true);
    std::string_view name() const override { return "contracts"; }

    void on_call(const CallEvent& e) override;
    bool watches_call(std::string_view function) const override { return set_.concerns(function); }
    void on_end_state(const EndStateEvent& e) override;
    void on_memory_access(const MemoryAccessEvent& e) override;
    ByteRange watched_bytes(int rank) const override;

    std::unique_ptr<MonitorState> save() const override;
    void restore(const MonitorState& state) override;
    void clear() override { state_.ranks.clear(); }

private:
    RankContracts& rank(int r);
    // Each returns false when it reported a violation (the path ends there).
    bool check_pre(const SuppliedContract& c, const RankContracts& rc, const CallEvent& e);
    bool advance_open(RankContracts& rc, const CallEvent& e);
    void report(const SuppliedContract& c, int rank, std::uintptr_t supplied_at,
                std::uintptr_t broken_at, std::string failed);

    const ContractSet& set_;
    MemoryReader read_;
    Matcher matcher_;
    SiteLocator locate_;
    bool accesses_;                       // open POSTs' read!/write! are decided by accesses
    bool records_reads_, records_writes_; // every load / store is remembered for PREs
    ContractState state_;
};

} // namespace rankfold::properties::contracts
