// Reading a JSON document whose layout is fixed (trace files): each check names the path to the
// offending value ("story[3].rank: 7 is outside [0, 3]") and the first failure is kept, so a
// malformed file is reported precisely and never read half-way.
#pragma once

#include <nlohmann/json.hpp>

#include <climits>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace rankfold::mc {

// A string from the input, quoted for an error message and cut short: the message must stay
// readable even when the offending value is a megabyte long.
std::string error_quote(std::string s);

// Checks values against the layout, recording the first failure with the path to the value.
class JsonLayoutReader {
    using json = nlohmann::json;

public:
    explicit JsonLayoutReader(std::string& error) : error_(error) {}

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
            if (!known) return fail(where, "unknown key " + error_quote(it.key()));
        }
        return true;
    }

    const json* find(const json& obj, std::string_view key) {
        auto it = obj.find(key);
        return it == obj.end() ? nullptr : &*it;
    }

    const json* required(const json& obj, const std::string& where, std::string_view key) {
        const json* v = find(obj, key);
        if (!v) fail(where, "missing required key " + error_quote(std::string(key)));
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

    bool boolean(const json& v, const std::string& where, bool& out) {
        if (!v.is_boolean())
            return fail(where, std::string("expected true or false, got ") + v.type_name());
        out = v.get<bool>();
        return true;
    }

    // Post ids are 64-bit: a non-negative integer JSON number.
    bool id(const json& v, const std::string& where, std::uint64_t& out) {
        if (v.is_number_unsigned()) {
            out = v.get<std::uint64_t>();
            return true;
        }
        if (v.is_number_integer() && v.get<std::int64_t>() >= 0) {
            out = static_cast<std::uint64_t>(v.get<std::int64_t>());
            return true;
        }
        return fail(where, std::string("expected a non-negative integer, got ") + v.type_name());
    }

    bool array(const json& v, const std::string& where) {
        return v.is_array() || fail(where, std::string("expected an array, got ") + v.type_name());
    }

private:
    std::string& error_;
};

} // namespace rankfold::mc
