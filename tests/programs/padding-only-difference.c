/* States that differ only in struct padding: ranks 1 and 2 each send rank 0 a record whose
 * padding bytes they fill with their own pattern, twice; rank 0 receives each round's two
 * records from any source into one local struct. After round one the two match orders leave
 * the same values and differ only in the padding of rank 0's struct (whose last sender wrote
 * it): exact equality keeps the two states apart (one more state, and round two is entered
 * twice), semantic equality (the struct's value bytes only, from DWARF) merges them.
 *
 * RANKFOLD-RUN: -np 3 => ok states=7 transitions=8 executions=1 revisits=2
 * RANKFOLD-RUN: -np 3 --state-equality exact => ok states=8 transitions=10 executions=1 revisits=3
 * RANKFOLD-CFLAGS: -O0
 * (At -O0: semantic equality describes frames of unoptimised C only.)
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

struct record {
    char tag; /* 7 bytes of padding follow on x86-64 */
    long value;
};

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct record r;
    if (rank == 0) {
        long sum = 0;
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 2; i++) {
                MPI_Recv(&r, sizeof r, MPI_BYTE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD,
                         MPI_STATUS_IGNORE);
                sum += r.tag * r.value;
            }
            MPI_Barrier(MPI_COMM_WORLD);
        }
        printf("sum %ld\n", sum);
    } else {
        memset(&r, 0xa0 + rank, sizeof r);
        r.tag = 1;
        r.value = 7;
        for (int round = 0; round < 2; round++) {
            MPI_Send(&r, sizeof r, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
            MPI_Barrier(MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
