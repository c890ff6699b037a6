// One rank's error handlers made by MPI_Comm_create_errhandler (MPI 3.1 §8.3.1). Indices 0 and
// 1 are MPI_ERRORS_ARE_FATAL and MPI_ERRORS_RETURN; the program's handlers follow in the order
// made. An entry is never reused: a freed handler stays attached to the communicators that
// carry it (MPI 3.1 §8.3.4), only its handle becomes invalid.
#pragma once

#include "simulated-mpi/src/Handles.hpp"
#include "simulated-mpi/src/StateHasher.hpp"

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace rankfold::mpi {

class ErrhandlerTable {
public:
    MPI_Errhandler add(MPI_Comm_errhandler_function* function) {
        entries_.push_back({reinterpret_cast<std::uintptr_t>(function), false});
        return make_handle(RF_KIND_ERRHANDLER, 1 + static_cast<int>(entries_.size()));
    }
    // The function of a handler the program made (freed or not), or nullptr.
    MPI_Comm_errhandler_function* function(MPI_Errhandler handler) const {
        const Entry* e = entry(handler);
        return e ? reinterpret_cast<MPI_Comm_errhandler_function*>(e->function) : nullptr;
    }
    // Whether `handler` may be passed to a call: predefined, or made and not freed.
    bool usable(MPI_Errhandler handler) const {
        if (handler == MPI_ERRORS_ARE_FATAL || handler == MPI_ERRORS_RETURN) return true;
        const Entry* e = entry(handler);
        return e != nullptr && !e->freed;
    }
    // Frees a handler the program made; false if it is not one or is already freed.
    bool free(MPI_Errhandler handler) {
        const auto i = slot(handler);
        if (!i || entries_[*i].freed) return false;
        entries_[*i].freed = true;
        return true;
    }
    bool empty() const { return entries_.empty(); }
    void feed(StateHasher& h) const {
        h.value(static_cast<std::uint64_t>(entries_.size()));
        for (const Entry& e : entries_) {
            h.value(e.function);
            h.value(static_cast<std::uint8_t>(e.freed));
        }
    }
    friend bool operator==(const ErrhandlerTable&, const ErrhandlerTable&) = default;

private:
    struct Entry {
        std::uintptr_t function;
        bool freed;
        friend bool operator==(const Entry&, const Entry&) = default;
    };
    std::optional<std::size_t> slot(MPI_Errhandler handler) const {
        const auto index = handle_index(handler, RF_KIND_ERRHANDLER);
        if (!index || *index < 2) return std::nullopt;
        const auto i = static_cast<std::size_t>(*index - 2);
        if (i >= entries_.size()) return std::nullopt;
        return i;
    }
    const Entry* entry(MPI_Errhandler handler) const {
        const auto i = slot(handler);
        return i ? &entries_[*i] : nullptr;
    }
    std::vector<Entry> entries_; // entry i is index 2 + i
};

} // namespace rankfold::mpi
