/* MPI_PROC_NULL: sends and receives addressed to the null process complete at once and do nothing.
 * Every rank checks the status of a blocking receive from MPI_PROC_NULL (source MPI_PROC_NULL,
 * tag MPI_ANY_TAG, count 0, buffer untouched), then shifts values along a non-periodic chain
 * with Sendrecv, where the two ends talk to MPI_PROC_NULL. (Irecv: see proc-null-irecv.c.)
 *
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 1 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 4 --buffering infinite => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

static void check_null_status(const MPI_Status* st) {
    int count = -1;
    assert(st->MPI_SOURCE == MPI_PROC_NULL && st->MPI_TAG == MPI_ANY_TAG);
    MPI_Get_count(st, MPI_INT, &count);
    assert(count == 0);
}

int main(int argc, char** argv) {
    int rank, size, x = 5, y = -7;
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    MPI_Send(&x, 1, MPI_INT, MPI_PROC_NULL, 3, MPI_COMM_WORLD);
    MPI_Ssend(&x, 1, MPI_INT, MPI_PROC_NULL, 3, MPI_COMM_WORLD);
    MPI_Recv(&y, 1, MPI_INT, MPI_PROC_NULL, 3, MPI_COMM_WORLD, &st);
    check_null_status(&st);
    assert(y == -7);

    int left = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    int right = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    int got = -1;
    MPI_Sendrecv(&rank, 1, MPI_INT, right, 0, &got, 1, MPI_INT, left, 0, MPI_COMM_WORLD, &st);
    if (left == MPI_PROC_NULL) {
        check_null_status(&st);
        assert(got == -1);
    } else {
        assert(got == left && st.MPI_SOURCE == left);
    }
    printf("rank %d: proc-null checks passed, got %d from the left\n", rank, got);
    MPI_Finalize();
    return 0;
}
