#include "simulated-mpi/src/GroupTable.hpp"

#include "simulated-mpi/src/Handles.hpp"

namespace rankfold::mpi {

MPI_Group GroupTable::add(std::vector<int> members, std::uintptr_t site) {
    std::size_t i = 1;
    while (i < slots_.size() && slots_[i]) ++i;
    if (i == slots_.size()) slots_.emplace_back();
    slots_[i] = GroupEntry{std::move(members), site};
    return make_handle(RF_KIND_GROUP, static_cast<int>(i));
}

const GroupEntry* GroupTable::find(MPI_Group group) const {
    auto index = handle_index(group, RF_KIND_GROUP);
    if (!index || *index >= static_cast<int>(slots_.size()) || !slots_[*index]) return nullptr;
    return &*slots_[*index];
}

bool GroupTable::free(MPI_Group group) {
    auto index = handle_index(group, RF_KIND_GROUP);
    if (!index || *index == 0 || find(group) == nullptr) return false;
    slots_[*index].reset();
    while (slots_.size() > 1 && !slots_.back()) slots_.pop_back();
    return true;
}

std::vector<std::pair<MPI_Group, const GroupEntry*>> GroupTable::live() const {
    std::vector<std::pair<MPI_Group, const GroupEntry*>> out;
    for (std::size_t i = 1; i < slots_.size(); ++i)
        if (slots_[i])
            out.emplace_back(make_handle(RF_KIND_GROUP, static_cast<int>(i)), &*slots_[i]);
    return out;
}

void GroupTable::feed(StateHasher& h) const {
    h.value(static_cast<std::uint64_t>(slots_.size()));
    for (const auto& s : slots_) {
        h.value(static_cast<std::uint8_t>(s.has_value()));
        if (!s) continue;
        h.value(static_cast<std::uint64_t>(s->members.size()));
        h.bytes(s->members.data(), s->members.size() * sizeof(int));
        h.value(static_cast<std::uint64_t>(s->site));
    }
}

} // namespace rankfold::mpi
