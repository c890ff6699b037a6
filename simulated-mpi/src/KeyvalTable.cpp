#include "simulated-mpi/src/KeyvalTable.hpp"

#include "simulated-mpi/src/Handles.hpp"

namespace rankfold::mpi {

int KeyvalTable::add(const Keyval& k) {
    std::size_t i = 0;
    while (i < slots_.size() && slots_[i]) ++i;
    if (i == slots_.size()) slots_.emplace_back();
    slots_[i] = k;
    return make_handle(RF_KIND_KEYVAL, kPredefined + static_cast<int>(i));
}

const Keyval* KeyvalTable::find(int keyval) const {
    auto index = handle_index(keyval, RF_KIND_KEYVAL);
    if (!index || *index < kPredefined) return nullptr;
    const auto i = static_cast<std::size_t>(*index - kPredefined);
    return i < slots_.size() && slots_[i] ? &*slots_[i] : nullptr;
}

bool KeyvalTable::free(int keyval) {
    const Keyval* k = find(keyval);
    if (k == nullptr || k->freed) return false;
    slots_[static_cast<std::size_t>(*handle_index(keyval, RF_KIND_KEYVAL) - kPredefined)]->freed =
        true;
    return true;
}

void KeyvalTable::reclaim(int keyval) {
    const Keyval* k = find(keyval);
    if (k == nullptr || !k->freed) return;
    slots_[static_cast<std::size_t>(*handle_index(keyval, RF_KIND_KEYVAL) - kPredefined)].reset();
    while (!slots_.empty() && !slots_.back()) slots_.pop_back();
}

void KeyvalTable::feed(StateHasher& h) const {
    h.value(static_cast<std::uint64_t>(slots_.size()));
    for (const auto& s : slots_) {
        h.value(static_cast<std::uint8_t>(s.has_value()));
        if (!s) continue;
        for (std::uintptr_t v : {reinterpret_cast<std::uintptr_t>(s->copy),
                                 reinterpret_cast<std::uintptr_t>(s->del), s->extra_state, s->site})
            h.value(v);
        h.value(static_cast<std::uint8_t>(s->freed | s->for_windows << 1 | s->for_types << 2));
    }
}

} // namespace rankfold::mpi
