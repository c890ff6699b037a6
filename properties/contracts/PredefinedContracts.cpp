#include "properties/contracts/PredefinedContracts.hpp"

#include "properties/contracts/ContractParser.hpp"

#include <fmt/format.h>

#include <string>
#include <utility>

namespace rankfold::properties::contracts {

namespace {

// Nonblocking calls whose arguments Rankfold decodes, and the parameter of their request.
constexpr std::pair<const char*, int> kRequestMakers[] = {
    {"MPI_Isend", 6},           {"MPI_Ibsend", 6},
    {"MPI_Issend", 6},          {"MPI_Irsend", 6},
    {"MPI_Irecv", 6},           {"MPI_Ibarrier", 1},
    {"MPI_Ibcast", 5},          {"MPI_Ireduce", 7},
    {"MPI_Iallreduce", 6},      {"MPI_Iscan", 6},
    {"MPI_Iexscan", 6},         {"MPI_Igather", 8},
    {"MPI_Iscatter", 8},        {"MPI_Iallgather", 7},
    {"MPI_Ialltoall", 7},       {"MPI_Igatherv", 9},
    {"MPI_Iscatterv", 9},       {"MPI_Iallgatherv", 8},
    {"MPI_Ialltoallv", 9},      {"MPI_Ialltoallw", 9},
    {"MPI_Ireduce_scatter", 6}, {"MPI_Ireduce_scatter_block", 6}};
// Functions the missing init/finalize classes are written for: those that reach the checker as
// calls (the simulated MPI decides locally on the rest, and its usage check covers them all).
constexpr const char* kCommunication[] = {
    "MPI_Send",      "MPI_Bsend",   "MPI_Ssend",    "MPI_Rsend",     "MPI_Recv",     "MPI_Isend",
    "MPI_Ibsend",    "MPI_Issend",  "MPI_Irsend",   "MPI_Irecv",     "MPI_Sendrecv", "MPI_Probe",
    "MPI_Iprobe",    "MPI_Wait",    "MPI_Waitall",  "MPI_Waitany",   "MPI_Waitsome", "MPI_Test",
    "MPI_Testall",   "MPI_Testany", "MPI_Testsome", "MPI_Barrier",   "MPI_Bcast",    "MPI_Reduce",
    "MPI_Allreduce", "MPI_Gather",  "MPI_Scatter",  "MPI_Allgather", "MPI_Alltoall", "MPI_Comm_dup",
    "MPI_Comm_split"};
// Type constructors and the parameter of their new type (local calls: the simulated MPI
// reports their arguments itself).
constexpr std::pair<const char*, int> kTypeMakers[] = {{"MPI_Type_contiguous", 2},
                                                       {"MPI_Type_vector", 4},
                                                       {"MPI_Type_create_hvector", 4},
                                                       {"MPI_Type_hvector", 4},
                                                       {"MPI_Type_indexed", 4},
                                                       {"MPI_Type_create_hindexed", 4},
                                                       {"MPI_Type_hindexed", 4},
                                                       {"MPI_Type_create_indexed_block", 4},
                                                       {"MPI_Type_create_hindexed_block", 4},
                                                       {"MPI_Type_create_struct", 4},
                                                       {"MPI_Type_struct", 4},
                                                       {"MPI_Type_create_resized", 3},
                                                       {"MPI_Type_create_subarray", 6},
                                                       {"MPI_Type_dup", 1}};
// Communicator constructors and the parameter of their new communicator.
constexpr std::pair<const char*, int> kCommMakers[] = {
    {"MPI_Comm_dup", 1},        {"MPI_Comm_split", 3},  {"MPI_Comm_create", 2},
    {"MPI_Comm_split_type", 4}, {"MPI_Cart_create", 5}, {"MPI_Cart_sub", 2}};

// One-sided operations: a buffer parameter, whether the operation writes it (the program may
// then neither read nor write it) or only reads it (the program may not write it), and the
// window parameter; until a synchronisation completes the operation (CoVer's rma_complete).
// A request-based operation (MPI_Rput, MPI_Rget) is also complete locally once its request is
// (MPI 3.1 §11.3.5): `request` is that parameter (-1: none).
struct RmaBuffer {
    const char* function;
    int buffer;
    bool written;
    int window;
    int request = -1;
};
constexpr RmaBuffer kRmaBuffers[] = {{"MPI_Put", 0, false, 7},
                                     {"MPI_Rput", 0, false, 7, 8},
                                     {"MPI_Get", 0, true, 7},
                                     {"MPI_Rget", 0, true, 7, 8},
                                     {"MPI_Accumulate", 0, false, 8},
                                     {"MPI_Get_accumulate", 0, false, 11},
                                     {"MPI_Get_accumulate", 3, true, 11},
                                     {"MPI_Fetch_and_op", 0, false, 6},
                                     {"MPI_Fetch_and_op", 1, true, 6},
                                     {"MPI_Compare_and_swap", 0, false, 6},
                                     {"MPI_Compare_and_swap", 1, false, 6},
                                     {"MPI_Compare_and_swap", 2, true, 6}};
// The synchronisation calls that complete a window's operations, and their window parameter.
constexpr std::pair<const char*, int> kRmaCompletions[] = {
    {"MPI_Win_fence", 1},           {"MPI_Win_unlock", 1},    {"MPI_Win_unlock_all", 0},
    {"MPI_Win_flush", 1},           {"MPI_Win_flush_all", 0}, {"MPI_Win_flush_local", 1},
    {"MPI_Win_flush_local_all", 0}, {"MPI_Win_complete", 0}};

// The one-sided operations and their window parameter (CoVer's epoch class).
constexpr std::pair<const char*, int> kRmaWindowParam[] = {
    {"MPI_Put", 7},          {"MPI_Get", 7},
    {"MPI_Accumulate", 8},   {"MPI_Get_accumulate", 11},
    {"MPI_Fetch_and_op", 6}, {"MPI_Compare_and_swap", 6}};

std::string rma_local_race(const RmaBuffer& b) {
    const auto forbid = [&](const char* access, const char* what) {
        const auto until = [&](const std::string& completion) {
            return fmt::format("no! ({}!(*{})) until! ({})", access, b.buffer, completion);
        };
        std::string rule = until(fmt::format("call_tag!(rma_complete,$:{})", b.window));
        if (b.request >= 0)
            rule = fmt::format("({} | {} | {})", rule,
                               until(fmt::format("call_tag!(req_complete,$:{})", b.request)),
                               until("call_tag!(req_complete_noidx)"));
        return fmt::format("{} MSG \"Local Data Race - Local {}\"", rule, what);
    };
    std::string post = forbid("write", "write");
    if (b.written) post = forbid("read", "read") + ", " + post;
    return fmt::format("int {}(...) CONTRACT(POST {{ {} }});\n", b.function, post);
}

template <class Names, class Line> std::string each(const Names& names, Line line) {
    std::string s;
    for (const auto& n : names) s += line(n);
    return s;
}

std::vector<PredefinedClass> make_classes() {
    std::vector<PredefinedClass> out;
    out.push_back(
        {"request-completion-tags", "mpi", "",
         "int MPI_Wait(MPI_Request* request, MPI_Status* status) CONTRACT(TAGS { req_complete(0) "
         "});\n"
         "int MPI_Request_free(MPI_Request* request) CONTRACT(TAGS { req_complete(0) });\n"
         // What a test completed (the test itself is seen before its outcome is known).
         "void rankfold_request_completed(MPI_Request* request) CONTRACT(TAGS { req_complete(0) "
         "});\n" +
             each(std::initializer_list<const char*>{"MPI_Waitall", "MPI_Waitany", "MPI_Waitsome"},
                  [](const char* f) {
                      return fmt::format("int {}(...) CONTRACT(TAGS {{ req_complete_noidx }});\n",
                                         f);
                  })});
    out.push_back({"double-request-use", "mpi", "",
                   each(kRequestMakers, [](const std::pair<const char*, int>& m) {
                       return fmt::format(
                           "int {0}(...) CONTRACT(\n"
                           "  POST {{ (no! (call_tag!(request_gen,$:{1})) until! "
                           "(call_tag!(req_complete,$:{1}))\n"
                           "        | no! (call_tag!(request_gen,$:{1})) until! "
                           "(call_tag!(req_complete_noidx))) MSG \"Double Request Use\" }}\n"
                           "  TAGS {{ request_gen({1}) }});\n",
                           m.first, m.second);
                   })});
    out.push_back({"missing-init", "mpi", "usage/call-before-init",
                   "int MPI_Init(int* argc, char*** argv) CONTRACT(TAGS { mpi_init });\n"
                   "int MPI_Init_thread(...) CONTRACT(TAGS { mpi_init });\n" +
                       each(kCommunication, [](const char* f) {
                           return fmt::format("int {}(...) CONTRACT(PRE {{ call_tag!(mpi_init) "
                                              "MSG \"Missing Initialization call\" }});\n",
                                              f);
                       })});
    out.push_back({"missing-finalize", "mpi", "usage/missing-finalize",
                   "int MPI_Finalize(void) CONTRACT(TAGS { mpi_exit });\n"
                   "int MPI_Abort(MPI_Comm comm, int code) CONTRACT(TAGS { mpi_exit });\n" +
                       each(kCommunication, [](const char* f) {
                           return fmt::format("int {}(...) CONTRACT(POST {{ call_tag!(mpi_exit) "
                                              "MSG \"Missing Finalization call\" }});\n",
                                              f);
                       })});
    out.push_back({"request-leak", "mpi", "usage/request-leak",
                   each(kRequestMakers, [](const std::pair<const char*, int>& m) {
                       return fmt::format(
                           "int {0}(...) CONTRACT(POST {{ (call_tag!(req_complete,$:{1}) "
                           "| call_tag!(req_complete_noidx)) MSG \"Request Leak\" "
                           "}});\n",
                           m.first, m.second);
                   })});
    // Waiting on MPI_REQUEST_NULL is correct MPI; waiting on something that is not a request
    // is what usage/invalid-handle reports.
    out.push_back({"unmatched-wait", "mpi", "usage/invalid-handle",
                   "int MPI_Wait(MPI_Request* request, MPI_Status* status) CONTRACT(\n"
                   "  PRE { call_tag!(request_gen,$:0) MSG \"Unmatched Wait\" });\n"});
    out.push_back({"datatype-commit", "mpi", "usage/uncommitted-datatype",
                   "int MPI_Send(...) CONTRACT(TAGS { type_use(2) });\n"
                   "int MPI_Isend(...) CONTRACT(TAGS { type_use(2) });\n" +
                       each(kTypeMakers, [](const std::pair<const char*, int>& m) {
                           return fmt::format(
                               "int {0}(...) CONTRACT(POST {{ no! (call_tag!(type_use,$:*{1})) "
                               "until! (call!(MPI_Type_commit,0:{1})) MSG \"Type not "
                               "committed before use\" }});\n",
                               m.first, m.second);
                       })});
    out.push_back(
        {"datatype-lifecycle", "mpi", "usage/resource-leak",
         each(kTypeMakers, [](const std::pair<const char*, int>& m) {
             return fmt::format(
                 "int {0}(...) CONTRACT(\n"
                 "  POST {{ no! (call!(MPI_Finalize)) until! (call!(MPI_Type_free,0:{1})) MSG "
                 "\"Data type leak, free function not called\",\n"
                 "         no! (call_tag!(type_gen,$:{1})) until! (call!(MPI_Type_free,0:{1})) "
                 "MSG \"Data type leak, type handle lost\" }}\n"
                 "  TAGS {{ type_gen({1}) }});\n",
                 m.first, m.second);
         })});
    out.push_back({"communicator-lifecycle", "mpi", "usage/resource-leak",
                   each(kCommMakers, [](const std::pair<const char*, int>& m) {
                       return fmt::format("int {0}(...) CONTRACT(POST {{ no! (call!(MPI_Finalize)) "
                                          "until! (call!(MPI_Comm_free,0:{1})) MSG \"Communicator "
                                          "leak, free function not called\" }});\n",
                                          m.first, m.second);
                   })});
    // Buffers a one-sided operation writes (a Get's, a fetch's result) are pending buffers of
    // the race monitor, which reports their early use as race:local-buffer; buffers it only
    // reads (a Put's origin) are the contract monitor's.
    std::string reads, writes;
    for (const RmaBuffer& b : kRmaBuffers) (b.written ? writes : reads) += rma_local_race(b);
    out.push_back({"rma-local-data-race", "mpi", "",
                   each(kRmaCompletions, [](const std::pair<const char*, int>& c) {
                       return fmt::format("int {}(...) CONTRACT(TAGS {{ rma_complete({}) }});\n",
                                          c.first, c.second);
                   }) + reads});
    out.push_back({"rma-local-data-race-result", "mpi", "race/local-buffer", writes});
    // An operation needs exactly one kind of epoch open on its window: none is
    // usage:rma-outside-epoch, a mixture usage:rma-sync-mix (both from the window's checks).
    out.push_back(
        {"rma-epoch", "mpi", "usage/rma-outside-epoch",
         "int MPI_Win_fence(int assert, MPI_Win win) CONTRACT(TAGS { epoch_fence_create(1) });\n"
         "int MPI_Win_lock(int type, int rank, int assert, MPI_Win win) CONTRACT(TAGS { "
         "epoch_lock_create(3) });\n"
         "int MPI_Win_lock_all(int assert, MPI_Win win) CONTRACT(TAGS { epoch_lock_create(1) "
         "});\n"
         "int MPI_Win_start(MPI_Group group, int assert, MPI_Win win) CONTRACT(TAGS { "
         "epoch_pscw_create(2) });\n" +
             each(kRmaWindowParam, [](const std::pair<const char*, int>& op) {
                 return fmt::format(
                     "int {0}(...) CONTRACT(PRE {{ (call_tag!(epoch_fence_create,$:{1}) MSG \"No "
                     "fence epoch\" ^ call_tag!(epoch_lock_create,$:{1}) MSG \"No lock epoch\" ^ "
                     "call_tag!(epoch_pscw_create,$:{1}) MSG \"No PSCW epoch\") MSG \"Mixed sync "
                     "or missing epoch\" }});\n",
                     op.first, op.second);
             })});
    for (PredefinedClass& c : shmem_classes()) out.push_back(std::move(c));
    return out;
}

} // namespace

const std::vector<PredefinedClass>& predefined_classes() {
    static const std::vector<PredefinedClass> classes = make_classes();
    return classes;
}

bool add_predefined(ContractSet& set, PredefinedSets which, std::string& error) {
    for (const PredefinedClass& c : predefined_classes()) {
        const bool wanted = which == PredefinedSets::All ||
                            (which == PredefinedSets::Mpi && c.library == "mpi") ||
                            (which == PredefinedSets::Shmem && c.library == "shmem");
        if (!wanted) continue;
        auto declarations = parse_contracts(c.text, "<predefined " + c.name + ">", error);
        if (!declarations) return false;
        set.add(*declarations, c.covered_by);
    }
    return true;
}

} // namespace rankfold::properties::contracts
