// MPI's one-sided operations and their synchronisation calls other than the fence (MPI 3.1
// §11.3, §11.5.2, §11.5.3, §11.5.4). Each is a visible call: the runtime checks it against the
// window's epochs and queues or lands the operation (OneSided.hpp).
#include "simulated-mpi/src/Api.hpp"

using namespace rankfold::mpi;

namespace {

int rma(const char* name, std::uintptr_t site, const RmaArgs& args) {
    RankCall c = make_call(CallKind::Rma, name, site);
    c.rma = args;
    c.comm = args.win; // errors on a window go to the window's error handler
    return submit(c);
}

RmaArgs on(RmaKind kind, MPI_Win win, int target = MPI_PROC_NULL) {
    RmaArgs a;
    a.kind = kind;
    a.win = win;
    a.target = target;
    return a;
}

RmaArgs operation(RmaKind kind, const void* origin, int origin_count, MPI_Datatype origin_type,
                  int target, MPI_Aint target_disp, int target_count, MPI_Datatype target_type,
                  MPI_Win win) {
    RmaArgs a = on(kind, win, target);
    a.origin = origin;
    a.origin_count = origin_count;
    a.origin_type = origin_type;
    a.target_disp = target_disp;
    a.target_count = target_count;
    a.target_type = target_type;
    return a;
}

} // namespace

RF_EXPORT int MPI_Put(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                      int target_rank, MPI_Aint target_disp, int target_count,
                      MPI_Datatype target_datatype, MPI_Win win) {
    RF_MPI_ENTRY;
    return rma("MPI_Put", site,
               operation(RmaKind::Put, origin_addr, origin_count, origin_datatype, target_rank,
                         target_disp, target_count, target_datatype, win));
}

RF_EXPORT int MPI_Get(void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                      int target_rank, MPI_Aint target_disp, int target_count,
                      MPI_Datatype target_datatype, MPI_Win win) {
    RF_MPI_ENTRY;
    RmaArgs a = operation(RmaKind::Get, nullptr, 0, MPI_DATATYPE_NULL, target_rank, target_disp,
                          target_count, target_datatype, win);
    a.result = origin_addr;
    a.result_count = origin_count;
    a.result_type = origin_datatype;
    return rma("MPI_Get", site, a);
}

RF_EXPORT int MPI_Accumulate(const void* origin_addr, int origin_count,
                             MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
                             int target_count, MPI_Datatype target_datatype, MPI_Op op,
                             MPI_Win win) {
    RF_MPI_ENTRY;
    RmaArgs a = operation(RmaKind::Accumulate, origin_addr, origin_count, origin_datatype,
                          target_rank, target_disp, target_count, target_datatype, win);
    a.op = op;
    return rma("MPI_Accumulate", site, a);
}

RF_EXPORT int MPI_Get_accumulate(const void* origin_addr, int origin_count,
                                 MPI_Datatype origin_datatype, void* result_addr, int result_count,
                                 MPI_Datatype result_datatype, int target_rank,
                                 MPI_Aint target_disp, int target_count,
                                 MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
    RF_MPI_ENTRY;
    RmaArgs a = operation(RmaKind::GetAccumulate, origin_addr, origin_count, origin_datatype,
                          target_rank, target_disp, target_count, target_datatype, win);
    a.result = result_addr;
    a.result_count = result_count;
    a.result_type = result_datatype;
    a.op = op;
    return rma("MPI_Get_accumulate", site, a);
}

RF_EXPORT int MPI_Fetch_and_op(const void* origin_addr, void* result_addr, MPI_Datatype datatype,
                               int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win) {
    RF_MPI_ENTRY;
    RmaArgs a = operation(RmaKind::FetchAndOp, origin_addr, 1, datatype, target_rank, target_disp,
                          1, datatype, win);
    a.result = result_addr;
    a.result_count = 1;
    a.result_type = datatype;
    a.op = op;
    return rma("MPI_Fetch_and_op", site, a);
}

RF_EXPORT int MPI_Compare_and_swap(const void* origin_addr, const void* compare_addr,
                                   void* result_addr, MPI_Datatype datatype, int target_rank,
                                   MPI_Aint target_disp, MPI_Win win) {
    RF_MPI_ENTRY;
    RmaArgs a = operation(RmaKind::CompareAndSwap, origin_addr, 1, datatype, target_rank,
                          target_disp, 1, datatype, win);
    a.compare = compare_addr;
    a.result = result_addr;
    a.result_count = 1;
    a.result_type = datatype;
    return rma("MPI_Compare_and_swap", site, a);
}

// The request-based forms (MPI 3.1 §11.3.5): one request each, complete when the call returns.
RF_EXPORT int MPI_Rput(const void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                       int target_rank, MPI_Aint target_disp, int target_count,
                       MPI_Datatype target_datatype, MPI_Win win, MPI_Request* request) {
    RF_MPI_ENTRY;
    RmaArgs a = operation(RmaKind::Put, origin_addr, origin_count, origin_datatype, target_rank,
                          target_disp, target_count, target_datatype, win);
    a.request = request;
    return rma("MPI_Rput", site, a);
}

