/* Title: MPI_Reduce_scatter_block on an intercommunicator whose groups' vectors differ in
 * length (usage:collective-mismatch). Group A (the 3 even ranks of 5) and group B (the 2 odd
 * ones) both pass recvcount 1: A's vectors hold 3 elements and B's 2, but each group's sum is
 * dealt out to the other group's members (MPI 3.1 §5.10.2), so A's 3 elements would go to B's
 * 2 members. MPICH aborts it with "Message truncated". The fixed twin is
 * intercomm-data-collectives.c (recvcounts 2 and 3: vectors of 6 on both sides).
 *
 * RANKFOLD-RUN: -np 5 => usage:collective-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int wrank;
    MPI_Comm local, inter;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    const int in_a = wrank % 2 == 0;
    MPI_Comm_split(MPI_COMM_WORLD, !in_a, wrank, &local);
    MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, in_a ? 1 : 0, 7, &inter);
    int vector[3] = {wrank, wrank, wrank}, one = -1;
    MPI_Reduce_scatter_block(vector, &one, 1, MPI_INT, MPI_SUM, inter); /* ERROR */
    printf("world %d: %d\n", wrank, one);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&local);
    MPI_Finalize();
    return 0;
}
