/* calloc must return zeroed memory on every path, also after the explorer went back to an
 * earlier state. Rank 0 keeps one calloc'ed record per message, taken from any source in
 * arrival order, checks that each record is zero before filling it, then takes one
 * acknowledgement per sender, again from any source, before freeing the records. Going back
 * from a state with three filled records to one with a single record, the next record is
 * carved from memory above the heap's top that the abandoned path had filled: the checker must
 * clear it when it restores a smaller heap (once it did not, and this assertion failed on the
 * second arrival order; replaying the path from the initial state even diverged from it). The
 * records keep the arrival order, so semantic equality merges what exact equality does.
 *
 * RANKFOLD-RUN: -np 4 => ok states=53 transitions=87 executions=1 revisits=35
 * RANKFOLD-RUN: -np 4 --backtrack restore => ok states=53 transitions=87 executions=1 revisits=35
 * RANKFOLD-RUN: -np 4 --backtrack reexecute => ok states=53 transitions=87 executions=1 revisits=35
 * RANKFOLD-RUN: -np 4 --state-equality exact --backtrack reexecute => ok states=53 transitions=87 executions=1 revisits=35
 * RANKFOLD-RUN: -np 4 --state-equality exact --backtrack restore => ok states=53 transitions=87 executions=1 revisits=35
 * RANKFOLD-CFLAGS: -O0
 * (At -O0: semantic equality describes frames of unoptimised C only.)
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

struct record {
    int from;
    int payload[7];
};

static int all_zero(const struct record* r) {
    const unsigned char* bytes = (const unsigned char*)r;
    for (size_t i = 0; i < sizeof *r; i++)
        if (bytes[i] != 0) return 0;
    return 1;
}

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        struct record* records[16] = {0};
        const int senders = size - 1 < 16 ? size - 1 : 16;
        for (int i = 0; i < senders; i++) {
            int from;
            MPI_Recv(&from, 1, MPI_INT, MPI_ANY_SOURCE, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            struct record* r = calloc(1, sizeof *r);
            assert(r != NULL && all_zero(r));
            r->from = from;
            for (int k = 0; k < 7; k++) r->payload[k] = from * 10 + k + 1;
            records[i] = r;
        }
        int sum = 0;
        for (int i = 0; i < senders; i++) {
            int from;
            MPI_Recv(&from, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            sum += from;
        }
        for (int i = 0; i < senders; i++) free(records[i]);
        printf("rank 0: %d records, acknowledgements sum to %d\n", senders, sum);
    } else if (rank <= 16) {
        MPI_Send(&rank, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Send(&rank, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
