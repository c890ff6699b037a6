// The ranks as the simulated MPI sees them: one fiber per rank on its own stack, heap and copy
// of the program, and the gate (mpi::RankGate) through which an MPI function running on a
// rank hands its call over. A rank runs until its next visible call and then waits, AtCall,
// until the transition system (mc/system/MpiSystem) issues it; the runtime itself never
// decides what happens next.
//
// The ranks themselves are a RankTable (status, call, control state of each); what ends a rank
// on its own side — exit, a crash, a failed assertion, MPI_Abort, a usage error found without
// the scheduler — is RankFaults' to report.
#pragma once

#include "mc/runtime/OutputRouter.hpp"
#include "mc/runtime/ProgramImage.hpp"
#include "mc/runtime/RankFaults.hpp"
#include "mc/runtime/RankFiber.hpp"
#include "mc/runtime/RankTable.hpp"
#include "mc/runtime/SymmetricLayout.hpp"
#include "properties/EventSink.hpp"
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/interface/RankGate.hpp"
#include "snapshot/RankMemory.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace rankfold::mc {

class SystemMemory;
class AccessChecker;

// What every rank's main is called with.
struct ProgramCommand {
    std::string program;
    std::vector<std::string> arguments;
};

class RankRuntime final : public mpi::RankGate {
public:
    // Ends the running rank with main's result (MainEntry.hpp: rankfold_main_returned).
    [[noreturn]] static void main_returned(int code);
    // What ends a rank on its own side goes to `events` as a RankFaultEvent.
    RankRuntime(ProgramCommand command, const ProgramImage& image, snapshot::RankMemory& memory,
                OutputRouter& output, mpi::MpiWorld& world, properties::EventSink& events);
    ~RankRuntime() override;
    RankRuntime(const RankRuntime&) = delete;
    RankRuntime& operator=(const RankRuntime&) = delete;

    // The runtime whose rank is running (or that exists), for the libc hooks.
    static RankRuntime* current() { return current_; }

    RankTable& ranks() { return ranks_; }
    const RankTable& ranks() const { return ranks_; }
    RankFaults& faults() { return faults_; }
    const ProgramImage& image() const { return image_; }
    const snapshot::RankMemory& memory() const { return memory_; }
    OutputRouter& output() { return output_; }

    // Runs `rank` until its next visible call, its end or its failure; `steps` (visible calls
    // so far) goes to the crash journal. The switch itself is inline, so that the return that
    // follows it lands in the caller (each level between the two is a return the processor
    // mispredicts after a switch: 8% of a blocking point-to-point stream).
    void resume(int rank, std::uint64_t steps) {
        RankSlot& slot = enter_rank(rank, steps);
        slot.fiber->resume();
        leave_rank(slot);
    }
    // Collects what every rank wrote, also behind stdio's back (at the end of a run).
    void collect_all_output();
    // The memory tracker to tell when a rank has run (snapshots, mc/system).
    void set_memory(SystemMemory* memory) { memory_tracker_ = memory; }
    // The memory-access checks to arm while a rank runs (nullptr: none, --no-races).
    void set_access_checker(AccessChecker* checker) { access_checker_ = checker; }
    bool in_rank() const { return ranks_.running() >= 0; }

