// Semantic equality's heap canonical form for the whole memory (HeapCanonicalForm.hpp): when a
// rank has live heap blocks, the state's memory is identified by the canonical form of every
// rank's globals, live stack and heap instead of their bytes. The form is computed once per
// exact hash: a state whose bytes were seen before costs one lookup, nothing is walked.
#include "mc/runtime/IgnoredMemory.hpp"
#include "mc/runtime/SystemMemory.hpp"

#include "snapshot/RankArena.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace rankfold::mc {

namespace {
// Separators of the parts, so that no part's bytes can pass for another's.
constexpr std::uint64_t kRankTag = 0xca40'0000'0000'0001;
constexpr std::uint64_t kSegmentTag = 0xca40'0000'0000'0002;
constexpr std::uint64_t kStackTag = 0xca40'0000'0000'0003;
constexpr std::uint64_t kRequestsTag = 0xca40'0000'0000'0004;
constexpr std::size_t kMaxRemembered = std::size_t{1} << 20;
} // namespace

SystemMemory::~SystemMemory() {
    if (std::getenv("RANKFOLD_HEAP_FORM_STATS") == nullptr) return;
    const HeapFormCounts& c = heap_form_counts_;
    std::fprintf(
        stderr,
        "rankfold: heap canonical form: %llu captures with live blocks, %llu walked, "
        "%.2f us per walk\n",
        static_cast<unsigned long long>(c.lookups), static_cast<unsigned long long>(c.walks),
        c.walks == 0 ? 0.0
                     : static_cast<double>(c.nanoseconds) / 1000.0 / static_cast<double>(c.walks));
}

void SystemMemory::apply_heap_form(snapshot::RegionSnapshot& snapshot,
                                   const std::vector<bool>& ended) {
    bool any = false;
    for (std::size_t r = 0; r < ranks_.size() && !any; ++r)
        any = !ended[r] && memory_.arena(static_cast<int>(r))->live_block_count() > 0;
    if (!any) return; // no pointer can lead into a heap: the bytes are the form
    // The exact hash decides everything but which blocks the requests' buffers reach.
    snapshot::FingerprintBuilder key;
    key.fingerprint(snapshot.hash());
    if (request_buffers_)
        for (std::size_t r = 0; r < ranks_.size(); ++r) {
            roots_.clear();
            request_buffers_(static_cast<int>(r), roots_);
            key.value(kRequestsTag);
            for (const std::uintptr_t b : roots_) key.value(b);
        }
    ++heap_form_counts_.lookups;
    // A memo, not the visited store: bounded (some 100 bytes an entry), refilled on demand.
    if (canonical_of_.size() >= kMaxRemembered) canonical_of_.clear();
    auto [it, fresh] = canonical_of_.try_emplace(key.digest());
    if (fresh) {
        const auto start = std::chrono::steady_clock::now();
        it->second = canonical_form(snapshot, ended);
        ++heap_form_counts_.walks;
        heap_form_counts_.nanoseconds +=
            static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                           std::chrono::steady_clock::now() - start)
                                           .count());
    }
    snapshot.set_canonical(it->second);
}

bool SystemMemory::in_live_block(int rank, std::uintptr_t low, std::uintptr_t high) const {
    const snapshot::RankArena* arena = memory_.arena(rank);
    if (arena == nullptr) return false;
    const auto block = arena->block_containing(reinterpret_cast<const void*>(low));
    return block && high <= reinterpret_cast<std::uintptr_t>(block->address) + block->size;
}

