/* A large heap block with the same contents at another offset within its pages. Ranks 1 and 2
 * send rank 0 their rank; rank 0 takes the first from any source, allocates a small block whose
 * size depends on it, then a block of three pages filled with one pattern, frees the small one
 * and takes the second. The large block thus starts further into its page when rank 2 came
 * first. Both orders then hold the same values (the sum, the large block's contents) and
 * wait for two acknowledgements from any source. Exact equality keeps the two orders apart to
 * the end; semantic equality merges them once the second value is in: the heap canonical form
 * cuts a block into 4 KiB chunks from the block's start, not at page boundaries, so the
 * contents feed the same digests at any offset (issue 12; cut at page boundaries, as before,
 * semantic equality explored 11 states here, as exact does).
 * With `-- mark-offset` rank 0 writes the large block's offset within its page into the block:
 * the two orders then really differ and semantic equality must keep them apart.
 *
 * RANKFOLD-RUN: -np 3 => ok states=7 transitions=8 executions=1 revisits=2
 * RANKFOLD-RUN: -np 3 --state-equality exact => ok states=11 transitions=12 executions=2 revisits=2
 * RANKFOLD-RUN: -np 3 -- mark-offset => ok states=11 transitions=12 executions=2 revisits=2
 * RANKFOLD-RUN: -np 3 --backtrack restore => ok states=7 transitions=8 executions=1 revisits=2
 * RANKFOLD-RUN: -np 3 --backtrack reexecute => ok states=7 transitions=8 executions=1 revisits=2
 * RANKFOLD-CFLAGS: -O0
 * (At -O0: semantic equality describes frames of unoptimised C only.)
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LARGE (3 * 4096)

char* large; /* untyped memory: compared as bytes */

static int receive_value(int tag) {
    int value;
    MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    return value;
}

int main(int argc, char** argv) {
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const int mark_offset = argc > 1 && strcmp(argv[1], "mark-offset") == 0;
    if (rank == 0) {
        int sum = receive_value(0);
        char* small = malloc((size_t)sum * 16); /* its size moves the large block */
        large = malloc(LARGE);
        memset(large, 'x', LARGE);
        if (mark_offset) large[LARGE - 1] = (char)((uintptr_t)large % 4096);
        free(small);
        sum += receive_value(0);
        int acks = receive_value(1);
        acks += receive_value(1);
        printf("rank 0: sum %d, acknowledged %d, last byte %d\n", sum, acks, large[LARGE - 1]);
        free(large);
    } else {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(&rank, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
