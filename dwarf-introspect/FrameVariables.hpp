// The live variables of a program's stack frames, from DWARF: for every function its
// parameters and locals with their places in the frame, so that semantic state equality hashes
// what a suspended frame holds for the program (its live variables' values, padding left out)
// instead of every byte of it (dead slots, padding, spilled temporaries of the instrumentation).
//
// Only frames of code compiled without optimisation (-O0, the compiler driver's default) are
// described: there every variable lives in memory at the CFA plus a constant (DW_OP_fbreg with
// DW_AT_frame_base DW_OP_call_frame_cfa), registers hold nothing across a call, and nothing but
// variables is kept across a call. Optimised code keeps values no variable describes (induction
// variables after strength reduction, spilled temporaries), so its frames are not described and
// are compared as bytes; so is a function whose DWARF uses anything not decoded here.
#pragma once

#include "dwarf-introspect/ValueLayout.hpp"
#include "dwarf-introspect/VariableType.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace rankfold::dwarf {

// What the frame of a function suspended at one pc holds for the program.
struct FramePlan {
    bool described = false; // false: compare the frame's bytes
    // Value bytes relative to the frame's CFA (negative: inside the frame; non-negative: the
    // caller's outgoing arguments passed on the stack), sorted and merged.
    std::vector<ByteSpan> spans;
    // The live variables themselves, for the typed heap walk: CFA offset and type (types()).
    struct LiveSlot {
        std::int64_t cfa_offset = 0;
        TypeId type = kNoType;
    };
    std::vector<LiveSlot> live;
    std::string why_not; // when not described, for diagnostics and tests
    std::uint64_t function_low = 0, function_high = 0; // the function's code, [low, high)
};

class FrameVariables {
public:
    // nullptr and *error (one line) when the file cannot be read or has no DWARF.
    static std::unique_ptr<FrameVariables> open(const std::string& elf_path, std::string* error);

    // The plan at `pc`, an ELF address inside a call instruction (a return address minus one).
    // Computed once per pc.
    const FramePlan& plan(std::uint64_t pc);

    std::size_t functions() const { return functions_.size(); }
    // The type table the plans' live slots refer to.
    const std::vector<VariableType>& types() const { return types_; }
    std::size_t described_functions() const;
    // Whether a function of this name has DWARF (a module built without -g may still hold
    // DWARF of objects linked into it).
    bool has_function(const std::string& name) const;

    struct Slot {
        std::uint64_t scope_low = 0, scope_high = ~std::uint64_t{0}; // its block's pcs
        std::int64_t cfa_offset = 0;
        TypeId type = kNoType;
    };
    struct Function {
        std::uint64_t low = 0, high = 0; // [low, high)
        std::string name;
        std::string why_not; // empty: described
        std::vector<Slot> slots;
        // Its formal parameters in declaration order, where the prologue stores them (CFA
        // offsets, any language); empty with `parameters_why_not` set when not known.
        std::vector<Slot> parameters;
        std::string parameters_why_not;
    };

    // A parameter as a call's argument is read at the function's entry, once the prologue
    // has stored it: `size` bytes at the CFA plus `cfa_offset`.
    struct EntryParameter {
        std::int64_t cfa_offset = 0;
        std::uint64_t size = 0;
        bool pointer = false;
        std::uint64_t pointee_size = 0; // pointers: 0 for void, functions and unknown
    };
    // The parameters of the function whose code starts at `entry` (an ELF address), in order;
    // nullptr and *why_not when they are not known (optimised code, no DWARF for it, a variadic
    // function, a parameter of unknown size).
    const std::vector<EntryParameter>* entry_parameters(std::uint64_t entry, std::string* why_not);

    FrameVariables(const FrameVariables&) = delete;
    FrameVariables& operator=(const FrameVariables&) = delete;
    ~FrameVariables();

private:
    FrameVariables();
    friend class FrameVariablesBuilder;
    FramePlan compute(std::uint64_t pc);

    std::vector<Function> functions_; // sorted by low
    std::vector<VariableType> types_;
    std::unique_ptr<ValueLayout> layout_;
    std::unordered_map<std::uint64_t, FramePlan> plans_;
    std::unordered_map<std::uint64_t, std::vector<EntryParameter>> entry_parameters_;
};

// The optimisation level GCC or Clang recorded in DW_AT_producer ("GNU C17 12.2.0 -g -O2"):
// the last -O option's, 0 when there is none; -Os, -Og, -Ofast and -Oz count as optimised.
// Also false when the frame pointer is omitted by an explicit option.
bool producerIsUnoptimised(const std::string& producer);

} // namespace rankfold::dwarf
