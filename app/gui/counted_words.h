#pragma once
// formats/counted.h for the window's messages: "1 file", "3 files" (no translator is loaded, so
// Qt's "%n file(s)" would show its "(s)" as it stands).
#include <QString>

#include "formats/counted.h"

namespace bonescope {

inline QString countedWords(qint64 n, const std::string& one, const std::string& many = {})
{
    return QString::fromStdString(counted(size_t(n < 0 ? 0 : n), one, many));
}

// formats/counted.h's agree() for the window: agreeWords(n, "plays", "play").
inline QString agreeWords(qint64 n, const char* one, const char* many)
{
    return QString::fromUtf8(agree(size_t(n < 0 ? 0 : n), one, many));
}

} // namespace bonescope
