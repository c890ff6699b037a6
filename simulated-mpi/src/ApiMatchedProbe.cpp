// Matched probes (MPI 3.1 §3.8.2–3.8.3): MPI_Mprobe and MPI_Improbe are MPI_Probe and
// MPI_Iprobe that also take the message they report (RankCall::message set), MPI_Mrecv and
// MPI_Imrecv receive it. The semantics are in PointToPointMatched.cpp.
#include "simulated-mpi/src/Api.hpp"

using namespace rankfold::mpi;

namespace {

RankCall probe_call(CallKind kind, const char* name, std::uintptr_t site, int source, int tag,
                    MPI_Comm comm, MPI_Message* message, MPI_Status* status) {
    RankCall c = make_call(kind, name, site);
    c.recv_type = MPI_BYTE;
    c.source = source;
    c.recv_tag = tag;
    c.comm = comm;
    c.message = message;
    c.statuses = status;
    return c;
}

RankCall mrecv_call(const char* name, std::uintptr_t site, void* buf, int count, MPI_Datatype type,
                    MPI_Message* message) {
    RankCall c = make_call(CallKind::Mrecv, name, site);
    c.recv_buffer = buf;
    c.recv_count = count;
    c.recv_type = type;
    c.message = message;
    return c;
}

} // namespace

RF_EXPORT int MPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message* message,
                         MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c =
        probe_call(CallKind::Probe, "MPI_Mprobe", site, source, tag, comm, message, status);
    return submit(c);
}

RF_EXPORT int MPI_Improbe(int source, int tag, MPI_Comm comm, int* flag, MPI_Message* message,
                          MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c =
        probe_call(CallKind::Iprobe, "MPI_Improbe", site, source, tag, comm, message, status);
    c.flag = flag;
    return submit(c);
}

RF_EXPORT int MPI_Mrecv(void* buf, int count, MPI_Datatype type, MPI_Message* message,
                        MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c = mrecv_call("MPI_Mrecv", site, buf, count, type, message);
    c.statuses = status;
    return submit(c);
}

RF_EXPORT int MPI_Imrecv(void* buf, int count, MPI_Datatype type, MPI_Message* message,
                         MPI_Request* request) {
    RF_MPI_ENTRY;
    RankCall c = mrecv_call("MPI_Imrecv", site, buf, count, type, message);
    c.requests = request;
    c.request_count = 1;
    return submit(c);
}

// Handles are integers already: the Fortran handle is the same integer.
RF_EXPORT MPI_Fint MPI_Message_c2f(MPI_Message message) {
    return message;
}
RF_EXPORT MPI_Message MPI_Message_f2c(MPI_Fint message) {
    return message;
}
RF_EXPORT MPI_Fint PMPI_Message_c2f(MPI_Message message) {
    return message;
}
RF_EXPORT MPI_Message PMPI_Message_f2c(MPI_Fint message) {
    return message;
}
