#include "core/sampler.h"

namespace bonescope {

namespace {

// world = parent * (translate * rotate * scale), written in place: building glm::mat4 temporaries
// cost more than the rest of a bone's sampling.
inline void composeWorld(const BoneTransform& l, const glm::mat4* parent, glm::mat4& world)
{
    const glm::quat& q = l.rotation;
    const float xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
    const float xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z;
    const float wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
    const glm::vec3 c0 = glm::vec3(1 - 2 * (yy + zz), 2 * (xy + wz), 2 * (xz - wy)) * l.scale.x;
    const glm::vec3 c1 = glm::vec3(2 * (xy - wz), 1 - 2 * (xx + zz), 2 * (yz + wx)) * l.scale.y;
    const glm::vec3 c2 = glm::vec3(2 * (xz + wy), 2 * (yz - wx), 1 - 2 * (xx + yy)) * l.scale.z;
    const glm::vec3& t = l.translation;
    if (!parent) {
        world[0] = glm::vec4(c0, 0.f);
        world[1] = glm::vec4(c1, 0.f);
        world[2] = glm::vec4(c2, 0.f);
        world[3] = glm::vec4(t, 1.f);
        return;
    }
    const glm::mat4& p = *parent;
    world[0] = p[0] * c0.x + p[1] * c0.y + p[2] * c0.z;
    world[1] = p[0] * c1.x + p[1] * c1.y + p[2] * c1.z;
    world[2] = p[0] * c2.x + p[1] * c2.y + p[2] * c2.z;
    world[3] = p[0] * t.x + p[1] * t.y + p[2] * t.z + p[3];
}

} // namespace

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
    convert_ = !anim_->keyConvention.isIdentity();
    jobs_.clear();
    const auto order = skeleton_->evaluationOrder();
    if (!order)
        return; // a broken hierarchy samples to nothing (validate reports it)
    jobs_.reserve(order->size());
    for (int i : *order) {
        const Bone& b = skeleton_->bones[i];
        BoneJob job;
        job.bone = i;
        job.parent = b.parent;
        const int ti = binding_.trackOfBone[i];
        job.track = ti >= 0 ? &anim_->tracks[ti] : nullptr;
        job.mode = binding_.blendOfBone[i];
        job.restTranslation = b.restTranslation;
        job.restRotation = b.restRotation;
        job.restScale = b.restScale;
        job.rest = {glm::vec3(b.restTranslation), glm::quat(b.restRotation), glm::vec3(b.restScale)};
        jobs_.push_back(job);
    }
}

[[gnu::always_inline]] inline LocalTransform Sampler::evalLocal(BoneJob& job, double time)
{
    LocalTransform x{job.restTranslation, job.restRotation, job.restScale, 1.0};
    if (!job.track)
        return x;
    const Track& track = *job.track;
    Cursors& c = job.cursors;
    const KeyConvention& convention = anim_->keyConvention; // the file's axes -> the viewer's
    glm::dvec3 v;
    if (c.translation.sample(track.translation, time, v)) {
        if (convert_)
            v = convention.apply(v);
        x.translation = job.mode.translation == TranslationBlend::AddToRest ? job.restTranslation + v : v;
    }
    glm::dquat q;
    if (c.rotation.sample(track.rotation, time, q)) {
        if (convert_)
            q = convention.apply(q);
        x.rotation = job.mode.rotation == RotationBlend::AfterRest ? q * job.restRotation : q;
    }
    if (!track.scale.empty() && c.scale.sample(track.scale, time, v))
        x.scale = v;
    if (!track.visibility.empty())
        x.visible = c.visibility.sample(track.visibility, time);
    return x;
}

void Sampler::sampleLocal(double time, std::vector<LocalTransform>& out)
{
    out.resize(skeleton_->size());
    for (BoneJob& job : jobs_)
        out[job.bone] = evalLocal(job, time);
}

void Sampler::sample(double time, Pose& out)
{
    out.resize(skeleton_->size());
    for (BoneJob& job : jobs_) {
        BoneTransform& local = out.local[job.bone];
        if (job.track) {
            const LocalTransform x = evalLocal(job, time);
            local.translation = glm::vec3(x.translation);
            local.rotation = glm::quat(x.rotation);
            local.scale = glm::vec3(x.scale);
            out.visible[job.bone] = x.visible >= 0.5 ? 1 : 0;
        } else {
            local = job.rest;
            out.visible[job.bone] = 1;
        }
        composeWorld(local, job.parent >= 0 ? &out.world[job.parent] : nullptr, out.world[job.bone]);
    }
}

} // namespace bonescope
