/* Pipelined nonblocking reductions: each rank produces its data in chunks and starts the
 * reduction of a chunk (MPI_Iallreduce sums, one of them in place, or MPI_Ireduce maxima to a
 * root that changes with the chunk) as soon as the chunk is computed, so up to four reductions
 * are in flight while it computes the next ones. The first batch is completed by an
 * MPI_Testall polling loop that does a bounded amount of other work between polls, the second
 * by MPI_Waitall. Integer data: the results are bit-identical with any reduction order.
 * Counts: the only choices are the Testall outcomes. Every reduction of the first batch has been
 * started by every rank before anyone polls, so each Testall may succeed or say "not yet", and
 * each rank is in one of 4 places: polling after 1, 2 or 3 pieces of side work (a "not yet"
 * after the third comes back to the same state), or past the loop. The ranks are independent:
 * 4^np states (256 for np 4, 64 for np 3), all ending in one final state. --no-reduction takes
 * both outcomes of each of the 3 polling places of each rank in every combination of the
 * others: 2 * 3 * np * 4^(np-1) transitions (1536; 288 for np 3). Without state matching each
 * rank succeeds after 1, 2 or 3 pieces (3^np executions, 81) and the search visits every
 * combination of the ranks' 6 positions (3 polls, 3 ways past the loop): 6^np = 1296 states.
 *
 * RANKFOLD-RUN: -np 4 => ok states=256 transitions=510 executions=1 revisits=255
 * RANKFOLD-RUN: -np 3 => ok states=64 transitions=126 executions=1 revisits=63
 * RANKFOLD-RUN: -np 4 --no-reduction => ok states=256 transitions=1536 executions=1 revisits=1281
 * RANKFOLD-RUN: -np 3 --no-reduction => ok states=64 transitions=288 executions=1 revisits=225
 * RANKFOLD-RUN: -np 4 --no-state-matching => ok states=1296 transitions=1554 executions=81 revisits=259
 * RANKFOLD-CFLAGS: -O0
 * Built with the memory-access instrumentation at -O0, where semantic state equality (the
 * default) reads the frames' live variables from DWARF: the instrumented code leaves other
 * values in callee-saved registers and stack slots across its MPI calls, dead ones, which
 * exact equality counts:
 * RANKFOLD-RUN: -np 4 --state-equality exact => ok states=610 transitions=936 executions=1 revisits=327
 * RANKFOLD-RUN: -np 3 --state-equality exact => ok states=118 transitions=186 executions=1 revisits=69
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

#define NCHUNKS 8 /* two batches of four */
#define BATCH 4
#define CHUNK 6
#define POLL_WORK 3 /* pieces of side work done while polling the first batch */

int data[NCHUNKS][CHUNK], result[NCHUNKS][CHUNK];
long side_work[POLL_WORK];

void compute_chunk(int rank, int c) {
    for (int k = 0; k < CHUNK; k++) data[c][k] = ((rank + 1) * (c * CHUNK + k) * 7 + rank) % 97;
}

/* Starts the reduction of chunk c: sums with Iallreduce for even chunks (in place for chunk
 * 6), maxima with Ireduce to root c % size for odd ones. */
void start_reduction(int c, int size, MPI_Request* req) {
    if (c % 2 == 0 && c == 6) {
        for (int k = 0; k < CHUNK; k++) result[c][k] = data[c][k];
        MPI_Iallreduce(MPI_IN_PLACE, result[c], CHUNK, MPI_INT, MPI_SUM, MPI_COMM_WORLD, req);
    } else if (c % 2 == 0) {
        MPI_Iallreduce(data[c], result[c], CHUNK, MPI_INT, MPI_SUM, MPI_COMM_WORLD, req);
    } else {
        MPI_Ireduce(data[c], result[c], CHUNK, MPI_INT, MPI_MAX, c % size, MPI_COMM_WORLD, req);
    }
}

/* What every rank should get for chunk c, from the formula in compute_chunk. */
int expected(int c, int k, int size) {
    int acc = c % 2 == 0 ? 0 : -1;
    for (int r = 0; r < size; r++) {
        int v = ((r + 1) * (c * CHUNK + k) * 7 + r) % 97;
        acc = c % 2 == 0 ? acc + v : (v > acc ? v : acc);
    }
    return acc;
}

int main(int argc, char** argv) {
    int rank, size;
    MPI_Request reqs[BATCH];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* First batch: compute and start chunk by chunk, then poll with Testall while doing side
     * work (a bounded number of pieces, so the polling loop comes back to the same state). */
    for (int c = 0; c < BATCH; c++) {
        compute_chunk(rank, c);
        start_reduction(c, size, &reqs[c]);
    }
    int flag = 0, piece = 0;
    while (!flag) {
        if (piece < POLL_WORK) {
            for (int k = 0; k < CHUNK; k++) side_work[piece] += (long)data[piece][k] * (k + 1);
            piece++;
        }
        MPI_Testall(BATCH, reqs, &flag, MPI_STATUSES_IGNORE);
    }
    for (int c = 0; c < BATCH; c++) assert(reqs[c] == MPI_REQUEST_NULL);
    for (; piece < POLL_WORK; piece++)
        for (int k = 0; k < CHUNK; k++) side_work[piece] += (long)data[piece][k] * (k + 1);

    /* Second batch: the same pipeline, completed with Waitall. */
    for (int c = BATCH; c < NCHUNKS; c++) {
        compute_chunk(rank, c);
        start_reduction(c, size, &reqs[c - BATCH]);
    }
    MPI_Waitall(BATCH, reqs, MPI_STATUSES_IGNORE);

    long side = 0;
    for (int p = 0; p < POLL_WORK; p++) side += side_work[p];
    for (int c = 0; c < NCHUNKS; c++) {
        if (c % 2 == 1 && c % size != rank) continue; /* only the root has an Ireduce result */
        long checksum = 0;
        for (int k = 0; k < CHUNK; k++) {
            assert(result[c][k] == expected(c, k, size));
            checksum = checksum * 31 + result[c][k];
        }
        printf("rank %d: chunk %d %s checksum %ld\n", rank, c,
               c % 2 == 0 ? "allreduce sum" : "reduce max", checksum);
    }
    printf("rank %d: side work %ld\n", rank, side);
    MPI_Finalize();
    return 0;
}
