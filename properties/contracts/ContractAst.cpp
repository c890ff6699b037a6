#include "properties/contracts/ContractAst.hpp"

#include <algorithm>

namespace rankfold::properties::contracts {

namespace {

const char* ref_prefix(ParamRef ref) {
    switch (ref) {
    case ParamRef::Deref:
        return "*";
    case ParamRef::AddressOf:
        return "&";
    case ParamRef::Value:
        break;
    }
    return "";
}

std::string list(const std::vector<Formula>& formulas) {
    std::string s;
    for (const Formula& f : formulas) {
        if (!s.empty()) s += ", ";
        s += to_string(f);
    }
    return s;
}

} // namespace

bool Formula::needs_accesses() const {
    if (kind == Kind::Access) return true;
    if (kind == Kind::Release) return !no_call.has_value();
    return std::any_of(children.begin(), children.end(),
                       [](const Formula& c) { return c.needs_accesses(); });
}

std::string to_string(const ParamMap& m) {
    return (m.tag_param ? std::string("$") : std::to_string(m.callee)) + ":" + ref_prefix(m.ref) +
           std::to_string(m.supplier);
}

std::string to_string(const CallOp& op) {
    std::string s = (op.tagged ? "call_tag!(" : "call!(") + op.target;
    for (const ParamMap& m : op.maps) s += "," + to_string(m);
    return s + ")";
}

std::string to_string(const AccessOp& op) {
    return std::string(op.write ? "write!(" : "read!(") + ref_prefix(op.ref) +
           std::to_string(op.param) + ")";
}

std::string to_string(const Formula& f) {
    std::string s;
    switch (f.kind) {
    case Formula::Kind::Call:
        s = to_string(f.call);
        break;
    case Formula::Kind::Access:
        s = to_string(f.access);
        break;
    case Formula::Kind::Release:
        s = "no! (" + (f.no_call ? to_string(*f.no_call) : to_string(f.access)) + ") until! (" +
            to_string(f.call) + ")";
        break;
    case Formula::Kind::Or:
    case Formula::Kind::Xor: {
        const char* op = f.kind == Formula::Kind::Or ? " | " : " ^ ";
        s = "(";
        for (std::size_t i = 0; i < f.children.size(); ++i)
            s += (i ? op : "") + to_string(f.children[i]);
        s += ")";
        break;
    }
    }
    if (f.msg) s += " MSG \"" + *f.msg + "\"";
    return s;
}

std::string to_string(const Contract& c) {
    std::string s;
    const auto scope = [&s](const char* name, const std::string& body) {
        if (!s.empty()) s += " ";
        s += std::string(name) + " { " + body + " }";
    };
    if (!c.pre.empty()) scope("PRE", list(c.pre));
    if (!c.post.empty()) scope("POST", list(c.post));
    if (!c.tags.empty()) {
        std::string body;
        for (const Tag& t : c.tags) {
            if (!body.empty()) body += ", ";
            body += t.name + (t.param ? "(" + std::to_string(*t.param) + ")" : "");
        }
        scope("TAGS", body);
    }
    return s;
}

} // namespace rankfold::properties::contracts
