// Writing the JSON forms. Optional keys a read file left out stay out while they hold the default;
// colour strings as read are reused while they still give the same bytes.
#include "formats/dash/dash_json.h"
#include "formats/dash/dash_material.h"
#include "formats/text_encoding.h"

namespace bonescope::dash {

namespace {

using ojson = nlohmann::ordered_json;

ojson arr(std::initializer_list<double> v) { return ojson(std::vector<double>(v)); }

std::string colorText(const DashCorner& c, bool alwaysAlpha)
{
    std::array<uint8_t, 4> parsed;
    if (!c.colorText.empty() && parseColor(c.colorText, parsed) && parsed == c.color)
        return c.colorText;
    return formatColor(c.color, alwaysAlpha);
}

const char* wrapName(uint32_t w)
{
    return w == WrapRepeat ? "repeat" : w == WrapMirror ? "mirror" : w == WrapClamp ? "clamp" : nullptr;
}

ojson wrapJson(uint32_t w)
{
    const char* n = wrapName(w);
    return n ? ojson(n) : ojson(w);
}

ojson xyz(const glm::dvec3& v) { return {{"x", v.x}, {"y", v.y}, {"z", v.z}}; }

ojson write15(const DashDoc& doc)
{
    const DashExtra& x = doc.file;
    ojson top = ojson::object();
    top["format"] = "DASH";
    top["version"] = "1.5";
    for (auto it = x.jsonRest.begin(); it != x.jsonRest.end(); ++it)
        top[it.key()] = it.value();
    ojson textures = ojson::array();
    for (const DashTexture& t : x.textures)
        textures.push_back({{"name", validUtf8(t.name)}, {"id", int32_t(t.id)}, {"flip_y", t.flipY}, {"width", t.width},
                            {"height", t.height}, {"wrap_s", t.wrapS}, {"wrap_t", t.wrapT},
                            {"data", encodeDataUri(t.mime, t.data)}});
    top["textures"] = std::move(textures);
    ojson materials = ojson::array();
    for (const DashMaterial& m : x.materials)
        materials.push_back(materialToJson(m, x.variant));
    top["materials"] = std::move(materials);
    ojson vertices = ojson::array();
    for (size_t i = 0; i < doc.positions.size(); ++i) {
        const glm::vec3& p = doc.positions[i];
        const glm::ivec4& s = x.skinIndex[i];
        const glm::vec4& w = doc.weights[i];
        vertices.push_back({{"pos", arr({p.x, p.y, p.z})},
                            {"skin_index", ojson::array({s[0], s[1], s[2], s[3]})},
                            {"skin_weight", arr({w[0], w[1], w[2], w[3]})}});
    }
    top[x.verticesKey] = std::move(vertices);
    ojson faces = ojson::array();
    for (const DashFace& f : x.faces) {
        ojson idx = ojson::array(), colors = ojson::array(), normals = ojson::array(), uvs = ojson::array();
        for (const DashCorner& c : f.corners) {
            idx.push_back(c.index);
            colors.push_back(colorText(c, true));
            normals.push_back(arr({c.normal.x, c.normal.y, c.normal.z}));
            uvs.push_back(arr({c.uv.x, c.uv.y}));
        }
        ojson o = {{"material", f.material}, {"indices", std::move(idx)}};
        const uint32_t present = f.corners[0].present;
        if (present & 1) o["verex_color"] = std::move(colors);
        if (present & 2) o["normals"] = std::move(normals);
        if (present & 4) o["diffuse_uv"] = std::move(uvs);
        faces.push_back(std::move(o));
    }
    top["faces"] = std::move(faces);
    ojson skeleton = ojson::array();
    for (size_t i = 0; i < doc.skeleton.size(); ++i) {
        const DashBoneRaw& raw = x.bones[i];
        skeleton.push_back({{"name", validUtf8(doc.skeleton.bones[i].name)}, {"id", raw.id}, {"parent_id", raw.parentRaw},
                            {"matrix", std::vector<double>(raw.matrix.begin(), raw.matrix.end())}});
    }
    top["skeleton"] = std::move(skeleton);
    ojson animations = ojson::array();
    for (const DocAnimation& a : doc.animations) {
        ojson tracks = ojson::array();
        for (const DashRecord15& r : a.raw.records) {
            ojson t = {{"bone_id", r.bone}, {"time", r.time}};
            if (r.flags & PrsPos) t["pos"] = r.pos;
            if (r.flags & PrsRot) t["rot"] = r.rot;
            if (r.flags & PrsScl) t["scl"] = r.scl;
            tracks.push_back(std::move(t));
        }
        animations.push_back({{"id", a.raw.id}, {"name", validUtf8(a.name)}, {"fps", a.raw.fpsRaw},
                              {"duration", a.duration}, {"tracks", std::move(tracks)}});
    }
    top["animations"] = std::move(animations);
    return top;
}

ojson animation20(const DocAnimation& a)
{
    static const char* types[] = {"", "position", "rotation", "scale"};
    ojson keys = ojson::array();
    for (const DashKey20& k : a.raw.keyframes) {
        ojson o = {{"time", k.time}, {"boneIndex", k.bone}, {"type", k.type <= 3 ? ojson(types[k.type]) : ojson(k.type)},
                   {"x", k.value[0]}, {"y", k.value[1]}, {"z", k.value[2]}};
        if (k.hasW || k.type == TypeRot)
            o["w"] = k.value[3];
        keys.push_back(std::move(o));
    }
    return {{"name", validUtf8(a.name)}, {"duration", a.duration}, {"keyframes", std::move(keys)}};
}

ojson write20(const DashDoc& doc)
{
    const DashExtra& x = doc.file;
    ojson top = ojson::object();
    top["type"] = "DashModelExchange";
    for (auto it = x.jsonRest.begin(); it != x.jsonRest.end(); ++it)
        top[it.key()] = it.value();
    ojson textures = ojson::array();
    for (const DashTexture& t : x.textures) {
        ojson o = {{"name", validUtf8(t.name)}};
        if ((t.present & 1) || t.flipY != 1) o["flipY"] = t.flipY != 0;
        if ((t.present & 2) || t.width || t.height) {
            o["width"] = t.width;
            o["height"] = t.height;
        }
        if ((t.present & 4) || t.wrapS != WrapClamp) o["wrapS"] = wrapJson(t.wrapS);
        if ((t.present & 8) || t.wrapT != WrapClamp) o["wrapT"] = wrapJson(t.wrapT);
        o["data"] = encodeDataUri(t.mime, t.data);
        textures.push_back(std::move(o));
    }
    top["texture"] = std::move(textures);
    ojson materials = ojson::array();
    for (const DashMaterial& m : x.materials)
        materials.push_back(materialToJson(m, x.variant));
    top["material"] = std::move(materials);
    ojson vertices = ojson::array();
    for (size_t i = 0; i < doc.positions.size(); ++i) {
        const glm::vec3& p = doc.positions[i];
        ojson o = {{"x", p.x}, {"y", p.y}, {"z", p.z}};
        const glm::ivec4& s = x.skinIndex[i];
        const glm::vec4& w = doc.weights[i];
        if ((x.vertexPresent[i] & 1) || s != glm::ivec4(0)) o["skinIndex"] = {s[0], s[1], s[2], s[3]};
        if ((x.vertexPresent[i] & 2) || w != glm::vec4(0.f)) o["skinWeight"] = arr({w[0], w[1], w[2], w[3]});
        vertices.push_back(std::move(o));
    }
    top["vertex"] = std::move(vertices);
    ojson faces = ojson::array();
    for (const DashFace& f : x.faces) {
        ojson o = {{"material", f.material}};
        const char* names[] = {"a", "b", "c"};
        for (int c = 0; c < 3; ++c) {
            const DashCorner& k = f.corners[c];
            ojson pt = {{"index", k.index}};
            if ((k.present & 1) || k.color != std::array<uint8_t, 4>{255, 255, 255, 255}) pt["color"] = colorText(k, false);
            if ((k.present & 2) || k.normal != glm::vec3(0.f)) pt["normal"] = arr({k.normal.x, k.normal.y, k.normal.z});
            if ((k.present & 4) || k.uv != glm::vec2(0.f)) pt["uv"] = arr({k.uv.x, k.uv.y});
            o[names[c]] = std::move(pt);
        }
        faces.push_back(std::move(o));
    }
    top["face"] = std::move(faces);
    ojson bones = ojson::array();
    for (size_t i = 0; i < doc.skeleton.size(); ++i) {
        const Bone& b = doc.skeleton.bones[i];
        const DashBoneRaw& raw = x.bones[i];
        ojson o = {{"name", validUtf8(b.name)}};
        const bool rawIsNumber = raw.parentRaw >= 0 && raw.parentRaw < int64_t(doc.skeleton.size());
        if (b.parent >= 0 || rawIsNumber)
            o["parentIndex"] = b.parent >= 0 ? b.parent : raw.parentRaw;
        else if (raw.present & 1)
            o["parentIndex"] = nullptr;
        if ((raw.present & 2) || b.restTranslation != glm::dvec3(0.0)) o["position"] = xyz(b.restTranslation);
        if ((raw.present & 4) || b.restRotation != glm::dquat(1, 0, 0, 0)) {
            ojson r = xyz({b.restRotation.x, b.restRotation.y, b.restRotation.z});
            r["w"] = b.restRotation.w;
            o["rotation"] = std::move(r);
        }
        if ((raw.present & 8) || b.restScale != glm::dvec3(1.0)) o["scale"] = xyz(b.restScale);
        bones.push_back(std::move(o));
    }
    top["bone"] = std::move(bones);
    if (x.singleAnimation && doc.animations.size() == 1) {
        top["animation"] = animation20(doc.animations[0]);
    } else {
        ojson anims = ojson::array();
        for (const DocAnimation& a : doc.animations)
            anims.push_back(animation20(a));
        top["animation"] = std::move(anims);
    }
    return top;
}

} // namespace

std::vector<uint8_t> writeJson(const DashDoc& doc, bool v2)
{
    const std::string text = (v2 ? write20(doc) : write15(doc)).dump(2) + "\n";
    return {text.begin(), text.end()};
}

} // namespace bonescope::dash
