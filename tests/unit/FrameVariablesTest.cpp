// FrameVariables on small C programs compiled here (at -O0 and -O2, and as C++): the value
// bytes of a suspended frame's live variables — struct padding left out, a variable out of its
// block's pc range dead — found at the return address of a real call, and the frames it does
// not describe, with the reason.
#include "dwarf-introspect/FrameVariables.hpp"

#include <catch2/catch.hpp>

#include <dlfcn.h>
#include <link.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace rankfold::dwarf;

namespace {

const char* const kProgram = R"(
struct padded { char c; long l; };   /* 7 bytes of padding after c */
void (*suspend)(void);
long probe(int arg) {
    struct padded p = {1, 2};
    int x = arg;
    suspend();                       /* A: arg, p (9 of 16 bytes), x */
    { int inner = x + 1; suspend(); x = inner; }   /* B: inner too */
    suspend();                       /* C: inner dead again */
    return x + p.l;
}
)";

std::vector<std::uintptr_t> g_sites;
void record_site() {
    g_sites.push_back(reinterpret_cast<std::uintptr_t>(__builtin_return_address(0)));
}

struct Built {
    std::string path;
    void* handle = nullptr;
    std::uintptr_t bias = 0;
    ~Built() {
        if (handle) dlclose(handle);
    }
};

void build(Built& out, const std::string& name, const std::string& flags, const char* lang,
           const char* program = kProgram) {
    const auto dir =
        std::filesystem::temp_directory_path() / ("rf-frame-vars-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const auto source = dir / (name + (std::string(lang) == "c" ? ".c" : ".cpp"));
    std::ofstream(source) << (std::string(lang) == "c" ? "" : "extern \"C\" {\n") << program
                          << (std::string(lang) == "c" ? "" : "}\n");
    out.path = (dir / (name + ".so")).string();
    const std::string command = std::string(std::string(lang) == "c" ? "cc" : "c++") +
                                " -g -fPIC -shared -fno-omit-frame-pointer " + flags + " -o " +
                                out.path + " " + source.string();
    REQUIRE(std::system(command.c_str()) == 0);
    out.handle = dlopen(out.path.c_str(), RTLD_NOW | RTLD_LOCAL);
    REQUIRE(out.handle != nullptr);
    link_map* map = nullptr;
    REQUIRE(dlinfo(out.handle, RTLD_DI_LINKMAP, &map) == 0);
    out.bias = map->l_addr;
}

// The return addresses of probe's three calls, as ELF addresses inside the call.
std::vector<std::uint64_t> call_sites(const Built& b) {
    auto** hook = static_cast<void (**)()>(dlsym(b.handle, "suspend"));
    auto* probe = reinterpret_cast<long (*)(int)>(dlsym(b.handle, "probe"));
    REQUIRE(hook != nullptr);
    REQUIRE(probe != nullptr);
    *hook = record_site;
    g_sites.clear();
    CHECK(probe(5) == 8);
    std::vector<std::uint64_t> out;
    out.reserve(g_sites.size());
    for (std::uintptr_t s : g_sites) out.push_back(s - b.bias - 1);
    return out;
}

std::uint64_t bytes(const FramePlan& plan) {
    std::uint64_t n = 0;
    for (const ByteSpan& s : plan.spans) n += s.size;
    return n;
}

} // namespace

TEST_CASE("an unoptimised C frame: live variables' value bytes, padding and dead blocks out") {
    Built b;
    build(b, "o0", "-O0", "c");
    std::string error;
    auto vars = FrameVariables::open(b.path, &error);
    INFO(error);
    REQUIRE(vars != nullptr);
    const auto sites = call_sites(b);
    REQUIRE(sites.size() == 3);
    const FramePlan& a = vars->plan(sites[0]);
    INFO(a.why_not);
    REQUIRE(a.described);
    CHECK(bytes(a) == 4 + 1 + 8 + 4);                      // arg, p.c, p.l, x
    for (const ByteSpan& s : a.spans) CHECK(s.offset < 0); // inside the frame, below the CFA
    const FramePlan& inner = vars->plan(sites[1]);
    REQUIRE(inner.described);
    CHECK(bytes(inner) == bytes(a) + 4);
    const FramePlan& c = vars->plan(sites[2]);
    REQUIRE(c.described);
    CHECK(c.spans == a.spans);
    CHECK(vars->plan(sites[0]).function_low <= sites[0]);
}

