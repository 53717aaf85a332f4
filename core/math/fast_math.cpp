#include "core/math/fast_math.h"

namespace bonescope::fastmath {

const float4 sinHalfPiCoefficients[4] = {all(-1.666665709640e-01f), all(8.333017290087e-03f),
                                         all(-1.980661513295e-04f), all(2.600054666154e-06f)};

} // namespace bonescope::fastmath
