#include "mc/report/TraceFile.hpp"

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

// A string from the input, quoted for an error message and cut short: the message must stay
// readable even when the offending value is a megabyte long.
std::string quoted(std::string s) {
    constexpr std::size_t kMax = 64;
    bool cut = s.size() > kMax;
    if (cut) s.resize(kMax); // may split a UTF-8 sequence; `replace` below mends that
    std::string q = compact(ordered_json(std::move(s)));
    if (cut) q.insert(q.size() - 1, "...");
    return q;
}

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

// Checks values against the layout, recording the first failure with the path to the value.
class Reader {
public:
    explicit Reader(std::string& error) : error_(error) {}

    bool fail(const std::string& where, const std::string& what) {
        error_ = where.empty() ? what : where + ": " + what;
        return false;
    }

    static std::string member(const std::string& where, std::string_view key) {
        return where.empty() ? std::string(key) : where + "." + std::string(key);
    }
    static std::string element(const std::string& where, std::size_t i) {
        return where + "[" + std::to_string(i) + "]";
    }

    // An object whose keys are all in `allowed`: a misspelt optional key ("buffring") would
    // otherwise be ignored and the replay run under the wrong default.
    bool object(const json& v, const std::string& where,
                std::initializer_list<std::string_view> allowed) {
        if (!v.is_object())
            return fail(where, std::string("expected an object, got ") + v.type_name());
        for (auto it = v.begin(); it != v.end(); ++it) {
            bool known = false;
            for (std::string_view k : allowed) known = known || it.key() == k;
            if (!known) return fail(where, "unknown key " + quoted(it.key()));
        }
        return true;
    }

    const json* find(const json& obj, std::string_view key) {
        auto it = obj.find(key);
        return it == obj.end() ? nullptr : &*it;
    }

    const json* required(const json& obj, const std::string& where, std::string_view key) {
        const json* v = find(obj, key);
        if (!v) fail(where, "missing required key " + quoted(std::string(key)));
        return v;
    }

    // JSON numbers arrive as int64, uint64 or double; only integers that fit an int pass.
    bool integer(const json& v, const std::string& where, int& out) {
        if (v.is_number_unsigned()) {
            auto u = v.get<std::uint64_t>();
            if (u > static_cast<std::uint64_t>(INT_MAX)) return fail(where, "integer out of range");
            out = static_cast<int>(u);
            return true;
        }
        if (v.is_number_integer()) {
            auto i = v.get<std::int64_t>();
            if (i < INT_MIN || i > INT_MAX) return fail(where, "integer out of range");
            out = static_cast<int>(i);
            return true;
        }
        if (v.is_number_float()) // integers beyond 64 bits are parsed as doubles
            return fail(where, v.get<double>() > INT_MAX || v.get<double>() < INT_MIN
                                   ? "integer out of range"
                                   : "expected an integer, got a floating-point number");
        return fail(where, std::string("expected an integer, got ") + v.type_name());
    }

    bool integer(const json& v, const std::string& where, int& out, int lo, int hi) {
        if (!integer(v, where, out)) return false;
        if (out < lo || out > hi)
            return fail(where, std::to_string(out) + " is outside [" + std::to_string(lo) + ", " +
                                   std::to_string(hi) + "]");
        return true;
    }

    bool string(const json& v, const std::string& where, std::string& out) {
        if (!v.is_string())
            return fail(where, std::string("expected a string, got ") + v.type_name());
        out = v.get<std::string>();
        return true;
    }

    bool array(const json& v, const std::string& where) {
        return v.is_array() || fail(where, std::string("expected an array, got ") + v.type_name());
    }

private:
    std::string& error_;
};

bool read_violation(Reader& r, const json& v, Trace& t) {
    const std::string where = "violation";
    if (!r.object(v, where, {"kind", "rank", "message"})) return false;
    if (const auto* k = r.find(v, "kind");
        k && !r.string(*k, Reader::member(where, "kind"), t.violation_kind))
        return false;
    // -1: a violation that belongs to no one rank (a deadlock involves them all).
    if (const auto* k = r.find(v, "rank");
        k && !r.integer(*k, Reader::member(where, "rank"), t.violation_rank, -1, t.ranks - 1))
        return false;
    if (const auto* k = r.find(v, "message");
        k && !r.string(*k, Reader::member(where, "message"), t.violation_message))
        return false;
    return true;
}

