// MPI functions on error codes and error handlers (MPI 3.1 §8.3, §8.4, §8.5): the strings and
// classes of codes, codes the program adds, handlers it makes and calls. Local calls.
#include "simulated-mpi/interface/ErrorStrings.hpp"
#include "simulated-mpi/src/Api.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <cstring>

using namespace rankfold::mpi;

namespace {

ErrorCodeTable& error_codes() {
    return rank_gate().world().rank_state(rank_gate().current_rank()).error_codes;
}

bool predefined_code(int code) {
    return code >= MPI_SUCCESS && code <= MPI_ERR_LASTCODE;
}

} // namespace

// Callable before MPI_Init and after MPI_Finalize (MPI 3.1 §8.7): no state check.
RF_EXPORT int MPI_Error_string(int errorcode, char* string, int* resultlen) {
    const std::string* added = error_codes().text(errorcode);
    std::snprintf(string, MPI_MAX_ERROR_STRING, "%s",
                  added != nullptr ? added->c_str() : error_string(errorcode));
    *resultlen = static_cast<int>(std::strlen(string));
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Error_class(int errorcode, int* errorclass) {
    RF_MPI_ENTRY;
    if (const auto added = error_codes().class_of(errorcode)) {
        *errorclass = *added;
        return MPI_SUCCESS;
    }
    if (!predefined_code(errorcode))
        return rank_gate().local_error("MPI_Error_class", MPI_COMM_WORLD, MPI_ERR_ARG,
                                       Misuse::InvalidArgument,
                                       fmt::format("invalid error code {}", errorcode), site);
    *errorclass = errorcode;
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Add_error_class(int* errorclass) {
    RF_LOCAL_ENTRY("MPI_Add_error_class", errorclass);
    *errorclass = call.world.rank_state(call.rank).error_codes.add_class();
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Add_error_code(int errorclass, int* errorcode) {
    RF_LOCAL_ENTRY("MPI_Add_error_code", errorclass, errorcode);
    ErrorCodeTable& codes = call.world.rank_state(call.rank).error_codes;
    // A class is a predefined class or one MPI_Add_error_class made, not an added code.
    const auto added_class = codes.class_of(errorclass);
    if (!predefined_code(errorclass) && !(added_class && *added_class == errorclass))
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          fmt::format("{} is not an error class (predefined or made by "
                                      "MPI_Add_error_class)",
                                      errorclass));
    *errorcode = codes.add_code(errorclass);
    return MPI_SUCCESS;
}

// MPI 3.1 §8.5: only added codes and classes take a string; a predefined one is an error.
RF_EXPORT int MPI_Add_error_string(int errorcode, const char* string) {
    RF_LOCAL_ENTRY("MPI_Add_error_string", errorcode, string);
    ErrorCodeTable& codes = call.world.rank_state(call.rank).error_codes;
    if (!codes.added(errorcode))
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          fmt::format("error code {} was not made by MPI_Add_error_class or "
                                      "MPI_Add_error_code",
                                      errorcode));
    const std::size_t length = strnlen(string, MPI_MAX_ERROR_STRING);
    if (length >= MPI_MAX_ERROR_STRING)
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          fmt::format("the string is longer than MPI_MAX_ERROR_STRING - 1 ({})",
                                      MPI_MAX_ERROR_STRING - 1));
    codes.set_text(errorcode, std::string(string, length));
    return MPI_SUCCESS;
}

RF_EXPORT int MPI_Comm_create_errhandler(MPI_Comm_errhandler_function* comm_errhandler_fn,
                                         MPI_Errhandler* errhandler) {
    RF_LOCAL_ENTRY("MPI_Comm_create_errhandler", comm_errhandler_fn, errhandler);
    if (comm_errhandler_fn == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_ARG, Misuse::InvalidArgument,
                          "the error handler function is NULL");
    *errhandler = call.world.rank_state(call.rank).errhandlers.add(comm_errhandler_fn);
    return MPI_SUCCESS;
}

// Runs the handler `comm` carries: a handler the program made is called on the rank with the
// communicator and the code; MPI_ERRORS_RETURN does nothing; MPI_ERRORS_ARE_FATAL aborts.
RF_EXPORT int MPI_Comm_call_errhandler(MPI_Comm comm, int errorcode) {
    RF_LOCAL_ENTRY("MPI_Comm_call_errhandler", comm, errorcode);
    const CommHandle* h = call.world.comms().handle(call.rank, comm);
    if (h == nullptr)
        return call.error(MPI_COMM_WORLD, MPI_ERR_COMM, Misuse::InvalidHandle,
                          fmt::format("invalid communicator {:#x}", comm));
    const ErrhandlerTable& handlers = call.world.rank_state(call.rank).errhandlers;
    if (h->errhandler == MPI_ERRORS_ARE_FATAL) rank_gate().abort_run(errorcode, site);
    if (MPI_Comm_errhandler_function* fn = handlers.function(h->errhandler)) {
        MPI_Comm argument = comm;
        int code = errorcode;
        rankfold::snapshot::CallbackScope app(*call.section);
        fn(&argument, &code);
    }
    return MPI_SUCCESS;
}
