// The Simplified Chinese catalogue is complete, keeps every placeholder and formula symbol, shows
// no English word a reader would have to translate, and is up to date with the sources.
//
// Each check fails once, listing every offending message ("Context|source" and why), so one run
// names everything the translator still has to do. The rules, precisely:
//
// * Missing: a message that is not vanished or obsolete whose translation is unfinished or empty
//   (any plural form).
// * Placeholders: the multiset of %1..%99, %L1..%L99, %n and %Ln in the source equals the one in
//   each translated form.
// * Formula symbols: the multiset of, in this order of extraction,
//   - option names "--name" (lower case, digits, hyphens);
//   - `backticked` spans, whole;
//   - units GB, GiB, MB, MiB, KB, KiB, kB, TB, TiB, PB, PiB as whole words;
//   - formula atoms: in every maximal run of [A-Za-z0-9.+*/^=()ΨΣ×·²³⌈⌉√] that contains one of
//     × · ² ³ ^ = ⌈ ⌉ √ (characters prose never uses), each identifier, each number and each of
//     those operator characters;
//   - single-letter symbols left after removing the above: a letter standing alone (not part of a
//     word, a number, "n/a", the plural "(s)" or an abbreviation like "e.g."), except "a", "I",
//     and "A" opening a sentence (the English article);
//   is the same in the source and in each translated form.
// * English words: after removing markup, placeholders, option names with a lower-case value
//   ("--recompute full") and command names ("headroom-cli fit", the program "headroom-report"), backticked, quoted ("…", “…”, «…») and bracketed usage spans
//   (<command>, [options]), and code-like ASCII tokens (containing '.', '_', '/', ':', '=' or a
//   digit: config.json, fused:, ZeRO-3), every remaining ASCII word of two or more letters must
//   be on kAllowedWords below (case-insensitively): units, products and libraries, authors cited,
//   and the identifiers and ML terms Chinese technical writing keeps in English. Acronyms (GPU)
//   and names with inner capitals (DeepSpeed, RMSNorm) pass by their shape, and so does a
//   hyphenated compound with one such part (ZeRO-Offload). A source that is a single lower-case
//   identifier (dtype, gate) may stay as it is.
// * Up to date: lupdate, run over the same sources the update_translations target reads (the
//   project file translations/CMakeLists.txt generates), writes a catalogue into a temporary
//   folder; its messages (context, source, disambiguation) must be exactly the non-obsolete
//   messages of the checked-in .ts.

#include <QDir>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <algorithm>

namespace {

struct Message
{
    QString context;
    QString source;
    QString disambiguation;
    QStringList forms; //!< the translation, or each plural form
    bool unfinished = false;
    bool obsolete = false;
    bool numerus = false;

    QString key() const
    {
        return context + QLatin1Char('|') + source + (disambiguation.isEmpty() ? QString() : QLatin1Char('|') + disambiguation);
    }
};

//! Reads a Qt Linguist .ts file; \a error says why it could not.
QList<Message> readTs(const QString &path, QString *error)
{
    QList<Message> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open %1: %2").arg(path, file.errorString());
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("context")) {
            context.clear();
        } else if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            Message m;
            m.context = context;
            m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            while (xml.readNextStartElement()) {
                if (xml.name() == QLatin1String("source")) {
                    m.source = xml.readElementText();
                } else if (xml.name() == QLatin1String("comment")) {
                    m.disambiguation = xml.readElementText();
                } else if (xml.name() == QLatin1String("translation")) {
                    const QStringView type = xml.attributes().value(QLatin1String("type"));
                    m.unfinished = type == QLatin1String("unfinished");
                    m.obsolete = type == QLatin1String("vanished") || type == QLatin1String("obsolete");
                    if (m.numerus) {
                        while (xml.readNextStartElement()) {
                            if (xml.name() == QLatin1String("numerusform"))
                                m.forms << xml.readElementText();
                            else
                                xml.skipCurrentElement();
                        }
                    } else {
                        m.forms << xml.readElementText();
                    }
                } else {
                    xml.skipCurrentElement();
                }
            }
            messages << m;
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return messages;
}

