#include "formats/secondlife/secondlife_extra.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "formats/hex.h"

namespace bonescope {

namespace {

std::string fieldName(const std::array<uint8_t, secondlife::VolumeNameBytes>& field)
{
    size_t n = 0;
    while (n < field.size() && field[n] != 0)
        ++n;
    return std::string(reinterpret_cast<const char*>(field.data()), n);
}

// JSON has no NaN or infinity: such values print as null, which the validator reports anyway.
nlohmann::json number(float v)
{
    return std::isfinite(v) ? nlohmann::json(double(v)) : nlohmann::json(nullptr);
}

nlohmann::json vec(const float* v) { return {number(v[0]), number(v[1]), number(v[2])}; }

} // namespace

std::string SecondLifeConstraint::sourceName() const { return fieldName(sourceVolume); }
std::string SecondLifeConstraint::targetName() const { return fieldName(targetVolume); }

int32_t SecondLifeExtra::priorityOf(size_t index, const std::string& name) const
{
    if (index < joints.size() && joints[index].name == name)
        return joints[index].priority;
    for (const SecondLifeJoint& j : joints)
        if (j.name == name)
            return j.priority;
    return secondlife::UseMotionPriority;
}

const char* secondlife::handPoseName(uint32_t pose)
{
    static const char* names[] = {"spread", "relaxed", "point", "fist", "relaxed_l", "point_l", "fist_l",
                                  "relaxed_r", "point_r", "fist_r", "salute_r", "typing", "peace_r", "palm_r"};
    return pose <= MaxHandPose ? names[pose] : "invalid";
}

void SecondLifeExtra::toJson(nlohmann::json& out) const
{
    out["version"] = version;
    out["subVersion"] = subVersion;
    out["basePriority"] = basePriority;
    out["emoteName"] = emoteName;
    out["loop"] = loopField;
    out["easeIn"] = number(easeIn);
    out["easeOut"] = number(easeOut);
    out["handPose"] = handPose;
    out["handPoseName"] = secondlife::handPoseName(handPose);
    nlohmann::json joints = nlohmann::json::array();
    for (const SecondLifeJoint& j : this->joints)
        joints.push_back({{"name", j.name}, {"priority", j.priority}});
    out["jointPriorities"] = std::move(joints);
    out["constraintCount"] = constraintCount;
    nlohmann::json list = nlohmann::json::array();
    for (const SecondLifeConstraint& c : constraints)
        list.push_back({{"chainLength", c.chainLength},
                        {"type", c.type},
                        {"typeName", c.type == secondlife::ConstraintPoint   ? "point"
                                     : c.type == secondlife::ConstraintPlane ? "plane"
                                                                             : "invalid"},
                        {"sourceVolume", c.sourceName()},
                        {"sourceOffset", vec(c.sourceOffset)},
                        {"targetVolume", c.targetName()},
                        {"targetOffset", vec(c.targetOffset)},
                        {"targetDir", vec(c.targetDir)},
                        {"easeInStart", number(c.easeInStart)},
                        {"easeInStop", number(c.easeInStop)},
                        {"easeOutStart", number(c.easeOutStart)},
                        {"easeOutStop", number(c.easeOutStop)}});
    out["constraints"] = std::move(list);
    if (!trailing.empty())
        out["trailing"] = toHex(trailing);
}

} // namespace bonescope
