#include "tools/sl_bases/base_motions.h"

#include <cmath>
#include <functional>
#include <memory>
#include <stdexcept>

#include <glm/gtc/constants.hpp>
#include <glm/gtc/quaternion.hpp>

#include "formats/secondlife/avatar_skeleton.h"
#include "formats/secondlife/secondlife_extra.h"

namespace bonescope::sl_bases {

namespace {

constexpr double kPi = glm::pi<double>();

// About the file's axes: Y (left) pitches, +angle tips an upright bone forward and a hanging one
// backward; X (forward) rolls, +angle raises the left arm from the T pose; Z (up) turns.
glm::dquat pitch(double degrees) { return glm::angleAxis(glm::radians(degrees), glm::dvec3(0, 1, 0)); }
glm::dquat roll(double degrees) { return glm::angleAxis(glm::radians(degrees), glm::dvec3(1, 0, 0)); }
glm::dquat turn(double degrees) { return glm::angleAxis(glm::radians(degrees), glm::dvec3(0, 0, 1)); }

double wave(double p, double shift = 0) { return std::sin(2 * kPi * (p + shift)); }

using RotationCurve = std::function<glm::dquat(double p)>;
using PositionCurve = std::function<glm::dvec3(double p)>;

struct Builder {
    Animation anim;
    SecondLifeExtra* extra;
    int keys; // per channel, the last one equal to the first (the clip loops)

    Builder(const std::string& name, double duration, int keyCount, int priority)
        : keys(keyCount)
    {
        anim.name = name;
        anim.duration = duration;
        anim.fps = (keyCount - 1) / duration;
        anim.looping = true;
        anim.loopRange = LoopRange{0.0, duration};
        auto x = std::make_unique<SecondLifeExtra>();
        x->basePriority = priority;
        x->loopField = 1;
        x->easeIn = 0.3f;
        x->easeOut = 0.3f;
        x->handPose = 1; // relaxed
        extra = x.get();
        anim.extra = std::move(x);
    }

    Track& track(const std::string& joint, int priority)
    {
        if (secondlife::findAvatarJoint(joint) < 0)
            throw std::logic_error("no avatar joint " + joint);
        Track t;
        t.name = joint;
        t.rotation.rules = secondlife::viewerRules();
        t.translation.rules = secondlife::positionRules(joint);
        anim.tracks.push_back(std::move(t));
        extra->joints.push_back({joint, priority});
        return anim.tracks.back();
    }
    double timeOf(int k) const { return anim.duration * k / (keys - 1); }
    double phaseOf(int k) const { return double(k % (keys - 1)) / (keys - 1); } // the last key repeats the first

    void rotation(const std::string& joint, const RotationCurve& curve, int priority = secondlife::UseMotionPriority)
    {
        Track& t = track(joint, priority);
        for (int k = 0; k < keys; ++k)
            t.rotation.keys.push_back({timeOf(k), glm::normalize(curve(phaseOf(k)))});
    }
    // Position keys of mPelvis are offsets from where it rests.
    void pelvis(const RotationCurve& rot, const PositionCurve& pos, int priority = secondlife::UseMotionPriority)
    {
        Track& t = track("mPelvis", priority);
        for (int k = 0; k < keys; ++k) {
            t.rotation.keys.push_back({timeOf(k), glm::normalize(rot(phaseOf(k)))});
            t.translation.keys.push_back({timeOf(k), pos(phaseOf(k))});
        }
    }
    // Both sides: `curve(p, side)` with side +1 for the left joint and -1 for the right.
    void pair(const std::string& left, const std::string& right,
              const std::function<glm::dquat(double p, double side)>& curve, int priority = secondlife::UseMotionPriority)
    {
        rotation(left, [&](double p) { return curve(p, 1); }, priority);
        rotation(right, [&](double p) { return curve(p, -1); }, priority);
    }