QString tsPath()
{
    return QStringLiteral(HEADROOM_SOURCE_DIR "/translations/headroom_zh_CN.ts");
}

// One line per offender, the source cut short so that a list of fifty stays readable.
QString offender(const Message &m, const QString &why)
{
    QString source = m.source;
    source.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    if (source.size() > 90)
        source = source.left(87) + QStringLiteral("...");
    return QStringLiteral("  %1|%2: %3").arg(m.context, source, why);
}

void failWith(const QString &what, const QStringList &offenders)
{
    if (offenders.isEmpty())
        return;
    QFAIL(qPrintable(QStringLiteral("%1 (%2):\n%3").arg(what).arg(offenders.size()).arg(offenders.join(QLatin1Char('\n')))));
}

QStringList sorted(QStringList list)
{
    list.sort();
    return list;
}

QStringList matches(const QRegularExpression &re, const QString &text)
{
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    return found;
}

QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%L?(?:[1-9][0-9]?|n)(?![0-9])"));
    return sorted(matches(re, text));
}

// Removes what is not prose: tags, entities, the keyboard mnemonic ("(&F)" in a translation,
// "&File" in a source).
QString withoutMarkup(QString text)
{
    static const QRegularExpression tags(QStringLiteral("<[a-zA-Z/!][^<>]*>"));
    static const QRegularExpression entities(QStringLiteral("&[a-z]+;|&#[0-9]+;"));
    static const QRegularExpression mnemonicSuffix(QStringLiteral("\\(&[A-Za-z0-9]\\)"));
    static const QRegularExpression mnemonic(QStringLiteral("&(?=[A-Za-z0-9])"));
    text.replace(mnemonicSuffix, QString());
    text.replace(tags, QStringLiteral(" "));
    text.replace(entities, QStringLiteral(" "));
    text.replace(QStringLiteral("&&"), QStringLiteral("&"));
    text.replace(mnemonic, QString());
    return text;
}

// Takes every match of \a re out of \a text (replaced by a space) and returns the matches.
QStringList extract(const QRegularExpression &re, QString &text)
{
    const QStringList found = matches(re, text);
    text.replace(re, QStringLiteral(" "));
    return found;
}

QStringList formulaSymbols(const QString &original)
{
    static const QRegularExpression options(QStringLiteral("(?<![A-Za-z0-9_-])--[a-z][a-z0-9-]*"));
    static const QRegularExpression backticks(QStringLiteral("`[^`]*`"));
    static const QRegularExpression units(QStringLiteral("(?<![A-Za-z0-9_])(?:GB|GiB|MB|MiB|KB|KiB|kB|TB|TiB|PB|PiB)(?![A-Za-z0-9_])"));
    static const QRegularExpression run(QStringLiteral("[A-Za-z0-9.+*/^=()ΨΣ×·²³⌈⌉√]+"));
    static const QRegularExpression operators(QStringLiteral("[×·²³^=⌈⌉√]"));
    static const QRegularExpression atom(QStringLiteral("[A-Za-zΨΣ]+|[0-9]+(?:\\.[0-9]+)?|[×·²³^=⌈⌉√]"));
    static const QRegularExpression letter(QStringLiteral("(?<![A-Za-z0-9_.'/-])[A-Za-z](?![A-Za-z0-9_/-]|\\.[A-Za-z])"));
    static const QRegularExpression plural(QStringLiteral("(?<=[A-Za-z])\\(s\\)"));
    static const QRegularExpression sentenceStart(QStringLiteral("(?:^|[.!?。])$"));

    QString text = withoutMarkup(original);
    text.replace(QRegularExpression(QStringLiteral("%L?(?:[1-9][0-9]?|n)")), QStringLiteral(" "));
    text.replace(plural, QString());
    QStringList symbols = extract(options, text);
    symbols += extract(backticks, text);
    symbols += extract(units, text);
    QString rest;
    qsizetype last = 0;
    for (auto it = run.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (!m.captured(0).contains(operators))
            continue;
        symbols += matches(atom, m.captured(0));
        rest += text.mid(last, m.capturedStart(0) - last) + QLatin1Char(' ');
        last = m.capturedEnd(0);
    }
    rest += text.mid(last);
    for (auto it = letter.globalMatch(rest); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString l = m.captured(0);
        if (l == QLatin1String("a") || l == QLatin1String("I"))
            continue;
        if (l == QLatin1String("A") && sentenceStart.match(rest.left(m.capturedStart(0)).trimmed()).hasMatch())
            continue;
        symbols << l;
    }
    return sorted(symbols);
}

