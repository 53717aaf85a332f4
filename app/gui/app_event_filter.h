#pragma once
// A rule every widget of the application follows (the wheel only for focused fields, file dialogs'
// columns sized to what they show) is an event filter on the application: installed once, however
// many windows install it (tests make several).
#include <QApplication>

namespace bonescope::gui {

// Installs a `Filter` (a QObject taking its parent) on the application, once: `name` marks it.
template <class Filter>
void installAppFilterOnce(const char* name)
{
    if (!qApp || qApp->findChild<QObject*>(name, Qt::FindDirectChildrenOnly))
        return;
    auto* filter = new Filter(qApp);
    filter->setObjectName(name);
    qApp->installEventFilter(filter);
}

} // namespace bonescope::gui
