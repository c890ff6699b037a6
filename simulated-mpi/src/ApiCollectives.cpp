// MPI's collective operations, blocking and nonblocking (MPI 3.1 chapter 5). Each call hands
// its arguments to the runtime as a part of the operation; MpiWorld matches the parts of all
// members and moves the data once everyone has called.
#include "simulated-mpi/src/Api.hpp"

using namespace rankfold::mpi;

namespace {

int collective(const char* name, std::uintptr_t site, MPI_Comm comm, const CollectiveArgs& args,
               MPI_Request* request = nullptr) {
    RankCall c = make_call(CallKind::Collective, name, site);
    c.comm = comm;
    c.coll = args;
    c.coll.nonblocking = request != nullptr;
    c.requests = request;
    c.request_count = request != nullptr ? 1 : 0;
    return submit(c);
}

CollectiveArgs args(CollectiveKind kind) {
    CollectiveArgs a;
    a.kind = kind;
    return a;
}

CollectiveArgs send_recv(CollectiveKind kind, const void* sendbuf, int sendcount,
                         MPI_Datatype sendtype, void* recvbuf, int recvcount,
                         MPI_Datatype recvtype) {
    CollectiveArgs a = args(kind);
    a.sendbuf = sendbuf;
    a.sendcount = sendcount;
    a.sendtype = sendtype;
    a.recvbuf = recvbuf;
    a.recvcount = recvcount;
    a.recvtype = recvtype;
    return a;
}

CollectiveArgs bcast(void* buffer, int count, MPI_Datatype type, int root) {
    CollectiveArgs a = send_recv(CollectiveKind::Bcast, buffer, count, type, buffer, count, type);
    a.root = root;
    return a;
}

CollectiveArgs reduction(CollectiveKind kind, const void* sendbuf, void* recvbuf, int count,
                         MPI_Datatype type, MPI_Op op, int root = 0) {
    CollectiveArgs a = send_recv(kind, sendbuf, count, type, recvbuf, count, type);
    a.op = op;
    a.root = root;
    return a;
}

CollectiveArgs rooted(CollectiveKind kind, const void* sendbuf, int sendcount,
                      MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                      int root) {
    CollectiveArgs a = send_recv(kind, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    a.root = root;
    return a;
}

CollectiveArgs gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                       const int* recvcounts, const int* displs, MPI_Datatype recvtype, int root) {
    CollectiveArgs a =
        rooted(CollectiveKind::Gatherv, sendbuf, sendcount, sendtype, recvbuf, 0, recvtype, root);
    a.recvcounts = recvcounts;
    a.rdispls = displs;
    return a;
}

CollectiveArgs scatterv(const void* sendbuf, const int* sendcounts, const int* displs,
                        MPI_Datatype sendtype, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                        int root) {
    CollectiveArgs a =
        rooted(CollectiveKind::Scatterv, sendbuf, 0, sendtype, recvbuf, recvcount, recvtype, root);
    a.sendcounts = sendcounts;
    a.sdispls = displs;
    return a;
}

CollectiveArgs allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
                          const int* recvcounts, const int* displs, MPI_Datatype recvtype) {
    CollectiveArgs a =
        send_recv(CollectiveKind::Allgatherv, sendbuf, sendcount, sendtype, recvbuf, 0, recvtype);
    a.recvcounts = recvcounts;
    a.rdispls = displs;
    return a;
}

CollectiveArgs alltoallv(const void* sendbuf, const int* sendcounts, const int* sdispls,
                         MPI_Datatype sendtype, void* recvbuf, const int* recvcounts,
                         const int* rdispls, MPI_Datatype recvtype) {
    CollectiveArgs a =
        send_recv(CollectiveKind::Alltoallv, sendbuf, 0, sendtype, recvbuf, 0, recvtype);
    a.sendcounts = sendcounts;
    a.sdispls = sdispls;
    a.recvcounts = recvcounts;
    a.rdispls = rdispls;
    return a;
}

CollectiveArgs alltoallw(const void* sendbuf, const int* sendcounts, const int* sdispls,
                         const MPI_Datatype* sendtypes, void* recvbuf, const int* recvcounts,
                         const int* rdispls, const MPI_Datatype* recvtypes) {
    CollectiveArgs a =
        send_recv(CollectiveKind::Alltoallw, sendbuf, 0, MPI_BYTE, recvbuf, 0, MPI_BYTE);
    a.sendcounts = sendcounts;
    a.sdispls = sdispls;
    a.sendtypes = sendtypes;
    a.recvcounts = recvcounts;
    a.rdispls = rdispls;
    a.recvtypes = recvtypes;
    return a;
}

