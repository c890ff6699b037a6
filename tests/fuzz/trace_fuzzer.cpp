// Fuzz target for the trace file reader (mc/report/TraceFile.hpp). For any bytes:
//  - parse_trace neither throws nor crashes (an escaping exception aborts the process);
//  - a rejection comes with a non-empty error, well-formed UTF-8 (it goes into JSON reports);
//  - an acceptance clears the error, and the trace survives the writer: parsing
//    trace_to_json(t) gives t back, and writing that again gives the same text.
#include "mc/report/TraceFile.hpp"
#include "tests/fuzz/FuzzCheck.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

using rankfold::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace rankfold::mc;
    const std::string_view text(reinterpret_cast<const char*>(data), size);

    std::string error = "stale error from an earlier call";
    const auto trace = parse_trace(text, error);
    if (!trace) {
        check(!error.empty(), "a rejected trace has an error message");
        check(rankfold::fuzz::is_utf8(error), "the error message is UTF-8", error);
        return 0;
    }
    check(error.empty(), "parse_trace clears the error on success", error);

    const std::string written = trace_to_json(*trace);
    std::string reread_error;
    const auto reread = parse_trace(written, reread_error);
    check(reread.has_value(), "parse_trace accepts what trace_to_json wrote",
          reread_error + "\n--- written:\n" + written);
    check(*reread == *trace, "parse_trace(trace_to_json(t)) == t",
          "--- written:\n" + written + "--- written again:\n" + trace_to_json(*reread));
    check(trace_to_json(*reread) == written, "trace_to_json is a fixed point after one round",
          "--- first:\n" + written + "--- second:\n" + trace_to_json(*reread));
    return 0;
}
