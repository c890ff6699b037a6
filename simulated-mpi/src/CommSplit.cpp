#include "simulated-mpi/src/CommSplit.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <tuple>

namespace rankfold::mpi {
namespace {

// Groups members by color after `check` accepted every member's color.
template <class Check>
MpiResult<SplitResult> split(const Group& parent, const std::vector<SplitArgs>& args, Check check) {
    if (parent.size() != args.size())
        return MpiError{MPI_ERR_INTERN, fmt::format("{} arguments for a parent group of {}",
                                                    args.size(), parent.size())};
    const int n = static_cast<int>(args.size());
    for (int r = 0; r < n; ++r) {
        if (auto error = check(args[r].color))
            return MpiError{error->code, fmt::format("parent rank {}: {}", r, error->message)};
    }
    // Parent ranks by color, then sorted by (key, parent rank): the stable order MPI asks for.
    std::map<int, std::vector<int>> by_color;
    for (int r = 0; r < n; ++r)
        if (args[r].color != MPI_UNDEFINED) by_color[args[r].color].push_back(r);
    SplitResult out(args.size());
    for (auto& [color, ranks] : by_color) {
        std::sort(ranks.begin(), ranks.end(), [&](int a, int b) {
            return std::tie(args[a].key, a) < std::tie(args[b].key, b);
        });
        Group members;
        members.reserve(ranks.size());
        for (int r : ranks) members.push_back(parent[r]);
        for (int r : ranks) out[r] = members;
    }
    return out;
}

} // namespace

std::optional<MpiError> check_split_color(int color) {
    if (color >= 0 || color == MPI_UNDEFINED) return std::nullopt;
    return MpiError{MPI_ERR_ARG, fmt::format("color {} is negative and not MPI_UNDEFINED", color)};
}

std::optional<MpiError> check_split_type(int split_type) {
    if (split_type == MPI_COMM_TYPE_SHARED || split_type == MPI_UNDEFINED) return std::nullopt;
    return MpiError{MPI_ERR_ARG, fmt::format("split_type {} is neither MPI_COMM_TYPE_SHARED nor "
                                             "MPI_UNDEFINED",
                                             split_type)};
}

MpiResult<SplitResult> comm_split(const Group& parent, const std::vector<SplitArgs>& args) {
    return split(parent, args, check_split_color);
}

MpiResult<SplitResult> comm_split_type(const Group& parent, const std::vector<SplitArgs>& args) {
    return split(parent, args, check_split_type);
}

} // namespace rankfold::mpi
