#include "runner_common.hpp"

#include "process_runner.hpp"

#include <fstream>
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
    Strings command = {compiler, "-O1"};
    command.insert(command.end(), p.cflags.begin(), p.cflags.end());
    command.insert(command.end(), {"-o", out.string(), p.src.string()});
    Outcome o = run_process(command, out.string() + ".compile");
    if (o.exit_code == 0 && !o.timed_out) return "";
    return "compiling with " + compiler + " failed (" + o.status() + ")" + tail(o);
}

std::string rankfold_compiler(const Options& opt, const Program& p) {
    return p.src.extension() == ".c" ? opt.cc : opt.cxx;
}

std::string run_label(const Program& p, size_t k) {
    return p.name + " [run " + std::to_string(k + 1) + "]";
}

Outcome run_rankfold(const Options& opt, const RunLine& r, const fs::path& bin,
                     const Strings& extra, const fs::path& json, const std::string& base,
                     int timeout) {
    fs::remove(json); // a stale report must not pass for a new one
    Strings cmd = {opt.run};
    cmd.insert(cmd.end(), extra.begin(), extra.end());
    cmd.insert(cmd.end(), {"--json", json.string()});
    cmd.insert(cmd.end(), r.options.begin(), r.options.end());
    cmd.push_back(bin.string());
    cmd.insert(cmd.end(), r.args.begin(), r.args.end());
    return run_process(cmd, base, timeout);
}

std::string load_report(const Outcome& o, const fs::path& json, nlohmann::json& report,
                        const std::string& what) {
    if (o.timed_out) return "rankfold-run timed out after " + std::to_string(g_timeout) + " s";
    if (o.signal) return "rankfold-run " + o.status();
    std::ifstream in(json);
    if (!in) return "no " + what + " at " + json.string() + " (" + o.status() + ")";
    try {
        report = nlohmann::json::parse(in);
        return "";
    } catch (const nlohmann::json::exception& e) {
        return "malformed " + what + " " + json.string() + ": " + e.what();
    }
}

} // namespace corpus
