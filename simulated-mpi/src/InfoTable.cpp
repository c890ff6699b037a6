#include "simulated-mpi/src/InfoTable.hpp"

#include "simulated-mpi/src/Handles.hpp"

namespace rankfold::mpi {

namespace {
const InfoEntries kEnvironment; // MPI_INFO_ENV
}

MPI_Info InfoTable::add(InfoEntries entries) {
    std::size_t i = 0;
    while (i < slots_.size() && slots_[i]) ++i;
    if (i == slots_.size()) slots_.emplace_back();
    slots_[i] = std::move(entries);
    return make_handle(RF_KIND_INFO, 1 + static_cast<int>(i));
}

const InfoEntries* InfoTable::find(MPI_Info info) const {
    if (info == MPI_INFO_ENV) return &kEnvironment;
    auto index = handle_index(info, RF_KIND_INFO);
    if (!index || *index < 1) return nullptr;
    const auto i = static_cast<std::size_t>(*index - 1);
    return i < slots_.size() && slots_[i] ? &*slots_[i] : nullptr;
}

InfoEntries* InfoTable::find_own(MPI_Info info) {
    if (info == MPI_INFO_ENV || find(info) == nullptr) return nullptr;
    return &*slots_[static_cast<std::size_t>(*handle_index(info, RF_KIND_INFO) - 1)];
}

bool InfoTable::free(MPI_Info info) {
    if (find_own(info) == nullptr) return false;
    slots_[static_cast<std::size_t>(*handle_index(info, RF_KIND_INFO) - 1)].reset();
    while (!slots_.empty() && !slots_.back()) slots_.pop_back();
    return true;
}

void InfoTable::feed(StateHasher& h) const {
    h.value(static_cast<std::uint64_t>(slots_.size()));
    for (const auto& s : slots_) {
        h.value(static_cast<std::uint8_t>(s.has_value()));
        if (!s) continue;
        h.value(static_cast<std::uint64_t>(s->size()));
        for (const auto& [key, value] : *s) {
            h.value(static_cast<std::uint64_t>(key.size()));
            h.bytes(key.data(), key.size());
            h.value(static_cast<std::uint64_t>(value.size()));
            h.bytes(value.data(), value.size());
        }
    }
}

} // namespace rankfold::mpi
