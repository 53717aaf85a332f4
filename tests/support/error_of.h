#pragma once
// What a call throws, as its message ("" when it throws nothing): for tests of error messages.
#include <exception>
#include <functional>
#include <string>

namespace bonescope::test {

inline std::string errorOf(const std::function<void()>& f)
{
    try {
        f();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

} // namespace bonescope::test
