#pragma once
// A skeleton's bones by name, for code that looks up many names: Skeleton::find is a linear search, and
// a search per bone or per track makes a 20,000-bone file take minutes. Answers as Skeleton::find and
// Skeleton::findLoose do (the first bone of a name). Holds views of the skeleton's names: the skeleton
// must outlive the index and keep its bones unchanged while the index is used.
#include <string>
#include <string_view>
#include <unordered_map>

#include "core/model/skeleton.h"

namespace bonescope {

class BoneNameIndex {
public:
    explicit BoneNameIndex(const Skeleton& skeleton);

    int find(std::string_view name) const;      // exact name, -1 if absent
    int findLoose(std::string_view name) const; // exact, else as looseBoneName, -1 if absent

private:
    std::unordered_map<std::string_view, int> exact_;
    std::unordered_map<std::string, int> loose_;
};

} // namespace bonescope
