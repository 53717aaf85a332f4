#include "app/cli/clip_outputs.h"

#include <set>

#include "formats/file_io.h"
#include "formats/format.h"
#include "formats/platform/utf8_path.h"

namespace bonescope::cli {

bool writesClipPerFile(const Scene& scene, const Format& target)
{
    return target.id() == "smd" && scene.animations.size() > 1;
}


std::vector<ClipOutput> clipOutputs(const std::string& out, const Scene& scene)
{
    const auto path = platform::utf8Path(out);
    const std::string stem = platform::utf8String(path.parent_path() / path.stem());
    const std::string ext = platform::utf8String(path.extension());
    std::vector<ClipOutput> list;
    std::set<std::string> used;
    for (size_t i = 0; i < scene.animations.size(); ++i) {
        std::string name = safeFileName(scene.animations[i].name);
        if (name.empty() || used.count(name))
            name = std::to_string(i);
        used.insert(name);
        list.push_back({int(i), stem + "-" + name + ext});
    }
    return list;
}

} // namespace bonescope::cli
