#include "formats/gltf/gltf_names.h"

#include <unordered_set>

#include "formats/text_encoding.h"

namespace bonescope::gltf {

NodeNames uniqueNodeNames(const Skeleton& skeleton)
{
    NodeNames out;
    std::unordered_set<std::string> taken;
    for (const Bone& b : skeleton.bones) // a bone keeps its name when it is the first to have it
        taken.insert(validUtf8(b.name));
    std::unordered_set<std::string> given;
    for (size_t i = 0; i < skeleton.size(); ++i) {
        const std::string& own = skeleton.bones[i].name;
        std::string name = validUtf8(own);
        if (name.empty())
            name = "node" + std::to_string(i);
        if (!given.insert(name).second) {
            std::string fresh;
            for (int k = 2; fresh.empty() || taken.count(fresh) || given.count(fresh); ++k)
                fresh = name + "." + std::to_string(k);
            given.insert(fresh);
            name = fresh;
        }
        if (name != own)
            out.changes.push_back("bone " + std::to_string(i) + " '" + own + "' written as '" + name + "'" +
                                  (own.empty() ? " (it has no name)" : validUtf8(own) != own ? " (not valid UTF-8)" : " (another bone has its name)"));
        out.names.push_back(std::move(name));
    }
    return out;
}

} // namespace bonescope::gltf
