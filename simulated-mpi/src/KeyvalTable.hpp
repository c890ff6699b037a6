// One rank's attribute keys (MPI_Comm_create_keyval): the callbacks run when a communicator
// carrying the attribute is duplicated or freed. Indices 0..3 are the predefined keys of mpi.h
// (MPI_TAG_UB, MPI_HOST, MPI_IO, MPI_WTIME_IS_GLOBAL); lowest free slot first.
#pragma once

#include "simulated-mpi/src/StateHasher.hpp"

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace rankfold::mpi {

struct Keyval {
    MPI_Comm_copy_attr_function* copy = nullptr;  // nullptr: MPI_COMM_NULL_COPY_FN
    MPI_Comm_delete_attr_function* del = nullptr; // nullptr: MPI_COMM_NULL_DELETE_FN
    std::uintptr_t extra_state = 0;
    std::uintptr_t site = 0;
    // MPI_Comm_free_keyval was called: no new attribute may use it, but the callbacks stay
    // for the attributes that still do (MPI 3.1 §6.7.2), until the last one is deleted.
    bool freed = false;
    // Made by MPI_Win_create_keyval: `del` is then an MPI_Win_delete_attr_function (a window
    // is never duplicated, so its copy function is never called).
    bool for_windows = false;
    // Made by MPI_Type_create_keyval: `copy` and `del` are the MPI_Type_ function types.
    bool for_types = false;
    friend bool operator==(const Keyval&, const Keyval&) = default;
};

class KeyvalTable {
public:
    static constexpr int kPredefined = RF_PREDEFINED_KEYVAL_COUNT;
    int add(const Keyval& k);
    // Marks a live key freed; false if it is not one (or was freed already).
    bool free(int keyval);
    // Drops a freed key's slot; call once no attribute uses it.
    void reclaim(int keyval);
    // The key, freed or not (callbacks), or nullptr.
    const Keyval* find(int keyval) const;
    void feed(StateHasher& h) const;
    friend bool operator==(const KeyvalTable&, const KeyvalTable&) = default;

private:
    std::vector<std::optional<Keyval>> slots_; // slot i is index kPredefined + i
};

} // namespace rankfold::mpi
