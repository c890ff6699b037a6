#include "simulated-mpi/src/Typemap.hpp"

#include "simulated-mpi/src/StateHasher.hpp"

#include <algorithm>

namespace rankfold::mpi {
namespace {

bool mul(std::int64_t a, std::int64_t b, std::int64_t& out) {
    return !__builtin_mul_overflow(a, b, &out);
}
bool add(std::int64_t a, std::int64_t b, std::int64_t& out) {
    return !__builtin_add_overflow(a, b, &out);
}

} // namespace

Typemap Typemap::predefined(BasicIndex index) {
    const PredefinedType& t = predefined_type(index);
    TypemapBuilder b;
    switch (t.kind) {
    case PredefinedKind::Basic: {
        Typemap m;
        m.blocks_ = {{0, t.size}};
        m.signature_ = TypeSignature::of(index, 1);
        m.size_ = t.size;
        m.ub_ = m.true_ub_ = t.size;
        m.align_ = t.align;
        m.seal();
        return m;
    }
    case PredefinedKind::Pair:
        b.append(predefined(t.value), 0, 1);
        b.append(predefined(*predefined_index(MPI_INT)), t.int_offset, 1);
        b.set_bounds(0, t.extent);
        break;
    default: // MPI_DATATYPE_NULL, and the markers MPI_LB and MPI_UB: no data, no extent
        break;
    }
    return b.finish();
}

void Typemap::seal() {
    StateHasher h;
    h.value(static_cast<std::uint64_t>(blocks_.size()));
    for (const TypeBlock& b : blocks_) {
        h.value(b.disp);
        h.value(b.length);
    }
    signature_.feed(h);
    for (std::int64_t v : {lb_, ub_, true_lb_, true_ub_}) h.value(v);
    h.value(size_);
    h.value(align_);
    digest_ = h.digest();
}

bool Typemap::dense() const {
    return blocks_.size() == 1 && static_cast<std::int64_t>(blocks_[0].length) == extent();
}

bool operator==(const Typemap& a, const Typemap& b) {
    return a.digest_ == b.digest_ && a.size_ == b.size_ && a.lb_ == b.lb_ && a.ub_ == b.ub_ &&
           a.true_lb_ == b.true_lb_ && a.true_ub_ == b.true_ub_ && a.align_ == b.align_ &&
           a.blocks_ == b.blocks_ && a.signature_ == b.signature_;
}

// ---- TypemapBuilder --------------------------------------------------------------------------

void TypemapBuilder::add_block(std::int64_t disp, std::uint64_t length) {
    auto& blocks = map_.blocks_;
    if (length == 0) return;
    if (!blocks.empty() &&
        blocks.back().disp + static_cast<std::int64_t>(blocks.back().length) == disp)
        blocks.back().length += length;
    else
        blocks.push_back({disp, length});
}

bool TypemapBuilder::add_signature(const TypeSignature& s, std::uint64_t copies) {
    auto add_run = [&](const SignatureRun& r) {
        if (!runs_.empty() && runs_.back().basic == r.basic)
            runs_.back().count += r.count;
        else
            runs_.push_back(r);
    };
    if (auto u = s.uniform()) {
        std::uint64_t count = 0;
        if (__builtin_mul_overflow(u->count, copies, &count)) return false;
        add_run({u->basic, count});
        return true;
    }
    const auto unit = s.unit();
    if (unit.empty()) return true;
    if (copies * s.repeat() > kMaxRuns / unit.size() + 1) return false;
    for (std::uint64_t k = 0; k < copies * s.repeat(); ++k)
        for (const SignatureRun& r : unit) add_run(r);
    return runs_.size() <= kMaxRuns;
}

void TypemapBuilder::include(std::int64_t lb, std::int64_t ub, std::int64_t true_lb,
                             std::int64_t true_ub) {
    Typemap& m = map_;
    if (!any_) {
        m.lb_ = lb, m.ub_ = ub, m.true_lb_ = true_lb, m.true_ub_ = true_ub;
        any_ = true;
        return;
    }
    m.lb_ = std::min(m.lb_, lb);
    m.ub_ = std::max(m.ub_, ub);
    m.true_lb_ = std::min(m.true_lb_, true_lb);
    m.true_ub_ = std::max(m.true_ub_, true_ub);
}

bool TypemapBuilder::append(const Typemap& type, std::int64_t disp, std::uint64_t copies) {
    if (copies == 0) return true;
    if (copies > static_cast<std::uint64_t>(INT64_MAX)) return false;
    const auto n = static_cast<std::int64_t>(copies);
    const std::int64_t extent = type.extent();
    std::int64_t span = 0, last = 0, lb = 0, ub = 0, true_lb = 0, true_ub = 0;
    if (!mul(n - 1, extent, span) || !add(disp, span, last)) return false;
    const std::int64_t low = std::min(disp, last), high = std::max(disp, last);
    if (!add(low, type.lb(), lb) || !add(high, type.ub(), ub) ||
        !add(low, type.true_lb(), true_lb) || !add(high, type.true_ub(), true_ub))
        return false;
    include(lb, ub, true_lb, true_ub);
    std::int64_t extent_now = 0, true_extent_now = 0; // extent() must not overflow either
    if (__builtin_sub_overflow(map_.ub_, map_.lb_, &extent_now) ||
        __builtin_sub_overflow(map_.true_ub_, map_.true_lb_, &true_extent_now))
        return false;
    std::uint64_t bytes = 0;
    if (__builtin_mul_overflow(type.size(), copies, &bytes) ||
        __builtin_add_overflow(map_.size_, bytes, &map_.size_))
        return false;
    map_.align_ = std::max(map_.align_, type.alignment());
    if (!add_signature(type.signature(), copies)) return false;

    const auto& blocks = type.blocks();
    if (blocks.empty()) return true;
    if (type.dense()) { // consecutive copies touch: one block
        add_block(disp + blocks[0].disp, bytes);
        return true;
    }
    if (copies > kMaxBlocks / blocks.size() + 1) return false;
    for (std::int64_t k = 0; k < n; ++k)
        for (const TypeBlock& b : blocks) add_block(disp + k * extent + b.disp, b.length);
    return map_.blocks_.size() <= kMaxBlocks;
}

void TypemapBuilder::lb_marker(std::int64_t disp) {
    lb_marker_ = lb_marker_ ? std::min(*lb_marker_, disp) : disp;
}

void TypemapBuilder::ub_marker(std::int64_t disp) {
    ub_marker_ = ub_marker_ ? std::max(*ub_marker_, disp) : disp;
}

void TypemapBuilder::set_bounds(std::int64_t lb, std::int64_t ub) {
    set_lb_ = lb;
    set_ub_ = ub;
}

Typemap TypemapBuilder::finish() {
    Typemap& m = map_;
    if (lb_marker_) m.lb_ = *lb_marker_;
    if (ub_marker_) m.ub_ = *ub_marker_;
    if (pad_ && !lb_marker_ && !ub_marker_) {
        const std::int64_t epsilon = m.extent() % m.align_;
        if (epsilon > 0) m.ub_ += m.align_ - epsilon;
    }
    if (set_lb_) m.lb_ = *set_lb_;
    if (set_ub_) m.ub_ = *set_ub_;
    m.signature_ = TypeSignature(runs_);
    m.seal();
    return std::move(map_); // the builder is done with it
}

} // namespace rankfold::mpi