    Scene scene()
    {
        Scene s;
        s.format = "secondlife";
        s.skeleton = secondlife::avatarSkeleton();
        s.animations.push_back(std::move(anim));
        return s;
    }
};

// Arms from the T pose down beside the body (roll), then swung forward by `swing` degrees.
glm::dquat armDown(double side, double down, double swing) { return pitch(-swing) * roll(-side * down); }
// Elbows bend the forearm forward.
glm::dquat elbow(double side, double bend) { return turn(-side * bend); }

Scene stand()
{
    Builder b("stand", 4.0, 21, 0);
    b.pelvis([](double p) { return turn(1.5 * wave(p)); },
             [](double p) { return glm::dvec3(0, 0.01 * wave(p), 0.004 * wave(2 * p)); });
    b.rotation("mTorso", [](double p) { return pitch(1 + 1.5 * wave(2 * p)); });
    b.rotation("mChest", [](double p) { return pitch(-1.5 * wave(2 * p)); });
    b.rotation("mNeck", [](double p) { return pitch(2); });
    b.rotation("mHead", [](double p) { return turn(4 * wave(p, 0.25)) * pitch(-2); });
    b.pair("mShoulderLeft", "mShoulderRight", [](double p, double s) { return armDown(s, 78 + wave(2 * p), 4); });
    b.pair("mElbowLeft", "mElbowRight", [](double p, double s) { return elbow(s, 12); });
    b.pair("mWristLeft", "mWristRight", [](double p, double s) { return roll(-s * 5); });
    b.pair("mHipLeft", "mHipRight", [](double p, double s) { return roll(-s * 2) * pitch(-1.5 * s * wave(p)); });
    b.pair("mKneeLeft", "mKneeRight", [](double p, double s) { return pitch(2 + 1.5 * std::max(0.0, s * wave(p))); });
    b.pair("mAnkleLeft", "mAnkleRight", [](double p, double s) { return pitch(-1); });
    return b.scene();
}

Scene walk()
{
    Builder b("walk", 1.0, 31, 2);
    // Lowest as each foot lands (p = 0 and 0.5), swaying toward the planted leg.
    b.pelvis([](double p) { return turn(6 * wave(p)) * roll(3 * wave(p, 0.25)); },
             [](double p) { return glm::dvec3(0, 0.02 * wave(p, 0.25), 0.025 * (0.5 - 0.5 * std::cos(4 * kPi * p)) - 0.02); });
    b.rotation("mTorso", [](double p) { return turn(-8 * wave(p)) * pitch(4); });
    // The left leg is forward at p = 0.25, the right at p = 0.75; the arms swing against them.
    b.pair("mHipLeft", "mHipRight", [](double p, double s) { return pitch(-26 * wave(p, s > 0 ? 0 : 0.5) - 4); });
    b.pair("mKneeLeft", "mKneeRight", [](double p, double s) {
        return pitch(6 + 55 * std::pow(std::max(0.0, wave(p, s > 0 ? 0.5 : 0)), 1.5));
    });
    b.pair("mAnkleLeft", "mAnkleRight", [](double p, double s) { return pitch(12 * wave(p, s > 0 ? 0.1 : 0.6)); });
    b.pair("mShoulderLeft", "mShoulderRight", [](double p, double s) { return armDown(s, 80, -22 * wave(p, s > 0 ? 0 : 0.5)); });
    b.pair("mElbowLeft", "mElbowRight", [](double p, double s) { return elbow(s, 18 - 10 * wave(p, s > 0 ? 0 : 0.5)); });
    return b.scene();
}

Scene sit()
{
    // Legs at priority 4: a priority-3 animation still sits.
    Builder b("sit", 2.0, 11, 3);
    b.pelvis([](double p) { return pitch(-4); }, [](double p) { return glm::dvec3(-0.08, 0, -0.12); }, 4);
    b.rotation("mTorso", [](double p) { return pitch(6 + wave(p)); });
    b.rotation("mChest", [](double p) { return pitch(-2 * wave(p)); });
    b.pair("mHipLeft", "mHipRight", [](double p, double s) { return roll(-s * 4) * pitch(-88); }, 4);
    b.pair("mKneeLeft", "mKneeRight", [](double p, double s) { return pitch(86); }, 4);
    b.pair("mAnkleLeft", "mAnkleRight", [](double p, double s) { return pitch(-2); }, 4);
    b.pair("mShoulderLeft", "mShoulderRight", [](double p, double s) { return armDown(s, 76, 28 + wave(p)); });
    b.pair("mElbowLeft", "mElbowRight", [](double p, double s) { return elbow(s, 48); });
    return b.scene();
}

Scene fly()
{
    Builder b("fly", 2.0, 21, 2);
    b.pelvis([](double p) { return pitch(62 + 3 * wave(p)); },
             [](double p) { return glm::dvec3(0, 0, 0.05 * wave(p)); });
    b.rotation("mTorso", [](double p) { return pitch(-8); });
    b.rotation("mNeck", [](double p) { return pitch(-25); });
    b.rotation("mHead", [](double p) { return pitch(-20); });
    b.pair("mShoulderLeft", "mShoulderRight", [](double p, double s) { return armDown(s, 70, -20 + 6 * wave(p, 0.1)); });
    b.pair("mElbowLeft", "mElbowRight", [](double p, double s) { return elbow(s, 10); });
    b.pair("mHipLeft", "mHipRight", [](double p, double s) { return pitch(6 * wave(p, s > 0 ? 0 : 0.5) + 4); });
    b.pair("mKneeLeft", "mKneeRight", [](double p, double s) { return pitch(12 + 8 * wave(p, s > 0 ? 0.25 : 0.75)); });
    b.pair("mAnkleLeft", "mAnkleRight", [](double p, double s) { return pitch(30); });
    return b.scene();
}

} // namespace

const std::vector<std::string>& names()
{
    static const std::vector<std::string> n{"stand", "walk", "sit", "fly"};
    return n;
}

Scene build(const std::string& name)
{
    if (name == "stand")
        return stand();
    if (name == "walk")
        return walk();
    if (name == "sit")
        return sit();
    if (name == "fly")
        return fly();
    throw std::invalid_argument("no base motion " + name);
}

} // namespace bonescope::sl_bases
