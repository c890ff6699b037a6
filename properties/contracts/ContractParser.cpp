#include "properties/contracts/ContractParser.hpp"

#include "properties/contracts/ContractLexer.hpp"

#include <utility>

namespace rankfold::properties::contracts {

namespace {

constexpr int kMaxParam = 63;
constexpr int kMaxDepth = 200;

// Thrown inside the parser only; parse_contracts turns it into the error string.
struct ParseError {
    SourcePos pos;
    std::string message;
};

class Parser {
public:
    Parser(std::string_view text, std::string file) : lexer_(text), file_(std::move(file)) {
        take();
    }

    std::vector<Declaration> file() {
        std::vector<Declaration> out;
        while (tok_.kind != Token::Kind::End) declaration(out);
        return out;
    }

private:
    [[noreturn]] void fail(const std::string& expected) const {
        throw ParseError{tok_.pos, "expected " + expected + ", found " + describe(tok_)};
    }
    void take() {
        tok_ = lexer_.next();
        if (tok_.kind == Token::Kind::Bad) throw ParseError{tok_.pos, tok_.text};
    }
    bool is_punct(char c) const { return tok_.kind == Token::Kind::Punct && tok_.text[0] == c; }
    bool is_ident(std::string_view name) const {
        return tok_.kind == Token::Kind::Ident && tok_.text == name;
    }
    void expect(char c) {
        if (!is_punct(c)) fail(std::string("'") + c + "'");
        take();
    }
    std::string name(const char* what) {
        if (tok_.kind != Token::Kind::Ident) fail(what);
        std::string n = tok_.text;
        take();
        return n;
    }
    int number(const char* what) {
        if (tok_.kind != Token::Kind::Number) fail(what);
        if (tok_.text.size() > 2 || std::stoi(tok_.text) > kMaxParam)
            throw ParseError{tok_.pos, "parameter index " + tok_.text.substr(0, 20) +
                                           " is too large (at most 63)"};
        const int n = std::stoi(tok_.text);
        take();
        return n;
    }
    ParamRef ref() {
        if (is_punct('*')) {
            take();
            return ParamRef::Deref;
        }
        if (is_punct('&')) {
            take();
            return ParamRef::AddressOf;
        }
        return ParamRef::Value;
    }

    // A C declaration up to ';': its function's name is the identifier before its first '('.
    void declaration(std::vector<Declaration>& out) {
        std::string last_ident;
        std::optional<std::pair<std::string, SourcePos>> function;
        SourcePos last_pos;
        int depth = 0;
        for (;;) {
            if (tok_.kind == Token::Kind::End) fail("';' to end the declaration");
            if (depth == 0 &&
                (is_ident("CONTRACT") || is_ident("CONTRACTXFAIL") || is_ident("CONTRACTXSUCC"))) {
                if (!function) fail("a function declaration before CONTRACT");
                Declaration d{function->first, {}, file_, function->second};
                take();
                contract(d.contract);
                expect(';');
                out.push_back(std::move(d));
                return;
            }
            if (depth == 0 && is_punct(';')) {
                take();
                return;
            }
            if (is_punct('(') || is_punct('{') || is_punct('[')) {
                if (depth == 0 && is_punct('(') && !function && !last_ident.empty())
                    function.emplace(last_ident, last_pos);
                if (++depth > kMaxDepth) fail("less nesting");
            } else if (is_punct(')') || is_punct('}') || is_punct(']')) {
                if (depth == 0) fail("a declaration");
                --depth;
            }
            if (tok_.kind == Token::Kind::Ident) {
                last_ident = tok_.text;
                last_pos = tok_.pos;
            }
            take();
        }
    }

    void contract(Contract& c) {
        expect('(');
        bool pre = false, post = false, tags = false;
        while (!is_punct(')')) {
            const SourcePos at = tok_.pos;
            if (is_ident("PRE") || is_ident("POST")) {
                const bool is_pre = tok_.text == "PRE";
                if (is_pre ? pre : post)
                    throw ParseError{at, (is_pre ? std::string("PRE") : std::string("POST")) +
                                             " given twice in one contract"};
                (is_pre ? pre : post) = true;
                take();
                expect('{');
                list(is_pre ? c.pre : c.post);
                expect('}');
            } else if (is_ident("TAGS")) {
                if (tags) throw ParseError{at, "TAGS given twice in one contract"};
                tags = true;
                take();
                expect('{');
                tag_list(c.tags);
                expect('}');
            } else {
                fail("PRE, POST, TAGS or ')'");
            }
        }
        take();
    }

