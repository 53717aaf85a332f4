#include "core/playback/sampler.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <new>
#include <string_view>
#include <type_traits>
#include <unordered_map>

#include "core/math/flush_denormals.h"

namespace bonescope {

namespace {

// The local matrix (translate * rotate * scale), written in place: building glm::mat4 temporaries
// cost more than the rest of a bone's sampling. lanes::store() makes the same four at a time.
inline void localMatrix(float4 t, float4 q, float4 s, glm::mat4& local)
{
    // The rotation matrix's columns (1 - 2(yy + zz), 2(xy + wz), 2(xz - wy)) and so on, a few
    // products at a time, with shuffles that SSE2 does in one instruction each.
    const float4 q2 = q + q;
    const float4 sq = q * q2; // 2xx 2yy 2zz 2ww
    const float4 diag = keepXYZ(float4{1, 1, 1, 0} - shuffle<1, 0, 0, 3>(sq) - shuffle<2, 2, 1, 3>(sq));
    const float4 p = shuffle<0, 0, 1, 3>(q) * shuffle<2, 1, 2, 3>(q2); // 2xz 2xy 2yz
    const float4 r = splat<3>(q) * shuffle<1, 2, 0, 3>(q2);          // 2wy 2wz 2wx
    const float4 plus = p + r, minus = p - r;
    const float4 m0 = shuffle<0, 2, 3, 1>(__builtin_shufflevector(plus, minus, 1, 2, 4, 5)); // 2(xy+wz) 2(xz-wy) 2(xy-wz) 2(yz+wx)
    const float4 m1 = shuffle<0, 2, 0, 2>(__builtin_shufflevector(plus, minus, 0, 0, 6, 6)); // 2(xz+wy) 2(yz-wx) 2(xz+wy) 2(yz-wx)
    float* m = &local[0][0];
    store4(m, shuffle<0, 2, 3, 1>(__builtin_shufflevector(diag, m0, 0, 3, 4, 5)) * splat<0>(s));
    store4(m + 4, shuffle<2, 0, 3, 1>(__builtin_shufflevector(diag, m0, 1, 3, 6, 7)) * splat<1>(s));
    store4(m + 8, __builtin_shufflevector(m1, diag, 0, 1, 6, 7) * splat<2>(s));
    store4(m + 12, t + float4{0, 0, 0, 1}); // lane 3 of a translation is 0
}

// world = parent * local, in place (the local matrix's last row is 0 0 0 1).
inline void applyParent(const glm::mat4& parent, glm::mat4& world)
{
    const float* pm = &parent[0][0];
    float* m = &world[0][0];
    const float4 p0 = load4(pm), p1 = load4(pm + 4), p2 = load4(pm + 8), p3 = load4(pm + 12);
    for (int c = 0; c < 4; ++c) {
        const float4 col = load4(m + 4 * c);
        const float4 v = p0 * splat<0>(col) + p1 * splat<1>(col) + p2 * splat<2>(col);
        store4(m + 4 * c, c == 3 ? v + p3 : v);
    }
}

// Stores translation and rotation with two 16-byte writes (the first one's lane 3 lands on
// rotation.x, which the second then writes).
inline void storeLocal(BoneTransform& local, float4 t, float4 q, float4 s)
{
    static_assert(offsetof(BoneTransform, rotation) == 12 && offsetof(BoneTransform, scale) == 28);
    auto* bytes = reinterpret_cast<unsigned char*>(&local);
    std::memcpy(bytes, &t, 16);
    std::memcpy(bytes + 12, &q, 16);
    store3(&local.scale.x, s);
}

// A channel's key times and the rules that locate its segments, whichever its values.
struct KeyTimes {
    const double* times;
    size_t count;
    Interpolation interpolation;
    OutsideKeys before, after;

