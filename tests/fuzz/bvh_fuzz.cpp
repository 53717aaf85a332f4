// Any text into the BVH reader: it may throw ParseError, nothing else; what it reads must survive a
// write and a second read, and sample.
#include <cstddef>
#include <cstdint>

#include "core/playback/sampler.h"
#include "formats/bvh/bvh_format.h"
#include "formats/parse_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    bonescope::BvhFormat f;
    try {
        (void)f.detect({data, size});
        bonescope::Scene s = f.read({data, size});
        if (!s.animations.empty()) {
            bonescope::Sampler sampler(s.animations[0], s.skeleton);
            bonescope::Pose pose;
            sampler.sample(s.animations[0].duration / 2, pose);
        }
        const auto bytes = f.write(s);
        (void)f.read(bytes);
    } catch (const bonescope::ParseError&) {
    } catch (const bonescope::WriteError&) {
    }
    return 0;
}
