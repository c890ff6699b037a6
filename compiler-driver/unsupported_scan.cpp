#include "unsupported_scan.hpp"

#include <cctype>
#include <map>
#include <tuple>

namespace rankfold::driver {

namespace {

constexpr std::string_view kMarker = " is not supported by Rankfold";

bool is_ident(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// Digits at s[pos...]; returns the position after them, or pos if there are none.
size_t skip_digits(std::string_view s, size_t pos) {
    while (pos < s.size() && std::isdigit(static_cast<unsigned char>(s[pos])) != 0) ++pos;
    return pos;
}

int to_int(std::string_view digits) {
    int v = 0;
    for (char c : digits) v = v * 10 + (c - '0');
    return v;
}

// "FILE:LINE:COL: " or "FILE:LINE: " at the start of a diagnostic line: the first ':' followed
// by digits and then ": " or ":DIGITS: " ends the file name.
bool parse_location(std::string_view line, CallSite& site) {
    for (size_t colon = line.find(':'); colon != std::string_view::npos;
         colon = line.find(':', colon + 1)) {
        if (colon == 0) continue;
        const size_t line_end = skip_digits(line, colon + 1);
        if (line_end == colon + 1 || line_end >= line.size() || line[line_end] != ':') continue;
        size_t end = line_end;
        int column = 0;
        const size_t col_end = skip_digits(line, line_end + 1);
        if (col_end > line_end + 1 && col_end < line.size() && line[col_end] == ':') {
            column = to_int(line.substr(line_end + 1, col_end - line_end - 1));
            end = col_end;
        }
        if (end + 1 >= line.size() || line[end + 1] != ' ') continue;
        site.file = std::string(line.substr(0, colon));
        site.line = to_int(line.substr(colon + 1, line_end - colon - 1));
        site.column = column;
        return true;
    }
    return false;
}

// Byte columns (1-based) where NAME appears as a whole identifier in TEXT.
std::vector<int> name_columns(const std::string& text, const std::string& name) {
    std::vector<int> columns;
    for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
        const size_t end = at + name.size();
        if ((at > 0 && is_ident(text[at - 1])) || (end < text.size() && is_ident(text[end])))
            continue;
        columns.push_back(static_cast<int>(at) + 1);
    }
    return columns;
}

} // namespace

std::vector<CallSite> parse_diagnostics(std::string_view output) {
    std::vector<CallSite> sites;
    size_t start = 0;
    while (start < output.size()) {
        size_t end = output.find('\n', start);
        if (end == std::string_view::npos) end = output.size();
        const std::string_view line = output.substr(start, end - start);
        start = end + 1;
        const size_t marker = line.find(kMarker);
        if (marker == std::string_view::npos) continue;
        size_t name_start = marker;
        while (name_start > 0 && is_ident(line[name_start - 1])) --name_start;
        CallSite site;
        if (name_start == marker || !parse_location(line, site)) continue;
        site.function = std::string(line.substr(name_start, marker - name_start));
        sites.push_back(std::move(site));
    }
    return sites;
}

std::vector<CallSite> parse_undeclared_mpi(std::string_view output) {
    constexpr std::string_view kImplicit = "implicit declaration of function ";
    std::vector<CallSite> sites;
    size_t start = 0;
    while (start < output.size()) {
        size_t end = output.find('\n', start);
        if (end == std::string_view::npos) end = output.size();
        const std::string_view line = output.substr(start, end - start);
        start = end + 1;
        const size_t at = line.find(kImplicit);
        if (at == std::string_view::npos) continue;
        // Skip the opening quote: ' or the bytes of a UTF-8 quotation mark.
        size_t name_start = at + kImplicit.size();
        while (name_start < line.size() && !is_ident(line[name_start])) ++name_start;
        size_t name_end = name_start;
        while (name_end < line.size() && is_ident(line[name_end])) ++name_end;
        const std::string_view name = line.substr(name_start, name_end - name_start);
        CallSite site;
        if (!is_mpi_symbol(name) || !parse_location(line, site)) continue;
        site.function = std::string(name);
        sites.push_back(std::move(site));
    }
    return sites;
}

void point_at_names(std::vector<CallSite>& sites, const SourceLines& source_line) {
    // The reports of each function on each line, in order.
    std::map<std::tuple<std::string, int, std::string>, std::vector<CallSite*>> groups;
    for (auto& site : sites) groups[{site.file, site.line, site.function}].push_back(&site);
    for (auto& [key, group] : groups) {
        const std::string* text = source_line(std::get<0>(key), std::get<1>(key));
        if (text == nullptr) continue;
        const std::vector<int> columns = name_columns(*text, std::get<2>(key));
        if (columns.size() != group.size()) continue;
        for (size_t i = 0; i < group.size(); ++i) group[i]->column = columns[i];
    }
}

std::vector<NmSymbol> parse_nm(std::string_view output, std::string_view file) {
    std::vector<NmSymbol> symbols;
    const std::string prefix = std::string(file) + ":";
    size_t start = 0;
    while (start < output.size()) {
        size_t end = output.find('\n', start);
        if (end == std::string_view::npos) end = output.size();
        std::string_view line = output.substr(start, end - start);
        start = end + 1;
        if (line.substr(0, prefix.size()) != prefix) continue;
        line.remove_prefix(prefix.size());
        NmSymbol symbol;
        // An archive member's name comes next, up to a ':' before any blank.
        const size_t colon = line.find(':');
        if (colon != std::string_view::npos && line.find_first_of(" \t") > colon) {
            symbol.member = std::string(line.substr(0, colon));
            line.remove_prefix(colon + 1);
        }
        // "VALUE T NAME" or "                 U NAME", then "\tFILE:LINE" with -l.
        if (const size_t tab = line.find('\t'); tab != std::string_view::npos) {
            symbol.location = std::string(line.substr(tab + 1));
            // Without debug info nm names the source file from the symbol table, at line 0.
            if (symbol.location.ends_with(":0")) symbol.location.clear();
            line = line.substr(0, tab);
        }
        while (!line.empty() && line.back() == ' ') line.remove_suffix(1);
        const size_t space = line.rfind(' ');
        if (space == std::string_view::npos || space < 2 || line[space - 2] != ' ') continue;
        symbol.type = line[space - 1];
        symbol.name = std::string(line.substr(space + 1));
        symbols.push_back(std::move(symbol));
    }
    return symbols;
}

bool is_mpi_symbol(std::string_view name) {
    return name.substr(0, 4) == "MPI_" || name.substr(0, 5) == "PMPI_";
}

} // namespace rankfold::driver
