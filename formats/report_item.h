#pragma once
// What a conversion tells its reader, as data: a code saying what happened, its values, and the
// library's plain sentence for it. The library knows neither the command line nor the window, so its
// sentence names no option and no menu: app/cli/report_words.h and app/gui/saving/report_words.h each
// add what their reader can do about it, at `adviceAt` in the sentence (or say it in words of their
// own, from the values). Lines that need no such advice are Said: the same for every reader.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace bonescope {

struct ReportItem {
    enum class Code {
        Said,                 // the sentence is the whole message
        FrameRateFromKeys,    // values: animation, fps. No rate in the source: the key spacing's is used
        FrameRateAsked,       // values: animation, fps. No rate in the source: the rate asked for is used
        KeysShareFrames,      // values: animation, count, fps. Keys merged on whole frames: lost
        AnimationsLeftOut,    // values: count. The target holds one animation per file
        OnlyCurrentAnimation, // values: current, count. The same, as the target's own loss
        UploadRulesFixFrames, // a BVH for Second Life: the frame rate, scale and up axis asked for do not apply
        UpAxisFixed,          // values: target. The up axis asked for does not apply
        NoJointMatchesAvatar, // no bone maps to a Second Life joint: the motion is lost
        BakeTooLarge,         // values: animation, bytes needed, bytes allowed. Refused before taking that memory
        SkeletonsDiffer,      // clips of two skeletons cannot be merged: one must be retargeted first
        UploadTooLarge,       // values: bytes, limit. An .anim over the upload size limit (validate)
        StaticJoints,         // values: count. Joints that never leave their rest pose (validate)
        UnitsAssumed,         // values: format. A file without stated units taken as centimetres
        // Conversion choices that do not go together (formats/convert/convert_file.h); values: target
        OptimizeNotAnim,      // optimising for upload makes .anim files only
        UploadNotBvh,         // the Second Life upload BVH is a BVH (or an .anim)
        SmdFlavourNotSmd,     // the SMD flavour applies to SMD only
        OptimizeUploadBvh,    // an upload BVH keeps every frame: nothing to optimise
        OptimizeAndReduce,    // two ways of reducing keys asked for at once
        ReductionRefused,     // values: target. Key reduction is refused for the target (the sentence says why)
        CurvesRefused,        // values: target. Reducing as curves is refused: the target keeps no tangents
        SmdFrameRateNotKept,  // values: fps. SMD stores no rate: frames are written one per 'time', read at 30 fps
        SmdMeshNotWritten,    // values: vertices. An animation SMD holds no mesh (a reference SMD of one frame does)
        RetargetMeasured,     // values: mode ("match-pose", "keep-rest"), the measure. How the result's limbs
                              // follow the source's: information, not a loss (formats/convert/retarget_words.h)
    };
    static constexpr uint64_t NoOffset = ~uint64_t(0);
    static constexpr size_t AtEnd = ~size_t(0);

    Code code = Code::Said;
    std::string text;                // the library's sentence: what happened, naming no control
    std::vector<std::string> values; // the code's values, in the order listed above
    size_t adviceAt = AtEnd;         // where in `text` a front end's advice goes
    std::string file;                // the file it concerns, when one does
    uint64_t offset = NoOffset;      // and where in it

    ReportItem(std::string said) : text(std::move(said)) {} // implicit: a plain line is an item
    ReportItem(const char* said) : text(said) {}
    ReportItem(Code c, std::string sentence, std::vector<std::string> v = {}, size_t at = AtEnd)
        : code(c), text(std::move(sentence)), values(std::move(v)), adviceAt(at)
    {
    }
    // Built from two halves: the advice goes between them.
    static ReportItem around(Code c, const std::string& before, const std::string& after, std::vector<std::string> v = {})
    {
        return ReportItem(c, before + after, std::move(v), before.size());
    }
};

using Report = std::vector<ReportItem>;

// `item`'s sentence with `advice` put where the library left room for it, after its file's name and
// byte offset when it has them. plainWords() gives no advice: the library's own words.
std::string withAdvice(const ReportItem& item, const std::string& advice);
std::string plainWords(const ReportItem& item);
// The library's sentences, for readers with no words of their own (tests, JSON, logs).
std::vector<std::string> reportTexts(const Report& report);

// A refusal that is a report item: what() is the library's words; front ends word the item.
class ReportedError : public std::runtime_error {
public:
    explicit ReportedError(ReportItem item) : std::runtime_error(plainWords(item)), item_(std::move(item)) {}
    const ReportItem& item() const { return item_; }

private:
    ReportItem item_;
};

} // namespace bonescope
