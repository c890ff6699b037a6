// ProgramImage against a real module: tests/fixtures/loader_fixture.c built with rankfold-cc
// (tests/fixtures/CMakeLists.txt) and loaded once per rank into a real RankMemory. Pins the
// per-rank privatization of globals, the address bookkeeping the scheduler and reports rely on,
// and the messages a user gets for files that are not modules.
#include "mc/runtime/ProgramImage.hpp"
#include "snapshot/RankMemory.hpp"

#include <catch2/catch.hpp>

#include <dlfcn.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using Catch::Matchers::Contains;
using rankfold::mc::ModuleCopy;
using rankfold::mc::ProgramImage;
using rankfold::snapshot::RankArena;
using rankfold::snapshot::RankMemory;
namespace fs = std::filesystem;

namespace {

const char* const kModule = RF_BUILD_DIR "/lib/loader_fixture.so";
const char* const kSource = RF_TEST_FIXTURE_DIR "/loader_fixture.c";
const char* const kPlainLibrary = RF_BUILD_DIR "/lib/librf_locator_fixture.so";

// A private folder for the per-rank copies, removed with everything in it.
struct ScratchDir {
    std::string path;
    ScratchDir() {
        std::string pattern = (fs::temp_directory_path() / "rf-loader-test-XXXXXX").string();
        REQUIRE(mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~ScratchDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

// The rank memory the launcher would create; only one may exist at a time.
struct Ranks {
    RankMemory memory;
    std::vector<RankArena*> arenas;
    explicit Ranks(int n) : memory(n, std::size_t{1} << 20, std::size_t{16} << 20) {
        for (int r = 0; r < n; ++r) arenas.push_back(memory.arena(r));
    }
};

template <class T> T symbol(const ModuleCopy& c, const char* name) {
    void* p = dlsym(c.handle, name);
    INFO("dlsym " << name << " in " << c.path);
    REQUIRE(p != nullptr);
    return reinterpret_cast<T>(p);
}

std::uintptr_t address(const void* p) {
    return reinterpret_cast<std::uintptr_t>(p);
}

// Line of the "@loc:<name>" marker in the fixture source.
int marker_line(const std::string& name) {
    std::ifstream in(kSource);
    std::string text;
    for (int line = 1; std::getline(in, text); ++line)
        if (text.find("@loc:" + name) != std::string::npos) return line;
    FAIL("no marker @loc:" << name << " in " << kSource);
    return 0;
}

} // namespace

TEST_CASE("each rank gets its own copy of the module and of its globals", "[loader]") {
    REQUIRE(RankMemory::current() == nullptr); // another test leaked its RankMemory
    REQUIRE(fs::exists(kModule));
    Ranks ranks(3);
    ScratchDir scratch;
    ProgramImage image(kModule, 3, scratch.path, ranks.arenas);
    REQUIRE(image.copies() == 3);
    CHECK(image.copy(0).path == fs::absolute(kModule).lexically_normal().string());

    std::set<std::uintptr_t> bases;
    std::set<int*> counters;
    for (int r = 0; r < 3; ++r) {
        const ModuleCopy& c = image.copy(r);
        INFO("copy " << r << " at " << c.path);
        REQUIRE(c.handle != nullptr);
        REQUIRE(c.main != nullptr);
        CHECK(c.begin < c.end);
        CHECK((address(reinterpret_cast<void*>(c.main)) >= c.begin &&
               address(reinterpret_cast<void*>(c.main)) < c.end));
        if (r > 0) CHECK(fs::path(c.path).parent_path() == fs::path(scratch.path));
        bases.insert(c.base);
        for (int other = 0; other < r; ++other) // [begin, end) ranges never overlap
            CHECK((c.end <= image.copy(other).begin || image.copy(other).end <= c.begin));

        // The global lives in this copy, inside one of its writable segments, at its start value.
        int* counter = symbol<int*>(c, "rf_loader_counter");
        counters.insert(counter);
        CHECK(*counter == 41);
        REQUIRE_FALSE(c.writable.empty());
        bool in_writable = false;
        for (const auto& s : c.writable) {
            CHECK(s.begin < s.end);
            CHECK((s.begin >= c.begin && s.end <= ((c.end + 4095) & ~std::uintptr_t{4095})));
            in_writable = in_writable || (address(counter) >= s.begin && address(counter) < s.end);
        }
        CHECK(in_writable);
    }
    CHECK(bases.size() == 3);
    CHECK(counters.size() == 3);

    // Incrementing through copy 0 leaves the other copies' globals alone.
    using IntFn = int (*)();
    CHECK(symbol<IntFn>(image.copy(0), "rf_loader_bump")() == 42);
    CHECK(*symbol<int*>(image.copy(0), "rf_loader_counter") == 42);
    CHECK(*symbol<int*>(image.copy(1), "rf_loader_counter") == 41);
    CHECK(*symbol<int*>(image.copy(2), "rf_loader_counter") == 41);
    // Function-local statics are per copy too.
    CHECK(symbol<IntFn>(image.copy(0), "rf_loader_calls")() == 1);
    CHECK(symbol<IntFn>(image.copy(0), "rf_loader_calls")() == 2);
    CHECK(symbol<IntFn>(image.copy(1), "rf_loader_calls")() == 1);
    // Copy 2's main still sees the initial state (it returns 0 only when bump gives 42).
    CHECK(image.copy(2).main(0, nullptr, nullptr) == 0);
    CHECK(image.copy(0).main(0, nullptr, nullptr) == 1);
}

TEST_CASE("addresses map back to their copy and to source lines", "[loader]") {
    REQUIRE(RankMemory::current() == nullptr);
    Ranks ranks(3);
    ScratchDir scratch;
    ProgramImage image(kModule, 3, scratch.path, ranks.arenas);
    const int bump_line = marker_line("bump");
    for (int r = 0; r < 3; ++r) {
        INFO("copy " << r);
        const auto bump = address(dlsym(image.copy(r).handle, "rf_loader_bump"));
        REQUIRE(bump != 0);
        CHECK(image.copy_containing(bump) == r);
        CHECK(image.copy_containing(address(reinterpret_cast<void*>(image.copy(r).main))) == r);
        const auto loc = image.locate(bump, false);
        REQUIRE(loc.has_value());
        CHECK(fs::path(loc->file).filename() == "loader_fixture.c");
        CHECK(loc->line >= bump_line);
        CHECK(loc->line <= bump_line + 1); // the entry maps to the declaration or its body
        CHECK(loc->function == "rf_loader_bump");
        CHECK(loc->short_text() == "loader_fixture.c:" + std::to_string(loc->line));
    }
    int local = 0;
    CHECK(image.copy_containing(address(&local)) == -1);
    CHECK(image.copy_containing(address(reinterpret_cast<void*>(&marker_line))) == -1);
    CHECK_FALSE(image.locate(address(&local), false).has_value());
}

TEST_CASE("files that are not rankfold-cc modules are refused with a clear message", "[loader]") {
    REQUIRE(RankMemory::current() == nullptr);
    Ranks ranks(1);
    ScratchDir scratch;
    auto load = [&](const std::string& path) { ProgramImage(path, 1, scratch.path, ranks.arenas); };

    SECTION("a missing file") {
        CHECK_THROWS_AS(load("/nonexistent/rf-no-such-program"), std::runtime_error);
        CHECK_THROWS_WITH(load("/nonexistent/rf-no-such-program"), Contains("cannot open"));
    }
    SECTION("a file that is not ELF") {
        CHECK_THROWS_AS(load(kSource), std::runtime_error);
        CHECK_THROWS_WITH(load(kSource), Contains("loader_fixture.c"));
    }
    SECTION("an ordinary executable") {
        REQUIRE(fs::exists("/bin/true"));
        CHECK_THROWS_AS(load("/bin/true"), std::runtime_error);
        CHECK_THROWS_WITH(load("/bin/true"), Contains("not built with rankfold-cc"));
    }
    SECTION("a shared library built without rankfold-cc") {
        REQUIRE(fs::exists(kPlainLibrary));
        CHECK_THROWS_AS(load(kPlainLibrary), std::runtime_error);
        CHECK_THROWS_WITH(load(kPlainLibrary), Contains("not built with rankfold-cc"));
    }
    CHECK(fs::is_empty(scratch.path)); // nothing was copied for a refused file
}
