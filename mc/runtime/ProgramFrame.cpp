#include "mc/runtime/ProgramFrame.hpp"

#define UNW_LOCAL_ONLY
#include <libunwind.h>

#include <ucontext.h>

#include <cstring>

namespace rankfold::mc {

namespace {

// What jump_fcontext (Boost 1.74, x86-64 System V) stores at the saved context, in 8-byte
// slots: MXCSR and the x87 control word, r12, r13, r14, r15, rbx, rbp, then the return address;
// the stack pointer of the suspended code is just above it.
enum FcontextSlot { kFpu, kR12, kR13, kR14, kR15, kRbx, kRbp, kRip, kSlots };

std::uint64_t slot(boost::context::detail::fcontext_t context, int i) {
    std::uint64_t v = 0;
    std::memcpy(&v, static_cast<const char*>(context) + i * 8, sizeof v);
    return v;
}

// On x86-64 a libunwind context is a ucontext_t: the suspended fiber's registers go there as if
// it had called unw_getcontext at the point it jumped away.
void fill_context(boost::context::detail::fcontext_t context, unw_context_t& into) {
    std::memset(&into, 0, sizeof into);
    auto& regs = reinterpret_cast<ucontext_t&>(into).uc_mcontext.gregs;
    regs[REG_R12] = static_cast<greg_t>(slot(context, kR12));
    regs[REG_R13] = static_cast<greg_t>(slot(context, kR13));
    regs[REG_R14] = static_cast<greg_t>(slot(context, kR14));
    regs[REG_R15] = static_cast<greg_t>(slot(context, kR15));
    regs[REG_RBX] = static_cast<greg_t>(slot(context, kRbx));
    regs[REG_RBP] = static_cast<greg_t>(slot(context, kRbp));
    regs[REG_RIP] = static_cast<greg_t>(slot(context, kRip));
    regs[REG_RSP] = static_cast<greg_t>(reinterpret_cast<std::uintptr_t>(context) + kSlots * 8);
}

} // namespace

std::optional<ProgramFrame>
find_program_frame(boost::context::detail::fcontext_t context,
                   const std::function<bool(std::uintptr_t pc)>& in_program, int max_frames) {
    if (context == nullptr) return std::nullopt;
    static_assert(sizeof(unw_context_t) >= sizeof(ucontext_t));
    unw_context_t uc;
    fill_context(context, uc);
    unw_cursor_t cursor;
    if (unw_init_local(&cursor, &uc) != 0) return std::nullopt;
    for (int depth = 0; depth < max_frames; ++depth) {
        if (unw_step(&cursor) <= 0) return std::nullopt;
        unw_word_t ip = 0, sp = 0;
        if (unw_get_reg(&cursor, UNW_REG_IP, &ip) != 0 || !in_program(ip)) continue;
        if (unw_get_reg(&cursor, UNW_REG_SP, &sp) != 0) return std::nullopt;
        ProgramFrame frame;
        frame.lowest = sp - 8; // the call's return address, just below the caller's stack pointer
        constexpr int kRegisters[6] = {UNW_X86_64_RBX, UNW_X86_64_RBP, UNW_X86_64_R12,
                                       UNW_X86_64_R13, UNW_X86_64_R14, UNW_X86_64_R15};
        for (std::size_t i = 0; i < frame.callee_saved.size(); ++i) {
            unw_word_t v = 0;
            if (unw_get_reg(&cursor, kRegisters[i], &v) != 0) return std::nullopt;
            frame.callee_saved[i] = v;
        }
        return frame;
    }
    return std::nullopt;
}

} // namespace rankfold::mc
