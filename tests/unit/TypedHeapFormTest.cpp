// The typed heap walk (issue 12) on small C and C++ programs compiled here at -O0 and -O2: each
// program keeps its structures under one global, `R`; a test builds them twice, in two rank
// arenas (the process-wide malloc puts a "rank's" blocks there: HeapHooks.hpp), in another
// allocation order and with garbage blocks between, and compares the canonical forms fed from
// `R` by its DWARF type (mc/runtime/TypedGlobals). Both directions on constructed pairs: equal
// when the states are equal up to heap addresses and padding, different after a change of one
// value, one pointer or one integer that holds an address.
#include "RankArenaHarness.hpp"

#include "dwarf-introspect/GlobalVariables.hpp"
#include "dwarf-introspect/PointerLayout.hpp"
#include "mc/runtime/HeapCanonicalForm.hpp"
#include "mc/runtime/TypedGlobals.hpp"
#include "snapshot/AppContext.hpp"

#include <dlfcn.h>
#include <link.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

namespace {

using arena_test::Region;
using rankfold::mc::HeapCanonicalForm;
using rankfold::mc::TypedGlobals;
using rankfold::snapshot::Fingerprint;
using rankfold::snapshot::FingerprintBuilder;
using rankfold::snapshot::RankArena;

const char* const kCProgram = R"(
#include <stdlib.h>
#include <string.h>
struct padded { char tag; long value; };          /* 7 bytes of padding */
struct node { int key; struct node *next; };       /* 4 bytes of padding */
struct tree { long key; struct tree *left, *right; };
union either { long l; double d; };
struct flex { int n; long data[]; };                /* a header, then its data */
struct roots {
    struct padded *padded;
    struct node *list;
    struct tree *tree;
    long **cells;        /* pointers to pointers */
    int *array;          /* a block of 6 ints */
    union either *u;
    void *opaque;        /* untyped: a struct padded behind a void* */
    long number;         /* an integer, which may hold an address */
    struct flex *flex;
} R;

static void garbage(int n) {
    for (int i = 0; i < n; ++i) memset(malloc(40), 0x5a + i, 40);
}
static void *fresh(size_t size, unsigned char pad, int gap) {
    garbage(gap);
    void *p = malloc(size);
    memset(p, pad, size);    /* what padding holds: the caller's choice */
    return p;
}
static struct tree *leaf(long key, unsigned char pad, int gap) {
    struct tree *t = fresh(sizeof *t, pad, gap);
    t->key = key; t->left = t->right = 0;
    return t;
}

/* The same structures whatever `reversed`, `gap` and `pad` are; allocated in the opposite
   order when reversed, with `gap` garbage blocks before each. */
void build(int reversed, int gap, unsigned char pad) {
    memset(&R, 0, sizeof R);
    struct node *n[3];
    for (int k = 0; k < 3; ++k) {
        int i = reversed ? 2 - k : k;
        n[i] = fresh(sizeof *n[i], pad, gap);
        n[i]->key = 10 * (i + 1);
    }
    for (int i = 0; i < 3; ++i) n[i]->next = i < 2 ? n[i + 1] : 0;
    R.list = n[0];
    struct tree *l, *r, *root;
    if (reversed) { r = leaf(3, pad, gap); l = leaf(1, pad, gap); root = leaf(2, pad, gap); }
    else { root = leaf(2, pad, gap); l = leaf(1, pad, gap); r = leaf(3, pad, gap); }
    root->left = l; root->right = r;
    R.tree = root;
    R.padded = fresh(sizeof *R.padded, pad, gap);
    R.padded->tag = 'x'; R.padded->value = 7;
    long *cell = fresh(sizeof *cell, pad, gap);
    *cell = 42;
    R.cells = fresh(3 * sizeof *R.cells, pad, gap);
    R.cells[0] = R.cells[2] = cell;
    R.cells[1] = 0;
    R.array = fresh(6 * sizeof *R.array, pad, gap);
    for (int i = 0; i < 6; ++i) R.array[i] = i * i;
    R.u = fresh(sizeof *R.u, pad, gap);
    R.u->l = 99;
    struct padded *o = fresh(sizeof *o, 0, gap); /* untyped: its padding would count */
    o->tag = 'o'; o->value = 8;
    R.opaque = o;
    R.flex = fresh(sizeof *R.flex + 4 * sizeof(long), pad, gap);
    R.flex->n = 4;
    for (int i = 0; i < 4; ++i) R.flex->data[i] = i;
}
)";

