/* Title: a wildcard MPI_Mprobe takes the message of either sender.
 * Ranks 1 and 2 each send rank 0 a message of a different length. Rank 0 matches one with
 * MPI_Mprobe(MPI_ANY_SOURCE), sizes its buffer from the status and receives it with MPI_Mrecv,
 * but assumes the first message is rank 1's: the explorer takes rank 2's first too, and the
 * assertion fails.
 *
 * RANKFOLD-RUN: -np 3 => assertion states=3 transitions=3 executions=2 revisits=0
 * RANKFOLD-NO-DIFF: which sender matches first depends on timing under MPICH
 */
#include <assert.h>
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        for (int i = 0; i < 2; i++) {
            MPI_Message msg;
            MPI_Status st;
            int count;
            MPI_Mprobe(MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &msg, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            int* data = malloc(sizeof(int) * (size_t)count);
            MPI_Mrecv(data, count, MPI_INT, &msg, MPI_STATUS_IGNORE);
            if (i == 0) assert(st.MPI_SOURCE == 1); /* ERROR */
            assert(data[count - 1] == st.MPI_SOURCE);
            free(data);
        }
    } else {
        int data[2] = {rank, rank};
        MPI_Send(data, rank, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
