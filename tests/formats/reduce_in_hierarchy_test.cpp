// Key reduction through the hierarchy on real clips: every sample of the reduced clip within the bound
// of the original (measured by tests/support/point_error.h, not by the reducer), fewer keys, and the
// reduced file saved then read back with the same keys.
#include <gtest/gtest.h>

#include <cmath>
#include <type_traits>

#include "core/reduction/reduce_in_hierarchy.h"
#include "formats/convert/convert_file.h"
#include "formats/file_io.h"
#include "formats/registry.h"
#include "tests/support/point_error.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

using test::fixturePath;
using test::samplePath;

struct Clip {
    std::string name;
    Scene scene;
    const Format* format = nullptr;
};

Clip load(const std::string& path)
{
    LoadedScene l = loadScene(path);
    return {path.substr(path.find_last_of('/') + 1), std::move(l.scene), l.format};
}

// The CMU walk as Bonescope converts it to `format`, read back: real motion in that format.
Clip converted(const std::string& formatId)
{
    const Format& f = *Registry::instance().byId(formatId);
    Report report;
    Clip bvh = load(fixturePath("rigs/cmu_131_01_walk.bvh"));
    const std::vector<uint8_t> bytes = convertFile(bvh.scene, f, {}, report).bytes();
    Clip c{"cmu_131_01_walk." + f.writtenExtension(), f.read(bytes), &f};
    if (c.scene.skeleton.empty()) // SEAnim holds no skeleton: it plays on the BVH's
        c.scene.skeleton = bvh.scene.skeleton;
    return c;
}

// Keys equal within the precision the format stores (float: 1e-6 relative).
template <class T>
void expectSameKeys(const Channel<T>& a, const Channel<T>& b, const std::string& what)
{
    ASSERT_EQ(a.keys.size(), b.keys.size()) << what;
    for (size_t k = 0; k < a.keys.size(); ++k) {
        EXPECT_NEAR(a.keys.time(k), b.keys.time(k), 1e-6) << what << " key " << k;
        double ca[4], cb[4];
        KeyParts<T>::split(a.keys.value(k), ca);
        KeyParts<T>::split(b.keys.value(k), cb);
        for (int c = 0; c < KeyParts<T>::n; ++c)
            EXPECT_NEAR(ca[c], cb[c], 1e-6 * std::max(1.0, std::abs(ca[c]))) << what << " key " << k;
    }
}

// Reduces the current animation at `bound` (file units, points 3 units out) and checks the promise.
void checkClip(Clip clip, double bound, double distance = 3.0)
{
    SCOPED_TRACE(clip.name);
    Animation& a = *clip.scene.currentAnimation();
    const Animation original = a;
    const HierarchyReductionResult r = reduceInHierarchy(a, clip.scene.skeleton, {bound, distance});
    EXPECT_EQ(r.keysBefore, original.keyCount());
    EXPECT_EQ(r.keysAfter, a.keyCount());
    EXPECT_LT(a.keyCount(), original.keyCount());
    const double measured = test::largestPointError(original, a, clip.scene.skeleton, distance);
    EXPECT_LE(measured, bound);
    EXPECT_LE(r.largestError, bound);
    EXPECT_NEAR(r.largestError, measured, bound * 0.05 + 1e-9); // the reducer reports what is there
    std::cout << clip.name << ": " << original.keyCount() << " -> " << a.keyCount() << " keys, error "
              << measured << " of " << bound << "\n";

    // Saved in its own format and read back: the same keys.
    if (!clip.format || !clip.format->capabilities().write)
        return;
    const Scene back = clip.format->read(clip.format->write(clip.scene));
    const Animation& b = back.animations[size_t(clip.scene.current)];
    if (clip.format->id() == "assimp" || clip.format->id() == "gltf") {
        // glTF keys are 32-bit floats (and Assimp's writer keys its own way, times merged per node):
        // the same motion within what float gives, and fewer keys than the original.
        EXPECT_LE(test::largestPointError(a, b, clip.scene.skeleton, distance), bound * 0.01);
        EXPECT_LT(b.keyCount(), original.keyCount());
        return;
    }
    ASSERT_EQ(b.tracks.size(), a.tracks.size());
    for (size_t t = 0; t < a.tracks.size(); ++t) {
        expectSameKeys(a.tracks[t].translation, b.tracks[t].translation, a.tracks[t].name + " translation");
        expectSameKeys(a.tracks[t].rotation, b.tracks[t].rotation, a.tracks[t].name + " rotation");
        expectSameKeys(a.tracks[t].scale, b.tracks[t].scale, a.tracks[t].name + " scale");
    }
}

