#pragma once
// Each BoneKind as one lower-case word, as JSON output names it ("bone", "camera", "empty", ...).
#include "core/model/skeleton.h"

namespace bonescope {

const char* boneKindName(BoneKind kind);

} // namespace bonescope
