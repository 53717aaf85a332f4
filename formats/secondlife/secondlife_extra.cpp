#include "formats/secondlife/secondlife_extra.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "formats/dump_json.h"
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

// The entry at `index` if it has that name, else the first with that name.
template <class T>
const T* byIndexOrName(const std::vector<T>& v, size_t index, const std::string& name)
{
    if (index < v.size() && v[index].name == name)
        return &v[index];
    for (const T& e : v)
        if (e.name == name)
            return &e;
    return nullptr;
}

} // namespace

std::string SecondLifeConstraint::sourceName() const { return fieldName(sourceVolume); }
std::string SecondLifeConstraint::targetName() const { return fieldName(targetVolume); }

int32_t SecondLifeExtra::priorityOf(size_t index, const std::string& name) const
{
    const SecondLifeJoint* j = byIndexOrName(joints, index, name);
    return j ? j->priority : secondlife::UseMotionPriority;
}

const SecondLifeKeyCodes* SecondLifeExtra::keyCodesOf(size_t index, const std::string& name) const
{
    // A renamed joint keeps its place: the writer takes only codes that decode to the keys anyway.
    const SecondLifeKeyCodes* c = byIndexOrName(keyCodes, index, name);
    return c ? c : index < keyCodes.size() ? &keyCodes[index] : nullptr;
}

void SecondLifeExtra::renameTracks(const std::map<std::string, std::string>& to)
{
    for (SecondLifeJoint& j : joints)
        j.name = renamed(j.name, to);
    for (SecondLifeKeyCodes& c : keyCodes)
        c.name = renamed(c.name, to);
}

void SecondLifeExtra::dropTracks(const std::set<std::string>& names)
{
    std::erase_if(joints, [&](const SecondLifeJoint& j) { return names.count(j.name) != 0; });
    std::erase_if(keyCodes, [&](const SecondLifeKeyCodes& c) { return names.count(c.name) != 0; });
}

namespace {

// The viewer's hand poses in LLHandMotion's order: the name `dump` and `info` print, and the words
// of its upload floater for the window.
struct HandPose {
    const char* name;
    const char* words;
};
constexpr HandPose kHandPoses[secondlife::MaxHandPose + 1] = {
    {"spread", "Spread"},
    {"relaxed", "Relaxed"},
    {"point", "Point"},
    {"fist", "Fist"},
    {"relaxed_l", "Relaxed, left hand"},
    {"point_l", "Point, left hand"},
    {"fist_l", "Fist, left hand"},
    {"relaxed_r", "Relaxed, right hand"},
    {"point_r", "Point, right hand"},
    {"fist_r", "Fist, right hand"},
    {"salute_r", "Salute, right hand"},
    {"typing", "Typing"},
    {"peace_r", "Peace, right hand"},
    {"palm_r", "Palm, right hand"},
};

} // namespace

const char* secondlife::handPoseName(uint32_t pose) { return pose <= MaxHandPose ? kHandPoses[pose].name : "invalid"; }

const char* secondlife::handPoseWords(uint32_t pose) { return pose <= MaxHandPose ? kHandPoses[pose].words : nullptr; }

void SecondLifeExtra::toJson(nlohmann::json& out) const
{
    out["version"] = version;
    out["subVersion"] = subVersion;
    out["basePriority"] = basePriority;
    out["emoteName"] = nameJson(emoteName, "emote", nullptr); // text output is UTF-8 (issue 19 §3)
    out["loop"] = loopField;
    out["easeIn"] = number(easeIn);
    out["easeOut"] = number(easeOut);
    out["handPose"] = handPose;
    out["handPoseName"] = secondlife::handPoseName(handPose);
    nlohmann::json joints = nlohmann::json::array();
    for (const SecondLifeJoint& j : this->joints) {
        nlohmann::json joint = {{"name", nameJson(j.name, "joint", nullptr)}, {"priority", j.priority}};
        if (joint["name"].get_ref<const std::string&>() != j.name) // the exact bytes, as for bones
            joint["nameBytes"] = toHex({reinterpret_cast<const uint8_t*>(j.name.data()), j.name.size()});
        joints.push_back(std::move(joint));
    }
    out["jointPriorities"] = std::move(joints);
    out["constraintCount"] = constraintCount;
    nlohmann::json list = nlohmann::json::array();
    for (const SecondLifeConstraint& c : constraints)
        list.push_back({{"chainLength", c.chainLength},
                        {"type", c.type},
                        {"typeName", c.type == secondlife::ConstraintPoint   ? "point"
                                     : c.type == secondlife::ConstraintPlane ? "plane"
                                                                             : "invalid"},
                        {"sourceVolume", nameJson(c.sourceName(), "volume", nullptr)},
                        {"sourceOffset", vec(c.sourceOffset)},
                        {"targetVolume", nameJson(c.targetName(), "volume", nullptr)},
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
