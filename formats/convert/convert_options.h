#pragma once
// What a conversion may change besides the format: frame rate, unit scale, up axis, key reduction,
// and retargeting onto another skeleton through a bone map. Unset options leave the data as it is.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/math/axis_conversion.h"
#include "core/playback/layering.h"
#include "core/model/mesh.h"
#include "core/retarget/retarget.h"
#include "core/model/skeleton.h"
#include "formats/convert/reduce_keys.h"
#include "formats/smd/smd_format.h"

namespace bonescope {

struct ConvertOptions {
    std::optional<double> fps;       // bake at this rate (default: the source's)
    std::optional<double> scale;     // multiply every translation (unit change: 0.01 cm -> m)
    std::optional<UpAxis> up;        // the output's up axis; the common (source) data is Y up
    std::optional<double> tolerance; // key reduction: translation units and rotation degrees
    std::optional<BoneMap> boneMap;  // source bone -> target bone
    std::optional<Skeleton> targetSkeleton; // retarget onto this skeleton
    std::string targetSkeletonPath;         // its file (a --target-pose frame:N is one of its frames)
    std::optional<Mesh> targetMesh;         // its file's mesh: the retargeted motion plays on it
    // How the retarget carries the motion (core/retarget/settings.h): a bone map's saved settings,
    // then each choice given here over them.
    std::optional<RetargetMode> retargetMode;
    std::optional<RootMotion> rootMotion;
    bool legIk = false, armIk = false, footLock = false;
    // Reference poses: "frame:N" (a frame of the rig's own animation) or a file whose first frame is
    // the pose; unset: the rig's rest (bind) pose.
    std::optional<std::string> sourcePose, targetPose;
    // Filled with each retargeted animation's report (limb errors, travel) when set.
    std::shared_ptr<std::vector<RetargetReport>> retargetReports;
    // The chosen animation layered on this base and baked to plain absolute keys (core/playback/layering.h).
    std::optional<BaseLayer> base;
    bool mirror = false; // left <-> right across the common frame's x (formats/scene_mirror.h), first
    // Baking whose keys (frames x bones, known before they are made) would take more memory than
    // this is refused with a message instead of running out of memory.
    uint64_t maxMemory = uint64_t(2) << 30;
    // Second Life (formats/convert/convert_file.h): --optimize strips static joints and reduces keys
    // of an .anim; --target secondlife writes a BVH as the viewer's uploader expects it.
    bool optimize = false;
    bool forSecondLife = false;
    // SMD output: GoldSrc (one bone per vertex) or Source (weighted links) vertices; unset: the
    // file's own flavour, else Source.
    std::optional<smd::Flavour> smdFlavour;
    // --reduce-keys: keys left out under an error bound through the hierarchy, after everything else
    // (formats/convert/reduce_keys.h).
    std::optional<KeyReductionRequest> reduce;

    bool any() const
    {
        return fps || scale || up || tolerance || boneMap || targetSkeleton || base || mirror || optimize || forSecondLife ||
               smdFlavour || reduce;
    }
    // The retarget's settings: the bone map's, with the options given here over them.
    RetargetSettings retargetSettings() const
    {
        RetargetSettings s = boneMap && boneMap->settings ? *boneMap->settings : RetargetSettings{};
        if (retargetMode)
            s.mode = *retargetMode;
        if (rootMotion)
            s.rootMotion = *rootMotion;
        s.legIk = s.legIk || legIk;
        s.armIk = s.armIk || armIk;
        s.footLock = s.footLock || footLock;
        s.standingReference = !sourcePose; // the reference the user chose stands as it is
        return s;
    }
};

} // namespace bonescope
