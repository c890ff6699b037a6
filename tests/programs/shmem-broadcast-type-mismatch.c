/* Title: PEs broadcast with differently typed routines of one size (OpenSHMEM misuse).
 * PE 0 calls shmem_int_broadcast, PE 1 shmem_float_broadcast: the sizes agree, the types do
 * not, and every member must call the same routine.
 *
 * RANKFOLD-RUN: -np 2 => usage:collective-mismatch states=0 transitions=0 executions=1 revisits=0
 */
#include <shmem.h>

static int number, got_number;
static float real, got_real;

int main(void) {
    shmem_init();
    if (shmem_my_pe() == 0) shmem_int_broadcast(SHMEM_TEAM_WORLD, &got_number, &number, 1, 0); /* ERROR */
    else shmem_float_broadcast(SHMEM_TEAM_WORLD, &got_real, &real, 1, 0);
    shmem_finalize();
    return 0;
}