CollectiveArgs reduce_scatter(const void* sendbuf, void* recvbuf, const int* recvcounts,
                              MPI_Datatype type, MPI_Op op) {
    CollectiveArgs a = reduction(CollectiveKind::ReduceScatter, sendbuf, recvbuf, 0, type, op);
    a.recvcounts = recvcounts;
    return a;
}

} // namespace

// Each collective twice: the blocking form and its I-form, which returns a request.
#define RF_P(...) (__VA_ARGS__)
#define RF_BOTH(name, iname, params, make)                                                         \
    RF_EXPORT int name params {                                                                    \
        RF_MPI_ENTRY;                                                                              \
        return collective(#name, site, comm, make);                                                \
    }                                                                                              \
    RF_EXPORT int iname RF_P(RF_UNPAREN params, MPI_Request* request) {                            \
        RF_MPI_ENTRY;                                                                              \
        return collective(#iname, site, comm, make, request);                                      \
    }
#define RF_UNPAREN(...) __VA_ARGS__

RF_BOTH(MPI_Barrier, MPI_Ibarrier, (MPI_Comm comm), args(CollectiveKind::Barrier))
RF_BOTH(MPI_Bcast, MPI_Ibcast,
        (void* buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm),
        bcast(buffer, count, datatype, root))
RF_BOTH(MPI_Reduce, MPI_Ireduce,
        (const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root,
         MPI_Comm comm),
        reduction(CollectiveKind::Reduce, sendbuf, recvbuf, count, datatype, op, root))
RF_BOTH(MPI_Allreduce, MPI_Iallreduce,
        (const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
         MPI_Comm comm),
        reduction(CollectiveKind::Allreduce, sendbuf, recvbuf, count, datatype, op))
RF_BOTH(MPI_Scan, MPI_Iscan,
        (const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
         MPI_Comm comm),
        reduction(CollectiveKind::Scan, sendbuf, recvbuf, count, datatype, op))
RF_BOTH(MPI_Exscan, MPI_Iexscan,
        (const void* sendbuf, void* recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
         MPI_Comm comm),
        reduction(CollectiveKind::Exscan, sendbuf, recvbuf, count, datatype, op))
RF_BOTH(MPI_Reduce_scatter_block, MPI_Ireduce_scatter_block,
        (const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
         MPI_Comm comm),
        reduction(CollectiveKind::ReduceScatterBlock, sendbuf, recvbuf, recvcount, datatype, op))
RF_BOTH(MPI_Reduce_scatter, MPI_Ireduce_scatter,
        (const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype datatype,
         MPI_Op op, MPI_Comm comm),
        reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op))
RF_BOTH(MPI_Gather, MPI_Igather,
        (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
         MPI_Datatype recvtype, int root, MPI_Comm comm),
        rooted(CollectiveKind::Gather, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
               root))
RF_BOTH(MPI_Gatherv, MPI_Igatherv,
        (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
         const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
         MPI_Comm comm),
        gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root))
RF_BOTH(MPI_Scatter, MPI_Iscatter,
        (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
         MPI_Datatype recvtype, int root, MPI_Comm comm),
        rooted(CollectiveKind::Scatter, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
               root))
RF_BOTH(MPI_Scatterv, MPI_Iscatterv,
        (const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype,
         void* recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm),
        scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root))
RF_BOTH(MPI_Allgather, MPI_Iallgather,
        (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
         MPI_Datatype recvtype, MPI_Comm comm),
        send_recv(CollectiveKind::Allgather, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                  recvtype))
RF_BOTH(MPI_Allgatherv, MPI_Iallgatherv,
        (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf,
         const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm),
        allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype))
RF_BOTH(MPI_Alltoall, MPI_Ialltoall,
        (const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
         MPI_Datatype recvtype, MPI_Comm comm),
        send_recv(CollectiveKind::Alltoall, sendbuf, sendcount, sendtype, recvbuf, recvcount,
                  recvtype))
RF_BOTH(MPI_Alltoallv, MPI_Ialltoallv,
        (const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
         void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype,
         MPI_Comm comm),
        alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype))
RF_BOTH(MPI_Alltoallw, MPI_Ialltoallw,
        (const void* sendbuf, const int sendcounts[], const int sdispls[],
         const MPI_Datatype sendtypes[], void* recvbuf, const int recvcounts[], const int rdispls[],
         const MPI_Datatype recvtypes[], MPI_Comm comm),
        alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes))
