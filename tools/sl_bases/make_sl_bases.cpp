// bonescope-make-sl-bases OUTDIR: writes the Second Life base motions (stand.anim, walk.anim, sit.anim,
// fly.anim) that "Preview while" plays under an animation; scripts/make-demo runs it into
// resources/secondlife/.
#include <cstdio>
#include <exception>
#include <string>

#include "formats/file_io.h"
#include "formats/secondlife/secondlife_format.h"
#include "tools/sl_bases/base_motions.h"

int main(int argc, char** argv)
{
    using namespace bonescope;
    if (argc != 2) {
        std::fprintf(stderr, "usage: bonescope-make-sl-bases OUTDIR\n");
        return 2;
    }
    try {
        for (const std::string& name : sl_bases::names()) {
            const Scene scene = sl_bases::build(name);
            const std::string path = std::string(argv[1]) + "/" + name + ".anim";
            writeFileAtomic(path, SecondLifeFormat().write(scene));
            std::printf("%s: %zu joints, %.2f s\n", path.c_str(), scene.animations[0].tracks.size(),
                        scene.animations[0].duration);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
