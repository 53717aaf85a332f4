// What writing a scene as a Dash variant changes or drops, for `convert` to print.
#include <cmath>
#include <set>

#include "core/model/bone_name_index.h"
#include "formats/dash/dash_doc.h"
#include "formats/dash/dash_material.h"
#include "formats/short_number.h"
#include "formats/counted.h"

namespace bonescope::dash {

std::vector<std::string> dashLoss(const Scene& scene, Variant target)
{
    std::vector<std::string> out;
    const DashExtra* x = scene.extra.as<DashExtra>();
    const char* to = variantName(target);

    if (scene.skeleton.empty() && !scene.animations.empty())
        out.push_back("the file carries no skeleton: one bone per animated name is written, with an identity rest pose");
    std::set<std::string> longNames;
    for (const Bone& b : scene.skeleton.bones)
        if (b.name.size() > NameBytes)
            longNames.insert(b.name);
    const BoneNameIndex boneNames(scene.skeleton);
    for (const Animation& a : scene.animations) {
        if (a.name.size() > NameBytes)
            longNames.insert(a.name);
        const std::string an = "animation '" + a.name + "'";
        if (isV2(target) && a.fps != 30)
            out.push_back(an + ": DMX 2.0 stores no frame rate; " + shortNumber(a.fps) + " fps becomes 30");
        if (!isV2(target) && (a.fps != std::round(a.fps) || a.fps < 1 || a.fps > 65535))
            out.push_back(an + ": the fps field is a whole number; " + shortNumber(a.fps) + " is rounded");
        if (a.blend != BlendMode{} || !a.modifiers.empty())
            out.push_back(an + ": Dash keys replace the rest pose; the source's additive/relative blending is not kept");
        if (!scene.skeleton.empty())
            for (const Track& t : a.tracks)
                if (boneNames.findLoose(t.name) < 0)
                    out.push_back(an + ": track '" + t.name + "' names no bone of the skeleton and is dropped");
    }
    for (const std::string& n : longNames)
        out.push_back("name '" + n + "' is longer than the 32-byte field and is cut to 31 bytes");
    if (!x)
        return out;

    if (!x->materials.empty() && materialFamily(x->variant) != materialFamily(target))
        out.push_back(counted(x->materials.size(), "material") + ": only name, texture and diffuse colour carry over to " + to);
    if (isV2(target) && !isV2(x->variant)) {
        for (size_t i = 0; i < x->bones.size() && i < scene.skeleton.size(); ++i) {
            const DashBoneRaw& b = x->bones[i];
            if (!b.hasMatrix)
                continue;
            const auto m = composeMatrix(b.t, b.r, b.s);
            double err = 0;
            for (int k = 0; k < 16; ++k)
                err = std::max(err, double(std::abs(m[k] - b.matrix[k])));
            if (err > 1e-4)
                out.push_back("bone '" + scene.skeleton.bones[i].name +
                              "': its matrix has shear or a projective part that position/rotation/scale cannot hold");
        }
        size_t negative = 0;
        for (const glm::ivec4& s : x->skinIndex)
            for (int k = 0; k < 4; ++k)
                negative += s[k] < 0;
        if (negative)
            out.push_back(counted(negative, "skin index slot") + agree(negative, " holds", " hold") + " -1 (bind pose), which DMX's unsigned indices store as 0");
    }
    if (isV2(target) || isJson(target))
        for (const DashTexture& t : x->textures)
            if (t.pad != std::array<uint8_t, 12>{})
                out.push_back("texture '" + t.name + "': the 12 padding bytes of the 1.5 binary have no place in " + std::string(to));
    if (!isV2(target) && isV2(x->variant))
        for (const DashTexture& t : x->textures)
            if (t.width > 0xFFFF || t.height > 0xFFFF || int32_t(t.id) != int16_t(t.id))
                out.push_back("texture '" + t.name + "': its index or size does not fit 1.5's 16-bit fields");
    return out;
}

} // namespace bonescope::dash
