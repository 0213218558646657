// chart_export — saving what a view shows: PNG through QWidget::grab, SVG through QSvgGenerator
// (vector output of the same painting). Used by File > Export chart, the report and the tests.
#pragma once

#include <QString>

class QWidget;

namespace bloomlab::ui {

/// Saves the widget as PNG or SVG, chosen by the file suffix (".png" / ".svg").
/// Returns an empty string on success, else a message for the user.
QString exportWidget(QWidget* widget, const QString& path);
QString exportPng(QWidget* widget, const QString& path);
QString exportSvg(QWidget* widget, const QString& path, const QString& title = {});

} // namespace bloomlab::ui
