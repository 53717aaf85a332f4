#include "tests/support/same_scene.h"

#include <cstring>

#include <gtest/gtest.h>

namespace bonescope::test {

namespace {

template <class T>
bool sameBits(const T& a, const T& b)
{
    return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
void expectSameArray(const std::vector<T>& a, const std::vector<T>& b, const char* what)
{
    ASSERT_EQ(a.size(), b.size()) << what;
    for (size_t i = 0; i < a.size(); ++i)
        ASSERT_TRUE(sameBits(a[i], b[i])) << what << " " << i;
}

template <class T>
void expectSameChannel(const Channel<T>& a, const Channel<T>& b, const std::string& where)
{
    EXPECT_TRUE(a.rules == b.rules) << where;
    EXPECT_EQ(a.keys.size(), b.keys.size()) << where;
    EXPECT_TRUE(a.keys == b.keys) << where << ": keys differ";
}

} // namespace

void expectSameScene(const Scene& e, const Scene& a)
{
    EXPECT_EQ(e.format, a.format);
    EXPECT_EQ(e.current, a.current);
    EXPECT_EQ(e.statedUp.has_value(), a.statedUp.has_value());
    if (e.statedUp && a.statedUp)
        EXPECT_EQ(int(*e.statedUp), int(*a.statedUp));
    ASSERT_EQ(e.skeleton.size(), a.skeleton.size());
    for (size_t i = 0; i < e.skeleton.size(); ++i) {
        const Bone &x = e.skeleton.bones[i], &y = a.skeleton.bones[i];
        SCOPED_TRACE("bone " + std::to_string(i) + " " + x.name);
        EXPECT_EQ(x.name, y.name);
        EXPECT_EQ(x.parent, y.parent);
        EXPECT_TRUE(sameBits(x.restTranslation, y.restTranslation));
        EXPECT_TRUE(sameBits(x.restRotation, y.restRotation));
        EXPECT_TRUE(sameBits(x.restScale, y.restScale));
        EXPECT_EQ(x.flags, y.flags);
        EXPECT_EQ(int(x.kind), int(y.kind));
    }
    expectSameArray(e.mesh.positions, a.mesh.positions, "position");
    expectSameArray(e.mesh.normals, a.mesh.normals, "normal");
    expectSameArray(e.mesh.uvs, a.mesh.uvs, "uv");
    expectSameArray(e.mesh.joints, a.mesh.joints, "joints");
    expectSameArray(e.mesh.weights, a.mesh.weights, "weights");
    expectSameArray(e.mesh.indices, a.mesh.indices, "index");
    expectSameArray(e.mesh.inverseBind, a.mesh.inverseBind, "inverse bind");
    EXPECT_EQ(e.mesh.singleSidedIndices, a.mesh.singleSidedIndices);
    ASSERT_EQ(e.animations.size(), a.animations.size());
    for (size_t n = 0; n < e.animations.size(); ++n) {
        const Animation &x = e.animations[n], &y = a.animations[n];
        SCOPED_TRACE("animation " + x.name);
        EXPECT_EQ(x.name, y.name);
        EXPECT_TRUE(sameBits(x.fps, y.fps));
        EXPECT_EQ(x.fpsFromKeys, y.fpsFromKeys);
        EXPECT_TRUE(sameBits(x.duration, y.duration));
        EXPECT_EQ(x.looping, y.looping);
        ASSERT_EQ(x.loopRange.has_value(), y.loopRange.has_value());
        if (x.loopRange)
            EXPECT_TRUE(x.loopRange->in == y.loopRange->in && x.loopRange->out == y.loopRange->out);
        EXPECT_TRUE(x.blend == y.blend);
        EXPECT_TRUE(x.keyConvention == y.keyConvention);
        ASSERT_EQ(x.modifiers.size(), y.modifiers.size());
        for (size_t i = 0; i < x.modifiers.size(); ++i) {
            const BlendModifier &p = x.modifiers[i], &q = y.modifiers[i];
            EXPECT_TRUE(p.track == q.track && p.mode == q.mode && p.sourceValue == q.sourceValue && p.reach == q.reach &&
                        p.translation == q.translation && p.rotation == q.rotation)
                << "modifier " << i;
        }
        ASSERT_EQ(x.tracks.size(), y.tracks.size());
        for (size_t t = 0; t < x.tracks.size(); ++t) {
            const Track &p = x.tracks[t], &q = y.tracks[t];
            const std::string where = "track " + std::to_string(t) + " " + p.name;
            EXPECT_EQ(p.name, q.name) << where;
            EXPECT_EQ(p.flags, q.flags) << where;
            expectSameChannel(p.translation, q.translation, where + " translation");
            expectSameChannel(p.rotation, q.rotation, where + " rotation");
            expectSameChannel(p.scale, q.scale, where + " scale");
            expectSameChannel(p.visibility, q.visibility, where + " visibility");
        }
        ASSERT_EQ(x.notes.size(), y.notes.size());
        for (size_t i = 0; i < x.notes.size(); ++i)
            EXPECT_TRUE(x.notes[i].name == y.notes[i].name && sameBits(x.notes[i].time, y.notes[i].time)) << "note " << i;
    }
}

} // namespace bonescope::test