// What Chinese technical text keeps in Latin letters. Compared case-insensitively.
const QStringList kAllowedWords = {
    // Products, libraries, file formats, frameworks and their features.
    QStringLiteral("Headroom"), QStringLiteral("Qt"), QStringLiteral("Boost"), QStringLiteral("Units"),
    QStringLiteral("ms"), QStringLiteral("swift"), // ms-swift, ModelScope's fine-tuning front end
    QStringLiteral("Software"), QStringLiteral("License"), // the licence's name: "Boost Software License 1.0"
    QStringLiteral("Hugging"), QStringLiteral("Face"), QStringLiteral("Trainer"), QStringLiteral("transformers"),
    QStringLiteral("torch"), QStringLiteral("torchtune"), QStringLiteral("torchao"), QStringLiteral("litgpt"),
    QStringLiteral("torchtitan"), QStringLiteral("Ulysses"), // DeepSpeed-Ulysses, its context parallelism
    QStringLiteral("Pixtral"), // Mistral's vision tower, a model name
    QStringLiteral("even"), QStringLiteral("weighted"), // --pp-layers values the user types
    QStringLiteral("selective"), QStringLiteral("none"), QStringLiteral("sft"), QStringLiteral("dpo"), // --recompute and --method values
    QStringLiteral("fla"), // flash-linear-attention's package, whose kernels Gated DeltaNet runs
    QStringLiteral("Bamba"), QStringLiteral("Granite"), // hybrid models, names
    QStringLiteral("mixer"), // --lora-targets values mixer-in and mixer-out
    QStringLiteral("accelerate"), QStringLiteral("bitsandbytes"), QStringLiteral("Megatron"), QStringLiteral("Apex"),
    QStringLiteral("axolotl"), QStringLiteral("Unsloth"), QStringLiteral("Pro"), // training front ends; LLaMA Pro's expanded blocks
    QStringLiteral("Mamba"), // the state-space architecture (Gu and Dao 2023), a name
    QStringLiteral("attn"), // the flash-attn package
    QStringLiteral("torchrun"), // PyTorch's launcher
    QStringLiteral("Liger"), QStringLiteral("Transformer"), QStringLiteral("Engine"), QStringLiteral("Tensor"),
    QStringLiteral("Core"), QStringLiteral("safetensors"), QStringLiteral("nvidia"), QStringLiteral("smi"),
    QStringLiteral("GShard"), QStringLiteral("Paged"), QStringLiteral("nccl-tests"), QStringLiteral("Markdown"),
    QStringLiteral("md"), // the report's format and file extension
    QStringLiteral("awq"), QStringLiteral("hqq"), // quantized formats, as --qlora-base names them
    QStringLiteral("Muon"), QStringLiteral("Newton"), QStringLiteral("Schulz"), QStringLiteral("Moonlight"), // the optimizer, its iteration, its model
    QStringLiteral("mini"), QStringLiteral("vmean"), QStringLiteral("Zhang"), // Adam-mini, its second moment's name, its author
    QStringLiteral("Lepikhin"), // GShard's first author, cited for expert parallelism
    QStringLiteral("amax"), QStringLiteral("tensorwise"), QStringLiteral("rowwise"), // FP8 scaling: torchao's recipe names
    QStringLiteral("amax_history_len"), QStringLiteral("margin"), // Transformer Engine's DelayedScaling arguments
    QStringLiteral("Hopper"), QStringLiteral("Ada"), QStringLiteral("Lovelace"), QStringLiteral("Blackwell"), // NVIDIA's GPU architectures
    QStringLiteral("Liu"), // DoRA's first author
    QStringLiteral("Zhao"), QStringLiteral("Zhu"), // GaLore's and APOLLO's first authors
    QStringLiteral("peft"),  // the package's path, peft/utils/other.py
    QStringLiteral("paper"), // --stack paper, as typed
    QStringLiteral("in"), QStringLiteral("out"), // a module's in_features and out_features in shape formulas (r × in)
    QStringLiteral("qlora"), QStringLiteral("hf"), QStringLiteral("fsdp"), QStringLiteral("deepspeed"), // values of --lora and --stack
    // Units of bandwidth beside GB/s.
    QStringLiteral("Mbps"), QStringLiteral("Gbps"), QStringLiteral("Tbps"),
    // Models and optimizers by name.
    QStringLiteral("Adam"), QStringLiteral("Adafactor"), QStringLiteral("Lion"), QStringLiteral("Mixtral"),
    QStringLiteral("Qwen"), QStringLiteral("Gemma"), QStringLiteral("Falcon"), QStringLiteral("Pythia"),
    QStringLiteral("Llama"), QStringLiteral("Mistral"), QStringLiteral("adamw"), QStringLiteral("sgd"),
    QStringLiteral("sgd-momentum"),
    // Authors of the papers cited, and the citation's "et al.".
    QStringLiteral("Korthikanti"), QStringLiteral("Narayanan"), QStringLiteral("Shoeybi"), QStringLiteral("Rajbhandari"),
    QStringLiteral("Ren"), QStringLiteral("Hu"), QStringLiteral("Dettmers"), QStringLiteral("Shazeer"),
    QStringLiteral("Stern"), QStringLiteral("Kaplan"), QStringLiteral("Patarasuk"), QStringLiteral("Yuan"),
    QStringLiteral("Emanuel"), QStringLiteral("Eichhammer"), QStringLiteral("et"),
    QStringLiteral("al"),
    // Identifiers: PyTorch and framework calls, options, values and keys quoted as code.
    QStringLiteral("autocast"), QStringLiteral("foreach"), QStringLiteral("autograd"), QStringLiteral("backward"),
    QStringLiteral("dtype"), QStringLiteral("inf"), QStringLiteral("nan"), QStringLiteral("true"), QStringLiteral("false"),
    QStringLiteral("sqrt"), QStringLiteral("min"), QStringLiteral("max"), QStringLiteral("log"), QStringLiteral("absmax"),
    QStringLiteral("eager"), QStringLiteral("flash"), QStringLiteral("optim"), QStringLiteral("export"),
    QStringLiteral("headroom"), QStringLiteral("cli"), QStringLiteral("id"), QStringLiteral("mlm"), QStringLiteral("schema"),
    QStringLiteral("double"), QStringLiteral("stderr"), QStringLiteral("stdout"), QStringLiteral("usd"), QStringLiteral("kind"),
    QStringLiteral("recipe"), QStringLiteral("compile"), QStringLiteral("megatron"), QStringLiteral("transformer"),
    QStringLiteral("unscale"), QStringLiteral("all"), QStringLiteral("gather"), QStringLiteral("gathers"),
    QStringLiteral("scatter"), QStringLiteral("reduce"),
    QStringLiteral("Ctrl"), QStringLiteral("Shift"), QStringLiteral("Tab"), QStringLiteral("Enter"),
    // Terms of the trade kept in English in Chinese writing (the article itself does).
    QStringLiteral("token"), QStringLiteral("tokens"), QStringLiteral("logits"), QStringLiteral("softmax"),
    QStringLiteral("dropout"), QStringLiteral("norm"), QStringLiteral("rank"), QStringLiteral("ulp"),
    QStringLiteral("FLOPs"), QStringLiteral("pooler"), QStringLiteral("kernel"),
    QStringLiteral("eta"), // the matmul efficiency's symbol, η, as the source spells it
};

