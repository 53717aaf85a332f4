#include "app/cli/pose_preview.h"

#include "formats/dump_json.h"
#include "formats/secondlife/secondlife_priorities.h"

namespace bonescope::cli {

std::optional<PriorityBase> previewBase(const Args& a, Io io, const Scene& scene, const std::string& file)
{
    if (scene.format != "secondlife") {
        io.err << file << ": --preview-while mixes Second Life animations by priority, and this file is not one\n";
        return std::nullopt;
    }
    try {
        return secondlife::loadPreviewBase(a.get("--preview-while"));
    } catch (const std::exception& e) {
        io.err << e.what() << "\n";
        return std::nullopt;
    }
}

nlohmann::json previewJson(const PriorityMixSampler& mix, const PriorityBase& base, const MotionPriorities& mine,
                           double time, std::vector<std::string>* warnings)
{
    nlohmann::json joints = nlohmann::json::array();
    const auto& drivers = mix.drivers();
    for (size_t b = 0; b < drivers.size(); ++b) {
        const JointDrivers& d = drivers[b];
        if (d.animationPriority == JointDrivers::kNoPriority && d.basePriority == JointDrivers::kNoPriority)
            continue;
        nlohmann::json j = {{"joint", nameJson(mix.skeleton().bones[b].name, "joint", warnings)},
                            {"rotation", mixSourceName(d.rotation)},
                            {"position", mixSourceName(d.translation)}};
        if (d.animationPriority != JointDrivers::kNoPriority)
            j["animationPriority"] = d.animationPriority;
        if (d.basePriority != JointDrivers::kNoPriority)
            j["basePriority"] = d.basePriority;
        joints.push_back(std::move(j));
    }
    return {{"base", nameJson(base.label, "base", warnings)},
            {"priority", mine.motion},
            {"basePriority", base.priorities.motion},
            {"baseTime", base.baseTime(time)},
            {"joints", std::move(joints)}};
}

} // namespace bonescope::cli
