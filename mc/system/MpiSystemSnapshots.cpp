// MpiSystem: taking and putting back whole-system snapshots (SystemSnapshot.hpp).
#include "mc/system/MpiSystem.hpp"

namespace rankfold::mc {

void MpiSystem::enable_snapshots(bool page_sharing) {
    std::vector<const RankFiber*> fibers;
    for (int r = 0; r < size(); ++r) fibers.push_back(&runtime_.fiber(r));
    memory_ =
        std::make_unique<SystemMemory>(runtime_.image(), runtime_.memory(), fibers, page_sharing);
    runtime_.set_memory(memory_.get());
}

SystemSnapshot MpiSystem::capture() {
    SystemSnapshot s;
    std::vector<bool> ended;
    for (int r = 0; r < size(); ++r) ended.push_back(mc::ended(runtime_.status(r)));
    s.memory = memory_->capture(ended);
    s.world = world_;
    s.unmatched_posts = unmatched_posts_;
    s.monitors = monitors_.save();
    s.ranks = runtime_.controls();
    snapshot::FingerprintBuilder f;
    f.fingerprint(s.memory.hash());
    f.value(world_.hash());
    for (int r = 0; r < size(); ++r) {
        const RankControl& c = s.ranks[r];
        s.output_sizes.push_back(runtime_.output().captured(r).size());
        f.value(static_cast<std::uint64_t>(c.status) << 1 | static_cast<std::uint64_t>(c.crashed));
    }
    f.value(static_cast<std::uint64_t>(unmatched_posts_));
    s.monitors.fingerprint(f);
    s.hash = f.digest();
    return s;
}

void MpiSystem::restore(const SystemSnapshot& s) {
    memory_->restore(s.memory);
    world_ = s.world;
    unmatched_posts_ = s.unmatched_posts;
    monitors_.restore(s.monitors);
    runtime_.set_controls(s.ranks);
    for (int r = 0; r < size(); ++r) runtime_.output().truncate_captured(r, s.output_sizes[r]);
    memory_->after_restore();
}

} // namespace rankfold::mc
