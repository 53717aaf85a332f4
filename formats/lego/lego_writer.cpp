// LEGO Island .ani writing. The game's own writer leaves out the header; this one writes it, from
// LegoExtra when the scene came from an .ani file, so an unedited file comes back byte for byte.
// The skeleton is the node tree (written in pre-order); a scene without one gets a transform-only
// root "-root" holding one node per track.
#include <cmath>

#include "core/playback/binding.h"
#include "formats/byte_writer.h"
#include "formats/lego/lego_extra.h"
#include "formats/lego/lego_format.h"
#include "formats/parse_error.h"

namespace bonescope {

namespace {

struct KeyWriter {
    ByteWriter& w;
    KeyConvention toFile; // from the animation's convention to the file's (identity for .ani input)

    template <class T>
    void head(const Key<T>& k, const char* what)
    {
        const double ms = std::round(k.time * 1000.0);
        if (!(ms >= 0) || ms > lego::MaxKeyTimeMs)
            throw WriteError(std::string("LEGO Island: ") + what + " time " + std::to_string(k.time) +
                             " s is outside 0 to 16777.215 s (24-bit milliseconds)");
        if (k.flags > 0xFF)
            throw WriteError(std::string("LEGO Island: ") + what + " flags " + std::to_string(k.flags) +
                             " do not fit 8 bits");
        w.u32(uint32_t(ms) | k.flags << 24);
    }

    template <class T>
    void count(const Channel<T>& ch, const char* what)
    {
        if (ch.size() > 0xFFFF)
            throw WriteError(std::string("LEGO Island: more than 65535 ") + what + "s in one channel");
        w.u16(uint16_t(ch.size()));
    }

    void translations(const Vec3Channel& ch, const char* what, bool convert)
    {
        count(ch, what);
        for (const auto& k : ch.keys) {
            head(k, what);
            const glm::dvec3 v = convert ? toFile.apply(k.value) : k.value;
            for (int c = 0; c < 3; ++c)
                w.f32(float(v[c]));
        }
    }

    void rotations(const QuatChannel& ch)
    {
        count(ch, "rotation key");
        for (const auto& k : ch.keys) {
            head(k, "rotation key");
            const glm::dquat q = toFile.apply(k.value);
            w.f32(float(q.w));
            w.f32(float(q.x));
            w.f32(float(q.y));
            w.f32(float(q.z));
        }
    }

    void visibility(const ScalarChannel& ch)
    {
        count(ch, "morph key");
        for (const auto& k : ch.keys) {
            head(k, "morph key");
            // The byte read is the value; any other value means visible or not.
            const double v = k.value;
            w.u8(v >= 0 && v <= 255 && v == std::floor(v) ? uint8_t(v) : uint8_t(v >= 0.5 ? 1 : 0));
        }
    }

