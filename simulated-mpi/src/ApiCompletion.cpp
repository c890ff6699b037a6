// MPI functions that start, complete, test and free requests.
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/GrequestCallbacks.hpp"

using namespace rankfold::mpi;

namespace {

RankCall request_call(CallKind kind, const char* name, std::uintptr_t site, int count,
                      MPI_Request* requests, MPI_Status* statuses) {
    RankCall c = make_call(kind, name, site);
    c.request_count = count;
    c.requests = requests;
    c.statuses = statuses;
    return c;
}

} // namespace

RF_EXPORT int MPI_Start(MPI_Request* request) {
    RF_MPI_ENTRY;
    RankCall c = request_call(CallKind::Start, "MPI_Start", site, 1, request, nullptr);
    return submit(c);
}

RF_EXPORT int MPI_Startall(int count, MPI_Request requests[]) {
    RF_MPI_ENTRY;
    RankCall c = request_call(CallKind::Startall, "MPI_Startall", site, count, requests, nullptr);
    return submit(c);
}

RF_EXPORT int MPI_Wait(MPI_Request* request, MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c = request_call(CallKind::Wait, "MPI_Wait", site, 1, request, status);
    return run_grequests_done(submit(c), rf_section_);
}

RF_EXPORT int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
    RF_MPI_ENTRY;
    RankCall c = request_call(CallKind::Waitall, "MPI_Waitall", site, count, requests, statuses);
    return run_grequests_done(submit(c), rf_section_);
}

RF_EXPORT int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c = request_call(CallKind::Waitany, "MPI_Waitany", site, count, requests, status);
    c.index = index;
    return run_grequests_done(submit(c), rf_section_);
}

RF_EXPORT int MPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[],
                           MPI_Status statuses[]) {
    RF_MPI_ENTRY;
    RankCall c =
        request_call(CallKind::Waitsome, "MPI_Waitsome", site, incount, requests, statuses);
    c.outcount = outcount;
    c.indices = indices;
    return run_grequests_done(submit(c), rf_section_);
}

RF_EXPORT int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c = request_call(CallKind::Test, "MPI_Test", site, 1, request, status);
    c.flag = flag;
    return run_grequests_done(submit(c), rf_section_);
}

RF_EXPORT int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[]) {
    RF_MPI_ENTRY;
    RankCall c = request_call(CallKind::Testall, "MPI_Testall", site, count, requests, statuses);
    c.flag = flag;
    return run_grequests_done(submit(c), rf_section_);
}

RF_EXPORT int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag,
                          MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c = request_call(CallKind::Testany, "MPI_Testany", site, count, requests, status);
    c.index = index;
    c.flag = flag;
    return run_grequests_done(submit(c), rf_section_);
}

RF_EXPORT int MPI_Testsome(int incount, MPI_Request requests[], int* outcount, int indices[],
                           MPI_Status statuses[]) {
    RF_MPI_ENTRY;
    RankCall c =
        request_call(CallKind::Testsome, "MPI_Testsome", site, incount, requests, statuses);
    c.outcount = outcount;
    c.indices = indices;
    return run_grequests_done(submit(c), rf_section_);
}

RF_EXPORT int MPI_Request_get_status(MPI_Request request, int* flag, MPI_Status* status) {
    RF_MPI_ENTRY;
    RankCall c = request_call(CallKind::RequestGetStatus, "MPI_Request_get_status", site, 1,
                              &request, status);
    c.flag = flag;
    return run_grequests_done(submit(c), rf_section_);
}

RF_EXPORT int MPI_Request_free(MPI_Request* request) {
    RF_MPI_ENTRY;
    RankCall c = request_call(CallKind::RequestFree, "MPI_Request_free", site, 1, request, nullptr);
    return submit(c);
}
