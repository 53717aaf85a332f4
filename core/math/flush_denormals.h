#pragma once
// While alive, the thread's floating point flushes denormal results and inputs to zero (x86 SSE:
// MXCSR FTZ and DAZ; AArch64: FPCR FZ). Playback times a hair after a key give blend factors near
// 1e-15, whose powers in the slerp polynomial fall below float's normal range, and each denormal
// result costs the CPU a microcode assist (about a tenth of the frames of forward playback). Values
// below 1.2e-38 make no difference to a pose.
#include <cstdint>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace bonescope {

class FlushDenormals {
public:
#if defined(__SSE__)
    FlushDenormals() : saved_(_mm_getcsr()) { _mm_setcsr(saved_ | 0x8040); }
    ~FlushDenormals() { _mm_setcsr(saved_); }

private:
    unsigned saved_;
#elif defined(__aarch64__)
    FlushDenormals()
    {
        asm volatile("mrs %0, fpcr" : "=r"(saved_));
        asm volatile("msr fpcr, %0" : : "r"(saved_ | (uint64_t(1) << 24)));
    }
    ~FlushDenormals() { asm volatile("msr fpcr, %0" : : "r"(saved_)); }

private:
    uint64_t saved_;
#endif
public:
    FlushDenormals(const FlushDenormals&) = delete;
    FlushDenormals& operator=(const FlushDenormals&) = delete;
};

} // namespace bonescope
