#pragma once

// Internal to the Hugging Face importer (hfconfig.cpp, hffamilies.cpp): reads the keys of one
// config object, recording which it used, and names every key by its path in the file
// ("text_config.hidden_size" for a language model nested in a multimodal config).

#include <cmath>
#include <functional>

#include <QJsonArray>
#include <QJsonObject>
#include <QSet>
#include <QString>

#include <headroom/io/hfconfig.h>
#include <headroom/io/safefile.h>
#include <headroom/memory/formula.h>
#include <headroom/memory/validation.h>

namespace headroom::hf {

class Reader
{
public:
    //! \a prefix: the object's path in the file with its dot ("text_config."), empty at the top.
    Reader(const QJsonObject &o, HfModel &m, QString prefix = {}) : m_o(o), m_model(m), m_prefix(std::move(prefix)) { }

    HfConfigError error;

    bool ok() const { return error.ok(); }
    const QJsonObject &object() const { return m_o; }
    HfModel &model() { return m_model; }
    const QString &prefix() const { return m_prefix; }
    QString path(const char *key) const { return m_prefix + QLatin1String(key); }

    bool has(const char *key) const
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        return !v.isUndefined() && !v.isNull();
    }
    QJsonValue value(const char *key) const { return m_o.value(QLatin1String(key)); }

    //! A whole number within \a field's range; \a fallback when absent or null (-1: required).
    Count count(const char *key, Field field, Count fallback = -1)
    {
        use(key);
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull()) {
            if (fallback < 0)
                fail({ HfConfigError::Code::MissingField, {}, path(key), QStringLiteral("a whole number"), {}, {}, {} });
            return fallback < 0 ? 0 : fallback;
        }
        const double d = v.toDouble(-1);
        if (!v.isDouble() || d != std::floor(d)) {
            fail({ HfConfigError::Code::WrongType, {}, path(key), QStringLiteral("a whole number"), shown(v), {}, {} });
            return 0;
        }
        const FieldRange r = fieldRange(field);
        if (d < double(r.min) || d > double(r.max)) {
            fail({ HfConfigError::Code::OutOfRange, {}, path(key),
                   QString::fromStdString(groupedNumber(r.min) + " to " + groupedNumber(r.max)), shown(v), {}, {} });
            return 0;
        }
        return static_cast<Count>(d);
    }

    bool flag(const char *key, bool fallback)
    {
        use(key);
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return fallback;
        if (!v.isBool()) {
            fail({ HfConfigError::Code::WrongType, {}, path(key), QStringLiteral("true or false"), shown(v), {}, {} });
            return fallback;
        }
        return v.toBool();
    }

    double real(const char *key, double fallback, double lo, double hi)
    {
        use(key);
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return fallback;
        const double d = v.toDouble(std::nan(""));
        if (!v.isDouble() || !(d >= lo && d <= hi)) {
            fail({ HfConfigError::Code::OutOfRange, {}, path(key), QStringLiteral("%1 to %2").arg(lo).arg(hi), shown(v), {}, {} });
            return fallback;
        }
        return d;
    }

    QString text(const char *key)
    {
        use(key);
        return m_o.value(QLatin1String(key)).toString();
    }

    //! The key changes memory in a way not modelled, when it holds what \a matters says.
    void warnIf(const char *key, const std::function<bool(const QJsonValue &)> &matters)
    {
        const QJsonValue v = m_o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return;
        use(key);
        if (matters(v))
            m_model.warnings << path(key);
    }

    //! The key is accounted for as ignored (read, and memory does not depend on it).
    void ignore(const char *key)
    {
        if (m_o.contains(QLatin1String(key)) && !m_model.ignored.contains(path(key)))
            m_model.ignored << path(key);
    }

    void use(const char *key)
    {
        const QString k = path(key);
        if (m_o.contains(QLatin1String(key)) && !m_model.used.contains(k))
            m_model.used << k;
    }

    void fail(HfConfigError e)
    {
        if (ok())
            error = std::move(e);
    }

    static QString shown(const QJsonValue &v)
    {
        if (v.isString())
            return QLatin1Char('"') + excerpt(v.toString()) + QLatin1Char('"');
        if (v.isArray() || v.isObject())
            return v.isArray() ? QStringLiteral("an array") : QStringLiteral("an object");
        if (v.isBool())
            return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        return QString::number(v.toDouble(), 'g', 17);
    }

private:
    const QJsonObject &m_o;
    HfModel &m_model;
    QString m_prefix;
};

//! Reads the language model of \a type from \a r's object into \a h (the family's mapper).
//! False when \a type is none Headroom reads.
bool mapFamily(Reader &r, HfModel &h, const QString &type);

//! A list of layer numbers under \a key (Qwen-MoE's mlp_only_layers, Llama 4's moe_layers,
//! Bamba's attn_layer_indices), each checked to be a layer of h.model: false when the config
//! gives none, true with \a out filled (or \a r failed, naming the entry) when it does.
bool readLayerNumbers(Reader &r, const char *key, QSet<qint64> &out);

//! The model_types mapFamily() reads, in the order messages list them.
QStringList familyTypes();

} // namespace headroom::hf
