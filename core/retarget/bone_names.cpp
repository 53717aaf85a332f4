#include "core/retarget/bone_names.h"

#include <cctype>
#include <unordered_map>
#include <vector>

namespace bonescope {

namespace {

// Words of a name: split at separators and where a capital follows a small letter or digit, lower-cased.
std::vector<std::string> words(std::string_view name)
{
    std::vector<std::string> out;
    std::string cur;
    auto flush = [&] {
        if (!cur.empty())
            out.push_back(std::move(cur));
        cur.clear();
    };
    for (size_t i = 0; i < name.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(name[i]);
        if (c == '_' || c == '.' || c == '-' || c == ' ') {
            flush();
            continue;
        }
        // A capital after a small letter or a digit starts a word (LeftArm, Middle1Left).
        if (std::isupper(c) && i > 0 &&
            (std::islower(static_cast<unsigned char>(name[i - 1])) || std::isdigit(static_cast<unsigned char>(name[i - 1]))))
            flush();
        cur.push_back(char(std::tolower(c)));
    }
    flush();
    return out;
}

const std::unordered_map<std::string, std::string>& synonymTable()
{
    static const std::unordered_map<std::string, std::string> t = {
        {"hip", "hips"},          {"pelvis", "hips"},         {"thigh", "upperleg"},
        {"upleg", "upperleg"},    {"shin", "lowerleg"},       {"calf", "lowerleg"},
        {"leg", "lowerleg"},      {"knee", "lowerleg"},       {"arm", "upperarm"},
        {"shldr", "upperarm"},    {"forearm", "lowerarm"},    {"elbow", "lowerarm"},
        {"collar", "clavicle"},   {"shoulder", "clavicle"},   {"wrist", "hand"},
        {"ankle", "foot"},        {"toes", "toe"},            {"toebase", "toe"},
        {"ball", "toe"},          {"abdomen", "spine"},       {"torso", "spine"},
        // MakeHuman's older rig (UpArm_L, LoArm_L, UpLeg_L, LoLeg_L).
        {"uparm", "upperarm"},    {"loarm", "lowerarm"},      {"loleg", "lowerleg"},
    };
    return t;
}

// Rigs whose limb words mean another limb than in the synonym table.
const std::unordered_map<std::string, std::string>& ownWords(bool secondLife)
{
    // Second Life: its shoulder is the upper arm (the collar is the clavicle), its hip the thigh, its
    // foot the ball of the foot (its ankle is the foot).
    static const std::unordered_map<std::string, std::string> sl = {
        {"shoulder", "upperarm"}, {"hip", "upperleg"}, {"foot", "toe"}};
    // Call of Duty: j_shoulder is the upper arm, j_hip the thigh, j_ball the toe.
    static const std::unordered_map<std::string, std::string> cod = {
        {"shoulder", "upperarm"}, {"hip", "upperleg"}, {"knee", "lowerleg"}, {"elbow", "lowerarm"},
        {"wrist", "hand"},        {"ankle", "foot"},   {"ball", "toe"},      {"clavicle", "clavicle"}};
    return secondLife ? sl : cod;
}

} // namespace

std::string canonicalBoneName(std::string_view name, bool synonyms)
{
    const size_t cut = name.find_last_of(":|");
    if (cut != std::string_view::npos)
        name.remove_prefix(cut + 1);
    std::vector<std::string> w = words(name);
    // Second Life's joints are "m" + a name (mPelvis, mHipLeft); Call of Duty's "j_" + a name with
    // the side as "_le" / "_ri" (j_knee_le).
    const bool secondLife = w.size() > 1 && w.front() == "m";
    const bool callOfDuty = w.size() > 1 && w.front() == "j";
    if (secondLife || callOfDuty)
        w.erase(w.begin());
    std::string side;
    std::string core;
    for (size_t i = 0; i < w.size(); ++i) {
        const std::string& x = w[i];
        const bool codSide = callOfDuty && (x == "le" || x == "ri");
        if (side.empty() && w.size() > 1 && (x == "l" || x == "left" || x == "r" || x == "right" || codSide)) {
            side = x[0] == 'l' ? "l:" : "r:";
            continue;
        }
        // "LeftArm"-style words are split already; "leftarm" (all lower case) is not.
        if (side.empty() && x.size() > 4 && (x.rfind("left", 0) == 0)) {
            side = "l:";
            core += x.substr(4);
            continue;
        }
        if (side.empty() && x.size() > 5 && (x.rfind("right", 0) == 0)) {
            side = "r:";
            core += x.substr(5);
            continue;
        }
        core += x;
    }
    // MakeHuman's default rig splits each limb bone in two (upperarm01.L, then its twist half
    // upperarm02.L): the first half is the limb.
    for (const char* limb : {"upperleg", "lowerleg", "upperarm", "lowerarm"})
        if (core == std::string(limb) + "01")
            core = limb;
    // A rig's own words apply with or without synonyms (its "foot" is never another rig's foot).
    const auto& own = ownWords(secondLife);
    if (const auto it = own.find(core); (secondLife || callOfDuty) && it != own.end())
        core = it->second;
    else if (const auto syn = synonymTable().find(core); synonyms && syn != synonymTable().end())
        core = syn->second;
    return side + core;
}

std::string rigNamePrefix(const std::vector<std::string_view>& names)
{
    std::unordered_map<std::string_view, size_t> count;
    for (std::string_view n : names) {
        const size_t cut = n.find_first_of("_ ");
        if (cut != std::string_view::npos && cut > 0 && cut + 1 < n.size())
            ++count[n.substr(0, cut + 1)];
    }
    std::string_view best;
    size_t most = 0;
    for (const auto& [prefix, n] : count)
        if (n > most || (n == most && prefix < best)) {
            best = prefix;
            most = n;
        }
    if (most < 4 || most * 3 < names.size() * 2)
        return {};
    std::string word;
    for (char c : best.substr(0, best.size() - 1))
        word.push_back(char(std::tolower(static_cast<unsigned char>(c))));
    for (const char* part : {"l", "r", "left", "right", "j", "m"})
        if (word == part)
            return {};
    return std::string(best);
}

std::string_view withoutPrefix(std::string_view name, std::string_view prefix)
{
    if (!prefix.empty() && name.size() > prefix.size() && name.substr(0, prefix.size()) == prefix)
        name.remove_prefix(prefix.size());
    return name;
}

} // namespace bonescope