    void roll(const ScalarChannel& ch)
    {
        count(ch, "camera roll key");
        for (const auto& k : ch.keys) {
            head(k, "camera roll key");
            w.f32(float(k.value));
        }
    }
};

void writeName(ByteWriter& w, const std::string& name)
{
    w.u32(uint32_t(name.size()));
    w.bytes({reinterpret_cast<const uint8_t*>(name.data()), name.size()});
}

void writeNode(KeyWriter& kw, const std::string& name, const Track* t, uint32_t children)
{
    writeName(kw.w, name);
    static const Track none;
    const Track& track = t ? *t : none;
    kw.translations(track.translation, "translation key", true);
    kw.rotations(track.rotation);
    kw.translations(track.scale, "scale key", false);
    kw.visibility(track.visibility);
    kw.w.u32(children);
}

// Nodes in pre-order: the skeleton's bones (children in index order) under a single root, or a
// "-root" holding every root bone (and, without a skeleton, one node per track).
void writeTree(KeyWriter& kw, const Scene& scene, const Animation& a)
{
    const Skeleton skeleton = scene.skeleton.empty() ? flatSkeleton(a) : scene.skeleton;
    std::string error;
    if (!skeleton.evaluationOrder(&error))
        throw WriteError("LEGO Island: the node tree is broken: " + error);
    const Binding binding = Binding::bind(a, skeleton);
    if (!binding.unmatchedTracks.empty())
        throw WriteError("LEGO Island: track '" + a.tracks[binding.unmatchedTracks.front()].name +
                         "' animates no node of the tree");

    const int n = int(skeleton.size());
    std::vector<std::vector<int>> children(n);
    std::vector<int> roots;
    for (int i = 0; i < n; ++i)
        (skeleton.bones[i].parent >= 0 ? children[skeleton.bones[i].parent] : roots).push_back(i);

    std::vector<int> stack; // bones still to write, the next on top
    if (roots.size() == 1) {
        stack.push_back(roots.front());
    } else {
        writeNode(kw, "-root", nullptr, uint32_t(roots.size()));
        stack.assign(roots.rbegin(), roots.rend());
    }
    while (!stack.empty()) {
        const int b = stack.back();
        stack.pop_back();
        const int ti = binding.trackOfBone[b];
        writeNode(kw, skeleton.bones[b].name, ti >= 0 ? &a.tracks[ti] : nullptr, uint32_t(children[b].size()));
        stack.insert(stack.end(), children[b].rbegin(), children[b].rend());
    }
}

int32_t durationMs(const Animation& a, const LegoExtra* x)
{
    if (x && x->durationMs / 1000.0 == a.duration)
        return x->durationMs;
    const double ms = std::round(a.duration * 1000.0);
    if (!(ms >= -2147483648.0 && ms <= 2147483647.0))
        throw WriteError("LEGO Island: the duration does not fit 32-bit milliseconds");
    return int32_t(ms);
}

} // namespace

std::vector<uint8_t> LegoFormat::write(const Scene& scene) const
{
    const Animation* anim = scene.currentAnimation();
    if (!anim)
        throw WriteError("LEGO Island: the scene has no animation to write");
    const Animation& a = *anim;
    checkWriteLimits(scene, lego::writeLimits());
    const LegoExtra defaults;
    const LegoExtra* kept = a.extra.as<LegoExtra>();
    const LegoExtra& x = kept ? *kept : defaults;

    ByteWriter w;
    w.s32(lego::Magic);
    w.f32(x.boundingRadius);
    for (float c : x.center)
        w.f32(c);
    w.s32(x.cameraFlag);
    w.s32(x.unused);
    w.u32(uint32_t(x.actors.size()));
    for (const lego::Actor& actor : x.actors) {
        writeName(w, actor.name);
        if (!actor.name.empty())
            w.u32(actor.type);
    }
    const int32_t duration = durationMs(a, kept);
    w.s32(duration);

    // Sign flips undo themselves: viewer -> file is the same flip as file -> viewer.
    KeyWriter kw{w, {}};
    if (a.keyConvention != lego::keyConvention()) {
        const KeyConvention lg = lego::keyConvention();
        kw.toFile.translation = a.keyConvention.translation * lg.translation;
        kw.toFile.rotation = a.keyConvention.rotation * lg.rotation;
    }
    if (x.hasCamera()) {
        KeyWriter cam{w, {}}; // camera keys live in LegoExtra, always in the file's convention
        cam.translations(x.cameraPosition, "camera position key", false);
        cam.translations(x.cameraTarget, "camera target key", false);
        cam.roll(x.cameraRoll);
    }
    writeTree(kw, scene, a);
    w.bytes(x.trailing);
    std::vector<uint8_t> bytes = w.take();
    checkWrittenFrames(duration / 1000.0 * lego::StepFps, bytes.size(), "LEGO Island", "the duration");
    return bytes;
}

std::vector<Finding> LegoFormat::validate(const Scene& scene, const std::string&) const
{
    std::vector<Finding> out = commonFindings(scene);
    for (const Bone& b : scene.skeleton.bones)
        if (b.restTranslation != glm::dvec3(0.0) || b.restRotation != glm::dquat(1, 0, 0, 0) ||
            b.restScale != glm::dvec3(1.0)) {
            out.push_back({Finding::Severity::Warning,
                           "bone '" + b.name + "' has a rest pose: LEGO Island nodes have none, so an "
                           "unkeyed channel will show identity in the game"});
            break;
        }
    try {
        (void)write(scene);
    } catch (const WriteError& e) {
        out.push_back({Finding::Severity::Error, e.what()});
    }
    return out;
}

} // namespace bonescope
