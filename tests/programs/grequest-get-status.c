/* Title: MPI_Request_get_status taken for a completion of a generalized request.
 * Rank 0 completes a generalized request and asks MPI_Request_get_status about it: the call
 * runs the request's query function, which fills the status (the answer as its tag, MPI 3.1
 * §12.2), and the program checks it. But it takes the call for an MPI_Test and never waits for
 * the request: MPI_Request_get_status leaves the request allocated, so its free function never
 * runs and the request is still there at MPI_Finalize.
 *
 * RANKFOLD-RUN: -np 1 => usage:request-leak states=0 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 does not report the leaked request
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

struct job {
    int answer;
    int queries;
    int frees;
};

static int query_fn(void* extra, MPI_Status* status) {
    struct job* j = extra;
    j->queries++;
    MPI_Status_set_elements(status, MPI_INT, 1);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = 0;
    status->MPI_TAG = j->answer;
    return MPI_SUCCESS;
}
static int free_fn(void* extra) {
    ((struct job*)extra)->frees++;
    return MPI_SUCCESS;
}
static int cancel_fn(void* extra, int complete) {
    (void)extra;
    (void)complete;
    return MPI_SUCCESS;
}

int main(int argc, char** argv) {
    struct job j = {7, 0, 0};
    MPI_Request greq;
    MPI_Status st;
    int flag = 0;
    MPI_Init(&argc, &argv);
    MPI_Grequest_start(query_fn, free_fn, cancel_fn, &j, &greq);
    MPI_Grequest_complete(greq);
    MPI_Request_get_status(greq, &flag, &st);
    assert(flag && j.queries == 1 && st.MPI_TAG == 7);
    printf("answer %d\n", st.MPI_TAG);
    /* bug: no MPI_Wait(&greq, ...): the request is never freed */
    MPI_Finalize();
    return 0;
}
