#include "core/retarget.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "core/bake.h"
#include "core/binding.h"
#include "core/bone_name_index.h"

namespace bonescope {

// ---- The bone-map file ---------------------------------------------------------------------------

BoneMap BoneMap::fromJson(std::string_view text)
{
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw std::runtime_error(std::string("not valid JSON: ") + e.what());
    }
    if (!j.is_object() || !j.contains("map") || !j["map"].is_object())
        throw std::runtime_error("expected an object {\"map\": {\"source bone\": \"target bone\", ...}}");
    BoneMap m;
    for (const auto& [src, dst] : j["map"].items()) {
        if (!dst.is_string())
            throw std::runtime_error("the target of \"" + src + "\" is not a string");
        m.map[src] = dst.get<std::string>();
    }
    return m;
}

std::string BoneMap::toJson() const
{
    nlohmann::json j;
    j["map"] = nlohmann::json::object();
    for (const auto& [src, dst] : map)
        j["map"][src] = dst;
    return j.dump(2) + "\n";
}

// ---- Matching names ------------------------------------------------------------------------------

namespace {

// Words of a name: split at separators and at lower->upper case changes, lower-cased.
std::vector<std::string> words(std::string_view name)
{
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        if (!cur.empty())
            out.push_back(std::move(cur));
        cur.clear();
    };
    for (size_t i = 0; i < name.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (c == '_' || c == '.' || c == '-' || c == ' ') {
            flush();
            continue;
        }
        if (std::isupper(c) && i > 0 && std::islower(static_cast<unsigned char>(name[i - 1])))
            flush();
        cur.push_back(char(std::tolower(c)));
    }
    flush();
    return out;
}

const std::unordered_map<std::string, std::string>& synonymTable()
{
    static const std::unordered_map<std::string, std::string> t = {
        {"hip", "hips"},          {"pelvis", "hips"},         {"thigh", "upperleg"},
        {"upleg", "upperleg"},    {"shin", "lowerleg"},       {"calf", "lowerleg"},
        {"leg", "lowerleg"},      {"knee", "lowerleg"},       {"arm", "upperarm"},
        {"shldr", "upperarm"},    {"forearm", "lowerarm"},    {"elbow", "lowerarm"},
        {"collar", "clavicle"},   {"shoulder", "clavicle"},   {"wrist", "hand"},
        {"ankle", "foot"},        {"toes", "toe"},            {"toebase", "toe"},
        {"ball", "toe"},          {"abdomen", "spine"},       {"torso", "spine"},
    };
    return t;
}

} // namespace

std::string canonicalBoneName(std::string_view name, bool synonyms)
{
    const size_t cut = name.find_last_of(":|");
    if (cut != std::string_view::npos)
        name.remove_prefix(cut + 1);
    std::vector<std::string> w = words(name);
    // Second Life's joints are "m" + a name (mPelvis, mHipLeft), in its own words for the limbs.
    const bool secondLife = w.size() > 1 && w.front() == "m";
    if (secondLife)
        w.erase(w.begin());
    std::string side;
    std::string core;
    for (size_t i = 0; i < w.size(); ++i) {
        const std::string& x = w[i];
        if (side.empty() && w.size() > 1 && (x == "l" || x == "left" || x == "r" || x == "right")) {
            side = x[0] == 'l' ? "l:" : "r:";
            continue;
        }
        // "LeftArm"-style words are split already; "leftarm" (all lower case) is not.
        if (side.empty() && x.size() > 4 && (x.rfind("left", 0) == 0)) {
            side = "l:";
            core += x.substr(4);
            continue;
        }
        if (side.empty() && x.size() > 5 && (x.rfind("right", 0) == 0)) {
            side = "r:";
            core += x.substr(5);
            continue;
        }
        core += x;
    }
    // Second Life's own words, with or without synonyms (its "foot" is never another rig's foot): its
    // shoulder is the upper arm (the collar is the clavicle), its hip the thigh, its foot the ball of
    // the foot (its ankle is the foot).
    static const std::unordered_map<std::string, std::string> secondLifeWords = {
        {"shoulder", "upperarm"}, {"hip", "upperleg"}, {"foot", "toe"}};
    if (const auto sl = secondLifeWords.find(core); secondLife && sl != secondLifeWords.end())
        core = sl->second;
    else if (const auto it = synonymTable().find(core); synonyms && it != synonymTable().end())
        core = it->second;
    return side + core;
}

BoneMap autoMatch(const Skeleton& source, const Skeleton& target)
{
    BoneMap m;
    // Helpers (Second Life's collision volumes and attachment points) are shapes and points on a
    // limb, never limbs: matched, "PELVIS" took the target's pelvis before mPelvis could, and the
    // animated joints were left with nothing to drive.
    std::vector<uint8_t> srcDone(source.size(), 0), tgtUsed(target.size(), 0);
    for (size_t s = 0; s < source.size(); ++s)
        srcDone[s] = source.bones[s].isHelper();
    for (size_t t = 0; t < target.size(); ++t)
        tgtUsed[t] = target.bones[t].isHelper();
    using KeyFn = std::string (*)(std::string_view);
    const KeyFn passes[] = {
        [](std::string_view n) { return std::string(n); },
        [](std::string_view n) { return looseBoneName(n); },
        [](std::string_view n) { return canonicalBoneName(n, false); },
        [](std::string_view n) { return canonicalBoneName(n, true); },
    };
    for (KeyFn key : passes) {
        // Target bones by key; a key claimed twice is ambiguous and matches nothing.
        std::unordered_map<std::string, int> byKey;
        for (size_t t = 0; t < target.size(); ++t) {
            if (tgtUsed[t])
                continue;
            auto [it, fresh] = byKey.emplace(key(target.bones[t].name), int(t));
            if (!fresh)
                it->second = -1;
        }
        for (size_t s = 0; s < source.size(); ++s) {
            if (srcDone[s])
                continue;
            const auto it = byKey.find(key(source.bones[s].name));
            if (it == byKey.end() || it->second < 0 || tgtUsed[it->second])
                continue;
            m.map[source.bones[s].name] = target.bones[it->second].name;
            srcDone[s] = 1;
            tgtUsed[it->second] = 1;
        }
    }
    return m;
}

