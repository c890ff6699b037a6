/* Probe unknown size: rank 0 learns each message's length with MPI_Probe before receiving it.
 * Rank r sends 3r ints; rank 0 probes any source, sizes a malloc'd buffer with MPI_Get_count
 * and receives exactly the probed message by naming its source and tag.
 *
 * RANKFOLD-RUN: -np 4 => ok states=11 transitions=15 executions=1 revisits=5
 * RANKFOLD-RUN: -np 3 --buffering infinite => ok states=4 transitions=4 executions=1 revisits=1
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        for (int i = 1; i < size; i++) {
            MPI_Status st;
            int n;
            MPI_Probe(MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &n);
            int* buf = malloc(n * sizeof(int));
            MPI_Recv(buf, n, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(n == 3 * st.MPI_SOURCE);
            for (int k = 0; k < n; k++) assert(buf[k] == st.MPI_SOURCE * 1000 + k);
            printf("rank 0: %d ints from rank %d\n", n, st.MPI_SOURCE);
            free(buf);
        }
    } else {
        int n = 3 * rank;
        int* buf = malloc(n * sizeof(int));
        for (int k = 0; k < n; k++) buf[k] = rank * 1000 + k;
        MPI_Send(buf, n, MPI_INT, 0, 7, MPI_COMM_WORLD);
        free(buf);
    }
    MPI_Finalize();
    return 0;
}
