// DELIBERATE BUG, to be reverted: proves that the sanitizer gate fails CI on an out-of-bounds
// write that the normal build does not notice.
#include <catch2/catch.hpp>

#include <vector>

TEST_CASE("quality gate probe: out-of-bounds write", "[gate]") {
    std::vector<int> v(4);
    int* volatile p = v.data();
    p[4] = 1; // one past the end
    CHECK(v.size() == 4);
}
