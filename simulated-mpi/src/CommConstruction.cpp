// CommConstruction: one plan per kind of communicator construction, then making the
// communicators a plan describes.
#include "simulated-mpi/src/CommConstruction.hpp"

#include "simulated-mpi/src/AppAccess.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

namespace rankfold::mpi {

bool CommConstruction::fail(int code, Misuse misuse, std::string message) {
    core_.fail(rank_, call_, code, misuse, std::move(message));
    return false;
}

bool CommConstruction::execute(int id, const PendingCollective& op) {
    const Communicator parent = core_.comms.communicator(id);
    Plan plan;
    switch (op.parts[0].args.kind) {
    case CollectiveKind::CommDup:
        plan = dup(parent);
        break;
    case CollectiveKind::CommSplit:
    case CollectiveKind::CommSplitType:
        plan = parent.is_inter() ? split_inter(op, parent.first_group_size) : split(op);
        break;
    case CollectiveKind::CommCreate:
        if (!(parent.is_inter() ? create_inter(op, parent, plan) : create(op, parent, plan)))
            return false;
        break;
    case CollectiveKind::CartCreate:
        if (!cart_create(op, plan)) return false;
        break;
    case CollectiveKind::GraphCreate:
        if (!graph_create(op, plan)) return false;
        break;
    case CollectiveKind::DistGraphCreate:
        if (!dist_graph_create(op, plan)) return false;
        break;
    case CollectiveKind::IntercommMerge:
        if (!merge(op, parent, plan)) return false;
        break;
    default:
        return true;
    }
    return make(op, parent, plan);
}

CommConstruction::Plan CommConstruction::dup(const Communicator& parent) {
    const std::size_t n = parent.members.size();
    std::vector<int> all(n);
    std::iota(all.begin(), all.end(), 0);
    return {{all},
            std::vector<int>(n, 0),
            parent.cart_dims,
            parent.cart_periods,
            parent.graph,
            parent.is_inter() ? std::vector<int>{parent.first_group_size} : std::vector<int>{}};
}

CommConstruction::Plan CommConstruction::split(const PendingCollective& op) {
    const auto& parts = op.parts;
    const int n = static_cast<int>(parts.size());
    Plan plan;
    plan.group_of.assign(static_cast<std::size_t>(n), -1);
    // Same colour, one communicator; ordered by key, ties by parent rank.
    std::map<int, std::vector<int>> by_color;
    for (int i = 0; i < n; ++i)
        if (parts[i].args.color != MPI_UNDEFINED) by_color[parts[i].args.color].push_back(i);
    for (auto& [color, members] : by_color) {
        std::stable_sort(members.begin(), members.end(),
                         [&](int x, int y) { return parts[x].args.key < parts[y].args.key; });
        for (int m : members) plan.group_of[m] = static_cast<int>(plan.groups.size());
        plan.groups.push_back(members);
    }
    return plan;
}

CommConstruction::Plan CommConstruction::split_inter(const PendingCollective& op,
                                                     int first_group_size) {
    // Each group split on its own, as an intracommunicator would be; then the colours both
    // groups have are paired.
    const auto side = [&](int first, int count) {
        PendingCollective part;
        part.parts.assign(op.parts.begin() + first, op.parts.begin() + first + count);
        Plan p = split(part);
        std::map<int, std::vector<int>> by_color;
        for (const auto& group : p.groups) {
            std::vector<int> members;
            members.reserve(group.size());
            for (int m : group) members.push_back(first + m);
            by_color[part.parts[group.front()].args.color] = members;
        }
        return by_color;
    };
    const int n = static_cast<int>(op.parts.size());
    const auto first = side(0, first_group_size);
    const auto second = side(first_group_size, n - first_group_size);
    Plan plan;
    plan.group_of.assign(static_cast<std::size_t>(n), -1);
    for (const auto& [color, a] : first) {
        const auto b = second.find(color);
        if (b == second.end()) continue;
        std::vector<int> members = a;
        members.insert(members.end(), b->second.begin(), b->second.end());
        for (int m : members) plan.group_of[m] = static_cast<int>(plan.groups.size());
        plan.groups.push_back(members);
        plan.first_group_sizes.push_back(static_cast<int>(a.size()));
    }
    return plan;
}

bool CommConstruction::create(const PendingCollective& op, const Communicator& parent, Plan& plan) {
    const auto& parts = op.parts;
    const int n = static_cast<int>(parts.size());
    plan.group_of.assign(static_cast<std::size_t>(n), -1);
    // Each member passes a group of the parent's processes; since MPI 2.2 (§6.4.2) the groups
    // may differ, as long as any two are equal or disjoint. Each distinct group becomes one
    // communicator.
    std::vector<std::vector<int>> passed(static_cast<std::size_t>(n)); // parent ranks
    for (int i = 0; i < n; ++i) {
        const GroupEntry* g = core_.ranks[parts[i].rank].groups.find(parts[i].args.group);
        if (g == nullptr)
            return fail(MPI_ERR_GROUP, Misuse::InvalidHandle,
                        fmt::format("rank {} passed an invalid group", i));
        for (int world : g->members) {
            auto it = std::find(parent.members.begin(), parent.members.end(), world);
            if (it == parent.members.end())
                return fail(MPI_ERR_GROUP, Misuse::InvalidArgument,
                            fmt::format("rank {}'s group holds world rank {}, which is not in "
                                        "the communicator",
                                        i, world));
            passed[i].push_back(static_cast<int>(it - parent.members.begin()));
        }
    }
    // Every process in a group must pass that same group: then any two groups are equal or
    // disjoint, and a member outside every group gets MPI_COMM_NULL.
    for (int i = 0; i < n; ++i)
        for (int m : passed[i])
            if (passed[m] != passed[i])
                return fail(MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                            fmt::format("rank {} passed a group holding rank {}, which passed a "
                                        "different group: the groups must be equal or disjoint",
                                        i, m));
    for (int i = 0; i < n; ++i) {
        const auto& members = passed[i];
        if (members.empty()) continue;
        if (plan.group_of[members.front()] >= 0) continue; // this group is planned already
        const int index = static_cast<int>(plan.groups.size());
        for (int m : members) plan.group_of[m] = index;
        plan.groups.push_back(members);
    }
    return true;
}

bool CommConstruction::merge(const PendingCollective& op, const Communicator& parent, Plan& plan) {
    // Every member of a group passes the same `high`; the group that passed false comes first,
    // and when both passed the same, the first group (MPI 3.1 §6.6.2 leaves that order open).
    const int n = static_cast<int>(op.parts.size());
    const int split = parent.first_group_size;
    for (int i = 0; i < n; ++i) {
        const int group_start = i < split ? 0 : split;
        if ((op.parts[i].args.high != 0) != (op.parts[group_start].args.high != 0))
            return fail(MPI_ERR_ARG, Misuse::CollectiveMismatch,
                        fmt::format("world ranks {} and {} of one group passed different `high` "
                                    "values: a group must pass one value",
                                    op.parts[group_start].rank, op.parts[i].rank));
    }
    const bool second_first = op.parts[0].args.high != 0 && op.parts[split].args.high == 0;
    std::vector<int> order;
    for (int i = second_first ? split : 0; i < (second_first ? n : split); ++i) order.push_back(i);
    for (int i = second_first ? 0 : split; i < (second_first ? split : n); ++i) order.push_back(i);
    plan.groups.push_back(order);
    plan.group_of.assign(static_cast<std::size_t>(n), 0);
    return true;
}

bool CommConstruction::create_inter(const PendingCollective& op, const Communicator& parent,
                                    Plan& plan) {
    const int n = static_cast<int>(op.parts.size());
    const int split = parent.first_group_size;
    plan.group_of.assign(static_cast<std::size_t>(n), -1);
    std::vector<int> members;
    int first_size = 0;
    for (const auto& [first, last] : {std::pair{0, split}, std::pair{split, n}}) {
        const GroupEntry* passed = nullptr;
        for (int i = first; i < last; ++i) {
            const CollectivePart& p = op.parts[i];
            const GroupEntry* g = core_.ranks[p.rank].groups.find(p.args.group);
            if (g == nullptr)
                return fail(MPI_ERR_GROUP, Misuse::InvalidHandle,
                            fmt::format("world rank {} passed an invalid group", p.rank));
            if (passed != nullptr && g->members != passed->members)
                return fail(MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                            fmt::format("world ranks {} and {} of one group passed different "
                                        "groups",
                                        op.parts[first].rank, p.rank));
            passed = g;
        }
        if (passed == nullptr) // each group has members: the registry never makes an empty one
            return fail(MPI_ERR_INTERN, Misuse::InvalidArgument,
                        "an intercommunicator group is empty");
        for (int world : passed->members) {
            const auto begin = parent.members.begin() + first, end = parent.members.begin() + last;
            const auto it = std::find(begin, end, world);
            if (it == end)
                return fail(MPI_ERR_GROUP, Misuse::InvalidArgument,
                            fmt::format("a group passed holds world rank {}, which is not in the "
                                        "local group of the ranks that passed it",
                                        world));
            members.push_back(static_cast<int>(it - parent.members.begin()));
        }
        if (first == 0) first_size = static_cast<int>(members.size());
    }
    if (first_size == 0 || first_size == static_cast<int>(members.size())) return true;
    for (int m : members) plan.group_of[m] = 0;
    plan.groups.push_back(members);
    plan.first_group_sizes.push_back(first_size);
    return true;
}

bool CommConstruction::cart_create(const PendingCollective& op, Plan& plan) {
    const auto& parts = op.parts;
    const int n = static_cast<int>(parts.size());
    plan.group_of.assign(static_cast<std::size_t>(n), -1);
    const CollectiveArgs& a = parts[0].args;
    for (int i = 1; i < n; ++i)
        if (parts[i].args.ndims != a.ndims)
            return fail(
                MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                fmt::format("rank {} passed ndims {}, rank 0 {}", i, parts[i].args.ndims, a.ndims));
    int cells = 1;
    for (int d = 0; d < a.ndims; ++d) {
        int dim = 0, period = 0;
        if (!read_app(a.dims + d, dim) || !read_app(a.periods + d, period))
            return fail(MPI_ERR_ARG, Misuse::InvalidArgument,
                        "dims or periods of rank 0 is not readable");
        plan.cart_dims.push_back(dim);
        plan.cart_periods.push_back(period != 0);
        cells *= dim;
    }
    // Reordering is allowed, not required: ranks keep their order (MPI 3.1 §7.5.1).
    std::vector<int> members;
    for (int i = 0; i < cells && i < n; ++i) {
        plan.group_of[i] = 0;
        members.push_back(i);
    }
    plan.groups.push_back(members);
    return true;
}

bool CommConstruction::make(const PendingCollective& op, const Communicator& parent,
                            const Plan& plan) {
    CommRegistry& comms = core_.comms;
    std::vector<int> ids;
    for (std::size_t index = 0; index < plan.groups.size(); ++index) {
        const auto& g = plan.groups[index];
        const int first_group_size =
            plan.first_group_sizes.empty() ? 0 : plan.first_group_sizes[index];
        std::vector<int> world;
        world.reserve(g.size());
        for (int i : g) world.push_back(parent.members[i]);
        const int new_id =
            first_group_size > 0
                ? comms.create_inter({world.begin(), world.begin() + first_group_size},
                                     {world.begin() + first_group_size, world.end()})
                : comms.create(std::move(world));
        queue_.reset(new_id);
        comms.communicator(new_id).cart_dims = plan.cart_dims;
        comms.communicator(new_id).cart_periods = plan.cart_periods;
        comms.communicator(new_id).graph = plan.graph;
        ids.push_back(new_id);
    }
    for (int i = 0; i < static_cast<int>(op.parts.size()); ++i) {
        const CollectivePart& p = op.parts[i];
        const int group = plan.group_of[i];
        const MPI_Comm handle =
            group < 0 ? MPI_COMM_NULL : comms.attach(p.rank, ids[group], p.site);
        // A new communicator inherits its parent's error handler (MPI 3.1 §8.3).
        if (handle != MPI_COMM_NULL)
            comms.handle(p.rank, handle)->errhandler = comms.handle(p.rank, p.comm)->errhandler;
        if (!write_out(p.args.newcomm, handle))
            return fail(MPI_ERR_ARG, Misuse::InvalidArgument,
                        fmt::format("{}: rank {}'s newcomm argument is not writable", p.name, i));
    }
    return true;
}

} // namespace rankfold::mpi
