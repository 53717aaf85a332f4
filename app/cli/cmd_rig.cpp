// `rig FILE [--json]`: the humanoid description retargeting finds in a rig (hips, spine, neck, head,
// arms, legs) or why it finds none: how a user checks what the automatic map will pair.
#include <nlohmann/json.hpp>

#include "app/cli/cli.h"
#include "core/retarget/humanoid.h"
#include "formats/skeleton_source.h"

namespace bonescope::cli {

int cmdRig(const Args& a, Io io)
{
    if (a.positional.size() != 1)
        return usageError(io, "rig takes one FILE");
    const std::string& path = a.positional[0];
    Skeleton s;
    try {
        s = loadSkeletonSource(path);
    } catch (const std::exception& e) {
        io.err << e.what() << "\n";
        return Invalid;
    }
    std::string why;
    const auto h = findHumanoid(s, &why);
    auto name = [&](int b) { return b >= 0 ? nlohmann::json(s.bones[size_t(b)].name) : nlohmann::json(nullptr); };
    auto names = [&](const std::vector<int>& bones) {
        nlohmann::json out = nlohmann::json::array();
        for (int b : bones)
            out.push_back(name(b));
        return out;
    };
    nlohmann::json j = {{"file", path}, {"bones", s.size()}};
    if (h) {
        auto limb = [&](const HumanoidLimb& l, bool arm) {
            nlohmann::json o = {{arm ? "upperArm" : "thigh", name(l.upper)},
                                {arm ? "forearm" : "shin", name(l.lower)},
                                {arm ? "hand" : "foot", name(l.end)}};
            if (arm) {
                o["clavicle"] = name(l.root);
                o["fingers"] = name(l.tip); // the bone that gives the hand its direction
            } else {
                o["toe"] = name(l.tip);
            }
            if (l.detached >= 0) // the bone outside the chain that carries the end (an IK foot)
                o[arm ? "handBone" : "footBone"] = name(l.detached);
            return o;
        };
        j["humanoid"] = {{"hips", name(h->hips)},     {"spine", names(h->spine)},
                         {"neck", names(h->neck)},    {"head", name(h->head)},
                         {"leftArm", limb(h->arms[0], true)},  {"rightArm", limb(h->arms[1], true)},
                         {"leftLeg", limb(h->legs[0], false)}, {"rightLeg", limb(h->legs[1], false)}};
    } else {
        j["humanoid"] = nullptr;
        j["why"] = why;
    }
    if (a.has("--json")) {
        io.out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        return Ok;
    }
    if (!h) {
        io.out << path << ": no humanoid found: " << why << "\n";
        return Ok;
    }
    const auto& hj = j["humanoid"];
    io.out << path << ": humanoid (" << s.size() << " bones)\n";
    for (const auto& [key, value] : hj.items())
        io.out << "  " << key << ": " << value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return Ok;
}

} // namespace bonescope::cli
