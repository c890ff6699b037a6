#include "dwarf-introspect/TypeReader.hpp"

#include <utility>

namespace rankfold::dwarf {

namespace {

constexpr int kMaxDepth = 64; // guards recursion against corrupt or absurdly nested types

Encoding encodingOf(std::uint64_t ate) {
    switch (ate) {
    case DW_ATE_signed:
        return Encoding::Signed;
    case DW_ATE_unsigned:
        return Encoding::Unsigned;
    case DW_ATE_boolean:
        return Encoding::Bool;
    case DW_ATE_float:
        return Encoding::Float;
    case DW_ATE_signed_char:
        return Encoding::SignedChar;
    case DW_ATE_unsigned_char:
        return Encoding::UnsignedChar;
    default:
        return Encoding::Other;
    }
}

std::string tagged(const char* keyword, const std::string& name) {
    return std::string(keyword) + " " + (name.empty() ? "<anonymous>" : name);
}

} // namespace

TypeId TypeReader::add(VariableType type) {
    types_.push_back(std::move(type));
    return TypeId(types_.size() - 1);
}

TypeRef TypeReader::typeOf(Dwarf_Die die) {
    auto off = dies_.ref(die, DW_AT_type);
    return off ? read(*off) : TypeRef{kNoType, "void"};
}

TypeRef TypeReader::read(std::uint64_t offset, int depth) {
    if (auto it = memo_.find(offset); it != memo_.end()) return it->second;
    OwnedDie die = dies_.at(offset);
    if (!die || depth > kMaxDepth) return {kNoType, "<unreadable type>"};
    TypeRef ref = readDie(die.get(), offset, depth);
    memo_[offset] = ref;
    return ref;
}

TypeRef TypeReader::readDie(Dwarf_Die die, std::uint64_t offset, int depth) {
    Dwarf_Half tag = dies_.tag(die);
    std::string name = dies_.text(die, DW_AT_name);
    auto inner = [&] {
        auto off = dies_.ref(die, DW_AT_type);
        return off ? read(*off, depth + 1) : TypeRef{kNoType, "void"};
    };
    switch (tag) {
    case DW_TAG_typedef:
        return {inner().id, name};
    case DW_TAG_const_type:
    case DW_TAG_volatile_type:
    case DW_TAG_atomic_type:
    case DW_TAG_restrict_type: {
        TypeRef t = inner();
        const char* q = tag == DW_TAG_const_type      ? "const"
                        : tag == DW_TAG_volatile_type ? "volatile"
                        : tag == DW_TAG_atomic_type   ? "_Atomic"
                                                      : "restrict";
        bool after = t.id != kNoType && types_[t.id].kind == TypeKind::Pointer;
        return {t.id, after ? t.spelling + " " + q : std::string(q) + " " + t.spelling};
    }
    default:
        break;
    }
    VariableType type;
    type.byte_size = dies_.udata(die, DW_AT_byte_size).value_or(0);
    switch (tag) {
    case DW_TAG_base_type:
        type.kind = TypeKind::Base;
        type.name = name;
        readBase(die, type);
        break;
    case DW_TAG_pointer_type:
    case DW_TAG_reference_type:
    case DW_TAG_rvalue_reference_type: {
        // Registered before the pointee is read, so `struct node { struct node* next; }` ends.
        type.kind = TypeKind::Pointer;
        type.encoding = Encoding::Unsigned;
        if (type.byte_size == 0) type.byte_size = 8;
        TypeId id = add(std::move(type));
        memo_[offset] = {id, ""};
        TypeRef pointee = inner();
        const char* mark = tag == DW_TAG_pointer_type ? " *" : " &";
        types_[id].element = pointee.id;
        types_[id].name = pointee.spelling + mark;
        memo_[offset] = {id, types_[id].name};
        return memo_[offset];
    }
    case DW_TAG_enumeration_type:
        type.kind = TypeKind::Enum;
        type.name = tagged("enum", name);
        readEnum(die, type, depth);
        break;
    case DW_TAG_array_type: {
        type.kind = TypeKind::Array;
        TypeId id = add(std::move(type));
        readArray(die, id, depth);
        return {id, types_[id].name};
    }
    case DW_TAG_structure_type:
    case DW_TAG_class_type:
    case DW_TAG_union_type: {
        type.kind = TypeKind::Record;
        type.is_union = tag == DW_TAG_union_type;
        type.name = tagged(tag == DW_TAG_structure_type ? "struct"
                           : tag == DW_TAG_class_type   ? "class"
                                                        : "union",
                           name);
        type.incomplete = dies_.has(die, DW_AT_declaration);
        TypeId id = add(std::move(type));
        memo_[offset] = {id, types_[id].name}; // before members: they may point back at it
        readRecord(die, id, depth);
        return {id, types_[id].name};
    }
    case DW_TAG_subroutine_type:
        type.name = "function";
        break;
    case DW_TAG_ptr_to_member_type:
        type.name = "pointer to member";
        break;
    case DW_TAG_unspecified_type: // C++ decltype(nullptr): a pointer-sized null
        type.kind = TypeKind::Pointer;
        type.encoding = Encoding::Unsigned;
        type.name = name;
        break;
    default:
        type.name = name.empty() ? "<unsupported type>" : name;
        break;
    }
    TypeId id = add(std::move(type));
    return {id, types_[id].name};
}

void TypeReader::readBase(Dwarf_Die die, VariableType& out) {
    out.encoding = encodingOf(dies_.udata(die, DW_AT_encoding).value_or(0));
}

// C enums have no DW_AT_type before DWARF 5 practice caught on; GCC gives an unsigned underlying
// type unless an enumerator is negative, which is what the enumerators then show.
void TypeReader::readEnum(Dwarf_Die die, VariableType& out, int depth) {
    if (auto off = dies_.ref(die, DW_AT_type)) {
        TypeRef under = read(*off, depth + 1);
        if (under.id != kNoType) out.encoding = types_[under.id].encoding;
        if (out.encoding == Encoding::SignedChar) out.encoding = Encoding::Signed;
        if (out.encoding == Encoding::UnsignedChar) out.encoding = Encoding::Unsigned;
        if (out.encoding == Encoding::Signed || out.encoding == Encoding::Unsigned) return;
    }
    out.encoding = Encoding::Unsigned;
    dies_.forEachChild(die, [&](Dwarf_Die e) {
        Dwarf_Attribute attr = nullptr;
        if (dies_.tag(e) != DW_TAG_enumerator ||
            !dies_.ok(dwarf_attr(e, DW_AT_const_value, &attr, dies_.err())))
            return;
        Dwarf_Half form = 0;
        Dwarf_Signed v = 0;
        if (dies_.ok(dwarf_whatform(attr, &form, dies_.err())) && form == DW_FORM_sdata &&
            dies_.ok(dwarf_formsdata(attr, &v, dies_.err())) && v < 0)
            out.encoding = Encoding::Signed;
        dwarf_dealloc_attribute(attr);
    });
}

void TypeReader::readArray(Dwarf_Die die, TypeId id, int depth) {
    TypeRef element{kNoType, "void"};
    if (auto off = dies_.ref(die, DW_AT_type)) element = read(*off, depth + 1);
    std::vector<std::uint64_t> counts;
    dies_.forEachChild(die, [&](Dwarf_Die sub) {
        if (dies_.tag(sub) != DW_TAG_subrange_type) return;
        std::uint64_t lower = dies_.udata(sub, DW_AT_lower_bound).value_or(0);
        if (auto count = dies_.udata(sub, DW_AT_count))
            counts.push_back(*count);
        else if (auto upper = dies_.udata(sub, DW_AT_upper_bound); upper && *upper + 1 > lower)
            counts.push_back(*upper + 1 - lower);
        else if (upper && *upper + 1 == lower) // GCC: `int a[0]` has upper bound -1
            counts.push_back(0);
        else // no bound (flexible member, `extern int a[]`) or a runtime one (VLA)
            counts.push_back(kUnknownCount);
    });
    if (counts.empty()) counts.push_back(kUnknownCount);
    VariableType& out = types_[id];
    out.element = element.id;
    out.counts = counts;
    out.name = element.spelling;
    std::uint64_t size = element.id == kNoType ? 0 : types_[element.id].byte_size;
    for (std::uint64_t c : counts) {
        out.name += c == kUnknownCount ? "[]" : "[" + std::to_string(c) + "]";
        size = c == kUnknownCount ? 0 : size * c;
    }
    if (out.byte_size == 0) out.byte_size = size;
}

void TypeReader::readRecord(Dwarf_Die die, TypeId id, int depth) {
    std::vector<Member> members;
    dies_.forEachChild(die, [&](Dwarf_Die m) {
        Dwarf_Half tag = dies_.tag(m);
        // Static data members are DW_TAG_variable (DWARF 5) or declarations: not in the layout.
        if ((tag != DW_TAG_member && tag != DW_TAG_inheritance) || dies_.has(m, DW_AT_declaration))
            return;
        Member member;
        member.name = tag == DW_TAG_member ? dies_.text(m, DW_AT_name) : "";
        member.is_base_class = tag == DW_TAG_inheritance;
        auto offset = memberOffset(m);
        if (!offset) { // e.g. a virtual base, located at run time
            types_[id].partial_layout = true;
            return;
        }
        member.offset = *offset;
        member.bit_size = std::uint32_t(dies_.udata(m, DW_AT_bit_size).value_or(0));
        if (auto off = dies_.ref(m, DW_AT_type)) {
            TypeRef t = read(*off, depth + 1);
            member.type = t.id;
            member.spelling = t.spelling;
        }
        members.push_back(std::move(member));
    });
    types_[id].members = std::move(members);
}

// DW_AT_data_member_location is a constant (DWARF 3+), or in old producers an expression
// DW_OP_plus_uconst N; union members may omit it. DW_AT_data_bit_offset (bit fields) says where
// the bits start; the byte offset of the containing storage is its multiple of 8 below.
std::optional<std::uint64_t> TypeReader::memberOffset(Dwarf_Die member) {
    if (auto v = dies_.udata(member, DW_AT_data_member_location)) return v;
    if (auto bits = dies_.udata(member, DW_AT_data_bit_offset)) return *bits / 8;
    Dwarf_Attribute attr = nullptr;
    if (!dies_.ok(dwarf_attr(member, DW_AT_data_member_location, &attr, dies_.err()))) return 0;
    Dwarf_Unsigned len = 0;
    Dwarf_Ptr bytes = nullptr;
    std::optional<std::uint64_t> out;
    if (dies_.ok(dwarf_formexprloc(attr, &len, &bytes, dies_.err())) && len >= 2 &&
        static_cast<const unsigned char*>(bytes)[0] == DW_OP_plus_uconst) {
        const auto* p = static_cast<const unsigned char*>(bytes) + 1;
        std::uint64_t v = 0;
        int shift = 0;
        for (Dwarf_Unsigned i = 1; i < len && shift < 64; ++i, ++p, shift += 7) {
            v |= std::uint64_t(*p & 0x7f) << shift;
            if (!(*p & 0x80)) {
                out = v;
                break;
            }
        }
    }
    dwarf_dealloc_attribute(attr);
    return out;
}

} // namespace rankfold::dwarf
