#include "app/gui/dialogs/preview_while_menu.h"

#include <QActionGroup>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>

#include "app/gui/document/document.h"
#include "formats/secondlife/secondlife_priorities.h"

namespace bonescope::gui {

namespace {

bool setBase(QWidget* parent, Document* doc, const QString& nameOrFile)
{
    try {
        doc->setPreviewBase(secondlife::loadPreviewBase(nameOrFile.toStdString()));
        return true;
    } catch (const std::exception& e) {
        QMessageBox::warning(parent, QObject::tr("Preview while"), QString::fromStdString(e.what()));
        return false;
    }
}

} // namespace

void addPreviewWhileMenu(QMenu* view, Document* doc, QWidget* parent)
{
    QMenu* menu = view->addMenu(QMenu::tr("Preview &while"));
    menu->setObjectName("previewWhileMenu");
    menu->setToolTipsVisible(true);
    auto* group = new QActionGroup(menu);
    auto add = [&](const QString& text, const QString& name) {
        QAction* a = menu->addAction(text);
        a->setObjectName("previewWhile_" + name);
        a->setCheckable(true);
        group->addAction(a);
        return a;
    };
    QAction* none = add(QMenu::tr("&None"), "none");
    QString taken = "no"; // None, Other file
    QObject::connect(none, &QAction::triggered, doc, [doc] { doc->setPreviewBase(std::nullopt); });
    for (const std::string& name : secondlife::baseMotionNames()) {
        QString text = QString::fromStdString(name);
        text[0] = text[0].toUpper();
        // A mnemonic letter of its own: Sit would share Stand's S.
        for (qsizetype i = 0; i < text.size(); ++i)
            if (!taken.contains(text[i].toLower())) {
                taken += text[i].toLower();
                text.insert(i, '&');
                break;
            }
        QAction* a = add(text, QString::fromStdString(name));
        const int priority = secondlife::loadPreviewBase(name).priorities.motion;
        a->setToolTip(QMenu::tr("Bonescope's %1 motion, priority %2").arg(QString::fromStdString(name)).arg(priority));
        QObject::connect(a, &QAction::triggered, parent, [parent, doc, name = QString::fromStdString(name)] {
            setBase(parent, doc, name);
        });
    }
    QAction* other = add(QMenu::tr("&Other file..."), "file");

    // The check mark follows the document: a shipped motion by its name, anything else is a file.
    auto sync = [doc, menu, none, other] {
        menu->setEnabled(doc->scene().format == "secondlife");
        const PriorityBase* base = doc->previewBase();
        if (!base) {
            none->setChecked(true);
            return;
        }
        for (QAction* a : menu->actions())
            if (a->objectName() == "previewWhile_" + QString::fromStdString(base->label)) {
                a->setChecked(true);
                return;
            }
        other->setChecked(true);
    };
    QObject::connect(other, &QAction::triggered, parent, [parent, doc, sync] {
        const QString path = QFileDialog::getOpenFileName(parent, QObject::tr("Preview while playing"), {},
                                                          QObject::tr("Second Life animations (*.anim);;All files (*)"));
        if (path.isEmpty() || !setBase(parent, doc, path))
            sync(); // the check mark back where it was
    });
    QObject::connect(doc, &Document::sceneChanged, menu, sync);
    QObject::connect(doc, &Document::previewBaseChanged, menu, sync);
    sync();
}

} // namespace bonescope::gui
