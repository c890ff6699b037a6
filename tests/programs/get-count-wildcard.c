/* Get_count with wildcards: the status of an ANY_SOURCE/ANY_TAG receive describes the message.
 * Rank r sends r+1 doubles with tag 100+r; rank 0 receives them into a large buffer with both
 * wildcards and checks source, tag and MPI_Get_count in doubles and bytes. First it receives 6
 * chars from rank 1, whose count in MPI_INT units is MPI_UNDEFINED (6 is not a multiple of 4).
 *
 * RANKFOLD-RUN: -np 4 => ok states=11 transitions=15 executions=1 revisits=5
 * RANKFOLD-RUN: -np 2 --buffering infinite => ok states=2 transitions=1 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size, count;
    double buf[64];
    MPI_Status st;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        char text[16];
        MPI_Recv(text, 16, MPI_CHAR, 1, 99, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_CHAR, &count);
        assert(count == 6);
        MPI_Get_count(&st, MPI_INT, &count);
        assert(count == MPI_UNDEFINED);
        for (int i = 1; i < size; i++) {
            MPI_Recv(buf, 64, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            int src = st.MPI_SOURCE;
            assert(src > 0 && src < size && st.MPI_TAG == 100 + src);
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            assert(count == src + 1 && buf[count - 1] == src + 0.5);
            MPI_Get_count(&st, MPI_BYTE, &count);
            assert(count == (src + 1) * (int)sizeof(double));
            printf("rank 0: from %d tag %d count %d\n", src, st.MPI_TAG, src + 1);
        }
    } else {
        if (rank == 1) MPI_Send("abcdef", 6, MPI_CHAR, 0, 99, MPI_COMM_WORLD);
        for (int k = 0; k <= rank; k++) buf[k] = rank + 0.5;
        MPI_Send(buf, rank + 1, MPI_DOUBLE, 0, 100 + rank, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
