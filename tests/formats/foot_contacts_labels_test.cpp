// Ground contacts found in real walks, against contacts labelled by hand (tests/retarget_oracle/
// contacts: the CMU subject 131 walk, and CesiumMan's walk on the spot), frame by frame. The issue's
// bar: at least 90% of the labelled contact frames found.
#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/retarget/foot_contacts.h"
#include "core/retarget/humanoid.h"
#include "core/retarget/posed_rig.h"
#include "core/retarget/rig_frame.h"
#include "core/playback/sampler.h"
#include "formats/file_io.h"
#include "formats/registry.h"
#include "tests/support/test_support.h"

namespace bonescope {
namespace {

struct Recall {
    int labelled = 0, found = 0, extra = 0;
};

Recall check(const std::string& clip, const std::string& labels)
{
    const LoadedScene loaded = loadScene(test::fixturePath(clip));
    Scene s = loaded.scene;
    Registry::instance().byId(s.format)->toCommon(s);
    const Animation& a = *s.currentAnimation();
    const auto h = findHumanoid(s.skeleton);
    EXPECT_TRUE(h) << clip;
    std::ifstream in(test::fixturePath(labels));
    const nlohmann::json j = nlohmann::json::parse(in);
    const double rate = j["rate"].get<double>();
    const int frames = j["frames"].get<int>();
    const auto order = *s.skeleton.evaluationOrder();
    Sampler sampler(a, s.skeleton);
    std::vector<LocalTransform> local;
    PosedRig posed;
    posed.compute(s.skeleton, order, restLocals(s.skeleton));
    const RigFrame frame = rigFrame(s.skeleton, posed.position, h, h->hips, {0, 1, 0});
    std::array<std::vector<glm::dvec3>, 2> feet, toes;
    glm::dvec3 first(0), last(0);
    for (int f = 0; f < frames; ++f) {
        sampler.sampleLocal(f / rate, local);
        posed.compute(s.skeleton, order, local);
        for (int side = 0; side < 2; ++side) {
            feet[size_t(side)].push_back(posed.at(h->legs[size_t(side)].end));
            toes[size_t(side)].push_back(posed.at(h->legs[size_t(side)].tip));
        }
        (f == 0 ? first : last) = posed.at(h->hips);
    }
    const glm::dvec3 travel = last - first;
    const bool inPlace = glm::length(travel - frame.up * glm::dot(travel, frame.up)) < 0.25 * frame.legLength;
    Recall r;
    for (int side = 0; side < 2; ++side) {
        std::vector<uint8_t> labelled(size_t(frames), 0), found(size_t(frames), 0);
        for (const auto& range : j[side == 0 ? "left" : "right"])
            for (int f = range[0].get<int>(); f <= range[1].get<int>() && f < frames; ++f)
                labelled[size_t(f)] = 1;
        for (const ContactRange& c : findContacts(feet[size_t(side)], toes[size_t(side)], frame.up, rate, frame.legLength, inPlace))
            for (int f = c.first; f <= c.last; ++f)
                found[size_t(f)] = 1;
        for (int f = 0; f < frames; ++f) {
            r.labelled += labelled[size_t(f)];
            r.found += labelled[size_t(f)] && found[size_t(f)];
            r.extra += !labelled[size_t(f)] && found[size_t(f)];
        }
    }
    return r;
}

TEST(FootContacts, CmuWalkAgainstHandLabels)
{
    const Recall r = check("rigs/cmu_131_01_walk.bvh", "../retarget_oracle/contacts/cmu_131_01_walk.json");
    EXPECT_GE(r.found, 0.9 * r.labelled) << r.found << " of " << r.labelled << " labelled frames, " << r.extra << " extra";
    EXPECT_LE(r.extra, 0.15 * r.labelled) << r.extra << " frames called contacts that are not";
}

#ifndef BONESCOPE_WITHOUT_ASSIMP // CesiumMan is glTF, read through Assimp
TEST(FootContacts, WalkOnTheSpotAgainstHandLabels)
{
    const Recall r = check("rigs/CesiumMan.glb", "../retarget_oracle/contacts/cesiumman_walk.json");
    EXPECT_GE(r.found, 0.9 * r.labelled) << r.found << " of " << r.labelled << " labelled frames, " << r.extra << " extra";
    EXPECT_LE(r.extra, 0.15 * r.labelled) << r.extra << " frames called contacts that are not";
}
#endif

} // namespace
} // namespace bonescope
