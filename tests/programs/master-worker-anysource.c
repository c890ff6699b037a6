/* Master/worker task farm: rank 0 hands out NTASKS tasks, one at a time per worker, takes each
 * result with an MPI_ANY_SOURCE receive and gives the sender the next task; when all results
 * are in it sends a termination tag to every worker. The sum of the results does not depend on
 * which worker did which task.
 * Counts, with W = np - 1 workers and T = NTASKS = 6 tasks: the only choices are the T wildcard
 * receives, all at rank 0. Every worker has a result pending at each of the first T - W + 1
 * receives (W senders to choose from), then W - 1, ..., 1 are left: W^(T-W+1) * (W-1)! paths,
 * 2^5 = 32 for np 3 and 3^4 * 2 = 162 for np 4. Without state matching the search is that tree:
 * np 3: 1 + 2 + 4 + 8 + 16 + 32 + 32 = 95 states (the last receive has one sender left) and 94
 * transitions; np 4: 1 + 3 + 9 + 27 + 81 + 162 + 162 = 445 states, 444 transitions. With state
 * matching every path ends in one final state (all ranks have finished, and a finished rank
 * keeps no memory in the state): executions=1.
 *
 * RANKFOLD-RUN: -np 3 => ok states=38 transitions=58 executions=1 revisits=21
 * RANKFOLD-RUN: -np 3 --no-state-matching => ok states=95 transitions=94 executions=32 revisits=0
 * RANKFOLD-RUN: -np 4 => ok states=224 transitions=354 executions=1 revisits=131
 * RANKFOLD-RUN: -np 4 --no-state-matching => ok states=445 transitions=444 executions=162 revisits=0
 * RANKFOLD-RUN: -np 4 --buffering both => ok states=2368 transitions=3724 executions=1 revisits=1357
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

#define NTASKS 6
#define TAG_TASK 1
#define TAG_RESULT 2
#define TAG_STOP 3

int result_of(int task) {
    return task * task + 3;
}

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size < 2) MPI_Abort(MPI_COMM_WORLD, 1);
    if (rank == 0) {
        int assigned[64], next = 0, sum = 0;
        for (int w = 1; w < size; w++) assigned[w] = -1;
        for (int w = 1; w < size && next < NTASKS; w++, next++) {
            assigned[w] = next;
            MPI_Send(&next, 1, MPI_INT, w, TAG_TASK, MPI_COMM_WORLD);
        }
        for (int done = 0; done < NTASKS; done++) {
            int reply[2];
            MPI_Status st;
            MPI_Recv(reply, 2, MPI_INT, MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &st);
            int w = st.MPI_SOURCE;
            assert(reply[0] == assigned[w] && reply[1] == result_of(assigned[w]));
            sum += reply[1];
            assigned[w] = -1;
            if (next < NTASKS) {
                assigned[w] = next;
                MPI_Send(&next, 1, MPI_INT, w, TAG_TASK, MPI_COMM_WORLD);
                next++;
            }
        }
        for (int w = 1; w < size; w++) MPI_Send(NULL, 0, MPI_INT, w, TAG_STOP, MPI_COMM_WORLD);
        int expected = 0;
        for (int t = 0; t < NTASKS; t++) expected += result_of(t);
        assert(sum == expected);
        printf("master: %d tasks done by %d workers, sum of results %d\n", NTASKS, size - 1, sum);
    } else {
        for (;;) {
            int task;
            MPI_Status st;
            MPI_Recv(&task, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == TAG_STOP) break;
            assert(st.MPI_TAG == TAG_TASK);
            int reply[2] = {task, result_of(task)};
            MPI_Send(reply, 2, MPI_INT, 0, TAG_RESULT, MPI_COMM_WORLD);
        }
        printf("worker %d: stopped\n", rank);
    }
    MPI_Finalize();
    return 0;
}
