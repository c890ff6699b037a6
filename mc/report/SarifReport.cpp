#include "mc/report/SarifReport.hpp"

#include "mc/report/TraceOutput.hpp"
#include "mc/report/ViolationRules.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>

namespace rankfold::mc {

namespace {

using json = nlohmann::ordered_json; // members in the order of the specification's examples

// The schema GitHub's documentation names; validators and editors find the schema there.
constexpr const char* kSchemaUri = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr const char* kSourceRoot = "%SRCROOT%";

// Percent-encodes every byte but RFC 3986's unreserved characters and '/', so that any file
// name makes a valid URI reference (a ':' in the first segment of a relative path would
// otherwise read as a scheme).
std::string encode_path(const std::string& path) {
    static const char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : path) {
        const bool unreserved = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                                (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
                                c == '~';
        if (unreserved || c == '/') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    return out;
}

std::string directory_uri(const std::string& directory) {
    std::string uri = "file://" + encode_path(directory);
    if (uri.back() != '/') uri += '/'; // the specification requires it of a base URI
    return uri;
}

json message(const std::string& text) {
    return json{{"text", text}};
}

class LogWriter {
public:
    explicit LogWriter(const SarifInvocation& invocation)
        : root_(invocation.working_directory.empty()
                    ? std::filesystem::path()
                    : std::filesystem::path(invocation.working_directory).lexically_normal()) {}

    // A file below the working directory (or relative already, as debug info may name it) is
    // written relative to %SRCROOT%; any other as an absolute file URI.
    json artifact(const std::string& file) const {
        const std::filesystem::path path = std::filesystem::path(file).lexically_normal();
        if (path.is_relative())
            return json{{"uri", encode_path(path.string())}, {"uriBaseId", kSourceRoot}};
        if (!root_.empty()) {
            const std::filesystem::path relative = path.lexically_relative(root_);
            if (!relative.empty() && *relative.begin() != ".." && relative != ".")
                return json{{"uri", encode_path(relative.string())}, {"uriBaseId", kSourceRoot}};
        }
        return json{{"uri", "file://" + encode_path(path.string())}};
    }

    json location(const CodeLocation& where) const {
        json l = json::object();
        if (!where.file.empty()) {
            json physical{{"artifactLocation", artifact(where.file)}};
            if (where.line > 0) physical["region"] = json{{"startLine", where.line}};
            l["physicalLocation"] = std::move(physical);
        }
        if (!where.function.empty())
            l["logicalLocations"] =
                json::array({json{{"name", where.function}, {"kind", "function"}}});
        return l;
    }

    // The index of the rule in tool.driver.rules, adding it on first use.
    std::size_t rule_index(const std::string& id) {
        const auto at = std::find(rules_.begin(), rules_.end(), id);
        if (at != rules_.end()) return static_cast<std::size_t>(at - rules_.begin());
        rules_.push_back(id);
        return rules_.size() - 1;
    }

    json rules() const {
        json out = json::array();
        for (const std::string& id : rules_) {
            const auto text = rule_description(id);
            out.push_back(json{
                {"id", id},
                {"shortDescription", message(text ? std::string(*text) : "Rankfold finding " + id)},
                {"defaultConfiguration", json{{"level", "error"}}}});
        }
        return out;
    }

    json result(const Violation& v, const char* level) {
        const std::string id = rule_id(v);
        json r{{"ruleId", id},
               {"ruleIndex", rule_index(id)},
               {"level", level},
               {"message", message(result_text(v))}};
        // Where the violation is; a deadlock without it is shown where its first rank waits.
        std::optional<CodeLocation> primary = v.location;
        int primary_rank = v.rank;
        for (const BlockedRank& b : v.blocked) {
            if (primary || !b.location) continue;
            primary = b.location;
            primary_rank = b.rank;
        }
        if (primary) r["locations"] = json::array({location(*primary)});
        json related = json::array();
        const auto relate = [&](const CodeLocation& where, const std::string& text) {
            json l{{"id", related.size() + 1}};
            l.update(location(where));
            l["message"] = message(text);
            related.push_back(std::move(l));
        };
        for (const BlockedRank& b : v.blocked)
            if (b.location && b.rank != primary_rank) relate(*b.location, blocked_text(b));
        for (std::size_t i = 0; i < v.backtrace.size(); ++i)
            relate(v.backtrace[i],
                   fmt::format("frame #{} in {}", i,
                               v.backtrace[i].function.empty() ? "?" : v.backtrace[i].function));
        if (v.contract && v.contract->supplied_at)
            relate(*v.contract->supplied_at,
                   fmt::format("the call of {} that supplied the contract {}", v.contract->function,
                               v.contract->contract));
        if (v.race && v.race->first.location)
            relate(*v.race->first.location,
                   fmt::format("rank {}: {} (the other access of the race)", v.race->first.rank,
                               v.race->first.access));
        if (!related.empty()) r["relatedLocations"] = std::move(related);
        if (v.rank >= 0) r["properties"] = json{{"rank", v.rank}};
        if (v.contract) r["properties"]["contract"] = v.contract->contract;
        return r;
    }

    // The counterexample: one thread flow per rank, each step numbered by its place in the whole
    // execution (executionOrder, from 0 as in the trace file's story), so a viewer can interleave
    // the ranks again.
    json code_flow(const FoundViolation& found) const {
        std::map<int, json> per_rank;
        for (std::size_t i = 0; i < found.steps.size(); ++i) {
            const TraceStep& s = found.steps[i];
            json l = s.source ? location(*s.source) : json::object();
            std::string text = s.call;
            if (!s.detail.empty()) text += (text.empty() ? "" : " ") + s.detail;
            if (!text.empty()) l["message"] = message(text);
            json step{{"executionOrder", i}, {"location", std::move(l)}};
            // The explorer's choices are what makes this execution the one that fails: viewers
            // show essential steps even when they fold the rest.
            if (s.choice) step["importance"] = "essential";
            json& steps = per_rank[s.rank];
            if (steps.is_null()) steps = json::array();
            steps.push_back(std::move(step));
        }
        json threads = json::array();
        for (auto& [rank, steps] : per_rank)
            threads.push_back(json{{"id", fmt::format("rank {}", rank)},
                                   {"message", message(fmt::format("rank {}", rank))},
                                   {"locations", std::move(steps)}});
        std::string text = fmt::format("counterexample of {} steps", found.steps.size());
        if (!found.replay_command.empty()) text += "; replay it with: " + found.replay_command;
        return json{{"message", message(text)}, {"threadFlows", std::move(threads)}};
    }

private:
    static std::string blocked_text(const BlockedRank& b) {
        return fmt::format("rank {} is blocked in {}, waiting for {}", b.rank, b.call,
                           b.waiting_for);
    }

    static std::string result_text(const Violation& v) {
        if (v.kind != ViolationKind::Deadlock)
            return v.rank >= 0 ? fmt::format("rank {}: {}", v.rank, v.message) : v.message;
        std::string text = v.message;
        for (const BlockedRank& b : v.blocked) text += "; " + blocked_text(b);
        return text;
    }

    std::filesystem::path root_;
    std::vector<std::string> rules_; // ids, in the order of first use
};

json invocation_of(const RunResult& result, const SarifInvocation& inv) {
    std::string command;
    for (const std::string& word : inv.command_line)
        command += (command.empty() ? "" : " ") + shell_quote(word);
    json arguments = json::array();
    for (std::size_t i = 1; i < inv.command_line.size(); ++i)
        arguments.push_back(inv.command_line[i]);
    // Successful: the check ran to its end. Violations are results, not a failure of the tool.
    json out{{"executionSuccessful", true}, {"exitCode", inv.exit_status}};
    if (!command.empty()) out["commandLine"] = command;
    if (!arguments.empty()) out["arguments"] = std::move(arguments);
    if (!inv.working_directory.empty())
        out["workingDirectory"] = json{{"uri", directory_uri(inv.working_directory)}};
    // A bounded search says less than a complete one; a reader of the log must learn that too.
    if (result.limit)
        out["toolExecutionNotifications"] = json::array(
            {json{{"level", "warning"},
                  {"message", message(fmt::format("limit reached ({}): the search did not cover "
                                                  "every behaviour",
                                                  *result.limit))}}});
    return out;
}

} // namespace

std::string sarif_log(const RunResult& result, const SarifInvocation& inv) {
    LogWriter writer(inv);
    json results = json::array();
    for (const FoundViolation& found : result.violations) {
        json r = writer.result(found.violation, "error");
        if (!found.steps.empty()) r["codeFlows"] = json::array({writer.code_flow(found)});
        if (!found.trace_path.empty()) {
            r["properties"]["trace"] = found.trace_path;
            r["properties"]["replayCommand"] = found.replay_command;
        }
        results.push_back(std::move(r));
    }
    for (const Violation& w : result.warnings) results.push_back(writer.result(w, "warning"));

    json driver{{"name", "Rankfold"}};
    if (!inv.tool_version.empty()) driver["version"] = inv.tool_version;
    driver["rules"] = writer.rules();
    json run{{"tool", json{{"driver", std::move(driver)}}},
             {"invocations", json::array({invocation_of(result, inv)})}};
    if (!inv.working_directory.empty())
        run["originalUriBaseIds"] =
            json{{kSourceRoot, json{{"uri", directory_uri(inv.working_directory)}}}};
    run["results"] = std::move(results);
    const char* verdict = !result.violations.empty() ? "violation" : result.limit ? "limit" : "ok";
    run["properties"] = json{{"verdict", verdict}};

    const json log{{"$schema", kSchemaUri}, {"version", "2.1.0"}, {"runs", json::array({run})}};
    return log.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

bool write_sarif_report(const std::string& path, const RunResult& result,
                        const SarifInvocation& invocation, FILE* terminal_out) {
    const std::string text = sarif_log(result, invocation);
    if (path == "-") {
        std::fputs(text.c_str(), terminal_out);
        return std::fflush(terminal_out) == 0;
    }
    FILE* file = std::fopen(path.c_str(), "wb");
    bool ok = file && std::fwrite(text.data(), 1, text.size(), file) == text.size();
    // fclose reports what the buffered writes could not (a full disk).
    if (file && std::fclose(file) != 0) ok = false;
    return ok;
}

} // namespace rankfold::mc
