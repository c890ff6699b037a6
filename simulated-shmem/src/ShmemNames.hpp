// The OpenSHMEM names of the visible calls, for reports.
#pragma once

#include "simulated-shmem/interface/ShmemCall.hpp"

namespace rankfold::shmem {

const char* op_name(ShmemOp op);

} // namespace rankfold::shmem
