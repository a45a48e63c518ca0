#include "reportwriter.h"

#include <memory>
#include <vector>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <headroom/io/safefile.h>

namespace headroom {

QStringList reportFormatNames()
{
    return { QStringLiteral("md"), QStringLiteral("pdf"), QStringLiteral("csv"), QStringLiteral("json") };
}

std::optional<ReportFormat> reportFormatFromName(const QString &name)
{
    const QString n = name.trimmed().toLower();
    if (n == QLatin1String("md") || n == QLatin1String("markdown"))
        return ReportFormat::Markdown;
    if (n == QLatin1String("pdf"))
        return ReportFormat::Pdf;
    if (n == QLatin1String("csv"))
        return ReportFormat::Csv;
    if (n == QLatin1String("json"))
        return ReportFormat::Json;
    return std::nullopt;
}

std::optional<ReportFormat> reportFormatFromPath(const QString &path)
{
    return reportFormatFromName(QFileInfo(path).suffix());
}

bool reportShowsCharts(ReportFormat format) { return format == ReportFormat::Markdown || format == ReportFormat::Pdf; }

QString reportFilesFolder(const QString &markdownPath)
{
    const QFileInfo info(markdownPath);
    return info.dir().filePath(info.completeBaseName() + QStringLiteral("-files"));
}

namespace {

class ReportWriter
{
    Q_DECLARE_TR_FUNCTIONS(ReportWriter)
};

ReportProblem problem(const QString &path, const FileProblem &p)
{
    return { QDir::toNativeSeparators(path), p.detail };
}

/*!
 * The PNGs, then the .md. Each PNG is written in full to its save file before any is committed,
 * so a write that fails leaves no chart behind; if the .md then fails, the charts this call
 * committed (and a folder it made) are removed again.
 */
ReportProblem writeMarkdown(const Report &report, const QString &path)
{
    const QString folder = reportFilesFolder(path);
    const QString folderName = QFileInfo(folder).fileName();
    const QByteArray text = reportMarkdown(report, folderName);
    if (report.charts.empty()) {
        const FileProblem p = writeFileAtomically(path, text);
        return p.ok() ? ReportProblem{} : problem(path, p);
    }
    if (!QFileInfo(path).dir().exists())
        return { QDir::toNativeSeparators(path), ReportWriter::tr("no such folder") };
    const bool madeFolder = !QFileInfo::exists(folder);
    if (madeFolder && !QDir().mkdir(folder))
        return { QDir::toNativeSeparators(folder), ReportWriter::tr("cannot create the folder") };
    auto undoFolder = [&] {
        if (madeFolder)
            QDir().rmdir(folder);
    };
    std::vector<std::unique_ptr<QSaveFile>> files;
    for (const ReportChart &c : report.charts) {
        auto file = std::make_unique<QSaveFile>(QDir(folder).filePath(c.name + QStringLiteral(".png")));
        if (!file->open(QIODevice::WriteOnly) || file->write(c.png) != c.png.size()) {
            const ReportProblem p{ QDir::toNativeSeparators(file->fileName()), file->errorString() };
            file->cancelWriting();
            for (auto &f : files)
                f->cancelWriting();
            files.clear();
            file.reset();
            undoFolder();
            return p;
        }
        files.push_back(std::move(file));
    }
    QStringList committed;
    for (auto &f : files) {
        if (!f->commit()) {
            const ReportProblem p{ QDir::toNativeSeparators(f->fileName()), f->errorString() };
            for (auto &g : files)
                g->cancelWriting();
            for (const QString &c : committed)
                QFile::remove(c);
            undoFolder();
            return p;
        }
        committed << f->fileName();
    }
    if (const FileProblem p = writeFileAtomically(path, text); !p.ok()) {
        for (const QString &c : committed)
            QFile::remove(c);
        undoFolder();
        return problem(path, p);
    }
    return {};
}

} // namespace

ReportProblem writeReport(const Report &report, ReportFormat format, const QString &path)
{
    QByteArray data;
    switch (format) {
    case ReportFormat::Markdown:
        return writeMarkdown(report, path);
    case ReportFormat::Pdf:
        data = reportPdf(report);
        if (data.isEmpty())
            return { QDir::toNativeSeparators(path), ReportWriter::tr("cannot lay out the PDF") };
        break;
    case ReportFormat::Csv:
        data = reportCsv(report);
        break;
    case ReportFormat::Json:
        data = reportJson(report);
        break;
    }
    const FileProblem p = writeFileAtomically(path, data);
    return p.ok() ? ReportProblem{} : problem(path, p);
}

} // namespace headroom
