// The training front ends' files (frameworkconfig.h: axolotl, LLaMA-Factory, TRL), read as
// they ship: tests/fixtures/frameworks/{axolotl,llamafactory,trl}/ reproduce the keys of public
// example files (each names its repository, path and commit), and facts.json beside them says,
// file by file, what the framework does with it, worked out from the framework's own source at
// that commit (defaults included) independently of Headroom's readers. Every fact is checked
// against the imported scenario; models without a preset must be refused by name; and every
// top-level key of every file must be accounted for (set, "auto", not modelled, without effect
// or unknown), never dropped.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QTest>

#include <headroom/io/catalogue.h>
#include <headroom/io/frameworkconfig.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/lora.h>
#include <headroom/memory/posttraining.h>
#include <headroom/memory/stack.h>

using namespace headroom;

namespace {

QString folder(const char *kind)
{
    return qEnvironmentVariable("HEADROOM_FIXTURES") + QStringLiteral("/frameworks/") + QLatin1String(kind);
}

const Catalogue &catalogue()
{
    static const Catalogue c = [] {
        Catalogue loaded;
        loadCatalogue(findDataDir(), loaded);
        return loaded;
    }();
    return c;
}

ScenarioSpec llama7b()
{
    ScenarioSpec spec = realisticDefaults();
    const QJsonObject root{ { QStringLiteral("schema"), 1 }, { QStringLiteral("model"), QJsonObject{ { QStringLiteral("preset"), QStringLiteral("llama-2-7b") } } } };
    if (!applyScenarioJson(root, catalogue(), spec).ok())
        qFatal("the test scenario does not apply");
    return spec;
}

QJsonObject facts(const char *kind)
{
    QFile f(folder(kind) + QStringLiteral("/facts.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("no facts.json for %s", kind);
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The presets the fixtures' models are (or are a post-trained variant of), read off the model
// cards: the same architecture, only the weights differ. Any other model has no preset.
QString expectedPreset(const QString &model)
{
    static const QList<std::pair<const char *, const char *>> known = {
        { "Qwen/Qwen2.5-0.5B", "qwen2.5-0.5b" },          { "Qwen/Qwen2.5-0.5B-Instruct", "qwen2.5-0.5b" },
        { "Qwen/Qwen2.5-1.5B-Instruct", "qwen2.5-1.5b" }, { "Qwen/Qwen2.5-7B-Instruct", "qwen2.5-7b" },
        { "Qwen/Qwen2.5-72B", "qwen2.5-72b" },            { "Qwen/Qwen3-8B", "qwen3-8b" },
        { "google/gemma-2-2b", "gemma-2-2b" },            { "google/gemma-2-9b", "gemma-2-9b" },
        { "meta-llama/Llama-3.1-8B", "llama-3.1-8b" },    { "meta-llama/Llama-3.2-1B", "llama-3.2-1b" },
        { "meta-llama/Llama-3.2-3B", "llama-3.2-3b" },    { "meta-llama/Meta-Llama-3-8B-Instruct", "llama-3-8b" },
        { "microsoft/Phi-3-mini-4k-instruct", "phi-3-mini-4k" }, { "mistralai/Mistral-7B-v0.1", "mistral-7b" },
        { "mistralai/Mixtral-8x7B-v0.1", "mixtral-8x7b" },        { "Qwen/Qwen3-32B", "qwen3-32b" },
    };
    for (const auto &[hub, id] : known)
        if (model == QLatin1String(hub))
            return QLatin1String(id);
    return {};
}

// Hugging Face module names to Headroom's targets (the models' own attribute names).
unsigned expectedTargets(const QJsonValue &targets)
{
    if (targets.toString() == QLatin1String("all-linear"))
        return *loraTargetsFromText("all");
    QStringList ours;
    const QList<std::pair<const char *, const char *>> names = { { "q_proj", "q" },       { "k_proj", "k" },   { "v_proj", "v" },
                                                                 { "o_proj", "o" },       { "gate_proj", "gate" }, { "up_proj", "up" },
                                                                 { "down_proj", "down" } };
    QStringList given;
    if (targets.isArray())
        for (const QJsonValue &t : targets.toArray())
            given << t.toString().section(QLatin1Char('.'), -1);
    else
        given = targets.toString().split(QLatin1Char(','));
    for (const auto &[hf, t] : names)
        if (given.contains(QLatin1String(hf)))
            ours << QLatin1String(t);
    return *loraTargetsFromText(ours.join(QLatin1Char(',')).toStdString());
}

// transformers' optim names (training_args.py OptimizerNames) as Headroom's optimizer and paging.
std::pair<Optimizer, bool> expectedOptimizer(const QString &name)
{
    if (name == QLatin1String("adamw_bnb_8bit") || name == QLatin1String("adamw_8bit"))
        return { Optimizer::Adam8bit, false };
    if (name == QLatin1String("paged_adamw_8bit"))
        return { Optimizer::Adam8bit, true };
    if (name == QLatin1String("paged_adamw_32bit"))
        return { Optimizer::AdamW, true };
    if (name == QLatin1String("adamw_torch_4bit"))
        return { *optimizerFromName("adamw4bit"), false };
    if (name == QLatin1String("adamw_torch_8bit"))
        return { *optimizerFromName("adamw8bit-torchao"), false };
    return { Optimizer::AdamW, false };
}

// ZeRO stage and offload of the DeepSpeed files the fixtures name, read off the JSON by hand.
struct DeepSpeedFacts
{
    int stage;
    Offload offload;
};
DeepSpeedFacts deepSpeedOf(const QString &path)
{
    if (path.endsWith(QLatin1String("zero2.json")))
        return { 2, Offload::Optimizer };
    if (path.endsWith(QLatin1String("zero3_bf16_cpuoffload_all.json")))
        return { 3, Offload::OptimizerAndParams };
    if (path.endsWith(QLatin1String("ds_z0_config.json")))
        return { 0, Offload::None };
    if (path.endsWith(QLatin1String("ds_z2_autotp_config.json")))
        return { 2, Offload::None };
    if (path.endsWith(QLatin1String("ds_z3_config.json")))
        return { 3, Offload::None };
    qFatal("a DeepSpeed file the test does not know: %s", qPrintable(path));
}

// The recipe the file trains with. axolotl and TRL load the model in the 16-bit dtype, so a
// full fine-tune trains 16-bit weights with states of their dtype; LLaMA-Factory upcasts what
// trains to FP32 (model/adapter.py) unless pure_bf16; adapters are FP32 over a 16-bit base;
// DeepSpeed's 16-bit engine keeps FP32 masters whatever the model's dtype.
Recipe expectedRecipe(const char *kind, const QJsonObject &f)
{
    const QString precision = f.value(QStringLiteral("precision")).toString();
    const bool half16 = precision == QLatin1String("fp16");
    if (!f.value(QStringLiteral("deepspeed")).isNull() && f.contains(QStringLiteral("deepspeed")))
        return half16 ? Recipe::Fp16Master : Recipe::Bf16Master;
    if (precision == QLatin1String("bf16-pure"))
        return Recipe::Bf16Pure;
    const bool adapters = f.value(QStringLiteral("adapter")).toString() != QLatin1String("none");
    if (adapters || qstrcmp(kind, "llamafactory") == 0)
        return half16 ? Recipe::AmpFp16 : Recipe::AmpBf16;
    if (qstrcmp(kind, "trl") == 0 && f.value(QStringLiteral("torch_dtype")).toString() != QLatin1String("bfloat16"))
        return Recipe::AmpBf16;
    return half16 ? Recipe::Fp16Pure : Recipe::Bf16Pure;
}

QStringList topLevelKeys(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    static const QRegularExpression key(QStringLiteral("^([A-Za-z_][A-Za-z0-9_]*):"));
    QStringList keys;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (const QRegularExpressionMatch m = key.match(QString::fromUtf8(line)); m.hasMatch())
            keys << m.captured(1);
    return keys;
}

bool accountedFor(const QString &key, const FrameworkImport &import)
{
    QStringList places;
    for (const FrameworkSetting &s : import.settings)
        places << s.source;
    for (const FrameworkNote &n : import.notes)
        places << n.key;
    for (const QString &p : places)
        if (p == key || p.startsWith(key + QLatin1Char('.')) || p.startsWith(key + QLatin1Char(' ')) || p.startsWith(key + QLatin1Char('[')))
            return true;
    return false;
}

} // namespace

class TestFrontendConfigs : public QObject
{
    Q_OBJECT

private slots:
    void everyFixtureAsItsFrameworkReadsIt_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QJsonObject>("fact");
        int rows = 0;
        for (const char *kind : { "axolotl", "llamafactory", "trl" }) {
            const QJsonObject all = facts(kind);
            for (auto it = all.begin(); it != all.end(); ++it) {
                QTest::newRow(qPrintable(QLatin1String(kind) + QLatin1Char('/') + it.key()))
                        << QString::fromLatin1(kind) << folder(kind) + QLatin1Char('/') + it.key() << it.value().toObject();
                ++rows;
            }
        }
        QVERIFY(rows >= 70);
    }

    void everyFixtureAsItsFrameworkReadsIt()
    {
        QFETCH(QString, kind);
        QFETCH(QString, file);
        QFETCH(QJsonObject, fact);
        const FrameworkKind k = kind == QLatin1String("axolotl") ? FrameworkKind::Axolotl
                : kind == QLatin1String("trl")                   ? FrameworkKind::Trl
                                                                 : FrameworkKind::LlamaFactory;
        // A key given twice (PyYAML keeps the last) is refused naming it, whatever the kind.
        const QStringList keys = topLevelKeys(file);
        QString twice;
        for (const QString &key : keys)
            if (keys.count(key) > 1)
                twice = key;
        FrameworkKind detected = FrameworkKind::DeepSpeed;
        const FrameworkError kindError = detectFrameworkKind(file, detected);
        if (!twice.isEmpty()) {
            QVERIFY(!kindError.ok());
            QVERIFY2(kindError.key.contains(twice) && kindError.problem.contains(QLatin1String("twice")), qPrintable(kindError.text()));
            return;
        }
        QVERIFY2(kindError.ok(), qPrintable(kindError.text()));
        QCOMPARE(detected, k);
        // TRL's defaults are read as TRL 1.x (the trl CLI) has them; a fact about a file read by a
        // TRL before 0.19 (or a script that adds its own defaults) is checked where the file
        // itself says it.
        static const QRegularExpression version(QStringLiteral("trl (\\d+)\\.(\\d+)"));
        const QString reader = fact.value(QStringLiteral("reader")).toString();
        const QRegularExpressionMatch v = version.match(reader);
        const bool defaultsApply = kind != QLatin1String("trl") || reader.contains(QLatin1String("trl CLI"))
                || (v.hasMatch() && (v.captured(1).toInt() > 0 || v.captured(2).toInt() >= 19) && !reader.contains(QLatin1String("run_")));
        ScenarioSpec spec = llama7b();
        FrameworkImport import;
        FrameworkError e = readFrameworkConfig(k, file, spec.scenario, import);
        const QString model = fact.value(QStringLiteral("model")).toString();
        const QString preset = expectedPreset(model);
        if (!e.ok()) {
            // Refused while reading: only for what the framework does that Headroom says it does
            // not model (LLaMA-Factory's freeze tuning and BAdam).
            QVERIFY2(e.problem.contains(QLatin1String("not model")), qPrintable(e.text()));
            return;
        }
        for (const QString &key : keys)
            QVERIFY2(accountedFor(key, import), qPrintable(file + QStringLiteral(": ") + key + QStringLiteral(" dropped unsaid")));
        e = applyFrameworkImport(import, catalogue(), spec);
        if (preset.isEmpty()) {
            QVERIFY2(!e.ok(), qPrintable(model));
            QVERIFY2(e.problem.contains(model) && e.problem.contains(QLatin1String("--hf-config")), qPrintable(e.text()));
            // Given the model beside the file, the rest is read.
            ScenarioSpec other = llama7b();
            FrameworkImport again;
            QVERIFY(readFrameworkConfig(k, file, other.scenario, again).ok());
            QVERIFY2(applyFrameworkImport(again, catalogue(), other, FrameworkModel::GivenElsewhere).ok(), qPrintable(file));
            QCOMPARE(other.presetId, QStringLiteral("llama-2-7b"));
            return;
        }
        QVERIFY2(e.ok(), qPrintable(e.text()));
        QCOMPARE(spec.presetId, preset);
        const Scenario &s = spec.scenario;
        const QString method = fact.value(QStringLiteral("method")).toString();
        QCOMPARE(s.training.method, *trainingMethodFromName(method == QLatin1String("pretrain") ? "sft" : method.toStdString()));
        const bool lengthSaid = keys.contains(QLatin1String("max_length")) || keys.contains(QLatin1String("max_seq_length"))
                || kind != QLatin1String("trl");
        if (method != QLatin1String("grpo") && fact.value(QStringLiteral("seq")).isDouble() && (defaultsApply || lengthSaid))
            QCOMPARE(s.training.sequence, Count(fact.value(QStringLiteral("seq")).toDouble()));
        if (method == QLatin1String("grpo") && fact.value(QStringLiteral("num_generations")).isDouble())
            QCOMPARE(s.training.generations, Count(fact.value(QStringLiteral("num_generations")).toDouble()));
        QCOMPARE(s.training.microBatch, Count(fact.value(QStringLiteral("micro_batch")).toDouble()));
        if (fact.value(QStringLiteral("grad_accum")).isDouble())
            QCOMPARE(s.training.gradAccumSteps, Count(fact.value(QStringLiteral("grad_accum")).toDouble()));
        if (fact.value(QStringLiteral("gradient_checkpointing")).isBool() && (defaultsApply || keys.contains(QLatin1String("gradient_checkpointing"))))
            QCOMPARE(s.training.recompute == Recompute::Full, fact.value(QStringLiteral("gradient_checkpointing")).toBool());
        if (method != QLatin1String("grpo") && fact.value(QStringLiteral("packing")).isBool() && defaultsApply)
            QCOMPARE(s.training.packed, fact.value(QStringLiteral("packing")).toBool());
        // The adapters and the base under them.
        const QString adapter = fact.value(QStringLiteral("adapter")).toString();
        const int bits = fact.value(QStringLiteral("quant_bits")).toInt();
        if (adapter == QLatin1String("none")) {
            QCOMPARE(s.lora.mode, AdapterMode::None);
        } else {
            QCOMPARE(s.lora.mode, bits == 0 ? AdapterMode::Lora : AdapterMode::Qlora);
            if (bits == 8)
                QCOMPARE(s.stack.quantBase, QuantBase::Int8);
            if (bits == 4)
                QVERIFY(isBnbNf4(s.stack.quantBase));
            if (fact.value(QStringLiteral("lora_r")).isDouble())
                QCOMPARE(s.lora.rank, Count(fact.value(QStringLiteral("lora_r")).toDouble()));
            if (!fact.value(QStringLiteral("lora_targets")).isNull())
                QCOMPARE(s.lora.targets, expectedTargets(fact.value(QStringLiteral("lora_targets"))));
        }
        if (fact.value(QStringLiteral("optimizer")).isString() && fact.value(QStringLiteral("optimizer")).toString() != QLatin1String("rmsprop")) {
            const auto [optimizer, paged] = expectedOptimizer(fact.value(QStringLiteral("optimizer")).toString());
            QCOMPARE(s.training.precision.optimizer, optimizer);
            QCOMPARE(s.stack.pagedOptimizer, paged);
        }
        const QString attention = fact.value(QStringLiteral("attention")).toString();
        if (attention.startsWith(QLatin1String("flash")))
            QCOMPARE(s.activations.attention, AttentionKernel::Flash);
        // Sharding: the DeepSpeed file named, or the Trainer's FSDP.
        if (fact.value(QStringLiteral("deepspeed")).isString()) {
            const DeepSpeedFacts ds = deepSpeedOf(fact.value(QStringLiteral("deepspeed")).toString());
            QCOMPARE(int(s.parallel.zero), ds.stage);
            QCOMPARE(s.parallel.offload, ds.offload);
        } else if (fact.value(QStringLiteral("fsdp")).toBool()) {
            QCOMPARE(int(s.parallel.zero), fact.value(QStringLiteral("fsdp_reshard")) == QJsonValue(false) ? 2 : 3);
            if (fact.value(QStringLiteral("fsdp_offload")).isBool())
                QCOMPARE(s.parallel.offload == Offload::OptimizerAndParams, fact.value(QStringLiteral("fsdp_offload")).toBool());
        }
        if (fact.value(QStringLiteral("precision")).isString())
            QCOMPARE(s.training.precision.recipe, expectedRecipe(qPrintable(kind), fact));
    }

    // torchtitan's TOML at its three layouts (tests/fixtures/frameworks/torchtitan/, facts.json):
    // the flavor's preset, the batch and sequence, the degrees, FSDP2's sharding (fully sharded
    // unless pipeline parallel, "default"), BF16 gathers over FP32 weights, the checkpointing
    // policy, FP8 and compile. Flavors without a preset are refused naming model.flavor.
    void torchtitanAsItReadsIt_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QJsonObject>("fact");
        const QJsonObject all = facts("torchtitan");
        for (auto it = all.begin(); it != all.end(); ++it)
            QTest::newRow(qPrintable(it.key())) << folder("torchtitan") + QLatin1Char('/') + it.key() << it.value().toObject();
        QVERIFY(all.size() >= 16);
    }

    void torchtitanAsItReadsIt()
    {
        QFETCH(QString, file);
        QFETCH(QJsonObject, fact);
        FrameworkKind detected = FrameworkKind::DeepSpeed;
        QVERIFY(detectFrameworkKind(file, detected).ok());
        QCOMPARE(detected, FrameworkKind::Torchtitan);
        ScenarioSpec spec = llama7b();
        FrameworkImport import;
        QVERIFY(readFrameworkConfig(FrameworkKind::Torchtitan, file, spec.scenario, import).ok());
        // Every [section] is accounted for.
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        static const QRegularExpression header(QStringLiteral("^\\[([a-z0-9_]+)"));
        for (const QByteArray &line : f.readAll().split('\n'))
            if (const QRegularExpressionMatch m = header.match(QString::fromUtf8(line)); m.hasMatch())
                QVERIFY2(accountedFor(m.captured(1), import), qPrintable(m.captured(1)));
        // Flavors with a preset, by the flavor's shapes (torchtitan/models/*/__init__.py).
        const QString model = fact.value(QStringLiteral("model_name")).toString() + QLatin1Char(' ') + fact.value(QStringLiteral("flavor")).toString();
        const QMap<QString, QString> presets = { { QStringLiteral("llama3 8B"), QStringLiteral("llama-3.1-8b") },
                                                 { QStringLiteral("llama3 70B"), QStringLiteral("llama-3.1-70b") },
                                                 { QStringLiteral("llama3 405B"), QStringLiteral("llama-3.1-405b") },
                                                 { QStringLiteral("deepseek_v3 16B"), QStringLiteral("deepseek-v2-lite") },
                                                 { QStringLiteral("deepseek_v3 671B"), QStringLiteral("deepseek-v3") },
                                                 { QStringLiteral("qwen3 0.6B"), QStringLiteral("qwen3-0.6b") },
                                                 { QStringLiteral("qwen3 32B"), QStringLiteral("qwen3-32b") },
                                                 { QStringLiteral("qwen3 30B-A3B"), QStringLiteral("qwen3-30b-a3b") } };
        const FrameworkError e = applyFrameworkImport(import, catalogue(), spec);
        if (!presets.contains(model)) {
            QVERIFY(!e.ok());
            QCOMPARE(e.key, QStringLiteral("model.flavor"));
            return;
        }
        QVERIFY2(e.ok(), qPrintable(e.text()));
        const Scenario &s = spec.scenario;
        QCOMPARE(spec.presetId, presets.value(model));
        QCOMPARE(s.stack.stack, TrainingStack::Fsdp2);
        QCOMPARE(s.training.sequence, Count(fact.value(QStringLiteral("seq")).toDouble()));
        QCOMPARE(s.training.microBatch, Count(fact.value(QStringLiteral("local_batch")).toDouble()));
        QCOMPARE(s.parallel.tensorParallel, Count(fact.value(QStringLiteral("tp")).toDouble()));
        QCOMPARE(s.parallel.pipelineParallel, Count(fact.value(QStringLiteral("pp")).toDouble()));
        QCOMPARE(s.parallel.contextParallel, Count(fact.value(QStringLiteral("cp")).toDouble()));
        QCOMPARE(s.parallel.expertParallel, Count(fact.value(QStringLiteral("ep")).toDouble()));
        const bool sharded = fact.value(QStringLiteral("dp_shard")).toInt() != 1;
        QCOMPARE(int(s.parallel.zero), !sharded ? 0 : fact.value(QStringLiteral("pp")).toInt() > 1 ? 2 : 3);
        QCOMPARE(s.training.precision.recipe,
                 sharded && fact.value(QStringLiteral("mixed_precision_param")).toString() == QLatin1String("bfloat16") ? Recipe::AmpBf16 : Recipe::Fp32);
        const QString ac = fact.value(QStringLiteral("activation_checkpoint")).toString();
        if (ac == QLatin1String("selective-op")) {
            QCOMPARE(s.training.recompute, Recompute::Op);
        } else if (ac.startsWith(QLatin1String("selective-layer-"))) {
            QCOMPARE(s.training.recompute, Recompute::Full);
            QCOMPARE(s.training.recomputeEvery, Count(ac.section(QLatin1Char('-'), -1).toLongLong()));
        } else {
            QCOMPARE(s.training.recompute, ac == QLatin1String("full") ? Recompute::Full : Recompute::None);
        }
        QCOMPARE(s.training.precision.fp8 != Fp8Recipe::Off, fact.value(QStringLiteral("float8")).toBool());
        const QJsonArray components = fact.value(QStringLiteral("compile_components")).toArray();
        QCOMPARE(s.stack.compile, fact.value(QStringLiteral("compile")).toBool() && (components.isEmpty() || components.contains(QJsonValue(QStringLiteral("model")))));
    }

    // TOML read as TOML 1.0.0 says; what torchtitan never writes is refused by name.
    void tomlAsTheSpecReadsIt()
    {
        const QByteArray good = "# c\n[model]\nname = \"llama3\" # trailing\nflavor = '8B'\n[training]\nseq_len = 8_192\nlocal_batch_size = 0x2\n"
                                "steps = 1e3\n[parallelism]\ntensor_parallel_degree = 2\n[optimizer]\nname = \"AdamW\"\n"
                                "[model.extra]\nlist = [ 1,\n  2, # two\n]\ninline = { a = 1, b.c = \"x\" }\n";
        FrameworkImport import;
        FrameworkError e = parseFrameworkConfig(FrameworkKind::Torchtitan, good, QStringLiteral("t.toml"), llama7b().scenario, import);
        QVERIFY2(e.ok(), qPrintable(e.text()));
        ScenarioSpec spec = llama7b();
        QVERIFY(applyFrameworkImport(import, catalogue(), spec).ok());
        QCOMPARE(spec.scenario.training.sequence, Count(8192));
        QCOMPARE(spec.scenario.training.microBatch, Count(2));
        QCOMPARE(spec.scenario.parallel.tensorParallel, Count(2));
        const QList<std::pair<QByteArray, QString>> bad = {
            { "[a]\nx = 1\nx = 2\n", QStringLiteral("given twice") },
            { "[a]\n[a]\n", QStringLiteral("defined twice") },
            { "[[a]]\nx = 1\n", QStringLiteral("array of tables") },
            { "[a]\nwhen = 1979-05-27\n", QStringLiteral("date") },
            { "[a]\nx = \"open\n", QStringLiteral("closing quote") },
            { "[a]\nx = 1 y\n", QStringLiteral("more after a value") },
            { "[a]\nx = yes\n", QStringLiteral("no string, number") },
            { "[a]\nx = [1, 2\n", QStringLiteral("expected") },
        };
        // Many keys read (every table taken out of its parent while it changes: never copied);
        // more values than kMaxFrameworkValues refused, as in YAML.
        QByteArray many = "[model]\nname = \"llama3\"\nflavor = \"8B\"\n[a]\n";
        for (int i = 0; i < 20000; ++i)
            many += "k" + QByteArray::number(i) + " = " + QByteArray::number(i) + "\n";
        FrameworkImport wide;
        e = parseFrameworkConfig(FrameworkKind::Torchtitan, many, QStringLiteral("wide.toml"), llama7b().scenario, wide);
        QVERIFY2(e.ok(), qPrintable(e.text()));
        QByteArray tooMany = "[a]\nx = [" + QByteArray("1,").repeated(kMaxFrameworkValues) + "1]\n";
        FrameworkImport none;
        e = parseFrameworkConfig(FrameworkKind::Torchtitan, tooMany, QStringLiteral("many.toml"), llama7b().scenario, none);
        QVERIFY2(!e.ok() && e.text().contains(QLatin1String("100,000 values")), qPrintable(e.text()));
        for (const auto &[text, problem] : bad) {
            FrameworkImport none;
            e = parseFrameworkConfig(FrameworkKind::Torchtitan, text, QStringLiteral("bad.toml"), llama7b().scenario, none);
            QVERIFY2(!e.ok() && e.text().contains(problem), qPrintable(QString::fromUtf8(text) + QStringLiteral(" -> ") + e.text()));
        }
    }
};

QTEST_GUILESS_MAIN(TestFrontendConfigs)
#include "tst_frontendconfigs.moc"
