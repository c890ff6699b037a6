/* Non-commutative user operator: 2x2 integer matrix product modulo 10007, created with
 * MPI_Op_create(commute = 0) and used in MPI_Reduce, MPI_Allreduce and MPI_Scan. MPI requires
 * such an operator to be applied in rank order (M0 * M1 * ... * Mn-1), so the results are
 * defined; the products in the other order differ, which the program checks.
 * Each matrix is 4 MPI_INTs (no derived datatypes): the operator works on len / 4 matrices.
 * Counts: nothing to choose (collectives only): one state, one execution.
 *
 * RANKFOLD-RUN: -np 4 => ok states=1 transitions=0 executions=1 revisits=0
 * RANKFOLD-RUN: -np 3 => ok states=1 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

#define MOD 10007
#define NMAT 2 /* matrices per rank, reduced element-wise (matrix k with matrix k) */

typedef struct {
    int a, b, c, d; /* [[a b] [c d]] */
} Mat;

Mat mul(Mat x, Mat y) {
    Mat r = {(x.a * y.a + x.b * y.c) % MOD, (x.a * y.b + x.b * y.d) % MOD,
             (x.c * y.a + x.d * y.c) % MOD, (x.c * y.b + x.d * y.d) % MOD};
    return r;
}

/* inout[i] = in[i] * inout[i]: `in` holds the lower ranks' product (MPI 3.1 §5.9.5). */
void matmul_op(void* in, void* inout, int* len, MPI_Datatype* type) {
    assert(*type == MPI_INT && *len % 4 == 0);
    Mat* x = in;
    Mat* y = inout;
    for (int i = 0; i < *len / 4; i++) y[i] = mul(x[i], y[i]);
}

int eq(Mat x, Mat y) {
    return x.a == y.a && x.b == y.b && x.c == y.c && x.d == y.d;
}

Mat matrix_of(int rank, int k) {
    Mat m = {rank + 2 + k, rank % 2 + 1, 3 * k + rank + 1, rank * rank + 1};
    return m;
}

void print_mat(int rank, const char* what, int k, Mat m) {
    printf("rank %d: %s[%d] = [[%d %d] [%d %d]]\n", rank, what, k, m.a, m.b, m.c, m.d);
}

int main(int argc, char** argv) {
    int rank, size, commute = -1;
    MPI_Op op;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Op_create(matmul_op, 0, &op);
    MPI_Op_commutative(op, &commute);
    assert(commute == 0);

    Mat mine[NMAT], reduced[NMAT], all[NMAT], prefix[NMAT];
    for (int k = 0; k < NMAT; k++) mine[k] = matrix_of(rank, k);
    MPI_Reduce(mine, reduced, 4 * NMAT, MPI_INT, op, size - 1, MPI_COMM_WORLD);
    MPI_Allreduce(mine, all, 4 * NMAT, MPI_INT, op, MPI_COMM_WORLD);
    MPI_Scan(mine, prefix, 4 * NMAT, MPI_INT, op, MPI_COMM_WORLD);

    for (int k = 0; k < NMAT; k++) {
        Mat fwd = matrix_of(0, k), back = matrix_of(size - 1, k), pre = matrix_of(0, k);
        for (int r = 1; r < size; r++) fwd = mul(fwd, matrix_of(r, k));
        for (int r = size - 2; r >= 0; r--) back = mul(back, matrix_of(r, k));
        for (int r = 1; r <= rank; r++) pre = mul(pre, matrix_of(r, k));
        assert(!eq(fwd, back) && eq(all[k], fwd) && eq(prefix[k], pre));
        assert(rank != size - 1 || eq(reduced[k], fwd));
        if (rank == size - 1) print_mat(rank, "reduce", k, reduced[k]);
        if (rank == 0) print_mat(rank, "allreduce", k, all[k]);
        print_mat(rank, "scan", k, prefix[k]);
    }
    MPI_Op_free(&op);
    assert(op == MPI_OP_NULL);
    MPI_Finalize();
    return 0;
}
