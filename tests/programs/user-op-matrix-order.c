/* Non-commutative user operator, order assumed backwards: as user-op-matrix-order-fixed, but the
 * program expects the product of the matrices in reverse rank order (Mn-1 * ... * M0). MPI
 * defines the result of a non-commutative reduction as the product in rank order, so the
 * assertion fails on every rank.
 *
 * RANKFOLD-RUN: -np 3 => assertion states=0 transitions=0 executions=1 revisits=0
 */
#include <assert.h>
#include <mpi.h>
#include <stdio.h>

typedef struct {
    int a, b, c, d; /* [[a b] [c d]] */
} Mat;

static Mat mul(Mat x, Mat y) {
    Mat r = {x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d, x.c * y.a + x.d * y.c,
             x.c * y.b + x.d * y.d};
    return r;
}

void matmul(void* in, void* inout, int* len, MPI_Datatype* type) {
    const Mat* x = in;
    Mat* y = inout;
    (void)type;
    for (int i = 0; i < *len; i++) y[i] = mul(x[i], y[i]);
}

static Mat matrix_of(int rank) {
    Mat m = {rank + 1, 1, rank, 2};
    return m;
}

int main(int argc, char** argv) {
    int rank, size;
    MPI_Datatype matrix;
    MPI_Op op;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_contiguous(4, MPI_INT, &matrix);
    MPI_Type_commit(&matrix);
    MPI_Op_create(matmul, 0, &op);
    Mat mine = matrix_of(rank), all, backwards = matrix_of(size - 1);
    for (int r = size - 2; r >= 0; r--) backwards = mul(backwards, matrix_of(r));
    MPI_Allreduce(&mine, &all, 1, matrix, op, MPI_COMM_WORLD);
    assert(all.a == backwards.a && all.b == backwards.b && all.c == backwards.c); /* ERROR */
    MPI_Op_free(&op);
    MPI_Type_free(&matrix);
    MPI_Finalize();
    return 0;
}
