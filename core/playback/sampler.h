#pragma once
// Turns (animation, skeleton, time) into a Pose. Keeps each channel's current segment so that
// sampling successive times during playback neither searches the keys nor redoes the trigonometry.
// sample() works in float, four bones at a time where their keys replace their rest values
// (float_lanes.h), with each rotation segment's slerp set-up done once by its first call after
// rebind() (float_segment_cache.h) up to a memory budget; sampleLocal() works in double.
// Call rebind() after any edit of the animation (keys, tracks) or of the skeleton.
#include <cstdlib>
#include <memory>
#include <utility>
#include <vector>

#include "core/model/animation.h"
#include "core/playback/binding.h"
#include "core/math/float_lanes.h"
#include "core/playback/float_segment_cache.h"
#include "core/model/pose.h"
#include "core/model/skeleton.h"

namespace bonescope {

class Sampler {
public:
    // An empty skeleton means "none": the animation plays on flatSkeleton(anim).
    // Both must outlive the sampler.
    Sampler(const Animation& anim, const Skeleton& skeleton);

    void rebind();
    void sample(double time, Pose& out);
    // Memory sample() may keep to replay rotation segments faster (their slerp set-up, 20 bytes
    // each). Channels past it make the set-up again each time playback enters a segment, so that a
    // big animation does not cost half as much memory again once played. Applies from rebind().
    static constexpr size_t kKeptSegmentBudget = size_t(8) << 20;
    void setKeptSegmentBudget(size_t bytes) { keptSegmentBudget_ = bytes; }
    // Memory sample() may keep, besides the above, for whole segments of bones sampled four at a
    // time whose keys all fall at the same times (what exporters write: a key per bone per frame):
    // each segment's set-up for four bones, ready to read in the order forward playback reads them
    // (LaneSegment, 448 bytes). Applies from rebind().
    static constexpr size_t kKeptLaneBudget = size_t(24) << 20;
    void setKeptLaneBudget(size_t bytes) { keptLaneBudget_ = bytes; }
    // What sample() keeps of both kinds.
    size_t keptSegmentBytes() const { return keptSegmentBytes_ + keptLaneBytes_; }
    // The local transforms of every skeleton bone in double precision (baking and conversion,
    // where float rounding would show in a round trip). Resizes `out` to the skeleton.
    void sampleLocal(double time, std::vector<LocalTransform>& out);
    // sampleLocal() with `under` (one transform per skeleton bone) in place of the rest pose: what
    // the keys replace or add to by the blend modes (an animation layered on a base: core/playback/layering.h).
    void sampleLocalOn(double time, const std::vector<LocalTransform>& under, std::vector<LocalTransform>& out);

    const Skeleton& skeleton() const { return *skeleton_; }
    const Binding& binding() const { return binding_; }
    const Animation& animation() const { return *anim_; }

private:
    struct Cursors {
        ValueCache<glm::dvec3> translation, scale;
        RotationCache rotation;
        StepCache visibility;
    };
    // One bone's work for sampleLocal(), in evaluation order.
    struct BoneJob {
        int bone = 0;
        const Track* track = nullptr; // null: the bone stays at rest
        BlendMode mode;
        glm::dvec3 restTranslation{0.0};
        glm::dquat restRotation{1, 0, 0, 0};
        glm::dvec3 restScale{1.0};
        Cursors cursors;
    };
    // The same for sample(), in float, with what the hot loop reads first.
    struct PoseJob {
        enum Kind : uint8_t {
            Rest,        // no track
            General,     // any rules, blend modes, conversion, scale and visibility keys
            Plain,       // keys replace the rest values; translation and rotation keys only
            SharedTimes, // Plain, and both channels have the same key times and rules: one lookup
        };
        // Plain and SharedTimes jobs are sampled in lanes_, with caches of their own there; these
        // serve General jobs.
        const Track* track = nullptr;
        int bone = 0, parent = -1;
        Kind kind = Rest;
        bool addToRest = false, afterRest = false; // the bone's BlendMode
        bool cubic = false;           // a cubic channel: General, those channels sampled in double
        uint32_t cubicCursor[3] = {}; // their segment cursors (translation, rotation, scale)
        float4 restTranslation{}, restRotation{}, restScale{};
        FloatValueCache translation;
        FloatRotationCache rotation;
        FloatValueCache scale;
        StepCache visibility;
    };
    LocalTransform evalLocal(BoneJob& job, double time, const LocalTransform& under);
    // Each pose job's kind and fresh float caches; Plain and SharedTimes jobs four to a FloatLanes.
    void prepareFloatJobs();
    [[gnu::noinline]] void samplePose(double time, Pose& out);
    void addLane(FloatLanes& lanes, int lane, const PoseJob& job);
    // Whether a rotation channel's segments can be kept within the budget (counted if so).
    bool keepSegments(const QuatChannel& rotation);
    // Kept lane segments for the blocks whose lanes locate alike, within the budget.
    void keepLaneSegments();
    // The rotations of the lanes the double code evaluates.
    [[gnu::noinline]] static void evalExactLanes(const FloatLanes& lanes, double time, LaneValues& values);

    const Animation* anim_;
    const Skeleton* given_;
    Skeleton flat_;
    const Skeleton* skeleton_ = nullptr;
    Binding binding_;
    std::vector<BoneJob> jobs_;
    std::vector<PoseJob> poseJobs_;
    struct FreeSegments {
        void operator()(LaneSegment* p) const { std::free(p); }
    };
    std::vector<FloatLanes> lanes_;  // the Plain and SharedTimes jobs
    std::vector<std::unique_ptr<LaneSegment[], FreeSegments>> keptLanes_; // lanes_'s kept segments
    std::vector<int> scalarJobs_;    // the others, one at a time (indices into poseJobs_)
    std::vector<std::pair<int, int>> parented_; // (bone, parent), in evaluation order
    size_t keptSegmentBudget_ = kKeptSegmentBudget, keptLaneBudget_ = kKeptLaneBudget;
    size_t keptSegmentBytes_ = 0, keptLaneBytes_ = 0;
    bool floatJobsReady_ = false; // by the first sample() after rebind(): sampleLocal() needs none
    bool convert_ = false; // the animation's KeyConvention is not the identity
    float4 convertTranslation_{}, convertRotation_{}; // its factors in float4 lanes
};

} // namespace bonescope
