#pragma once
// Two scenes equal in every plain value, bit for bit (what the import helper's wire form must carry):
// bone names, parents, rest TRS, flags and kinds; every mesh array; every animation field, track,
// key (time, value, flags) and channel rule; notes. Adds a GoogleTest failure per difference found.
#include "core/model/scene.h"

namespace bonescope::test {

void expectSameScene(const Scene& expected, const Scene& actual);

} // namespace bonescope::test
