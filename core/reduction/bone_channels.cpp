#include "core/reduction/bone_channels.h"

#include "core/playback/channel_eval.h"

namespace bonescope::reduction {

void sampleTranslation(const Vec3Channel& ch, const double* times, size_t count, RawValues* out)
{
    uint32_t cursor = 0;
    for (size_t i = 0; i < count; ++i)
        out[i].hasTranslation = !ch.empty() && sampleChannelValue(ch, times[i], cursor, out[i].translation);
}

void sampleRotation(const QuatChannel& ch, const double* times, size_t count, RawValues* out)
{
    uint32_t cursor = 0;
    for (size_t i = 0; i < count; ++i)
        out[i].hasRotation = !ch.empty() && sampleChannelValue(ch, times[i], cursor, out[i].rotation);
}

void sampleScale(const Vec3Channel& ch, const double* times, size_t count, RawValues* out)
{
    uint32_t cursor = 0;
    for (size_t i = 0; i < count; ++i)
        out[i].hasScale = !ch.empty() && sampleChannelValue(ch, times[i], cursor, out[i].scale);
}

void sampleRaw(const Track& track, const double* times, size_t count, RawValues* out)
{
    sampleTranslation(track.translation, times, count, out);
    sampleRotation(track.rotation, times, count, out);
    sampleScale(track.scale, times, count, out);
}

} // namespace bonescope::reduction