bool read_transition(Reader& r, const json& v, const std::string& where, const Trace& t,
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
    const std::string kind_at = Reader::member(where, "kind");
    if (!r.string(*kind, kind_at, name)) return false;
    if (!parse_kind(name, out.kind))
        return r.fail(kind_at, "unknown transition kind " + quoted(name));
    // The search offers this choice only under --buffering both; replaying it elsewhere would
    // diverge at the send with a far less helpful message.
    if (out.kind == TransitionKind::SendBuffering && t.buffering != "both")
        return r.fail(kind_at, "send-buffering needs buffering \"both\", the trace has " +
                                   quoted(t.buffering));
    if (!r.integer(*rank, Reader::member(where, "rank"), out.rank, 0, t.ranks - 1)) return false;
    // -1 means "the rank's current call"; anything else is a request slot.
    if (!r.integer(*object, Reader::member(where, "object"), out.object, -1, INT_MAX)) return false;

    // The outcome's range depends on the kind (Transition.hpp); CompletionPick's bit set may use
    // every bit, so any int is accepted there.
    const std::string outcome_at = Reader::member(where, "outcome");
    switch (out.kind) {
    case TransitionKind::WildcardMatch:
    case TransitionKind::ProbeReport: // the sender
        return r.integer(*outcome, outcome_at, out.outcome, 0, t.ranks - 1);
    case TransitionKind::TestOutcome:
        return r.integer(*outcome, outcome_at, out.outcome, 0, INT_MAX);
    case TransitionKind::SendBuffering:
        return r.integer(*outcome, outcome_at, out.outcome, 0, 1);
    case TransitionKind::CompletionPick:
        break;
    }
    return r.integer(*outcome, outcome_at, out.outcome);
}

bool read_step(Reader& r, const json& v, const std::string& where, const Trace& t, TraceStep& out) {
    if (!r.object(v, where, {"rank", "call", "detail", "location"})) return false;
    const json* rank = r.required(v, where, "rank");
    if (!rank) return false;
    const json* call = r.required(v, where, "call");
    if (!call) return false;
    if (!r.integer(*rank, Reader::member(where, "rank"), out.rank, 0, t.ranks - 1)) return false;
    if (!r.string(*call, Reader::member(where, "call"), out.call)) return false;
    if (const auto* d = r.find(v, "detail");
        d && !r.string(*d, Reader::member(where, "detail"), out.detail))
        return false;
    if (const auto* l = r.find(v, "location");
        l && !r.string(*l, Reader::member(where, "location"), out.location))
        return false;
    return true;
}

bool read_trace(Reader& r, const json& doc, Trace& t) {
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
                   "transitions", "story"}))
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
            if (!r.string((*a)[i], Reader::element("arguments", i), t.arguments[i])) return false;
    }
    if (const auto* b = r.find(doc, "buffering")) {
        if (!r.string(*b, "buffering", t.buffering)) return false;
        if (t.buffering != "zero" && t.buffering != "infinite" && t.buffering != "both")
            return r.fail("buffering",
                          quoted(t.buffering) + R"( is not one of "zero", "infinite", "both")");
    }
    if (const auto* v = r.find(doc, "violation"); v && !read_violation(r, *v, t)) return false;

    const json* transitions = r.required(doc, "", "transitions");
    if (!transitions || !r.array(*transitions, "transitions")) return false;
    t.transitions.resize(transitions->size());
    for (std::size_t i = 0; i < transitions->size(); ++i)
        if (!read_transition(r, (*transitions)[i], Reader::element("transitions", i), t,
                             t.transitions[i]))
            return false;

    if (const auto* s = r.find(doc, "story")) {
        if (!r.array(*s, "story")) return false;
        t.story.resize(s->size());
        for (std::size_t i = 0; i < s->size(); ++i)
            if (!read_step(r, (*s)[i], Reader::element("story", i), t, t.story[i])) return false;
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
    for (const TraceStep& s : t.story)
        story.push_back(ordered_json{
            {"rank", s.rank}, {"call", s.call}, {"detail", s.detail}, {"location", s.location}});

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
    field("transitions", lines(transitions));
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
        error = "duplicate key " + quoted(duplicate);
        return std::nullopt;
    }

    Trace trace;
    Reader reader(error);
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
