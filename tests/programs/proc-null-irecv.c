/* MPI_PROC_NULL with nonblocking calls: requests to the null process complete at once.
 * Each rank waits on an Irecv and an Isend addressed to MPI_PROC_NULL; the receive's status
 * must say source MPI_PROC_NULL, tag MPI_ANY_TAG, count 0, and the buffer stays untouched.
 *
 * RANKFOLD-RUN: -np 2 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: MPICH 4.0.2 gives source 0, tag 0 for Irecv from MPI_PROC_NULL (mpich#6805)
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, x = 5, y = -7, count = -1;
    MPI_Status st;
    MPI_Request reqs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Irecv(&y, 1, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend(&x, 1, MPI_INT, MPI_PROC_NULL, 4, MPI_COMM_WORLD, &reqs[1]);
    MPI_Wait(&reqs[1], MPI_STATUS_IGNORE);
    MPI_Wait(&reqs[0], &st);
    assert(reqs[0] == MPI_REQUEST_NULL && reqs[1] == MPI_REQUEST_NULL);
    MPI_Get_count(&st, MPI_INT, &count);
    printf("rank %d: source %s, tag %s, count %d, buffer %d\n", rank,
           st.MPI_SOURCE == MPI_PROC_NULL ? "MPI_PROC_NULL" : "wrong",
           st.MPI_TAG == MPI_ANY_TAG ? "MPI_ANY_TAG" : "wrong", count, y);
    assert(st.MPI_SOURCE == MPI_PROC_NULL && st.MPI_TAG == MPI_ANY_TAG && count == 0 && y == -7);
    MPI_Finalize();
    return 0;
}
