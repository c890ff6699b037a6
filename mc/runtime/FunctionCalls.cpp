#include "mc/runtime/FunctionCalls.hpp"

#include "mc/runtime/RankRuntime.hpp"
#include "snapshot/AppContext.hpp"

#include <dlfcn.h>

namespace rankfold::mc {

namespace {
FunctionCalls* g_function_calls = nullptr;
}

FunctionCalls::FunctionCalls(properties::EventSink& events,
                             std::function<bool(std::string_view)> watched)
    : events_(events), watched_(std::move(watched)) {
    g_function_calls = this;
}

FunctionCalls::~FunctionCalls() {
    if (g_function_calls == this) g_function_calls = nullptr;
}

void FunctionCalls::entered(int rank, std::uintptr_t function, std::uintptr_t site) {
    auto it = names_.find(function);
    if (it == names_.end()) {
        std::optional<std::string> name;
        Dl_info info{};
        if (dladdr(reinterpret_cast<void*>(function), &info) != 0 && info.dli_sname != nullptr &&
            watched_(info.dli_sname))
            name = info.dli_sname;
        it = names_.emplace(function, std::move(name)).first;
    }
    if (it->second) events_.on_call({rank, *it->second, site, {}});
}

} // namespace rankfold::mc

// The hooks -finstrument-functions calls. Not instrumented themselves; cheap when no contract
// names a function of the program.
// The names are GCC's (-finstrument-functions), hence reserved identifiers.
// NOLINTBEGIN(bugprone-reserved-identifier)
extern "C" __attribute__((visibility("default"), no_instrument_function)) void
__cyg_profile_func_enter(void* function, void* site) {
    using rankfold::mc::RankRuntime;
    if (rankfold::mc::g_function_calls == nullptr) return;
    RankRuntime* runtime = RankRuntime::current();
    if (runtime == nullptr || !runtime->in_rank()) return;
    const rankfold::snapshot::RuntimeSection section;
    rankfold::mc::g_function_calls->entered(runtime->current_rank(),
                                            reinterpret_cast<std::uintptr_t>(function),
                                            reinterpret_cast<std::uintptr_t>(site));
}

extern "C" __attribute__((visibility("default"), no_instrument_function)) void
__cyg_profile_func_exit(void* function, void* site) {
    (void)function;
    (void)site;
}
// NOLINTEND(bugprone-reserved-identifier)
