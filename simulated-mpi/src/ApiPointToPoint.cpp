// MPI functions that post sends and receives, blocking, nonblocking and persistent.
#include "simulated-mpi/src/Api.hpp"

using namespace rankfold::mpi;

namespace {

RankCall send_call(CallKind kind, const char* name, std::uintptr_t site, SendMode mode,
                   const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                   MPI_Request* request = nullptr) {
    RankCall c = make_call(kind, name, site);
    c.send_buffer = buf;
    c.send_count = count;
    c.send_type = type;
    c.dest = dest;
    c.send_tag = tag;
    c.mode = mode;
    c.comm = comm;
    c.requests = request;
    c.request_count = 1;
    return c;
}

RankCall recv_call(CallKind kind, const char* name, std::uintptr_t site, void* buf, int count,
                   MPI_Datatype type, int source, int tag, MPI_Comm comm) {
    RankCall c = make_call(kind, name, site);
    c.recv_buffer = buf;
    c.recv_count = count;
    c.recv_type = type;
    c.source = source;
    c.recv_tag = tag;
    c.comm = comm;
    return c;
}

// The send half of MPI_Sendrecv and its replace and nonblocking forms.
void set_send_half(RankCall& c, const void* buf, int count, MPI_Datatype type, int dest, int tag) {
    c.send_buffer = buf;
    c.send_count = count;
    c.send_type = type;
    c.dest = dest;
    c.send_tag = tag;
}

} // namespace

// One definition per (function, kind, mode): the blocking, nonblocking and persistent sends.
#define RF_DEFINE_SEND(fn, kind, mode)                                                             \
    RF_EXPORT int fn(const void* buf, int count, MPI_Datatype type, int dest, int tag,             \
                     MPI_Comm comm) {                                                              \
        RF_MPI_ENTRY;                                                                              \
        RankCall c = send_call(kind, #fn, site, mode, buf, count, type, dest, tag, comm);          \
        return submit(c);                                                                          \
    }
#define RF_DEFINE_REQUEST_SEND(fn, kind, mode)                                                     \
    RF_EXPORT int fn(const void* buf, int count, MPI_Datatype type, int dest, int tag,             \
                     MPI_Comm comm, MPI_Request* request) {                                        \
        RF_MPI_ENTRY;                                                                              \
        RankCall c = send_call(kind, #fn, site, mode, buf, count, type, dest, tag, comm, request); \
        return submit(c);                                                                          \
    }

RF_DEFINE_SEND(MPI_Send, CallKind::Send, SendMode::Standard)
RF_DEFINE_SEND(MPI_Ssend, CallKind::Send, SendMode::Synchronous)
RF_DEFINE_SEND(MPI_Bsend, CallKind::Send, SendMode::Buffered)
RF_DEFINE_SEND(MPI_Rsend, CallKind::Send, SendMode::Ready)
RF_DEFINE_REQUEST_SEND(MPI_Isend, CallKind::Isend, SendMode::Standard)
RF_DEFINE_REQUEST_SEND(MPI_Issend, CallKind::Isend, SendMode::Synchronous)
RF_DEFINE_REQUEST_SEND(MPI_Ibsend, CallKind::Isend, SendMode::Buffered)
RF_DEFINE_REQUEST_SEND(MPI_Irsend, CallKind::Isend, SendMode::Ready)
RF_DEFINE_REQUEST_SEND(MPI_Send_init, CallKind::SendInit, SendMode::Standard)
RF_DEFINE_REQUEST_SEND(MPI_Ssend_init, CallKind::SendInit, SendMode::Synchronous)
RF_DEFINE_REQUEST_SEND(MPI_Bsend_init, CallKind::SendInit, SendMode::Buffered)
RF_DEFINE_REQUEST_SEND(MPI_Rsend_init, CallKind::SendInit, SendMode::Ready)

RF_EXPORT int MPI_Recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                       MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c = recv_call(CallKind::Recv, "MPI_Recv", site, buf, count, type, source, tag, comm);
    c.statuses = status;
    return submit(c);
}

RF_EXPORT int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm,
                        MPI_Request* request) {
    RF_MPI_ENTRY;
    RankCall c = recv_call(CallKind::Irecv, "MPI_Irecv", site, buf, count, type, source, tag, comm);
    c.requests = request;
    c.request_count = 1;
    return submit(c);
}

