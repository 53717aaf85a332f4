// Common meaning -> PSK/PSA. The values already mean what the files store (right-handed local
// transforms, Unreal's conjugation is done by the writers); what Unreal's importers need beyond that
// is bone 0 as the root and every parent before its children, so a skeleton in another order is
// put in that order here (tracks follow by name, the mesh's joints by index).
#include <numeric>

#include "formats/psk/psk_format.h"
#include "formats/counted.h"

namespace bonescope {

namespace {

void parentsFirst(Scene& s, Report& report)
{
    Skeleton& k = s.skeleton;
    bool ordered = true;
    for (size_t i = 0; i < k.size(); ++i)
        ordered = ordered && k.bones[i].parent < int(i);
    if (!ordered) {
        const auto order = k.evaluationOrder(); // prepareForTarget refused a broken skeleton already
        if (!order)
            return;
        std::vector<int> newIndex(k.size());
        for (size_t i = 0; i < order->size(); ++i)
            newIndex[size_t((*order)[i])] = int(i);
        Skeleton sorted;
        for (int old : *order) {
            Bone b = k.bones[size_t(old)];
            b.parent = b.parent >= 0 ? newIndex[size_t(b.parent)] : -1;
            sorted.bones.push_back(std::move(b));
        }
        for (auto& j : s.mesh.joints)
            for (int c = 0; c < 4; ++c)
                if (j[c] < newIndex.size())
                    j[c] = uint32_t(newIndex[j[c]]);
        if (!s.mesh.inverseBind.empty() && s.mesh.inverseBind.size() == k.size()) {
            std::vector<glm::mat4> ib(k.size());
            for (size_t i = 0; i < k.size(); ++i)
                ib[size_t(newIndex[i])] = s.mesh.inverseBind[i];
            s.mesh.inverseBind = std::move(ib);
        }
        k = std::move(sorted);
        report.push_back("the bones are put parents first, the root as bone 0, as Unreal's importers need");
    }
    size_t roots = 0;
    for (size_t i = 1; i < k.size(); ++i)
        roots += k.bones[i].parent < 0;
    if (roots)
        report.push_back(counted(roots, "bone") + " besides the first" + agree(roots, " has no parent: it is", " have no parent: they are") + " written as "
                         "roots (parent -1), which Unreal and the Blender add-on attach to bone 0");
}

} // namespace

void PskFormat::fromCommon(Scene& scene, Report& report) const { parentsFirst(scene, report); }
void PsaFormat::fromCommon(Scene& scene, Report& report) const { parentsFirst(scene, report); }

} // namespace bonescope
