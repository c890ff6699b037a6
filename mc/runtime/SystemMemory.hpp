// The application's memory as the snapshot layer sees it: for every rank, the writable
// segments of its module copy, the live part of its stack and the used part of its heap arena,
// registered once as regions of one RegionSet over one PageStore.
#pragma once

#include "mc/runtime/HeapCanonicalForm.hpp"
#include "mc/runtime/ProgramFrame.hpp"
#include "mc/runtime/ProgramImage.hpp"
#include "mc/runtime/RankFiber.hpp"
#include "mc/runtime/SemanticFrames.hpp"
#include "mc/runtime/StateEquality.hpp"
#include "mc/runtime/TypedGlobals.hpp"
#include "simulated-mpi/interface/RankCall.hpp"
#include "snapshot/PageStore.hpp"
#include "snapshot/RankMemory.hpp"
#include "snapshot/RegionSnapshot.hpp"

#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace rankfold::mc {

class SystemMemory;
// One line on `report` when semantic equality was asked for and is not available.
void warn_exact_equality(const SystemMemory& memory, FILE* report);

class SystemMemory {
public:
    SystemMemory(const ProgramImage& image, const snapshot::RankMemory& memory,
                 const std::vector<const RankFiber*>& fibers, bool page_sharing,
                 StateEquality equality = StateEquality::Exact);
    // With RANKFOLD_HEAP_FORM_STATS set: one line of heap_form_counts() on stderr (bench/).
    ~SystemMemory();
    SystemMemory(const SystemMemory&) = delete;
    SystemMemory& operator=(const SystemMemory&) = delete;

    // Records the current used parts (stack pointers, heap tops) and captures every region.
    // `ended[r]`: rank r has finished or failed and never runs again; its stack and heap are no
    // longer state (what a dead rank left there cannot influence anything, and the registers
    // its last frames saved hold checker addresses that differ from run to run).
    // `waiting[r]`: the call rank r is suspended in (nullptr: none). The checker's frames below
    // the program's innermost one are then left out of the fingerprint; the call and the
    // registers the program frame gets back stand for them (ProgramFrame.hpp).
    // `fingerprint` false: a snapshot only to be restored (StateRegistry::
    // capture_unfingerprinted). What only the fingerprint needs is skipped: finding the
    // program's frames in the stacks, the semantic digests and the heap canonical form.
    snapshot::RegionSnapshot capture(const std::vector<bool>& ended,
                                     const std::vector<const mpi::RankCall*>& waiting,
                                     bool fingerprint = true);
    void restore(const snapshot::RegionSnapshot& snapshot);
    // Once the fibers' saved contexts are back too: clears what lies below them.
    void after_restore();
    // The first rank whose heap arena breaks its invariants (RankArena::verify, deep: free
    // memory and the space above the top zero), -1 if none does. O(heap), for self-tests.
    int broken_heap() const;
    // The rank ran: what lies below its stack pointer is no longer known to be zero, and its
    // memory may have been written.
    void rank_ran(int rank) {
        zeroed_below_[static_cast<std::size_t>(rank)] = 0;
        may_write(rank);
    }
    // Checker code runs that may write `rank`'s memory (the runtimes on its behalf: a receive's
    // data, a status, the call's outcome), or, without a rank, any rank's (a collective, a put,
    // a hook that may have captured or restored). MpiSystem says so wherever it writes; the
    // next capture or restore reads or writes back only what such ranks hold.
    void may_write(int rank) { written_[static_cast<std::size_t>(rank)] = 1; }
    void may_write() { all_written_ = true; }

    // Semantic equality: the addresses of program memory the simulated runtimes hold for rank
    // `rank` (buffers of pending requests), roots of its heap's canonical form.
    using RequestBuffers = std::function<void(int rank, std::vector<std::uintptr_t>& out)>;
    void set_request_buffers(RequestBuffers f) { request_buffers_ = std::move(f); }
    // The heap canonical form's work so far: captures with live heap blocks, of which walked
    // (the others' exact hash was known), and the time the walks took.
    struct HeapFormCounts {
        std::uint64_t lookups = 0, walks = 0, nanoseconds = 0;
    };
    const HeapFormCounts& heap_form_counts() const { return heap_form_counts_; }

    // Whether the heap canonical form stands for the memory when blocks are live (semantic
    // equality with DWARF), and whether `low` lies in a live block of `rank`'s heap that holds
    // all of [low, high) too (high <= low: `low` alone).
    bool heap_form() const { return semantic_ != nullptr && heap_form_; }
    bool in_live_block(int rank, std::uintptr_t low, std::uintptr_t high) const;