    // ---- RankGate (called on a rank's fiber) -----------------------------------------------
    int current_rank() const override { return ranks_.running(); }
    void run_as_rank(int rank, void (*fn)(void*), void* argument) override;
    mpi::MpiWorld& world() override { return world_; }
    void submit(mpi::RankCall& call) override;
    [[noreturn]] void abort_run(int errorcode, std::uintptr_t site) override {
        faults_.abort_run(errorcode, site);
    }
    void local_call(const char* name, std::uintptr_t site, mpi::LocalArguments args) override;
    void delivered(int origin, int target, std::uintptr_t begin, std::uintptr_t end, bool writes,
                   std::uintptr_t site) override {
        events_.on_delivery({origin, target, begin, end, writes, site});
    }
    void atomic_landed(int origin, int target, std::uintptr_t begin, std::uintptr_t end, bool reads,
                       bool writes) override {
        const std::uint64_t at = properties::atomic_word_token(target, begin);
        // Reading first: what the word carried before this operation's own write.
        if (reads)
            events_.on_sync({origin, properties::SyncStep::Forward, at,
                             properties::atomic_fetch_token(origin)});
        if (!writes) return;
        // The operation is complete at the target, known to whoever reads the word next.
        events_.on_remote_completion({.origin = origin,
                                      .window = 0,
                                      .target = target,
                                      .origin_knows = false,
                                      .carrier = at,
                                      .bytes = {begin, end}});
        events_.on_sync({origin, properties::SyncStep::Release, at});
    }
    void shmem_posted(int origin, int target, std::uintptr_t begin, std::uintptr_t end, bool atomic,
                      std::size_t size, std::uintptr_t site, const char* name,
                      int context) override {
        properties::RemoteOpEvent e;
        e.origin = origin;
        e.target = target;
        e.window = properties::shmem_context_window(context);
        e.bytes = {begin, end};
        e.writes = true;
        // OpenSHMEM atomics on one type are atomic with respect to each other, whatever the
        // operation, within one atomicity domain: the contexts of one team. The team stands for
        // the operator, so atomics through contexts of different teams conflict.
        e.atomic = atomic;
        e.atomic_type = size;
        const auto& contexts = world_.shmem().pe(origin).contexts;
        if (context > 0 && context <= static_cast<int>(contexts.size()))
            e.atomic_op =
                static_cast<std::uint64_t>(contexts[static_cast<std::size_t>(context - 1)].team);
        e.site = site;
        e.name = name;
        events_.on_remote_op(e);
    }
    void shmem_landed(int origin, int target, std::uintptr_t begin, std::uintptr_t end,
                      std::uintptr_t signal, int context) override {
        properties::RemoteCompletionEvent e{
            origin, properties::shmem_context_window(context), target, false,
            properties::shmem_signal_token(target, signal != 0 ? signal : begin)};
        e.shmem = properties::ShmemOrdering::Landing;
        e.landed = {begin, end};
        if (signal != 0) e.landed_signal = {signal, signal + sizeof(std::uint64_t)};
        events_.on_remote_completion(e);
    }
    void shmem_fenced(int pe, int context) override {
        properties::RemoteCompletionEvent e{pe, properties::shmem_context_window(context), -1,
                                            false, 0};
        e.shmem = properties::ShmemOrdering::Fence;
        events_.on_remote_completion(e);
    }
    void shmem_lock_cleared(int pe, std::uintptr_t lock) override {
        // The clear completes the PE's puts on every context (ApiSync.cpp).
        events_.on_remote_completion({pe, properties::kShmemAllContexts, -1, true, 0});
        events_.on_sync({pe, properties::SyncStep::Release, properties::shmem_lock_token(lock)});
    }
    int local_error(const char* call, MPI_Comm comm, int code, mpi::Misuse misuse,
                    std::string message, std::uintptr_t site) override {
        return faults_.local_error(call, comm, code, misuse, std::move(message), site);
    }

private:
    [[noreturn]] static void rank_body(void* argument);
    // The two halves of resume() around the switch.
    RankSlot& enter_rank(int rank_id, std::uint64_t steps);
    void leave_rank(RankSlot& rank);

    ProgramCommand command_;
    const ProgramImage& image_;
    snapshot::RankMemory& memory_;
    OutputRouter& output_;
    mpi::MpiWorld& world_;
    RankTable ranks_;
    RankFaults faults_;
    properties::EventSink& events_;
    SymmetricLayout symmetric_; // where the OpenSHMEM PEs' symmetric memory is
    SystemMemory* memory_tracker_ = nullptr;
    AccessChecker* access_checker_ = nullptr;
    static RankRuntime* current_;
};

} // namespace rankfold::mc
