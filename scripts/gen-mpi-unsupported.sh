#!/usr/bin/env bash
# gen-mpi-unsupported.sh: generate simulated-mpi/include/mpi_unsupported.h.
#
# Usage: scripts/gen-mpi-unsupported.sh [--check] [MPICH_MPI_H]
#
# Declares every MPI C function that MPICH's headers prototype (the MPI 3.1 and 4.0 C bindings,
# including the MPI 4.0 large-count `_c` variants) and that Rankfold does not implement, each
# with RF_UNSUPPORTED(name), so that calling one is a compile-time error naming it. Inputs:
#   simulated-mpi/include/mpi_supported.list   the functions Rankfold implements
#   simulated-mpi/include/mpi.h                Rankfold's header (with rankfold_mpi_types.h,
#                                              its types; its declarations
#                                              must match mpi_supported.list exactly)
#   MPICH_MPI_H, default /usr/include/x86_64-linux-gnu/mpich/mpi.h, with the mpi_proto.h and
#                                              mpio.h it includes from its directory (prototypes)
# --check   do not write; exit 1 if mpi_unsupported.h is not what would be generated.
#
# Only bash and POSIX tools (awk, sed, sort, comm, cmp): a fresh Debian machine may lack python.
# The output is sorted and depends only on the inputs, so running the script twice is a no-op.
set -euo pipefail
export LC_ALL=C

default_mpich_h=/usr/include/x86_64-linux-gnu/mpich/mpi.h
prog=gen-mpi-unsupported.sh

die() {
    echo "$prog: error: $*" >&2
    exit 1
}

usage() { awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "${BASH_SOURCE[0]}"; }

check_only=0
mpich_h=""
while [ $# -gt 0 ]; do
    case $1 in
    --check) check_only=1 ;;
    -h | --help)
        usage
        exit 0
        ;;
    -*) die "unknown option '$1' (usage: $prog [--check] [MPICH_MPI_H])" ;;
    *)
        [ -z "$mpich_h" ] || die "more than one MPICH header given ('$mpich_h', '$1')"
        mpich_h=$1
        ;;
    esac
    shift
done
mpich_h=${mpich_h:-$default_mpich_h}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
inc=$root/simulated-mpi/include
rf_h=$inc/mpi.h
rf_types_h=$inc/rankfold_mpi_types.h
list=$inc/mpi_supported.list
out=$inc/mpi_unsupported.h

