#include "tests/formats/convert_pose_compare.h"

#include <cmath>
#include <map>

#include "core/sampler.h"
#include "formats/registry.h"
#include "tests/support/glm_expect.h"

namespace bonescope::test {

namespace {

Scene common(const Scene& s, const Skeleton& fallback)
{
    Scene c = s;
    if (c.skeleton.empty())
        c.skeleton = fallback;
    if (const Format* f = Registry::instance().byId(c.format))
        f->toCommon(c);
    return c;
}

struct Sampled {
    std::vector<LocalTransform> local;
    std::vector<glm::dmat4> world;
};

Sampled sampleAt(Sampler& s, double t)
{
    Sampled out;
    s.sampleLocal(t, out.local);
    const Skeleton& k = s.skeleton();
    out.world.resize(k.size());
    const auto order = k.evaluationOrder();
    for (int i : *order) {
        const glm::dmat4 m = composeTRS(out.local[i].translation, out.local[i].rotation, out.local[i].scale);
        const int p = k.bones[i].parent;
        out.world[i] = p >= 0 ? out.world[p] * m : m;
    }
    return out;
}

} // namespace

PoseDifference comparePoses(const Scene& a, const Scene& b, const std::vector<double>& times, const Skeleton& fallback)
{
    const Scene ca = common(a, fallback), cb = common(b, fallback);
    Sampler sa(*ca.currentAnimation(), ca.skeleton), sb(*cb.currentAnimation(), cb.skeleton);
    const Skeleton& ka = sa.skeleton();
    const Skeleton& kb = sb.skeleton();
    // The k-th bone of a name in one matches the k-th of that name in the other (LEGO files repeat
    // node names in separate subtrees).
    std::vector<int> match(ka.size(), -1);
    {
        std::map<std::string, std::vector<int>> byName;
        for (size_t j = 0; j < kb.size(); ++j)
            byName[kb.bones[j].name].push_back(int(j));
        std::map<std::string, size_t> seen;
        for (size_t i = 0; i < ka.size(); ++i) {
            const auto& list = byName[ka.bones[i].name];
            const size_t k = seen[ka.bones[i].name]++;
            if (k < list.size())
                match[i] = list[k];
        }
    }
    PoseDifference d;
    for (double t : times) {
        const Sampled pa = sampleAt(sa, t), pb = sampleAt(sb, t);
        d.bonesCompared = 0;
        for (size_t i = 0; i < ka.size(); ++i) {
            const int j = match[i];
            if (j < 0)
                continue;
            ++d.bonesCompared;
            const double dp = glm::length(glm::dvec3(pa.world[i][3]) - glm::dvec3(pb.world[j][3]));
            const double dr = test::degreesBetween(pa.local[i].rotation, pb.local[j].rotation);
            if (dp > d.maxPosition || dr > d.maxDegrees) {
                d.worstBone = ka.bones[i].name;
                d.worstTime = t;
            }
            d.maxPosition = std::max(d.maxPosition, dp);
            d.maxDegrees = std::max(d.maxDegrees, dr);
        }
    }
    return d;
}

std::vector<double> comparisonTimes(const Animation& a)
{
    std::vector<double> out;
    const double fps = a.fps > 0 ? a.fps : 30;
    const long long last = std::llround(a.duration * fps);
    for (double f : {0.0, 0.25, 0.5, 0.75, 1.0})
        out.push_back(double(std::llround(f * double(last))) / fps);
    if (last >= 3) {
        out.push_back(1.0 / fps);
        out.push_back(double(last - 1) / fps);
    }
    return out;
}

} // namespace bonescope::test
