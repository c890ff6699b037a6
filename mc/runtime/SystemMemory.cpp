#include "mc/runtime/SystemMemory.hpp"

#include "mc/runtime/IgnoredMemory.hpp"
#include "mc/runtime/SanitizerSupport.hpp"

#include "snapshot/RankArena.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>

namespace rankfold::mc {

SystemMemory::SystemMemory(const ProgramImage& image, const snapshot::RankMemory& memory,
                           const std::vector<const RankFiber*>& fibers, bool page_sharing,
                           StateEquality equality)
    : memory_(memory), fibers_(fibers) {
    if (equality == StateEquality::Semantic) enable_semantic_frames(image);
    snapshot::PageStore::Options options;
    options.sharing = page_sharing;
    // cppcheck-suppress useInitializationList ; a unique_ptr, assigned once
    store_ = std::make_unique<snapshot::PageStore>(options);
    std::unique_ptr<snapshot::DirtyTracker> tracker;
    if (const char* m = std::getenv("RANKFOLD_DIRTY_TRACKING")) {
        // For measurements and debugging: compare, mprotect or uffd.
        for (auto method : {snapshot::TrackingMethod::Compare, snapshot::TrackingMethod::Mprotect,
                            snapshot::TrackingMethod::Uffd})
            if (std::string(m) == snapshot::method_name(method))
                tracker = snapshot::make_tracker(method);
    }
    if (!tracker) tracker = snapshot::make_default_tracker();
    // For measurements: the cost of leaving the checker's frames out (window_stack).
    if (const char* w = std::getenv("RANKFOLD_STACK_WINDOW"))
        window_stacks_ = std::string(w) != "off";
    regions_ = std::make_unique<snapshot::RegionSet>(*store_, std::move(tracker));
    placed_.resize(static_cast<std::size_t>(memory.ranks()));
    for (int r = 0; r < memory.ranks(); ++r) {
        std::vector<Placed>& placed = placed_[static_cast<std::size_t>(r)];
        for (const ModuleCopy::Segment& s : image.copy(r).writable) {
            const std::size_t region =
                regions_->add_region(reinterpret_cast<std::byte*>(s.begin), s.end - s.begin);
            regions_->set_used(region, s.end - s.begin);
            placed.push_back({s.begin, s.end, region});
        }
        const snapshot::RankRegion rr = memory.region(r);
        // The landing zone at the top of the stack is not part of the state (CrashHandler).
        const std::size_t frames = fibers[r]->frames_top() - fibers[r]->stack_low();
        const std::size_t stack = regions_->add_region(rr.stack_low, frames, snapshot::Growth::Down,
                                                       memory.alias(rr.stack_low));
        // The arena's page index covers the whole reservation but only its first entries are
        // ever non-zero: a region of its own keeps the scanned part to what is in use.
        const std::size_t blocks_at = memory.arena(r)->heap_begin();
        const std::size_t front =
            regions_->add_region(rr.heap, blocks_at, snapshot::Growth::Up, memory.alias(rr.heap));
        const std::size_t blocks =
            regions_->add_region(rr.heap + blocks_at, rr.heap_size - blocks_at,
                                 snapshot::Growth::Up, memory.alias(rr.heap + blocks_at));
        ranks_.push_back({stack, front, blocks, blocks_at});
        const auto heap = reinterpret_cast<std::uintptr_t>(rr.heap);
        placed.push_back({heap + blocks_at, heap + rr.heap_size, blocks});
        // RANKFOLD_IGNORE globals: the linker's bounds of their section in this copy.
        void* handle = image.copy(r).handle;
        using Bounds = const void* (*)(int);
        const auto bounds =
            handle ? reinterpret_cast<Bounds>(dlsym(handle, "rankfold_module_ignored_bounds"))
                   : nullptr;
        const void* first = bounds ? bounds(0) : nullptr;
        const void* last = bounds ? bounds(1) : nullptr;
        if (first != nullptr && last > first)
            ignore(r, reinterpret_cast<std::uintptr_t>(first),
                   static_cast<const std::byte*>(last) - static_cast<const std::byte*>(first));
        const ModuleCopy& copy = image.copy(r);
        code_.push_back({copy.base, copy.begin, copy.end});
        frame_finders_.emplace_back([begin = copy.begin, end = copy.end](std::uintptr_t pc) {
            return pc >= begin && pc < end;
        });
        zeroed_below_.push_back(0);
        std::vector<std::size_t>& mine = rank_regions_.emplace_back();
        for (const Placed& p : placed) mine.push_back(p.region); // globals, heap blocks
        mine.push_back(stack);
        mine.push_back(front);
    }
    windows_.resize(ranks_.size());
    written_.assign(ranks_.size(), 1);
}

// Without DWARF the frames cannot be read: exact equality, and the reason for the report.
void SystemMemory::enable_semantic_frames(const ProgramImage& image) {
    std::string why;
    auto variables = dwarf::FrameVariables::open(image.copy(0).path, &why);
    if (variables && !variables->has_function("main")) {
        why = "'" + image.copy(0).path + "' has no DWARF debug info for main (built without -g?)";
        variables.reset();
    }
    if (variables) {
        semantic_ = std::make_unique<SemanticFrames>(std::move(variables), image.copy(0).base);
        // For measurements: semantic frames with the heap compared by its bytes.
        const char* h = std::getenv("RANKFOLD_HEAP_FORM");
        heap_form_ = h == nullptr || std::string(h) != "off";
        // The typed heap walk's roots; without them the globals are fed untyped.
        std::string ignored;
        const char* typed = std::getenv("RANKFOLD_TYPED_HEAP");
        if (typed == nullptr || std::string(typed) != "off")
            typed_globals_ = TypedGlobals::open(image.copy(0).path, &ignored);
        else
            semantic_->set_typed(false);
        return;
    }
    semantic_unavailable_ = why;
}

namespace {

bool all_zero(const std::byte* page) {
    return std::memcmp(page, snapshot::PageStore::zero_page(), snapshot::kPageSize) == 0;
}

} // namespace

// Frames a rank popped leave bytes below its stack pointer, and new frames that do not write
// every byte (padding, the C library's own frames) would pick them up: two runs that reach the
// same state by different paths would then differ in those bytes. Keeping everything below the
// stack pointer zero at every capture and restore makes the dead part the same for everyone.
// After a rank ran, the scan stops at the first all-zero page below: deeper pages were cleared
// by earlier scans. When it has not run, only what a restore put back above the old bound
// needs clearing, and usually nothing does.
void SystemMemory::zero_dead_stack(std::size_t rank) {
    const RankFiber& fiber = *fibers_[rank];
    const std::uintptr_t sp = std::min(fiber.context_address(), fiber.frames_top());
    std::uintptr_t& known = zeroed_below_[rank];
    if (known != 0) {
        if (known < sp) std::memset(reinterpret_cast<void*>(known), 0, sp - known);
        known = sp;
        return;
    }
    const std::uintptr_t page = sp & ~std::uintptr_t{4095};
    std::memset(reinterpret_cast<void*>(page), 0, sp - page);
    for (std::uintptr_t p = page - 4096; p >= fiber.stack_low(); p -= 4096) {
        auto* bytes = reinterpret_cast<std::byte*>(p);
        if (all_zero(bytes)) break;
        std::memset(bytes, 0, 4096);
    }
    known = sp;
}

void SystemMemory::forget_stack_redzones() {
    for (const RankFiber* f : fibers_)
        sanitizer_forget_stack(reinterpret_cast<const void*>(f->stack_low()),
                               f->frames_top() - f->stack_low());
}

// A rank waiting in a call has the checker's frames below its innermost program frame: only
// the stack from there up is hashed, salted with the registers the program frame gets back
// and the call itself (its arguments and progress live in the checker's frames). The call is
// hashed as bytes, padding included, as the whole frame was before: no state that was merged
// then is split now. Where no program frame is found (the rank has not started, or the walk
// failed) the whole live stack is hashed, as before.
void SystemMemory::window_stack(std::size_t rank, const mpi::RankCall* call) {
    const std::size_t region = ranks_[rank].stack;
    std::optional<ProgramFrame> frame;
    if (call != nullptr && window_stacks_)
        frame = frame_finders_[rank].find(fibers_[rank]->context());
    const std::uintptr_t top = fibers_[rank]->frames_top();
    const std::uintptr_t sp = fibers_[rank]->context_address();
    StackWindow& window = windows_[rank];
    window = {StackWindow::Kind::Whole, sp, call, {}};
    if (!frame || frame->lowest < sp || frame->lowest >= top) {
        regions_->set_hashed(region, snapshot::RegionSet::kWhole);
        return;
    }
    window.frame = *frame;
    snapshot::FingerprintBuilder salt;
    salt.fingerprint(snapshot::fingerprint_of(call, sizeof *call));
    if (semantic_) {
        const CodeRange& code = code_[rank];
        if (auto frames = semantic_->digest(*frame, top, code.base, code.begin, code.end)) {
            salt.fingerprint(frames->value);
            regions_->set_hashed(region, top - frames->outermost_cfa, salt.digest());
            window.kind = StackWindow::Kind::Frames;
            window.from = frames->outermost_cfa;
            return;
        }
    }
    for (const std::uint64_t reg : frame->callee_saved) salt.value(reg);
    regions_->set_hashed(region, top - frame->lowest, salt.digest());
    window.kind = StackWindow::Kind::CalleeSaved;
    window.from = frame->lowest;
}

// A range inside one of the rank's module segments or heap blocks; elsewhere (its stack, the
// checker's memory) the mark is not applied.
void SystemMemory::ignore(int rank, std::uintptr_t address, std::size_t size) {
    for (const Placed& p : placed_.at(static_cast<std::size_t>(rank)))
        if (address >= p.begin && address + size <= p.end && address + size > address)
            regions_->ignore(p.region, address - p.begin, size);
}

void SystemMemory::apply_ignored() {
    const std::vector<IgnoredRange>& all = IgnoredMemory::instance().all();
    for (; ignored_applied_ < all.size(); ++ignored_applied_) {
        const IgnoredRange& i = all[ignored_applied_];
        if (i.rank >= 0 && static_cast<std::size_t>(i.rank) < placed_.size())
            ignore(i.rank, reinterpret_cast<std::uintptr_t>(i.address), i.size);
    }
}

snapshot::RegionSnapshot SystemMemory::capture(const std::vector<bool>& ended,
                                               const std::vector<const mpi::RankCall*>& waiting,
                                               bool fingerprint) {
    forget_stack_redzones();
    for (std::size_t r = 0; r < ranks_.size(); ++r) {
        if (ended[r]) {
            regions_->set_used(ranks_[r].stack, 0);
            regions_->set_hashed(ranks_[r].stack, snapshot::RegionSet::kWhole);
            regions_->set_used(ranks_[r].heap_front, 0);
            regions_->set_used(ranks_[r].heap_blocks, 0);
            continue;
        }
        zero_dead_stack(r);
        // Only the stack from the saved context up is live; below it are dead frames. A crashed
        // rank sits in the landing zone for good.
        const std::uintptr_t top = fibers_[r]->frames_top(), sp = fibers_[r]->context_address();
        regions_->set_used(ranks_[r].stack, sp < top ? top - sp : 0);
        // Without a call, the whole stack is the window: no frame is looked for.
        window_stack(r, fingerprint ? waiting[r] : nullptr);
        const snapshot::RankArena& arena = *memory_.arena(static_cast<int>(r));
        regions_->set_used(ranks_[r].heap_front, arena.index_extent());
        regions_->set_used(ranks_[r].heap_blocks, arena.used_extent() - arena.heap_begin());
    }
    apply_ignored();
    mark_unwritten();
    snapshot::RegionSnapshot snapshot = regions_->capture(fingerprint);
    if (heap_form_ && fingerprint) apply_heap_form(snapshot, ended);
    return snapshot;
}

// How far a rank's heap may be non-zero: what the last capture or restore recorded, or more
// if the arena's own header (when sane) says it grew since.
SystemMemory::ArenaReach SystemMemory::reach(std::size_t rank) const {
    const RankRegions& regions = ranks_[rank];
    ArenaReach reach{regions_->used(regions.heap_front),
                     regions.heap_begin + regions_->used(regions.heap_blocks)};
    if (const auto* arena =
            snapshot::RankArena::attach(memory_.region(static_cast<int>(rank)).heap)) {
        reach.index = std::max(reach.index, arena->index_extent());
        reach.top = std::max(reach.top, arena->used_extent());
    }
    return reach;
}

// The arena hands out blocks from its top on the promise that everything above it is zero
// (RankArena.hpp), and its page index that entries past the pages in use are zero. A snapshot
// records only the used part, so restoring a state whose heap was smaller leaves the blocks
// and index entries of the state we leave in place above the restored top, where the next
// allocation would find them: a block would come back holding another path's data, and which
// path depends on the order of backtracking (restoring a snapshot of the state and replaying
// the path from an earlier one then reach different states). So the part that was in use and
// no longer is becomes zero again, written through the alias as restore writes.
void SystemMemory::restore(const snapshot::RegionSnapshot& snapshot) {
    forget_stack_redzones();
    reach_.resize(ranks_.size());
    for (std::size_t r = 0; r < ranks_.size(); ++r) reach_[r] = reach(r);
    mark_unwritten();
    regions_->restore(snapshot); // what follows writes only outside the used parts
    for (std::size_t r = 0; r < ranks_.size(); ++r) {
        const snapshot::RankRegion rr = memory_.region(static_cast<int>(r));
        const snapshot::RankArena* arena = snapshot::RankArena::attach(rr.heap);
        if (arena == nullptr) continue; // a header the program broke: nothing to go by
        const ArenaReach before = reach_[r];
        const std::size_t index = arena->index_extent(), top = arena->used_extent();
        const std::size_t index_end = std::min(before.index, ranks_[r].heap_begin);
        const std::size_t top_end = std::min(before.top, rr.heap_size);
        if (index < index_end) std::memset(memory_.alias(rr.heap + index), 0, index_end - index);
        if (top < top_end) std::memset(memory_.alias(rr.heap + top), 0, top_end - top);
    }
}

void SystemMemory::mark_unwritten() {
    for (std::size_t r = 0; r < written_.size(); ++r) {
        if (!all_written_ && written_[r] == 0)
            for (const std::size_t region : rank_regions_[r]) regions_->set_unwritten(region);
        written_[r] = 0;
    }
    all_written_ = false;
}

void SystemMemory::after_restore() {
    for (std::size_t r = 0; r < fibers_.size(); ++r) zero_dead_stack(r);
}

int SystemMemory::broken_heap() const {
    for (int r = 0; r < memory_.ranks(); ++r)
        if (!memory_.arena(r)->verify(true)) return r;
    return -1;
}

void warn_exact_equality(const SystemMemory& memory, FILE* report) {
    if (memory.semantic_unavailable().empty()) return;
    std::fprintf(report,
                 "rankfold-run: warning: states are compared exactly, not semantically: %s\n",
                 memory.semantic_unavailable().c_str());
}

} // namespace rankfold::mc
