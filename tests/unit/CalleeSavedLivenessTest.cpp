// The callee-saved register liveness decoder on hand-assembled x86-64 code: a read makes a
// register live, a whole write before any read dead, a return without either passes the
// caller's value through; both sides of a branch count; what it cannot decode is live.
#include "mc/runtime/CalleeSavedLiveness.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace rankfold::mc;

namespace {
constexpr std::size_t kRbx = 0, kR12 = 1;

std::array<RegisterUse, 5> use(const std::vector<std::uint8_t>& code, std::size_t pc = 0) {
    return callee_saved_use(code.data(), code.size(), pc);
}
} // namespace

TEST_CASE("a callee-saved register read after the call is live, one rewritten first is dead") {
    // add %ebx,%eax ; pop %rbx ; ret
    CHECK(use({0x01, 0xd8, 0x5b, 0xc3})[kRbx] == RegisterUse::Live);
    // mov %eax,%ebx ; ... ; mov -8(%rbp),%rbx ; ret
    CHECK(use({0x89, 0xc3, 0x48, 0x8b, 0x5d, 0xf8, 0xc3})[kRbx] == RegisterUse::Dead);
    // mov -8(%rbp),%rbx ; ret: the epilogue's restore
    CHECK(use({0x48, 0x8b, 0x5d, 0xf8, 0xc3})[kRbx] == RegisterUse::Dead);
    // a register the code never names passes the caller's value through
    CHECK(use({0x48, 0x8b, 0x5d, 0xf8, 0xc3})[kR12] == RegisterUse::PassThrough);
    // r12 named through REX.B: mov %r12d,%eax ; ret
    CHECK(use({0x44, 0x89, 0xe0, 0xc3})[kR12] == RegisterUse::Live);
    // rbx as an address's base: mov (%rbx),%eax
    CHECK(use({0x8b, 0x03, 0xc3})[kRbx] == RegisterUse::Live);
    // xor %ebx,%ebx writes without reading
    CHECK(use({0x31, 0xdb, 0x5b, 0xc3})[kRbx] == RegisterUse::Dead);
    // a 16-bit write keeps the upper bits: mov %ax,%bx
    CHECK(use({0x66, 0x89, 0xc3, 0x5b, 0xc3})[kRbx] == RegisterUse::Live);
}

TEST_CASE("both sides of a branch count; what is not decoded is live") {
    // je +2 ; pop %rbx ; ret ; add %ebx,%eax   (the taken side reads rbx after the ret)
    const std::vector<std::uint8_t> branch = {0x74, 0x02, 0x5b, 0xc3, 0x01, 0xd8, 0xc3};
    CHECK(use(branch)[kRbx] == RegisterUse::Live);
    // je +2 ; pop %rbx ; ret ; pop %rbx ; ret
    CHECK(use({0x74, 0x02, 0x5b, 0xc3, 0x5b, 0xc3})[kRbx] == RegisterUse::Dead);
    // a jump out of the function
    CHECK(use({0xeb, 0x40})[kRbx] == RegisterUse::Live);
    // an opcode it does not know (0f 38: three-byte maps)
    CHECK(use({0x66, 0x0f, 0x38, 0x00, 0xc1, 0xc3})[kRbx] == RegisterUse::Live);
    // an indirect jump
    CHECK(use({0xff, 0xe0})[kRbx] == RegisterUse::Live);
    // call rel32 keeps callee-saved registers: call ; pop %rbx ; ret
    CHECK(use({0xe8, 0, 0, 0, 0, 0x5b, 0xc3})[kRbx] == RegisterUse::Dead);
    // a loop that never names rbx and returns
    CHECK(use({0x90, 0x75, 0xfd, 0xc3})[kRbx] == RegisterUse::PassThrough);
}

TEST_CASE("GCC's unoptimised prologue says where the registers are saved") {
    // endbr64 ; push %rbp ; mov %rsp,%rbp ; push %r12 ; push %rbx ; sub $32,%rsp
    const std::vector<std::uint8_t> code = {0xf3, 0x0f, 0x1e, 0xfa, 0x55, 0x48, 0x89, 0xe5,
                                            0x41, 0x54, 0x53, 0x48, 0x83, 0xec, 0x20};
    const auto prologue = read_prologue(code.data(), code.size());
    REQUIRE(prologue);
    CHECK(prologue->saves[kR12] == -8);
    CHECK(prologue->saves[kRbx] == -16);
    CHECK(prologue->saves[2] == 0);
    CHECK(prologue->fixed_size == 16 + 32);
    // no frame pointer: not this shape
    const std::vector<std::uint8_t> leaf = {0x53, 0x48, 0x83, 0xec, 0x20};
    CHECK_FALSE(read_prologue(leaf.data(), leaf.size()));
}
