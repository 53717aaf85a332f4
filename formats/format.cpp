#include "formats/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "formats/convert/name_list.h"
#include "formats/counted.h"

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
        as.fpsFromKeys = a.fpsFromKeys;
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

Scene Format::readPieces(ByteSource&) const
{
    throw std::logic_error(displayName() + " is not read in pieces");
}

FileSummary Format::summarizePieces(ByteSource&) const
{
    throw std::logic_error(displayName() + " is not read in pieces");
}

namespace {
bool finite(const glm::dvec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }
bool finite(const glm::dquat& q) { return finite(glm::dvec3(q.x, q.y, q.z)) && std::isfinite(q.w); }
bool finite(double v) { return std::isfinite(v); }

template <class T>
void checkChannel(const Channel<T>& ch, const std::string& where, std::vector<Finding>& out)
{
    for (size_t i = 0; i < ch.keys.size(); ++i) {
        if (!std::isfinite(ch.keys.time(i)) || !finite(ch.keys.value(i)))
            out.push_back({Finding::Severity::Error, where + " key " + std::to_string(i) + " is not finite"});
        if (i > 0 && ch.keys.time(i) < ch.keys.time(i - 1))
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

namespace {
// Within float rounding: 32-bit files store 1 as 0.99999994 or 1.0000001 after their exporter's maths.
bool isOne(const glm::dvec3& v) { return glm::length(v - glm::dvec3(1.0)) < 1e-5; }
std::string seconds(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g s", v);
    return buf;
}
} // namespace

Report Format::conversionLoss(const Scene& s) const
{
    const Capabilities c = capabilities();
    const std::string name = displayName();
    Report report;
    if (!c.multipleAnimations && s.animations.size() > 1)
        report.push_back({ReportItem::Code::OnlyCurrentAnimation,
                          "only animation " + std::to_string(s.current) + " of " + std::to_string(s.animations.size()) +
                              " is written: " + name + " holds one per file",
                          {std::to_string(s.current), std::to_string(s.animations.size())}});
    std::vector<std::string> scaled, visible, moved, turned, looped, ranged;
    size_t notes = 0;
    for (const Animation& a : s.animations) {
        if (!c.multipleAnimations && &a != s.currentAnimation())
            continue;
        notes += a.notes.size();
        const std::string animation = a.name.empty() ? "the animation" : "'" + a.name + "'";
        if (a.looping)
            looped.push_back(animation);
        if (a.loopRange)
            ranged.push_back(animation + " (in " + seconds(a.loopRange->in) + ", out " + seconds(a.loopRange->out) + ")");
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
        report.push_back("scale is lost on " + counted(scaled.size(), "bone") + " (" + name +
                         " has no scale channel): " + nameList(scaled));
    if (!c.visibility && !visible.empty())
        report.push_back("visibility keys are lost on " + counted(visible.size(), "bone") + " (" + name +
                         " has no visibility channel): " + nameList(visible));
    if (!c.translation && !moved.empty())
        report.push_back("translation keys are lost on " + counted(moved.size(), "bone") + ": " + nameList(moved));
    if (!c.rotation && !turned.empty())
        report.push_back("rotation keys are lost on " + counted(turned.size(), "bone") + ": " + nameList(turned));
    if (!c.looping && !looped.empty())
        report.push_back("the loop flag is lost (" + name + " has none): " + nameList(looped) + " will not loop");
    if (!c.loopRange && !ranged.empty())
        report.push_back("the loop points are lost (" + name + " has none): " + nameList(ranged));
    if (!c.notes && notes > 0)
        report.push_back(counted(notes, "note") + agree(notes, " is", " are") + " lost (" + name + " has no notes)");
    if (!c.mesh && !s.mesh.empty())
        report.push_back("the mesh (" + std::to_string(s.mesh.positions.size()) + " vertices) is not written (" +
                         name + " carries no mesh)");
    if (!c.embeddedSkeleton && !s.skeleton.empty())
        report.push_back("the skeleton (" + std::to_string(s.skeleton.size()) + " bones: hierarchy and rest pose) is "
                         "not stored (" + name + " has none); the keys are local transforms, so play them "
                         "on this same skeleton");
    return report;
}

std::vector<Finding> Format::validate(const Scene& scene, const std::string&) const
{
    return commonFindings(scene);
}

} // namespace bonescope
