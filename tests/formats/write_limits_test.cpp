// checkWriteLimits (formats/write_limits.h) over whole channels: the first key with a bad time or
// value is the one named, in a list held in float or in double, however far into the channel.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "formats/parse_error.h"
#include "formats/write_limits.h"

using namespace bonescope;

namespace {

Scene sceneWith(const Track& track)
{
    Scene s;
    Animation& a = s.animations.emplace_back();
    a.name = "walk";
    a.tracks.push_back(track);
    return s;
}

std::string refusal(const Scene& s)
{
    try {
        checkWriteLimits(s, WriteLimits{"LEGO Island"});
    } catch (const WriteError& e) {
        return e.what();
    }
    return "";
}

Track track(size_t keys)
{
    Track t;
    t.name = "hip";
    for (size_t k = 0; k < keys; ++k) {
        t.translation.keys.push_back({double(k) / 30, {1, 2, 3}});
        t.rotation.keys.push_back({double(k) / 30, glm::dquat(1, 0, 0, 0)});
    }
    return t;
}

} // namespace

TEST(WriteLimits, TheFirstBadKeyOfAChannelIsNamedWhereverItIs)
{
    Track t = track(3000);
    EXPECT_TRUE(t.translation.keys.inFloat());
    EXPECT_EQ(refusal(sceneWith(t)), "");
    // A value far in (a float list), then a time before it: the earlier key is named.
    t.translation.keys.setPart(2100, 1, std::numeric_limits<float>::infinity());
    EXPECT_EQ(refusal(sceneWith(t)), "LEGO Island: bone 'hip' translation key 2100 (70 s) is not a finite number");
    t.translation.keys.setTime(1500, std::nan(""));
    EXPECT_EQ(refusal(sceneWith(t)), "LEGO Island: bone 'hip' translation key 1500 time is not a finite number");
    // In the same key the time comes first.
    t.translation.keys.setPart(1500, 0, 5.0);
    t.translation.keys.setTime(2100, 1e39);
    t.translation.keys.setTime(1500, 50.0);
    EXPECT_EQ(refusal(sceneWith(t)),
              "LEGO Island: bone 'hip' translation key 2100 time: 1e+39 is beyond the largest value the format holds (3.40282e+38)");
    // A list in double: a rotation's w beyond what float holds.
    Track r = track(1200);
    r.rotation.keys.setPart(1100, 3, 1e300);
    EXPECT_FALSE(r.rotation.keys.inFloat());
    EXPECT_EQ(refusal(sceneWith(r)),
              "LEGO Island: bone 'hip' rotation key 1100 (36.6667 s): 1e+300 is beyond the largest value the format holds (3.40282e+38)");
}