const char* const kCxxProgram = R"(
#include <map>
#include <string>
#include <vector>
struct Roots {
    std::vector<long> v;
    std::map<int, long> m;
    std::string s;
    std::vector<std::string> names;
};
Roots *R;
static void garbage(int n) { for (int i = 0; i < n; ++i) new char[24 + 8 * i](); }
// No frees here: the test's arenas are not a rank's, so nothing may go back to them.
extern "C" void build(int reversed, int gap) {
    R = nullptr;
    garbage(gap);
    Roots *r = new Roots;
    auto fill_v = [&] { garbage(gap); r->v.reserve(4); for (long i = 0; i < 4; ++i) r->v.push_back(i * 3); };
    auto fill_m = [&] { for (int k : {5, 1, 9, 3}) { garbage(gap); r->m[k] = k * 100; } };
    auto fill_s = [&] { garbage(gap); r->s = std::string(40, 'q'); };
    auto fill_n = [&] {
        garbage(gap); r->names.reserve(2);
        r->names.emplace_back("a name longer than the small-string buffer");
        r->names.emplace_back("short");
    };
    if (reversed) { fill_n(); fill_s(); fill_m(); fill_v(); }
    else { fill_v(); fill_m(); fill_s(); fill_n(); }
    R = r;
}
)";

struct Program {
    std::string path;
    void* handle = nullptr;
    std::uintptr_t bias = 0;
    std::unique_ptr<TypedGlobals> globals;
    Program(const std::string& name, const char* source, bool cxx, const std::string& opt) {
        const auto dir = std::filesystem::temp_directory_path() /
                         ("rf-typed-heap-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir);
        const auto src = dir / (name + (cxx ? ".cpp" : ".c"));
        std::ofstream(src) << source;
        path = (dir / (name + ".so")).string();
        const std::string command = std::string(cxx ? "c++ -fno-gnu-unique" : "cc") +
                                    " -g -fPIC -shared -Wl,-Bsymbolic " + opt + " -o " + path +
                                    " " + src.string();
        REQUIRE(std::system(command.c_str()) == 0);
        handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        REQUIRE(handle != nullptr);
        link_map* map = nullptr;
        REQUIRE(dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0);
        bias = map->l_addr;
        std::string error;
        globals = TypedGlobals::open(path, &error);
        INFO(error);
        REQUIRE(globals != nullptr);
    }
    ~Program() {
        if (handle) dlclose(handle);
    }
    Program(const Program&) = delete;
    Program& operator=(const Program&) = delete;
    template <class T> T* symbol(const char* name) const {
        auto* s = reinterpret_cast<T*>(dlsym(handle, name));
        REQUIRE(s != nullptr);
        return s;
    }
};

// One rank's heap; what the program allocates while `run` runs lands in it.
struct Heap {
    Region region{std::size_t{1} << 24};
    RankArena* arena = RankArena::create(region.base, region.size);
    template <class F> void run(F&& f) {
        rankfold::snapshot::g_app_arena = arena;
        f();
        rankfold::snapshot::g_app_arena = nullptr;
    }
};

// The canonical form of the state under `R` (of `size` bytes), typed or not.
Fingerprint form(const Program& p, Heap& heap, std::size_t size, bool typed = true) {
    HeapCanonicalForm canonical;
    canonical.reset(heap.arena, {});
    FingerprintBuilder out;
    const auto at = reinterpret_cast<std::uintptr_t>(p.symbol<char>("R"));
    if (typed)
        p.globals->feed(canonical, out, at, at + size, p.bias);
    else
        canonical.feed(out, at, size);
    canonical.feed_blocks(out);
    return out.digest();
}

// The C program's roots, as the test reads them (the same ABI as the program's).
struct Padded {
    char tag;
    long value;
};
struct Node {
    int key;
    Node* next;
};
struct Tree {
    long key;
    Tree *left, *right;
};
struct Roots {
    Padded* padded;
    Node* list;
    Tree* tree;
    long** cells;
    int* array;
    long* u;
    Padded* opaque;
    long number;
    struct Flex {
        int n;
        long data[4];
    } * flex;
};

} // namespace

