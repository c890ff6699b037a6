// The CoVer contract language as data: a contract file is a list of C declarations, each with
// the contract its function supplies at every call site (PRE and POST requirements, TAGS).
//
// Requirements are formulas over operations: call!(F) and call_tag!(T) with parameter maps,
// read!/write! of a parameter's memory, and the release no!(op) until!(call-op). A scope's list
// is a conjunction; `|` (at least one) and `^` (exactly one) need parentheses, except for one
// chain at the top of a list element, as the paper prints it. Parameter indices are 0-based.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rankfold::properties::contracts {

struct SourcePos {
    int line = 0;
    int column = 0;
    friend bool operator==(const SourcePos&, const SourcePos&) = default;
};

// How a supplier parameter is compared: its value, the value it points to (`*k`), or the
// value the other call's parameter points to (`&k`).
enum class ParamRef { Value, Deref, AddressOf };

// `callee:[*|&]supplier`: parameter `callee` of the matching call (or, with `$`, the parameter
// the tag stores) against parameter `supplier` of the call that supplied the contract.
struct ParamMap {
    bool tag_param = false; // `$`
    int callee = 0;
    ParamRef ref = ParamRef::Value;
    int supplier = 0;
    friend bool operator==(const ParamMap&, const ParamMap&) = default;
};

// call!(F, maps...) or call_tag!(T, maps...).
struct CallOp {
    bool tagged = false;
    std::string target; // the function, or the tag
    std::vector<ParamMap> maps;
    friend bool operator==(const CallOp&, const CallOp&) = default;
};

// read!([*|&]k) or write!([*|&]k): an access to the memory of parameter k.
struct AccessOp {
    bool write = false;
    ParamRef ref = ParamRef::Value;
    int param = 0;
    friend bool operator==(const AccessOp&, const AccessOp&) = default;
};

struct Formula {
    enum class Kind { Call, Access, Release, Or, Xor };
    Kind kind = Kind::Call;
    CallOp call;                   // Call; Release: the releasing call
    AccessOp access;               // Access; Release with a forbidden access
    std::optional<CallOp> no_call; // Release: the forbidden call, if not an access
    std::vector<Formula> children; // Or, Xor: two or more
    std::optional<std::string> msg;
    SourcePos pos;
    // True if checking it needs memory-access events (read!/write! anywhere inside).
    bool needs_accesses() const;
    friend bool operator==(const Formula& a, const Formula& b) {
        return a.kind == b.kind && a.call == b.call && a.access == b.access &&
               a.no_call == b.no_call && a.children == b.children && a.msg == b.msg;
    }
};

struct Tag {
    std::string name;
    std::optional<int> param; // the parameter the tag stores, for `$`
    friend bool operator==(const Tag&, const Tag&) = default;
};

struct Contract {
    std::vector<Formula> pre;  // each must hold before the call (a conjunction)
    std::vector<Formula> post; // each must hold after it
    std::vector<Tag> tags;
    friend bool operator==(const Contract&, const Contract&) = default;
};

// One annotated declaration of a contract file.
struct Declaration {
    std::string function;
    Contract contract;
    std::string file;
    SourcePos pos; // of the function's name
};

// Printing, in the syntax parse_contract_file reads back.
std::string to_string(const ParamMap& m);
std::string to_string(const CallOp& op);
std::string to_string(const AccessOp& op);
std::string to_string(const Formula& f);
std::string to_string(const Contract& c); // "PRE { ... } POST { ... } TAGS { ... }"

} // namespace rankfold::properties::contracts
