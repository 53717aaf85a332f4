// Retargeting speed (issue 36's goal: a 500-bone, 6000-frame clip in under 1 s on one core): a
// humanoid of 500 bones (Mixamo names: a body, five three-bone fingers per hand and a long chain of
// extra bones, as game rigs carry for faces and props), a key per bone per frame, onto the same body
// with Unreal names, bones along +X and an A-pose.
#include <benchmark/benchmark.h>

#include <cmath>
#include <optional>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/resource.h>
#endif

#include "core/retarget/retarget.h"
#include "formats/platform/process_memory.h"

namespace bonescope {
namespace {

Bone bone(std::string name, int parent, glm::dvec3 t, glm::dquat r = {1, 0, 0, 0})
{
    Bone b;
    b.name = std::move(name);
    b.parent = parent;
    b.restTranslation = t;
    b.restRotation = r;
    return b;
}

// A humanoid body (Mixamo or Unreal names) padded to `total` bones with extra chains under the head.
Skeleton rig(bool unreal, int total)
{
    Skeleton s;
    auto n = [&](const char* mixamo, const char* ue) { return std::string(unreal ? ue : mixamo); };
    const glm::dquat along = unreal ? glm::angleAxis(0.3, glm::dvec3(0, 0, 1)) : glm::dquat(1, 0, 0, 0);
    s.bones.push_back(bone(n("Hips", "pelvis"), -1, {0, 1, 0}, along));
    s.bones.push_back(bone(n("Spine", "spine_01"), 0, {0, 0.15, 0}));
    s.bones.push_back(bone(n("Spine1", "spine_02"), 1, {0, 0.15, 0}));
    s.bones.push_back(bone(n("Spine2", "spine_03"), 2, {0, 0.15, 0}));
    s.bones.push_back(bone(n("Neck", "neck_01"), 3, {0, 0.05, 0}));
    s.bones.push_back(bone(n("Head", "head"), 4, {0, 0.12, 0}));
    const double drop = unreal ? 0.7 : 0.0; // an A-pose
    for (int side = 0; side < 2; ++side) {
        const double x = side == 0 ? 1 : -1;
        const bool l = side == 0;
        const glm::dvec3 arm(0.28 * x * std::cos(drop), -0.28 * std::sin(drop), 0);
        s.bones.push_back(bone(l ? n("LeftShoulder", "clavicle_l") : n("RightShoulder", "clavicle_r"), 3, {0.05 * x, 0.1, 0}));
        const int clav = int(s.size()) - 1;
        s.bones.push_back(bone(l ? n("LeftArm", "upperarm_l") : n("RightArm", "upperarm_r"), clav, {0.12 * x, 0, 0}));
        s.bones.push_back(bone(l ? n("LeftForeArm", "lowerarm_l") : n("RightForeArm", "lowerarm_r"), int(s.size()) - 1, arm));
        s.bones.push_back(bone(l ? n("LeftHand", "hand_l") : n("RightHand", "hand_r"), int(s.size()) - 1, arm * 0.9));
        const int hand = int(s.size()) - 1;
        for (const char* finger : {"Thumb", "Index", "Middle", "Ring", "Pinky"}) {
            int parent = hand;
            for (int k = 1; k <= 3; ++k) {
                const std::string name = unreal ? std::string(finger) + "_0" + std::to_string(k) + (l ? "_l" : "_r")
                                                : std::string(l ? "LeftHand" : "RightHand") + finger + std::to_string(k);
                s.bones.push_back(bone(name, parent, arm * 0.1));
                parent = int(s.size()) - 1;
            }
        }
        s.bones.push_back(bone(l ? n("LeftUpLeg", "thigh_l") : n("RightUpLeg", "thigh_r"), 0, {0.1 * x, -0.05, 0}));
        s.bones.push_back(bone(l ? n("LeftLeg", "calf_l") : n("RightLeg", "calf_r"), int(s.size()) - 1, {0, -0.43, 0}));
        s.bones.push_back(bone(l ? n("LeftFoot", "foot_l") : n("RightFoot", "foot_r"), int(s.size()) - 1, {0, -0.44, 0}));
        s.bones.push_back(bone(l ? n("LeftToeBase", "ball_l") : n("RightToeBase", "ball_r"), int(s.size()) - 1, {0, -0.05, 0.12}));
    }
    for (int i = 0; int(s.size()) < total; ++i)
        s.bones.push_back(bone("extra_" + std::to_string(i), i % 20 == 0 ? 5 : int(s.size()) - 1, {0, 0.01, 0.001}));
    return s;
}

// This process's user and system CPU seconds so far (0, 0 where getrusage is missing): the system
// part is the kernel giving the result's fresh memory its pages, which costs several times more on
// a virtual machine than on bare metal, so the two are reported apart.
std::pair<double, double> cpuSeconds()
{
#if defined(__unix__) || defined(__APPLE__)
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    auto s = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) * 1e-6; };
    return {s(u.ru_utime), s(u.ru_stime)};
#else
    return {0, 0};
#endif
}

