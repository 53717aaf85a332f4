// bonescope-make-demo OUTDIR [--detail N]: writes the demo character (demo_character.glb) and its
// walk cycle (demo_walk.seanim); scripts/make-demo runs it into resources/demo/.
// bonescope-make-demo OUTDIR --stress: writes the benchmark rig (stress_rig.glb, 501 bones, 50,000
// vertices) and its animation (stress_wave.seanim).
#include <cstdio>
#include <exception>
#include <string>

#include "formats/file_io.h"
#include "formats/seanim/seanim_format.h"
#include "tools/demo/demo_character.h"
#include "tools/demo/glb_writer.h"
#include "tools/demo/stress_rig.h"
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
    bool stress = false;
    for (int i = 2; i < argc; ++i) {
        if (std::string(argv[i]) == "--detail" && i + 1 < argc)
            detail = std::stoi(argv[++i]);
        else if (std::string(argv[i]) == "--stress")
            stress = true;
    }
    try {
        const demo::Character c = stress ? demo::buildStressRig() : demo::buildCharacter(detail);
        const std::string mesh = dir + (stress ? "/stress_rig.glb" : "/demo_character.glb");
        const std::string anim = dir + (stress ? "/stress_wave.seanim" : "/demo_walk.seanim");
        writeFileAtomic(mesh, demo::writeSkinnedGlb(c.skeleton, c.mesh));
        Scene scene;
        scene.format = "seanim";
        scene.animations.push_back(stress ? demo::buildStressWave(c.skeleton) : demo::buildWalkCycle(c.skeleton));
        writeFileAtomic(anim, SeanimFormat().write(scene));
        std::printf("%s: %zu vertices, %zu triangles, %zu bones\n", mesh.c_str(), c.mesh.positions.size(),
                    c.mesh.indices.size() / 3, c.skeleton.size());
        std::printf("%s: %zu tracks\n", anim.c_str(), scene.animations[0].tracks.size());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
