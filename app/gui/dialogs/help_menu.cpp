#include "app/gui/dialogs/help_menu.h"
#include "app/gui/dialogs/user_guide.h"

#include <algorithm>

#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>

#include "formats/registry.h"

namespace bonescope::gui {

namespace {

QString plain(QString label)
{
    label.remove(QRegularExpression("&(?!&)"));
    return label.replace("&&", "&");
}

const QMenu* menuOf(const QAction* a)
{
    for (QObject* o : a->associatedObjects())
        if (const auto* m = qobject_cast<const QMenu*>(o))
            return m;
    return nullptr;
}

// "Edit > Insert key": the menus an action sits in, from the menu bar down.
QString menuPath(const QAction* a)
{
    QStringList parts{plain(a->text())};
    // A shown menu bar also lists its menus in its overflow menu, which has no title.
    for (const QMenu* m = menuOf(a); m && !m->title().isEmpty(); m = menuOf(m->menuAction()))
        parts.prepend(plain(m->title()));
    return parts.join(" > ");
}

void showTable(QWidget* parent, const QString& title, const QStringList& headers, const QStringList& lines)
{
    QDialog dialog(parent);
    dialog.setWindowTitle(title);
    auto* table = new QTableWidget(int(lines.size()), int(headers.size()), &dialog);
    table->setHorizontalHeaderLabels(headers);
    table->verticalHeader()->hide();
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    for (int r = 0; r < lines.size(); ++r) {
        const QStringList cells = lines[r].split('\t');
        for (int c = 0; c < cells.size() && c < headers.size(); ++c)
            table->setItem(r, c, new QTableWidgetItem(cells[c]));
    }
    // The last column (a format's list of what it carries) wraps within the dialog's width instead of
    // running past it with its heading out of sight.
    table->setWordWrap(true);
    table->resizeColumnsToContents();
    table->horizontalHeader()->setSectionResizeMode(int(headers.size()) - 1, QHeaderView::Stretch);
    table->resizeRowsToContents();
    QObject::connect(table->horizontalHeader(), &QHeaderView::sectionResized, table, [table] { table->resizeRowsToContents(); });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(table);
    layout->addWidget(buttons);
    dialog.resize(720, 480);
    dialog.exec();
}

} // namespace

QStringList shortcutLines(const QWidget* window)
{
    QStringList out;
    for (const QAction* a : window->findChildren<QAction*>()) {
        if (a->shortcuts().isEmpty() || a->isSeparator())
            continue;
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts())
            keys << k.toString(QKeySequence::NativeText);
        out << keys.join(", ") + "\t" + menuPath(a);
    }
    out.removeDuplicates();
    std::sort(out.begin(), out.end(), [](const QString& x, const QString& y) {
        return x.section('\t', 1) < y.section('\t', 1);
    });
    return out;
}

QStringList formatLines()
{
    QStringList out;
    for (const auto& f : Registry::instance().formats()) {
        QStringList ext;
        for (const auto& e : f->extensions())
            ext << "." + QString::fromStdString(e);
        const Capabilities c = f->capabilities();
        const QString access = c.read && c.write ? QObject::tr("read, write") : c.read ? QObject::tr("read") : QObject::tr("write");
        QStringList carries;
        if (c.translation) carries << QObject::tr("translation");
        if (c.rotation) carries << QObject::tr("rotation");
        if (c.scale) carries << QObject::tr("scale");
        if (c.visibility) carries << QObject::tr("visibility");
        if (c.notes) carries << QObject::tr("notes");
        if (c.embeddedSkeleton) carries << QObject::tr("skeleton");
        if (c.mesh) carries << QObject::tr("mesh");
        if (c.multipleAnimations) carries << QObject::tr("several animations");
        out << QString::fromStdString(f->displayName()) + "\t" + ext.join(' ') + "\t" + access + "\t" + carries.join(", ");
    }
    return out;
}

void buildHelpMenu(QMenu* help, QMainWindow* window)
{
    QAction* keys = help->addAction(QObject::tr("&Keyboard shortcuts"), window, [window] {
        showTable(window, QObject::tr("Keyboard shortcuts"), {QObject::tr("Keys"), QObject::tr("Does")},
                  shortcutLines(window));
    });
    keys->setObjectName("helpShortcuts");
    keys->setShortcut(QKeySequence::HelpContents);
    help->addAction(QObject::tr("User &guide"), window, [window] { showUserGuide(window); })->setObjectName("helpGuide");
    help->addAction(QObject::tr("&Formats"), window, [window] {
        showTable(window, QObject::tr("Formats"),
                  {QObject::tr("Format"), QObject::tr("Files"), QObject::tr("Bonescope can"), QObject::tr("Carries")},
                  formatLines());
    })->setObjectName("helpFormats");
    help->addAction(QObject::tr("&About Bonescope"), window, [window] {
        // The formats from the registry, so that a format added there is named here too.
        QStringList names;
        for (const auto& f : Registry::instance().formats())
            names << QString::fromStdString(f->displayName()).toHtmlEscaped();
        names.removeDuplicates();
        QMessageBox::about(window, QObject::tr("About Bonescope"),
                           QObject::tr("<b>Bonescope %1</b><p>A viewer and editor for skeletal animation files: "
                                       "%2.</p><p>Qt %3</p>")
                               .arg(QCoreApplication::applicationVersion(), names.join(", "),
                                    QString::fromLatin1(qVersion())));
    })->setObjectName("helpAbout");
}

} // namespace bonescope::gui
