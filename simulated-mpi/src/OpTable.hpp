// One rank's user-defined reduction operators (MPI_Op_create / MPI_Op_free). A value type like
// the request table: handles are indices into it, the lowest free slot is reused first and
// trailing free slots are dropped, so equal histories give equal tables and equal handles.
#pragma once

#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace rankfold::mpi {

class StateHasher;

struct UserOp {
    MPI_User_function* fn = nullptr; // an address in the creating rank's copy of the program
    bool commute = false;
    std::uintptr_t site = 0; // where MPI_Op_create was called, for leak reports

    friend bool operator==(const UserOp&, const UserOp&) = default;
};

struct LiveOp {
    MPI_Op handle;
    UserOp op;
};

class OpTable {
public:
    // Handle indices 1..14 are the predefined operators of mpi.h; user operators follow them.
    static constexpr int kFirstIndex = 15;

    // A new operator in the lowest free slot. MPI_OP_NULL when the handle space is exhausted.
    MPI_Op create(MPI_User_function* fn, bool commute, std::uintptr_t site = 0);

    // Releases a live user operator. False, and no change, for a predefined, null, freed or
    // malformed handle.
    bool free(MPI_Op op);

    // The live user operator behind `op`, or nullptr.
    const UserOp* find(MPI_Op op) const;

    // The operators still allocated, in handle order (for leak reports at MPI_Finalize).
    std::vector<LiveOp> live() const;

    friend bool operator==(const OpTable&, const OpTable&) = default;

private:
    std::optional<std::size_t> slot_of(MPI_Op op) const;

    std::vector<std::optional<UserOp>> slots_; // slot i has handle index kFirstIndex + i
};

// Feeds everything operator== compares, field by field, consistently with it.
void feed(StateHasher& h, const OpTable& ops);

} // namespace rankfold::mpi
