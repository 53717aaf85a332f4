// Writing BVH: the current animation baked on the skeleton at its frame rate, one line per frame,
// rotations decomposed in each joint's channel order (the order the file was read with, else ZXY).
#include <charconv>
#include <cmath>

#include "core/playback/bake.h"
#include "core/model/content_hash.h"
#include "core/playback/binding.h"
#include "formats/bvh/bvh_euler.h"
#include "formats/bvh/bvh_extra.h"
#include "formats/bvh/bvh_format.h"
#include "formats/fixed_number.h"
#include "formats/parse_error.h"
#include "formats/text_encoding.h"

namespace bonescope {

namespace {

using bvh::ChannelKind;

bool hasAllRotations(const std::vector<ChannelKind>& ch)
{
    int rot = 0, pos = 0;
    for (auto c : ch)
        (bvh::isRotation(c) ? rot : pos) += 1;
    return rot == 3 && (pos == 0 || pos == 3);
}

// The channel list of one joint: the file's own when it can express the motion, else the usual
// positions then Z X Y rotations.
std::vector<ChannelKind> layoutFor(const Bone& bone, const Track& baked, const BvhExtra* extra)
{
    bool moves = false;
    for (const auto& k : baked.translation.keys)
        moves = moves || glm::length(k.value - bone.restTranslation) > 1e-9;
    const bool wantPos = bone.parent < 0 || moves;
    std::vector<ChannelKind> ch;
    if (extra) {
        const auto it = extra->channels.find(bone.name);
        if (it != extra->channels.end() && hasAllRotations(it->second))
            ch = it->second;
    }
    if (ch.empty())
        ch = {bvh::Zrotation, bvh::Xrotation, bvh::Yrotation};
    const bool hasPos = ch.size() == 6;
    if (wantPos && !hasPos)
        ch.insert(ch.begin(), {bvh::Xposition, bvh::Yposition, bvh::Zposition});
    return ch;
}

std::array<int, 3> rotationAxes(const std::vector<ChannelKind>& ch)
{
    std::array<int, 3> axes{};
    int n = 0;
    for (auto c : ch)
        if (bvh::isRotation(c))
            axes[n++] = bvh::axisOf(c);
    return axes;
}

// BVH is text: the name as valid UTF-8, without the characters that end a name or a block.
std::string jointName(const Bone& b, size_t index)
{
    std::string n = validUtf8(b.name);
    for (char& c : n)
        if (c == '\n' || c == '\r' || c == '{' || c == '}' || c == '\0')
            c = '_';
    return n.empty() ? "joint" + std::to_string(index) : n;
}

} // namespace

static std::string keywordCaseNote(const BvhExtra& x)
{
    return "a keyword written in another case (" + x.keywordCase + ", byte " + std::to_string(x.keywordCaseOffset) +
           "): read as the keyword; the file is kept as it is until it is edited, then written as BVH spells it";
}

static std::string quaternionNote(const BvhExtra& x)
{
    return "joint '" + x.quaternionJoint + "' (byte " + std::to_string(x.quaternionOffset) +
           ") stores its rotation as a quaternion (Xrotation .. Wrotation), which most BVH readers do not "
           "accept: read as a rotation; the file is kept as it is until it is edited, then written with Euler "
           "angle channels";
}

static std::string trailingNote(const BvhExtra& x)
{
    return std::to_string(x.trailing.size()) + " bytes from byte " + std::to_string(x.trailingOffset) +
           " follow the frames that Frames: declares; they are kept as they are, not read as motion";
}

static std::string displacementNote(const BvhExtra& x)
{
    return "the positions of joint '" + x.displacementJoint + "' and the others below the root are given as "
           "displacements from their OFFSET (as MakeHuman writes them), not as positions: read so; the file is "
           "kept as it is until it is edited, then written with positions";
}

// What a reader of the file is warned about, with the byte it concerns.
static std::vector<std::pair<std::string, uint64_t>> readingNotes(const BvhExtra& x)
{
    std::vector<std::pair<std::string, uint64_t>> out;
    if (!x.trailing.empty())
        out.emplace_back(trailingNote(x), x.trailingOffset);
    if (!x.keywordCase.empty())
        out.emplace_back(keywordCaseNote(x), x.keywordCaseOffset);
    if (!x.quaternionJoint.empty())
        out.emplace_back(quaternionNote(x), x.quaternionOffset);
    if (!x.displacementJoint.empty())
        out.emplace_back(displacementNote(x), ~uint64_t(0));
    return out;
}

std::vector<uint8_t> BvhFormat::write(const Scene& scene) const
{
    const Animation* anim = scene.currentAnimation();
    if (!anim && scene.skeleton.empty())
        throw WriteError("BVH: the scene has neither a skeleton nor an animation to write");
    const Animation none;
    const Animation& src = anim ? *anim : none;
    if (const auto* x = scene.extra.as<BvhExtra>();
        x && !x->source.empty() && anim && x->sourceHash == contentHash(scene.skeleton, *anim))
        return x->source; // unedited: the file as it was
    checkWriteLimits(scene, bvh::writeLimits());
    const Skeleton skel = scene.skeleton.empty() ? flatSkeleton(src) : scene.skeleton;
    if (skel.empty())
        throw WriteError("BVH: the animation has no bones");
    std::string why;
    const auto order = skel.evaluationOrder(&why);
    if (!order)
        throw WriteError("BVH: " + why);
    const double fps = anim ? anim->fps : 30.0;
    if (!(fps > 0) || !std::isfinite(fps))
        throw WriteError("BVH: the frame rate must be a positive number");
    const Animation baked = bake(src, skel, {fps, false});
    const BvhExtra* extra = scene.extra.as<BvhExtra>();

    std::vector<std::vector<int>> children(skel.size());
    for (size_t i = 0; i < skel.size(); ++i)
        if (skel.bones[i].parent >= 0)
            children[skel.bones[i].parent].push_back(int(i));

    // Hierarchy; the frame values follow the same joint order.
    std::string out = "HIERARCHY\n";
    std::vector<int> jointOrder;
    std::vector<std::vector<ChannelKind>> layout(skel.size());
    // Depth first from each root with an explicit stack (a long chain cannot overflow the call stack);
    // evaluationOrder() proved there is no cycle. Negative entries close the joint ~entry.
    std::vector<std::pair<int, int>> stack; // (bone or ~bone, depth)
    for (size_t i = skel.size(); i-- > 0;)
        if (skel.bones[i].parent < 0)
            stack.push_back({int(i), 0});
    while (!stack.empty()) {
        const auto [b, depth] = stack.back();
        stack.pop_back();
        const std::string indent(size_t(depth), '\t');
        if (b < 0) {
            out += indent + "}\n";
            continue;
        }
        const Bone& bone = skel.bones[b];
        auto offsetLine = [&] {
            out += indent + "\tOFFSET ";
            for (int i = 0; i < 3; ++i) {
                appendFixed(out, bone.restTranslation[i], 6);
                out += i < 2 ? " " : "\n";
            }
        };
        if ((bone.flags & bvh::EndSiteFlag) && children[b].empty() && bone.parent >= 0) {
            out += indent + "End Site\n" + indent + "{\n";
            offsetLine();
            out += indent + "}\n";
            continue;
        }
        out += indent + (bone.parent < 0 ? "ROOT " : "JOINT ") + jointName(bone, size_t(b)) + "\n" + indent + "{\n";
        offsetLine();
        layout[b] = layoutFor(bone, baked.tracks[b], extra);
        out += indent + "\tCHANNELS " + std::to_string(layout[b].size());
        for (auto c : layout[b])
            out += std::string(" ") + bvh::channelName(c);
        out += "\n";
        jointOrder.push_back(b);
        stack.push_back({~b, depth});
        for (auto it = children[b].rbegin(); it != children[b].rend(); ++it)
            stack.push_back({*it, depth + 1});
    }

    const size_t frames = baked.tracks.empty() ? 1 : std::max<size_t>(1, baked.tracks[0].rotation.size());
    out += "MOTION\nFrames: " + std::to_string(frames) + "\nFrame Time: ";
    if (extra && !extra->frameTimeText.empty() && std::abs(1.0 / extra->frameTime - fps) <= 1e-9 * fps) {
        out += extra->frameTimeText;
    } else {
        char buf[64];
        auto [p, ec] = std::to_chars(buf, buf + sizeof buf, 1.0 / fps, std::chars_format::general, 9);
        out.append(buf, p);
    }
    out += "\n";

    std::vector<glm::dvec3> previous(skel.size());
    for (size_t f = 0; f < frames; ++f) {
        bool first = true;
        for (int b : jointOrder) {
            const Track& t = baked.tracks[b];
            const Bone& bone = skel.bones[b];
            const glm::dvec3 pos = f < t.translation.size() ? t.translation.keys.value(f) : bone.restTranslation;
            const glm::dquat rot = f < t.rotation.size() ? t.rotation.keys.value(f) : bone.restRotation;
            const glm::dvec3 euler = bvh::decomposeEuler(rotationAxes(layout[b]), rot, f > 0 ? &previous[b] : nullptr);
            previous[b] = euler;
            int r = 0;
            for (auto c : layout[b]) {
                if (!first)
                    out += ' ';
                first = false;
                if (bvh::isRotation(c))
                    appendFixed(out, euler[r++], 6);
                else
                    appendFixed(out, pos[bvh::axisOf(c)], 6);
            }
        }
        out += "\n";
    }
    if (extra)
        out.append(extra->trailing.begin(), extra->trailing.end());
    return {out.begin(), out.end()};
}

std::vector<Finding> BvhFormat::validate(const Scene& scene, const std::string& target) const
{
    std::vector<Finding> out = Format::validate(scene, target);
    if (const auto* x = scene.extra.as<BvhExtra>())
        for (auto& [text, offset] : readingNotes(*x))
            out.push_back({Finding::Severity::Warning, std::move(text), offset});
    return out;
}

FileSummary BvhFormat::summarize(std::span<const uint8_t> bytes) const
{
    const Scene scene = read(bytes);
    FileSummary s = summarizeScene(scene);
    if (const auto* x = scene.extra.as<BvhExtra>())
        for (const auto& note : readingNotes(*x))
            s.details.push_back("warning: " + note.first);
    return s;
}

} // namespace bonescope
