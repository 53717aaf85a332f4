// Key reduction with curves fitted (--curves) on the clips of tests/reduce_oracle/run.sh, at the
// largest error Blender 3.4's Decimate (Allowed Change) left there (docs/performance.md): the bound
// holds by the independent measure (every frame and key time, and fifteen times between each two),
// and fewer single-curve points stay than Blender kept (its counts from that run). A single-curve
// point is Blender's unit: a rotation key is four of them, a translation or scale key three.
#include <gtest/gtest.h>

#include <iostream>

#include "core/reduction/reduce_in_hierarchy.h"
#include "formats/file_io.h"
#include "formats/registry.h"
#include "tests/support/point_error.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

// Reduces the clip at `bound` (file units) with curves; returns the single-curve points kept.
size_t reduceWithCurves(const std::string& path, double bound, double distance, size_t blender, size_t expected)
{
    SCOPED_TRACE(path + " at " + std::to_string(bound));
    LoadedScene l = loadScene(path);
    Animation& a = *l.scene.currentAnimation();
    const Animation original = a;
    HierarchyReduction settings{bound, distance};
    settings.curves = true;
    const HierarchyReductionResult r = reduceInHierarchy(a, l.scene.skeleton, settings);
    const double measured = test::largestPointError(original, a, l.scene.skeleton, distance, 16);
    EXPECT_LE(measured, bound);
    EXPECT_LE(r.largestError, bound);
    EXPECT_NEAR(a.duration, original.duration, 1e-9);
    const size_t kept = singleCurvePoints(a);
    EXPECT_LT(kept, blender);
    EXPECT_EQ(kept, expected); // what this reduction reaches; a change of it is worth a look
    std::cout << path.substr(path.find_last_of('/') + 1) << " at " << bound << ": " << singleCurvePoints(original) << " -> " << kept
              << " points (Blender " << blender << "), error " << measured << "\n";

    // Written as glTF (the format that keeps tangents) and read back: as many points, the same motion.
    const Format& gltf = *Registry::instance().byId("gltf");
    const Scene back = gltf.read(gltf.write(l.scene));
    const Animation& b = back.animations.at(size_t(l.scene.current));
    EXPECT_EQ(singleCurvePoints(b), kept);
    EXPECT_LE(test::largestPointError(a, b, l.scene.skeleton, distance), bound * 0.05);
    return kept;
}

// The BVH clips in their own units (told to Bonescope as centimetres: 1 mm is 0.1 unit), points
// 3 units out; CesiumMan in metres, points 3 cm out.
TEST(ReduceCurvesAgainstBlender, CmuWalk)
{
    const std::string walk = test::fixturePath("rigs/cmu_131_01_walk.bvh");
    reduceWithCurves(walk, 0.0642, 3.0, 14209, 9775);
    reduceWithCurves(walk, 0.785, 3.0, 4350, 2706);
}

TEST(ReduceCurvesAgainstBlender, OpenCollarTower)
{
    const std::string tower = test::samplePath("secondlife/opencollar_tower.bvh");
    reduceWithCurves(tower, 0.0481, 3.0, 1051, 967);
    reduceWithCurves(tower, 0.462, 3.0, 714, 492);
}

TEST(ReduceCurvesAgainstBlender, CesiumMan)
{
    const std::string man = test::fixturePath("rigs/CesiumMan.glb");
    reduceWithCurves(man, 0.00243, 0.03, 1447, 1143);
    reduceWithCurves(man, 0.0211, 0.03, 680, 469);
}

} // namespace
} // namespace bonescope
