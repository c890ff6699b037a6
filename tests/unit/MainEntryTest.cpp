// MainEntry's helper: where the written part of a rank's stack ends below the current frame. Every
// page from the stack pointer's down to the first all-zero page is written (so rankfold_enter_main
// zeroes it); an untouched stack below the stack pointer's page gives that page's start.
#include "mc/runtime/MainEntry.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

using namespace rankfold::mc;

namespace {
constexpr std::size_t kPage = 4096;

struct Pages {
    explicit Pages(std::size_t n)
        : bytes(static_cast<std::byte*>(std::aligned_alloc(kPage, n * kPage)), &std::free) {
        std::fill(bytes.get(), bytes.get() + n * kPage, std::byte{0});
    }
    std::uintptr_t at(std::size_t page, std::size_t offset = 0) const {
        return reinterpret_cast<std::uintptr_t>(bytes.get()) + page * kPage + offset;
    }
    std::unique_ptr<std::byte, decltype(&std::free)> bytes;
};
} // namespace

TEST_CASE("written_stack_bottom stops at the first all-zero page below the stack pointer",
          "[runtime]") {
    Pages stack(6);
    const std::uintptr_t sp = stack.at(4, 100);
    SECTION("nothing written below: the stack pointer's page") {
        CHECK(written_stack_bottom(sp, stack.at(0)) == stack.at(4));
    }
    SECTION("a deeper call's frame left a byte two pages down") {
        *reinterpret_cast<std::byte*>(stack.at(3, 8)) = std::byte{1};
        *reinterpret_cast<std::byte*>(stack.at(2, kPage - 1)) = std::byte{7};
        CHECK(written_stack_bottom(sp, stack.at(0)) == stack.at(2));
    }
    SECTION("a zero page in between ends the search (as zero_dead_stack's)") {
        *reinterpret_cast<std::byte*>(stack.at(2, 8)) = std::byte{1};
        CHECK(written_stack_bottom(sp, stack.at(0)) == stack.at(4));
    }
    SECTION("written down to the stack's low end: the low end") {
        for (std::size_t p = 0; p < 4; ++p)
            *reinterpret_cast<std::byte*>(stack.at(p, 16)) = std::byte{1};
        CHECK(written_stack_bottom(sp, stack.at(0)) == stack.at(0));
    }
}
