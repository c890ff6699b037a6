// MpiWorld: the collectives that make communicators (MPI 3.1 §6.4.2, §7.5.1). Once every member
// of the parent has called, the new communicators are made and each caller's handle is written
// where it asked; members that get none receive MPI_COMM_NULL.
#include "simulated-mpi/interface/MpiWorld.hpp"
#include "simulated-mpi/src/AppAccess.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>

namespace rankfold::mpi {

bool MpiWorld::execute_construction(int rank, const RankCall& call, int id,
                                    const PendingCollective& op) {
    const auto& parts = op.parts;
    const int n = static_cast<int>(parts.size());
    const CollectiveKind kind = parts[0].args.kind;
    const Communicator parent = core_.comms.communicator(id);
    // The new communicators, as lists of parent ranks.
    std::vector<std::vector<int>> groups;
    std::vector<int> group_of(static_cast<std::size_t>(n), -1);
    std::vector<int> cart_dims, cart_periods;

    switch (kind) {
    case CollectiveKind::CommDup: {
        std::vector<int> all(static_cast<std::size_t>(n));
        std::iota(all.begin(), all.end(), 0);
        groups.push_back(all);
        std::fill(group_of.begin(), group_of.end(), 0);
        cart_dims = parent.cart_dims;
        cart_periods = parent.cart_periods;
        break;
    }
    case CollectiveKind::CommSplit:
    case CollectiveKind::CommSplitType: {
        // Same colour, one communicator; ordered by key, ties by parent rank.
        std::map<int, std::vector<int>> by_color;
        for (int i = 0; i < n; ++i)
            if (parts[i].args.color != MPI_UNDEFINED) by_color[parts[i].args.color].push_back(i);
        for (auto& [color, members] : by_color) {
            std::stable_sort(members.begin(), members.end(),
                             [&](int x, int y) { return parts[x].args.key < parts[y].args.key; });
            for (int m : members) group_of[m] = static_cast<int>(groups.size());
            groups.push_back(members);
        }
        break;
    }
    case CollectiveKind::CommCreate: {
        // Every member passes the same group (a subset of the parent); check it.
        std::vector<int> first;
        for (int i = 0; i < n; ++i) {
            const auto members = group_members(parts[i].rank, parts[i].args.group);
            if (!members) {
                fail(rank, call, MPI_ERR_GROUP, Misuse::InvalidHandle,
                     fmt::format("rank {} passed an invalid group", i));
                return false;
            }
            if (i == 0)
                first = *members;
            else if (*members != first) {
                fail(rank, call, MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                     fmt::format("rank {} passed a different group than rank 0", i));
                return false;
            }
        }
        std::vector<int> members;
        for (int world : first) {
            auto it = std::find(parent.members.begin(), parent.members.end(), world);
            if (it == parent.members.end()) {
                fail(rank, call, MPI_ERR_GROUP, Misuse::InvalidArgument,
                     fmt::format("the group holds world rank {}, which is not "
                                 "in the communicator",
                                 world));
                return false;
            }
            const int i = static_cast<int>(it - parent.members.begin());
            group_of[i] = 0;
            members.push_back(i);
        }
        if (!members.empty()) groups.push_back(members);
        break;
    }
    case CollectiveKind::CartCreate: {
        const CollectiveArgs& a = parts[0].args;
        for (int i = 1; i < n; ++i)
            if (parts[i].args.ndims != a.ndims) {
                fail(rank, call, MPI_ERR_OTHER, Misuse::CollectiveMismatch,
                     fmt::format("rank {} passed ndims {}, rank 0 {}", i, parts[i].args.ndims,
                                 a.ndims));
                return false;
            }
        int cells = 1;
        for (int d = 0; d < a.ndims; ++d) {
            int dim = 0, period = 0;
            if (!read_app(a.dims + d, dim) || !read_app(a.periods + d, period)) {
                fail(rank, call, MPI_ERR_ARG, Misuse::InvalidArgument,
                     "dims or periods of rank 0 is not readable");
                return false;
            }
            cart_dims.push_back(dim);
            cart_periods.push_back(period != 0);
            cells *= dim;
        }
        // Reordering is allowed, not required: ranks keep their order (MPI 3.1 §7.5.1).
        std::vector<int> members;
        for (int i = 0; i < cells && i < n; ++i) {
            group_of[i] = 0;
            members.push_back(i);
        }
        groups.push_back(members);
        break;
    }
    default:
        return true;
    }

    std::vector<int> ids;
    for (const auto& g : groups) {
        std::vector<int> world;
        world.reserve(g.size());
        for (int i : g) world.push_back(parent.members[i]);
        const int new_id = core_.comms.create(std::move(world));
        collectives_.reset(new_id);
        core_.comms.communicator(new_id).cart_dims = cart_dims;
        core_.comms.communicator(new_id).cart_periods = cart_periods;
        ids.push_back(new_id);
    }
    for (int i = 0; i < n; ++i) {
        const CollectivePart& p = parts[i];
        const MPI_Comm handle =
            group_of[i] < 0 ? MPI_COMM_NULL : core_.comms.attach(p.rank, ids[group_of[i]], p.site);
        // A new communicator inherits its parent's error handler (MPI 3.1 §8.3).
        if (handle != MPI_COMM_NULL)
            core_.comms.handle(p.rank, handle)->errhandler =
                core_.comms.handle(p.rank, p.comm)->errhandler;
        if (!write_out(p.args.newcomm, handle)) {
            fail(rank, call, MPI_ERR_ARG, Misuse::InvalidArgument,
                 fmt::format("{}: rank {}'s newcomm argument is not writable", p.name, i));
            return false;
        }
    }
    return true;
}

} // namespace rankfold::mpi
