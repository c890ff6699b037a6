/* Wildcard gather miscount: rank 0 waits for one message more than there are senders.
 * The gather loop runs `size` times instead of `size - 1`, so after every sender's value has
 * arrived (in any order) rank 0 waits forever in its last MPI_ANY_SOURCE receive, and the
 * senders wait forever for the acknowledgement it would send afterwards.
 *
 * RANKFOLD-RUN: -np 3 => deadlock states=2 transitions=2 executions=1 revisits=0
 * RANKFOLD-RUN: -np 4 --buffering infinite => deadlock states=3 transitions=3 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, value, ack = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        int sum = 0;
        MPI_Status st;
        for (int i = 0; i < size; i++) { /* the bug: should be i < size - 1 */
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, &st); /* ERROR */
            sum += value;
        }
        for (int r = 1; r < size; r++) MPI_Send(&ack, 1, MPI_INT, r, 1, MPI_COMM_WORLD);
        printf("rank 0: sum %d\n", sum);
    } else {
        value = rank;
        MPI_Send(&value, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&ack, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* ERROR */
    }
    MPI_Finalize();
    return 0;
}
