#pragma once
// `pose --preview-while BASE`: the animation mixed over a Second Life base motion by joint priority
// (core/playback/priority_mix.h), and which motion drives each joint.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/cli.h"
#include "core/playback/priority_mix.h"
#include "core/model/scene.h"

namespace bonescope::cli {

// The base --preview-while names, for a Second Life `scene`; nullopt after writing the error.
std::optional<PriorityBase> previewBase(const Args& a, Io io, const Scene& scene, const std::string& file);
// {"base", "priority", "basePriority", "baseTime", "joints": [{"joint", "rotation", "position",
// "animationPriority", "basePriority"}]} for every joint either motion lists.
nlohmann::json previewJson(const PriorityMixSampler& mix, const PriorityBase& base, const MotionPriorities& mine,
                           double time, std::vector<std::string>* warnings);

} // namespace bonescope::cli
