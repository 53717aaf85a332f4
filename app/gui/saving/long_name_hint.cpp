#include "app/gui/saving/long_name_hint.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>

namespace bonescope::gui {

void sayWhyLongNamesAreRefused(QFileDialog& dialog)
{
    auto* edit = dialog.findChild<QLineEdit*>("fileNameEdit");
    if (!edit)
        return; // a native dialog, which says so itself
    const QString normal = dialog.labelText(QFileDialog::FileName);
    QObject::connect(edit, &QLineEdit::textChanged, &dialog, [&dialog, normal](const QString& text) {
        const qsizetype length = QFileInfo(text).fileName().size();
        dialog.setLabelText(QFileDialog::FileName,
                            length > kMaxFileNameLength
                                ? QFileDialog::tr("Name too long (%1 characters; at most %2): shorten it")
                                      .arg(length)
                                      .arg(kMaxFileNameLength)
                                : normal);
    });
}

} // namespace bonescope::gui