QStringList englishWords(const QString &original)
{
    static const QRegularExpression spans(QStringLiteral(
            "`[^`]*`|\"[^\"]*\"|“[^”]*”|«[^»]*»|<[a-z][a-z ._-]*>|\\[[a-z][a-z ._-]*\\]|%L?(?:[1-9][0-9]?|n)"
            "|(?<![A-Za-z0-9_-])--?[A-Za-z][A-Za-z0-9-]*(?:[ =][a-z0-9][a-z0-9.-]*(?![A-Za-z]))?"
            "|headroom-(?:cli|report)(?: [a-z][a-z-]*)?"));
    static const QRegularExpression codeLike(QStringLiteral("[\\x21-\\x7E]*[._/=:0-9][\\x21-\\x7E]*"));
    static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z'-]*[A-Za-z]"));
    static const QRegularExpression acronymOrCamel(QStringLiteral("^[A-Z]+s?$|[a-z][A-Z]|[A-Z]{2,}[a-z]"));
    QString text = withoutMarkup(original);
    text.replace(spans, QStringLiteral(" "));
    text.replace(codeLike, QStringLiteral(" "));
    QStringList found;
    // A compound ("ZeRO-Offload", "all-gathers") passes when one part is a name by its shape,
    // else each part must.
    for (const QString &compound : matches(word, text)) {
        const QStringList parts = compound.split(QLatin1Char('-'), Qt::SkipEmptyParts);
        if (kAllowedWords.contains(compound, Qt::CaseInsensitive))
            continue;
        if (std::any_of(parts.cbegin(), parts.cend(), [](const QString &p) { return p.contains(acronymOrCamel); }))
            continue;
        for (QString w : parts) {
            if (w.endsWith(QLatin1String("'s")))
                w.chop(2);
            if (w.size() > 1 && !kAllowedWords.contains(w, Qt::CaseInsensitive))
                found << w;
        }
    }
    return found;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private:
    QList<Message> m_messages;

    QList<Message> live() const
    {
        QList<Message> l;
        std::copy_if(m_messages.cbegin(), m_messages.cend(), std::back_inserter(l), [](const Message &m) { return !m.obsolete; });
        return l;
    }

private slots:
    void initTestCase()
    {
        QString error;
        m_messages = readTs(tsPath(), &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY2(m_messages.size() > 1000, qPrintable(QStringLiteral("only %1 messages in %2").arg(m_messages.size()).arg(tsPath())));
    }

    // The rules themselves, on strings whose answers are plain by reading them.
    void rules()
    {
        QCOMPARE(placeholders(QStringLiteral("%1 of %L2 in %n file(s), 20 % more, %10")),
                 sorted({ QStringLiteral("%1"), QStringLiteral("%L2"), QStringLiteral("%n"), QStringLiteral("%10") }));
        QCOMPARE(formulaSymbols(QStringLiteral("A fused GELU keeps B×S×F with --tp; see `x.y`, 2 GiB")),
                 sorted({ QStringLiteral("B"), QStringLiteral("S"), QStringLiteral("F"), QStringLiteral("×"),
                          QStringLiteral("×"), QStringLiteral("--tp"), QStringLiteral("`x.y`"), QStringLiteral("GiB") }));
        QCOMPARE(formulaSymbols(QStringLiteral("融合的 GELU 保存 B×S×F（--tp）；见 `x.y`，2 GiB")),
                 formulaSymbols(QStringLiteral("A fused GELU keeps B×S×F with --tp; see `x.y`, 2 GiB")));
        QCOMPARE(formulaSymbols(QStringLiteral("e.g. max B and max S, a layer, &Binary")),
                 sorted({ QStringLiteral("B"), QStringLiteral("S") }));
        QCOMPARE(formulaSymbols(QStringLiteral("每层 2·(19·B·S·H + 3·B·A·S²)")).count(QStringLiteral("·")), 7);
        QCOMPARE(englishWords(QStringLiteral("用 DeepSpeed 的 ZeRO-3 和 GPU，config.json 与 --zero 3，\"auto\"")), QStringList());
        QCOMPARE(englishWords(QStringLiteral("增大 batch，检查 checkpoint 的 token")),
                 QStringList({ QStringLiteral("batch"), QStringLiteral("checkpoint") }));
    }

    void everyMessageTranslated()
    {
        QStringList offenders;
        for (const Message &m : live()) {
            const bool empty = m.forms.isEmpty()
                    || std::any_of(m.forms.cbegin(), m.forms.cend(), [](const QString &f) { return f.trimmed().isEmpty(); });
            if (m.unfinished || empty)
                offenders << offender(m, m.unfinished ? QStringLiteral("unfinished") : QStringLiteral("empty"));
        }
        failWith(QStringLiteral("messages without a translation"), offenders);
    }

    void placeholdersKept()
    {
        QStringList offenders;
        for (const Message &m : live()) {
            const QStringList expected = placeholders(m.source);
            for (const QString &form : m.forms) {
                if (form.trimmed().isEmpty())
                    continue; // counted as missing
                const QStringList got = placeholders(form);
                if (got != expected)
                    offenders << offender(m, QStringLiteral("placeholders %1, translation has %2")
                                                     .arg(expected.join(QLatin1Char(' ')), got.join(QLatin1Char(' '))));
            }
        }
        failWith(QStringLiteral("translations that drop or add a placeholder"), offenders);
    }

    void formulaSymbolsKept()
    {
        QStringList offenders;
        for (const Message &m : live()) {
            const QStringList expected = formulaSymbols(m.source);
            for (const QString &form : m.forms) {
                if (form.trimmed().isEmpty())
                    continue;
                const QStringList got = formulaSymbols(form);
                if (got == expected)
                    continue;
                QStringList missing = expected, extra = got;
                for (const QString &s : expected)
                    extra.removeOne(s);
                for (const QString &s : got)
                    missing.removeOne(s);
                offenders << offender(m, QStringLiteral("dropped [%1], added [%2]")
                                                 .arg(missing.join(QLatin1Char(' ')), extra.join(QLatin1Char(' '))));
            }
        }
        failWith(QStringLiteral("translations that drop or add a formula symbol, option, unit or `code`"), offenders);
    }

    void noEnglishWords()
    {
        static const QRegularExpression identifier(QStringLiteral("^[a-z][a-z0-9_]*$"));
        QStringList offenders;
        for (const Message &m : live()) {
            if (identifier.match(m.source).hasMatch())
                continue;
            for (const QString &form : m.forms) {
                QStringList words = englishWords(form);
                words.removeDuplicates();
                if (!words.isEmpty())
                    offenders << offender(m, QStringLiteral("English: %1").arg(words.join(QStringLiteral(", "))));
            }
        }
        failWith(QStringLiteral("translations with English words (see kAllowedWords)"), offenders);
    }

    void upToDateWithTheSources()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString fresh = dir.filePath(QStringLiteral("headroom_zh_CN.ts"));
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(QStringLiteral(HEADROOM_LUPDATE),
                      { QStringLiteral("-project"), QStringLiteral(HEADROOM_LUPDATE_PROJECT), QStringLiteral("-no-obsolete"),
                        QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-ts"), fresh });
        QVERIFY2(lupdate.waitForFinished(120000), "lupdate did not finish in 120 s");
        QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0, lupdate.readAll().constData());
        QString error;
        const QList<Message> fromSources = readTs(fresh, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));

        QMap<QString, Message> inTs, inSources;
        for (const Message &m : live())
            inTs.insert(m.key(), m);
        for (const Message &m : fromSources)
            inSources.insert(m.key(), m);
        QStringList offenders;
        for (auto it = inSources.cbegin(); it != inSources.cend(); ++it)
            if (!inTs.contains(it.key()))
                offenders << offender(it.value(), QStringLiteral("in the sources, not in the .ts"));
        for (auto it = inTs.cbegin(); it != inTs.cend(); ++it)
            if (!inSources.contains(it.key()))
                offenders << offender(it.value(), QStringLiteral("in the .ts, gone from the sources"));
        failWith(QStringLiteral("the .ts differs from the sources (cmake --build <dir> --target update_translations)"), offenders);
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
