#include "reportwriter.h"

#include <memory>
#include <vector>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <headroom/io/safefile.h>
#include <headroom/io/safewrite.h>

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
 * The .md and every PNG are written in full under temporary names before anything takes a
 * name, so most failures (a read-only folder, a full disk, a link or a folder at a name) leave
 * the previous report whole. Then the PNGs replace the previous ones, which are kept aside
 * (KeptFile) until the .md is in place: if a rename fails, they are put back, and a folder
 * this call made goes again. Links are refused at the .md's name, at the <name>-files folder
 * and at every chart's name (safewrite.h).
 */
ReportProblem writeMarkdown(const Report &report, const QString &path)
{
    const QString folder = reportFilesFolder(path);
    const QString folderName = QFileInfo(folder).fileName();
    const QByteArray text = reportMarkdown(report, folderName);
    WriteFolder parent;
    if (const FileProblem p = WriteFolder::parentOf(path, parent); !p.ok())
        return problem(path, p);
    PendingFile markdown;
    if (const FileProblem p = PendingFile::write(parent, QFileInfo(path).fileName(), text, markdown); !p.ok())
        return problem(path, p);
    if (report.charts.empty()) {
        const FileProblem p = markdown.commit();
        return p.ok() ? ReportProblem{} : problem(path, p);
    }
    bool madeFolder = false;
    WriteFolder files;
    if (const FileProblem p = WriteFolder::open(folder, true, files, &madeFolder); !p.ok())
        return problem(folder, p);
    std::vector<PendingFile> charts(report.charts.size());
    std::vector<KeptFile> kept(report.charts.size());
    // Puts back what was there and removes a folder this call made; the pending files go first.
    auto undo = [&](std::size_t committed) {
        for (std::size_t i = 0; i < committed; ++i)
            kept[i].restore();
        charts.clear();
        kept.clear();
        if (madeFolder)
            QDir().rmdir(folder);
    };
    for (std::size_t i = 0; i < report.charts.size(); ++i) {
        const QString name = report.charts[i].name + QStringLiteral(".png");
        FileProblem p = PendingFile::write(files, name, report.charts[i].png, charts[i]);
        if (p.ok())
            p = KeptFile::keep(files, name, kept[i]);
        if (!p.ok()) {
            undo(0);
            return problem(files.filePath(name), p);
        }
    }
    for (std::size_t i = 0; i < charts.size(); ++i) {
        if (const FileProblem p = charts[i].commit(); !p.ok()) {
            const QString failed = charts[i].path();
            undo(i);
            return problem(failed, p);
        }
    }
    if (const FileProblem p = markdown.commit(); !p.ok()) {
        undo(charts.size());
        return problem(path, p);
    }
    return {}; // what was kept aside goes with `kept`
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
