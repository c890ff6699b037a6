#include "mc/runtime/RankTable.hpp"

namespace rankfold::mc {

std::vector<RankControl> RankTable::controls() const {
    std::vector<RankControl> out;
    out.reserve(slots_.size());
    for (const RankSlot& r : slots_) {
        RankControl c = r.control;
        c.context = r.fiber->context();
        out.push_back(c);
    }
    return out;
}

void RankTable::set_controls(const std::vector<RankControl>& controls) {
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        slots_[i].control = controls[i];
        slots_[i].fiber->set_context(controls[i].context);
    }
}

} // namespace rankfold::mc
