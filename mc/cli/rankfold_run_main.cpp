// rankfold-run: the checker's command. All of it lives in librankfold.so, which the programs
// built by rankfold-cc share with it.
#include "mc/cli/Launcher.hpp"

#include <malloc.h>

#include <cstdio>
#include <unistd.h>

int main(int argc, char** argv) {
    // The checker copies one-sided payloads and window bytes through buffers of megabytes, one
    // per operation. glibc serves those by mmap and gives them back at free, so each copy
    // faulted in fresh zeroed pages: MPICH's rma/derived-acc-flush_local spent three quarters
    // of its 18 s in the kernel, 4 s with these (same peak memory). Blocks below 32 MiB come
    // from the heap, which keeps up to 256 MiB free at its top.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    const int status = rankfold::mc::rankfold_run(argc, argv);
    std::fflush(nullptr);
    // No static destructors: the program's copies may hold ranks that never finished.
    _exit(status);
}