RF_EXPORT int MPI_Rget(void* origin_addr, int origin_count, MPI_Datatype origin_datatype,
                       int target_rank, MPI_Aint target_disp, int target_count,
                       MPI_Datatype target_datatype, MPI_Win win, MPI_Request* request) {
    RF_MPI_ENTRY;
    RmaArgs a = operation(RmaKind::Get, nullptr, 0, MPI_DATATYPE_NULL, target_rank, target_disp,
                          target_count, target_datatype, win);
    a.result = origin_addr;
    a.result_count = origin_count;
    a.result_type = origin_datatype;
    a.request = request;
    return rma("MPI_Rget", site, a);
}

RF_EXPORT int MPI_Raccumulate(const void* origin_addr, int origin_count,
                              MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,
                              int target_count, MPI_Datatype target_datatype, MPI_Op op,
                              MPI_Win win, MPI_Request* request) {
    RF_MPI_ENTRY;
    RmaArgs a = operation(RmaKind::Accumulate, origin_addr, origin_count, origin_datatype,
                          target_rank, target_disp, target_count, target_datatype, win);
    a.op = op;
    a.request = request;
    return rma("MPI_Raccumulate", site, a);
}

RF_EXPORT int MPI_Rget_accumulate(const void* origin_addr, int origin_count,
                                  MPI_Datatype origin_datatype, void* result_addr, int result_count,
                                  MPI_Datatype result_datatype, int target_rank,
                                  MPI_Aint target_disp, int target_count,
                                  MPI_Datatype target_datatype, MPI_Op op, MPI_Win win,
                                  MPI_Request* request) {
    RF_MPI_ENTRY;
    RmaArgs a = operation(RmaKind::GetAccumulate, origin_addr, origin_count, origin_datatype,
                          target_rank, target_disp, target_count, target_datatype, win);
    a.result = result_addr;
    a.result_count = result_count;
    a.result_type = result_datatype;
    a.op = op;
    a.request = request;
    return rma("MPI_Rget_accumulate", site, a);
}

RF_EXPORT int MPI_Win_lock(int lock_type, int rank, int assertion, MPI_Win win) {
    RF_MPI_ENTRY;
    RmaArgs a = on(RmaKind::Lock, win, rank);
    a.lock_type = lock_type;
    a.assertion = assertion;
    return rma("MPI_Win_lock", site, a);
}

RF_EXPORT int MPI_Win_unlock(int rank, MPI_Win win) {
    RF_MPI_ENTRY;
    return rma("MPI_Win_unlock", site, on(RmaKind::Unlock, win, rank));
}

RF_EXPORT int MPI_Win_lock_all(int assertion, MPI_Win win) {
    RF_MPI_ENTRY;
    RmaArgs a = on(RmaKind::LockAll, win);
    a.assertion = assertion;
    return rma("MPI_Win_lock_all", site, a);
}

RF_EXPORT int MPI_Win_unlock_all(MPI_Win win) {
    RF_MPI_ENTRY;
    return rma("MPI_Win_unlock_all", site, on(RmaKind::UnlockAll, win));
}

RF_EXPORT int MPI_Win_flush(int rank, MPI_Win win) {
    RF_MPI_ENTRY;
    return rma("MPI_Win_flush", site, on(RmaKind::Flush, win, rank));
}

RF_EXPORT int MPI_Win_flush_all(MPI_Win win) {
    RF_MPI_ENTRY;
    return rma("MPI_Win_flush_all", site, on(RmaKind::FlushAll, win));
}

RF_EXPORT int MPI_Win_flush_local(int rank, MPI_Win win) {
    RF_MPI_ENTRY;
    return rma("MPI_Win_flush_local", site, on(RmaKind::FlushLocal, win, rank));
}

RF_EXPORT int MPI_Win_flush_local_all(MPI_Win win) {
    RF_MPI_ENTRY;
    return rma("MPI_Win_flush_local_all", site, on(RmaKind::FlushLocalAll, win));
}

RF_EXPORT int MPI_Win_sync(MPI_Win win) {
    RF_MPI_ENTRY;
    return rma("MPI_Win_sync", site, on(RmaKind::Sync, win));
}

RF_EXPORT int MPI_Win_post(MPI_Group group, int assertion, MPI_Win win) {
    RF_MPI_ENTRY;
    RmaArgs a = on(RmaKind::Post, win);
    a.group = group;
    a.assertion = assertion;
    return rma("MPI_Win_post", site, a);
}

RF_EXPORT int MPI_Win_start(MPI_Group group, int assertion, MPI_Win win) {
    RF_MPI_ENTRY;
    RmaArgs a = on(RmaKind::Start, win);
    a.group = group;
    a.assertion = assertion;
    return rma("MPI_Win_start", site, a);
}

RF_EXPORT int MPI_Win_complete(MPI_Win win) {
    RF_MPI_ENTRY;
    return rma("MPI_Win_complete", site, on(RmaKind::Complete, win));
}

RF_EXPORT int MPI_Win_wait(MPI_Win win) {
    RF_MPI_ENTRY;
    return rma("MPI_Win_wait", site, on(RmaKind::Wait, win));
}

RF_EXPORT int MPI_Win_test(MPI_Win win, int* flag) {
    RF_MPI_ENTRY;
    RmaArgs a = on(RmaKind::Test, win);
    a.flag = flag;
    return rma("MPI_Win_test", site, a);
}
