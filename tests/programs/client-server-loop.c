/* Endless client/server: rank 0 serves requests forever (an MPI_ANY_SOURCE receive, then a
 * reply to the sender) and ranks 1-3 send requests forever, each with a sequence bit the reply
 * must echo. No rank ever finishes, but every rank's state is bounded (no growing counters), so
 * the state space is finite: the right verdict is ok, with executions=0 (no final state).
 * Message and receive ids (which grow with every post) are not part of the state, so the loop
 * comes back to states it has seen: 25 states, each reached again until nothing is new. (It
 * was 55 while the checker's frames below the program's were hashed too: a slot there held a
 * stack address some earlier call of the same run slice had left, or zero, and split 30 of
 * them; issue 12, ProgramFrame.hpp.)
 *
 * RANKFOLD-RUN: -np 4 => ok states=25 transitions=75 executions=0 revisits=51
 * RANKFOLD-RUN: -np 4 --no-reduction => ok states=25 transitions=75 executions=0 revisits=51
 * RANKFOLD-RUN: -np 4 --backtrack reexecute => ok states=25 transitions=75 executions=0 revisits=51
 * RANKFOLD-RUN: -np 4 --backtrack restore => ok states=25 transitions=75 executions=0 revisits=51
 * RANKFOLD-NO-DIFF: it never terminates
 */
#include <assert.h>
#include <mpi.h>

int main(int argc, char** argv) {
    int rank, msg[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Status st;
        while (1) {
            MPI_Recv(msg, 2, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &st);
            assert(msg[0] == st.MPI_SOURCE && (msg[1] == 0 || msg[1] == 1));
            MPI_Send(msg, 2, MPI_INT, st.MPI_SOURCE, 2, MPI_COMM_WORLD);
        }
    } else {
        int bit = 0;
        while (1) {
            msg[0] = rank, msg[1] = bit;
            MPI_Send(msg, 2, MPI_INT, 0, 1, MPI_COMM_WORLD);
            MPI_Recv(msg, 2, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            assert(msg[0] == rank && msg[1] == bit);
            bit = !bit;
        }
    }
    MPI_Finalize(); /* never reached */
    return 0;
}
