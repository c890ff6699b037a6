// GlobalVariables and VariableSelector against real -g shared objects (tests/fixtures/
// globals_fixture.{c,cpp}, each at -O0 and -O2): addresses are checked against dlsym and the
// fixture's accessors, values are read from dlopen'ed copies, and every error message is pinned.
#include "dwarf-introspect/GlobalVariables.hpp"
#include "dwarf-introspect/VariableSelector.hpp"

#include <catch2/catch.hpp>

#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>

using namespace rankfold::dwarf;

namespace {

std::string fixtureLib(const std::string& name) {
    return RF_BUILD_DIR "/lib/librf_" + name + ".so";
}

struct Loaded {
    void* handle;
    explicit Loaded(const std::string& path) : handle(dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)) {
        INFO("dlopen " << path << ": " << (handle ? "ok" : dlerror()));
        REQUIRE(handle != nullptr);
    }
    ~Loaded() { dlclose(handle); }
    Loaded(const Loaded&) = delete;
    Loaded& operator=(const Loaded&) = delete;
    void* symbol(const char* name) const {
        void* addr = dlsym(handle, name);
        INFO("dlsym " << name);
        REQUIRE(addr != nullptr);
        return addr;
    }
    std::uintptr_t bias() const {
        link_map* map = nullptr;
        REQUIRE(dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0);
        return map->l_addr;
    }
    // ELF virtual address of a runtime address of this copy.
    std::uint64_t fileAddress(const void* addr) const {
        return reinterpret_cast<std::uintptr_t>(addr) - bias();
    }
};

std::unique_ptr<GlobalVariables> openGlobals(const std::string& path) {
    std::string error;
    auto globals = GlobalVariables::open(path, &error);
    INFO(error);
    REQUIRE(globals != nullptr);
    return globals;
}

Selection selectOk(const GlobalVariables& g, const std::string& expr) {
    SelectionError error;
    auto sel = selectVariable(g, expr, &error);
    INFO(error.describe(expr));
    REQUIRE(sel.has_value());
    return *sel;
}

std::string selectError(const GlobalVariables& g, const std::string& expr) {
    SelectionError error;
    auto sel = selectVariable(g, expr, &error);
    REQUIRE_FALSE(sel.has_value());
    return error.describe(expr);
}

// The fixture's struct outer, same ABI, to compute expected member offsets.
struct Inner {
    short s;
    double d;
};
struct Outer {
    char tag;
    Inner in;
    int vals[3];
    Inner list[2];
    unsigned flags : 3;
    int* ptr;
    union {
        int ui;
        float uf;
    };
};

struct Scalar {
    const char* name;
    std::uint64_t size;
    ValueKind kind;
    bool is_signed;
    const char* type_name;
    long double value;
};

const Scalar kCScalars[] = {
    {"rf_g_int", 4, ValueKind::Signed, true, "int", -7},
    {"rf_g_uchar", 1, ValueKind::Unsigned, false, "unsigned char", 200},
    {"rf_g_schar", 1, ValueKind::Signed, true, "signed char", -5},
    {"rf_g_char", 1, ValueKind::Signed, true, "char", 'x'},
    {"rf_g_bool", 1, ValueKind::Bool, false, "_Bool", 1},
    {"rf_g_short", 2, ValueKind::Signed, true, "short int", -300},
    {"rf_g_ushort", 2, ValueKind::Unsigned, false, "short unsigned int", 60000},
    {"rf_g_double", 8, ValueKind::Float, false, "double", 2.5},
    {"rf_g_float", 4, ValueKind::Float, false, "float", -0.25},
    {"rf_g_ldouble", 16, ValueKind::Float, false, "long double", 1.5},
    {"rf_g_long", 8, ValueKind::Signed, true, "long int", -1234567890123.0L},
    {"rf_g_big", 8, ValueKind::Unsigned, false, "long long unsigned int", 0xfffffffffffffff0ULL},
    {"rf_g_color", 4, ValueKind::Enum, false, "enum color", 6},
    {"rf_g_delta", 4, ValueKind::Enum, true, "enum delta", -1},
    {"rf_g_ticks", 4, ValueKind::Signed, true, "ticks_t (aka int)", 42},
    {"rf_g_shared_ticks", 4, ValueKind::Signed, true, "shared_ticks_t (aka int)", 43},
    {"rf_g_const", 4, ValueKind::Signed, true, "const int (aka int)", 44},
};

} // namespace

