#pragma once
// An animation previewed over a base motion by joint priority, as the Second Life viewer mixes the
// motions an avatar plays (LLPoseBlender, LLJointStateBlender), at full weight (both eased in):
// - each joint of a motion has a priority, or "use the motion's" (kUseMotionPriority);
// - per joint and per channel (rotation, position), the motion with the higher priority that keys
//   that channel drives it; a motion that lists a joint without keys in a channel leaves it alone;
// - at equal priority the motion started last wins (the viewer inserts newer motions first and
//   keeps them ahead of older ones of the same priority). The viewer's upload preview starts the
//   base after the animation, so by default the base wins ties;
// - a channel neither motion keys keeps the skeleton's rest value.
// Priorities are plain numbers here; formats/secondlife/secondlife_priorities.h reads them from a file.
#include <cstdint>
#include <string>
#include <vector>

#include "core/model/animation.h"
#include "core/playback/binding.h"
#include "core/playback/layering.h"
#include "core/model/pose.h"
#include "core/playback/sampler.h"
#include "core/model/skeleton.h"

namespace bonescope {

constexpr int kUseMotionPriority = -1;

struct MotionPriorities {
    int motion = 0;          // the motion's own (base) priority
    std::vector<int> joints; // per track: a priority, or kUseMotionPriority; missing tracks use `motion`

    // The priority the track plays at.
    int ofTrack(size_t track) const;
};

// The motion an animation is previewed over.
struct PriorityBase {
    Animation animation;
    std::string label;        // what to show: "stand", "FILE"
    MotionPriorities priorities;
    bool startedLast = true;  // it wins ties (started after the animation, as the viewer's preview does)

    // The base's time at the animation's `time`: it plays on from 0 and loops as the file says
    // (core/playback/playback_time.h).
    double baseTime(double time) const;
};

enum class MixSource : uint8_t { Rest, Animation, Base };

// Which motion drives a bone's channels, and the priority each motion plays the bone at
// (kNoPriority when the motion does not list the bone).
struct JointDrivers {
    static constexpr int kNoPriority = -1000;
    MixSource rotation = MixSource::Rest;
    MixSource translation = MixSource::Rest;
    int animationPriority = kNoPriority;
    int basePriority = kNoPriority;
};

// "animation", "base" or "rest".
const char* mixSourceName(MixSource s);

// Per skeleton bone: who drives it, from the two bindings (core/playback/binding.h) and the priorities.
std::vector<JointDrivers> mixDrivers(const Animation& anim, const MotionPriorities& priorities, const Binding& binding,
                                     const PriorityBase& base, const Binding& baseBinding);

// Samples the mix. An empty skeleton means flatLayerSkeleton() (core/playback/layering.h). The animation, base
// and skeleton must outlive the sampler; call rebind() after editing any of them or the priorities.
class PriorityMixSampler {
public:
    PriorityMixSampler(const Animation& anim, MotionPriorities priorities, const PriorityBase& base,
                       const Skeleton& skeleton);

    void setPriorities(MotionPriorities priorities); // the animation's; rebinds
    void rebind();
    // The mixed local transforms of every skeleton bone, in double precision.
    void sampleLocal(double time, std::vector<LocalTransform>& out);
    // The same as a drawable pose.
    void sample(double time, Pose& out);

    // Per skeleton bone; the same at every time (it depends on which channels have keys).
    const std::vector<JointDrivers>& drivers() const { return drivers_; }
    const Skeleton& skeleton() const { return pair_.skeleton(); }
    const Binding& binding() const { return pair_.top().binding(); }
    const Binding& baseBinding() const { return pair_.base().binding(); }

private:
    const Animation* animation_;
    MotionPriorities priorities_;
    const PriorityBase* baseMotion_;
    SamplerPair pair_; // the animation and the base
    std::vector<JointDrivers> drivers_;
    std::vector<LocalTransform> under_, over_;
};

} // namespace bonescope
