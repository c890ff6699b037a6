/* Wildcard fan-in: rank 0 receives one message per round from each of the other ranks with
 * MPI_ANY_SOURCE and records the order of senders in a global array, so every order is a
 * distinct program state (state matching cannot merge them: every order is one execution).
 * With 5 senders one round has 5! = 120 orders. Round r uses tag r, so rounds do not mix and
 * R rounds give 120^R executions (R=2: 14,400). With "mixed" all rounds use one tag: senders
 * do not wait for each other, so a fast sender's next message can overtake a slow sender's
 * earlier one, and R rounds give (5R)!/(R!)^5 executions (R=2: 113,400) - a size between the
 * two for a run that lasts a few seconds. What this measures is the cost of one execution: the
 * closure between choices, matching, state hashing and snapshot/restore at each wildcard
 * receive.
 * Usage: fanin [ROUNDS [mixed]]  (default 1 round), run with -np 6.
 */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RECEIVES 64
int order[MAX_RECEIVES]; /* sender of the i-th message received by rank 0 */

int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int rounds = argc > 1 ? atoi(argv[1]) : 1;
    int mixed = argc > 2 && strcmp(argv[2], "mixed") == 0;
    if (rounds < 1 || rounds * (size - 1) > MAX_RECEIVES) MPI_Abort(MPI_COMM_WORLD, 2);
    if (rank == 0) {
        for (int i = 0; i < rounds * (size - 1); ++i) {
            int value;
            MPI_Status status;
            const int tag = mixed ? 0 : i / (size - 1);
            MPI_Recv(&value, 1, MPI_INT, MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &status);
            order[i] = status.MPI_SOURCE;
        }
    } else {
        for (int r = 0; r < rounds; ++r) {
            int value = rank * 1000 + r;
            MPI_Send(&value, 1, MPI_INT, 0, mixed ? 0 : r, MPI_COMM_WORLD);
        }
    }
    MPI_Finalize();
    return 0;
}