TEST_CASE("typed heap form, C at -O0 and -O2: equal exactly up to addresses and padding") {
    const std::string opt = GENERATE(as<std::string>{}, "-O0", "-O2");
    INFO(opt);
    Program p("c" + opt, kCProgram, false, opt);
    auto* build = p.symbol<void(int, int, unsigned char)>("build");
    auto* r = p.symbol<Roots>("R");
    Heap a, b;
    a.run([&] { build(0, 0, 0); });
    const Fingerprint first = form(p, a, sizeof(Roots));
    const Fingerprint first_untyped = form(p, a, sizeof(Roots), false);
    SECTION("another order, other places, other padding: equal") {
        b.run([&] { build(1, 2, 0xee); });
        CHECK(form(p, b, sizeof(Roots)) == first);
        // Untyped, the padding of the blocks counts.
        CHECK(form(p, b, sizeof(Roots), false) != first_untyped);
    }
    SECTION("other padding behind a void*: untyped, it counts") {
        b.run([&] { build(0, 0, 0); });
        reinterpret_cast<unsigned char*>(r->opaque)[3] = 0xee;
        CHECK(form(p, b, sizeof(Roots)) != first);
    }
    SECTION("one value, one pointer, one alias, one union byte: different") {
        b.run([&] { build(1, 1, 0); });
        REQUIRE(form(p, b, sizeof(Roots)) == first);
        SECTION("a list key") {
            r->list->next->key = 21;
        }
        SECTION("a padded value") {
            r->padded->value = 8;
        }
        SECTION("a tree's shape") {
            std::swap(r->tree->left, r->tree->right);
        }
        SECTION("an array element") {
            r->array[5] = 0;
        }
        SECTION("a pointer to pointer now aliases nothing") {
            b.run([&] { r->cells[2] = static_cast<long*>(std::malloc(sizeof(long))); });
            *r->cells[2] = 42;
        }
        SECTION("the union's upper bytes") {
            reinterpret_cast<unsigned char*>(r->u)[7] = 1;
        }
        SECTION("the list's end") {
            r->list->next->next = nullptr;
        }
        SECTION("a high byte of a header's data (not taken for its padding)") {
            reinterpret_cast<unsigned char*>(&r->flex->data[2])[5] = 1;
        }
        CHECK(form(p, b, sizeof(Roots)) != first);
    }
    SECTION("an integer holding an address is a number, not a pointer") {
        r->number = reinterpret_cast<long>(r->padded);
        const Fingerprint with_address = form(p, a, sizeof(Roots));
        b.run([&] { build(1, 2, 0); });
        r->number = reinterpret_cast<long>(r->padded); // the same block, another address
        CHECK(form(p, b, sizeof(Roots)) != with_address);
        // Untyped, both are (block, offset) of the same block: taken for equal.
        r->number = 0;
        a.run([&] { build(0, 0, 0); });
        r->number = reinterpret_cast<long>(r->padded);
        const Fingerprint untyped_a = form(p, a, sizeof(Roots), false);
        b.run([&] { build(1, 2, 0); });
        r->number = reinterpret_cast<long>(r->padded);
        CHECK(form(p, b, sizeof(Roots), false) == untyped_a);
        SECTION("the same number in both: equal") {
            r->number = 12345;
            const Fingerprint fb = form(p, b, sizeof(Roots));
            a.run([&] { build(0, 0, 0); });
            r->number = 12345;
            CHECK(form(p, a, sizeof(Roots)) == fb);
        }
    }
    SECTION("a block claimed by two types is walked untyped") {
        b.run([&] { build(0, 0, 0); });
        // `number` is an integer: its value does not claim; a long** at the padded block does.
        r->cells[1] = reinterpret_cast<long*>(r->padded);
        const Fingerprint before = form(p, b, sizeof(Roots));
        reinterpret_cast<unsigned char*>(r->padded)[3] = 0xee; // struct padded's padding
        CHECK(form(p, b, sizeof(Roots)) != before);
    }
}

