#include "core/model/bone_name_index.h"

namespace bonescope {

BoneNameIndex::BoneNameIndex(const Skeleton& skeleton)
{
    exact_.reserve(skeleton.size());
    loose_.reserve(skeleton.size());
    for (size_t i = 0; i < skeleton.size(); ++i) {
        const std::string& name = skeleton.bones[i].name;
        exact_.try_emplace(std::string_view(name), int(i));
        loose_.try_emplace(looseBoneName(name), int(i));
    }
}

int BoneNameIndex::find(std::string_view name) const
{
    const auto it = exact_.find(name);
    return it == exact_.end() ? -1 : it->second;
}

int BoneNameIndex::findLoose(std::string_view name) const
{
    if (const int exact = find(name); exact >= 0)
        return exact;
    const auto it = loose_.find(looseBoneName(name));
    return it == loose_.end() ? -1 : it->second;
}

} // namespace bonescope
