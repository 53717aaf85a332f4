// Reading BVH text. Tokens are whitespace-separated (braces also stand alone); every error names the
// byte offset of the offending token. The hierarchy is parsed with an explicit stack and a depth
// limit, and the frame block's size is checked against the bytes left before anything is allocated.
#include <array>
#include <charconv>
#include <cmath>
#include <string_view>

#include "core/model/content_hash.h"
#include "formats/bvh/bvh_extra.h"
#include "formats/bvh/bvh_format.h"
#include "formats/parse_error.h"

namespace bonescope {

namespace {

constexpr int kMaxDepth = bvh::MaxDepth; // bvh_format.h: the writer keeps to it too

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

// The same word in any case (ASCII letters).
bool sameWord(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower((unsigned char)x) == std::tolower((unsigned char)y);
           });
}

struct Token {
    std::string_view text;
    uint64_t offset = 0;
};

class Lexer {
public:
    explicit Lexer(std::span<const uint8_t> bytes)
        : s_(reinterpret_cast<const char*>(bytes.data()), bytes.size())
    {
        if (s_.substr(0, 3) == "\xEF\xBB\xBF")
            pos_ = 3;
    }

    bool atEnd()
    {
        skipSpace();
        return pos_ >= s_.size();
    }

    Token next(const char* expecting)
    {
        skipSpace();
        if (pos_ >= s_.size())
            throw ParseError(std::string("the file ends where ") + expecting + " was expected", s_.size());
        const size_t start = pos_;
        if (s_[pos_] == '{' || s_[pos_] == '}') {
            ++pos_;
        } else {
            while (pos_ < s_.size() && !isSpace(s_[pos_]) && s_[pos_] != '{' && s_[pos_] != '}')
                ++pos_;
        }
        return {s_.substr(start, pos_ - start), start};
    }

    // The rest of the current line up to a '{', trimmed: joint names may contain spaces.
    Token name()
    {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t'))
            ++pos_;
        const size_t start = pos_;
        while (pos_ < s_.size() && s_[pos_] != '\n' && s_[pos_] != '\r' && s_[pos_] != '{')
            ++pos_;
        size_t end = pos_;
        while (end > start && isSpace(s_[end - 1]))
            --end;
        if (end == start)
            throw ParseError("a joint needs a name", start);
        return {s_.substr(start, end - start), start};
    }

    void expect(std::string_view word)
    {
        const Token t = next(std::string(word).c_str());
        if (!is(t, word))
            throw ParseError("expected '" + std::string(word) + "', found '" + std::string(t.text) + "'", t.offset);
    }

    // Whether `t` is the keyword `word`, in any case: some writers print `Root` or `End site`. The
    // first one not spelled as the format spells it is remembered, to be warned about.
    bool is(const Token& t, std::string_view word)
    {
        if (!sameWord(t.text, word))
            return false;
        if (t.text != word && otherCase.empty()) {
            otherCase = "'" + std::string(t.text) + "' where BVH spells '" + std::string(word) + "'";
            otherCaseOffset = t.offset;
        }
        return true;
    }

    std::string otherCase; // the first keyword in another case, or ""
    uint64_t otherCaseOffset = 0;

    double number(const char* what)
    {
        const Token t = next(what);
        double v = 0;
        const char* b = t.text.data();
        const char* e = b + t.text.size();
        if (b != e && *b == '+')
            ++b;
        auto [p, ec] = std::from_chars(b, e, v);
        if (ec != std::errc() || p != e || !std::isfinite(v))
            throw ParseError(std::string("expected ") + what + ", found '" + std::string(t.text) + "'", t.offset);
        return v;
    }

    long long integer(const char* what, long long lo, long long hi) { return integer(next(what), what, lo, hi); }

