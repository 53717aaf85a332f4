#include "app/gui/panels/bone_tree_panel.h"

#include <algorithm>

#include <QEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QVBoxLayout>

#include "app/gui/panels/bone_tree_model.h"
#include "app/gui/document/document.h"

namespace bonescope::gui {

BoneTreePanel::BoneTreePanel(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), model_(new BoneTreeModel(doc, this)), proxy_(new QSortFilterProxyModel(this)),
      filter_(new QLineEdit(this)), view_(new QTreeView(this))
{
    proxy_->setSourceModel(model_);
    proxy_->setRecursiveFilteringEnabled(true);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy_->setFilterKeyColumn(BoneTreeModel::Name);
    filter_->setPlaceholderText(tr("Search bones"));
    filter_->setClearButtonEnabled(true);
    connect(filter_, &QLineEdit::textChanged, this, [this](const QString& text) {
        proxy_->setFilterFixedString(text);
        if (!text.isEmpty())
            view_->expandAll();
        fromDocument();
    });

    view_->setModel(proxy_);
    view_->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view_->setUniformRowHeights(true);
    QHeaderView* header = view_->header();
    header->setStretchLastSection(false);
    // An avatar's hand is ten levels deep, its face sixteen: its name, not the indent, gets the room.
    view_->setIndentation(8);
    view_->setTextElideMode(Qt::ElideMiddle); // "mFaceEyeAltR..." and "...AltRight" both say which side
    // T R S V (and a comparison's Difference) as narrow as what they hold; the names as wide as the
    // shown names need, or as the room left (fitNames()).
    header->setMinimumSectionSize(8);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(BoneTreeModel::Name, QHeaderView::Interactive);
    view_->viewport()->installEventFilter(this);
    for (auto changed : {&QTreeView::expanded, &QTreeView::collapsed})
        connect(view_, changed, this, &BoneTreePanel::fitNames, Qt::QueuedConnection);
    connect(proxy_, &QAbstractItemModel::layoutChanged, this, &BoneTreePanel::fitNames, Qt::QueuedConnection);
    connect(proxy_, &QAbstractItemModel::modelReset, this, &BoneTreePanel::fitNames, Qt::QueuedConnection);
    connect(proxy_, &QAbstractItemModel::rowsInserted, this, &BoneTreePanel::fitNames, Qt::QueuedConnection);
    connect(proxy_, &QAbstractItemModel::rowsRemoved, this, &BoneTreePanel::fitNames, Qt::QueuedConnection);
    connect(proxy_, &QAbstractItemModel::dataChanged, this, &BoneTreePanel::fitNames, Qt::QueuedConnection);
    connect(header, &QHeaderView::sectionResized, this, [this](int column) {
        if (column != BoneTreeModel::Name)
            fitNames(); // the Difference column grew or shrank with its text
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(filter_);
    layout->addWidget(view_);

    connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &BoneTreePanel::fromView);
    connect(view_->selectionModel(), &QItemSelectionModel::currentChanged, this, &BoneTreePanel::fromView);
    connect(doc_, &Document::selectionChanged, this, &BoneTreePanel::fromDocument);
    connect(model_, &QAbstractItemModel::modelReset, this, [this] { view_->expandToDepth(2); });
    // A search kept across files hid the next file's bones (a first-use pass saw an empty tree).
    connect(doc_, &Document::sceneChanged, this, [this] {
        if (doc_->path() != searchedIn_)
            filter_->clear();
        searchedIn_ = doc_->path();
    });
    searchedIn_ = doc_->path();
    view_->expandToDepth(2);
}

void BoneTreePanel::fitNames()
{
    if (fitting_)
        return;
    fitting_ = true;
    QHeaderView* header = view_->header();
    int others = 0;
    for (int c = BoneTreeModel::Translation; c < BoneTreeModel::ColumnCount; ++c)
        if (!header->isSectionHidden(c))
            others += header->sectionSize(c);
    // The room the other columns leave while that holds the shown names, or a name of about fourteen
    // letters six levels deep (a whole avatar's face, sixteen levels deep, is then cut in the middle,
    // the key counts kept in sight; the tooltip says each name whole). A dock narrower than that (a
    // comparison's Difference column beside the names) scrolls sideways, the names whole, rather than
    // cutting "mShoulderLeft" to "mS...ft".
    int names = 0;
    for (QModelIndex i = proxy_->index(0, BoneTreeModel::Name); i.isValid(); i = view_->indexBelow(i)) {
        int depth = view_->rootIsDecorated() ? 1 : 0;
        for (QModelIndex up = i.parent(); up.isValid(); up = up.parent())
            ++depth;
        names = std::max(names, depth * view_->indentation() + view_->sizeHintForIndex(i).width());
    }
    const int floor = view_->fontMetrics().horizontalAdvance(QString(14, 'x')) + 6 * view_->indentation();
    const int room = view_->viewport()->width() - others;
    header->resizeSection(BoneTreeModel::Name, std::min(names, floor) <= room ? room : names);
    fitting_ = false;
}

bool BoneTreePanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == view_->viewport() && event->type() == QEvent::Resize)
        fitNames();
    return QWidget::eventFilter(watched, event);
}

void BoneTreePanel::fromView()
{
    if (syncing_)
        return;
    std::vector<int> bones;
    for (const QModelIndex& i : view_->selectionModel()->selectedRows(BoneTreeModel::Name))
        bones.push_back(model_->boneOf(proxy_->mapToSource(i)));
    const QModelIndex cur = view_->selectionModel()->currentIndex();
    int current = model_->boneOf(proxy_->mapToSource(cur));
    if (!view_->selectionModel()->isRowSelected(cur.row(), cur.parent()))
        current = -1;
    syncing_ = true;
    doc_->setSelection(bones, current);
    syncing_ = false;
}

void BoneTreePanel::fromDocument()
{
    if (syncing_)
        return;
    syncing_ = true;
    QItemSelection sel;
    for (int b : doc_->selection()) {
        const QModelIndex i = proxy_->mapFromSource(model_->indexOfBone(b));
        if (i.isValid())
            sel.select(i, i.siblingAtColumn(BoneTreeModel::ColumnCount - 1));
    }
    auto* sm = view_->selectionModel();
    sm->select(sel, QItemSelectionModel::ClearAndSelect);
    const QModelIndex cur = proxy_->mapFromSource(model_->indexOfBone(doc_->currentBone()));
    if (cur.isValid()) {
        sm->setCurrentIndex(cur, QItemSelectionModel::NoUpdate);
        view_->scrollTo(cur);
    }
    syncing_ = false;
}

} // namespace bonescope::gui