TEST_CASE("typed heap form, C++ containers at -O0 and -O2: vector, map, string") {
    const std::string opt = GENERATE(as<std::string>{}, "-O0", "-O2");
    INFO(opt);
    Program p("cxx" + opt, kCxxProgram, true, opt);
    auto* build = p.symbol<void(int, int)>("build");
    Heap a, b;
    a.run([&] { build(0, 0); });
    const Fingerprint first = form(p, a, sizeof(void*));
    b.run([&] { build(1, 3); });
    CHECK(form(p, b, sizeof(void*)) == first);
    // The structures as the program sees them, reached through R (no free: the arena is b's).
    auto* roots = *p.symbol<char*>("R");
    auto* v = reinterpret_cast<long**>(roots); // std::vector<long>: begin, end, capacity
    SECTION("a vector element") {
        v[0][2] = 5;
    }
    SECTION("a map value") {
        // The map's header follows the vector: its leftmost node holds key 1.
        auto** header = reinterpret_cast<char**>(roots + 3 * sizeof(void*));
        char* leftmost = header[3];                  // _M_header._M_left
        *reinterpret_cast<long*>(leftmost + 40) = 7; // pair<const int, long>::second
    }
    SECTION("a character of a long string") {
        char* s = *reinterpret_cast<char**>(roots + 3 * sizeof(void*) + 48);
        s[10] = 'r';
    }
    CHECK(form(p, b, sizeof(void*)) != first);
}

TEST_CASE("pointer layouts of the C program's types: values, pointers and their pointees") {
    using rankfold::dwarf::GlobalVariables;
    using rankfold::dwarf::LayoutPiece;
    using rankfold::dwarf::PointerLayouts;
    using rankfold::dwarf::VariableType;
    Program p("layouts", kCProgram, false, "-O0");
    std::string error;
    auto globals = GlobalVariables::open(p.path, &error);
    REQUIRE(globals != nullptr);
    std::vector<VariableType> types;
    for (std::size_t i = 0; i < globals->typeCount(); ++i)
        types.push_back(globals->type(static_cast<rankfold::dwarf::TypeId>(i)));
    PointerLayouts layouts(types);
    const auto found = globals->find("R");
    REQUIRE(found.size() == 1);
    const rankfold::dwarf::Layout* roots = layouts.of(globals->variables()[found[0]].type);
    REQUIRE(roots->known);
    CHECK(roots->size == 72);
    REQUIRE(roots->pieces.size() == 9); // seven pointers, `number`, a pointer
    for (std::size_t i = 0; i < 7; ++i) CHECK(roots->pieces[i].kind == LayoutPiece::Kind::Pointer);
    CHECK(roots->pieces[7].kind == LayoutPiece::Kind::Bytes);
    const rankfold::dwarf::Layout* flex = roots->pieces[8].target;
    REQUIRE(flex != nullptr);
    CHECK(flex->flexible);
    CHECK(rankfold::dwarf::elementsInBlock(*flex, 48) == 1); // one header, its data untyped
    // struct padded: its tag and its value, not the 7 bytes between.
    const rankfold::dwarf::Layout* padded = roots->pieces[0].target;
    REQUIRE(padded != nullptr);
    REQUIRE(padded->known);
    REQUIRE(padded->pieces.size() == 2);
    CHECK(padded->pieces[0].size == 1);
    CHECK(padded->pieces[1].offset == 8);
    // struct node: its key, and `next` to a struct node (the same layout: a cycle).
    const rankfold::dwarf::Layout* node = roots->pieces[1].target;
    REQUIRE(node != nullptr);
    REQUIRE(node->pieces.size() == 2);
    CHECK(node->pieces[1].kind == LayoutPiece::Kind::Pointer);
    CHECK(node->pieces[1].target == node);
    // long** points at pointers to long; union and void* pointees are untyped.
    REQUIRE(roots->pieces[3].target != nullptr);
    CHECK(roots->pieces[3].target->pieces[0].kind == LayoutPiece::Kind::Pointer);
    CHECK(roots->pieces[5].target == nullptr); // union either *
    CHECK(roots->pieces[6].target == nullptr); // void *
    // Blocks: one struct padded in 16 bytes, three in 48; 40 bytes are no multiple of it.
    CHECK(rankfold::dwarf::elementsInBlock(*padded, 16) == 1);
    CHECK(rankfold::dwarf::elementsInBlock(*padded, 48) == 3);
    CHECK(rankfold::dwarf::elementsInBlock(*padded, 40) == 0);
}