    static long long integer(const Token& t, const char* what, long long lo, long long hi)
    {
        long long v = 0;
        auto [p, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
        if (ec != std::errc() || p != t.text.data() + t.text.size())
            throw ParseError(std::string("expected ") + what + ", found '" + std::string(t.text) + "'", t.offset);
        if (v < lo || v > hi)
            throw ParseError(std::string(what) + " " + std::to_string(v) + " is outside " + std::to_string(lo) +
                                 ".." + std::to_string(hi),
                             t.offset);
        return v;
    }

    uint64_t offset() const { return pos_; }
    uint64_t remaining() const { return s_.size() - pos_; }

private:
    void skipSpace()
    {
        while (pos_ < s_.size() && isSpace(s_[pos_]))
            ++pos_;
    }

    std::string_view s_;
    size_t pos_ = 0;
};

bool channelKind(std::string_view name, bvh::ChannelKind& out)
{
    for (int c = bvh::Xposition; c <= bvh::Wrotation; ++c) {
        const std::string_view want = bvh::channelName(bvh::ChannelKind(c));
        if (name.size() == want.size() &&
            std::equal(name.begin(), name.end(), want.begin(),
                       [](char a, char b) { return std::tolower((unsigned char)a) == std::tolower((unsigned char)b); })) {
            out = bvh::ChannelKind(c);
            return true;
        }
    }
    return false;
}

struct Joint {
    std::vector<bvh::ChannelKind> channels;
    size_t firstValue = 0; // index of its first channel within a frame
};

glm::dvec3 readOffset(Lexer& lex)
{
    lex.expect("OFFSET");
    glm::dvec3 v;
    for (int i = 0; i < 3; ++i)
        v[i] = lex.number("an OFFSET number");
    return v;
}

// A quaternion joint's rotation channels are its four components, all of them (positions optional).
void checkQuaternionChannels(uint8_t seen, const Token& countToken)
{
    const uint8_t rotations = (1u << bvh::Xrotation) | (1u << bvh::Yrotation) | (1u << bvh::Zrotation) | (1u << bvh::Wrotation);
    if ((seen & rotations) != rotations)
        throw ParseError("a joint with a Wrotation channel (a quaternion) needs Xrotation, Yrotation, Zrotation and "
                         "Wrotation",
                         countToken.offset);
}

// The first joint with quaternion channels: its name and the offset of its channel count.
struct QuaternionJoint {
    std::string name;
    uint64_t offset = 0;
};

// ROOT/JOINT name { OFFSET .. CHANNELS .. children } and End Site { OFFSET .. }.
void readHierarchy(Lexer& lex, Skeleton& skel, std::vector<Joint>& joints, size_t& valuesPerFrame,
                   QuaternionJoint& quaternion)
{
    lex.expect("HIERARCHY");
    std::vector<int> open; // joints whose '}' is pending
    while (true) {
        if (open.empty()) {
            const Token t = lex.next("ROOT or MOTION");
            if (lex.is(t, "MOTION"))
                break;
            if (!lex.is(t, "ROOT"))
                throw ParseError("expected ROOT or MOTION, found '" + std::string(t.text) + "'", t.offset);
        } else {
            const Token t = lex.next("JOINT, End Site or '}'");
            if (t.text == "}") {
                open.pop_back();
                continue;
            }
            if (lex.is(t, "End")) {
                lex.expect("Site");
                lex.expect("{");
                Bone b;
                b.parent = open.back();
                b.name = skel.bones[b.parent].name + "_End";
                b.restTranslation = readOffset(lex);
                b.flags = bvh::EndSiteFlag;
                lex.expect("}");
                skel.bones.push_back(std::move(b));
                joints.emplace_back();
                continue;
            }
            if (!lex.is(t, "JOINT"))
                throw ParseError("expected JOINT, End Site or '}', found '" + std::string(t.text) + "'", t.offset);
        }
        if (int(open.size()) >= kMaxDepth)
            throw ParseError("the hierarchy is deeper than " + std::to_string(kMaxDepth) + " joints", lex.offset());
        Bone b;
        b.name = std::string(lex.name().text);
        b.parent = open.empty() ? -1 : open.back();
        lex.expect("{");
        b.restTranslation = readOffset(lex);
        Joint j;
        j.firstValue = valuesPerFrame;
        const Token ct = lex.next("CHANNELS");
        if (!lex.is(ct, "CHANNELS"))
            throw ParseError("expected CHANNELS, found '" + std::string(ct.text) + "'", ct.offset);
        const Token countToken = lex.next("a channel count");
        const long long n = Lexer::integer(countToken, "a channel count", 0, 7); // 7: positions and a quaternion
        uint8_t seen = 0;
        for (long long c = 0; c < n; ++c) {
            const Token name = lex.next("a channel name");
            bvh::ChannelKind kind;
            if (!channelKind(name.text, kind))
                throw ParseError("unknown channel '" + std::string(name.text) + "'", name.offset);
            if (seen & (1u << kind))
                throw ParseError("channel '" + std::string(name.text) + "' is listed twice", name.offset);
            seen |= uint8_t(1u << kind);
            j.channels.push_back(kind);
        }
        if (bvh::isQuaternion(j.channels)) {
            checkQuaternionChannels(seen, countToken);
            if (quaternion.name.empty())
                quaternion = {b.name, countToken.offset};
        }
        valuesPerFrame += j.channels.size();
        open.push_back(int(skel.bones.size()));
        skel.bones.push_back(std::move(b));
        joints.push_back(std::move(j));
    }
    if (skel.bones.empty())
        throw ParseError("the hierarchy has no ROOT joint", lex.offset());
}

// MakeHuman writes the positions of the joints below the root as displacements from their OFFSET
// (0 in the pose the file starts from, to its six decimals), where other writers give the position
// itself. Told apart by the first frame: every such position within 1% of its OFFSET's length from 0,
// while some OFFSET is not 0. Returns the first such joint, or -1.
int displacementJoint(const Skeleton& skeleton, const std::vector<Joint>& joints, const std::vector<double>& firstRow)
{
    int first = -1;
    bool offsets = false;
    for (size_t b = 0; b < joints.size(); ++b) {
        if (skeleton.bones[b].parent < 0)
            continue;
        bool positions = false;
        const double near = std::max(1e-6, 0.01 * glm::length(skeleton.bones[b].restTranslation));
        for (size_t c = 0; c < joints[b].channels.size(); ++c)
            if (!bvh::isRotation(joints[b].channels[c])) {
                if (std::abs(firstRow[joints[b].firstValue + c]) > near)
                    return -1;
                positions = true;
            }
        if (!positions)
            continue;
        if (first < 0)
            first = int(b);
        offsets = offsets || glm::length(skeleton.bones[b].restTranslation) > 1e-6;
    }
    return offsets ? first : -1;
}

} // namespace