TEST_CASE("GlobalVariables resolves C scalars to dlsym's addresses and reads them", "[globals]") {
    auto opt = GENERATE(as<std::string>{}, "O0", "O2");
    INFO("-" << opt);
    const std::string path = fixtureLib("globals_c_" + opt);
    auto g = openGlobals(path);
    Loaded lib(path);
    for (const Scalar& s : kCScalars) {
        INFO(s.name);
        Selection sel = selectOk(*g, s.name);
        CHECK(sel.variable == s.name);
        CHECK(sel.elf_address == lib.fileAddress(lib.symbol(s.name)));
        CHECK(sel.byte_size == s.size);
        CHECK(sel.kind == s.kind);
        CHECK(sel.is_signed == s.is_signed);
        CHECK(sel.type_name == s.type_name);
        CHECK(readSelected(sel, lib.bias()) == s.value);
    }
    SECTION("pointers read as the address they hold") {
        Selection ptr = selectOk(*g, "rf_g_ptr");
        CHECK(ptr.kind == ValueKind::Pointer);
        CHECK(ptr.byte_size == 8);
        CHECK(ptr.type_name == "int *");
        auto target = reinterpret_cast<std::uintptr_t>(lib.symbol("rf_g_int"));
        CHECK(readSelected(ptr, lib.bias()) == target);
        CHECK(readSelected(selectOk(*g, "rf_g_outer.ptr"), lib.bias()) == target);
        CHECK(selectOk(*g, "rf_g_opaque").type_name == "struct opaque *");
        CHECK(readSelected(selectOk(*g, "rf_g_opaque"), lib.bias()) == 0);
    }
    SECTION("array elements, members, nested arrays of structs, anonymous unions") {
        auto grid = lib.fileAddress(lib.symbol("rf_g_grid"));
        auto outer = lib.fileAddress(lib.symbol("rf_g_outer"));
        auto outers = lib.fileAddress(lib.symbol("rf_g_outers"));
        struct Case {
            const char* expr;
            std::uint64_t address;
            std::uint64_t size;
            long double value;
        } cases[] = {
            {"rf_g_grid[0][0]", grid, 4, 0},
            {"rf_g_grid[2][1]", grid + std::size_t{28}, 4, 21},       // (2 * 3 + 1) ints
            {" rf_g_grid [ 3 ] [2] ", grid + std::size_t{44}, 4, 32}, // 11 ints
            {"rf_g_outer.tag", outer, 1, 'a'},
            {"rf_g_outer.in.s", outer + offsetof(Outer, in), 2, -3},
            {"rf_g_outer.in.d", outer + offsetof(Outer, in) + offsetof(Inner, d), 8, 0.5},
            {"rf_g_outer.vals[2]", outer + offsetof(Outer, vals) + 8, 4, 3},
            {"rf_g_outer.list[1].s", outer + offsetof(Outer, list) + sizeof(Inner), 2, 20},
            {"rf_g_outer.list[1].d", outer + offsetof(Outer, list) + sizeof(Inner) + 8, 8, 2.0},
            {"rf_g_outer.ui", outer + offsetof(Outer, ui), 4, 77},
            {"rf_g_outers[1].tag", outers + sizeof(Outer), 1, 'c'},
            {"rf_g_outers[1].vals[2]", outers + sizeof(Outer) + offsetof(Outer, vals) + 8, 4, 9},
            {"rf_g_outers[0].list[1].d", outers + offsetof(Outer, list) + sizeof(Inner) + 8, 8,
             4.25},
            {"rf_g_number.i", lib.fileAddress(lib.symbol("rf_g_number")), 4, 123456},
            {"rf_g_number.bytes[1]", lib.fileAddress(lib.symbol("rf_g_number")) + 1, 1, 0xe2},
        };
        for (const Case& c : cases) {
            INFO(c.expr);
            Selection sel = selectOk(*g, c.expr);
            CHECK(sel.elf_address == c.address);
            CHECK(sel.byte_size == c.size);
            CHECK(readSelected(sel, lib.bias()) == c.value);
        }
        CHECK(selectOk(*g, "rf_g_outer.uf").kind == ValueKind::Float);
        CHECK(selectOk(*g, "rf_g_number.bytes[7]").type_name == "unsigned char");
    }
    SECTION("a static global and a function-scope static, found through their accessors") {
        auto counter = reinterpret_cast<int* (*)()>(lib.symbol("rf_fixture_static_counter_addr"));
        auto calls = reinterpret_cast<int* (*)()>(lib.symbol("rf_fixture_calls_addr"));
        Selection sc = selectOk(*g, "rf_static_counter");
        Selection sf = selectOk(*g, "rf_fixture_calls_addr::calls");
        CHECK(sc.elf_address == lib.fileAddress(counter()));
        CHECK(sf.elf_address == lib.fileAddress(calls()));
        CHECK(readSelected(sf, lib.bias()) == 12); // 11, then one call above
        CHECK(readSelected(sc, lib.bias()) == 4);  // 3, incremented by that call
        auto found = g->find("rf_fixture_calls_addr::calls");
        REQUIRE(found.size() == 1);
        CHECK(g->variables()[found[0]].function_static);
    }
}

