#include "formats/scene_mirror.h"

#include <cmath>

#include "formats/registry.h"
#include "formats/secondlife/secondlife_mirror.h"

namespace bonescope {

AxisConversion fileToCommonAxes(const std::string& formatId)
{
    const Format* f = Registry::instance().byId(formatId);
    if (!f)
        return AxisConversion::identity();
    Scene probe;
    probe.format = formatId;
    for (int i = 0; i < 3; ++i) {
        Bone b;
        b.name = "axis" + std::to_string(i);
        b.restTranslation[i] = 1.0;
        probe.skeleton.bones.push_back(b);
    }
    f->toCommon(probe);
    if (probe.skeleton.size() != 3)
        return AxisConversion::identity();
    AxisConversion c;
    c.scale = glm::length(probe.skeleton.bones[0].restTranslation);
    if (!(c.scale > 0))
        return AxisConversion::identity();
    for (int i = 0; i < 3; ++i) {
        const glm::dvec3 v = probe.skeleton.bones[size_t(i)].restTranslation / c.scale;
        c.basis[i] = glm::round(v); // column i: where the file's axis i goes
    }
    return c;
}

int fileAxis(const std::string& formatId, int commonAxis)
{
    // The file's axis that lands on `commonAxis`.
    const AxisConversion c = fileToCommonAxes(formatId);
    for (int i = 0; i < 3; ++i)
        if (std::abs(c.basis[i][commonAxis]) > 0.5)
            return i;
    return commonAxis;
}

size_t mirrorScene(Scene& scene, int axis, const std::vector<SidePair>& user, int only)
{
    Scene mirrored = scene; // all or nothing: one animation may refuse after another changed
    size_t moved = 0;
    for (size_t i = 0; i < mirrored.animations.size(); ++i) {
        if (only >= 0 && int(i) != only)
            continue;
        Animation& a = mirrored.animations[i];
        std::map<std::string, std::string> names; // each track's name -> its counterpart's
        for (const Track& t : a.tracks)
            names[t.name] = mirroredName(t.name, user);
        moved += mirrorAnimation(a, axis, user);
        if (a.extra) // Second Life joint priorities, Cast curve modes: to the other side with the motion
            a.extra.get()->renameTracks(names);
        if (auto* x = a.extra.as<SecondLifeExtra>())
            secondlife::mirrorExtra(*x, axis, user);
    }
    scene = std::move(mirrored);
    return moved;
}

} // namespace bonescope
