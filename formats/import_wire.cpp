#include "formats/import_wire.h"

#include <bit>
#include <cstring>

#include "formats/byte_reader.h"
#include "formats/byte_writer.h"

namespace bonescope::wire {

// Arrays go as their bytes in memory: every system Bonescope builds for is little-endian.
static_assert(std::endian::native == std::endian::little);
static_assert(sizeof(glm::vec3) == 12 && sizeof(glm::vec2) == 8 && sizeof(glm::vec4) == 16 && sizeof(glm::uvec4) == 16 &&
              sizeof(glm::mat4) == 64);

namespace {

constexpr char kRequestMagic[] = "BSIQ";
constexpr char kAnswerMagic[] = "BSIA";
constexpr uint8_t kScene = 0, kFailure = 1;

// ---- writing ---------------------------------------------------------------------------------------

void putString(ByteWriter& w, const std::string& s)
{
    w.u32(uint32_t(s.size()));
    w.bytes({reinterpret_cast<const uint8_t*>(s.data()), s.size()});
}

template <class T>
void putArray(ByteWriter& w, const T* items, size_t count)
{
    w.u64(count);
    if (count)
        std::memcpy(w.extend(count * sizeof(T)), items, count * sizeof(T));
}
template <class T>
void putArray(ByteWriter& w, const std::vector<T>& v) { putArray(w, v.data(), v.size()); }

void putHeader(ByteWriter& w, const char* magic)
{
    w.bytes({reinterpret_cast<const uint8_t*>(magic), 4});
    w.u32(kVersion);
}

void putVec3(ByteWriter& w, const glm::dvec3& v)
{
    w.f64(v.x), w.f64(v.y), w.f64(v.z);
}

void putQuat(ByteWriter& w, const glm::dquat& q)
{
    w.f64(q.w), w.f64(q.x), w.f64(q.y), w.f64(q.z);
}

void putRules(ByteWriter& w, const ChannelRules& r)
{
    w.u8(uint8_t(r.interpolation));
    w.u8(uint8_t(r.rotation));
    w.u8(uint8_t(r.before));
    w.u8(uint8_t(r.after));
    w.u8(r.segmentFlags);
    w.u8(r.activeFromValue);
    w.u8(r.offsetFromRest);
}

// Times, then the values as the list holds them (float or double), then flags when any is set.
template <class T>
void putChannel(ByteWriter& w, const Channel<T>& c)
{
    putRules(w, c.rules);
    const KeyList<T>& keys = c.keys;
    constexpr size_t N = sizeof(T) / sizeof(double);
    w.u8(keys.inFloat() ? 0 : 1);
    w.u8(keys.hasFlags() ? 1 : 0);
    putArray(w, keys.times(), keys.size());
    if (keys.inFloat())
        putArray(w, keys.floatValues(), keys.size() * N);
    else
        putArray(w, keys.doubleValues(), keys.size() * N);
    if (keys.hasFlags())
        for (size_t i = 0; i < keys.size(); ++i)
            w.u32(keys.flags(i));
}

void putSkeleton(ByteWriter& w, const Skeleton& skeleton)
{
    w.u64(skeleton.size());
    for (const Bone& b : skeleton.bones) {
        putString(w, b.name);
        w.s32(b.parent);
        putVec3(w, b.restTranslation);
        putQuat(w, b.restRotation);
        putVec3(w, b.restScale);
        w.u32(b.flags);
        w.u8(uint8_t(b.kind));
    }
}

void putMesh(ByteWriter& w, const Mesh& m)
{
    putArray(w, m.positions);
    putArray(w, m.normals);
    putArray(w, m.uvs);
    putArray(w, m.joints);
    putArray(w, m.weights);
    putArray(w, m.indices);
    w.u32(m.singleSidedIndices);
    putArray(w, m.inverseBind);
}

void putAnimation(ByteWriter& w, const Animation& a)
{
    putString(w, a.name);
    w.f64(a.fps);
    w.u8(a.fpsFromKeys);
    w.f64(a.duration);
    w.u8(a.looping);
    w.u8(a.loopRange.has_value());
    w.f64(a.loopRange ? a.loopRange->in : 0);
    w.f64(a.loopRange ? a.loopRange->out : 0);
    w.u8(uint8_t(a.blend.translation));
    w.u8(uint8_t(a.blend.rotation));
    putVec3(w, a.keyConvention.translation);
    for (int i = 0; i < 4; ++i)
        w.f64(a.keyConvention.rotation[i]);
    w.u64(a.modifiers.size());
    for (const BlendModifier& m : a.modifiers) {
        w.s32(m.track);
        w.u8(uint8_t(m.mode.translation));
        w.u8(uint8_t(m.mode.rotation));
        w.u8(m.sourceValue);
        w.u8(uint8_t(m.reach));
        w.u8(m.translation);
        w.u8(m.rotation);
    }
    w.u64(a.tracks.size());
    for (const Track& t : a.tracks) {
        putString(w, t.name);
        w.u32(t.flags);
        putChannel(w, t.translation);
        putChannel(w, t.rotation);
        putChannel(w, t.scale);
        putChannel(w, t.visibility);
    }
    w.u64(a.notes.size());
    for (const Note& n : a.notes) {
        w.f64(n.time);
        putString(w, n.name);
    }
}

// ---- reading ---------------------------------------------------------------------------------------

std::string getString(ByteReader& r, const char* what)
{
    const uint32_t n = r.u32(what);
    const auto b = r.bytes(n, what);
    return {reinterpret_cast<const char*>(b.data()), b.size()};
}

template <class T>
std::vector<T> getArray(ByteReader& r, const char* what, size_t itemsPerCount = 1)
{
    const uint64_t count = r.u64(what);
    r.checkCount(count, sizeof(T) * itemsPerCount, what);
    std::vector<T> v(size_t(count) * itemsPerCount);
    if (!v.empty())
        std::memcpy(static_cast<void*>(v.data()), r.bytes(v.size() * sizeof(T), what).data(), v.size() * sizeof(T));
    return v;
}

bool getBool(ByteReader& r, const char* what)
{
    const size_t at = r.pos();
    const uint8_t v = r.u8(what);
    if (v > 1)
        r.failAt(at, std::string(what) + " is " + std::to_string(v) + ", not 0 or 1");
    return v == 1;
}

// An enumeration's byte, refused when it names no value (`count` values from 0).
template <class E>
E getEnum(ByteReader& r, int count, const char* what)
{
    const size_t at = r.pos();
    const uint8_t v = r.u8(what);
    if (v >= count)
        r.failAt(at, std::string(what) + " " + std::to_string(v) + " is not one of its " + std::to_string(count) + " values");
    return E(v);
}

glm::dvec3 getVec3(ByteReader& r, const char* what)
{
    const double x = r.f64(what), y = r.f64(what), z = r.f64(what);
    return {x, y, z};
}

glm::dquat getQuat(ByteReader& r, const char* what)
{
    const double w = r.f64(what), x = r.f64(what), y = r.f64(what), z = r.f64(what);
    return glm::dquat(w, x, y, z);
}

ChannelRules getRules(ByteReader& r)
{
    ChannelRules c;
    c.interpolation = getEnum<Interpolation>(r, 2, "interpolation");
    c.rotation = getEnum<RotationInterp>(r, 3, "rotation interpolation");
    c.before = getEnum<OutsideKeys>(r, 2, "before the keys");
    c.after = getEnum<OutsideKeys>(r, 2, "after the keys");
    c.segmentFlags = getBool(r, "segment flags");
    c.activeFromValue = getBool(r, "active from value");
    c.offsetFromRest = getBool(r, "offset from rest");
    return c;
}

template <class T>
Channel<T> getChannel(ByteReader& r)
{
    constexpr size_t N = sizeof(T) / sizeof(double);
    Channel<T> c;
    c.rules = getRules(r);
    const bool wide = getBool(r, "key storage");
    const bool flagged = getBool(r, "key flags");
    const std::vector<double> times = getArray<double>(r, "key times");
    const size_t n = times.size();
    const size_t countAt = r.pos();
    KeyList<T>& keys = c.keys;
    if (!wide) {
        const std::vector<float> values = getArray<float>(r, "key values");
        if (values.size() != n * N)
            r.failAt(countAt, "key values: " + std::to_string(values.size()) + " numbers for " + std::to_string(n) + " keys");
        keys.appendFloats(n, [&](size_t k) { return times[k]; },
                          [&](size_t k, float* out) { std::copy_n(values.data() + k * N, N, out); });
    } else {
        const std::vector<double> values = getArray<double>(r, "key values");
        if (values.size() != n * N)
            r.failAt(countAt, "key values: " + std::to_string(values.size()) + " numbers for " + std::to_string(n) + " keys");
        keys.reserve(n);
        for (size_t k = 0; k < n; ++k) {
            Key<T> key;
            key.time = times[k];
            key.value = KeyParts<T>::join(values.data() + k * N);
            keys.push_back(key);
        }
    }
    if (flagged) {
        r.checkCount(n, 4, "key flags");
        for (size_t k = 0; k < n; ++k)
            keys.setFlags(k, r.u32("key flags"));
    }
    return c;
}

Skeleton getSkeleton(ByteReader& r)
{
    Skeleton s;
    const uint64_t count = r.u64("bone count");
    r.checkCount(count, 4 + 4 + 80 + 4 + 1, "bone");
    s.bones.resize(size_t(count));
    for (size_t i = 0; i < s.bones.size(); ++i) {
        Bone& b = s.bones[i];
        b.name = getString(r, "bone name");
        const size_t at = r.pos();
        b.parent = r.s32("bone parent");
        if (b.parent < -1 || b.parent >= int64_t(i))
            r.failAt(at, "bone " + std::to_string(i) + "'s parent " + std::to_string(b.parent) + " does not come before it");
        b.restTranslation = getVec3(r, "rest translation");
        b.restRotation = getQuat(r, "rest rotation");
        b.restScale = getVec3(r, "rest scale");
        b.flags = r.u32("bone flags");
        b.kind = getEnum<BoneKind>(r, kBoneKindCount, "bone kind");
    }
    return s;
}

// One array per vertex, or none.
template <class T>
void checkPerVertex(const ByteReader& r, size_t at, const std::vector<T>& v, size_t vertices, const char* what)
{
    if (!v.empty() && v.size() != vertices)
        r.failAt(at, std::string(what) + ": " + std::to_string(v.size()) + " for " + std::to_string(vertices) + " vertices");
}

Mesh getMesh(ByteReader& r, size_t bones)
{
    Mesh m;
    m.positions = getArray<glm::vec3>(r, "positions");
    const size_t n = m.positions.size();
    size_t at = r.pos();
    m.normals = getArray<glm::vec3>(r, "normals");
    checkPerVertex(r, at, m.normals, n, "normals");
    at = r.pos();
    m.uvs = getArray<glm::vec2>(r, "texture coordinates");
    checkPerVertex(r, at, m.uvs, n, "texture coordinates");
    at = r.pos();
    m.joints = getArray<glm::uvec4>(r, "joints");
    checkPerVertex(r, at, m.joints, n, "joints");
    for (const glm::uvec4& j : m.joints)
        for (int k = 0; k < 4; ++k)
            if (j[k] >= bones)
                r.failAt(at, "a vertex names joint " + std::to_string(j[k]) + " of " + std::to_string(bones) + " bones");
    at = r.pos();
    m.weights = getArray<glm::vec4>(r, "weights");
    checkPerVertex(r, at, m.weights, n, "weights");
    at = r.pos();
    m.indices = getArray<uint32_t>(r, "indices");
    if (m.indices.size() % 3 != 0)
        r.failAt(at, "indices: " + std::to_string(m.indices.size()) + " is not a whole number of triangles");
    for (const uint32_t i : m.indices)
        if (i >= n)
            r.failAt(at, "a triangle names vertex " + std::to_string(i) + " of " + std::to_string(n));
    at = r.pos();
    m.singleSidedIndices = r.u32("single-sided indices");
    if (m.singleSidedIndices > m.indices.size() || m.singleSidedIndices % 3 != 0)
        r.failAt(at, "single-sided indices " + std::to_string(m.singleSidedIndices) + " of " + std::to_string(m.indices.size()));
    at = r.pos();
    m.inverseBind = getArray<glm::mat4>(r, "inverse bind matrices");
    if (!m.inverseBind.empty() && m.inverseBind.size() != bones)
        r.failAt(at, "inverse bind matrices: " + std::to_string(m.inverseBind.size()) + " for " + std::to_string(bones) + " bones");
    return m;
}

Animation getAnimation(ByteReader& r)
{
    Animation a;
    a.name = getString(r, "animation name");
    a.fps = r.f64("frame rate");
    a.fpsFromKeys = getBool(r, "frame rate from keys");
    a.duration = r.f64("duration");
    a.looping = getBool(r, "looping");
    const bool hasRange = getBool(r, "loop range");
    const double in = r.f64("loop in"), out = r.f64("loop out");
    if (hasRange)
        a.loopRange = LoopRange{in, out};
    a.blend.translation = getEnum<TranslationBlend>(r, 2, "translation blend");
    a.blend.rotation = getEnum<RotationBlend>(r, 2, "rotation blend");
    a.keyConvention.translation = getVec3(r, "key convention");
    for (int i = 0; i < 4; ++i)
        a.keyConvention.rotation[i] = r.f64("key convention");
    const uint64_t modifiers = r.u64("modifier count");
    r.checkCount(modifiers, 10, "modifier");
    a.modifiers.resize(size_t(modifiers));
    const std::vector<size_t> modifierAt = [&] {
        std::vector<size_t> at;
        for (BlendModifier& m : a.modifiers) {
            at.push_back(r.pos());
            m.track = r.s32("modifier track");
            m.mode.translation = getEnum<TranslationBlend>(r, 2, "modifier translation blend");
            m.mode.rotation = getEnum<RotationBlend>(r, 2, "modifier rotation blend");
            m.sourceValue = r.u8("modifier code");
            m.reach = getEnum<BlendModifier::Reach>(r, 3, "modifier reach");
            m.translation = getBool(r, "modifier translation");
            m.rotation = getBool(r, "modifier rotation");
        }
        return at;
    }();
    const uint64_t tracks = r.u64("track count");
    r.checkCount(tracks, 4 + 4 + 4 * (7 + 2 + 16), "track");
    a.tracks.resize(size_t(tracks));
    for (Track& t : a.tracks) {
        t.name = getString(r, "track name");
        t.flags = r.u32("track flags");
        t.translation = getChannel<glm::dvec3>(r);
        t.rotation = getChannel<glm::dquat>(r);
        t.scale = getChannel<glm::dvec3>(r);
        t.visibility = getChannel<double>(r);
    }
    for (size_t i = 0; i < a.modifiers.size(); ++i)
        if (a.modifiers[i].track < -1 || a.modifiers[i].track >= int64_t(a.tracks.size()))
            r.failAt(modifierAt[i], "a modifier names track " + std::to_string(a.modifiers[i].track) + " of " +
                                        std::to_string(a.tracks.size()));
    const uint64_t notes = r.u64("note count");
    r.checkCount(notes, 12, "note");
    a.notes.resize(size_t(notes));
    for (Note& n : a.notes) {
        n.time = r.f64("note time");
        n.name = getString(r, "note name");
    }
    return a;
}

void getHeader(ByteReader& r, const char* magic, const char* what)
{
    const auto m = r.bytes(4, what);
    if (std::memcmp(m.data(), magic, 4) != 0)
        r.failAt(0, std::string("not ") + what + " (no \"" + magic + "\" at its start)");
    const uint32_t version = r.u32("version");
    if (version != kVersion)
        r.failAt(4, std::string(what) + " of version " + std::to_string(version) + "; this Bonescope speaks version " +
                        std::to_string(kVersion) + " (bonescope-import is from another version of Bonescope)");
}

void expectEnd(const ByteReader& r)
{
    if (!r.atEnd())
        r.fail(std::to_string(r.remaining()) + " bytes after the end");
}

} // namespace

std::vector<uint8_t> encodeRequest(const ImportRequest& request)
{
    ByteWriter w;
    w.reserve(request.bytes.size() + request.hint.size() + request.folder.size() + request.name.size() + 64);
    putHeader(w, kRequestMagic);
    w.u8(request.animations ? 1 : 0);
    putString(w, request.hint);
    putString(w, request.folder);
    putString(w, request.name);
    w.u64(request.bytes.size());
    w.bytes(request.bytes);
    return w.take();
}

ImportRequest decodeRequest(std::span<const uint8_t> data)
{
    ByteReader r(data);
    getHeader(r, kRequestMagic, "an import request");
    ImportRequest q;
    q.animations = getBool(r, "animations");
    q.hint = getString(r, "hint");
    q.folder = getString(r, "folder");
    q.name = getString(r, "name");
    const uint64_t size = r.u64("file size");
    r.checkCount(size, 1, "file byte");
    q.bytes = r.bytes(size_t(size), "file");
    expectEnd(r);
    return q;
}

std::vector<uint8_t> encodeScene(const Scene& scene)
{
    ByteWriter w;
    const Mesh& m = scene.mesh;
    w.reserve(m.positions.size() * (12 + 12 + 8 + 16 + 16) + m.indices.size() * 4 + m.inverseBind.size() * 64 +
              scene.skeleton.size() * 128 + 1024);
    putHeader(w, kAnswerMagic);
    w.u8(kScene);
    putString(w, scene.format);
    w.s32(scene.current);
    w.u8(scene.statedUp ? uint8_t(*scene.statedUp) + 1 : 0);
    putSkeleton(w, scene.skeleton);
    putMesh(w, scene.mesh);
    w.u64(scene.animations.size());
    for (const Animation& a : scene.animations)
        putAnimation(w, a);
    return w.take();
}

std::vector<uint8_t> encodeFailure(const std::string& reason, uint64_t offset)
{
    ByteWriter w;
    putHeader(w, kAnswerMagic);
    w.u8(kFailure);
    putString(w, reason);
    w.u64(offset);
    return w.take();
}

ImportAnswer decodeAnswer(std::span<const uint8_t> data)
{
    ByteReader r(data);
    getHeader(r, kAnswerMagic, "an import answer");
    ImportAnswer answer;
    const uint8_t kind = getEnum<uint8_t>(r, 2, "answer kind");
    if (kind == kFailure) {
        answer.reason = getString(r, "reason");
        answer.offset = r.u64("offset");
        expectEnd(r);
        return answer;
    }
    Scene& s = answer.scene;
    s.format = getString(r, "format");
    s.current = r.s32("current animation");
    if (const uint8_t up = getEnum<uint8_t>(r, 3, "up axis"))
        s.statedUp = UpAxis(up - 1);
    s.skeleton = getSkeleton(r);
    s.mesh = getMesh(r, s.skeleton.size());
    const uint64_t animations = r.u64("animation count");
    r.checkCount(animations, 100, "animation");
    s.animations.reserve(size_t(animations));
    for (uint64_t i = 0; i < animations; ++i)
        s.animations.push_back(getAnimation(r));
    expectEnd(r);
    answer.ok = true;
    return answer;
}

} // namespace bonescope::wire
