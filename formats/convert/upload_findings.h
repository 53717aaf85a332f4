#pragma once
// The Second Life upload rules (`validate --target secondlife`, the window's Check for upload) on a
// scene as the upload takes it: a BVH made for Second Life (its pelvis named hip, hips, mPelvis or
// another alias) as the viewer's BVH uploader converts it (bvh_to_secondlife.h), so the file
// `convert --target secondlife` writes is judged as the uploader will read it; anything else as it is
// (another BVH's joints are not the avatar's, and the uploader refuses them).
#include <vector>

#include "formats/format.h"

namespace bonescope {

std::vector<Finding> uploadFindings(const Scene& scene);

} // namespace bonescope