TEST_CASE("Statics of the same name in two units, and a constant folded away", "[globals]") {
    auto opt = GENERATE(as<std::string>{}, "O0", "O2");
    INFO("-" << opt);
    const std::string path = fixtureLib("globals_c_" + opt);
    auto g = openGlobals(path);
    Loaded lib(path);
    auto found = g->find("rf_dup");
    REQUIRE(found.size() == 2);
    auto a = reinterpret_cast<int* (*)()>(lib.symbol("rf_fixture_dup_a"));
    auto b = reinterpret_cast<int* (*)()>(lib.symbol("rf_fixture_dup_b"));
    CHECK(g->variables()[found[0]].address == lib.fileAddress(a()));
    CHECK(g->variables()[found[1]].address == lib.fileAddress(b()));
    CHECK(selectError(*g, "rf_dup") ==
          "in 'rf_dup', column 1: 'rf_dup' is ambiguous: 2 static variables have that name (in " +
              std::string(RF_TEST_FIXTURE_DIR) + "/globals_fixture.c, " + RF_TEST_FIXTURE_DIR +
              "/globals_fixture_b.c)");
    if (opt == "O0") {
        CHECK(readSelected(selectOk(*g, "rf_folded"), lib.bias()) == 9);
    } else {
        CHECK(selectError(*g, "rf_folded") == "in 'rf_folded', column 1: 'rf_folded' has no "
                                              "address: the compiler replaced it by its constant "
                                              "value");
    }
}

TEST_CASE("Each loaded copy of a module is read at its own load bias", "[globals]") {
    const std::string path = fixtureLib("globals_c_O2");
    auto copy = std::filesystem::temp_directory_path() /
                ("rf_globals_copy_" + std::to_string(::getpid()) + ".so");
    std::filesystem::copy_file(path, copy, std::filesystem::copy_options::overwrite_existing);
    auto g = openGlobals(path);
    {
        Loaded first(path), second(copy.string());
        REQUIRE(first.bias() != second.bias());
        *static_cast<int*>(second.symbol("rf_g_int")) = 99;
        static_cast<int*>(second.symbol("rf_g_grid"))[5] = -12;
        Selection sel = selectOk(*g, "rf_g_int");
        Selection cell = selectOk(*g, "rf_g_grid[1][2]");
        CHECK(readSelected(sel, first.bias()) == -7);
        CHECK(readSelected(sel, second.bias()) == 99);
        CHECK(readSelected(cell, first.bias()) == 12);
        CHECK(readSelected(cell, second.bias()) == -12);
    }
    std::filesystem::remove(copy);
}

