#include "mc/runtime/FunctionCalls.hpp"

#include "mc/runtime/RankRuntime.hpp"
#include "snapshot/AppContext.hpp"
#include "snapshot/GuardedCopy.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <dlfcn.h>

namespace rankfold::mc {

namespace {
FunctionCalls* g_function_calls = nullptr;
// x86-64 with a frame pointer: the saved frame pointer, then the return address, then the CFA.
constexpr std::uintptr_t kFrameToCfa = 16;
} // namespace

FunctionCalls::FunctionCalls(properties::EventSink& events,
                             std::function<bool(std::string_view)> watched, ModuleOf module_of,
                             std::FILE* notes)
    : events_(events), watched_(std::move(watched)), module_of_(std::move(module_of)),
      notes_(notes) {
    g_function_calls = this;
}

FunctionCalls::~FunctionCalls() {
    if (g_function_calls == this) g_function_calls = nullptr;
}

dwarf::FrameVariables* FunctionCalls::variables_of(const std::string& path, std::string* why_not) {
    auto it = modules_.find(path);
    if (it == modules_.end()) {
        std::string error;
        auto variables = dwarf::FrameVariables::open(path, &error);
        it = modules_.emplace(path, std::move(variables)).first;
        if (!it->second) *why_not = error;
    } else if (!it->second) {
        *why_not = "'" + path + "' has no readable DWARF";
    }
    return it->second.get();
}

std::optional<FunctionCalls::Watched> FunctionCalls::describe(std::uintptr_t function,
                                                              const char* name) {
    if (name == nullptr || !watched_(name)) return std::nullopt;
    Watched w{name, std::nullopt};
    std::string why_not = "its code is in no module";
    if (const auto module = module_of_(function)) {
        if (auto* variables = variables_of(module->path, &why_not))
            if (const auto* params = variables->entry_parameters(function - module->base, &why_not))
                w.parameters = *params;
    }
    if (!w.parameters && notes_ != nullptr)
        fmt::print(notes_,
                   "rankfold-run: note: the arguments of {} are not known ({}): parameter maps on "
                   "its calls match any call\n",
                   w.name, why_not);
    return w;
}

void FunctionCalls::entered(int rank, std::uintptr_t function, std::uintptr_t site,
                            std::uintptr_t frame) {
    auto it = functions_.find(function);
    if (it == functions_.end()) {
        Dl_info info{};
        const char* name =
            dladdr(reinterpret_cast<void*>(function), &info) != 0 ? info.dli_sname : nullptr;
        it = functions_.emplace(function, describe(function, name)).first;
    }
    if (!it->second) return;
    const Watched& w = *it->second;
    args_.clear();
    if (w.parameters && frame != 0) {
        const std::uintptr_t cfa = frame + kFrameToCfa;
        for (const auto& p : *w.parameters) {
            properties::CallArgument a;
            // Integers zero-extended, pointers as addresses, larger values by their first bytes.
            const std::size_t n = std::min<std::size_t>(p.size, sizeof a.value);
            if (!snapshot::copy_from_app(&a.value,
                                         reinterpret_cast<const void*>(cfa + p.cfa_offset), n)) {
                args_.clear();
                break;
            }
            if (p.pointer) a.pointee_size = p.pointee_size < 256 ? p.pointee_size : 0;
            args_.push_back(a);
        }
    }
    events_.on_call({rank, w.name, site, args_});
}

} // namespace rankfold::mc

// The hooks -finstrument-functions calls. Not instrumented themselves; cheap when no contract
// names a function of the program.
// The names are GCC's (-finstrument-functions), hence reserved identifiers.
// NOLINTBEGIN(bugprone-reserved-identifier)
extern "C" __attribute__((visibility("default"), no_instrument_function, noinline)) void
__cyg_profile_func_enter(void* function, void* site) {
    using rankfold::mc::RankRuntime;
    if (rankfold::mc::g_function_calls == nullptr) return;
    RankRuntime* runtime = RankRuntime::current();
    if (runtime == nullptr || !runtime->in_rank()) return;
    // The entered function's frame pointer (its code is unoptimised wherever its DWARF gives
    // the arguments' places, so it keeps one). A value outside the few MiB above this frame
    // is not one: the arguments are then left out.
    const auto own = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
    // This frame's own frame pointer slot holds the caller's (what __builtin_frame_address(1)
    // reads, without its warning).
    std::uintptr_t caller = 0;
    std::memcpy(&caller, __builtin_frame_address(0), sizeof caller);
    if (caller <= own || caller - own > (std::uintptr_t{64} << 20)) caller = 0;
    const rankfold::snapshot::RuntimeSection section;
    rankfold::mc::g_function_calls->entered(runtime->current_rank(),
                                            reinterpret_cast<std::uintptr_t>(function),
                                            reinterpret_cast<std::uintptr_t>(site), caller);
}

extern "C" __attribute__((visibility("default"), no_instrument_function)) void
__cyg_profile_func_exit(void* function, void* site) {
    (void)function;
    (void)site;
}
// NOLINTEND(bugprone-reserved-identifier)