// The keys in float, as a binary file (SEAnim, Cast, glTF, FBX) gives them, or in double, as BVH's
// text does.
glm::dquat stored(const glm::dquat& q, bool inFloat) { return inFloat ? glm::dquat(glm::quat(q)) : q; }
glm::dvec3 stored(const glm::dvec3& v, bool inFloat) { return inFloat ? glm::dvec3(glm::vec3(v)) : v; }

Animation clip(const Skeleton& s, int frames, bool inFloat = true)
{
    Animation a;
    a.fps = 30;
    a.duration = (frames - 1) / 30.0;
    for (size_t b = 0; b < s.size(); ++b) {
        Track t;
        t.name = s.bones[b].name;
        t.rotation.keys.reserve(size_t(frames));
        for (int f = 0; f < frames; ++f) {
            const double angle = 0.4 * std::sin(0.1 * f + double(b));
            t.rotation.keys.push_back({f / 30.0, stored(s.bones[b].restRotation * glm::angleAxis(angle, glm::dvec3(1, 0, 0)), inFloat)});
        }
        if (b == 0)
            for (int f = 0; f < frames; ++f)
                t.translation.keys.push_back({f / 30.0, stored(s.bones[0].restTranslation + glm::dvec3(0, 0, 0.01 * f), inFloat)});
        a.tracks.push_back(std::move(t));
    }
    return a;
}

void BM_Retarget500Bones6000Frames(benchmark::State& state)
{
    const Skeleton source = rig(false, 500), target = rig(true, 500);
    const Animation a = clip(source, 6000, state.range(0) == 0);
    const BoneMap map = autoMatch(source, target);
    const auto before = cpuSeconds();
    for (auto _ : state) {
        // As `convert --skeleton` and the window run it: the result's key lists in memory prepared
        // for them (huge pages where the system has them), or (heap 0) in fresh 4 KiB pages.
        std::optional<platform::LargeHeapUse> heap;
        if (state.range(1) != 0)
            heap.emplace(retargetResultBytes(a, target));
        RetargetResult r = retarget(a, source, target, map);
        heap.reset();
        benchmark::DoNotOptimize(r.animation.tracks.data());
    }
    const auto after = cpuSeconds();
    state.counters["mapped"] = double(map.map.size());
    state.counters["user_s"] = (after.first - before.first) / double(state.iterations());
    state.counters["sys_s"] = (after.second - before.second) / double(state.iterations());
}
// keys:0 the clip's keys in float (from a binary file), keys:1 in double (from BVH); heap:1 as the
// program runs it, heap:0 without the prepared memory.
BENCHMARK(BM_Retarget500Bones6000Frames)
    ->ArgNames({"keys", "heap"})
    ->ArgsProduct({{0, 1}, {1, 0}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(2);

void BM_RetargetFootLock500Bones6000Frames(benchmark::State& state)
{
    const Skeleton source = rig(false, 500), target = rig(true, 500);
    const Animation a = clip(source, 6000);
    const BoneMap map = autoMatch(source, target);
    RetargetSettings s;
    s.footLock = true;
    for (auto _ : state) {
        const platform::LargeHeapUse heap(retargetResultBytes(a, target));
        RetargetResult r = retarget(a, source, target, map, s);
        benchmark::DoNotOptimize(r.animation.tracks.data());
    }
}
BENCHMARK(BM_RetargetFootLock500Bones6000Frames)->Unit(benchmark::kMillisecond)->Iterations(1);

} // namespace
} // namespace bonescope
