#include "dwarf-introspect/VariableSelector.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace rankfold::dwarf {

namespace {

bool identStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool identChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = up;
        }
    }
    return row[b.size()];
}

// Names the user probably meant: the same name qualified ("calls" -> "worker::calls"), or one
// within a couple of typos.
std::string suggestions(const GlobalVariables& globals, const std::string& name) {
    std::vector<std::string> close;
    std::size_t limit = name.size() <= 3 ? 1 : 2;
    for (const Variable& v : globals.variables()) {
        bool suffix =
            v.name.size() > name.size() + 2 &&
            v.name.compare(v.name.size() - name.size() - 2, std::string::npos, "::" + name) == 0;
        if ((suffix || editDistance(v.name, name) <= limit) &&
            std::find(close.begin(), close.end(), v.name) == close.end())
            close.push_back(v.name);
    }
    if (close.empty()) return "";
    if (close.size() > 4) close.resize(4);
    std::string out = "; did you mean ";
    for (std::size_t i = 0; i < close.size(); ++i)
        out += (i ? (i + 1 == close.size() ? " or '" : ", '") : "'") + close[i] + "'";
    return out + "?";
}

// Where the walk stands: `offset` bytes into the variable, at `type`, of which the first `dim`
// array dimensions are already indexed.
struct Cursor {
    std::uint64_t offset = 0;
    TypeId type = kNoType;
    std::size_t dim = 0;
    std::string spelling; // declared type of what `path` names
    std::string path;     // the expression read so far, for messages
};

class Resolver {
public:
    Resolver(const GlobalVariables& g, std::string_view text, SelectionError* error)
        : g_(g), text_(text), error_(error) {}

    std::optional<Selection> run() {
        skipSpace();
        std::size_t start = pos_;
        std::string name = qualifiedName();
        if (name.empty()) return fail(pos_, "expected a variable name");
        const Variable* var = lookup(name, start);
        if (!var) return std::nullopt;
        Cursor at{0, var->type, 0, var->spelling, name};
        if (at.type == kNoType) return fail(start, "the type of '" + name + "' is unknown");
        for (skipSpace(); pos_ < text_.size(); skipSpace()) {
            std::size_t here = pos_;
            if (text_[pos_] == '[') {
                if (!index(at, here)) return std::nullopt;
            } else if (text_[pos_] == '.') {
                if (!member(at, here)) return std::nullopt;
            } else if (text_.substr(pos_, 2) == "->") {
                return fail(here, "'->' is not supported: properties cannot follow pointers");
            } else {
                return fail(here, "unexpected '" + std::string(1, text_[pos_]) +
                                      "': expected '[index]' or '.member'");
            }
        }
        return scalar(*var, at);
    }

private:
    std::nullopt_t fail(std::size_t pos, std::string message) {
        if (error_) *error_ = {pos + 1, std::move(message)};
        return std::nullopt;
    }
    void skipSpace() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    std::string identifier() {
        if (pos_ >= text_.size() || !identStart(text_[pos_])) return "";
        std::size_t begin = pos_;
        while (pos_ < text_.size() && identChar(text_[pos_])) ++pos_;
        return std::string(text_.substr(begin, pos_ - begin));
    }
    std::string qualifiedName() {
        std::string name = identifier();
        while (!name.empty() && text_.substr(pos_, 2) == "::") {
            pos_ += 2;
            std::string part = identifier();
            if (part.empty()) return "";
            name += "::" + part;
        }
        return name;
    }

    const Variable* lookup(const std::string& name, std::size_t start) {
        std::vector<const Variable*> found, placed;
        for (std::size_t i : g_.find(name)) {
            found.push_back(&g_.variables()[i]);
            if (found.back()->has_address) placed.push_back(found.back());
        }
        if (found.empty())
            return fail(start,
                        "no global or static variable '" + name + "'" + suggestions(g_, name)),
                   nullptr;
        if (placed.empty())
            return fail(start, "'" + name + "' has no address: " + found[0]->no_address_reason),
                   nullptr;
        if (placed.size() > 1) {
            std::string units;
            for (const Variable* v : placed) units += (units.empty() ? "" : ", ") + v->unit;
            return fail(start, "'" + name + "' is ambiguous: " + std::to_string(placed.size()) +
                                   " static variables have that name (in " + units + ")"),
                   nullptr;
        }
        return placed[0];
    }