TEST(ReduceInHierarchy, CmuWalkAsSEAnimAndCast)
{
    // 994 frames of mocap at 120 fps; CMU units are about 5.6 cm (a 0.01 bound: about 0.6 mm).
    checkClip(converted("seanim"), 0.01);
    checkClip(converted("cast"), 0.01);
}

TEST(ReduceInHierarchy, CmuWalkBvhInMemory)
{
    Clip c = load(fixturePath("rigs/cmu_131_01_walk.bvh"));
    c.format = nullptr; // BVH stores every frame: reduced in memory only
    checkClip(std::move(c), 0.001);
}

TEST(ReduceInHierarchy, SEAnimSamples)
{
    checkClip(load(samplePath("seanim/synth_delta_tag_origin.seanim")), 0.01);
}

TEST(ReduceInHierarchy, SecondLifeClips)
{
    // Metres: 0.1 mm, points 3 cm out.
    checkClip(load(samplePath("secondlife/ll_raptor_attack.anim")), 1e-4, 0.03);
    checkClip(load(samplePath("secondlife/opencollar_Tower.anim")), 1e-4, 0.03);
}

TEST(ReduceInHierarchy, GltfCesiumMan)
{
#ifdef BONESCOPE_WITHOUT_ASSIMP
    GTEST_SKIP() << "needs Assimp";
#endif
    checkClip(load(fixturePath("rigs/CesiumMan.glb")), 1e-4, 0.03);
}

TEST(ReduceInHierarchy, GltfRobotExpressive)
{
#ifdef BONESCOPE_WITHOUT_ASSIMP
    GTEST_SKIP() << "needs Assimp";
#endif
    Clip c = load(fixturePath("rigs/RobotExpressive.glb"));
    for (int i : {0, 6, 10}) {
        Clip one{c.name + " #" + std::to_string(i), c.scene, c.format};
        one.scene.current = i;
        checkClip(std::move(one), 1e-4, 0.03);
    }
}


// A channel made cubic from its own keys: Catmull-Rom tangents (the slope between the neighbours),
// quaternions kept in one hemisphere first. Real motion on a glTF cubic spline.
template <class T>
void makeCubic(Channel<T>& ch)
{
    const size_t n = ch.keys.size();
    if (n < 3)
        return;
    if constexpr (std::is_same_v<T, glm::dquat>)
        for (size_t k = 1; k < n; ++k)
            if (glm::dot(ch.keys.value(k), ch.keys.value(k - 1)) < 0)
                ch.keys.setValue(k, -ch.keys.value(k));
    ch.rules.interpolation = Interpolation::CubicSpline;
    ch.tangents.assign(n, Tangents<T>{});
    for (size_t k = 0; k < n; ++k) {
        const size_t a = k == 0 ? 0 : k - 1, b = k + 1 == n ? k : k + 1;
        const T slope = (ch.keys.value(b) - ch.keys.value(a)) * (1.0 / (ch.keys.time(b) - ch.keys.time(a)));
        ch.tangents[k] = {slope, slope};
    }
}

