// SourceLocator against a real -g shared object: the fixture is dlopen'ed, addresses come from
// dlsym and from __builtin_return_address, and expected lines from "@loc:" markers in its source.
#include "dwarf-introspect/SourceLocator.hpp"

#include <catch2/catch.hpp>

#include <dlfcn.h>
#include <link.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

using rankfold::dwarf::SourceLocation;
using rankfold::dwarf::SourceLocator;

namespace {

const char* const kFixtureLib = RF_BUILD_DIR "/lib/librf_locator_fixture.so";
const char* const kFixtureSource = RF_TEST_FIXTURE_DIR "/locator_fixture.c";

// Line of the "@loc:<name>" marker in the fixture source, which must occur exactly once.
int markerLine(const std::string& name) {
    static const std::map<std::string, std::vector<int>> lines = [] {
        std::map<std::string, std::vector<int>> out;
        std::ifstream in(kFixtureSource);
        std::string text;
        for (int line = 1; std::getline(in, text); ++line) {
            auto at = text.find("@loc:");
            if (at == std::string::npos) continue;
            auto begin = at + 5;
            auto end = text.find_first_of(" \t*", begin);
            out[text.substr(begin, end - begin)].push_back(line);
        }
        return out;
    }();
    auto it = lines.find(name);
    INFO("marker @loc:" << name << " in " << kFixtureSource);
    REQUIRE(it != lines.end());
    REQUIRE(it->second.size() == 1);
    return it->second.front();
}

struct LoadedFixture {
    void* handle = dlopen(kFixtureLib, RTLD_NOW | RTLD_LOCAL);
    LoadedFixture() {
        INFO("dlopen " << kFixtureLib << ": " << (handle ? "ok" : dlerror()));
        REQUIRE(handle != nullptr);
    }
    ~LoadedFixture() {
        if (handle) dlclose(handle);
    }

    template <typename T> T symbol(const char* name) const {
        void* addr = dlsym(handle, name);
        INFO("dlsym " << name);
        REQUIRE(addr != nullptr);
        return reinterpret_cast<T>(addr);
    }

    // ELF virtual address of a runtime address: subtract the load bias (link_map::l_addr).
    static std::uint64_t fileAddress(const void* addr) {
        Dl_info info{};
        link_map* map = nullptr;
        REQUIRE(dladdr1(addr, &info, reinterpret_cast<void**>(&map), RTLD_DL_LINKMAP) != 0);
        REQUIRE(map != nullptr);
        CHECK(reinterpret_cast<std::uintptr_t>(info.dli_fbase) == map->l_addr); // first vaddr is 0
        return reinterpret_cast<std::uintptr_t>(addr) - map->l_addr;
    }
};

std::unique_ptr<SourceLocator> openFixture() {
    std::string error;
    auto locator = SourceLocator::open(kFixtureLib, &error);
    INFO(error);
    REQUIRE(locator != nullptr);
    return locator;
}

void checkLocation(const std::optional<SourceLocation>& loc, const std::string& marker,
                   const std::string& function) {
    REQUIRE(loc.has_value());
    INFO(loc->file << ":" << loc->line << " in " << loc->function);
    CHECK(std::filesystem::path(loc->file).filename() == "locator_fixture.c");
    CHECK(std::filesystem::path(loc->file).is_absolute());
    CHECK(std::filesystem::equivalent(loc->file, kFixtureSource));
    CHECK(loc->line == markerLine(marker));
    CHECK(loc->function == function);
}

} // namespace

TEST_CASE("SourceLocator maps function entry points to their first line", "[dwarf]") {
    LoadedFixture fixture;
    auto locator = openFixture();

    auto leaf = LoadedFixture::fileAddress(fixture.symbol<void*>("rf_fixture_leaf"));
    checkLocation(locator->locate(leaf), "leaf_entry", "rf_fixture_leaf");
    checkLocation(locator->locate(leaf + 1), "leaf_entry", "rf_fixture_leaf");

    SECTION("first function of the CU, from another (pretend) source file") {
        auto header_fn = LoadedFixture::fileAddress(fixture.symbol<void*>("rf_fixture_header_fn"));
        auto loc = locator->locate(header_fn);
        if (*fixture.symbol<const int*>("rf_fixture_virtual_header")) {
            REQUIRE(loc.has_value());
            CHECK(std::filesystem::path(loc->file).filename() == "rf_locator_fixture_header.h");
            // The #line directive numbers the line after it 1.
            CHECK(loc->line == markerLine("header_entry") - markerLine("virtual_header"));
            CHECK(loc->function == "rf_fixture_header_fn");
        } else {
            checkLocation(loc, "header_entry", "rf_fixture_header_fn");
        }
    }
    SECTION("static function") {
        auto get = fixture.symbol<void* (*)()>("rf_fixture_static_helper_addr");
        checkLocation(locator->locate(LoadedFixture::fileAddress(get())), "static_entry",
                      "rf_static_helper");
    }
    SECTION("function in its own section (CU described by DW_AT_ranges)") {
        auto* other = fixture.symbol<void*>("rf_fixture_other_section");
        checkLocation(locator->locate(LoadedFixture::fileAddress(other)), "other_entry",
                      "rf_fixture_other_section");
    }
}

TEST_CASE("SourceLocator attributes return address - 1 to the call's line", "[dwarf]") {
    LoadedFixture fixture;
    auto locator = openFixture();
    auto callSite = [&](const char* fn, auto... args) {
        using Fn = void* (*)(decltype(args)...);
        void* ra = fixture.symbol<Fn>(fn)(args...);
        return locator->locate(LoadedFixture::fileAddress(ra) - 1);
    };

    SECTION("plain call") {
        checkLocation(callSite("rf_fixture_caller"), "caller_call", "rf_fixture_caller");
    }
    SECTION("call from the cold part of a hot/cold split function (DW_AT_ranges)") {
        checkLocation(callSite("rf_fixture_split", 42), "split_call", "rf_fixture_split");
    }
    SECTION("call from a nested function") {
        checkLocation(callSite("rf_fixture_nested"), "nested_call", "rf_nested_inner");
    }
}

TEST_CASE("SourceLocator finds nothing outside code", "[dwarf]") {
    LoadedFixture fixture;
    auto locator = openFixture();

    CHECK_FALSE(locator->locate(0).has_value()); // the ELF header
    CHECK_FALSE(locator->locate(~std::uint64_t{0}).has_value());
    auto data = LoadedFixture::fileAddress(fixture.symbol<void*>("rf_fixture_data"));
    auto loc = locator->locate(data);
    CHECK((!loc.has_value() || loc->function.empty()));
    if (loc) CHECK(loc->line == 0);
}

TEST_CASE("SourceLocator::open reports unreadable and debug-less files", "[dwarf]") {
    std::string error;
    SECTION("missing file") {
        CHECK(SourceLocator::open("/nonexistent/rankfold/libnothing.so", &error) == nullptr);
        CHECK_THAT(error, Catch::Contains("/nonexistent/rankfold/libnothing.so"));
        CHECK_THAT(error, Catch::Contains("No such file"));
    }
    SECTION("stripped executable") {
        CHECK(SourceLocator::open("/bin/true", &error) == nullptr);
        CHECK_THAT(error, Catch::Contains("/bin/true") && Catch::Contains("no DWARF debug info"));
    }
    SECTION("not an ELF file") {
        CHECK(SourceLocator::open(kFixtureSource, &error) == nullptr);
        CHECK_THAT(error, Catch::Contains("not an ELF file"));
    }
    CHECK(error.find('\n') == std::string::npos);
}
