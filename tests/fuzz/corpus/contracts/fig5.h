// The examples of the CoVer paper (Fig. 5)
#include <mpi.h>
int MPI_Finalize() CONTRACT( PRE { call!(MPI_Init) });

int MPI_Get(...) CONTRACT(
  PRE { call!(MPI_Init) }
  POST {
    no! (read!(*0)) until! (call_tag!(rma_complete,$:7)),
    no! (write!(*0)) until! (call_tag!(rma_complete,$:7))
  });

int MPI_Win_fence(int assert, MPI_Win win)
  CONTRACT( TAGS { rma_complete(1) });
int MPI_Win_unlock_all(MPI_Win win)
  CONTRACT( TAGS { rma_complete(0) });
