// Writes the benchmark's ~100 MB SEAnim (500 bones x 6000 frames, LOC+ROT, float) to a file, for
// timing `bonescope-cli info` as a user runs it (scripts/bench).
#include <cstdio>

#include "formats/file_io.h"
#include "formats/seanim/seanim_format.h"
#include "synthetic.h"

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_big_seanim OUT.seanim\n");
        return 2;
    }
    bonescope::Scene s;
    s.animations.push_back(bonescope::bench::makeAnimation(500, 6000));
    const auto bytes = bonescope::SeanimFormat().write(s);
    bonescope::writeFileAtomic(argv[1], bytes);
    std::printf("%s: %zu bytes\n", argv[1], bytes.size());
    return 0;
}
