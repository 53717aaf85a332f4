// bonescope-make-demo OUTDIR [--detail N] [--bones N]: writes the demo character (demo_character.glb)
// and its walk cycle (demo_walk.seanim). scripts/make-demo runs it into resources/demo/.
#include <cstdio>
#include <exception>
#include <string>

#include "formats/file_io.h"
#include "formats/seanim/seanim_format.h"
#include "tools/demo/demo_character.h"
#include "tools/demo/glb_writer.h"
#include "tools/demo/walk_cycle.h"

int main(int argc, char** argv)
{
    using namespace bonescope;
    if (argc < 2) {
        std::fprintf(stderr, "usage: bonescope-make-demo OUTDIR [--detail N]\n");
        return 2;
    }
    const std::string dir = argv[1];
    int detail = 1;
    for (int i = 2; i + 1 < argc; ++i)
        if (std::string(argv[i]) == "--detail")
            detail = std::stoi(argv[i + 1]);
    try {
        const demo::Character c = demo::buildCharacter(detail);
        writeFileAtomic(dir + "/demo_character.glb", demo::writeSkinnedGlb(c.skeleton, c.mesh));
        Scene scene;
        scene.format = "seanim";
        scene.animations.push_back(demo::buildWalkCycle(c.skeleton));
        writeFileAtomic(dir + "/demo_walk.seanim", SeanimFormat().write(scene));
        std::printf("%s/demo_character.glb: %zu vertices, %zu triangles, %zu bones\n", dir.c_str(),
                    c.mesh.positions.size(), c.mesh.indices.size() / 3, c.skeleton.size());
        std::printf("%s/demo_walk.seanim: %zu tracks\n", dir.c_str(), scene.animations[0].tracks.size());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
