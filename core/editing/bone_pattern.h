#pragma once
// Choosing bones by name: a comma-separated list of glob patterns ("mHand*,mFace*"), '*' any run of
// characters, '?' one character, compared without regard to case (names are spelled many ways).
#include <string>
#include <string_view>
#include <vector>

namespace bonescope {

class BonePattern {
public:
    explicit BonePattern(std::string_view patterns); // empty parts are ignored
    bool matches(std::string_view name) const;
    bool empty() const { return globs_.empty(); }

private:
    std::vector<std::string> globs_;
};

} // namespace bonescope