TEST_CASE("VariableSelector says precisely what is wrong and where", "[globals]") {
    auto opt = GENERATE(as<std::string>{}, "O0", "O2");
    INFO("-" << opt);
    auto g = openGlobals(fixtureLib("globals_c_" + opt));
    const std::pair<const char*, const char*> cases[] = {
        {"rf_g_in", "in 'rf_g_in', column 1: no global or static variable 'rf_g_in'; did you "
                    "mean 'rf_g_int' or 'rf_g_big'?"},
        {"calls", "in 'calls', column 1: no global or static variable 'calls'; did you mean "
                  "'rf_fixture_calls_addr::calls'?"},
        {"zzzzzz", "in 'zzzzzz', column 1: no global or static variable 'zzzzzz'"},
        {"rf_g_grid[4][0]", "in 'rf_g_grid[4][0]', column 11: index 4 is out of range for "
                            "'rf_g_grid' (int[4][3]): valid indexes are 0..3"},
        {"rf_g_grid[1][3]", "in 'rf_g_grid[1][3]', column 14: index 3 is out of range for "
                            "'rf_g_grid[1]' (int[3]): valid indexes are 0..2"},
        {"rf_g_grid[1]", "in 'rf_g_grid[1]', column 13: 'rf_g_grid[1]' is an array (int[3]), not "
                         "a scalar: select one element, e.g. 'rf_g_grid[1][0]'"},
        {"rf_g_grid", "in 'rf_g_grid', column 10: 'rf_g_grid' is an array (int[4][3]), not a "
                      "scalar: select one element, e.g. 'rf_g_grid[0]'"},
        {"rf_g_outer", "in 'rf_g_outer', column 11: 'rf_g_outer' has type outer_t (aka struct "
                       "outer), not a scalar: select one of its members, e.g. 'rf_g_outer.tag'"},
        {"rf_g_outers[0].in", "in 'rf_g_outers[0].in', column 18: 'rf_g_outers[0].in' has type "
                              "struct inner, not a scalar: select one of its members, e.g. "
                              "'rf_g_outers[0].in.s'"},
        {"rf_g_outer.nope", "in 'rf_g_outer.nope', column 12: no member 'nope' in outer_t (aka "
                            "struct outer); its members are: tag, in, vals, list, flags, ptr, ui, "
                            "uf"},
        {"rf_g_outer.flags", "in 'rf_g_outer.flags', column 12: 'rf_g_outer.flags' is a bit field "
                             "(3 bits): bit fields are not supported"},
        {"rf_g_outer.in.d.e", "in 'rf_g_outer.in.d.e', column 16: 'rf_g_outer.in.d' is not a "
                              "struct, union or class (it is double)"},
        {"rf_g_outers.tag", "in 'rf_g_outers.tag', column 12: 'rf_g_outers' is not a struct, "
                            "union or class (it is struct outer[2])"},
        {"rf_g_int[0]", "in 'rf_g_int[0]', column 9: 'rf_g_int' is not an array (it is int)"},
        {"rf_g_ptr[0]", "in 'rf_g_ptr[0]', column 9: 'rf_g_ptr' is not an array (it is int *); "
                        "properties cannot follow pointers"},
        {"rf_g_ptr->x", "in 'rf_g_ptr->x', column 9: '->' is not supported: properties cannot "
                        "follow pointers"},
        {"rf_g_tls", "in 'rf_g_tls', column 1: 'rf_g_tls' has no address: it is thread-local"},
        {"rf_g_complex", "in 'rf_g_complex', column 13: 'rf_g_complex' has type complex double "
                         "(16 bytes), which properties cannot compare"},
        {"rf_g_grid[x]", "in 'rf_g_grid[x]', column 11: expected a non-negative integer index "
                         "after '['"},
        {"rf_g_grid[-1]", "in 'rf_g_grid[-1]', column 11: expected a non-negative integer index "
                          "after '['"},
        {"rf_g_grid[1", "in 'rf_g_grid[1', column 12: expected ']' after the index"},
        {"rf_g_outer.", "in 'rf_g_outer.', column 12: expected a member name after '.'"},
        {"rf_g_int + 1", "in 'rf_g_int + 1', column 10: unexpected '+': expected '[index]' or "
                         "'.member'"},
        {"3abc", "in '3abc', column 1: expected a variable name"},
        {"", "in '', column 1: expected a variable name"},
    };
    for (auto [expr, message] : cases) CHECK(selectError(*g, expr) == message);
}

