// Hugging Face configs in (hfconfig.h) and checkpoint headers (safetensors.h): the published
// totals of the issue's models from their config files, a checkpoint's exact count from headers
// written here byte by byte, and every kind of bad file named by file and key.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <headroom/io/hfconfig.h>
#include <headroom/io/hfconfigtext.h>
#include <headroom/io/safetensors.h>
#include <headroom/memory/model.h>

using namespace headroom;

namespace {

QString modelsDir() { return qEnvironmentVariable("HEADROOM_DATA_DIR") + QStringLiteral("/models"); }

void writeFile(const QString &path, const QByteArray &data)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(data);
}

// A safetensors file: 8-byte little-endian header length, the JSON header, then \a dataBytes.
QByteArray safetensors(const QJsonObject &header, qint64 dataBytes)
{
    const QByteArray json = QJsonDocument(header).toJson(QJsonDocument::Compact);
    QByteArray out(8, '\0');
    quint64 n = static_cast<quint64>(json.size());
    for (int i = 0; i < 8; ++i) {
        out[i] = static_cast<char>(n & 0xff);
        n >>= 8;
    }
    return out + json + QByteArray(dataBytes, '\0');
}

QJsonObject tensor(const char *dtype, std::initializer_list<int> shape, qint64 begin, qint64 end)
{
    QJsonArray s;
    for (int d : shape)
        s.append(d);
    return QJsonObject{ { QStringLiteral("dtype"), QLatin1String(dtype) },
                        { QStringLiteral("shape"), s },
                        { QStringLiteral("data_offsets"), QJsonArray{ begin, end } } };
}

HfConfigError importObject(const QJsonObject &o, HfModel &m) { return readHfConfigObject(o, QString(), m); }

QJsonObject tinyLlama()
{
    return QJsonObject{ { QStringLiteral("model_type"), QStringLiteral("llama") }, { QStringLiteral("hidden_size"), 64 },
                        { QStringLiteral("num_hidden_layers"), 2 }, { QStringLiteral("num_attention_heads"), 4 },
                        { QStringLiteral("num_key_value_heads"), 2 }, { QStringLiteral("intermediate_size"), 128 },
                        { QStringLiteral("vocab_size"), 1000 } };
}

} // namespace

