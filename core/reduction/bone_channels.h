#pragma once
// One bone's channels as the sampler plays them (Sampler::evalLocal over the rest pose): the raw
// values its translation, rotation and scale channels give at a time, and the local transform they
// make with the bone's blend mode and the animation's key convention. Key reduction evaluates a bone
// with some channels replaced by candidate curves, so the two steps are apart here.
#include <cstdint>

#include "core/model/animation.h"
#include "core/model/pose.h"

namespace bonescope::reduction {

// What each channel gives at one time; `has` false where the channel does not apply (rest value).
struct RawValues {
    glm::dvec3 translation{0.0};
    glm::dquat rotation{1, 0, 0, 0};
    glm::dvec3 scale{1.0};
    bool hasTranslation = false, hasRotation = false, hasScale = false;
};

struct BoneRules {
    BlendMode mode;
    LocalTransform rest;
    KeyConvention convention;
    bool convert = false; // the convention is not the identity

    LocalTransform local(const RawValues& v) const
    {
        LocalTransform x = rest;
        if (v.hasTranslation) {
            const glm::dvec3 t = convert ? convention.apply(v.translation) : v.translation;
            x.translation = mode.translation == TranslationBlend::AddToRest ? rest.translation + t : t;
        }
        if (v.hasRotation) {
            const glm::dquat q = convert ? convention.apply(v.rotation) : v.rotation;
            x.rotation = mode.rotation == RotationBlend::AfterRest ? q * rest.rotation : q;
        }
        if (v.hasScale)
            x.scale = v.scale;
        return x;
    }
};

// The channels' values at each of `times` (ascending), into out[i].
void sampleRaw(const Track& track, const double* times, size_t count, RawValues* out);
void sampleTranslation(const Vec3Channel& ch, const double* times, size_t count, RawValues* out);
void sampleRotation(const QuatChannel& ch, const double* times, size_t count, RawValues* out);
void sampleScale(const Vec3Channel& ch, const double* times, size_t count, RawValues* out);

} // namespace bonescope::reduction
