#include "ui/chart_export.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>
#include <QWidget>

namespace bloomlab::ui {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("bloomlab::ui::ChartExport", text); }
} // namespace

QString exportPng(QWidget* widget, const QString& path) {
    if (!widget)
        return tr("Nothing to export.");
    const QPixmap pixmap = widget->grab();
    if (pixmap.isNull())
        return tr("The view could not be rendered.");
    if (!pixmap.save(path, "PNG"))
        return tr("Cannot write %1.").arg(QFileInfo(path).absoluteFilePath());
    return {};
}

QString exportSvg(QWidget* widget, const QString& path, const QString& title) {
    if (!widget)
        return tr("Nothing to export.");
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(widget->size());
    generator.setViewBox(QRect(QPoint(0, 0), widget->size()));
    generator.setTitle(title.isEmpty() ? widget->windowTitle() : title);
    generator.setDescription(tr("Exported from BloomLab"));
    {
        QPainter painter;
        if (!painter.begin(&generator))
            return tr("Cannot write %1.").arg(QFileInfo(path).absoluteFilePath());
        widget->render(&painter);
        painter.end();
    }
    if (QFileInfo(path).size() <= 0)
        return tr("Cannot write %1.").arg(QFileInfo(path).absoluteFilePath());
    return {};
}

QString exportWidget(QWidget* widget, const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("svg"))
        return exportSvg(widget, path);
    if (suffix == QLatin1String("png"))
        return exportPng(widget, path);
    return tr("Unknown image type \"%1\": use .png or .svg.").arg(suffix);
}

} // namespace bloomlab::ui
