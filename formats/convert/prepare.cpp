#include "formats/convert/prepare.h"

#include <algorithm>
#include <stdexcept>

#include "core/axis_conversion.h"
#include "core/bake.h"
#include "core/binding.h"
#include "core/key_reduction.h"
#include "core/retarget.h"
#include "formats/convert/name_list.h"
#include "formats/registry.h"

namespace bonescope {

namespace {

void dropEmptyTracks(Animation& a)
{
    std::erase_if(a.tracks, [](const Track& t) { return t.keyCount() == 0; });
}

void renameBones(Scene& s, const BoneMap& map)
{
    auto rename = [&](std::string& name) {
        const auto it = map.map.find(name);
        if (it != map.map.end())
            name = it->second;
    };
    for (Bone& b : s.skeleton.bones)
        rename(b.name);
    for (Animation& a : s.animations)
        for (Track& t : a.tracks)
            rename(t.name);
}

void retargetAll(Scene& s, const ConvertOptions& o, std::vector<std::string>& report)
{
    const Skeleton& target = *o.targetSkeleton;
    for (Animation& a : s.animations) {
        const Skeleton source = s.skeleton.empty() ? flatSkeleton(a) : s.skeleton;
        const BoneMap map = o.boneMap ? *o.boneMap : autoMatch(source, target);
        RetargetResult r = retarget(a, source, target, map);
        if (!r.unmappedSource.empty())
            report.push_back("retargeting: the motion of " + std::to_string(r.unmappedSource.size()) +
                             " source bone(s) with no target bone is lost: " + nameList(r.unmappedSource));
        if (!r.unmappedTarget.empty())
            report.push_back("retargeting: " + std::to_string(r.unmappedTarget.size()) +
                             " target bone(s) no source bone drives stay at rest: " + nameList(r.unmappedTarget));
        a = std::move(r.animation);
    }
    s.skeleton = target;
}

bool isOne(const glm::dvec3& v) { return glm::length(v - glm::dvec3(1.0)) < 1e-9; }

// What the target's capabilities cannot hold, one line each.
void reportLosses(const Scene& s, const Format& target, std::vector<std::string>& report)
{
    const Capabilities c = target.capabilities();
    const std::string name = target.displayName();
    std::vector<std::string> scaled, visible, moved, turned;
    size_t notes = 0;
    for (const Animation& a : s.animations) {
        notes += a.notes.size();
        for (const Track& t : a.tracks) {
            bool anyScale = false;
            for (const auto& k : t.scale.keys)
                anyScale = anyScale || !isOne(k.value);
            if (anyScale) scaled.push_back(t.name);
            if (!t.visibility.empty()) visible.push_back(t.name);
            if (!t.translation.empty()) moved.push_back(t.name);
            if (!t.rotation.empty()) turned.push_back(t.name);
        }
    }
    for (const Bone& b : s.skeleton.bones)
        if (!isOne(b.restScale) && std::find(scaled.begin(), scaled.end(), b.name) == scaled.end())
            scaled.push_back(b.name);
    if (!c.scale && !scaled.empty())
        report.push_back("scale is lost on " + std::to_string(scaled.size()) + " bone(s) (" + name +
                         " has no scale channel): " + nameList(scaled));
    if (!c.visibility && !visible.empty())
        report.push_back("visibility keys are lost on " + std::to_string(visible.size()) + " bone(s) (" + name +
                         " has no visibility channel): " + nameList(visible));
    if (!c.translation && !moved.empty())
        report.push_back("translation keys are lost on " + std::to_string(moved.size()) + " bone(s): " + nameList(moved));
    if (!c.rotation && !turned.empty())
        report.push_back("rotation keys are lost on " + std::to_string(turned.size()) + " bone(s): " + nameList(turned));
    if (!c.notes && notes > 0)
        report.push_back(std::to_string(notes) + " note(s) are lost (" + name + " has no notes)");
    if (!c.mesh && !s.mesh.empty())
        report.push_back("the mesh (" + std::to_string(s.mesh.positions.size()) + " vertices) is not written (" +
                         name + " carries no mesh)");
    if (!c.embeddedSkeleton && !s.skeleton.empty())
        report.push_back("the skeleton (" + std::to_string(s.skeleton.size()) + " bones: hierarchy and rest pose) is "
                         "not stored (" + name + " has none); the keys are full local transforms, so play them "
                         "on this same skeleton");
}

} // namespace

Scene prepareForTarget(const Scene& source, const Format& target, const ConvertOptions& o,
                       std::vector<std::string>& report)
{
    if (source.format == target.id() && !o.any())
        return source;
    Scene s = source;
    if (const Format* from = Registry::instance().byId(source.format))
        from->toCommon(s);

    std::string why;
    if (!s.skeleton.evaluationOrder(&why))
        throw std::runtime_error("cannot convert: the skeleton is broken: " + why);

    const Capabilities caps = target.capabilities();
    if (!caps.multipleAnimations && s.animations.size() > 1) {
        const int keep = s.current >= 0 && s.current < int(s.animations.size()) ? s.current : 0;
        std::vector<std::string> dropped;
        for (size_t i = 0; i < s.animations.size(); ++i)
            if (int(i) != keep)
                dropped.push_back(s.animations[i].name.empty() ? "#" + std::to_string(i) : s.animations[i].name);
        report.push_back(std::to_string(dropped.size()) + " other animation(s) are not written (" +
                         target.displayName() + " holds one per file; convert them with --animation): " +
                         nameList(dropped));
        Animation kept = std::move(s.animations[keep]);
        s.animations.clear();
        s.animations.push_back(std::move(kept));
        s.current = 0;
    }

    for (Animation& a : s.animations) {
        a = bake(a, s.skeleton, {o.fps.value_or(0), true});
        dropEmptyTracks(a);
    }

    if (o.targetSkeleton)
        retargetAll(s, o, report);
    else if (o.boneMap)
        renameBones(s, *o.boneMap);

    AxisConversion axes;
    if (o.up)
        axes = AxisConversion::upAxis(UpAxis::Y, *o.up);
    if (o.scale)
        axes = AxisConversion::uniformScale(*o.scale).after(axes);
    if (!axes.isIdentity()) {
        applyAxisConversion(axes, s.skeleton);
        applyAxisConversion(axes, s.mesh);
        for (Animation& a : s.animations)
            applyAxisConversion(axes, a);
    }

    if (o.tolerance)
        for (Animation& a : s.animations)
            reduceKeys(a, {*o.tolerance, *o.tolerance, *o.tolerance});

    reportLosses(s, target, report);
    if (s.format != target.id())
        s.extra = {}; // the source's file-level data describes its own encoding
    s.format = target.id();
    target.fromCommon(s, report);
    return s;
}

} // namespace bonescope
