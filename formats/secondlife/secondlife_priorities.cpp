#include "formats/secondlife/secondlife_priorities.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <system_error>

#include "formats/file_io.h"
#include "formats/format.h"
#include "formats/platform/utf8_path.h"
#include "formats/secondlife/base_motions_data.h"
#include "formats/secondlife/secondlife_extra.h"
#include "formats/secondlife/secondlife_format.h"

namespace bonescope::secondlife {

namespace {

int clampPriority(int p) { return std::min(p, int(MaxPriority)); }

PriorityBase baseFrom(Scene scene, const std::string& label)
{
    if (scene.animations.empty())
        throw std::runtime_error(label + ": the file holds no animation");
    PriorityBase base;
    base.animation = std::move(scene.animations[0]);
    base.label = label;
    base.priorities = motionPriorities(base.animation);
    return base;
}

} // namespace

MotionPriorities motionPriorities(const Animation& anim)
{
    const SecondLifeExtra defaults;
    const SecondLifeExtra* x = anim.extra.as<SecondLifeExtra>();
    if (!x)
        x = &defaults;
    MotionPriorities p;
    p.motion = clampPriority(x->basePriority);
    p.joints.reserve(anim.tracks.size());
    for (size_t i = 0; i < anim.tracks.size(); ++i)
        p.joints.push_back(clampPriority(x->priorityOf(i, anim.tracks[i].name)));
    return p;
}

const std::vector<std::string>& baseMotionNames()
{
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (size_t i = 0; i < kBaseMotionFileCount; ++i)
            out.emplace_back(kBaseMotionFiles[i].name);
        return out;
    }();
    return names;
}

std::span<const uint8_t> baseMotionBytes(std::string_view name)
{
    for (size_t i = 0; i < kBaseMotionFileCount; ++i)
        if (name == kBaseMotionFiles[i].name)
            return {kBaseMotionFiles[i].data, kBaseMotionFiles[i].size};
    return {};
}

PriorityBase loadPreviewBase(const std::string& nameOrFile)
{
    const auto shipped = baseMotionBytes(nameOrFile);
    if (!shipped.empty())
        return baseFrom(SecondLifeFormat().read(shipped), nameOrFile);
    std::error_code ec;
    if (!std::filesystem::exists(platform::utf8Path(nameOrFile), ec))
        throw std::runtime_error(nameOrFile + ": neither a base motion (stand, walk, sit, fly) nor a file");
    LoadedScene loaded = loadScene(nameOrFile);
    if (loaded.scene.format != "secondlife")
        throw std::runtime_error(nameOrFile + ": not a Second Life .anim (read as " + loaded.format->displayName() +
                                 "); preview over stand, walk, sit, fly or a .anim file");
    return baseFrom(std::move(loaded.scene), nameOrFile);
}

} // namespace bonescope::secondlife
