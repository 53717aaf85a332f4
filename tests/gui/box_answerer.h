#pragma once
// Answers the message boxes a test triggers, as a user would: while it lives, every modal
// QMessageBox that appears is recorded (its text) and closed with the button `choose` picks.
#include <functional>

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QStringList>
#include <QTimer>

namespace bonescope::guitest {

class BoxAnswerer {
public:
    // `choose` gets the box and returns the button to click (null: leave it open).
    explicit BoxAnswerer(std::function<QAbstractButton*(QMessageBox*)> choose) : choose_(std::move(choose))
    {
        timer_.setInterval(20);
        QObject::connect(&timer_, &QTimer::timeout, [this] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box || !box->isVisible())
                return;
            if (QAbstractButton* b = choose_(box)) {
                seen << box->text() + "\n" + box->informativeText();
                b->click();
            }
        });
        timer_.start();
    }
    // Clicks the standard button `which` on every box.
    static std::function<QAbstractButton*(QMessageBox*)> standard(QMessageBox::StandardButton which)
    {
        return [which](QMessageBox* box) -> QAbstractButton* { return box->button(which); };
    }
    // Clicks the button whose label contains `label` (e.g. "Overwrite").
    static std::function<QAbstractButton*(QMessageBox*)> labelled(const QString& label)
    {
        return [label](QMessageBox* box) -> QAbstractButton* {
            for (QAbstractButton* b : box->buttons())
                if (b->text().remove('&').contains(label, Qt::CaseInsensitive))
                    return b;
            return nullptr;
        };
    }

    BoxAnswerer(const BoxAnswerer&) = delete;
    BoxAnswerer& operator=(const BoxAnswerer&) = delete;

    QStringList seen; // the text (and informative text) of every box answered, in order

private:
    std::function<QAbstractButton*(QMessageBox*)> choose_;
    QTimer timer_;
};

} // namespace bonescope::guitest
