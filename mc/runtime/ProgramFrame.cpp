#include "mc/runtime/ProgramFrame.hpp"

#define UNW_LOCAL_ONLY
#include <libunwind.h>

#include <ucontext.h>

#include <algorithm>
#include <cstring>

namespace rankfold::mc {

namespace {

// What jump_fcontext (Boost 1.74, x86-64 System V) stores at the saved context, in 8-byte
// slots: MXCSR and the x87 control word, r12, r13, r14, r15, rbx, rbp, then the return address;
// the stack pointer of the suspended code is just above it.
enum FcontextSlot { kFpu, kR12, kR13, kR14, kR15, kRbx, kRbp, kRip, kSlots };
// Where a slot lies from the start of the saved context (8 bytes each).
constexpr std::uintptr_t at_slot(int slot) {
    return static_cast<std::uintptr_t>(slot) * 8;
}

constexpr int kCalleeSaved[6] = {UNW_X86_64_RBX, UNW_X86_64_RBP, UNW_X86_64_R12,
                                 UNW_X86_64_R13, UNW_X86_64_R14, UNW_X86_64_R15};
// Each of those registers' slot in the fcontext, in the same order.
constexpr int kContextSlot[6] = {kRbx, kRbp, kR12, kR13, kR14, kR15};

std::uint64_t word_at(std::uintptr_t address) {
    std::uint64_t v = 0;
    std::memcpy(&v, reinterpret_cast<const void*>(address), sizeof v);
    return v;
}

std::uintptr_t stack_pointer(boost::context::detail::fcontext_t context) {
    return reinterpret_cast<std::uintptr_t>(context) + at_slot(kSlots);
}

// On x86-64 a libunwind context is a ucontext_t: the suspended fiber's registers go there as if
// it had called unw_getcontext at the point it jumped away.
void fill_context(boost::context::detail::fcontext_t context, ucontext_t& into) {
    std::memset(&into, 0, sizeof into);
    const auto at = reinterpret_cast<std::uintptr_t>(context);
    auto& regs = into.uc_mcontext.gregs;
    regs[REG_R12] = static_cast<greg_t>(word_at(at + at_slot(kR12)));
    regs[REG_R13] = static_cast<greg_t>(word_at(at + at_slot(kR13)));
    regs[REG_R14] = static_cast<greg_t>(word_at(at + at_slot(kR14)));
    regs[REG_R15] = static_cast<greg_t>(word_at(at + at_slot(kR15)));
    regs[REG_RBX] = static_cast<greg_t>(word_at(at + at_slot(kRbx)));
    regs[REG_RBP] = static_cast<greg_t>(word_at(at + at_slot(kRbp)));
    regs[REG_RIP] = static_cast<greg_t>(word_at(at + at_slot(kRip)));
    regs[REG_RSP] = static_cast<greg_t>(stack_pointer(context));
}

} // namespace

std::optional<ProgramFrame>
walk_to_program_frame(boost::context::detail::fcontext_t context,
                      const std::function<bool(std::uintptr_t)>& in_program, int max_frames,
                      FrameShape* shape) {
    if (context == nullptr) return std::nullopt;
    static_assert(sizeof(unw_context_t) >= sizeof(ucontext_t));
    unw_context_t uc;
    auto& registers = reinterpret_cast<ucontext_t&>(uc);
    fill_context(context, registers);
    unw_cursor_t cursor;
    if (unw_init_local(&cursor, &uc) != 0) return std::nullopt;
    const std::uintptr_t sp0 = stack_pointer(context);
    if (shape != nullptr) shape->return_slots.clear();
    for (int depth = 0; depth < max_frames; ++depth) {
        if (unw_step(&cursor) <= 0) return std::nullopt;
        unw_word_t ip = 0, sp = 0;
        if (unw_get_reg(&cursor, UNW_REG_IP, &ip) != 0 ||
            unw_get_reg(&cursor, UNW_REG_SP, &sp) != 0 || sp < sp0 + 8)
            return std::nullopt;
        // A call's return address lies just below its caller's stack pointer.
        if (shape != nullptr) shape->return_slots.emplace_back(sp - 8 - sp0, ip);
        if (!in_program(ip)) continue;
        ProgramFrame frame;
        frame.lowest = sp - 8;
        for (std::size_t i = 0; i < frame.callee_saved.size(); ++i) {
            unw_word_t v = 0;
            if (unw_get_reg(&cursor, kCalleeSaved[i], &v) != 0) return std::nullopt;
            frame.callee_saved[i] = v;
            if (shape == nullptr) continue;
            // Where the value was found: in a checker frame on the stack, or still in the
            // register (then it is the fcontext's copy).
            unw_save_loc_t loc{};
            const auto local = reinterpret_cast<std::uintptr_t>(&uc);
            if (unw_get_save_loc(&cursor, kCalleeSaved[i], &loc) == 0 &&
                loc.type == UNW_SLT_MEMORY &&
                (loc.u.addr < local || loc.u.addr >= local + sizeof uc)) {
                if (loc.u.addr < sp0) return std::nullopt;
                shape->register_offset[i] = static_cast<std::int64_t>(loc.u.addr - sp0);
            } else {
                shape->register_offset[i] = -1 - kContextSlot[i];
            }
        }
        if (shape != nullptr) shape->lowest_offset = frame.lowest - sp0;
        return frame;
    }
    return std::nullopt;
}

std::optional<ProgramFrame>
find_program_frame(boost::context::detail::fcontext_t context,
                   const std::function<bool(std::uintptr_t pc)>& in_program, int max_frames) {
    return walk_to_program_frame(context, in_program, max_frames, nullptr);
}

// A shape applies to a stack when every return address it recorded is where it was: the
// frames are then the same code at the same depths, whose layouts (fixed by the code at each
// pc) put the program frame and the saved registers at the same offsets. The return address
// of the program's call must also lead into the program.
std::optional<ProgramFrame>
ProgramFrameFinder::apply(const FrameShape& shape, std::uintptr_t sp0,
                          boost::context::detail::fcontext_t context) const {
    for (const auto& [offset, value] : shape.return_slots)
        if (word_at(sp0 + offset) != value) return std::nullopt;
    if (!in_program_(word_at(sp0 + shape.lowest_offset))) return std::nullopt;
    ProgramFrame frame;
    frame.lowest = sp0 + shape.lowest_offset;
    const auto at = reinterpret_cast<std::uintptr_t>(context);
    for (std::size_t i = 0; i < frame.callee_saved.size(); ++i) {
        const std::int64_t o = shape.register_offset[i];
        frame.callee_saved[i] = o >= 0 ? word_at(sp0 + static_cast<std::uintptr_t>(o))
                                       : word_at(at + static_cast<std::uintptr_t>(-1 - o) * 8);
    }
    return frame;
}

std::optional<ProgramFrame> ProgramFrameFinder::find(boost::context::detail::fcontext_t context) {
    if (context == nullptr) return std::nullopt;
    const std::uintptr_t sp0 = stack_pointer(context);
    const std::uint64_t rip = word_at(reinterpret_cast<std::uintptr_t>(context) + at_slot(kRip));
    std::vector<FrameShape>& shapes = shapes_[rip];
    for (const FrameShape& shape : shapes)
        if (auto frame = apply(shape, sp0, context)) {
            ++hits_;
            return frame;
        }
    ++walks_;
    FrameShape shape;
    auto frame = walk_to_program_frame(context, in_program_, kMaxFrames, &shape);
    if (frame && shapes.size() < kMaxShapes) shapes.push_back(std::move(shape));
    return frame;
}

} // namespace rankfold::mc
