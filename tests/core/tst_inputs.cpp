// Parsing what people type, validating scenarios, and reading/writing scenario files.

#include <QtTest>

#include <limits>

#include <headroom/io/jsonduplicates.h>
#include <headroom/io/jsonplace.h>
#include <headroom/io/jsoninteger.h>
#include <headroom/io/quantityparse.h>
#include <headroom/io/scenariofile.h>
#include <headroom/memory/validation.h>

using namespace headroom;

class TestInputs : public QObject
{
    Q_OBJECT

private:
    Catalogue m_catalogue;

    static Scenario valid()
    {
        Scenario s;
        s.model.layers = 32;
        s.model.hidden = 4096;
        s.model.heads = 32;
        return s;
    }

private slots:
    void initTestCase() { QCOMPARE(loadCatalogue(findDataDir(), m_catalogue).code, CatalogueError::Code::None); }

    void counts()
    {
        QCOMPARE(parseCount("7000000000"), std::optional<Count>(7'000'000'000));
        QCOMPARE(parseCount("7e9"), std::optional<Count>(7'000'000'000));
        QCOMPARE(parseCount("7B"), std::optional<Count>(7'000'000'000));
        QCOMPARE(parseCount("6.74b"), std::optional<Count>(6'740'000'000));
        QCOMPARE(parseCount("1.5e3"), std::optional<Count>(1500));
        QCOMPARE(parseCount(" 13B "), std::optional<Count>(13'000'000'000));
        QCOMPARE(parseCount("125M"), std::optional<Count>(125'000'000));
        QVERIFY(!parseCount("7.5"));   // not whole
        QVERIFY(!parseCount(""));
        QVERIFY(!parseCount("seven"));
        QVERIFY(!parseCount("7BB"));
        QVERIFY(!parseCount("-7"));
        QVERIFY(!parseCount("1e99"));  // beyond any range, rejected rather than overflowed
    }

    void countsNeverWrap()
    {
        // Regression: the mantissa times its suffix used to be formed unbounded, so these
        // wrapped around 128 bits: 775503514212818758233030730337T was taken as 246,091,776
        // parameters, 316912650057057350374175801346GiB as 2 GiB and 0017...010T as a negative
        // count. Each is now refused as too large.
        bool tooLarge = false;
        QVERIFY(!parseCount("775503514212818758233030730337T", &tooLarge));
        QVERIFY(tooLarge);
        QVERIFY(!parseCount("0017000000000000000000000000010T", &tooLarge));
        QVERIFY(tooLarge);
        QVERIFY(!parseBytes("316912650057057350374175801346GiB", &tooLarge));
        QVERIFY(tooLarge);
        // 2^100 = 1,267,650,600,228,229,401,496,703,205,376 is the last value kept.
        QCOMPARE(parseCount("1267650600228229401496703205376"), std::optional<Count>(Count(1) << 100));
        QVERIFY(!parseCount("1267650600228229401496703205377", &tooLarge));
        QVERIFY(tooLarge);
        // A malformed value is not "too large".
        QVERIFY(!parseCount("7.5", &tooLarge));
        QVERIFY(!tooLarge);
        QVERIFY(!parseCount("1e-50", &tooLarge));
        QVERIFY(!tooLarge);
    }

    void byteSizes()
    {
        QCOMPARE(parseBytes("0"), std::optional<Bytes>(bytes(0)));
        QCOMPARE(parseBytes("2GiB"), std::optional<Bytes>(bytes(2 * kGiB)));
        QCOMPARE(parseBytes("1.5 GB"), std::optional<Bytes>(bytes(1'500'000'000)));
        QCOMPARE(parseBytes("512MiB"), std::optional<Bytes>(bytes(512 * kMiB)));
        QCOMPARE(parseBytes("1024"), std::optional<Bytes>(bytes(1024)));
        QVERIFY(!parseBytes("2 parsecs"));
    }

    void validScenarioHasNoIssues() { QVERIFY(validate(valid()).empty()); }

    void problems_data()
    {
        QTest::addColumn<int>("which");
        QTest::addColumn<int>("field");
        QTest::addColumn<int>("problem");
        QTest::newRow("zero layers") << 0 << int(Field::Layers) << int(Problem::OutOfRange);
        QTest::newRow("negative hidden") << 1 << int(Field::Hidden) << int(Problem::OutOfRange);
        QTest::newRow("heads not dividing hidden") << 2 << int(Field::Heads) << int(Problem::NotDivisible);
        QTest::newRow("kv-heads not dividing heads") << 3 << int(Field::KvHeads) << int(Problem::NotDivisible);
        QTest::newRow("zero batch") << 4 << int(Field::Batch) << int(Problem::OutOfRange);
        QTest::newRow("sequence too long") << 5 << int(Field::Sequence) << int(Problem::OutOfRange);
        QTest::newRow("dropout 1") << 6 << int(Field::Dropout) << int(Problem::OutOfRange);
    }

    void problems()
    {
        QFETCH(int, which);
        QFETCH(int, field);
        QFETCH(int, problem);
        Scenario s = valid();
        switch (which) {
        case 0: s.model.layers = 0; break;
        case 1: s.model.hidden = -4096; break;
        case 2: s.model.heads = 30; break;
        case 3: s.model.kvHeads = 5; break;
        case 4: s.training.microBatch = 0; break;
        case 5: s.training.sequence = 1'000'000'000; break;
        case 6: s.activations.dropout = 1.0; break;
        }
        const ValidationIssues issues = validate(s);
        QVERIFY(!issues.empty());
        QCOMPARE(int(issues.begin()->field), field);
        QCOMPARE(int(issues.begin()->problem), problem);
    }

    void rangesNamed()
    {
        QCOMPARE(fieldName(Field::KvHeads), std::string_view("kv-heads"));
        QCOMPARE(fieldRange(Field::Batch).min, Count(1));
    }

    // Issue 32, item 1: norms-per-layer had no range. 100,000,000 ran for a minute and took
    // 23.5 GB, 7B ended in std::bad_alloc, and 2^64 + 2 wrapped to 2 in the parameter walk's
    // 64-bit counter. No published block has more than 4 norms a layer (Gemma-2): 0 (the
    // family's) to 16 is allowed, and validate() names the field before anything is estimated.
    void normsPerLayerHasARange_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("valid");
        QTest::newRow("family's") << QStringLiteral("0") << true;
        QTest::newRow("Gemma-2's four") << QStringLiteral("4") << true;
        QTest::newRow("sixteen") << QStringLiteral("16") << true;
        QTest::newRow("seventeen") << QStringLiteral("17") << false;
        QTest::newRow("a hundred million") << QStringLiteral("100000000") << false;
        QTest::newRow("7B") << QStringLiteral("7B") << false;
        QTest::newRow("2^64 + 2") << QStringLiteral("18446744073709551618") << false;
        QTest::newRow("negative") << QStringLiteral("-1") << false;
    }

    void normsPerLayerHasARange()
    {
        QFETCH(QString, value);
        QFETCH(bool, valid);
        ScenarioSpec spec = realisticDefaults();
        const QJsonObject in{ { QStringLiteral("schema"), 1 },
                              { QStringLiteral("model"), QJsonObject{ { QStringLiteral("preset"), QStringLiteral("llama-2-7b") },
                                                                      { QStringLiteral("norms-per-layer"), value } } } };
        QVERIFY(applyScenarioJson(in, m_catalogue, spec).ok());
        const ValidationIssues issues = validate(spec.scenario);
        QCOMPARE(issues.hasField(Field::NormsPerLayer), !valid);
        QCOMPARE(issues.empty(), valid);
        if (!valid) {
            QCOMPARE(issues.begin()->problem, Problem::OutOfRange);
            QCOMPARE(issues.begin()->min, Count(0));
            QCOMPARE(issues.begin()->max, Count(16));
            // The value is kept whole for the message, not wrapped.
            QVERIFY(fieldValue(Field::NormsPerLayer, spec.scenario) > 16 || fieldValue(Field::NormsPerLayer, spec.scenario) < 0);
        }
    }

    // Issue 32: every count and size a scenario file or the CLI can set has a range, enforced
    // on reading or by validate(): one below and one above it are refused, naming the key. A
    // new key without a range fails here. The base model has experts and latent attention, so
    // that the keys validate() checks only for such models are in effect.
    void everyCountKeyHasARange()
    {
        const ModelPreset *moe = m_catalogue.preset(QStringLiteral("deepseek-v2-lite"));
        QVERIFY(moe && moe->model.moe.enabled() && moe->model.mla.enabled());
        int checked = 0;
        for (const ScenarioKey &k : scenarioKeys()) {
            if (k.kind != ValueKind::Count && k.kind != ValueKind::Bytes)
                continue;
            const QString key = QLatin1String(k.group) + QLatin1Char('.') + QLatin1String(k.key);
            // The overhead is kept as the CUDA context (scenariofile.cpp); every other key is
            // its field's name.
            const std::optional<Field> field
                    = qstrcmp(k.option, "overhead") == 0 ? std::optional<Field>(Field::CudaContext) : fieldFromName(k.option);
            QVERIFY2(field, qPrintable(key + QStringLiteral(": no field, so no range")));
            const FieldRange r = fieldRange(*field);
            QVERIFY2(r.max > r.min, qPrintable(key));
            QList<Count> outside{ r.max + 1 };
            // A 0 the key's own help offers as a choice ("0: H/A", "0: expert-ffn") is a value
            // in its own right; any other 0 below the range must be refused.
            if (!(r.min == 1 && QByteArray(k.allowed).contains("0:")))
                outside << r.min - 1;
            for (const Count bad : outside) {
                ScenarioSpec spec = realisticDefaults();
                spec.scenario.model = moe->model;
                const QString text = QString::number(qint64(bad));
                const QJsonObject in{ { QStringLiteral("schema"), 1 },
                                      { QLatin1String(k.group), QJsonObject{ { QLatin1String(k.key), text } } } };
                const ScenarioError e = applyScenarioJson(in, m_catalogue, spec);
                const bool refusedOnReading = e.code == ScenarioError::Code::OutOfRange && e.field == key;
                QVERIFY2(refusedOnReading || (e.ok() && validate(spec.scenario).hasField(*field)),
                         qPrintable(key + QStringLiteral(" = ") + text + QStringLiteral(" was accepted")));
                ++checked;
            }
        }
        QVERIFY(checked > 70);
    }

    void fileRoundTrip()
    {
        ScenarioSpec spec;
        const QJsonObject in{
            { QStringLiteral("schema"), 1 },
            { QStringLiteral("model"), QJsonObject{ { QStringLiteral("preset"), QStringLiteral("llama-3-8b") },
                                                    { QStringLiteral("layers"), 16 } } },
            { QStringLiteral("training"), QJsonObject{ { QStringLiteral("batch"), 4 }, { QStringLiteral("seq"), QStringLiteral("8K") },
                                                       { QStringLiteral("recipe"), QStringLiteral("amp-bf16") },
                                                       { QStringLiteral("recompute"), QStringLiteral("full") } } },
            { QStringLiteral("gpu"), QJsonObject{ { QStringLiteral("kind"), QStringLiteral("h100-80gb") } } },
        };
        QVERIFY(applyScenarioJson(in, m_catalogue, spec).ok());
        // The preset is applied first, whatever the key order, so "layers" refines it.
        QCOMPARE(spec.scenario.model.layers, Count(16));
        QCOMPARE(spec.scenario.model.kvHeads, Count(8));
        QCOMPARE(spec.scenario.training.sequence, Count(8000));
        QCOMPARE(spec.scenario.training.precision.recipe, Recipe::AmpBf16);
        QCOMPARE(spec.scenario.gpu.capacity, bytes(81559 * kMiB));

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        QVERIFY(writeScenarioFile(path, spec).ok());
        ScenarioSpec back;
        QVERIFY(readScenarioFile(path, m_catalogue, back).ok());
        QCOMPARE(back.presetId, spec.presetId);
        QCOMPARE(back.gpuId, spec.gpuId);
        QCOMPARE(back.scenario.model.layers, Count(16));
        QCOMPARE(back.scenario.training.sequence, Count(8000));
        QCOMPARE(back.scenario.training.recompute, Recompute::Full);
    }

    // PPO's reward and value models and a teacher are named in the training group, kept by a
    // save and read back; a reward run's score head survives too (its method implies it).
    void sideModelsRoundTrip()
    {
        ScenarioSpec spec = realisticDefaults();
        const QJsonObject in{
            { QStringLiteral("schema"), 1 },
            { QStringLiteral("model"), QJsonObject{ { QStringLiteral("preset"), QStringLiteral("llama-3.1-8b") } } },
            { QStringLiteral("training"), QJsonObject{ { QStringLiteral("method"), QStringLiteral("ppo") },
                                                       { QStringLiteral("reward-model"), QStringLiteral("llama-3.2-1b") },
                                                       { QStringLiteral("critic-model"), QStringLiteral("policy") } } },
        };
        QVERIFY(applyScenarioJson(in, m_catalogue, spec).ok());
        QVERIFY(!spec.scenario.training.sideModels.reward.sameAsPolicy);
        QCOMPARE(spec.scenario.training.sideModels.reward.model.layers, Count(16)); // Llama-3.2 1B
        QVERIFY(spec.scenario.training.sideModels.critic.sameAsPolicy);
        QCOMPARE(spec.scenario.training.generations, Count(1));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ppo.json"));
        QVERIFY(writeScenarioFile(path, spec).ok());
        ScenarioSpec back = realisticDefaults();
        QVERIFY(readScenarioFile(path, m_catalogue, back).ok());
        QCOMPARE(back.scenario.training.method, TrainingMethod::Ppo);
        QCOMPARE(back.sideModelSources[0], QStringLiteral("llama-3.2-1b"));
        QVERIFY(back.sideModelSources[1].isEmpty());
        QCOMPARE(back.scenario.training.sideModels.reward.model.hidden, Count(2048));
        QVERIFY(back.scenario.training.sideModels.critic.sameAsPolicy);
        // A name that is neither "policy", a preset nor a config file: the key named.
        ScenarioSpec bad = realisticDefaults();
        QJsonObject wrong = in;
        wrong.insert(QStringLiteral("training"), QJsonObject{ { QStringLiteral("method"), QStringLiteral("distill") },
                                                             { QStringLiteral("teacher"), QStringLiteral("gpt-5") } });
        const ScenarioError e = applyScenarioJson(wrong, m_catalogue, bad);
        QVERIFY(!e.ok());
        QCOMPARE(e.code, ScenarioError::Code::UnknownName);
        QCOMPARE(e.field, QStringLiteral("training.teacher"));
    }

    // Issue 32, item 12: the name was cut to 120 characters *before* escaping, so a name with a
    // control character grew past 120 when saved and the next open cut it: it changed across a
    // save and an open. Now it is bounded after escaping, and survives any number of them.
    void modelNameSurvivesSaveAndOpen()
    {
        ScenarioSpec spec = realisticDefaults();
        const QJsonObject in{ { QStringLiteral("schema"), 1 },
                              { QStringLiteral("model"), QJsonObject{ { QStringLiteral("preset"), QStringLiteral("gpt2") },
                                                                      { QStringLiteral("name"), QString(117, QLatin1Char('n')) + QStringLiteral("\x1b[") } } } };
        QVERIFY(applyScenarioJson(in, m_catalogue, spec).ok());
        const QString first = spec.modelName;
        QVERIFY(!first.contains(QChar(0x1b)));
        QVERIFY(first.size() <= 120);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        for (int round = 0; round < 3; ++round) {
            QVERIFY(writeScenarioFile(path, spec).ok());
            ScenarioSpec back = realisticDefaults();
            QVERIFY(readScenarioFile(path, m_catalogue, back).ok());
            QCOMPARE(back.modelName, first);
            spec = back;
        }
    }

    // Issue 32, item 9 (jsoninteger.h): integers past what QJsonValue holds are written whole;
    // a string that looks like the mark but lacks this process's nonce stays a string.
    void jsonIntegersAreExact()
    {
        const Count big = Count(1'000'000'000'000'000LL) * Count(1'000'000'000'000'000LL); // 10^30
        const QJsonObject o{ { QStringLiteral("max"), exactJsonInteger(Count(std::numeric_limits<qint64>::max())) },
                             { QStringLiteral("past"), exactJsonInteger(Count(std::numeric_limits<qint64>::max()) + 1) },
                             { QStringLiteral("below"), exactJsonInteger(Count(std::numeric_limits<qint64>::min()) - 1) },
                             { QStringLiteral("big"), exactJsonInteger(big) },
                             { QStringLiteral("name"), QString(QChar(0x0001)) + QStringLiteral("int0:123") } };
        const QByteArray text = jsonText(QJsonDocument(o), QJsonDocument::Compact);
        QVERIFY2(text.contains("\"max\":9223372036854775807"), text.constData());
        QVERIFY2(text.contains("\"past\":9223372036854775808"), text.constData());
        QVERIFY2(text.contains("\"below\":-9223372036854775809"), text.constData());
        QVERIFY2(text.contains("\"big\":1000000000000000000000000000000"), text.constData());
        QVERIFY2(text.contains("\"name\":\"\\u0001int0:123\""), text.constData());
    }

    void fileErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("field");
        QTest::newRow("not json") << QByteArray("{ \"schema\": 1,") << int(ScenarioError::Code::NotJson) << QString();
        QTest::newRow("no schema") << QByteArray("{}") << int(ScenarioError::Code::WrongSchema) << QStringLiteral("schema");
        QTest::newRow("future schema") << QByteArray("{\"schema\": 2}") << int(ScenarioError::Code::WrongSchema) << QStringLiteral("schema");
        QTest::newRow("wrong type") << QByteArray("{\"schema\": 1, \"training\": {\"batch\": true}}") << int(ScenarioError::Code::WrongType) << QStringLiteral("training.batch");
        QTest::newRow("unknown recipe") << QByteArray("{\"schema\": 1, \"training\": {\"recipe\": \"fp8\"}}") << int(ScenarioError::Code::UnknownName) << QStringLiteral("training.recipe");
        QTest::newRow("unknown preset") << QByteArray("{\"schema\": 1, \"model\": {\"preset\": \"gpt-5\"}}") << int(ScenarioError::Code::UnknownName) << QStringLiteral("model.preset");
        QTest::newRow("typo key") << QByteArray("{\"schema\": 1, \"training\": {\"bacth\": 4}}") << int(ScenarioError::Code::UnknownKey) << QStringLiteral("training.bacth");
        QTest::newRow("fractional count") << QByteArray("{\"schema\": 1, \"model\": {\"layers\": 2.5}}") << int(ScenarioError::Code::WrongType) << QStringLiteral("model.layers");
        // Regressions: QJsonDocument kept the last of duplicated keys; 1e16 was "not a whole
        // number"; a lone value at the top level was "not valid JSON".
        QTest::newRow("duplicated key") << QByteArray("{\"schema\": 1, \"training\": {\"batch\": 2, \"batch\": 3}}")
                                        << int(ScenarioError::Code::WrongType) << QStringLiteral("training.batch");
        QTest::newRow("duplicated schema") << QByteArray("{\"schema\": 2, \"schema\": 1}") << int(ScenarioError::Code::WrongType)
                                           << QStringLiteral("schema");
        QTest::newRow("huge whole number") << QByteArray("{\"schema\": 1, \"training\": {\"batch\": 1e16}}")
                                           << int(ScenarioError::Code::OutOfRange) << QStringLiteral("training.batch");
        QTest::newRow("zero past the enum") << QByteArray("{\"schema\": 1, \"parallel\": {\"zero\": 99999999999}}")
                                            << int(ScenarioError::Code::OutOfRange) << QStringLiteral("parallel.zero");
        QTest::newRow("lone value") << QByteArray("true") << int(ScenarioError::Code::NotJson) << QString();
    }

    void fileErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, code);
        QFETCH(QString, field);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(json);
        f.close();
        ScenarioSpec spec;
        spec.scenario.training.microBatch = 7;
        const ScenarioError e = readScenarioFile(path, m_catalogue, spec);
        QCOMPARE(int(e.code), code);
        if (!field.isEmpty())
            QCOMPARE(e.field, field);
        // A file that fails to load leaves the user's scenario untouched.
        QCOMPARE(spec.scenario.training.microBatch, Count(7));
    }

    void duplicateKeys_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<bool>("found");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("key");
        QTest::newRow("unique") << QByteArray("{\"a\": 1, \"b\": {\"a\": 2}, \"c\": [{\"a\": 3}, {\"a\": 4}]}") << false << QString() << QString();
        QTest::newRow("top level") << QByteArray("{\"schema\": 2, \"schema\": 1}") << true << QStringLiteral("schema") << QStringLiteral("schema");
        QTest::newRow("nested") << QByteArray("{\"training\": {\"batch\": 1, \"seq\": 2, \"batch\": 3}}") << true
                                << QStringLiteral("training.batch") << QStringLiteral("batch");
        QTest::newRow("in an array") << QByteArray("{\"gpus\": [{\"id\": \"a\"}, {\"id\": \"b\", \"x\": [1, 2], \"id\": \"c\"}]}") << true
                                     << QStringLiteral("gpus[1].id") << QStringLiteral("id");
        QTest::newRow("escaped the same") << QByteArray("{\"a\": 1, \"\\u0061\": 2}") << true << QStringLiteral("a") << QStringLiteral("a");
        QTest::newRow("escaped first") << QByteArray("{\"\\u0061\": 1, \"a\": 2}") << true << QStringLiteral("a") << QStringLiteral("a");
        QTest::newRow("under an escaped key") << QByteArray("{\"\\u0074\": {\"x\": 1, \"x\": 2}}") << true << QStringLiteral("t.x")
                                              << QStringLiteral("x");
        QTest::newRow("same key after a closed object") << QByteArray("{\"o\": {\"k\": 1}, \"k\": 2, \"p\": {\"k\": 3}, \"k\": 4}")
                                                        << true << QStringLiteral("k") << QStringLiteral("k");
        QTest::newRow("surrogate pair") << QByteArray("{\"\\ud83d\\ude00\": 1, \"\xf0\x9f\x98\x80\": 2}") << true
                                        << QStringLiteral("\U0001F600") << QStringLiteral("\U0001F600");
        QTest::newRow("keys in strings") << QByteArray("{\"s\": \"\\\"a\\\": 1, \\\"a\\\": 2\", \"a\": \"{\\\"s\\\": 1}\"}") << false << QString() << QString();
        QTest::newRow("escaped quote in a key") << QByteArray("{\"q\\\"\": 1, \"q\\\"\": 2}") << true << QStringLiteral("q\"")
                                               << QStringLiteral("q\"");
        QTest::newRow("backslash differs") << QByteArray("{\"a\\\\\": 1, \"a\": 2}") << false << QString() << QString();
        QTest::newRow("empty key") << QByteArray("{\"\": 1, \"\": 2}") << true << QString() << QString();
        QTest::newRow("siblings") << QByteArray("[{\"a\": 1}, {\"a\": 2}]") << false << QString() << QString();
        QTest::newRow("truncated") << QByteArray("{\"a\": {\"b\": \"\\") << false << QString() << QString();
    }

    void duplicateKeys()
    {
        QFETCH(QByteArray, json);
        QFETCH(bool, found);
        QFETCH(QString, path);
        QFETCH(QString, key);
        const std::optional<DuplicateKey> twice = firstDuplicateKey(json);
        QCOMPARE(twice.has_value(), found);
        if (found) {
            QCOMPARE(twice->path, path);
            QCOMPARE(twice->key, key);
        }
    }

    // Issue 28: JSON errors gave a byte offset, never the key. The place of a byte: line and
    // column counted by hand, and the key path open there.
    void jsonPlaces_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<int>("offset");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("path");
        QTest::newRow("in an array in an object") << QByteArray("{\"a\": [1, {\"b\": x}]}") << 16 << 1 << 17 << QStringLiteral("a[1].b");
        QTest::newRow("second line") << QByteArray("{\n  \"rope_scaling\": {\"factor\": 8.0.0}\n}") << 34 << 2 << 33
                                     << QStringLiteral("rope_scaling.factor");
        QTest::newRow("a key with a comma in a string before") << QByteArray("{\"s\": \"x, y\", \"k\": ?}") << 19 << 1 << 20 << QStringLiteral("k");
        QTest::newRow("top level") << QByteArray("[1, 2") << 5 << 1 << 6 << QStringLiteral("[1]");
    }
    void jsonPlaces()
    {
        QFETCH(QByteArray, json);
        QFETCH(int, offset);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, path);
        const JsonPlace p = jsonPlace(json, offset);
        QCOMPARE(p.line, qsizetype(line));
        QCOMPARE(p.column, qsizetype(column));
        QCOMPARE(p.path, path);
    }

    void failedSaveKeepsOldFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("missing-folder/s.json"));
        QVERIFY(!writeScenarioFile(path, ScenarioSpec{}).ok());
    }
};

QTEST_GUILESS_MAIN(TestInputs)
#include "tst_inputs.moc"
