// How the runtime reads and writes the application's memory (statuses, handles, flags): through
// the copies that survive a bad pointer. Shared by the parts of MpiWorld.
#pragma once

#include "snapshot/GuardedCopy.hpp"

#include <mpi.h>

#include <cstddef>

namespace rankfold::mpi {

template <class T> bool read_app(const T* where, T& out) {
    return snapshot::copy_from_app(&out, where, sizeof(T));
}

inline bool ignored(const MPI_Status* status) {
    return status == MPI_STATUS_IGNORE;
}

// Element i of a status array, or MPI_STATUSES_IGNORE.
inline MPI_Status* status_at(MPI_Status* statuses, int i) {
    return ignored(statuses) ? MPI_STATUS_IGNORE : statuses + i;
}

// Copies the NUL-terminated string at `where` into `out` (`size` bytes, size > 0), cut to
// size - 1 characters. False if the string is not readable.
inline bool read_app_string(const char* where, char* out, std::size_t size) {
    for (std::size_t i = 0; i + 1 < size; ++i) {
        if (!read_app(where + i, out[i])) return false;
        if (out[i] == '\0') return true;
    }
    out[size - 1] = '\0';
    return true;
}

template <class T> bool write_out(T* where, T value) {
    return snapshot::copy_to_app(where, &value, sizeof(T));
}

} // namespace rankfold::mpi
