#include <headroom/io/histogramfile.h>

#include <headroom/io/safefile.h>

namespace headroom {

HistogramParseResult readHistogramFile(const QString &path)
{
    QByteArray data;
    const FileProblem problem = readRegularFile(path, data);
    if (!problem.ok()) {
        HistogramParseResult result;
        result.error = HistogramError::CannotOpen;
        result.detail = problem.code == FileProblem::Code::NotRegularFile ? QStringLiteral("not a regular file")
                : problem.code == FileProblem::Code::TooLarge
                ? QStringLiteral("larger than %1 bytes").arg(problem.detail)
                : problem.detail;
        return result;
    }
    return parseHistogram(QString::fromUtf8(data));
}

} // namespace headroom
