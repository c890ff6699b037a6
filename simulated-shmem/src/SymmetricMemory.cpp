#include "simulated-shmem/interface/SymmetricMemory.hpp"

namespace rankfold::shmem {

namespace {
const SymmetricMemory* g_memory = nullptr;
}

void install_symmetric_memory(const SymmetricMemory* memory) {
    g_memory = memory;
}
const SymmetricMemory* symmetric_memory() {
    return g_memory;
}

} // namespace rankfold::shmem