    // Why semantic equality was asked for but is not used ("" when it is, or was not asked for).
    const std::string& semantic_unavailable() const { return semantic_unavailable_; }

    snapshot::PageStore& store() { return *store_; }
    const snapshot::RegionSet& regions() const { return *regions_; }
    snapshot::TrackingMethod tracking() const { return regions_->tracker().method(); }

private:
    struct RankRegions {
        std::size_t stack;
        std::size_t heap_front; // the arena's own state and page index
        std::size_t heap_blocks;
        std::size_t heap_begin; // where the arena's blocks start, from its base
    };
    const snapshot::RankMemory& memory_;
    std::vector<const RankFiber*> fibers_;
    std::unique_ptr<snapshot::PageStore> store_;
    std::unique_ptr<snapshot::RegionSet> regions_;
    std::vector<RankRegions> ranks_;
    std::vector<ProgramFrameFinder> frame_finders_; // per rank
    bool window_stacks_ = true; // RANKFOLD_STACK_WINDOW=off: hash whole stacks (to measure)
    std::unique_ptr<SemanticFrames> semantic_; // null: exact equality
    std::string semantic_unavailable_;
    struct CodeRange {
        std::uintptr_t base, begin, end;
    };
    std::vector<CodeRange> code_; // per rank: its module copy
    struct Placed {
        std::uintptr_t begin, end;
        std::size_t region;
    };
    std::vector<std::vector<Placed>> placed_; // per rank: its regions that grow up
    std::size_t ignored_applied_ = 0;         // marks of IgnoredMemory applied so far
    void ignore(int rank, std::uintptr_t address, std::size_t size);
    void apply_ignored();
    // Per rank: whether anything may have written its memory since the last capture or
    // restore; all_written_: any rank's. A rank not written has its regions marked unwritten
    // (RegionSet::set_unwritten) at the next capture, which then reads none of them, and at the
    // next restore, which skips those whose pages the target shares. Their small windows are
    // reported whole by the tracker: in the fan-in the ranks a transition did not touch were
    // most of a capture's page comparisons.
    std::vector<char> written_;
    bool all_written_ = true;
    void mark_unwritten(); // then forgets what was written: capture and restore sync
    std::vector<std::vector<std::size_t>> rank_regions_; // per rank: all its regions
    // Per rank: every byte of the stack below this address is zero (0: not known).
    std::vector<std::uintptr_t> zeroed_below_;
    // Per rank, during a restore: how far its heap may be non-zero, offsets from the arena's
    // base (the index and the blocks). Restore clears what the restored heap does not use.
    struct ArenaReach {
        std::size_t index = 0, top = 0;
    };
    std::vector<ArenaReach> reach_;
    ArenaReach reach(std::size_t rank) const;
    void zero_dead_stack(std::size_t rank);
    // Sets the hash window of the stack of a rank suspended in `call`.
    void window_stack(std::size_t rank, const mpi::RankCall* call);
    void forget_stack_redzones();
    void enable_semantic_frames(
        const ProgramImage& image); // AddressSanitizer builds only (SanitizerSupport.hpp)

    // How window_stack hashed a rank's stack at the last capture, for the canonical form.
    struct StackWindow {
        enum class Kind { Whole, CalleeSaved, Frames } kind = Kind::Whole;
        std::uintptr_t from = 0; // hashed from here to the top
        const mpi::RankCall* call = nullptr;
        ProgramFrame frame{};
    };
    std::vector<StackWindow> windows_; // per rank
    // Semantic equality with heap blocks live: the state's identity is the canonical form of
    // every rank's memory (SystemMemoryCanonical.cpp), computed once per exact hash.
    bool heap_form_ = false;
    HeapCanonicalForm heap_canonical_;
    std::unique_ptr<TypedGlobals> typed_globals_; // null: globals fed untyped
    RequestBuffers request_buffers_;
    std::vector<std::uintptr_t> roots_; // scratch
    std::unordered_map<snapshot::Fingerprint, snapshot::Fingerprint, snapshot::FingerprintHash>
        canonical_of_; // exact hash (and roots) -> canonical form
    HeapFormCounts heap_form_counts_;
    void apply_heap_form(snapshot::RegionSnapshot& snapshot, const std::vector<bool>& ended);
    snapshot::Fingerprint canonical_form(const snapshot::RegionSnapshot& snapshot,
                                         const std::vector<bool>& ended);
    const snapshot::Fingerprint* page_digest(const snapshot::RegionSnapshot& snapshot,
                                             std::size_t rank, std::uintptr_t page) const;
};

} // namespace rankfold::mc
