#include "formats/dump_json.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <ostream>
#include <string_view>
#include <unordered_map>

#include "core/model/bone_kind_name.h"
#include "formats/hex.h"
#include "formats/text_encoding.h"

namespace bonescope {

namespace {

using nlohmann::json;

json vec(const glm::dvec3& v) { return json::array({v.x, v.y, v.z}); }
json quat(const glm::dquat& q) { return json::array({q.x, q.y, q.z, q.w}); }

template <class T>
json keysJson(const Channel<T>& ch, bool withFlags)
{
    json arr = json::array();
    for (const auto& k : ch.keys) {
        json row = json::array({k.time});
        if constexpr (std::is_same_v<T, glm::dquat>) {
            row.insert(row.end(), {k.value.x, k.value.y, k.value.z, k.value.w});
        } else if constexpr (std::is_same_v<T, double>) {
            row.push_back(k.value);
        } else {
            row.insert(row.end(), {k.value.x, k.value.y, k.value.z});
        }
        if (withFlags)
            row.push_back(k.flags);
        arr.push_back(std::move(row));
    }
    return arr;
}

bool anyFlags(const Track& t)
{
    auto has = [](const auto& ch) {
        for (const auto& k : ch.keys)
            if (k.flags)
                return true;
        return false;
    };
    return has(t.translation) || has(t.rotation) || has(t.scale) || has(t.visibility);
}

const char* blendName(const BlendMode& m)
{
    if (m.translation == TranslationBlend::Replace)
        return m.rotation == RotationBlend::Replace ? "replace" : "rotation-after-rest";
    return m.rotation == RotationBlend::Replace ? "relative" : "additive";
}

// The name as text, plus "nameBytes" in `obj` when the text is not the same bytes.
void putName(json& obj, const std::string& name, const char* what, std::vector<std::string>* warnings)
{
    obj["name"] = nameJson(name, what, warnings);
    if (obj["name"].get_ref<const std::string&>() != name)
        obj["nameBytes"] = toHex({reinterpret_cast<const uint8_t*>(name.data()), name.size()});
}

} // namespace

json nameJson(const std::string& name, const char* what, std::vector<std::string>* warnings)
{
    if (isValidUtf8(name))
        return name;
    std::string text = validUtf8(name);
    if (warnings)
        warnings->push_back(std::string(what) + " '" + text + "' is not valid UTF-8: shown with U+FFFD (bytes " +
                            toHex({reinterpret_cast<const uint8_t*>(name.data()), name.size()}) + ")");
    return text;
}

std::string jsonText(const json& j, int indent) { return j.dump(indent, ' ', false, json::error_handler_t::replace); }

namespace {

const Animation* animationAt(const Scene& scene, int index)
{
    return index >= 0 && index < int(scene.animations.size()) ? &scene.animations[index] : nullptr;
}

// Everything of the dump but the bones ("bones" is an empty array).
json dumpHeader(const Scene& scene, int animationIndex, std::vector<std::string>* warnings)
{
    json out;
    const Animation* a = animationAt(scene, animationIndex);
    out["format"] = scene.format;
    out["animationCount"] = scene.animations.size();
    out["animationIndex"] = a ? animationIndex : -1;
    out["name"] = a ? nameJson(a->name, "animation", warnings) : "";
    out["fps"] = a ? a->fps : 0.0;
    if (a && a->fpsFromKeys)
        out["fpsFromKeys"] = true; // the file has no frame rate; fps is derived from the key spacing
    out["duration"] = a ? a->duration : 0.0;
    out["frames"] = a ? a->frameCount() : 0;
    out["looping"] = a ? a->looping : false;
    if (a && a->loopRange)
        out["loop"] = {{"in", a->loopRange->in}, {"out", a->loopRange->out}};
    if (a)
        out["blend"] = blendName(a->blend);
    out["bones"] = json::array();

    json notes = json::array();
    if (a)
        for (const Note& n : a->notes) {
            json row = json::array({n.time, nameJson(n.name, "note", warnings)});
            if (row[1].get_ref<const std::string&>() != n.name) // the exact bytes as a third item
                row.push_back(toHex({reinterpret_cast<const uint8_t*>(n.name.data()), n.name.size()}));
            notes.push_back(std::move(row));
        }
    out["notes"] = std::move(notes);

    json extra = json::object();
    if (a && !a->modifiers.empty()) {
        json mods = json::array();
        for (const BlendModifier& m : a->modifiers) {
            json mod = {{"bone", m.track}, {"blend", blendName(m.mode)}, {"value", m.sourceValue}};
            if (m.reach == BlendModifier::Reach::Own)
                mod["reach"] = "own";
            if (m.reach == BlendModifier::Reach::Override) {
                mod["reach"] = "override";
                mod["translation"] = m.translation;
                mod["rotation"] = m.rotation;
            }
            mods.push_back(std::move(mod));
        }
        extra["modifiers"] = std::move(mods);
    }
    if (scene.extra)
        scene.extra.get()->toJson(extra);
    if (a && a->extra)
        a->extra.get()->toJson(extra);
    if (!scene.mesh.empty())
        extra["mesh"] = {{"vertices", scene.mesh.positions.size()},
                         {"triangles", scene.mesh.indices.size() / 3},
                         {"skinned", scene.mesh.skinned()}};
    if (scene.animations.size() > 1) {
        json names = json::array();
        for (const Animation& other : scene.animations)
            names.push_back(nameJson(other.name, "animation", nullptr));
        extra["animations"] = std::move(names);
    }
    out["extra"] = std::move(extra);
    return out;
}

// Calls `each` with every bone's JSON in order, one at a time: the file's skeleton when it has one
// (tracks bound by name), then the tracks no bone took, each as a bone.
// With `keysLater`, the key arrays are left empty for the caller to write from the track it is given
// (null for a bone without a track).
template <class Each>
void dumpBones(const Scene& scene, int animationIndex, std::vector<std::string>* warnings, bool keysLater, Each&& each)
{
    const Animation* a = animationAt(scene, animationIndex);
    std::vector<bool> trackUsed(a ? a->tracks.size() : 0, false);
    auto trackJson = [&](json& b, const Track& t) {
        const bool flags = anyFlags(t);
        b["translation"] = keysLater ? json::array() : keysJson(t.translation, flags);
        b["rotation"] = keysLater ? json::array() : keysJson(t.rotation, flags);
        b["scale"] = keysLater ? json::array() : keysJson(t.scale, flags);
        if (!t.visibility.empty())
            b["visibility"] = keysLater ? json::array() : keysJson(t.visibility, flags);
        if (flags)
            b["keyFlags"] = true;
        if (t.flags)
            b["flags"] = t.flags;
    };
    // Tracks of a repeated name pair with the bones of that name in order (see Binding::bind).
    std::unordered_map<std::string, std::vector<int>> tracksByName;
    for (size_t i = 0; a && i < a->tracks.size(); ++i)
        tracksByName[a->tracks[i].name].push_back(int(i));
    std::unordered_map<std::string, size_t> nameSeen;
    for (const Bone& bone : scene.skeleton.bones) {
        json b;
        putName(b, bone.name, "bone", warnings);
        b["parent"] = bone.parent;
        b["rest"] = {{"translation", vec(bone.restTranslation)},
                     {"rotation", quat(bone.restRotation)},
                     {"scale", vec(bone.restScale)}};
        if (bone.flags)
            b["boneFlags"] = bone.flags;
        int ti = -1;
        if (auto it = tracksByName.find(bone.name); it != tracksByName.end()) {
            const size_t k = nameSeen[bone.name]++;
            ti = k < it->second.size() ? it->second[k] : -1;
        }
        if (ti >= 0) {
            trackUsed[ti] = true;
            trackJson(b, a->tracks[ti]);
        } else {
            b["translation"] = json::array();
            b["rotation"] = json::array();
            b["scale"] = json::array();
        }
        each(std::move(b), ti >= 0 ? &a->tracks[ti] : nullptr);
    }
    for (size_t i = 0; a && i < a->tracks.size(); ++i) {
        if (trackUsed[i])
            continue;
        json b;
        putName(b, a->tracks[i].name, "bone", warnings);
        b["parent"] = -1;
        if (!scene.skeleton.empty())
            b["unbound"] = true; // a track naming a bone the file's skeleton lacks
        trackJson(b, a->tracks[i]);
        each(std::move(b), &a->tracks[i]);
    }
}

} // namespace

json dumpAnimation(const Scene& scene, int animationIndex, std::vector<std::string>* warnings)
{
    json out = dumpHeader(scene, animationIndex, warnings);
    json& bones = out["bones"];
    dumpBones(scene, animationIndex, warnings, false, [&](json b, const Track*) { bones.push_back(std::move(b)); });
    return out;
}

namespace {

// Text written in large pieces (one write per megabyte, not one per number).
class Chunked {
public:
    explicit Chunked(std::ostream& out) : out_(out) { buf_.reserve(kChunk + 4096); }
    ~Chunked() { flush(); }
    void put(std::string_view text)
    {
        buf_.append(text);
        if (buf_.size() >= kChunk)
            flush();
    }
    void spaces(size_t n) { buf_.append(n, ' '); }
    // Numbers exactly as nlohmann::json writes them (its serializer calls this same to_chars for a
    // double; non-finite values are null), so the streamed text equals the tree's.
    void number(double v)
    {
        if (!std::isfinite(v)) {
            buf_.append("null");
            return;
        }
        char tmp[64];
        buf_.append(tmp, nlohmann::detail::to_chars(tmp, tmp + sizeof tmp, v));
    }
    void number(uint32_t v)
    {
        char tmp[16];
        buf_.append(tmp, std::to_chars(tmp, tmp + sizeof tmp, v).ptr);
    }
    void flush()
    {
        out_.write(buf_.data(), std::streamsize(buf_.size()));
        buf_.clear();
    }

private:
    static constexpr size_t kChunk = size_t(1) << 20;
    std::ostream& out_;
    std::string buf_;
};

// A channel's keys as keysJson() gives them, dumped as the value of a member whose object is at
// `level` (its members at level + 1, the rows at level + 2, their numbers at level + 3); indent < 0:
// compact.
template <class T>
void writeKeys(Chunked& w, const Channel<T>& ch, bool withFlags, int indent, size_t level)
{
    if (ch.keys.empty()) {
        w.put("[]");
        return;
    }
    const bool pretty = indent >= 0;
    const size_t step = size_t(std::max(indent, 0));
    bool firstRow = true;
    w.put("[");
    for (const auto& k : ch.keys) {
        double v[5];
        int n = 0;
        v[n++] = k.time;
        if constexpr (std::is_same_v<T, glm::dquat>) {
            v[n++] = k.value.x, v[n++] = k.value.y, v[n++] = k.value.z, v[n++] = k.value.w;
        } else if constexpr (std::is_same_v<T, double>) {
            v[n++] = k.value;
        } else {
            v[n++] = k.value.x, v[n++] = k.value.y, v[n++] = k.value.z;
        }
        w.put(firstRow ? (pretty ? "\n" : "") : (pretty ? ",\n" : ","));
        firstRow = false;
        if (pretty)
            w.spaces((level + 2) * step);
        w.put("[");
        const int items = n + (withFlags ? 1 : 0);
        for (int i = 0; i < items; ++i) {
            if (pretty) {
                w.put(i ? ",\n" : "\n");
                w.spaces((level + 3) * step);
            } else if (i) {
                w.put(",");
            }
            if (i < n)
                w.number(v[i]);
            else
                w.number(k.flags);
        }
        if (pretty) {
            w.put("\n");
            w.spaces((level + 2) * step);
        }
        w.put("]");
    }
    if (pretty) {
        w.put("\n");
        w.spaces((level + 1) * step);
    }
    w.put("]");
}

} // namespace

void writeAnimationJson(std::ostream& out, const Scene& scene, int animationIndex, int indent,
                        std::vector<std::string>* warnings)
{
    // The header's text with its empty "bones" array, which comes before any name or extra data
    // (keys are sorted: animationCount, animationIndex, blend, bones): the bones go in its place,
    // each dumped alone (without its keys) and indented as nlohmann::json indents the elements of a
    // member's array, its key arrays written straight from the track in the places left for them.
    const bool pretty = indent >= 0;
    const std::string head = jsonText(dumpHeader(scene, animationIndex, warnings), indent);
    auto member = [&](const char* name) { return "\"" + std::string(name) + (pretty ? "\": []" : "\":[]"); };
    const std::string emptyBones = member("bones");
    const size_t open = head.find(emptyBones) + emptyBones.size() - 1; // the ']' of "[]"
    const std::string inner(size_t(std::max(indent, 0)) * 2, ' '), outer(size_t(std::max(indent, 0)), ' ');
    Chunked w(out);
    w.put(std::string_view(head).substr(0, open));
    bool first = true;
    dumpBones(scene, animationIndex, warnings, true, [&](json b, const Track* t) {
        const std::string text = jsonText(b, indent);
        w.put(first ? (pretty ? "\n" : "") : (pretty ? ",\n" : ","));
        if (pretty)
            w.put(inner);
        first = false;
        // The bone's members are sorted, so its key arrays come in this order, each after the
        // "rest" object (whose own "rotation" is not empty) and after any name (JSON escapes quotes).
        size_t from = 0;
        auto copy = [&](size_t to) {
            // JSON strings hold no raw newline, so every newline starts a line of this bone.
            for (size_t nl = text.find('\n', from); pretty && nl != std::string::npos && nl < to; nl = text.find('\n', from)) {
                w.put(std::string_view(text).substr(from, nl + 1 - from));
                w.put(inner);
                from = nl + 1;
            }
            w.put(std::string_view(text).substr(from, to - from));
            from = to;
        };
        if (t) {
            const bool flags = anyFlags(*t);
            auto keys = [&](const char* name, const auto& ch) {
                if (ch.keys.empty())
                    return;
                const std::string empty = member(name);
                const size_t at = text.find(empty, from);
                copy(at + empty.size() - 2); // up to the "[]"
                writeKeys(w, ch, flags, indent, 2);
                from += 2;
            };
            keys("rotation", t->rotation);
            keys("scale", t->scale);
            keys("translation", t->translation);
            keys("visibility", t->visibility);
        }
        copy(text.size());
    });
    if (!first && pretty) {
        w.put("\n");
        w.put(outer);
    }
    w.put(std::string_view(head).substr(open));
}

json dumpPose(const Skeleton& skeleton, const Pose& pose, double time, std::vector<std::string>* warnings)
{
    json bones = json::array();
    for (size_t i = 0; i < skeleton.size() && i < pose.local.size(); ++i) {
        const BoneTransform& l = pose.local[i];
        const glm::mat4& w = pose.world[i];
        json world = json::array();
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r)
                world.push_back(w[c][r]);
        bones.push_back({{"name", nameJson(skeleton.bones[i].name, "bone", warnings)},
                         {"kind", boneKindName(skeleton.bones[i].kind)},
                         {"parent", skeleton.bones[i].parent},
                         {"translation", {l.translation.x, l.translation.y, l.translation.z}},
                         {"rotation", {l.rotation.x, l.rotation.y, l.rotation.z, l.rotation.w}},
                         {"scale", {l.scale.x, l.scale.y, l.scale.z}},
                         {"worldPosition", {w[3][0], w[3][1], w[3][2]}},
                         {"world", std::move(world)},
                         {"visible", bool(pose.visible[i])}});
    }
    return {{"time", time}, {"bones", std::move(bones)}};
}

} // namespace bonescope
