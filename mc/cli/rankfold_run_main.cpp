// rankfold-run: the checker's command. All of it lives in librankfold.so, which the programs
// built by rankfold-cc share with it.
#include "mc/cli/Launcher.hpp"

#include <cstdio>
#include <unistd.h>

int main(int argc, char** argv) {
    const int status = rankfold::mc::rankfold_run(argc, argv);
    std::fflush(nullptr);
    // No static destructors: the program's copies may hold ranks that never finished.
    _exit(status);
}