// The digest of a whole page of the rank's globals or heap blocks in the snapshot just taken.
const snapshot::Fingerprint* SystemMemory::page_digest(const snapshot::RegionSnapshot& snapshot,
                                                       std::size_t rank,
                                                       std::uintptr_t page) const {
    for (const Placed& p : placed_[rank]) {
        if (page < p.begin || page >= p.end || p.begin % snapshot::kPageSize != 0) continue;
        const std::size_t i = (page - p.begin) / snapshot::kPageSize;
        if ((i + 1) * snapshot::kPageSize > snapshot.used(p.region) ||
            i >= snapshot.pages(p.region).size())
            return nullptr;
        const snapshot::PageRef ref = snapshot.pages(p.region)[i];
        return ref == snapshot::kNoPage ? nullptr : &store_->digest(ref);
    }
    return nullptr;
}

// The same parts as the exact hash (SystemMemory::capture), each through the rank's form:
// globals by segment, the stack as window_stack hashed it, the requests' buffers, then the
// blocks those reach.
snapshot::Fingerprint SystemMemory::canonical_form(const snapshot::RegionSnapshot& snapshot,
                                                   const std::vector<bool>& ended) {
    snapshot::FingerprintBuilder out;
    const std::vector<IgnoredRange>& marks = IgnoredMemory::instance().all();
    for (std::size_t r = 0; r < ranks_.size(); ++r) {
        const int rank = static_cast<int>(r);
        std::vector<HeapCanonicalForm::Range> ignored;
        for (const IgnoredRange& i : marks) {
            const auto begin = reinterpret_cast<std::uintptr_t>(i.address);
            for (const Placed& p : placed_[r])
                if (i.rank == rank && begin >= p.begin && begin + i.size <= p.end)
                    ignored.push_back({begin, begin + i.size});
        }
        heap_canonical_.reset(ended[r] ? nullptr : memory_.arena(rank), std::move(ignored));
        const snapshot::RankRegion rr = memory_.region(rank);
        const auto heap = reinterpret_cast<std::uintptr_t>(rr.heap);
        heap_canonical_.set_pages(
            [this, &snapshot, r](std::uintptr_t page) { return page_digest(snapshot, r, page); },
            [this](std::uintptr_t at) {
                return store_->digest_of(reinterpret_cast<const std::byte*>(at));
            },
            {heap, heap + rr.heap_size}, rank);
        out.value(kRankTag);
        for (const Placed& p : placed_[r]) {
            if (p.region == ranks_[r].heap_blocks) continue;
            out.value(kSegmentTag);
            if (typed_globals_ && p.region != ranks_[r].heap_front)
                typed_globals_->feed(heap_canonical_, out, p.begin, p.end, code_[r].base);
            else
                heap_canonical_.feed(out, p.begin, p.end - p.begin);
        }
        if (ended[r]) continue; // its stack and heap are no longer state
        const StackWindow& w = windows_[r];
        const std::uintptr_t top = fibers_[r]->frames_top();
        out.value(kStackTag);
        out.value(static_cast<std::uint64_t>(w.kind));
        out.value(std::uint64_t{top - w.from});
        if (w.call != nullptr && w.kind != StackWindow::Kind::Whole) // its buffers too
            heap_canonical_.feed(out, reinterpret_cast<std::uintptr_t>(w.call), sizeof *w.call);
        if (w.kind == StackWindow::Kind::CalleeSaved)
            for (const std::uint64_t reg : w.frame.callee_saved)
                heap_canonical_.feed_word(out, reg);
        if (w.kind == StackWindow::Kind::Frames) {
            const CodeRange& code = code_[r];
            // The same memory as window_stack read: the digest cannot fail now.
            if (auto frames = semantic_->digest(w.frame, top, code.base, code.begin, code.end,
                                                &heap_canonical_))
                out.fingerprint(frames->value);
        }
        heap_canonical_.feed(out, w.from, top - w.from);
        out.value(kRequestsTag);
        if (request_buffers_) {
            roots_.clear();
            request_buffers_(rank, roots_);
            for (const std::uintptr_t b : roots_) heap_canonical_.feed_word(out, b);
        }
        heap_canonical_.feed_blocks(out);
    }
    return out.digest();
}

} // namespace rankfold::mc
