// Reading the JSON forms. Every value is type-checked before use; errors name the JSON path.
#include <cmath>
#include <cstring>

#include "formats/dash/dash_json.h"
#include "formats/dash/dash_material.h"
#include "formats/json_parse.h"

namespace bonescope::dash {

namespace {

using ojson = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& path, const std::string& why) { throw ParseError(path + ": " + why); }

const ojson* find(const ojson& o, const char* key)
{
    auto it = o.find(key);
    return it == o.end() ? nullptr : &*it;
}

const ojson& need(const ojson& o, const char* key, const std::string& path)
{
    const ojson* v = find(o, key);
    if (!v)
        fail(path, std::string("missing \"") + key + "\"");
    return *v;
}

const ojson& object(const ojson& v, const std::string& path)
{
    if (!v.is_object())
        fail(path, "expected an object");
    return v;
}

const ojson& array(const ojson& v, const std::string& path, size_t exact = SIZE_MAX)
{
    if (!v.is_array())
        fail(path, "expected an array");
    if (exact != SIZE_MAX && v.size() != exact)
        fail(path, "expected " + std::to_string(exact) + " elements, found " + std::to_string(v.size()));
    return v;
}

double number(const ojson& v, const std::string& path)
{
    if (!v.is_number())
        fail(path, "expected a number");
    const double d = v.get<double>();
    if (!std::isfinite(d))
        fail(path, "is not a finite number");
    return d;
}

int64_t integer(const ojson& v, const std::string& path, int64_t lo, int64_t hi)
{
    const double d = number(v, path);
    if (d != std::floor(d) || d < double(lo) || d > double(hi))
        fail(path, "expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    return int64_t(d);
}

std::string string(const ojson& v, const std::string& path)
{
    if (!v.is_string())
        fail(path, "expected a string");
    return v.get<std::string>();
}

template <size_t N>
std::array<double, N> numbers(const ojson& v, const std::string& path)
{
    array(v, path, N);
    std::array<double, N> out;
    for (size_t i = 0; i < N; ++i)
        out[i] = number(v[i], path + "[" + std::to_string(i) + "]");
    return out;
}

// A list that may be absent (empty); each element passed to `each(element, path, index)`.
template <class F>
void list(const ojson& top, const char* key, const std::string& path, F each)
{
    const ojson* v = find(top, key);
    if (!v)
        return;
    array(*v, path + key);
    for (size_t i = 0; i < v->size(); ++i)
        each((*v)[i], path + key + "[" + std::to_string(i) + "]", i);
}

std::string at(const std::string& path, const char* key) { return path + "." + key; }

void textureData(const ojson& o, const std::string& path, DashTexture& t)
{
    const std::string uri = string(need(o, "data", path), at(path, "data"));
    if (!decodeDataUri(uri, t.mime, t.data))
        fail(at(path, "data"), "expected a base64 data URI (data:image/png;base64,...)");
}

uint32_t wrapOf(const ojson& v, const std::string& path)
{
    if (v.is_number())
        return uint32_t(integer(v, path, 0, 0xFFFFFFFF));
    const std::string s = string(v, path);
    if (s == "repeat") return WrapRepeat;
    if (s == "clamp") return WrapClamp;
    if (s == "mirror") return WrapMirror;
    fail(path, "expected \"repeat\", \"clamp\" or \"mirror\"");
}

void colorOf(const ojson& v, const std::string& path, DashCorner& c)
{
    c.colorText = string(v, path);
    if (!parseColor(c.colorText, c.color))
        fail(path, "expected \"rgb(r, g, b)\" or \"rgba(r, g, b, a)\"");
}

void readMaterials(const ojson& top, const char* key, DashExtra& x)
{
    list(top, key, "", [&](const ojson& o, const std::string& p, size_t) {
        DashMaterial m;
        try {
            materialFromJson(o, x.variant, m);
        } catch (const ParseError& e) {
            fail(p, e.reason());
        }
        x.materials.push_back(std::move(m));
    });
}

DashRecord15 record15(const ojson& o, const std::string& p)
{
    object(o, p);
    DashRecord15 r;
    r.bone = int32_t(integer(need(o, "bone_id", p), at(p, "bone_id"), -32768, 32767));
    r.time = number(need(o, "time", p), at(p, "time"));
    if (const ojson* v = find(o, "pos")) {
        r.pos = numbers<3>(*v, at(p, "pos"));
        r.flags |= PrsPos;
    }
    if (const ojson* v = find(o, "rot")) {
        r.rot = numbers<4>(*v, at(p, "rot"));
        r.flags |= PrsRot;
    }
    if (const ojson* v = find(o, "scl")) {
        r.scl = numbers<3>(*v, at(p, "scl"));
        r.flags |= PrsScl;
    }
    return r;
}

void read15(const ojson& top, DashDoc& doc)
{
    DashExtra& x = doc.file;
    list(top, "textures", "", [&](const ojson& o, const std::string& p, size_t i) {
        object(o, p);
        DashTexture t;
        t.name = string(need(o, "name", p), at(p, "name"));
        t.id = uint32_t(int32_t(find(o, "id") ? integer(o["id"], at(p, "id"), -32768, 32767) : int64_t(i)));
        t.flipY = find(o, "flip_y") ? uint32_t(integer(o["flip_y"], at(p, "flip_y"), 0, 65535)) : 0;
        t.width = find(o, "width") ? uint32_t(integer(o["width"], at(p, "width"), 0, 65535)) : 0;
        t.height = find(o, "height") ? uint32_t(integer(o["height"], at(p, "height"), 0, 65535)) : 0;
        t.wrapS = find(o, "wrap_s") ? wrapOf(o["wrap_s"], at(p, "wrap_s")) : WrapClamp;
        t.wrapT = find(o, "wrap_t") ? wrapOf(o["wrap_t"], at(p, "wrap_t")) : WrapClamp;
        textureData(o, p, t);
        x.textures.push_back(std::move(t));
    });
    readMaterials(top, "materials", x);
    x.verticesKey = find(top, "vertices") || !find(top, "verterices") ? "vertices" : "verterices";
    list(top, x.verticesKey.c_str(), "", [&](const ojson& o, const std::string& p, size_t) {
        object(o, p);
        const auto pos = numbers<3>(need(o, "pos", p), at(p, "pos"));
        doc.positions.push_back(glm::vec3(pos[0], pos[1], pos[2]));
        glm::ivec4 skin(0);
        glm::vec4 weight(0.f);
        if (const ojson* v = find(o, "skin_index")) {
            array(*v, at(p, "skin_index"), 4);
            for (int s = 0; s < 4; ++s)
                skin[s] = int(integer((*v)[s], at(p, "skin_index"), -32768, 32767));
        }
        if (const ojson* v = find(o, "skin_weight")) {
            const auto w = numbers<4>(*v, at(p, "skin_weight"));
            weight = glm::vec4(w[0], w[1], w[2], w[3]);
        }
        x.skinIndex.push_back(skin);
        doc.weights.push_back(weight);
    });
    list(top, "faces", "", [&](const ojson& o, const std::string& p, size_t) {
        object(o, p);
        DashFace f;
        f.material = uint32_t(integer(need(o, "material", p), at(p, "material"), 0, 65535));
        const ojson& idx = array(need(o, "indices", p), at(p, "indices"), 3);
        const ojson* colors = find(o, "verex_color");
        const ojson* normals = find(o, "normals");
        const ojson* uvs = find(o, "diffuse_uv");
        if (colors) array(*colors, at(p, "verex_color"), 3);
        if (normals) array(*normals, at(p, "normals"), 3);
        if (uvs) array(*uvs, at(p, "diffuse_uv"), 3);
        for (int c = 0; c < 3; ++c) {
            DashCorner& k = f.corners[c];
            const std::string n = "[" + std::to_string(c) + "]";
            k.index = uint32_t(integer(idx[c], at(p, "indices") + n, 0, 0xFFFFFFFF));
            k.present = (colors ? 1 : 0) | (normals ? 2 : 0) | (uvs ? 4 : 0);
            if (colors)
                colorOf((*colors)[c], at(p, "verex_color") + n, k);
            if (normals) {
                const auto v = numbers<3>((*normals)[c], at(p, "normals") + n);
                k.normal = glm::vec3(v[0], v[1], v[2]);
            }
            if (uvs) {
                const auto v = numbers<2>((*uvs)[c], at(p, "diffuse_uv") + n);
                k.uv = glm::vec2(v[0], v[1]);
            }
        }
        x.faces.push_back(f);
    });
    list(top, "skeleton", "", [&](const ojson& o, const std::string& p, size_t i) {
        object(o, p);
        Bone b;
        DashBoneRaw raw;
        b.name = string(need(o, "name", p), at(p, "name"));
        raw.id = find(o, "id") ? integer(o["id"], at(p, "id"), -32768, 32767) : int64_t(i);
        raw.parentRaw = integer(need(o, "parent_id", p), at(p, "parent_id"), -1, 32767);
        const ojson& m = array(need(o, "matrix", p), at(p, "matrix"), 16);
        for (int k = 0; k < 16; ++k)
            raw.matrix[k] = float(number(m[k], at(p, "matrix")));
        raw.hasMatrix = true;
        decomposeMatrix(raw.matrix, b.restTranslation, b.restRotation, b.restScale);
        b.parent = decodeParent(raw.parentRaw, i, false);
        raw.t = b.restTranslation;
        raw.r = b.restRotation;
        raw.s = b.restScale;
        doc.skeleton.bones.push_back(std::move(b));
        x.bones.push_back(raw);
    });
    list(top, "animations", "", [&](const ojson& o, const std::string& p, size_t i) {
        object(o, p);
        DocAnimation a;
        a.name = string(need(o, "name", p), at(p, "name"));
        a.raw.id = find(o, "id") ? integer(o["id"], at(p, "id"), -32768, 32767) : int64_t(i);
        a.raw.fpsRaw = find(o, "fps") ? uint32_t(integer(o["fps"], at(p, "fps"), 0, 65535)) : 0;
        a.duration = number(need(o, "duration", p), at(p, "duration"));
        list(o, "tracks", p + ".", [&](const ojson& t, const std::string& tp, size_t) {
            a.raw.records.push_back(record15(t, tp));
        });
        doc.animations.push_back(std::move(a));
    });
}

glm::dvec3 xyz(const ojson& o, const std::string& p)
{
    object(o, p);
    return {number(need(o, "x", p), at(p, "x")), number(need(o, "y", p), at(p, "y")),
            number(need(o, "z", p), at(p, "z"))};
}

uint32_t keyType(const ojson& v, const std::string& p)
{
    if (v.is_number())
        return uint32_t(integer(v, p, 1, 3));
    const std::string s = string(v, p);
    if (s == "position") return TypePos;
    if (s == "rotation") return TypeRot;
    if (s == "scale") return TypeScl;
    fail(p, "expected \"position\", \"rotation\" or \"scale\"");
}

void animation20(const ojson& o, const std::string& p, size_t i, DashDoc& doc)
{
    object(o, p);
    DocAnimation a;
    a.raw.v2 = true;
    a.raw.id = int64_t(i);
    a.name = string(need(o, "name", p), at(p, "name"));
    a.duration = number(need(o, "duration", p), at(p, "duration"));
    list(o, "keyframes", p + ".", [&](const ojson& k, const std::string& kp, size_t n) {
        object(k, kp);
        DashKey20 key;
        key.index = uint32_t(n);
        key.time = number(need(k, "time", kp), at(kp, "time"));
        key.bone = uint32_t(integer(need(k, "boneIndex", kp), at(kp, "boneIndex"), 0, 0xFFFFFFFF));
        key.type = keyType(need(k, "type", kp), at(kp, "type"));
        const char* names[] = {"x", "y", "z"};
        for (int c = 0; c < 3; ++c)
            key.value[c] = number(need(k, names[c], kp), at(kp, names[c]));
        const ojson* w = find(k, "w");
        key.hasW = w && !w->is_null();
        if (key.type == TypeRot && !key.hasW)
            fail(kp, "a rotation keyframe needs \"w\"");
        key.value[3] = key.hasW ? number(*w, at(kp, "w")) : 0.0;
        a.raw.keyframes.push_back(key);
    });
    doc.animations.push_back(std::move(a));
}

void read20(const ojson& top, DashDoc& doc)
{
    DashExtra& x = doc.file;
    list(top, "texture", "", [&](const ojson& o, const std::string& p, size_t i) {
        object(o, p);
        DashTexture t;
        t.id = uint32_t(i);
        t.name = string(need(o, "name", p), at(p, "name"));
        t.present = 0;
        if (const ojson* v = find(o, "flipY")) {
            if (!v->is_boolean())
                fail(at(p, "flipY"), "expected true or false");
            t.flipY = v->get<bool>();
            t.present |= 1;
        }
        if (find(o, "width") || find(o, "height")) {
            t.width = uint32_t(integer(need(o, "width", p), at(p, "width"), 0, 0xFFFFFFFF));
            t.height = uint32_t(integer(need(o, "height", p), at(p, "height"), 0, 0xFFFFFFFF));
            t.present |= 2;
        }
        if (const ojson* v = find(o, "wrapS")) {
            t.wrapS = wrapOf(*v, at(p, "wrapS"));
            t.present |= 4;
        }
        if (const ojson* v = find(o, "wrapT")) {
            t.wrapT = wrapOf(*v, at(p, "wrapT"));
            t.present |= 8;
        }
        textureData(o, p, t);
        x.textures.push_back(std::move(t));
    });
    readMaterials(top, "material", x);
    list(top, "vertex", "", [&](const ojson& o, const std::string& p, size_t i) {
        object(o, p);
        doc.positions.push_back(glm::vec3(xyz(o, p)));
        x.vertexIds.push_back(uint32_t(i));
        glm::ivec4 skin(0);
        glm::vec4 weight(0.f);
        uint8_t present = 0;
        if (const ojson* v = find(o, "skinIndex")) {
            array(*v, at(p, "skinIndex"));
            if (v->size() > 4)
                fail(at(p, "skinIndex"), "has more than 4 elements");
            for (size_t s = 0; s < v->size(); ++s)
                skin[int(s)] = int(integer((*v)[s], at(p, "skinIndex"), 0, 0x7FFFFFFF));
            present |= 1;
        }
        if (const ojson* v = find(o, "skinWeight")) {
            array(*v, at(p, "skinWeight"));
            if (v->size() > 4)
                fail(at(p, "skinWeight"), "has more than 4 elements");
            for (size_t s = 0; s < v->size(); ++s)
                weight[int(s)] = float(number((*v)[s], at(p, "skinWeight")));
            present |= 2;
        }
        x.skinIndex.push_back(skin);
        x.vertexPresent.push_back(present);
        doc.weights.push_back(weight);
    });
    list(top, "face", "", [&](const ojson& o, const std::string& p, size_t i) {
        object(o, p);
        DashFace f;
        f.id = uint32_t(i);
        f.material = uint32_t(integer(need(o, "material", p), at(p, "material"), 0, 0xFFFFFFFF));
        const char* names[] = {"a", "b", "c"};
        for (int c = 0; c < 3; ++c) {
            const std::string cp = at(p, names[c]);
            const ojson& pt = object(need(o, names[c], p), cp);
            DashCorner& k = f.corners[c];
            k.index = uint32_t(integer(need(pt, "index", cp), at(cp, "index"), 0, 0xFFFFFFFF));
            k.present = 0;
            if (const ojson* v = find(pt, "color")) {
                colorOf(*v, at(cp, "color"), k);
                k.present |= 1;
            }
            if (const ojson* v = find(pt, "normal")) {
                const auto n = numbers<3>(*v, at(cp, "normal"));
                k.normal = glm::vec3(n[0], n[1], n[2]);
                k.present |= 2;
            }
            if (const ojson* v = find(pt, "uv")) {
                const auto n = numbers<2>(*v, at(cp, "uv"));
                k.uv = glm::vec2(n[0], n[1]);
                k.present |= 4;
            }
        }
        x.faces.push_back(f);
    });
    const ojson* bones = find(top, "bone");
    const size_t boneCount = bones && bones->is_array() ? bones->size() : 0;
    list(top, "bone", "", [&](const ojson& o, const std::string& p, size_t i) {
        object(o, p);
        Bone b;
        DashBoneRaw raw;
        raw.id = int64_t(i);
        raw.present = 0;
        b.name = string(need(o, "name", p), at(p, "name"));
        if (const ojson* v = find(o, "parentIndex")) {
            raw.present |= 1;
            raw.parentRaw = v->is_null() ? -1 : integer(*v, at(p, "parentIndex"), -1, int64_t(boneCount) - 1);
        }
        if (const ojson* v = find(o, "position")) {
            b.restTranslation = xyz(*v, at(p, "position"));
            raw.present |= 2;
        }
        if (const ojson* v = find(o, "rotation")) {
            const glm::dvec3 q = xyz(*v, at(p, "rotation"));
            b.restRotation = glm::dquat(number(need(*v, "w", at(p, "rotation")), at(p, "rotation.w")), q.x, q.y, q.z);
            raw.present |= 4;
        }
        if (const ojson* v = find(o, "scale")) {
            b.restScale = xyz(*v, at(p, "scale"));
            raw.present |= 8;
        }
        b.parent = decodeParent(raw.parentRaw < 0 ? 0xFFFFFFFF : raw.parentRaw, i, true);
        raw.t = b.restTranslation;
        raw.r = b.restRotation;
        raw.s = b.restScale;
        doc.skeleton.bones.push_back(std::move(b));
        x.bones.push_back(raw);
    });
    if (const ojson* anim = find(top, "animation")) {
        if (anim->is_object()) {
            x.singleAnimation = true;
            animation20(*anim, "animation", 0, doc);
        } else if (!anim->is_null()) {
            list(top, "animation", "", [&](const ojson& o, const std::string& p, size_t i) { animation20(o, p, i, doc); });
        }
    }
}

const char* const kModelled15[] = {"textures", "materials", "vertices", "verterices", "faces", "skeleton", "animations"};
const char* const kModelled20[] = {"texture", "material", "vertex", "face", "bone", "animation"};

} // namespace

bool looksLikeJson(std::span<const uint8_t> head, bool v2)
{
    const std::string_view text(reinterpret_cast<const char*>(head.data()), head.size());
    const size_t first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos || text[first] != '{')
        return false;
    const std::string_view key = v2 ? "\"type\"" : "\"format\"";
    const std::string_view value = v2 ? "\"DashModelExchange\"" : "\"DASH\"";
    for (size_t k = text.find(key); k != std::string_view::npos; k = text.find(key, k + 1)) {
        size_t i = text.find_first_not_of(" \t\r\n", k + key.size());
        if (i == std::string_view::npos || text[i] != ':')
            continue;
        i = text.find_first_not_of(" \t\r\n", i + 1);
        if (i != std::string_view::npos && text.substr(i, value.size()) == value)
            return true;
    }
    return false;
}

DashDoc readJson(std::span<const uint8_t> bytes, bool v2)
{
    const ojson top = parseJsonDocument<ojson>(bytes);
    if (!top.is_object())
        throw ParseError("the JSON document is not an object", 0);
    const ojson* tag = find(top, v2 ? "type" : "format");
    if (!tag || !tag->is_string() || tag->get<std::string>() != (v2 ? "DashModelExchange" : "DASH"))
        throw ParseError(v2 ? "not a DMX 2.0 JSON file: \"type\" is not \"DashModelExchange\""
                            : "not a DMF 1.5 JSON file: \"format\" is not \"DASH\"");
    DashDoc doc;
    doc.file.variant = v2 ? Variant::Dmx20Json : Variant::Dmf15Json;
    if (v2)
        read20(top, doc);
    else
        read15(top, doc);
    for (auto it = top.begin(); it != top.end(); ++it) {
        bool modelled = false;
        for (const char* k : v2 ? std::span<const char* const>(kModelled20) : std::span<const char* const>(kModelled15))
            modelled |= it.key() == k;
        if (!modelled)
            doc.file.jsonRest[it.key()] = it.value();
    }
    return doc;
}

} // namespace bonescope::dash
