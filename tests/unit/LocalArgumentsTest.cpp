// LocalArguments: how the simulated runtimes encode a local call's C arguments for the monitors
// (the same encoding as the checker's decoders of visible calls).
#include "simulated-mpi/interface/LocalArguments.hpp"

#include <catch2/catch.hpp>

#include <cstdint>

using namespace rankfold::mpi;

namespace {
int callback(int x) { return x; }
} // namespace

TEST_CASE("local arguments: integers zero-extended, pointers with their pointee size",
          "[contracts]") {
    int handle = 7;
    double d = 0.5;
    const auto args = local_arguments(-1, &handle, static_cast<void*>(&handle), &callback, 'x',
                                      static_cast<long long>(1) << 40);
    REQUIRE(args.size() == 6);
    CHECK(args[0].value == 0xffffffffU); // an int's bits, as the visible calls' decoders give
    CHECK(args[1].value == reinterpret_cast<std::uintptr_t>(&handle));
    CHECK(args[1].pointee_size == sizeof(int));
    CHECK(args[2].pointee_size == 0); // void*: a buffer, its size unknown
    CHECK(args[3].pointee_size == 0); // a function pointer
    CHECK(args[4].value == 'x');
    CHECK(args[5].value == std::uint64_t{1} << 40);
    for (const LocalArgument& a : args) CHECK(a.bytes == 0);
    const auto value = local_arguments(d);
    CHECK(value[0].value != 0); // a floating-point value keeps its bits
    CHECK(local_arguments().empty());
}

TEST_CASE("local arguments: a buffer carries the bytes the call reaches", "[contracts]") {
    int row[4] = {};
    const auto args = local_arguments(BufferArgument{row, sizeof row}, 4);
    CHECK(args[0].value == reinterpret_cast<std::uintptr_t>(row));
    CHECK(args[0].bytes == 16);
    CHECK(args[0].pointee_size == 0);
    CHECK(args[1].value == 4);
}
