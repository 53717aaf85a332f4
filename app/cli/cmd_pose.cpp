// `pose FILE --time T [--skeleton MESH]`: sampled local and world transforms of every bone.
#include "app/cli/cli.h"
#include "app/cli/load.h"
#include "core/sampler.h"
#include "formats/dump_json.h"
#include "formats/skeleton_source.h"

namespace bonescope::cli {

int cmdPose(const Args& a, Io io)
{
    if (a.positional.size() != 1)
        return usageError(io, "pose takes one FILE");
    double time = 0;
    if (!a.has("--time") || !parseNumber(a.get("--time"), time))
        return usageError(io, "pose needs --time SECONDS");
    auto loaded = load(a.positional[0], io);
    if (!loaded)
        return Invalid;
    const int index = selectAnimation(loaded->scene, a, io);
    if (index < 0)
        return loaded->scene.animations.empty() ? (io.err << "the file holds no animation\n", Invalid) : Invalid;
    Skeleton skeleton = loaded->scene.skeleton;
    if (a.has("--skeleton")) {
        try {
            skeleton = loadSkeletonSource(a.get("--skeleton"));
        } catch (const std::exception& e) {
            io.err << e.what() << "\n";
            return Invalid;
        }
    }
    const Animation& anim = loaded->scene.animations[index];
    Sampler sampler(anim, skeleton);
    Pose pose;
    sampler.sample(time, pose);
    std::vector<std::string> warnings;
    nlohmann::json out = dumpPose(sampler.skeleton(), pose, time, &warnings);
    nlohmann::json unmatched = nlohmann::json::array();
    for (int t : sampler.binding().unmatchedTracks)
        unmatched.push_back(nameJson(anim.tracks[t].name, "track", &warnings));
    out["unmatchedTracks"] = std::move(unmatched);
    for (const std::string& w : warnings)
        io.err << "warning: " << w << "\n";
    io.out << jsonText(out, 1) << "\n";
    return Ok;
}

} // namespace bonescope::cli
