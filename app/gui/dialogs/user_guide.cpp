#include "app/gui/dialogs/user_guide.h"

#include <algorithm>

#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QListWidget>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

// The guide is a resource of the static GUI library: registered by hand, as a linker may drop an
// object nothing refers to.
static void initGuideResources() { Q_INIT_RESOURCE(user_guide); }

namespace bonescope::gui {

namespace {

// The page's first heading ("# Editing in Bonescope"), else its file name.
QString pageTitle(const QString& resource)
{
    QFile file(":/" + resource);
    if (file.open(QIODevice::ReadOnly))
        for (int line = 0; line < 5 && !file.atEnd(); ++line) {
            const QString text = QString::fromUtf8(file.readLine()).trimmed();
            if (text.startsWith("# "))
                return text.mid(2).remove('`'); // the list shows plain text
        }
    return resource.section('/', -1);
}

} // namespace

QStringList userGuidePages()
{
    static const bool registered = (initGuideResources(), true);
    (void)registered;
    // In the order a newcomer reads them; the formats after the tasks.
    QStringList pages;
    for (const char* name : {"viewer", "editor", "clips", "compare", "retargeting", "bone-map", "conversion",
                             "key-reduction", "cli", "dump-json", "messages", "install"})
        if (QFile::exists(QString(":/docs/%1.md").arg(name)))
            pages << QString("docs/%1.md").arg(name);
    const QStringList formats = QDir(":/docs/formats").entryList({"*.md"}, QDir::Files, QDir::Name);
    for (const QString& f : formats)
        pages << "docs/formats/" + f;
    return pages;
}

void showUserGuide(QWidget* parent, const QString& page)
{
    QDialog dialog(parent);
    dialog.setObjectName("userGuide");
    dialog.setWindowTitle(QObject::tr("Bonescope user guide"));
    auto* list = new QListWidget(&dialog);
    list->setObjectName("userGuidePages");
    auto* text = new QTextBrowser(&dialog);
    text->setObjectName("userGuideText");
    text->setOpenExternalLinks(true); // web links in the system's browser; the guide's own followed here
    const QStringList pages = userGuidePages();
    for (const QString& p : pages) {
        auto* item = new QListWidgetItem(pageTitle(p), list);
        item->setData(Qt::UserRole, p);
    }
    QObject::connect(list, &QListWidget::currentRowChanged, text, [text, pages](int row) {
        if (row >= 0 && row < pages.size())
            text->setSource(QUrl("qrc:/" + pages[row]), QTextDocument::MarkdownResource);
    });
    // A link followed inside the guide selects its page in the list.
    QObject::connect(text, &QTextBrowser::sourceChanged, list, [list, pages](const QUrl& url) {
        const int row = int(pages.indexOf(url.path().mid(1)));
        if (row >= 0 && row != list->currentRow()) {
            const QSignalBlocker block(list);
            list->setCurrentRow(row);
        }
    });
    auto* split = new QSplitter(&dialog);
    split->addWidget(list);
    split->addWidget(text);
    split->setStretchFactor(1, 1);
    split->setSizes({280, 680});
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    list->setCurrentRow(std::max(0, int(pages.indexOf(page))));
    dialog.resize(960, 680);
    dialog.exec();
}

} // namespace bonescope::gui
