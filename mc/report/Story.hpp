// What happened on the way to a violation, step by step, for the counterexample a person reads.
#pragma once

#include <cstdint>
#include <string>

namespace rankfold::mc {

struct StoryEvent {
    int rank = -1;
    std::string call;        // "MPI_Recv", or "" for a match made by the network
    std::uintptr_t site = 0; // return address into the program, 0 if none
    std::string detail;      // "from rank 2, tag 0", "took the message of rank 1", ...
};

} // namespace rankfold::mc
