#include "formats/convert/merge_clips.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <stdexcept>

#include "core/editing/clip_split.h"
#include "formats/convert/name_list.h"
#include "formats/convert/prepare.h"
#include "formats/registry.h"

namespace bonescope {

namespace {

std::string parentName(const Skeleton& s, const Bone& b)
{
    return b.parent >= 0 && b.parent < int(s.size()) ? s.bones[size_t(b.parent)].name : std::string();
}

// The formats Bonescope writes that hold several clips in one file, for the message that asks for one.
std::string multiClipFormats()
{
    std::vector<std::string> names;
    for (const auto& f : Registry::instance().formats()) {
        const Capabilities c = f->capabilities();
        if (c.write && c.multipleAnimations)
            names.push_back(f->displayName() + " (." + f->writtenExtension() + ")");
    }
    return nameList(names, names.size());
}

// The first bone whose rest differs between two skeletons of the same bones, or "".
std::string restDifference(const Skeleton& a, const Skeleton& b)
{
    double size = 0;
    for (const Bone& bone : a.bones)
        size = std::max(size, glm::length(bone.restTranslation));
    const double tolerance = std::max(1e-9, size * 1e-5);
    for (const Bone& bone : a.bones) {
        const Bone& other = b.bones[size_t(b.find(bone.name))];
        if (glm::length(bone.restTranslation - other.restTranslation) > tolerance ||
            1 - std::abs(glm::dot(glm::normalize(bone.restRotation), glm::normalize(other.restRotation))) > 1e-9 ||
            glm::length(bone.restScale - other.restScale) > 1e-6)
            return bone.name;
    }
    return {};
}

std::string rate(double fps)
{
    std::ostringstream o;
    o << fps;
    return o.str();
}

} // namespace

std::string skeletonDifference(const Skeleton& a, const std::string& aName, const Skeleton& b, const std::string& bName)
{
    for (const Bone& bone : a.bones) {
        const int other = b.find(bone.name);
        if (other < 0)
            return "bone '" + bone.name + "' of " + aName + " is not in " + bName;
        const std::string pa = parentName(a, bone), pb = parentName(b, b.bones[size_t(other)]);
        if (pa != pb)
            return "bone '" + bone.name + "' hangs from " + (pa.empty() ? "nothing" : "'" + pa + "'") + " in " + aName +
                   " and from " + (pb.empty() ? "nothing" : "'" + pb + "'") + " in " + bName;
    }
    for (const Bone& bone : b.bones)
        if (a.find(bone.name) < 0)
            return "bone '" + bone.name + "' of " + bName + " is not in " + aName;
    return {};
}

Scene mergeClips(std::vector<ClipSource> sources, const Format& target, Report& report)
{
    if (!target.capabilities().multipleAnimations || !target.capabilities().write)
        throw std::runtime_error(target.displayName() + " holds one animation per file; merge into a format that holds several: " +
                                 multiClipFormats());
    if (sources.empty())
        throw std::runtime_error("nothing to merge");
    // Each in the target's meaning, and checked against the first, before anything is merged.
    for (ClipSource& src : sources) {
        if (src.scene.animations.empty())
            throw std::runtime_error(src.name + ": has no animation to merge");
        if (src.scene.format == target.id())
            continue;
        Report lines;
        try {
            src.scene = prepareForTarget(std::move(src.scene), target, ConvertOptions{}, lines);
        } catch (const ReportedError& e) {
            ReportItem why = e.item();
            why.file = src.name;
            throw ReportedError(std::move(why));
        } catch (const std::exception& e) {
            throw std::runtime_error(src.name + ": " + e.what());
        }
        for (ReportItem& line : lines) {
            line.file = src.name;
            report.push_back(std::move(line));
        }
    }
    const ClipSource& first = sources.front();
    for (size_t i = 1; i < sources.size(); ++i) {
        const ClipSource& src = sources[i];
        if (src.scene.skeleton.empty() != first.scene.skeleton.empty())
            throw std::runtime_error(src.name + ": cannot be merged with " + first.name + ": one has a skeleton and the other not");
        if (const std::string why = skeletonDifference(first.scene.skeleton, first.name, src.scene.skeleton, src.name); !why.empty())
            throw ReportedError([&] {
                ReportItem item(ReportItem::Code::SkeletonsDiffer, "its skeleton is not the one of " + first.name + " (" +
                                                                       why + "); clips of different skeletons cannot share one file");
                item.file = src.name;
                return item;
            }());
        if (const std::string bone = restDifference(first.scene.skeleton, src.scene.skeleton); !bone.empty())
            report.push_back(src.name + ": its rest pose differs from " + first.name + "'s (bone '" + bone +
                             "' first); the merged file keeps " + first.name + "'s");
        const Mesh &mine = src.scene.mesh, &kept = first.scene.mesh;
        if (!mine.empty() && (mine.positions != kept.positions || mine.indices != kept.indices))
            report.push_back(src.name + ": its mesh differs from " + first.name + "'s and is not carried; the merged file keeps " +
                             (first.scene.mesh.empty() ? std::string("none (") + first.name + " has none)" : first.name + "'s"));
    }

    Scene merged = std::move(sources.front().scene);
    merged.format = target.id();
    std::vector<std::string> taken;
    for (Animation& a : merged.animations)
        a.name = uniqueName(a.name, taken);
    for (size_t i = 1; i < sources.size(); ++i)
        for (Animation& a : sources[i].scene.animations) {
            const std::string wanted = a.name;
            a.name = uniqueName(wanted, taken);
            if (a.name != wanted)
                report.push_back(sources[i].name + ": animation '" + wanted + "' renamed '" + a.name + "' (the name was taken)");
            merged.animations.push_back(std::move(a));
        }
    std::map<double, std::vector<std::string>> rates;
    for (const Animation& a : merged.animations)
        rates[a.fps].push_back(a.name);
    if (rates.size() > 1) {
        std::string list;
        for (const auto& [fps, names] : rates)
            list += (list.empty() ? "" : "; ") + rate(fps) + " fps: " + nameList(names);
        report.push_back("the clips have different frame rates and each keeps its own keys and rate, none is resampled (" +
                         list + ")");
    }
    merged.current = 0;
    return merged;
}

} // namespace bonescope
