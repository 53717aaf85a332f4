#pragma once
// Edits that pick bones by name pattern or by their place in the skeleton: drop tracks, freeze
// tracks, move the whole animation by an offset on its root.
#include <string>

#include <glm/vec3.hpp>

#include "core/model/animation.h"
#include "core/editing/bone_pattern.h"
#include "core/model/skeleton.h"

namespace bonescope {

// Removes the tracks whose bone name matches (the bones then stay in their rest pose). Blend
// modifiers of removed tracks go; the others keep pointing at their track. Returns how many went.
size_t dropTracks(Animation& a, const BonePattern& bones);

// Every channel of a matching track holds its first key's value for the whole clip: one key at 0 and
// one at the end with that value. Returns the number of tracks frozen.
size_t freezeTracks(Animation& a, const BonePattern& bones);

// The track that places the whole body: the animated bone nearest the skeleton's root (mPelvis on
// the Second Life avatar); without a skeleton, the first track with translation keys, else the first
// track. -1 when there is no track.
int rootTrack(const Animation& a, const Skeleton& skeleton);

// Adds `offset` (the root's parent frame, the file's units) to every translation key of the root
// track; a root without translation keys gets keys at 0 and at the end holding its rest translation
// plus the offset. Returns the track's index, or -1 when there is no track.
int offsetRoot(Animation& a, const Skeleton& skeleton, const glm::dvec3& offset);

} // namespace bonescope
