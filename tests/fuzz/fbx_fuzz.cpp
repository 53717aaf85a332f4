// Any bytes into Bonescope's own FBX reader (binary or ASCII, 6.x or 7.x): it may throw ParseError,
// nothing else; what it reads must sample.
#include <cstddef>
#include <cstdint>

#include "core/playback/sampler.h"
#include "formats/fbx/fbx_format.h"
#include "formats/parse_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    bonescope::FbxFormat f;
    try {
        (void)f.detect({data, size});
        bonescope::Scene s = f.read({data, size});
        for (const bonescope::Animation& a : s.animations) {
            bonescope::Sampler sampler(a, s.skeleton);
            bonescope::Pose pose;
            sampler.sample(a.duration / 2, pose);
        }
    } catch (const bonescope::ParseError&) {
    }
    return 0;
}