    template <class T>
    static KeyTimes of(const Channel<T>& ch)
    {
        return {ch.keys.times(), ch.keys.size(), ch.rules.interpolation, ch.rules.before, ch.rules.after};
    }
    bool operator==(const KeyTimes& o) const
    {
        return count == o.count && interpolation == o.interpolation && before == o.before && after == o.after &&
               (times == o.times || std::memcmp(times, o.times, count * sizeof(double)) == 0);
    }
};

// The same key times and rules, without per-key flags (which would make segments depend on values).
template <class A, class B>
bool sameTimes(const Channel<A>& a, const Channel<B>& b)
{
    return !a.rules.segmentFlags && !b.rules.segmentFlags && KeyTimes::of(a) == KeyTimes::of(b);
}

// Whether locate() gives the same segments for both channels at every time.
template <class A, class B>
bool locatesAlike(const Channel<A>& a, const Channel<B>& b)
{
    return !a.keys.empty() && sameTimes(a, b);
}

inline float4 multiply(float4 a, float4 b) { return toFloat4(toQuat(a) * toQuat(b)); }

// A channel in float: a cubic one by its curve in double (rare, and glTF's rule is exact only
// there), any other through its float cache.
template <class Cache, class T>
[[gnu::always_inline]] inline bool sampleFloat(Cache& cache, uint32_t& cursor, const Channel<T>& ch, double t, float4& out)
{
    if (!ch.cubic()) [[likely]]
        return cache.sample(ch, t, out);
    T v;
    if (!sampleCubic(ch, t, cursor, v))
        return false;
    if constexpr (std::is_same_v<T, glm::dquat>)
        out = toFloat4(glm::quat(v));
    else
        out = toFloat4(glm::vec3(v));
    return true;
}

} // namespace

Sampler::Sampler(const Animation& anim, const Skeleton& skeleton) : anim_(&anim), given_(&skeleton)
{
    rebind();
}

void Sampler::rebind()
{
    if (given_->empty()) {
        flat_ = flatSkeleton(*anim_);
        skeleton_ = &flat_;
    } else {
        skeleton_ = given_;
    }
    binding_ = Binding::bind(*anim_, *skeleton_);
    convert_ = !anim_->keyConvention.isIdentity();
    const KeyConvention& c = anim_->keyConvention;
    convertTranslation_ = toFloat4(c.translation);
    convertRotation_ = toFloat4(glm::dquat(c.rotation[0], c.rotation[1], c.rotation[2], c.rotation[3]));
    jobs_.clear();
    poseJobs_.clear();
    floatJobsReady_ = false;
    const auto order = skeleton_->evaluationOrder();
    if (!order)
        return; // a broken hierarchy samples to nothing (validate reports it)
    jobs_.reserve(order->size());
    poseJobs_.reserve(order->size());
    for (int i : *order) {
        const Bone& b = skeleton_->bones[i];
        const int ti = binding_.trackOfBone[i];
        const Track* track = ti >= 0 ? &anim_->tracks[ti] : nullptr;
        const BlendMode mode = binding_.blendOfBone[i];
        BoneJob job;
        job.bone = i;
        job.track = track;
        job.mode = mode;
        job.restTranslation = b.restTranslation;
        job.restRotation = b.restRotation;
        job.restScale = b.restScale;
        jobs_.push_back(job);
        PoseJob pj;
        pj.track = track;
        pj.bone = i;
        pj.parent = b.parent;
        pj.addToRest = mode.translation == TranslationBlend::AddToRest;
        pj.afterRest = mode.rotation == RotationBlend::AfterRest;
        pj.restTranslation = toFloat4(glm::vec3(b.restTranslation));
        pj.restRotation = toFloat4(glm::quat(b.restRotation));
        pj.restScale = toFloat4(glm::vec3(b.restScale));
        poseJobs_.push_back(std::move(pj));
    }
}

[[gnu::always_inline]] inline LocalTransform Sampler::evalLocal(BoneJob& job, double time, const LocalTransform& under)
{
    LocalTransform x = under;
    if (!job.track)
        return x;
    const Track& track = *job.track;
    Cursors& c = job.cursors;
    const KeyConvention& convention = anim_->keyConvention; // the file's axes -> the viewer's
    glm::dvec3 v;
    if (c.translation.sample(track.translation, time, v)) {
        if (convert_)
            v = convention.apply(v);
        x.translation = job.mode.translation == TranslationBlend::AddToRest ? under.translation + v : v;
    }
    glm::dquat q;
    if (c.rotation.sample(track.rotation, time, q)) {
        if (convert_)
            q = convention.apply(q);
        x.rotation = job.mode.rotation == RotationBlend::AfterRest ? q * under.rotation : q;
    }
    if (!track.scale.empty() && c.scale.sample(track.scale, time, v))
        x.scale = v;
    if (!track.visibility.empty())
        x.visible = c.visibility.sample(track.visibility, time);
    return x;
}

void Sampler::sampleLocal(double time, std::vector<LocalTransform>& out)
{
    out.resize(skeleton_->size());
    for (BoneJob& job : jobs_)
        out[job.bone] = evalLocal(job, time, {job.restTranslation, job.restRotation, job.restScale, 1.0});
}

void Sampler::sampleLocalOn(double time, const std::vector<LocalTransform>& under, std::vector<LocalTransform>& out)
{
    out.resize(skeleton_->size());
    for (BoneJob& job : jobs_)
        out[job.bone] = evalLocal(job, time, under[job.bone]);
}

void Sampler::prepareFloatJobs()
{
    keptSegmentBytes_ = keptLaneBytes_ = 0;
    lanes_.clear();
    keptLanes_.clear();
    scalarJobs_.clear();
    parented_.clear();
    int lane = FloatLanes::kLanes;
    const PoseJob* blockStart = nullptr;
    for (size_t j = 0; j < poseJobs_.size(); ++j) {
        PoseJob& job = poseJobs_[j];
        if (job.parent >= 0)
            parented_.emplace_back(job.bone, job.parent);
        if (!job.track) {
            scalarJobs_.push_back(int(j));
            continue;
        }
        const Track& track = *job.track;
        job.cubic = track.translation.cubic() || track.rotation.cubic() || track.scale.cubic();
        if (convert_ || job.addToRest || job.afterRest || job.cubic || !track.scale.empty() || !track.visibility.empty())
            job.kind = PoseJob::General;
        else
            job.kind = locatesAlike(track.translation, track.rotation) ? PoseJob::SharedTimes : PoseJob::Plain;
        if (job.kind == PoseJob::General) {
            job.translation.build();
            job.rotation.build(track.rotation, keepSegments(track.rotation));
            job.scale.build();
            scalarJobs_.push_back(int(j));
            continue;
        }
        if (lane == FloatLanes::kLanes) {
            lanes_.emplace_back(); // its lanes hold at no time until their first refresh
            lane = 0;
            blockStart = &job;
        }
        addLane(lanes_.back(), lane++, job);
    }
    if (blockStart) {
        lanes_.back().count = lane;
        for (; lane < FloatLanes::kLanes; ++lane)
            addLane(lanes_.back(), lane, *blockStart);
    }
    keepLaneSegments();
    // Kept lane segments hold the rotations' set-up already; a lane that repeats another keeps none.
    for (FloatLanes& lanes : lanes_)
        for (int i = 0; i < FloatLanes::kLanes; ++i) {
            const QuatChannel& rotation = lanes.track[i]->rotation;
            lanes.rotation[i].build(rotation, !lanes.keptBase && i < lanes.count && keepSegments(rotation));
        }
    floatJobsReady_ = true;
}

bool Sampler::keepSegments(const QuatChannel& rotation)
{
    const size_t bytes = FloatRotationCache::bytesToKeep(rotation);
    if (keptSegmentBytes_ + bytes > keptSegmentBudget_)
        return false;
    keptSegmentBytes_ += bytes;
    return true;
}

namespace {

// Whether a block's four lanes locate alike: every keyed channel of every lane has the same times
// and rules as the first one of lane 0 (its translation, or its rotation if that has none), so that
// their segments begin and end together.
bool lanesLocateAlike(const FloatLanes& l)
{
    const Track& first = *l.track[0];
    const bool onRotation = first.translation.empty();
    auto alike = [&](const auto& ch) {
        return ch.empty() || (onRotation ? sameTimes(ch, first.rotation) : sameTimes(ch, first.translation));
    };
    for (int i = 0; i < FloatLanes::kLanes; ++i) {
        if (i > 0 && l.track[i] == &first)
            continue; // a lane that repeats lane 0 (a block with fewer bones)
        if (!alike(l.track[i]->translation) || !alike(l.track[i]->rotation))
            return false;
    }
    return (onRotation ? first.rotation.keys.size() : first.translation.keys.size()) > 1;
}

} // namespace

void Sampler::keepLaneSegments()
{
    // Blocks with the same key times, grouped so that their segments are kept side by side.
    struct Group {
        KeyTimes times;
        std::vector<FloatLanes*> blocks;
    };
    std::vector<Group> groups;
    std::unordered_multimap<size_t, size_t> byHash; // hash of the key times -> group
    for (FloatLanes& lanes : lanes_) {
        if (!lanesLocateAlike(lanes))
            continue;
        const Track& first = *lanes.track[0];
        lanes.keptOnRotation = first.translation.empty();
        const KeyTimes times = lanes.keptOnRotation ? KeyTimes::of(first.rotation) : KeyTimes::of(first.translation);
        if (!groups.empty() && groups.back().times == times) { // the usual case: one group for all
            groups.back().blocks.push_back(&lanes);
            continue;
        }
        const size_t hash = std::hash<std::string_view>()(
            std::string_view(reinterpret_cast<const char*>(times.times), times.count * sizeof(double)));
        Group* group = nullptr;
        for (auto [it, end] = byHash.equal_range(hash); it != end && !group; ++it)
            if (groups[it->second].times == times)
                group = &groups[it->second];
        if (!group) {
            byHash.emplace(hash, groups.size());
            group = &groups.emplace_back(Group{times, {}});
        }
        group->blocks.push_back(&lanes);
    }
    // A group's segments all kept, or none: within the budget, in the order the groups come.
    for (const Group& g : groups) {
        const size_t segments = g.times.count - 1, stride = g.blocks.size();
        const size_t bytes = segments * stride * sizeof(LaneSegment);
        if (keptLaneBytes_ + bytes > keptLaneBudget_)
            continue;
        // Zeroed memory from calloc, which the system hands out untouched: a segment costs memory
        // once played.
        auto* memory = static_cast<LaneSegment*>(std::calloc(segments * stride, sizeof(LaneSegment)));
        if (!memory)
            throw std::bad_alloc();
        if (reinterpret_cast<uintptr_t>(memory) % alignof(LaneSegment) != 0) { // not on any platform we build for
            std::free(memory);
            continue;
        }
        keptLanes_.emplace_back(memory);
        keptLaneBytes_ += bytes;
        for (size_t b = 0; b < stride; ++b) {
            g.blocks[b]->keptBase = memory + b;
            g.blocks[b]->keptStride = stride;
        }
    }
}

void Sampler::addLane(FloatLanes& lanes, int lane, const PoseJob& job)
{
    lanes.bone[lane] = job.bone;
    lanes.track[lane] = job.track;
    lanes.rest[lane][0] = job.restTranslation;
    lanes.rest[lane][1] = job.restRotation;
    for (int c = 0; c < 3; ++c)
        lanes.scale[c][lane] = job.restScale[c];
    if (job.kind == PoseJob::SharedTimes)
        lanes.sharedTimes |= uint8_t(1u << lane);
    lanes.translation[lane].build(); // the rotation's cache: once the kept segments are known
}

void Sampler::sample(double time, Pose& out)
{
    if (!floatJobsReady_)
        prepareFloatJobs();
    out.resize(skeleton_->size());
    const FlushDenormals flush;
    samplePose(time, out); // apart, so that the guard's clean-up does not cost the loop registers
}

void Sampler::samplePose(double time, Pose& out)
{
    BoneTransform* locals = out.local.data();
    glm::mat4* worlds = out.world.data();
    uint8_t* visibles = out.visible.data();
    // Local transforms and local matrices first, four bones at a time where they can be; then
    // each world matrix in evaluation order, parents before their children.
    for (FloatLanes& lanes : lanes_) {
        if (!lanes.holds(time)) [[unlikely]]
            lanes.refresh(time);
        LaneValues values = lanes::at(lanes, time);
        if (lanes.anyIn(FloatRotationCache::Exact)) [[unlikely]]
            evalExactLanes(lanes, time, values);
        lanes::store(lanes, values, locals, worlds, visibles);
    }
    for (int j : scalarJobs_) {
        PoseJob& job = poseJobs_[size_t(j)];
        float4 t = job.restTranslation, q = job.restRotation, s = job.restScale;
        uint8_t visible = 1;
        if (job.kind == PoseJob::General) {
            const Track* track = job.track;
            float4 v;
            if (sampleFloat(job.translation, job.cubicCursor[0], track->translation, time, v)) {
                if (convert_)
                    v *= convertTranslation_;
                t = job.addToRest ? t + v : v;
            }
            if (sampleFloat(job.rotation, job.cubicCursor[1], track->rotation, time, v)) {
                if (convert_)
                    v *= convertRotation_;
                q = job.afterRest ? multiply(v, q) : v;
            }
            if (!track->scale.empty() && sampleFloat(job.scale, job.cubicCursor[2], track->scale, time, v))
                s = v;
            if (!track->visibility.empty())
                visible = job.visibility.sample(track->visibility, time) >= 0.5 ? 1 : 0;
        }
        const int bone = job.bone;
        storeLocal(locals[bone], t, q, s);
        visibles[bone] = visible;
        localMatrix(t, q, s, worlds[bone]);
    }
    for (const auto& [bone, parent] : parented_)
        applyParent(worlds[parent], worlds[bone]);
}

void Sampler::evalExactLanes(const FloatLanes& lanes, double time, LaneValues& values)
{
    for (int i = 0; i < FloatLanes::kLanes; ++i) {
        if (lanes.now().mode[i] != FloatRotationCache::Exact)
            continue;
        const float4 q = lanes.rotation[i].at(lanes.track[i]->rotation, time, 0.f);
        for (int c = 0; c < 4; ++c)
            values.rotation[c][i] = q[c];
    }
}

} // namespace bonescope
