#include "core/sampler.h"

#include "core/channel_eval.h"

namespace bonescope {

Sampler::Sampler(const Animation& anim, const Skeleton& skeleton) : anim_(&anim), given_(&skeleton)
{
    rebind();
}

void Sampler::rebind()
{
    if (given_->empty()) {
        flat_ = flatSkeleton(*anim_);
        skeleton_ = &flat_;
    } else {
        skeleton_ = given_;
    }
    binding_ = Binding::bind(*anim_, *skeleton_);
    auto order = skeleton_->evaluationOrder();
    order_.clear();
    if (order)
        order_ = std::move(*order);
    cursors_.assign(skeleton_->size(), Cursors{});
}

void Sampler::sample(double time, Pose& out)
{
    const auto& bones = skeleton_->bones;
    out.resize(bones.size());
    for (int i : order_) {
        const Bone& bone = bones[i];
        glm::dvec3 t = bone.restTranslation;
        glm::dquat r = bone.restRotation;
        glm::dvec3 s = bone.restScale;
        double visible = 1.0;
        const int ti = binding_.trackOfBone[i];
        if (ti >= 0) {
            const Track& track = anim_->tracks[ti];
            const BlendMode mode = binding_.blendOfBone[i];
            Cursors& c = cursors_[i];
            const AxisConversion& axes = anim_->axes;
            glm::dvec3 v;
            if (sampleChannel(track.translation, time, c.translation, v)) {
                v = axes.apply(v);
                t = mode.translation == TranslationBlend::AddToRest ? bone.restTranslation + v : v;
            }
            glm::dquat q;
            if (sampleRotation(track.rotation, time, c.rotation, q)) {
                q = axes.apply(q);
                r = mode.rotation == RotationBlend::AfterRest ? q * bone.restRotation : q;
            }
            if (sampleChannel(track.scale, time, c.scale, v))
                s = v;
            // Visibility never interpolates: it is a step whatever the channel says.
            if (!track.visibility.empty()) {
                double vis = 1.0;
                const Segment seg = locate(track.visibility, time, c.visibility);
                if (seg.applies)
                    vis = track.visibility.keys[seg.a].value;
                visible = vis;
            }
        }
        BoneTransform& local = out.local[i];
        local.translation = glm::vec3(t);
        local.rotation = glm::quat(r);
        local.scale = glm::vec3(s);
        out.visible[i] = visible >= 0.5 ? 1 : 0;
        const glm::mat4 m = toMatrix(local);
        out.world[i] = bone.parent >= 0 ? out.world[bone.parent] * m : m;
    }
}

} // namespace bonescope
