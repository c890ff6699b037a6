#include "mc/system/SystemState.hpp"

#include <fmt/format.h>

#include <functional>

namespace rankfold::mc {

namespace {
template <class Saved> using Functions = typename snapshot::FunctionComponent<Saved>::Functions;
template <class Saved> std::unique_ptr<snapshot::StateComponent> component(Functions<Saved> f) {
    return std::make_unique<snapshot::FunctionComponent<Saved>>(std::move(f));
}

// What a memory capture needs to know of the ranks (SystemMemory::capture): which ended and
// which wait in a call. Kept between captures: no allocation per state.
struct RankActivity {
    std::vector<bool> ended;
    std::vector<const mpi::RankCall*> waiting;
    void read(const RankTable& ranks) {
        const auto n = static_cast<std::size_t>(ranks.size());
        ended.resize(n);
        waiting.resize(n);
        for (int r = 0; r < ranks.size(); ++r) {
            const RankStatus status = ranks.status(r);
            const bool in_call = status == RankStatus::AtCall || status == RankStatus::Blocked;
            ended[static_cast<std::size_t>(r)] = mc::ended(status);
            waiting[static_cast<std::size_t>(r)] = in_call ? &ranks.call(r) : nullptr;
        }
    }
};
// Whether the memory's canonical form feeds `low` of `rank` as a block number and offset that
// place every byte of [low, high): the range lies in one live block of a rank that has not
// ended (its memory is state, and that block puts the form in use: SystemMemory::
// apply_heap_form). An ended rank's heap is not state: its roots are fed as plain values
// there, so the world and the monitors must keep them too.
std::function<bool(int, std::uintptr_t, std::uintptr_t)> fed_as_block(const RankRuntime& runtime,
                                                                      const SystemMemory& memory) {
    return [&runtime, &memory](int rank, std::uintptr_t low, std::uintptr_t high) {
        return rank >= 0 && rank < runtime.ranks().size() &&
               !mc::ended(runtime.ranks().status(rank)) && memory.in_live_block(rank, low, high);
    };
}
} // namespace

SystemState::SystemState(RankRuntime& runtime, mpi::MpiWorld& world,
                         properties::MonitorSet& monitors, bool& unmatched_posts, bool page_sharing,
                         StateEquality equality) {
    std::vector<const RankFiber*> fibers;
    fibers.reserve(static_cast<std::size_t>(runtime.ranks().size()));
    for (int r = 0; r < runtime.ranks().size(); ++r) fibers.push_back(&runtime.ranks().fiber(r));
    memory_ = std::make_unique<SystemMemory>(runtime.image(), runtime.memory(), fibers,
                                             page_sharing, equality);
    runtime.set_memory(memory_.get());
    SystemMemory& memory = *memory_;
    // Roots of the heap canonical form: what pending requests will read or write, then the
    // addresses the monitors keep (the race monitor's pending buffers and one-sided
    // operations' bytes), then those the windows hold (bases, pending results), which the
    // world and the monitors then feed as marks when in a live block (their fingerprints below).
    memory.set_request_buffers([&world, &monitors](int rank, std::vector<std::uintptr_t>& out) {
        for (const mpi::Request* r : world.requests().unfinished(rank))
            if (r->buffer != 0) out.push_back(r->buffer);
        monitors.heap_roots(rank, out);
        if (world.windows().size() > 0) world.windows().heap_roots(rank, out);
    });

    registry_.add("memory", component<snapshot::RegionSnapshot>({
                                [&runtime, &memory, activity = RankActivity()]() mutable {
                                    // A finished or failed rank's stack and heap are no
                                    // longer state; a waiting rank's checker frames neither.
                                    activity.read(runtime.ranks());
                                    return memory.capture(activity.ended, activity.waiting);
                                },
                                [&memory](const snapshot::RegionSnapshot& s) { memory.restore(s); },
                                [](const snapshot::RegionSnapshot& s,
                                   snapshot::FingerprintBuilder& f) { f.fingerprint(s.hash()); },
                                [&memory](const snapshot::RegionSnapshot& a,
                                          const snapshot::RegionSnapshot& b) {
                                    return a.same_contents(b, memory.store());
                                },
                                // A state kept only to come back to: no fingerprint.
                                [&runtime, &memory, activity = RankActivity()]() mutable {
                                    activity.read(runtime.ranks());
                                    return memory.capture(activity.ended, activity.waiting, false);
                                },
                            }));
    // Under the heap canonical form, a request's buffer in a live heap block is a root of it
    // (above): the world leaves its address out, so that where the block lies does not count.
    mpi::RequestTable::HeapRoot heap_root;
    if (memory.heap_form()) heap_root = fed_as_block(runtime, memory);
    registry_.add_value("mpi-world", world,
                        [heap_root = std::move(heap_root)](const mpi::MpiWorld& w,
                                                           snapshot::FingerprintBuilder& f) {
                            f.value(heap_root ? w.hash(&heap_root) : w.hash());
                        });
    registry_.add("ranks",
                  component<std::vector<RankControl>>({
                      [&runtime] { return runtime.ranks().controls(); },
                      [&runtime, &memory](const std::vector<RankControl>& c) {
                          runtime.ranks().set_controls(c);
                          // The fibers' contexts are back: what lies below them is dead.
                          memory.after_restore();
                      },
                      [](const std::vector<RankControl>& c, snapshot::FingerprintBuilder& f) {
                          // The call and the context lie in the memory, fingerprinted there
                          // (the call as the stack's salt, SystemMemory::window_stack).
                          for (const RankControl& r : c)
                              f.value(static_cast<std::uint64_t>(r.status) << 1 |
                                      static_cast<std::uint64_t>(r.crashed));
                      },
                      [](const std::vector<RankControl>& a, const std::vector<RankControl>& b) {
                          return a == b;
                      },
                  }));
    registry_.add_value("closure", unmatched_posts,
                        [](const bool& b, snapshot::FingerprintBuilder& f) {
                            f.value(static_cast<std::uint8_t>(b));
                        });
    properties::InHeap in_heap;
    if (memory.heap_form()) in_heap = fed_as_block(runtime, memory);
    registry_.add("monitors",
                  component<properties::MonitorSet::State>({
                      [&monitors] { return monitors.save(); },
                      [&monitors](const properties::MonitorSet::State& s) { monitors.restore(s); },
                      [in_heap = std::move(in_heap)](const properties::MonitorSet::State& s,
                                                     snapshot::FingerprintBuilder& f) {
                          s.fingerprint(f, in_heap ? &in_heap : nullptr);
                      },
                      [](const properties::MonitorSet::State& a,
                         const properties::MonitorSet::State& b) { return a == b; },
                  }));
    registry_.add(
        "output",
        component<std::vector<std::size_t>>({
            [&runtime] {
                std::vector<std::size_t> sizes;
                sizes.reserve(static_cast<std::size_t>(runtime.ranks().size()));
                for (int r = 0; r < runtime.ranks().size(); ++r)
                    sizes.push_back(runtime.output().captured(r).size());
                return sizes;
            },
            [&runtime](const std::vector<std::size_t>& sizes) {
                for (int r = 0; r < runtime.ranks().size(); ++r)
                    runtime.output().truncate_captured(r, sizes[r]);
            },
            // What was printed is not state: it cannot influence what
            // happens next.
            [](const std::vector<std::size_t>&, snapshot::FingerprintBuilder&) {},
            [](const std::vector<std::size_t>&, const std::vector<std::size_t>&) { return true; },
        }));
}

namespace {
const char* status_name(RankStatus s) {
    switch (s) {
    case RankStatus::Running:
        return "running";
    case RankStatus::AtCall:
        return "at a call";
    case RankStatus::Blocked:
        return "blocked";
    case RankStatus::Finished:
        return "finished";
    case RankStatus::Failed:
        return "failed";
    }
    return "?";
}

std::string memory_difference(const snapshot::RegionSnapshot& x,
                              const snapshot::RegionSnapshot& y) {
    std::string why;
    for (std::size_t g = 0; g < x.region_count() && g < y.region_count(); ++g) {
        std::vector<std::size_t> differ;
        x.pages(g).for_each_difference(y.pages(g), [&](std::size_t i) { differ.push_back(i); });
        if (x.used(g) != y.used(g) || !differ.empty())
            why += fmt::format(", region {} (used {} vs {}, {} pages differ, first {})", g,
                               x.used(g), y.used(g), differ.size(),
                               differ.empty() ? -1 : static_cast<long>(differ[0]));
    }
    return why;
}
} // namespace

std::string SystemState::describe_difference(const SystemSnapshot& a,
                                             const SystemSnapshot& b) const {
    std::string why;
    for (std::size_t c = 0; c < registry_.size(); ++c) {
        if (a.part_fingerprint(c) == b.part_fingerprint(c)) continue;
        why += "; " + registry_.component_names()[c];
        switch (c) {
        case Memory:
            why += memory_difference(a.value<snapshot::RegionSnapshot>(c),
                                     b.value<snapshot::RegionSnapshot>(c));
            break;
        case World:
            why += " (" + a.value<mpi::MpiWorld>(c).describe_difference(b.value<mpi::MpiWorld>(c)) +
                   ")";
            break;
        case Ranks: {
            const auto& x = a.value<std::vector<RankControl>>(c);
            const auto& y = b.value<std::vector<RankControl>>(c);
            for (std::size_t r = 0; r < x.size() && r < y.size(); ++r)
                if (x[r].status != y[r].status || x[r].crashed != y[r].crashed)
                    why += fmt::format(", rank {} ({}{} vs {}{})", r, status_name(x[r].status),
                                       x[r].crashed ? ", crashed" : "", status_name(y[r].status),
                                       y[r].crashed ? ", crashed" : "");
            break;
        }
        default:
            break;
        }
    }
    return why.empty() ? why : why.substr(2);
}

} // namespace rankfold::mc
