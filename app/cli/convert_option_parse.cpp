#include "app/cli/convert_option_parse.h"

#include <charconv>
#include <cmath>
#include <exception>

#include "formats/base_layer_file.h"
#include "formats/bone_map_file.h"
#include "formats/skeleton_source.h"

namespace bonescope::cli {

namespace {

bool positiveNumber(const std::string& s, double& out, bool allowZero)
{
    const char* end = s.data() + s.size();
    auto [p, ec] = std::from_chars(s.data(), end, out);
    return ec == std::errc() && p == end && std::isfinite(out) && (out > 0 || (allowZero && out == 0));
}

} // namespace

const std::vector<std::string>& convertOptionNames()
{
    static const std::vector<std::string> names = {"--fps", "--scale", "--up", "--tolerance", "--bone-map", "--skeleton",
                                                   "--base", "--base-weight", "--optimize", "--target", "--mirror",
                                                   "--retarget-mode", "--root-motion", "--leg-ik", "--arm-ik",
                                                   "--foot-lock", "--source-pose", "--target-pose", "--smd-flavour"};
    return names;
}

bool setConvertOption(ConvertOptions& o, const std::string& name, const std::string& value, std::string& error,
                      bool& usage)
{
    usage = true;
    double v = 0;
    if (name == "--mirror") {
        o.mirror = true;
        return true;
    }
    if (name == "--fps" || name == "--scale" || name == "--tolerance") {
        if (!positiveNumber(value, v, name == "--tolerance")) {
            error = name + " needs a positive number, not '" + value + "'";
            return false;
        }
        (name == "--fps" ? o.fps : name == "--scale" ? o.scale : o.tolerance) = v;
        return true;
    }
    if (name == "--up") {
        if (value != "y" && value != "z" && value != "Y" && value != "Z") {
            error = "--up takes y or z, not '" + value + "'";
            return false;
        }
        o.up = (value == "y" || value == "Y") ? UpAxis::Y : UpAxis::Z;
        return true;
    }
    if (name == "--leg-ik" || name == "--arm-ik" || name == "--foot-lock") {
        (name == "--leg-ik" ? o.legIk : name == "--arm-ik" ? o.armIk : o.footLock) = true;
        return true;
    }
    if (name == "--retarget-mode") {
        o.retargetMode = parseRetargetMode(value);
        if (!o.retargetMode)
            error = "--retarget-mode takes match-pose or keep-rest, not '" + value + "'";
        return bool(o.retargetMode);
    }
    if (name == "--root-motion") {
        o.rootMotion = parseRootMotion(value);
        if (!o.rootMotion)
            error = "--root-motion takes keep, in-place or extract, not '" + value + "'";
        return bool(o.rootMotion);
    }
    if (name == "--source-pose" || name == "--target-pose") {
        if (value.empty() || value == "rest")
            return true;
        (name == "--source-pose" ? o.sourcePose : o.targetPose) = value;
        return true;
    }
    if (name == "--smd-flavour") {
        if (value != "source" && value != "goldsrc") {
            error = "--smd-flavour takes source or goldsrc, not '" + value + "'";
            return false;
        }
        o.smdFlavour = value == "goldsrc" ? smd::Flavour::GoldSrc : smd::Flavour::Source;
        return true;
    }
    if (name == "--optimize") {
        o.optimize = true;
        return true;
    }
    if (name == "--target") {
        if (value != "secondlife") {
            error = "convert --target takes secondlife, not '" + value + "'";
            return false;
        }
        o.forSecondLife = true;
        return true;
    }
    if (name == "--base-weight") {
        const char* end = value.data() + value.size();
        auto [p, ec] = std::from_chars(value.data(), end, v);
        if (ec != std::errc() || p != end || !validBaseWeight(v)) {
            error = "--base-weight takes a number from 0 to 2, not '" + value + "'";
            return false;
        }
        if (!o.base) {
            error = "--base-weight needs --base";
            return false;
        }
        o.base->weight = v;
        return true;
    }
    usage = false;
    try {
        if (name == "--bone-map") {
            o.boneMap = loadBoneMap(value);
            return true;
        }
        if (name == "--base") {
            o.base = loadBaseLayer(value, o.base ? o.base->weight : 1.0, true);
            return true;
        }
        if (name == "--skeleton") {
            SkeletonSource rig = loadSkeletonScene(value);
            o.targetSkeleton = std::move(rig.scene.skeleton);
            o.targetSkeletonPath = value;
            if (!rig.scene.mesh.empty())
                o.targetMesh = std::move(rig.scene.mesh);
            return true;
        }
    } catch (const std::exception& e) {
        error = e.what();
        return false;
    }
    usage = true;
    error = "unknown conversion option " + name;
    return false;
}

} // namespace bonescope::cli
