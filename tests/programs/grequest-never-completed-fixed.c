/* Title: a generalized request completed before its wait, fixed twin of
 * grequest-never-completed.
 * Rank 0 completes its generalized request once rank 1's answer is in, then waits on it: the
 * wait calls the query function, which fills the status (the answer as its tag), then the
 * free function, which counts down the extra state. A test before the completion says "not
 * yet", and MPI_Cancel calls the cancel function with complete = 0.
 *
 * RANKFOLD-RUN: -np 2 => ok states=2 transitions=1 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

struct exchange {
    int answer;
    int live;
    int cancels;
};

static int query_fn(void* extra, MPI_Status* status) {
    const struct exchange* e = extra;
    MPI_Status_set_elements(status, MPI_INT, 1);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = 1;
    status->MPI_TAG = e->answer;
    return MPI_SUCCESS;
}
static int free_fn(void* extra) {
    ((struct exchange*)extra)->live--;
    return MPI_SUCCESS;
}
static int cancel_fn(void* extra, int complete) {
    assert(!complete);
    ((struct exchange*)extra)->cancels++;
    return MPI_SUCCESS;
}

int main(int argc, char** argv) {
    int rank, x = 5, y = 0, flag = 1, count = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        struct exchange e = {0, 1, 0};
        MPI_Request greq;
        MPI_Status st;
        MPI_Grequest_start(query_fn, free_fn, cancel_fn, &e, &greq);
        MPI_Test(&greq, &flag, MPI_STATUS_IGNORE);
        assert(!flag);
        MPI_Cancel(&greq);
        MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(&e.answer, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Grequest_complete(greq);
        MPI_Wait(&greq, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        assert(greq == MPI_REQUEST_NULL && e.live == 0 && e.cancels == 1);
        assert(st.MPI_TAG == 6 && st.MPI_SOURCE == 1 && count == 1);
        printf("rank 0: answer %d\n", st.MPI_TAG);
    } else if (rank == 1) {
        MPI_Recv(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        y++;
        MPI_Send(&y, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
