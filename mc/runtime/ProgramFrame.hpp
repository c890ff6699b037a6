// The innermost frame of the program on a suspended rank's stack. A rank suspends inside the
// checker (an MPI or SHMEM entry point, the scheduler's gate, the fiber switch): those frames
// lie on the rank's stack below the program's, and their bytes (saved registers, the checker's
// locals and return addresses, sanitizer redzones) are not the program's state. The stack is
// walked with libunwind from the fiber's saved context outwards to the first frame whose code
// lies in the program; what the program sees of the walk — where that frame resumes and its
// callee-saved registers, which the checker's frames hold for it — is what a state keeps of
// the part below.
#pragma once

#include <boost/context/detail/fcontext.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>

namespace rankfold::mc {

struct ProgramFrame {
    // Lowest stack address of the program's part: the slot holding the return address of the
    // program's call into the checker. Everything from here up is the program's.
    std::uintptr_t lowest = 0;
    // rbx, rbp, r12, r13, r14, r15 as the program frame has them when the call returns.
    std::array<std::uint64_t, 6> callee_saved{};
};

// Walks the stack of a fiber suspended at `context` (a Boost.Context fcontext saved by
// jump_fcontext) to the first frame whose pc `in_program` accepts; none if the walk fails or
// finds none within `max_frames` frames. Reads only the suspended stack; the fiber stays as it is.
std::optional<ProgramFrame>
find_program_frame(boost::context::detail::fcontext_t context,
                   const std::function<bool(std::uintptr_t pc)>& in_program, int max_frames = 64);

} // namespace rankfold::mc