// ---- Retargeting ---------------------------------------------------------------------------------

namespace {

int depthOf(const Skeleton& s, int i)
{
    int d = 0;
    for (int p = s.bones[i].parent; p >= 0 && d <= int(s.size()); p = s.bones[p].parent)
        ++d;
    return d;
}

// How high the root stands: above the ground (0 on the up axis), or above the lowest bone when the
// rig hangs below its root (BVH rigs often put the hips at the origin and the feet below).
double heightOf(const Skeleton& s, int bone, UpAxis up)
{
    const auto world = s.restWorld();
    auto h = [&](int i) { return up == UpAxis::Y ? world[i][3].y : world[i][3].z; };
    double ground = 0;
    for (size_t i = 0; i < s.size(); ++i)
        ground = std::min(ground, h(int(i)));
    return h(bone) - ground;
}

} // namespace

RetargetResult retarget(const Animation& source, const Skeleton& sourceSkeleton, const Skeleton& target,
                        const BoneMap& map, UpAxis up)
{
    RetargetResult r;
    const Animation baked = bake(source, sourceSkeleton);
    // bake() used the flat skeleton when none was given; its bones are the baked tracks.
    const Skeleton& src = sourceSkeleton.empty() ? flatSkeleton(baked) : sourceSkeleton;

    std::vector<int> targetOf(src.size(), -1);
    std::vector<uint8_t> driven(target.size(), 0);
    int srcRoot = -1;
    const BoneNameIndex targetNames(target);
    for (size_t s = 0; s < src.size(); ++s) {
        const auto it = map.map.find(src.bones[s].name);
        const int t = it == map.map.end() ? -1 : targetNames.find(it->second);
        if (t < 0 || driven[t]) {
            r.unmappedSource.push_back(src.bones[s].name);
            continue;
        }
        targetOf[s] = t;
        driven[t] = 1;
        if (srcRoot < 0 || depthOf(src, int(s)) < depthOf(src, srcRoot))
            srcRoot = int(s);
    }
    for (size_t t = 0; t < target.size(); ++t)
        if (!driven[t])
            r.unmappedTarget.push_back(target.bones[t].name);

    if (srcRoot >= 0) {
        r.sourceRoot = src.bones[srcRoot].name;
        r.targetRoot = target.bones[targetOf[srcRoot]].name;
        const double hs = heightOf(src, srcRoot, up), ht = heightOf(target, targetOf[srcRoot], up);
        if (std::abs(hs) > 1e-9 && std::abs(ht) > 1e-9)
            r.rootScale = ht / hs;
    }

    Animation& out = r.animation;
    out.name = baked.name;
    out.fps = baked.fps;
    out.duration = baked.duration;
    out.looping = baked.looping;
    out.loopRange = baked.loopRange;
    out.notes = baked.notes;
    // The format's own data per track (Second Life priorities, Cast curve modes) follows each bone's
    // motion to the target bone that plays it.
    out.extra = source.extra;
    if (out.extra) {
        // The bones that play nothing on the target lose their data first, so that none of it is
        // found under a name a mapped bone takes.
        out.extra.get()->dropTracks(std::set<std::string>(r.unmappedSource.begin(), r.unmappedSource.end()));
        std::map<std::string, std::string> names;
        for (size_t s = 0; s < src.size(); ++s)
            if (targetOf[s] >= 0)
                names[src.bones[s].name] = target.bones[size_t(targetOf[s])].name;
        out.extra.get()->renameTracks(names);
    }
    // Target skeleton order, so the tracks read like the target rig.
    std::vector<int> sourceOf(target.size(), -1);
    for (size_t s = 0; s < src.size(); ++s)
        if (targetOf[s] >= 0)
            sourceOf[targetOf[s]] = int(s);
    for (size_t t = 0; t < target.size(); ++t) {
        const int s = sourceOf[t];
        if (s < 0)
            continue;
        const Track& from = baked.tracks[s]; // bake() makes one track per skeleton bone, in order
        const Bone& sb = src.bones[s];
        const Bone& tb = target.bones[t];
        Track track;
        track.name = tb.name;
        track.visibility = from.visibility;
        const glm::dquat toTarget = tb.restRotation * glm::inverse(sb.restRotation);
        for (const auto& k : from.rotation.keys)
            track.rotation.keys.push_back({k.time, glm::normalize(toTarget * k.value)});
        if (s == srcRoot)
            for (const auto& k : from.translation.keys)
                track.translation.keys.push_back(
                    {k.time, tb.restTranslation + (k.value - sb.restTranslation) * r.rootScale});
        out.tracks.push_back(std::move(track));
    }
    return r;
}

} // namespace bonescope