    void tag_list(std::vector<Tag>& tags) {
        for (;;) {
            Tag t;
            t.name = name("a tag name");
            if (is_punct('(')) {
                take();
                t.param = number("a parameter index");
                expect(')');
            }
            tags.push_back(std::move(t));
            if (!is_punct(',')) return;
            take();
        }
    }

    void list(std::vector<Formula>& out) {
        for (;;) {
            out.push_back(chain());
            if (!is_punct(',')) return;
            take();
        }
    }

    // formula { op formula }: a group without parentheses, at the top of a list element.
    Formula chain() {
        Formula first = formula(0);
        if (!is_punct('|') && !is_punct('^')) return first;
        return group(std::move(first), 0);
    }

    // The rest of a `|` or `^` group whose first member is `first`.
    Formula group(Formula first, int depth) {
        Formula g;
        g.pos = first.pos;
        g.kind = is_punct('|') ? Formula::Kind::Or : Formula::Kind::Xor;
        const char op = tok_.text[0];
        g.children.push_back(std::move(first));
        while (is_punct('|') || is_punct('^')) {
            if (tok_.text[0] != op)
                throw ParseError{tok_.pos, std::string("'") + tok_.text[0] + "' after '" + op +
                                               "': put parentheses around one of them"};
            take();
            g.children.push_back(formula(depth + 1));
        }
        return g;
    }

    Formula formula(int depth) {
        if (depth > kMaxDepth) fail("less nesting");
        Formula f;
        const SourcePos at = tok_.pos;
        if (is_punct('(')) {
            take();
            Formula first = formula(depth + 1);
            if (!is_punct('|') && !is_punct('^')) fail("'|' or '^'");
            f = group(std::move(first), depth);
            expect(')');
        } else {
            f = operation();
        }
        f.pos = at;
        if (is_ident("MSG")) {
            take();
            if (tok_.kind != Token::Kind::String) fail("a string after MSG");
            f.msg = tok_.text;
            take();
        }
        return f;
    }

    Formula operation() {
        Formula f;
        if (tok_.kind != Token::Kind::Operation)
            fail("an operation (call!, call_tag!, read!, write!, no!) or '('");
        if (tok_.text == "no") {
            take();
            f.kind = Formula::Kind::Release;
            expect('(');
            if (tok_.kind == Token::Kind::Operation &&
                (tok_.text == "read" || tok_.text == "write"))
                f.access = access();
            else if (tok_.kind == Token::Kind::Operation &&
                     (tok_.text == "call" || tok_.text == "call_tag"))
                f.no_call = call();
            else
                fail("call!, call_tag!, read! or write! after no!");
            expect(')');
            if (tok_.kind != Token::Kind::Operation || tok_.text != "until")
                fail("until! after no! (...)");
            take();
            expect('(');
            if (tok_.kind != Token::Kind::Operation ||
                (tok_.text != "call" && tok_.text != "call_tag"))
                fail("call! or call_tag! after until!");
            f.call = call();
            expect(')');
        } else if (tok_.text == "read" || tok_.text == "write") {
            f.kind = Formula::Kind::Access;
            f.access = access();
        } else if (tok_.text == "call" || tok_.text == "call_tag") {
            f.kind = Formula::Kind::Call;
            f.call = call();
        } else {
            fail("an operation (call!, call_tag!, read!, write!, no!)");
        }
        return f;
    }

    CallOp call() {
        CallOp op;
        op.tagged = tok_.text == "call_tag";
        take();
        expect('(');
        op.target = name(op.tagged ? "a tag name" : "a function name");
        while (is_punct(',')) {
            take();
            ParamMap m;
            if (is_punct('$')) {
                if (!op.tagged)
                    throw ParseError{tok_.pos,
                                     "'$' (the tag's parameter) is only meaningful in call_tag!"};
                m.tag_param = true;
                take();
            } else {
                m.callee = number("a parameter index or '$'");
            }
            expect(':');
            m.ref = ref();
            m.supplier = number("a parameter index");
            op.maps.push_back(m);
        }
        expect(')');
        return op;
    }

    AccessOp access() {
        AccessOp a;
        a.write = tok_.text == "write";
        take();
        expect('(');
        a.ref = ref();
        a.param = number("a parameter index");
        expect(')');
        return a;
    }

    ContractLexer lexer_;
    std::string file_;
    Token tok_;
};

} // namespace

std::optional<std::vector<Declaration>>
parse_contracts(std::string_view text, const std::string& file, std::string& error) {
    error.clear();
    try {
        Parser p(text, file);
        return p.file();
    } catch (const ParseError& e) {
        error = file + ":" + std::to_string(e.pos.line) + ":" + std::to_string(e.pos.column) +
                ": " + e.message;
        return std::nullopt;
    }
}

} // namespace rankfold::properties::contracts
