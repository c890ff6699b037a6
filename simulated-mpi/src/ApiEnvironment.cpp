// MPI functions of the environment: initialization, finalization, abort, ranks, time, errors.
#include "simulated-mpi/interface/ErrorStrings.hpp"
#include "simulated-mpi/src/Api.hpp"
#include "simulated-mpi/src/AttributeCallbacks.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstring>

using namespace rankfold::mpi;

RF_EXPORT int MPI_Init(int*, char***) {
    RF_MPI_ENTRY;
    RankCall c = make_call(CallKind::Init, "MPI_Init", site);
    return submit(c);
}

RF_EXPORT int MPI_Init_thread(int*, char***, int required, int* provided) {
    RF_MPI_ENTRY;
    RankCall c = make_call(CallKind::Init, "MPI_Init_thread", site);
    const int result = submit(c);
    // Ranks run one at a time, so every level is trivially honoured.
    const int level = required < MPI_THREAD_SINGLE || required > MPI_THREAD_MULTIPLE
                          ? MPI_THREAD_SINGLE
                          : required;
    rank_gate().world().rank_state(rank_gate().current_rank()).thread_level = level;
    if (provided) *provided = level;
    return result;
}

RF_EXPORT int MPI_Initialized(int* flag) {
    RF_MPI_ENTRY;
    (void)site;
    *flag = rank_gate().world().rank_state(rank_gate().current_rank()).initialized;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Finalized(int* flag) {
    RF_MPI_ENTRY;
    (void)site;
    *flag = rank_gate().world().rank_state(rank_gate().current_rank()).finalized;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Finalize(void) {
    RF_MPI_ENTRY;
    // The attributes of MPI_COMM_SELF are deleted first, in MPI_Finalize (MPI 3.1 §8.7.1):
    // libraries use their delete callbacks as finalization hooks.
    {
        const LocalCall call{"MPI_Finalize", site, &rf_section_};
        if (call.world.rank_state(call.rank).initialized &&
            !call.world.rank_state(call.rank).finalized)
            if (const int err = delete_attributes(call, MPI_COMM_SELF); err != MPI_SUCCESS)
                return err;
    }
    RankCall c = make_call(CallKind::Finalize, "MPI_Finalize", site);
    return submit(c);
}

RF_EXPORT int MPI_Abort(MPI_Comm, int errorcode) {
    RF_MPI_ENTRY;
    rank_gate().abort_run(errorcode, site);
    return MPI_ERR_OTHER; // not reached: the rank ends here
}

RF_EXPORT int MPI_Query_thread(int* provided) {
    RF_MPI_ENTRY;
    (void)site;
    *provided = rank_gate().world().rank_state(rank_gate().current_rank()).thread_level;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Is_thread_main(int* flag) {
    *flag = 1;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Comm_rank(MPI_Comm comm, int* rank) {
    RF_LOCAL_ENTRY("MPI_Comm_rank", comm, rank);
    auto r = call.world.comm_rank(call.rank, comm);
    if (!r)
        return rank_gate().local_error("MPI_Comm_rank", comm, MPI_ERR_COMM, Misuse::InvalidHandle,
                                       "invalid communicator", site);
    *rank = *r;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Comm_size(MPI_Comm comm, int* size) {
    RF_LOCAL_ENTRY("MPI_Comm_size", comm, size);
    auto s = call.world.comm_size(call.rank, comm);
    if (!s)
        return rank_gate().local_error("MPI_Comm_size", comm, MPI_ERR_COMM, Misuse::InvalidHandle,
                                       "invalid communicator", site);
    *size = *s;
    return MPI_SUCCESS;
}

RF_EXPORT double MPI_Wtime(void) {
    RF_MPI_ENTRY;
    (void)site;
    MpiWorld& world = rank_gate().world();
    const int rank = rank_gate().current_rank();
    world.rank_state(rank).tick();
    return world.rank_state(rank).wtime();
}

RF_EXPORT double MPI_Wtick(void) {
    return 1e-6;
}

RF_EXPORT int MPI_Get_processor_name(char* name, int* resultlen) {
    char host[MPI_MAX_PROCESSOR_NAME] = {};
    if (gethostname(host, sizeof host - 1) != 0) std::strcpy(host, "localhost");
    std::snprintf(name, MPI_MAX_PROCESSOR_NAME, "%s", host);
    *resultlen = static_cast<int>(std::strlen(name));
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Get_version(int* version, int* subversion) {
    *version = MPI_VERSION;
    *subversion = MPI_SUBVERSION;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Get_library_version(char* version, int* resultlen) {
    const char* text = "Rankfold simulated MPI (MPI 3.1 subset)";
    std::snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING, "%s", text);
    *resultlen = static_cast<int>(std::strlen(version));
    return MPI_SUCCESS;
}
