// What a collective operation does once every member has called: the data moves between the
// members' buffers (read and written where each rank passed them), one function per family,
// and a member whose counts do not fit the others' is reported.
#include "simulated-mpi/src/AppAccess.hpp"
#include "simulated-mpi/src/CollectiveRun.hpp"

namespace rankfold::mpi::collective {

bool broadcast(CollectiveRun& run) {
    const int root = run.args(0).root;
    const CollectiveArgs& r = run.args(root);
    Payload data;
    if (!run.get(root, r.recvbuf, 0, r.recvcount, r.recvtype, data)) return false;
    for (int i = 0; i < run.members(); ++i) {
        const CollectiveArgs& a = run.args(i);
        if (i != root && !run.put(root, i, data, a.recvbuf, 0, a.recvcount, a.recvtype))
            return false;
    }
    return true;
}

bool gather(CollectiveRun& run) {
    const int root = run.args(0).root;
    const CollectiveArgs& r = run.args(root);
    const bool v = run.args(0).kind == CollectiveKind::Gatherv;
    for (int i = 0; i < run.members(); ++i) {
        const CollectiveArgs& a = run.args(i);
        if (i == root && a.sendbuf == MPI_IN_PLACE) continue;
        int count = r.recvcount;
        int displ = i * r.recvcount;
        if (v && !(run.at(root, r.recvcounts, i, count) && run.at(root, r.rdispls, i, displ)))
            return false;
        Payload data;
        if (!run.get(i, a.sendbuf, 0, a.sendcount, a.sendtype, data) ||
            !run.put(i, root, data, r.recvbuf, displ * run.extent(root, r.recvtype), count,
                     r.recvtype))
            return false;
    }
    return true;
}

bool scatter(CollectiveRun& run) {
    const int root = run.args(0).root;
    const CollectiveArgs& r = run.args(root);
    const bool v = run.args(0).kind == CollectiveKind::Scatterv;
    for (int i = 0; i < run.members(); ++i) {
        const CollectiveArgs& a = run.args(i);
        if (i == root && a.recvbuf == MPI_IN_PLACE) continue;
        int count = r.sendcount;
        int displ = i * r.sendcount;
        if (v && !(run.at(root, r.sendcounts, i, count) && run.at(root, r.sdispls, i, displ)))
            return false;
        Payload data;
        if (!run.get(root, r.sendbuf, displ * run.extent(root, r.sendtype), count, r.sendtype,
                     data) ||
            !run.put(root, i, data, a.recvbuf, 0, a.recvcount, a.recvtype))
            return false;
    }
    return true;
}

bool allgather(CollectiveRun& run) {
    const int n = run.members();
    const bool v = run.args(0).kind == CollectiveKind::Allgatherv;
    // Everyone's block first, then the writes: with MPI_IN_PLACE the blocks live in the
    // receive buffers being written.
    std::vector<Payload> blocks(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const CollectiveArgs& a = run.args(i);
        if (a.sendbuf != MPI_IN_PLACE) {
            if (!run.get(i, a.sendbuf, 0, a.sendcount, a.sendtype, blocks[i])) return false;
            continue;
        }
        int count = a.recvcount;
        int displ = i * a.recvcount;
        if (v && !(run.at(i, a.recvcounts, i, count) && run.at(i, a.rdispls, i, displ)))
            return false;
        if (!run.get(i, a.recvbuf, displ * run.extent(i, a.recvtype), count, a.recvtype, blocks[i]))
            return false;
    }
    for (int j = 0; j < n; ++j) {
        const CollectiveArgs& r = run.args(j);
        for (int i = 0; i < n; ++i) {
            if (i == j && r.sendbuf == MPI_IN_PLACE) continue;
            int count = r.recvcount;
            int displ = i * r.recvcount;
            if (v && !(run.at(j, r.recvcounts, i, count) && run.at(j, r.rdispls, i, displ)))
                return false;
            if (!run.put(i, j, blocks[i], r.recvbuf, displ * run.extent(j, r.recvtype), count,
                         r.recvtype))
                return false;
        }
    }
    return true;
}

bool block_spec(CollectiveRun& run, int who, bool send, int j, BlockSpec& s) {
    const CollectiveKind k = run.args(0).kind;
    const CollectiveArgs& a = run.args(who);
    const bool in_place = a.sendbuf == MPI_IN_PLACE;
    send = send && !in_place;
    s.type = send ? a.sendtype : a.recvtype;
    s.count = send ? a.sendcount : a.recvcount;
    int displ = j * s.count;
    if (k != CollectiveKind::Alltoall) {
        if (!run.at(who, send ? a.sendcounts : a.recvcounts, j, s.count) ||
            !run.at(who, send ? a.sdispls : a.rdispls, j, displ))
            return false;
        if (k == CollectiveKind::Alltoallw &&
            !read_app((send ? a.sendtypes : a.recvtypes) + j, s.type))
            return run.unreadable(who);
    }
    s.bytes = k == CollectiveKind::Alltoallw ? displ : displ * run.extent(who, s.type);
    return true;
}

bool alltoall(CollectiveRun& run) {
    const int n = run.members();
    std::vector<Payload> blocks(static_cast<std::size_t>(n) * n);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            BlockSpec s{};
            const CollectiveArgs& a = run.args(i);
            const void* buf = a.sendbuf == MPI_IN_PLACE ? a.recvbuf : a.sendbuf;
            if (!block_spec(run, i, true, j, s) ||
                !run.get(i, buf, s.bytes, s.count, s.type, blocks[i * n + j]))
                return false;
        }
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
            BlockSpec s{};
            if (!block_spec(run, j, false, i, s) ||
                !run.put(i, j, blocks[i * n + j], run.args(j).recvbuf, s.bytes, s.count, s.type))
                return false;
        }
    return true;
}

bool execute(CollectiveRun& run) {
    switch (run.args(0).kind) {
    case CollectiveKind::Barrier:
        return true;
    case CollectiveKind::Bcast:
        return broadcast(run);
    case CollectiveKind::Gather:
    case CollectiveKind::Gatherv:
        return gather(run);
    case CollectiveKind::Scatter:
    case CollectiveKind::Scatterv:
        return scatter(run);
    case CollectiveKind::Allgather:
    case CollectiveKind::Allgatherv:
        return allgather(run);
    case CollectiveKind::Alltoall:
    case CollectiveKind::Alltoallv:
    case CollectiveKind::Alltoallw:
        return alltoall(run);
    default:
        return reduction(run);
    }
}

} // namespace rankfold::mpi::collective
