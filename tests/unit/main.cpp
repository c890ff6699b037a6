// The one translation unit that builds Catch2's test runner.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
