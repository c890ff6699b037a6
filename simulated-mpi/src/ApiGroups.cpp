// MPI's process groups (MPI 3.1 §6.3): local calls on the rank's group table, with the set
// operations of ProcessGroup.
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/ProcessGroup.hpp"

#include <fmt/format.h>

#include <algorithm>

using namespace rankfold::mpi;

namespace {

// The members of `group`, or nullptr after raising MPI_ERR_GROUP.
const Group* members(const LocalCall& call, MPI_Group group, int& err) {
    const GroupEntry* g = call.world.rank_state(call.rank).groups.find(group);
    if (g == nullptr)
        err = call.error(MPI_COMM_WORLD, MPI_ERR_GROUP, Misuse::InvalidHandle,
                         fmt::format("invalid group {:#x}", group));
    return g ? &g->members : nullptr;
}

Misuse misuse_of(int code) {
    return code == MPI_ERR_RANK ? Misuse::InvalidRank : Misuse::InvalidArgument;
}

// Stores a computed group as a new handle, or raises its error.
int store(const LocalCall& call, const MpiResult<Group>& result, MPI_Group* out) {
    if (!result)
        return call.error(MPI_COMM_WORLD, result.code(), misuse_of(result.code()),
                          result.error().message);
    *out = result->empty() ? MPI_GROUP_EMPTY
                           : call.world.rank_state(call.rank).groups.add(*result, call.site);
    return MPI_SUCCESS;
}

std::vector<int> ints(const int* array, int n) {
    return n > 0 ? std::vector<int>(array, array + n) : std::vector<int>{};
}

std::vector<RankRange> ranges(const int array[][3], int n) {
    std::vector<RankRange> out;
    out.reserve(static_cast<std::size_t>(std::max(n, 0)));
    for (int i = 0; i < n; ++i) out.push_back({array[i][0], array[i][1], array[i][2]});
    return out;
}

} // namespace

// NOLINTBEGIN(bugprone-macro-parentheses): `var` names a variable it declares
#define RF_GROUP_OR_RETURN(var, handle)                                                            \
    int rf_err_##var = MPI_SUCCESS;                                                                \
    const Group* var = members(call, (handle), rf_err_##var);                                      \
    if (var == nullptr) return rf_err_##var
// NOLINTEND(bugprone-macro-parentheses)

RF_EXPORT int MPI_Group_size(MPI_Group group, int* size) {
    RF_LOCAL_ENTRY("MPI_Group_size", group, size);
    RF_GROUP_OR_RETURN(g, group);
    *size = static_cast<int>(g->size());
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Group_rank(MPI_Group group, int* rank) {
    RF_LOCAL_ENTRY("MPI_Group_rank", group, rank);
    RF_GROUP_OR_RETURN(g, group);
    *rank = rank_of(*g, call.rank);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group* newgroup) {
    RF_LOCAL_ENTRY("MPI_Group_incl", group, n, ranks, newgroup);
    RF_GROUP_OR_RETURN(g, group);
    return store(call, incl(*g, ints(ranks, n)), newgroup);
}

RF_EXPORT int MPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group* newgroup) {
    RF_LOCAL_ENTRY("MPI_Group_excl", group, n, ranks, newgroup);
    RF_GROUP_OR_RETURN(g, group);
    return store(call, excl(*g, ints(ranks, n)), newgroup);
}

RF_EXPORT int MPI_Group_range_incl(MPI_Group group, int n, int rank_ranges[][3],
                                   MPI_Group* newgroup) {
    RF_LOCAL_ENTRY("MPI_Group_range_incl", group, n, rank_ranges, newgroup);
    RF_GROUP_OR_RETURN(g, group);
    return store(call, range_incl(*g, ranges(rank_ranges, n)), newgroup);
}

RF_EXPORT int MPI_Group_range_excl(MPI_Group group, int n, int rank_ranges[][3],
                                   MPI_Group* newgroup) {
    RF_LOCAL_ENTRY("MPI_Group_range_excl", group, n, rank_ranges, newgroup);
    RF_GROUP_OR_RETURN(g, group);
    return store(call, range_excl(*g, ranges(rank_ranges, n)), newgroup);
}

RF_EXPORT int MPI_Group_union(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
    RF_LOCAL_ENTRY("MPI_Group_union", group1, group2, newgroup);
    RF_GROUP_OR_RETURN(a, group1);
    RF_GROUP_OR_RETURN(b, group2);
    return store(call, union_of(*a, *b), newgroup);
}

RF_EXPORT int MPI_Group_intersection(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
    RF_LOCAL_ENTRY("MPI_Group_intersection", group1, group2, newgroup);
    RF_GROUP_OR_RETURN(a, group1);
    RF_GROUP_OR_RETURN(b, group2);
    return store(call, intersection(*a, *b), newgroup);
}

RF_EXPORT int MPI_Group_difference(MPI_Group group1, MPI_Group group2, MPI_Group* newgroup) {
    RF_LOCAL_ENTRY("MPI_Group_difference", group1, group2, newgroup);
    RF_GROUP_OR_RETURN(a, group1);
    RF_GROUP_OR_RETURN(b, group2);
    return store(call, difference(*a, *b), newgroup);
}

RF_EXPORT int MPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[],
                                        MPI_Group group2, int ranks2[]) {
    RF_LOCAL_ENTRY("MPI_Group_translate_ranks", group1, n, ranks1, group2, ranks2);
    RF_GROUP_OR_RETURN(a, group1);
    RF_GROUP_OR_RETURN(b, group2);
    const auto result = translate_ranks(*a, ints(ranks1, n), *b);
    if (!result)
        return call.error(MPI_COMM_WORLD, result.code(), misuse_of(result.code()),
                          result.error().message);
    for (int i = 0; i < n; ++i) ranks2[i] = (*result)[i];
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Group_compare(MPI_Group group1, MPI_Group group2, int* result) {
    RF_LOCAL_ENTRY("MPI_Group_compare", group1, group2, result);
    RF_GROUP_OR_RETURN(a, group1);
    RF_GROUP_OR_RETURN(b, group2);
    *result = compare(*a, *b);
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Group_free(MPI_Group* group) {
    RF_LOCAL_ENTRY("MPI_Group_free", group);
    // Freeing MPI_GROUP_EMPTY is allowed since MPI 2.2 and does nothing.
    if (*group != MPI_GROUP_EMPTY && !call.world.rank_state(call.rank).groups.free(*group))
        return call.error(MPI_COMM_WORLD, MPI_ERR_GROUP, Misuse::InvalidHandle,
                          fmt::format("invalid group {:#x}", *group));
    *group = MPI_GROUP_NULL;
    return MPI_SUCCESS;
}
