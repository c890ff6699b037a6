#include "mc/report/TraceFile.hpp"

#include "mc/report/JsonLayoutReader.hpp"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <set>

namespace rankfold::mc {
namespace {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json; // keeps the documented key order when writing

// ---- writing ----------------------------------------------------------------------------------

// `replace` instead of the default `strict`: a program argument need not be UTF-8, and writing
// a trace must not throw just as a violation is being reported.
std::string compact(const ordered_json& v) {
    return v.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
}

// An object or array of scalars on one line, with a space after ':' and ',' for readability.
std::string one_line(const ordered_json& v) {
    if (v.empty()) return compact(v);
    std::string out = v.is_object() ? "{" : "[";
    const char* sep = "";
    for (auto it = v.begin(); it != v.end(); ++it, sep = ", ") {
        out += sep;
        if (v.is_object()) out += compact(it.key()) + ": ";
        out += compact(*it);
    }
    return out + (v.is_object() ? "}" : "]");
}

// An array of objects, one element per line.
std::string lines(const std::vector<ordered_json>& items) {
    if (items.empty()) return "[]";
    std::string out = "[\n";
    for (std::size_t i = 0; i < items.size(); ++i)
        out += "    " + one_line(items[i]) + (i + 1 < items.size() ? ",\n" : "\n");
    return out + "  ]";
}

// ---- reading ----------------------------------------------------------------------------------

// nlohmann's messages quote the input they stopped at, which may be any bytes; keep them ASCII
// so the error can go to a terminal or into a JSON report.
std::string ascii(std::string_view s) {
    static const char kHex[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : s) {
        if (c >= 0x20 && c < 0x7f) {
            out += static_cast<char>(c);
        } else {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    return out;
}

// "[json.exception.parse_error.101] parse error at line 4, column 7: syntax error ..." becomes
// "line 4, column 7: syntax error ...".
std::string parse_failure(const char* what) {
    std::string_view m = what;
    if (auto at = m.find("at line "); at != std::string_view::npos)
        m.remove_prefix(at + 3);
    else if (m.starts_with("[json.exception.") && m.find("] ") != std::string_view::npos)
        m.remove_prefix(m.find("] ") + 2);
    // The parser quotes the whole offending token ("last read: '...'"), which may be megabytes.
    constexpr std::size_t kLimit = 200;
    if (m.size() > kLimit) return ascii(m.substr(0, kLimit)) + "...";
    return ascii(m);
}

bool read_violation(JsonLayoutReader& r, const json& v, Trace& t) {
    const std::string where = "violation";
    if (!r.object(v, where, {"kind", "rank", "message"})) return false;
    if (const auto* k = r.find(v, "kind");
        k && !r.string(*k, JsonLayoutReader::member(where, "kind"), t.violation_kind))
        return false;
    // -1: a violation that belongs to no one rank (a deadlock involves them all).
    if (const auto* k = r.find(v, "rank");
        k &&
        !r.integer(*k, JsonLayoutReader::member(where, "rank"), t.violation_rank, -1, t.ranks - 1))
        return false;
    if (const auto* k = r.find(v, "message");
        k && !r.string(*k, JsonLayoutReader::member(where, "message"), t.violation_message))
        return false;
    return true;
}

bool read_transition(JsonLayoutReader& r, const json& v, const std::string& where, const Trace& t,
                     Transition& out) {
    if (!r.object(v, where, {"kind", "rank", "object", "outcome"})) return false;
    const json* kind = r.required(v, where, "kind");
    if (!kind) return false;
    const json* rank = r.required(v, where, "rank");
    if (!rank) return false;
    const json* object = r.required(v, where, "object");
    if (!object) return false;
    const json* outcome = r.required(v, where, "outcome");
    if (!outcome) return false;

    std::string name;
    const std::string kind_at = JsonLayoutReader::member(where, "kind");
    if (!r.string(*kind, kind_at, name)) return false;
    if (!parse_kind(name, out.kind))
        return r.fail(kind_at, "unknown transition kind " + error_quote(name));
    // The search offers this choice only under --buffering both; replaying it elsewhere would
    // diverge at the send with a far less helpful message.
    if (out.kind == TransitionKind::SendBuffering && t.buffering != "both")
        return r.fail(kind_at, "send-buffering needs buffering \"both\", the trace has " +
                                   error_quote(t.buffering));
    if (!r.integer(*rank, JsonLayoutReader::member(where, "rank"), out.rank, 0, t.ranks - 1))
        return false;
    // -1 means "the rank's current call"; anything else is a request slot — or, for a
    // remote landing, its window, below -1 for an OpenSHMEM context's puts (-1 - context).
    const int lowest = out.kind == TransitionKind::RemoteLanding ? INT_MIN : -1;
    if (!r.integer(*object, JsonLayoutReader::member(where, "object"), out.object, lowest, INT_MAX))
        return false;

    // The outcome's range depends on the kind (Transition.hpp); CompletionPick's bit set may use
    // every bit, so any int is accepted there.
    const std::string outcome_at = JsonLayoutReader::member(where, "outcome");
    switch (out.kind) {
    case TransitionKind::WildcardMatch:
    case TransitionKind::ProbeReport: // the sender
        return r.integer(*outcome, outcome_at, out.outcome, 0, t.ranks - 1);
    case TransitionKind::TestOutcome:
        return r.integer(*outcome, outcome_at, out.outcome, 0, INT_MAX);
    case TransitionKind::SendBuffering:
        return r.integer(*outcome, outcome_at, out.outcome, 0, 1);
    case TransitionKind::LockGrant:
        return r.integer(*outcome, outcome_at, out.outcome, 0, 2 * t.ranks + 1);
    case TransitionKind::RemoteLanding: // the target
    case TransitionKind::CancelOutcome: // the rank whose queue holds the operation
        return r.integer(*outcome, outcome_at, out.outcome, 0, t.ranks - 1);
    case TransitionKind::LandingDeferred:
        return r.integer(*outcome, outcome_at, out.outcome, 0, 0);
    case TransitionKind::CompletionPick:
        break;
    }
    return r.integer(*outcome, outcome_at, out.outcome);
}

bool read_step(JsonLayoutReader& r, const json& v, const std::string& where, const Trace& t,
               TraceStep& out) {
    if (!r.object(v, where,
                  {"rank", "call", "detail", "location", "choice", "collective", "cycle_start",
                   "sent", "message"}))
        return false;
    const json* rank = r.required(v, where, "rank");
    if (!rank) return false;
    const json* call = r.required(v, where, "call");
    if (!call) return false;
    if (!r.integer(*rank, JsonLayoutReader::member(where, "rank"), out.rank, 0, t.ranks - 1))
        return false;
    if (!r.string(*call, JsonLayoutReader::member(where, "call"), out.call)) return false;
    if (const auto* d = r.find(v, "detail");
        d && !r.string(*d, JsonLayoutReader::member(where, "detail"), out.detail))
        return false;
    if (const auto* l = r.find(v, "location");
        l && !r.string(*l, JsonLayoutReader::member(where, "location"), out.location))
        return false;
    // What the report's diagram draws; absent in traces of older versions.
    if (const auto* c = r.find(v, "choice");
        c && !r.boolean(*c, JsonLayoutReader::member(where, "choice"), out.choice))
        return false;
    if (const auto* c = r.find(v, "cycle_start");
        c && !r.boolean(*c, JsonLayoutReader::member(where, "cycle_start"), out.cycle_start))
        return false;
    if (const auto* c = r.find(v, "collective");
        c && !r.boolean(*c, JsonLayoutReader::member(where, "collective"), out.collective))
        return false;
    if (const auto* m = r.find(v, "message");
        m && !r.id(*m, JsonLayoutReader::member(where, "message"), out.message))
        return false;
    if (const auto* p = r.find(v, "sent")) {
        const std::string at = JsonLayoutReader::member(where, "sent");
        if (!r.array(*p, at)) return false;
        out.sent.resize(p->size());
        for (std::size_t i = 0; i < p->size(); ++i) {
            const std::string item = JsonLayoutReader::element(at, i);
            const json& m = (*p)[i];
            if (!r.object(m, item, {"id", "to"})) return false;
            const json* id = r.required(m, item, "id");
            const json* to = r.required(m, item, "to");
            if (!id || !to || !r.id(*id, JsonLayoutReader::member(item, "id"), out.sent[i].id) ||
                !r.integer(*to, JsonLayoutReader::member(item, "to"), out.sent[i].to, 0,
                           t.ranks - 1))
                return false;
        }
    }
    return true;
}

bool read_trace(JsonLayoutReader& r, const json& doc, Trace& t) {
    if (!doc.is_object())
        return r.fail("", std::string("expected an object, got ") + doc.type_name());
    // The version first: a newer file may have other keys, and "unsupported version" is the
    // message that tells the user what to do.
    const json* version = r.required(doc, "", "rankfold_trace");
    if (!version || !r.integer(*version, "rankfold_trace", t.version)) return false;
    if (t.version != kTraceVersion)
        return r.fail("rankfold_trace", "unsupported version " + std::to_string(t.version) +
                                            " (this build reads version " +
                                            std::to_string(kTraceVersion) + ")");
    if (!r.object(doc, "",
                  {"rankfold_trace", "program", "arguments", "ranks", "buffering", "violation",
                   "property", "transitions", "cycle_start", "story"}))
        return false;

    const json* ranks = r.required(doc, "", "ranks");
    if (!ranks || !r.integer(*ranks, "ranks", t.ranks)) return false;
    if (t.ranks < 1) return r.fail("ranks", "must be at least 1, got " + std::to_string(t.ranks));
    if (const auto* p = r.find(doc, "program"); p && !r.string(*p, "program", t.program))
        return false;
    if (const auto* a = r.find(doc, "arguments")) {
        if (!r.array(*a, "arguments")) return false;
        t.arguments.resize(a->size());
        for (std::size_t i = 0; i < a->size(); ++i)
            if (!r.string((*a)[i], JsonLayoutReader::element("arguments", i), t.arguments[i]))
                return false;
    }
    if (const auto* b = r.find(doc, "buffering")) {
        if (!r.string(*b, "buffering", t.buffering)) return false;
        if (t.buffering != "zero" && t.buffering != "infinite" && t.buffering != "both")
            return r.fail("buffering", error_quote(t.buffering) +
                                           R"( is not one of "zero", "infinite", "both")");
    }
    if (const auto* v = r.find(doc, "violation"); v && !read_violation(r, *v, t)) return false;
    if (const auto* p = r.find(doc, "property"); p && !r.string(*p, "property", t.property))
        return false;

    const json* transitions = r.required(doc, "", "transitions");
    if (!transitions || !r.array(*transitions, "transitions")) return false;
    t.transitions.resize(transitions->size());
    for (std::size_t i = 0; i < transitions->size(); ++i)
        if (!read_transition(r, (*transitions)[i], JsonLayoutReader::element("transitions", i), t,
                             t.transitions[i]))
            return false;
    if (const auto* c = r.find(doc, "cycle_start");
        c &&
        !r.integer(*c, "cycle_start", t.cycle_start, 0, static_cast<int>(t.transitions.size())))
        return false;

    if (const auto* s = r.find(doc, "story")) {
        if (!r.array(*s, "story")) return false;
        t.story.resize(s->size());
        for (std::size_t i = 0; i < s->size(); ++i)
            if (!read_step(r, (*s)[i], JsonLayoutReader::element("story", i), t, t.story[i]))
                return false;
    }
    return true;
}

} // namespace

std::string trace_to_json(const Trace& t) {
    std::vector<ordered_json> transitions, story;
    for (const Transition& x : t.transitions)
        transitions.push_back(ordered_json{{"kind", std::string(kind_name(x.kind))},
                                           {"rank", x.rank},
                                           {"object", x.object},
                                           {"outcome", x.outcome}});
    for (const TraceStep& s : t.story) {
        ordered_json step{
            {"rank", s.rank}, {"call", s.call}, {"detail", s.detail}, {"location", s.location}};
        if (s.choice) step["choice"] = true;
        if (s.collective) step["collective"] = true;
        if (s.cycle_start) step["cycle_start"] = true;
        if (!s.sent.empty()) {
            ordered_json sent = ordered_json::array();
            for (const SentMessage& m : s.sent) sent.push_back({{"id", m.id}, {"to", m.to}});
            step["sent"] = std::move(sent);
        }
        if (s.message != 0) step["message"] = s.message;
        story.push_back(std::move(step));
    }

    std::string out = "{\n";
    auto field = [&](std::string_view key, const std::string& value, bool last = false) {
        out += "  " + compact(std::string(key)) + ": " + value + (last ? "\n" : ",\n");
    };
    field("rankfold_trace", std::to_string(t.version));
    field("program", compact(t.program));
    field("arguments", one_line(t.arguments));
    field("ranks", std::to_string(t.ranks));
    field("buffering", compact(t.buffering));
    // Absent means "no violation"; parse_trace reads that back as the defaults.
    if (!t.violation_kind.empty() || t.violation_rank != -1 || !t.violation_message.empty())
        field("violation", one_line(ordered_json{{"kind", t.violation_kind},
                                                 {"rank", t.violation_rank},
                                                 {"message", t.violation_message}}));
    if (!t.property.empty()) field("property", compact(t.property));
    field("transitions", lines(transitions));
    if (t.cycle_start >= 0) field("cycle_start", std::to_string(t.cycle_start));
    field("story", lines(story), true);
    return out + "}\n";
}

bool write_trace_file(const std::string& path, const Trace& trace, std::string& error) {
    const std::string text = trace_to_json(trace);
    FILE* file = std::fopen(path.c_str(), "wb");
    // fclose reports what the buffered writes could not (a full disk), so its result counts.
    bool ok = file && std::fwrite(text.data(), 1, text.size(), file) == text.size();
    if (file && std::fclose(file) != 0) ok = false;
    if (!ok) error = path + ": cannot write trace file: " + std::strerror(errno);
    return ok;
}

std::optional<Trace> parse_trace(std::string_view text, std::string& error) {
    // nlohmann keeps the last of two equal keys; a strict reader must not guess which one the
    // writer meant. Track the keys of each open object while parsing.
    std::vector<std::set<std::string>> open;
    std::string duplicate;
    auto on_event = [&](int, json::parse_event_t event, json& parsed) {
        if (event == json::parse_event_t::object_start) {
            open.emplace_back();
        } else if (event == json::parse_event_t::object_end) {
            if (!open.empty()) open.pop_back();
        } else if (event == json::parse_event_t::key && !open.empty() && parsed.is_string()) {
            if (!open.back().insert(parsed.get<std::string>()).second && duplicate.empty())
                duplicate = parsed.get<std::string>();
        }
        return true;
    };

    json doc;
    try {
        doc = json::parse(text.begin(), text.end(), on_event);
    } catch (const json::exception& e) { // parse_error, or out_of_range for "1e400"
        error = parse_failure(e.what());
        return std::nullopt;
    } catch (const std::exception& e) { // bad_alloc: still no exception escapes
        error = std::string("cannot parse trace: ") + e.what();
        return std::nullopt;
    }
    if (!duplicate.empty()) {
        error = "duplicate key " + error_quote(duplicate);
        return std::nullopt;
    }

    Trace trace;
    JsonLayoutReader reader(error);
    if (!read_trace(reader, doc, trace)) return std::nullopt;
    error.clear();
    return trace;
}

std::optional<Trace> read_trace_file(const std::string& path, std::string& error) {
    // stdio rather than ifstream: libstdc++'s filebuf throws on a read error (a directory opens
    // fine and then fails with EISDIR), and nothing may throw here.
    std::unique_ptr<FILE, int (*)(FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file) {
        error = path + ": cannot open trace file: " + std::strerror(errno);
        return std::nullopt;
    }
    std::string text;
    char buffer[1 << 16];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, file.get())) text.append(buffer, n);
    if (std::ferror(file.get())) {
        error = path + ": cannot read trace file: " + std::strerror(errno);
        return std::nullopt;
    }
    auto trace = parse_trace(text, error);
    if (!trace) error = path + ": " + error;
    return trace;
}

} // namespace rankfold::mc
