// The contracts a run checks, ready for lookup by function: which contracts a call supplies,
// which tags a function carries, and whether a call concerns the contracts at all (most do
// not, and cost one lookup).
//
// A contract an existing check already reports (`covered_by`, e.g. "usage/request-leak") is
// kept for the listing but not monitored, so the finding is reported once, by that check.
#pragma once

#include "properties/contracts/ContractAst.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace rankfold::properties::contracts {

struct SuppliedContract {
    std::string function; // the supplier
    Contract contract;
    std::string text; // to_string(contract), for reports
    std::string file; // where it was declared
    SourcePos pos;
    std::string covered_by;      // non-empty: not monitored, that check reports it
    std::size_t post_leaves = 0; // operations in the POST list (one status each)
    bool pre_accesses = false;   // read!/write! in PRE: decided by the accesses remembered
    bool post_accesses = false;  // read!/write! in POST: checked on memory-access events
    bool release_in_pre = false; // a no!...until! in PRE: not checked (it speaks of "after")
};

class ContractSet {
public:
    // Adds every declaration; `covered_by` as above. Declarations with only TAGS add tags.
    void add(const std::vector<Declaration>& declarations, const std::string& covered_by = "");

    bool empty() const { return monitored_ == 0; }
    std::size_t monitored() const { return monitored_; }
    const std::vector<SuppliedContract>& contracts() const { return contracts_; }

    // The monitored contracts `function` supplies (indices into contracts()), or nullptr.
    const std::vector<int>* supplied_by(std::string_view function) const;
    // The tag `tag` of `function`: nullopt if it has none; else the stored parameter, if any.
    std::optional<std::optional<int>> tag_of(std::string_view function, std::string_view tag) const;
    // The function's number in history records, or -1 when no PRE asks for its calls.
    int recorded_id(std::string_view function) const;
    const std::string& recorded_name(int id) const { return recorded_names_[id]; }
    // True when calls of `function` can matter to a monitored contract.
    bool concerns(std::string_view function) const;

    // Whether some monitored POST has read!/write! parts (they need memory-access events).
    bool watches_accesses() const { return watches_accesses_; }
    // Some monitored PRE has a read! (write!): every load (store) of the program must be
    // remembered.
    bool records_reads() const { return records_reads_; }
    bool records_writes() const { return records_writes_; }

    // One line per monitored contract that has parts not checked, "FILE:LINE:COLUMN: ...".
    // `accesses`: whether memory accesses are observed (not under --no-races).
    std::vector<std::string> unchecked_parts(bool accesses) const;

private:
    void index(int id);
    void note_targets(const Formula& f, bool pre);
    void record(const std::string& function);

    std::vector<SuppliedContract> contracts_;
    std::size_t monitored_ = 0;
    bool watches_accesses_ = false;
    bool records_reads_ = false, records_writes_ = false;
    std::map<std::string, std::vector<int>, std::less<>> supplied_;
    std::map<std::string, std::vector<Tag>, std::less<>> tags_;
    std::set<std::string, std::less<>> call_targets_;  // call!(F) of monitored contracts
    std::set<std::string, std::less<>> tag_targets_;   // call_tag!(T) of monitored contracts
    std::set<std::string, std::less<>> pre_functions_; // call!(F) inside some PRE
    std::set<std::string, std::less<>> pre_tags_;      // call_tag!(T) inside some PRE
    std::map<std::string, int, std::less<>> recorded_; // function -> id in history records
    std::vector<std::string> recorded_names_;
    // Every function concerns() is true for, computed by add(): the monitor asks once per MPI
    // call, and three ordered-map lookups per call were a tenth of a point-to-point stream.
    struct NameHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const {
            return std::hash<std::string_view>{}(s);
        }
    };
    std::unordered_set<std::string, NameHash, std::equal_to<>> concerned_;
};

// Operations (leaves) of a formula: call!, call_tag!, read!, write! and no!...until! each count
// one.
std::size_t leaf_count(const Formula& f);

} // namespace rankfold::properties::contracts
