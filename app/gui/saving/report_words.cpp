#include "app/gui/saving/report_words.h"

#include <algorithm>

#include <QCoreApplication>
#include <QLocale>

namespace bonescope::gui {

namespace {

using Code = ReportItem::Code;

QString tr(const char* text) { return QCoreApplication::translate("ReportWords", text); }
QString text(const std::string& s) { return QString::fromStdString(s); }

// The value `i` of `item`, or "" when the library gave fewer.
QString value(const ReportItem& item, size_t i) { return i < item.values.size() ? text(item.values[i]) : QString(); }

// A count with its thousands grouped ("312,345"): a person reads it as a size, not as a code.
QString grouped(const QString& count)
{
    QLocale locale;
    locale.setNumberOptions({});
    bool ok = false;
    const qlonglong n = count.toLongLong(&ok);
    return ok ? locale.toString(n) : count;
}

// What the window offers for `code`, put where the library left room for it.
QString advice(Code code)
{
    switch (code) {
    case Code::FrameRateFromKeys: return tr("; Edit > Clip > Frame rate... before exporting chooses another");
    case Code::KeysShareFrames: return tr(" (a higher rate, set in Edit > Clip > Frame rate..., keeps them)");
    case Code::AnimationsLeftOut:
        return tr("; to export another, choose it in the animation list first, or save each clip as a file from "
                  "the list's context menu");
    case Code::OnlyCurrentAnimation: return tr(" (choose it in the animation list)");
    case Code::NoJointMatchesAvatar:
        return tr(" (map its bones to the avatar's joints with File > Retarget onto skeleton...)");
    case Code::SkeletonsDiffer: return tr(" (retarget it first: File > Retarget onto skeleton...)");
    case Code::StaticJoints: return tr("; the Remove joints that never move button takes them out");
    case Code::UnitsAssumed: return tr(" (Edit > Reduce keys... asks for them when the file does not say)");
    default: return {};
    }
}

} // namespace

QString windowWords(const ReportItem& item)
{
    const QString where = item.file.empty() ? QString() : text(item.file) + ": ";
    switch (item.code) {
    case Code::BakeTooLarge: // the file's frame count can be a number of twenty digits: sizes only
        return where + tr("cannot export: baking %1 would need %2, more than the %3 an export may use; choose a lower "
                          "rate in Edit > Clip > Frame rate..., or a shorter clip with Edit > Clip > Trim...")
                           .arg(value(item, 0), value(item, 1), value(item, 2));
    case Code::UploadTooLarge:
        return where + tr("the animation takes %1 bytes, over the upload limit of %2 bytes; remove joints or keys "
                          "(Export optimised for upload... leaves out the joints that never move and reduces keys)")
                           .arg(grouped(value(item, 0)), grouped(value(item, 1))) +
               text(item.text.substr(std::min(item.adviceAt, item.text.size())));
    case Code::SmdFrameRateNotKept:
        return where + tr("the frame rate (%1 fps) is not kept: SMD files do not store one, and Source plays them at "
                          "30 fps unless the model's QC file gives another")
                           .arg(value(item, 0));
    case Code::SmdMeshNotWritten:
        return where + tr("the mesh (%1 vertices) is not in the file: an SMD animation holds only the skeleton's "
                          "motion, and Source takes the mesh from a model file of its own")
                           .arg(grouped(value(item, 0)));
    case Code::RetargetMeasured: {
        const QString how = value(item, 0) == "keep-rest" ? tr("the motion added to the new skeleton's own rest pose")
                                                          : tr("limbs turned to point where the source's point");
        if (value(item, 1).startsWith("no limb segment"))
            return tr("Retargeted (%1): no limb is mapped on both skeletons, so there was nothing to compare").arg(how);
        return tr("Retargeted (%1): %2").arg(how, value(item, 1));
    }
    default: return text(withAdvice(item, advice(item.code).toStdString()));
    }
}

QStringList windowWords(const Report& report)
{
    QStringList out;
    for (const ReportItem& item : report)
        out << windowWords(item);
    return out;
}

QString windowWords(const Finding& finding)
{
    ReportItem item = finding.item();
    item.offset = ReportItem::NoOffset; // a finding of the document's content, not of its bytes
    return windowWords(item);
}

QString windowWords(const KeyReductionSummary& summary) { return windowWords(reductionReport(summary)).join("\n"); }

QString windowWords(const std::exception& error)
{
    if (const auto* reported = dynamic_cast<const ReportedError*>(&error))
        return windowWords(reported->item());
    return QString::fromUtf8(error.what());
}

} // namespace bonescope::gui
