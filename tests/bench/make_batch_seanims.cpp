// Writes N varied SEAnim files (20 to 150 bones, 100 to 900 frames, float or double, some with scale
// keys and notes) into a folder, for timing batch conversion on one core and on two (issue 14):
//   make_batch_seanims DIR [N]   (N = 200)
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "formats/file_io.h"
#include "formats/seanim/seanim_extra.h"
#include "formats/seanim/seanim_format.h"
#include "synthetic.h"

int main(int argc, char** argv)
{
    using namespace bonescope;
    if (argc < 2 || argc > 3) {
        std::fprintf(stderr, "usage: make_batch_seanims DIR [N]\n");
        return 2;
    }
    const int n = argc > 2 ? std::atoi(argv[2]) : 200;
    std::filesystem::create_directories(argv[1]);
    std::mt19937 rng(14);
    size_t total = 0;
    for (int i = 0; i < n; ++i) {
        const int bones = 20 + int(rng() % 131), frames = 100 + int(rng() % 801);
        const double fps = (const double[]){24, 30, 60}[rng() % 3];
        Animation a = bench::makeAnimation(bones, frames, fps);
        if (rng() % 4 == 0)
            for (Track& t : a.tracks)
                for (const Vec3Key& k : t.translation.keys)
                    t.scale.keys.push_back({k.time, glm::dvec3(1.0 + 0.1 * k.value.x)});
        if (rng() % 3 == 0)
            a.notes.push_back({a.duration / 2, "step"});
        if (rng() % 5 == 0) {
            auto x = std::make_unique<SeanimExtra>();
            x->property = seanim::PrecisionHigh;
            a.extra = std::move(x);
        }
        Scene s;
        s.animations.push_back(std::move(a));
        const auto bytes = SeanimFormat().write(s);
        char name[32];
        std::snprintf(name, sizeof name, "/anim_%03d.seanim", i);
        writeFileAtomic(std::string(argv[1]) + name, bytes);
        total += bytes.size();
    }
    std::printf("%s: %d files, %zu bytes\n", argv[1], n, total);
    return 0;
}
