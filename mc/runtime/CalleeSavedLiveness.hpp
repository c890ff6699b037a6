// Whether a frame still needs the values of its callee-saved registers (rbx, r12-r15) when the
// call it is suspended in returns. Code compiled without optimisation keeps temporaries of an
// expression there across a call (`a * 3 + f(b)`), and the memory-access instrumentation uses
// them for addresses it passes to its hooks: after the call they are often dead, and a state
// hash that includes dead ones tells apart states that differ only there.
//
// A small x86-64 decoder follows the code from the return address along every path (both
// sides of a conditional jump) until each register is read (live), written whole before any
// read (dead: GCC restores it in the epilogue with pop or mov), or a `ret` is reached without
// either (the value is the caller's, untouched: see the caller's frame). Anything it does not
// decode, an indirect jump, a jump out of the function or a path longer than its budget
// answers "live": the answer may keep a dead value, never drop a live one.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace rankfold::mc {

// rbx, r12, r13, r14, r15 (the order of the arrays below), as x86 register numbers.
inline constexpr std::array<int, 5> kCalleeSavedRegisters = {3, 12, 13, 14, 15};

enum class RegisterUse : std::uint8_t { Dead, PassThrough, Live };

// Liveness of each callee-saved register at `pc` (an offset into `code`, which holds the whole
// function, `size` bytes).
std::array<RegisterUse, 5> callee_saved_use(const std::uint8_t* code, std::size_t size,
                                            std::size_t pc);

// What GCC's unoptimised prologue ([endbr64] push %rbp; mov %rsp,%rbp; a push of each
// callee-saved register it uses; [sub $N,%rsp]) says of the frame: where each register is
// saved, as an offset from the frame pointer (0: not saved), and the bytes it reserves below
// the frame pointer. Below those, at a call, lie only what the function pushed or allocated
// since (stack arguments of the call, alloca). nullopt when the prologue is not of that shape.
struct Prologue {
    std::array<std::int64_t, 5> saves{};
    std::uint64_t fixed_size = 0;
};
std::optional<Prologue> read_prologue(const std::uint8_t* code, std::size_t size);

} // namespace rankfold::mc
