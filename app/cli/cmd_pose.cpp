// `pose FILE --time T [--skeleton MESH] [--base FILE[:ANIMATION] [--base-weight W]]
//  [--preview-while BASE]`: sampled local and world transforms of every bone (layered on a base:
// core/playback/layering.h; mixed over a Second Life base motion by priority: pose_preview.h).
#include "app/cli/cli.h"
#include "app/cli/load.h"
#include "app/cli/pose_preview.h"
#include "core/playback/layering.h"
#include "core/playback/sampler.h"
#include "formats/base_layer_file.h"
#include "formats/dump_json.h"
#include "formats/secondlife/secondlife_priorities.h"
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
    std::optional<BaseLayer> base;
    if (a.has("--base")) {
        double weight = 1;
        if (a.has("--base-weight"))
            parseNumber(a.get("--base-weight"), weight); // range checked by run()
        try {
            base = loadBaseLayer(a.get("--base"), weight, false);
        } catch (const std::exception& e) {
            io.err << e.what() << "\n";
            return Invalid;
        }
    }
    std::optional<PriorityBase> preview;
    if (a.has("--preview-while") && !(preview = previewBase(a, io, loaded->scene, a.positional[0])))
        return Invalid;
    const Animation& anim = loaded->scene.animations[index];
    const MotionPriorities mine = preview ? secondlife::motionPriorities(anim) : MotionPriorities{};
    std::optional<Sampler> plain;
    std::optional<LayeredSampler> layered;
    std::optional<PriorityMixSampler> mixed;
    Pose pose;
    if (preview) {
        mixed.emplace(anim, mine, *preview, skeleton);
        mixed->sample(time, pose);
    } else if (base) {
        layered.emplace(anim, *base, skeleton);
        layered->sample(time, pose);
    } else {
        plain.emplace(anim, skeleton);
        plain->sample(time, pose);
    }
    const Skeleton& bones = preview ? mixed->skeleton() : base ? layered->skeleton() : plain->skeleton();
    const Binding& binding = preview ? mixed->binding() : base ? layered->binding() : plain->binding();
    std::vector<std::string> warnings;
    nlohmann::json out = dumpPose(bones, pose, time, &warnings);
    nlohmann::json unmatched = nlohmann::json::array();
    for (int t : binding.unmatchedTracks)
        unmatched.push_back(nameJson(anim.tracks[t].name, "track", &warnings));
    out["unmatchedTracks"] = std::move(unmatched);
    if (base) {
        nlohmann::json unmatchedBase = nlohmann::json::array();
        for (int t : layered->baseBinding().unmatchedTracks)
            unmatchedBase.push_back(nameJson(base->animation.tracks[t].name, "track", &warnings));
        out["base"] = {{"file", nameJson(base->label, "base", &warnings)},
                       {"weight", base->weight},
                       {"time", base->baseTime(time)},
                       {"unmatchedTracks", std::move(unmatchedBase)}};
    }
    if (preview)
        out["previewWhile"] = previewJson(*mixed, *preview, mine, time, &warnings);
    for (const std::string& w : warnings)
        io.err << "warning: " << w << "\n";
    io.out << jsonText(out, 1) << "\n";
    return Ok;
}

} // namespace bonescope::cli
