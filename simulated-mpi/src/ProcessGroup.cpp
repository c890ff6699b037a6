#include "simulated-mpi/src/ProcessGroup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <optional>

namespace rankfold::mpi {
namespace {

bool contains(const Group& g, int world_rank) {
    return std::find(g.begin(), g.end(), world_rank) != g.end();
}

int size_of(const Group& g) {
    return static_cast<int>(g.size());
}

// Rank lists of incl/excl: every entry a rank of the group, no entry twice.
std::optional<MpiError> check_rank_list(const Group& group, const std::vector<int>& ranks) {
    std::vector<int> first_seen(group.size(), -1);
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const int r = ranks[i];
        if (r < 0 || r >= size_of(group))
            return MpiError{
                MPI_ERR_RANK,
                fmt::format("ranks[{}] is {}, not a rank of a group of {}", i, r, group.size())};
        if (first_seen[r] >= 0)
            return MpiError{MPI_ERR_RANK, fmt::format("ranks[{}] repeats rank {} of ranks[{}]", i,
                                                      r, first_seen[r])};
        first_seen[r] = static_cast<int>(i);
    }
    return std::nullopt;
}

// The ranks the triplets enumerate, in order, after MPICH's checks in MPICH's order: each
// triplet's first rank, its stride, its last rank (the last rank it reaches must be in the group
// and `last` itself not negative), its direction, then overlaps with the triplets before it.
MpiResult<std::vector<int>> expand_ranges(const Group& group,
                                          const std::vector<RankRange>& ranges) {
    const long long size = size_of(group);
    std::vector<int> owner(group.size(), -1);
    std::vector<int> out;
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        const auto [first, last, stride] = ranges[i];
        if (first < 0 || first >= size)
            return MpiError{MPI_ERR_ARG, fmt::format("ranges[{}] starts at {}, not a rank of a "
                                                     "group of {}",
                                                     i, first, size)};
        if (stride == 0) return MpiError{MPI_ERR_ARG, fmt::format("ranges[{}] has stride 0", i)};
        // Widened: last - first overflows int for a last near INT_MIN.
        const long long reached =
            first + stride * ((static_cast<long long>(last) - first) / stride);
        if (last < 0 || reached >= size)
            return MpiError{MPI_ERR_ARG, fmt::format("ranges[{}] ends at {}, outside a group of {}",
                                                     i, last, size)};
        if ((stride > 0 && first > last) || (stride < 0 && first < last))
            return MpiError{MPI_ERR_ARG,
                            fmt::format("ranges[{}] = {{{}, {}, {}}} steps away from its last rank",
                                        i, first, last, stride)};
        for (long long r = first; stride > 0 ? r <= last : r >= last; r += stride) {
            if (owner[r] >= 0)
                return MpiError{MPI_ERR_ARG, fmt::format("rank {} is in ranges[{}] and ranges[{}]",
                                                         r, owner[r], i)};
            owner[r] = static_cast<int>(i);
            out.push_back(static_cast<int>(r));
        }
    }
    return out;
}

Group pick(const Group& group, const std::vector<int>& ranks) {
    Group out;
    out.reserve(ranks.size());
    for (int r : ranks) out.push_back(group[r]);
    return out;
}

Group drop(const Group& group, const std::vector<int>& ranks) {
    std::vector<bool> dropped(group.size(), false);
    for (int r : ranks) dropped[r] = true;
    Group out;
    for (std::size_t i = 0; i < group.size(); ++i)
        if (!dropped[i]) out.push_back(group[i]);
    return out;
}

} // namespace

int rank_of(const Group& group, int world_rank) {
    auto it = std::find(group.begin(), group.end(), world_rank);
    return it == group.end() ? MPI_UNDEFINED : static_cast<int>(it - group.begin());
}

MpiResult<Group> incl(const Group& group, const std::vector<int>& ranks) {
    if (auto error = check_rank_list(group, ranks)) return *error;
    return pick(group, ranks);
}

MpiResult<Group> excl(const Group& group, const std::vector<int>& ranks) {
    if (auto error = check_rank_list(group, ranks)) return *error;
    return drop(group, ranks);
}

MpiResult<Group> range_incl(const Group& group, const std::vector<RankRange>& ranges) {
    auto ranks = expand_ranges(group, ranges);
    if (!ranks) return ranks.error();
    return pick(group, *ranks);
}

MpiResult<Group> range_excl(const Group& group, const std::vector<RankRange>& ranges) {
    auto ranks = expand_ranges(group, ranges);
    if (!ranks) return ranks.error();
    return drop(group, *ranks);
}

Group union_of(const Group& a, const Group& b) {
    Group out = a;
    for (int p : b)
        if (!contains(a, p)) out.push_back(p);
    return out;
}

Group intersection(const Group& a, const Group& b) {
    Group out;
    for (int p : a)
        if (contains(b, p)) out.push_back(p);
    return out;
}

Group difference(const Group& a, const Group& b) {
    Group out;
    for (int p : a)
        if (!contains(b, p)) out.push_back(p);
    return out;
}

MpiResult<std::vector<int>> translate_ranks(const Group& a, const std::vector<int>& ranks,
                                            const Group& b) {
    std::vector<int> out;
    out.reserve(ranks.size());
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        const int r = ranks[i];
        if (r == MPI_PROC_NULL) {
            out.push_back(MPI_PROC_NULL);
            continue;
        }
        if (r < 0 || r >= size_of(a))
            return MpiError{
                MPI_ERR_RANK,
                fmt::format("ranks[{}] is {}, not a rank of a group of {}", i, r, a.size())};
        out.push_back(rank_of(b, a[r]));
    }
    return out;
}

int compare(const Group& a, const Group& b) {
    if (a == b) return MPI_IDENT;
    if (a.size() != b.size()) return MPI_UNEQUAL;
    // Members are distinct, so same size and a ⊆ b means the same set.
    for (int p : a)
        if (!contains(b, p)) return MPI_UNEQUAL;
    return MPI_SIMILAR;
}

} // namespace rankfold::mpi
