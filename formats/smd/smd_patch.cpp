// An edited SMD written as its original text with only the changed lines replaced: a key edited on
// one frame changes that frame's line. A node a frame did not list keeps meaning "the value before",
// so a line is added only where that value would now be wrong.
#include <algorithm>

#include "core/playback/bake.h"
#include "formats/smd/smd_euler.h"
#include "formats/smd/smd_parse.h"
#include "formats/smd/smd_write.h"

namespace bonescope::smd {

namespace {

struct Edit {
    size_t begin = 0, end = 0; // replaced bytes (equal: an insertion)
    std::string text;
};

std::string_view indentOf(const std::vector<uint8_t>& src, const ByteRange& r)
{
    size_t i = r.begin;
    while (i < r.end && (src[i] == ' ' || src[i] == '\t'))
        ++i;
    return {reinterpret_cast<const char*>(src.data()) + r.begin, i - r.begin};
}

bool sameStructure(const Scene& scene, const Scene& orig)
{
    if (scene.skeleton.size() != orig.skeleton.size() || scene.mesh.positions.size() != orig.mesh.positions.size() ||
        scene.animations.empty() != orig.animations.empty())
        return false;
    for (size_t b = 0; b < orig.skeleton.size(); ++b)
        if (scene.skeleton.bones[b].parent != orig.skeleton.bones[b].parent)
            return false;
    return true;
}

} // namespace

std::optional<std::vector<uint8_t>> patchSource(const Scene& scene, const SmdExtra& x)
{
    Layout layout;
    Scene orig;
    try {
        orig = parse(x.source, &layout);
    } catch (...) {
        return std::nullopt;
    }
    if (!sameStructure(scene, orig))
        return std::nullopt;
    const auto& src = x.source;
    const std::string& nl = layout.newline;
    std::vector<Edit> edits;
    for (size_t b = 0; b < orig.skeleton.size(); ++b)
        if (scene.skeleton.bones[b].name != orig.skeleton.bones[b].name) {
            const int parent = orig.skeleton.bones[b].parent;
            edits.push_back({layout.nodeLines[b].begin, layout.nodeLines[b].end,
                             std::string(indentOf(src, layout.nodeLines[b])) +
                                 nodeLine(layout.ids[b], scene.skeleton.bones[b].name, parent < 0 ? -1 : layout.ids[size_t(parent)])});
        }

    if (const Animation* anim = scene.currentAnimation()) {
        const size_t frames = layout.frames.size();
        if (!(anim->fps > 0) || anim->frameCount() != (long long)frames)
            return std::nullopt;
        const Animation now = bake(*anim, scene.skeleton, {anim->fps, false});
        const Animation was = bake(orig.animations[0], orig.skeleton, {DefaultFps, false});
        const size_t n = orig.skeleton.size();
        if (now.tracks.size() != n || was.tracks.size() != n)
            return std::nullopt;
        // What a reader of the written file holds for each node so far (nothing listed: zero).
        std::vector<glm::dvec3> heldPos(n, glm::dvec3(0.0)), heldEuler(n, glm::dvec3(0.0));
        std::vector<glm::dquat> heldRot(n, glm::dquat(1, 0, 0, 0));
        std::vector<const Layout::Listed*> listed(n);
        for (size_t f = 0; f < frames; ++f) {
            const Layout::Frame& frame = layout.frames[f];
            std::fill(listed.begin(), listed.end(), nullptr);
            for (const auto& l : frame.lines)
                listed[size_t(l.bone)] = &l; // a node listed twice: the later line counts
            const std::string_view indent = frame.lines.empty() ? std::string_view() : indentOf(src, frame.lines[0].line);
            std::string added;
            for (size_t b = 0; b < n; ++b) {
                const Bone& bone = scene.skeleton.bones[b];
                const glm::dvec3 pos = positionAt(now.tracks[b], bone, f);
                const glm::dquat rot = rotationAt(now.tracks[b], bone, f);
                if (const Layout::Listed* l = listed[b]) {
                    const Bone& ob = orig.skeleton.bones[b];
                    if (samePosition(pos, positionAt(was.tracks[b], ob, f)) && sameRotation(rot, rotationAt(was.tracks[b], ob, f))) {
                        heldPos[b] = positionAt(was.tracks[b], ob, f);
                        heldRot[b] = rotationAt(was.tracks[b], ob, f);
                        heldEuler[b] = l->euler;
                        continue;
                    }
                    const glm::dvec3 euler = eulerFromRotation(rot, &l->euler);
                    edits.push_back({l->line.begin, l->line.end,
                                     std::string(indentOf(src, l->line)) + skeletonLine(layout.ids[b], pos, euler)});
                    heldPos[b] = asWritten(pos);
                    heldEuler[b] = asWritten(euler);
                    heldRot[b] = rotationFromEuler(heldEuler[b]);
                    continue;
                }
                if (samePosition(pos, heldPos[b]) && sameRotation(rot, heldRot[b]))
                    continue;
                const glm::dvec3 euler = eulerFromRotation(rot, &heldEuler[b]);
                added += std::string(indent) + skeletonLine(layout.ids[b], pos, euler) + nl;
                heldPos[b] = asWritten(pos);
                heldEuler[b] = asWritten(euler);
                heldRot[b] = rotationFromEuler(heldEuler[b]);
            }
            if (!added.empty()) {
                // After a last line that has no line break (the file ends there), start a new line.
                if (frame.insertAt > 0 && src[frame.insertAt - 1] != '\n')
                    added = nl + added;
                edits.push_back({frame.insertAt, frame.insertAt, std::move(added)});
            }
        }
    }
    std::stable_sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
    std::vector<uint8_t> out;
    out.reserve(src.size() + 64 * edits.size());
    size_t at = 0;
    for (const Edit& e : edits) {
        out.insert(out.end(), src.begin() + long(at), src.begin() + long(e.begin));
        out.insert(out.end(), e.text.begin(), e.text.end());
        at = e.end;
    }
    out.insert(out.end(), src.begin() + long(at), src.end());
    return out;
}

} // namespace bonescope::smd