TEST_CASE("GlobalVariables resolves C++ namespaces, static members, bases and references",
          "[globals]") {
    auto opt = GENERATE(as<std::string>{}, "O0", "O2");
    INFO("-" << opt);
    const std::string path = fixtureLib("globals_cpp_" + opt);
    auto g = openGlobals(path);
    Loaded lib(path);
    auto address = reinterpret_cast<void* (*)(int)>(lib.symbol("rf_cpp_address"));
    struct Case {
        const char* expr;
        int which; // rf_cpp_address(which) is the variable's address
        std::uint64_t offset, size;
        ValueKind kind;
        const char* type_name;
        long double value;
    } cases[] = {
        {"ns::v", 0, 0, 4, ValueKind::Signed, "int", 17},
        {"ns::inner::w", 1, 0, 8, ValueKind::Float, "double", 0.5},
        {"Widget::instances", 2, 0, 4, ValueKind::Signed, "int", 4},
        {"rf_widget.id", 3, 0, 4, ValueKind::Signed, "int", 5},
        {"rf_widget.stamp[1]", 3, 16, 8, ValueKind::Signed, "long int", 7},
        {"rf_derived.base_field", 4, 0, 4, ValueKind::Signed, "int", 8},
        {"rf_derived.own", 4, 4, 4, ValueKind::Signed, "int", 9},
        {"Account::callsAddr::calls", 5, 0, 4, ValueKind::Signed, "int", 4},
        {"rf_level", 6, 0, 1, ValueKind::Enum, "enum Level", -1},
    };
    for (const Case& c : cases) {
        INFO(c.expr);
        Selection sel = selectOk(*g, c.expr);
        CHECK(sel.elf_address == lib.fileAddress(address(c.which)) + c.offset);
        CHECK(sel.byte_size == c.size);
        CHECK(sel.kind == c.kind);
        CHECK(sel.type_name == c.type_name);
        CHECK(readSelected(sel, lib.bias()) == c.value);
    }
    Selection ref = selectOk(*g, "rf_ref"); // a reference is stored as a pointer
    CHECK(ref.kind == ValueKind::Pointer);
    CHECK(ref.type_name == "int &");
    CHECK(readSelected(ref, lib.bias()) == reinterpret_cast<std::uintptr_t>(address(0)));
    CHECK(selectOk(*g, "rf_account.balance").byte_size == 4);
    CHECK(selectError(*g, "rf_derived.x") ==
          "in 'rf_derived.x', column 12: no member 'x' in struct Derived; its members are: "
          "base_field, own");
    CHECK(selectError(*g, "instances") ==
          "in 'instances', column 1: no global or static variable 'instances'; did you mean "
          "'Widget::instances'?");
}

TEST_CASE("GlobalVariables::open fails with one line instead of crashing", "[globals]") {
    std::string error;
    CHECK(GlobalVariables::open("/nonexistent/rf.so", &error) == nullptr);
    CHECK(error == "cannot open '/nonexistent/rf.so': No such file or directory");
    const std::string source = RF_TEST_FIXTURE_DIR "/globals_fixture.c";
    CHECK(GlobalVariables::open(source, &error) == nullptr);
    CHECK(error == "'" + source + "' is not an ELF file");
    const std::string stripped = fixtureLib("globals_nodebug");
    CHECK(GlobalVariables::open(stripped, &error) == nullptr);
    CHECK(error == "'" + stripped + "' has no DWARF debug info (not built with -g, or stripped)");
    CHECK(GlobalVariables::open(stripped, nullptr) == nullptr);
}

TEST_CASE("decodeSelected sign-extends, widens and reads floats", "[globals]") {
    unsigned char bytes[16] = {0xff, 0xfe, 0xff, 0xff, 0, 0, 0, 0};
    Selection s;
    s.byte_size = 1;
    s.kind = ValueKind::Signed;
    s.is_signed = true;
    CHECK(decodeSelected(s, bytes) == -1);
    s.byte_size = 4;
    CHECK(decodeSelected(s, bytes) == -257);
    s.kind = ValueKind::Unsigned;
    s.is_signed = false;
    CHECK(decodeSelected(s, bytes) == 0xfffffeffu);
    s.kind = ValueKind::Bool;
    s.byte_size = 1;
    CHECK(decodeSelected(s, bytes + 4) == 0);
    CHECK(decodeSelected(s, bytes) == 1);
    s.kind = ValueKind::Float;
    s.byte_size = 8;
    double d = -3.75;
    std::memcpy(bytes, &d, sizeof d);
    CHECK(decodeSelected(s, bytes) == -3.75);
}
