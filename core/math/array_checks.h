#pragma once
// Checks over whole arrays of numbers (every key of a channel), written as single passes without an
// early exit so that the compiler vectorises them: a writer's limits and a float list's subnormal
// check run over every key of every file converted.
#include <cstddef>

namespace bonescope {

// The index of the first value that is NaN, infinite or of magnitude above `max`; n if none.
size_t firstBeyond(const double* v, size_t n, double max);
size_t firstBeyond(const float* v, size_t n, double max);

// Whether no value is a float subnormal (which the sampler, with denormals flushed, would read as 0).
bool noSubnormals(const float* v, size_t n);

} // namespace bonescope
