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
#include <unordered_map>
#include <utility>
#include <vector>

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

// Where a walk found things, as offsets from the suspended stack pointer: each return address
// it passed (with its value), the program frame's lowest slot, and per callee-saved register
// its save slot (>= 0) or -1 - its fcontext slot (still in the register).
struct FrameShape {
    std::vector<std::pair<std::uintptr_t, std::uint64_t>> return_slots;
    std::uintptr_t lowest_offset = 0;
    std::array<std::int64_t, 6> register_offset{};
};

std::optional<ProgramFrame>
walk_to_program_frame(boost::context::detail::fcontext_t context,
                      const std::function<bool(std::uintptr_t pc)>& in_program, int max_frames,
                      FrameShape* shape);

// find_program_frame for one rank, remembering the shapes of the walks it made: libunwind's
// step takes a few microseconds (it masks signals and validates memory with system calls), and
// a rank suspends again and again in the same few call paths. A remembered shape is used when
// every return address it passed is found again at its offset (ProgramFrame.cpp, apply).
class ProgramFrameFinder {
public:
    explicit ProgramFrameFinder(std::function<bool(std::uintptr_t pc)> in_program)
        : in_program_(std::move(in_program)) {}
    std::optional<ProgramFrame> find(boost::context::detail::fcontext_t context);
    std::uint64_t walks() const { return walks_; }
    std::uint64_t hits() const { return hits_; }

private:
    static constexpr int kMaxFrames = 64;
    static constexpr std::size_t kMaxShapes = 32; // per innermost return address
    std::optional<ProgramFrame> apply(const FrameShape& shape, std::uintptr_t sp0,
                                      boost::context::detail::fcontext_t context) const;
    std::function<bool(std::uintptr_t pc)> in_program_;
    std::unordered_map<std::uint64_t, std::vector<FrameShape>> shapes_;
    std::uint64_t walks_ = 0, hits_ = 0;
};

} // namespace rankfold::mc