RF_EXPORT int MPI_Recv_init(void* buf, int count, MPI_Datatype type, int source, int tag,
                            MPI_Comm comm, MPI_Request* request) {
    RF_MPI_ENTRY;
    RankCall c =
        recv_call(CallKind::RecvInit, "MPI_Recv_init", site, buf, count, type, source, tag, comm);
    c.requests = request;
    c.request_count = 1;
    return submit(c);
}

RF_EXPORT int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                           int sendtag, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                           int source, int recvtag, MPI_Comm comm, MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c = recv_call(CallKind::Sendrecv, "MPI_Sendrecv", site, recvbuf, recvcount, recvtype,
                           source, recvtag, comm);
    set_send_half(c, sendbuf, sendcount, sendtype, dest, sendtag);
    c.statuses = status;
    return submit(c);
}

RF_EXPORT int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype type, int dest, int sendtag,
                                   int source, int recvtag, MPI_Comm comm, MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c = recv_call(CallKind::SendrecvReplace, "MPI_Sendrecv_replace", site, buf, count,
                           type, source, recvtag, comm);
    set_send_half(c, buf, count, type, dest, sendtag);
    c.statuses = status;
    return submit(c);
}

RF_EXPORT int MPI_Isendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                            int sendtag, void* recvbuf, int recvcount, MPI_Datatype recvtype,
                            int source, int recvtag, MPI_Comm comm, MPI_Request* request) {
    RF_MPI_ENTRY;
    RankCall c = recv_call(CallKind::Isendrecv, "MPI_Isendrecv", site, recvbuf, recvcount, recvtype,
                           source, recvtag, comm);
    set_send_half(c, sendbuf, sendcount, sendtype, dest, sendtag);
    c.requests = request;
    c.request_count = 1;
    return submit(c);
}

RF_EXPORT int MPI_Isendrecv_replace(void* buf, int count, MPI_Datatype type, int dest, int sendtag,
                                    int source, int recvtag, MPI_Comm comm, MPI_Request* request) {
    RF_MPI_ENTRY;
    RankCall c = recv_call(CallKind::IsendrecvReplace, "MPI_Isendrecv_replace", site, buf, count,
                           type, source, recvtag, comm);
    set_send_half(c, buf, count, type, dest, sendtag);
    c.requests = request;
    c.request_count = 1;
    return submit(c);
}

RF_EXPORT int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c =
        recv_call(CallKind::Probe, "MPI_Probe", site, nullptr, 0, MPI_BYTE, source, tag, comm);
    c.statuses = status;
    return submit(c);
}

RF_EXPORT int MPI_Iprobe(int source, int tag, MPI_Comm comm, int* flag, MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c =
        recv_call(CallKind::Iprobe, "MPI_Iprobe", site, nullptr, 0, MPI_BYTE, source, tag, comm);
    c.flag = flag;
    c.statuses = status;
    return submit(c);
}

RF_EXPORT int MPI_Buffer_attach(void* buffer, int size) {
    RF_MPI_ENTRY;
    RankCall c = make_call(CallKind::BufferAttach, "MPI_Buffer_attach", site);
    c.buffer_address = buffer;
    c.buffer_size = size;
    return submit(c);
}

RF_EXPORT int MPI_Buffer_detach(void* buffer_addr, int* size) {
    RF_MPI_ENTRY;
    RankCall c = make_call(CallKind::BufferDetach, "MPI_Buffer_detach", site);
    c.buffer_address = buffer_addr;
    c.size_out = size;
    return submit(c);
}
