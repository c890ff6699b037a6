// Scheduler: taking and putting back whole-system snapshots (SystemSnapshot.hpp).
#include "mc/Scheduler.hpp"

namespace rankfold::mc {

// ---- snapshots -----------------------------------------------------------------------------

void Scheduler::enable_snapshots(bool page_sharing) {
    std::vector<const RankFiber*> fibers;
    for (const Rank& r : ranks_) fibers.push_back(r.fiber.get());
    system_memory_ = std::make_unique<SystemMemory>(image_, memory_, fibers, page_sharing);
}

SystemSnapshot Scheduler::capture() {
    SystemSnapshot s;
    std::vector<bool> ended;
    for (const Rank& r : ranks_)
        ended.push_back(r.status == Status::Finished || r.status == Status::Failed);
    s.memory = system_memory_->capture(ended);
    s.world = world_;
    s.last_stepped = last_stepped_;
    s.unmatched_posts = unmatched_posts_;
    s.violation = violation_;
    snapshot::FingerprintBuilder f;
    f.fingerprint(s.memory.hash());
    f.value(world_.hash());
    for (const Rank& r : ranks_) {
        s.ranks.push_back({r.status, r.call, r.crashed, r.fiber->context()});
        s.output_sizes.push_back(output_.captured(r.id).size());
        f.value(static_cast<std::uint64_t>(r.status) << 1 | static_cast<std::uint64_t>(r.crashed));
    }
    f.value(static_cast<std::uint64_t>(last_stepped_ + 1) << 1 |
            static_cast<std::uint64_t>(unmatched_posts_));
    s.hash = f.digest();
    return s;
}

void Scheduler::restore(const SystemSnapshot& s) {
    system_memory_->restore(s.memory);
    world_ = s.world;
    last_stepped_ = s.last_stepped;
    unmatched_posts_ = s.unmatched_posts;
    violation_ = s.violation;
    for (std::size_t i = 0; i < ranks_.size(); ++i) {
        Rank& r = ranks_[i];
        r.status = s.ranks[i].status;
        r.call = s.ranks[i].call;
        r.crashed = s.ranks[i].crashed;
        r.fiber->set_context(s.ranks[i].context);
        output_.truncate_captured(r.id, s.output_sizes[i]);
    }
    system_memory_->after_restore();
}

} // namespace rankfold::mc
