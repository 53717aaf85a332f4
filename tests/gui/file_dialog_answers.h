#pragma once
// A person at File > Open: types `path` into the file dialog when it appears, then records the text
// of every message box that follows and closes it.
#include <QApplication>
#include <QMessageBox>
#include <QStringList>
#include <QTimer>

#include "gui_test_support.h"

namespace bonescope::guitest {

struct FileDialogAnswers {
    QTimer timer;
    bool typed = false;
    QStringList boxes; // text and informative text of each box, in order
    explicit FileDialogAnswers(const QString& path)
    {
        timer.setInterval(20);
        QObject::connect(&timer, &QTimer::timeout, [this, path] {
            QWidget* modal = QApplication::activeModalWidget();
            if (!typed && answerFileDialog(modal, path)) {
                typed = true;
            } else if (auto* box = qobject_cast<QMessageBox*>(modal); box && box->isVisible()) {
                boxes << box->text() + "\n" + box->informativeText();
                box->accept();
            }
        });
        timer.start();
    }
};

} // namespace bonescope::guitest
