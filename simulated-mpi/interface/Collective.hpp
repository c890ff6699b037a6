// One rank's part in a collective operation: which collective, and its arguments as the rank
// passed them (application addresses, read when the operation executes). The runtime matches
// the i-th collective of every member of a communicator with each other (MPI 3.1 §5.12: all
// members call collectives on a communicator in the same order) and checks that the parts
// belong together.
#pragma once

#include <mpi.h>

#include <cstdint>

namespace rankfold::mpi {

enum class CollectiveKind : std::uint8_t {
    Barrier,
    Bcast,
    Reduce,
    Allreduce,
    Gather,
    Gatherv,
    Scatter,
    Scatterv,
    Allgather,
    Allgatherv,
    Alltoall,
    Alltoallv,
    Alltoallw,
    Scan,
    Exscan,
    ReduceScatter,
    ReduceScatterBlock,
    // Communicator construction is collective too; its result is a new communicator.
    CommDup,
    CommSplit,
    CommSplitType,
    CommCreate,
    CartCreate,
    GraphCreate,     // MPI_Graph_create
    DistGraphCreate, // MPI_Dist_graph_create and MPI_Dist_graph_create_adjacent
    CommCreateGroup, // collective over `group` only, told apart by `tag` (GroupCreations)
    // Intercommunicators (MPI 3.1 §6.6.2): create is collective over each local group and
    // completes once both groups' operations have; merge is collective over both groups.
    IntercommCreate,
    IntercommMerge,
    // Windows of one-sided communication (MPI 3.1 §11.2, §11.5.1).
    WinCreate, // MPI_Win_create and MPI_Win_allocate
    WinFence,
    WinFree,
};

// "MPI_Bcast" for reports (the blocking name; nonblocking parts say so separately).
const char* collective_name(CollectiveKind kind);
bool has_root(CollectiveKind kind);
bool has_op(CollectiveKind kind);

struct CollectiveArgs {
    CollectiveKind kind = CollectiveKind::Barrier;
    bool nonblocking = false;
    const void* sendbuf = nullptr;
    int sendcount = 0;
    MPI_Datatype sendtype = MPI_DATATYPE_NULL;
    const int* sendcounts = nullptr; // v and w variants
    const int* sdispls = nullptr;
    const MPI_Datatype* sendtypes = nullptr;
    void* recvbuf = nullptr;
    int recvcount = 0;
    MPI_Datatype recvtype = MPI_DATATYPE_NULL;
    const int* recvcounts = nullptr;
    const int* rdispls = nullptr;
    const MPI_Datatype* recvtypes = nullptr;
    int root = 0;
    MPI_Op op = MPI_OP_NULL;
    // Communicator construction.
    int color = 0;
    int key = 0;
    MPI_Group group = MPI_GROUP_NULL;
    int ndims = 0;
    const int* dims = nullptr;
    const int* periods = nullptr;
    MPI_Comm* newcomm = nullptr;
    // Graph topologies, read when the operation executes. MPI_Graph_create: `ndims` nodes,
    // `dims` its index and `graph_edges` its edges. MPI_Dist_graph_create: `graph_count`
    // sources, their `graph_degrees`, the destinations and weights; _adjacent (`adjacent`):
    // `graph_count` sources with `graph_source_weights`, `graph_out` destinations. Weights may
    // be MPI_UNWEIGHTED or MPI_WEIGHTS_EMPTY.
    bool adjacent = false;
    int graph_count = 0;
    int graph_out = 0;
    const int* graph_edges = nullptr;
    const int* graph_sources = nullptr;
    const int* graph_source_weights = nullptr;
    const int* graph_degrees = nullptr;
    const int* graph_destinations = nullptr;
    const int* graph_weights = nullptr;
    // MPI_Intercomm_create (the local leader is `root`) and MPI_Intercomm_merge.
    MPI_Comm peer_comm = MPI_COMM_NULL;
    int remote_leader = 0;
    int tag = 0;
    int high = 0;
    // Windows: the memory a member exposes, where the new handle goes, the window of a fence or
    // free, and the block of the rank's heap that holds its attribute values.
    MPI_Aint win_size = 0;
    int disp_unit = 1;
    int flavor = 0;
    bool shared_noncontig = false; // MPI_Win_allocate_shared's alloc_shared_noncontig hint
    MPI_Win win = MPI_WIN_NULL;
    MPI_Win* newwin = nullptr;
    void* win_attributes = nullptr;
    int assertion = 0;
    friend bool operator==(const CollectiveArgs&, const CollectiveArgs&) = default;
};

} // namespace rankfold::mpi
