/* States that differ only in the padding of a heap block: the heap twin of
 * padding-only-difference.c. Ranks 1 and 2 each send rank 0 a record whose padding bytes they
 * fill with their own pattern, twice; rank 0 receives each round's two records from any source
 * into one malloc'ed struct, reached through a `struct record *`. After round one the two match
 * orders leave the same values and differ only in the block's padding (whose last sender wrote
 * it): exact equality keeps the two states apart, semantic equality merges them, since the
 * typed heap walk reads a block reached through a `struct record *` as a struct record and
 * leaves its padding out. Through a `void *` (the argument untyped) the block is untyped memory,
 * compared whole: semantic equality merges nothing more than exact equality does.
 *
 * RANKFOLD-RUN: -np 3 => ok states=7 transitions=8 executions=1 revisits=2
 * RANKFOLD-RUN: -np 3 --state-equality exact => ok states=8 transitions=10 executions=1 revisits=3
 * RANKFOLD-RUN: -np 3 -- untyped => ok states=8 transitions=10 executions=1 revisits=3
 * RANKFOLD-RUN: -np 3 --state-equality exact -- untyped => ok states=8 transitions=10 executions=1 revisits=3
 * RANKFOLD-CFLAGS: -O0
 * (At -O0: semantic equality describes frames of unoptimised C only.)
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct record {
    char tag; /* 7 bytes of padding follow on x86-64 */
    long value;
};

static long receive_rounds(struct record* r) {
    long sum = 0;
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < 2; i++) {
            MPI_Recv(r, sizeof *r, MPI_BYTE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            sum += r->tag * r->value;
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    return sum;
}

static long receive_rounds_untyped(void* block) {
    long sum = 0;
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < 2; i++) {
            MPI_Recv(block, sizeof(struct record), MPI_BYTE, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            struct record r;
            memcpy(&r, block, sizeof r);
            sum += r.tag * r.value;
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    return sum;
}

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int untyped = argc > 1 && strcmp(argv[1], "untyped") == 0;
    if (rank == 0) {
        long sum;
        if (untyped) {
            void* block = malloc(sizeof(struct record));
            sum = receive_rounds_untyped(block);
            free(block);
        } else {
            struct record* r = malloc(sizeof *r);
            sum = receive_rounds(r);
            free(r);
        }
        printf("sum %ld\n", sum);
    } else {
        struct record r;
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
