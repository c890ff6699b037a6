// One rank's info objects (MPI 3.1 §9): ordered (key, value) string pairs behind MPI_Info
// handles. Index 0 is MPI_INFO_ENV (predefined, empty: Rankfold starts no processes by
// mpiexec's arguments); the program's objects take the lowest free slot from index 1.
#pragma once

#include "simulated-mpi/src/StateHasher.hpp"

#include <mpi.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rankfold::mpi {

using InfoEntries = std::vector<std::pair<std::string, std::string>>; // in the order set

class InfoTable {
public:
    MPI_Info add(InfoEntries entries);
    // The entries of a live object (MPI_INFO_ENV included), or nullptr.
    const InfoEntries* find(MPI_Info info) const;
    // The entries of an object the program created (MPI_INFO_ENV is read-only), or nullptr.
    InfoEntries* find_own(MPI_Info info);
    bool free(MPI_Info info);
    bool empty() const { return slots_.empty(); }
    void feed(StateHasher& h) const;
    friend bool operator==(const InfoTable&, const InfoTable&) = default;

private:
    std::vector<std::optional<InfoEntries>> slots_; // slot i is index 1 + i
};

} // namespace rankfold::mpi
