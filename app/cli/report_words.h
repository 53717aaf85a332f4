#pragma once
// The library's report items (formats/report_item.h) in the command line's words: the library says
// what happened, these add the option that does something about it.
#include <exception>
#include <string>
#include <vector>

#include "formats/convert/convert_file.h"
#include "formats/convert/reduce_keys.h"
#include "formats/format.h"
#include "formats/report_item.h"

namespace bonescope::cli {

std::string cliWords(const ReportItem& item);
std::vector<std::string> cliWords(const Report& report);
std::string cliWords(const Finding& finding);
// The key reduction summary, its lines after the first indented.
std::string cliWords(const KeyReductionSummary& summary);
// convertFile() with its report appended to `lines` in the command line's words (also when it throws).
// With `measures`, the retarget's own measure goes there instead: information, not a warning.
ConvertedFile convertInWords(Scene source, const Format& target, const ConvertOptions& options,
                             std::vector<std::string>& lines, std::vector<std::string>* measures = nullptr);
// An exception's message: a ReportedError in the command line's words, any other as it is.
std::string cliWords(const std::exception& error);

} // namespace bonescope::cli
