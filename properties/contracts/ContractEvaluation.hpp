// How a contract's formulas are decided, operation by operation.
//
// Each operation (leaf) of a requirement has a status: open, satisfied or violated, final once
// decided. A POST's call! is satisfied by a later matching call and violated if the execution
// ends first; a no!(X) until!(Y) is violated by X before Y, satisfied by Y or by the end. A PRE's
// call! is decided at once by the calls before. In a POST, read!(*k)/write!(*k) speak of the
// buffer parameter k of the supplying call describes — every byte its count and datatype reach,
// not only its start address: a read (write) of the supplying rank that touches them satisfies
// a required read!/write! (which the end violates) and violates a forbidden one before its
// release. In a PRE they are decided by the rank's accesses before the call (`accessed(op)`:
// some byte of the buffer was read, or written). `|` holds when one child holds, `^` when exactly
// one does (so it is decided only when all its children are), a list when all do.
#pragma once

#include "properties/Event.hpp"
#include "properties/contracts/ContractSet.hpp"
#include "properties/contracts/ContractState.hpp"

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace rankfold::properties::contracts {

// Reads `bytes` (1 to 8) of application memory at `address` into `value`; false if unreadable.
using MemoryReader =
    std::function<bool(std::uint64_t address, std::size_t bytes, std::uint64_t& value)>;

struct CallView {
    std::string_view function;
    std::span<const CallArgument> args;
};

class Matcher {
public:
    Matcher(const ContractSet& set, const MemoryReader& read) : set_(set), read_(read) {}
    // Whether `call` is one `op` asks for, its parameters mapped against the supplier's. A
    // side without decoded arguments (a call the runtime does not decode) matches any map.
    bool matches(const CallOp& op, const CallView& call,
                 std::span<const CallArgument> supplier) const;

private:
    bool dereference(const CallArgument& pointer, std::uint64_t& value) const;
    const ContractSet& set_;
    const MemoryReader& read_;
};

// The status of a list (conjunction) given its leaves' statuses. `at_end`: the execution is
// over, so open leaves are decided (call! violated, no!...until! satisfied).
LeafStatus list_status(const std::vector<Formula>& list, std::span<const LeafStatus> leaves,
                       bool at_end);
// What failed, for the report: the MSG of the first violated element of the list (or of a
// violated part inside it that has one), else that element's formula.
std::string failed_part(const std::vector<Formula>& list, std::span<const LeafStatus> leaves,
                        bool at_end);
// Decides the open leaves of a POST list that `call` decides; true if any changed.
bool observe(const std::vector<Formula>& list, std::span<LeafStatus> leaves, const Matcher& m,
             const CallView& call, std::span<const CallArgument> supplier);
// A load or store (or a C library routine's access) of the rank that supplied the contract.
struct AccessView {
    ByteRange bytes;
    bool write = false;
};

// The bytes read!(*k)/write!(*k) watch: parameter k's buffer as the call described it (a
// parameter of unknown extent: its first byte, as CoVer matches start addresses); empty if the
// supplier's arguments are not known.
ByteRange access_bytes(const AccessOp& op, std::span<const CallArgument> supplier);

// Decides the open leaves of a POST list that `access` decides; true if any changed.
bool observe_access(const std::vector<Formula>& list, std::span<LeafStatus> leaves,
                    const AccessView& access, std::span<const CallArgument> supplier);

// Widens `hull` by the bytes the open access leaves of a POST list watch.
void watched_bytes(const std::vector<Formula>& list, std::span<const LeafStatus> leaves,
                   std::span<const CallArgument> supplier, ByteRange& hull);

// Where accesses are not observed: the access leaves of a POST list count as satisfied.
void settle_accesses(const std::vector<Formula>& list, std::span<LeafStatus> leaves);

// The leaves of a PRE list, decided by the calls made before (`happened(op)`) and the accesses
// made before (`accessed(op)`). A no!...until! in a PRE is not decided (satisfied).
std::vector<LeafStatus> decide_pre(const std::vector<Formula>& list,
                                   const std::function<bool(const CallOp&)>& happened,
                                   const std::function<bool(const AccessOp&)>& accessed);

} // namespace rankfold::properties::contracts
