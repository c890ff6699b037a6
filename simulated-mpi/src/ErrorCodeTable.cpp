#include "simulated-mpi/src/ErrorCodeTable.hpp"

namespace rankfold::mpi {

int ErrorCodeTable::add_class() {
    const int code = last_used() + 1;
    entries_.push_back({code, {}});
    return code;
}

int ErrorCodeTable::add_code(int error_class) {
    const int code = last_used() + 1;
    entries_.push_back({error_class, {}});
    return code;
}

std::optional<std::size_t> ErrorCodeTable::index(int code) const {
    if (code <= MPI_ERR_LASTCODE || code > last_used()) return std::nullopt;
    return static_cast<std::size_t>(code - MPI_ERR_LASTCODE - 1);
}

std::optional<int> ErrorCodeTable::class_of(int code) const {
    const auto i = index(code);
    if (!i) return std::nullopt;
    return entries_[*i].error_class;
}

const std::string* ErrorCodeTable::text(int code) const {
    const auto i = index(code);
    return i ? &entries_[*i].text : nullptr;
}

bool ErrorCodeTable::set_text(int code, std::string text) {
    const auto i = index(code);
    if (!i) return false;
    entries_[*i].text = std::move(text);
    return true;
}

void ErrorCodeTable::feed(StateHasher& h) const {
    h.value(static_cast<std::uint64_t>(entries_.size()));
    for (const Entry& e : entries_) {
        h.value(e.error_class);
        h.value(static_cast<std::uint64_t>(e.text.size()));
        h.bytes(e.text.data(), e.text.size());
    }
}

} // namespace rankfold::mpi
