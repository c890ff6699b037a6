// MPI process groups (MPI 3.1 §6.3) as values: a group is the ordered list of the world ranks
// of its members, and a member's rank in the group is its index. Every function is pure, so a
// communicator table can keep groups inside the snapshotted runtime state and compare them.
//
// Argument errors carry the error class MPICH 4.0 returns for the same call: MPI_ERR_RANK for a
// bad entry of a rank list, MPI_ERR_ARG for a bad range triplet. Duplicates in a rank list are
// reported as MPI_ERR_RANK (MPICH's "**rankdup"); MPICH 4.0.2 means to but does not detect them
// (its check indexes the seen-flags by position, not by rank), the standard calls them
// erroneous, and a checker must not let them through.
#pragma once

#include "simulated-mpi/src/MpiResult.hpp"

#include <array>
#include <vector>

namespace rankfold::mpi {

// Distinct world ranks; the empty vector is MPI_GROUP_EMPTY.
using Group = std::vector<int>;
// {first, last, stride} as in MPI_Group_range_incl.
using RankRange = std::array<int, 3>;

// The rank of `world_rank` in `group`, or MPI_UNDEFINED.
int rank_of(const Group& group, int world_rank);

// MPI_Group_incl: the members at `ranks`, in that order.
MpiResult<Group> incl(const Group& group, const std::vector<int>& ranks);
// MPI_Group_excl: the members not at `ranks`, in group order.
MpiResult<Group> excl(const Group& group, const std::vector<int>& ranks);
// MPI_Group_range_incl / _excl: as incl / excl of the ranks the triplets enumerate.
MpiResult<Group> range_incl(const Group& group, const std::vector<RankRange>& ranges);
MpiResult<Group> range_excl(const Group& group, const std::vector<RankRange>& ranges);

// All of a in order, then the members of b not in a, in b's order.
Group union_of(const Group& a, const Group& b);
// The members of a that are in b, in a's order.
Group intersection(const Group& a, const Group& b);
// The members of a that are not in b, in a's order.
Group difference(const Group& a, const Group& b);

// MPI_Group_translate_ranks: for each rank of a, the rank of the same process in b, or
// MPI_UNDEFINED; MPI_PROC_NULL translates to MPI_PROC_NULL.
MpiResult<std::vector<int>> translate_ranks(const Group& a, const std::vector<int>& ranks,
                                            const Group& b);

// MPI_Group_compare: MPI_IDENT (same members, same order), MPI_SIMILAR (same members),
// otherwise MPI_UNEQUAL.
int compare(const Group& a, const Group& b);

} // namespace rankfold::mpi
