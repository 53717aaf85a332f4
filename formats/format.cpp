#include "formats/format.h"

#include <cmath>

namespace bonescope {

FileSummary summarizeScene(const Scene& scene)
{
    FileSummary s;
    s.format = scene.format;
    s.skeletonBones = scene.skeleton.size();
    s.meshVertices = scene.mesh.positions.size();
    for (const Animation& a : scene.animations) {
        AnimationSummary as;
        as.name = a.name;
        as.fps = a.fps;
        as.duration = a.duration;
        as.frames = a.frameCount();
        as.looping = a.looping;
        as.notes = a.notes.size();
        for (const Track& t : a.tracks)
            as.tracks.push_back({t.name, t.translation.size(), t.rotation.size(), t.scale.size(),
                                 t.visibility.size(), t.flags});
        s.animations.push_back(std::move(as));
    }
    return s;
}

FileSummary Format::summarize(std::span<const uint8_t> bytes) const
{
    return summarizeScene(read(bytes));
}

namespace {
bool finite(const glm::dvec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool finite(const glm::dquat& q) { return finite(glm::dvec3(q.x, q.y, q.z)) && std::isfinite(q.w); }
bool finite(double v) { return std::isfinite(v); }

template <class T>
void checkChannel(const Channel<T>& ch, const std::string& where, std::vector<Finding>& out)
{
    for (size_t i = 0; i < ch.keys.size(); ++i) {
        if (!std::isfinite(ch.keys[i].time) || !finite(ch.keys[i].value))
            out.push_back({Finding::Severity::Error, where + " key " + std::to_string(i) + " is not finite"});
        if (i > 0 && ch.keys[i].time < ch.keys[i - 1].time)
            out.push_back({Finding::Severity::Error, where + " key " + std::to_string(i) +
                                                         " is earlier than the key before it"});
    }
}
} // namespace

std::vector<Finding> commonFindings(const Scene& scene)
{
    std::vector<Finding> out;
    std::string err;
    if (!scene.skeleton.evaluationOrder(&err))
        out.push_back({Finding::Severity::Error, "skeleton: " + err});
    for (const Animation& a : scene.animations) {
        const std::string an = a.name.empty() ? std::string("animation") : "animation '" + a.name + "'";
        if (!std::isfinite(a.duration) || a.duration < 0)
            out.push_back({Finding::Severity::Error, an + ": duration is not a finite non-negative number"});
        if (!std::isfinite(a.fps) || a.fps <= 0)
            out.push_back({Finding::Severity::Warning, an + ": frame rate is not positive"});
        for (const Track& t : a.tracks) {
            const std::string w = an + ", bone '" + t.name + "'";
            checkChannel(t.translation, w + " translation", out);
            checkChannel(t.rotation, w + " rotation", out);
            checkChannel(t.scale, w + " scale", out);
            checkChannel(t.visibility, w + " visibility", out);
            for (const auto& k : t.rotation.keys)
                if (finite(k.value) && std::abs(glm::length(k.value) - 1.0) > 1e-3) {
                    out.push_back({Finding::Severity::Warning,
                                   w + " has a rotation key that is not a unit quaternion (length " +
                                       std::to_string(glm::length(k.value)) + "); normalise it"});
                    break;
                }
        }
    }
    return out;
}

std::vector<std::string> Format::conversionLoss(const Scene& scene) const
{
    const Capabilities c = capabilities();
    std::vector<std::string> out;
    const std::string to = displayName();
    if (!c.embeddedSkeleton && !scene.skeleton.empty())
        out.push_back("the skeleton (" + std::to_string(scene.skeleton.size()) + " bones) is not written: " + to + " carries none");
    if (!c.mesh && !scene.mesh.empty())
        out.push_back("the mesh (" + std::to_string(scene.mesh.positions.size()) + " vertices) is not written: " + to + " carries none");
    if (!c.multipleAnimations && scene.animations.size() > 1)
        out.push_back("only animation " + std::to_string(scene.current) + " of " + std::to_string(scene.animations.size()) +
                      " is written: " + to + " holds one");
    for (const Animation& a : scene.animations) {
        if (!c.multipleAnimations && &a != scene.currentAnimation())
            continue;
        const std::string an = "animation '" + a.name + "': ";
        size_t t = 0, r = 0, s = 0, v = 0;
        for (const Track& tr : a.tracks) {
            t += tr.translation.size();
            r += tr.rotation.size();
            s += tr.scale.size();
            v += tr.visibility.size();
        }
        auto lost = [&](bool can, size_t n, const char* what) {
            if (!can && n)
                out.push_back(an + std::to_string(n) + " " + what + " key(s) are dropped: " + to + " has none");
        };
        lost(c.translation, t, "translation");
        lost(c.rotation, r, "rotation");
        lost(c.scale, s, "scale");
        lost(c.visibility, v, "visibility");
        if (!c.notes && !a.notes.empty())
            out.push_back(an + std::to_string(a.notes.size()) + " note(s) are dropped: " + to + " has none");
    }
    return out;
}

std::vector<Finding> Format::validate(const Scene& scene, const std::string&) const
{
    return commonFindings(scene);
}

} // namespace bonescope
