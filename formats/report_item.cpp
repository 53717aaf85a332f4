#include "formats/report_item.h"

#include <algorithm>

namespace bonescope {

std::string withAdvice(const ReportItem& item, const std::string& advice)
{
    std::string s = item.file.empty() ? std::string() : item.file + ": ";
    if (item.offset != ReportItem::NoOffset)
        s += "at byte " + std::to_string(item.offset) + ": ";
    const size_t at = std::min(item.adviceAt, item.text.size());
    return s + item.text.substr(0, at) + advice + item.text.substr(at);
}

std::string plainWords(const ReportItem& item) { return withAdvice(item, {}); }

std::vector<std::string> reportTexts(const Report& report)
{
    std::vector<std::string> out;
    out.reserve(report.size());
    for (const ReportItem& item : report)
        out.push_back(plainWords(item));
    return out;
}

} // namespace bonescope
