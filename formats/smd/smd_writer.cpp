// Writing SMD: an unedited file as it was read, an edited one with only its changed lines rewritten
// (smd_patch.cpp), anything else anew: every node in every frame (GoldSrc zeroes a node a frame
// leaves out), frames numbered 0..N-1 at the animation's own rate, nodes numbered parents first.
#include <cmath>

#include "core/playback/bake.h"
#include "core/playback/binding.h"
#include "core/model/content_hash.h"
#include "formats/parse_error.h"
#include "formats/smd/smd_euler.h"
#include "formats/smd/smd_format.h"
#include "formats/smd/smd_write.h"

namespace bonescope {

namespace {

// The file as read, patched, or nothing when it has to be written anew.
std::optional<std::vector<uint8_t>> fromSource(const Scene& scene, const SmdExtra& x)
{
    if (x.source.empty() || (x.writeFlavour && x.fileFlavour && *x.writeFlavour != *x.fileFlavour))
        return std::nullopt;
    const Animation none;
    const Animation* anim = scene.currentAnimation();
    if (x.sourceHash == contentHash(scene.skeleton, anim ? *anim : none))
        return x.source;
    return smd::patchSource(scene, x);
}

} // namespace

std::vector<uint8_t> SmdFormat::write(const Scene& scene) const
{
    const SmdExtra* x = scene.extra.as<SmdExtra>();
    if (x)
        if (auto kept = fromSource(scene, *x))
            return std::move(*kept);
    const Animation* anim = scene.currentAnimation();
    if (!anim && scene.skeleton.empty())
        throw WriteError("SMD: the scene has neither a skeleton nor an animation to write");
    checkWriteLimits(scene, smd::writeLimits());
    const Animation none;
    const Animation& src = anim ? *anim : none;
    const Skeleton skel = scene.skeleton.empty() ? flatSkeleton(src) : scene.skeleton;
    if (skel.empty())
        throw WriteError("SMD: the animation has no bones");
    std::string why;
    const auto order = skel.evaluationOrder(&why);
    if (!order)
        throw WriteError("SMD: " + why);
    const double fps = anim ? anim->fps : smd::DefaultFps;
    if (!(fps > 0) || !std::isfinite(fps))
        throw WriteError("SMD: the frame rate must be a positive number");
    const Mesh& mesh = scene.mesh;
    for (uint32_t i : mesh.indices)
        if (i >= mesh.positions.size())
            throw WriteError("SMD: the mesh has a triangle corner past its " + std::to_string(mesh.positions.size()) +
                             " vertices");

    // Node ids: parents first, as studiomdl builds each bone from its parent's finished matrix.
    std::vector<int> ids(skel.size());
    for (size_t k = 0; k < order->size(); ++k)
        ids[size_t((*order)[k])] = int(k);

    std::string out = "version 1\nnodes\n";
    for (int b : *order) {
        const int parent = skel.bones[size_t(b)].parent;
        out += smd::nodeLine(ids[size_t(b)], skel.bones[size_t(b)].name, parent < 0 ? -1 : ids[size_t(parent)]) + "\n";
    }
    out += "end\nskeleton\n";
    const Animation baked = anim ? bake(src, skel, {fps, false}) : Animation{};
    size_t frames = 1;
    for (const Track& t : baked.tracks)
        frames = std::max({frames, t.translation.size(), t.rotation.size()});
    std::vector<glm::dvec3> previous(skel.size());
    std::vector<glm::dmat4> firstWorld(skel.size());
    for (size_t f = 0; f < frames; ++f) {
        out += "time " + std::to_string(f) + "\n";
        for (int b : *order) {
            const Bone& bone = skel.bones[size_t(b)];
            const Track* t = size_t(b) < baked.tracks.size() ? &baked.tracks[size_t(b)] : nullptr;
            const glm::dvec3 pos = t ? smd::positionAt(*t, bone, f) : bone.restTranslation;
            const glm::dquat rot = t ? smd::rotationAt(*t, bone, f) : bone.restRotation;
            const glm::dvec3 euler = smd::eulerFromRotation(rot, f > 0 ? &previous[size_t(b)] : nullptr);
            previous[size_t(b)] = euler;
            out += smd::skeletonLine(ids[size_t(b)], pos, euler) + "\n";
            if (f == 0) {
                // The pose the mesh is written in: what a reader builds from these very numbers.
                const glm::dmat4 local = composeTRS(smd::asWritten(pos), smd::rotationFromEuler(smd::asWritten(euler)),
                                                    glm::dvec3(1.0));
                firstWorld[size_t(b)] = bone.parent < 0 ? local : firstWorld[size_t(bone.parent)] * local;
            }
        }
    }
    out += "end\n";
    const smd::Flavour flavour = x ? x->flavour() : smd::Flavour::Source;
    // A mesh only in a reference file of one frame: GoldSrc would bind it to the last frame, and
    // Blender Source Tools cannot import triangles after several frames (conversionLoss says so).
    if (!mesh.empty() && !mesh.indices.empty() && frames == 1)
        smd::appendTriangles(out, scene, scene.skeleton.empty() ? std::vector<int>{} : ids, firstWorld, flavour, x);
    if (x && !x->vertexAnimation.empty()) {
        out += x->vertexAnimation;
        if (out.back() != '\n')
            out += '\n';
    }
    return {out.begin(), out.end()};
}

} // namespace bonescope