    std::string describe(const Cursor& at) const {
        const VariableType& t = g_.type(at.type);
        if (at.dim == 0) return describeType(at.spelling, t);
        std::string rest = g_.type(t.element).name; // the sub-array left after `dim` indexes
        for (std::size_t d = at.dim; d < t.counts.size(); ++d)
            rest += t.counts[d] == kUnknownCount ? "[]" : "[" + std::to_string(t.counts[d]) + "]";
        return rest;
    }

    bool index(Cursor& at, std::size_t open) {
        ++pos_;
        skipSpace();
        std::size_t digits = pos_;
        while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
        if (digits == pos_)
            return fail(digits, "expected a non-negative integer index after '['"), false;
        if (pos_ - digits > 18) return fail(digits, "index too large"), false;
        std::uint64_t n = std::stoull(std::string(text_.substr(digits, pos_ - digits)));
        skipSpace();
        if (pos_ >= text_.size() || text_[pos_] != ']')
            return fail(pos_, "expected ']' after the index"), false;
        ++pos_;
        const VariableType& t = g_.type(at.type);
        if (t.kind != TypeKind::Array) {
            std::string what = "'" + at.path + "' is not an array (it is " + describe(at) + ")";
            if (t.kind == TypeKind::Pointer) what += "; properties cannot follow pointers";
            return fail(open, what), false;
        }
        if (t.element == kNoType)
            return fail(open, "the element type of '" + at.path + "' is unknown"), false;
        std::uint64_t count = t.counts[at.dim];
        if (count == kUnknownCount)
            return fail(digits, "the bound of '" + at.path + "' (" + describe(at) +
                                    ") is unknown, so it cannot be indexed safely"),
                   false;
        if (n >= count)
            return fail(digits,
                        "index " + std::to_string(n) + " is out of range for '" + at.path + "' (" +
                            describe(at) + "): " +
                            (count == 0 ? "it has no elements"
                                        : "valid indexes are 0.." + std::to_string(count - 1))),
                   false;
        std::uint64_t stride = g_.type(t.element).byte_size;
        for (std::size_t d = at.dim + 1; d < t.counts.size(); ++d) stride *= t.counts[d];
        at.offset += n * stride;
        at.path += "[" + std::to_string(n) + "]";
        if (++at.dim == t.counts.size()) {
            at.type = t.element;
            at.dim = 0;
            at.spelling = g_.type(t.element).name;
        }
        return true;
    }

    // Finds `name` in a record, looking through anonymous members and base classes.
    const Member* findMember(TypeId record, const std::string& name, std::uint64_t& offset,
                             int depth = 0) const {
        if (depth > 16) return nullptr;
        for (const Member& m : g_.type(record).members) {
            if (m.name == name) {
                offset += m.offset;
                return &m;
            }
            if (m.name.empty() && m.type != kNoType && g_.type(m.type).kind == TypeKind::Record) {
                std::uint64_t inner = offset + m.offset;
                if (const Member* found = findMember(m.type, name, inner, depth + 1)) {
                    offset = inner;
                    return found;
                }
            }
        }
        return nullptr;
    }
    void memberNames(TypeId record, std::string& out, int depth = 0) const {
        for (const Member& m : g_.type(record).members) {
            if (!m.name.empty())
                out += (out.empty() ? "" : ", ") + m.name;
            else if (depth < 16 && m.type != kNoType && g_.type(m.type).kind == TypeKind::Record)
                memberNames(m.type, out, depth + 1);
        }
    }

