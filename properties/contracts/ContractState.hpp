// What the contract monitor remembers, per rank, as a value (DESIGN.md §6): the calls a PRE may
// ask about, the bytes a PRE's read!/write! may ask about, and the POST requirements still open. It
// is copied into every snapshot and is part of the state's fingerprint and equality, so two paths
// that reach the same memory with different open requirements stay two states.
#pragma once

#include "properties/Event.hpp"
#include "properties/Monitor.hpp"
#include "properties/contracts/TouchedBytes.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace rankfold::properties::contracts {

using Arguments = std::vector<CallArgument>;

inline bool same_arguments(const Arguments& a, const Arguments& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].value != b[i].value || a[i].pointee_size != b[i].pointee_size ||
            a[i].bytes != b[i].bytes)
            return false;
    return true;
}

// A past call a PRE may ask about (each distinct call once).
struct CallRecord {
    int function = 0; // ContractSet::recorded_id
    Arguments args;
    friend bool operator==(const CallRecord& a, const CallRecord& b) {
        return a.function == b.function && same_arguments(a.args, b.args);
    }
};

// Status of one operation of an open POST. Final once not Open.
enum class LeafStatus : std::uint8_t { Open, Satisfied, Violated };

// A POST a call supplied that is not decided yet.
struct OpenPost {
    int contract = 0;        // index into ContractSet::contracts()
    std::uintptr_t site = 0; // the supplying call
    Arguments args;          // the supplying call's arguments
    std::vector<LeafStatus> leaves;
    friend bool operator==(const OpenPost& a, const OpenPost& b) {
        return a.contract == b.contract && a.site == b.site && same_arguments(a.args, b.args) &&
               a.leaves == b.leaves;
    }
};

struct RankContracts {
    std::vector<CallRecord> history;
    std::vector<OpenPost> open;
    // What the rank's code has read and written so far, kept only when some PRE has a
    // read!/write! (ContractSet::records_accesses).
    TouchedBytes reads, writes;
    friend bool operator==(const RankContracts&, const RankContracts&) = default;
};

class ContractState final : public MonitorState {
public:
    std::vector<RankContracts> ranks;

    std::unique_ptr<MonitorState> clone() const override {
        return std::make_unique<ContractState>(*this);
    }
    bool equals(const MonitorState& other) const override {
        return ranks == static_cast<const ContractState&>(other).ranks;
    }
    void fingerprint(snapshot::FingerprintBuilder& into) const override;
};

} // namespace rankfold::properties::contracts
