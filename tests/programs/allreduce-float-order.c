/* Floating-point summation order: rank r contributes x_r = 1e16, 1, -1e16, 1, ... to an
 * MPI_Allreduce(MPI_SUM) of doubles. Near 1e16 doubles are 2 apart and 1e16 +/- 1 rounds to
 * even, back to +/-1e16, so the result depends on how the sum is associated. Rankfold folds in
 * rank order, ((x0 + x1) + x2) + x3 = (1e16 + -1e16) + 1 = 1 with -np 4; MPICH's default for
 * small messages is recursive doubling, (x0 + x1) + (x2 + x3) = 1e16 + -1e16 = 0. Every rank
 * prints what it got and checks that all ranks got the same; under Rankfold (RANKFOLD_MPI) it
 * also asserts the rank-order fold, so a change of Rankfold's order fails this test. MPICH
 * 4.0.2 uses recursive doubling for messages up to MPIR_CVAR_ALLREDUCE_SHORT_MSG_SIZE (2048
 * bytes) and predefined operators; with -np 3 it first folds rank 0 into rank 1, then pairs
 * (x0 + x1) with x2: the same as the rank-order fold (0). With -np 2, 5, 6 the two orders also
 * agree here (1e16); with -np 4 and 8 they differ (Rankfold 1, MPICH 0).
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-NO-DIFF: -np 4 sums ((x0+x1)+x2)+x3 = 1 in Rankfold, (x0+x1)+(x2+x3) = 0 in MPICH
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char** argv) {
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    static const double pattern[4] = {1e16, 1.0, -1e16, 1.0};
    double x = pattern[rank % 4], sum = 0.0;
    MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);

    /* The rank-order fold, for comparison. */
    double fold = pattern[0];
    for (int r = 1; r < size; r++) fold += pattern[r % 4];

    double lo, hi;
    MPI_Allreduce(&sum, &lo, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&sum, &hi, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    assert(lo == hi); /* MPI advises the same result on every rank */
#ifdef RANKFOLD_MPI
    assert(sum == fold); /* Rankfold: a left fold in rank order */
#endif
    printf("rank %d: allreduce sum %.17g (rank-order fold %.17g): %s\n", rank, sum, fold,
           sum == fold ? "folded in rank order" : "associated differently");
    MPI_Finalize();
    return 0;
}