    bool member(Cursor& at, std::size_t dot) {
        ++pos_;
        skipSpace();
        std::size_t start = pos_;
        std::string name = identifier();
        if (name.empty()) return fail(start, "expected a member name after '.'"), false;
        const VariableType& t = g_.type(at.type);
        if (at.dim > 0 || t.kind != TypeKind::Record)
            return fail(dot, "'" + at.path + "' is not a struct, union or class (it is " +
                                 describe(at) + ")"),
                   false;
        if (t.incomplete)
            return fail(dot, "'" + at.path + "' has an incomplete type (" + describe(at) +
                                 "): its members are not described"),
                   false;
        std::uint64_t offset = at.offset;
        const Member* m = findMember(at.type, name, offset);
        if (!m) {
            std::string names;
            memberNames(at.type, names);
            return fail(start, "no member '" + name + "' in " + describe(at) +
                                   (names.empty() ? " (it has no members)"
                                                  : "; its members are: " + names)),
                   false;
        }
        at.path += "." + name;
        if (m->bit_size != 0)
            return fail(start, "'" + at.path + "' is a bit field (" + std::to_string(m->bit_size) +
                                   " bits): bit fields are not supported"),
                   false;
        if (m->type == kNoType)
            return fail(start, "the type of '" + at.path + "' is unknown"), false;
        at.offset = offset;
        at.type = m->type;
        at.spelling = m->spelling;
        return true;
    }

    std::optional<Selection> scalar(const Variable& var, const Cursor& at) {
        const VariableType& t = g_.type(at.type);
        std::size_t end = text_.size();
        Selection s{var.name,    var.address + at.offset, t.byte_size, ValueKind::Signed, false,
                    describe(at)};
        if (at.dim > 0 || t.kind == TypeKind::Array)
            return fail(end, "'" + at.path + "' is an array (" + describe(at) +
                                 "), not a scalar: select one element, e.g. '" + at.path + "[0]'");
        if (t.kind == TypeKind::Record) {
            std::string example;
            memberNames(at.type, example);
            example.resize(std::min(example.size(), example.find(',')));
            return fail(end,
                        "'" + at.path + "' has type " + describe(at) +
                            ", not a scalar: select one of its members" +
                            (example.empty() ? "" : ", e.g. '" + at.path + "." + example + "'"));
        }
        bool integer_size =
            t.byte_size == 1 || t.byte_size == 2 || t.byte_size == 4 || t.byte_size == 8;
        switch (t.kind) {
        case TypeKind::Pointer:
            s.kind = ValueKind::Pointer;
            break;
        case TypeKind::Enum:
            s.kind = ValueKind::Enum;
            s.is_signed = t.encoding == Encoding::Signed;
            break;
        case TypeKind::Base:
            switch (t.encoding) {
            case Encoding::Signed:
            case Encoding::SignedChar:
                s.kind = ValueKind::Signed;
                s.is_signed = true;
                break;
            case Encoding::Unsigned:
            case Encoding::UnsignedChar:
                s.kind = ValueKind::Unsigned;
                break;
            case Encoding::Bool:
                s.kind = ValueKind::Bool;
                break;
            case Encoding::Float:
                s.kind = ValueKind::Float;
                integer_size = t.byte_size == 4 || t.byte_size == 8 ||
                               (t.byte_size == 16 && t.name == "long double");
                break;
            case Encoding::Other:
                integer_size = false;
                break;
            }
            break;
        default:
            integer_size = false;
            break;
        }
        if (!integer_size)
            return fail(end, "'" + at.path + "' has type " + describe(at) + " (" +
                                 std::to_string(t.byte_size) +
                                 " bytes), which properties cannot compare");
        return s;
    }

    const GlobalVariables& g_;
    std::string_view text_;
    SelectionError* error_;
    std::size_t pos_ = 0;
};

} // namespace

std::optional<Selection> selectVariable(const GlobalVariables& globals, std::string_view expression,
                                        SelectionError* error) {
    return Resolver(globals, expression, error).run();
}

} // namespace rankfold::dwarf
