// KeyList: values kept in float exactly while a float holds them, in double once one does not, flags
// only once one is set, and every edit giving back exactly what was put in.
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include <gtest/gtest.h>

#include "core/model/key.h"

namespace bonescope {
namespace {

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(KeyList, FloatValuesStayInFloatAndComeBackExactly)
{
    Vec3Channel ch;
    ch.keys.push_back({0.0, {0.5, -1.25, 3.0}});
    ch.keys.push_back({1.0 / 30, {double(0.1f), double(1e-30f), -0.0}});
    ASSERT_TRUE(ch.keys.inFloat());
    EXPECT_EQ(ch.keys.size(), 2u);
    EXPECT_EQ(ch.keys.time(1), 1.0 / 30); // times are doubles whatever the values are
    EXPECT_EQ(ch.keys.value(1).x, double(0.1f));
    EXPECT_EQ(ch.keys.value(1).y, double(1e-30f));
    EXPECT_TRUE(std::signbit(ch.keys.value(1).z));
    EXPECT_FALSE(ch.keys.hasFlags());
    // 8 bytes of time and 12 of value a key, not a 40-byte record.
    ch.keys.shrink_to_fit();
    EXPECT_EQ(ch.keys.bytesHeld(), 2 * (8 + 12));
}

TEST(KeyList, AValueAFloatCannotHoldMovesTheListToDoubleKeepingEveryValue)
{
    QuatChannel ch;
    ch.keys.push_back({0.0, glm::dquat(1, 0, 0, 0)});
    ch.keys.push_back({0.5, glm::dquat(double(0.70710677f), 0, double(0.70710677f), 0)});
    ASSERT_TRUE(ch.keys.inFloat());
    const double third = 1.0 / 3.0; // not a float
    ch.keys.push_back({1.0, glm::dquat(third, third, third, third)});
    EXPECT_FALSE(ch.keys.inFloat());
    EXPECT_EQ(ch.keys.value(1).w, double(0.70710677f));
    EXPECT_EQ(ch.keys.value(1).y, double(0.70710677f));
    EXPECT_EQ(ch.keys.value(2).x, third);
    EXPECT_EQ(ch.keys.value(0).w, 1.0);
    // glm's order x y z w is the storage order; w stays w.
    ch.keys.setValue(0, glm::dquat(0.25, 0.5, 0.75, 1.0));
    EXPECT_EQ(ch.keys.value(0).w, 0.25);
    EXPECT_EQ(ch.keys.value(0).z, 1.0);
}

TEST(KeyList, OneComponentSetThatAFloatCannotHoldWidensToo)
{
    Vec3Channel ch;
    ch.keys.push_back({0.0, {1, 2, 3}});
    ch.keys.setPart(0, 1, 0.1);
    EXPECT_FALSE(ch.keys.inFloat());
    EXPECT_EQ(ch.keys.value(0), glm::dvec3(1, 0.1, 3));
}

TEST(KeyList, SubnormalFloatsAreKeptInDouble)
{
    // The sampler flushes float denormals to zero; a subnormal float key would read back as 0.
    ScalarChannel ch;
    const float tiny = std::numeric_limits<float>::denorm_min() * 3;
    ch.keys.appendFloats(1, [](size_t) { return 0.0; }, [&](size_t, float* out) { *out = tiny; });
    EXPECT_FALSE(ch.keys.inFloat());
    EXPECT_EQ(ch.keys.value(0), double(tiny));
    ScalarChannel viaDouble;
    viaDouble.keys.push_back({0.0, double(tiny)});
    EXPECT_FALSE(viaDouble.keys.inFloat());
}

TEST(KeyList, NaNPayloadAndNegativeZeroSurviveBitForBit)
{
    ScalarChannel ch;
    uint64_t bits = 0x7ff8000000000123ull; // a payload a float cannot hold
    double nan;
    std::memcpy(&nan, &bits, sizeof nan);
    ch.keys.push_back({0.0, -0.0});
    ch.keys.push_back({1.0, nan});
    EXPECT_TRUE(sameBits(ch.keys.value(0), -0.0));
    EXPECT_TRUE(sameBits(ch.keys.value(1), nan));
    // == compares bits: -0 against 0 is a change.
    ScalarChannel other;
    other.keys.push_back({0.0, 0.0});
    other.keys.push_back({1.0, nan});
    EXPECT_FALSE(ch.keys == other.keys);
    other.keys.setValue(0, -0.0);
    EXPECT_TRUE(ch.keys == other.keys);
}

TEST(KeyList, FloatAndDoubleListsOfTheSameKeysAreEqual)
{
    Vec3Channel a, b;
    a.keys.push_back({0.0, {1, 2, 3}});
    b.keys.push_back({0.0, {0.1, 2, 3}});
    b.keys.setValue(0, {1, 2, 3}); // b stays in double
    ASSERT_TRUE(a.keys.inFloat());
    ASSERT_FALSE(b.keys.inFloat());
    EXPECT_TRUE(a.keys == b.keys);
}

TEST(KeyList, FlagsAreHeldOnlyOnceOneIsSetAndFollowInsertAndErase)
{
    Vec3Channel ch;
    for (int i = 0; i < 4; ++i)
        ch.keys.push_back({double(i), {double(i), 0, 0}});
    EXPECT_FALSE(ch.keys.hasFlags());
    ch.keys.setFlags(2, keyflag::Hold);
    ASSERT_TRUE(ch.keys.hasFlags());
    ch.keys.insert(ch.keys.begin() + 1, Vec3Key{0.5, {9, 9, 9}, keyflag::Active});
    ASSERT_EQ(ch.keys.size(), 5u);
    EXPECT_EQ(ch.keys.flags(1), keyflag::Active);
    EXPECT_EQ(ch.keys.flags(3), keyflag::Hold);
    EXPECT_EQ(ch.keys.value(3).x, 2.0);
    ch.keys.erase(ch.keys.begin());
    EXPECT_EQ(ch.keys.time(0), 0.5);
    EXPECT_EQ(ch.keys.flags(0), keyflag::Active);
    EXPECT_EQ(ch.keys.flags(2), keyflag::Hold);
    EXPECT_EQ(ch.keys.flags(3), 0u);
    EXPECT_EQ(ch.keys.value(3).x, 3.0);
}

TEST(KeyList, EditLoopWritesEachKeyBack)
{
    Vec3Channel ch;
    for (int i = 0; i < 3; ++i)
        ch.keys.push_back({double(i), {1, 1, 1}});
    for (auto&& k : ch.keys.edit()) {
        k.time += 10;
        k.value.y = k.time / 3; // 11/3 is not a float: the list widens mid-loop
        k.flags = 7;
    }
    EXPECT_FALSE(ch.keys.inFloat());
    for (size_t i = 0; i < 3; ++i) {
        EXPECT_EQ(ch.keys.time(i), 10.0 + double(i));
        EXPECT_EQ(ch.keys.value(i).y, (10.0 + double(i)) / 3);
        EXPECT_EQ(ch.keys.flags(i), 7u);
    }
}

TEST(KeyList, ReverseSortAndEraseIfKeepEveryField)
{
    ScalarChannel ch;
    ch.keys = {{2.0, 20, 2}, {1.0, 10, 1}, {1.0, 11, 3}, {0.0, 0, 0}};
    ch.keys.sortByTime();
    ASSERT_EQ(ch.keys.size(), 4u);
    EXPECT_EQ(ch.keys.value(0), 0.0);
    EXPECT_EQ(ch.keys.value(1), 10.0); // equal times keep their order
    EXPECT_EQ(ch.keys.value(2), 11.0);
    EXPECT_EQ(ch.keys.flags(2), 3u);
    ch.keys.reverse();
    EXPECT_EQ(ch.keys.value(0), 20.0);
    EXPECT_EQ(ch.keys.flags(0), 2u);
    EXPECT_EQ(ch.keys.eraseIf([](const ScalarKey& k) { return k.time == 1.0; }), 2u);
    ASSERT_EQ(ch.keys.size(), 2u);
    EXPECT_EQ(ch.keys.back().value, 0.0);
    EXPECT_EQ(ch.keys.toVector().front().flags, 2u);
}

TEST(KeyList, IteratorsSearchByTime)
{
    Vec3Channel ch;
    for (int i = 0; i < 10; ++i)
        ch.keys.push_back({i * 0.1, {}});
    auto it = std::lower_bound(ch.keys.begin(), ch.keys.end(), 0.45,
                               [](const Vec3Key& k, double t) { return k.time < t; });
    EXPECT_EQ(it - ch.keys.begin(), 5);
    EXPECT_EQ(it->time, 5 * 0.1);
    EXPECT_EQ(std::distance(ch.keys.begin(), ch.keys.end()), 10);
}

TEST(KeyList, SharedTimesAreHeldOnceAndAChangeCopiesThemForThatListOnly)
{
    const auto times = std::make_shared<const std::vector<double>>(std::vector<double>{0.0, 0.5, 1.0});
    const double third = 1.0 / 3.0; // not a float: the lists are in double before they take the times
    QuatChannel a, b;
    for (QuatChannel* ch : {&a, &b}) {
        ch->keys.push_back({0.0, glm::dquat(third, 0, 0, 0)});
        ch->keys.shareTimes(times);
    }
    ASSERT_EQ(a.keys.size(), 3u);
    EXPECT_EQ(a.keys.times(), times->data()); // the same array, not a copy
    EXPECT_EQ(b.keys.times(), times->data());
    EXPECT_EQ(a.keys.value(0).w, third); // the first key's value is kept
    EXPECT_EQ(a.keys.value(2), glm::dquat(0, 0, 0, 0));
    a.keys.setValue(2, glm::dquat(1, 0, 0, 0));
    EXPECT_EQ(a.keys.times(), times->data()); // values are the list's own
    EXPECT_EQ(a.keys.time(2), 1.0);

    // A copy shares them too; changing a time gives that list its own, the others keep the shared.
    QuatChannel c = a;
    EXPECT_EQ(c.keys.times(), times->data());
    c.keys.setTime(1, 0.25);
    EXPECT_NE(c.keys.times(), times->data());
    EXPECT_EQ(c.keys.time(1), 0.25);
    EXPECT_EQ(a.keys.time(1), 0.5);
    EXPECT_EQ((*times)[1], 0.5);
    b.keys.push_back({2.0, glm::dquat(1, 0, 0, 0)});
    b.keys.erase(b.keys.begin());
    EXPECT_EQ(b.keys.size(), 3u);
    EXPECT_EQ(b.keys.time(0), 0.5);
    EXPECT_EQ(b.keys.time(2), 2.0);
    EXPECT_EQ(a.keys.size(), 3u);
    EXPECT_EQ(a.keys.time(0), 0.0);
    EXPECT_TRUE(a.keys == QuatChannel(a).keys);
}

} // namespace
} // namespace bonescope
