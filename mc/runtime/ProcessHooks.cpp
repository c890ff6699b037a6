// The libc calls rankfold-cc redirects (--wrap) in every program: exit and abort end one rank,
// a failed assert() is a violation with its message, and stdio buffering of stdout/stderr stays
// as the OutputRouter set it. Outside a rank (static constructors) they behave as usual.
#include "mc/runtime/RankRuntime.hpp"
#include "snapshot/AppContext.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <unistd.h>

using rankfold::mc::RankRuntime;
using rankfold::mc::ViolationKind;

#define RF_WRAP extern "C" __attribute__((visibility("default")))
// A standard attribute has to come before the GNU one: clang rejects [[noreturn]] after it.
#define RF_WRAP_NORETURN extern "C" [[noreturn]] __attribute__((visibility("default")))
#define RF_SITE reinterpret_cast<std::uintptr_t>(__builtin_return_address(0))

namespace {
RankRuntime* running_rank_runtime() {
    RankRuntime* s = RankRuntime::current();
    return s != nullptr && s->in_rank() ? s : nullptr;
}
} // namespace

// The linker's --wrap=NAME resolves NAME to __wrap_NAME: these names are reserved, and required.
// NOLINTBEGIN(bugprone-reserved-identifier)
RF_WRAP_NORETURN void __wrap_exit(int code) {
    if (RankRuntime* s = running_rank_runtime()) s->faults().rank_exit(code, RF_SITE);
    std::exit(code);
}

RF_WRAP_NORETURN void __wrap_quick_exit(int code) {
    if (RankRuntime* s = running_rank_runtime()) s->faults().rank_exit(code, RF_SITE);
    std::quick_exit(code);
}

RF_WRAP_NORETURN void __wrap__exit(int code) {
    if (RankRuntime* s = running_rank_runtime()) s->faults().rank_exit(code, RF_SITE);
    ::_exit(code);
}

RF_WRAP_NORETURN void __wrap__Exit(int code) {
    if (RankRuntime* s = running_rank_runtime()) s->faults().rank_exit(code, RF_SITE);
    std::_Exit(code);
}

RF_WRAP_NORETURN void __wrap_abort() {
    rankfold::snapshot::RuntimeSection section;
    if (RankRuntime* s = running_rank_runtime())
        s->faults().rank_violation(ViolationKind::Crash, "abort() called", RF_SITE);
    std::abort();
}

RF_WRAP_NORETURN void __wrap___assert_fail(const char* assertion, const char* file, unsigned line,
                                           const char* function) {
    rankfold::snapshot::RuntimeSection section;
    if (RankRuntime* s = running_rank_runtime())
        s->faults().rank_violation(ViolationKind::Assertion,
                                   fmt::format("assertion `{}' failed in {}", assertion, function),
                                   RF_SITE);
    std::fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, function, assertion);
    std::abort();
}

namespace {
bool routed(FILE* f) {
    return f == stdout || f == stderr;
}
} // namespace

RF_WRAP int __wrap_setvbuf(FILE* f, char* buf, int mode, std::size_t size) {
    return routed(f) ? 0 : setvbuf(f, buf, mode, size);
}
RF_WRAP void __wrap_setbuf(FILE* f, char* buf) {
    if (!routed(f)) setbuf(f, buf);
}
RF_WRAP void __wrap_setbuffer(FILE* f, char* buf, std::size_t size) {
    if (!routed(f)) setbuffer(f, buf, size);
}
RF_WRAP void __wrap_setlinebuf(FILE* f) {
    if (!routed(f)) setlinebuf(f);
}
// NOLINTEND(bugprone-reserved-identifier)
