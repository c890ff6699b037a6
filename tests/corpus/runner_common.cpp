#include "runner_common.hpp"

#include "process_runner.hpp"

#include <iostream>

namespace fs = std::filesystem;

namespace corpus {

void Tally::pass(const std::string& label) {
    passed++;
    std::cout << "PASS " << label << std::endl;
}

void Tally::fail(const std::string& label, const std::string& reason) {
    failed++;
    std::cout << "FAIL " << label << ": " << reason << std::endl;
}

int Tally::finish() const {
    std::cout << passed << " passed, " << failed << " failed" << std::endl;
    return failed ? 1 : 0;
}

std::string compile(const std::string& compiler, const Program& p, const fs::path& out) {
    fs::create_directories(out.parent_path());
    Outcome o = run_process({compiler, "-O1", "-o", out.string(), p.src.string()},
                            out.string() + ".compile");
    if (o.exit_code == 0 && !o.timed_out) return "";
    return "compiling with " + compiler + " failed (" + o.status() + ")" + tail(o);
}

std::string rankfold_compiler(const Options& opt, const Program& p) {
    return p.src.extension() == ".c" ? opt.cc : opt.cxx;
}

} // namespace corpus
