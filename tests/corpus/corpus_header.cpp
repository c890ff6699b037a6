// Parsing of corpus program headers (grammar in corpus_header.hpp).
#include "corpus_header.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace corpus {

std::string join(const Strings& words, const std::string& sep) {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : sep) + w;
    return out;
}

namespace {

std::string trim(const std::string& s) {
    auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

bool starts_with(const std::string& s, const std::string& prefix) {
    return s.rfind(prefix, 0) == 0;
}

bool is_number(const std::string& s) {
    return !s.empty() && s.size() < 6 && s.find_first_not_of("0123456789") == std::string::npos;
}

// The text of a header comment line without its "/*", " * " or "*/" decoration.
std::string comment_body(const std::string& line) {
    std::string body = trim(line);
    if (starts_with(body, "/*"))
        body = body.substr(2);
    else if (starts_with(body, "*") && !starts_with(body, "*/"))
        body = body.substr(1);
    if (body.size() >= 2 && body.compare(body.size() - 2, 2, "*/") == 0)
        body.resize(body.size() - 2);
    return trim(body);
}

} // namespace

std::string parse_run(const std::string& text, RunLine& run) {
    auto arrow = text.rfind("=>");
    if (arrow == std::string::npos) return "RUN line without `=> <verdict>`";
    std::istringstream expected(text.substr(arrow + 2));
    expected >> run.verdict;
    const auto colon = run.verdict.find(':');
    const bool with_subkind = colon != std::string::npos && colon + 1 < run.verdict.size() &&
                              kKindsWithSubkind.contains(run.verdict.substr(0, colon));
    if (!kVerdicts.contains(run.verdict) && !with_subkind)
        return "unknown verdict '" + run.verdict +
               "' (expected one of: " + join(Strings(kVerdicts.begin(), kVerdicts.end()), ", ") +
               ")";
    // Exact stats after the verdict: `executions=6 states=13`.
    for (std::string w; expected >> w;) {
        auto eq = w.find('=');
        std::string key = w.substr(0, eq);
        std::string value = eq == std::string::npos ? "" : w.substr(eq + 1);
        if (eq == std::string::npos || !kStatKeys.contains(key))
            return "unexpected '" + w + "' after the verdict (expected <stat>=<count> with " +
                   "<stat> one of: " + join(Strings(kStatKeys.begin(), kStatKeys.end()), ", ") +
                   ")";
        if (value.empty() || value.size() > 18 ||
            value.find_first_not_of("0123456789") != std::string::npos)
            return "'" + w + "': the count must be a non-negative integer";
        if (!run.stats.emplace(key, std::stoull(value)).second)
            return "'" + key + "' is pinned twice";
    }
    std::istringstream in(text.substr(0, arrow));
    Strings words;
    for (std::string w; in >> w;) words.push_back(w);
    auto dashdash = std::find(words.begin(), words.end(), "--");
    run.options.assign(words.begin(), dashdash);
    if (dashdash != words.end()) run.args.assign(dashdash + 1, words.end());

    // Check the options we know; pass others through, so new rankfold-run options need no
    // runner change (a bare word is accepted only as the value of an unknown option).
    bool after_unknown = false;
    for (size_t i = 0; i < run.options.size(); i++) {
        const std::string& o = run.options[i];
        const std::string* value = i + 1 < run.options.size() ? &run.options[i + 1] : nullptr;
        bool was_after_unknown = after_unknown;
        after_unknown = false;
        if (o == "-np" || o == "-n") {
            if (!value || !is_number(*value) || std::stoi(*value) < 1)
                return o + " needs a positive rank count";
            run.np = std::stoi(*value);
            i++;
        } else if (o == "--buffering") {
            if (!value || (*value != "zero" && *value != "infinite" && *value != "both"))
                return "--buffering takes zero, infinite or both";
            i++;
        } else if (o == "--json" || o == "--trace-file" || o == "--replay") {
            return o + " is chosen by the runner, not the header";
        } else if (starts_with(o, "-")) {
            after_unknown = true;
        } else if (!was_after_unknown) {
            return "unexpected '" + o + "' among the options (program arguments go after `--`)";
        }
    }
    if (run.np == 0) return "RUN line without -np N";
    return "";
}

std::string RunLine::text() const {
    std::string s = join(options);
    if (!args.empty()) s += " -- " + join(args);
    s += " => " + verdict;
    for (const auto& [key, value] : stats) s += " " + key + "=" + std::to_string(value);
    return s;
}

bool Program::all_ok() const {
    return std::all_of(runs.begin(), runs.end(),
                       [](const RunLine& r) { return r.verdict == "ok"; });
}

Program parse_program(const fs::path& src, std::string name) {
    Program p;
    p.src = src;
    p.name = std::move(name);
    auto fail = [&](int line, const std::string& msg) {
        if (p.error.empty()) p.error = src.string() + ":" + std::to_string(line) + ": " + msg;
    };
    std::ifstream in(src);
    if (!in) {
        fail(0, "cannot read the file");
        return p;
    }
    std::string line;
    bool in_header = false;
    for (int n = 1; std::getline(in, line); n++) {
        if (line.find("/* ERROR */") != std::string::npos) p.error_lines.insert(n);
        if (n == 1) {
            in_header = starts_with(trim(line), "/*");
            if (!in_header) fail(1, "the file must start with its header comment");
        }
        if (!in_header) {
            if (line.find("RANKFOLD-RUN:") != std::string::npos)
                fail(n, "RANKFOLD-RUN outside the header comment");
            continue;
        }
        std::string body = comment_body(line);
        if (starts_with(body, "RANKFOLD-RUN:")) {
            RunLine run;
            run.line = n;
            std::string problem = parse_run(body.substr(13), run);
            // `%S` in an option is the program's folder (contract files next to it).
            for (std::string& o : run.options)
                for (std::size_t at; (at = o.find("%S")) != std::string::npos;)
                    o.replace(at, 2, src.parent_path().string());
            if (!problem.empty())
                fail(n, problem);
            else
                p.runs.push_back(run);
        } else if (starts_with(body, "RANKFOLD-CFLAGS:")) {
            std::istringstream words(body.substr(16));
            for (std::string w; words >> w;) p.cflags.push_back(w);
        } else if (starts_with(body, "RANKFOLD-NO-DIFF:")) {
            p.no_diff = trim(body.substr(17));
            if (p.no_diff->empty()) fail(n, "RANKFOLD-NO-DIFF needs a reason");
        } else if (starts_with(body, "RANKFOLD-EXPECTED-OUTPUT:")) {
            std::string file = trim(body.substr(25));
            for (std::size_t at; (at = file.find("%S")) != std::string::npos;)
                file.replace(at, 2, src.parent_path().string());
            if (file.empty()) fail(n, "RANKFOLD-EXPECTED-OUTPUT needs a file");
            p.expected_output = file;
        } else if (auto at = body.find("RANKFOLD-"); at != std::string::npos) {
            std::string word = body.substr(at, body.find_first_of(" \t", at) - at);
            if (word == "RANKFOLD-RUN:" || word == "RANKFOLD-NO-DIFF:" ||
                word == "RANKFOLD-CFLAGS:" || word == "RANKFOLD-EXPECTED-OUTPUT:")
                fail(n, word + " must begin its own header line");
            else
                fail(n, "unknown directive '" + word +
                            "' (RANKFOLD-RUN:, RANKFOLD-CFLAGS:, RANKFOLD-NO-DIFF: or "
                            "RANKFOLD-EXPECTED-OUTPUT:)");
        }
        if (line.find("*/") != std::string::npos) in_header = false;
    }
    if (p.runs.empty()) fail(1, "no RANKFOLD-RUN line in the header comment");
    return p;
}

std::vector<Program> collect_programs(const Strings& paths, std::string& error) {
    auto is_source = [](const fs::path& f) {
        auto ext = f.extension();
        return ext == ".c" || ext == ".cpp" || ext == ".cc";
    };
    auto name_of = [](const fs::path& file, const fs::path& base) {
        return (base.filename() / fs::relative(file, base)).replace_extension().generic_string();
    };
    std::vector<Program> programs;
    for (const auto& arg : paths) {
        fs::path path = fs::absolute(arg).lexically_normal();
        if (path.filename().empty()) path = path.parent_path(); // "dir/" names the directory
        std::error_code ec;
        if (fs::is_directory(path, ec)) {
            std::vector<fs::path> files;
            for (const auto& e : fs::recursive_directory_iterator(path))
                if (e.is_regular_file() && is_source(e.path())) files.push_back(e.path());
            std::sort(files.begin(), files.end());
            for (const auto& f : files) programs.push_back(parse_program(f, name_of(f, path)));
        } else if (fs::is_regular_file(path, ec)) {
            programs.push_back(parse_program(path, name_of(path, path.parent_path())));
        } else {
            error = "no such file or directory: " + arg;
            return {};
        }
    }
    return programs;
}

} // namespace corpus
