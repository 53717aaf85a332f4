#pragma once
// Bytes the benchmark binary holds on the heap, counted by its replacement of operator new/delete
// (heap_counter.cpp): how much a read holds at its peak, the same way on every platform.
#include <cstddef>

namespace bonescope::bench::heap {

size_t live(); // bytes allocated and not yet freed
size_t peak(); // the most `live` has been since resetPeak()
void resetPeak();

} // namespace bonescope::bench::heap