[ -r "$mpich_h" ] || die "cannot read MPICH's mpi.h at '$mpich_h' (install libmpich-dev, or pass its path)"
[ -r "$rf_h" ] || die "cannot read $rf_h"
[ -r "$rf_types_h" ] || die "cannot read $rf_types_h"
[ -r "$list" ] || die "cannot read $list"
mpich_dir=$(cd "$(dirname "$mpich_h")" && pwd)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---- 1. a small C preprocessor ------------------------------------------------------------
# Joins continued lines, strips comments, follows #if/#ifdef/#ifndef/#elif/#else/#endif (a macro
# counts as defined once an active #define of it was seen; a condition it cannot evaluate counts
# as true; __cplusplus is never defined, so this reads the headers as C) and, when incdir is set,
# inlines #include'd files found in incdir. Prints the active lines and active #define lines.
# Plain POSIX awk: works with mawk, Debian's default awk.
cpp_awk='
function strip(s,    out, i, n, c, c2, q) {
    out = ""; n = length(s); i = 1
    while (i <= n) {
        c = substr(s, i, 1); c2 = substr(s, i, 2)
        if (in_comment) {
            if (c2 == "*/") { in_comment = 0; i += 2; out = out " " } else i++
            continue
        }
        if (c2 == "/*") { in_comment = 1; i += 2; continue }
        if (c2 == "//") break
        if (c == "\"" || c == "\047") {
            q = c; out = out c; i++
            while (i <= n) {
                c = substr(s, i, 1); out = out c; i++
                if (c == "\\") { out = out substr(s, i, 1); i++; continue }
                if (c == q) break
            }
            continue
        }
        out = out c; i++
    }
    return out
}
function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
function cond(kw, rest,    neg, name) {
    if (kw == "ifdef") return (rest in defd)
    if (kw == "ifndef") return !(rest in defd)
    neg = 0
    if (rest ~ /^![ \t]*defined/) { neg = 1; sub(/^![ \t]*/, "", rest) }
    if (rest ~ /^defined[ \t]*\(?[ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*\)?$/) {
        name = rest; sub(/^defined[ \t]*\(?[ \t]*/, "", name); sub(/[ \t]*\)?$/, "", name)
        return neg ? !(name in defd) : (name in defd)
    }
    if (rest ~ /^[0-9]+$/) return (rest + 0) != 0
    return 1
}
function directive(s,    t, kw, rest, name, f) {
    t = s; sub(/^[ \t]*#[ \t]*/, "", t)
    kw = t; sub(/[^a-z].*$/, "", kw)
    rest = trim(substr(t, length(kw) + 1))
    if (kw == "if" || kw == "ifdef" || kw == "ifndef") {
        depth++; parent[depth] = active
        if (!active) { taken[depth] = 1; return }
        active = cond(kw, rest); taken[depth] = active
    } else if (kw == "elif") {
        if (!parent[depth] || taken[depth]) active = 0
        else { active = cond("if", rest); taken[depth] = active }
    } else if (kw == "else") {
        active = parent[depth] && !taken[depth]; taken[depth] = 1
    } else if (kw == "endif") {
        if (depth > 0) { active = parent[depth]; depth-- }
    } else if (!active) {
        return
    } else if (kw == "define") {
        name = rest; sub(/[^A-Za-z0-9_].*$/, "", name); defd[name] = 1
        print "#define " rest
    } else if (kw == "undef") {
        delete defd[rest]; print "#undef " rest
    } else if (kw == "include" && incdir != "") {
        name = rest; sub(/^[<"]/, "", name); sub(/[>"].*$/, "", name)
        f = incdir "/" name
        if (name != "" && !(name in seen) && (getline t < f) > 0) { close(f); process(f, name) }
    }
}
function process(path, base,    line, full, was_in) {
    seen[base] = 1; full = ""; print "#file " base
    while ((getline line < path) > 0) {
        sub(/\r$/, "", line)
        if (line ~ /\\$/) { full = full substr(line, 1, length(line) - 1); continue }
        was_in = in_comment; line = strip(full line); full = ""
        if (!was_in && line ~ /^[ \t]*#/) directive(line)
        else if (active && line !~ /^[ \t]*$/) print line
    }
    close(path)
}
BEGIN { active = 1; depth = 0; in_comment = 0; process(top, topbase); exit }
'

# ---- 2. statements --------------------------------------------------------------------------
# From the preprocessed text, prints one record per top-level statement, tab-separated:
#   F name ret params     a function declaration (params = text inside the outer parentheses;
#                         anything after them, such as MPICH_API_PUBLIC, is dropped)
#   T name kind ret params  a typedef; kind is "int" (typedef int NAME;), "fn" (a function type
#                         RET NAME(PARAMS)) or "other"
#   M name params body    a #define (params is "-" for an object-like macro); U name: an #undef
#   H file                a header file the preprocessor read
# A statement starts on a line beginning with an identifier and ends at a ';' outside braces.
stmt_awk='
function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
function squeeze(s) { gsub(/[ \t]+/, " ", s); return trim(s) }
# position of the ")" matching the "(" at position p, or 0
function close_paren(s, p,    d, i, c) {
    d = 0
    for (i = p; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "(") d++
        else if (c == ")") { d--; if (d == 0) return i }
    }
    return 0
}
function emit(s,    p, q, pre, name, ret, rest, t) {
    s = squeeze(s)
    if (s ~ /^typedef /) {
        t = s; sub(/^typedef /, "", t); sub(/ ?;$/, "", t)
        if (t ~ /^int [A-Za-z_][A-Za-z0-9_]*$/) { print "T\t" substr(t, 5) "\tint\t-\t-"; return }
        p = index(t, "(")
        if (p > 0 && index(t, "{") == 0) {
            pre = trim(substr(t, 1, p - 1)); rest = substr(t, p)
            if (rest ~ /^\( ?[A-Za-z_][A-Za-z0-9_]* ?\) ?\(/) {
                # typedef RET (NAME)(params);
                q = close_paren(t, p); name = trim(substr(t, p + 1, q - p - 1)); ret = pre
                p = q + index(substr(t, q + 1), "(")
            } else if (rest ~ /^\( ?\*/) {
                # typedef RET (*NAME)(params); a pointer type
                name = rest; sub(/^\( ?\** ?/, "", name); sub(/[^A-Za-z0-9_].*$/, "", name)
                print "T\t" name "\tother\t-\t-"; return
            } else {
                # typedef RET NAME(params);
                name = pre; sub(/^.*[^A-Za-z0-9_]/, "", name)
                ret = trim(substr(pre, 1, length(pre) - length(name)))
            }
            q = close_paren(t, p)
            if (name != "" && ret != "" && q > p) {
                print "T\t" name "\tfn\t" ret "\t" trim(substr(t, p + 1, q - p - 1)); return
            }
        }
        gsub(/\{.*\}/, "", t); gsub(/\[[^]]*\]/, "", t); name = trim(t); sub(/^.*[^A-Za-z0-9_]/, "", name)
        print "T\t" name "\tother\t-\t-"; return
    }
    if (s ~ /^(extern|static|enum|struct|union) / || index(s, "{") > 0) return
    p = index(s, "(")
    if (p == 0) return
    pre = trim(substr(s, 1, p - 1))
    name = pre; sub(/^.*[^A-Za-z0-9_]/, "", name)
    ret = trim(substr(pre, 1, length(pre) - length(name)))
    if (name !~ /^[A-Za-z_][A-Za-z0-9_]*$/ || ret == "" || ret ~ /[=()]/) return
    q = close_paren(s, p)
    if (q == 0) return
    print "F\t" name "\t" ret "\t" trim(substr(s, p + 1, q - p - 1))
}
/^#file / { print "H\t" substr($0, 7); next }
/^#undef / { print "U\t" substr($0, 8); next }
/^#define / {
    t = substr($0, 9); name = t; sub(/[^A-Za-z0-9_].*$/, "", name); rest = substr(t, length(name) + 1)
    if (rest ~ /^\(/) { q = index(rest, ")"); print "M\t" name "\t" substr(rest, 2, q - 2) "\t" squeeze(substr(rest, q + 1)) }
    else print "M\t" name "\t-\t" squeeze(rest)
    next
}
{
    if (acc == "" && $0 !~ /^[A-Za-z_]/) next
    rest = $0
    while (rest != "") {
        hit = 0
        for (i = 1; i <= length(rest); i++) {
            c = substr(rest, i, 1)
            if (c == "{") depth++
            else if (c == "}") {
                depth--
                # the end of a function body or linkage block, not of a declaration
                if (depth == 0 && trim(acc " " rest) !~ /^(typedef|enum|struct|union)/) { hit = 1; break }
            } else if (c == ";" && depth == 0) {
                emit(acc " " substr(rest, 1, i)); hit = 1; break
            }
        }
        if (!hit) { acc = acc " " rest; break }
        acc = ""; rest = substr(rest, i + 1)
        if (rest !~ /[A-Za-z_]/) rest = ""
    }
}
'

preprocess() { # FILE INCDIR
    awk -v top="$1" -v topbase="$(basename "$1")" -v incdir="$2" "$cpp_awk"
}

preprocess "$mpich_h" "$mpich_dir" | awk "$stmt_awk" >"$tmp/mpich.rec"
# Rankfold's types header, then mpi.h itself (mpi_unsupported.h, which it includes, is not read).
{ preprocess "$rf_types_h" ""; preprocess "$rf_h" ""; } | awk "$stmt_awk" >"$tmp/rf.rec"

mpich_count=$(awk -F'\t' '$1 == "F" && $2 ~ /^MPI_/' "$tmp/mpich.rec" | wc -l)
[ "$mpich_count" -ge 300 ] ||
    die "found only $mpich_count MPI_ prototypes in $mpich_h (and the files it includes from $mpich_dir); is it MPICH's mpi.h?"
mpich_version=$(awk -F'\t' '$1 == "M" && $2 == "MPICH_VERSION" { gsub(/"/, "", $4); print $4; exit }' "$tmp/mpich.rec")
mpich_version=${mpich_version:-unknown}
mpich_files=$(awk -F"\t" '$1 == "H" { printf "%s%s", sep, $2; sep = ", " }' "$tmp/mpich.rec")

# ---- 3. the supported list must match mpi.h's declarations exactly --------------------------
awk '
    /^[ \t]*(#|$)/ { next }
    { n = $1; sub(/[ \t]+$/, "", n) }
    NF != 1 || n !~ /^[A-Za-z_][A-Za-z0-9_]*$/ { printf "%s:%d: not a function name: %s\n", FILENAME, FNR, $0 > "/dev/stderr"; bad = 1; next }
    { print n }
    END { exit bad }
' "$list" >"$tmp/list.raw" || die "malformed $list"
sort "$tmp/list.raw" >"$tmp/supported"
dups=$(uniq -d "$tmp/supported")
[ -z "$dups" ] || die "$list names these more than once: $(echo $dups)"
cmp -s "$tmp/list.raw" "$tmp/supported" || echo "$prog: warning: $list is not sorted" >&2

awk -F'\t' '$1 == "F" && $2 ~ /^MPI_/ { print $2 }' "$tmp/rf.rec" | sort -u >"$tmp/declared"
missing=$(comm -23 "$tmp/supported" "$tmp/declared")
extra=$(comm -13 "$tmp/supported" "$tmp/declared")
if [ -n "$missing" ] || [ -n "$extra" ]; then
    [ -z "$missing" ] || echo "$prog: error: listed in mpi_supported.list but not declared in mpi.h: $(echo $missing)" >&2
    [ -z "$extra" ] || echo "$prog: error: declared in mpi.h but missing from mpi_supported.list: $(echo $extra)" >&2
    die "$list and $rf_h must name the same functions; fix one of them and run $prog again"
fi
not_mpich=$(awk -F'\t' '$1 == "F" { print $2 }' "$tmp/mpich.rec" | sort -u | comm -23 "$tmp/supported" -)
[ -z "$not_mpich" ] || echo "$prog: note: supported but not in MPICH's headers: $(echo $not_mpich)" >&2

# ---- 4. choose and render the declarations --------------------------------------------------
gen_awk='
function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
# "void * buf" -> "void* buf" (mpi.h and .clang-format put the star on the type)
function stars(s,    out, i, c, n) {
    out = ""; n = length(s)
    for (i = 1; i <= n; i++) {
        c = substr(s, i, 1)
        if (c == "*") {
            sub(/ +$/, "", out); out = out "*"
            while (substr(s, i + 1, 1) == " ") i++
            if (substr(s, i + 1, 1) ~ /[A-Za-z_]/) out = out " "
        } else out = out c
    }
    return out
}
function norm(s) {
    gsub(/[ \t]+/, " ", s); gsub(/\( /, "(", s); gsub(/ \)/, ")", s); gsub(/ ,/, ",", s)
    gsub(/,/, ", ", s); gsub(/,  +/, ", ", s); gsub(/ \[/, "[", s)
    return stars(trim(s))
}
# split at top-level commas into parts[1..n]
function split_params(s, parts,    n, d, i, c, cur) {
    n = 0; d = 0; cur = ""
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c == "(" || c == "[") d++
        else if (c == ")" || c == "]") d--
        if (c == "," && d == 0) { parts[++n] = trim(cur); cur = "" } else cur = cur c
    }
    if (trim(cur) != "") parts[++n] = trim(cur)
    return n
}
function is_kw(w) { return w ~ /^(const|volatile|restrict|signed|unsigned|short|long|int|char|float|double|void|_Bool|struct|enum|union)$/ }
# type names (non-keyword identifiers other than parameter names) used by ret + params, space-separated
function types_of(ret, params,    parts, n, i, j, k, w, ws, m, res, p, typed) {
    res = " "
    m = split(ret, ws, /[^A-Za-z0-9_]+/)
    for (j = 1; j <= m; j++) if (ws[j] != "" && !is_kw(ws[j])) res = res ws[j] " "
    n = split_params(params, parts)
    for (i = 1; i <= n; i++) {
        p = parts[i]; gsub(/\[[^]]*\]/, " ", p)
        if (p == "..." || p == "void") continue
        m = split(p, ws, /[^A-Za-z0-9_]+/); k = 0
        for (j = 1; j <= m; j++) if (ws[j] != "") ws[++k] = ws[j]
        typed = 0
        for (j = 1; j <= k; j++) {
            w = ws[j]
            if (j == k && typed) break   # the parameter name
            if (w !~ /^(const|volatile|restrict)$/) typed = 1
            if (!is_kw(w)) res = res w " "
        }
    }
    return res
}
# 1 if every type in the list is known, importing MPICH typedefs (int handles and function types
# built from known types) as needed; sets missing_type otherwise
function known(list,    ws, m, j) {
    m = split(trim(list), ws, / /)
    for (j = 1; j <= m; j++) if (ws[j] != "" && !know(ws[j])) { missing_type = ws[j]; return 0 }
    return 1
}
function know(t) {
    if ((t in rf_type) || (t in imported)) return 1
    if ((t in trying) || !(t in mp_kind) || t !~ /^MPI_/ || t ~ /^MPI_T_/) return 0
    if (mp_kind[t] == "int") { imported[t] = "typedef int " t ";"; return 1 }
    if (mp_kind[t] != "fn") return 0
    trying[t] = 1
    if (!known(types_of(mp_ret[t], mp_params[t]))) { delete trying[t]; return 0 }
    delete trying[t]
    imported[t] = "typedef " norm(mp_ret[t]) " " t "(" norm(mp_params[t]) ");"
    return 1
}
FILENAME == supported_file { supported[$1] = 1; next }
FILENAME == rf_file {
    if ($1 == "T") rf_type[$2] = 1
    else if ($1 == "M") rf_macro[$2] = 1
    next
}
$1 == "T" { if (!($2 in mp_kind)) { mp_kind[$2] = $3; mp_ret[$2] = $4; mp_params[$2] = $5 } next }
$1 == "F" && $2 ~ /^MPI_/ {
    # mpio.h: "#define MPIO_Request MPI_Request" (ROMIO'"'"'s old name for the request type)
    p = $4; gsub(/MPIO_Request/, "MPI_Request", p)
    if (!($2 in fret)) { fret[$2] = $3; fparams[$2] = p }
    next
}
$1 == "M" { macro_params[$2] = $3; macro_body[$2] = $4; next }
$1 == "U" { delete macro_params[$2]; delete macro_body[$2]; next }
END {
    # MPICH defines the handle conversions MPI_<Obj>_f2c/_c2f as macros ((MPI_Comm)(comm) and
    # (MPI_Fint)(comm)); the standard makes them functions, so derive their prototypes.
    for (name in macro_body) {
        if (name !~ /^MPI_[A-Za-z]+_f2c$/ || macro_params[name] == "-" || (name in fret)) continue
        b = macro_body[name]; gsub(/[ ()]+/, " ", b); split(trim(b), bw, / /)
        if (bw[1] !~ /^MPI_/) continue
        arg = trim(macro_params[name])
        fret[name] = bw[1]; fparams[name] = "MPI_Fint " arg
        c2f = name; sub(/f2c$/, "c2f", c2f)
        if ((c2f in macro_body) && !(c2f in fret) && macro_body[c2f] ~ /^\(*MPI_Fint\)/) {
            fret[c2f] = "MPI_Fint"; fparams[c2f] = bw[1] " " trim(macro_params[c2f])
        }
    }
    for (name in fret) {
        if (name in supported) continue
        if (name ~ /^MPI_T_/) { n_tool++; continue }
        if (name in rf_macro) { skip_macro = skip_macro " " name; continue }
        if (!known(types_of(fret[name], fparams[name]))) { skip_type[missing_type] = skip_type[missing_type] " " name; continue }
        p = norm(fparams[name]); if (p == "") p = "void"
        print "D\t" name "\t" norm(fret[name]) "\t" p
    }
    for (t in imported) print "I\t" t "\t" imported[t]
    for (t in skip_type) print "S\t" t "\t" trim(skip_type[t])
    if (skip_macro != "") print "X\t-\t" trim(skip_macro)
    print "N\t-\t" n_tool + 0
}
'
awk -F'\t' -v supported_file="$tmp/supported" -v rf_file="$tmp/rf.rec" "$gen_awk" \
    "$tmp/supported" "$tmp/rf.rec" "$tmp/mpich.rec" | sort >"$tmp/gen"

n_decl=$(grep -c '^D' "$tmp/gen" || true)
[ "$n_decl" -gt 0 ] || die "no unsupported functions found (inputs look wrong)"
n_tool=$(awk -F'\t' '$1 == "N" { print $3 }' "$tmp/gen")

# ---- 5. write the header ----------------------------------------------------------------------
wrap_awk='
# Wraps a declaration at 100 columns after ", ", aligning continuation lines after its "(", and
# moves a trailing " RF_UNSUPPORTED(...);" that does not fit to a line of its own.
{
    line = $0; tail = ""
    t = index(line, ") RF_UNSUPPORTED(")
    if (t > 0) { tail = substr(line, t + 2); line = substr(line, 1, t) }
    if (length(line) <= 100) out = line
    else {
        p = index(line, "("); pad = sprintf("%" ((p <= 60) ? p : 8) "s", "")
        out = ""; cur = substr(line, 1, p); rest = substr(line, p + 1); first = 1
        while (rest != "") {
            q = index(rest, ", ")
            if (q > 0) { item = substr(rest, 1, q + 1); rest = substr(rest, q + 2) }
            else { item = rest; rest = "" }
            if (!first && length(cur item) - (q > 0) > 100) {
                sub(/ $/, "", cur); out = out cur "\n"; cur = pad item
            } else cur = cur item
            first = 0
        }
        out = out cur
    }
    if (tail != "") {
        last = out; sub(/^.*\n/, "", last)
        out = out ((length(last) + 1 + length(tail) <= 100) ? " " : "\n    ") tail
    }
    print out
}
'
comment_list() { # NAMES...: wrapped " *     a b c" lines
    echo "$*" | tr ' ' '\n' | sed '/^$/d' | sort -u | awk '
        { if (length(cur) + length($0) + 1 > 92) { print " *       " cur; cur = "" } cur = (cur == "") ? $0 : cur " " $0 }
        END { if (cur != "") print " *       " cur }'
}

{
    cat <<EOF
/* mpi_unsupported.h: the MPI functions Rankfold does not implement.
 *
 * GENERATED FILE, DO NOT EDIT. Regenerate with
 *     scripts/gen-mpi-unsupported.sh [path/to/mpich/mpi.h]
 * from simulated-mpi/include/mpi_supported.list (what Rankfold implements, which must match the
 * declarations in mpi.h) and the C prototypes in MPICH $mpich_version's headers
 * ($mpich_files): the MPI 3.1 and 4.0 C bindings, large-count "_c" variants included.
 *
 * mpi.h includes this file at its end. Each of the $n_decl functions below is declared with
 * RF_UNSUPPORTED(name), so calling it fails to compile with a message naming it:
 *     gcc/g++: error: call to 'MPI_Win_create' declared with attribute error:
 *              MPI_Win_create is not supported by Rankfold
 *     clang:   error: 'MPI_Win_create' is unavailable: MPI_Win_create is not supported by Rankfold
 * GCC reports the error attribute while generating code, so not under -fsyntax-only, and not
 * for a call that optimisation removes as dead code. Clang gets the "unavailable" attribute
 * instead, checked by its front end: clang reports "error" only in its back end, so not under
 * -fsyntax-only or -emit-llvm. Define RF_UNSUPPORTED(name) before including mpi.h to override
 * the attribute (e.g. as nothing, to turn the checks off).
 *
 * With RANKFOLD_LIST_UNSUPPORTED defined (rankfold-cc --list-unsupported does), the attribute is
 * "deprecated" instead: a warning that the front end gives for every use, also under
 * -fsyntax-only, so that one compile finds every call, not only the first.
 *
 * Not declared here (so a call to one is diagnosed as a call to an undeclared function):
 *   - MPICH's $n_tool MPI_T_ functions: the tool information interface, whose handle and enum
 *     types (MPI_T_enum, MPI_T_cvar_handle, MPI_T_pvar_session, ...) Rankfold does not have;
 *   - names not starting with MPI_: PMPI_ (profiling), QMPI_ (MPICH's tool interface), MPIX_
 *     (MPICH extensions), MPIO_ (ROMIO internals);
EOF
    awk -F'\t' '$1 == "S"' "$tmp/gen" | while IFS=$'\t' read -r _ type names; do
        echo " *   - functions that need MPICH's $type, a type Rankfold does not have:"
        comment_list "$names"
    done
    awk -F'\t' '$1 == "X"' "$tmp/gen" | while IFS=$'\t' read -r _ _ names; do
        echo " *   - names mpi.h defines as macros:"
        comment_list "$names"
    done
    echo " * MPI_<Obj>_c2f and _f2c, macros in MPICH, are declared here as the functions of the standard."
    if grep -q '^I' "$tmp/gen"; then
        echo " *"
        echo " * Types MPICH defines and mpi.h does not, copied from MPICH because prototypes below need them"
        echo " * (if mpi.h defines one of them itself, it should also define RF_HAVE_<type>):"
        comment_list "$(awk -F'\t' '$1 == "I" { printf "%s ", $2 }' "$tmp/gen")"
    fi
    cat <<'EOF'
 */
/* clang-format off */
#ifndef RANKFOLD_MPI_UNSUPPORTED_H
#define RANKFOLD_MPI_UNSUPPORTED_H

#ifndef RANKFOLD_MPI_H
#error "mpi_unsupported.h needs Rankfold's mpi.h; include <mpi.h> instead"
#endif

#ifndef RF_UNSUPPORTED
#if defined(RANKFOLD_LIST_UNSUPPORTED) && (defined(__clang__) || defined(__GNUC__))
#define RF_UNSUPPORTED(name) __attribute__((deprecated(#name " is not supported by Rankfold")))
#elif defined(__clang__)
#define RF_UNSUPPORTED(name) __attribute__((unavailable(#name " is not supported by Rankfold")))
#elif defined(__GNUC__)
#define RF_UNSUPPORTED(name) __attribute__((error(#name " is not supported by Rankfold")))
#else
#define RF_UNSUPPORTED(name)
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

EOF
    if grep -q '^I' "$tmp/gen"; then
        # handle typedefs ("typedef int") first: the function types may use them
        awk -F'\t' '$1 == "I" { print ($3 ~ /^typedef int [A-Za-z0-9_]+;$/ ? 0 : 1) "\t" $2 "\t" $3 }' "$tmp/gen" |
            sort -t$'\t' -k1,1 -k2,2 | while IFS=$'\t' read -r _ type text; do
            printf '#ifndef RF_HAVE_%s\n%s\n#endif\n' "$type" "$text"
        done | awk "$wrap_awk"
        echo
    fi
    awk -F'\t' '$1 == "D" { print $3 " " $2 "(" $4 ") RF_UNSUPPORTED(" $2 ");" }' "$tmp/gen" | awk "$wrap_awk"
    cat <<'EOF'

#ifdef __cplusplus
}
#endif

#endif /* RANKFOLD_MPI_UNSUPPORTED_H */
EOF
} >"$tmp/header"

if [ "$check_only" -eq 1 ]; then
    if cmp -s "$tmp/header" "$out"; then
        echo "$prog: $out is up to date ($n_decl unsupported functions)"
        exit 0
    fi
    echo "$prog: $out is out of date; run scripts/gen-mpi-unsupported.sh" >&2
    exit 1
fi
if cmp -s "$tmp/header" "$out"; then
    echo "$prog: $out unchanged ($n_decl unsupported functions)"
else
    cp "$tmp/header" "$out.tmp.$$" && mv -f "$out.tmp.$$" "$out"
    echo "$prog: wrote $out ($n_decl unsupported functions)"
fi
