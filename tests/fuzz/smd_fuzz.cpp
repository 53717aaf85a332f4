// Any text into the SMD reader: it may throw ParseError, nothing else. What it reads must sample,
// re-save as it was, survive an edit (the line-patching writer) and a rewrite in both flavours, and
// read back.
#include <cstddef>
#include <cstdint>

#include "core/playback/sampler.h"
#include "formats/parse_error.h"
#include "formats/smd/smd_format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace bonescope;
    SmdFormat f;
    try {
        (void)f.detect({data, size});
        Scene s = f.read({data, size});
        if (Animation* a = s.currentAnimation()) {
            Sampler sampler(*a, s.skeleton);
            Pose pose;
            sampler.sample(a->duration / 2, pose);
            // One key moved: the writer patches the lines of the original text.
            for (Track& t : a->tracks)
                if (!t.translation.empty()) {
                    t.translation.keys.setValue(0, t.translation.keys.value(0) + glm::dvec3(1, 0, 0));
                    break;
                }
        }
        (void)f.read(f.write(s));
        Report report;
        setSmdFlavour(s, smd::Flavour::GoldSrc, report);
        (void)f.read(f.write(s));
    } catch (const ParseError&) {
    } catch (const WriteError&) {
    }
    return 0;
}
