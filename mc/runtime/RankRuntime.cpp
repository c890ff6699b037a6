#include "mc/runtime/RankRuntime.hpp"

#include "mc/runtime/AccessChecker.hpp"

#include "mc/runtime/CrashJournal.hpp"
#include "mc/runtime/MainEntry.hpp"
#include "mc/runtime/SystemMemory.hpp"
#include "mc/runtime/Watchdog.hpp"
#include "snapshot/AppContext.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>

#include <unistd.h> // environ (a GNU extension there)

namespace rankfold::mc {

RankRuntime* RankRuntime::current_ = nullptr;

RankRuntime::RankRuntime(ProgramCommand command, const ProgramImage& image,
                         snapshot::RankMemory& memory, OutputRouter& output, mpi::MpiWorld& world,
                         properties::EventSink& events)
    : command_(std::move(command)), image_(image), memory_(memory), output_(output), world_(world),
      ranks_(world.size()), faults_(ranks_, image, world, events), events_(events),
      symmetric_(image) {
    for (int r = 0; r < world.size(); ++r) {
        RankSlot& rank = ranks_.slot(r);
        rank.arena = memory.arena(r);
        const snapshot::RankRegion region = memory.region(r);
        rank.fiber = std::make_unique<RankFiber>(region.stack_low, region.stack_size,
                                                 &RankRuntime::rank_body, &rank);
        rank.crash_target =
            CrashTarget{rank.fiber->stack_low(), rank.fiber->stack_high(),
                        rank.fiber->landing_stack_pointer(), &RankFaults::crash_landing};
    }
    current_ = this;
    mpi::install_rank_gate(this);
}

RankRuntime::~RankRuntime() {
    mpi::install_rank_gate(nullptr);
    if (current_ == this) current_ = nullptr;
}

// ---- the rank's side ---------------------------------------------------------------------

void RankRuntime::rank_body(void* argument) {
    RankSlot& rank = *static_cast<RankSlot*>(argument);
    RankRuntime& self = *current_;
    const ModuleCopy& module = self.image_.copy(rank.id);
    // From here on this is the program's code: its allocations go to the rank's heap, argv too.
    snapshot::g_app_arena = rank.arena;
    const int argc = 1 + static_cast<int>(self.command_.arguments.size());
    auto** argv =
        static_cast<char**>(std::calloc(static_cast<std::size_t>(argc) + 1, sizeof(char*)));
    argv[0] = strdup(self.command_.program.c_str());
    for (int i = 1; i < argc; ++i) argv[i] = strdup(self.command_.arguments[i - 1].c_str());
    // An exception that escapes main is not caught: the unwinder then finds no handler and
    // calls std::terminate with the throwing frames still on the stack, where on_terminate()
    // can name the throw site. main starts on a clean stack (MainEntry.hpp): this frame, the
    // fiber's and what calloc and strdup left below them hold the checker's addresses.
    const RankFiber& fiber = self.ranks_.fiber(rank.id);
    const std::uintptr_t bottom = written_stack_bottom(
        reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0)), fiber.stack_low());
    rankfold_enter_main(module.main, argc, argv, environ, bottom, fiber.frames_top());
}

void RankRuntime::main_returned(int code) {
    current_->faults_.rank_exit(code, 0);
    // A rank that has exited never runs again (rank_exit suspends it for good).
    std::abort();
}

extern "C" void rankfold_main_returned(int code) {
    RankRuntime::main_returned(code);
}

void RankRuntime::submit(mpi::RankCall& call) {
    RankSlot& rank = ranks_.running_slot();
    rank.control.call = &call;
    rank.last_call = call.name;
    rank.last_site = call.site;
    rank.control.status = RankStatus::AtCall;
    rank.fiber->suspend();
    rank.control.call = nullptr;
    // The explorer's decisions for this call are spent: put them back, so that what this frame
    // leaves on the stack does not remember which choice was taken. A later call's frame may not
    // overwrite those bytes (AddressSanitizer lays frames out differently), and two paths that
    // differ only there would be two states.
    call.outcome = -1;
    call.buffered = -1;
}

void RankRuntime::local_call(const char* name, std::uintptr_t site, mpi::LocalArguments args) {
    if (!in_rank() || !events_.watches_call(name)) return;
    // The runtime's encoding is the monitors' one, field for field.
    std::array<properties::CallArgument, 16> converted;
    const std::size_t n = std::min(args.size(), converted.size());
    for (std::size_t i = 0; i < n; ++i)
        converted[i] = {args[i].value, args[i].pointee_size, args[i].bytes};
    events_.on_call({current_rank(), name, site, {converted.data(), n}});
    if (access_checker_ != nullptr) access_checker_->rewatch(current_rank());
}

void RankRuntime::run_as_rank(int rank, void (*fn)(void*), void* argument) {
    snapshot::RankArena* saved = snapshot::g_app_arena;
    snapshot::g_app_arena = ranks_.slot(rank).arena;
    fn(argument);
    snapshot::g_app_arena = saved;
}

// ---- the checker's side --------------------------------------------------------------------

RankSlot& RankRuntime::enter_rank(int rank_id, std::uint64_t steps) {
    RankSlot& rank = ranks_.slot(rank_id);
    g_crash_journal->rank = rank.id;
    g_crash_journal->steps = steps;
    ranks_.set_running(rank.id);
    rank.control.status = RankStatus::Running;
    g_crash_target = &rank.crash_target;
    watchdog_new_slice();
    if (memory_tracker_ != nullptr) memory_tracker_->rank_ran(rank.id);
    if (access_checker_ != nullptr) access_checker_->enter(rank.id);
    return rank;
}

void RankRuntime::leave_rank(RankSlot& rank) {
    if (access_checker_ != nullptr) access_checker_->leave();
    g_crash_target = nullptr;
    ranks_.set_running(-1);
    g_crash_journal->rank = -1;
    output_.collect(rank.id);
    if (rank.control.crashed) faults_.crash_violation(rank);
}

void RankRuntime::collect_all_output() {
    for (int r = 0; r < ranks_.size(); ++r) output_.collect_everything(r);
}

} // namespace rankfold::mc
