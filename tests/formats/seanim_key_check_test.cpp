// The whole-array check of SEAnim keys (seanim_keys.h) and the key-by-key reading it stands in front
// of: a bad value anywhere in a big array still fails with its exact offset, in float and double, at
// every frame width and in every channel; the check never passes an array the key-by-key reading
// would find something in; and a cut at any byte of a file with long key arrays still fails.
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include <gtest/gtest.h>

#include "formats/parse_error.h"
#include "formats/seanim/seanim_extra.h"
#include "formats/seanim/seanim_format.h"
#include "formats/seanim/seanim_keys.h"

using namespace bonescope;

namespace {

constexpr double kMarker = 4242.5; // exact in float and double; no other value of the file has it

// `bones` tracks of `keys` keys each (translation, rotation, scale) on frames 0, 1, ..., with one more
// key at `lastFrame` when it is past them (which sets the frame width), one value being kMarker.
Animation makeAnim(int bones, int keys, uint32_t lastFrame, bool high, int markBone, int markKey, int channel, int comp)
{
    Animation a;
    a.fps = 30;
    const int total = keys + (lastFrame >= uint32_t(keys) ? 1 : 0);
    a.tracks.resize(bones);
    for (int b = 0; b < bones; ++b) {
        Track& t = a.tracks[b];
        t.name = "b" + std::to_string(b);
        for (int k = 0; k < total; ++k) {
            const double time = (k < keys ? k : lastFrame) / 30.0;
            const double angle = 0.01 * k + b;
            glm::dvec3 loc(std::sin(angle), 0.5 * b, -k * 0.25);
            glm::dquat rot(std::cos(angle / 2), 0, std::sin(angle / 2), 0);
            glm::dvec3 scale(1 + 0.01 * k, 1, 0.5);
            if (b == markBone && k == markKey) {
                if (channel == 0)
                    loc[comp] = kMarker;
                else if (channel == 1)
                    (comp == 3 ? rot.w : rot[comp]) = kMarker;
                else
                    scale[comp] = kMarker;
            }
            t.translation.keys.push_back({time, loc});
            t.rotation.keys.push_back({time, rot});
            t.scale.keys.push_back({time, scale});
        }
    }
    a.duration = a.tracks[0].translation.keys.back().time;
    if (high) {
        auto x = std::make_unique<SeanimExtra>();
        x->property = seanim::PrecisionHigh;
        a.extra = std::move(x);
    }
    return a;
}

std::vector<uint8_t> write(const Animation& a)
{
    Scene s;
    s.animations.push_back(a);
    return SeanimFormat().write(s);
}

// Where the bytes of `v` (as the file stores it) are; -1 when not exactly once.
long long find(const std::vector<uint8_t>& bytes, double v, bool high)
{
    uint8_t pattern[8];
    const size_t size = high ? 8 : 4;
    if (high) {
        std::memcpy(pattern, &v, 8);
    } else {
        const float f = float(v);
        std::memcpy(pattern, &f, 4);
    }
    long long at = -1;
    for (size_t i = 0; i + size <= bytes.size(); ++i)
        if (std::memcmp(&bytes[i], pattern, size) == 0) {
            if (at >= 0)
                return -1;
            at = (long long)i;
        }
    return at;
}

void put(std::vector<uint8_t>& bytes, size_t at, double v, bool high)
{
    if (high) {
        std::memcpy(&bytes[at], &v, 8);
    } else {
        const float f = float(v);
        std::memcpy(&bytes[at], &f, 4);
    }
}

std::string readError(const std::vector<uint8_t>& bytes, bool summary)
{
    try {
        if (summary)
            SeanimFormat().summarize(bytes);
        else
            SeanimFormat().read(bytes);
    } catch (const ParseError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST(SeanimKeyCheck, BadValueInABigArrayNamesItsOffset)
{
    const char* what[] = {"translation key", "rotation key", "scale key"};
    const double bad[] = {std::numeric_limits<double>::quiet_NaN(), INFINITY, -INFINITY};
    for (bool high : {false, true})
        for (uint32_t lastFrame : {0u, 300u, 70000u}) // frame widths 1, 2, 4
            for (int channel = 0; channel < 3; ++channel)
                for (int comp = 0; comp < (channel == 1 ? 4 : 3); ++comp)
                    for (int key : {0, 137, 200}) { // the first, one in the middle, the last
                        SCOPED_TRACE(std::string(high ? "double" : "float") + " last frame " + std::to_string(lastFrame) +
                                     " " + what[channel] + " comp " + std::to_string(comp) + " key " +
                                     std::to_string(key));
                        const int keys = lastFrame > 0 ? 200 : 201; // key 200 is the one at lastFrame
                        const auto clean = write(makeAnim(3, keys, lastFrame, high, 1, key, channel, comp));
                        const long long at = find(clean, kMarker, high);
                        ASSERT_GE(at, 0);
                        const size_t valuesAt = size_t(at) - comp * (high ? 8 : 4);
                        const std::string expected = "at byte " + std::to_string(valuesAt) + ": " + what[channel] +
                                                     " value of bone 1, key " + std::to_string(key) +
                                                     " is not a finite number";
                        for (double v : bad) {
                            auto bytes = clean;
                            put(bytes, size_t(at), v, high);
                            EXPECT_NE(readError(bytes, true).find(expected), std::string::npos) << readError(bytes, true);
                            EXPECT_NE(readError(bytes, false).find(expected), std::string::npos) << readError(bytes, false);
                        }
                    }
}

TEST(SeanimKeyCheck, TheFirstOfTwoBadValuesIsNamed)
{
    const auto clean = write(makeAnim(2, 180, 0, false, 0, 150, 1, 2));
    const long long late = find(clean, kMarker, false);
    ASSERT_GE(late, 0);
    auto bytes = clean;
    put(bytes, size_t(late), NAN, false);
    const size_t keySize = 1 + 16;
    const size_t early = size_t(late) - (150 - 40) * keySize - 4; // key 40, component y
    put(bytes, early, INFINITY, false);
    const std::string expected = "at byte " + std::to_string(early - 4) + ": rotation key value of bone 0, key 40 is";
    EXPECT_NE(readError(bytes, true).find(expected), std::string::npos) << readError(bytes, true);
    EXPECT_NE(readError(bytes, false).find(expected), std::string::npos) << readError(bytes, false);
}

TEST(SeanimKeyCheck, CleanBigArraysReadAsWritten)
{
    for (bool high : {false, true}) {
        const Animation a = makeAnim(3, 250, 70000, high, -1, 0, 0, 0);
        const auto bytes = write(a);
        const Scene s = SeanimFormat().read(bytes);
        const Animation& b = s.animations[0];
        ASSERT_EQ(b.tracks.size(), 3u);
        for (size_t t = 0; t < 3; ++t)
            for (size_t k = 0; k < 251; ++k) {
                const auto& want = a.tracks[t];
                const auto& got = b.tracks[t];
                const double eps = high ? 0 : 1e-6;
                EXPECT_NEAR(got.translation.keys.value(k).x, want.translation.keys.value(k).x, eps);
                EXPECT_NEAR(got.rotation.keys.value(k).y, want.rotation.keys.value(k).y, eps);
                EXPECT_NEAR(got.scale.keys.value(k).z, want.scale.keys.value(k).z, eps);
                EXPECT_DOUBLE_EQ(got.rotation.keys.time(k), want.rotation.keys.time(k));
            }
        EXPECT_EQ(SeanimFormat().write(s), bytes);
        const FileSummary f = SeanimFormat().summarize(bytes);
        EXPECT_EQ(f.animations[0].frames, 70001);
        EXPECT_EQ(f.animations[0].tracks[2].rotation, 251u);
    }
}

TEST(SeanimKeyCheck, EveryCutOfLongKeyArraysFails)
{
    for (bool high : {false, true}) {
        const auto bytes = write(makeAnim(2, 40, 300, high, -1, 0, 0, 0));
        for (size_t n = 0; n < bytes.size(); ++n) {
            const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + long(n));
            EXPECT_THROW(SeanimFormat().summarize(cut), ParseError) << "cut at " << n;
            EXPECT_THROW(SeanimFormat().read(cut), ParseError) << "cut at " << n;
        }
    }
}

namespace {

// What the key-by-key reading finds in one key's values (seanim_reader.cpp): a non-finite value, a
// value over 1e12 or subnormal (as double), a rotation whose squared length is more than 0.01 from 1.
bool scalarFinds(const double* v, int comps)
{
    double len2 = 0;
    for (int c = 0; c < comps; ++c) {
        if (!std::isfinite(v[c]) || std::fpclassify(v[c]) == FP_SUBNORMAL || std::abs(v[c]) > 1e12)
            return true;
        len2 += v[c] * v[c];
    }
    return comps == 4 && std::abs(len2 - 1.0) > 0.01;
}

// A value near a border of what the reading counts, or an ordinary one.
double awkward(std::mt19937& rng, bool high)
{
    std::uniform_real_distribution<double> unit(-1, 1);
    switch (rng() % 12) {
    case 0: return std::numeric_limits<double>::quiet_NaN();
    case 1: return (rng() & 1) ? INFINITY : -INFINITY;
    case 2: return 1e12 * (1 + 1e-7 * unit(rng));
    case 3: return -1e11 * (1 + 1e-7 * unit(rng));
    case 4: return high ? 1e-310 * unit(rng) : 1e-40 * unit(rng); // subnormal in double, or in float only
    case 5: return std::numeric_limits<double>::min() * (1 + unit(rng));
    case 6: return 0.0;
    default: return 1e3 * unit(rng);
    }
}

} // namespace

// Random arrays of every layout, mostly clean, some with one awkward value or a rotation a little off
// unit length: the check passes only arrays where the key-by-key reading finds nothing, and gives
// the largest frame and its first key.
TEST(SeanimKeyCheck, PassesOnlyWhatTheKeyByKeyReadingPasses)
{
    std::mt19937 rng(14);
    std::uniform_real_distribution<double> unit(-1, 1);
    int passed = 0, refused = 0;
    for (int round = 0; round < 20000; ++round) {
        const bool high = rng() & 1, rotation = rng() & 1;
        const int fw = 1 << (rng() % 3);
        const int comps = rotation ? 4 : 3, valueSize = high ? 8 : 4;
        const size_t keySize = size_t(fw) + comps * valueSize;
        const uint32_t count = 1 + rng() % 40;
        std::vector<uint8_t> bytes(count * keySize);
        bool finds = false;
        long long maxFrame = -1;
        uint32_t maxAt = 0;
        const int kind = rng() % 4; // 0: clean, 1: one awkward value, 2: a rotation off unit length, 3: frames only
        const uint32_t badKey = rng() % count;
        for (uint32_t k = 0; k < count; ++k) {
            uint8_t* p = &bytes[k * keySize];
            const uint32_t frame = rng() % (fw == 1 ? 256 : fw == 2 ? 65536 : 1u << 31);
            std::memcpy(p, &frame, size_t(fw)); // little-endian
            const uint32_t stored = fw == 4 ? frame : frame & ((1u << (8 * fw)) - 1);
            if ((long long)stored > maxFrame) {
                maxFrame = stored;
                maxAt = k;
            }
            double v[4];
            if (rotation) {
                double n = 0;
                for (double& c : v) {
                    c = unit(rng);
                    n += c * c;
                }
                double scale = 1 / std::sqrt(n);
                if (kind == 2 && k == badKey)
                    scale *= std::sqrt(1 + (rng() & 1 ? 1 : -1) * (0.0085 + 0.003 * (unit(rng) + 1) / 2));
                for (double& c : v)
                    c *= scale;
            } else {
                for (int c = 0; c < 3; ++c)
                    v[c] = 100 * unit(rng);
            }
            if (kind == 1 && k == badKey)
                v[rng() % comps] = awkward(rng, high);
            double stored4[4];
            for (int c = 0; c < comps; ++c) {
                if (high) {
                    std::memcpy(p + fw + c * 8, &v[c], 8);
                    stored4[c] = v[c];
                } else {
                    const float f = float(v[c]);
                    std::memcpy(p + fw + c * 4, &f, 4);
                    stored4[c] = f;
                }
            }
            finds |= scalarFinds(stored4, comps);
        }
        seanim::KeyFrames frames;
        const bool plain = seanim::keysPlain(bytes.data(), count, fw, rotation, high, frames);
        if (plain) {
            ++passed;
            EXPECT_FALSE(finds) << "round " << round;
            EXPECT_EQ(frames.max, maxFrame) << "round " << round;
            EXPECT_EQ(frames.maxAt, maxAt) << "round " << round;
        } else {
            ++refused;
        }
    }
#if defined(__GNUC__)
    EXPECT_GT(passed, 5000); // clean arrays pass where the vector form exists
#endif
    EXPECT_GT(refused, 1000);
}
