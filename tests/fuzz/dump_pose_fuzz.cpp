// `dump` and `pose` output for any input: the format the first byte picks reads the rest; every
// animation is dumped as JSON and sampled at its start, middle and end, and the pose printed as the
// CLI prints them (nlohmann's dump throws on text that is not UTF-8: every text output must be).
// The streamed dump (what the CLI writes) must equal the whole tree's text.
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "core/playback/sampler.h"
#include "formats/dump_json.h"
#include "tests/fuzz/fuzz_input.h"

using namespace bonescope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const auto in = fuzz::read(data, size);
    if (!in)
        return 0;
    const Scene& scene = in->scene;
    for (size_t i = 0; i < scene.animations.size(); ++i) {
        const std::string tree = dumpAnimation(scene, int(i)).dump(1);
        std::ostringstream streamed;
        writeAnimationJson(streamed, scene, int(i), 1);
        if (streamed.str() != tree) {
            std::fprintf(stderr, "the streamed dump differs from the tree's\n");
            std::abort();
        }
        const Animation& anim = scene.animations[i];
        Sampler sampler(anim, scene.skeleton);
        Pose pose;
        for (double t : {0.0, anim.duration / 2, anim.duration}) {
            sampler.sample(t, pose);
            (void)dumpPose(sampler.skeleton(), pose, t).dump(1);
        }
    }
    return 0;
}
