// core/key_editing keyPose / keyValuesForPose and core/clip_editing's note edits, on hand-built data.
#include <gtest/gtest.h>

#include "core/editing/clip_editing.h"
#include "core/editing/key_editing.h"
#include "core/playback/sampler.h"

namespace bonescope {
namespace {

Skeleton oneBone()
{
    Skeleton s;
    Bone b;
    b.name = "j";
    b.restTranslation = {1, 2, 3};
    b.restRotation = glm::angleAxis(0.5, glm::dvec3(0, 0, 1));
    s.bones.push_back(b);
    return s;
}

TEST(KeyPose, InvertsEachBlendModeAndTheConvention)
{
    const Skeleton sk = oneBone();
    LocalTransform pose;
    pose.translation = {4, 6, 8};
    pose.rotation = glm::angleAxis(1.2, glm::normalize(glm::dvec3(1, 1, 0)));
    KeyConvention flip;
    flip.translation = {-1, 1, 1};
    flip.rotation = {1, 1, -1, -1};
    // Worked by hand: AddToRest -> (4-1, 6-2, 8-3) = (3, 4, 5); then x negated by the convention.
    const PoseKeyValues add = keyValuesForPose(sk.bones[0], {TranslationBlend::AddToRest, RotationBlend::AfterRest}, flip, pose);
    EXPECT_NEAR(add.translation.x, -3, 1e-12);
    EXPECT_NEAR(add.translation.y, 4, 1e-12);
    EXPECT_NEAR(add.translation.z, 5, 1e-12);
    const glm::dquat want = flip.apply(pose.rotation * glm::inverse(sk.bones[0].restRotation));
    EXPECT_NEAR(std::abs(glm::dot(add.rotation, want)), 1.0, 1e-12);

    // Through the sampler: keying the pose, then sampling, gives the pose back.
    for (BlendMode mode : {BlendMode{}, BlendMode{TranslationBlend::AddToRest, RotationBlend::AfterRest}}) {
        Animation a;
        a.duration = 1;
        a.blend = mode;
        a.keyConvention = flip;
        keyPose(a, sk, Binding::bind(a, sk), 0, 0.5, pose, posechannel::Translation | posechannel::Rotation);
        ASSERT_EQ(a.tracks.size(), 1u);
        Sampler s(a, sk);
        std::vector<LocalTransform> out;
        s.sampleLocal(0.5, out);
        EXPECT_NEAR(glm::length(out[0].translation - pose.translation), 0, 1e-12);
        EXPECT_NEAR(std::abs(glm::dot(out[0].rotation, pose.rotation)), 1, 1e-12);
    }
}

TEST(KeyPose, NewKeysCopyTheFlagsBeforeThem)
{
    const Skeleton sk = oneBone();
    Animation a;
    a.duration = 1;
    Track t;
    t.name = "j";
    t.rotation.rules.segmentFlags = true;
    t.rotation.keys = {{0.0, glm::dquat(1, 0, 0, 0), keyflag::Active | keyflag::Hold}, {1.0, glm::dquat(1, 0, 0, 0), keyflag::Active}};
    a.tracks.push_back(t);
    const auto keys = keyPose(a, sk, Binding::bind(a, sk), 0, 0.5, LocalTransform{});
    ASSERT_EQ(keys.size(), 1u); // only the channel the track has
    EXPECT_EQ(keys[0].channel, ChannelKind::Rotation);
    EXPECT_EQ(a.tracks[0].rotation.keys.flags(1), keyflag::Active | keyflag::Hold);
}

TEST(NoteEditing, OrderedByTimeAndSeveralPerFrame)
{
    Animation a;
    EXPECT_EQ(addNote(a, 0.5, "b"), 0);
    EXPECT_EQ(addNote(a, 0.1, "a"), 0);
    EXPECT_EQ(addNote(a, 0.5, "c"), 2); // after the note already at 0.5
    EXPECT_EQ(moveNote(a, 0, 0.9), 2);  // "a" moves to the end
    EXPECT_EQ(a.notes[2].name, "a");
    EXPECT_EQ(renameNote(a, 2, "z"), 2);
    EXPECT_EQ(a.notes[2].name, "z");
    EXPECT_EQ(moveNote(a, 2, -1), 0); // clamped at 0
    EXPECT_EQ(a.notes[0].time, 0);
    deleteNote(a, 0);
    ASSERT_EQ(a.notes.size(), 2u);
    EXPECT_EQ(a.notes[0].name, "b");
    EXPECT_EQ(renameNote(a, 5, "x"), -1);
}

} // namespace
} // namespace bonescope
