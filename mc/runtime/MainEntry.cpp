#include "mc/runtime/MainEntry.hpp"

#include <algorithm>
#include <cstddef>

namespace rankfold::mc {

std::uintptr_t written_stack_bottom(std::uintptr_t sp, std::uintptr_t stack_low) {
    constexpr std::uintptr_t kPage = 4096;
    std::uintptr_t bottom = sp & ~(kPage - 1);
    while (bottom >= stack_low + kPage) {
        const auto* below = reinterpret_cast<const std::byte*>(bottom - kPage);
        if (std::all_of(below, below + kPage, [](std::byte b) { return b == std::byte{0}; })) break;
        bottom -= kPage;
    }
    return bottom;
}

} // namespace rankfold::mc

// rdi main, esi argc, rdx argv, rcx envp, r8 bottom, r9 top (both page-aligned). The frames
// between them are the caller's and its callees', dead from here on: zeroed, as on a fresh
// stack. Nothing main can see then depends on the checker's history: its stack starts at `top`
// below two zero words, and every callee-saved register is zero. CFI: the outermost frame, so
// that unwinders (an exception leaving main, crash reports) stop here.
asm(R"(
    .text
    .globl rankfold_enter_main
    .hidden rankfold_enter_main
    .type rankfold_enter_main, @function
    .p2align 4
rankfold_enter_main:
    .cfi_startproc
    .cfi_undefined rip
    mov %rdi, %r10
    mov %esi, %r11d
    mov %rdx, %rsi
    mov %rcx, %rdx
    mov %r8, %rdi
    mov %r9, %rcx
    sub %r8, %rcx
    shr $3, %rcx
    xor %eax, %eax
    cld
    rep stosq
    mov %r9, %rsp
    push $0
    push $0
    xor %ebx, %ebx
    xor %ebp, %ebp
    xor %r12d, %r12d
    xor %r13d, %r13d
    xor %r14d, %r14d
    xor %r15d, %r15d
    mov %r11d, %edi
    call *%r10
    mov %eax, %edi
    call rankfold_main_returned
    ud2
    .cfi_endproc
    .size rankfold_enter_main, .-rankfold_enter_main
)");
