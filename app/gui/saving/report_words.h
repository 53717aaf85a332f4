#pragma once
// The library's report items (formats/report_item.h) in the window's words: the library says what
// happened, these add the menu, list or button of the window that does something about it. No
// command-line option is named here.
#include <QString>
#include <QStringList>
#include <exception>

#include "formats/convert/reduce_keys.h"
#include "formats/format.h"
#include "formats/report_item.h"

namespace bonescope::gui {

QString windowWords(const ReportItem& item);
QStringList windowWords(const Report& report);
QString windowWords(const Finding& finding);
// The key reduction summary, a line each.
QString windowWords(const KeyReductionSummary& summary);
// An exception's message: a ReportedError in the window's words, any other as it is.
QString windowWords(const std::exception& error);

} // namespace bonescope::gui
