#include <headroom/io/gpuspectext.h>

#include <QCoreApplication>
#include <QtCore/qcoreapplication.h>
#include <QRegularExpression>

#include <cmath>

#include <headroom/io/quantityparse.h>

namespace headroom {

namespace {

// The messages' translation context.
struct GpuSpecText
{
    Q_DECLARE_TR_FUNCTIONS(GpuSpecText)
};

// "3.35TB/s", "3350GB/s", "900 GB/s" in GB/s (10^9 bytes per second); -1 when not a rate.
double gigabytesPerSecond(QString text)
{
    text = text.trimmed();
    double scale = 0;
    for (const auto &[suffix, factor] : { std::pair{ "TB/s", 1000.0 }, std::pair{ "GB/s", 1.0 }, std::pair{ "MB/s", 0.001 } })
        if (text.endsWith(QLatin1String(suffix), Qt::CaseInsensitive)) {
            text.chop(static_cast<qsizetype>(std::char_traits<char>::length(suffix)));
            scale = factor;
            break;
        }
    bool ok = false;
    const double x = text.trimmed().toDouble(&ok);
    return scale > 0 && ok && std::isfinite(x) && x > 0 ? x * scale : -1;
}

// "989T", "989", "989TFLOPS", "989 TFLOP/s" in TFLOP/s; -1 when not a number.
double teraflops(QString text)
{
    text = text.trimmed();
    for (const char *suffix : { "TFLOP/s", "TFLOPS", "T" })
        if (text.endsWith(QLatin1String(suffix), Qt::CaseInsensitive)) {
            text.chop(static_cast<qsizetype>(std::char_traits<char>::length(suffix)));
            break;
        }
    bool ok = false;
    const double x = text.trimmed().toDouble(&ok);
    return ok && std::isfinite(x) ? x : -1;
}

double plainNumber(const QString &text)
{
    bool ok = false;
    const double x = text.trimmed().toDouble(&ok);
    return ok && std::isfinite(x) ? x : -1;
}

} // namespace

bool parseGpuSpec(const QString &text, GpuSpec &out, QString &error)
{
    GpuSpec g;
    g.matmulEfficiency = 0.8;
    g.matmulEfficiencySource = QStringLiteral("given with --gpu-spec, or 0.8, the measured A100/H100 range (80-87 %)");
    g.pcieGen = 5;
    g.pcieLanes = 16;
    g.gpusPerNode = 8;
    g.networkGbps = 3200;
    g.powerWatts = 700;
    g.capacitySource = QStringLiteral("given with --gpu-spec");
    bool hasName = false, hasMemory = false, hasHbm = false, hasNvlinkGpus = false;
    double bf16 = -1, fp16 = -1, attention = -1, fusedAttention = -1;
    QStringList seen;
    const QStringList entries = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (entries.isEmpty()) {
        error = GpuSpecText::tr("give key=value pairs separated by commas, e.g. name=h100-96gb,memory=96GiB,bf16=989T,hbm=3.35TB/s");
        return false;
    }
    for (const QString &entry : entries) {
        const qsizetype eq = entry.indexOf(QLatin1Char('='));
        const QString key = eq > 0 ? entry.left(eq).trimmed().toLower() : entry.trimmed();
        const QString value = eq > 0 ? entry.mid(eq + 1).trimmed() : QString();
        if (eq <= 0) {
            error = GpuSpecText::tr("\"%1\" is not key=value").arg(entry.left(40));
            return false;
        }
        if (seen.contains(key)) {
            error = GpuSpecText::tr("%1 is given twice").arg(key);
            return false;
        }
        seen << key;
        auto bad = [&](const char *allowed) {
            error = GpuSpecText::tr("%1: \"%2\" is not allowed; %3").arg(key, value.left(40), GpuSpecText::tr(allowed));
            return false;
        };
        if (key == QLatin1String("name")) {
            static const QRegularExpression idPattern(QStringLiteral("^[A-Za-z0-9._-]{1,40}$"));
            if (!idPattern.match(value).hasMatch())
                return bad(QT_TRANSLATE_NOOP("GpuSpecText", "give 1 to 40 letters, digits, '-', '_' or '.'"));
            g.id = g.name = value;
            hasName = true;
        } else if (key == QLatin1String("memory")) {
            bool tooLarge = false;
            const auto b = parseBytes(value.toStdString(), &tooLarge);
            // A bare number would be bytes: a card of 96 bytes is a typo for 96GiB.
            const bool hasUnit = !value.isEmpty() && value.back().isLetter();
            if (!b || !hasUnit || *b < bytes(Count(1) << 30) || *b > bytes(Count(1) << 44))
                return bad(QT_TRANSLATE_NOOP("GpuSpecText", "give 1 GiB to 16 TiB with its unit (e.g. 96GiB, 80GB, 81559MiB)"));
            g.capacity = *b;
            hasMemory = true;
        } else if (key == QLatin1String("bf16") || key == QLatin1String("fp16") || key == QLatin1String("fp8")) {
            const double x = teraflops(value);
            if (!(x > 0 && x <= 1e6))
                return bad(QT_TRANSLATE_NOOP("GpuSpecText", "give dense TFLOP/s above 0, at most 1,000,000 (e.g. 989T)"));
            if (key == QLatin1String("bf16"))
                bf16 = x;
            else if (key == QLatin1String("fp16"))
                fp16 = x;
            else {
                g.tflopsFp8 = x;
                g.fp8 = true;
            }
        } else if (key == QLatin1String("hbm") || key == QLatin1String("nvlink") || key == QLatin1String("pcie")) {
            const double x = gigabytesPerSecond(value);
            if (!(x > 0 && x <= 1e6))
                return bad(QT_TRANSLATE_NOOP("GpuSpecText", "give a rate above 0 with its unit, at most 1,000 TB/s (e.g. 3.35TB/s or 900GB/s)"));
            if (key == QLatin1String("hbm")) {
                g.hbmGBps = x;
                hasHbm = true;
            } else if (key == QLatin1String("nvlink")) {
                g.nvlinkGBps = x;
            } else {
                g.pcieGBps = x;
            }
        } else if (key == QLatin1String("sms")) {
            bool tooLarge = false;
            const auto c = parseCount(value.toStdString(), &tooLarge);
            if (!c || *c < 1 || *c > 4096)
                return bad(QT_TRANSLATE_NOOP("GpuSpecText", "give a whole number of streaming multiprocessors (compute units) from 1 to 4,096"));
            g.sms = *c;
        } else if (key == QLatin1String("nvlink-gpus") || key == QLatin1String("gpus-per-node")) {
            bool tooLarge = false;
            const auto c = parseCount(value.toStdString(), &tooLarge);
            if (!c || *c < 1 || *c > 1024)
                return bad(QT_TRANSLATE_NOOP("GpuSpecText", "give a whole number of GPUs from 1 to 1,024"));
            if (key == QLatin1String("nvlink-gpus")) {
                g.nvlinkGpus = *c;
                hasNvlinkGpus = true;
            } else {
                g.gpusPerNode = *c;
            }
        } else if (key == QLatin1String("efficiency") || key == QLatin1String("attention-efficiency")
                   || key == QLatin1String("fused-attention-efficiency")) {
            const double x = plainNumber(value);
            if (!(x >= 0.05 && x <= 1))
                return bad(QT_TRANSLATE_NOOP("GpuSpecText", "give the share of the dense peak the kernels reach, 0.05 to 1"));
            (key == QLatin1String("efficiency") ? g.matmulEfficiency
             : key == QLatin1String("attention-efficiency") ? attention : fusedAttention) = x;
        } else if (key == QLatin1String("network")) {
            const double x = plainNumber(value.endsWith(QLatin1String("Gbps")) ? value.chopped(4) : value);
            if (!(x > 0 && x <= 1e6))
                return bad(QT_TRANSLATE_NOOP("GpuSpecText", "give Gbit/s per node above 0, at most 1,000,000 (e.g. 3200 or 3200Gbps)"));
            g.networkGbps = x;
        } else if (key == QLatin1String("power")) {
            const double x = plainNumber(value.endsWith(QLatin1Char('W')) ? value.chopped(1) : value);
            if (!(x > 0 && x <= 100000))
                return bad(QT_TRANSLATE_NOOP("GpuSpecText", "give the board power in watts above 0, at most 100,000 (e.g. 700W)"));
            g.powerWatts = x;
        } else if (key == QLatin1String("price") || key == QLatin1String("purchase")) {
            const double x = plainNumber(value.startsWith(QLatin1Char('$')) ? value.mid(1) : value);
            if (!(x >= 0 && x <= (key == QLatin1String("price") ? 1e6 : 1e7)))
                return bad(key == QLatin1String("price") ? QT_TRANSLATE_NOOP("GpuSpecText", "give USD per GPU-hour from 0 to 1,000,000")
                                                         : QT_TRANSLATE_NOOP("GpuSpecText", "give USD per card from 0 to 10,000,000"));
            (key == QLatin1String("price") ? g.pricePerHourUsd : g.purchaseUsd) = x;
        } else {
            error = GpuSpecText::tr("unknown key \"%1\"; allowed: %2")
                            .arg(key.left(40), QStringLiteral("name, memory, bf16, fp16, fp8, hbm, nvlink, nvlink-gpus, pcie, sms, efficiency, "
                                                              "attention-efficiency, fused-attention-efficiency, gpus-per-node, network, power, "
                                                              "price, purchase"));
            return false;
        }
    }
    for (const auto &[given, key] : { std::pair{ hasName, "name" }, std::pair{ hasMemory, "memory" }, std::pair{ hasHbm, "hbm" } })
        if (!given) {
            error = GpuSpecText::tr("%1 is required (e.g. name=h100-96gb,memory=96GiB,bf16=989T,hbm=3.35TB/s)").arg(QLatin1String(key));
            return false;
        }
    if (bf16 < 0 && fp16 < 0) {
        error = GpuSpecText::tr("bf16 or fp16 is required: the card's dense 16-bit TFLOP/s (e.g. bf16=989T)");
        return false;
    }
    g.bf16 = bf16 > 0;
    g.tflopsBf16 = bf16 > 0 ? bf16 : 0;
    g.tflopsFp16 = fp16 > 0 ? fp16 : bf16;
    // Not given: 0, attention priced as any other matmul, as for a catalogue card that gives none.
    g.attentionEfficiency = attention > 0 ? attention : 0;
    g.fusedAttentionEfficiency = fusedAttention > 0 ? fusedAttention : 0;
    if (!hasNvlinkGpus)
        g.nvlinkGpus = g.nvlinkGBps > 0 ? 8 : 0;
    if (g.pcieGBps <= 0)
        g.pcieGBps = 0; // PCIe 5.0 x16 through pcieGen/pcieLanes
    out = g;
    return true;
}

QString gpuSpecText(const GpuSpec &g)
{
    QStringList parts;
    parts << QStringLiteral("name=") + g.id << QStringLiteral("memory=%1B").arg(qlonglong(countOf(g.capacity)));
    if (g.bf16)
        parts << QStringLiteral("bf16=%1T").arg(g.tflopsBf16, 0, 'g', 10);
    parts << QStringLiteral("fp16=%1T").arg(g.tflopsFp16, 0, 'g', 10);
    if (g.fp8)
        parts << QStringLiteral("fp8=%1T").arg(g.tflopsFp8, 0, 'g', 10);
    parts << QStringLiteral("hbm=%1GB/s").arg(g.hbmGBps, 0, 'g', 10);
    if (g.nvlinkGBps > 0)
        parts << QStringLiteral("nvlink=%1GB/s").arg(g.nvlinkGBps, 0, 'g', 10) << QStringLiteral("nvlink-gpus=%1").arg(qlonglong(g.nvlinkGpus));
    if (g.pcieGBps > 0)
        parts << QStringLiteral("pcie=%1GB/s").arg(g.pcieGBps, 0, 'g', 10);
    if (g.sms > 0)
        parts << QStringLiteral("sms=%1").arg(qlonglong(g.sms));
    if (g.attentionEfficiency > 0)
        parts << QStringLiteral("attention-efficiency=%1").arg(g.attentionEfficiency, 0, 'g', 10);
    if (g.fusedAttentionEfficiency > 0)
        parts << QStringLiteral("fused-attention-efficiency=%1").arg(g.fusedAttentionEfficiency, 0, 'g', 10);
    parts << QStringLiteral("efficiency=%1").arg(g.matmulEfficiency, 0, 'g', 10)

          << QStringLiteral("gpus-per-node=%1").arg(qlonglong(g.gpusPerNode)) << QStringLiteral("network=%1").arg(g.networkGbps, 0, 'g', 10)
          << QStringLiteral("power=%1").arg(g.powerWatts, 0, 'g', 10) << QStringLiteral("price=%1").arg(g.pricePerHourUsd, 0, 'g', 10)
          << QStringLiteral("purchase=%1").arg(g.purchaseUsd, 0, 'g', 10);
    return parts.join(QLatin1Char(','));
}

} // namespace headroom
