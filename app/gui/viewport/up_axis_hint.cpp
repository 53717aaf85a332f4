#include "app/gui/viewport/up_axis_hint.h"

namespace bonescope::gui {

render::UpAxis upAxisFor(const std::string& formatId, bool skeletonFromMesh)
{
    if (skeletonFromMesh)
        return render::UpAxis::Y;
    // Second Life's avatar is Z up (FORMATS.md); SEAnim is Call of Duty's interchange format and its
    // games are Z up; SMD states no axes and Source is Z up (docs/formats/smd.md); so are Unreal's
    // PSK/PSA (docs/formats/psk-psa.md); the others are read Y up.
    if (formatId == "secondlife" || formatId == "seanim" || formatId == "smd" || formatId == "psk" || formatId == "psa")
        return render::UpAxis::Z;
    return render::UpAxis::Y;
}

render::UpAxis upAxisFor(std::optional<UpAxis> stated, const std::string& formatId, bool skeletonFromMesh)
{
    if (stated)
        return *stated == UpAxis::Z ? render::UpAxis::Z : render::UpAxis::Y;
    return upAxisFor(formatId, skeletonFromMesh);
}

} // namespace bonescope::gui
