#include "mc/runtime/MainEntry.hpp"

// rdi main, esi argc, rdx argv, rcx envp, r8 top (16-byte aligned), r9 returned.
// The frames below `top` are the caller's, which never runs again: zeroed like the rest of a
// fresh stack, so that main's frame (whose padding and unset locals keep what lay there) starts
// as it would on one. `returned` is kept in the stack's top slot (a code address: the same in
// every process), and no register or stack byte main can see depends on the checker's history.
// CFI: the outermost frame, so that unwinders (an exception leaving main, crash reports) stop.
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
    mov %rsp, %rdi
    mov %r8, %rcx
    sub %rsp, %rcx
    shr $3, %rcx
    xor %eax, %eax
    cld
    rep stosq
    mov %r8, %rsp
    push %r9
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
    call *8(%rsp)
    ud2
    .cfi_endproc
    .size rankfold_enter_main, .-rankfold_enter_main
)");
