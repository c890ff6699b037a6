// Small helpers over libdwarf's DIE attribute calls, shared by the GlobalVariables readers:
// absent attributes are normal, so every failed lookup frees its error at once and answers
// "nothing" instead of letting errors pile up until dwarf_finish.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

// libdwarf.h needs dwarf.h first. Debian installs both in /usr/include/libdwarf, which may or may
// not be on the include path.
#if __has_include(<libdwarf.h>)
#include <dwarf.h>
#include <libdwarf.h>
#else
#include <libdwarf/dwarf.h>
#include <libdwarf/libdwarf.h>
#endif

namespace rankfold::dwarf {

inline constexpr Dwarf_Bool kDieIsInfo = 1; // variables live in .debug_info, never .debug_types

// A DIE this code obtained and must release.
class OwnedDie {
public:
    OwnedDie() = default;
    explicit OwnedDie(Dwarf_Die die) : die_(die) {}
    OwnedDie(OwnedDie&& other) noexcept : die_(other.die_) { other.die_ = nullptr; }
    OwnedDie& operator=(OwnedDie&& other) noexcept {
        std::swap(die_, other.die_);
        return *this;
    }
    ~OwnedDie() {
        if (die_) dwarf_dealloc_die(die_);
    }
    Dwarf_Die get() const { return die_; }
    explicit operator bool() const { return die_ != nullptr; }

private:
    Dwarf_Die die_ = nullptr;
};

class DieReader {
public:
    explicit DieReader(Dwarf_Debug dbg) : dbg_(dbg) {}
    DieReader(const DieReader&) = delete;
    DieReader& operator=(const DieReader&) = delete;
    ~DieReader() { drop(); }

    Dwarf_Debug debug() const { return dbg_; }

    bool ok(int res) {
        if (res == DW_DLV_ERROR) drop();
        return res == DW_DLV_OK;
    }
    Dwarf_Error* err() { return &err_; }

    Dwarf_Half tag(Dwarf_Die die) {
        Dwarf_Half t = 0;
        return ok(dwarf_tag(die, &t, &err_)) ? t : 0;
    }
    std::uint64_t offset(Dwarf_Die die) {
        Dwarf_Off off = 0;
        return ok(dwarf_dieoffset(die, &off, &err_)) ? off : ~std::uint64_t{0};
    }
    bool has(Dwarf_Die die, Dwarf_Half at) {
        Dwarf_Bool yes = 0;
        return ok(dwarf_hasattr(die, at, &yes, &err_)) && yes;
    }
    // A string attribute, "" when absent. libdwarf points into its string sections: not freed.
    std::string text(Dwarf_Die die, Dwarf_Half at) {
        char* s = nullptr;
        return ok(dwarf_die_text(die, at, &s, &err_)) && s ? s : "";
    }
    // An unsigned constant (data1..8, udata, implicit_const), nullopt when absent or not one.
    // libdwarf 20210528 reads DW_FORM_implicit_const (GCC 12 uses it for sizes shared by many
    // DIEs) only through dwarf_formsdata.
    std::optional<std::uint64_t> udata(Dwarf_Die die, Dwarf_Half at) {
        Dwarf_Attribute attr = nullptr;
        if (!ok(dwarf_attr(die, at, &attr, &err_))) return std::nullopt;
        Dwarf_Half form = 0;
        Dwarf_Unsigned v = 0;
        Dwarf_Signed sv = 0;
        bool got = false;
        if (ok(dwarf_whatform(attr, &form, &err_)) && form == DW_FORM_implicit_const) {
            got = ok(dwarf_formsdata(attr, &sv, &err_));
            v = static_cast<Dwarf_Unsigned>(sv);
        } else {
            got = ok(dwarf_formudata(attr, &v, &err_));
        }
        dwarf_dealloc_attribute(attr);
        return got ? std::optional<std::uint64_t>(v) : std::nullopt;
    }
    // A signed constant (DW_FORM_sdata and the fixed-size data forms).
    std::optional<std::int64_t> sdata(Dwarf_Die die, Dwarf_Half at) {
        Dwarf_Attribute attr = nullptr;
        if (!ok(dwarf_attr(die, at, &attr, &err_))) return std::nullopt;
        Dwarf_Signed v = 0;
        bool got = ok(dwarf_formsdata(attr, &v, &err_));
        dwarf_dealloc_attribute(attr);
        return got ? std::optional<std::int64_t>(v) : std::nullopt;
    }
    // The .debug_info offset a reference attribute (DW_AT_type, DW_AT_specification...) names.
    std::optional<std::uint64_t> ref(Dwarf_Die die, Dwarf_Half at) {
        Dwarf_Attribute attr = nullptr;
        if (!ok(dwarf_attr(die, at, &attr, &err_))) return std::nullopt;
        Dwarf_Off off = 0;
        bool got = ok(dwarf_global_formref(attr, &off, &err_));
        dwarf_dealloc_attribute(attr);
        return got ? std::optional<std::uint64_t>(off) : std::nullopt;
    }
    OwnedDie at(std::uint64_t off) {
        Dwarf_Die die = nullptr;
        return ok(dwarf_offdie_b(dbg_, off, kDieIsInfo, &die, &err_)) ? OwnedDie(die) : OwnedDie();
    }
    OwnedDie firstChild(Dwarf_Die die) {
        Dwarf_Die child = nullptr;
        return ok(dwarf_child(die, &child, &err_)) ? OwnedDie(child) : OwnedDie();
    }
    OwnedDie nextSibling(Dwarf_Die die) {
        Dwarf_Die next = nullptr;
        return ok(dwarf_siblingof_b(dbg_, die, kDieIsInfo, &next, &err_)) ? OwnedDie(next)
                                                                          : OwnedDie();
    }
    // Calls f(child) for every child of `die`, releasing each after the call.
    template <typename F> void forEachChild(Dwarf_Die die, F&& f) {
        for (OwnedDie child = firstChild(die); child; child = nextSibling(child.get()))
            f(child.get());
    }

private:
    void drop() {
        if (err_) dwarf_dealloc_error(dbg_, err_);
        err_ = nullptr;
    }

    Dwarf_Debug dbg_;
    Dwarf_Error err_ = nullptr;
};

} // namespace rankfold::dwarf