TEST(ReduceInHierarchy, GltfCubicSplinesStayCurves)
{
    // CesiumMan's walk on cubic splines: reduced as curves (each kept segment's tangents fitted), not
    // turned linear. The independent measure samples every frame, between the keys too.
    Clip c = load(fixturePath("rigs/CesiumMan.glb"));
    Animation& a = *c.scene.currentAnimation();
    size_t cubicChannels = 0;
    for (Track& t : a.tracks) {
        makeCubic(t.translation);
        makeCubic(t.rotation);
        makeCubic(t.scale);
        cubicChannels += t.translation.cubic() + t.rotation.cubic() + t.scale.cubic();
    }
    ASSERT_GT(cubicChannels, 20u);
    const Animation original = a;
    const double bound = 1e-4, distance = 0.03;
    const HierarchyReductionResult r = reduceInHierarchy(a, c.scene.skeleton, {bound, distance});
    EXPECT_LT(a.keyCount(), original.keyCount() * 3 / 4);
    size_t stillCubic = 0;
    for (const Track& t : a.tracks)
        stillCubic += t.translation.cubic() + t.rotation.cubic() + t.scale.cubic();
    EXPECT_EQ(stillCubic, cubicChannels);
    EXPECT_LE(test::largestPointError(original, a, c.scene.skeleton, distance), bound);
    EXPECT_LE(r.largestError, bound);
    std::cout << "CesiumMan cubic: " << original.keyCount() << " -> " << a.keyCount() << " keys\n";

    // The same clip reduced after turning it linear keeps more keys: curves carry the motion.
    Animation linear = original;
    for (Track& t : linear.tracks) {
        t.translation.rules.interpolation = t.rotation.rules.interpolation = t.scale.rules.interpolation = Interpolation::Linear;
        t.translation.tangents.clear();
        t.rotation.tangents.clear();
        t.scale.tangents.clear();
    }
    reduceInHierarchy(linear, c.scene.skeleton, {bound, distance});
    EXPECT_LT(a.keyCount(), linear.keyCount());

    // Written as glTF and read back: cubic splines, the same motion within float.
    const Format& gltf = *Registry::instance().byId("gltf");
    const Scene back = gltf.read(gltf.write(c.scene));
    const Animation& b = back.animations.at(size_t(c.scene.current));
    size_t backCubic = 0;
    for (const Track& t : b.tracks)
        backCubic += t.translation.cubic() + t.rotation.cubic() + t.scale.cubic();
    EXPECT_EQ(backCubic, cubicChannels);
    EXPECT_LE(test::largestPointError(a, b, c.scene.skeleton, distance), bound * 0.05);
}

TEST(ReduceInHierarchy, FitCurvesKeepFewerKeysWithinTheBound)
{
    // The CMU walk (BVH, every frame keyed) reduced with curves fitted: within the bound at every
    // frame by the independent measure, and far fewer keys than straight segments keep.
    Clip c = load(fixturePath("rigs/cmu_131_01_walk.bvh"));
    const Animation original = *c.scene.currentAnimation();
    const double bound = 0.01, distance = 3.0; // CMU units (about 5.6 cm): 0.6 mm
    Animation straight = original, curved = original;
    reduceInHierarchy(straight, c.scene.skeleton, {bound, distance});
    HierarchyReduction settings{bound, distance};
    settings.curves = true;
    const HierarchyReductionResult r = reduceInHierarchy(curved, c.scene.skeleton, settings);
    EXPECT_LE(r.largestError, bound);
    EXPECT_LE(test::largestPointError(original, curved, c.scene.skeleton, distance), bound);
    EXPECT_LT(curved.keyCount() * 2, straight.keyCount());
    size_t cubic = 0;
    for (const Track& t : curved.tracks)
        cubic += t.rotation.cubic();
    EXPECT_GT(cubic, curved.tracks.size() / 2);
    std::cout << "CMU walk at " << bound << ": " << original.keyCount() << " keys, straight " << straight.keyCount()
              << ", curves " << curved.keyCount() << "\n";
}
} // namespace
} // namespace bonescope

namespace bonescope {
namespace {

// A million key times under a chain of a thousand bones would hold two world transforms per time per
// bone of the chain: refused with the numbers, before any of it is allocated.
TEST(ReduceInHierarchy, RefusesWorkThatWouldNotFitInMemory)
{
    Skeleton chain;
    for (int i = 0; i < 1000; ++i) {
        Bone b;
        b.name = "b" + std::to_string(i);
        b.parent = i - 1;
        b.restTranslation = {0, 1, 0};
        chain.bones.push_back(b);
    }
    Animation a;
    a.tracks.resize(1);
    a.tracks[0].name = "b999";
    for (int k = 0; k < 200000; ++k)
        a.tracks[0].rotation.keys.push_back({k / 120.0, glm::dquat(1, 0, 0, 0)});
    a.duration = 199999 / 120.0;
    try {
        reduceInHierarchy(a, chain, {0.01, 3});
        FAIL() << "not refused";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("200000 key times under a chain of 1000 bones would need"), std::string::npos) << e.what();
    }
    EXPECT_EQ(a.tracks[0].rotation.size(), 200000u);
}

} // namespace
} // namespace bonescope
