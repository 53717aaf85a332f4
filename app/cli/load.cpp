#include "app/cli/load.h"

#include <exception>

namespace bonescope::cli {

std::string inputName(const std::string& path) { return path == "-" ? "standard input" : path; }

LoadedSummary summarizeInput(const std::string& path)
{
    if (path != "-")
        return summarizeFile(path);
    const FileBytes file = FileBytes::standardInput();
    return summarizeBytes(file.bytes(), inputName(path));
}

std::optional<LoadedScene> load(const std::string& path, Io io)
{
    try {
        if (path != "-")
            return loadScene(path);
        const FileBytes file = FileBytes::standardInput();
        return readScene(file.bytes(), inputName(path));
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
    const int n = animationIndex(want); // checked up front: NotAnIndex or 0..kMaxAnimationIndex
    if (n >= 0 && size_t(n) < scene.animations.size())
        return n;
    for (size_t i = 0; i < scene.animations.size(); ++i)
        if (scene.animations[i].name == want)
            return int(i);
    io.err << "no animation '" << want << "' in the file (it has " << scene.animations.size() << ")\n";
    return -1;
}

} // namespace bonescope::cli