Scene BvhFormat::read(std::span<const uint8_t> bytes) const
{
    Lexer lex(bytes);
    Scene scene;
    scene.format = id();
    std::vector<Joint> joints;
    size_t perFrame = 0;
    QuaternionJoint quaternion;
    readHierarchy(lex, scene.skeleton, joints, perFrame, quaternion);

    lex.expect("Frames:");
    const Token framesTok = lex.next("the frame count");
    const long long frames = Lexer::integer(framesTok, "a frame count", 0, (1LL << 40));
    lex.expect("Frame");
    lex.expect("Time:");
    const Token timeTok = lex.next("the frame time");
    double frameTime = 0;
    {
        auto [p, ec] = std::from_chars(timeTok.text.data(), timeTok.text.data() + timeTok.text.size(), frameTime);
        if (ec != std::errc() || p != timeTok.text.data() + timeTok.text.size() || !std::isfinite(frameTime) ||
            frameTime <= 0)
            throw ParseError("the frame time must be a positive number, found '" + std::string(timeTok.text) + "'",
                             timeTok.offset);
    }
    // Every value takes at least two bytes (a digit and a separator), the last one at least one.
    const unsigned long long values = (unsigned long long)frames * perFrame;
    if (perFrame > 0 && (unsigned long long)frames > (lex.remaining() + 1) / 2 / perFrame + 1)
        throw ParseError("Frames: " + std::to_string(frames) + " needs " + std::to_string(values) +
                             " values, more than the " + std::to_string(lex.remaining()) + " bytes left can hold",
                         framesTok.offset);

    auto extra = std::make_unique<BvhExtra>();
    extra->frameTime = frameTime;
    extra->frameTimeText = std::string(timeTok.text);
    extra->keywordCase = lex.otherCase;
    extra->keywordCaseOffset = lex.otherCaseOffset;
    extra->quaternionJoint = quaternion.name;
    extra->quaternionOffset = quaternion.offset;

    Animation anim;
    anim.fps = 1.0 / frameTime;
    anim.duration = frames > 0 ? double(frames - 1) * frameTime : 0.0;
    // One track per joint with channels (End Sites and channel-less joints only hold the hierarchy).
    std::vector<int> trackOf(joints.size(), -1);
    for (size_t b = 0; b < joints.size(); ++b) {
        if (joints[b].channels.empty())
            continue;
        trackOf[b] = int(anim.tracks.size());
        Track& t = anim.tracks.emplace_back();
        t.name = scene.skeleton.bones[b].name;
        bool pos = false, rot = false;
        for (auto c : joints[b].channels)
            (bvh::isRotation(c) ? rot : pos) = true;
        if (pos) t.translation.keys.reserve(size_t(frames));
        if (rot) t.rotation.keys.reserve(size_t(frames));
    }
    for (size_t b = 0; b < joints.size(); ++b)
        if (!(scene.skeleton.bones[b].flags & bvh::EndSiteFlag))
            extra->channels[scene.skeleton.bones[b].name] = joints[b].channels;

    std::vector<double> row(perFrame), firstRow;
    for (long long f = 0; perFrame > 0 && f < frames; ++f) {
        for (size_t v = 0; v < perFrame; ++v) {
            if (lex.atEnd())
                throw ParseError("the file ends after " + std::to_string(f * perFrame + v) + " of " +
                                     std::to_string(values) + " frame values (frame " + std::to_string(f) + ")",
                                 bytes.size());
            row[v] = lex.number("a channel value");
        }
        if (f == 0)
            firstRow = row;
        const double time = double(f) * frameTime;
        for (size_t b = 0; b < joints.size(); ++b) {
            const Joint& j = joints[b];
            if (j.channels.empty())
                continue;
            glm::dvec3 p = scene.skeleton.bones[b].restTranslation;
            glm::dquat q(1, 0, 0, 0);
            bool pos = false, rot = false;
            const bool quaternionJoint = bvh::isQuaternion(j.channels);
            for (size_t c = 0; c < j.channels.size(); ++c) {
                const double v = row[j.firstValue + c];
                const bvh::ChannelKind kind = j.channels[c];
                if (quaternionJoint && bvh::isRotation(kind)) { // a component, in any order
                    (kind == bvh::Wrotation ? q.w : kind == bvh::Xrotation ? q.x : kind == bvh::Yrotation ? q.y : q.z) = v;
                    rot = true;
                    continue;
                }
                glm::dvec3 axis(0.0);
                axis[bvh::axisOf(kind)] = 1.0;
                if (bvh::isRotation(kind)) {
                    q = q * glm::angleAxis(glm::radians(v), axis); // R = R_c1 * R_c2 * R_c3
                    rot = true;
                } else {
                    p[bvh::axisOf(kind)] = v;
                    pos = true;
                }
            }
            if (quaternionJoint)
                q = glm::length(q) > 0 ? glm::normalize(q) : glm::dquat(1, 0, 0, 0); // written to a few digits
            Track& t = anim.tracks[trackOf[b]];
            if (pos) t.translation.keys.push_back({time, p});
            if (rot) t.rotation.keys.push_back({time, q});
        }
    }
    if (const int d = firstRow.empty() ? -1 : displacementJoint(scene.skeleton, joints, firstRow); d >= 0) {
        extra->displacementJoint = scene.skeleton.bones[size_t(d)].name;
        for (size_t b = 0; b < joints.size(); ++b) {
            if (scene.skeleton.bones[b].parent < 0 || trackOf[b] < 0)
                continue;
            const glm::dvec3 rest = scene.skeleton.bones[b].restTranslation;
            auto& keys = anim.tracks[size_t(trackOf[b])].translation.keys;
            for (bvh::ChannelKind c : joints[b].channels)
                if (!bvh::isRotation(c))
                    for (size_t k = 0; k < keys.size(); ++k) {
                        glm::dvec3 v = keys.value(k);
                        v[bvh::axisOf(c)] += rest[bvh::axisOf(c)];
                        keys.setValue(k, v);
                    }
        }
    }
    // More than Frames: says (mocap exports with one line too many, key lists after the frames): the
    // declared frames are the motion; the rest is kept as it is and reported by validate().
    size_t end = size_t(lex.offset());
    if (!lex.atEnd()) {
        while (end < bytes.size() && (bytes[end] == ' ' || bytes[end] == '\t'))
            ++end;
        if (end < bytes.size() && bytes[end] == '\r')
            ++end;
        if (end < bytes.size() && bytes[end] == '\n')
            ++end;
        extra->trailingOffset = end;
        extra->trailing.assign(bytes.begin() + long(end), bytes.end());
    }
    scene.animations.push_back(std::move(anim));
    extra->source.assign(bytes.begin(), bytes.end());
    extra->sourceHash = contentHash(scene.skeleton, scene.animations.back());
    scene.extra = std::move(extra);
    return scene;
}

bool BvhFormat::detect(std::span<const uint8_t> head) const
{
    size_t i = 0;
    if (head.size() >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF)
        i = 3;
    while (i < head.size() && isSpace(char(head[i])))
        ++i;
    static constexpr std::string_view magic = "HIERARCHY";
    if (head.size() - i < magic.size())
        return false;
    return sameWord(magic, std::string_view(reinterpret_cast<const char*>(head.data()) + i, magic.size()));
}

Capabilities BvhFormat::capabilities() const
{
    Capabilities c;
    c.framed = true;
    c.everyFrame = true; // one line of motion per frame
    c.scale = false;
    c.visibility = false;
    c.notes = false;
    c.embeddedSkeleton = true;
    c.mesh = false;
    c.multipleAnimations = false;
    return c;
}

} // namespace bonescope
