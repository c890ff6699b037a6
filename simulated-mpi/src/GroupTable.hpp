// One rank's process groups (MPI 3.1 §6.3): handles index this table; a group is the list of
// its members' world ranks, in group-rank order. Lowest free slot first and trailing free slots
// dropped, so equal histories give equal tables. Slot 0 is MPI_GROUP_EMPTY.
#pragma once

#include "simulated-mpi/src/StateHasher.hpp"

#include <mpi.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace rankfold::mpi {

struct GroupEntry {
    std::vector<int> members;
    std::uintptr_t site = 0; // where it was made, for leak reports
    friend bool operator==(const GroupEntry&, const GroupEntry&) = default;
};

class GroupTable {
public:
    GroupTable() : slots_(1, GroupEntry{}) {}
    MPI_Group add(std::vector<int> members, std::uintptr_t site);
    // False for MPI_GROUP_EMPTY, null or freed handles.
    bool free(MPI_Group group);
    const GroupEntry* find(MPI_Group group) const;
    // Groups made and never freed.
    std::vector<std::pair<MPI_Group, const GroupEntry*>> live() const;

    void feed(StateHasher& h) const;
    friend bool operator==(const GroupTable&, const GroupTable&) = default;

private:
    std::vector<std::optional<GroupEntry>> slots_;
};

} // namespace rankfold::mpi
