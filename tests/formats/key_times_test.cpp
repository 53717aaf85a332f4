// distinctKeyTimes (core/playback/key_times.h), the timeline ruler's marks and next/previous key: the same
// times as sorting every key and dropping repeats, on every sample and on channels built to take
// each of its paths (shared times, interleaved times, unsorted keys, many distinct channels).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "core/playback/key_times.h"
#include "formats/registry.h"
#include "tests/support/test_support.h"

using namespace bonescope;

namespace {

std::vector<double> sortedUnique(const std::vector<const Track*>& tracks)
{
    std::vector<double> out;
    for (const Track* t : tracks) {
        for (const auto& k : t->translation.keys) out.push_back(k.time);
        for (const auto& k : t->rotation.keys) out.push_back(k.time);
        for (const auto& k : t->scale.keys) out.push_back(k.time);
        for (const auto& k : t->visibility.keys) out.push_back(k.time);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<const Track*> all(const Animation& a)
{
    std::vector<const Track*> out;
    for (const Track& t : a.tracks)
        out.push_back(&t);
    return out;
}

Track keyedAt(const std::vector<double>& times)
{
    Track t;
    for (double x : times)
        t.rotation.keys.push_back({x, glm::dquat(1, 0, 0, 0)});
    return t;
}

} // namespace

TEST(DistinctKeyTimes, SameAsSortingEveryKeyOnEverySample)
{
    int checked = 0;
    for (const char* folder : {"seanim", "secondlife", "lego"})
        for (const auto& e : std::filesystem::directory_iterator(test::samplePath(folder))) {
            const Format* f = Registry::instance().byExtension(e.path().string());
            if (!f)
                continue;
            const Scene s = f->read(test::readBytes(e.path().string()));
            for (const Animation& a : s.animations) {
                const auto tracks = all(a);
                EXPECT_EQ(distinctKeyTimes(tracks), sortedUnique(tracks)) << e.path();
                // One track at a time too (the ruler with one bone selected).
                for (const Track* t : tracks)
                    ASSERT_EQ(distinctKeyTimes({t}), sortedUnique({t})) << e.path() << " " << t->name;
                ++checked;
            }
        }
    EXPECT_GE(checked, 20);
}

TEST(DistinctKeyTimes, MergesInterleavedRepeatedAndUnsortedChannels)
{
    const Track a = keyedAt({0, 1, 2, 3}), b = keyedAt({0.5, 1, 2.5}), c = keyedAt({3, 3, 4}), d = keyedAt({2, 0, 1});
    EXPECT_EQ(distinctKeyTimes({&a, &b}), (std::vector<double>{0, 0.5, 1, 2, 2.5, 3}));
    EXPECT_EQ(distinctKeyTimes({&a, &c}), (std::vector<double>{0, 1, 2, 3, 4}));
    EXPECT_EQ(distinctKeyTimes({&a, &d, &b}), (std::vector<double>{0, 0.5, 1, 2, 2.5, 3})); // d is not sorted
    EXPECT_TRUE(distinctKeyTimes({}).empty());
}

TEST(DistinctKeyTimes, ManyChannelsWithTheirOwnTimes)
{
    // 300 channels of 200 distinct times each: past the merge budget, the sort gives the answer.
    std::vector<Track> tracks;
    for (int c = 0; c < 300; ++c) {
        std::vector<double> times;
        for (int i = 0; i < 200; ++i)
            times.push_back(i + c / 300.0);
        tracks.push_back(keyedAt(times));
    }
    std::vector<const Track*> ptrs;
    for (const Track& t : tracks)
        ptrs.push_back(&t);
    const auto times = distinctKeyTimes(ptrs);
    EXPECT_EQ(times.size(), 60000u);
    EXPECT_EQ(times, sortedUnique(ptrs));
}
