// Second Life .anim v1.0 reading, field by field as LLKeyframeMotion::deserialize reads them.
// What stops the viewer from parsing (truncation, negative key counts, non-finite floats, a wrong
// version) is a ParseError; what it rejects on upload or merely warns about (priorities, duration,
// joint count and names, hand pose, constraint contents) loads and is reported by validate().
#include <algorithm>
#include <cmath>
#include <cstring>

#include "formats/byte_reader.h"
#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_format.h"
#include "formats/secondlife/secondlife_quantize.h"

namespace bonescope {

namespace {

using namespace secondlife;

constexpr size_t kKeyBytes = 8;          // u16 time, x, y, z
constexpr size_t kMinJointBytes = 1 + 12; // empty name, priority, two key counts

// `what`: the keys ("rotation key"); checkCount says "rotation key count N ...".
int32_t keyCount(ByteReader& r, const char* what)
{
    const size_t at = r.pos();
    const std::string field = std::string(what) + " count";
    const int32_t n = r.s32(field.c_str());
    if (n < 0)
        r.failAt(at, field + " " + std::to_string(n) + " is negative");
    r.checkCount(uint64_t(n), kKeyBytes, what);
    return n;
}

// A key count, then that many {u16 time, x, y, z} keys decoded by `decode`, their codes kept.
template <class T, class Decode>
void readKeys(ByteReader& r, Channel<T>& ch, std::vector<uint64_t>& codes, float duration, const char* what,
              Decode decode)
{
    const size_t n = size_t(keyCount(r, what));
    ch.keys.resize(n);
    codes.resize(n);
    for (size_t i = 0; i < n; ++i) {
        const Codes c{r.u16(), r.u16(), r.u16(), r.u16()};
        ch.keys.setTime(i, decodeTime(c[0], duration));
        ch.keys.setValue(i, decode(c[1], c[2], c[3]));
        codes[i] = packCodes(c);
    }
}

void readConstraint(ByteReader& r, SecondLifeConstraint& c, bool checked)
{
    c.chainLength = r.u8("constraint chain length");
    c.type = r.u8("constraint type");
    auto floats = [&](float* out, int n, const char* what) {
        for (int i = 0; i < n; ++i)
            out[i] = checked ? r.finiteF32(what) : r.f32(what);
    };
    std::memcpy(c.sourceVolume.data(), r.bytes(VolumeNameBytes, "constraint source volume").data(), VolumeNameBytes);
    floats(c.sourceOffset, 3, "constraint source offset");
    std::memcpy(c.targetVolume.data(), r.bytes(VolumeNameBytes, "constraint target volume").data(), VolumeNameBytes);
    floats(c.targetOffset, 3, "constraint target offset");
    floats(c.targetDir, 3, "constraint target direction");
    floats(&c.easeInStart, 1, "constraint ease in start");
    floats(&c.easeInStop, 1, "constraint ease in stop");
    floats(&c.easeOutStart, 1, "constraint ease out start");
    floats(&c.easeOutStop, 1, "constraint ease out stop");
}

// The frame rate the keys were made at: the smallest gap between keys (the quantised times are
// within 1/65535 of the duration of their frames), or 30 when there is no gap to go by.
double estimateFps(const Animation& a)
{
    double gap = 0;
    auto see = [&](const auto& keys) {
        for (size_t i = 1; i < keys.size(); ++i) {
            const double d = keys.time(i) - keys.time(i - 1);
            if (d >= 1.0 / 240 && (gap == 0 || d < gap))
                gap = d;
        }
    };
    for (const Track& t : a.tracks) {
        see(t.rotation.keys);
        see(t.translation.keys);
    }
    if (gap <= 0)
        return 30.0;
    // Each time is off its frame by up to one step of the 16-bit quantisation, so the smallest gap can
    // be two steps short of a frame (a 120 fps walk of 8.4 s read as 122 fps): a common rate that far
    // from it is the rate it was made at.
    const double step = a.duration / 65535.0;
    double nearest = 0, off = 2.5 * step;
    for (double common : {24.0, 25.0, 30.0, 48.0, 50.0, 60.0, 120.0})
        if (std::abs(gap - 1.0 / common) <= off) {
            off = std::abs(gap - 1.0 / common);
            nearest = common;
        }
    return nearest > 0 ? nearest : std::clamp(std::round(1.0 / gap), 1.0, 240.0);
}

} // namespace

bool SecondLifeFormat::detect(std::span<const uint8_t> head) const
{
    static const uint8_t version[4] = {1, 0, 0, 0};
    if (head.size() < 12 || std::memcmp(head.data(), version, 4) != 0)
        return false;
    ByteReader r(head);
    r.seek(4);
    const int32_t priority = r.s32();
    const float duration = r.f32();
    return priority >= -1 && priority <= 100 && std::isfinite(duration) && duration >= 0 && duration <= 3600;
}

Scene SecondLifeFormat::read(std::span<const uint8_t> bytes) const
{
    ByteReader r(bytes);
    auto extra = std::make_unique<SecondLifeExtra>();
    SecondLifeExtra& x = *extra;
    Animation a;

    x.version = r.u16("version");
    x.subVersion = r.u16("sub_version");
    if (x.version != 1 || x.subVersion != 0)
        r.failAt(0, x.version < 10 && x.subVersion < 10 // a version the viewer might have written
                        ? "a Second Life .anim of version " + std::to_string(x.version) + "." +
                              std::to_string(x.subVersion) + ", which Bonescope does not read (it reads 1.0)"
                        : "not a Second Life .anim: its first bytes are not an animation header (the file is damaged, or "
                          "of another kind)");
    x.basePriority = r.s32("base_priority");
    const float duration = r.finiteF32("duration");
    x.emoteName = r.cstr("emote_name");
    const float loopIn = r.finiteF32("loop_in_point");
    const float loopOut = r.finiteF32("loop_out_point");
    x.loopField = r.s32("loop");
    x.easeIn = r.finiteF32("ease_in_duration");
    x.easeOut = r.finiteF32("ease_out_duration");
    x.handPose = r.u32("hand_pose");
    const uint32_t numJoints = r.u32("num_joints");
    r.checkCount(numJoints, kMinJointBytes, "joint");

    a.duration = duration;
    a.looping = x.loopField != 0;
    a.loopRange = LoopRange{loopIn, loopOut};
    a.tracks.resize(numJoints);
    x.joints.resize(numJoints);
    x.keyCodes.resize(numJoints);
    const ChannelRules rules = viewerRules();
    for (uint32_t j = 0; j < numJoints; ++j) {
        Track& t = a.tracks[j];
        t.name = r.cstr("joint name");
        x.joints[j].name = t.name;
        x.joints[j].priority = r.s32("joint priority");
        t.rotation.rules = rules;
        t.translation.rules = positionRules(t.name);
        x.keyCodes[j].name = t.name;
        readKeys(r, t.rotation, x.keyCodes[j].rotation, duration, "rotation key", decodeRotation);
        readKeys(r, t.translation, x.keyCodes[j].position, duration, "position key", decodePosition);
    }

    x.constraintCount = r.s32("num_constraints");
    if (x.constraintCount > 0) {
        r.checkCount(uint64_t(x.constraintCount), ConstraintBytes, "constraint");
        // The viewer checks the values of the constraints it uses; more than ten it ignores unread.
        const bool checked = x.constraintCount <= MaxConstraints;
        x.constraints.resize(size_t(x.constraintCount));
        for (SecondLifeConstraint& c : x.constraints)
            readConstraint(r, c, checked);
    }
    const auto rest = r.rest();
    x.trailing.assign(rest.begin(), rest.end());

    a.fps = estimateFps(a);
    a.fpsFromKeys = true; // the format stores no rate
    a.extra = std::move(extra);
    Scene scene;
    scene.format = id();
    scene.skeleton = avatarSkeleton();
    scene.animations.push_back(std::move(a));
    return scene;
}

FileSummary SecondLifeFormat::summarize(std::span<const uint8_t> bytes) const
{
    // Files are small (at most 216 joints of 16-bit keys): the summary reads the whole model.
    const Scene scene = read(bytes);
    FileSummary s = summarizeScene(scene);
    const Animation& a = scene.animations.front();
    const SecondLifeExtra& x = *a.extra.as<SecondLifeExtra>();
    s.details.push_back("base priority: " + std::to_string(x.basePriority));
    if (!x.emoteName.empty())
        s.details.push_back("emote: " + x.emoteName);
    s.details.push_back("loop: " + std::string(a.looping ? "on" : "off") + ", in " +
                        std::to_string(a.loopRange->in) + " s, out " + std::to_string(a.loopRange->out) + " s");
    s.details.push_back("ease: in " + std::to_string(x.easeIn) + " s, out " + std::to_string(x.easeOut) + " s");
    s.details.push_back("hand pose: " + std::to_string(x.handPose) + " (" + handPoseName(x.handPose) + ")");
    s.details.push_back("constraints: " + std::to_string(x.constraintCount) +
                        (x.constraintCount > MaxConstraints ? " (more than 10: the viewer ignores them)" : ""));
    std::string unknown;
    size_t unknownCount = 0;
    for (const Track& t : a.tracks)
        if (!isAnimatableJoint(t.name)) {
            unknown += (unknownCount++ ? ", " : "") + t.name;
        }
    if (unknownCount)
        s.details.push_back("joints the avatar lacks: " + std::to_string(unknownCount) + " (" + unknown + ")");
    if (!x.trailing.empty())
        s.details.push_back("trailing bytes: " + std::to_string(x.trailing.size()));
    return s;
}

Capabilities SecondLifeFormat::capabilities() const
{
    Capabilities c;
    c.scale = false;
    c.embeddedSkeleton = true; // the built-in avatar, bound on reading
    c.fixedSkeleton = true;
    c.fixedUpAxis = true;      // always Z up, X forward (secondlife_adapter.cpp)
    c.looping = true;
    c.loopRange = true;
    return c;
}

} // namespace bonescope
