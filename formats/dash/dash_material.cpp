#include "formats/dash/dash_material.h"

#include <cmath>
#include <limits>

#include "formats/dash/dash_doc.h"
#include "formats/text_encoding.h"

namespace bonescope::dash {

namespace {

using ojson = nlohmann::ordered_json;

enum class Kind { U16, S16, U32, F32, Str12 };
struct Field {
    const char* key;
    Kind kind;
    int count;
};

// DashMaterial_t of 1.5 after the name (FORMATS.md / sec4).
const Field kFields15[] = {
    {"id", Kind::S16, 1},          {"tex_id", Kind::S16, 1},        {"use_blending", Kind::U16, 1},
    {"blend_equation", Kind::U16, 1}, {"blend_src", Kind::U16, 1},  {"blend_dst", Kind::U16, 1},
    {"skinning", Kind::U16, 1},    {"shader_type", Kind::U16, 1},   {"face_side", Kind::U16, 1},
    {"shadow_side", Kind::U16, 1}, {"ignore_lights", Kind::U16, 1}, {"vertex_color", Kind::U16, 1},
    {"use_alpha", Kind::U16, 1},   {"skip_render", Kind::U16, 1},   {"alpha_test", Kind::F32, 1},
    {"diffuse", Kind::F32, 4},     {"emissive", Kind::F32, 4},      {"specular", Kind::F32, 4},
};
// DashMaterial of 2.0 (material.md) after the name.
const Field kFields20[] = {
    {"index", Kind::U32, 1},        {"shader", Kind::Str12, 1},           {"visible", Kind::U32, 1},
    {"transparent", Kind::U32, 1},  {"vertexColors", Kind::U32, 1},       {"flatShading", Kind::U32, 1},
    {"renderSide", Kind::U32, 1},   {"alphaTest", Kind::F32, 1},          {"useMap", Kind::U32, 1},
    {"mapIndex", Kind::U32, 1},     {"blending", Kind::U32, 1},           {"blendingEquation", Kind::U32, 1},
    {"blendingSrc", Kind::U32, 1},  {"blendingDst", Kind::U32, 1},        {"color", Kind::F32, 3},
    {"opacity", Kind::F32, 1},      {"specular", Kind::F32, 3},           {"shininess", Kind::F32, 1},
    {"emissive", Kind::F32, 3},     {"emissiveIntensity", Kind::F32, 1},
};

std::span<const Field> fieldsOf(Variant v)
{
    if (isV2(v))
        return kFields20;
    return kFields15;
}

ojson readOne(ByteReader& r, Kind k, const char* what)
{
    switch (k) {
    case Kind::U16: return r.u16(what);
    case Kind::S16: return r.s16(what);
    case Kind::U32: return r.u32(what);
    case Kind::F32: return r.finiteF32(what);
    case Kind::Str12: return r.fixedString(12, what);
    }
    return nullptr;
}

double num(const ojson& v, double fallback)
{
    return v.is_number() ? v.get<double>() : fallback;
}

// The integer part of `d` as a T, or `fallback` when T cannot hold it: converting a double outside
// the target's range is undefined behaviour, and JSON materials may hold any number.
template <class T>
T fitInt(double d, T fallback)
{
    const double t = std::trunc(d);
    if (!(t >= double(std::numeric_limits<T>::min()) && t <= double(std::numeric_limits<T>::max())))
        return fallback;
    return T(t);
}

void writeOne(ByteWriter& w, Kind k, const ojson& v)
{
    switch (k) {
    case Kind::U16: w.u16(fitInt<uint16_t>(num(v, 0), 0)); break;
    case Kind::S16: w.s16(fitInt<int16_t>(num(v, 0), 0)); break;
    case Kind::U32: w.u32(uint32_t(fitInt<int64_t>(num(v, 0), 0))); break;
    case Kind::F32: w.f32(float(num(v, 0))); break;
    case Kind::Str12: w.fixedString(v.is_string() ? v.get<std::string>() : std::string(), 12); break;
    }
}

// Name, texture and diffuse as each representation spells them.
void sharedFields(DashMaterial& m)
{
    const ojson& n = m.native;
    auto at = [&](const char* key, int i, double fallback) {
        auto it = n.find(key);
        if (it == n.end())
            return fallback;
        if (it->is_array())
            return i < int(it->size()) ? num((*it)[i], fallback) : fallback;
        return i == 0 ? num(*it, fallback) : fallback;
    };
    if (materialFamily(m.source) == 0) {
        const double tex = at("tex_id", 0, -1);
        m.texture = tex >= 0 ? fitInt<int>(tex, -1) : -1;
        for (int i = 0; i < 4; ++i)
            m.diffuse[i] = float(at("diffuse", i, 1));
    } else if (materialFamily(m.source) == 1) {
        m.texture = at("useMap", 0, 0) != 0 ? fitInt<int>(at("mapIndex", 0, 0), -1) : -1;
        for (int i = 0; i < 3; ++i)
            m.diffuse[i] = float(at("color", i, 1));
        m.diffuse[3] = float(at("opacity", 0, 1));
    } else {
        m.texture = fitInt<int>(at("map", 0, -1), -1);
        std::array<uint8_t, 4> c{255, 255, 255, 255};
        auto it = n.find("color");
        if (it != n.end() && it->is_string())
            parseColor(it->get<std::string>(), c);
        for (int i = 0; i < 3; ++i)
            m.diffuse[i] = c[i] / 255.f;
        m.diffuse[3] = float(at("opacity", 0, 1));
    }
}

} // namespace

int materialFamily(Variant v)
{
    return v == Variant::Dmx20Json ? 2 : isV2(v) ? 1 : 0;
}

size_t materialRecordSize(Variant v) { return isV2(v) ? 0x90 : 0x70; }

void readMaterial(ByteReader& r, Variant v, DashMaterial& m)
{
    m.name = r.fixedString(NameBytes, "material name");
    m.source = v;
    m.native = ojson::object();
    for (const Field& f : fieldsOf(v)) {
        if (f.count == 1) {
            m.native[f.key] = readOne(r, f.kind, f.key);
        } else {
            ojson arr = ojson::array();
            for (int i = 0; i < f.count; ++i)
                arr.push_back(readOne(r, f.kind, f.key));
            m.native[f.key] = std::move(arr);
        }
    }
    sharedFields(m);
}

void writeMaterial(ByteWriter& w, Variant v, const DashMaterial& m)
{
    w.fixedString(fitName(m.name), NameBytes);
    for (const Field& f : fieldsOf(v)) {
        auto it = m.native.find(f.key);
        const ojson value = it == m.native.end() ? ojson() : *it;
        for (int i = 0; i < f.count; ++i)
            writeOne(w, f.kind, f.count == 1 ? value : (value.is_array() && i < int(value.size()) ? value[i] : ojson()));
    }
}

void materialFromJson(const ojson& obj, Variant v, DashMaterial& m)
{
    if (!obj.is_object())
        throw ParseError("a material is not a JSON object");
    auto name = obj.find("name");
    if (name == obj.end() || !name->is_string())
        throw ParseError("a material has no \"name\" string");
    m.name = name->get<std::string>();
    m.source = v;
    m.native = obj;
    m.native.erase("name");
    sharedFields(m);
}

ojson materialToJson(const DashMaterial& m, Variant)
{
    ojson o = ojson::object();
    o["name"] = validUtf8(m.name); // JSON text: a 1.5 binary name may be any bytes
    for (auto it = m.native.begin(); it != m.native.end(); ++it)
        o[it.key()] = it.value();
    return o;
}

DashMaterial convertMaterial(const DashMaterial& m, Variant target, int index)
{
    if (materialFamily(m.source) == materialFamily(target) && !m.native.empty()) {
        DashMaterial same = m;
        same.source = target;
        return same;
    }
    DashMaterial out;
    out.name = m.name;
    out.texture = m.texture;
    out.diffuse = m.diffuse;
    out.source = target;
    ojson& n = out.native;
    switch (materialFamily(target)) {
    case 0:
        for (const Field& f : kFields15)
            n[f.key] = f.count == 1 ? ojson(0) : ojson::array({0, 0, 0, 0});
        n["id"] = index;
        n["tex_id"] = m.texture;
        n["diffuse"] = ojson::array({m.diffuse.r, m.diffuse.g, m.diffuse.b, m.diffuse.a});
        break;
    case 1:
        for (const Field& f : kFields20)
            n[f.key] = f.count == 1 ? ojson(0) : ojson::array({0, 0, 0});
        n["index"] = index;
        n["shader"] = "basic";
        n["visible"] = 1;
        n["useMap"] = m.texture >= 0 ? 1 : 0;
        n["mapIndex"] = m.texture >= 0 ? m.texture : 0;
        n["color"] = ojson::array({m.diffuse.r, m.diffuse.g, m.diffuse.b});
        n["opacity"] = m.diffuse.a;
        break;
    default: {
        std::array<uint8_t, 4> c;
        for (int i = 0; i < 4; ++i)
            c[i] = uint8_t(std::lround(std::clamp(m.diffuse[i], 0.f, 1.f) * 255));
        n["shader"] = "basic";
        n["map"] = m.texture >= 0 ? ojson(m.texture) : ojson(nullptr);
        n["color"] = formatColor({c[0], c[1], c[2], 255}, false);
        n["opacity"] = m.diffuse.a;
        break;
    }
    }
    return out;
}

} // namespace bonescope::dash
