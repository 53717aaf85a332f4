// LEGO Island .ani reading (samples/lego/animation.ksy, corrected by FORMATS.md). The node tree is
// read with an explicit stack, so a deep tree cannot overflow the call stack; every count is checked
// against the bytes left before anything is allocated.
#include <cmath>

#include "formats/byte_reader.h"
#include "formats/lego/lego_extra.h"
#include "formats/lego/lego_format.h"

namespace bonescope {

namespace {

// Smallest encodings, for checkCount.
constexpr size_t TranslationKeyBytes = 16, RotationKeyBytes = 20, ScaleKeyBytes = 16, MorphKeyBytes = 5,
                 RollKeyBytes = 8;
constexpr size_t MinNodeBytes = 4 + 4 * 2 + 4; // name length, four key counts, child count

template <class T>
Key<T> readKeyHead(ByteReader& r)
{
    const uint32_t packed = r.u32("key time and flags");
    Key<T> k;
    k.time = (packed & lego::MaxKeyTimeMs) / 1000.0;
    k.flags = packed >> 24;
    return k;
}

void readVec3Keys(ByteReader& r, Vec3Channel& ch, uint16_t count, const char* what)
{
    r.checkCount(count, TranslationKeyBytes, what);
    ch.keys.reserve(count);
    for (uint16_t i = 0; i < count; ++i) {
        Vec3Key k = readKeyHead<glm::dvec3>(r);
        for (int c = 0; c < 3; ++c)
            k.value[c] = r.finiteF32(what);
        ch.keys.push_back(k);
    }
}

void readRotationKeys(ByteReader& r, QuatChannel& ch, uint16_t count)
{
    r.checkCount(count, RotationKeyBytes, "rotation key");
    ch.keys.reserve(count);
    for (uint16_t i = 0; i < count; ++i) {
        QuatKey k = readKeyHead<glm::dquat>(r);
        // Stored (angle, x, y, z), where `angle` is the quaternion's w.
        k.value.w = r.finiteF32("rotation key w");
        k.value.x = r.finiteF32("rotation key x");
        k.value.y = r.finiteF32("rotation key y");
        k.value.z = r.finiteF32("rotation key z");
        ch.keys.push_back(k);
    }
}

// Morph and camera roll keys: a key head and one value each.
template <class ReadValue>
void readScalarKeys(ByteReader& r, ScalarChannel& ch, uint16_t count, size_t keyBytes, const char* what,
                    ReadValue value)
{
    r.checkCount(count, keyBytes, what);
    ch.keys.reserve(count);
    for (uint16_t i = 0; i < count; ++i) {
        ScalarKey k = readKeyHead<double>(r);
        k.value = value();
        ch.keys.push_back(k);
    }
}

void readMorphKeys(ByteReader& r, ScalarChannel& ch, uint16_t count)
{
    // Non-zero: visible; the byte itself is kept as the value.
    readScalarKeys(r, ch, count, MorphKeyBytes, "morph key", [&] { return double(r.u8("morph key visibility")); });
}

void readRollKeys(ByteReader& r, ScalarChannel& ch, uint16_t count)
{
    readScalarKeys(r, ch, count, RollKeyBytes, "camera roll key", [&] { return double(r.finiteF32("camera roll")); });
}

std::string readName(ByteReader& r, const char* what)
{
    const uint32_t length = r.u32(what);
    r.checkCount(length, 1, what);
    const auto bytes = r.bytes(length, what);
    return std::string(bytes.begin(), bytes.end());
}

// One node's data: name and four channels, with the game's rules on each.
Track readNodeData(ByteReader& r)
{
    Track t;
    t.name = readName(r, "node name");
    t.translation.rules = lego::translationRules();
    t.rotation.rules = lego::rotationRules();
    t.scale.rules = lego::scaleRules();
    t.visibility.rules = lego::visibilityRules();
    readVec3Keys(r, t.translation, r.u16("translation key count"), "translation key");
    readRotationKeys(r, t.rotation, r.u16("rotation key count"));
    readVec3Keys(r, t.scale, r.u16("scale key count"), "scale key");
    readMorphKeys(r, t.visibility, r.u16("morph key count"));
    return t;
}

uint32_t readChildCount(ByteReader& r)
{
    const uint32_t n = r.u32("child count");
    r.checkCount(n, MinNodeBytes, "child node");
    return n;
}

// Pre-order: node i's track is tracks[i], its bone bones[i].
void readTree(ByteReader& r, Skeleton& skeleton, std::vector<Track>& tracks)
{
    struct Open {
        int node;
        uint32_t childrenLeft;
    };
    std::vector<Open> stack;
    int parent = -1;
    for (;;) {
        Bone bone;
        Track track = readNodeData(r);
        bone.name = track.name;
        bone.parent = parent;
        const int index = int(skeleton.bones.size());
        skeleton.bones.push_back(std::move(bone));
        tracks.push_back(std::move(track));
        const uint32_t children = readChildCount(r);
        if (children > 0)
            stack.push_back({index, children});
        while (!stack.empty() && stack.back().childrenLeft == 0)
            stack.pop_back();
        if (stack.empty())
            return;
        --stack.back().childrenLeft;
        parent = stack.back().node;
    }
}

} // namespace

bool LegoFormat::detect(std::span<const uint8_t> head) const
{
    // Magic 0x11, then (after the bounding sphere and two flags) an actor count the file can hold.
    if (head.size() < 32)
        return false;
    ByteReader r(head);
    if (r.s32() != lego::Magic)
        return false;
    r.seek(28);
    return r.u32() <= (head.size() - 32) / 4;
}

Scene LegoFormat::read(std::span<const uint8_t> bytes) const
{
    ByteReader r(bytes);
    auto x = std::make_unique<LegoExtra>();
    const int32_t magic = r.s32("magic");
    if (magic != lego::Magic)
        r.failAt(0, "not a LEGO Island animation: its first bytes are not the game's animation header (the file is "
                    "damaged, or of another kind)");
    x->boundingRadius = r.finiteF32("bounding radius");
    for (float& c : x->center)
        c = r.finiteF32("bounding sphere centre");
    x->cameraFlag = r.s32("camera flag");
    x->unused = r.s32("unused field");
    const uint32_t actorCount = r.u32("actor count");
    r.checkCount(actorCount, 4, "actor");
    x->actors.reserve(actorCount);
    for (uint32_t i = 0; i < actorCount; ++i) {
        lego::Actor a;
        a.name = readName(r, "actor name");
        a.hasType = !a.name.empty();
        if (a.hasType)
            a.type = r.u32("actor type");
        x->actors.push_back(std::move(a));
    }
    const size_t durationAt = r.pos();
    x->durationMs = r.s32("duration");
    r.checkDuration(x->durationMs / 1000.0, lego::StepFps, durationAt, "duration");
    if (x->hasCamera()) {
        x->cameraPosition.rules = lego::translationRules();
        x->cameraTarget.rules = lego::translationRules();
        x->cameraRoll.rules = lego::cameraRollRules();
        readVec3Keys(r, x->cameraPosition, r.u16("camera position key count"), "camera position key");
        readVec3Keys(r, x->cameraTarget, r.u16("camera target key count"), "camera target key");
        readRollKeys(r, x->cameraRoll, r.u16("camera roll key count"));
    }

    Scene scene;
    scene.format = id();
    Animation anim;
    readTree(r, scene.skeleton, anim.tracks);
    const auto tail = r.rest();
    x->trailing.assign(tail.begin(), tail.end());

    // The file has no frame rate: keys are in milliseconds; 30 fps is only for stepping.
    anim.fps = lego::StepFps;
    anim.duration = x->durationMs / 1000.0;
    anim.keyConvention = lego::keyConvention();
    anim.extra = std::move(x);
    scene.animations.push_back(std::move(anim));
    return scene;
}

FileSummary LegoFormat::summarize(std::span<const uint8_t> bytes) const
{
    const Scene scene = read(bytes);
    FileSummary s = summarizeScene(scene);
    const auto* x = scene.animations.front().extra.as<LegoExtra>();
    s.details.push_back("duration: " + std::to_string(x->durationMs) + " ms");
    std::string actors;
    for (const lego::Actor& a : x->actors)
        actors += (actors.empty() ? "" : ", ") + a.name + (a.hasType ? " (type " + std::to_string(a.type) + ")" : "");
    s.details.push_back("actors: " + std::to_string(x->actors.size()) + (actors.empty() ? "" : ": " + actors));
    s.details.push_back("node tree: " + std::to_string(scene.skeleton.size()) + " nodes");
    if (x->hasCamera())
        s.details.push_back("camera: " + std::to_string(x->cameraPosition.size()) + " position, " +
                            std::to_string(x->cameraTarget.size()) + " target, " +
                            std::to_string(x->cameraRoll.size()) + " roll keys");
    else
        s.details.push_back("camera: none");
    if (!x->trailing.empty())
        s.details.push_back("trailing bytes: " + std::to_string(x->trailing.size()));
    return s;
}

Capabilities LegoFormat::capabilities() const
{
    Capabilities c;
    c.visibility = true;
    c.embeddedSkeleton = true;
    return c;
}

} // namespace bonescope
