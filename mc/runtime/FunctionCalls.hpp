// Calls of the program's own functions, for contracts that name them (a user library's
// `lib_init`, `lib_put`). Code compiled with -finstrument-functions (`rankfold-cc
// -finstrument-functions -c lib.c`) calls __cyg_profile_func_enter(function, call site) at the
// entry of each of its functions, after its prologue has stored the arguments; Rankfold defines
// it. A function the contracts care about (by its exported name, found with dladdr) becomes a
// CallEvent of the running rank. Its arguments are read from the frame where the function's
// DWARF places its parameters (unoptimised code, dwarf::FrameVariables::entry_parameters), and
// encoded as the simulated runtimes encode theirs (simulated-mpi/interface/LocalArguments.hpp);
// where they cannot be known (optimised code, no DWARF) the call comes without, its contracts'
// parameter maps match any call, and one note says so. Every other function costs one lookup in
// a cache by address.
#pragma once

#include "dwarf-introspect/FrameVariables.hpp"
#include "properties/EventSink.hpp"

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rankfold::mc {

// The loaded file a code address belongs to: its path on disk and its load bias.
struct CodeModule {
    std::string path;
    std::uintptr_t base = 0;
};

class FunctionCalls {
public:
    using ModuleOf = std::function<std::optional<CodeModule>(std::uintptr_t)>;

    // Installs itself as the process's receiver of function entries until destroyed. Notes
    // (arguments not known) go to `notes`.
    FunctionCalls(properties::EventSink& events, std::function<bool(std::string_view)> watched,
                  ModuleOf module_of, std::FILE* notes);
    ~FunctionCalls();
    FunctionCalls(const FunctionCalls&) = delete;
    FunctionCalls& operator=(const FunctionCalls&) = delete;

    // Called on rank `rank`'s fiber, outside the program's heap. `frame` is the entered
    // function's frame pointer (its CFA less 16 on x86-64), 0 when not known.
    void entered(int rank, std::uintptr_t function, std::uintptr_t site, std::uintptr_t frame);

private:
    struct Watched {
        std::string name;
        // Where its arguments are; nullopt: not known (the call comes without).
        std::optional<std::vector<dwarf::FrameVariables::EntryParameter>> parameters;
    };
    std::optional<Watched> describe(std::uintptr_t function, const char* name);
    dwarf::FrameVariables* variables_of(const std::string& path, std::string* why_not);

    properties::EventSink& events_;
    std::function<bool(std::string_view)> watched_;
    ModuleOf module_of_;
    std::FILE* notes_;
    // Per function address: what to report if watched, nullopt if not (a cache, not state).
    std::unordered_map<std::uintptr_t, std::optional<Watched>> functions_;
    // Per module path: its DWARF (null: none readable).
    std::unordered_map<std::string, std::unique_ptr<dwarf::FrameVariables>> modules_;
    std::vector<properties::CallArgument> args_; // scratch
};

} // namespace rankfold::mc