TEST_CASE("frames FrameVariables does not describe say why") {
    SECTION("optimised code") {
        Built b;
        build(b, "o2", "-O2", "c");
        auto vars = FrameVariables::open(b.path, nullptr);
        REQUIRE(vars != nullptr);
        for (std::uint64_t pc : call_sites(b)) {
            CHECK_FALSE(vars->plan(pc).described);
            CHECK(vars->plan(pc).why_not == "probe: compiled with optimisation");
        }
    }
    SECTION("C++") {
        Built b;
        build(b, "cxx", "-O0", "c++");
        auto vars = FrameVariables::open(b.path, nullptr);
        REQUIRE(vars != nullptr);
        CHECK(vars->plan(call_sites(b)[0]).why_not == "probe: not C");
    }
    SECTION("a pc outside every function, a file without DWARF") {
        Built b;
        build(b, "o0", "-O0", "c");
        auto vars = FrameVariables::open(b.path, nullptr);
        REQUIRE(vars != nullptr);
        CHECK_FALSE(vars->plan(1).described);
        std::string error;
        CHECK(FrameVariables::open("/nonexistent/x.so", &error) == nullptr);
        CHECK(error.find("cannot open") == 0);
    }
}

namespace {
const char* const kLibrary = R"(
struct big { long a, b, c; };
struct journal { int open; };
void journal_put(struct journal* j, short level, double weight, struct big b, void* any) {
    j->open += level + (int)weight + (int)b.a + (any != 0);
}
int sum(int n, ...) { return n; }
)";

std::uint64_t entry(const Built& b, const char* name) {
    void* f = dlsym(b.handle, name);
    REQUIRE(f != nullptr);
    return reinterpret_cast<std::uintptr_t>(f) - b.bias;
}
} // namespace

TEST_CASE("the arguments of an unoptimised function, where its prologue stores them") {
    for (const char* lang : {"c", "c++"}) {
        Built b;
        build(b, std::string("lib-") + (lang[1] ? "cxx" : "c"), "-O0", lang, kLibrary);
        auto vars = FrameVariables::open(b.path, nullptr);
        REQUIRE(vars != nullptr);
        std::string why;
        const auto* params = vars->entry_parameters(entry(b, "journal_put"), &why);
        INFO(lang << ": " << why);
        REQUIRE(params != nullptr);
        REQUIRE(params->size() == 5);
        CHECK((*params)[0].pointer);
        CHECK((*params)[0].pointee_size == 4); // struct journal
        CHECK((*params)[0].size == 8);
        CHECK((*params)[1].size == 2);
        CHECK_FALSE((*params)[1].pointer);
        CHECK((*params)[2].size == 8);
        CHECK((*params)[3].size == 24); // passed in memory: the caller's outgoing arguments
        CHECK((*params)[3].cfa_offset >= 0);
        CHECK((*params)[4].pointer);
        CHECK((*params)[4].pointee_size == 0); // void*
        for (std::size_t i : {0, 1, 2, 4}) CHECK((*params)[i].cfa_offset < 0);
        CHECK(vars->entry_parameters(entry(b, "sum"), &why) == nullptr);
        CHECK(why == "variadic arguments");
        CHECK(vars->entry_parameters(entry(b, "journal_put") + 1, &why) == nullptr);
        CHECK(why == "no DWARF describes the function");
    }
    Built o2;
    build(o2, "lib-o2", "-O2", "c", kLibrary);
    auto vars = FrameVariables::open(o2.path, nullptr);
    REQUIRE(vars != nullptr);
    std::string why;
    CHECK(vars->entry_parameters(entry(o2, "journal_put"), &why) == nullptr);
    CHECK(why == "compiled with optimisation");
}

TEST_CASE("the optimisation level recorded by the compiler") {
    CHECK(producerIsUnoptimised("GNU C17 12.2.0 -mtune=generic -g"));
    CHECK(producerIsUnoptimised("GNU C17 12.2.0 -g -O2 -O0"));
    CHECK_FALSE(producerIsUnoptimised("GNU C17 12.2.0 -g -O2"));
    CHECK_FALSE(producerIsUnoptimised("GNU C17 12.2.0 -g -O"));
    CHECK_FALSE(producerIsUnoptimised("GNU C17 12.2.0 -g -Og"));
    CHECK_FALSE(producerIsUnoptimised("GNU C17 12.2.0 -g -fomit-frame-pointer"));
}
