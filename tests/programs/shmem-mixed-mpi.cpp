/* Title: MPI and OpenSHMEM in one program: a ring of SHMEM puts, then an MPI_Allreduce.
 * The PEs are the ranks: shmem_my_pe and MPI_Comm_rank agree, and both runtimes' calls
 * synchronize the same ranks.
 * One put is posted before its target has run its code up to the barrier: both orders, 2
 * states.
 *
 * RANKFOLD-RUN: -np 3 => ok states=2 transitions=2 executions=1 revisits=1
 * RANKFOLD-EXPECTED-OUTPUT: %S/shmem-mixed-mpi.expected
 */
#include <cstdio>
#include <mpi.h>
#include <shmem.h>
static int got = -1;
int main(int argc, char** argv) {
    MPI_Init(&argc, &argv);
    shmem_init();
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    shmem_int_p(&got, rank, (rank + 1) % shmem_n_pes());
    shmem_barrier_all();
    int sum = 0;
    MPI_Allreduce(&got, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    std::printf("rank %d got %d sum %d\n", rank, got, sum);
    shmem_finalize();
    MPI_Finalize();
}
