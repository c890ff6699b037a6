#include "simulated-mpi/interface/Collective.hpp"

namespace rankfold::mpi {

const char* collective_name(CollectiveKind kind) {
    switch (kind) {
    case CollectiveKind::Barrier:
        return "MPI_Barrier";
    case CollectiveKind::Bcast:
        return "MPI_Bcast";
    case CollectiveKind::Reduce:
        return "MPI_Reduce";
    case CollectiveKind::Allreduce:
        return "MPI_Allreduce";
    case CollectiveKind::Gather:
        return "MPI_Gather";
    case CollectiveKind::Gatherv:
        return "MPI_Gatherv";
    case CollectiveKind::Scatter:
        return "MPI_Scatter";
    case CollectiveKind::Scatterv:
        return "MPI_Scatterv";
    case CollectiveKind::Allgather:
        return "MPI_Allgather";
    case CollectiveKind::Allgatherv:
        return "MPI_Allgatherv";
    case CollectiveKind::Alltoall:
        return "MPI_Alltoall";
    case CollectiveKind::Alltoallv:
        return "MPI_Alltoallv";
    case CollectiveKind::Alltoallw:
        return "MPI_Alltoallw";
    case CollectiveKind::Scan:
        return "MPI_Scan";
    case CollectiveKind::Exscan:
        return "MPI_Exscan";
    case CollectiveKind::ReduceScatter:
        return "MPI_Reduce_scatter";
    case CollectiveKind::ReduceScatterBlock:
        return "MPI_Reduce_scatter_block";
    case CollectiveKind::CommDup:
        return "MPI_Comm_dup";
    case CollectiveKind::CommSplit:
        return "MPI_Comm_split";
    case CollectiveKind::CommSplitType:
        return "MPI_Comm_split_type";
    case CollectiveKind::CommCreate:
        return "MPI_Comm_create";
    case CollectiveKind::CartCreate:
        return "MPI_Cart_create";
    case CollectiveKind::GraphCreate:
        return "MPI_Graph_create";
    case CollectiveKind::DistGraphCreate:
        return "MPI_Dist_graph_create";
    case CollectiveKind::CommCreateGroup:
        return "MPI_Comm_create_group";
    case CollectiveKind::IntercommCreate:
        return "MPI_Intercomm_create";
    case CollectiveKind::IntercommMerge:
        return "MPI_Intercomm_merge";
    case CollectiveKind::WinCreate:
        return "MPI_Win_create";
    case CollectiveKind::WinFence:
        return "MPI_Win_fence";
    case CollectiveKind::WinFree:
        return "MPI_Win_free";
    }
    return "?";
}

bool has_root(CollectiveKind kind) {
    switch (kind) {
    case CollectiveKind::Bcast:
    case CollectiveKind::Reduce:
    case CollectiveKind::Gather:
    case CollectiveKind::Gatherv:
    case CollectiveKind::Scatter:
    case CollectiveKind::Scatterv:
        return true;
    default:
        return false;
    }
}

bool has_op(CollectiveKind kind) {
    switch (kind) {
    case CollectiveKind::Reduce:
    case CollectiveKind::Allreduce:
    case CollectiveKind::Scan:
    case CollectiveKind::Exscan:
    case CollectiveKind::ReduceScatter:
    case CollectiveKind::ReduceScatterBlock:
        return true;
    default:
        return false;
    }
}

} // namespace rankfold::mpi