class TestHfConfig : public QObject
{
    Q_OBJECT

private slots:
    void publishedTotals_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<qint64>("total");
        QTest::addColumn<qint64>("active");
        // The issue's totals, as their authors publish them.
        QTest::newRow("Llama-3.1-8B") << QStringLiteral("llama-3.1-8b.json") << Q_INT64_C(8030261248) << Q_INT64_C(8030261248);
        QTest::newRow("Mixtral-8x7B") << QStringLiteral("mixtral-8x7b.json") << Q_INT64_C(46702792704) << Q_INT64_C(12879925248);
        QTest::newRow("Qwen2.5-7B") << QStringLiteral("qwen2.5-7b.json") << Q_INT64_C(7615616512) << Q_INT64_C(7615616512);
        QTest::newRow("Gemma-2-9B") << QStringLiteral("gemma-2-9b.json") << Q_INT64_C(9241705984) << Q_INT64_C(9241705984);
        QTest::newRow("Phi-3-mini") << QStringLiteral("phi-3-mini-4k.json") << Q_INT64_C(3821079552) << Q_INT64_C(3821079552);
        QTest::newRow("Pythia-6.9B") << QStringLiteral("pythia-6.9b.json") << Q_INT64_C(6857302016) << Q_INT64_C(6857302016);
        QTest::newRow("BERT-large with pooler") << QStringLiteral("bert-large-uncased.json") << Q_INT64_C(335141888)
                                                << Q_INT64_C(335141888);
        // Qwen3-30B-A3B: 30.5B in all, 3.35B active (its authors' count).
        QTest::newRow("Qwen3-30B-A3B") << QStringLiteral("qwen3-30b-a3b.json") << Q_INT64_C(30532122624) << Q_INT64_C(3353032704);
    }

    void publishedTotals()
    {
        QFETCH(QString, file);
        QFETCH(qint64, total);
        QFETCH(qint64, active);
        HfModel m;
        const HfConfigError e = readHfConfig(modelsDir() + QLatin1Char('/') + file, QString(), m);
        QVERIFY2(e.ok(), qPrintable(e.field + QLatin1Char(' ') + e.got));
        const ParameterCounts c = parameterCounts(m.model);
        QCOMPARE(c.total(m.model.layers), Count(total));
        QCOMPARE(c.active(m.model.layers), Count(active));
    }

    void everyKeyIsAccountedFor()
    {
        // Llama-3.1-8B's file: its architecture keys are used, and so are its declared context
        // and RoPE scaling (the context guard names them: max_position_embeddings 131,072,
        // rope_type "llama3", factor 8.0), token ids are metadata, nothing is left.
        HfModel m;
        QVERIFY(readHfConfig(modelsDir() + QStringLiteral("/llama-3.1-8b.json"), QString(), m).ok());
        QVERIFY(m.used.contains(QStringLiteral("num_key_value_heads")));
        QVERIFY(m.used.contains(QStringLiteral("rope_scaling")));
        QCOMPARE(m.model.contextLength, Count(131'072));
        QCOMPARE(m.model.ropeScaling, RopeScaling::Llama3);
        QCOMPARE(m.model.ropeScalingFactor, 8.0);
        // A learned position table is the model's own maxPositions, not a declared context.
        HfModel bert;
        QVERIFY(readHfConfig(modelsDir() + QStringLiteral("/bert-large-uncased.json"), QString(), bert).ok());
        QCOMPARE(bert.model.maxPositions, Count(512));
        QCOMPARE(bert.model.contextLength, Count(0));
        QVERIFY(m.metadata.contains(QStringLiteral("bos_token_id")));
        QVERIFY(m.unrecognized.isEmpty());
        QVERIFY(m.warnings.isEmpty());
        // DeepSeek-V3's FP8 quantization and its multi-token-prediction layer change memory and
        // are not modelled: warnings.
        HfModel v3;
        QVERIFY(readHfConfig(modelsDir() + QStringLiteral("/deepseek-v3.json"), QString(), v3).ok());
        QVERIFY2(v3.warnings.contains(QStringLiteral("quantization_config")), qPrintable(v3.warnings.join(QLatin1Char(','))));
        QVERIFY(v3.warnings.contains(QStringLiteral("num_nextn_predict_layers")));
        QVERIFY(v3.model.moe.routerBias);
        // An unknown key is listed, never dropped.
        QJsonObject o = tinyLlama();
        o.insert(QStringLiteral("my_new_thing"), 3);
        HfModel t;
        QVERIFY(importObject(o, t).ok());
        QCOMPARE(t.unrecognized, QStringList{ QStringLiteral("my_new_thing") });
    }

    // A reward or value model's checkpoint (LlamaForSequenceClassification): a score head in
    // place of the LM head. The tiny LLaMA by hand: embedding 64,000; a layer q 4,096, k and v
    // 2,048 each (2 KV heads of 16), o 4,096, MLP 3·64·128 = 24,576, norms 128: 36,992, two
    // 73,984; final norm 64; LM head 64,000 → 202,048, or the score head's 64 → 138,112.
    void sequenceClassificationHasAScoreHead()
    {
        HfModel lm;
        QVERIFY(importObject(tinyLlama(), lm).ok());
        QCOMPARE(lm.model.head, ModelHead::LanguageModel);
        QCOMPARE(parameterCounts(lm.model).total(2), Count(202'048));
        QJsonObject config = tinyLlama();
        config.insert(QStringLiteral("architectures"), QJsonArray{ QStringLiteral("LlamaForSequenceClassification") });
        HfModel reward;
        QVERIFY(importObject(config, reward).ok());
        QCOMPARE(reward.model.head, ModelHead::Score);
        QCOMPARE(parameterCounts(reward.model).total(2), Count(138'112));
        QVERIFY(!reward.notes.isEmpty());
    }

    void familiesAndDefaults()
    {
        // A Pythia config without use_parallel_residual takes GPTNeoXConfig's default (parallel).
        HfModel p;
        QVERIFY(readHfConfig(modelsDir() + QStringLiteral("/pythia-1.4b.json"), QString(), p).ok());
        QCOMPARE(p.model.family, BlockFamily::Neox);
        QCOMPARE(modelTraits(p.model).residual, Residual::Parallel);
        QCOMPARE(p.model.rotaryFraction, 0.25);
        // Gemma-2: head dimension apart from H / A (3584 / 16 = 224, the config says 256).
        HfModel g;
        QVERIFY(readHfConfig(modelsDir() + QStringLiteral("/gemma-2-9b.json"), QString(), g).ok());
        QCOMPARE(g.model.headDim, Count(256));
        QCOMPARE(g.model.qDim(), Count(4096));
        QVERIFY(modelTraits(g.model).softcap);
        // Gemma-3 sets the caps to null: no soft-capping; it has q/k norms.
        HfModel g3;
        QVERIFY(readHfConfig(modelsDir() + QStringLiteral("/gemma-3-1b.json"), QString(), g3).ok());
        QVERIFY(!modelTraits(g3.model).softcap);
        QVERIFY(g3.model.qkNorm);
        // Falcon-7B: multi-query, one shared norm, parallel attention.
        HfModel f;
        QVERIFY(readHfConfig(modelsDir() + QStringLiteral("/falcon-7b.json"), QString(), f).ok());
        QCOMPARE(f.model.kvHeadsOrHeads(), Count(1));
        QCOMPARE(modelTraits(f.model).normsPerLayer, Count(1));
        // An unknown model_type is read as a supported one only when asked.
        QJsonObject o = tinyLlama();
        o.insert(QStringLiteral("model_type"), QStringLiteral("my_llama"));
        HfModel m;
        HfConfigError e = importObject(o, m);
        QCOMPARE(e.code, HfConfigError::Code::UnknownModelType);
        QVERIFY(e.expected.contains(QStringLiteral("mixtral")) && e.expected.contains(QStringLiteral("deepseek_v3")));
        QVERIFY(readHfConfigObject(o, QStringLiteral("llama"), m).ok());
        QVERIFY(m.notes.join(QLatin1Char(' ')).contains(QStringLiteral("read as llama")));
        QCOMPARE(readHfConfigObject(o, QStringLiteral("nonsense"), m).code, HfConfigError::Code::UnknownFamily);
    }

    void badConfigs_data()
    {
        QTest::addColumn<QJsonObject>("config");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("field");
        QJsonObject missing = tinyLlama();
        missing.remove(QStringLiteral("hidden_size"));
        QTest::newRow("missing hidden_size") << missing << int(HfConfigError::Code::MissingField) << QStringLiteral("hidden_size");
        QJsonObject wrongType = tinyLlama();
        wrongType.insert(QStringLiteral("num_hidden_layers"), QStringLiteral("two"));
        QTest::newRow("layers a string") << wrongType << int(HfConfigError::Code::WrongType) << QStringLiteral("num_hidden_layers");
        QJsonObject zero = tinyLlama();
        zero.insert(QStringLiteral("vocab_size"), 0);
        QTest::newRow("zero vocab") << zero << int(HfConfigError::Code::OutOfRange) << QStringLiteral("vocab_size");
        QJsonObject negative = tinyLlama();
        negative.insert(QStringLiteral("intermediate_size"), -5);
        QTest::newRow("negative ffn") << negative << int(HfConfigError::Code::OutOfRange) << QStringLiteral("intermediate_size");
        QJsonObject fraction = tinyLlama();
        fraction.insert(QStringLiteral("num_attention_heads"), 4.5);
        QTest::newRow("fractional heads") << fraction << int(HfConfigError::Code::WrongType) << QStringLiteral("num_attention_heads");
        QJsonObject heads = tinyLlama();
        heads.insert(QStringLiteral("num_attention_heads"), 5);
        heads.insert(QStringLiteral("num_key_value_heads"), 5);
        QTest::newRow("heads not dividing") << heads << int(HfConfigError::Code::NotDivisible) << QStringLiteral("num_attention_heads");
        QJsonObject kv = tinyLlama();
        kv.insert(QStringLiteral("num_key_value_heads"), 3);
        QTest::newRow("kv heads not dividing") << kv << int(HfConfigError::Code::NotDivisible) << QStringLiteral("num_key_value_heads");
        QJsonObject moe = tinyLlama();
        moe.insert(QStringLiteral("model_type"), QStringLiteral("mixtral"));
        moe.insert(QStringLiteral("num_local_experts"), 4);
        moe.insert(QStringLiteral("num_experts_per_tok"), 5);
        QTest::newRow("more experts per token than experts") << moe << int(HfConfigError::Code::OutOfRange)
                                                             << QStringLiteral("num_experts_per_tok");
        QJsonObject flag = tinyLlama();
        flag.insert(QStringLiteral("tie_word_embeddings"), QStringLiteral("yes"));
        QTest::newRow("bool a string") << flag << int(HfConfigError::Code::WrongType) << QStringLiteral("tie_word_embeddings");
    }

    void badConfigs()
    {
        QFETCH(QJsonObject, config);
        QFETCH(int, code);
        QFETCH(QString, field);
        HfModel m;
        m.name = QStringLiteral("untouched");
        const HfConfigError e = importObject(config, m);
        QCOMPARE(int(e.code), code);
        QCOMPARE(e.field, field);
        QCOMPARE(m.name, QStringLiteral("untouched")); // the model is left as it was
    }

    // A config without _name_or_path is named after where it lies: the Hugging Face cache keeps
    // it at models--org--name/snapshots/<commit>/config.json; a file of another name is the
    // model's own name.
    void namesFromPaths()
    {
        QTemporaryDir dir;
        const QString snapshot = dir.filePath(
                QStringLiteral("models--mistralai--Mixtral-8x7B-v0.1/snapshots/0123456789abcdef0123456789abcdef01234567"));
        QVERIFY(QDir().mkpath(snapshot));
        writeFile(snapshot + QStringLiteral("/config.json"), QJsonDocument(tinyLlama()).toJson());
        HfModel m;
        QVERIFY(readHfConfig(snapshot, QString(), m).ok());
        QCOMPARE(m.name, QStringLiteral("mistralai/Mixtral-8x7B-v0.1"));
        QVERIFY(readHfConfig(snapshot + QStringLiteral("/config.json"), QString(), m).ok());
        QCOMPARE(m.name, QStringLiteral("mistralai/Mixtral-8x7B-v0.1"));
        const QString plain = dir.filePath(QStringLiteral("my-model"));
        QVERIFY(QDir().mkpath(plain));
        writeFile(plain + QStringLiteral("/config.json"), QJsonDocument(tinyLlama()).toJson());
        QVERIFY(readHfConfig(plain, QString(), m).ok());
        QCOMPARE(m.name, QStringLiteral("my-model"));
        writeFile(dir.filePath(QStringLiteral("tiny-llama.json")), QJsonDocument(tinyLlama()).toJson());
        QVERIFY(readHfConfig(dir.filePath(QStringLiteral("tiny-llama.json")), QString(), m).ok());
        QCOMPARE(m.name, QStringLiteral("tiny-llama"));
    }

    void badFiles()
    {
        QTemporaryDir dir;
        HfModel m;
        const QString truncated = dir.filePath(QStringLiteral("truncated.json"));
        writeFile(truncated, "{ \"model_type\": \"llama\", \"hidden_size\": 4");
        HfConfigError e = readHfConfig(truncated, QString(), m);
        QCOMPARE(e.code, HfConfigError::Code::NotJson);
        QCOMPARE(e.file, truncated);
        const QString empty = dir.filePath(QStringLiteral("empty.json"));
        writeFile(empty, "");
        QCOMPARE(readHfConfig(empty, QString(), m).code, HfConfigError::Code::NotJson);
        const QString binary = dir.filePath(QStringLiteral("binary.json"));
        writeFile(binary, QByteArray("\x00\xff\xfe\x01garbage", 11));
        QCOMPARE(readHfConfig(binary, QString(), m).code, HfConfigError::Code::NotJson);
        const QString array = dir.filePath(QStringLiteral("array.json"));
        writeFile(array, "[1, 2]");
        QCOMPARE(readHfConfig(array, QString(), m).code, HfConfigError::Code::NotObject);
        QCOMPARE(readHfConfig(dir.path(), QString(), m).code, HfConfigError::Code::NoConfig);
        QCOMPARE(readHfConfig(QStringLiteral("/dev/zero"), QString(), m).code, HfConfigError::Code::NotRegularFile);
    }

    void checkpointHeaders()
    {
        // Two shards named by an index: 1000 x 64 BF16 embedding, two 64 x 64 BF16 matrices and
        // a 64-long F32 norm in the first; a 64 x 1000 head and an inv_freq buffer (32, F32) in
        // the second. Parameters: 64,000 + 8,192 + 64 + 64,000 = 136,256; buffers 32; mostly BF16.
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("config.json")), QJsonDocument(tinyLlama()).toJson());
        const QJsonObject h1{ { QStringLiteral("__metadata__"), QJsonObject{ { QStringLiteral("format"), QStringLiteral("pt") } } },
                              { QStringLiteral("model.embed_tokens.weight"), tensor("BF16", { 1000, 64 }, 0, 128000) },
                              { QStringLiteral("model.layers.0.q.weight"), tensor("BF16", { 64, 64 }, 128000, 136192) },
                              { QStringLiteral("model.layers.0.k.weight"), tensor("BF16", { 64, 64 }, 136192, 144384) },
                              { QStringLiteral("model.norm.weight"), tensor("F32", { 64 }, 144384, 144640) } };
        const QJsonObject h2{ { QStringLiteral("lm_head.weight"), tensor("BF16", { 64, 1000 }, 0, 128000) },
                              { QStringLiteral("model.layers.0.self_attn.rotary_emb.inv_freq"), tensor("F32", { 32 }, 128000, 128128) } };
        writeFile(dir.filePath(QStringLiteral("model-00001-of-00002.safetensors")), safetensors(h1, 144640));
        writeFile(dir.filePath(QStringLiteral("model-00002-of-00002.safetensors")), safetensors(h2, 128128));
        QJsonObject weights;
        for (const QString &k : h1.keys())
            if (k != QLatin1String("__metadata__"))
                weights.insert(k, QStringLiteral("model-00001-of-00002.safetensors"));
        for (const QString &k : h2.keys())
            weights.insert(k, QStringLiteral("model-00002-of-00002.safetensors"));
        const QJsonObject index{ { QStringLiteral("metadata"), QJsonObject{ { QStringLiteral("total_size"), 272768 } } },
                                 { QStringLiteral("weight_map"), weights } };
        writeFile(dir.filePath(QStringLiteral("model.safetensors.index.json")), QJsonDocument(index).toJson());
        HfModel m;
        const HfConfigError e = readHfConfig(dir.path(), QString(), m);
        QVERIFY2(e.ok(), qPrintable(e.file + QLatin1Char(' ') + e.field));
        QVERIFY(m.checkpoint.found);
        QCOMPARE(m.checkpoint.parameters, Count(136'256));
        QCOMPARE(m.checkpoint.buffers, Count(32));
        QCOMPARE(m.checkpoint.dtype, QStringLiteral("BF16"));
        QCOMPARE(m.checkpoint.files.size(), 2);

        // The index names a shard that is not there.
        QFile::remove(dir.filePath(QStringLiteral("model-00002-of-00002.safetensors")));
        HfModel kept = m;
        const HfConfigError missing = readHfConfig(dir.path(), QString(), kept);
        QCOMPARE(missing.code, HfConfigError::Code::Checkpoint);
        QCOMPARE(missing.checkpoint.code, CheckpointError::Code::MissingShard);
        QCOMPARE(missing.checkpoint.tensor, QStringLiteral("model-00002-of-00002.safetensors"));
        QCOMPARE(kept.checkpoint.parameters, Count(136'256)); // untouched

        // Issue 28: the index without any of its shards (the small files of a download). Its
        // metadata.total_size, 272,768 bytes, over torch_dtype's 2 bytes: 136,384 elements,
        // parameters and buffers together (the F32 norm and inv_freq, 96 elements, counted
        // twice over: the exact count above is 136,256 + 32).
        QFile::remove(dir.filePath(QStringLiteral("model-00001-of-00002.safetensors")));
        QJsonObject config = tinyLlama();
        config.insert(QStringLiteral("torch_dtype"), QStringLiteral("bfloat16"));
        writeFile(dir.filePath(QStringLiteral("config.json")), QJsonDocument(config).toJson());
        HfModel fromIndex;
        const HfConfigError indexOnly = readHfConfig(dir.path(), QString(), fromIndex);
        QVERIFY2(indexOnly.ok(), qPrintable(indexOnly.file + QLatin1Char(' ') + indexOnly.field));
        QVERIFY(fromIndex.checkpoint.found);
        QCOMPARE(fromIndex.checkpoint.parameters, Count(136'384));
        QCOMPARE(fromIndex.checkpoint.dtype, QStringLiteral("BF16"));
        // Without a dtype to count the bytes in: refused, saying so.
        config.remove(QStringLiteral("torch_dtype"));
        writeFile(dir.filePath(QStringLiteral("config.json")), QJsonDocument(config).toJson());
        const HfConfigError noDtype = readHfConfig(dir.path(), QString(), fromIndex);
        QCOMPARE(noDtype.code, HfConfigError::Code::Checkpoint);
        QCOMPARE(noDtype.checkpoint.code, CheckpointError::Code::IndexOnlyNoDtype);
    }

    // Issue 28: Python's json writes float("inf") and float("nan") as bare Infinity and NaN
    // (Nemotron-H's time_step_limit); a key that matters refuses them by name.
    void pythonsInfinityAndNaN()
    {
        QByteArray text = QJsonDocument(tinyLlama()).toJson(QJsonDocument::Compact);
        text.insert(1, R"("time_step_limit": [0.0, Infinity], "x": -Infinity, "y": NaN, "note": "Infinity stays text", )");
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("config.json")), text);
        HfModel m;
        const HfConfigError e = readHfConfig(dir.filePath(QStringLiteral("config.json")), QString(), m);
        QVERIFY2(e.ok(), qPrintable(e.file + QLatin1Char(' ') + e.field + QLatin1Char(' ') + e.got));
        QCOMPARE(m.model.hidden, tinyLlama().value(QStringLiteral("hidden_size")).toInteger());
        QByteArray bad = QJsonDocument(tinyLlama()).toJson(QJsonDocument::Compact);
        bad.replace(QByteArray("\"hidden_size\":") + QByteArray::number(tinyLlama().value(QStringLiteral("hidden_size")).toInteger()),
                    "\"hidden_size\":Infinity");
        writeFile(dir.filePath(QStringLiteral("config.json")), bad);
        const HfConfigError refused = readHfConfig(dir.filePath(QStringLiteral("config.json")), QString(), m);
        QVERIFY(!refused.ok());
        QCOMPARE(refused.field, QStringLiteral("hidden_size"));
    }

    // Issue 32, item 6: _name_or_path reached the terminal whole (5 MB, escape sequences that
    // retitle it, a newline and a fake "error:" line), and so did a safetensors dtype.
    void hostileTextIsEscapedAndBounded()
    {
        QTemporaryDir dir;
        QJsonObject config = tinyLlama();
        config.insert(QStringLiteral("_name_or_path"),
                      QStringLiteral("\x1b]0;pwned\x07\nerror: fake\u202E") + QString(5'000'000, QLatin1Char('x')));
        writeFile(dir.filePath(QStringLiteral("config.json")), QJsonDocument(config).toJson());
        const QString shard = dir.filePath(QStringLiteral("model.safetensors"));
        writeFile(shard, safetensors(QJsonObject{ { QStringLiteral("model.embed_tokens.weight"), tensor("BF16", { 1000, 64 }, 0, 128000) } },
                                     128000));
        HfModel m;
        HfConfigError e = readHfConfig(dir.path(), QString(), m);
        QVERIFY2(e.ok(), qPrintable(hfConfigErrorText(e)));
        QCOMPARE(m.name.size(), 120);
        QVERIFY(m.name.startsWith(QStringLiteral("\\x1b]0;pwned\\x07\\nerror: fake\\u202e")));
        // A dtype is one safetensors defines, or the file is refused, the dtype escaped and short.
        writeFile(shard, safetensors(QJsonObject{ { QStringLiteral("model.embed_tokens.weight"),
                                                    tensor("\x1b[2J\x1b[31mBF16\nerror: fake dtype", { 1000, 64 }, 0, 128000) } },
                                     128000));
        HfModel refused;
        e = readHfConfig(dir.path(), QString(), refused);
        QCOMPARE(e.checkpoint.code, CheckpointError::Code::UnknownDtype);
        const QString text = hfConfigErrorText(e);
        QVERIFY2(text.contains(QStringLiteral("\"\\x1b[2J\\x1b[31mBF16\\ner…\"")) && !text.contains(QChar(0x1b)), qPrintable(text));
        const QString report = hfImportReport(m).join(QLatin1Char('\n'));
        QVERIFY(report.size() < 2000);
        for (const QChar c : report)
            QVERIFY2(c == QLatin1Char('\n') || (c.unicode() >= 0x20 && c.unicode() != 0x7f && c.unicode() != 0x202e),
                     qPrintable(QString::number(c.unicode(), 16)));
        QVERIFY(!report.contains(QStringLiteral("\nerror: fake")));
    }

    // Issue 32, item 12: the data offsets were checked against the file, not against the
    // tensor's shape and dtype, so a 112-byte file "held" 4e18 parameters.
    void offsetsMatchShapeAndDtype_data()
    {
        QTest::addColumn<QByteArray>("dtype");
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("bytes");
        QTest::addColumn<int>("code");
        QTest::newRow("BF16 exact") << QByteArray("BF16") << 10 << 20 << int(CheckpointError::Code::None);
        QTest::newRow("F32 exact") << QByteArray("F32") << 10 << 40 << int(CheckpointError::Code::None);
        QTest::newRow("F4 packed, rounded up") << QByteArray("F4") << 3 << 2 << int(CheckpointError::Code::None);
        QTest::newRow("BF16 short") << QByteArray("BF16") << 10 << 19 << int(CheckpointError::Code::SizeMismatch);
        QTest::newRow("F32 long") << QByteArray("F32") << 10 << 44 << int(CheckpointError::Code::SizeMismatch);
        QTest::newRow("huge shape, no data") << QByteArray("BF16") << 2'000'000'000 << 0 << int(CheckpointError::Code::SizeMismatch);
        QTest::newRow("unknown dtype") << QByteArray("Q4_K") << 10 << 20 << int(CheckpointError::Code::UnknownDtype);
    }

    void offsetsMatchShapeAndDtype()
    {
        QFETCH(QByteArray, dtype);
        QFETCH(int, rows);
        QFETCH(int, bytes);
        QFETCH(int, code);
        const QByteArray file = safetensors(QJsonObject{ { QStringLiteral("w"), tensor(dtype.constData(), { rows, 1 }, 0, bytes) } }, bytes);
        CheckpointCount count;
        const CheckpointError e = parseSafetensorsHeader(file, file.size(), QStringLiteral("x.safetensors"), count);
        QCOMPARE(int(e.code), code);
        if (code == int(CheckpointError::Code::None))
            QCOMPARE(count.parameters, Count(rows));
    }

    // Issue 32, item 7: links to one large header were read once per name (five links: 16.5
    // s) and their parameters counted each time; the headers' bytes were bounded per file only.
    void checkpointWorkIsBounded()
    {
        QTemporaryDir dir;
        writeFile(dir.filePath(QStringLiteral("config.json")), QJsonDocument(tinyLlama()).toJson());
        writeFile(dir.filePath(QStringLiteral("a.safetensors")),
                  safetensors(QJsonObject{ { QStringLiteral("w"), tensor("BF16", { 64, 64 }, 0, 8192) } }, 8192));
        QVERIFY(QFile::link(dir.filePath(QStringLiteral("a.safetensors")), dir.filePath(QStringLiteral("b.safetensors"))));
        HfModel m;
        HfConfigError e = readHfConfig(dir.path(), QString(), m);
        QCOMPARE(e.checkpoint.code, CheckpointError::Code::SameFile);
        QVERIFY2(hfConfigErrorText(e).contains(QStringLiteral("b.safetensors")), qPrintable(hfConfigErrorText(e)));
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("b.safetensors"))));
        // Cancelled between shards; progress heard per shard.
        ReadControl control;
        QList<int> heard;
        control.progress = [&](int done, int total) { heard << done << total; };
        QVERIFY(readHfConfig(dir.path(), QString(), m, &control).ok());
        QCOMPARE(heard, (QList<int>{ 0, 1, 1, 1 }));
        control.cancelled = true;
        e = readHfConfig(dir.path(), QString(), m, &control);
        QCOMPARE(e.checkpoint.code, CheckpointError::Code::Cancelled);
        // Headers past the total: two shards of 60 MB headers (each under the 100 MB a file may
        // have) are refused at the second, unparsed.
        const QByteArray big = QByteArray(8, '\0') + "{}" + QByteArray(60 * 1024 * 1024 - 2, ' ');
        QByteArray withLength = big;
        const quint64 n = 60 * 1024 * 1024;
        for (int i = 0; i < 8; ++i)
            withLength[i] = char((n >> (8 * i)) & 0xff);
        QVERIFY(QFile::remove(dir.filePath(QStringLiteral("a.safetensors"))));
        writeFile(dir.filePath(QStringLiteral("c.safetensors")), withLength);
        writeFile(dir.filePath(QStringLiteral("d.safetensors")), withLength);
        e = readHfConfig(dir.path(), QString(), m);
        QCOMPARE(e.checkpoint.code, CheckpointError::Code::HeadersTooLarge);
        QVERIFY(e.checkpoint.file.endsWith(QStringLiteral("d.safetensors")));
    }

    void badHeaders()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("x.safetensors"));
        CheckpointCount c;
        // Shorter than the length field.
        writeFile(file, "abc");
        QCOMPARE(readSafetensorsHeader(file, c).code, CheckpointError::Code::TooShort);
        // A header claiming 200 MB: refused before anything is read.
        QByteArray huge(8, '\0');
        huge[0] = 0x00;
        huge[3] = 0x0c; // 0x0c000000 = 201,326,592
        writeFile(file, huge + "{}");
        QCOMPARE(readSafetensorsHeader(file, c).code, CheckpointError::Code::HeaderTooLarge);
        // A header longer than the file.
        QByteArray beyond(8, '\0');
        beyond[0] = 100;
        writeFile(file, beyond + "{}");
        QCOMPARE(readSafetensorsHeader(file, c).code, CheckpointError::Code::HeaderBeyondFile);
        // Offsets past the data.
        writeFile(file, safetensors(QJsonObject{ { QStringLiteral("w"), tensor("F16", { 10 }, 0, 21) } }, 20));
        QCOMPARE(readSafetensorsHeader(file, c).code, CheckpointError::Code::OffsetsOutsideFile);
        // A negative dimension.
        writeFile(file, safetensors(QJsonObject{ { QStringLiteral("w"), tensor("F16", { -1 }, 0, 0) } }, 0));
        const CheckpointError bad = readSafetensorsHeader(file, c);
        QCOMPARE(bad.code, CheckpointError::Code::BadTensor);
        QCOMPARE(bad.tensor, QStringLiteral("w"));
        // Not JSON.
        QByteArray junk(8, '\0');
        junk[0] = 4;
        writeFile(file, junk + QByteArray("\xff\xfe\x00\x01", 4));
        QCOMPARE(readSafetensorsHeader(file, c).code, CheckpointError::Code::NotJson);
        QCOMPARE(c.parameters, Count(0)); // nothing was added by any failed read
    }

    void quantizationConfigSetsTheBase_data()
    {
        // transformers' serialized configs (GPTQConfig, AwqConfig, BitsAndBytesConfig,
        // FbgemmFp8Config, FineGrainedFP8Config): the ones Headroom sizes become the frozen
        // base's format, the others stay warnings.
        QTest::addColumn<QJsonObject>("config");
        QTest::addColumn<bool>("read");
        QTest::addColumn<int>("base");
        QTest::addColumn<int>("groupSize");
        auto o = [](std::initializer_list<QPair<QString, QJsonValue>> kv) {
            QJsonObject r;
            for (const auto &p : kv)
                r.insert(p.first, p.second);
            return r;
        };
        QTest::newRow("gptq 4-bit g128") << o({ { "quant_method", "gptq" }, { "bits", 4 }, { "group_size", 128 }, { "desc_act", false } })
                                         << true << int(QuantBase::Gptq) << 128;
        QTest::newRow("awq 4-bit g64") << o({ { "quant_method", "awq" }, { "bits", 4 }, { "group_size", 64 }, { "version", "gemm" } })
                                       << true << int(QuantBase::Awq) << 64;
        QTest::newRow("bnb nf4 double") << o({ { "quant_method", "bitsandbytes" }, { "load_in_4bit", true },
                                               { "bnb_4bit_quant_type", "nf4" }, { "bnb_4bit_use_double_quant", true } })
                                        << true << int(QuantBase::Nf4DoubleQuant) << -1;
        QTest::newRow("bnb nf4") << o({ { "quant_method", "bitsandbytes" }, { "load_in_4bit", true }, { "bnb_4bit_quant_type", "nf4" } })
                                 << true << int(QuantBase::Nf4) << -1;
        QTest::newRow("bnb int8") << o({ { "quant_method", "bitsandbytes" }, { "load_in_8bit", true } })
                                  << true << int(QuantBase::Int8) << -1;
        QTest::newRow("fbgemm fp8") << o({ { "quant_method", "fbgemm_fp8" }, { "activation_scale_ub", 1200.0 } })
                                    << true << int(QuantBase::Fp8) << -1;
        QTest::newRow("bnb fp4") << o({ { "quant_method", "bitsandbytes" }, { "load_in_4bit", true }, { "bnb_4bit_quant_type", "fp4" } })
                                 << false << 0 << 0;
        QTest::newRow("gptq 8-bit") << o({ { "quant_method", "gptq" }, { "bits", 8 }, { "group_size", 128 } }) << false << 0 << 0;
        QTest::newRow("gptq per channel") << o({ { "quant_method", "gptq" }, { "bits", 4 }, { "group_size", -1 } }) << false << 0 << 0;
        QTest::newRow("block fp8") << o({ { "quant_method", "fp8" }, { "weight_block_size", QJsonArray{ 128, 128 } } }) << false << 0 << 0;
    }

    void quantizationConfigSetsTheBase()
    {
        QFETCH(QJsonObject, config);
        QFETCH(bool, read);
        QFETCH(int, base);
        QFETCH(int, groupSize);
        QJsonObject o = tinyLlama();
        o.insert(QStringLiteral("quantization_config"), config);
        HfModel m;
        QVERIFY(importObject(o, m).ok());
        QCOMPARE(m.hasQuantBase, read);
        QCOMPARE(m.warnings.contains(QStringLiteral("quantization_config")), !read);
        QCOMPARE(m.used.contains(QStringLiteral("quantization_config")), read);
        if (read) {
            QCOMPARE(int(m.quantBase), base);
            QCOMPARE(int(m.quantGroupSize), groupSize);
        }
    }
};

QTEST_APPLESS_MAIN(TestHfConfig)
#include "tst_hfconfig.moc"
