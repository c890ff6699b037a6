// The OpenSHMEM classes of the predefined contracts (CoVer's OpenSHMEM set, written here from
// what each rule means). Two differences from CoVer's generated header, each on purpose:
// - Every element type has the rules, not only `int`.
// - What completes a nonblocking transfer (the tag shmem_complete) is what the standard says
//   completes it: shmem_quiet, shmem_barrier_all, the 1.4 shmem_barrier (quiet + barrier),
//   shmem_finalize. Not shmem_TYPE_wait_until (it waits for the caller's own memory, it
//   completes none of the caller's puts) and not shmem_sync_all (synchronisation only).
#include "properties/contracts/PredefinedContracts.hpp"

#include <fmt/format.h>

#include <initializer_list>

namespace rankfold::properties::contracts {

namespace {

// The element types of the typed RMA routines (OpenSHMEM 1.5 Table 5), by their name part.
constexpr const char* kRmaTypes[] = {
    "float",    "double", "longdouble", "char",   "schar",  "short",     "int",  "long",
    "longlong", "uchar",  "ushort",     "uint",   "ulong",  "ulonglong", "int8", "int16",
    "int32",    "int64",  "uint8",      "uint16", "uint32", "uint64",    "size", "ptrdiff"};
constexpr const char* kSizes[] = {"8", "16", "32", "64", "128"};

// Every name of one nonblocking routine family: typed ("shmem_int_put_nbi"), sized
// ("shmem_put32_nbi") and untyped ("shmem_putmem_nbi"); `verb` is "put", "get" or "put",
// `suffix` "_nbi" or "_signal_nbi".
template <class Line> std::string family(const char* verb, const char* suffix, Line line) {
    std::string s;
    for (const char* t : kRmaTypes) s += line(fmt::format("shmem_{}_{}{}", t, verb, suffix));
    for (const char* b : kSizes) s += line(fmt::format("shmem_{}{}{}", verb, b, suffix));
    s += line(fmt::format("shmem_{}mem{}", verb, suffix));
    return s;
}

std::string forbid(const std::string& function, int buffer, bool reads_too) {
    const auto no = [&](const char* access, const char* what) {
        return fmt::format("no! ({}!(*{})) until! (call_tag!(shmem_complete)) MSG \"Local Data "
                           "Race - Local {} before the transfer completed\"",
                           access, buffer, what);
    };
    std::string post = no("write", "write");
    if (reads_too) post = no("read", "read") + ", " + post;
    return fmt::format("void {}(...) CONTRACT(POST {{ {} }});\n", function, post);
}

} // namespace

std::vector<PredefinedClass> shmem_classes() {
    std::vector<PredefinedClass> out;
    // The simulated OpenSHMEM reports any call before shmem_init (usage/call-before-init) and a
    // PE that ends without shmem_finalize (usage/missing-finalize) itself.
    std::string init = "void shmem_init(void) CONTRACT(TAGS { shmem_init });\n"
                       "int shmem_init_thread(...) CONTRACT(TAGS { shmem_init });\n";
    std::string finalize = "void shmem_finalize(void) CONTRACT(TAGS { shmem_exit });\n"
                           "void shmem_global_exit(int status) CONTRACT(TAGS { shmem_exit });\n";
    for (const char* f :
         {"shmem_my_pe", "shmem_n_pes", "shmem_malloc", "shmem_free", "shmem_barrier_all",
          "shmem_quiet", "shmem_fence", "shmem_putmem", "shmem_getmem"}) {
        init += fmt::format("void {}(...) CONTRACT(PRE {{ call_tag!(shmem_init) MSG \"Missing "
                            "Initialization call\" }});\n",
                            f);
        finalize += fmt::format("void {}(...) CONTRACT(POST {{ call_tag!(shmem_exit) MSG "
                                "\"Missing Finalization call\" }});\n",
                                f);
    }
    out.push_back({"shmem-missing-init", "shmem", "usage/call-before-init", init});
    out.push_back({"shmem-missing-finalize", "shmem", "usage/missing-finalize", finalize});

    // A nonblocking put reads its source, a nonblocking get writes its destination, any time
    // until the transfer completes: the program may not write the one, nor touch the other.
    std::string race;
    for (const char* f : {"shmem_quiet", "shmem_barrier_all", "shmem_barrier", "shmem_finalize"})
        race += fmt::format("void {}(...) CONTRACT(TAGS {{ shmem_complete }});\n", f);
    race += family("put", "_nbi", [](const std::string& f) { return forbid(f, 1, false); });
    race += family("put", "_signal_nbi", [](const std::string& f) { return forbid(f, 1, false); });
    race += family("get", "_nbi", [](const std::string& f) { return forbid(f, 0, true); });
    out.push_back({"shmem-local-data-race", "shmem", "", race});

    // Teams a PE belongs to and never destroys: the runtime reports them at shmem_finalize
    // (usage/resource-leak), for the members only (a PE the split left out holds
    // SHMEM_TEAM_INVALID and owes nothing; CoVer's contract would demand a destroy of it).
    out.push_back(
        {"shmem-team-lifecycle", "shmem", "usage/resource-leak",
         "int shmem_team_split_strided(...) CONTRACT(POST { call!(shmem_team_destroy,0:*6) MSG "
         "\"Team leak\" });\n"
         "int shmem_team_split_2d(...) CONTRACT(POST { call!(shmem_team_destroy,0:*4) MSG "
         "\"Team leak\", call!(shmem_team_destroy,0:*7) MSG \"Team leak\" });\n"});

    // A context's RMA routines need the context made first (its handle is their parameter 0,
    // the one shmem_ctx_create wrote through its parameter 1); the runtime reports a context
    // never created, destroyed or SHMEM_CTX_INVALID (usage/invalid-context).
    std::string use;
    const auto needs_context = [](const std::string& f) {
        return fmt::format("void {}(...) CONTRACT(PRE {{ call!(shmem_ctx_create,1:&0) MSG "
                           "\"Context use without creation\" }});\n",
                           f);
    };
    for (const char* verb : {"put", "get"})
        for (const char* suffix : {"", "_nbi"}) {
            for (const char* b : kSizes)
                use += needs_context(fmt::format("shmem_ctx_{}{}{}", verb, b, suffix));
            use += needs_context(fmt::format("shmem_ctx_{}mem{}", verb, suffix));
        }
    out.push_back({"shmem-context-use", "shmem", "usage/invalid-context", use});
    // A context made and never destroyed: the runtime reports it at shmem_finalize
    // (usage/resource-leak).
    out.push_back({"shmem-context-lifecycle", "shmem", "usage/resource-leak",
                   "int shmem_ctx_create(...) CONTRACT(POST { call!(shmem_ctx_destroy,0:*1) MSG "
                   "\"Context leak\" });\n"});
    return out;
}

} // namespace rankfold::properties::contracts
