#include "core/retarget/retarget.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <tuple>
#include <stdexcept>

#include "core/playback/bake.h"
#include "core/playback/binding.h"
#include "core/retarget/foot_contacts.h"
#include "core/retarget/hips_followers.h"
#include "core/retarget/humanoid.h"
#include "core/retarget/limb_error.h"
#include "core/retarget/rig_frame.h"
#include "core/retarget/root_motion.h"
#include "core/retarget/two_bone_ik.h"
#include "core/retarget/posed_rig.h"
#include "core/retarget/rig_pairing.h"
#include "core/retarget/standing_pose.h"
#include "core/playback/sampler.h"

namespace bonescope {

namespace {

// A component rounded to the nearest float; one too small for a normal float becomes 0 (a subnormal
// float is not kept as float: the sampler flushes them).
double floatPrecision(double v)
{
    const float f = float(v);
    return std::fabs(f) < std::numeric_limits<float>::min() ? 0.0 : double(f);
}
glm::dvec3 toFloatPrecision(const glm::dvec3& v) { return {floatPrecision(v.x), floatPrecision(v.y), floatPrecision(v.z)}; }
glm::dquat toFloatPrecision(const glm::dquat& q)
{
    return {floatPrecision(q.w), floatPrecision(q.x), floatPrecision(q.y), floatPrecision(q.z)};
}

} // namespace

size_t retargetResultBytes(const Animation& source, const Skeleton& target)
{
    const size_t frames = frameTimes(source.duration, source.fps).size();
    return frames * (target.size() * 4 + 4) * sizeof(double);
}

Skeleton posedAsRest(const Skeleton& s, const Animation& a, double time)
{
    Skeleton out = s;
    Sampler sampler(a, s);
    std::vector<LocalTransform> local;
    sampler.sampleLocal(time, local);
    for (size_t b = 0; b < out.size() && b < local.size(); ++b) {
        out.bones[b].restTranslation = local[b].translation;
        out.bones[b].restRotation = local[b].rotation;
        out.bones[b].restScale = local[b].scale;
    }
    return out;
}

RetargetResult retarget(const Animation& source, const Skeleton& sourceSkeleton, const Skeleton& target,
                        const BoneMap& map, const RetargetSettings& settings, UpAxis up)
{
    RetargetResult r;
    r.report.map = map.map;
    Skeleton src = sourceSkeleton.empty() ? flatSkeleton(source) : sourceSkeleton;
    // The source's body, found once for both the standing check and the pairing (again only for a
    // rest replaced by frame 0: a body told by topology takes its sides from where the bones are).
    std::optional<Humanoid> srcBody = findHumanoid(src);
    if (settings.standingReference)
        if (auto first = standingReference(src, source, up == UpAxis::Y ? glm::dvec3(0, 1, 0) : glm::dvec3(0, 0, 1), srcBody)) {
            src = std::move(*first);
            srcBody = findHumanoid(src);
            r.report.sourceFromFirstFrame = true;
        }
    const RigPairing pairing = pairRigs(src, target, map, settings.mode, up, &srcBody);
    // Plain references (lambdas below capture them; structured bindings are not captured everywhere).
    // The passes over every bone of every frame go depth by depth (levelOrder); pairing's own order
    // decides the report's order of limbs, elsewhere.
    const std::vector<int> srcOrder = levelOrder(src, pairing.srcOrder);
    const std::vector<int> tgtOrder = levelOrder(target, pairing.tgtOrder);
    const auto& pairs = pairing.pairs;
    const auto& srcOf = pairing.srcOf;
    const auto& tgtOf = pairing.tgtOf;
    const auto& hs = pairing.hs;
    const auto& ht = pairing.ht;
    const auto& srcRef = pairing.srcRef;
    const auto& tgtRef = pairing.tgtRef;
    const int srcHips = pairing.srcHips, tgtHips = pairing.tgtHips;
    const bool humanoids = pairing.humanoids;
    RigFrame fs = pairing.fs; // its ground is the clip's (below)
    const RigFrame& ft = pairing.ft;
    const glm::dquat C = pairing.C;
    const auto& A = pairing.A;
    // A detached hand or foot (an IK foot) is not lost or left at rest when its chain's end is mapped:
    // its motion is the end's orientation, and it follows the end (below).
    std::vector<uint8_t> srcCarried(src.size(), 0), tgtCarried(target.size(), 0);
    for (const auto& [h, mappedEnd, carried] : {std::tuple{&hs, &tgtOf, &srcCarried}, std::tuple{&ht, &srcOf, &tgtCarried}})
        if (*h)
            for (const auto& [e, d] : (*h)->detachedEnds())
                if ((*mappedEnd)[size_t(e)] >= 0)
                    (*carried)[size_t(d)] = 1;
    for (size_t s = 0; s < src.size(); ++s)
        if (tgtOf[s] < 0 && !srcCarried[s])
            r.unmappedSource.push_back(src.bones[s].name);
    // Bones beside the hips that nothing drives (IK pole targets under the armature's root) follow the hips.
    std::vector<uint8_t> tgtMapped(target.size(), 0);
    for (size_t t = 0; t < target.size(); ++t)
        tgtMapped[t] = srcOf[t] >= 0 || tgtCarried[t];
    const std::vector<int> hipsFollowers = followersOfHips(target, pairing.tgtHips, tgtMapped);
    for (size_t t = 0; t < target.size(); ++t)
        if (!tgtMapped[t] && std::find(hipsFollowers.begin(), hipsFollowers.end(), int(t)) == hipsFollowers.end())
            r.unmappedTarget.push_back(target.bones[t].name);
    const std::vector<LocalTransform> tgtRest = restLocals(target);
    const glm::dquat Cinv = glm::inverse(C);
    if (srcHips >= 0) {
        r.sourceRoot = src.bones[srcHips].name;
        r.targetRoot = target.bones[tgtHips].name;
        if (fs.legLength > 1e-9 && ft.legLength > 1e-9)
            r.rootScale = ft.legLength / fs.legLength;
    }
    const double k = r.rootScale;

    // Per mapped target bone: K = Ws_ref^-1 C^-1 A Wt_ref.
    std::vector<glm::dquat> K(target.size());
    for (size_t t = 0; t < target.size(); ++t)
        if (const int s = srcOf[t]; s >= 0)
            K[t] = glm::inverse(srcRef.rotation[size_t(s)]) * Cinv * A[t] * tgtRef.rotation[t];

    const auto sharedTimes = std::make_shared<const std::vector<double>>(frameTimes(source.duration, source.fps));
    // A source held in float (what binary files hold) gives a result in float: nothing the source did
    // not have is lost, and the result's key lists stay in float (half the fresh memory of double,
    // which costs more than the transfer's arithmetic). A source in double (BVH text) stays double.
    const bool sourceInFloat = std::all_of(source.tracks.begin(), source.tracks.end(), [](const Track& t) {
        return t.rotation.keys.inFloat() && t.translation.keys.inFloat();
    });
    const std::vector<double>& times = *sharedTimes;
    const int frames = int(times.size());
    Sampler sampler(source, src);
    std::vector<LocalTransform> sl;
    PosedRig sp;
    // Hands and feet that are bones outside their chains (IK feet: Humanoid's `detached`), as
    // (chain end, that bone). The source's carry the end's orientation: the chain's end takes it.
    std::vector<std::pair<int, int>> srcDetached, tgtDetached;
    if (humanoids) {
        srcDetached = hs->detachedEnds();
        tgtDetached = ht->detachedEnds();
    }
    auto poseSource = [&](double time) {
        sampler.sampleLocal(time, sl);
        sp.compute(src, srcOrder, sl);
        for (const auto& [e, d] : srcDetached)
            sp.rotation[size_t(e)] = glm::normalize(sp.rotation[size_t(d)] * glm::inverse(srcRef.rotation[size_t(d)]) *
                                                    srcRef.rotation[size_t(e)]);
    };

    // The source's feet over the clip, for contacts; its hips at the first and last frame.
    std::array<std::vector<glm::dvec3>, 2> srcFeet, srcToes;
    glm::dvec3 hipsFirst(0), hipsLast(0);
    const bool feetKnown = humanoids && hs->legs[0].end >= 0 && hs->legs[1].end >= 0;
    const bool legIk = humanoids && (settings.legIk || settings.footLock) && feetKnown;
    const bool armIk = humanoids && settings.armIk;
    const bool everyFrame = legIk && settings.footLock;
    // Every frame for contacts, else some 64 spread over the clip for where it stands, and the last.
    const int stride = everyFrame ? 1 : std::max(1, frames / 64);
    double clipLowest = 0;
    for (int f = 0; f < frames; f = f == frames - 1 ? frames : std::min(f + stride, frames - 1)) {
        poseSource(times[size_t(f)]);
        const double low = lowestHeight(src, sp.position, fs);
        clipLowest = f == 0 ? low : std::min(clipLowest, low);
        if (everyFrame)
            for (int side = 0; side < 2; ++side) {
                const HumanoidLimb& leg = hs->legs[size_t(side)];
                srcFeet[size_t(side)].push_back(sp.at(leg.end));
                if (leg.tip >= 0)
                    srcToes[size_t(side)].push_back(sp.at(leg.tip));
            }
        if (srcHips >= 0)
            (f == 0 ? hipsFirst : hipsLast) = sp.at(srcHips);
    }
    fs.ground = clipGround(fs, clipLowest);
    // A walk on the spot (the hips end where they start) slides its planted feet back as on a treadmill.
    const glm::dvec3 travel = hipsLast - hipsFirst;
    const bool inPlace = frames > 1 && glm::length(travel - fs.up * glm::dot(travel, fs.up)) < 0.25 * fs.legLength;
    std::array<std::vector<ContactRange>, 2> contacts;
    if (legIk && settings.footLock)
        for (int side = 0; side < 2; ++side) {
            contacts[side] = findContacts(srcFeet[side], srcToes[side], fs.up, source.fps, fs.legLength, inPlace);
            r.report.contacts += int(contacts[side].size());
        }
    std::array<std::vector<int>, 2> contactAt; // per frame, the contact range index or -1
    for (int side = 0; side < 2; ++side) {
        contactAt[side].assign(size_t(frames), -1);
        for (size_t c = 0; c < contacts[side].size(); ++c)
            for (int f = contacts[side][c].first; f <= contacts[side][c].last && f < frames; ++f)
                contactAt[side][size_t(f)] = int(c);
    }
    std::array<std::vector<glm::dvec3>, 2> pins;
    for (int side = 0; side < 2; ++side)
        pins[side].resize(contacts[side].size());
    const double armScale = [&] {
        if (!armIk)
            return 1.0;
        auto len = [](const PosedRig& p, const HumanoidLimb& l) {
            return glm::length(p.at(l.lower) - p.at(l.upper)) + glm::length(p.at(l.end) - p.at(l.lower));
        };
        const double a = len(srcRef, hs->arms[0]), b = len(tgtRef, ht->arms[0]);
        return a > 1e-12 ? b / a : 1.0;
    }();

    auto neckOf = [](const Humanoid& h) { return h.neckBase; };
    std::vector<LimbSpec> specs = limbSpecs(pairing, target);
    // The world positions the transfer below reads (the rigs' other bones get rotations only): the
    // hips (and the target's parent, whose space the hips' translation is given in), the segments
    // the spine's swing and the measure compare, the limbs IK bends, the detached hands and feet.
    std::vector<int> srcRead{srcHips}, tgtRead{tgtHips, tgtHips >= 0 ? target.bones[size_t(tgtHips)].parent : -1};
    for (const LimbSpec& l : specs) {
        srcRead.insert(srcRead.end(), {l.source, l.sourceChild});
        tgtRead.insert(tgtRead.end(), {l.target, l.targetChild});
    }
    LimbMeasure measure(std::move(specs), C, settings.mode, srcRef, tgtRef);
    measure.reserve(size_t(frames));

    // The bones that get keys: the mapped ones, the spine and neck chains the swing below turns, and
    // the limbs IK bends.
    std::vector<uint8_t> driven(target.size(), 0);
    for (size_t t = 0; t < target.size(); ++t)
        driven[t] = srcOf[t] >= 0;
    std::vector<int> spineChain, neckChain;
    if (humanoids) {
        if (ht->spine.size() >= 2)
            spineChain = ht->spine;
        if (ht->neckBase != ht->head && hs->neckBase != hs->head)
            for (int b : ht->neck)
                if (b == ht->neckBase || !neckChain.empty())
                    neckChain.push_back(b);
        for (const auto* chain : {&spineChain, &neckChain})
            for (int b : *chain)
                driven[size_t(b)] = 1;
        for (int side = 0; side < 2; ++side)
            for (const HumanoidLimb* l : {legIk ? &ht->legs[size_t(side)] : nullptr, armIk ? &ht->arms[size_t(side)] : nullptr})
                if (l)
                    for (int b : {l->upper, l->lower, l->end})
                        driven[size_t(b)] = 1;
    }
    if (humanoids) {
        srcRead.insert(srcRead.end(), {hs->hips, hs->neckBase, hs->head});
        tgtRead.insert(tgtRead.end(), {ht->hips, ht->neckBase, ht->head});
        for (const auto* chain : {&spineChain, &neckChain})
            if (!chain->empty())
                tgtRead.push_back(chain->front());
        for (int side = 0; side < 2; ++side)
            for (const auto& [hsLimb, htLimb] : {std::pair{&hs->legs[size_t(side)], &ht->legs[size_t(side)]},
                                                 std::pair{&hs->arms[size_t(side)], &ht->arms[size_t(side)]}}) {
                srcRead.insert(srcRead.end(), {hsLimb->upper, hsLimb->lower, hsLimb->end});
                tgtRead.insert(tgtRead.end(), {htLimb->upper, htLimb->lower, htLimb->end});
            }
    }
    // Bones that follow another, as (leader, follower): the target's detached hands and feet follow
    // their chains' ends, and the bones beside the hips that nothing drives follow the hips.
    std::vector<std::pair<int, int>> tgtFollow = tgtDetached;
    for (const int b : hipsFollowers)
        tgtFollow.emplace_back(tgtHips, b);
    for (const auto& [e, d] : tgtFollow)
        tgtRead.insert(tgtRead.end(), {e, d, target.bones[size_t(d)].parent});
    // Bones keyed with a translation as well: the hips, and the bones that follow another.
    std::vector<uint8_t> placed(target.size(), 0);
    if (tgtHips >= 0)
        placed[size_t(tgtHips)] = 1;
    for (const auto& [e, d] : tgtFollow)
        placed[size_t(d)] = driven[size_t(d)] = 1;
    std::vector<Track> keys(target.size());
    std::vector<int> drivenBones;
    for (size_t t = 0; t < target.size(); ++t)
        if (driven[t])
            drivenBones.push_back(int(t));

    // Second pass: the transfer, frame by frame.
    const glm::dvec3 ptRef = tgtHips >= 0 ? tgtRef.at(tgtHips) : glm::dvec3(0);
    const glm::dvec3 psRef = srcHips >= 0 ? srcRef.at(srcHips) : glm::dvec3(0);
    const glm::dvec3 ptRefGround = ptRef - ft.up * ft.height(ptRef), psRefGround = psRef - fs.up * fs.height(psRef);
    PosedRig tp;
    std::vector<LocalTransform> tl;
    // The target's world rotations as the passes below change them: tp's own, changed in place (the
    // passes read only tp's positions between a change and the settle that places the bones anew).
    std::vector<glm::dquat>& world = tp.rotation;
    sp.positionOnly(src, srcRead); // the ground pass above read every bone's
    tp.positionOnly(target, tgtRead);
    std::array<glm::dvec3, 2> lastLocked{};
    std::array<bool, 2> wasLocked{false, false};
    glm::dvec3 resultFirst(0), resultLast(0);
    // Sets bone b's local rotation so that its world rotation is w (its parent's as `world` says).
    auto setWorld = [&](int b, const glm::dquat& w) {
        const int p = target.bones[size_t(b)].parent;
        world[size_t(b)] = w;
        tl[size_t(b)].rotation = glm::normalize(glm::inverse(p >= 0 ? world[size_t(p)] : glm::dquat(1, 0, 0, 0)) * w);
    };
    for (int f = 0; f < frames; ++f) {
        poseSource(times[size_t(f)]);
        // Only the driven bones' locals change below; the others stay at rest.
        if (f == 0)
            tl = tgtRest;
        else
            for (int t : drivenBones)
                tl[size_t(t)] = tgtRest[size_t(t)];
        glm::dvec3 hipsGoal(0);
        if (srcHips >= 0) {
            // Over the ground: the source's travel from its reference, turned and scaled; up: the
            // source's height above its ground, scaled, above the target's.
            const glm::dvec3 ps = sp.at(srcHips);
            const glm::dvec3 along = ps - fs.up * fs.height(ps) - psRefGround;
            hipsGoal = ptRefGround + k * (C * along) + ft.up * (ft.ground + k * (fs.height(ps) - fs.ground));
        }
        // The target's locals keep their rest scales throughout (only rotations and the hips' and
        // detached bones' translations change): tp looks at them once.
        if (f == 0)
            tp.start(target, tl);
        for (int t : tgtOrder) {
            const int p = target.bones[size_t(t)].parent;
            LocalTransform& l = tl[size_t(t)];
            if (const int s = srcOf[size_t(t)]; s >= 0) {
                const glm::dquat goal = C * sp.rotation[size_t(s)] * K[size_t(t)];
                l.rotation = glm::normalize(glm::inverse(p >= 0 ? tp.rotation[size_t(p)] : glm::dquat(1, 0, 0, 0)) * goal);
                if (t == tgtHips)
                    l.translation = tp.toChildSpace(p, hipsGoal);
            }
            tp.place(t, p, l);
        }
        bool changed = false;
        // Between humanoids: a spine or neck of another length bends otherwise than the source's, so
        // the chain as a whole is swung (about its first joint) until hips -> neck and neck -> head
        // point as the source's do (keep-rest: turn from their rest as the source's turned). The
        // mapped bones above it keep their world rotations; the neck's do, so the neck's segment is
        // the same before and after the spine turns.
        auto swing = [&](const std::vector<int>& chain, int start, int end, const glm::dvec3& want) {
            if (chain.empty() || glm::length(want) < 1e-12)
                return;
            const glm::dvec3 d = glm::normalize(want);
            const glm::dvec3 a = tp.at(chain.front()) - tp.at(start), b = tp.at(end) - tp.at(chain.front());
            const double da = glm::dot(d, a);
            const double lambda = da + std::sqrt(std::max(0.0, da * da - glm::dot(a, a) + glm::dot(b, b)));
            const glm::dquat R = rotationBetween(b, lambda * d - a);
            for (int c : chain) // parents first: each bone's own world is read before it is set
                setWorld(c, glm::normalize(R * world[size_t(c)]));
            changed = true;
        };
        // Where a segment of the source points now, or (keep-rest) the target's rest segment turned
        // as the source's turned from its rest.
        auto wanted = [&](int s0, int s1, int t0, int t1) {
            const glm::dvec3 now = C * (sp.at(s1) - sp.at(s0));
            if (settings.mode == RetargetMode::MatchPose)
                return now;
            const glm::dvec3 rest = tgtRef.at(t1) - tgtRef.at(t0);
            if (src.bones[size_t(s1)].parent == s0) // one bone: its whole turn, twist included
                return C * sp.rotation[size_t(s0)] * glm::inverse(srcRef.rotation[size_t(s0)]) * Cinv * rest;
            return rotationBetween(C * (srcRef.at(s1) - srcRef.at(s0)), now) * rest;
        };
        if (humanoids) {
            swing(spineChain, ht->hips, neckOf(*ht), wanted(hs->hips, neckOf(*hs), ht->hips, neckOf(*ht)));
            swing(neckChain, ht->neckBase, ht->head, wanted(hs->neckBase, hs->head, ht->neckBase, ht->head));
        }
        // Bones below a turned chain that the map drives keep their world rotation; the others turn
        // with their parent.
        auto settle = [&] {
            for (int t : tgtOrder) {
                const int p = target.bones[size_t(t)].parent;
                if (p >= 0 && driven[size_t(t)])
                    tl[size_t(t)].rotation = glm::normalize(glm::inverse(world[size_t(p)]) * world[size_t(t)]);
                tp.place(t, p, tl[size_t(t)]);
            }
        };
        if (changed)
            settle();
        // IK after FK: the end joint to its goal, the limb's bend side kept, the end's world
        // orientation kept. The bones between upper and lower (twist bones) turn with the upper.
        auto solve = [&](const HumanoidLimb& limb, const glm::dvec3& goal) {
            const TwoBoneIkResult ik = solveTwoBoneIk(tp.at(limb.upper), tp.at(limb.lower), tp.at(limb.end), goal);
            const glm::dquat upper = glm::normalize(ik.upper * world[size_t(limb.upper)]);
            const glm::dquat lower = glm::normalize(ik.lower * ik.upper * world[size_t(limb.lower)]);
            const glm::dquat end = world[size_t(limb.end)];
            for (int b = target.bones[size_t(limb.lower)].parent; b >= 0 && b != limb.upper; b = target.bones[size_t(b)].parent)
                world[size_t(b)] = glm::normalize(ik.upper * world[size_t(b)]);
            for (int b = target.bones[size_t(limb.end)].parent; b >= 0 && b != limb.lower; b = target.bones[size_t(b)].parent)
                world[size_t(b)] = glm::normalize(ik.lower * ik.upper * world[size_t(b)]);
            setWorld(limb.upper, upper);
            setWorld(limb.lower, lower);
            setWorld(limb.end, end);
            changed = true;
        };
        changed = false;
        for (int side = 0; side < 2; ++side) {
            if (legIk) {
                const HumanoidLimb& ls = hs->legs[size_t(side)];
                glm::dvec3 goal = hipsGoal + k * (C * (sp.at(ls.end) - sp.at(srcHips)));
                const int c = contactAt[size_t(side)][size_t(f)];
                if (c >= 0) {
                    if (f == contacts[size_t(side)][size_t(c)].first)
                        pins[size_t(side)][size_t(c)] = goal;
                    goal = pins[size_t(side)][size_t(c)];
                }
                solve(ht->legs[size_t(side)], goal);
            }
            if (armIk) {
                const HumanoidLimb& as = hs->arms[size_t(side)];
                const HumanoidLimb& at = ht->arms[size_t(side)];
                solve(at, tp.at(at.upper) + armScale * (C * (sp.at(as.end) - sp.at(as.upper))));
            }
        }
        if (changed)
            settle();
        // The target's own detached hands and feet go where the chain's end went, turned as it turned;
        // the bones beside the hips where the hips went.
        for (const auto& [e, d] : tgtFollow) {
            const glm::dquat turn = world[size_t(e)] * glm::inverse(tgtRef.rotation[size_t(e)]);
            const int p = target.bones[size_t(d)].parent;
            tl[size_t(d)].translation = tp.toChildSpace(p, tp.at(e) + turn * (tgtRef.at(d) - tgtRef.at(e)));
            tl[size_t(d)].rotation = glm::normalize(glm::inverse(p >= 0 ? world[size_t(p)] : glm::dquat(1, 0, 0, 0)) * turn *
                                                    tgtRef.rotation[size_t(d)]);
        }
        if (!tgtDetached.empty())
            tp.compute(target, tgtOrder, tl);
        if (legIk && settings.footLock)
            for (int side = 0; side < 2; ++side) {
                // How far a locked foot moved (it should not).
                const int c = contactAt[size_t(side)][size_t(f)];
                const glm::dvec3 foot = tp.at(ht->legs[size_t(side)].end);
                if (c >= 0 && wasLocked[size_t(side)])
                    r.report.lockedFootSlide = std::max(r.report.lockedFootSlide, glm::length(foot - lastLocked[size_t(side)]));
                wasLocked[size_t(side)] = c >= 0 && f < contacts[size_t(side)][size_t(c)].last;
                lastLocked[size_t(side)] = foot;
            }
        measure.add(times[size_t(f)], sp, tp);
        if (tgtHips >= 0)
            (f == 0 ? resultFirst : resultLast) = tp.at(tgtHips);
        // A key per frame, written in place: the lists are sized once after their first key (a key
        // appended at a time grew both of a list's arrays per key), which has moved them to double
        // values already when a float does not hold it (most retargeted rotations), so that they do
        // not widen a whole clip's worth of floats later. Every list holds the one array of frame
        // times: the result's memory is fresh pages, which cost more than the transfer's arithmetic.
        auto put = [&](auto& list, const auto& exact) {
            const auto value = sourceInFloat ? toFloatPrecision(exact) : exact;
            if (f == 0) {
                list.push_back({times[0], value});
                list.shareTimes(sharedTimes);
            } else {
                list.setValue(size_t(f), value);
            }
        };
        for (int t : drivenBones) {
            put(keys[size_t(t)].rotation.keys, tl[size_t(t)].rotation);
            if (placed[size_t(t)])
                put(keys[size_t(t)].translation.keys, tl[size_t(t)].translation);
        }
    }
    if (frames == 1)
        resultLast = resultFirst;
    std::vector<std::string> targetNames;
    for (const Bone& b : target.bones)
        targetNames.push_back(b.name);
    measure.finish(r.report, targetNames);

    // The hips' net travel over the ground, in leg lengths, in the source and in the result.
    if (srcHips >= 0 && frames > 0 && fs.legLength > 0 && ft.legLength > 0) {
        auto ground = [](const RigFrame& fr, glm::dvec3 v) { return v - fr.up * glm::dot(v, fr.up); };
        r.report.sourceTravel = glm::length(ground(fs, (frames > 1 ? hipsLast : hipsFirst) - hipsFirst)) / fs.legLength;
        r.report.resultTravel = glm::length(ground(ft, resultLast - resultFirst)) / ft.legLength;
    }

    // The animation: a key per frame for every driven bone, in the target's bone order.
    Animation& anim = r.animation;
    anim.name = source.name;
    anim.fps = source.fps;
    anim.duration = source.duration;
    anim.looping = source.looping;
    anim.loopRange = source.loopRange;
    anim.notes = source.notes;
    // The format's own data per track (Second Life priorities, Cast curve modes) follows each bone's
    // motion to the target bone that plays it.
    anim.extra = source.extra;
    if (anim.extra) {
        // The bones that play nothing on the target lose their data first, so that none of it is
        // found under a name a mapped bone takes.
        anim.extra.get()->dropTracks(std::set<std::string>(r.unmappedSource.begin(), r.unmappedSource.end()));
        std::map<std::string, std::string> names;
        for (const auto& [s, t] : pairs)
            names[src.bones[size_t(s)].name] = target.bones[size_t(t)].name;
        anim.extra.get()->renameTracks(names);
    }
    // Tracks bind to bones by name, the k-th track of a name to the k-th bone of it: a bone that
    // plays nothing but shares its name with a later driven one (a mesh node and a joint both called
    // Foot.L) gets an empty track, so that the driven bone's keys bind to it and not to the first.
    std::map<std::string, int> drivenLeft;
    for (int t : drivenBones)
        ++drivenLeft[target.bones[size_t(t)].name];
    for (size_t t = 0; t < target.size(); ++t) {
        const std::string& name = target.bones[t].name;
        if (!driven[t]) {
            if (const auto left = drivenLeft.find(name); left != drivenLeft.end() && left->second > 0) {
                Track placeholder;
                placeholder.name = name;
                anim.tracks.push_back(std::move(placeholder));
            }
            continue;
        }
        --drivenLeft[name];
        Track& track = keys[t];
        track.name = target.bones[t].name;
        if (const int s = srcOf[t]; s >= 0)
            if (const int st = source.findTrack(src.bones[size_t(s)].name); st >= 0)
                track.visibility = source.tracks[size_t(st)].visibility;
        anim.tracks.push_back(std::move(track));
    }
    r.skeleton = target;
    if (tgtHips >= 0 && settings.rootMotion == RootMotion::InPlace) {
        std::vector<int> followers; // IK feet and the bones beside the hips stay with them
        for (const auto& [e, d] : tgtFollow)
            followers.push_back(d);
        removeTravel(anim, r.skeleton, tgtHips, followers);
    } else if (tgtHips >= 0 && settings.rootMotion == RootMotion::Extract)
        extractTravel(anim, r.skeleton, tgtHips);
    return r;
}

} // namespace bonescope
