#include "app/gui/compare/compare_menu.h"

#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

#include "app/gui/compare/compare_session.h"
#include "app/gui/document/document.h"
#include "app/gui/saving/file_filters.h"

namespace bonescope::gui {

void addCompareActions(QMenu* menu, CompareSession* session, Document* doc, QWidget* parent, QStatusBar* status,
                       bool interactive)
{
    QAction* compare = menu->addAction(QObject::tr("Co&mpare with..."), parent, [=] {
        if (doc->isEmpty()) {
            status->showMessage(QObject::tr("Open an animation first, then compare another file with it"), 8000);
            return;
        }
        const QString path = QFileDialog::getOpenFileName(parent, QObject::tr("Compare with: choose the other animation"),
                                                          doc->dialogFolder(), animationFileFilter());
        if (path.isEmpty())
            return;
        QString error;
        if (!session->start(path, error)) {
            const QString text = QObject::tr("Cannot compare with %1:\n%2").arg(path, error);
            if (interactive)
                QMessageBox::warning(parent, QObject::tr("Compare with"), text);
            else
                status->showMessage(text, 15000);
        }
    });
    compare->setObjectName("compareWith");
    QAction* end = menu->addAction(QObject::tr("E&nd comparison"), session, &CompareSession::end);
    end->setObjectName("endComparison");
    end->setEnabled(false);
    QObject::connect(session, &CompareSession::changed, menu, [=] {
        end->setEnabled(session->active());
        if (session->active())
            status->showMessage(session->summary(), 30000);
        else
            status->clearMessage();
    });
}

} // namespace bonescope::gui
