/* Title: MPI_Request_get_status then a wait on a generalized request, fixed twin of
 * grequest-get-status.
 * Rank 0 completes a generalized request; MPI_Request_get_status runs its query function (the
 * status carries the answer as its tag) and leaves the request; before the completion it says
 * "not yet" without calling anything. The MPI_Wait then runs the query function again and the
 * free function once, and sets the handle to MPI_REQUEST_NULL.
 *
 * RANKFOLD-RUN: -np 1 => ok states=1 transitions=0 executions=1 revisits=0
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
    int flag = 1, count = 0;
    MPI_Init(&argc, &argv);
    MPI_Grequest_start(query_fn, free_fn, cancel_fn, &j, &greq);
    MPI_Request_get_status(greq, &flag, MPI_STATUS_IGNORE);
    assert(!flag && j.queries == 0);
    MPI_Grequest_complete(greq);
    MPI_Request_get_status(greq, &flag, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    assert(flag && j.queries == 1 && j.frees == 0 && st.MPI_TAG == 7 && count == 1);
    assert(greq != MPI_REQUEST_NULL);
    MPI_Wait(&greq, &st);
    assert(greq == MPI_REQUEST_NULL && j.queries == 2 && j.frees == 1 && st.MPI_TAG == 7);
    printf("answer %d, %d queries\n", st.MPI_TAG, j.queries);
    MPI_Finalize();
    return 0;
}
