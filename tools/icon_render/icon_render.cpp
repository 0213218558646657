// bloomlab-icon-render SVG OUTDIR SIZE...: writes OUTDIR/<N>x<N>/<name>.png for each SIZE, the
// SVG scaled to N x N pixels on a transparent background (the layout of share/icons/hicolor).
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char* argv[]) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: bloomlab-icon-render SVG OUTDIR SIZE...\n");
        return 2;
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");  // a build machine has no display
    QGuiApplication app(argc, argv);
    const QString svgPath = QString::fromLocal8Bit(argv[1]);
    const QDir outDir(QString::fromLocal8Bit(argv[2]));
    QSvgRenderer renderer(svgPath);
    if (!renderer.isValid()) {
        std::fprintf(stderr, "bloomlab-icon-render: cannot read SVG '%s'\n", argv[1]);
        return 1;
    }
    const QString name = QFileInfo(svgPath).completeBaseName();
    for (int i = 3; i < argc; ++i) {
        bool ok = false;
        const int size = QString::fromLatin1(argv[i]).toInt(&ok);
        if (!ok || size < 8 || size > 4096) {
            std::fprintf(stderr, "bloomlab-icon-render: SIZE must be a whole number from 8 to 4096; got '%s'\n", argv[i]);
            return 2;
        }
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setRenderHint(QPainter::SmoothPixmapTransform);
            renderer.render(&painter, QRectF(0, 0, size, size));
        }
        const QString sizeDir = QStringLiteral("%1x%1").arg(size);
        const QString outPath = outDir.filePath(sizeDir + QLatin1Char('/') + name + QStringLiteral(".png"));
        if (!outDir.mkpath(sizeDir) || !image.save(outPath, "PNG")) {
            std::fprintf(stderr, "bloomlab-icon-render: cannot write '%s'\n", qPrintable(outPath));
            return 1;
        }
    }
    return 0;
}
