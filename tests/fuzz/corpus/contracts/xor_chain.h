int MPI_Get(void* b, int n, MPI_Datatype t, int r, MPI_Aint d, int c, MPI_Datatype u, MPI_Win w)
CONTRACT(PRE {
  call_tag!(epoch_fence_create,$:7) MSG "Fence epoch" ^
  call_tag!(epoch_lock_create,$:7)  MSG "Lock epoch" ^
  call_tag!(epoch_pscw_create,$:7)  MSG "PSCW epoch"
});
