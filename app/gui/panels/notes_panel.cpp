#include "app/gui/panels/notes_panel.h"

#include <cmath>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include "app/gui/commands/edit_commands.h"
#include "app/gui/document/document.h"
#include "formats/registry.h"

namespace bonescope::gui {

NotesPanel::NotesPanel(Document* doc, QWidget* parent)
    : QWidget(parent), doc_(doc), table_(new QTableWidget(0, 2, this)), add_(new QPushButton(tr("Add at current frame"), this)),
      delete_(new QPushButton(tr("Delete"), this)), hint_(new QLabel(this))
{
    table_->setObjectName("notesTable");
    table_->setHorizontalHeaderLabels({tr("Frame"), tr("Name")});
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->verticalHeader()->hide();
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    hint_->setWordWrap(true);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(add_);
    buttons->addWidget(delete_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(table_);
    layout->addLayout(buttons);
    layout->addWidget(hint_);
    connect(add_, &QPushButton::clicked, this, &NotesPanel::addNote);
    connect(delete_, &QPushButton::clicked, this, &NotesPanel::deleteNote);
    connect(table_, &QTableWidget::itemChanged, this, &NotesPanel::onItemChanged);
    connect(doc_, &Document::sceneChanged, this, &NotesPanel::refresh);
    connect(doc_, &Document::edited, this, &NotesPanel::refresh);
    refresh();
}

void NotesPanel::refresh()
{
    const QSignalBlocker block(table_);
    const Animation& a = doc_->animation();
    const int current = table_->currentRow();
    table_->setRowCount(int(a.notes.size()));
    for (int i = 0; i < int(a.notes.size()); ++i) {
        const double frame = a.notes[i].time * doc_->fps();
        const bool whole = std::abs(frame - std::round(frame)) < 1e-6;
        const QString texts[2] = {whole ? QString::number(std::llround(frame)) : QString::number(frame, 'f', 3),
                                  QString::fromStdString(a.notes[i].name)};
        // Texts are updated in place: replacing an item would close the editor that is committing it.
        for (int col = 0; col < 2; ++col) {
            if (QTableWidgetItem* item = table_->item(i, col))
                item->setText(texts[col]);
            else
                table_->setItem(i, col, new QTableWidgetItem(texts[col]));
        }
    }
    if (current >= 0 && current < table_->rowCount())
        table_->setCurrentCell(current, table_->currentColumn() < 0 ? 0 : table_->currentColumn());
    const Format* f = Registry::instance().byId(doc_->scene().format);
    const bool carries = f && f->capabilities().notes;
    hint_->setText(carries || doc_->isEmpty() ? QString() : tr("%1 files do not carry notes: they are not saved.")
                                                                  .arg(f ? QString::fromStdString(f->displayName()) : tr("These")));
    hint_->setVisible(!hint_->text().isEmpty());
    add_->setEnabled(!doc_->isEmpty() && doc_->scene().currentAnimation());
    delete_->setEnabled(!a.notes.empty());
}

void NotesPanel::addNote()
{
    const int i = addNoteEdit(doc_, doc_->timeOfFrame(doc_->frame()), tr("note"));
    if (i >= 0) {
        table_->setCurrentCell(i, 1);
        table_->editItem(table_->item(i, 1));
    }
}

void NotesPanel::deleteNote()
{
    const int row = table_->currentRow();
    if (row >= 0)
        deleteNoteEdit(doc_, row);
}

void NotesPanel::onItemChanged(QTableWidgetItem* item)
{
    const int row = item->row();
    if (item->column() == 1) {
        renameNoteEdit(doc_, row, item->text());
        return;
    }
    bool ok = false;
    const double frame = item->text().toDouble(&ok);
    if (!ok || frame < 0 || !std::isfinite(frame)) {
        refresh(); // not a frame number: show the note's frame again
        return;
    }
    const int moved = moveNoteEdit(doc_, doc_->scene(), row, frame / doc_->fps());
    if (moved >= 0) // after the cell editor has closed
        QTimer::singleShot(0, table_, [this, moved] { table_->setCurrentCell(moved, 0); });
}

} // namespace bonescope::gui
