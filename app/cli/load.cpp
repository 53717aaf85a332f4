#include "app/cli/load.h"

#include <exception>

namespace bonescope::cli {

std::optional<LoadedScene> load(const std::string& path, Io io)
{
    try {
        return loadScene(path);
    } catch (const std::exception& e) {
        io.err << e.what() << "\n";
        return std::nullopt;
    }
}

int selectAnimation(const Scene& scene, const Args& a, Io io)
{
    if (!a.has("--animation"))
        return scene.animations.empty() ? -1 : scene.current;
    const std::string want = a.get("--animation");
    double n = 0;
    if (parseNumber(want, n) && n >= 0 && n == double(int(n)) && int(n) < int(scene.animations.size()))
        return int(n);
    for (size_t i = 0; i < scene.animations.size(); ++i)
        if (scene.animations[i].name == want)
            return int(i);
    io.err << "no animation '" << want << "' in the file (it has " << scene.animations.size() << ")\n";
    return -1;
}

} // namespace bonescope::cli
