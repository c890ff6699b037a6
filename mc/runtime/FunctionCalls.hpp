// Calls of the program's own functions, for contracts that name them (a user library's
// `lib_init`, `lib_put`). Code compiled with -finstrument-functions (`rankfold-cc
// -finstrument-functions -c lib.c`) calls __cyg_profile_func_enter(function, call site) at the
// entry of each of its functions; Rankfold defines it. A function the contracts care about
// (by its exported name, found with dladdr) becomes a CallEvent of the running rank, without
// arguments (so contracts' parameter maps on it match any call); every other function costs one
// lookup in a cache by address.
#pragma once

#include "properties/EventSink.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace rankfold::mc {

class FunctionCalls {
public:
    // Installs itself as the process's receiver of function entries until destroyed.
    FunctionCalls(properties::EventSink& events, std::function<bool(std::string_view)> watched);
    ~FunctionCalls();
    FunctionCalls(const FunctionCalls&) = delete;
    FunctionCalls& operator=(const FunctionCalls&) = delete;

    // Called on rank `rank`'s fiber, outside the program's heap.
    void entered(int rank, std::uintptr_t function, std::uintptr_t site);

private:
    properties::EventSink& events_;
    std::function<bool(std::string_view)> watched_;
    // Per function address: its name if watched, nullopt if not (a cache, not state).
    std::unordered_map<std::uintptr_t, std::optional<std::string>> names_;
};

} // namespace rankfold::mc
