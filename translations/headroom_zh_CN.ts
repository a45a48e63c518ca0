<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutText</name>
    <message>
        <source>Headroom %1</source>
        <translation>Headroom %1</translation>
    </message>
    <message>
        <source>How much GPU memory a training or fine-tuning run needs, where every byte goes, and which GPUs it needs, before the job starts.</source>
        <translation>在任务启动之前，算出一次训练或微调需要多少显存、每个字节用在了哪里，以及需要哪些 GPU。</translation>
    </message>
    <message>
        <source>Headroom is free software under the MIT licence.</source>
        <translation>Headroom 是以 MIT 许可证发布的自由软件。</translation>
    </message>
    <message>
        <source>Built with:</source>
        <translation>构建时使用：</translation>
    </message>
    <message>
        <source>Qt %1 (running %2), under the GNU LGPL version 3</source>
        <extracomment>%1 the version the program was built against, %2 the one it runs with</extracomment>
        <translation>Qt %1（运行时版本 %2），采用 GNU LGPL 第 3 版许可</translation>
    </message>
    <message>
        <source>QCustomPlot %1 by Emanuel Eichhammer, under the GNU GPL version 3</source>
        <translation>QCustomPlot %1，作者 Emanuel Eichhammer，采用 GNU GPL 第 3 版许可</translation>
    </message>
    <message>
        <source>Boost %1 (Units), under the Boost Software License 1.0</source>
        <translation>Boost %1（Units），采用 Boost Software License 1.0 许可</translation>
    </message>
    <message>
        <source>Because QCustomPlot is under the GPL, this program as built and distributed with it is covered by the GPL version 3 as a whole.</source>
        <translation>由于 QCustomPlot 采用 GPL 许可，本程序在与其一同构建和分发时，整体受 GPL 第 3 版约束。</translation>
    </message>
    <message>
        <source>About Headroom</source>
        <translation>关于 Headroom</translation>
    </message>
</context>
<context>
    <name>AutosaveText</name>
    <message>
        <source>Cannot autosave: the folder %1 cannot be made.</source>
        <translation>无法自动保存：无法创建文件夹 %1。</translation>
    </message>
    <message>
        <source>Cannot autosave to %1: %2</source>
        <translation>无法自动保存到 %1：%2</translation>
    </message>
    <message>
        <source>The autosave %1 cannot be read: %2</source>
        <translation>无法读取自动保存文件 %1：%2</translation>
    </message>
    <message>
        <source>it is not a JSON object</source>
        <translation>它不是 JSON 对象</translation>
    </message>
    <message>
        <source>it is not a Headroom autosave</source>
        <translation>它不是 Headroom 的自动保存文件</translation>
    </message>
    <message>
        <source>Cannot autosave: the lock %1 cannot be made.</source>
        <translation>无法自动保存：无法创建锁文件 %1。</translation>
    </message>
</context>
<context>
    <name>ByteFormat</name>
    <message>
        <source>TB</source>
        <translation>TB</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>MB</source>
        <translation>MB</translation>
    </message>
    <message>
        <source>KB</source>
        <translation>KB</translation>
    </message>
    <message>
        <source>TiB</source>
        <translation>TiB</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>KiB</source>
        <translation>KiB</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>a size and its unit, e.g. &quot;104.3 GiB&quot;</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <extracomment>the same size in both units, e.g. &quot;112.0 GB = 104.3 GiB&quot;</extracomment>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
</context>
<context>
    <name>ChartText</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 · B=%2 · S=%3 · %4 · %5</source>
        <extracomment>chart title: model name, micro-batch, sequence length, recipe, optimizer</extracomment>
        <translation>%1 · B=%2 · S=%3 · %4 · %5</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation>运行时开销</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>Backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>The textbook formula keeps the three B×A×S×S attention tensors at every length, as eager attention does: activations grow with S². Flash attention stores none of them; the transformer activation model tells the two apart.</source>
        <translation>教科书公式在任何序列长度下都保留三个 B×A×S×S 的注意力张量，与 eager 注意力一致：激活值随 S² 增长。FlashAttention 一个也不存；逐项 Transformer 激活值模型会区分这两种情况。</translation>
    </message>
    <message>
        <source>Activations grow linearly with the micro-batch; the model states do not change.</source>
        <translation>激活值随微批次线性增长；模型状态不变。</translation>
    </message>
    <message>
        <source>The parameter count is given (P), so only the activations change with the layers.</source>
        <translation>参数量已直接给定（P），因此只有激活值随层数变化。</translation>
    </message>
    <message>
        <source>The parameter count is derived from the architecture, so every bucket grows with the layers.</source>
        <translation>参数量由架构推算，因此每个分项都随层数增长。</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>recipe %1, optimizer %2</source>
        <translation>精度方案 %1，优化器 %2</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>AMP (%1)</source>
        <extracomment>AMP: torch.autocast over FP32 weights; %1 is FP16 or BF16</extracomment>
        <translation>AMP (%1)</translation>
    </message>
    <message>
        <source>%1, no master</source>
        <translation>%1，无主权重</translation>
    </message>
    <message>
        <source>LoRA r=%1</source>
        <translation>LoRA r=%1</translation>
    </message>
    <message>
        <source>QLoRA r=%1</source>
        <translation>QLoRA r=%1</translation>
    </message>
    <message>
        <source>Step starts</source>
        <translation>本步开始</translation>
    </message>
    <message>
        <source>Forward, layer %1</source>
        <translation>前向，第 %1 层</translation>
    </message>
    <message>
        <source>Loss gradient</source>
        <translation>损失梯度</translation>
    </message>
    <message>
        <source>Backward, layer %1</source>
        <translation>反向，第 %1 层</translation>
    </message>
    <message>
        <source> · LoRA r=%1</source>
        <translation> · LoRA r=%1</translation>
    </message>
    <message>
        <source> · QLoRA r=%1</source>
        <translation> · QLoRA r=%1</translation>
    </message>
    <message>
        <source>, rank %1 on one projection</source>
        <translation>，秩 %1，作用于 1 个投影</translation>
    </message>
    <message>
        <source>, rank %1 on %2 projections</source>
        <extracomment>%1 the adapter rank, %2 how many projections (q, k, v, o, gate, up, down) carry adapters</extracomment>
        <translation>，秩 %1，作用于 %2 个投影</translation>
    </message>
    <message>
        <source>%1 + master</source>
        <extracomment>half precision with an FP32 master copy; %1 is FP16 or BF16</extracomment>
        <translation>%1 + 主权重</translation>
    </message>
    <message>
        <source>Forward, layer pass %1 of %2</source>
        <extracomment>pipeline parallelism: the stage holds several micro-batches&apos; layers</extracomment>
        <translation>前向，层计算 %1/%2</translation>
    </message>
    <message>
        <source>Backward, layer pass %1 of %2</source>
        <translation>反向，层计算 %1/%2</translation>
    </message>
    <message>
        <source>Loss forward: logits</source>
        <translation>损失前向：logits</translation>
    </message>
    <message>
        <source>Forward ends</source>
        <translation>前向结束</translation>
    </message>
    <message>
        <source>Backward ends</source>
        <translation>反向结束</translation>
    </message>
    <message>
        <source>Step ends</source>
        <translation>本步结束</translation>
    </message>
    <message>
        <source>Step ends: gradients freed</source>
        <translation>本步结束：释放梯度</translation>
    </message>
    <message>
        <source>Gradients accumulate over %1 micro-batches, so they are live for the whole step; the last micro-batch is shown.</source>
        <translation>梯度在 %1 个微批次上累积，因此整步都常驻显存；图中显示的是最后一个微批次。</translation>
    </message>
    <message>
        <source>Gradients appear layer by layer in backward and are freed after the optimizer step (zero_grad(set_to_none=True)).</source>
        <translation>梯度在反向中逐层产生，并在优化器更新后释放（zero_grad(set_to_none=True)）。</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <extracomment>an exact byte count, e.g. &quot;14,000,000,000 bytes&quot;</extracomment>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>%1 of %2 live at the step&apos;s peak. %3</source>
        <extracomment>%1 bytes of a bucket live at the step&apos;s peak, %2 the whole bucket</extracomment>
        <translation>本步峰值时，%2 中有 %1 驻留显存。%3</translation>
    </message>
    <message>
        <source> · %1 checkpointing</source>
        <translation> · %1激活检查点</translation>
    </message>
    <message>
        <source> · %1 GPUs</source>
        <translation> · %1 卡</translation>
    </message>
    <message>
        <source> · ZeRO-%1</source>
        <translation> · ZeRO-%1</translation>
    </message>
    <message>
        <source> · TP %1</source>
        <translation> · TP %1</translation>
    </message>
    <message>
        <source> · PP %1</source>
        <translation> · PP %1</translation>
    </message>
    <message>
        <source> · EP %1</source>
        <translation> · EP %1</translation>
    </message>
    <message>
        <source> · SP</source>
        <translation> · SP</translation>
    </message>
    <message>
        <source> · textbook activations</source>
        <translation> · 教科书激活值公式</translation>
    </message>
    <message>
        <source> · accumulation %1</source>
        <translation> · 梯度累积 %1</translation>
    </message>
    <message>
        <source>Peak with flash attention</source>
        <translation>峰值（FlashAttention）</translation>
    </message>
    <message>
        <source>Peak with eager attention</source>
        <translation>峰值（eager 注意力）</translation>
    </message>
    <message>
        <source>The textbook convention: every bucket is resident for the whole step, so the peak is their sum, as the article computes it.</source>
        <translation>教科书的约定：每个分项整步都常驻显存，因此峰值就是它们的总和，与文章的算法一致。</translation>
    </message>
    <message>
        <source>Scenarios compared: what is live at each one&apos;s peak</source>
        <translation>场景对比：各场景峰值时驻留的显存</translation>
    </message>
    <message>
        <source>Current</source>
        <extracomment>the scenario being edited, beside the pinned ones</extracomment>
        <translation>当前</translation>
    </message>
    <message>
        <source>Measured on %1 (torch %2): PyTorch&apos;s figures without the runtime&apos;s share.</source>
        <translation>在 %1 上实测（torch %2）：PyTorch 的数值，不含运行时开销。</translation>
    </message>
    <message>
        <source>Measured on %1 (torch %2) for another scenario than this one.</source>
        <translation>在 %1 上实测（torch %2），但针对的是另一个场景。</translation>
    </message>
    <message>
        <source>Frozen models</source>
        <translation>冻结模型</translation>
    </message>
    <message>
        <source>Scoring</source>
        <translation>打分</translation>
    </message>
    <message>
        <source>Generation</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Rollouts generated</source>
        <translation>已生成采样</translation>
    </message>
    <message>
        <source>Frozen models score (no_grad)</source>
        <translation>冻结模型打分（no_grad）</translation>
    </message>
    <message>
        <source>Value model&apos;s backward</source>
        <translation>价值模型的反向传播</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>one frozen model&apos;s bytes on this GPU: &quot;Reference model: 16,060,522,496 bytes&quot;</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Reference model</source>
        <translation>参考模型</translation>
    </message>
    <message>
        <source>Reward model</source>
        <translation>奖励模型</translation>
    </message>
    <message>
        <source>Teacher</source>
        <translation>教师模型</translation>
    </message>
    <message>
        <source>vLLM (colocated)</source>
        <translation>vLLM（同机）</translation>
    </message>
    <message>
        <source> · DoRA</source>
        <translation> · DoRA</translation>
    </message>
    <message>
        <source> · trained %1</source>
        <translation> · 训练 %1</translation>
    </message>
    <message>
        <source> (%1 layers, %2)</source>
        <extracomment>%1 Megatron&apos;s --recompute-num-layers, %2 its method (uniform, block)</extracomment>
        <translation>（%1 层，%2）</translation>
    </message>
    <message>
        <source> (one layer in %1)</source>
        <translation>（每 %1 层一层）</translation>
    </message>
    <message>
        <source> · context parallel %1</source>
        <translation> · 上下文并行 %1</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>Print JSON.</source>
        <translation>输出 JSON。</translation>
    </message>
    <message>
        <source>error: </source>
        <translation>错误： </translation>
    </message>
    <message>
        <source>List the model presets.</source>
        <translation>列出模型预设。</translation>
    </message>
    <message>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>family</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>H</source>
        <translation>H</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>KV</source>
        <translation>KV</translation>
    </message>
    <message>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <source>V</source>
        <translation>V</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>List the GPU catalogue.</source>
        <translation>列出 GPU 清单。</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>TFLOP/s</source>
        <translation>TFLOP/s</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2</source>
        <translation>%1 不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>scenario file: &quot;schema&quot; must be %1, found %2</source>
        <translation>场景文件：&quot;schema&quot; 必须为 %1，实际为 %2</translation>
    </message>
    <message>
        <source>scenario file: unknown key &quot;%1&quot;; allowed: %2</source>
        <translation>场景文件：未知的键 &quot;%1&quot;；允许：%2</translation>
    </message>
    <message>
        <source>%1: expected %2, got %3</source>
        <translation>%1：应为 %2，实际为 %3</translation>
    </message>
    <message>
        <source>%1: unknown value %2; allowed: %3</source>
        <translation>%1：未知的取值 %2；允许：%3</translation>
    </message>
    <message>
        <source>AMP keeps FP32 weights and gradients: the fixed cost is the same 16 bytes/param as FP32; AMP saves activations, not model states.</source>
        <translation>AMP 保留 FP32 权重和梯度：固定开销与 FP32 相同，都是每参数 16 字节；AMP 省的是激活值，而不是模型状态。</translation>
    </message>
    <message>
        <source>Gradient accumulation enlarges the global batch; it saves no memory.</source>
        <translation>梯度累积只是放大全局批次，并不省显存。</translation>
    </message>
    <message>
        <source>The textbook formula assumes K and V as wide as Q; this model groups its key/value heads.</source>
        <translation>教科书公式假设 K、V 与 Q 同宽；该模型的 key/value 头是分组共享的。</translation>
    </message>
    <message>
        <source>The textbook formula assumes a GPT-style 4H MLP; this model&apos;s MLP differs.</source>
        <translation>教科书公式假设 GPT 式的 4H MLP；该模型的 MLP 与此不同。</translation>
    </message>
    <message>
        <source>The textbook formula leaves out the embedding, the logits and the loss.</source>
        <translation>教科书公式未计入嵌入层、logits 和损失。</translation>
    </message>
    <message>
        <source>The given parameter count differs from the architecture&apos;s by more than 5%.</source>
        <translation>给定的参数量与按架构推算的参数量相差超过 5%。</translation>
    </message>
    <message>
        <source>This GPU has no BF16 tensor cores: use an FP16 recipe with a loss scaler.</source>
        <translation>该 GPU 没有 BF16 Tensor Core：请使用 FP16 精度方案并配合损失缩放。</translation>
    </message>
    <message>
        <source>FP16 gradients underflow below ~6e-8: train with a dynamic loss scaler (GradScaler).</source>
        <translation>FP16 梯度低于约 6e-8 就会下溢：请使用动态损失缩放（GradScaler）训练。</translation>
    </message>
    <message>
        <source>The peak exceeds the GPU&apos;s memory.</source>
        <translation>峰值超出 GPU 显存。</translation>
    </message>
    <message>
        <source>Without an FP32 master copy, updates smaller than half a half-precision ulp are lost.</source>
        <translation>没有 FP32 主副本时，小于半精度 ulp 一半的更新会丢失。</translation>
    </message>
    <message>
        <source>custom model</source>
        <translation>自定义模型</translation>
    </message>
    <message>
        <source>%1: %2 parameters, L=%3, H=%4, A=%5; B=%6, S=%7; %8, %9, recompute %10; %11 activations</source>
        <translation>%1：%2 个参数，L=%3，H=%4，A=%5；B=%6，S=%7；%8，%9，重计算 %10；激活值模型：%11</translation>
    </message>
    <message>
        <source>Strategy: %1</source>
        <translation>并行策略：%1</translation>
    </message>
    <message>
        <source>P</source>
        <translation>P</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>分项</translation>
    </message>
    <message>
        <source>No GPU chosen: give --gpu (see `headroom-cli gpus`) for a verdict.</source>
        <translation>未选择 GPU：用 --gpu 指定（见 `headroom-cli gpus`）即可得出结论。</translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation>说明：</translation>
    </message>
    <message>
        <source>Estimate one training run&apos;s GPU memory, bucket by bucket.</source>
        <translation>逐项估算一次训练任务的每卡显存。</translation>
    </message>
    <message>
        <source>Print JSON: every figure in integer bytes.</source>
        <translation>输出 JSON：所有数值均为整数字节。</translation>
    </message>
    <message>
        <source>error: unexpected argument &quot;%1&quot;</source>
        <translation>错误：多余的参数 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 per GPU on %2 &lt;= %3</source>
        <translation>%2 时每卡 %1 &lt;= %3</translation>
    </message>
    <message>
        <source>; at %1: %2 &gt; %3</source>
        <translation>；%1 张时：%2 &gt; %3</translation>
    </message>
    <message>
        <source>; the smallest count this tensor x pipeline layout allows</source>
        <translation>；这是该张量并行 x 流水线并行布局允许的最少卡数</translation>
    </message>
    <message>
        <source>never: activations %1 + runtime overhead %2 per GPU exceed %3 whatever the GPU count (only a smaller micro-batch or sequence, checkpointing or --tp/--sp/--pp shrink them)</source>
        <translation>不可能：无论多少张 GPU，每卡激活值 %1 + 运行时开销 %2 都超过 %3（只有减小微批次或序列长度、开启激活检查点或 --tp/--sp/--pp 才能降低它们）</translation>
    </message>
    <message>
        <source>never: plain data parallelism keeps all model states on every GPU (%1 + activations %2)</source>
        <translation>不可能：纯数据并行在每张 GPU 上都保留全部模型状态（%1 + 激活值 %2）</translation>
    </message>
    <message>
        <source>never: at %1 GPUs still %2 per GPU; the part %3 does not divide stays (model states %4 per GPU)</source>
        <translation>不可能：%1 张 GPU 时每卡仍需 %2；%3 不切分的部分保持不变（每卡模型状态 %4）</translation>
    </message>
    <message>
        <source>ZeRO-1</source>
        <translation>ZeRO-1</translation>
    </message>
    <message>
        <source>ZeRO-2</source>
        <translation>ZeRO-2</translation>
    </message>
    <message>
        <source>Reduce the micro-batch %1 -&gt; %2 and accumulate gradients over %3 -&gt; %4 steps to keep the global batch (accumulation itself saves no memory)</source>
        <translation>微批次 %1 -&gt; %2，梯度累积步数 %3 -&gt; %4，以保持全局批次不变（梯度累积本身不省显存）</translation>
    </message>
    <message>
        <source>Turn on activation checkpointing (--recompute full, model.gradient_checkpointing_enable(); about 20-30 % slower: 8 P instead of 6 P FLOPs per token)</source>
        <translation>开启激活检查点（--recompute full，model.gradient_checkpointing_enable()；约慢 20-30 %：每 token 计算量为 8 P 而非 6 P FLOPs）</translation>
    </message>
    <message>
        <source>Shard with ZeRO-%1 over the %2 data-parallel GPUs (--zero %1)</source>
        <translation>用 ZeRO-%1 在 %2 张数据并行 GPU 上切分（--zero %1）</translation>
    </message>
    <message>
        <source>Offload %1 to CPU memory (DeepSpeed ZeRO-%2, --offload %3; %4 of host RAM per node)</source>
        <translation>将%1卸载到 CPU 内存（DeepSpeed ZeRO-%2，--offload %3；每节点需主机内存 %4）</translation>
    </message>
    <message>
        <source>optimizer states and parameters</source>
        <translation>优化器状态和参数</translation>
    </message>
    <message>
        <source>the optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Train LoRA adapters (r=%1 on %2: %3 trainable parameters) on the frozen 16-bit base (--lora-rank %1)</source>
        <translation>训练 LoRA 适配器，基座冻结为 16 位（r=%1，作用于 %2：可训练参数 %3；--lora-rank %1）</translation>
    </message>
    <message>
        <source>Quantize the frozen base to 4-bit NF4 with double quantization (QLoRA, --qlora)</source>
        <translation>将冻结的基座量化为 4 位 NF4 并使用双重量化（QLoRA，--qlora）</translation>
    </message>
    <message>
        <source>%1: saves %2, peak %3 per GPU, %4.</source>
        <translation>%1：节省 %2，每卡峰值 %3，%4。</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>does not fit yet</source>
        <translation>仍放不下</translation>
    </message>
    <message>
        <source>strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>per-GPU peak</source>
        <translation>每卡峰值</translation>
    </message>
    <message>
        <source>max B</source>
        <translation>最大 B</translation>
    </message>
    <message>
        <source>max S</source>
        <translation>最大 S</translation>
    </message>
    <message>
        <source>host/node</source>
        <translation>每节点内存</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>full fine-tune</source>
        <translation>全参数微调</translation>
    </message>
    <message>
        <source>%1 (%2 parameters), %3: B=%4, S=%5, %6, %7, recompute %8, %9 activations, tensor %10 x pipeline %11</source>
        <translation>%1（%2 个参数），%3：B=%4，S=%5，%6，%7，重计算 %8，激活值模型：%9，张量并行 %10 x 流水线并行 %11</translation>
    </message>
    <message>
        <source>How many GPUs of each kind a run needs under each strategy, the largest micro-batch and longest sequence that fit, and days and cost for a token budget.</source>
        <translation>估算一次训练在各策略下每种 GPU 需要多少张、放得下的最大微批次和最长序列，以及给定 token 预算所需的天数和费用。</translation>
    </message>
    <message>
        <source>Token budget for days and cost (default 1e9).</source>
        <translation>用于估算天数和费用的 token 预算（默认 1e9）。</translation>
    </message>
    <message>
        <source>count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>fraction</source>
        <translation>比例</translation>
    </message>
    <message>
        <source>Price per GPU-hour for one kind, KIND=USD (repeatable).</source>
        <translation>某种 GPU 每 GPU 小时的价格，KIND=USD（可重复指定）。</translation>
    </message>
    <message>
        <source>kind=usd</source>
        <translation>kind=usd</translation>
    </message>
    <message>
        <source>Largest GPU count searched (default 4096).</source>
        <translation>搜索的最大 GPU 数（默认 4096）。</translation>
    </message>
    <message>
        <source>Print JSON: byte figures as integers.</source>
        <translation>输出 JSON：字节数以整数表示。</translation>
    </message>
    <message>
        <source>Whole model: %1 of model states; activations %2 per GPU at B=%3.</source>
        <translation>整个模型：模型状态 %1；B=%3 时每卡激活值 %2。</translation>
    </message>
    <message>
        <source>Data parallelism and ZeRO divide model states over the GPUs, never activations; offload moves states to host RAM. GPUs = fewest that fit; max B and max S at that count.</source>
        <translation>数据并行和 ZeRO 只把模型状态分摊到各 GPU，激活值不分摊；卸载把状态移到主机内存。GPU 数 = 放得下的最少卡数；最大 B 和最大 S 按该卡数计算。</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>%1: %2 per GPU, %3 per GPU-hour</source>
        <translation>%1：每卡 %2，每 GPU 小时 %3</translation>
    </message>
    <message>
        <source>With full activation checkpointing (--recompute full; about 20-30 % slower, 8 P FLOPs per token):</source>
        <translation>开启完全激活检查点时（--recompute full；约慢 20-30 %，每 token 8 P FLOPs）：</translation>
    </message>
    <message>
        <source>As given (%1): peak %2 per GPU, max B %3, max S %4.</source>
        <translation>按给定配置（%1）：每卡峰值 %2，最大 B %3，最大 S %4。</translation>
    </message>
    <message>
        <source>Time: %1.</source>
        <translation>时间：%1。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>days*</source>
        <translation>天数*</translation>
    </message>
    <message>
        <source>cost*</source>
        <translation>费用*</translation>
    </message>
    <message>
        <source>GPUs needed per strategy (- : none up to %1):</source>
        <translation>各策略所需 GPU 数（-：%1 张以内都放不下）：</translation>
    </message>
    <message>
        <source>With full activation checkpointing (--recompute full; about 20-30 % slower):</source>
        <translation>开启完全激活检查点时（--recompute full；约慢 20-30 %）：</translation>
    </message>
    <message>
        <source>max B, max S: per GPU as given (%1). * at the strategy needing the fewest GPUs; %2.</source>
        <translation>最大 B、最大 S：按给定配置（%1）的每卡值。*：按所需 GPU 最少的策略计算；%2。</translation>
    </message>
    <message>
        <source>No GPU kind fits this run under any strategy up to %1 GPUs%2.</source>
        <translation>在 %1 张 GPU 以内，任何 GPU 型号在任何策略下都放不下这次训练%2。</translation>
    </message>
    <message>
        <source> as given; see the checkpointed table</source>
        <translation> （按给定配置；见开启激活检查点的表）</translation>
    </message>
    <message>
        <source>Fastest at the fewest GPUs that fit:</source>
        <translation>在放得下的最少卡数下最快的：</translation>
    </message>
    <message>
        <source>per-GPU memory of one training run</source>
        <translation>一次训练的每卡显存</translation>
    </message>
    <message>
        <source>GPUs needed per strategy, largest batch and sequence, days and cost</source>
        <translation>各策略所需 GPU 数、最大微批次与序列长度、天数与费用</translation>
    </message>
    <message>
        <source>list the model presets</source>
        <translation>列出模型预设</translation>
    </message>
    <message>
        <source>list the GPU catalogue</source>
        <translation>列出 GPU 清单</translation>
    </message>
    <message>
        <source>how a value is stored in FP32/FP16/BF16/FP8</source>
        <translation>查看一个数值在 FP32/FP16/BF16/FP8 中如何存储</translation>
    </message>
    <message>
        <source>simulate GradScaler&apos;s dynamic loss scale (CSV)</source>
        <translation>模拟 GradScaler 的动态损失缩放（CSV）</translation>
    </message>
    <message>
        <source>Usage: headroom-cli &lt;command&gt; [options]   (headroom-cli &lt;command&gt; --help for its options)</source>
        <translation>用法：headroom-cli &lt;command&gt; [options]   （用 headroom-cli &lt;command&gt; --help 查看该命令的选项）</translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>error: unknown command &quot;%1&quot;</source>
        <translation>错误：未知命令 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation>1 张 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 张 GPU</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source>adapters (%1)</source>
        <translation>适配器（%1）</translation>
    </message>
    <message>
        <source>P of this t x p slice (%1)</source>
        <translation>本 t x p 切片的 P（%1）</translation>
    </message>
    <message>
        <source> / %1 (%2)</source>
        <translation> / %1 (%2)</translation>
    </message>
    <message>
        <source>%1 (data-parallel %2 x tensor %3 x pipeline %4%5), %6, offload %7</source>
        <translation>%1（数据并行 %2 x 张量并行 %3 x 流水线并行 %4%5），%6，卸载 %7</translation>
    </message>
    <message>
        <source>, sequence parallel</source>
        <translation>，序列并行</translation>
    </message>
    <message>
        <source>; %1 r=%2 on %3</source>
        <translation>；%1 r=%2，作用于 %3</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>rounded</source>
        <translation>已舍入</translation>
    </message>
    <message>
        <source>flushed to zero</source>
        <translation>下溢为零</translation>
    </message>
    <message>
        <source>overflow</source>
        <translation>上溢</translation>
    </message>
    <message>
        <source>not finite</source>
        <translation>非有限值</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>零</translation>
    </message>
    <message>
        <source>subnormal</source>
        <translation>次正规数</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>正规数</translation>
    </message>
    <message>
        <source>infinity</source>
        <translation>无穷大</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>TF32 (math only)</source>
        <translation>TF32（仅用于计算）</translation>
    </message>
    <message>
        <source>FP8 E4M3</source>
        <translation>FP8 E4M3</translation>
    </message>
    <message>
        <source>FP8 E5M2</source>
        <translation>FP8 E5M2</translation>
    </message>
    <message>
        <source>bits (sign/exp/mantissa)</source>
        <translation>位数（符号/指数/尾数）</translation>
    </message>
    <message>
        <source>exponent bias</source>
        <translation>指数偏置</translation>
    </message>
    <message>
        <source>largest finite</source>
        <translation>最大有限值</translation>
    </message>
    <message>
        <source>smallest normal</source>
        <translation>最小正规数</translation>
    </message>
    <message>
        <source>smallest subnormal</source>
        <translation>最小次正规数</translation>
    </message>
    <message>
        <source>machine epsilon</source>
        <translation>机器精度 ε</translation>
    </message>
    <message>
        <source>decimal digits</source>
        <translation>十进制有效位数</translation>
    </message>
    <message>
        <source>rounds to zero at or below</source>
        <translation>≤ 此值即舍入为零</translation>
    </message>
    <message>
        <source>overflows from</source>
        <translation>上溢起点</translation>
    </message>
    <message>
        <source>above </source>
        <translation>高于 </translation>
    </message>
    <message>
        <source>overflow gives</source>
        <translation>上溢结果</translation>
    </message>
    <message>
        <source>NaN (no infinity in this format)</source>
        <translation>NaN（该格式没有无穷大）</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>bits (sign exponent mantissa)</source>
        <translation>位（符号 指数 尾数）</translation>
    </message>
    <message>
        <source>hex</source>
        <translation>十六进制</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>存储值</translation>
    </message>
    <message>
        <source>rel. error</source>
        <translation>相对误差</translation>
    </message>
    <message>
        <source>ulp</source>
        <translation>ulp</translation>
    </message>
    <message>
        <source>class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>note</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>Show how a value is stored in each number format, or a format&apos;s constants.</source>
        <translation>显示一个数值在各种数值格式中如何存储，或某个格式的常量。</translation>
    </message>
    <message>
        <source>The value to encode (e.g. 1e-8, 65520, -0, inf, nan).</source>
        <translation>要编码的数值（如 1e-8, 65520, -0, inf, nan）。</translation>
    </message>
    <message>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <source>One format: %1.</source>
        <translation>只看一种格式：%1。</translation>
    </message>
    <message>
        <source>Decode this encoding (hex, e.g. 0x3c00); needs --format.</source>
        <translation>解码该编码（十六进制，如 0x3c00）；需同时指定 --format。</translation>
    </message>
    <message>
        <source>Clamp overflow to the largest finite value (OCP saturating mode).</source>
        <translation>将上溢截断为最大有限值（OCP 饱和模式）。</translation>
    </message>
    <message>
        <source>--format: unknown format &quot;%1&quot;; allowed: %2</source>
        <translation>--format：未知格式 &quot;%1&quot;；允许：%2</translation>
    </message>
    <message>
        <source>--bits: needs --format and excludes --value</source>
        <translation>--bits：需要 --format，且不能与 --value 同用</translation>
    </message>
    <message>
        <source>--bits: &quot;%1&quot; is not a %2-bit encoding; allowed: 0x0 to %3</source>
        <translation>--bits：&quot;%1&quot; 不是 %2 位编码；允许：0x0 到 %3</translation>
    </message>
    <message>
        <source>error: give --value &lt;x&gt; to encode a value, or --format &lt;name&gt; for a format&apos;s constants</source>
        <translation>错误：请用 --value &lt;x&gt; 编码一个数值，或用 --format &lt;name&gt; 查看某个格式的常量</translation>
    </message>
    <message>
        <source>--value: &quot;%1&quot; is not a number; allowed: any double, e.g. 3e-8, -65504, inf, nan (|x| &lt;= 1.8e308)</source>
        <translation>--value：&quot;%1&quot; 不是数值；允许：任意 double，如 3e-8, -65504, inf, nan（|x| &lt;= 1.8e308）</translation>
    </message>
    <message>
        <source>value: %1</source>
        <translation>数值：%1</translation>
    </message>
    <message>
        <source>greater than 1, up to %1</source>
        <translation>大于 1，最大 %1</translation>
    </message>
    <message>
        <source>greater than 0 and less than 1</source>
        <translation>大于 0 且小于 1</translation>
    </message>
    <message>
        <source>-1 (none) to %1</source>
        <translation>-1（无）到 %1</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 到 %2</translation>
    </message>
    <message>
        <source>step %1: the scale is down to %2 and gradients still overflow: exploding gradients, not a loss-scaling problem. Check the learning rate, then gradient clipping, then the data for bad samples.</source>
        <translation>第 %1 步：缩放系数已降到 %2，梯度仍然上溢：这是梯度爆炸，而不是损失缩放的问题。先查学习率，再查梯度裁剪，最后检查数据里有没有异常样本。</translation>
    </message>
    <message>
        <source>%1% of steps were skipped after calibration; GradScaler expects a skip every few hundred or thousand steps.</source>
        <translation>校准期之后有 %1% 的步被跳过；GradScaler 预期每几百到几千步才跳过一次。</translation>
    </message>
    <message>
        <source>step %1: the scale underflowed to zero; every gradient is zero from here on.</source>
        <translation>第 %1 步：缩放系数下溢为零；此后所有梯度都为零。</translation>
    </message>
    <message>
        <source>no step was skipped; the scale only grew (to %1). Normal for BF16.</source>
        <translation>没有跳过任何步；缩放系数只增不减（增至 %1）。BF16 下属正常现象。</translation>
    </message>
    <message>
        <source>healthy: %1% of steps skipped after calibration.</source>
        <translation>健康：校准期之后有 %1% 的步被跳过。</translation>
    </message>
    <message>
        <source>--%1: &quot;%2&quot; is not a number</source>
        <translation>--%1：&quot;%2&quot; 不是数值</translation>
    </message>
    <message>
        <source>--%1: &quot;%2&quot; is not a whole number</source>
        <translation>--%1：&quot;%2&quot; 不是整数</translation>
    </message>
    <message>
        <source>Simulate torch.cuda.amp.GradScaler&apos;s dynamic loss scale and print the trace as CSV (step,scale,max_grad,skipped,growth_tracker). Diagnostics go to stderr.</source>
        <translation>模拟 torch.cuda.amp.GradScaler 的动态损失缩放，并以 CSV 输出轨迹（step,scale,max_grad,skipped,growth_tracker）。诊断信息输出到 stderr。</translation>
    </message>
    <message>
        <source>Number of steps to simulate (required).</source>
        <translation>模拟的步数（必填）。</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Initial scale (default %1).</source>
        <translation>初始缩放系数（默认 %1）。</translation>
    </message>
    <message>
        <source>Growth factor (default %1).</source>
        <translation>增长因子（默认 %1）。</translation>
    </message>
    <message>
        <source>Backoff factor (default %1).</source>
        <translation>回退因子（默认 %1）。</translation>
    </message>
    <message>
        <source>Clean steps before the scale grows (default %1).</source>
        <translation>缩放系数增长前需连续无溢出的步数（默认 %1）。</translation>
    </message>
    <message>
        <source>Typical largest unscaled |gradient| per step (default %1).</source>
        <translation>每步未缩放 |梯度| 的典型最大值（默认 %1）。</translation>
    </message>
    <message>
        <source>Step-to-step spread of log10 max|g| in decades (default %1).</source>
        <translation>log10 max|g| 的逐步波动，单位为数量级（默认 %1）。</translation>
    </message>
    <message>
        <source>decades</source>
        <translation>数量级</translation>
    </message>
    <message>
        <source>Probability of a gradient spike per step (default 0).</source>
        <translation>每步出现梯度尖峰的概率（默认 0）。</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>How much a spike multiplies max|g| (default %1).</source>
        <translation>尖峰使 max|g| 放大的倍数（默认 %1）。</translation>
    </message>
    <message>
        <source>Step from which gradients grow every step (learning-rate blow-up; default none).</source>
        <translation>从该步起梯度每步增长（模拟学习率过大导致的发散；默认无）。</translation>
    </message>
    <message>
        <source>Growth of max|g| per step during the blow-up (default %1).</source>
        <translation>发散期间 max|g| 每步的增长倍数（默认 %1）。</translation>
    </message>
    <message>
        <source>Seed of the gradient noise (default 1).</source>
        <translation>梯度噪声的随机种子（默认 1）。</translation>
    </message>
    <message>
        <source>Format of the scaled gradients: fp16 (default), bf16, fp32, fp8-e4m3, fp8-e5m2.</source>
        <translation>缩放后梯度的格式：fp16（默认）、bf16、fp32、fp8-e4m3、fp8-e5m2。</translation>
    </message>
    <message>
        <source>Instead of simulating gradients, replay inf/NaN at these steps (comma-separated).</source>
        <translation>不模拟梯度，而是在这些步上重放 inf/NaN（逗号分隔）。</translation>
    </message>
    <message>
        <source>list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>--steps is required; allowed: 1 to %1</source>
        <translation>必须指定 --steps；允许：1 到 %1</translation>
    </message>
    <message>
        <source>--format: unknown format &quot;%1&quot;; allowed: fp16, bf16, fp32, fp8-e4m3, fp8-e5m2</source>
        <translation>--format：未知格式 &quot;%1&quot;；允许：fp16, bf16, fp32, fp8-e4m3, fp8-e5m2</translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: %3</source>
        <translation>%1：%2 超出范围；允许：%3</translation>
    </message>
    <message>
        <source>--inf-steps: &quot;%1&quot; is not a step; allowed: 0 to %2</source>
        <translation>--inf-steps：&quot;%1&quot; 不是有效的步；允许：0 到 %2</translation>
    </message>
    <message>
        <source>diagnostic: %1</source>
        <translation>诊断：%1</translation>
    </message>
    <message>
        <source>Read the scenario from a JSON file (schema 1); options override it.</source>
        <translation>从 JSON 文件（schema 1）读取场景；命令行选项会覆盖其中的设置。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1：%2。</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>hint: name a model with --preset, or give --layers, --hidden and --heads</source>
        <translation>提示：用 --preset 指定模型，或给出 --layers、--hidden 和 --heads</translation>
    </message>
    <message>
        <source>Usage: headroom-cli %1 [options]</source>
        <translation>用法：headroom-cli %1 [options]</translation>
    </message>
    <message>
        <source>Activations itemized per saved tensor: %1 block, %2 profile, %3 attention, dropout %4</source>
        <translation>逐个保存张量统计激活值：%1 架构，%2 实现，%3 注意力，dropout %4</translation>
    </message>
    <message>
        <source>highest point of the step (%1, at %2); gradients %3</source>
        <translation>本步最高点（%1，处于%2）；梯度%3</translation>
    </message>
    <message>
        <source>kept for the whole step</source>
        <translation>整步常驻</translation>
    </message>
    <message>
        <source>allocated during backward</source>
        <translation>在反向中分配</translation>
    </message>
    <message>
        <source>Saved for backward by one layer (B=%1, S=%2):</source>
        <translation>单层为反向保存的张量（B=%1，S=%2）：</translation>
    </message>
    <message>
        <source>Saved outside the layers (embedding, final norm, LM head, logits and loss):</source>
        <translation>层外保存的张量（嵌入、最终 norm、LM 输出头、logits 和损失）：</translation>
    </message>
    <message>
        <source>region</source>
        <translation>区域</translation>
    </message>
    <message>
        <source>tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <source>recomputed in backward</source>
        <translation>反向中重计算</translation>
    </message>
    <message>
        <source>autocast weight copy</source>
        <translation>autocast 权重副本</translation>
    </message>
    <message>
        <source>kept per layer</source>
        <translation>每层保留</translation>
    </message>
    <message>
        <source>rebuilt for one layer in backward</source>
        <translation>反向时为单层重建</translation>
    </message>
    <message>
        <source>all layers held</source>
        <translation>所有层保留</translation>
    </message>
    <message>
        <source>kept per layer x layers on this GPU</source>
        <translation>每层保留 x 本卡层数</translation>
    </message>
    <message>
        <source>outside total</source>
        <translation>层外合计</translation>
    </message>
    <message>
        <source>Short-lived buffers (counted in the peak, not in the activations):</source>
        <translation>短时缓冲区（计入峰值，不计入激活值）：</translation>
    </message>
    <message>
        <source>logits in the loss&apos;s forward</source>
        <translation>损失前向中的 logits</translation>
    </message>
    <message>
        <source>loss gradients in backward</source>
        <translation>反向中的损失梯度</translation>
    </message>
    <message>
        <source>one layer&apos;s forward scratch</source>
        <translation>单层前向临时缓冲</translation>
    </message>
    <message>
        <source>one layer&apos;s backward scratch</source>
        <translation>单层反向临时缓冲</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>Also list every tensor one layer saves for backward, and those outside the layers.</source>
        <translation>同时列出单层为反向保存的每个张量，以及层外的张量。</translation>
    </message>
    <message>
        <source>every strategy</source>
        <translation>所有策略</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a FIFO, a device or a folder): refused without reading it</source>
        <translation>%1 不是普通文件（而是 FIFO、设备或文件夹）：拒绝读取</translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes, the most a scenario file may have: refused without reading it</source>
        <translation>%1 大于场景文件允许的上限 %2 字节：拒绝读取</translation>
    </message>
    <message>
        <source>%1 holds %2 at its top level; expected a JSON object ({&quot;schema&quot;: 1, ...})</source>
        <translation>%1 的顶层是 %2；应为 JSON 对象（{&quot;schema&quot;: 1, ...}）</translation>
    </message>
    <message>
        <source>could not write %1 (%2); the previous file is unchanged</source>
        <translation>无法写入 %1（%2）；原文件未改动</translation>
    </message>
    <message>
        <source>%1 bytes (%2, %3)</source>
        <extracomment>exact bytes, then decimal GB and binary GiB</extracomment>
        <translation>%1 字节（%2，%3）</translation>
    </message>
    <message>
        <source>formula:</source>
        <translation>公式：</translation>
    </message>
    <message>
        <source>numbers:</source>
        <translation>代入：</translation>
    </message>
    <message>
        <source>terms:</source>
        <translation>各项：</translation>
    </message>
    <message>
        <source>offloaded to host RAM, per GPU:</source>
        <translation>每卡卸载到主机内存：</translation>
    </message>
    <message>
        <source>source:</source>
        <translation>来源：</translation>
    </message>
    <message>
        <source>source (%1):</source>
        <translation>来源（%1）：</translation>
    </message>
    <message>
        <source>Training stack %1; its choices (set: you changed the stack&apos;s default):</source>
        <translation>训练框架 %1 的各项选择（已设置：你修改了该框架的默认值）：</translation>
    </message>
    <message>
        <source>the stack&apos;s: %1</source>
        <translation>框架默认：%1</translation>
    </message>
    <message>
        <source>set</source>
        <translation>已设置</translation>
    </message>
    <message>
        <source>How each figure comes about, per GPU (symbols are listed at the end):</source>
        <translation>每卡各项数值的由来（符号列于末尾）：</translation>
    </message>
    <message>
        <source>Sum of the buckets (not all live at once): %1</source>
        <translation>各分项之和（并非同时驻留）：%1</translation>
    </message>
    <message>
        <source>The step&apos;s peak, at %1 (%2):</source>
        <translation>本步峰值出现在%1（%2）：</translation>
    </message>
    <message>
        <source>Activations split:</source>
        <translation>激活值构成：</translation>
    </message>
    <message>
        <source>one layer, nothing recomputed: %1</source>
        <translation>单层，无重计算：%1</translation>
    </message>
    <message>
        <source>all layers held: %1</source>
        <translation>所有层保留：%1</translation>
    </message>
    <message>
        <source>outside the layers: %1</source>
        <translation>层外：%1</translation>
    </message>
    <message>
        <source>one layer recomputed in backward: %1</source>
        <translation>反向中重计算的一层：%1</translation>
    </message>
    <message>
        <source>short-lived buffers at the peak (not in the bucket): %1</source>
        <translation>峰值时的短时缓冲区（不计入该分项）：%1</translation>
    </message>
    <message>
        <source>Symbols:</source>
        <translation>符号：</translation>
    </message>
    <message>
        <source>how (--explain for every term)</source>
        <translation>计算方式（--explain 查看每一项）</translation>
    </message>
    <message>
        <source>Sum of buckets</source>
        <translation>各分项之和</translation>
    </message>
    <message>
        <source>not all live at once; the peak is what must fit</source>
        <translation>并非同时驻留；必须放得下的是峰值</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>已导入 %1</translation>
    </message>
    <message>
        <source>What to change first (the rescue order of the training-memory guide «显存都去哪儿了», each step on top of the previous):</source>
        <translation>优先调整什么（按训练显存指南《显存都去哪儿了》的“救命”顺序，每一步都叠加在前一步之上）：</translation>
    </message>
    <message>
        <source>A Hugging Face config.json, or a folder holding one (its .safetensors headers give the checkpoint&apos;s exact count): the model to estimate. Options refine it.</source>
        <translation>要估算的模型：一个 Hugging Face config.json，或包含它的文件夹（其中 .safetensors 文件头给出权重文件的精确参数量）。其他选项可在此基础上细化。</translation>
    </message>
    <message>
        <source>path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Read --hf-config&apos;s model as this supported model_type (a config with the usual fields and another name): %1.</source>
        <translation>将 --hf-config 的模型按此受支持的 model_type 读取（适用于字段常规、但名称不同的配置文件）：%1。</translation>
    </message>
    <message>
        <source>model_type</source>
        <translation>model_type</translation>
    </message>
    <message>
        <source>error: cannot load the catalogue %1: %2 (set HEADROOM_DATA_DIR to the folder holding models/ and gpus.json)</source>
        <translation>错误：无法加载清单 %1：%2（请将 HEADROOM_DATA_DIR 设为包含 models/ 和 gpus.json 的文件夹）</translation>
    </message>
    <message>
        <source>error: --hf-family reads a config given with --hf-config; give both</source>
        <translation>错误：--hf-family 作用于 --hf-config 给出的配置文件；请同时给出两者</translation>
    </message>
    <message>
        <source> (with --hf-family)</source>
        <translation> （配合 --hf-family）</translation>
    </message>
    <message>
        <source> (--hf-family)</source>
        <translation> (--hf-family)</translation>
    </message>
    <message>
        <source>--tokens: %1 is not allowed; give a whole number of tokens from 1 to 1e18 (e.g. 1e9, 300B)</source>
        <translation>--tokens：不允许 %1；请给出 1 到 1e18 之间的整数 token 数（如 1e9、300B）</translation>
    </message>
    <message>
        <source>--mfu: %1 is not a number; give a fraction from %2 to 1 or a percentage (e.g. 0.4 or 40%)</source>
        <translation>--mfu：%1 不是数字；请给出 %2 到 1 之间的比例或百分比（如 0.4 或 40%）</translation>
    </message>
    <message>
        <source>--mfu: %1 is out of range; allowed: %2 to 1 (%3% to 100%, e.g. 0.4 or 40%)</source>
        <translation>--mfu：%1 超出范围；允许：%2 到 1（%3% 到 100%，如 0.4 或 40%）</translation>
    </message>
    <message>
        <source>--max-gpus: %1 is out of range; allowed: 1 to 1,000,000</source>
        <translation>--max-gpus：%1 超出范围；允许：1 到 1,000,000</translation>
    </message>
    <message>
        <source>--price: %1 is not allowed; give KIND=USD per GPU-hour, KIND from `headroom-cli gpus`, 0 &lt;= USD &lt;= 1,000,000 (e.g. h100-80gb=2.49)</source>
        <translation>--price：不允许 %1；请按 KIND=USD（每 GPU 小时的美元价格）给出，KIND 取自 `headroom-cli gpus`，0 &lt;= USD &lt;= 1,000,000（如 h100-80gb=2.49）</translation>
    </message>
    <message>
        <source>error: --sp: sequence parallelism splits activations over the tensor-parallel group, so it needs --tp 2 or more (it is %1)</source>
        <translation>错误：--sp：序列并行在张量并行组内切分激活值，因此需要 --tp 不小于 2（当前为 %1）</translation>
    </message>
    <message>
        <source>error: --lora-targets: &quot;%1&quot; matches no projection of this model; its targets: %2 (or all)</source>
        <translation>错误：--lora-targets：&quot;%1&quot; 与该模型的任何投影都不匹配；可选目标：%2（或 all）</translation>
    </message>
    <message>
        <source>Set %1 (%2); --%1 alone means true.</source>
        <translation>设置 %1（%2）；只写 --%1 表示 true。</translation>
    </message>
    <message>
        <source>NVLink</source>
        <translation>NVLink</translation>
    </message>
    <message>
        <source>PCIe</source>
        <translation>PCIe</translation>
    </message>
    <message>
        <source>node</source>
        <translation>每节点</translation>
    </message>
    <message>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>watts</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>$/hour</source>
        <translation>$/小时</translation>
    </message>
    <message>
        <source>$ each</source>
        <translation>$/张</translation>
    </message>
    <message>
        <source>%1 GB/s x%2</source>
        <translation>%1 GB/s x%2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <source>the check script builds LLaMA-family decoders (RMSNorm, RoPE, SwiGLU, grouped K/V); use --arch llama or a LLaMA, Mistral or Qwen2 preset</source>
        <translation>检查脚本只构建 LLaMA 系列解码器（RMSNorm、RoPE、SwiGLU、分组 K/V）；请使用 --arch llama 或 LLaMA、Mistral、Qwen2 预设</translation>
    </message>
    <message>
        <source>mixture-of-experts layers are not built by the check script</source>
        <translation>检查脚本不构建混合专家层</translation>
    </message>
    <message>
        <source>latent attention is not built by the check script</source>
        <translation>检查脚本不构建潜在注意力</translation>
    </message>
    <message>
        <source>q/k norms are not built by the check script</source>
        <translation>检查脚本不构建 q/k 归一化</translation>
    </message>
    <message>
        <source>fused q/k/v and gate/up projections are not built by the check script</source>
        <translation>检查脚本不构建融合的 q/k/v 与 gate/up 投影</translation>
    </message>
    <message>
        <source>a given parameter count has no architecture to build; give the architecture instead</source>
        <translation>给定的参数量没有可构建的架构；请改为给出架构</translation>
    </message>
    <message>
        <source>the check script runs one process on one GPU: --gpus, --tp, --pp and --ep must be 1</source>
        <translation>检查脚本在一块 GPU 上运行单个进程：--gpus、--tp、--pp 和 --ep 必须为 1</translation>
    </message>
    <message>
        <source>ZeRO needs DeepSpeed or FSDP over several GPUs; the check script runs one GPU without sharding (--zero 0)</source>
        <translation>ZeRO 需要在多块 GPU 上使用 DeepSpeed 或 FSDP；检查脚本在一块 GPU 上运行，不做切分（--zero 0）</translation>
    </message>
    <message>
        <source>offload needs DeepSpeed; the check script keeps everything on the GPU (--offload none)</source>
        <translation>卸载需要 DeepSpeed；检查脚本把一切留在 GPU 上（--offload none）</translation>
    </message>
    <message>
        <source>the check script uses torch.optim: adamw, adam, sgd or sgd-momentum</source>
        <translation>检查脚本使用 torch.optim：adamw、adam、sgd 或 sgd-momentum</translation>
    </message>
    <message>
        <source>an NF4 base needs bitsandbytes; the check script builds LoRA on a 16-bit base (--lora lora)</source>
        <translation>NF4 基座需要 bitsandbytes；检查脚本在 16 位基座上构建 LoRA（--lora lora）</translation>
    </message>
    <message>
        <source>the check script computes the plain loss (--loss plain)</source>
        <translation>检查脚本计算普通损失（--loss plain）</translation>
    </message>
    <message>
        <source>stepping in backward is not run by the check script</source>
        <translation>检查脚本不在反向传播中执行优化器步骤</translation>
    </message>
    <message>
        <source>activation offloading is not run by the check script</source>
        <translation>检查脚本不运行激活值卸载</translation>
    </message>
    <message>
        <source>torch.compile is not run by the check script</source>
        <translation>检查脚本不运行 torch.compile</translation>
    </message>
    <message>
        <source>paged optimizers need bitsandbytes</source>
        <translation>分页优化器需要 bitsandbytes</translation>
    </message>
    <message>
        <source>an FP32 gradient buffer is Megatron&apos;s and DeepSpeed&apos;s, not run by the check script</source>
        <translation>FP32 梯度缓冲区属于 Megatron 和 DeepSpeed，检查脚本不运行</translation>
    </message>
    <message>
        <source>Write a self-contained PyTorch script that trains the scenario&apos;s architecture with random weights for a few steps and prints what PyTorch measured beside Headroom&apos;s estimate (JSON); feed it back with `estimate --measured`. `python3 check.py --device cpu --tiny` runs a shrunk copy in seconds.</source>
        <translation>写出一个自包含的 PyTorch 脚本：以随机权重训练该场景的架构若干步，并把 PyTorch 测得的数值与 Headroom 的估算并列输出（JSON）；用 `estimate --measured` 读回。`python3 check.py --device cpu --tiny` 在几秒内运行一个缩小的副本。</translation>
    </message>
    <message>
        <source>Write the script to this file (required).</source>
        <translation>把脚本写入此文件（必填）。</translation>
    </message>
    <message>
        <source>error: --output: give the file to write the script to (e.g. --output check.py)</source>
        <translation>错误：--output：请给出写入脚本的文件（例如 --output check.py）</translation>
    </message>
    <message>
        <source>error: --%1: %2</source>
        <translation>错误：--%1：%2</translation>
    </message>
    <message>
        <source>error: this build has no check-script template</source>
        <translation>错误：此构建没有检查脚本模板</translation>
    </message>
    <message>
        <source>error: could not write %1 (%2); the previous file is unchanged</source>
        <translation>错误：无法写入 %1（%2）；原文件保持不变</translation>
    </message>
    <message>
        <source>Wrote %1. Run it with: python3 %1 --output measured.json (on the GPU), or python3 %1 --device cpu --tiny; then: headroom-cli estimate --measured measured.json</source>
        <translation>已写入 %1。运行：python3 %1 --output measured.json（在 GPU 上），或 python3 %1 --device cpu --tiny；然后：headroom-cli estimate --measured measured.json</translation>
    </message>
    <message>
        <source>A check script&apos;s JSON (headroom-cli check-script): what was measured, beside the estimate. Without --scenario it estimates the scenario that ran; options refine it.</source>
        <translation>检查脚本输出的 JSON（headroom-cli check-script）：实测数值与估算并列。不加 --scenario 时估算所运行的场景；选项可进一步调整。</translation>
    </message>
    <message>
        <source>--global-batch: %1 is out of range; allowed: 1 to 100,000,000 sequences per step, or 1 to 1e12 tokens written with &quot;tokens&quot; (e.g. 256 or 2M tokens)</source>
        <translation>--global-batch：%1 超出范围；允许每步 1 到 100,000,000 条序列，或 1 到 1e12 个 token（写上 &quot;tokens&quot;，例如 256 或 2M tokens）</translation>
    </message>
    <message>
        <source>--batch-tolerance: %1 is out of range; allowed: 0 to 0.5 or 0% to 50% of the global batch</source>
        <translation>--batch-tolerance：%1 超出范围；允许全局批量的 0 到 0.5，或 0% 到 50%</translation>
    </message>
    <message>
        <source>--network: %1 is not allowed; give the network bandwidth per node with its unit, from 1 Mbps to 100 Tbps (e.g. 400Gbps, 3.2Tbps, 50GB/s)</source>
        <translation>--network：不接受 %1；请给出每节点的网络带宽并带单位，范围 1 Mbps 到 100 Tbps（例如 400Gbps、3.2Tbps、50GB/s）</translation>
    </message>
    <message>
        <source>0 to 10 USD per kWh</source>
        <translation>每 kWh 0 到 10 美元</translation>
    </message>
    <message>
        <source>0.25 to 30 years</source>
        <translation>0.25 到 30 年</translation>
    </message>
    <message>
        <source>--%1: %2 is out of range; allowed: %3</source>
        <translation>--%1：%2 超出范围；允许：%3</translation>
    </message>
    <message>
        <source>--purchase: %1 is not allowed; give KIND=USD per card, KIND from `headroom-cli gpus`, 0 &lt;= USD &lt;= 10,000,000 (e.g. h100-80gb=25000)</source>
        <translation>--purchase：不接受 %1；请给出 KIND=USD（每张卡的美元价格），KIND 取自 `headroom-cli gpus`，0 &lt;= USD &lt;= 10,000,000（例如 h100-80gb=25000）</translation>
    </message>
    <message>
        <source>Run the compute term at this share of the dense peak, %1 to 1 or a percentage, instead of the modelled matmul efficiency and memory-bound time (communication and bubbles are still added).</source>
        <translation>让计算项按稠密峰值的这一比例运行（%1 到 1，或百分比），代替建模的矩阵乘效率和访存受限时间（通信和气泡仍然计入）。</translation>
    </message>
    <message>
        <source>Sequences (or &quot;N tokens&quot;) per optimizer step, kept exactly: data-parallel degree x micro-batch x accumulation equals it in every row.</source>
        <translation>每个优化器步的序列数（或 &quot;N tokens&quot;），严格保持：每一行的数据并行度 x 微批量 x 累积步数都等于它。</translation>
    </message>
    <message>
        <source>Allow the global batch to miss by this share (e.g. 5%); default 0, exact.</source>
        <translation>允许全局批量偏差这一比例（例如 5%）；默认 0，即严格相等。</translation>
    </message>
    <message>
        <source>share</source>
        <translation>比例</translation>
    </message>
    <message>
        <source>Network bandwidth per node, e.g. 400Gbps or 3.2Tbps (default: each GPU kind&apos;s usual server).</source>
        <translation>每节点的网络带宽，例如 400Gbps 或 3.2Tbps（默认：各 GPU 型号常见服务器的配置）。</translation>
    </message>
    <message>
        <source>rate</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>Electricity price for the cost of owning, USD per kWh (default %1).</source>
        <translation>计算自有成本用的电价，美元/kWh（默认 %1）。</translation>
    </message>
    <message>
        <source>usd</source>
        <translation>美元</translation>
    </message>
    <message>
        <source>Years the purchase is spread over for the cost of owning (default %1).</source>
        <translation>计算自有成本时购置费用摊销的年数（默认 %1）。</translation>
    </message>
    <message>
        <source>years</source>
        <translation>年</translation>
    </message>
    <message>
        <source>Purchase price of one card of a kind, KIND=USD (repeatable).</source>
        <translation>某型号一张卡的购置价，KIND=USD（可重复）。</translation>
    </message>
    <message>
        <source>With --gpu: each strategy&apos;s step time, term by term, with formulas and sources.</source>
        <translation>配合 --gpu：逐项给出每种策略的单步时间，附公式和出处。</translation>
    </message>
    <message>
        <source>error: --global-batch: %1 tokens is not a whole number of sequences of S = %2 tokens; give a multiple of %2 tokens or a count of sequences</source>
        <translation>错误：--global-batch：%1 个 token 不是整数条 S = %2 的序列；请给出 %2 的整数倍个 token，或给出序列条数</translation>
    </message>
    <message>
        <source>days and cost: %1 tokens; each step&apos;s compute at %2 % of the card&apos;s dense peak (--mfu), plus data-, tensor- and pipeline-parallel communication, the pipeline bubble and offload (docs/procurement.md)</source>
        <translation>天数和成本：%1 个 token；每步的计算按卡的稠密峰值的 %2 %（--mfu），再加上数据、张量和流水线并行的通信、流水线气泡和卸载（docs/procurement.md）</translation>
    </message>
    <message>
        <source>days and cost: %1 tokens; each step timed from its compute (matmuls at the card&apos;s measured matmul efficiency, element-wise work at its memory bandwidth), data-, tensor- and pipeline-parallel communication (90 % of the data-parallel traffic hidden behind compute), the pipeline bubble and offload (docs/procurement.md)</source>
        <translation>天数和成本：%1 个 token；每步时间由各项组成：计算（矩阵乘按卡实测的矩阵乘效率，逐元素运算按显存带宽）、数据/张量/流水线并行通信（数据并行流量的 90 % 被计算掩盖）、流水线气泡和卸载（docs/procurement.md）</translation>
    </message>
    <message>
        <source>%1 on %2 GPUs (micro-batch %3, accumulation %4), one step:</source>
        <translation>%1，%2 张 GPU（微批量 %3，累积 %4），一步：</translation>
    </message>
    <message>
        <source>%1 x %2, %3: no time (no dense peak for this recipe)</source>
        <translation>%1 x %2，%3：无时间估计（该精度方案没有稠密峰值）</translation>
    </message>
    <message>
        <source>%1 x %2, %3: %4 days, %5 GPU-hours, rent %6, own %7, MFU %8 %, %9 (micro-batch %10, grad-accum %11, global batch %12)</source>
        <translation>%1 x %2，%3：%4 天，%5 GPU 小时，租用 %6，自有 %7，MFU %8 %，%9（微批量 %10，梯度累积 %11，全局批量 %12）</translation>
    </message>
    <message>
        <source>Cheapest to rent, GPU kind x count x strategy, for %1 tokens (ties by days):</source>
        <translation>租用最便宜的 GPU 型号 x 数量 x 策略，训练 %1 个 token（同价按天数）：</translation>
    </message>
    <message>
        <source>Not chosen: the fastest, %1 x %2 %3, finishes %4 days sooner but costs %5 more to rent.</source>
        <translation>未选：最快的 %1 x %2 %3 早 %4 天完成，但租用成本多 %5。</translation>
    </message>
    <message>
        <source>Ranked lower: %1 rents for no more per GPU-hour than %2 (%3 vs %4) but communication takes %5 % of its step (data-parallel at %6 GB/s per GPU%7), so it needs %8 GPU-hours instead of %9.</source>
        <translation>排名靠后：%1 每 GPU 小时的租金不高于 %2（%3 对 %4），但通信占其单步时间的 %5 %（数据并行每 GPU %6 GB/s%7），所以需要 %8 GPU 小时而不是 %9。</translation>
    </message>
    <message>
        <source>, NVLink</source>
        <translation>，NVLink</translation>
    </message>
    <message>
        <source>, across nodes</source>
        <translation>，跨节点</translation>
    </message>
    <message>
        <source>, PCIe</source>
        <translation>，PCIe</translation>
    </message>
    <message>
        <source>write a PyTorch script that measures the scenario on a GPU</source>
        <translation>写出在 GPU 上实测该场景的 PyTorch 脚本</translation>
    </message>
    <message>
        <source>write one run&apos;s report: Markdown, PDF, CSV or JSON</source>
        <translation>写出一次训练的报告：Markdown、PDF、CSV 或 JSON</translation>
    </message>
    <message>
        <source>Global option, before or after the command:</source>
        <translation>全局选项（可放在命令之前或之后）：</translation>
    </message>
    <message>
        <source>the language of the text (not of --json): %1; default: the system locale&apos;s</source>
        <translation>文本输出的语言（不影响 --json）：%1；默认跟随系统区域设置</translation>
    </message>
    <message>
        <source>error: --lang: unknown language &quot;%1&quot;; available: %2</source>
        <translation>错误：--lang：未知语言 &quot;%1&quot;；可用：%2</translation>
    </message>
    <message>
        <source>error: --measured: </source>
        <translation>错误：--measured：</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Measured (%1: %2, %3, torch %4, %5 steps%6):</source>
        <translation>实测（%1：%2，%3，torch %4，%5 步%6）：</translation>
    </message>
    <message>
        <source>unnamed device</source>
        <translation>未命名设备</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>, the tiny copy</source>
        <translation>，缩小副本</translation>
    </message>
    <message>
        <source>  note: the estimate is not of the scenario that ran; without other options --measured estimates the file&apos;s own scenario</source>
        <translation>  注意：此估算并非所运行的场景；不加其他选项时，--measured 估算文件自身的场景</translation>
    </message>
    <message>
        <source>figure</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>estimated</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>estimated - measured</source>
        <translation>估算 - 实测</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>measured by</source>
        <translation>测量方式</translation>
    </message>
    <message>
        <source>(the file holds no measured figure)</source>
        <translation>（文件中没有实测数值）</translation>
    </message>
    <message>
        <source>Phase figures are the estimate&apos;s timeline without the runtime&apos;s share (PyTorch&apos;s allocator counts tensors only); the reserved peak includes the allocator reserve.</source>
        <translation>各阶段数值取估算时间线中不含运行时开销的部分（PyTorch 的分配器只统计张量）；保留峰值包含分配器预留。</translation>
    </message>
    <message>
        <source>Write one run&apos;s report: the inputs, the per-GPU breakdown in GB and GiB, the peak and its phase, the derivation with the numbers plugged in, the verdict, the GPU table, the advice and the charts.</source>
        <translation>写出一次训练的报告：输入、以 GB 和 GiB 表示的每卡显存分项、峰值及其阶段、代入数值的推导、结论、GPU 表、建议和图表。</translation>
    </message>
    <message>
        <source>Report format: %1 (md writes the charts as PNGs in FILE&apos;s folder FILE-files/; default: from --output&apos;s suffix).</source>
        <translation>报告格式：%1（md 把图表以 PNG 写到 FILE 旁边的 FILE-files/ 文件夹；默认由 --output 的后缀决定）。</translation>
    </message>
    <message>
        <source>The report file to write (required).</source>
        <translation>要写入的报告文件（必填）。</translation>
    </message>
    <message>
        <source>Write the report in LANG&apos;s words, e.g. zh_CN (default: the locale&apos;s).</source>
        <translation>用 LANG 语言写报告，例如 zh_CN（默认：系统区域设置的语言）。</translation>
    </message>
    <message>
        <source>lang</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>error: --output FILE is required: the report file to write</source>
        <translation>错误：必须给出 --output FILE，即要写入的报告文件</translation>
    </message>
    <message>
        <source>error: --format: unknown format &quot;%1&quot;; allowed: %2</source>
        <translation>错误：--format：未知格式“%1”；可选：%2</translation>
    </message>
    <message>
        <source>error: --format is needed: the suffix of &quot;%1&quot; names no report format; allowed: %2</source>
        <translation>错误：需要 --format：“%1”的后缀不对应任何报告格式；可选：%2</translation>
    </message>
    <message>
        <source>error: cannot write the report to %1: %2</source>
        <translation>错误：无法把报告写入 %1：%2</translation>
    </message>
    <message>
        <source>A DeepSpeed config JSON: ZeRO stage, offload, fp16/bf16, batch sizes, buckets (&quot;auto&quot; filled as Hugging Face does). Options override it.</source>
        <translation>DeepSpeed 配置 JSON：ZeRO 阶段、卸载、fp16/bf16、批大小、分桶（&quot;auto&quot; 按 Hugging Face 的方式填入）。其他选项会覆盖它。</translation>
    </message>
    <message>
        <source>An Accelerate config YAML: distributed type, processes, mixed precision, FSDP or DeepSpeed plugin settings. Options override it.</source>
        <translation>Accelerate 配置 YAML：分布式类型、进程数、混合精度、FSDP 或 DeepSpeed 插件设置。其他选项会覆盖它。</translation>
    </message>
    <message>
        <source>A torchtune recipe YAML: model builder and LoRA, batch, dtype, optimizer, checkpointing, offloading, compile, loss. Options override it.</source>
        <translation>torchtune 配方 YAML：模型构建函数与 LoRA、批大小、数据类型、优化器、激活检查点、卸载、编译、损失。其他选项会覆盖它。</translation>
    </message>
    <message>
        <source>warning: %1: %2</source>
        <translation>警告：%1：%2</translation>
    </message>
    <message>
        <source>compute bound (%1 % of the step)</source>
        <translation>计算受限（占单步 %1 %）</translation>
    </message>
    <message>
        <source>communication bound: %1 % of the step</source>
        <translation>通信受限：占单步 %1 %</translation>
    </message>
    <message>
        <source>pipeline-bubble bound: %1 % of the step</source>
        <translation>流水线气泡受限：占单步 %1 %</translation>
    </message>
    <message>
        <source>offload bound: %1 % of the step</source>
        <translation>卸载受限：占单步 %1 %</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source> (%1 s of it not hidden behind compute)</source>
        <translation>（其中 %1 s 未被计算掩盖）</translation>
    </message>
    <message>
        <source>error: the report is written by headroom-report, which could not be run (%1); looked for: %2</source>
        <translation>错误：报告由 headroom-report 写出，但它无法运行（%1）；查找过：%2</translation>
    </message>
    <message>
        <source>error: the preset &quot;%1&quot; cannot be used: %2</source>
        <translation>错误：预设“%1”无法使用：%2</translation>
    </message>
    <message>
        <source>--global-batch: %1 is not a whole number; give 1 to 100,000,000 sequences per step, or 1 to 1e12 tokens written with &quot;tokens&quot; (e.g. 256 or 2M tokens)</source>
        <translation>--global-batch：%1 不是整数；请给出每步 1 到 100,000,000 条序列，或 1 到 1e12 个 token（写上 &quot;tokens&quot;，例如 256 或 2M tokens）</translation>
    </message>
    <message>
        <source>--max-gpus: %1 is not a whole number; allowed: 1 to 1,000,000</source>
        <translation>--max-gpus：%1 不是整数；允许：1 到 1,000,000</translation>
    </message>
    <message>
        <source>error: the GPU catalogue cannot be read: %1</source>
        <translation>错误：无法读取 GPU 目录：%1</translation>
    </message>
    <message>
        <source>no reference model</source>
        <translation>无参考模型</translation>
    </message>
    <message>
        <source>reference model on the GPU, frozen</source>
        <translation>参考模型在 GPU 上，冻结</translation>
    </message>
    <message>
        <source>reference log-probabilities computed before training: no reference model</source>
        <translation>参考对数概率在训练前算好：无参考模型</translation>
    </message>
    <message>
        <source>reference forward with the adapters disabled: no second model</source>
        <translation>关闭适配器做参考前向：没有第二个模型</translation>
    </message>
    <message>
        <source>B=%1 pairs, %2 sequences per forward (chosen and rejected concatenated)</source>
        <translation>B=%1 对，每次前向 %2 条序列（优选与劣选回答 拼接）</translation>
    </message>
    <message>
        <source>B=%1 pairs, chosen and rejected in separate forwards</source>
        <translation>B=%1 对，优选与劣选回答 分开前向</translation>
    </message>
    <message>
        <source>B=%1 examples and a KL batch of %1 under no_grad</source>
        <translation>B=%1 个样本，另有 %1 条 KL 批次在 no_grad 下</translation>
    </message>
    <message>
        <source>Method: %1; %2; %3</source>
        <translation>方法：%1；%2；%3</translation>
    </message>
    <message>
        <source>B=%1 prompts × G=%2 completions of %3 + %4 tokens, generated by %5</source>
        <translation>B=%1 个提示 × G=%2 个补全，每条 %3 + %4 个词元，由 %5 生成</translation>
    </message>
    <message>
        <source>B=%1 sequences of %2 prompt + %3 completion tokens; the teacher&apos;s logits over the completion</source>
        <translation>B=%1 条序列，每条 %2 个提示 token 加 %3 个补全 token；教师模型在补全部分的 logits</translation>
    </message>
    <message>
        <source>%1; reward model frozen and value model trained beside the policy</source>
        <translation>%1；奖励模型冻结，价值模型与策略模型一同训练</translation>
    </message>
    <message>
        <source>%1; teacher on the GPU, frozen</source>
        <translation>%1；教师模型在 GPU 上，冻结</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>one model&apos;s share of a GPU: &quot;reference 2.0 GB&quot;</extracomment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>reference</source>
        <translation>参考模型</translation>
    </message>
    <message>
        <source>reward model</source>
        <translation>奖励模型</translation>
    </message>
    <message>
        <source>teacher</source>
        <translation>教师模型</translation>
    </message>
    <message>
        <source>vLLM</source>
        <translation>vLLM</translation>
    </message>
    <message>
        <source>policy %1</source>
        <translation>策略模型 %1</translation>
    </message>
    <message>
        <source>Per GPU, by model: %1</source>
        <translation>每卡按模型：%1</translation>
    </message>
    <message>
        <source>value model %1 (weights %2, gradients %3, master weights %4, optimizer states %5) + %6 saved tensors</source>
        <extracomment>PPO&apos;s value model: its model states (weights, gradients, master weights, optimizer states), then its activations</extracomment>
        <translation>价值模型 %1（权重 %2、梯度 %3、主权重 %4、优化器状态 %5）+ 保存的张量 %6</translation>
    </message>
    <message>
        <source>N+%1: N training GPUs and the vLLM server&apos;s %1 of the same kind (--rollout-gpus), in days and cost too.</source>
        <translation>N+%1：N 块训练 GPU 加上 vLLM 服务器同型号的 %1 块（--rollout-gpus），天数与成本中也计入。</translation>
    </message>
    <message>
        <source>allocated</source>
        <extracomment>the peak figure torch.cuda.max_memory_allocated() reports</extracomment>
        <translation>已分配</translation>
    </message>
    <message>
        <source>torch.cuda.max_memory_allocated(): the tensors live at the peak</source>
        <translation>torch.cuda.max_memory_allocated()：峰值时存活的张量</translation>
    </message>
    <message>
        <source>reserved</source>
        <extracomment>the peak figure torch.cuda.max_memory_reserved() reports</extracomment>
        <translation>已预留</translation>
    </message>
    <message>
        <source>torch.cuda.max_memory_reserved(): + %1 the caching allocator holds beyond them (emulated, %2 segments)</source>
        <translation>torch.cuda.max_memory_reserved()：另加缓存分配器在其之外持有的 %1（模拟所得，%2 个段）</translation>
    </message>
    <message>
        <source>torch.cuda.max_memory_reserved(): no tensor list to emulate the allocator on (textbook model)</source>
        <translation>torch.cuda.max_memory_reserved()：没有可供模拟分配器的张量清单（教科书模型）</translation>
    </message>
    <message>
        <source>torch.cuda.max_memory_reserved(): + %1 allocator reserve, as given</source>
        <translation>torch.cuda.max_memory_reserved()：另加给定的分配器预留 %1</translation>
    </message>
    <message>
        <source>on the device</source>
        <extracomment>the peak figure nvidia-smi shows: reserved plus the CUDA context</extracomment>
        <translation>设备上</translation>
    </message>
    <message>
        <source>nvidia-smi: + %1 CUDA context</source>
        <translation>nvidia-smi：另加 %1 CUDA 上下文</translation>
    </message>
    <message>
        <source>loading</source>
        <translation>加载</translation>
    </message>
    <message>
        <source>reserved once the weights are loaded (%1), before the first step</source>
        <translation>权重加载完毕后（%1）、第一步之前的预留量</translation>
    </message>
    <message>
        <source>Verdict (%1): fits on one %2 (%3 = %4): %5 to spare.</source>
        <translation>结论（%1）：单张 %2（%3 = %4）放得下，余量 %5。</translation>
    </message>
    <message>
        <source>Verdict (%1): does not fit on one %2 (%3 = %4): short by %5.</source>
        <translation>结论（%1）：单张 %2（%3 = %4）放不下，差 %5。</translation>
    </message>
    <message>
        <source>each tensor created in its training dtype</source>
        <translation>每个张量直接以训练数据类型创建</translation>
    </message>
    <message>
        <source>built in FP32 on the GPU, then converted</source>
        <translation>先在 GPU 上以 FP32 构建，再转换</translation>
    </message>
    <message>
        <source>QLoRA (%1 base)</source>
        <translation>QLoRA（%1 底座）</translation>
    </message>
    <message>
        <source>This GPU has no FP8 tensor cores (they start with Ada Lovelace and Hopper): FP8 training does not run on it.</source>
        <translation>这块 GPU 没有 FP8 张量核心（从 Ada Lovelace 和 Hopper 开始才有）：FP8 训练无法在它上面运行。</translation>
    </message>
    <message>
        <source>, DoRA</source>
        <translation>，DoRA</translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>不允许：%1</translation>
    </message>
    <message>
        <source>, embedding trained</source>
        <translation>，训练嵌入层副本</translation>
    </message>
    <message>
        <source>, LM head trained</source>
        <translation>，训练 LM 头副本</translation>
    </message>
    <message>
        <source>transformers does not fine-tune FBGEMM FP8 checkpoints (FbgemmFp8HfQuantizer.is_trainable is false) and FBGEMM&apos;s FP8 matmul has no backward: this figure assumes a kernel that trains.</source>
        <translation>transformers 不支持微调 FBGEMM FP8 检查点（FbgemmFp8HfQuantizer.is_trainable 为 false），且 FBGEMM 的 FP8 矩阵乘法没有反向实现：此数值假定存在可训练的内核。</translation>
    </message>
    <message>
        <source> x context %1 (%2)</source>
        <extracomment>%1 the context-parallel degree, %2 how attention is split (ring, allgather, ulysses)</extracomment>
        <translation> x 上下文 %1（%2）</translation>
    </message>
    <message>
        <source>no RoPE scaling declared</source>
        <translation>未声明 RoPE 缩放</translation>
    </message>
    <message>
        <source>RoPE scaling %1, factor %2</source>
        <translation>RoPE 缩放 %1，因子 %2</translation>
    </message>
    <message>
        <source>RoPE scaling %1</source>
        <translation>RoPE 缩放 %1</translation>
    </message>
    <message>
        <source>The sequence (S = %1) runs past the model&apos;s declared context (max_position_embeddings = %2; %3).</source>
        <extracomment>%1 S, %2 the declared context, %3 what it says of RoPE scaling</extracomment>
        <translation>序列（S = %1）超出了模型声明的上下文（max_position_embeddings = %2；%3）。</translation>
    </message>
    <message>
        <source>The sequence is longer than the context the model&apos;s config declares (max_position_embeddings).</source>
        <translation>序列长于模型配置声明的上下文（max_position_embeddings）。</translation>
    </message>
    <message>
        <source>%1 %2 layers %3</source>
        <extracomment>%1 full, %2 Megatron&apos;s --recompute-num-layers, %3 its method (uniform, block)</extracomment>
        <translation>%1 %2 层 %3</translation>
    </message>
    <message>
        <source>%1, one layer in %2</source>
        <extracomment>%1 full, %2 N: only every N-th layer is checkpointed</extracomment>
        <translation>%1，每 %2 层一层</translation>
    </message>
    <message>
        <source>%1 x %2</source>
        <translation>%1 x %2</translation>
    </message>
    <message>
        <source>even</source>
        <extracomment>how the layers are split over pipeline stages: as evenly as the count allows</extracomment>
        <translation>均匀</translation>
    </message>
    <message>
        <source>weighted</source>
        <extracomment>how the layers are split over pipeline stages: the embedding and the output count as a layer each</extracomment>
        <translation>加权</translation>
    </message>
    <message>
        <source>as listed</source>
        <extracomment>how the layers are split over pipeline stages: as the user listed them</extracomment>
        <translation>按列出</translation>
    </message>
    <message>
        <source>, the embedding, the LM head, logits and loss</source>
        <translation>，以及嵌入层、LM 头、logits 和损失</translation>
    </message>
    <message>
        <source>, the embedding</source>
        <translation>，以及嵌入层</translation>
    </message>
    <message>
        <source>, the LM head, logits and loss</source>
        <translation>，以及 LM 头、logits 和损失</translation>
    </message>
    <message>
        <source>Pipeline: %1 layers (%2); rank %3 of %4 peaks highest: %5 layers%6, %7 layers&apos; worth of activations in flight</source>
        <extracomment>%1 layers per rank, %2 how they were split, %3 the rank shown, %4 the ranks, %5 its layers, %6 what else it holds, %7 its layers&apos; worth held in flight</extracomment>
        <translation>流水线：各级 %1 层（%2）；%4 个 rank 中 rank %3 的峰值最高：%5 层%6，在途激活相当于 %7 层</translation>
    </message>
    <message>
        <source>%1: %2 GB</source>
        <extracomment>one pipeline rank&apos;s allocated peak: %1 the rank, %2 GB</extracomment>
        <translation>%1：%2 GB</translation>
    </message>
    <message>
        <source>Allocated peak by rank: %1</source>
        <extracomment>%1 every rank&apos;s allocated peak</extracomment>
        <translation>各 rank 的已分配峰值：%1</translation>
    </message>
    <message>
        <source>, experts sharded over %1</source>
        <extracomment>%1 the GPUs of a 2-D expert mesh&apos;s shard group</extracomment>
        <translation>，专家分片到 %1 张卡</translation>
    </message>
    <message>
        <source> packed</source>
        <extracomment>after the sequence length S: the sequences pack several documents, without padding</extracomment>
        <translation>（打包）</translation>
    </message>
    <message>
        <source>; but at no count up to %1 does the global batch fit with the accumulation it needs (no time or cost)</source>
        <extracomment>%1 the GPU count the search went up to. The accumulation a global batch implies can keep more micro-batches in flight on a pipeline&apos;s first stage than the run&apos;s own</extracomment>
        <translation>；但在 %1 张卡以内，没有哪个卡数能在所需的梯度累积下放下这个全局批（不给出时间和费用）</translation>
    </message>
    <message>
        <source>0.01 to 1e12 USD of rent for the whole run</source>
        <translation>整个训练的租金 0.01 到 1e12 美元</translation>
    </message>
    <message>
        <source>0.001 to 36,500 days</source>
        <translation>0.001 到 36,500 天</translation>
    </message>
    <message>
        <source>The fastest plan of the whole-plan search whose rent for the token budget is at most this many USD.</source>
        <translation>整体方案搜索中，训练完 token 预算的租金不超过这么多美元的最快方案。</translation>
    </message>
    <message>
        <source>The cheapest plan of the whole-plan search that trains the token budget within this many days.</source>
        <translation>整体方案搜索中，在这么多天内训练完 token 预算的最便宜方案。</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>PP %1 (%2 virtual)</source>
        <translation>PP %1（%2 个虚拟阶段）</translation>
    </message>
    <message>
        <source>PP %1</source>
        <translation>PP %1</translation>
    </message>
    <message>
        <source>CP %1</source>
        <translation>CP %1</translation>
    </message>
    <message>
        <source>EP %1</source>
        <translation>EP %1</translation>
    </message>
    <message>
        <source>data parallel only</source>
        <translation>仅数据并行</translation>
    </message>
    <message>
        <source>distributed optimizer</source>
        <translation>分布式优化器</translation>
    </message>
    <message>
        <source>%1 + distributed optimizer</source>
        <translation>%1 + 分布式优化器</translation>
    </message>
    <message>
        <source>%1 x %2, %3, %4, recompute %5, micro-batch %6 x %7</source>
        <extracomment>%1 GPU count, %2 GPU kind id, %3 layout (&quot;TP 8 x PP 2&quot;), %4 strategy (zero1), %5 recompute policy (none, selective, full), %6 micro-batch, %7 micro-batches accumulated per step</extracomment>
        <translation>%1 x %2，%3，%4，重计算 %5，微批次 %6 x %7</translation>
    </message>
    <message>
        <source>%1 days, rent %2: %3</source>
        <extracomment>%1 days, %2 rent, %3 the plan (planText)</extracomment>
        <translation>%1 天，租金 %2：%3</translation>
    </message>
    <message>
        <source>Whole-plan search: %1 candidates (GPU kind x count x layout x strategy x recompute x micro-batch), %2 fit; %3 memory estimates, each shared by every GPU kind.</source>
        <extracomment>%1 candidates (plans x GPU kinds), %2 how many fit, %3 memory estimates computed</extracomment>
        <translation>整体方案搜索：%1 个候选（GPU 型号 x 数量 x 并行布局 x 策略 x 重计算 x 微批次），%2 个放得下；%3 次显存估算，每次由所有 GPU 型号共用。</translation>
    </message>
    <message>
        <source>No plan fits.</source>
        <translation>没有放得下的方案。</translation>
    </message>
    <message>
        <source>Time against rent, the plans no other beats on both (fastest first):</source>
        <translation>时间与租金：没有其他方案在两者上都更优的方案（最快的在前）：</translation>
    </message>
    <message>
        <source>rent</source>
        <translation>租金</translation>
    </message>
    <message>
        <source>own</source>
        <translation>自有</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>(more plans lie on the front than are listed)</source>
        <translation>（前沿上的方案多于所列）</translation>
    </message>
    <message>
        <source>Fastest within %1: %2</source>
        <translation>%1 以内最快：%2</translation>
    </message>
    <message>
        <source>No plan costs %1 or less; the cheapest costs %2.</source>
        <translation>没有方案的花费在 %1 以内；最便宜的要 %2。</translation>
    </message>
    <message>
        <source>Cheapest within %1 days: %2</source>
        <translation>%1 天以内最便宜：%2</translation>
    </message>
    <message>
        <source>No plan finishes within %1 days; the fastest takes %2.</source>
        <translation>没有方案能在 %1 天内完成；最快的需要 %2 天。</translation>
    </message>
    <message>
        <source>step: %1 s, MFU %2 % (%3 % counting attention&apos;s whole square, as most publications do), %4</source>
        <extracomment>MFU twice: causal attention counted as the kernel runs it (half), then whole, as most papers count it</extracomment>
        <translation>每步 %1 s，MFU %2 %（按注意力的完整方阵计为 %3 %，多数论文如此计算），%4</translation>
    </message>
    <message>
        <source>error: --gpu and --gpu-spec both name the GPU; give one</source>
        <translation>错误：--gpu 和 --gpu-spec 都指定了 GPU；只给一个</translation>
    </message>
    <message>
        <source>error: --gpu-spec: %1</source>
        <translation>错误：--gpu-spec：%1</translation>
    </message>
    <message>
        <source>error: --gpu-spec: name=%1 is a catalogue kind; give the card another name, or --gpu %1</source>
        <translation>错误：--gpu-spec：name=%1 是目录中已有的型号；给这张卡另起一个名字，或者用 --gpu %1</translation>
    </message>
    <message>
        <source>one GPU</source>
        <translation>单卡</translation>
    </message>
    <message>
        <source>Every plan keeps the global batch of %1 sequences (--global-batch; without it the run&apos;s own: data-parallel replicas x micro-batch x accumulation).</source>
        <extracomment>%1 sequences per optimizer step</extracomment>
        <translation>每个方案都保持全局批次为 %1 条序列（--global-batch；未给出时取本次训练自己的：数据并行副本数 x 微批次 x 累积步数）。</translation>
    </message>
    <message>
        <source>the cheapest plan finishing within %1 days</source>
        <translation>即 %1 天内完成的方案中最便宜的一个</translation>
    </message>
    <message>
        <source>the fastest plan whose rent is within %1</source>
        <translation>即租金不超过 %1 的方案中最快的一个</translation>
    </message>
    <message>
        <source>the fastest plan whose rent is at most %1 % above the cheapest plan&apos;s</source>
        <extracomment>%1 a percentage, e.g. 10</extracomment>
        <translation>即租金比最便宜方案至多高 %1 % 的方案中最快的一个</translation>
    </message>
    <message>
        <source> (none meets the deadline or budget given)</source>
        <translation>（没有方案满足给定的期限或预算）</translation>
    </message>
    <message>
        <source>Recommended: %1 (%2 days, %3 to rent), %4.</source>
        <extracomment>%1 the plan in one line, %2 days, %3 rent, %4 why it is recommended</extracomment>
        <translation>推荐：%1（%2 天，租金 %3），%4。</translation>
    </message>
    <message>
        <source>Short-lived</source>
        <translation>短暂缓冲区</translation>
    </message>
    <message>
        <source>An example shipped with Headroom (the article&apos;s table, common runs), read as --scenario reads a file; options override it. --example list names them.</source>
        <translation>Headroom 自带的示例（文章中的表格、常见训练任务），按 --scenario 读取文件的方式读取；命令行选项会覆盖其中的设置。--example list 列出全部示例。</translation>
    </message>
    <message>
        <source>error: --example and --scenario both give the scenario; give one</source>
        <translation>错误：--example 和 --scenario 都指定了场景；只给一个</translation>
    </message>
    <message>
        <source>error: --example: no example is called &quot;%1&quot;; the examples: %2 (or list, to describe them)</source>
        <translation>错误：--example：没有名为 &quot;%1&quot; 的示例；可用的示例：%2（或 &quot;list&quot;，列出并说明全部示例）</translation>
    </message>
    <message>
        <source>error: --example: </source>
        <translation>错误：--example：</translation>
    </message>
    <message>
        <source>in the peak, in no bucket: %1 = %2 (%3)</source>
        <extracomment>%1 what the buffers are, %2 their formula in symbols, %3 each symbol and what it is</extracomment>
        <translation>计入峰值、不属于任何分项：%1 = %2（%3）</translation>
    </message>
    <message>
        <source>none: the textbook convention (the article&apos;s) keeps every bucket resident for the whole step and nothing beside them, so the peak is the sum of the buckets</source>
        <translation>无：教科书约定（即那篇文章的约定）让每个分项在整个步中常驻、此外别无他物，因此峰值就是各分项之和</translation>
    </message>
    <message>
        <source>none live at the peak</source>
        <translation>峰值时无</translation>
    </message>
    <message>
        <source>never: activations %1 per GPU exceed %2 whatever the GPU count (only a smaller micro-batch or sequence, checkpointing or --tp/--sp/--pp shrink them)</source>
        <translation>不可能：无论多少张 GPU，每卡激活值 %1 都超过 %2（只有减小微批次或序列长度、开启激活检查点或 --tp/--sp/--pp 才能降低它们）</translation>
    </message>
    <message>
        <source>to load the model</source>
        <translation>用于加载模型</translation>
    </message>
    <message>
        <source>for the offloaded states and loading</source>
        <translation>用于卸载的状态和加载模型</translation>
    </message>
    <message>
        <source>Host RAM per node, %1: %2 = %3 (%4)</source>
        <extracomment>%1 what the host memory is for, %2 bytes, %3 formula, %4 source</extracomment>
        <translation>每节点主机内存，%1：%2 = %3（%4）</translation>
    </message>
    <message>
        <source>%1 bytes/param</source>
        <extracomment>bytes per parameter, e.g. &quot;16 bytes/param&quot;</extracomment>
        <translation>%1 字节/参数</translation>
    </message>
    <message>
        <source>%1%2 bytes (%1%3)</source>
        <extracomment>a signed difference in bytes: %1 the sign, %2 exact bytes, %3 GB</extracomment>
        <translation>%1%2 字节（%1%3）</translation>
    </message>
    <message>
        <source>The article&apos;s four steps, with this run&apos;s numbers:</source>
        <translation>文章的四步算法，代入本次运行的数字：</translation>
    </message>
    <message>
        <source>What the training stack adds beyond the article, and why:</source>
        <translation>训练框架在文章之外额外占用的部分及原因：</translation>
    </message>
    <message>
        <source>nothing: this run keeps the article&apos;s conventions (textbook activations, every bucket resident, no runtime share)</source>
        <translation>没有：本次运行沿用文章的约定（教科书激活公式、各分项整步常驻、不计运行时开销）</translation>
    </message>
    <message>
        <source>Headroom&apos;s peak per GPU: %1 bytes (%2); the full derivation reconciles it term by term.</source>
        <translation>Headroom 算出的每卡峰值：%1 字节（%2）；完整推导逐项对上这个数字。</translation>
    </message>
    <message>
        <source>%1 of those plans were left out: they fit by the search&apos;s scaled allocator cache, not by the allocator emulated for their own run (%2 layouts emulated).</source>
        <extracomment>%1 plans left out, %2 layouts whose allocator was emulated</extracomment>
        <translation>其中 %1 个方案被剔除：按搜索所用的缩放后分配器缓存可以放下，但按为其自身运行模拟的分配器放不下（共模拟 %2 种布局）。</translation>
    </message>
    <message>
        <source>Also print how every figure comes about: &quot;article&quot;, the article&apos;s four steps with this run&apos;s numbers and what the training stack adds; &quot;full&quot; (the default), then each bucket&apos;s formula, the numbers plugged in, its terms and sources, the peak and the symbols.</source>
        <translation>同时打印每个数字的来历：&quot;article&quot; 为文章的四步算法（代入本次运行的数字）及训练框架额外占用的部分；&quot;full&quot;（默认）在此之后再给出每个分项的公式、代入的数值、各组成项及出处、峰值和符号表。</translation>
    </message>
    <message>
        <source>error: --explain takes &quot;article&quot; or &quot;full&quot;, not &quot;%1&quot;</source>
        <translation>错误：--explain 只接受 &quot;article&quot; 或 &quot;full&quot;，而不是 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>An axolotl config YAML: base model, sequence length and packing, micro-batch, precision, optimizer, checkpointing, attention, LoRA/QLoRA, DeepSpeed or FSDP, preference and RL methods. Options override it.</source>
        <translation>axolotl 配置 YAML：基座模型、序列长度与样本打包、微批次、精度、优化器、激活检查点、注意力、LoRA/QLoRA、DeepSpeed 或 FSDP、偏好与 RL 方法。其他选项会覆盖它。</translation>
    </message>
    <message>
        <source>A LLaMA-Factory training YAML: model, stage, fine-tuning type and LoRA, quantization, cutoff length, batch, precision, optimizer, DeepSpeed. Options override it.</source>
        <translation>LLaMA-Factory 训练 YAML：模型、训练阶段、微调类型与 LoRA、量化、截断长度、批大小、精度、优化器、DeepSpeed。其他选项会覆盖它。</translation>
    </message>
    <message>
        <source>A TRL trainer config YAML (trl sft|dpo|grpo --config; alignment-handbook and open-r1 recipes): model, method, lengths, batch, precision, PEFT, generations and vLLM. Options override it.</source>
        <translation>TRL 训练器配置 YAML（“trl sft|dpo|grpo” --config；“alignment-handbook” 与 open-r1 的配方）：模型、训练方法、各项长度、批大小、精度、PEFT、生成与 vLLM。其他选项会覆盖它。</translation>
    </message>
    <message>
        <source>A torchtitan training TOML: model flavor, batch, sequence, FSDP2 sharding and parallel degrees, mixed precision, activation checkpointing, compile, FP8, optimizer. Options override it.</source>
        <translation>torchtitan 训练 TOML：模型规格（“flavor”）、批大小、序列长度、FSDP2 分片与各并行度、混合精度、激活检查点、编译、FP8、优化器。其他选项会覆盖它。</translation>
    </message>
    <message>
        <source>Vision tower: %1, %2 parameters, trained: %3 of model states, %4 saved for backward</source>
        <extracomment>%1 the tower&apos;s kind, %2 its parameters, %3 its states on one GPU, %4 its saved tensors</extracomment>
        <translation>视觉塔：%1，%2 个参数，参与训练：模型状态 %3，为反向传播保存 %4</translation>
    </message>
    <message>
        <source>Vision tower: %1, %2 parameters, frozen: %3 of weights</source>
        <extracomment>%1 the tower&apos;s kind, %2 its parameters, %3 its weights on one GPU</extracomment>
        <translation>视觉塔：%1，%2 个参数，冻结：权重 %3</translation>
    </message>
    <message>
        <source>; no images (--images N --image-size WxH)</source>
        <translation>；无图像（--images N --image-size WxH）</translation>
    </message>
    <message>
        <source>; images per sequence: %1, each %2×%3 patches and %4 tokens</source>
        <extracomment>%1 images a sequence, %2 x %3 patches, %4 tokens of the sequence each image takes</extracomment>
        <translation>；每条序列图像数：%1，每张 %2×%3 个图块、%4 个词元</translation>
    </message>
    <message>
        <source>Gated DeltaNet linear attention</source>
        <translation>门控 DeltaNet 线性注意力</translation>
    </message>
    <message>
        <source>Mamba-2 state-space layers</source>
        <translation>Mamba-2 状态空间层</translation>
    </message>
    <message>
        <source>Mixer layers: %1 of %2 are %3, %4 parameters each in place of attention&apos;s %5</source>
        <extracomment>%1 mixer layers of %2, %3 what they are, %4 one mixer&apos;s parameters, %5 one attention&apos;s (with its q/k norms)</extracomment>
        <translation>混合层：%2 层中有 %1 层为%3，每层 %4 个参数，取代注意力的 %5 个</translation>
    </message>
    <message>
        <source>gated short convolutions</source>
        <translation>门控短卷积</translation>
    </message>
</context>
<context>
    <name>Derivation</name>
    <message>
        <source>Runtime overhead</source>
        <translation>运行时开销</translation>
    </message>
    <message>
        <source>CUDA context and kernel images</source>
        <translation>CUDA 上下文和 kernel 镜像</translation>
    </message>
    <message>
        <source>CUDA context, in bytes</source>
        <translation>CUDA 上下文，字节</translation>
    </message>
    <message>
        <source>caching allocator&apos;s reserve beyond what is allocated</source>
        <translation>缓存分配器在已分配之外的预留</translation>
    </message>
    <message>
        <source>allocator reserve, in bytes</source>
        <translation>分配器预留，字节</translation>
    </message>
    <message>
        <source>Peak of the step</source>
        <translation>本步峰值</translation>
    </message>
    <message>
        <source>the step timeline: gradients appear during backward as saved activations are released, short-lived buffers come and go (steptimeline.h)</source>
        <translation>单步时间线：反向中梯度逐步产生，同时已保存的激活值逐步释放，短时缓冲区随用随放（steptimeline.h）</translation>
    </message>
    <message>
        <source>parameters on this GPU</source>
        <translation>本卡上的参数</translation>
    </message>
    <message>
        <source>parameters bucket, in bytes</source>
        <translation>参数分项，字节</translation>
    </message>
    <message>
        <source>gradients bucket, in bytes</source>
        <translation>梯度分项，字节</translation>
    </message>
    <message>
        <source>parameters whose backward has run (head and layers so far)</source>
        <translation>已完成反向的参数（输出头及目前已算完的层）</translation>
    </message>
    <message>
        <source>parameters with gradients</source>
        <translation>已有梯度的参数</translation>
    </message>
    <message>
        <source>gradients, resident for the whole step</source>
        <translation>梯度，整步常驻</translation>
    </message>
    <message>
        <source>gradients written so far</source>
        <translation>目前已写入的梯度</translation>
    </message>
    <message>
        <source>FP32 master weights</source>
        <translation>FP32 主权重</translation>
    </message>
    <message>
        <source>master-weights bucket, in bytes</source>
        <translation>主权重分项，字节</translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>optimizer-states bucket, in bytes</source>
        <translation>优化器状态分项，字节</translation>
    </message>
    <message>
        <source>activations of all layers held, in bytes</source>
        <translation>所有层保留的激活值，字节</translation>
    </message>
    <message>
        <source>embedding and shared tensors, in bytes</source>
        <translation>嵌入及共享张量，字节</translation>
    </message>
    <message>
        <source>every tensor saved outside the layers, in bytes</source>
        <translation>层外保存的全部张量，字节</translation>
    </message>
    <message>
        <source>one layer recomputed in backward, in bytes</source>
        <translation>反向中重计算的一层，字节</translation>
    </message>
    <message>
        <source>layers&apos; worth of activations this GPU holds</source>
        <translation>本卡持有的激活值相当于多少层</translation>
    </message>
    <message>
        <source>saved activations still live</source>
        <translation>仍驻留的已保存激活值</translation>
    </message>
    <message>
        <source>one layer&apos;s forward scratch (attention scores before softmax)</source>
        <translation>单层前向临时缓冲（softmax 之前的注意力分数）</translation>
    </message>
    <message>
        <source>autocast&apos;s weight cache under full recompute</source>
        <translation>完全重计算时 autocast 的权重缓存</translation>
    </message>
    <message>
        <source>short-lived buffers</source>
        <translation>短时缓冲区</translation>
    </message>
    <message>
        <source>one layer&apos;s forward scratch and autocast&apos;s cache</source>
        <translation>单层前向临时缓冲及 autocast 缓存</translation>
    </message>
    <message>
        <source>the logits and their FP32 copy</source>
        <translation>logits 及其 FP32 副本</translation>
    </message>
    <message>
        <source>the loss&apos;s dense FP32 gradients of the logits</source>
        <translation>损失对 logits 的稠密 FP32 梯度</translation>
    </message>
    <message>
        <source>the loss&apos;s gradient of the logits</source>
        <translation>损失对 logits 的梯度</translation>
    </message>
    <message>
        <source>one layer&apos;s backward scratch</source>
        <translation>单层反向临时缓冲</translation>
    </message>
    <message>
        <source>the optimizer step&apos;s temporaries (foreach sqrt of the second moment)</source>
        <translation>优化器更新的临时张量（foreach 实现中对二阶动量求 sqrt）</translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO-3&apos;s FP32 gradient of the sub-group being stepped (at most sub_group_size = 1e9 elements)</source>
        <translation>DeepSpeed ZeRO-3 正在更新的子组的 FP32 梯度（最多 sub_group_size = 1e9 个元素）</translation>
    </message>
    <message>
        <source>the optimizer step&apos;s temporaries</source>
        <translation>优化器更新的临时张量</translation>
    </message>
    <message>
        <source>runtime overhead, in bytes</source>
        <translation>运行时开销，字节</translation>
    </message>
    <message>
        <source>Host RAM per node</source>
        <translation>每节点主机内存</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s estimators (stage_1_and_2.py, stage3.py: estimate_zero2/3_model_states_mem_needs): the larger of the offloaded states and every process loading its model slice in FP32, times additional_buffer_factor 1.5</source>
        <translation>DeepSpeed 的估算函数（stage_1_and_2.py、stage3.py：estimate_zero2/3_model_states_mem_needs）：取卸载的状态与各进程以 FP32 加载其模型切片两者中的较大值，再乘以 additional_buffer_factor 1.5</translation>
    </message>
    <message>
        <source>GPUs on one node</source>
        <translation>单节点 GPU 数</translation>
    </message>
    <message>
        <source>states offloaded per GPU, in bytes</source>
        <translation>每卡卸载的状态，字节</translation>
    </message>
    <message>
        <source>parameters of the largest module (zero.Init builds the rest partitioned)</source>
        <translation>最大模块的参数量（zero.Init 以切分方式构建其余部分）</translation>
    </message>
    <message>
        <source>parameters each process loads</source>
        <translation>每个进程加载的参数量</translation>
    </message>
    <message>
        <source>max(offloaded states, FP32 load) × 1.5</source>
        <translation>max(卸载的状态, FP32 加载量) × 1.5</translation>
    </message>
    <message>
        <source>the layers&apos; kept tensors still on the GPU (the rest offloaded to pinned host memory)</source>
        <translation>各层保留且仍在 GPU 上的张量（其余卸载到锁页主机内存）</translation>
    </message>
    <message>
        <source>layers&apos; worth on the GPU: the copies in flight and the layer brought back</source>
        <translation>GPU 上相当于多少层：传输中的副本及已取回的那一层</translation>
    </message>
    <message>
        <source>torchtune OffloadActivations: max_fwd_stash_size = 5 tensors in flight (training/_activation_offloading.py)</source>
        <translation>torchtune OffloadActivations：max_fwd_stash_size = 5 个张量同时在传输（training/_activation_offloading.py）</translation>
    </message>
    <message>
        <source>what one layer keeps, in bytes</source>
        <translation>单层保留的量，字节</translation>
    </message>
    <message>
        <source>torchtune enable_activation_offloading: saved tensors copied to pinned CPU memory on a side stream</source>
        <translation>torchtune enable_activation_offloading：已保存的张量在辅助 CUDA 流上复制到锁页 CPU 内存</translation>
    </message>
    <message>
        <source>Activations by the textbook formula, for comparison</source>
        <translation>按教科书公式计算的激活值（供对比）</translation>
    </message>
    <message>
        <source>the textbook formula 2·(19·B·S·H + 3·B·A·S²) per layer, after Korthikanti et al. 2022 (arXiv:2205.05198) as the practitioner article on training memory and mixed precision (显存都去哪儿了) teaches it; tensor and sequence parallelism divided as in the paper&apos;s Table 2</source>
        <translation>教科书公式：每层 2·(19·B·S·H + 3·B·A·S²)，源自 Korthikanti et al. 2022（arXiv:2205.05198），即讲训练显存与混合精度的实践文章《显存都去哪儿了》所介绍的算法；张量并行与序列并行按该论文表 2 的方式切分</translation>
    </message>
    <message>
        <source>the itemized model: every tensor a layer saves for backward (tools/calibrate/SAVED_TENSORS.md, listed in activation_items), measured against PyTorch on CPU</source>
        <translation>逐项模型：一层为反向保存的每个张量（tools/calibrate/SAVED_TENSORS.md，列于 activation_items），已在 CPU 上对照 PyTorch 实测</translation>
    </message>
    <message>
        <source>every layer&apos;s activations</source>
        <translation>所有层的激活值</translation>
    </message>
    <message>
        <source>each layer&apos;s input, kept by its checkpoint</source>
        <translation>每层的输入，由其激活检查点保留</translation>
    </message>
    <message>
        <source>one layer recomputed during backward</source>
        <translation>反向期间重计算的一层</translation>
    </message>
    <message>
        <source>every layer&apos;s 19·B·S·H tensors</source>
        <translation>每层的 19·B·S·H 张量</translation>
    </message>
    <message>
        <source>one layer&apos;s attention scores, recomputed</source>
        <translation>单层的注意力分数（重计算）</translation>
    </message>
    <message>
        <source>what one layer keeps from forward to backward, in bytes (activation_items)</source>
        <translation>单层从前向保留到反向的量，字节（activation_items）</translation>
    </message>
    <message>
        <source>first layers this GPU holds whose saves differ: LoRA&apos;s first layer (its input needs no grad), an MoE model&apos;s dense layers</source>
        <translation>本卡上保存内容不同的前几层：LoRA 的第一层（其输入无需梯度）、MoE 模型的稠密层</translation>
    </message>
    <message>
        <source>what one of those first layers keeps from forward to backward, in bytes</source>
        <translation>这些前几层中单层从前向保留到反向的量，字节</translation>
    </message>
    <message>
        <source>every other layer&apos;s kept tensors</source>
        <translation>其余各层保留的张量</translation>
    </message>
    <message>
        <source>the first layers&apos; kept tensors</source>
        <translation>前几层保留的张量</translation>
    </message>
    <message>
        <source>every layer&apos;s kept tensors</source>
        <translation>所有层保留的张量</translation>
    </message>
    <message>
        <source>one layer rebuilt during backward</source>
        <translation>反向期间重建的一层</translation>
    </message>
    <message>
        <source>what one recomputed layer saves again, in bytes</source>
        <translation>重计算的一层再次保存的量，字节</translation>
    </message>
    <message>
        <source>embedding and shared tensors (token ids, RoPE tables), in bytes</source>
        <translation>嵌入及共享张量（token id、RoPE 表），字节</translation>
    </message>
    <message>
        <source>embedding and tensors shared by the layers</source>
        <translation>嵌入及各层共享的张量</translation>
    </message>
    <message>
        <source>final norm, LM head input and the loss&apos;s FP32 log-softmax</source>
        <translation>最终 norm、LM 输出头输入及损失的 FP32 log-softmax</translation>
    </message>
    <message>
        <source>final norm, LM head and loss tensors, in bytes</source>
        <translation>最终 norm、LM 输出头及损失张量，字节</translation>
    </message>
    <message>
        <source>LoRA (Hu et al. 2021): B&apos;s weight gradient needs A&apos;s output; PEFT&apos;s default lora_dropout = 0 saves no copy of the input</source>
        <translation>LoRA（Hu et al. 2021）：B 的权重梯度需要 A 的输出；PEFT 默认 lora_dropout = 0，不保存输入的副本</translation>
    </message>
    <message>
        <source>the adapters&apos; A outputs of the recomputed layer</source>
        <translation>重计算层中各适配器 A 的输出</translation>
    </message>
    <message>
        <source>the adapters&apos; A outputs, every layer</source>
        <translation>各适配器 A 的输出，所有层</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>the block family&apos;s parameter tensors, module by module (parametertensors.h: the layout of the family&apos;s Hugging Face implementation, e.g. LlamaModel, GPT2Model, GPTNeoXModel, MixtralModel, DeepseekV2Model, BertModel)</source>
        <translation>该架构逐模块的参数张量（parametertensors.h：按该架构在 Hugging Face 中实现的布局，如 LlamaModel、GPT2Model、GPTNeoXModel、MixtralModel、DeepseekV2Model、BertModel）</translation>
    </message>
    <message>
        <source>the scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>learned position table rows</source>
        <translation>可学习位置编码表的行数</translation>
    </message>
    <message>
        <source>token types (segment embeddings)</source>
        <translation>token 类型数（片段嵌入）</translation>
    </message>
    <message>
        <source>routed experts per MoE layer</source>
        <translation>每个 MoE 层的路由专家数</translation>
    </message>
    <message>
        <source>one expert&apos;s inner size</source>
        <translation>单个专家的中间维度</translation>
    </message>
    <message>
        <source>one shared expert&apos;s inner size</source>
        <translation>单个共享专家的中间维度</translation>
    </message>
    <message>
        <source>shared experts per MoE layer</source>
        <translation>每个 MoE 层的共享专家数</translation>
    </message>
    <message>
        <source>latent attention: Q&apos;s low rank</source>
        <translation>潜在注意力：Q 的低秩维度</translation>
    </message>
    <message>
        <source>latent attention: the KV latent&apos;s rank</source>
        <translation>潜在注意力：KV 潜在向量的秩</translation>
    </message>
    <message>
        <source>latent attention: rotary part of a q/k head</source>
        <translation>潜在注意力：q/k 头的 RoPE 部分</translation>
    </message>
    <message>
        <source>latent attention: non-rotary part of a q/k head</source>
        <translation>潜在注意力：q/k 头的非 RoPE 部分</translation>
    </message>
    <message>
        <source>latent attention: a value head&apos;s dimension</source>
        <translation>潜在注意力：值头的维度</translation>
    </message>
    <message>
        <source>embedding parameters</source>
        <translation>嵌入参数</translation>
    </message>
    <message>
        <source>one dense layer&apos;s attention and MLP parameters</source>
        <translation>单个稠密层的注意力与 MLP 参数</translation>
    </message>
    <message>
        <source>one layer&apos;s attention and MLP parameters (matrices and biases)</source>
        <translation>单层的注意力与 MLP 参数（矩阵和偏置）</translation>
    </message>
    <message>
        <source>one layer&apos;s norm parameters</source>
        <translation>单层的 norm 参数</translation>
    </message>
    <message>
        <source>final norm parameters</source>
        <translation>最终 norm 参数</translation>
    </message>
    <message>
        <source>LM head parameters (untied, with its bias where the family has one)</source>
        <translation>LM 输出头参数（不与嵌入共享；该架构有偏置时含偏置）</translation>
    </message>
    <message>
        <source>the encoder&apos;s pooler or masked-LM head</source>
        <translation>编码器的 pooler 或掩码语言模型输出头</translation>
    </message>
    <message>
        <source>one MoE layer&apos;s attention, experts, shared experts and router</source>
        <translation>单个 MoE 层的注意力、专家、共享专家和路由器</translation>
    </message>
    <message>
        <source>layers that keep a dense MLP (the first ones)</source>
        <translation>保留稠密 MLP 的层数（最前面几层）</translation>
    </message>
    <message>
        <source>first layers kept dense (first_k_dense_replace)</source>
        <translation>保持稠密的前几层（first_k_dense_replace）</translation>
    </message>
    <message>
        <source>parameters the architecture has</source>
        <translation>架构本身的参数量</translation>
    </message>
    <message>
        <source>parameters of the whole model</source>
        <translation>整个模型的参数量</translation>
    </message>
    <message>
        <source>parameters of the whole model, as given</source>
        <translation>整个模型的参数量（给定值）</translation>
    </message>
    <message>
        <source>experts each token is routed to</source>
        <translation>每个 token 路由到的专家数</translation>
    </message>
    <message>
        <source>one MoE layer&apos;s routed experts</source>
        <translation>单个 MoE 层的路由专家</translation>
    </message>
    <message>
        <source>parameters one token uses (the experts it is routed to)</source>
        <translation>单个 token 用到的参数量（含其被路由到的专家）</translation>
    </message>
    <message>
        <source>expert parallelism (DeepSpeed-MoE, Megatron --expert-model-parallel-size): E / e experts on each GPU, their states partitioned over the d / e replicas that hold the same experts</source>
        <translation>专家并行（DeepSpeed-MoE，Megatron --expert-model-parallel-size）：每卡 E / e 个专家，其状态在持有相同专家的 d / e 个副本间切分</translation>
    </message>
    <message>
        <source>routed-expert parameters on this rank</source>
        <translation>本 rank 上的路由专家参数</translation>
    </message>
    <message>
        <source>adapter rank</source>
        <translation>适配器的秩</translation>
    </message>
    <message>
        <source>Hu et al. 2021: A (r × in) and B (out × r) per adapted module; a fused module (GPT-2&apos;s c_attn, Phi-3&apos;s gate_up_proj) is adapted once, as PEFT matches names</source>
        <translation>Hu et al. 2021：每个被适配的模块有 A（r × 输入维度）和 B（输出维度 × r）；融合模块（GPT-2 的 c_attn、Phi-3 的 gate_up_proj）只适配一次，与 PEFT 按名称匹配的方式一致</translation>
    </message>
    <message>
        <source>adapter parameters of the whole model</source>
        <translation>整个模型的适配器参数</translation>
    </message>
    <message>
        <source>the adapters&apos; ranks in one layer, added up</source>
        <translation>单层内各适配器的秩之和</translation>
    </message>
    <message>
        <source>bitsandbytes replaces every nn.Linear of the blocks by Linear4bit; embeddings, norms, biases and the LM head stay 16-bit (Dettmers et al. 2023)</source>
        <translation>bitsandbytes 把各块中的每个 nn.Linear 替换为 Linear4bit；嵌入、norm、偏置和 LM 输出头保持 16 位（Dettmers et al. 2023）</translation>
    </message>
    <message>
        <source>the architecture&apos;s block linear weights</source>
        <translation>架构中各块的线性层权重</translation>
    </message>
    <message>
        <source>the largest quantized matrix, dequantized one at a time</source>
        <translation>最大的量化矩阵（每次只反量化一个）</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>key/value heads</source>
        <translation>key/value 头数</translation>
    </message>
    <message>
        <source>head dimension, as given</source>
        <translation>头维度（给定值）</translation>
    </message>
    <message>
        <source>head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>MLP inner size</source>
        <translation>MLP 中间维度</translation>
    </message>
    <message>
        <source>vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>micro-batch: sequences per GPU per forward pass</source>
        <translation>微批次：每卡每次前向的序列数</translation>
    </message>
    <message>
        <source>sequence length, tokens</source>
        <translation>序列长度，token 数</translation>
    </message>
    <message>
        <source>GPUs of the run</source>
        <translation>本次训练的 GPU 数</translation>
    </message>
    <message>
        <source>tensor-parallel degree</source>
        <translation>张量并行度</translation>
    </message>
    <message>
        <source>expert-parallel degree</source>
        <translation>专家并行度</translation>
    </message>
    <message>
        <source>pipeline stages</source>
        <translation>流水线阶段数</translation>
    </message>
    <message>
        <source>micro-batches per step (gradient accumulation)</source>
        <translation>每步的微批次数（梯度累积）</translation>
    </message>
    <message>
        <source>data-parallel degree, the ZeRO sharding degree</source>
        <translation>数据并行度，即 ZeRO 切分度</translation>
    </message>
    <message>
        <source>d = N / (t·p)</source>
        <translation>d = N / (t·p)</translation>
    </message>
    <message>
        <source>adapter parameters on this rank</source>
        <translation>本 rank 上的适配器参数</translation>
    </message>
    <message>
        <source>the adapters sit in the layers: this rank holds their share in proportion to its parameters</source>
        <translation>适配器位于各层中：本 rank 按其参数占比持有相应份额</translation>
    </message>
    <message>
        <source>the article&apos;s textbook formula, 2·(19·B·S·H + 3·B·A·S²) per layer</source>
        <translation>文章中的教科书公式，每层 2·(19·B·S·H + 3·B·A·S²)</translation>
    </message>
    <message>
        <source>Megatron&apos;s fused kernels (Korthikanti et al. 2022) with Transformer Engine&apos;s flash attention</source>
        <translation>Megatron 的融合算子（Korthikanti et al. 2022）加 Transformer Engine 的 FlashAttention</translation>
    </message>
    <message>
        <source>torchtune: F.scaled_dot_product_attention, K and V expanded to all heads (modules/attention.py)</source>
        <translation>torchtune：F.scaled_dot_product_attention，K 和 V 扩展到所有头（modules/attention.py）</translation>
    </message>
    <message>
        <source>litgpt: F.scaled_dot_product_attention (litgpt/model.py)</source>
        <translation>litgpt：F.scaled_dot_product_attention（litgpt/model.py）</translation>
    </message>
    <message>
        <source>transformers: attn_implementation defaults to SDPA (torch &gt;= 2.1.1)</source>
        <translation>transformers：attn_implementation 默认为 SDPA（torch &gt;= 2.1.1）</translation>
    </message>
    <message>
        <source>torchtune CEWithChunkedOutputLoss, num_output_chunks=8, each chunk upcast to FP32</source>
        <translation>torchtune CEWithChunkedOutputLoss，num_output_chunks=8，每块转为 FP32</translation>
    </message>
    <message>
        <source>litgpt chunked_cross_entropy, 128-token chunks in the model&apos;s dtype</source>
        <translation>litgpt chunked_cross_entropy，每块 128 个 token，使用模型的 dtype</translation>
    </message>
    <message>
        <source>Megatron&apos;s vocabulary-parallel cross-entropy, in place</source>
        <translation>Megatron 的词表并行交叉熵，原地计算</translation>
    </message>
    <message>
        <source>none: the textbook formula has no loss</source>
        <translation>无：教科书公式不含损失</translation>
    </message>
    <message>
        <source>transformers ForCausalLMLoss: the whole logits upcast to FP32</source>
        <translation>transformers ForCausalLMLoss：整个 logits 转为 FP32</translation>
    </message>
    <message>
        <source>TrainingArguments optim adamw_torch: torch.optim.AdamW, foreach on CUDA</source>
        <translation>TrainingArguments optim adamw_torch：torch.optim.AdamW，CUDA 上使用 foreach 实现</translation>
    </message>
    <message>
        <source>litgpt: torch.optim.AdamW, foreach on CUDA</source>
        <translation>litgpt：torch.optim.AdamW，CUDA 上使用 foreach 实现</translation>
    </message>
    <message>
        <source>torchtune recipe configs: torch.optim.AdamW with fused: True</source>
        <translation>torchtune recipe 配置：torch.optim.AdamW，fused: True</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s and Megatron&apos;s FusedAdam update in place</source>
        <translation>DeepSpeed 和 Megatron 的 FusedAdam 原地更新</translation>
    </message>
    <message>
        <source>activation model, profile and attention kernel</source>
        <translation>激活值模型、实现与注意力算子</translation>
    </message>
    <message>
        <source>loss over the logits</source>
        <translation>logits 上的损失</translation>
    </message>
    <message>
        <source>fused optimizer kernel (else torch&apos;s foreach, with a temporary)</source>
        <translation>融合优化器算子（否则为 torch 的 foreach 实现，带临时张量）</translation>
    </message>
    <message>
        <source>optimizer steps in backward</source>
        <translation>优化器在反向中更新</translation>
    </message>
    <message>
        <source>torchtune optimizer_in_bwd</source>
        <translation>torchtune optimizer_in_bwd</translation>
    </message>
    <message>
        <source>activations offloaded to pinned host memory</source>
        <translation>激活值卸载到锁页主机内存</translation>
    </message>
    <message>
        <source>torchtune enable_activation_offloading</source>
        <translation>torchtune enable_activation_offloading</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
    <message>
        <source>off unless the run compiles (torchtune compile: True)</source>
        <translation>默认关闭，除非开启编译（torchtune compile: True）</translation>
    </message>
    <message>
        <source>paged optimizer states</source>
        <translation>分页优化器状态</translation>
    </message>
    <message>
        <source>bitsandbytes Paged* optimizers</source>
        <translation>bitsandbytes 的 Paged* 优化器</translation>
    </message>
    <message>
        <source>torchao NF4Tensor always double-quantizes; bitsandbytes with bnb_4bit_use_double_quant</source>
        <translation>torchao NF4Tensor 总是双重量化；bitsandbytes 需设置 bnb_4bit_use_double_quant</translation>
    </message>
    <message>
        <source>gradient reduce bucket, elements</source>
        <translation>梯度归约桶，元素数</translation>
    </message>
    <message>
        <source>Hugging Face&apos;s &quot;auto&quot; reduce_bucket_size: hidden_size²</source>
        <translation>Hugging Face 的 &quot;auto&quot; reduce_bucket_size：hidden_size²</translation>
    </message>
    <message>
        <source>DeepSpeed reduce_bucket_size 5e8 (runtime/zero/config.py)</source>
        <translation>DeepSpeed reduce_bucket_size 5e8（runtime/zero/config.py）</translation>
    </message>
    <message>
        <source>no reduce bucket: FSDP and Megatron reduce-scatter their own buffers</source>
        <translation>无归约桶：FSDP 和 Megatron 对各自的缓冲区做 reduce-scatter</translation>
    </message>
    <message>
        <source>overlap_comm (a second bucket at stages 1-2)</source>
        <translation>overlap_comm（阶段 1-2 多一个桶）</translation>
    </message>
    <message>
        <source>DeepSpeed: on at stage 3, off below</source>
        <translation>DeepSpeed：阶段 3 开启，更低阶段关闭</translation>
    </message>
    <message>
        <source>decoder layers gathered at once (the computing one and its prefetch)</source>
        <translation>同时 gather 的解码层数（正在计算的一层及其预取）</translation>
    </message>
    <message>
        <source>FSDP1 limit_all_gathers: two all-gathers in flight; FSDP2 prefetches one layer</source>
        <translation>FSDP1 limit_all_gathers：同时进行两个 all-gather；FSDP2 预取一层</translation>
    </message>
    <message>
        <source>ZeRO-3 prefetch bucket, elements</source>
        <translation>ZeRO-3 预取桶，元素数</translation>
    </message>
    <message>
        <source>DeepSpeed stage3_prefetch_bucket_size 5e7; Hugging Face &quot;auto&quot; 0.9·hidden_size²</source>
        <translation>DeepSpeed stage3_prefetch_bucket_size 5e7；Hugging Face &quot;auto&quot; 为 0.9·hidden_size²</translation>
    </message>
    <message>
        <source>ZeRO-3 persistence threshold, elements</source>
        <translation>ZeRO-3 常驻阈值，元素数</translation>
    </message>
    <message>
        <source>DeepSpeed stage3_param_persistence_threshold 1e5; Hugging Face &quot;auto&quot; 10·hidden_size</source>
        <translation>DeepSpeed stage3_param_persistence_threshold 1e5；Hugging Face &quot;auto&quot; 为 10·hidden_size</translation>
    </message>
    <message>
        <source>ZeRO-3 live parameters at most</source>
        <translation>ZeRO-3 最多同时驻留的参数量</translation>
    </message>
    <message>
        <source>DeepSpeed stage3_max_live_parameters 1e9</source>
        <translation>DeepSpeed stage3_max_live_parameters 1e9</translation>
    </message>
    <message>
        <source>model built partitioned (zero.Init)</source>
        <translation>以切分方式构建模型（zero.Init）</translation>
    </message>
    <message>
        <source>on: DeepSpeed and accelerate&apos;s zero3_init</source>
        <translation>开启：DeepSpeed 及 accelerate 的 zero3_init</translation>
    </message>
    <message>
        <source>Megatron&apos;s distributed optimizer</source>
        <translation>Megatron 的分布式优化器</translation>
    </message>
    <message>
        <source>opt-in: --use-distributed-optimizer</source>
        <translation>需显式开启：--use-distributed-optimizer</translation>
    </message>
    <message>
        <source>model chunks per pipeline stage</source>
        <translation>每个流水线阶段的模型块数</translation>
    </message>
    <message>
        <source>Megatron --num-layers-per-virtual-pipeline-stage (none: 1)</source>
        <translation>Megatron --num-layers-per-virtual-pipeline-stage（未设置时为 1）</translation>
    </message>
    <message>
        <source>Rajbhandari et al. 2020, section 5 (ZeRO stages 1-3); DeepSpeed stage_1_and_2.py and stage3.py</source>
        <translation>Rajbhandari et al. 2020，第 5 节（ZeRO 阶段 1-3）；DeepSpeed stage_1_and_2.py 和 stage3.py</translation>
    </message>
    <message>
        <source>ZeRO-Offload, Ren et al. 2021: optimizer states, master copy and the gradient partition live in host memory and the step runs on the CPU</source>
        <translation>ZeRO-Offload，Ren et al. 2021：优化器状态、主副本和梯度分片放在主机内存中，优化器更新在 CPU 上执行</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>P × bytes per parameter of the recipe&apos;s weight dtype (FP32: 4, FP16/BF16: 2)</source>
        <translation>P × 精度方案中权重 dtype 的每参数字节数（FP32：4，FP16/BF16：2）</translation>
    </message>
    <message>
        <source>adapter weights</source>
        <translation>适配器权重</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>frozen base&apos;s packed 4-bit codes</source>
        <translation>冻结基座打包后的 4 位编码</translation>
    </message>
    <message>
        <source>frozen base in NF4 (4.5 bits a weight)</source>
        <translation>NF4 冻结基座（每权重 4.5 位）</translation>
    </message>
    <message>
        <source>frozen base in NF4 with double quantization (4.127 bits a weight)</source>
        <translation>双重量化的 NF4 冻结基座（每权重 4.127 位）</translation>
    </message>
    <message>
        <source>frozen base outside the quantized matrices (embeddings, norms, LM head)</source>
        <translation>量化矩阵之外的冻结基座（嵌入、norm、LM 输出头）</translation>
    </message>
    <message>
        <source>frozen base in the compute dtype</source>
        <translation>计算 dtype 下的冻结基座</translation>
    </message>
    <message>
        <source>QLoRA&apos;s quantization constants, kept whole on every GPU</source>
        <translation>QLoRA 的量化常数，每卡保留完整一份</translation>
    </message>
    <message>
        <source>bitsandbytes Params4bit keeps absmax and the nested scales in its quant_state, outside the tensor ZeRO-3 and FSDP partition</source>
        <translation>bitsandbytes Params4bit 将 absmax 和嵌套缩放因子保存在 quant_state 中，不在 ZeRO-3 和 FSDP 切分的张量之内</translation>
    </message>
    <message>
        <source>parameters FSDP holds gathered: the root unit and the decoder layers computing and prefetched</source>
        <translation>FSDP 保持 gather 状态的参数：根单元以及正在计算和已预取的解码层</translation>
    </message>
    <message>
        <source>parameters ZeRO-3 holds gathered: the largest module and the prefetch bucket, within max_live_parameters</source>
        <translation>ZeRO-3 保持 gather 状态的参数：最大模块加预取桶，不超过 max_live_parameters</translation>
    </message>
    <message>
        <source>FSDP1 limit_all_gathers keeps two all-gathers in flight (_limiter_utils.py); FSDP2 prefetches one layer</source>
        <translation>FSDP1 limit_all_gathers 同时保持两个 all-gather 在进行（_limiter_utils.py）；FSDP2 预取一层</translation>
    </message>
    <message>
        <source>DeepSpeed partitioned_param_coordinator.py: stage3_prefetch_bucket_size ahead, at most stage3_max_live_parameters</source>
        <translation>DeepSpeed partitioned_param_coordinator.py：提前预取 stage3_prefetch_bucket_size，最多 stage3_max_live_parameters</translation>
    </message>
    <message>
        <source>their bytes: the quantized matrices in NF4, the rest in the compute dtype</source>
        <translation>其字节数：量化矩阵按 NF4，其余按计算 dtype</translation>
    </message>
    <message>
        <source>parameters gathered whole for their forward and backward</source>
        <translation>为前向和反向而完整 gather 的参数</translation>
    </message>
    <message>
        <source>small parameters ZeRO-3 never partitions, beyond their shard</source>
        <translation>ZeRO-3 从不切分的小参数（分片之外的部分）</translation>
    </message>
    <message>
        <source>bytes kept whole beyond the shard (tensors of at most stage3_param_persistence_threshold elements)</source>
        <translation>分片之外完整保留的字节数（元素数不超过 stage3_param_persistence_threshold 的张量）</translation>
    </message>
    <message>
        <source>DeepSpeed partition_parameters.py: ds_persist for tensors at or under the threshold</source>
        <translation>DeepSpeed partition_parameters.py：不超过阈值的张量标记为 ds_persist</translation>
    </message>
    <message>
        <source>one NF4 matrix dequantized to 16 bits for its matmul</source>
        <translation>为矩阵乘法反量化到 16 位的一个 NF4 矩阵</translation>
    </message>
    <message>
        <source>bitsandbytes Linear4bit dequantizes the weight before each matmul</source>
        <translation>bitsandbytes Linear4bit 在每次矩阵乘法前反量化权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>one gradient per trained parameter, in the weights&apos; dtype (in FP32 with an FP32 gradient buffer)</source>
        <translation>每个训练参数一个梯度，dtype 与权重相同（开启 FP32 梯度缓冲时为 FP32）</translation>
    </message>
    <message>
        <source>FP32 gradient buffer</source>
        <translation>FP32 梯度缓冲</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>elements of the largest trained tensor</source>
        <translation>最大训练张量的元素数</translation>
    </message>
    <message>
        <source>one tensor&apos;s gradient: each is applied and freed as backward produces it</source>
        <translation>单个张量的梯度：反向每产生一个就立即应用并释放</translation>
    </message>
    <message>
        <source>torchtune optimizer_in_bwd: per-parameter optimizers stepped from post-accumulate-grad hooks (recipes/full_finetune_single_device.py L390-415)</source>
        <translation>torchtune optimizer_in_bwd：每个参数各有一个优化器，在 “post-accumulate-grad” 钩子中更新（recipes/full_finetune_single_device.py L390-415）</translation>
    </message>
    <message>
        <source>16-bit gradients as autograd writes them (stage 1 keeps them whole)</source>
        <translation>autograd 写出的 16 位梯度（阶段 1 保留完整一份）</translation>
    </message>
    <message>
        <source>FP32 gradient partition of this replica</source>
        <translation>本副本的 FP32 梯度分片</translation>
    </message>
    <message>
        <source>16-bit gradient partition</source>
        <translation>16 位梯度分片</translation>
    </message>
    <message>
        <source>gradient partition of this replica</source>
        <translation>本副本的梯度分片</translation>
    </message>
    <message>
        <source>the gathered module&apos;s 16-bit gradients before they are reduce-scattered</source>
        <translation>已 gather 模块在 reduce-scatter 之前的 16 位梯度</translation>
    </message>
    <message>
        <source>parameters of the module (FSDP: the unit) whose gradients are being reduce-scattered</source>
        <translation>正在 reduce-scatter 梯度的模块（FSDP 中为单元）的参数</translation>
    </message>
    <message>
        <source>ZeRO&apos;s two gradient reduce buckets (overlap_comm)</source>
        <translation>ZeRO 的两个梯度归约桶（overlap_comm）</translation>
    </message>
    <message>
        <source>ZeRO&apos;s gradient reduce bucket</source>
        <translation>ZeRO 的梯度归约桶</translation>
    </message>
    <message>
        <source>elements of the reduce buckets (reduce_bucket_size, twice with overlap_comm)</source>
        <translation>归约桶的元素数（reduce_bucket_size，开启 overlap_comm 时乘 2）</translation>
    </message>
    <message>
        <source>reduce_bucket_size as set</source>
        <translation>设置的 reduce_bucket_size</translation>
    </message>
    <message>
        <source>Hugging Face&apos;s &quot;auto&quot; reduce_bucket_size: hidden_size² elements (transformers integrations/deepspeed.py)</source>
        <translation>Hugging Face 的 &quot;auto&quot; reduce_bucket_size：hidden_size² 个元素（transformers integrations/deepspeed.py）</translation>
    </message>
    <message>
        <source>DeepSpeed reduce_bucket_size, default 5e8 elements (deepspeed/runtime/zero/config.py)</source>
        <translation>DeepSpeed reduce_bucket_size，默认 5e8 个元素（deepspeed/runtime/zero/config.py）</translation>
    </message>
    <message>
        <source>what FP32 states for tensors under 4096 elements add (bitsandbytes min_8bit_size)</source>
        <translation>元素数少于 4096 的张量使用 FP32 状态所增加的量（bitsandbytes min_8bit_size）</translation>
    </message>
    <message>
        <source>bitsandbytes optim/optimizer.py: params below min_8bit_size keep 32-bit states</source>
        <translation>bitsandbytes optim/optimizer.py：小于 min_8bit_size 的参数保留 32 位状态</translation>
    </message>
    <message>
        <source>states paged to CUDA managed memory (all but the largest tensor&apos;s)</source>
        <translation>分页到 CUDA 托管内存的状态（最大张量的状态除外）</translation>
    </message>
    <message>
        <source>bitsandbytes paged optimizers: states of tensors of at least 1e5 elements in managed memory, prefetched for their update</source>
        <translation>bitsandbytes 分页优化器：元素数至少 1e5 的张量，其状态放在托管内存中，更新前预取</translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>an FP32 copy of the trained weights for the update (*-master recipes: DeepSpeed, Megatron, Apex O2)</source>
        <translation>供更新使用的训练权重 FP32 副本（*-master 精度方案：DeepSpeed、Megatron、Apex O2）</translation>
    </message>
    <message>
        <source>FP32 master copy</source>
        <translation>FP32 主副本</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Adafactor (Shazeer &amp; Stern 2018): a row and a column accumulator per matrix, a full one per vector; no first moment</source>
        <translation>Adafactor（Shazeer &amp; Stern 2018）：每个矩阵一个行累加器和一个列累加器，每个向量一个完整累加器；没有一阶动量</translation>
    </message>
    <message>
        <source>Adafactor state elements: rows + columns of every matrix, plus vectors</source>
        <translation>Adafactor 状态元素数：每个矩阵的行数 + 列数，再加上向量</translation>
    </message>
    <message>
        <source>per trained parameter: Adam/AdamW two moments, SGD with momentum and Lion one, 8-bit Adam two 8-bit codes (Dettmers et al. 2022), each in FP32 unless the states take the weights&apos; dtype</source>
        <translation>每个训练参数：Adam/AdamW 两个动量，带动量的 SGD 和 Lion 一个，8-bit Adam 两个 8 位编码（Dettmers et al. 2022）；除非状态采用权重的 dtype，否则都为 FP32</translation>
    </message>
    <message>
        <source>Fixed cost of the whole model</source>
        <translation>整个模型的固定开销</translation>
    </message>
    <message>
        <source>the model states before any sharding or offload: P × bytes per parameter of each state (mixed precision with Adam: 2 + 2 + 4 + 8 = 16 bytes/param)</source>
        <translation>任何切分或卸载之前的模型状态：P × 各状态的每参数字节数（Adam 混合精度：2 + 2 + 4 + 8 = 16 字节/参数）</translation>
    </message>
    <message>
        <source>factored optimizer states</source>
        <translation>分解的优化器状态</translation>
    </message>
    <message>
        <source>the expert data-parallel degree, d / e: ZeRO&apos;s divisor for the experts</source>
        <translation>专家数据并行度 d / e：ZeRO 对专家参数的切分除数</translation>
    </message>
    <message>
        <source>frozen models bucket, in bytes</source>
        <translation>冻结模型一栏，单位字节</translation>
    </message>
    <message>
        <source>Frozen models</source>
        <translation>冻结模型</translation>
    </message>
    <message>
        <source>the reference model&apos;s weights, in the policy&apos;s dtype</source>
        <translation>参考模型的权重，与策略模型同一数据类型</translation>
    </message>
    <message>
        <source>ZeRO-3 partitions it over the d replicas, without an optimizer (TRL prepare_deepspeed)</source>
        <translation>ZeRO-3 把它切分到 d 个副本上，不带优化器（TRL prepare_deepspeed）</translation>
    </message>
    <message>
        <source>every GPU holds it whole: TRL prepare_deepspeed runs it at ZeRO stage 0 below stage 3</source>
        <translation>每张 GPU 持有完整一份：低于阶段 3 时 TRL prepare_deepspeed 以 ZeRO 阶段 0 运行它</translation>
    </message>
    <message>
        <source>sequences per GPU the policy runs: the chosen and the rejected completion of each pair</source>
        <translation>策略模型每张 GPU 运行的序列数：每对的 优选与劣选回答 补全</translation>
    </message>
    <message>
        <source>micro-batch: preference pairs per GPU per step</source>
        <translation>微批：每步每张 GPU 的偏好对数</translation>
    </message>
    <message>
        <source>TRL v0.19 dpo_trainer.py concatenated_forward: chosen and rejected in one batch</source>
        <translation>TRL v0.19 dpo_trainer.py concatenated_forward：优选与劣选回答 在同一批中</translation>
    </message>
    <message>
        <source>the KV cache of G·B completions of S tokens each: 2·L·KV·d_h·S·G·B elements</source>
        <translation>G·B 个补全（每个 S 个词元）的 KV 缓存：2·L·KV·d_h·S·G·B 个元素</translation>
    </message>
    <message>
        <source>the sampled token&apos;s FP32 logits, G·B·V</source>
        <translation>采样词元的 FP32 logits，G·B·V</translation>
    </message>
    <message>
        <source>ZeRO-3&apos;s weights gathered for generation (TRL unwrap_model_for_generation)</source>
        <translation>ZeRO-3 为生成聚合的权重（TRL unwrap_model_for_generation）</translation>
    </message>
    <message>
        <source>vLLM woken from sleep mode: its reserved share of the GPU</source>
        <translation>从休眠模式唤醒的 vLLM：它预留的 GPU 份额</translation>
    </message>
    <message>
        <source>generating the rollouts</source>
        <translation>生成采样</translation>
    </message>
    <message>
        <source>vLLM&apos;s reserved share of the GPU: its weights and KV-cache blocks</source>
        <translation>vLLM 预留的 GPU 份额：它的权重与 KV 缓存块</translation>
    </message>
    <message>
        <source>vLLM&apos;s reservation: gpu_memory_utilization × the GPU&apos;s capacity, in bytes</source>
        <translation>vLLM 的预留：gpu_memory_utilization × GPU 容量，单位字节</translation>
    </message>
    <message>
        <source>vLLM gpu_memory_utilization (TRL vllm_gpu_memory_utilization, default 0.3), held for the whole step without vllm_enable_sleep_mode</source>
        <translation>vLLM gpu_memory_utilization（TRL vllm_gpu_memory_utilization，默认 0.3），不开 vllm_enable_sleep_mode 时整步占用</translation>
    </message>
    <message>
        <source>completions per GPU the policy trains on: G for each prompt</source>
        <translation>策略模型每张 GPU 训练的补全数：每个提示 G 个</translation>
    </message>
    <message>
        <source>completions generated per prompt</source>
        <translation>每个提示生成的补全数</translation>
    </message>
    <message>
        <source>micro-batch: prompts per GPU per step</source>
        <translation>微批：每步每张 GPU 的提示数</translation>
    </message>
    <message>
        <source>TRL v0.19 grpo_trainer.py: num_generations completions of each prompt</source>
        <translation>TRL v0.19 grpo_trainer.py：每个提示 num_generations 个补全</translation>
    </message>
    <message>
        <source>tokens of each trained sequence: the prompt and its completion</source>
        <translation>每条训练序列的词元数：提示加补全</translation>
    </message>
    <message>
        <source>the student&apos;s and the teacher&apos;s logits (2·B·S·V) and GKD&apos;s JSD temporaries (8·B·C·V)</source>
        <translation>学生模型与教师模型的 logits（2·B·S·V）及 GKD 的 JSD 临时张量（8·B·C·V）</translation>
    </message>
    <message>
        <source>the distillation loss&apos;s logits and temporaries</source>
        <translation>蒸馏损失的 logits 与临时张量</translation>
    </message>
    <message>
        <source>every generated token&apos;s FP32 logits and their stacked copy, 2·G·B·C·V (TRL `generate()`: output_scores)</source>
        <translation>每个生成 token 的 FP32 logits 及其堆叠副本，2·G·B·C·V（TRL 的 `generate()`：output_scores）</translation>
    </message>
    <message>
        <source>the rollout&apos;s FP32 logits, G·B·C·V, read by the scoring loop</source>
        <translation>生成阶段的 FP32 logits，G·B·C·V，供打分循环读取</translation>
    </message>
    <message>
        <source>a frozen model&apos;s forward under no_grad (the reference, PPO&apos;s reward and value models, the teacher): the larger of one layer&apos;s tensors with its scratch and the logits with their FP32 copy</source>
        <translation>冻结模型在 no_grad 下的前向（参考模型、PPO 的奖励模型与价值模型、教师模型）：取一层张量加其临时空间与 logits 加其 FP32 副本中的较大者</translation>
    </message>
    <message>
        <source>the scoring forwards under no_grad</source>
        <translation>no_grad 下的打分前向</translation>
    </message>
    <message>
        <source>frozen models (reference, reward model, teacher, a colocated vLLM)</source>
        <translation>冻结模型（参考模型、奖励模型、教师模型、同机 vLLM）</translation>
    </message>
    <message>
        <source>TRL v0.19 dpo_trainer.py, kto_trainer.py, ppo_trainer.py, gkd_trainer.py: a frozen reference copy of the policy (create_reference_model), none with PEFT adapters (disable_adapter) or precompute_ref_log_probs; PPO&apos;s reward model and GKD&apos;s teacher frozen beside it; prepare_deepspeed keeps ZeRO stage 3 for them, stage 0 otherwise</source>
        <translation>TRL v0.19 dpo_trainer.py、kto_trainer.py、ppo_trainer.py、gkd_trainer.py：策略模型的冻结参考副本（create_reference_model），使用 PEFT 适配器（disable_adapter）或 precompute_ref_log_probs 时没有；PPO 的奖励模型与 GKD 的教师模型同样冻结在旁；prepare_deepspeed 对它们保持 ZeRO 第 3 阶段，否则为第 0 阶段</translation>
    </message>
    <message>
        <source>the reward model&apos;s weights, in the policy&apos;s dtype</source>
        <translation>奖励模型的权重，采用策略模型的数据类型</translation>
    </message>
    <message>
        <source>the reward model&apos;s parameters (its architecture, a score head H → 1)</source>
        <translation>奖励模型的参数（其自身架构，打分头 H → 1）</translation>
    </message>
    <message>
        <source>the teacher&apos;s weights, in the policy&apos;s dtype</source>
        <translation>教师模型的权重，采用策略模型的数据类型</translation>
    </message>
    <message>
        <source>the teacher&apos;s parameters</source>
        <translation>教师模型的参数</translation>
    </message>
    <message>
        <source>the value model&apos;s saved tensors, same sequences</source>
        <translation>价值模型保存的张量，序列相同</translation>
    </message>
    <message>
        <source>what the value model saves for backward, in bytes (activation_items of its architecture)</source>
        <translation>价值模型为反向传播保存的量，单位字节（按其架构的 activation_items）</translation>
    </message>
    <message>
        <source>TRL v0.19 ppo_trainer.py PolicyAndValueWrapper.forward: the critic backbone, then the policy</source>
        <translation>TRL v0.19 ppo_trainer.py PolicyAndValueWrapper.forward：先运行价值模型主干，再运行策略模型</translation>
    </message>
    <message>
        <source>the chosen half&apos;s cross-entropy: its log-softmax and labels</source>
        <translation>优选一半的交叉熵：其 log-softmax 与标签</translation>
    </message>
    <message>
        <source>TRL v0.19 orpo_trainer.py, cpo_trainer.py (cpo_alpha 1.0): cross_entropy_loss(all_logits[:len_chosen])</source>
        <translation>TRL v0.19 orpo_trainer.py、cpo_trainer.py（cpo_alpha 1.0）：cross_entropy_loss(all_logits[:len_chosen])</translation>
    </message>
    <message>
        <source>completion tokens: S less the prompt</source>
        <translation>补全 token 数：S 减去提示长度</translation>
    </message>
    <message>
        <source>GKD&apos;s JSD loss: the student&apos;s log-probs, the stacked pair and its logsumexp, the KL terms&apos; operands</source>
        <translation>GKD 的 JSD 损失：学生模型的对数概率、堆叠的一对及其对数和指数、两个 KL 项的操作数</translation>
    </message>
    <message>
        <source>TRL v0.19 gkd_trainer.py generalized_jsd_loss, beta 0.5: 7 B·C·V tensors saved for backward</source>
        <translation>TRL v0.19 gkd_trainer.py generalized_jsd_loss，β 0.5：为反向传播保存 7 个 B·C·V 张量</translation>
    </message>
    <message>
        <source>score head parameters (Linear H → 1 of a sequence-classification model)</source>
        <translation>打分头参数（序列分类模型的线性层 H → 1）</translation>
    </message>
    <message>
        <source>the value model&apos;s share, placed as the policy&apos;s</source>
        <translation>价值模型的份额，按策略模型的方式放置</translation>
    </message>
    <message>
        <source>TRL v0.19 ppo_trainer.py: PolicyAndValueWrapper trains the value model beside the policy with one optimizer</source>
        <translation>TRL v0.19 ppo_trainer.py：PolicyAndValueWrapper 用同一个优化器将价值模型与策略模型一同训练</translation>
    </message>
    <message>
        <source>the value model&apos;s weights on this GPU, in bytes</source>
        <translation>价值模型在此 GPU 上的权重，单位字节</translation>
    </message>
    <message>
        <source>the value model&apos;s gradients on this GPU, in bytes</source>
        <translation>价值模型在此 GPU 上的梯度，单位字节</translation>
    </message>
    <message>
        <source>the value model&apos;s FP32 master weights on this GPU, in bytes</source>
        <translation>价值模型在此 GPU 上的 FP32 主权重，单位字节</translation>
    </message>
    <message>
        <source>the value model&apos;s optimizer states on this GPU, in bytes</source>
        <translation>价值模型在此 GPU 上的优化器状态，单位字节</translation>
    </message>
    <message>
        <source>ZeRO-3&apos;s weights gathered for generation, the policy&apos;s and the value model&apos;s (TRL unwrap_model_for_generation of PolicyAndValueWrapper)</source>
        <translation>ZeRO-3 为生成而收集的权重，包括策略模型与价值模型（TRL 对 PolicyAndValueWrapper 调用 unwrap_model_for_generation）</translation>
    </message>
    <message>
        <source>embedding and shared tensors and the value model&apos;s saved tensors, in bytes</source>
        <translation>嵌入与共享张量以及价值模型保存的张量，单位字节</translation>
    </message>
    <message>
        <source>CUDA context: PyTorch&apos;s CUDA semantics notes (300 MiB to 2 GiB with the driver and lazy loading); the caching allocator&apos;s own reserve is modelled apart, in the reserved figure (an emulation of c10/cuda/CUDACachingAllocator.cpp), unless a fixed one is given</source>
        <translation>CUDA 上下文：PyTorch 的 CUDA 语义说明（随驱动和延迟加载在 300 MiB 到 2 GiB 之间）；缓存分配器自身的预留另行建模，计入预留数字（模拟 c10/cuda/CUDACachingAllocator.cpp），除非给定固定值</translation>
    </message>
    <message>
        <source>the caching allocator&apos;s blocks beyond what is allocated at its peak</source>
        <translation>缓存分配器在其峰值时超出已分配部分的块</translation>
    </message>
    <message>
        <source>reserved − allocated at the peak: PyTorch&apos;s caching allocator emulated over loading and the step, tensor by tensor, in bytes</source>
        <translation>峰值时的预留 − 已分配：对加载和一步训练逐个张量模拟 PyTorch 缓存分配器所得，单位字节</translation>
    </message>
    <message>
        <source>c10/cuda/CUDACachingAllocator.cpp (PyTorch 2.4): 512-byte rounding, 2 MiB and 20 MiB segments, best fit, split and merged blocks</source>
        <translation>c10/cuda/CUDACachingAllocator.cpp（PyTorch 2.4）：按 512 字节取整，2 MiB 与 20 MiB 的段，最佳适配，块的拆分与合并</translation>
    </message>
    <message>
        <source>runtime overhead: the CUDA context and the allocator&apos;s cache</source>
        <translation>运行时开销：CUDA 上下文与分配器缓存</translation>
    </message>
    <message>
        <source>the caching allocator&apos;s blocks beyond what is allocated</source>
        <translation>缓存分配器超出已分配部分的块</translation>
    </message>
    <message>
        <source>16-bit master weights</source>
        <translation>16 位主权重</translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO-3&apos;s gradient of the sub-group being stepped, in the 16-bit master dtype (at most sub_group_size = 1e9 elements)</source>
        <translation>DeepSpeed ZeRO-3 正在更新的子组的梯度，按 16 位主权重的数据类型存放（至多 sub_group_size = 1e9 个元素）</translation>
    </message>
    <message>
        <source>a 16-bit copy of the trained weights for the update (DeepSpeed&apos;s bf16_master_weights_and_grads: ZeRO&apos;s master partitions in the weights&apos; dtype, deepspeed/runtime/zero/stage_1_and_2.py and stage3.py, v0.18.3)</source>
        <translation>用于更新的被训练权重的 16 位副本（DeepSpeed 的 bf16_master_weights_and_grads：ZeRO 的主权重分区采用权重自身的数据类型，见 deepspeed/runtime/zero/stage_1_and_2.py 与 stage3.py，v0.18.3）</translation>
    </message>
    <message>
        <source>16-bit master copy</source>
        <translation>16 位主副本</translation>
    </message>
    <message>
        <source>what torchao adds: plain states for tensors under 4096 elements or not a whole number of blocks, and each quantized state&apos;s code table</source>
        <translation>torchao 额外占用的部分：少于 4096 个元素或不足整数个块的张量保留普通状态，以及每个量化状态各自的码表</translation>
    </message>
    <message>
        <source>torchao optim/adam.py _new_buffer (v0.18.0): only tensors of at least 4096 elements that the block divides are quantized; the rest keep zeros_like(p)</source>
        <translation>torchao optim/adam.py 的 _new_buffer（v0.18.0）：只有至少 4096 个元素、且能被块大小整除的张量才量化；其余张量保留 zeros_like(p)</translation>
    </message>
    <message>
        <source>per trained parameter: torchao&apos;s low-bit AdamW quantizes both moments in blocks with an FP32 scale each, 8-bit codes or FP8 in blocks of 256 (65/32 bytes), 4-bit codes in blocks of 128 (17/16 bytes) (torchao/optim, v0.18.0)</source>
        <translation>按每个被训练的参数计：torchao 的低比特 AdamW 把两个矩按块量化，每块一个 FP32 缩放因子；8 位码或 FP8 每块 256 个元素（65/32 字节），4 位码每块 128 个元素（17/16 字节）（torchao/optim，v0.18.0）</translation>
    </message>
    <message>
        <source>base parameters stored quantized (the blocks&apos; linear weights)</source>
        <translation>以量化形式存储的底座参数（各块的线性层权重）</translation>
    </message>
    <message>
        <source>QLoRA&apos;s quantized base</source>
        <translation>QLoRA 的量化底座</translation>
    </message>
    <message>
        <source>frozen base in GPTQ 4-bit (codes, zeros, FP16 group scales, g_idx)</source>
        <translation>GPTQ 4 位冻结底座（码、零点、FP16 分组缩放因子、g_idx）</translation>
    </message>
    <message>
        <source>frozen base in AWQ 4-bit (codes, zeros, FP16 group scales)</source>
        <translation>AWQ 4 位冻结底座（码、零点、FP16 分组缩放因子）</translation>
    </message>
    <message>
        <source>frozen base in LLM.int8 (int8 codes, FP32 row scales)</source>
        <translation>LLM.int8 冻结底座（int8 码、FP32 行缩放因子）</translation>
    </message>
    <message>
        <source>frozen base in HQQ 4-bit (codes, 16-bit group scales and zeros)</source>
        <translation>HQQ 4 位冻结底座（码、16 位分组缩放因子与零点）</translation>
    </message>
    <message>
        <source>frozen base in FP8 (E4M3 weights, FP32 channel scales)</source>
        <translation>FP8 冻结底座（E4M3 权重、FP32 通道缩放因子）</translation>
    </message>
    <message>
        <source>the quantized base, kept whole on every GPU</source>
        <translation>量化底座，每张 GPU 上各保留一份完整的</translation>
    </message>
    <message>
        <source>GPTQ, AWQ and HQQ keep codes, scales and zeros as module buffers, LLM.int8 and FP8 as integer or float8 tensors: ZeRO-3 and FSDP partition floating-point parameters only</source>
        <translation>GPTQ、AWQ 与 HQQ 把码、缩放因子和零点存为模块缓冲区，LLM.int8 与 FP8 存为整数或 float8 张量：ZeRO-3 与 FSDP 只切分浮点参数</translation>
    </message>
    <message>
        <source>Muon&apos;s Newton-Schulz iteration on the largest hidden matrix, in BF16: 2 x (4 r R + 2 r²) bytes</source>
        <translation>Muon 在最大的隐藏层矩阵上做的 Newton-Schulz 迭代，BF16：2 x (4 r R + 2 r²) 字节</translation>
    </message>
    <message>
        <source>the second moment of the tensors Muon leaves to its AdamW (embeddings, LM head, norms, biases)</source>
        <translation>Muon 交给其 AdamW 处理的张量（嵌入、LM 头、归一化层、偏置）的二阶矩</translation>
    </message>
    <message>
        <source>KellerJordan/Muon muon.py (857d1ad): hidden 2-D weights keep one momentum_buffer; the rest exp_avg and exp_avg_sq</source>
        <translation>KellerJordan/Muon 的 muon.py（857d1ad）：隐藏层二维权重各保留一个 momentum_buffer；其余张量保留 exp_avg 与 exp_avg_sq</translation>
    </message>
    <message>
        <source>per trained parameter: Muon&apos;s momentum buffer (one state); the embeddings, LM head, norms and biases have AdamW&apos;s two (KellerJordan/Muon, Moonlight)</source>
        <translation>按每个被训练的参数计：Muon 的动量缓冲（一个状态）；嵌入、LM 头、归一化层和偏置保留 AdamW 的两个状态（KellerJordan/Muon、Moonlight）</translation>
    </message>
    <message>
        <source>Adam-mini&apos;s second moments: one per head of Q and K, per output row of the other matrices and the embeddings, one per norm, every bias</source>
        <translation>Adam-mini 的二阶矩：Q 与 K 每个注意力头一个，其他矩阵与嵌入每个输出行一个，每个归一化层一个，偏置逐元素保留</translation>
    </message>
    <message>
        <source>zyushun/Adam-mini adam_mini.py (v1.1.1): vmean per block, by parameter name</source>
        <translation>zyushun/Adam-mini 的 adam_mini.py（v1.1.1）：按参数名划分块，每块一个 vmean</translation>
    </message>
    <message>
        <source>per trained parameter: Adam-mini&apos;s first moment m (one state); its second moment is one value per block (Zhang et al. 2024)</source>
        <translation>按每个被训练的参数计：Adam-mini 的一阶矩 m（一个状态）；二阶矩每块只有一个值（Zhang et al. 2024）</translation>
    </message>
    <message>
        <source>Transformer Engine 2.20.0.dev0, pytorch/module/linear.py: each linear keeps the column-wise FP8 copy of its input (1 byte per element; blockwise scaling adds an FP32 scale per 128) and its FP8 weight with the transpose Hopper&apos;s GEMMs need (2 bytes per parameter)</source>
        <translation>Transformer Engine 2.20.0.dev0，pytorch/module/linear.py：每个线性层保存其输入的按列 FP8 副本（每个元素 1 字节；分块缩放每 128 个元素再加一个 FP32 缩放系数），以及 FP8 权重和 Hopper 的 GEMM 所需的转置（每个参数 2 字节）</translation>
    </message>
    <message>
        <source>what one layer keeps besides its FP8 weights, in bytes: the linears&apos; inputs as FP8 copies (activation_items)</source>
        <translation>一层除 FP8 权重之外保留的字节数：线性层的输入以 FP8 副本保存（activation_items）</translation>
    </message>
    <message>
        <source>one layer&apos;s linear weights on this GPU, the ones FP8 training converts</source>
        <translation>本 GPU 上一层的线性层权重，即 FP8 训练所转换的那些</translation>
    </message>
    <message>
        <source>every layer&apos;s FP8 weights and their transposes, saved for backward</source>
        <translation>每层的 FP8 权重及其转置，为反向传播保存</translation>
    </message>
    <message>
        <source>their bytes: the layers&apos; linear weights in FP8 (torchao&apos;s FP8 all-gather), the rest in the compute dtype</source>
        <translation>其字节数：各层的线性层权重为 FP8（torchao 的 FP8 all-gather），其余为计算精度</translation>
    </message>
    <message>
        <source>Megatron-LM passes is_first_microbatch to Transformer Engine&apos;s modules (megatron/core/extensions/transformer_engine.py; disable_parameter_transpose_cache defaults to false), so TE 2.20.0.dev0 keeps each linear&apos;s FP8 weight and transpose as a workspace between steps (pytorch/module/linear.py)</source>
        <translation>Megatron-LM 向 Transformer Engine 的模块传入 is_first_microbatch（megatron/core/extensions/transformer_engine.py；disable_parameter_transpose_cache 默认为 false），因此 TE 2.20.0.dev0 在各步之间把每个线性层的 FP8 权重及其转置保留为工作区（pytorch/module/linear.py）</translation>
    </message>
    <message>
        <source>one layer&apos;s linear weights, the ones FP8 training converts</source>
        <translation>一层的线性层权重，即 FP8 训练所转换的那些</translation>
    </message>
    <message>
        <source>Transformer Engine&apos;s FP8 weights and transposes, kept between steps</source>
        <translation>Transformer Engine 的 FP8 权重及其转置，在各步之间保留</translation>
    </message>
    <message>
        <source>one layer&apos;s forward scratch (the attention scores, or DoRA&apos;s weight norm of the largest adapted module: an identity through the adapters, W + s·B·A and copies, lora.h)</source>
        <translation>一层前向的临时缓冲（注意力分数，或 DoRA 对最大被适配模块求权重范数：单位矩阵经过适配器、W + s·B·A 及其副本，见 lora.h）</translation>
    </message>
    <message>
        <source>the adapted modules&apos; outputs in one layer, added up</source>
        <translation>一层中各被适配模块的输出宽度之和</translation>
    </message>
    <message>
        <source>DoRA (PEFT 0.20 DoraLinearVariant.forward): the magnitude&apos;s rescaling saves the base output and lora_B&apos;s output, and three FP32 vectors of out</source>
        <translation>DoRA（PEFT 0.20 DoraLinearVariant.forward）：幅值重缩放保存基座输出和 lora_B 的输出，以及三个长度为 out 的 FP32 向量</translation>
    </message>
    <message>
        <source>DoRA&apos;s saved outputs of the recomputed layer</source>
        <translation>重算层中 DoRA 保存的输出</translation>
    </message>
    <message>
        <source>DoRA&apos;s saved outputs, every layer</source>
        <translation>每层 DoRA 保存的输出</translation>
    </message>
    <message>
        <source>Hu et al. 2021: A (r × in) and B (out × r) per adapted module, and DoRA&apos;s magnitude of out (Liu et al. 2024; PEFT DoraLinearLayer); a fused module is adapted once, as PEFT matches names</source>
        <translation>Hu 等 2021：每个被适配模块有 A（r × in）和 B（out × r），DoRA 另有长度为 out 的幅值（Liu 等 2024；PEFT DoraLinearLayer）；融合模块只适配一次，与 PEFT 按名称匹配一致</translation>
    </message>
    <message>
        <source>the quantized linears&apos; inputs in one layer, added up</source>
        <translation>一层中各量化线性层的输入宽度之和</translation>
    </message>
    <message>
        <source>bitsandbytes 0.39.1 to 0.43.1 MatMul4Bit.forward: ctx.tensors = (A, B) whenever the input requires grad (fixed in 0.43.2, PR #1270); each input counted apart</source>
        <translation>bitsandbytes 0.39.1 至 0.43.1 的 MatMul4Bit.forward：只要输入需要梯度就执行 ctx.tensors = (A, B)（0.43.2 修复，PR #1270）；每个输入单独计数</translation>
    </message>
    <message>
        <source>older bitsandbytes&apos; saved inputs of the recomputed layer</source>
        <translation>重算层中旧版 bitsandbytes 保存的输入</translation>
    </message>
    <message>
        <source>older bitsandbytes&apos; saved inputs, every layer</source>
        <translation>每层旧版 bitsandbytes 保存的输入</translation>
    </message>
    <message>
        <source>GaLore&apos;s step on the largest projected weight: the larger of its update brought back to m x n twice, and its projector&apos;s refresh, an FP32 SVD of the gradient</source>
        <translation>GaLore 在最大的投影权重上的更新步：取两者中较大者——更新量两次还原为 m x n，以及投影矩阵的刷新（对梯度做 FP32 SVD）</translation>
    </message>
    <message>
        <source>APOLLO&apos;s step on the largest projected weight: the larger of the scaled gradient twice over, and its projection&apos;s refresh from an FP32 copy of the gradient</source>
        <translation>APOLLO 在最大的投影权重上的更新步：取两者中较大者——两份缩放后的梯度，以及由梯度的 FP32 副本刷新投影矩阵</translation>
    </message>
    <message>
        <source>Adam-mini&apos;s step on the largest tensor: the squared gradient and the update</source>
        <translation>Adam-mini 在最大张量上的更新步：梯度的平方与更新量</translation>
    </message>
    <message>
        <source>the step&apos;s FP32 temporaries on the largest weight matrix</source>
        <translation>更新步在最大权重矩阵上的 FP32 临时张量</translation>
    </message>
    <message>
        <source>jiaweizzhao/GaLore galore_torch/adamw.py (2cc66f8): exp_avg and exp_avg_sq zeros_like the projected gradient; the projector from the gradient&apos;s SVD, in its dtype (FP32: a view of the whole factor)</source>
        <translation>jiaweizzhao/GaLore galore_torch/adamw.py（2cc66f8）：exp_avg 与 exp_avg_sq 为投影后梯度的 zeros_like；投影矩阵来自梯度的 SVD，取梯度的数据类型（FP32 时是整个因子矩阵的视图）</translation>
    </message>
    <message>
        <source>zhuhanqing/APOLLO apollo_torch/apollo.py (76b3472): exp_avg and exp_avg_sq zeros_like the projected gradient; the random projection kept between refreshes, in the gradient&apos;s dtype</source>
        <translation>zhuhanqing/APOLLO apollo_torch/apollo.py（76b3472）：exp_avg 与 exp_avg_sq 为投影后梯度的 zeros_like；随机投影矩阵在两次刷新之间保留，取梯度的数据类型</translation>
    </message>
    <message>
        <source>what the projection of rank r saves: the layers&apos; 2-D weights keep two moments of r x max(m, n) and an r x min(m, n) projection instead of two of m x n</source>
        <translation>秩 r 投影节省的部分：各层的二维权重保留两个 r x max(m, n) 的动量和一个 r x min(m, n) 的投影矩阵，而不是两个 m x n 的动量</translation>
    </message>
    <message>
        <source>what the projection of rank r adds: at this rank the two moments of r x max(m, n) and the projection outweigh two of m x n</source>
        <translation>秩 r 投影增加的部分：在这个秩下，两个 r x max(m, n) 的动量加上投影矩阵超过了两个 m x n 的动量</translation>
    </message>
    <message>
        <source>per trained parameter: AdamW&apos;s two moments in the stepped gradients&apos; dtype; for the layers&apos; 2-D weights GaLore (Zhao et al. 2024) and APOLLO (Zhu et al. 2024) keep them in a projection of rank r</source>
        <translation>每个训练参数：AdamW 的两个动量，取被更新梯度的数据类型；对各层的二维权重，GaLore（Zhao 等 2024）和 APOLLO（Zhu 等 2024）把它们保存在秩 r 的投影中</translation>
    </message>
    <message>
        <source>what the optimizer keeps less than its rate per parameter (GaLore&apos;s and APOLLO&apos;s projections)</source>
        <translation>优化器比其每参数字节数少保存的部分（GaLore 和 APOLLO 的投影）</translation>
    </message>
    <message>
        <source>what the optimizer keeps beyond its rate per parameter (unquantized small tensors, fallback moments, per-block values)</source>
        <translation>优化器在每参数字节数之外多保存的部分（未量化的小张量、回退优化器的动量、按块保存的值）</translation>
    </message>
    <message>
        <source>torchao CPUOffloadOptimizer (torchao/optim/cpu_offload.py at pytorch/ao 36027d8): tensors of at least minimal_size = 4096 elements get a pinned host copy and gradient (empty_like) and their optimizer on the CPU</source>
        <translation>torchao CPUOffloadOptimizer（pytorch/ao 36027d8 的 torchao/optim/cpu_offload.py）：至少 minimal_size = 4096 个元素的张量在主机锁页内存中有一份副本和梯度（empty_like），其优化器在 CPU 上运行</translation>
    </message>
    <message>
        <source>trained parameters in tensors under 4096 elements, which torchao&apos;s CPU offload keeps on the GPU</source>
        <translation>元素少于 4096 的张量中的训练参数，torchao 的 CPU 卸载把它们留在 GPU 上</translation>
    </message>
    <message>
        <source>the small tensors&apos; gradients and, in flight to the host, about the largest tensor&apos;s: each is freed once copied</source>
        <translation>小张量的梯度，以及正在传往主机的、约为最大张量大小的梯度：每个梯度复制完即释放</translation>
    </message>
    <message>
        <source>the optimizer states of the tensors under 4096 elements</source>
        <translation>元素少于 4096 的张量的优化器状态</translation>
    </message>
    <message>
        <source>no master copy on the GPU; torchao&apos;s CPU-offloaded optimizer keeps a pinned host copy of each parameter it steps, in the parameter&apos;s dtype, and copies it back after the step</source>
        <translation>GPU 上没有主权重；torchao 的 CPU 卸载优化器为它更新的每个参数在主机锁页内存中保留一份副本（参数的数据类型），更新后再复制回 GPU</translation>
    </message>
    <message>
        <source>parameters of the trained copies of the embedding and LM head (PEFT&apos;s modules_to_save), beside their frozen originals</source>
        <translation>嵌入层与 LM 头的训练副本（PEFT 的 modules_to_save）的参数，与冻结的原模块并存</translation>
    </message>
    <message>
        <source>peft utils/other.py (5d602fd): ModulesToSaveWrapper deep-copies the module and freezes the original</source>
        <translation>peft utils/other.py (5d602fd)：ModulesToSaveWrapper 深拷贝该模块并冻结原模块</translation>
    </message>
    <message>
        <source>trained copies of the embedding and LM head, in their own dtype</source>
        <translation>嵌入层与 LM 头的训练副本，保持其自身的数据类型</translation>
    </message>
    <message>
        <source>the trained copies&apos; gradients, in their own dtype</source>
        <translation>训练副本的梯度，保持其自身的数据类型</translation>
    </message>
    <message>
        <source>Adafactor state elements of the trained copies: rows + columns of each</source>
        <translation>训练副本的 Adafactor 状态元素：各自的行数 + 列数</translation>
    </message>
    <message>
        <source>the trained copies of the embedding and LM head: weights, gradients, master copy and optimizer states in their own dtype</source>
        <translation>嵌入层与 LM 头的训练副本：权重、梯度、主副本和优化器状态，均为其自身的数据类型</translation>
    </message>
    <message>
        <source>bitsandbytes MatMul8bitLt.forward (95f9af3): ctx.tensors = (CAt, subA, A) whenever the input requires grad; each input counted apart</source>
        <translation>bitsandbytes MatMul8bitLt.forward (95f9af3)：只要输入需要梯度就设置 ctx.tensors = (CAt, subA, A)；每个输入单独计数</translation>
    </message>
    <message>
        <source>LLM.int8&apos;s saved inputs of the recomputed layer</source>
        <translation>重计算层中 LLM.int8 保存的输入</translation>
    </message>
    <message>
        <source>LLM.int8&apos;s saved inputs, every layer</source>
        <translation>LLM.int8 保存的输入，每一层</translation>
    </message>
    <message>
        <source>GaLore&apos;s 8-bit step on the largest projected weight: the larger of the weight&apos;s clone and its update brought back to m x n, and its projector&apos;s refresh, an FP32 SVD of the gradient</source>
        <translation>GaLore 8 位优化器在最大投影权重上的一步：权重的克隆及其投影回 m x n 的更新，与投影矩阵的刷新（对梯度做 FP32 SVD），取两者中较大者</translation>
    </message>
    <message>
        <source>jiaweizzhao/GaLore galore_torch/adamw8bit.py (2cc66f8): bitsandbytes&apos; two 8-bit moments and their absmax per 256 of the projected gradient&apos;s shape; the projector from the gradient&apos;s SVD, in its dtype</source>
        <translation>jiaweizzhao/GaLore galore_torch/adamw8bit.py (2cc66f8)：按投影后梯度形状保存 bitsandbytes 的两个 8 位矩及每 256 个元素一个 absmax；投影矩阵来自梯度的 SVD，保持其数据类型</translation>
    </message>
    <message>
        <source>one GPTQ matrix dequantized to 16 bits for its matmul</source>
        <translation>一个 GPTQ 矩阵为其矩阵乘法反量化为 16 位</translation>
    </message>
    <message>
        <source>one AWQ matrix dequantized, and its transpose repeated once per sequence in backward</source>
        <translation>一个 AWQ 矩阵反量化，反向时其转置按每条序列重复一份</translation>
    </message>
    <message>
        <source>one int8 matrix dequantized to 16 bits for the input&apos;s gradient</source>
        <translation>一个 int8 矩阵为计算输入梯度反量化为 16 位</translation>
    </message>
    <message>
        <source>one HQQ matrix dequantized: codes, codes minus zeros, and the scaled result, in 16 bits</source>
        <translation>一个 HQQ 矩阵反量化：编码、编码减零点、缩放后的结果，均为 16 位</translation>
    </message>
    <message>
        <source>one FP8 matrix dequantized to 16 bits for its matmul</source>
        <translation>一个 FP8 矩阵为其矩阵乘法反量化为 16 位</translation>
    </message>
    <message>
        <source>GPTQModel v7.3.4 TorchLinear._forward (TritonV2Linear falls back to it while training): dequantize_weight(), compiled, then torch.matmul</source>
        <translation>GPTQModel v7.3.4 TorchLinear._forward（训练时 TritonV2Linear 回退到它）：编译后的 dequantize_weight()，然后 torch.matmul</translation>
    </message>
    <message>
        <source>AutoAWQ v0.2.9 awq/modules/linear/gemm.py WQLinearMMFunction.backward: dequantize_weights_cuda, then .transpose(0, 1).unsqueeze(0).repeat(batch_size, 1, 1)</source>
        <translation>AutoAWQ v0.2.9 awq/modules/linear/gemm.py WQLinearMMFunction.backward：dequantize_weights_cuda，然后 .transpose(0, 1).unsqueeze(0).repeat(batch_size, 1, 1)</translation>
    </message>
    <message>
        <source>bitsandbytes 95f9af3 MatMul8bitLt.backward: CB.to(dtype_A, copy=True).mul_(SCB / 127) for the input&apos;s gradient</source>
        <translation>bitsandbytes 95f9af3 MatMul8bitLt.backward：为计算输入梯度执行 CB.to(dtype_A, copy=True).mul_(SCB / 127)</translation>
    </message>
    <message>
        <source>hqq 0.2.8 core/quantize.py HQQLinear.dequantize: unpack into 16 bits, (W_r - zero) * scale</source>
        <translation>hqq 0.2.8 core/quantize.py HQQLinear.dequantize：解包为 16 位，再以（W_r − 零点）乘缩放因子</translation>
    </message>
    <message>
        <source>Transformer Engine d0067d0, pytorch/module/base.py (3 FP8 tensors a GEMM in forward, 2 in backward) and quantization.py DelayedScalingRecipeState (an FP32 scale and amax_history_len FP32 amaxes each)</source>
        <translation>Transformer Engine d0067d0，pytorch/module/base.py（每个 GEMM 前向 3 个、反向 2 个 FP8 张量）与 quantization.py DelayedScalingRecipeState（每个张量一个 FP32 缩放因子和 amax_history_len 个 FP32 amax）</translation>
    </message>
    <message>
        <source>GEMMs of one layer&apos;s Transformer Engine modules (Megatron fuses q, k, v and gate, up)</source>
        <translation>一层 Transformer Engine 模块的 GEMM 数（Megatron 将 q、k、v 融合为一个，门控与上投影融合为一个）</translation>
    </message>
    <message>
        <source>GEMMs of one layer&apos;s Transformer Engine modules (one per linear)</source>
        <translation>一层 Transformer Engine 模块的 GEMM 数（每个线性层一个）</translation>
    </message>
    <message>
        <source>rows of the amax history (Megatron&apos;s fp8_amax_history_len, default 1)</source>
        <translation>amax 历史的行数（Megatron 的 fp8_amax_history_len，默认 1）</translation>
    </message>
    <message>
        <source>rows of the amax history (DelayedScaling&apos;s amax_history_len, default 1024)</source>
        <translation>amax 历史的行数（DelayedScaling 的 amax_history_len，默认 1024）</translation>
    </message>
    <message>
        <source>delayed scaling&apos;s FP32 scales and amax histories: 5 FP8 tensors a GEMM</source>
        <translation>延迟缩放的 FP32 缩放因子与 amax 历史：每个 GEMM 5 个 FP8 张量</translation>
    </message>
    <message>
        <source>one layer&apos;s forward scratch (attention scores before softmax, or the FP8 casts of its largest linear&apos;s input and weight, fp8body.h)</source>
        <translation>一层的前向临时缓冲（softmax 之前的注意力分数，或其最大线性层的输入与权重的 FP8 转换，fp8body.h）</translation>
    </message>
    <message>
        <source>one layer&apos;s backward scratch, with the FP8 casts of the linear computing its gradients (fp8body.h)</source>
        <translation>一层的反向临时缓冲，含正在计算梯度的线性层的 FP8 转换（fp8body.h）</translation>
    </message>
    <message>
        <source>hqq 0.2.8 HQQLinear.forward_pytorch_backprop: HQQMatmulNoCacheMul saves x and the bias whenever the input requires grad; each input counted apart</source>
        <translation>hqq 0.2.8 HQQLinear.forward_pytorch_backprop：只要输入需要梯度，HQQMatmulNoCacheMul 就保存 x 和偏置；每个输入分别计数</translation>
    </message>
    <message>
        <source>GPTQModel v7.3.4 AwqGemmFn (AutoAWQ&apos;s WQLinearMMFunction): save_for_backward(x, ...) with x cast to FP16 unless already 16-bit; each input counted apart</source>
        <translation>GPTQModel v7.3.4 AwqGemmFn（即 AutoAWQ 的 WQLinearMMFunction）：save_for_backward(x, ...)，x 若非 16 位则先转换为 FP16；每个输入分别计数</translation>
    </message>
    <message>
        <source>HQQ&apos;s saved inputs of the recomputed layer</source>
        <translation>重算层中 HQQ 保存的输入</translation>
    </message>
    <message>
        <source>AWQ&apos;s saved inputs of the recomputed layer</source>
        <translation>重算层中 AWQ 保存的输入</translation>
    </message>
    <message>
        <source>HQQ&apos;s saved inputs, every layer</source>
        <translation>HQQ 保存的输入，每一层</translation>
    </message>
    <message>
        <source>AWQ&apos;s saved inputs, every layer</source>
        <translation>AWQ 保存的输入，每一层</translation>
    </message>
    <message>
        <source>assumed as for the other bases: one 16-bit matrix (FBGEMM&apos;s own FP8 matmul has no backward, so nothing there trains)</source>
        <translation>按其他底座假定：一个 16 位矩阵（FBGEMM 自身的 FP8 矩阵乘法没有反向实现，因此无法训练）</translation>
    </message>
    <message>
        <source>max(offloaded states, FP32 load): torchao allocates its pinned copies exactly</source>
        <translation>max(卸载的状态, FP32 加载)：torchao 恰好分配其锁页副本</translation>
    </message>
    <message>
        <source>torchao CPUOffloadOptimizer (torchao/optim/cpu_offload.py at pytorch/ao 36027d8): pinned empty_like copies of each moved parameter and gradient, and its optimizer states, on the host</source>
        <translation>torchao CPUOffloadOptimizer（pytorch/ao 36027d8 的 torchao/optim/cpu_offload.py）：在主机上为每个移出的参数及其梯度各建一个锁页 empty_like 副本，另加其优化器状态</translation>
    </message>
    <message>
        <source>one layer&apos;s forward scratch, or context parallelism&apos;s exchange if larger: ring attention&apos;s received K/V blocks with each step&apos;s output, the all-to-all copies under Ulysses</source>
        <translation>一层的前向临时缓冲区，或上下文并行的交换缓冲区（取较大者）：环形注意力收到的 K/V 块及每一步的输出，Ulysses 下全对全通信的副本</translation>
    </message>
    <message>
        <source>one layer&apos;s backward scratch, with context parallelism&apos;s exchange: the K/V and dK/dV ring buffers, all-gather&apos;s whole-length dK and dV, or Ulysses&apos; all-to-all copies</source>
        <translation>一层的反向临时缓冲区，加上上下文并行的交换缓冲区：K/V 与 dK/dV 的环形缓冲区、all-gather 的全长 dK 和 dV，或 Ulysses 的全对全通信副本</translation>
    </message>
    <message>
        <source>context-parallel degree: each sequence split over c GPUs</source>
        <translation>上下文并行度：每条序列切分到 c 张 GPU 上</translation>
    </message>
    <message>
        <source>tokens of each sequence on this GPU: every activation holds these, attention a fused kernel&apos;s (no score matrix)</source>
        <translation>本 GPU 上每条序列的 token 数：每个激活都按此长度保存，注意力使用融合内核（不形成得分矩阵）</translation>
    </message>
    <message>
        <source>torchtitan b5bcd76 context_parallel (tokens, labels and positions split S/c); Megatron-LM d98e8a6 get_batch_on_this_cp_rank</source>
        <translation>torchtitan b5bcd76 context_parallel（token、标签和位置按 S/c 切分）；Megatron-LM d98e8a6 get_batch_on_this_cp_rank</translation>
    </message>
    <message>
        <source>the ZeRO sharding degree: the data- and context-parallel GPUs together, over which FSDP, ZeRO and Megatron&apos;s distributed optimizer shard</source>
        <translation>ZeRO 分片度：数据并行与上下文并行的 GPU 合起来，FSDP、ZeRO 和 Megatron 的分布式优化器在其上分片</translation>
    </message>
    <message>
        <source>Megatron-LM d98e8a6 transformer_block.py _checkpointed_forward: uniform groups of N layers share one checkpoint; block checkpoints the first N</source>
        <translation>Megatron-LM d98e8a6 transformer_block.py _checkpointed_forward：均匀分组方式每 N 层一组共用一个检查点；分块方式对前 N 层做检查点</translation>
    </message>
    <message>
        <source>torchtitan before 114151ad4, activation_checkpoint.py: blocks N, 2N, ... checkpoint-wrapped, the others keep everything</source>
        <translation>torchtitan 114151ad4 之前的 activation_checkpoint.py：第 N、2N……个块加检查点，其余块保存全部张量</translation>
    </message>
    <message>
        <source>checkpoints this GPU stores: one input each (per micro-batch in flight)</source>
        <translation>本 GPU 保存的检查点数：每个一份输入（按在途的每个微批次计）</translation>
    </message>
    <message>
        <source>one checkpoint&apos;s stored input, in bytes</source>
        <translation>一个检查点保存的输入，字节</translation>
    </message>
    <message>
        <source>the checkpointed layers&apos; stored inputs</source>
        <translation>加检查点的层保存的输入</translation>
    </message>
    <message>
        <source>the layers not checkpointed, everything they save</source>
        <translation>未加检查点的层保存的全部张量</translation>
    </message>
    <message>
        <source>the saved tensors of the layers kept whole, in bytes</source>
        <translation>完整保留的层所保存的张量，字节</translation>
    </message>
    <message>
        <source>one group of layers rebuilt at once during backward (Megatron&apos;s uniform method)</source>
        <translation>反向时一次重建的一组层（Megatron 的均匀分组方式）</translation>
    </message>
    <message>
        <source>the ZeRO sharding degree: HSDP&apos;s shard group (the states are replicated across the groups)</source>
        <translation>ZeRO 分片度：HSDP 的分片组（模型状态在各组之间复制）</translation>
    </message>
    <message>
        <source>1F1B pipeline schedule: rank r holds its layers for min(p - r, m) micro-batches, the first rank the most (Narayanan et al. 2021; Korthikanti et al. 2022, section 4.2.3; Megatron-LM d98e8a6 schedules.py)</source>
        <translation>1F1B 流水线调度：rank r 为 min(p - r, m) 个微批次保存其各层，第一个 rank 最多（Narayanan 等 2021；Korthikanti 等 2022，第 4.2.3 节；Megatron-LM d98e8a6 schedules.py）</translation>
    </message>
    <message>
        <source>forward passes this rank holds in flight</source>
        <translation>此 rank 在途的前向次数</translation>
    </message>
    <message>
        <source>of them, the first model chunk&apos;s (the embedding&apos;s)</source>
        <translation>其中属于第一个模型块（嵌入层所在）的次数</translation>
    </message>
    <message>
        <source>the embedding&apos;s output and token ids, once per micro-batch in flight</source>
        <translation>嵌入层的输出和词元 id，每个在途微批次一份</translation>
    </message>
    <message>
        <source>the embedding&apos;s tensors, in bytes</source>
        <translation>嵌入层的张量，字节</translation>
    </message>
    <message>
        <source>tensors shared by the rank&apos;s layers (RoPE tables; the mask and positions under checkpointing), once per forward in flight</source>
        <translation>此 rank 各层共用的张量（RoPE 表；检查点下的掩码和位置），每次在途前向一份</translation>
    </message>
    <message>
        <source>the shared tensors, in bytes</source>
        <translation>共用张量，字节</translation>
    </message>
    <message>
        <source>the last rank&apos;s final norm, LM head input and the loss&apos;s FP32 log-softmax, for the one micro-batch whose backward follows at once</source>
        <translation>最后一个 rank 的最终归一化、LM 头输入和损失的 FP32 log-softmax，只为紧接着做反向的那一个微批次</translation>
    </message>
    <message>
        <source>Megatron-LM&apos;s layout (Shoeybi et al. 2019; Narayanan et al. 2021): matrices and biases split over t, norms replicated, vocabulary-parallel embedding; L_r layers on the rank, the embedding on the first stage, final norm and LM head on the last</source>
        <translation>Megatron-LM 的布局（Shoeybi 等 2019；Narayanan 等 2021）：矩阵和偏置按 t 切分，归一化层复制，词表并行的嵌入层；此 rank 上 L_r 层，嵌入层在第一级，最终归一化和 LM 头在最后一级</translation>
    </message>
    <message>
        <source>Megatron-LM d98e8a6 schedules.py: rank r warms up with p - r - 1 forwards (interleaved: (p - r - 1) 2 + (v - 1) p model chunks, at most m v) and runs one more before its first backward</source>
        <translation>Megatron-LM d98e8a6 schedules.py：rank r 预热 p - r - 1 次前向（交错调度：(p - r - 1) 2 + (v - 1) p 个模型块，至多 m v），在第一次反向前再做一次</translation>
    </message>
    <message>
        <source>the pipeline rank shown, from 0, the one whose peak is the highest: rank 0 holds the embedding and the most micro-batches in flight, rank p - 1 the LM head, logits and loss</source>
        <translation>所示的流水线 rank（从 0 起），即峰值最高的那个：rank 0 持有嵌入层和最多的在途微批次，rank p - 1 持有 LM 头、logits 和损失</translation>
    </message>
    <message>
        <source>layers split as evenly as the count allows, the first stages one more (Megatron&apos;s default split)</source>
        <translation>各层尽量均匀切分，前面的级多一层（Megatron 的默认切分）</translation>
    </message>
    <message>
        <source>the embedding and the output each weighted as one layer (torchtitan 1ce7f76 generate_llm_fqn_per_model_part, input_weight = output_weight = 1)</source>
        <translation>嵌入层和输出层各按一层计（torchtitan 1ce7f76 generate_llm_fqn_per_model_part，input_weight = output_weight = 1）</translation>
    </message>
    <message>
        <source>the layers of each stage as given (--pp-layers)</source>
        <translation>各级的层数按给定值（--pp-layers）</translation>
    </message>
    <message>
        <source>layers on this pipeline rank</source>
        <translation>此流水线 rank 上的层数</translation>
    </message>
    <message>
        <source>layers&apos; worth of activations this GPU holds: its model chunks&apos; layers for each forward in flight</source>
        <translation>此 GPU 持有的激活相当于的层数：每次在途前向对应其模型块的各层</translation>
    </message>
    <message>
        <source>the architecture&apos;s parameters on this rank</source>
        <translation>此 rank 上按架构计的参数</translation>
    </message>
    <message>
        <source>parameters on this model-parallel rank (under pipelining, the rank shown)</source>
        <translation>此模型并行 rank 上的参数（流水线并行时为所示的 rank）</translation>
    </message>
    <message>
        <source>torchtitan distributed/activation_checkpoint.py _apply_op_sac: saves the outputs of the ops in _op_sac_save_list (aten.mm, the SDPA kernels, reduce_scatter) except every second mm, recomputes the rest</source>
        <translation>torchtitan distributed/activation_checkpoint.py _apply_op_sac：保存 _op_sac_save_list 中各算子（aten.mm、SDPA 内核、reduce_scatter）的输出，但每隔一个矩阵乘不保存，其余在反向时重算</translation>
    </message>
    <message>
        <source>what one layer keeps from forward to backward, in bytes</source>
        <translation>一层从前向保留到反向的内容，字节</translation>
    </message>
    <message>
        <source>the outputs the per-operator policy saves: every other bias-free matmul&apos;s (q, v, gate, down in a LLaMA block) and the attention kernel&apos;s output and log-sum-exp, in bytes</source>
        <translation>逐算子策略保存的输出：每隔一个无偏置矩阵乘的输出（LLaMA 块中的 q、v、门控投影和下投影），以及注意力内核的输出和对数和指数（LSE），字节</translation>
    </message>
    <message>
        <source>the experts&apos; sharding degree of a 2-D expert mesh (--expert-shard): ZeRO&apos;s divisor for the experts, replicated across the rest of their d / e GPUs</source>
        <translation>二维专家网格中专家的分片度（--expert-shard）：ZeRO 对专家的除数，在其 d / e 张卡中的其余部分之间复制</translation>
    </message>
    <message>
        <source>layers on this GPU whose backward has run</source>
        <translation>本 GPU 上已完成反向的层</translation>
    </message>
    <message>
        <source>layers on this GPU that hold gradients</source>
        <translation>本 GPU 上持有梯度的层</translation>
    </message>
    <message>
        <source>Bytes per parameter</source>
        <translation>每参数字节数</translation>
    </message>
    <message>
        <source>weights + gradients + FP32 master copy + optimizer states, each per trained parameter (mixed precision with Adam: 2 + 2 + 4 + 8 = 16)</source>
        <translation>权重 + 梯度 + FP32 主权重 + 优化器状态，均按每个训练参数计（混合精度 + Adam：2 + 2 + 4 + 8 = 16）</translation>
    </message>
    <message>
        <source>Fixed cost</source>
        <translation>固定开销</translation>
    </message>
    <message>
        <source>the model states, whatever B and S: P × bytes per parameter</source>
        <translation>模型状态，与 B 和 S 无关：P × 每参数字节数</translation>
    </message>
    <message>
        <source>Activations per layer</source>
        <translation>每层激活值</translation>
    </message>
    <message>
        <source>19 tensors of B·S·H (inputs, QKV, attention output, MLP, residuals) and 3 of B·A·S² (scores, softmax, dropout), in the activations&apos; dtype</source>
        <translation>19 份 B·S·H 张量（输入、QKV、注意力输出、MLP、残差）和 3 份 B·A·S² 张量（注意力分数、softmax、dropout），按激活值的数据类型计</translation>
    </message>
    <message>
        <source>Activations of the layers</source>
        <translation>各层的激活值</translation>
    </message>
    <message>
        <source>every layer keeps its tensors for backward: L × one layer&apos;s</source>
        <translation>每层都为反向保留其张量：L × 单层的量</translation>
    </message>
    <message>
        <source>selective checkpointing keeps every layer&apos;s 19·B·S·H tensors and recomputes one layer&apos;s attention scores</source>
        <translation>选择性检查点保留每层的 19·B·S·H 张量，并重算一层的注意力分数</translation>
    </message>
    <message>
        <source>checkpointing keeps each layer&apos;s input and recomputes one layer in backward; the article rounds this to about one layer&apos;s worth (its table: ~4 GB for 7B), counted exactly it is L inputs plus one layer</source>
        <translation>激活检查点保留每层的输入，并在反向时重算一层；文章将其近似为约一层的量（其表格中 7B 约 4 GB），精确计算则是 L 份输入加一层</translation>
    </message>
    <message>
        <source>Total by the article</source>
        <translation>按文章计算的总量</translation>
    </message>
    <message>
        <source>fixed cost + activations: every bucket resident for the whole step</source>
        <translation>固定开销 + 激活值：各分项整步常驻</translation>
    </message>
    <message>
        <source>model states on this GPU instead of the whole model&apos;s</source>
        <translation>本卡上的模型状态（而非整个模型的）</translation>
    </message>
    <message>
        <source>ZeRO, tensor and pipeline parallelism, adapters and offload leave one GPU a share of the fixed cost</source>
        <translation>ZeRO、张量并行与流水线并行、适配器和卸载使每张卡只承担固定开销的一部分</translation>
    </message>
    <message>
        <source>the layers&apos; tensors as the stack&apos;s kernels save them</source>
        <translation>各层按框架内核实际保存的张量</translation>
    </message>
    <message>
        <source>the itemized model counts each saved tensor (fused attention keeps no S² scores) instead of the article&apos;s 19·B·S·H + 3·B·A·S² per layer</source>
        <translation>逐项模型逐个统计保存的张量（融合注意力不保存 S² 的分数矩阵），而不是文章的每层 19·B·S·H + 3·B·A·S²</translation>
    </message>
    <message>
        <source>the loss&apos;s FP32 logits and the LM head&apos;s input</source>
        <translation>损失的 FP32 logits 及 LM 输出头的输入</translation>
    </message>
    <message>
        <source>the article&apos;s formula stops at the last layer; the loss saves its log-softmax over B·S·V logits in FP32 for backward</source>
        <translation>文章的公式止于最后一层；损失函数为反向以 FP32 保存 B·S·V 个 logits 的 log-softmax</translation>
    </message>
    <message>
        <source>gradients not yet written at the peak</source>
        <translation>峰值时尚未写入的梯度</translation>
    </message>
    <message>
        <source>autograd allocates each gradient when backward reaches its layer; the article keeps them resident for the whole step</source>
        <translation>autograd 在反向到达某层时才为其分配梯度；文章则假定梯度整步常驻</translation>
    </message>
    <message>
        <source>activations already released at the peak</source>
        <translation>峰值时已释放的激活值</translation>
    </message>
    <message>
        <source>backward frees each layer&apos;s saved tensors once it is done with them; the article keeps them all to the end</source>
        <translation>反向用完某层保存的张量后即释放；文章则假定它们全部保留到最后</translation>
    </message>
    <message>
        <source>short-lived buffers (the optimizer&apos;s foreach temporaries, a layer&apos;s backward scratch) live at the peak in no bucket; the article counts only what stays resident</source>
        <translation>短时缓冲区（优化器 foreach 的临时张量、单层反向临时缓冲）在峰值时存在但不属于任何分项；文章只统计常驻的部分</translation>
    </message>
    <message>
        <source>the article leaves out the runtime (tens of MB to a few GB); PyTorch&apos;s CUDA notes put the context at 300 MiB to 2 GiB</source>
        <translation>文章忽略了运行时开销（几十 MB 到几 GB）；PyTorch 的 CUDA 说明给出 CUDA 上下文为 300 MiB 到 2 GiB</translation>
    </message>
    <message>
        <source>PyTorch&apos;s caching allocator keeps freed blocks reserved for reuse; nvidia-smi counts them, memory_allocated() does not</source>
        <translation>PyTorch 的缓存分配器将释放的块保留以便复用；nvidia-smi 会计入它们，memory_allocated() 不会</translation>
    </message>
    <message>
        <source>a post-training run holds frozen models beside the trained one</source>
        <translation>后训练运行在被训练模型之外还持有冻结的模型</translation>
    </message>
    <message>
        <source>the sparse-attention indexer&apos;s heads</source>
        <translation>稀疏注意力索引器的头数</translation>
    </message>
    <message>
        <source>the sparse-attention indexer&apos;s head dimension</source>
        <translation>稀疏注意力索引器的头维度</translation>
    </message>
    <message>
        <source>the vision tower&apos;s blocks itemized from transformers&apos; modeling files (visiontower.cpp), measured against PyTorch on CPU (tests/fixtures/calibration/vision-cpu.json)</source>
        <translation>视觉塔各块按 transformers 建模文件逐项列出（visiontower.cpp），并在 CPU 上与 PyTorch 实测对照（tests/fixtures/calibration/vision-cpu.json）</translation>
    </message>
    <message>
        <source>the trained vision tower&apos;s saved tensors, for the micro-batch&apos;s images</source>
        <translation>参与训练的视觉塔为本微批次图像保存的张量</translation>
    </message>
    <message>
        <source>what the vision tower saves for backward, in bytes (its blocks, the patch embedding&apos;s input and the merger, for N_img images of N_patch patches)</source>
        <translation>视觉塔为反向传播保存的字节数（各块、图块嵌入的输入与合并器，N_img 张图像、每张 N_patch 个图块）</translation>
    </message>
    <message>
        <source>transformers 00b676f8 modeling_qwen2_vl.py, modeling_qwen2_5_vl.py, modeling_siglip.py; visiontower.cpp, held to tools/calibrate/vision_measure.py</source>
        <translation>transformers 00b676f8 modeling_qwen2_vl.py、modeling_qwen2_5_vl.py、modeling_siglip.py；visiontower.cpp，以 tools/calibrate/vision_measure.py 校验</translation>
    </message>
    <message>
        <source>the vision tower&apos;s share: P_vis at the recipe&apos;s bytes, placed as the policy&apos;s</source>
        <translation>视觉塔的份额：P_vis 按配方的字节数，与策略模型同样放置</translation>
    </message>
    <message>
        <source>transformers 00b676f8: the tower is a submodule of the model (Qwen2VLModel.visual, Gemma3Model.vision_tower), sharded with it; visiontower.h</source>
        <translation>transformers 00b676f8：视觉塔是模型的子模块（Qwen2VLModel.visual、Gemma3Model.vision_tower），随模型一起分片；visiontower.h</translation>
    </message>
    <message>
        <source>the vision tower&apos;s weights on this GPU, in bytes</source>
        <translation>视觉塔在本 GPU 上的权重，字节</translation>
    </message>
    <message>
        <source>the vision tower&apos;s gradients on this GPU, in bytes</source>
        <translation>视觉塔在本 GPU 上的梯度，字节</translation>
    </message>
    <message>
        <source>the vision tower&apos;s master weights on this GPU, in bytes</source>
        <translation>视觉塔在本 GPU 上的主权重，字节</translation>
    </message>
    <message>
        <source>the vision tower&apos;s optimizer states on this GPU, in bytes</source>
        <translation>视觉塔在本 GPU 上的优化器状态，字节</translation>
    </message>
    <message>
        <source>the vision tower&apos;s and projector&apos;s parameters</source>
        <translation>视觉塔与投影器的参数量</translation>
    </message>
    <message>
        <source>the reference&apos;s copy of the vision tower, in the policy&apos;s dtype</source>
        <translation>参考模型中的视觉塔副本，采用策略模型的数据类型</translation>
    </message>
    <message>
        <source>layers whose mixer replaces attention (the config&apos;s layer_types)</source>
        <translation>以混合器取代注意力的层数（配置的 layer_types）</translation>
    </message>
    <message>
        <source>the attention layers&apos; kept tensors</source>
        <translation>各注意力层保留的张量</translation>
    </message>
    <message>
        <source>the mixer layers&apos; kept tensors</source>
        <translation>各混合层保留的张量</translation>
    </message>
    <message>
        <source>mixer heads (Gated DeltaNet&apos;s value heads, Mamba-2&apos;s heads)</source>
        <translation>混合器的头数（门控 DeltaNet 的值头，Mamba-2 的头）</translation>
    </message>
    <message>
        <source>a mixer head&apos;s width (a value head&apos;s, a Mamba-2 head&apos;s)</source>
        <translation>混合器一个头的宽度（值头的，或 Mamba-2 头的）</translation>
    </message>
    <message>
        <source>Gated DeltaNet&apos;s key heads, Mamba-2&apos;s groups</source>
        <translation>门控 DeltaNet 的键头数，Mamba-2 的组数</translation>
    </message>
    <message>
        <source>a key head&apos;s width (Gated DeltaNet), the state size (Mamba-2)</source>
        <translation>一个键头的宽度（门控 DeltaNet），状态维度（Mamba-2）</translation>
    </message>
    <message>
        <source>the mixer&apos;s convolution width</source>
        <translation>混合器卷积的宽度</translation>
    </message>
    <message>
        <source>one mixer&apos;s parameters: its projections, convolution, per-head vectors and gated norm</source>
        <translation>一个混合器的参数：其投影、卷积、每头向量与门控归一化</translation>
    </message>
    <message>
        <source>one layer&apos;s attention parameters with its q/k norms, which the mixer layers lack</source>
        <translation>一层注意力的参数（含 q/k 归一化），混合层没有这些参数</translation>
    </message>
    <message>
        <source>what one mixer layer keeps from forward to backward, in bytes: the kernels&apos; saved tensors (mixerblock.h: fla 0.5.2&apos;s chunk_gated_delta_rule, mamba_ssm 2.3.2&apos;s mamba_split_conv1d_scan_combined, LFM2&apos;s short convolution)</source>
        <translation>一个混合层从前向保留到反向的字节数：各内核保存的张量（mixerblock.h：fla 0.5.2 的 chunk_gated_delta_rule，mamba_ssm 2.3.2 的 mamba_split_conv1d_scan_combined，LFM2 的短卷积）</translation>
    </message>
    <message>
        <source>the short convolution&apos;s channels (LFM2: the hidden size)</source>
        <translation>短卷积的通道数（LFM2：隐藏维度）</translation>
    </message>
    <message>
        <source>transformers&apos; Qwen3NextGatedDeltaNet (modeling_qwen3_next.py 01cdc608), Qwen3_5GatedDeltaNet (modeling_qwen3_5.py 009e78d6), BambaMixer (modeling_bamba.py 00511f5d), Lfm2ShortConv (modeling_lfm2.py 0096ba4f)</source>
        <translation>transformers 的 Qwen3NextGatedDeltaNet（modeling_qwen3_next.py 01cdc608）、Qwen3_5GatedDeltaNet（modeling_qwen3_5.py 009e78d6）、BambaMixer（modeling_bamba.py 00511f5d）、Lfm2ShortConv（modeling_lfm2.py 0096ba4f）</translation>
    </message>
    <message>
        <source>what the bottom layer holds as its backward starts: a hybrid&apos;s larger layer kind (the order of its layers is not modelled)</source>
        <translation>最底层开始反向时所保留的量：混合架构中较大的那一种层（未对其层的先后顺序建模）</translation>
    </message>
</context>
<context>
    <name>Doctor</name>
    <message>
        <source>.</source>
        <translation>。</translation>
    </message>
    <message>
        <source>%1: fits, %2 to spare.</source>
        <translation>%1：放得下，余量 %2。</translation>
    </message>
    <message>
        <source>%1: still short by %2.</source>
        <translation>%1：仍差 %2。</translation>
    </message>
    <message>
        <source>Out of memory halfway through training</source>
        <translation>训练到一半 OOM</translation>
    </message>
    <message>
        <source>Out of memory while memory_allocated is far below capacity</source>
        <translation>OOM，但 memory_allocated 远低于显存容量</translation>
    </message>
    <message>
        <source>The loss turns NaN or Inf</source>
        <translation>损失变成 NaN 或 Inf</translation>
    </message>
    <message>
        <source>GradScaler&apos;s loss scale keeps falling</source>
        <translation>GradScaler 的缩放系数持续下降</translation>
    </message>
    <message>
        <source>AMP did not lower memory</source>
        <translation>用了 AMP 显存没降</translation>
    </message>
    <message>
        <source>AMP made training slower</source>
        <translation>用了 AMP 训练反而更慢</translation>
    </message>
    <message>
        <source>BF16 converges noticeably worse</source>
        <translation>BF16 训练收敛明显变差</translation>
    </message>
    <message>
        <source>the GPU</source>
        <translation>该 GPU</translation>
    </message>
    <message>
        <source>Activations pile up until the step&apos;s peak is too high.</source>
        <translation>激活值不断累积，直到本步峰值过高。</translation>
    </message>
    <message>
        <source>Reduce the micro-batch, enable activation checkpointing, and tune the caching allocator (PYTORCH_CUDA_ALLOC_CONF).</source>
        <translation>减小微批次、开启激活检查点，并调整缓存分配器配置（PYTORCH_CUDA_ALLOC_CONF）。</translation>
    </message>
    <message>
        <source>Activations are %1, %2% of the %3 peak.</source>
        <translation>激活值为 %1，占峰值 %3 的 %2%。</translation>
    </message>
    <message>
        <source>Enable full checkpointing</source>
        <translation>开启完全激活检查点</translation>
    </message>
    <message>
        <source>Reduce the micro-batch to 1</source>
        <translation>将微批次减到 1</translation>
    </message>
    <message>
        <source>Checkpointing is on and the micro-batch is 1: what remains is the fixed cost (%1); shard it with ZeRO, offload it, or train adapters.</source>
        <translation>已开启激活检查点且微批次为 1：剩下的是固定开销（%1）；可以用 ZeRO 切分、卸载，或改为训练适配器。</translation>
    </message>
    <message>
        <source>Fragmentation of the CUDA caching allocator: free memory is split into blocks too small for the next request.</source>
        <translation>CUDA 缓存分配器碎片化：空闲显存被切成了过小的块，满足不了下一次申请。</translation>
    </message>
    <message>
        <source>export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (or a smaller max_split_size_mb).</source>
        <translation>export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True（或调小 max_split_size_mb）。</translation>
    </message>
    <message>
        <source>The learning rate is too high or gradients explode.</source>
        <translation>学习率过大或梯度爆炸。</translation>
    </message>
    <message>
        <source>Lower the learning rate, clip gradients (after scaler.unscale_), and check the data for NaN.</source>
        <translation>降低学习率、做梯度裁剪（在 scaler.unscale_ 之后），并检查数据中是否有 NaN。</translation>
    </message>
    <message>
        <source>%1 stores in FP16, whose largest value is 65504: activations and gradients can overflow to Inf.</source>
        <translation>%1 以 FP16 存储，其最大值为 65504：激活值和梯度可能上溢为 Inf。</translation>
    </message>
    <message>
        <source>Switch to %1</source>
        <translation>改用 %1</translation>
    </message>
    <message>
        <source>%1 has FP32&apos;s exponent range, so overflow is unlikely: look at the learning rate and the data first.</source>
        <translation>%1 的指数范围与 FP32 相同，不太可能上溢：先检查学习率和数据。</translation>
    </message>
    <message>
        <source>FP32 training: NaN comes from the optimisation itself, not from precision.</source>
        <translation>FP32 训练：NaN 来自优化过程本身，而非精度。</translation>
    </message>
    <message>
        <source>The gradients really contain Inf.</source>
        <translation>梯度里确实有 Inf。</translation>
    </message>
    <message>
        <source>Check the learning rate first, then whether the model is numerically unstable; do not only tune the loss scaling. A scale below 16 with frequent skipped steps points at the learning rate or the data.</source>
        <translation>先查学习率，再查模型结构是否数值不稳定；不要只盯着损失缩放。缩放系数低于 16 且频繁跳过步，说明问题出在学习率或数据上。</translation>
    </message>
    <message>
        <source>%1 needs a dynamic loss scaler; the scale halves on every overflow.</source>
        <translation>%1 需要动态损失缩放；每次上溢缩放系数都会减半。</translation>
    </message>
    <message>
        <source>Switch to %1 (no loss scaler needed)</source>
        <translation>改用 %1（无需损失缩放）</translation>
    </message>
    <message>
        <source>%1 has no BF16 tensor cores, so FP16 it is.</source>
        <translation>%1 没有 BF16 Tensor Core，只能用 FP16。</translation>
    </message>
    <message>
        <source>%1 needs no loss scaler; if one is on, a falling scale still means Inf gradients.</source>
        <translation>%1 不需要损失缩放；如果开了，缩放系数下降同样意味着梯度出现 Inf。</translation>
    </message>
    <message>
        <source>The parameters stay FP32: AMP only makes the intermediate tensors smaller.</source>
        <translation>参数仍是 FP32：AMP 只让中间张量变小。</translation>
    </message>
    <message>
        <source>Use full half precision, or LoRA.</source>
        <translation>改用完整半精度方案，或用 LoRA。</translation>
    </message>
    <message>
        <source>With %1 the fixed cost is %2 for %3 parameters: the same bytes per parameter as FP32. Activations are %4.</source>
        <translation>使用 %1 时，%3 个参数的固定开销为 %2：每参数字节数与 FP32 相同。激活值为 %4。</translation>
    </message>
    <message>
        <source>%1 is not AMP; the fixed cost is %2.</source>
        <translation>%1 不是 AMP；固定开销为 %2。</translation>
    </message>
    <message>
        <source>Train LoRA adapters (rank %1)</source>
        <translation>训练 LoRA 适配器（秩 %1）</translation>
    </message>
    <message>
        <source>Frequent casts, too many small kernels, or a CPU bottleneck.</source>
        <translation>频繁的类型转换、小算子太多，或 CPU 瓶颈。</translation>
    </message>
    <message>
        <source>Increase the batch, cut dtype conversions, and check GPU utilisation.</source>
        <translation>增大批次、减少 dtype 转换，并检查 GPU 利用率。</translation>
    </message>
    <message>
        <source>The micro-batch is %1; small batches leave tensor cores idle between casts.</source>
        <translation>微批次为 %1；批次太小时，Tensor Core 在类型转换之间处于空闲。</translation>
    </message>
    <message>
        <source>Double the micro-batch to %1</source>
        <translation>将微批次加倍到 %1</translation>
    </message>
    <message>
        <source>BF16 keeps 7 mantissa bits (FP16 keeps 10): small differences are rounded away.</source>
        <translation>BF16 只有 7 位尾数（FP16 有 10 位）：细小的差异会被舍入掉。</translation>
    </message>
    <message>
        <source>Switch to FP16 with a loss scaler, or make the model wider rather than deeper.</source>
        <translation>换用 FP16 加损失缩放，或把模型加宽而不是加深。</translation>
    </message>
    <message>
        <source>%1 and %2 take the same memory; FP16 needs GradScaler.</source>
        <translation>%1 和 %2 占用的显存相同；FP16 需要 GradScaler。</translation>
    </message>
    <message>
        <source>%1 does not use BF16.</source>
        <translation>%1 未使用 BF16。</translation>
    </message>
    <message>
        <source>After this change the peak is %1 (now %2)</source>
        <translation>改后峰值为 %1（当前 %2）</translation>
    </message>
    <message>
        <source>The allocator&apos;s emulation holds %1 beyond the allocated peak, in %2 segments.</source>
        <translation>分配器模拟在已分配峰值之外还持有 %1，共 %2 个段。</translation>
    </message>
    <message>
        <source>The estimate sets aside %1 for the allocator&apos;s reserve.</source>
        <translation>估算为分配器预留了 %1。</translation>
    </message>
    <message>
        <source>Set expandable_segments:True</source>
        <translation>设置 expandable_segments:True</translation>
    </message>
</context>
<context>
    <name>Examples</name>
    <message>
        <source>Article: 7B, B = 1, no checkpointing</source>
        <translation>文章：7B，B = 1，不开检查点</translation>
    </message>
    <message>
        <source>The article&apos;s worked example: P = 7B, L = 32, H = 4096, A = 32, S = 2048, FP16 with an FP32 master copy and AdamW (16 bytes per parameter), its activation formula, no runtime overhead. The article: 112 GB + 36 GB = about 148 GB.</source>
        <translation>文章中的计算实例：P = 7B，L = 32，H = 4096，A = 32，S = 2048，FP16 加 FP32 主权重和 AdamW（每参数 16 字节），用文章的激活公式，不计运行时开销。文章的结果：112 GB + 36 GB = 约 148 GB。</translation>
    </message>
    <message>
        <source>Article: 7B, B = 1, full checkpointing</source>
        <translation>文章：7B，B = 1，开启完全检查点</translation>
    </message>
    <message>
        <source>The article&apos;s 7B with full checkpointing: every layer&apos;s input kept and one layer recomputed in backward. The article&apos;s table: 112 GB + about 4 GB = about 116 GB; its own rule counts 1.66 GB of activations.</source>
        <translation>文章中的 7B 开启完全激活检查点：保留每层的输入，反向时重算一层。文章表格中：112 GB + 约 4 GB = 约 116 GB；按文章自己的规则，激活只有 1.66 GB。</translation>
    </message>
    <message>
        <source>Article: 7B, B = 4, no checkpointing</source>
        <translation>文章：7B，B = 4，不开检查点</translation>
    </message>
    <message>
        <source>The article&apos;s 7B at micro-batch 4: four times the activations. The article: 112 GB + 144 GB = about 256 GB.</source>
        <translation>文章中的 7B，微批次为 4：激活是原来的四倍。文章的结果：112 GB + 144 GB = 约 256 GB。</translation>
    </message>
    <message>
        <source>Article: 13B, B = 1, full checkpointing</source>
        <translation>文章：13B，B = 1，开启完全检查点</translation>
    </message>
    <message>
        <source>The article&apos;s 13B (13e9 × 16 bytes of model state) with full checkpointing, with LLaMA-2 13B&apos;s shape (L = 40, H = 5120, A = 40), which the article does not give. The article&apos;s table: about 208 GB + about 5 GB = about 213 GB; its own rule counts 2.24 GB of activations.</source>
        <translation>文章中的 13B（13e9 × 16 字节的模型状态）开启完全激活检查点，形状取 LLaMA-2 13B 的（L = 40，H = 5120，A = 40），文章没有给出。文章表格中：约 208 GB + 约 5 GB = 约 213 GB；按文章自己的规则，激活只有 2.24 GB。</translation>
    </message>
    <message>
        <source>QLoRA: Llama 3.1 8B on one 24 GB RTX 4090</source>
        <translation>QLoRA：Llama 3.1 8B，单张 24 GB 的 RTX 4090</translation>
    </message>
    <message>
        <source>Rank-16 adapters on every projection of a 4-bit NF4 base (BF16 elsewhere), micro-batch 2, S = 2048, full checkpointing, as the Hugging Face Trainer runs it with PEFT and bitsandbytes.</source>
        <translation>在 4 位 NF4 基座的每个投影上加秩 16 的适配器（其余为 BF16），微批次 2，S = 2048，开启完全激活检查点，按 Hugging Face Trainer 配合 PEFT 和 bitsandbytes 的方式运行。</translation>
    </message>
    <message>
        <source>LoRA: Llama 3.1 70B on 8 A100 80GB, FSDP</source>
        <translation>LoRA：Llama 3.1 70B，8 张 A100 80GB，FSDP</translation>
    </message>
    <message>
        <source>Rank-16 adapters on every projection of a BF16 base sharded over 8 GPUs (FSDP FULL_SHARD, ZeRO-3), micro-batch 1, S = 4096, full checkpointing.</source>
        <translation>在 BF16 基座的每个投影上加秩 16 的适配器，基座分片到 8 个 GPU 上（FSDP FULL_SHARD，ZeRO-3），微批次 1，S = 4096，开启完全激活检查点。</translation>
    </message>
    <message>
        <source>Full fine-tune: Llama 3.1 8B, ZeRO-3 on 8 H100 80GB</source>
        <translation>全参数微调：Llama 3.1 8B，ZeRO-3，8 张 H100 80GB</translation>
    </message>
    <message>
        <source>Every weight trained: BF16 with an FP32 master copy and AdamW, the model states sharded over 8 GPUs by DeepSpeed ZeRO-3, micro-batch 4, S = 4096, full checkpointing.</source>
        <translation>训练全部权重：BF16 加 FP32 主权重和 AdamW，模型状态由 DeepSpeed ZeRO-3 分片到 8 个 GPU 上，微批次 4，S = 4096，开启完全激活检查点。</translation>
    </message>
</context>
<context>
    <name>ExamplesMenu</name>
    <message>
        <source>Cannot open the example</source>
        <translation>无法打开示例</translation>
    </message>
    <message>
        <source>%1

The scenario on screen is unchanged.</source>
        <translation>%1

当前显示的场景未改变。</translation>
    </message>
    <message>
        <source>&amp;Examples</source>
        <translation>示例(&amp;E)</translation>
    </message>
</context>
<context>
    <name>FormulaText</name>
    <message>
        <source>bytes</source>
        <extracomment>unit word printed after a byte count in a formula</extracomment>
        <translation>字节</translation>
    </message>
    <message>
        <source>bytes/param</source>
        <extracomment>unit printed after a constant in a formula: bytes per parameter</extracomment>
        <translation>字节/参数</translation>
    </message>
    <message>
        <source>bytes/elem</source>
        <extracomment>unit printed after a constant in a formula: bytes per tensor element</extracomment>
        <translation>字节/元素</translation>
    </message>
</context>
<context>
    <name>FrameworkImport</name>
    <message>
        <source>DeepSpeed offloads parameters at stage 3 only</source>
        <translation>DeepSpeed 仅在阶段 3 卸载参数</translation>
    </message>
    <message>
        <source>parameters offloaded with the optimizer states on the GPU: not a combination the estimate models; the offload is set from offload_optimizer_device alone</source>
        <translation>参数已卸载而优化器状态仍在 GPU 上：估算不对这种组合建模；卸载设置仅依据 offload_optimizer_device</translation>
    </message>
    <message>
        <source>NVMe: the GPU&apos;s share is as with cpu; the host RAM reported counts what NVMe would hold</source>
        <translation>NVMe：GPU 上的部分与“cpu”相同；报告的主机内存包含本应存放在 NVMe 上的数据</translation>
    </message>
    <message>
        <source>%1 (absent: FULL_SHARD, Accelerate&apos;s default)</source>
        <translation>%1（未给出：FULL_SHARD，Accelerate 的默认值）</translation>
    </message>
    <message>
        <source>hybrid sharding shards within a node and replicates across nodes: modelled as sharded over all GPUs, exact on one node and low on several</source>
        <translation>混合切分在节点内切分、跨节点复制：按在所有 GPU 上切分建模，单节点时准确，多节点时偏低</translation>
    </message>
    <message>
        <source>%1: units other than one per decoder layer</source>
        <translation>%1：单元划分不是每个解码层一个单元</translation>
    </message>
    <message>
        <source>%1: the estimate gathers the next unit during backward (BACKWARD_PRE)</source>
        <translation>%1：估算假定在反向传播期间收集下一个单元（BACKWARD_PRE）</translation>
    </message>
    <message>
        <source>one more unit gathered ahead in forward</source>
        <translation>前向传播时多预先收集一个单元</translation>
    </message>
    <message>
        <source>all-gathers not limited: more units in flight than two</source>
        <translation>all-gather 未受限制：同时进行中的单元多于两个</translation>
    </message>
    <message>
        <source>loading, saving and wrapping settings</source>
        <translation>加载、保存和模块包装设置</translation>
    </message>
    <message>
        <source>%1 (absent: Accelerate&apos;s default, 2)</source>
        <translation>%1（未给出：Accelerate 的默认值，2）</translation>
    </message>
    <message>
        <source>%1 (no deepspeed_config_file: Accelerate writes no bucket sizes; DeepSpeed&apos;s default)</source>
        <translation>%1（无 deepspeed_config_file：Accelerate 不写入桶大小；采用 DeepSpeed 的默认值）</translation>
    </message>
    <message>
        <source>DeepSpeed-MoE layers</source>
        <translation>DeepSpeed-MoE 层</translation>
    </message>
    <message>
        <source>clipping, saving and launch settings</source>
        <translation>裁剪、保存和启动设置</translation>
    </message>
    <message>
        <source>its sizes multiply to %1, not the %2 processes; Accelerate refuses them</source>
        <translation>各维度大小的乘积为 %1，不等于进程数 %2；Accelerate 会拒绝这些设置</translation>
    </message>
    <message>
        <source>is %1, out of range; allowed: 1 to %2</source>
        <translation>为 %1，超出范围；允许：1 到 %2</translation>
    </message>
    <message>
        <source>HSDP: parameters sharded over %1 GPUs and replicated %2 times; the estimate shards over all %3 data-parallel GPUs, so it is low for the model states</source>
        <translation>HSDP：参数在 %1 张 GPU 上切分并复制 %2 份；估算在全部 %3 张数据并行 GPU 上切分，因此模型状态偏低</translation>
    </message>
    <message>
        <source>replicas without sharding: the estimate shards over every data-parallel GPU</source>
        <translation>只复制不切分：估算按在每张数据并行 GPU 上切分计算</translation>
    </message>
    <message>
        <source>context parallelism: each GPU holds 1/%1 of the sequence&apos;s activations; the estimate holds it whole</source>
        <translation>上下文并行：每张 GPU 保存序列激活值的 1/%1；估算按完整序列计算</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s sequence parallelism (Ulysses): each GPU holds 1/%1 of the sequence&apos;s activations; the estimate holds it whole</source>
        <translation>DeepSpeed 的序列并行（DeepSpeed-Ulysses）：每张 GPU 保存序列激活值的 1/%1；估算按完整序列计算</translation>
    </message>
    <message>
        <source>how the context or sequence is exchanged</source>
        <translation>上下文或序列的交换方式</translation>
    </message>
    <message>
        <source>is true: a run on the CPU; Headroom estimates GPU memory</source>
        <translation>为 true：这是在 CPU 上运行；Headroom 估算的是 GPU 显存</translation>
    </message>
    <message>
        <source>is %1 with distributed_type NO: accelerate launch starts one process on one GPU; the Trainer alone would spread the batch over the visible GPUs with torch.nn.DataParallel, which is not modelled</source>
        <translation>为 %1，而 distributed_type 为 NO：“accelerate launch”只在一块 GPU 上启动一个进程；单独使用 Trainer 时会用 torch.nn.DataParallel 把批次分散到所有可见 GPU 上，这种情况未建模</translation>
    </message>
    <message>
        <source>is %1, which does not divide the %2 processes evenly</source>
        <translation>为 %1，不能整除进程数 %2</translation>
    </message>
    <message>
        <source>schedules and clipping</source>
        <translation>调度与裁剪</translation>
    </message>
    <message>
        <source>used with distributed_type FSDP only</source>
        <translation>仅在 distributed_type 为 FSDP 时使用</translation>
    </message>
    <message>
        <source>used with distributed_type DEEPSPEED only</source>
        <translation>仅在 distributed_type 为 DEEPSPEED 时使用</translation>
    </message>
    <message>
        <source>used with distributed_type MEGATRON_LM only</source>
        <translation>仅在 distributed_type 为 MEGATRON_LM 时使用</translation>
    </message>
    <message>
        <source>compiler options</source>
        <translation>编译器选项</translation>
    </message>
    <message>
        <source>launch and machine settings</source>
        <translation>启动与机器设置</translation>
    </message>
    <message>
        <source>filled from per_device_train_batch_size: the scenario&apos;s micro-batch, B = %1</source>
        <translation>由 per_device_train_batch_size 填入：场景的微批次，B = %1</translation>
    </message>
    <message>
        <source>filled from gradient_accumulation_steps: the scenario&apos;s, %1</source>
        <translation>由 gradient_accumulation_steps 填入：场景的值，%1</translation>
    </message>
    <message>
        <source>filled as GPUs × micro-batch × accumulation: %1 × %2 × %3 = %4</source>
        <translation>按 GPU 数 × 微批次 × 累积步数填入：%1 × %2 × %3 = %4</translation>
    </message>
    <message>
        <source>is %1, not a multiple of train_micro_batch_size_per_gpu × gradient_accumulation_steps = %2 × %3</source>
        <translation>为 %1，不是 train_micro_batch_size_per_gpu × gradient_accumulation_steps = %2 × %3 的倍数</translation>
    </message>
    <message>
        <source>is %1: it takes %2 GPUs, more than %3</source>
        <translation>为 %1：需要 %2 张 GPU，超过上限 %3</translation>
    </message>
    <message>
        <source>is %1, not a multiple of %2 × %3 GPUs (data parallel)</source>
        <translation>为 %1，不是 %2 × %3 张 GPU（数据并行）的倍数</translation>
    </message>
    <message>
        <source>is %1, not a multiple of the %2 data-parallel GPUs</source>
        <translation>为 %1，不是数据并行 GPU 数 %2 的倍数</translation>
    </message>
    <message>
        <source>filled from --bf16: %1, as the scenario&apos;s recipe is %2</source>
        <translation>由 --bf16 填入：%1，因为场景的精度方案为 %2</translation>
    </message>
    <message>
        <source>filled from --fp16: %1, as the scenario&apos;s recipe is %2</source>
        <translation>由 --fp16 填入：%1，因为场景的精度方案为 %2</translation>
    </message>
    <message>
        <source>the loss scale and overflow checks</source>
        <translation>损失缩放与溢出检查</translation>
    </message>
    <message>
        <source>neither given: Accelerate adds the one --bf16 or --fp16 asks for, as the scenario&apos;s recipe %1 does</source>
        <translation>两者均未给出：Accelerate 会按 --bf16 或 --fp16 的要求添加对应的一项，与场景的精度方案 %1 一致</translation>
    </message>
    <message>
        <source>not given: Accelerate adds it enabled, as the scenario&apos;s recipe %1 asks (--bf16 or --fp16)</source>
        <translation>未给出：按场景精度方案 %1 的要求（--bf16 或 --fp16），Accelerate 会添加并启用它</translation>
    </message>
    <message>
        <source>is true together with fp16.enabled; DeepSpeed enables one of them</source>
        <translation>与 fp16.enabled 同时为 true；DeepSpeed 只能启用其中之一</translation>
    </message>
    <message>
        <source>fp16, bf16 (neither given: DeepSpeed trains in FP32)</source>
        <translation>fp16, bf16（均未给出：DeepSpeed 以 FP32 训练）</translation>
    </message>
    <message>
        <source>%1 is not one of the modelled optimizers (Adam, AdamW, Lion): the scenario&apos;s optimizer stays</source>
        <translation>%1 不在已建模的优化器之列（Adam、AdamW、Lion）：保留场景的优化器</translation>
    </message>
    <message>
        <source>the optimizer&apos;s hyper-parameters</source>
        <translation>优化器的超参数</translation>
    </message>
    <message>
        <source>filled by Accelerate&apos;s DeepSpeed plugin: the scenario&apos;s offload stays</source>
        <translation>由 Accelerate 的 DeepSpeed 插件填入：保留场景的卸载设置</translation>
    </message>
    <message>
        <source>a part of the optimizer offloaded (ZeRO-Offload++): counted as all of it</source>
        <translation>只卸载部分优化器（ZeRO-Offload++）：按全部卸载计算</translation>
    </message>
    <message>
        <source>host-side and NVMe settings</source>
        <translation>主机端与 NVMe 设置</translation>
    </message>
    <message>
        <source>filled by Accelerate&apos;s DeepSpeed plugin: the scenario&apos;s stage, %1</source>
        <translation>由 Accelerate 的 DeepSpeed 插件填入：场景的阶段，%1</translation>
    </message>
    <message>
        <source>%1 (absent: DeepSpeed&apos;s default, 0)</source>
        <translation>%1（未给出：DeepSpeed 的默认值，0）</translation>
    </message>
    <message>
        <source>%1 (absent: no offload)</source>
        <translation>%1（未给出：不卸载）</translation>
    </message>
    <message>
        <source>ignored at stage 0, where ZeRO is off</source>
        <translation>在阶段 0 忽略（此时 ZeRO 关闭）</translation>
    </message>
    <message>
        <source>parameters offloaded with the optimizer states on the GPU: not a combination the estimate models; the offload is set from offload_optimizer alone</source>
        <translation>参数已卸载而优化器状态仍在 GPU 上：估算不对这种组合建模；卸载设置仅依据 offload_optimizer</translation>
    </message>
    <message>
        <source>the stack&apos;s: on at stage 3, off below</source>
        <translation>框架默认：阶段 3 开启，更低阶段关闭</translation>
    </message>
    <message>
        <source>hidden_size² as Hugging Face fills it, %1 elements for the scenario&apos;s H = %2 (it follows the model)</source>
        <translation>按 Hugging Face 的填法取 hidden_size²，场景的 H = %2 时为 %1 个元素（随模型变化）</translation>
    </message>
    <message>
        <source>0.9 × hidden_size² as Hugging Face fills it, %1 elements for H = %2 (it follows the model)</source>
        <translation>按 Hugging Face 的填法取 0.9 × hidden_size²，H = %2 时为 %1 个元素（随模型变化）</translation>
    </message>
    <message>
        <source>10 × hidden_size as Hugging Face fills it, %1 elements for H = %2 (it follows the model)</source>
        <translation>按 Hugging Face 的填法取 10 × hidden_size，H = %2 时为 %1 个元素（随模型变化）</translation>
    </message>
    <message>
        <source>stage 3 only</source>
        <translation>仅限阶段 3</translation>
    </message>
    <message>
        <source>left &quot;auto&quot; by Hugging Face: DeepSpeed drops it and takes its default, %1</source>
        <translation>Hugging Face 保留为“auto”：DeepSpeed 丢弃该值，改用其默认值 %1</translation>
    </message>
    <message>
        <source>%1 (absent: DeepSpeed&apos;s default)</source>
        <translation>%1（未给出：DeepSpeed 的默认值）</translation>
    </message>
    <message>
        <source>off: gradients are reduced without the contiguous bucket; the estimate counts the bucket</source>
        <translation>关闭：梯度归约不经过连续桶；估算仍计入该桶</translation>
    </message>
    <message>
        <source>the buffer it copies into is the reduce bucket</source>
        <translation>它复制进去的缓冲区就是归约桶</translation>
    </message>
    <message>
        <source>the stage 1-2 all-gather bucket after the optimizer step</source>
        <translation>阶段 1-2 在优化器步之后的 all-gather 桶</translation>
    </message>
    <message>
        <source>parameters kept gathered for reuse (bounded by stage3_max_live_parameters)</source>
        <translation>为复用而保持收集状态的参数（受 stage3_max_live_parameters 限制）</translation>
    </message>
    <message>
        <source>the optimizer step&apos;s working set, sub-groups of this many parameters</source>
        <translation>优化器步的工作集，即按此参数量划分的子组</translation>
    </message>
    <message>
        <source>ZeRO++ hpZ: a second copy of the parameters sharded within a node</source>
        <translation>ZeRO++ hpZ：在节点内切分的第二份参数副本</translation>
    </message>
    <message>
        <source>ZeRO++ qwZ: quantized all-gather buffers</source>
        <translation>ZeRO++ qwZ：量化的 all-gather 缓冲区</translation>
    </message>
    <message>
        <source>ZeRO++ qgZ: quantized gradient buffers</source>
        <translation>ZeRO++ qgZ：量化的梯度缓冲区</translation>
    </message>
    <message>
        <source>MiCS: sharding within groups of this many GPUs, not over all of them</source>
        <translation>MiCS：在由此数量 GPU 组成的组内切分，而不是在全部 GPU 上切分</translation>
    </message>
    <message>
        <source>MiCS hierarchical gathering</source>
        <translation>MiCS 分层收集</translation>
    </message>
    <message>
        <source>communication, checkpoint and saving settings</source>
        <translation>通信、检查点和保存设置</translation>
    </message>
    <message>
        <source>its &quot;auto&quot; values (only Hugging Face&apos;s integration fills them)</source>
        <translation>其中的“auto”值（只有 Hugging Face 的集成会填入）</translation>
    </message>
    <message>
        <source>named by Accelerate&apos;s config: Hugging Face&apos;s integration</source>
        <translation>由 Accelerate 配置引用：Hugging Face 的集成</translation>
    </message>
    <message>
        <source>the file (no &quot;auto&quot;: DeepSpeed&apos;s own engine and defaults; under the Trainer, give --stack hf-trainer and --recipe after it)</source>
        <translation>该文件（无“auto”：DeepSpeed 自身的引擎和默认值；若在 Trainer 下运行，请在其后给出 --stack hf-trainer 和 --recipe）</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s own checkpointing (partitioned or CPU checkpoints) for models that call deepspeed.checkpointing; Hugging Face models checkpoint with gradient_checkpointing (--recompute)</source>
        <translation>DeepSpeed 自身的激活检查点（分区检查点或 CPU 检查点），用于调用 deepspeed.checkpointing 的模型；Hugging Face 模型通过 gradient_checkpointing 做激活检查点（--recompute）</translation>
    </message>
    <message>
        <source>NVIDIA Apex AMP: the recipe stays</source>
        <translation>NVIDIA Apex AMP：保留精度方案</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s torch.autocast mode: the recipe stays</source>
        <translation>DeepSpeed 的 torch.autocast 模式：保留精度方案</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s pipeline engine (--pp models it)</source>
        <translation>DeepSpeed 的流水线引擎（由 --pp 建模）</translation>
    </message>
    <message>
        <source>DeepSpeed AutoTP (--tp models it)</source>
        <translation>DeepSpeed AutoTP（由 --tp 建模）</translation>
    </message>
    <message>
        <source>DeepSpeed-Ulysses sequence parallelism</source>
        <translation>DeepSpeed-Ulysses 序列并行</translation>
    </message>
    <message>
        <source>DeepSpeed-MoE settings</source>
        <translation>DeepSpeed-MoE 设置</translation>
    </message>
    <message>
        <source>compression training</source>
        <translation>压缩训练</translation>
    </message>
    <message>
        <source>quantized training</source>
        <translation>量化训练</translation>
    </message>
    <message>
        <source>sparse attention</source>
        <translation>稀疏注意力</translation>
    </message>
    <message>
        <source>curriculum learning (shorter sequences early)</source>
        <translation>课程学习（先用较短的序列）</translation>
    </message>
    <message>
        <source>data efficiency (curriculum, token dropping)</source>
        <translation>数据效率（课程学习、token 丢弃）</translation>
    </message>
    <message>
        <source>progressive layer dropping</source>
        <translation>渐进式层丢弃</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s torch.compile integration</source>
        <translation>DeepSpeed 的 torch.compile 集成</translation>
    </message>
    <message>
        <source>switched off</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>schedules, logging, checkpoints and communication</source>
        <translation>调度、日志、检查点和通信</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行第 %2 列</translation>
    </message>
    <message>
        <source>a binary file, not a text config (a NUL byte at %1)</source>
        <translation>是二进制文件，不是文本配置（%1处有 NUL 字节）</translation>
    </message>
    <message>
        <source>not UTF-8 text: a binary file or another encoding</source>
        <translation>不是 UTF-8 文本：可能是二进制文件或其他编码</translation>
    </message>
    <message>
        <source>nested deeper than %1 levels (at %2): refused before parsing</source>
        <translation>嵌套超过 %1 层（位于%2）：解析前即拒绝</translation>
    </message>
    <message>
        <source>a list</source>
        <translation>列表</translation>
    </message>
    <message>
        <source>a mapping</source>
        <translation>映射</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>空值</translation>
    </message>
    <message>
        <source>is %1; expected a whole number</source>
        <translation>为 %1；应为整数</translation>
    </message>
    <message>
        <source>is %1, out of range; allowed: %2 to %3</source>
        <translation>为 %1，超出范围；允许：%2 到 %3</translation>
    </message>
    <message>
        <source>is %1; expected true or false</source>
        <translation>为 %1；应为 true 或 false</translation>
    </message>
    <message>
        <source>is %1; expected a number from %2 to %3</source>
        <translation>为 %1；应为 %2 到 %3 之间的数</translation>
    </message>
    <message>
        <source>is %1; expected text</source>
        <translation>为 %1；应为文本</translation>
    </message>
    <message>
        <source>is %1; expected a mapping of keys</source>
        <translation>为 %1；应为键值映射</translation>
    </message>
    <message>
        <source>is %1; allowed: %2</source>
        <translation>为 %1；允许：%2</translation>
    </message>
    <message>
        <source>not a regular file: refused without reading it</source>
        <translation>不是普通文件：拒绝读取</translation>
    </message>
    <message>
        <source>larger than %1 bytes (10 MB): refused without reading it</source>
        <translation>大于 %1 字节（10 MB）：拒绝读取</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>larger than %1 bytes (10 MB): refused</source>
        <translation>大于 %1 字节（10 MB）：已拒绝</translation>
    </message>
    <message>
        <source>not valid JSON: %1 at %2</source>
        <translation>不是有效的 JSON：%1（位于%2）</translation>
    </message>
    <message>
        <source>holds %1 at its top level; expected a JSON object</source>
        <translation>顶层是%1；应为 JSON 对象</translation>
    </message>
    <message>
        <source>a single value</source>
        <translation>单个值</translation>
    </message>
    <message>
        <source>given twice in the same object (JSON keeps only the last)</source>
        <translation>在同一对象中出现两次（JSON 只保留最后一个）</translation>
    </message>
    <message>
        <source>holds %1 at its top level; expected a mapping of keys</source>
        <translation>顶层是%1；应为键值映射</translation>
    </message>
    <message>
        <source>maps to no scenario key (--%1)</source>
        <translation>没有对应的场景键（--%1）</translation>
    </message>
    <message>
        <source>gives --%1 %2, which is refused; allowed: %3</source>
        <translation>给出 --%1 %2，被拒绝；允许：%3</translation>
    </message>
    <message>
        <source>%1: --%2 %3</source>
        <translation>%1：--%2 %3</translation>
    </message>
    <message>
        <source>%1: &quot;auto&quot;, %2</source>
        <translation>%1：“auto”，%2</translation>
    </message>
    <message>
        <source>read, GPU memory does not depend on them: %1</source>
        <translation>已读取，显存与之无关：%1</translation>
    </message>
    <message>
        <source>read, GPU memory does not depend on them (%1): %2</source>
        <translation>已读取，显存与之无关（%1）：%2</translation>
    </message>
    <message>
        <source>%1: not modelled, and memory depends on it: %2</source>
        <translation>%1：未建模，但显存与之相关：%2</translation>
    </message>
    <message>
        <source>unknown keys, their effect unknown: %1</source>
        <translation>未知的键，影响未知：%1</translation>
    </message>
    <message>
        <source>%1 is not a builder Headroom has a preset for: the scenario&apos;s model stays</source>
        <translation>%1 不是 Headroom 有对应预设的构建函数：保留场景的模型</translation>
    </message>
    <message>
        <source>is %1; expected a list of q_proj, k_proj, v_proj, output_proj</source>
        <translation>为 %1；应为由 q_proj、k_proj、v_proj、output_proj 组成的列表</translation>
    </message>
    <message>
        <source>names no projection and apply_lora_to_mlp is not true: the adapters adapt nothing</source>
        <translation>未列出任何投影，且 apply_lora_to_mlp 不为 true：适配器不作用于任何模块</translation>
    </message>
    <message>
        <source>%1 (absent: the builder&apos;s default, 8)</source>
        <translation>%1（未给出：构建函数的默认值，8）</translation>
    </message>
    <message>
        <source>an adapter on the output projection (the LM head)</source>
        <translation>输出投影（LM 输出头）上的适配器</translation>
    </message>
    <message>
        <source>DoRA&apos;s magnitude vectors and weight norms</source>
        <translation>DoRA 的幅值向量与权重范数</translation>
    </message>
    <message>
        <source>the adapters&apos; scale</source>
        <translation>适配器的缩放系数</translation>
    </message>
    <message>
        <source>%1 is not one of the modelled optimizers: the scenario&apos;s optimizer stays</source>
        <translation>%1 不在已建模的优化器之列：保留场景的优化器</translation>
    </message>
    <message>
        <source>AMSGrad&apos;s third state, the running maximum</source>
        <translation>AMSGrad 的第三个状态，即历史最大值</translation>
    </message>
    <message>
        <source>is missing; a torchtune recipe names its model builder in model._component_</source>
        <translation>缺失；torchtune 配方在 model._component_ 中指定模型构建函数</translation>
    </message>
    <message>
        <source>is &quot;fp16&quot;, which torchtune&apos;s recipes refuse; allowed: bf16, fp32</source>
        <translation>为“fp16”，torchtune 的配方不接受；允许：bf16, fp32</translation>
    </message>
    <message>
        <source>%1 is not a modelled loss: the stack&apos;s loss stays</source>
        <translation>%1 不是已建模的损失函数：保留框架的损失函数</translation>
    </message>
    <message>
        <source>the loss&apos;s arguments</source>
        <translation>损失函数的参数</translation>
    </message>
    <message>
        <source>not given: the longest sample of each batch sets S, which the file does not say; the scenario&apos;s S = %1 stays</source>
        <translation>未给出：S 由每个批次中最长的样本决定，而文件中没有这一信息；保留场景的 S = %1</translation>
    </message>
    <message>
        <source>the tokenizer&apos;s files and template</source>
        <translation>分词器的文件与模板</translation>
    </message>
    <message>
        <source>is not given, and %1 is true: torchtune packs samples into max_seq_len</source>
        <translation>未给出，而 %1 为 true：torchtune 会把样本打包到 max_seq_len 的长度</translation>
    </message>
    <message>
        <source>packing; S is tokenizer.max_seq_len</source>
        <translation>样本打包；S 即 tokenizer.max_seq_len</translation>
    </message>
    <message>
        <source>the data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>%1 (a distributed recipe: FSDP2, fully sharded)</source>
        <translation>%1（分布式配方：FSDP2，完全切分）</translation>
    </message>
    <message>
        <source>HSDP: replicated across groups, sharded within them</source>
        <translation>HSDP：组间复制，组内切分</translation>
    </message>
    <message>
        <source>the sharding&apos;s layout</source>
        <translation>切分布局</translation>
    </message>
    <message>
        <source>is &quot;cpu&quot;: a run on the CPU; Headroom estimates GPU memory</source>
        <translation>为“cpu”：这是在 CPU 上运行；Headroom 估算的是 GPU 显存</translation>
    </message>
    <message>
        <source>%1: the estimate is for CUDA GPUs</source>
        <translation>%1：估算针对的是 CUDA GPU</translation>
    </message>
    <message>
        <source>CUDA, as estimated</source>
        <translation>CUDA，与估算一致</translation>
    </message>
    <message>
        <source>quantization-aware training&apos;s fake-quantized copies</source>
        <translation>量化感知训练的伪量化副本</translation>
    </message>
    <message>
        <source>selective checkpointing of every k-th layer</source>
        <translation>选择性激活检查点（每 ac_option 层对其中一层做检查点）</translation>
    </message>
    <message>
        <source>knowledge distillation&apos;s teacher model</source>
        <translation>知识蒸馏的教师模型</translation>
    </message>
    <message>
        <source>knowledge distillation&apos;s loss over the teacher&apos;s logits</source>
        <translation>知识蒸馏中基于教师模型 logits 的损失</translation>
    </message>
    <message>
        <source>context parallelism</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>a reference model (DPO, PPO)</source>
        <translation>参考模型（DPO、PPO）</translation>
    </message>
    <message>
        <source>schedules, logging, checkpoints and paths</source>
        <translation>调度、日志、检查点和路径</translation>
    </message>
    <message>
        <source>holds more than one YAML document (---): a config is one document, as Python&apos;s yaml.safe_load requires</source>
        <translation>包含不止一个 YAML 文档（---）：配置只能是一个文档，这是 yaml.safe_load 的要求</translation>
    </message>
    <message>
        <source>the file stands for more than %1 values (through aliases): refused</source>
        <translation>该文件（经别名展开后）代表超过 %1 个值：已拒绝</translation>
    </message>
    <message>
        <source>holds more than %1 values: refused before reading them</source>
        <translation>包含超过 %1 个值：读取前即拒绝</translation>
    </message>
    <message>
        <source>nested deeper than %1 levels</source>
        <translation>嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>given twice in the same mapping (which one counts is the reader&apos;s guess)</source>
        <translation>在同一映射中出现两次（哪一个生效取决于读取程序）</translation>
    </message>
    <message>
        <source>a key that is not plain text (a list or a mapping as a key)</source>
        <translation>键不是纯文本（以列表或映射作为键）</translation>
    </message>
    <message>
        <source>not valid YAML: %1 (line %2, column %3)</source>
        <translation>不是有效的 YAML：%1（第 %2 行第 %3 列）</translation>
    </message>
    <message>
        <source>a merge (&lt;&lt;) takes a mapping or a list of mappings</source>
        <translation>合并键（&lt;&lt;）只接受映射或映射列表</translation>
    </message>
    <message>
        <source>the header&apos;s recipe %1</source>
        <translation>文件头部注明的配方 %1</translation>
    </message>
    <message>
        <source>the header&apos;s `tune run --nproc_per_node %1`</source>
        <translation>文件头部的 `tune run --nproc_per_node %1`</translation>
    </message>
    <message>
        <source>needs bf16_master_weights_and_grads: true (DeepSpeed asserts so)</source>
        <translation>需要 bf16_master_weights_and_grads: true（DeepSpeed 会断言检查）</translation>
    </message>
    <message>
        <source>its block is not enabled</source>
        <translation>所在的配置块未启用</translation>
    </message>
    <message>
        <source>read by the distributed full fine-tune only</source>
        <translation>只有分布式全量微调配方读取它</translation>
    </message>
    <message>
        <source>enable_fp8_training without fp8_recipe_name (torchtune&apos;s enable_fsdp_float8_all_gather=True)</source>
        <translation>enable_fp8_training 且未给 fp8_recipe_name（torchtune 的 enable_fsdp_float8_all_gather=True）</translation>
    </message>
    <message>
        <source>without enable_fp8_training</source>
        <translation>未开启 enable_fp8_training</translation>
    </message>
    <message>
        <source>without mixed_precision: fp8</source>
        <translation>未设置 mixed_precision: fp8</translation>
    </message>
    <message>
        <source>mixed_precision: fp8 (no fp8_config.backend: torchao, Accelerate&apos;s first choice when installed)</source>
        <translation>mixed_precision: fp8（未给出 fp8_config.backend：按 torchao，已安装时 Accelerate 优先选用它）</translation>
    </message>
    <message>
        <source>MS-AMP keeps weights and optimizer states in FP8 and FP16: not modelled; the BF16 recipe stays</source>
        <translation>MS-AMP 以 FP8 和 FP16 保存权重与优化器状态：未建模；保留 BF16 方案</translation>
    </message>
    <message>
        <source>Accelerate&apos;s convert_model also makes the LM head a Transformer Engine linear (its FP8 weight copies, 2 x V x H bytes, and its FP8 input are not counted)</source>
        <translation>Accelerate 的 convert_model 也会把 LM 头换成 Transformer Engine 线性层（其 FP8 权重副本 2 x V x H 字节及其 FP8 输入未计入）</translation>
    </message>
    <message>
        <source>Transformer Engine&apos;s MXFP8 recipe (Blackwell) is not modelled; read as delayed scaling</source>
        <translation>Transformer Engine 的 MXFP8 方案（Blackwell）未建模；按延迟缩放读取</translation>
    </message>
    <message>
        <source>AORecipeKwargs: enable_fsdp_float8_all_gather=True under FSDP2</source>
        <translation>AORecipeKwargs：FSDP2 下 enable_fsdp_float8_all_gather=True</translation>
    </message>
    <message>
        <source>Accelerate&apos;s torchao filter leaves the first and the last linear in BF16 (filter_first_and_last_linear_layers); Headroom converts every layer&apos;s linears</source>
        <translation>Accelerate 的 torchao 过滤器让第一个和最后一个线性层保持 BF16（filter_first_and_last_linear_layers）；Headroom 转换每层的全部线性层</translation>
    </message>
    <message>
        <source>the FP8 scaling&apos;s numerics, not its memory</source>
        <translation>只影响 FP8 缩放的数值，不影响显存</translation>
    </message>
    <message>
        <source>none of the configs Headroom reads: not Accelerate&apos;s (no distributed_type), torchtune&apos;s (no model._component_), axolotl&apos;s (no base_model), LLaMA-Factory&apos;s or TRL&apos;s (no model_name_or_path); a DeepSpeed config is a .json file</source>
        <translation>不是 Headroom 能读取的任何一种配置：不是 Accelerate 的（没有 distributed_type）、torchtune 的（没有 model._component_）、axolotl 的（没有 base_model），也不是 LLaMA-Factory 或 TRL 的（没有 model_name_or_path）；DeepSpeed 配置应为 .json 文件</translation>
    </message>
    <message>
        <source>%1: the model given with the file (--preset or --hf-config) is estimated instead</source>
        <translation>%1：改为估算与该文件一同给出的模型（--preset 或 --hf-config）</translation>
    </message>
    <message>
        <source>%1 is no preset&apos;s checkpoint: the imported model %2 is estimated</source>
        <translation>%1 不是任何预设对应的检查点：估算的是已导入的模型 %2</translation>
    </message>
    <message>
        <source>%1 is the checkpoint of no preset (nor a variant of one: -Instruct, -it, -chat, -hf, -base); give the model&apos;s config.json with --hf-config FILE (in the window: File &gt; Import Hugging Face Config first), or choose a preset with --preset</source>
        <translation>%1 不是任何预设的检查点（也不是其变体：-Instruct、-it、-chat、-hf、-base）；请用 --hf-config FILE 给出该模型的 config.json（在窗口中：先执行 文件 &gt; 导入 Hugging Face 配置），或用 --preset 选择一个预设</translation>
    </message>
    <message>
        <source>is %1; expected true, false or auto</source>
        <translation>为 %1；应为 true、false 或 “auto”</translation>
    </message>
    <message>
        <source>bf16 (auto)</source>
        <translation>bf16（“auto”）</translation>
    </message>
    <message>
        <source>auto (axolotl&apos;s default): BF16 where the GPU has it, as every GPU of the catalogue since the A100 does</source>
        <translation>“auto”（axolotl 的默认值）：GPU 支持 BF16 时使用 BF16，GPU 清单中自 A100 起的每款 GPU 都支持</translation>
    </message>
    <message>
        <source>bf16 and fp16 (both false: FP32)</source>
        <translation>bf16 与 fp16（均为 false：FP32）</translation>
    </message>
    <message>
        <source>%1 (a 16-bit base, FP32 adapters)</source>
        <translation>%1（16 位基座，FP32 适配器）</translation>
    </message>
    <message>
        <source>%1 (the model loaded in 16 bits and trained so)</source>
        <translation>%1（模型以 16 位加载，并以 16 位训练）</translation>
    </message>
    <message>
        <source>%1 (AdamW&apos;s states take the weights&apos; dtype)</source>
        <translation>%1（AdamW 的状态采用权重的 dtype）</translation>
    </message>
    <message>
        <source>is llama-adapter (LLaMA-Adapter&apos;s prompts), which Headroom does not model; allowed: lora, qlora</source>
        <translation>为 “llama-adapter”（LLaMA-Adapter 的可学习提示），Headroom 未对其建模；允许：“lora”、qlora</translation>
    </message>
    <message>
        <source>is true without an adapter: a quantized model cannot be fully fine-tuned</source>
        <translation>为 true 但未设置适配器：量化模型不能做全参数微调</translation>
    </message>
    <message>
        <source>adapter (absent: a full fine-tune)</source>
        <translation>“adapter”（未给出：全参数微调）</translation>
    </message>
    <message>
        <source>without an adapter</source>
        <translation>未设置适配器</translation>
    </message>
    <message>
        <source>lora_r (absent: PEFT&apos;s default, 8)</source>
        <translation>lora_r（未给出：PEFT 的默认值，8）</translation>
    </message>
    <message>
        <source>lora_target_linear adapts every linear layer already</source>
        <translation>lora_target_linear 已经适配了每个线性层</translation>
    </message>
    <message>
        <source>lora_target_modules (absent: PEFT&apos;s default, q_proj and v_proj)</source>
        <translation>lora_target_modules（未给出：PEFT 的默认值，q_proj 与 v_proj）</translation>
    </message>
    <message>
        <source>the adapters&apos; scale and files</source>
        <translation>适配器的缩放系数与文件</translation>
    </message>
    <message>
        <source>adapters on some layers only, or axolotl&apos;s fused LoRA kernels</source>
        <translation>只在部分层上加适配器，或 axolotl 的融合 LoRA 算子</translation>
    </message>
    <message>
        <source>axolotl (a Hugging Face Trainer)</source>
        <translation>axolotl（基于 Hugging Face Trainer）</translation>
    </message>
    <message>
        <source>is true and rl is set: a run trains a reward model or a policy, not both</source>
        <translation>为 true 且设置了 “rl”：一次运行只能训练奖励模型或策略模型，不能两者兼有</translation>
    </message>
    <message>
        <source>rl (absent: supervised fine-tuning)</source>
        <translation>“rl”（未给出：监督微调）</translation>
    </message>
    <message>
        <source>sequence_len (absent: axolotl&apos;s default, 512)</source>
        <translation>sequence_len（未给出：axolotl 的默认值，512）</translation>
    </message>
    <message>
        <source>sample_packing (absent: false)</source>
        <translation>sample_packing（未给出：false）</translation>
    </message>
    <message>
        <source>without sample_packing or pad_to_sequence_len each batch is as long as its longest sample: S = %1 is the most it can be</source>
        <translation>未设置 sample_packing 或 pad_to_sequence_len 时，每个批次的长度等于其中最长的样本：S = %1 只是上限</translation>
    </message>
    <message>
        <source>micro_batch_size (absent: axolotl&apos;s default, 1)</source>
        <translation>micro_batch_size（未给出：axolotl 的默认值，1）</translation>
    </message>
    <message>
        <source>checkpoints on disk: counted as in host memory</source>
        <translation>检查点保存在磁盘上：按保存在主机内存中计算</translation>
    </message>
    <message>
        <source>%1: an attention kernel Headroom does not model; the scenario&apos;s stays</source>
        <translation>%1：Headroom 未建模的注意力算子；保留场景的注意力算子</translation>
    </message>
    <message>
        <source>an attention kernel Headroom does not model: the scenario&apos;s stays</source>
        <translation>Headroom 未建模的注意力算子：保留场景的注意力算子</translation>
    </message>
    <message>
        <source>flash-attn&apos;s fused kernels save less than the modules they replace</source>
        <translation>flash-attn 的融合算子保存的张量少于它们所替换的模块</translation>
    </message>
    <message>
        <source>optimizer (absent: axolotl&apos;s default, adamw_torch_fused)</source>
        <translation>“optimizer”（未给出：axolotl 的默认值，adamw_torch_fused）</translation>
    </message>
    <message>
        <source>Liger&apos;s fused kernels save less than the modules they replace</source>
        <translation>Liger 的融合算子保存的张量少于它们所替换的模块</translation>
    </message>
    <message>
        <source>a data-parallel mesh of its own: sharded over every data-parallel GPU instead</source>
        <translation>自有的数据并行网格：改为按在每张数据并行 GPU 上切分计算</translation>
    </message>
    <message>
        <source>not a key of axolotl&apos;s FSDPConfig: dropped unread</source>
        <translation>不是 axolotl 的 FSDPConfig 中的键：未读取即丢弃</translation>
    </message>
    <message>
        <source>false is never passed on by axolotl: FULL_SHARD</source>
        <translation>axolotl 从不向下传递 false：仍为 FULL_SHARD</translation>
    </message>
    <message>
        <source>the 16-bit format comes from bf16 and fp16</source>
        <translation>16 位格式由 bf16 和 fp16 决定</translation>
    </message>
    <message>
        <source>the engine&apos;s own settings</source>
        <translation>引擎自身的设置</translation>
    </message>
    <message>
        <source>trl.beta = 0, but axolotl loads the reference copy for a full-parameter run all the same</source>
        <translation>trl.beta = 0，但对全参数训练，axolotl 仍会加载参考副本</translation>
    </message>
    <message>
        <source>axolotl loads a reference copy that KTO&apos;s trainer does not use (it builds its own): one more frozen copy than counted</source>
        <translation>axolotl 加载了一份 KTO 训练器并不使用的参考副本（训练器会自己构建一份）：实际比计入的多一份冻结副本</translation>
    </message>
    <message>
        <source>some parameters frozen in a full fine-tune: every one is counted as trained</source>
        <translation>全参数微调中冻结了部分参数：每个参数都按被训练计算</translation>
    </message>
    <message>
        <source>knowledge distillation&apos;s teacher logits</source>
        <translation>知识蒸馏的教师模型 logits</translation>
    </message>
    <message>
        <source>the MLP computed in tiles along the sequence (ALST)</source>
        <translation>沿序列分块计算 MLP（ALST）</translation>
    </message>
    <message>
        <source>a fused attention kernel</source>
        <translation>融合注意力算子</translation>
    </message>
    <message>
        <source>overrides of the model&apos;s config</source>
        <translation>对模型配置的覆盖</translation>
    </message>
    <message>
        <source>data, schedules, logging, checkpoints and paths</source>
        <translation>数据、调度、日志、检查点和路径</translation>
    </message>
    <message>
        <source>LLaMA-Factory (a Hugging Face Trainer)</source>
        <translation>LLaMA-Factory（基于 Hugging Face Trainer）</translation>
    </message>
    <message>
        <source>the reward comes from a server: no reward model on the GPU</source>
        <translation>奖励来自服务器：GPU 上没有奖励模型</translation>
    </message>
    <message>
        <source>LLaMA-Factory&apos;s PPO scores with an adapter or a model of the policy&apos;s architecture: the reward and value models are the policy&apos;s (--reward-model, --critic-model to change them)</source>
        <translation>LLaMA-Factory 的 PPO 用适配器或与策略模型同架构的模型打分：奖励模型与价值模型按策略模型计算（用 --reward-model、--critic-model 更改）</translation>
    </message>
    <message>
        <source>finetuning_type (absent: LLaMA-Factory&apos;s default, lora)</source>
        <translation>finetuning_type（未给出：LLaMA-Factory 的默认值，“lora”）</translation>
    </message>
    <message>
        <source>is freeze: training the last layers only (freeze_trainable_layers) is not modelled; Headroom estimates lora and full</source>
        <translation>为 “freeze”：只训练最后几层（freeze_trainable_layers）的方式未建模；Headroom 估算 “lora” 和 “full”</translation>
    </message>
    <message>
        <source>is set with finetuning_type full: a quantized model cannot be fully fine-tuned</source>
        <translation>在 finetuning_type 为 “full” 时设置：量化模型不能做全参数微调</translation>
    </message>
    <message>
        <source>is %1; Headroom models bitsandbytes&apos; nf4</source>
        <translation>为 %1；Headroom 建模的是 bitsandbytes 的 nf4</translation>
    </message>
    <message>
        <source>is %1 with %2: Headroom models bitsandbytes&apos; 4 and 8 bits and HQQ&apos;s 4</source>
        <translation>为 %1，配合 %2：Headroom 建模的是 bitsandbytes 的 4 位与 8 位，以及 HQQ 的 4 位</translation>
    </message>
    <message>
        <source>lora_rank (absent: LLaMA-Factory&apos;s default, 8)</source>
        <translation>lora_rank（未给出：LLaMA-Factory 的默认值，8）</translation>
    </message>
    <message>
        <source>lora_target (absent: LLaMA-Factory&apos;s default, all)</source>
        <translation>lora_target（未给出：LLaMA-Factory 的默认值，all）</translation>
    </message>
    <message>
        <source>cutoff_len (absent: LLaMA-Factory&apos;s default, 2,048)</source>
        <translation>cutoff_len（未给出：LLaMA-Factory 的默认值，2,048）</translation>
    </message>
    <message>
        <source>packing (absent: on for stage pt, off otherwise)</source>
        <translation>“packing”（未给出：训练阶段为 “pt” 时开启，否则关闭）</translation>
    </message>
    <message>
        <source>without packing each batch is as long as its longest sample: S = %1 is the most it can be</source>
        <translation>未启用样本打包时，每个批次的长度等于其中最长的样本：S = %1 只是上限</translation>
    </message>
    <message>
        <source>per_device_train_batch_size (absent: the Trainer&apos;s default, 8)</source>
        <translation>per_device_train_batch_size（未给出：Trainer 的默认值，8）</translation>
    </message>
    <message>
        <source>bf16 (trained weights upcast to FP32)</source>
        <translation>bf16（被训练的权重提升为 FP32）</translation>
    </message>
    <message>
        <source>fp16 (trained weights upcast to FP32)</source>
        <translation>fp16（被训练的权重提升为 FP32）</translation>
    </message>
    <message>
        <source>bf16 and fp16 (neither set: no autocast, trained weights in FP32)</source>
        <translation>bf16 与 fp16（均未设置：不使用 autocast，被训练的权重为 FP32）</translation>
    </message>
    <message>
        <source>disable_gradient_checkpointing (absent: LLaMA-Factory checkpoints every layer)</source>
        <translation>disable_gradient_checkpointing（未给出：LLaMA-Factory 对每一层做激活检查点）</translation>
    </message>
    <message>
        <source>is true: BAdam trains one block of layers at a time, which Headroom does not model</source>
        <translation>为 true：BAdam 每次只训练一个层块，Headroom 未对此建模</translation>
    </message>
    <message>
        <source>Unsloth&apos;s kernels and offloaded checkpoints</source>
        <translation>Unsloth 的算子与卸载的激活检查点</translation>
    </message>
    <message>
        <source>Unsloth&apos;s offloaded checkpoints</source>
        <translation>Unsloth 卸载的激活检查点</translation>
    </message>
    <message>
        <source>shift short attention (LongLoRA)</source>
        <translation>移位短注意力（LongLoRA）</translation>
    </message>
    <message>
        <source>mixture of depths</source>
        <translation>深度混合</translation>
    </message>
    <message>
        <source>norm weights upcast to FP32</source>
        <translation>norm 权重提升为 FP32</translation>
    </message>
    <message>
        <source>the head&apos;s output upcast to FP32</source>
        <translation>输出头的输出提升为 FP32</translation>
    </message>
    <message>
        <source>LLaMA Pro&apos;s expanded blocks</source>
        <translation>LLaMA Pro 的扩展块</translation>
    </message>
    <message>
        <source>PiSSA&apos;s initialisation (an SVD of every adapted weight)</source>
        <translation>PiSSA 的初始化（对每个被适配的权重做 SVD）</translation>
    </message>
    <message>
        <source>a quantized reference model</source>
        <translation>量化的参考模型</translation>
    </message>
    <message>
        <source>a reference model other than the policy&apos;s base</source>
        <translation>不同于策略模型基座的参考模型</translation>
    </message>
    <message>
        <source>a vision-language model&apos;s projector trained alone</source>
        <translation>单独训练视觉-语言模型的投影器</translation>
    </message>
    <message>
        <source>sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>8-bit Lion: its momentum is counted in 32 bits, 3 bytes a parameter high</source>
        <translation>8 位 Lion：其动量按 32 位计算，每参数多算 3 字节</translation>
    </message>
    <message>
        <source>layer-wise updates: each layer&apos;s gradient is freed as it is applied</source>
        <translation>逐层更新：每层的梯度在应用后即释放</translation>
    </message>
    <message>
        <source>is %1; expected a list of module names (q_proj, v_proj, ...) or all-linear</source>
        <translation>为 %1；应为模块名列表（q_proj、v_proj、...）或 “all-linear”</translation>
    </message>
    <message>
        <source>is %1; expected a list of module names (embed_tokens, lm_head)</source>
        <translation>为 %1；应为模块名列表（embed_tokens、lm_head）</translation>
    </message>
    <message>
        <source>trained copies of %1: only the embedding&apos;s and the head&apos;s are modelled</source>
        <translation>%1 的训练副本：只对词嵌入层与输出头的副本建模</translation>
    </message>
    <message>
        <source>is %1; expected FSDP options (full_shard, shard_grad_op, hybrid_shard, offload, auto_wrap)</source>
        <translation>为 %1；应为 FSDP 选项（full_shard、shard_grad_op、hybrid_shard、“offload”、auto_wrap）</translation>
    </message>
    <message>
        <source>names %1; allowed: %2</source>
        <translation>列出了 %1；允许：%2</translation>
    </message>
    <message>
        <source>%1 (no strategy given: FULL_SHARD)</source>
        <translation>%1（未给出策略：FULL_SHARD）</translation>
    </message>
    <message>
        <source>%1 (absent: FULL_SHARD)</source>
        <translation>%1（未给出：FULL_SHARD）</translation>
    </message>
    <message>
        <source> (looked for beside the config, in the working folder and in the config&apos;s parent folders: ZeRO&apos;s sharding is in it)</source>
        <translation>（已在配置文件旁、工作文件夹以及配置文件的各级上级文件夹中查找：ZeRO 的切分设置在其中）</translation>
    </message>
    <message>
        <source>read: it changes nothing here (false, empty, or what the scenario holds already)</source>
        <translation>已读取：在此不改变任何设置（为 false、为空，或与场景已有的值相同）</translation>
    </message>
    <message>
        <source>%1 = 0 (no reference model, no KL term)</source>
        <translation>%1 = 0（无参考模型，无 KL 项）</translation>
    </message>
    <message>
        <source>sampling, loss and server settings</source>
        <translation>采样、损失与服务器设置</translation>
    </message>
    <message>
        <source>the loss&apos;s and the data&apos;s settings</source>
        <translation>损失与数据的设置</translation>
    </message>
    <message>
        <source>the file&apos;s name or folder (%1)</source>
        <translation>文件名或所在文件夹（%1）</translation>
    </message>
    <message>
        <source>%1, which only GRPO takes</source>
        <translation>%1，只有 GRPO 接受该键</translation>
    </message>
    <message>
        <source>%1, which only DPO takes</source>
        <translation>%1，只有 DPO 接受该键</translation>
    </message>
    <message>
        <source>nothing names a preference or RL trainer: supervised fine-tuning</source>
        <translation>没有指明偏好或 RL 训练器：监督微调</translation>
    </message>
    <message>
        <source>TRL (a Hugging Face Trainer)</source>
        <translation>TRL（基于 Hugging Face Trainer）</translation>
    </message>
    <message>
        <source>is true without use_peft: a quantized model cannot be fully fine-tuned</source>
        <translation>为 true 但未设置 use_peft：量化模型不能做全参数微调</translation>
    </message>
    <message>
        <source>use_peft (absent: a full fine-tune)</source>
        <translation>use_peft（未给出：全参数微调）</translation>
    </message>
    <message>
        <source>without use_peft</source>
        <translation>未设置 use_peft</translation>
    </message>
    <message>
        <source>lora_r (absent: TRL&apos;s default, 16)</source>
        <translation>lora_r（未给出：TRL 的默认值，16）</translation>
    </message>
    <message>
        <source>lora_dropout (absent: TRL&apos;s default, 0.05)</source>
        <translation>lora_dropout（未给出：TRL 的默认值，0.05）</translation>
    </message>
    <message>
        <source>max_length (absent: SFTConfig&apos;s default, 1,024)</source>
        <translation>max_length（未给出：SFTConfig 的默认值，1,024）</translation>
    </message>
    <message>
        <source>packing (absent: false)</source>
        <translation>“packing”（未给出：false）</translation>
    </message>
    <message>
        <source>max_length (absent: the trainer&apos;s default, 1,024)</source>
        <translation>max_length（未给出：训练器的默认值，1,024）</translation>
    </message>
    <message>
        <source>dtype (absent: TRL&apos;s default, float32)</source>
        <translation>dtype（未给出：TRL 的默认值，float32）</translation>
    </message>
    <message>
        <source>bf16 and fp16 (neither set: no autocast)</source>
        <translation>bf16 与 fp16（均未设置：不使用 autocast）</translation>
    </message>
    <message>
        <source>16-bit weights without autocast: counted as FP32 training</source>
        <translation>16 位权重但不使用 autocast：按 FP32 训练计算</translation>
    </message>
    <message>
        <source>%1 over FP32 weights (%2)</source>
        <translation>在 FP32 权重上使用 %1（%2）</translation>
    </message>
    <message>
        <source>torch_dtype absent</source>
        <translation>未给出 torch_dtype</translation>
    </message>
    <message>
        <source>%1 with %2 = %3 (the 16-bit weights trained themselves)</source>
        <translation>%1，%2 = %3（直接训练 16 位权重本身）</translation>
    </message>
    <message>
        <source>gradient_checkpointing (absent: TRL&apos;s default, true)</source>
        <translation>gradient_checkpointing（未给出：TRL 的默认值，true）</translation>
    </message>
    <message>
        <source>an array of tables ([[...]]), which torchtitan&apos;s configs never use: refused</source>
        <translation>表数组（[[...]]），torchtitan 的配置从不使用：拒绝读取</translation>
    </message>
    <message>
        <source>the table [%1] is defined twice</source>
        <translation>表 [%1] 被定义了两次</translation>
    </message>
    <message>
        <source>not valid TOML: %1 at %2</source>
        <translation>不是有效的 TOML：%1，位于 %2</translation>
    </message>
    <message>
        <source>expected &apos;%1&apos;</source>
        <translation>此处应为“%1”</translation>
    </message>
    <message>
        <source>more after a value on its line</source>
        <translation>值之后同一行还有其他内容</translation>
    </message>
    <message>
        <source>expected a key</source>
        <translation>此处应为键</translation>
    </message>
    <message>
        <source>%1 is a value, not a table</source>
        <translation>%1 是一个值，不是表</translation>
    </message>
    <message>
        <source>given twice (TOML refuses a key defined twice)</source>
        <translation>给出了两次（TOML 不允许重复定义键）</translation>
    </message>
    <message>
        <source>a string without its closing quote</source>
        <translation>字符串缺少结尾引号</translation>
    </message>
    <message>
        <source>a bad \u escape</source>
        <translation>错误的 \u 转义</translation>
    </message>
    <message>
        <source>an unknown escape</source>
        <translation>未知的转义</translation>
    </message>
    <message>
        <source>a date or time, which torchtitan&apos;s configs never hold</source>
        <translation>日期或时间，torchtitan 的配置中从不出现</translation>
    </message>
    <message>
        <source>a value that is no string, number, boolean, list or table</source>
        <translation>既不是字符串、数字、布尔值，也不是列表或表的值</translation>
    </message>
    <message>
        <source>torchtitan (FSDP2, fully_shard per block)</source>
        <translation>torchtitan（FSDP2，每个块一次 fully_shard）</translation>
    </message>
    <message>
        <source>training.local_batch_size (absent: torchtitan&apos;s default, 8)</source>
        <translation>training.local_batch_size（未给出：torchtitan 的默认值，8）</translation>
    </message>
    <message>
        <source>training.seq_len (absent: torchtitan&apos;s default, 2,048)</source>
        <translation>training.seq_len（未给出：torchtitan 的默认值，2,048）</translation>
    </message>
    <message>
        <source>is 0; allowed: -1 (every GPU the other degrees leave) or 1 and more</source>
        <translation>为 0；允许：-1（其余并行度之外的全部 GPU）或不小于 1 的数</translation>
    </message>
    <message>
        <source>HSDP: replicated across groups, sharded within them; modelled as sharded over every data-parallel GPU</source>
        <translation>HSDP：组间复制、组内分片；按在全部数据并行 GPU 上分片建模</translation>
    </message>
    <message>
        <source>the experts split over another tensor-parallel degree than the rest</source>
        <translation>专家按与其余部分不同的张量并行度切分</translation>
    </message>
    <message>
        <source>the number of GPUs is the launcher&apos;s (torchrun --nproc_per_node, nodes): the scenario&apos;s stays</source>
        <translation>GPU 数量由启动器决定（torchrun --nproc_per_node 与节点数）：保留场景的设置</translation>
    </message>
    <message>
        <source>%1 (fsdp_reshard_after_forward %2)</source>
        <translation>%1（fsdp_reshard_after_forward 为 %2）</translation>
    </message>
    <message>
        <source>data_parallel_shard_degree absent: -1</source>
        <translation>未给出 data_parallel_shard_degree：-1</translation>
    </message>
    <message>
        <source>%1 = 1 (no FSDP, so no mixed precision: FP32)</source>
        <translation>%1 = 1（没有 FSDP，因此没有混合精度：FP32）</translation>
    </message>
    <message>
        <source>mixed_precision_param (bfloat16 gathers over FP32 sharded weights)</source>
        <translation>mixed_precision_param（在 FP32 分片权重之上以 bfloat16 收集）</translation>
    </message>
    <message>
        <source>torch.compile&apos;s memory budget decides what is saved</source>
        <translation>由 torch.compile 的显存预算决定保存哪些张量</translation>
    </message>
    <message>
        <source>is %1; allowed: op, or a whole number N (every N-th layer)</source>
        <translation>为 %1；允许：“op”，或整数 N（即每隔若干层检查一层）</translation>
    </message>
    <message>
        <source>%1: an FP8 recipe Headroom does not model</source>
        <translation>%1：Headroom 未建模的 FP8 方案</translation>
    </message>
    <message>
        <source>the output projection stays in BF16 (filter_fqns); Headroom converts every layer&apos;s linears</source>
        <translation>输出投影保持 BF16（filter_fqns）；Headroom 会转换每一层的线性层</translation>
    </message>
    <message>
        <source>FP8 or MX for the experts&apos; grouped matmuls</source>
        <translation>专家分组矩阵乘法的 FP8 或 MX</translation>
    </message>
    <message>
        <source>optimizer.implementation (absent: torchtitan&apos;s default, fused)</source>
        <translation>optimizer.implementation（未给出：torchtitan 的默认值，“fused”）</translation>
    </message>
    <message>
        <source>paths, schedules, the learning rate, logging and the kernels&apos; options</source>
        <translation>路径、调度、学习率、日志与算子选项</translation>
    </message>
    <message>
        <source>the converters&apos; settings (read where model.converters names them)</source>
        <translation>转换器的设置（在 model.converters 列出它们时读取）</translation>
    </message>
    <message>
        <source>paths, schedules, logging and checkpoints</source>
        <translation>路径、调度、日志与检查点</translation>
    </message>
    <message>
        <source>more than %1 values: refused</source>
        <translation>超过 %1 个值：拒绝读取</translation>
    </message>
    <message>
        <source>the model has no vision tower Headroom knows</source>
        <translation>该模型没有 Headroom 已知的视觉塔</translation>
    </message>
    <message>
        <source>false: LoRA on the vision tower&apos;s linears is not modelled; the tower is estimated frozen</source>
        <translation>false：视觉塔线性层上的 LoRA 尚未建模；视觉塔按冻结估算</translation>
    </message>
    <message>
        <source>false with a frozen tower: the projector alone trained is not modelled (the tower and its projector are trained or frozen together)</source>
        <translation>视觉塔冻结时为 false：只训练投影器尚未建模（视觉塔与其投影器一同训练或一同冻结）</translation>
    </message>
    <message>
        <source>the images come from the data: give --images N and --image-size WxH within these bounds</source>
        <translation>图像来自数据：请在这些界限内给出 --images N 与 --image-size WxH</translation>
    </message>
    <message>
        <source>adapters on %1: not among the decoder&apos;s projections Headroom adapts (q, k, v, o, gate, up, down, and a hybrid&apos;s in_proj and out_proj)</source>
        <translation>%1 上的适配器：不在 Headroom 适配的解码器投影之列（q、k、v、o、门控、上投影、下投影，以及混合架构模型的 in_proj 和 out_proj）</translation>
    </message>
    <message>
        <source>adapters on %1 of the mixer&apos;s input projections: Headroom adapts all of them together (mixer-in), a few parameters more than the run trains</source>
        <translation>适配器只在混合层输入投影中的 %1 上：Headroom 把这些输入投影一并适配（mixer-in），比实际训练的参数多出少许</translation>
    </message>
    <message>
        <source>names none of the projections q_proj, k_proj, v_proj, o_proj, gate_proj, up_proj, down_proj, in_proj, out_proj (or all-linear)</source>
        <translation>未列出任何投影 q_proj、k_proj、v_proj、o_proj、gate_proj、up_proj、down_proj、in_proj、out_proj（或 “all-linear”）</translation>
    </message>
    <message>
        <source>out_proj read as a hybrid mixer&apos;s output projection (mixer-out); on LFM2 it also names the attention&apos;s output projection: add o to the targets to count those adapters</source>
        <translation>out_proj 按混合层混合器的输出投影读取（mixer-out）；在 LFM2 上它也指注意力的输出投影：若要计入那些适配器，请在目标中加上 o</translation>
    </message>
</context>
<context>
    <name>GpuSpecText</name>
    <message>
        <source>give key=value pairs separated by commas, e.g. name=h100-96gb,memory=96GiB,bf16=989T,hbm=3.35TB/s</source>
        <translation>请给出以逗号分隔的 key=value 对，例如 name=h100-96gb,memory=96GiB,bf16=989T,hbm=3.35TB/s</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not key=value</source>
        <translation>“%1”不是 key=value 形式</translation>
    </message>
    <message>
        <source>%1 is given twice</source>
        <translation>%1 给了两次</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not allowed; %3</source>
        <translation>%1：不允许“%2”；%3</translation>
    </message>
    <message>
        <source>give 1 to 40 letters, digits, &apos;-&apos;, &apos;_&apos; or &apos;.&apos;</source>
        <translation>请给出 1 到 40 个字母、数字、&apos;-&apos;、&apos;_&apos; 或 &apos;.&apos;</translation>
    </message>
    <message>
        <source>give 1 GiB to 16 TiB with its unit (e.g. 96GiB, 80GB, 81559MiB)</source>
        <translation>请给出 1 GiB 到 16 TiB 并带单位（例如 96GiB、80GB、81559MiB）</translation>
    </message>
    <message>
        <source>give dense TFLOP/s above 0, at most 1,000,000 (e.g. 989T)</source>
        <translation>请给出大于 0、不超过 1,000,000 的稠密 TFLOP/s（例如 989T）</translation>
    </message>
    <message>
        <source>give a rate above 0 with its unit, at most 1,000 TB/s (e.g. 3.35TB/s or 900GB/s)</source>
        <translation>请给出大于 0、带单位、不超过 1,000 TB/s 的带宽（例如 3.35TB/s 或 900GB/s）</translation>
    </message>
    <message>
        <source>give a whole number of GPUs from 1 to 1,024</source>
        <translation>请给出 1 到 1,024 之间的整数个 GPU</translation>
    </message>
    <message>
        <source>give the share of the dense peak the kernels reach, 0.05 to 1</source>
        <translation>请给出这些内核能达到的稠密峰值比例，0.05 到 1</translation>
    </message>
    <message>
        <source>give Gbit/s per node above 0, at most 1,000,000 (e.g. 3200 or 3200Gbps)</source>
        <translation>请给出每节点大于 0、不超过 1,000,000 的 Gbit/s（例如 3200 或 3200Gbps）</translation>
    </message>
    <message>
        <source>give the board power in watts above 0, at most 100,000 (e.g. 700W)</source>
        <translation>请给出大于 0、不超过 100,000 的板卡功耗，单位瓦（例如 700W）</translation>
    </message>
    <message>
        <source>give USD per GPU-hour from 0 to 1,000,000</source>
        <translation>请给出每 GPU 小时 0 到 1,000,000 美元</translation>
    </message>
    <message>
        <source>give USD per card from 0 to 10,000,000</source>
        <translation>请给出每张卡 0 到 10,000,000 美元</translation>
    </message>
    <message>
        <source>%1 is required (e.g. name=h100-96gb,memory=96GiB,bf16=989T,hbm=3.35TB/s)</source>
        <translation>必须给出 %1（例如 name=h100-96gb,memory=96GiB,bf16=989T,hbm=3.35TB/s）</translation>
    </message>
    <message>
        <source>bf16 or fp16 is required: the card&apos;s dense 16-bit TFLOP/s (e.g. bf16=989T)</source>
        <translation>必须给出 bf16 或 fp16：这张卡的 16 位稠密 TFLOP/s（例如 bf16=989T）</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot;; allowed: %2</source>
        <translation>未知的键“%1”；允许：%2</translation>
    </message>
    <message>
        <source>give a whole number of streaming multiprocessors (compute units) from 1 to 4,096</source>
        <translation>请给出 1 到 4,096 之间的整数个流式多处理器（计算单元）</translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>Plan a training run&apos;s GPU memory interactively.</source>
        <translation>交互式规划训练任务的显存。</translation>
    </message>
    <message>
        <source>Open the scenario file FILE (JSON, schema 1).</source>
        <translation>打开场景文件 FILE（JSON，schema 1）。</translation>
    </message>
    <message>
        <source>FILE</source>
        <translation>FILE</translation>
    </message>
    <message>
        <source>Render the window to the PNG file OUT and exit.</source>
        <translation>将窗口渲染为 PNG 文件 OUT 后退出。</translation>
    </message>
    <message>
        <source>OUT</source>
        <translation>OUT</translation>
    </message>
    <message>
        <source>With --screenshot, render only panel NAME: %1.</source>
        <translation>配合 --screenshot，只渲染面板 NAME：%1。</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>NAME</translation>
    </message>
    <message>
        <source>LANG</source>
        <translation>LANG</translation>
    </message>
    <message>
        <source>Start with the dark palette.</source>
        <translation>以深色配色启动。</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>WxH</translation>
    </message>
    <message>
        <source>headroom: unknown panel &quot;%1&quot;; allowed: %2</source>
        <translation>headroom：未知面板 &quot;%1&quot;；允许：%2</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>Headroom</translation>
    </message>
    <message>
        <source>headroom: %1</source>
        <translation>headroom：%1</translation>
    </message>
    <message>
        <source>headroom: cannot write the screenshot to %1</source>
        <translation>headroom：无法将截图写入 %1</translation>
    </message>
    <message>
        <source>With --screenshot, the window size WxH in pixels (default 1920x1080).</source>
        <translation>配合 --screenshot 使用的窗口尺寸 WxH，单位为像素（默认 1920x1080）。</translation>
    </message>
    <message>
        <source>headroom: --size must be WIDTHxHEIGHT between 640x480 and 8000x8000, e.g. 1920x1080</source>
        <translation>headroom：--size 必须为 WIDTHxHEIGHT，介于 640x480 与 8000x8000 之间，例如 1920x1080</translation>
    </message>
    <message>
        <source>Import the model of a Hugging Face config.json, or of a folder holding one and its .safetensors files.</source>
        <translation>从 Hugging Face config.json，或包含它及其 .safetensors 文件的文件夹导入模型。</translation>
    </message>
    <message>
        <source>PATH</source>
        <translation>PATH</translation>
    </message>
    <message>
        <source>Build the window offscreen at --size on a set of scenarios and list every text that is clipped or overlaps another; exit 1 if there is any.</source>
        <translation>按 --size 在离屏状态下用一组场景构建窗口，列出所有被截断或与其他文本重叠的文本；若有则以状态码 1 退出。</translation>
    </message>
    <message>
        <source>Headroom cannot load its catalogue of models and GPUs.

%1

Set HEADROOM_DATA_DIR to the folder holding models/ and gpus.json.</source>
        <translation>Headroom 无法加载模型与 GPU 清单。

%1

请将 HEADROOM_DATA_DIR 设为包含 models/ 和 gpus.json 的文件夹。</translation>
    </message>
    <message numerus="yes">
        <source>headroom: %n layout problem(s) at %1x%2</source>
        <translation>
            <numerusform>headroom：%1x%2 下有 %n 处布局问题</numerusform>
        </translation>
    </message>
    <message>
        <source>headroom: %1 See headroom --help for the options.</source>
        <translation>headroom：%1 选项说明见 headroom --help。</translation>
    </message>
    <message>
        <source>headroom: unexpected argument %1; the window takes options only (open a file with --scenario FILE)</source>
        <translation>headroom：多余的参数 %1；窗口只接受选项（用 --scenario FILE 打开文件）</translation>
    </message>
    <message>
        <source>headroom: --lang: unknown language &quot;%1&quot;; available: %2</source>
        <translation>headroom：--lang：未知语言 &quot;%1&quot;；可用：%2</translation>
    </message>
    <message>
        <source>Show the window in LANG (%1; default: as chosen in View › Language, else the system locale&apos;s).</source>
        <translation>以 LANG 语言显示窗口（%1；默认使用“视图 › 语言”中的选择，未选择时跟随系统区域设置）。</translation>
    </message>
    <message>
        <source>Show a check script&apos;s measurement FILE (headroom-cli check-script) beside the estimate.</source>
        <translation>把检查脚本的测量结果 FILE（headroom-cli check-script）与估算并列显示。</translation>
    </message>
    <message>
        <source>Import a DeepSpeed config JSON into the plan.</source>
        <translation>将 DeepSpeed 配置 JSON 导入计划。</translation>
    </message>
    <message>
        <source>Import an Accelerate config YAML into the plan.</source>
        <translation>将 Accelerate 配置 YAML 导入计划。</translation>
    </message>
    <message>
        <source>Import a torchtune recipe YAML into the plan.</source>
        <translation>将 torchtune 配方 YAML 导入计划。</translation>
    </message>
    <message>
        <source>Import an axolotl config YAML into the plan.</source>
        <translation>将 axolotl 配置 YAML 导入计划。</translation>
    </message>
    <message>
        <source>Import a LLaMA-Factory training YAML into the plan.</source>
        <translation>将 LLaMA-Factory 训练 YAML 导入计划。</translation>
    </message>
    <message>
        <source>Import a TRL trainer config YAML into the plan.</source>
        <translation>将 TRL 训练器配置 YAML 导入计划。</translation>
    </message>
    <message>
        <source>Import a torchtitan training TOML into the plan.</source>
        <translation>将 torchtitan 训练 TOML 导入计划。</translation>
    </message>
</context>
<context>
    <name>HfImport</name>
    <message>
        <source>model_type &quot;%1&quot; read as %2</source>
        <translation>model_type &quot;%1&quot; 按 %2 读取</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a regular file</source>
        <translation>%1 不是普通文件</translation>
    </message>
    <message>
        <source>%1: too short for a safetensors header (under 8 bytes)</source>
        <translation>%1：文件太短，容不下 safetensors 文件头（不到 8 字节）</translation>
    </message>
    <message>
        <source>%1: the safetensors header claims %2 bytes, more than the 100 MB allowed</source>
        <translation>%1：safetensors 文件头声明 %2 字节，超过允许的 100 MB</translation>
    </message>
    <message>
        <source>%1: the safetensors header claims %2 bytes, more than the file holds</source>
        <translation>%1：safetensors 文件头声明 %2 字节，超出文件实际大小</translation>
    </message>
    <message>
        <source>%1: the header is not a JSON object</source>
        <translation>%1：文件头不是 JSON 对象</translation>
    </message>
    <message>
        <source>%1: tensor &quot;%2&quot; lacks a dtype, a shape of whole numbers or two data offsets</source>
        <translation>%1：张量 &quot;%2&quot; 缺少 dtype、整数形状或两个数据偏移</translation>
    </message>
    <message>
        <source>%1: tensor &quot;%2&quot; has data offsets outside the file</source>
        <translation>%1：张量 &quot;%2&quot; 的数据偏移超出文件范围</translation>
    </message>
    <message>
        <source>%1: entry &quot;%2&quot; is not a shard file name</source>
        <translation>%1：条目 &quot;%2&quot; 不是分片文件名</translation>
    </message>
    <message>
        <source>%1 names shard &quot;%2&quot;, which is not in the folder</source>
        <translation>%1 引用的分片 &quot;%2&quot; 不在该文件夹中</translation>
    </message>
    <message>
        <source>%1 names more than %2 shards</source>
        <translation>%1 引用的分片超过 %2 个</translation>
    </message>
    <message>
        <source>%1 is not a regular file: refused without reading it</source>
        <translation>%1 不是普通文件：拒绝读取</translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes: refused without reading it</source>
        <translation>%1 大于 %2 字节：拒绝读取</translation>
    </message>
    <message>
        <source>%1 holds no config.json</source>
        <translation>%1 中没有 config.json</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2</source>
        <translation>%1 不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>%1 holds %2 at its top level; a config.json is a JSON object</source>
        <translation>%1 的顶层是 %2；config.json 应为 JSON 对象</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is missing; expected %3</source>
        <translation>%1：缺少 &quot;%2&quot;；应为 %3</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is %3; expected %4</source>
        <translation>%1：&quot;%2&quot; 为 %3；应为 %4</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is %3, out of range; allowed: %4</source>
        <translation>%1：&quot;%2&quot; 为 %3，超出范围；允许：%4</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; (%3) must divide &quot;%4&quot; exactly</source>
        <translation>%1：&quot;%2&quot;（%3）必须能整除 &quot;%4&quot;</translation>
    </message>
    <message>
        <source>%1: model_type %2 is not supported; supported: %3 (a config with the usual fields under another name can be read as one of them)</source>
        <translation>%1：不支持 model_type %2；支持：%3（字段常规但名称不同的配置文件可按其中之一读取）</translation>
    </message>
    <message>
        <source>unknown model_type to read the config as: &quot;%1&quot;; allowed: %2</source>
        <translation>用于读取配置文件的 model_type 未知：&quot;%1&quot;；允许：%2</translation>
    </message>
    <message>
        <source>%1 (model_type %2, %3 block): %4 parameters from the architecture</source>
        <translation>%1（model_type %2，%3 架构）：按架构推算 %4 个参数</translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation>，每 token 激活 %1</translation>
    </message>
    <message numerus="yes">
        <source>checkpoint: %1 parameters stored as %2 in %n file(s)</source>
        <translation>
            <numerusform>权重文件：%1 个参数，以 %2 存储于 %n 个文件</numerusform>
        </translation>
    </message>
    <message>
        <source> (and %1 buffer values, not parameters)</source>
        <translation> （另有 %1 个缓冲区值，不属于参数）</translation>
    </message>
    <message>
        <source>warning: not modelled, and memory depends on them: %1</source>
        <translation>警告：以下字段未建模，但显存与之相关：%1</translation>
    </message>
    <message>
        <source>ignored (the model uses them; its training memory does not depend on them): %1</source>
        <translation>已忽略（模型会用到，但训练显存与之无关）：%1</translation>
    </message>
    <message>
        <source>unrecognized fields, their effect unknown: %1</source>
        <translation>无法识别的字段，影响未知：%1</translation>
    </message>
    <message>
        <source>metadata: %1</source>
        <translation>元数据：%1</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>%1: tensor &quot;%2&quot; needs %3 bytes for its shape and dtype, but its data offsets span %4</source>
        <extracomment>%3 bytes the shape and dtype need, %4 bytes the data offsets span</extracomment>
        <translation>%1：张量“%2”的形状和数据类型需要 %3 字节，但其数据偏移量跨越 %4 字节</translation>
    </message>
    <message>
        <source>%1: tensor &quot;%2&quot; has the dtype &quot;%3&quot;, which safetensors does not define</source>
        <translation>%1：张量“%2”的数据类型为“%3”，safetensors 未定义该类型</translation>
    </message>
    <message>
        <source>%1: shard &quot;%2&quot; is a file already read under another name (a link)</source>
        <translation>%1：分片“%2”是已以另一个名称读取过的文件（链接）</translation>
    </message>
    <message>
        <source>%1: the checkpoint&apos;s headers together exceed %2 bytes; refused</source>
        <translation>%1：检查点的文件头合计超过 %2 字节；已拒绝</translation>
    </message>
    <message>
        <source>reading %1 was cancelled</source>
        <translation>已取消读取 %1</translation>
    </message>
    <message>
        <source>the checkpoint&apos;s count from model.safetensors.index.json without its shards: %1 bytes in %2, parameters and buffers together</source>
        <translation>权重文件的参数量取自 model.safetensors.index.json（缺少其分片文件）：以 %2 存储共 %1 字节，参数与缓冲区合计</translation>
    </message>
    <message>
        <source>%1: no shard is in the folder, and the config&apos;s torch_dtype (%2) does not say how many bytes its metadata.total_size holds per element; download the shards, or give the config alone</source>
        <translation>%1：文件夹中没有分片文件，且配置中的 torch_dtype（%2）无法说明 metadata.total_size 中每个元素占多少字节；请下载分片文件，或只给出配置文件</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>未给出</translation>
    </message>
    <message>
        <source>%1: a score head (H → 1) in place of the LM head</source>
        <translation>%1：以打分头（H → 1）代替语言模型头</translation>
    </message>
    <message>
        <source>quantization_config: a %1 base in groups of %2 weights, the frozen base&apos;s format under --lora qlora</source>
        <translation>quantization_config：%1 基座，每组 %2 个权重，即 --lora qlora 下冻结基座的格式</translation>
    </message>
    <message>
        <source>quantization_config: a %1 base, the frozen base&apos;s format under --lora qlora</source>
        <translation>quantization_config：%1 基座，即 --lora qlora 下冻结基座的格式</translation>
    </message>
    <message>
        <source>Mamba-2 state-space layers</source>
        <translation>Mamba-2 状态空间层</translation>
    </message>
    <message>
        <source>Mamba state-space layers</source>
        <translation>Mamba 状态空间层</translation>
    </message>
    <message>
        <source>Mamba-2 state-space heads</source>
        <translation>Mamba-2 状态空间头</translation>
    </message>
    <message>
        <source>lightning linear attention</source>
        <translation>闪电线性注意力层</translation>
    </message>
    <message>
        <source>cross-attention to image features</source>
        <translation>对图像特征的交叉注意力层</translation>
    </message>
    <message>
        <source>quantization_config: MXFP4 experts, estimated dequantized to the training dtype as transformers loads them for training (Mxfp4Config(dequantize=True))</source>
        <translation>quantization_config：专家以 MXFP4 存储；按 transformers 为训练加载时的做法（Mxfp4Config(dequantize=True)）反量化为训练数据类型来估算</translation>
    </message>
    <message>
        <source>vision_config: the estimate is the language model&apos;s; the vision tower&apos;s parameters and its activations for images are not in it</source>
        <translation>vision_config：估算只含语言模型；视觉塔的参数及其处理图像的激活不在其中</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; (%3) gives the model a structure that %4 does not have; the config (model_type %5) contradicts --hf-family %4 and is refused rather than read wrong</source>
        <extracomment>%2 the key, %3 its value, %4 the family asked for, %5 the config&apos;s own model_type</extracomment>
        <translation>%1：&quot;%2&quot;（%3）赋予模型一种 %4 所没有的结构；该配置文件（model_type %5）与 --hf-family %4 矛盾，因此拒绝读取，而不是读错</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; says the model (%4) has %3, beside or instead of self-attention; Headroom does not model such layers yet and refuses the config rather than estimate it as a transformer</source>
        <extracomment>%3 what the layers are, e.g. &quot;Mamba-2 state-space layers&quot;</extracomment>
        <translation>%1：&quot;%2&quot; 表明该模型（%4）含有%3，与自注意力并存或取而代之；Headroom 尚未对这类层建模，因此拒绝该配置文件，而不是把它当作普通 Transformer 估算</translation>
    </message>
    <message>
        <source>%1 of %2 layers carry experts (%3); Headroom places the dense ones first, which changes only how pipeline stages split the layers</source>
        <translation>%2 层中有 %1 层带专家（%3）；Headroom 把稠密层排在前面，这只影响流水线各阶段如何划分这些层</translation>
    </message>
    <message>
        <source>every decoder_sparse_step-th one, not those in mlp_only_layers</source>
        <translation>每隔 decoder_sparse_step 层一层，mlp_only_layers 中列出的除外</translation>
    </message>
    <message>
        <source>every interleave_moe_layer_step-th one, or those in moe_layers</source>
        <translation>每隔 interleave_moe_layer_step 层一层，或 moe_layers 中列出的层</translation>
    </message>
    <message>
        <source>counted as the encoder with its pooler (the published total); the masked-LM head is model.encoder-head mlm</source>
        <translation>按带 pooler 的编码器计数（即公布的总参数量）；掩码语言模型输出头对应 model.encoder-head mlm</translation>
    </message>
    <message>
        <source>ALiBi: transformers&apos; BLOOM attention computes its scores eagerly (no SDPA or flash kernel); choose the eager attention for its activations</source>
        <translation>ALiBi：transformers 的 BLOOM 注意力以朴素方式计算注意力分数（没有 SDPA 或 flash 内核）；估算其激活时请选择朴素（eager）注意力</translation>
    </message>
    <message>
        <source>ALiBi: transformers&apos; MPT attention computes its scores eagerly (no SDPA or flash kernel); choose the eager attention for its activations</source>
        <translation>ALiBi：transformers 的 MPT 注意力以朴素方式计算注意力分数（没有 SDPA 或 flash 内核）；估算其激活时请选择朴素（eager）注意力</translation>
    </message>
    <message>
        <source>vision_config: a %1 vision tower of %2 parameters and a projector of %3, in the estimate: frozen unless --vision-tower trained; --images N --image-size WxH adds what it runs on</source>
        <translation>vision_config：%1 视觉塔 %2 个参数、投影器 %3 个参数，已计入估算：默认冻结，除非 --vision-tower trained；--images N --image-size WxH 计入它处理的图像</translation>
    </message>
    <message>
        <source>text_config leaves out what LlamaConfig defaults to: %1</source>
        <translation>text_config 省略了 LlamaConfig 的默认值：%1</translation>
    </message>
    <message>
        <source>vision tower (%1) and its projector: %2 parameters, in the estimate</source>
        <translation>视觉塔（%1）及其投影器：%2 个参数，已计入估算</translation>
    </message>
    <message>
        <source>%1 of %2 layers are Gated DeltaNet linear attention, the others gated full attention; estimated for fla&apos;s and causal-conv1d&apos;s kernels (without them transformers runs a PyTorch fallback that saves far more)</source>
        <translation>%2 层中有 %1 层为门控 DeltaNet 线性注意力，其余为门控全注意力；按 fla 与 causal-conv1d 的内核估算（未安装时 transformers 改用 PyTorch 回退实现，保存的张量多得多）</translation>
    </message>
    <message>
        <source>%1 of %2 layers are Mamba-2, the others attention; estimated for mamba_ssm&apos;s and causal-conv1d&apos;s kernels (without them transformers runs a PyTorch fallback that saves far more)</source>
        <translation>%2 层中有 %1 层为 Mamba-2，其余为注意力；按 mamba_ssm 与 causal-conv1d 的内核估算（未安装时 transformers 改用 PyTorch 回退实现，保存的张量多得多）</translation>
    </message>
    <message>
        <source>short convolutions beside mixture-of-experts layers</source>
        <translation>与混合专家层并存的短卷积层</translation>
    </message>
    <message>
        <source>%1 of %2 layers are gated short convolutions, the others attention; estimated for causal-conv1d&apos;s kernel (without it transformers&apos; fallback keeps K - 1 more positions of one tensor in each of those layers)</source>
        <translation>%2 层中有 %1 层为门控短卷积，其余为注意力；按 causal-conv1d 的内核估算（没有该内核时，transformers 的回退实现会在这些层中各多保留一个张量的 K - 1 个位置）</translation>
    </message>
</context>
<context>
    <name>Issue</name>
    <message>
        <source>FSDP shards gradients together with parameters: NO_SHARD is --zero 0, SHARD_GRAD_OP --zero 2, FULL_SHARD --zero 3</source>
        <translation>FSDP 把梯度和参数一起切分：NO_SHARD 对应 --zero 0，SHARD_GRAD_OP 对应 --zero 2，FULL_SHARD 对应 --zero 3</translation>
    </message>
    <message>
        <source>the textbook formula has no loss to chunk or fuse; use the itemized model (--activations transformer)</source>
        <translation>教科书公式不含损失，无从分块或融合；请使用逐项模型（--activations transformer）</translation>
    </message>
    <message>
        <source>compiling removes saved tensors the textbook formula does not list; use the itemized model</source>
        <translation>编译会去掉一些保存张量，而这些张量不在教科书公式的列表中；请使用逐项模型</translation>
    </message>
    <message>
        <source>offloading moves the itemized model&apos;s saved tensors; use the itemized model</source>
        <translation>卸载移动的是逐项模型中的保存张量；请使用逐项模型</translation>
    </message>
    <message>
        <source>the optimizer steps while backward produces each gradient, so gradients cannot be accumulated (torchtune refuses the combination)</source>
        <translation>优化器在反向产生每个梯度时就立即更新，因此无法累积梯度（torchtune 也拒绝这种组合）</translation>
    </message>
    <message>
        <source>optimizer-in-backward is a single-GPU feature of torchtune&apos;s recipes, without ZeRO</source>
        <translation>反向中更新优化器是 torchtune recipe 的单卡功能，不支持 ZeRO</translation>
    </message>
    <message>
        <source>paged optimizer states live in CUDA managed memory; ZeRO offload moves states another way</source>
        <translation>分页优化器状态位于 CUDA 托管内存；ZeRO 卸载以另一种方式移动状态</translation>
    </message>
    <message>
        <source>bitsandbytes pages the states of its Adam, AdamW and Lion optimizers only</source>
        <translation>bitsandbytes 只对其 Adam、AdamW 和 Lion 优化器的状态分页</translation>
    </message>
    <message>
        <source>Megatron shards optimizer states with its distributed optimizer (--distributed-optimizer), not ZeRO</source>
        <translation>Megatron 用其分布式优化器（--distributed-optimizer）切分优化器状态，而不是 ZeRO</translation>
    </message>
    <message>
        <source>the distributed optimizer is Megatron&apos;s (--stack megatron); elsewhere use ZeRO stage 1</source>
        <translation>分布式优化器是 Megatron 的功能（--stack megatron）；其他框架请用 ZeRO 阶段 1</translation>
    </message>
    <message>
        <source>interleaving splits pipeline stages into chunks, so it needs at least 2 stages (--pp)</source>
        <translation>交错调度把流水线阶段拆成多个块，因此至少需要 2 个阶段（--pp）</translation>
    </message>
    <message>
        <source>the layers must split evenly into p × v model chunks</source>
        <translation>层数必须能均分为 p × v 个模型块</translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: 0 (dropless) to %3</source>
        <translation>%1：%2 超出范围；允许：0（无丢弃）到 %3</translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: 0 to just below 1</source>
        <translation>%1：%2 超出范围；允许：0 到略小于 1</translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: %3 to %4</source>
        <translation>%1：%2 超出范围；允许：%3 到 %4</translation>
    </message>
    <message>
        <source>%1: %2 must divide %3 (%4) exactly</source>
        <translation>%1：%2 必须能整除 %3（%4）</translation>
    </message>
    <message>
        <source>%1 is required</source>
        <translation>%1 为必填项</translation>
    </message>
    <message>
        <source>%1 needs %2 %3 (it is %4)</source>
        <translation>%1 要求 %2 为 %3（当前为 %4）</translation>
    </message>
    <message>
        <source>%1 needs %2 between %3 and %4 (it is %5)</source>
        <translation>%1 要求 %2 介于 %3 和 %4 之间（当前为 %5）</translation>
    </message>
    <message>
        <source>%1 does not go with this %2: %3</source>
        <extracomment>%1 the field, %2 the other field, %3 why they do not go together</extracomment>
        <translation>%1 与当前的 %2 不兼容：%3</translation>
    </message>
    <message>
        <source>%1: %2 must be a multiple of %3 × %4 (%5 × %6 = %7)</source>
        <extracomment>%1 --gpus, %2 its value, %3 --tp, %4 --pp, %5 t, %6 p, %7 t × p</extracomment>
        <translation>%1：%2 必须是 %3 × %4 的倍数（%5 × %6 = %7）</translation>
    </message>
    <message>
        <source>a colocated vLLM reserves this share of the chosen GPU: choose a GPU (--gpu)</source>
        <translation>同卡部署的 vLLM 会预留所选 GPU 的这一份额：请选择 GPU（--gpu）</translation>
    </message>
    <message>
        <source>distillation compares the teacher&apos;s and the student&apos;s distributions over one vocabulary: choose a teacher (--teacher) with the student&apos;s vocabulary</source>
        <translation>蒸馏在同一词表上比较教师模型与学生模型的分布：请选择与学生模型词表相同的教师模型（--teacher）</translation>
    </message>
    <message>
        <source>a 16-bit master copy is kept in the weights&apos; own dtype under a master recipe: bf16 with --recipe bf16-master, fp16 with --recipe fp16-master; otherwise give fp32</source>
        <translation>16 位主副本只在带主副本的方案下、以权重自身的数据类型保存：bf16 配 --recipe bf16-master，fp16 配 --recipe fp16-master；其他情况请给 fp32</translation>
    </message>
    <message>
        <source>DeepSpeed keeps 16-bit master weights only under ZeRO stage 1, 2 or 3 (it asserts so)</source>
        <translation>DeepSpeed 只在 ZeRO 第 1、2、3 阶段保存 16 位主权重（会断言检查）</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s 16-bit master weights with FP32 optimizer states need ZeRO-Offload with its CPU Adam (--offload optimizer); on the GPU give --optimizer-dtype weight (bf16_optimizer_states)</source>
        <translation>DeepSpeed 的 16 位主权重配 FP32 优化器状态时，需要 ZeRO-Offload 及其 CPU Adam（--offload optimizer）；留在 GPU 上时请给 --optimizer-dtype weight（bf16_optimizer_states）</translation>
    </message>
    <message>
        <source>a group size applies to GPTQ, AWQ and HQQ bases (--qlora-base gptq, awq or hqq)</source>
        <translation>分组大小只适用于 GPTQ、AWQ 和 HQQ 底座（--qlora-base gptq、awq 或 hqq）</translation>
    </message>
    <message>
        <source>Adam-mini partitions the model&apos;s own tensors by their names; its blocks for LoRA adapters are not modelled (train the whole model, or choose another optimizer)</source>
        <translation>Adam-mini 按名称划分模型自身的张量；它对 LoRA 适配器的分块方式尚未建模（请训练整个模型，或换用其他优化器）</translation>
    </message>
    <message>
        <source>FP8 training casts the linears&apos; 16-bit inputs and weights; choose a BF16 or FP16 recipe</source>
        <translation>FP8 训练转换的是线性层的 16 位输入和权重；请选择 BF16 或 FP16 精度方案</translation>
    </message>
    <message>
        <source>FP8 linears under LoRA adapters are not modelled; train the whole model or turn FP8 off</source>
        <translation>尚未建模带 LoRA 适配器的 FP8 线性层；请训练整个模型或关闭 FP8</translation>
    </message>
    <message>
        <source>FP8 training of routed experts (grouped GEMMs) is not modelled; FP8 applies to dense models here</source>
        <translation>尚未建模路由专家（分组 GEMM）的 FP8 训练；这里的 FP8 只适用于稠密模型</translation>
    </message>
    <message>
        <source>FP8 changes what the linears save, which the textbook formula does not list; use the itemized model</source>
        <translation>FP8 改变了线性层保存的张量，而教科书公式不列出这些张量；请使用逐项模型</translation>
    </message>
    <message>
        <source>torchao gathers FP8 weights only with tensorwise scaling (--fp8 tensorwise)</source>
        <translation>torchao 只在按张量缩放时以 FP8 收集权重（--fp8 tensorwise）</translation>
    </message>
    <message>
        <source>the FP8 all-gather is FSDP2&apos;s: use --stack fsdp2 or torchtune with --zero 3</source>
        <translation>FP8 all-gather 属于 FSDP2：请使用 --stack fsdp2 或 torchtune，并设 --zero 3</translation>
    </message>
    <message>
        <source>DoRA trains a magnitude beside each LoRA adapter: choose --lora lora or qlora</source>
        <translation>DoRA 在每个 LoRA 适配器旁训练一个幅值向量：请选择 --lora lora 或 qlora</translation>
    </message>
    <message>
        <source>DoRA is modelled from PEFT&apos;s implementation; torchtune&apos;s and litgpt&apos;s are not: choose the hf-trainer, fsdp, fsdp2 or deepspeed stack, or turn DoRA off</source>
        <translation>DoRA 依据 PEFT 的实现建模，torchtune 与 litgpt 的实现未建模：请选择 hf-trainer、fsdp、fsdp2 或 deepspeed 技术栈，或关闭 DoRA</translation>
    </message>
    <message>
        <source>older bitsandbytes kept the input of its 4-bit matmul: it applies to bitsandbytes&apos; NF4 QLoRA base (--lora qlora, --qlora-base nf4 or nf4-dq; torchtune quantizes with torchao)</source>
        <translation>旧版 bitsandbytes 会保留其 4 位矩阵乘法的输入：仅适用于 bitsandbytes 的 NF4 QLoRA 基座（--lora qlora，--qlora-base nf4 或 nf4-dq；torchtune 用 torchao 量化）</translation>
    </message>
    <message>
        <source>GaLore and APOLLO project the gradients of the model&apos;s own 2-D weights; with LoRA adapters choose another optimizer, or train the whole model</source>
        <translation>GaLore 和 APOLLO 投影的是模型自身二维权重的梯度；使用 LoRA 适配器时请选择其他优化器，或训练整个模型</translation>
    </message>
    <message>
        <source>GaLore and APOLLO step each weight&apos;s whole 2-D gradient on one GPU: data parallelism only (--zero 0, no tensor, pipeline or expert parallelism, no distributed optimizer)</source>
        <translation>GaLore 和 APOLLO 在一张 GPU 上用每个权重完整的二维梯度做更新：只支持数据并行（--zero 0，不用张量、流水线或专家并行，不用分布式优化器）</translation>
    </message>
    <message>
        <source>torchao&apos;s CPU-offloaded optimizer is for single-GPU training (one GPU, --zero 0, no model parallelism); with ZeRO use --offload optimizer</source>
        <translation>torchao 的 CPU 卸载优化器只用于单卡训练（一张 GPU，--zero 0，不用模型并行）；使用 ZeRO 时请用 --offload optimizer</translation>
    </message>
    <message>
        <source>torchao&apos;s CPU-offloaded optimizer steps a host copy of the model&apos;s own parameters, with no master copy: choose --recipe bf16-pure, fp16-pure, an AMP recipe or fp32</source>
        <translation>torchao 的 CPU 卸载优化器更新的是模型自身参数在主机上的副本，没有主权重：请选择 --recipe bf16-pure、fp16-pure、某个 AMP 方案或 fp32</translation>
    </message>
    <message>
        <source>offloading the gradients frees each one once it is copied, so they cannot accumulate (torchao says so): use --optimizer-offload cpu, or --grad-accum 1</source>
        <translation>卸载梯度会在每个梯度复制完后立即释放它，因此无法累积（torchao 如此说明）：请用 --optimizer-offload cpu，或 --grad-accum 1</translation>
    </message>
    <message>
        <source>torchao&apos;s CPU-offloaded optimizer wraps a torch optimizer (adamw, adam, sgd, sgd-momentum) and hooks the gradients itself: no paged states, no step in backward</source>
        <translation>torchao 的 CPU 卸载优化器包装一个 torch 优化器（adamw、adam、sgd、sgd-momentum），并自己挂钩梯度：不能使用分页状态，也不能在反向中更新</translation>
    </message>
    <message>
        <source>trained copies of the embedding and LM head (PEFT&apos;s modules_to_save) sit beside LoRA adapters: choose --lora lora or qlora, or train the whole model</source>
        <translation>嵌入层与 LM 头的训练副本（PEFT 的 modules_to_save）与 LoRA 适配器并存：请选择 --lora lora 或 qlora，或训练整个模型</translation>
    </message>
    <message>
        <source>modules_to_save is PEFT&apos;s; torchtune, litgpt and Megatron have no trained copies: choose the hf-trainer, deepspeed, fsdp, fsdp2 or paper stack, or --lora-trainable none</source>
        <translation>modules_to_save 是 PEFT 的功能；torchtune、litgpt 和 Megatron 没有训练副本：请选择 hf-trainer、deepspeed、fsdp、fsdp2 或 paper 技术栈，或使用 --lora-trainable none</translation>
    </message>
    <message>
        <source>the trained copies are modelled whole on every replica: data parallelism with ZeRO or FSDP only (no tensor, pipeline or expert parallelism)</source>
        <translation>训练副本按每个副本完整存放建模：仅支持配合 ZeRO 或 FSDP 的数据并行（不支持张量、流水线或专家并行）</translation>
    </message>
    <message>
        <source>torchao&apos;s CPU-offloaded optimizer is not modelled for trained copies of the embedding and LM head: use --optimizer-offload none, or --lora-trainable none</source>
        <translation>未对嵌入层与 LM 头的训练副本建模 torchao 的 CPU 卸载优化器：请使用 --optimizer-offload none，或 --lora-trainable none</translation>
    </message>
    <message>
        <source>context parallelism changes what attention saves and exchanges, which the textbook formula does not list; choose the itemized activation model</source>
        <translation>上下文并行改变了注意力保存和交换的张量，教科书公式没有列出这些；请选择逐项激活模型</translation>
    </message>
    <message>
        <source>context parallelism is modelled for decoders with rotary positions, as torchtitan, Megatron and DeepSpeed run it; this model has learned positions or is an encoder</source>
        <translation>上下文并行只对使用旋转位置编码的解码器建模（torchtitan、Megatron 和 DeepSpeed 就是这样运行的）；此模型使用学习到的位置表或是编码器</translation>
    </message>
    <message>
        <source>Ulysses gives each of the c GPUs a share of every GPU&apos;s heads: t × c must divide the query heads, and the KV heads per GPU must divide c or be divisible by it</source>
        <translation>Ulysses 把每张 GPU 的注意力头分给 c 张 GPU：t × c 必须整除查询头数，每张 GPU 的 KV 头数必须整除 c 或能被它整除</translation>
    </message>
    <message>
        <source>%1: %2 is longer than the model&apos;s position table (%3 rows, max_position_embeddings): a model with learned positions cannot run it; allowed: 1 to %3</source>
        <extracomment>%1 --seq, %2 its value, %3 the table&apos;s rows</extracomment>
        <translation>%1：%2 超过了模型的位置表（%3 行，max_position_embeddings）：使用学习位置表的模型无法运行这么长的序列；允许范围：1 到 %3</translation>
    </message>
    <message>
        <source>%1: %2 must be a multiple of %3 × %4 × %5 (%6 × %7 × %8 = %9)</source>
        <extracomment>%1 --gpus, %2 its value, %3 --tp, %4 --pp, %5 --cp, %6 t, %7 p, %8 c, %9 t × p × c</extracomment>
        <translation>%1：%2 必须是 %3 × %4 × %5 的倍数（%6 × %7 × %8 = %9）</translation>
    </message>
    <message>
        <source>%1: %2 must be a multiple of %3 (%4): each GPU takes S / c tokens</source>
        <extracomment>%1 --seq, %2 its value, %3 --cp, %4 c</extracomment>
        <translation>%1：%2 必须是 %3（%4）的倍数：每张 GPU 取 S / c 个 token</translation>
    </message>
    <message>
        <source>%1: %2 must be a multiple of 2 × %3 (%4): each GPU takes a head and a tail chunk of the sequence</source>
        <extracomment>%1 --seq, %2 its value, %3 --cp, %4 2 × c</extracomment>
        <translation>%1：%2 必须是 2 × %3（%4）的倍数：每张 GPU 取序列的一个头部块和一个尾部块</translation>
    </message>
    <message>
        <source>%1 does not go with this scenario: %2</source>
        <extracomment>%1 the field, %2 why its value does not go with the rest of the scenario</extracomment>
        <translation>%1 与此场景不兼容：%2</translation>
    </message>
    <message>
        <source>context parallelism is modelled for supervised training and pre-training (--method sft): one forward of each sequence a step, no rollouts, pairs or side models</source>
        <translation>上下文并行只对监督训练和预训练（--method sft）建模：每步每条序列一次前向，没有采样生成、成对样本或附属模型</translation>
    </message>
    <message>
        <source>which layers are checkpointed is a choice of full recomputation: give --recompute full</source>
        <translation>选择哪些层加检查点属于完全重计算的设置：请给出 --recompute full</translation>
    </message>
    <message>
        <source>checkpoint every N-th layer (torchtitan) or Megatron&apos;s N layers (--recompute-layers), not both</source>
        <translation>隔层加检查点（torchtitan）或 Megatron 的 N 层（--recompute-layers），二者只能选一</translation>
    </message>
    <message>
        <source>the textbook formula has one figure for every layer; choose the itemized activation model</source>
        <translation>教科书公式对每层只有一个数值；请选择逐项激活模型</translation>
    </message>
    <message>
        <source>layer-level checkpointing is modelled for whole-model training, as torchtitan and Megatron run it; under adapters checkpoint every layer (--recompute full)</source>
        <translation>按层的检查点只对全模型训练建模（torchtitan 和 Megatron 就是这样运行的）；使用适配器时请对每层加检查点（--recompute full）</translation>
    </message>
    <message>
        <source>%1: %2 must divide the %3 GPUs that hold the same layers (N / (t × p))</source>
        <extracomment>%1 --shard-group, %2 its value, %3 N / (t × p)</extracomment>
        <translation>%1：%2 必须整除持有相同层的 %3 张 GPU（N / (t × p)）</translation>
    </message>
    <message>
        <source>a split of the layers over pipeline stages needs at least 2 stages (--pp)</source>
        <translation>把各层切分到流水线各级至少需要 2 级（--pp）</translation>
    </message>
    <message>
        <source>list one layer count per pipeline stage, p × v of them under --vpp</source>
        <translation>每个流水线级列出一个层数，使用 --vpp 时共 p × v 个</translation>
    </message>
    <message>
        <source>the stages&apos; layers must add up to the model&apos;s layers</source>
        <translation>各级的层数之和必须等于模型的层数</translation>
    </message>
    <message>
        <source>with the embedding and the output counted as a layer each, some stage would get no layer: use fewer stages or list the layers</source>
        <translation>把嵌入层和输出层各按一层计时，某一级会分不到层：请减少级数或逐级列出层数</translation>
    </message>
    <message>
        <source>the per-operator policy keeps named matmul and attention outputs, which the textbook formula does not list; choose the itemized activation model</source>
        <translation>逐算子策略保留具体的矩阵乘和注意力输出，教科书公式没有列出这些张量；请选择逐项激活值模型</translation>
    </message>
    <message>
        <source>the per-operator policy is modelled for dense blocks with q, k, v, o and a gated MLP (LLaMA, Gemma), as torchtitan runs them; not for experts, latent attention or fused QKV families</source>
        <translation>逐算子策略只对含 q、k、v、o 和门控 MLP 的稠密块（LLaMA、Gemma）建模，与 torchtitan 的用法一致；不适用于专家、潜在注意力或融合 QKV 的架构</translation>
    </message>
    <message>
        <source>the per-operator policy is torchtitan&apos;s, which trains whole models; under adapters checkpoint every layer (--recompute full)</source>
        <translation>逐算子策略来自 torchtitan，它训练整个模型；使用适配器时请对每层做检查点（--recompute full）</translation>
    </message>
    <message>
        <source>FP8&apos;s scaled matmuls and amax reductions change what the per-operator policy saves, which is not modelled; use --recompute full or selective</source>
        <translation>FP8 的缩放矩阵乘和 amax 归约会改变逐算子策略保存的内容，这一点没有建模；请使用完全或选择性重算（--recompute full）</translation>
    </message>
    <message>
        <source>packing changes the attention mask, which the textbook formula does not list; choose the itemized activation model</source>
        <translation>打包会改变注意力掩码，教科书公式没有列出它；请选择逐项激活值模型</translation>
    </message>
    <message>
        <source>packing is modelled for causal language models, not encoders</source>
        <translation>打包只对因果语言模型建模，不适用于编码器</translation>
    </message>
    <message>
        <source>packing is modelled for supervised fine-tuning and pre-training; preference pairs and rollouts are estimated per sequence</source>
        <translation>打包只对监督微调和预训练建模；偏好对和采样按单条序列估算</translation>
    </message>
    <message>
        <source>%1: %2 must divide the %3 GPUs that hold the same experts (N / (t × p × e))</source>
        <extracomment>%1 --expert-shard, %2 its value, %3 the GPUs that hold the same experts</extracomment>
        <translation>%1：%2 必须整除持有相同专家的 %3 张卡（N / (t × p × e)）</translation>
    </message>
    <message>
        <source>images and the vision tower&apos;s training need a multimodal model whose tower Headroom knows: import its config.json (--hf-config) with its vision_config</source>
        <translation>图像与视觉塔训练需要一个 Headroom 已知其视觉塔的多模态模型：导入含 vision_config 的 config.json（--hf-config）</translation>
    </message>
    <message>
        <source>adapters train the language model and leave the vision tower frozen: train the whole model (--lora none) to train the tower, or keep --vision-tower frozen</source>
        <translation>适配器只训练语言模型，视觉塔保持冻结：要训练视觉塔请训练整个模型（--lora none），或保持 --vision-tower frozen</translation>
    </message>
    <message>
        <source>a vision tower&apos;s images over context-parallel GPUs is not modelled: use --cp 1</source>
        <translation>视觉塔图像在上下文并行 GPU 上的切分尚未建模：请使用 --cp 1</translation>
    </message>
    <message>
        <source>%1: %2 images of %3 tokens each need %4 tokens, more than the sequence&apos;s %6 (%5); allowed: 0 to %7, or a longer %5</source>
        <extracomment>%1 --images, %2 its value, %3 tokens per image, %4 the tokens they need, %5 --seq, %6 its value, %7 the most images that fit</extracomment>
        <translation>%1：%2 张图像、每张 %3 个词元，共需 %4 个词元，超过序列的 %6（%5）；允许 0 到 %7，或更长的 %5</translation>
    </message>
    <message>
        <source>a hybrid model&apos;s mixer layers (Gated DeltaNet, Mamba-2) are modelled on data-parallel GPUs with ZeRO or FSDP: use --tp 1 --pp 1 --cp 1</source>
        <translation>混合架构模型的混合层（门控 DeltaNet、Mamba-2）仅按数据并行（配合 ZeRO 或 FSDP）建模：请使用 --tp 1 --pp 1 --cp 1</translation>
    </message>
    <message>
        <source>the textbook formula puts attention in every layer; a hybrid model&apos;s mixer layers need the itemized activation model</source>
        <translation>教科书公式假定每层都有注意力；混合架构模型的混合层需要逐项激活模型</translation>
    </message>
    <message>
        <source>FP8 training of a hybrid model&apos;s mixer projections is not modelled: turn FP8 off</source>
        <translation>尚未对混合架构模型混合层投影的 FP8 训练建模：请关闭 FP8</translation>
    </message>
    <message>
        <source>dense first layers beside experts and mixer layers are not modelled: give --dense-layers 0</source>
        <translation>尚未对专家层与混合层之外另有前若干稠密层的情形建模：请设置 --dense-layers 0</translation>
    </message>
    <message>
        <source>checkpointing chosen by layer position or by operator is not modelled for a hybrid model, whose layers differ: use --recompute full, selective or none</source>
        <translation>混合架构模型各层不同，尚未对按层位置或按算子选择的检查点建模：请使用 --recompute full、selective 或 none</translation>
    </message>
    <message>
        <source>mixer layers are modelled in the LLaMA block (RMSNorm, a gated MLP or experts), as Qwen3-Next, Qwen3.5, Bamba and Granite 4.0-H have them</source>
        <translation>混合层按 LLaMA 块建模（RMSNorm、门控 MLP 或专家），与 Qwen3-Next、Qwen3.5、Bamba 和 Granite 4.0-H 相同</translation>
    </message>
    <message>
        <source>a rollout engine&apos;s cache for a hybrid model (its mixer states) is not modelled: choose a method without generation (sft, dpo, ...)</source>
        <translation>尚未对混合架构模型在推演引擎中的缓存（其混合器状态）建模：请选择不含生成的方法（sft、dpo 等）</translation>
    </message>
    <message>
        <source>Mamba-2&apos;s fused training kernel multiplies by out_proj&apos;s weight itself, which a quantized base stores as packed codes: use --lora lora (a 16-bit base)</source>
        <translation>Mamba-2 的融合训练内核直接乘以 out_proj 的权重，而量化基座把该权重存为打包的编码，无法运行：请使用 --lora lora（16 位基座）</translation>
    </message>
    <message>
        <source>Mamba-2&apos;s fused training kernel reads out_proj&apos;s weight without calling the module, so an adapter on out_proj never runs: name the targets without mixer-out (all includes it)</source>
        <translation>Mamba-2 的融合训练内核直接读取 out_proj 的权重而不调用该模块，因此 out_proj 上的适配器永远不会运行：请列出不含 mixer-out 的目标（all 包含它）</translation>
    </message>
    <message>
        <source>this vision tower&apos;s parameters are counted, but what it keeps for backward while it encodes images is not yet measured: estimate without --images (text-only fine-tuning), or count the image tokens in --seq and add the tower&apos;s activations yourself</source>
        <translation>该视觉塔的参数已计入，但它编码图像时为反向传播保留的张量尚未测量：请不带 --images 估算（纯文本微调），或把图像词元计入 --seq 并自行加上视觉塔的激活</translation>
    </message>
    <message>
        <source>Pixtral attends over all of a step&apos;s image patches at once with a block mask, which SDPA keeps for backward in a way not measured here: choose --attention flash (flash_attention_2 needs no mask) or eager</source>
        <translation>Pixtral 用一个分块掩码一次关注一步中所有图像的图块，SDPA 为反向传播保留该掩码的方式此处未经测量：请选择 --attention flash（flash_attention_2 不需要掩码）或 eager</translation>
    </message>
</context>
<context>
    <name>JsonPlace</name>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行第 %2 列</translation>
    </message>
    <message>
        <source>%1 (in %2)</source>
        <translation>%1，%2 处</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <extracomment>Qt&apos;s description of the JSON error, then where it is</extracomment>
        <translation>%1（位于%2）</translation>
    </message>
</context>
<context>
    <name>Labels</name>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>AMP FP16 (autocast)</source>
        <translation>AMP FP16 (autocast)</translation>
    </message>
    <message>
        <source>AMP BF16 (autocast)</source>
        <translation>AMP BF16 (autocast)</translation>
    </message>
    <message>
        <source>FP16 with FP32 master</source>
        <translation>FP16 + FP32 主权重</translation>
    </message>
    <message>
        <source>BF16 with FP32 master</source>
        <translation>BF16 + FP32 主权重</translation>
    </message>
    <message>
        <source>Pure FP16 (no master)</source>
        <translation>纯 FP16（无主权重）</translation>
    </message>
    <message>
        <source>Pure BF16 (no master)</source>
        <translation>纯 BF16（无主权重）</translation>
    </message>
    <message>
        <source>Weights, gradients and activations in FP32.</source>
        <translation>权重、梯度和激活值均为 FP32。</translation>
    </message>
    <message>
        <source>torch.autocast over FP32 weights: weights and gradients stay FP32, matmul activations are half precision. The fixed cost is not halved.</source>
        <translation>在 FP32 权重上使用 torch.autocast：权重和梯度仍为 FP32，矩阵乘法的激活值为半精度。固定开销并未减半。</translation>
    </message>
    <message>
        <source>model.half() plus an FP32 master copy for the optimizer (DeepSpeed, Megatron): 2 + 2 + 4 bytes per parameter before the optimizer states.</source>
        <translation>model.half() 加一份供优化器使用的 FP32 主副本（DeepSpeed、Megatron）：不算优化器状态，每参数 2 + 2 + 4 字节。</translation>
    </message>
    <message>
        <source>Half-precision weights and gradients without a master copy: small updates are lost.</source>
        <translation>半精度权重和梯度，没有主副本：细小的更新会丢失。</translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation>AdamW</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>SGD（带动量）</translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation>8-bit Adam</translation>
    </message>
    <message>
        <source>Lion</source>
        <translation>Lion</translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation>Adafactor</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>Every layer keeps everything it saves for backward.</source>
        <translation>每层保留为反向保存的全部张量。</translation>
    </message>
    <message>
        <source>Activation checkpointing: only each layer&apos;s input is kept; one layer is recomputed at a time in backward (about 20-30% slower).</source>
        <translation>激活检查点：只保留每层的输入；反向时每次重计算一层（约慢 20-30%）。</translation>
    </message>
    <message>
        <source>Only the attention core (scores, softmax, dropout) is recomputed (Korthikanti et al. 2022).</source>
        <translation>只重计算注意力核心部分（分数、softmax、dropout）（Korthikanti et al. 2022）。</translation>
    </message>
    <message>
        <source>Off (stage 0)</source>
        <translation>关闭（阶段 0）</translation>
    </message>
    <message>
        <source>Stage 1: optimizer states sharded</source>
        <translation>阶段 1：优化器状态切分</translation>
    </message>
    <message>
        <source>Stage 2: + gradients sharded</source>
        <translation>阶段 2：+ 梯度切分</translation>
    </message>
    <message>
        <source>Stage 3: + parameters sharded</source>
        <translation>阶段 3：+ 参数切分</translation>
    </message>
    <message>
        <source>Optimizer states to CPU</source>
        <translation>优化器状态卸载到 CPU</translation>
    </message>
    <message>
        <source>Optimizer states and parameters to CPU</source>
        <translation>优化器状态和参数卸载到 CPU</translation>
    </message>
    <message>
        <source>Full fine-tuning</source>
        <translation>全参数微调</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA (4-bit base)</source>
        <translation>QLoRA（4 位基座）</translation>
    </message>
    <message>
        <source>GPT-2 (LayerNorm, GELU MLP)</source>
        <translation>GPT-2 (LayerNorm, GELU MLP)</translation>
    </message>
    <message>
        <source>LLaMA (RMSNorm, SwiGLU, GQA)</source>
        <translation>LLaMA (RMSNorm, SwiGLU, GQA)</translation>
    </message>
    <message>
        <source>Textbook formula</source>
        <translation>教科书公式</translation>
    </message>
    <message>
        <source>Itemized transformer</source>
        <translation>逐项 Transformer</translation>
    </message>
    <message>
        <source>end of forward</source>
        <translation>前向结束</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Max positions</source>
        <translation>最大位置数</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>Allocator reserve</source>
        <translation>分配器预留</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>LoRA targets</source>
        <translation>LoRA 目标模块</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number; allowed: %3 to %4 (e.g. 4096, 7e9 or 7B)</source>
        <translation>%1：&quot;%2&quot; 不是整数；允许：%3 到 %4（如 4096、7e9 或 7B）</translation>
    </message>
    <message>
        <source>AMP keeps FP32 weights and gradients: the fixed cost is the same as FP32; AMP saves activations, not model states.</source>
        <translation>AMP 保留 FP32 权重和梯度：固定开销与 FP32 相同；AMP 省的是激活值，而不是模型状态。</translation>
    </message>
    <message>
        <source>Gradient accumulation enlarges the global batch; it saves no memory.</source>
        <translation>梯度累积只是放大全局批次，并不省显存。</translation>
    </message>
    <message>
        <source>The textbook formula assumes K and V as wide as Q; this model groups its key/value heads.</source>
        <translation>教科书公式假设 K、V 与 Q 同宽；该模型的 key/value 头是分组共享的。</translation>
    </message>
    <message>
        <source>The textbook formula assumes a GPT-style 4H MLP; this model&apos;s MLP differs.</source>
        <translation>教科书公式假设 GPT 式的 4H MLP；该模型的 MLP 与此不同。</translation>
    </message>
    <message>
        <source>The textbook formula leaves out the embedding, the logits and the loss.</source>
        <translation>教科书公式未计入嵌入层、logits 和损失。</translation>
    </message>
    <message>
        <source>The given parameter count differs from the architecture&apos;s by more than 5%.</source>
        <translation>给定的参数量与按架构推算的参数量相差超过 5%。</translation>
    </message>
    <message>
        <source>This GPU has no BF16 tensor cores: use an FP16 recipe with a loss scaler.</source>
        <translation>该 GPU 没有 BF16 Tensor Core：请使用 FP16 精度方案并配合损失缩放。</translation>
    </message>
    <message>
        <source>FP16 gradients underflow below about 6e-8: train with a dynamic loss scaler (GradScaler).</source>
        <translation>FP16 梯度低于约 6e-8 就会下溢：请使用动态损失缩放（GradScaler）训练。</translation>
    </message>
    <message>
        <source>The peak exceeds the GPU&apos;s memory.</source>
        <translation>峰值超出 GPU 显存。</translation>
    </message>
    <message>
        <source>Without an FP32 master copy, updates smaller than half a half-precision ulp are lost.</source>
        <translation>没有 FP32 主副本时，小于半精度 ulp 一半的更新会丢失。</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2</source>
        <translation>%1 不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>Scenario file: &quot;schema&quot; must be %1, found %2</source>
        <translation>场景文件：&quot;schema&quot; 必须为 %1，实际为 %2</translation>
    </message>
    <message>
        <source>Scenario file: unknown key &quot;%1&quot;; allowed: %2</source>
        <translation>场景文件：未知的键 &quot;%1&quot;；允许：%2</translation>
    </message>
    <message>
        <source>%1: expected %2, got %3</source>
        <translation>%1：应为 %2，实际为 %3</translation>
    </message>
    <message>
        <source>%1: unknown value %2; allowed: %3</source>
        <translation>%1：未知的取值 %2；允许：%3</translation>
    </message>
    <message>
        <source>%1 has the wrong layout: %2</source>
        <translation>%1 的结构不正确：%2</translation>
    </message>
    <message>
        <source>%1 has a bad entry: %2</source>
        <translation>%1 中有无效条目：%2</translation>
    </message>
    <message>
        <source>Layer input</source>
        <translation>层输入</translation>
    </message>
    <message>
        <source>QKV, context, MLP and residual tensors</source>
        <translation>QKV、注意力上下文、MLP 和残差张量</translation>
    </message>
    <message>
        <source>Attention scores QKᵀ</source>
        <translation>注意力分数 QKᵀ</translation>
    </message>
    <message>
        <source>Softmax output</source>
        <translation>Softmax 输出</translation>
    </message>
    <message>
        <source>Attention dropout</source>
        <translation>注意力 dropout</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>Reduce bucket</source>
        <translation>归约桶</translation>
    </message>
    <message>
        <source>GPT-NeoX / Pythia (parallel residual)</source>
        <translation>GPT-NeoX / Pythia（并行残差）</translation>
    </message>
    <message>
        <source>Phi-1.5/2 (parallel residual, one norm)</source>
        <translation>Phi-1.5/2（并行残差，单个 norm）</translation>
    </message>
    <message>
        <source>Falcon (parallel residual, multi-query)</source>
        <translation>Falcon（并行残差，多查询注意力）</translation>
    </message>
    <message>
        <source>StarCoder2 (LayerNorm, biases, GELU)</source>
        <translation>StarCoder2（LayerNorm，带偏置，GELU）</translation>
    </message>
    <message>
        <source>Gemma (RMSNorm, gated GELU)</source>
        <translation>Gemma（RMSNorm，门控 GELU）</translation>
    </message>
    <message>
        <source>Gemma-2/3 (four norms, soft-capping)</source>
        <translation>Gemma-2/3（四个 norm，软截断）</translation>
    </message>
    <message>
        <source>BERT / RoBERTa (encoder)</source>
        <translation>BERT / RoBERTa（编码器）</translation>
    </message>
    <message>
        <source>Paper conventions (textbook)</source>
        <translation>论文约定（教科书）</translation>
    </message>
    <message>
        <source>Hugging Face Trainer / PEFT</source>
        <translation>Hugging Face Trainer / PEFT</translation>
    </message>
    <message>
        <source>torchtune</source>
        <translation>torchtune</translation>
    </message>
    <message>
        <source>LitGPT</source>
        <translation>LitGPT</translation>
    </message>
    <message>
        <source>DeepSpeed</source>
        <translation>DeepSpeed</translation>
    </message>
    <message>
        <source>PyTorch FSDP</source>
        <translation>PyTorch FSDP</translation>
    </message>
    <message>
        <source>PyTorch FSDP2</source>
        <translation>PyTorch FSDP2</translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation>Megatron-LM</translation>
    </message>
    <message>
        <source>No framework buffers: the ZeRO paper&apos;s model states and the article&apos;s textbook activation formula, for teaching.</source>
        <translation>不含框架缓冲区：采用 ZeRO 论文的模型状态和文章中的教科书激活值公式，用于教学。</translation>
    </message>
    <message>
        <source>transformers&apos; Trainer with PEFT: SDPA attention, the whole logits upcast to FP32, torch&apos;s foreach AdamW, DeepSpeed&apos;s &quot;auto&quot; buckets.</source>
        <translation>transformers 的 Trainer 加 PEFT：SDPA 注意力，整个 logits 转为 FP32，torch 的 foreach AdamW，DeepSpeed 的 &quot;auto&quot; 桶大小。</translation>
    </message>
    <message>
        <source>torchtune recipes: pure BF16, chunked cross-entropy (8 chunks), fused AdamW, FSDP2 per decoder layer.</source>
        <translation>torchtune recipe：纯 BF16，分块交叉熵（8 块），融合 AdamW，按解码层应用 FSDP2。</translation>
    </message>
    <message>
        <source>LitGPT: chunked cross-entropy in the model&apos;s dtype, FSDP per block on several GPUs.</source>
        <translation>LitGPT：以模型 dtype 计算的分块交叉熵，多卡时按块应用 FSDP。</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s engine with its own defaults: a 5e8-element reduce bucket, ZeRO-3 prefetch and persistence, FusedAdam.</source>
        <translation>DeepSpeed 引擎及其自身默认值：5e8 元素的归约桶、ZeRO-3 预取与常驻参数、FusedAdam。</translation>
    </message>
    <message>
        <source>FSDP1: one unit per decoder layer, two all-gathers in flight, no reduce bucket.</source>
        <translation>FSDP1：每个解码层一个单元，同时进行两个 all-gather，无归约桶。</translation>
    </message>
    <message>
        <source>FSDP2 (fully_shard): per-layer groups, one layer prefetched.</source>
        <translation>FSDP2（fully_shard）：按层分组，预取一层。</translation>
    </message>
    <message>
        <source>Megatron-LM: fused kernels, flash attention, FP32 main gradients, in-place vocabulary-parallel loss.</source>
        <translation>Megatron-LM：融合算子、FlashAttention、FP32 主梯度、原地计算的词表并行损失。</translation>
    </message>
    <message>
        <source>Whole logits in FP32</source>
        <translation>整个 logits 转 FP32</translation>
    </message>
    <message>
        <source>Chunked cross-entropy</source>
        <translation>分块交叉熵</translation>
    </message>
    <message>
        <source>Fused linear cross-entropy</source>
        <translation>融合线性交叉熵</translation>
    </message>
    <message>
        <source>Custom model</source>
        <translation>自定义模型</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>start of the step</source>
        <translation>本步开始</translation>
    </message>
    <message>
        <source>last layer&apos;s forward</source>
        <translation>最后一层的前向</translation>
    </message>
    <message>
        <source>the loss&apos;s forward (logits)</source>
        <translation>损失的前向（logits）</translation>
    </message>
    <message>
        <source>the loss&apos;s backward</source>
        <translation>损失的反向</translation>
    </message>
    <message>
        <source>last layer&apos;s backward</source>
        <translation>最后一层的反向</translation>
    </message>
    <message>
        <source>first layer&apos;s backward</source>
        <translation>第一层的反向</translation>
    </message>
    <message>
        <source>end of backward</source>
        <translation>反向结束</translation>
    </message>
    <message>
        <source>end of the step</source>
        <translation>本步结束</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>Token types</source>
        <translation>token 类型数</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation>每 token 专家数</translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation>专家 FFN 维度</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <source>Shared expert FFN size</source>
        <translation>共享专家 FFN 维度</translation>
    </message>
    <message>
        <source>Dense layers</source>
        <translation>稠密层数</translation>
    </message>
    <message>
        <source>Q latent rank</source>
        <translation>Q 潜在秩</translation>
    </message>
    <message>
        <source>KV latent rank</source>
        <translation>KV 潜在秩</translation>
    </message>
    <message>
        <source>Rotary head dimension</source>
        <translation>RoPE 头维度</translation>
    </message>
    <message>
        <source>Non-rotary head dimension</source>
        <translation>非 RoPE 头维度</translation>
    </message>
    <message>
        <source>Value head dimension</source>
        <translation>值头维度</translation>
    </message>
    <message>
        <source>Rotary fraction</source>
        <translation>RoPE 比例</translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>Training stack</source>
        <translation>训练框架</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Loss chunks</source>
        <translation>损失分块数</translation>
    </message>
    <message>
        <source>Optimizer in backward</source>
        <translation>反向中更新优化器</translation>
    </message>
    <message>
        <source>Activation offload</source>
        <translation>激活值卸载</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
    <message>
        <source>Paged optimizer</source>
        <translation>分页优化器</translation>
    </message>
    <message>
        <source>Max live parameters</source>
        <translation>最大驻留参数量</translation>
    </message>
    <message>
        <source>Prefetch bucket</source>
        <translation>预取桶</translation>
    </message>
    <message>
        <source>Persistence threshold</source>
        <translation>常驻阈值</translation>
    </message>
    <message>
        <source>Distributed optimizer</source>
        <translation>分布式优化器</translation>
    </message>
    <message>
        <source>Virtual pipeline stages</source>
        <translation>虚拟流水线阶段数</translation>
    </message>
    <message>
        <source>LoRA dropout</source>
        <translation>LoRA dropout</translation>
    </message>
    <message>
        <source>Capacity factor</source>
        <translation>容量因子</translation>
    </message>
    <message>
        <source>Activation model</source>
        <translation>激活值模型</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a FIFO, a device or a folder); it was not read.</source>
        <translation>%1 不是普通文件（而是 FIFO、设备或文件夹）；未读取。</translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes, the most a scenario file may have; it was not read.</source>
        <translation>%1 大于场景文件允许的上限 %2 字节；未读取。</translation>
    </message>
    <message>
        <source>%1 holds %2 at its top level; a scenario file is a JSON object.</source>
        <translation>%1 的顶层是 %2；场景文件应为 JSON 对象。</translation>
    </message>
    <message>
        <source>Could not write %1 (%2); the previous file is unchanged.</source>
        <translation>无法写入 %1（%2）；原文件未改动。</translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: %3</source>
        <translation>%1：%2 超出范围；允许：%3</translation>
    </message>
    <message>
        <source>%1 is not a regular file; it was not read.</source>
        <translation>%1 不是普通文件；未读取。</translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes; it was not read.</source>
        <translation>%1 大于 %2 字节；未读取。</translation>
    </message>
    <message>
        <source>DDP</source>
        <extracomment>plain data parallelism (PyTorch DistributedDataParallel)</extracomment>
        <translation>DDP</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source>%1 + offload</source>
        <extracomment>a ZeRO stage with DeepSpeed&apos;s CPU offload, e.g. &quot;ZeRO-3 + offload&quot;</extracomment>
        <translation>%1 + 卸载</translation>
    </message>
    <message>
        <source>Plain data parallelism: every GPU holds all parameters, gradients and optimizer states; more GPUs never make a replica smaller.</source>
        <translation>纯数据并行：每张 GPU 都持有全部参数、梯度和优化器状态；增加 GPU 永远不会让单个副本变小。</translation>
    </message>
    <message>
        <source>ZeRO-1: the optimizer states (and the FP32 master copy) are divided over the data-parallel GPUs.</source>
        <translation>ZeRO-1：优化器状态（及 FP32 主副本）切分到各数据并行 GPU 上。</translation>
    </message>
    <message>
        <source>ZeRO-2 (FSDP SHARD_GRAD_OP): optimizer states and gradients are divided over the GPUs.</source>
        <translation>ZeRO-2（FSDP SHARD_GRAD_OP）：优化器状态和梯度切分到各 GPU 上。</translation>
    </message>
    <message>
        <source>ZeRO-2 with the optimizer states and its step moved to host RAM.</source>
        <translation>ZeRO-2，并把优化器状态及优化器更新移到主机内存。</translation>
    </message>
    <message>
        <source>ZeRO-3 (FSDP FULL_SHARD): parameters, gradients and optimizer states are all divided over the GPUs.</source>
        <translation>ZeRO-3（FSDP FULL_SHARD）：参数、梯度和优化器状态全部切分到各 GPU 上。</translation>
    </message>
    <message>
        <source>ZeRO-3 with the optimizer states and the parameters moved to host RAM.</source>
        <translation>ZeRO-3，并把优化器状态和参数移到主机内存。</translation>
    </message>
    <message>
        <source>AMP FP16</source>
        <translation>AMP FP16</translation>
    </message>
    <message>
        <source>AMP BF16</source>
        <translation>AMP BF16</translation>
    </message>
    <message>
        <source>FP16 + master</source>
        <translation>FP16 + 主权重</translation>
    </message>
    <message>
        <source>BF16 + master</source>
        <translation>BF16 + 主权重</translation>
    </message>
    <message>
        <source>pure FP16</source>
        <translation>纯 FP16</translation>
    </message>
    <message>
        <source>pure BF16</source>
        <translation>纯 BF16</translation>
    </message>
    <message>
        <source>Norms per layer</source>
        <translation>每层归一化数</translation>
    </message>
    <message>
        <source>scoring (a frozen model&apos;s forward)</source>
        <translation>打分（冻结模型的前向）</translation>
    </message>
    <message>
        <source>SFT (supervised)</source>
        <translation>SFT（监督微调）</translation>
    </message>
    <message>
        <source>DPO</source>
        <translation>DPO</translation>
    </message>
    <message>
        <source>IPO</source>
        <translation>IPO</translation>
    </message>
    <message>
        <source>ORPO</source>
        <translation>ORPO</translation>
    </message>
    <message>
        <source>SimPO</source>
        <translation>SimPO</translation>
    </message>
    <message>
        <source>KTO</source>
        <translation>KTO</translation>
    </message>
    <message>
        <source>One model, one forward of B sequences per step.</source>
        <translation>一个模型，每步一次 B 条序列的前向。</translation>
    </message>
    <message>
        <source>Chosen and rejected completions in one forward of 2·B sequences, and a frozen reference model (none with LoRA: its forward runs with the adapters disabled).</source>
        <translation>优选与劣选回答在一次 2·B 条序列的前向中，另有一个冻结的参考模型（用 LoRA 时没有：它的前向在关闭适配器后运行）。</translation>
    </message>
    <message>
        <source>Chosen and rejected completions in one forward of 2·B sequences, without a reference model.</source>
        <translation>优选与劣选回答在一次 2·B 条序列的前向中，无参考模型。</translation>
    </message>
    <message>
        <source>B unpaired examples, a KL batch under no_grad, and a frozen reference model.</source>
        <translation>B 个不成对的样本、一个 no_grad 下的 KL 批次，以及一个冻结的参考模型。</translation>
    </message>
    <message>
        <source>GRPO</source>
        <translation>GRPO</translation>
    </message>
    <message>
        <source>G completions generated for each of B prompts, scored by a frozen reference model, then trained on; the generation&apos;s KV cache or vLLM share as the scenario file sets it.</source>
        <translation>为 B 个提示各生成 G 个补全，由冻结的参考模型打分后用于训练；生成所需的 KV 缓存或 vLLM 份额按场景文件的设置计算。</translation>
    </message>
    <message>
        <source>generating the rollouts</source>
        <translation>生成采样</translation>
    </message>
    <message>
        <source>the rollouts&apos; generation</source>
        <translation>采样的生成</translation>
    </message>
    <message>
        <source>Generations per prompt</source>
        <translation>每个提示的生成数</translation>
    </message>
    <message>
        <source>Prompt length</source>
        <translation>提示长度</translation>
    </message>
    <message>
        <source>Completion length</source>
        <translation>补全长度</translation>
    </message>
    <message>
        <source>Rollout memory fraction</source>
        <translation>采样引擎显存比例</translation>
    </message>
    <message>
        <source>Rollout GPUs</source>
        <translation>采样 GPU 数</translation>
    </message>
    <message>
        <source>Reward model</source>
        <translation>奖励模型</translation>
    </message>
    <message>
        <source>PPO</source>
        <translation>PPO</translation>
    </message>
    <message>
        <source>Distillation (GKD)</source>
        <translation>蒸馏（GKD）</translation>
    </message>
    <message>
        <source>A score head (H → 1) in place of the LM head, trained on chosen and rejected completions of B pairs.</source>
        <translation>以打分头（H → 1）代替语言模型头，在 B 对样本的优选与劣选回答上训练。</translation>
    </message>
    <message>
        <source>One completion generated for each of B prompts, scored by a frozen reference and a frozen reward model; the policy and a value model are trained together, each with its optimizer states.</source>
        <translation>为 B 个提示各生成一个补全，由冻结的参考模型与冻结的奖励模型打分；策略模型与价值模型一同训练，各有其优化器状态。</translation>
    </message>
    <message>
        <source>The policy learns a frozen teacher&apos;s distribution over the vocabulary: the teacher&apos;s weights, its logits and the JSD loss&apos;s tensors over the completion.</source>
        <translation>策略模型学习冻结教师模型在词表上的分布：教师模型的权重、其 logits 以及补全部分上 JSD 损失的张量。</translation>
    </message>
    <message>
        <source>Teacher</source>
        <translation>教师模型</translation>
    </message>
    <message>
        <source>The policy (generate)</source>
        <translation>策略模型自行生成（model.generate()）</translation>
    </message>
    <message>
        <source>vLLM on the training GPUs</source>
        <translation>训练 GPU 上的 vLLM</translation>
    </message>
    <message>
        <source>vLLM server</source>
        <translation>vLLM 服务器</translation>
    </message>
    <message>
        <source>model.generate() with its KV cache; under ZeRO-3 the weights are gathered whole to generate.</source>
        <translation>model.generate() 及其 KV 缓存；ZeRO-3 下为生成而收集完整权重。</translation>
    </message>
    <message>
        <source>vLLM keeps its share of each GPU (gpu_memory_utilization, 0.3 unless the scenario file sets it) for its weights and KV blocks.</source>
        <translation>vLLM 在每块 GPU 上保留其份额（gpu_memory_utilization，场景文件未设置时为 0.3），用于其权重与 KV 块。</translation>
    </message>
    <message>
        <source>Generation on GPUs of its own: nothing on the training GPUs.</source>
        <translation>在其自有 GPU 上生成：训练 GPU 上不占显存。</translation>
    </message>
    <message>
        <source>a frozen model&apos;s forward (scoring)</source>
        <translation>冻结模型的前向（打分）</translation>
    </message>
    <message>
        <source>the value model&apos;s backward</source>
        <translation>价值模型的反向传播</translation>
    </message>
    <message>
        <source>allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>已预留</translation>
    </message>
    <message>
        <source>on the device</source>
        <translation>设备上</translation>
    </message>
    <message>
        <source>What the tensors take at the step&apos;s peak: torch.cuda.max_memory_allocated().</source>
        <translation>一步训练峰值时张量占用的显存：torch.cuda.max_memory_allocated()。</translation>
    </message>
    <message>
        <source>What PyTorch&apos;s caching allocator holds at its peak, the tensors and its cached blocks: torch.cuda.max_memory_reserved().</source>
        <translation>PyTorch 缓存分配器在峰值时持有的显存，包括张量和缓存的块：torch.cuda.max_memory_reserved()。</translation>
    </message>
    <message>
        <source>What the process has on the GPU, reserved and the CUDA context: what nvidia-smi shows, and what runs out.</source>
        <translation>进程在 GPU 上占用的显存，即预留量加 CUDA 上下文：nvidia-smi 显示的数字，也是会耗尽的那个。</translation>
    </message>
    <message>
        <source>Each tensor in its dtype</source>
        <translation>每个张量按其数据类型创建</translation>
    </message>
    <message>
        <source>Built in FP32 on the GPU, then converted</source>
        <translation>先在 GPU 上以 FP32 构建，再转换</translation>
    </message>
    <message>
        <source>Recipe</source>
        <translation>精度方案</translation>
    </message>
    <message>
        <source>Master weights&apos; dtype</source>
        <translation>主权重的数据类型</translation>
    </message>
    <message>
        <source>8-bit AdamW (torchao)</source>
        <translation>8 位 AdamW（torchao）</translation>
    </message>
    <message>
        <source>4-bit AdamW (torchao)</source>
        <translation>4 位 AdamW（torchao）</translation>
    </message>
    <message>
        <source>FP8 AdamW (torchao)</source>
        <translation>FP8 AdamW（torchao）</translation>
    </message>
    <message>
        <source>Quantization group size</source>
        <translation>量化分组大小</translation>
    </message>
    <message>
        <source>Quantized base</source>
        <translation>量化底座</translation>
    </message>
    <message>
        <source>Muon</source>
        <translation>Muon</translation>
    </message>
    <message>
        <source>Adam-mini</source>
        <translation>Adam-mini</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>torchao tensorwise</source>
        <translation>torchao 按张量（tensorwise）</translation>
    </message>
    <message>
        <source>torchao rowwise</source>
        <translation>torchao 按行（rowwise）</translation>
    </message>
    <message>
        <source>torchao MXFP8</source>
        <translation>torchao MXFP8</translation>
    </message>
    <message>
        <source>Transformer Engine, delayed scaling</source>
        <translation>Transformer Engine，延迟缩放</translation>
    </message>
    <message>
        <source>Transformer Engine, blockwise scaling</source>
        <translation>Transformer Engine，分块缩放</translation>
    </message>
    <message>
        <source>The linears compute in the recipe&apos;s dtype.</source>
        <translation>线性层以精度方案的数据类型计算。</translation>
    </message>
    <message>
        <source>torchao casts each linear&apos;s inputs to FP8 for the matmul but saves the BF16 input and weight for backward: memory as in BF16 (measured: within 1 %).</source>
        <translation>torchao 为矩阵乘法把每个线性层的输入转换为 FP8，但为反向传播保存的是 BF16 的输入和权重：显存与 BF16 相同（实测相差不到 1 %）。</translation>
    </message>
    <message>
        <source>Transformer Engine saves each linear&apos;s input as FP8 (half of BF16) but also its FP8 weight and transpose, 2 bytes per parameter: more memory than BF16 for short sequences.</source>
        <translation>Transformer Engine 以 FP8 保存每个线性层的输入（BF16 的一半），但还保存其 FP8 权重和转置，每个参数 2 字节：序列较短时比 BF16 占用更多显存。</translation>
    </message>
    <message>
        <source>FP8 training</source>
        <translation>FP8 训练</translation>
    </message>
    <message>
        <source>FP8 all-gather</source>
        <translation>FP8 all-gather</translation>
    </message>
    <message>
        <source>This GPU has no FP8 tensor cores (they start with Ada Lovelace and Hopper): FP8 training does not run on it.</source>
        <translation>这块 GPU 没有 FP8 张量核心（从 Ada Lovelace 和 Hopper 开始才有）：FP8 训练无法在它上面运行。</translation>
    </message>
    <message>
        <source>DoRA</source>
        <translation>DoRA</translation>
    </message>
    <message>
        <source>Older bitsandbytes</source>
        <translation>旧版 bitsandbytes</translation>
    </message>
    <message>
        <source>GaLore</source>
        <translation>GaLore</translation>
    </message>
    <message>
        <source>APOLLO</source>
        <translation>APOLLO</translation>
    </message>
    <message>
        <source>Projection rank</source>
        <translation>投影秩</translation>
    </message>
    <message>
        <source>No (on the GPU)</source>
        <translation>否（在 GPU 上）</translation>
    </message>
    <message>
        <source>States on the CPU (torchao)</source>
        <translation>状态在 CPU 上（torchao）</translation>
    </message>
    <message>
        <source>States and gradients on the CPU (torchao)</source>
        <translation>状态和梯度在 CPU 上（torchao）</translation>
    </message>
    <message>
        <source>Optimizer on CPU</source>
        <translation>优化器在 CPU 上</translation>
    </message>
    <message>
        <source>embedding and LM head</source>
        <translation>嵌入层和 LM 头</translation>
    </message>
    <message>
        <source>embedding</source>
        <translation>嵌入层</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>LM 头</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Trained copies</source>
        <translation>训练副本</translation>
    </message>
    <message>
        <source>GaLore 8-bit</source>
        <translation>GaLore 8 位</translation>
    </message>
    <message>
        <source>transformers does not fine-tune FBGEMM FP8 checkpoints (FbgemmFp8HfQuantizer.is_trainable is false) and FBGEMM&apos;s FP8 matmul has no backward: this figure assumes a kernel that trains.</source>
        <translation>transformers 不支持微调 FBGEMM FP8 检查点（FbgemmFp8HfQuantizer.is_trainable 为 false），且 FBGEMM 的 FP8 矩阵乘法没有反向实现：此数值假定存在可训练的内核。</translation>
    </message>
    <message>
        <source>The stack&apos;s</source>
        <translation>训练框架的默认值</translation>
    </message>
    <message>
        <source>Ring (K/V blocks passed around)</source>
        <translation>环形（K/V 块依次传递）</translation>
    </message>
    <message>
        <source>All-gather (whole K/V)</source>
        <translation>All-gather（完整 K/V）</translation>
    </message>
    <message>
        <source>Ulysses (all-to-all over heads)</source>
        <translation>Ulysses（按注意力头全对全通信）</translation>
    </message>
    <message>
        <source>Context parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>Context-parallel attention</source>
        <translation>上下文并行注意力</translation>
    </message>
    <message>
        <source>Declared context</source>
        <translation>声明的上下文长度</translation>
    </message>
    <message>
        <source>The sequence is longer than the context the model&apos;s config declares (max_position_embeddings).</source>
        <translation>序列长于模型配置声明的上下文（max_position_embeddings）。</translation>
    </message>
    <message>
        <source>no RoPE scaling declared</source>
        <translation>未声明 RoPE 缩放</translation>
    </message>
    <message>
        <source>RoPE scaling %1, factor %2</source>
        <translation>RoPE 缩放 %1，因子 %2</translation>
    </message>
    <message>
        <source>RoPE scaling %1</source>
        <translation>RoPE 缩放 %1</translation>
    </message>
    <message>
        <source>The sequence (S = %1) runs past the model&apos;s declared context (max_position_embeddings = %2; %3).</source>
        <extracomment>%1 S, %2 the declared context, %3 what it says of RoPE scaling</extracomment>
        <translation>序列（S = %1）超出了模型声明的上下文（max_position_embeddings = %2；%3）。</translation>
    </message>
    <message>
        <source>Checkpoint every N-th layer</source>
        <translation>隔层加检查点</translation>
    </message>
    <message>
        <source>Megatron recompute layers</source>
        <translation>Megatron 重计算层数</translation>
    </message>
    <message>
        <source>HSDP shard group</source>
        <translation>HSDP 分片组</translation>
    </message>
    <message>
        <source>layers per pipeline stage</source>
        <translation>每个流水线级的层数</translation>
    </message>
    <message>
        <source>Per op</source>
        <translation>逐算子</translation>
    </message>
    <message>
        <source>torchtitan&apos;s per-operator policy: each layer keeps its input and the outputs of every other matmul and of the attention kernel; the rest is recomputed in backward.</source>
        <translation>torchtitan 的逐算子策略：每层保留其输入、每隔一个矩阵乘的输出和注意力内核的输出；其余在反向时重算。</translation>
    </message>
    <message>
        <source>checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>packed sequences</source>
        <translation>序列打包</translation>
    </message>
    <message>
        <source>experts&apos; shard group</source>
        <translation>专家分片组</translation>
    </message>
    <message>
        <source>Indexer heads</source>
        <translation>索引器头数</translation>
    </message>
    <message>
        <source>Indexer head dimension</source>
        <translation>索引器头维度</translation>
    </message>
    <message>
        <source>Images per sequence</source>
        <translation>每条序列的图像数</translation>
    </message>
    <message>
        <source>Image width</source>
        <translation>图像宽度</translation>
    </message>
    <message>
        <source>Image height</source>
        <translation>图像高度</translation>
    </message>
    <message>
        <source>Vision tower</source>
        <translation>视觉塔</translation>
    </message>
    <message>
        <source>Vision tower parameters</source>
        <translation>视觉塔参数量</translation>
    </message>
    <message>
        <source>Vision tower blocks</source>
        <translation>视觉塔块数</translation>
    </message>
    <message>
        <source>Vision tower width</source>
        <translation>视觉塔宽度</translation>
    </message>
    <message>
        <source>Vision tower heads</source>
        <translation>视觉塔注意力头数</translation>
    </message>
    <message>
        <source>Vision tower MLP width</source>
        <translation>视觉塔 MLP 宽度</translation>
    </message>
    <message>
        <source>Vision patch size</source>
        <translation>视觉图块边长</translation>
    </message>
    <message>
        <source>Vision merge size</source>
        <translation>视觉合并边长</translation>
    </message>
    <message>
        <source>Vision temporal patch</source>
        <translation>视觉时间图块</translation>
    </message>
    <message>
        <source>Vision image size</source>
        <translation>视觉图像边长</translation>
    </message>
    <message>
        <source>Tokens per image</source>
        <translation>每张图像的词元数</translation>
    </message>
    <message>
        <source>Vision window</source>
        <translation>视觉窗口</translation>
    </message>
    <message>
        <source>Full-attention vision blocks</source>
        <translation>全注意力视觉块数</translation>
    </message>
    <message>
        <source>Deepstack mergers</source>
        <translation>DeepStack 合并器数</translation>
    </message>
    <message>
        <source>Unused vision blocks</source>
        <translation>未使用的视觉块数</translation>
    </message>
    <message>
        <source>Mixer layers</source>
        <translation>混合层数</translation>
    </message>
    <message>
        <source>Mixer heads</source>
        <translation>混合器头数</translation>
    </message>
    <message>
        <source>Mixer head width</source>
        <translation>混合器头宽度</translation>
    </message>
    <message>
        <source>Mixer key heads or groups</source>
        <translation>混合器键头数或组数</translation>
    </message>
    <message>
        <source>Mixer key width or state size</source>
        <translation>混合器键宽度或状态维度</translation>
    </message>
    <message>
        <source>Mixer convolution width</source>
        <translation>混合器卷积宽度</translation>
    </message>
    <message>
        <source>Mixer scan chunk</source>
        <translation>混合器扫描分块</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;System (%1)</source>
        <translation>跟随系统(&amp;S)（%1）</translation>
    </message>
    <message>
        <source>The language of the window and the command line; the window switches at once.</source>
        <translation>窗口和命令行的语言；窗口会立即切换。</translation>
    </message>
</context>
<context>
    <name>MathText</name>
    <message>
        <source>%1 B</source>
        <extracomment>bytes per parameter or element, e.g. &quot;2 B&quot; or &quot;0.5 B&quot;</extracomment>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1: B = %2, S = %3, %4, %5</source>
        <translation>%1：B = %2，S = %3，%4，%5</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation>超出</translation>
    </message>
    <message>
        <source>capacity − peak</source>
        <translation>容量 − 峰值</translation>
    </message>
    <message>
        <source>peak − capacity</source>
        <translation>峰值 − 容量</translation>
    </message>
    <message>
        <source>Every tensor is kept for backward.</source>
        <translation>所有张量都保留到反向。</translation>
    </message>
    <message>
        <source>Tensors marked ↻ are dropped in forward and recomputed in backward.</source>
        <translation>标有 ↻ 的张量在前向中丢弃，在反向中重计算。</translation>
    </message>
    <message>
        <source>One layer&apos;s saved tensors</source>
        <translation>单层保存的张量</translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>outside the layers</source>
        <translation>层外</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Parameter counts</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Derived from the architecture, layer by layer; the symbols are listed at the end.</source>
        <translation>按架构逐层推算；符号列于末尾。</translation>
    </message>
    <message>
        <source>given</source>
        <translation>给定</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <extracomment>a parameter count, e.g. &quot;6,738,415,616 parameters&quot;</extracomment>
        <translation>%1 个参数</translation>
    </message>
    <message>
        <source>Training stack: %1</source>
        <translation>训练框架：%1</translation>
    </message>
    <message>
        <source>What the estimate assumes of the framework; change any choice in the inputs.</source>
        <translation>估算对框架所做的假设；任何一项都可在输入中修改。</translation>
    </message>
    <message>
        <source>the stack&apos;s: %1</source>
        <translation>框架默认：%1</translation>
    </message>
    <message>
        <source>set in the inputs</source>
        <translation>在输入中设置</translation>
    </message>
    <message>
        <source>Offloaded to host RAM, per GPU</source>
        <translation>每卡卸载到主机内存</translation>
    </message>
    <message>
        <source>Peak of the step: %1 (%2)</source>
        <translation>本步峰值：%1（%2）</translation>
    </message>
    <message>
        <source>Sum of the buckets</source>
        <translation>各分项之和</translation>
    </message>
    <message>
        <source>not all live at once</source>
        <translation>并非同时驻留</translation>
    </message>
    <message>
        <source>Symbols</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Measured by the check script: %1</source>
        <translation>检查脚本实测：%1</translation>
    </message>
    <message>
        <source>%1, torch %2, %3 steps; beside each figure the estimate&apos;s (phases without the runtime&apos;s share, which PyTorch&apos;s allocator does not count)</source>
        <translation>%1，torch %2，%3 步；每项旁为估算值（各阶段不含运行时开销，PyTorch 的分配器不统计它）</translation>
    </message>
    <message>
        <source>%1, torch %2: measured for another scenario than this one; open the measured scenario to compare like with like</source>
        <translation>%1，torch %2：实测的是另一个场景；请打开实测的场景以便同类比较</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>measured (%1)</source>
        <translation>实测（%1）</translation>
    </message>
    <message>
        <source>estimated %1; estimated − measured %2 (%3)</source>
        <translation>估算 %1；估算 − 实测 %2（%3）</translation>
    </message>
    <message>
        <source>%1 (%2) − %3</source>
        <translation>%1（%2）− %3</translation>
    </message>
    <message>
        <source>%1 − %2 (%3)</source>
        <extracomment>the peak minus the GPU&apos;s capacity: %1 the peak, %2 the capacity, %3 the GPU&apos;s name</extracomment>
        <translation>%1 − %2（%3）</translation>
    </message>
    <message>
        <source>The article&apos;s four steps, with this run&apos;s numbers</source>
        <translation>文章的四步算法，代入本次运行的数字</translation>
    </message>
    <message>
        <source>Bytes per parameter → fixed cost → activations per layer → total, as the article counts by hand.</source>
        <translation>每参数字节数 → 固定开销 → 每层激活值 → 总量，与文章的手算步骤相同。</translation>
    </message>
    <message>
        <source>What the training stack adds beyond the article, and why</source>
        <translation>训练框架在文章之外额外占用的部分及原因</translation>
    </message>
    <message>
        <source>Nothing: this run keeps the article&apos;s conventions (textbook activations, every bucket resident, no runtime share).</source>
        <translation>没有：本次运行沿用文章的约定（教科书激活公式、各分项整步常驻、不计运行时开销）。</translation>
    </message>
    <message>
        <source>Each difference from the article&apos;s count, with its bytes (− where the stack holds less).</source>
        <translation>与文章算法的每一处差异及其字节数（− 表示框架占用更少）。</translation>
    </message>
    <message>
        <source>Peak per GPU</source>
        <translation>每卡峰值</translation>
    </message>
    <message>
        <source>the step&apos;s peak, term by term in the full derivation</source>
        <translation>本步峰值，完整推导中逐项给出</translation>
    </message>
    <message>
        <source>Full derivation</source>
        <translation>完整推导</translation>
    </message>
    <message>
        <source>Folded: every bucket&apos;s formula, its terms and sources, the peak, the symbols and one layer&apos;s tensors. Unfold it with “Show the full derivation” below.</source>
        <translation>已折叠：每个分项的公式、组成项及出处、峰值、符号表和单层张量。点击下方的“显示完整推导”展开。</translation>
    </message>
</context>
<context>
    <name>Measured</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a FIFO, a device or a folder): refused without reading it</source>
        <translation>%1 不是普通文件（FIFO、设备或文件夹）：未读取即拒绝</translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes, the most a measurement file may have: refused without reading it</source>
        <translation>%1 大于 %2 字节，即测量文件允许的最大值：未读取即拒绝</translation>
    </message>
    <message>
        <source>%1 holds %2 at its top level; expected the check script&apos;s JSON object</source>
        <translation>%1 的顶层是 %2；应为检查脚本输出的 JSON 对象</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (malformed, truncated or binary): %2</source>
        <translation>%1 不是有效的 JSON（格式错误、被截断或为二进制）：%2</translation>
    </message>
    <message>
        <source>%1 nests objects and arrays deeper than %2 levels (at %3): not a check script&apos;s measurement</source>
        <translation>%1 的对象与数组嵌套超过 %2 层（位于 %3）：不是检查脚本的测量结果</translation>
    </message>
    <message>
        <source>%1: %2: expected %3, got %4</source>
        <translation>%1：%2：应为 %3，实际为 %4</translation>
    </message>
    <message>
        <source>%1: the key &quot;%2&quot; is missing (expected %3)</source>
        <translation>%1：缺少键 &quot;%2&quot;（应为 %3）</translation>
    </message>
    <message>
        <source>%1: %2: %3 is out of range; allowed: %4</source>
        <translation>%1：%2：%3 超出范围；允许：%4</translation>
    </message>
    <message>
        <source>%1: &quot;schema&quot; must be %2, found %3</source>
        <translation>%1：&quot;schema&quot; 必须为 %2，实际为 %3</translation>
    </message>
    <message>
        <source>%1: %2: the scenario that ran cannot be read (%3)</source>
        <translation>%1：%2：无法读取所运行的场景（%3）</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation>主权重</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Saved activations</source>
        <translation>保存的激活值</translation>
    </message>
    <message>
        <source>Step start</source>
        <translation>步骤开始</translation>
    </message>
    <message>
        <source>Forward peak</source>
        <translation>前向峰值</translation>
    </message>
    <message>
        <source>Forward end</source>
        <translation>前向结束</translation>
    </message>
    <message>
        <source>Backward peak</source>
        <translation>反向峰值</translation>
    </message>
    <message>
        <source>Backward end</source>
        <translation>反向结束</translation>
    </message>
    <message>
        <source>Optimizer-step peak</source>
        <translation>优化器步骤峰值</translation>
    </message>
    <message>
        <source>Step end</source>
        <translation>步骤结束</translation>
    </message>
    <message>
        <source>Peak allocated</source>
        <translation>已分配峰值</translation>
    </message>
    <message>
        <source>Peak reserved</source>
        <translation>保留峰值</translation>
    </message>
    <message>
        <source>Used on the device</source>
        <translation>设备上已用</translation>
    </message>
</context>
<context>
    <name>ModelImportText</name>
    <message>
        <source>Reading the checkpoint&apos;s headers in %1…</source>
        <translation>正在读取 %1 中检查点的文件头…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Importing a model</source>
        <translation>正在导入模型</translation>
    </message>
</context>
<context>
    <name>PlanFrontText</name>
    <message>
        <source>Budget %1</source>
        <extracomment>a line on the time-against-cost chart, %1 the rent budget in USD</extracomment>
        <translation>预算 %1</translation>
    </message>
    <message>
        <source>Deadline %1 days</source>
        <extracomment>a line on the time-against-cost chart, %1 days</extracomment>
        <translation>期限 %1 天</translation>
    </message>
    <message>
        <source>Fastest within %1</source>
        <extracomment>legend: the plan picked for the budget, %1 the budget in USD</extracomment>
        <translation>%1 以内最快</translation>
    </message>
    <message>
        <source>Cheapest within %1 days</source>
        <extracomment>legend: the plan picked for the deadline, %1 days</extracomment>
        <translation>%1 天内最便宜</translation>
    </message>
    <message>
        <source>%1 days, %2 to rent, %3 to own, MFU %4 %
%5
%6</source>
        <extracomment>tooltip of a plan on the time-against-cost chart: %1 days, %2 rent, %3 cost of owning, %4 MFU in percent, %5 the GPU&apos;s full name, %6 the plan in one line</extracomment>
        <translation>%1 天，租用 %2，自有 %3，MFU %4 %
%5
%6</translation>
    </message>
    <message>
        <source>Click to plan with it (one undo step).</source>
        <extracomment>on hover over a plan of the chart</extracomment>
        <translation>单击即采用此方案（一步即可撤销）。</translation>
    </message>
    <message>
        <source>%1 plans considered (GPU kind × count × layout × strategy × recompute × micro-batch), %2 fit; %3 no other beats on both time and rent.</source>
        <extracomment>%1 plans considered, %2 of them fit, %3 plans on the front</extracomment>
        <translation>共考察 %1 个方案（GPU 型号 × 数量 × 布局 × 策略 × 重计算 × 微批次），%2 个装得下；其中 %3 个在时间和租金上都不会被别的方案同时胜过。</translation>
    </message>
    <message>
        <source>Recommended</source>
        <extracomment>legend: the plan the search recommends</extracomment>
        <translation>推荐</translation>
    </message>
</context>
<context>
    <name>PrecisionText</name>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>TF32</source>
        <translation>TF32</translation>
    </message>
    <message>
        <source>FP16</source>
        <translation>FP16</translation>
    </message>
    <message>
        <source>BF16</source>
        <translation>BF16</translation>
    </message>
    <message>
        <source>FP8 E4M3</source>
        <translation>FP8 E4M3</translation>
    </message>
    <message>
        <source>FP8 E5M2</source>
        <translation>FP8 E5M2</translation>
    </message>
    <message>
        <source>IEEE single precision: 1 sign, 8 exponent, 23 mantissa bits. Master weights and optimizer states.</source>
        <translation>IEEE 单精度：1 位符号、8 位指数、23 位尾数。用于主权重和优化器状态。</translation>
    </message>
    <message>
        <source>TensorFloat-32: FP32&apos;s 8-bit exponent with FP16&apos;s 10-bit mantissa. A tensor-core math mode on A100 and later; never stored.</source>
        <translation>TensorFloat-32：FP32 的 8 位指数加 FP16 的 10 位尾数。A100 及更新 GPU 上 Tensor Core 的一种计算模式；从不用于存储。</translation>
    </message>
    <message>
        <source>IEEE half precision: 1 sign, 5 exponent, 10 mantissa bits. Fine steps but a narrow range: values below 6e-5 lose bits, below 3e-8 become zero.</source>
        <translation>IEEE 半精度：1 位符号、5 位指数、10 位尾数。刻度细但量程窄：低于 6e-5 的值会损失精度位，低于 3e-8 则变为零。</translation>
    </message>
    <message>
        <source>bfloat16: FP32&apos;s 8-bit exponent with a 7-bit mantissa. FP32&apos;s range, so gradients rarely underflow, but coarse steps.</source>
        <translation>bfloat16：FP32 的 8 位指数加 7 位尾数。量程与 FP32 相同，梯度很少下溢，但刻度粗。</translation>
    </message>
    <message>
        <source>OCP FP8 E4M3: bias 7, largest value 448, no infinity (S.1111.111 is NaN). Used for weights and activations.</source>
        <translation>OCP FP8 E4M3：偏置 7，最大值 448，没有无穷大（S.1111.111 为 NaN）。用于权重和激活值。</translation>
    </message>
    <message>
        <source>OCP FP8 E5M2: bias 15, largest value 57344, IEEE-style infinity and NaN. Used for gradients.</source>
        <translation>OCP FP8 E5M2：偏置 15，最大值 57344，具有 IEEE 式的无穷大和 NaN。用于梯度。</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>零</translation>
    </message>
    <message>
        <source>subnormal</source>
        <translation>次正规数</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>正规数</translation>
    </message>
    <message>
        <source>infinity</source>
        <translation>无穷大</translation>
    </message>
    <message>
        <source>NaN</source>
        <translation>NaN</translation>
    </message>
    <message>
        <source>exact</source>
        <translation>精确</translation>
    </message>
    <message>
        <source>rounded</source>
        <translation>已舍入</translation>
    </message>
    <message>
        <source>flushed to zero</source>
        <translation>下溢为零</translation>
    </message>
    <message>
        <source>overflow</source>
        <translation>上溢</translation>
    </message>
    <message>
        <source>not a finite number</source>
        <translation>非有限数</translation>
    </message>
    <message>
        <source>&lt;b&gt;Exploding gradients, not a scaling problem.&lt;/b&gt; At step %1 the scale is down to %2 and gradients still overflow. Lower the learning rate first, then check gradient clipping, then look for bad samples in the data.</source>
        <translation>&lt;b&gt;是梯度爆炸，不是缩放的问题。&lt;/b&gt;第 %1 步时缩放系数已降到 %2，梯度仍然上溢。先降低学习率，再检查梯度裁剪，最后排查数据中的异常样本。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Frequent skips:&lt;/b&gt; %1 of steps skipped after calibration. GradScaler expects a skip every few hundred or thousand steps; each skip throws a batch away.</source>
        <translation>&lt;b&gt;频繁跳步：&lt;/b&gt;校准期之后有 %1 的步被跳过。GradScaler 预期每几百到几千步才跳过一次；每次跳过都白白扔掉一个批次。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The scale reached zero&lt;/b&gt; at step %1: every gradient is zero from then on and training has stopped.</source>
        <translation>第 %1 步时&lt;b&gt;缩放系数降到了零&lt;/b&gt;：此后所有梯度都为零，训练实际上已停止。</translation>
    </message>
    <message>
        <source>&lt;b&gt;No step skipped;&lt;/b&gt; the scale only grew (to %1). Expected with BF16; with FP16 the scaler never met the overflow edge in this run.</source>
        <translation>&lt;b&gt;没有跳过任何步；&lt;/b&gt;缩放系数只增不减（增至 %1）。BF16 下这是预期行为；若是 FP16，说明本次运行中缩放器从未触及上溢边界。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Healthy:&lt;/b&gt; %1 of steps skipped after calibration; the scale settles just below the overflow edge.</source>
        <translation>&lt;b&gt;健康：&lt;/b&gt;校准期之后有 %1 的步被跳过；缩放系数稳定在略低于上溢边界的位置。</translation>
    </message>
    <message>
        <source>Cannot open the histogram file: %1</source>
        <translation>无法打开直方图文件：%1</translation>
    </message>
    <message>
        <source>Line %1: &quot;%2&quot; is not three numbers (lower, upper, count).</source>
        <translation>第 %1 行：&quot;%2&quot; 不是三个数（下界、上界、计数）。</translation>
    </message>
    <message>
        <source>Line %1: &quot;%2&quot; needs three fields: lower, upper, count.</source>
        <translation>第 %1 行：&quot;%2&quot; 需要三个字段：下界、上界、计数。</translation>
    </message>
    <message>
        <source>Line %1: &quot;%2&quot;: edges must satisfy 0 &lt; lower &lt; upper.</source>
        <translation>第 %1 行：&quot;%2&quot;：边界必须满足 0 &lt; 下界 &lt; 上界。</translation>
    </message>
    <message>
        <source>Line %1: &quot;%2&quot;: the count must be 0 or more.</source>
        <translation>第 %1 行：&quot;%2&quot;：计数必须大于等于 0。</translation>
    </message>
    <message>
        <source>Bins overlap (at %1); each |g| range may appear once.</source>
        <translation>分箱重叠（在 %1 处）；每个 |g| 区间只能出现一次。</translation>
    </message>
    <message>
        <source>The histogram has no bins with a count above zero.</source>
        <translation>直方图中没有计数大于零的分箱。</translation>
    </message>
    <message>
        <source>Line %1: more than %2 bins.</source>
        <translation>第 %1 行：分箱数超过 %2。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 supports BF16: train in BF16.&lt;/b&gt; It has FP32&apos;s exponent range, so gradients do not underflow and no loss scaler is needed.</source>
        <translation>&lt;b&gt;%1 支持 BF16：用 BF16 训练。&lt;/b&gt;它的指数范围与 FP32 相同，梯度不会下溢，也不需要损失缩放。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 has no BF16 tensor cores: train in FP16 with a dynamic loss scaler&lt;/b&gt; (torch.cuda.amp.GradScaler); without it small gradients flush to zero.</source>
        <translation>&lt;b&gt;%1 没有 BF16 Tensor Core：用 FP16 加动态损失缩放训练&lt;/b&gt;（torch.cuda.amp.GradScaler）；否则小梯度会下溢为零。</translation>
    </message>
    <message>
        <source>+∞</source>
        <translation>+∞</translation>
    </message>
    <message>
        <source>−∞</source>
        <translation>−∞</translation>
    </message>
    <message>
        <source>−0</source>
        <translation>−0</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>&lt; 0.01 %</source>
        <translation>&lt; 0.01 %</translation>
    </message>
    <message>
        <source>&gt; 99.99 %</source>
        <translation>&gt; 99.99 %</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>2^%1 = %2</source>
        <translation>2^%1 = %2</translation>
    </message>
    <message>
        <source>2^%1</source>
        <translation>2^%1</translation>
    </message>
    <message>
        <source>Median |x| must lie between %1 and %2.</source>
        <translation>|x| 的中位数必须在 %1 到 %2 之间。</translation>
    </message>
    <message>
        <source>The spread within a row must lie between %1 and %2 decades.</source>
        <translation>行内离散度必须在 %1 到 %2 个数量级之间。</translation>
    </message>
    <message>
        <source>The spread between rows must lie between %1 and %2 decades.</source>
        <translation>行间离散度必须在 %1 到 %2 个数量级之间。</translation>
    </message>
    <message>
        <source>Rows must lie between %1 and %2.</source>
        <translation>行数必须在 %1 到 %2 之间。</translation>
    </message>
    <message>
        <source>Columns must be a multiple of 32 between %1 and %2.</source>
        <translation>列数必须是 32 的倍数，且在 %1 到 %2 之间。</translation>
    </message>
    <message>
        <source>The amax history must hold between %1 and %2 steps.</source>
        <translation>amax 历史必须保存 %1 到 %2 步。</translation>
    </message>
    <message>
        <source>The margin must lie between %1 and %2.</source>
        <translation>余量必须在 %1 到 %2 之间。</translation>
    </message>
    <message>
        <source>Steps must lie between %1 and %2.</source>
        <translation>步数必须在 %1 到 %2 之间。</translation>
    </message>
    <message>
        <source>The noise must lie between %1 and %2 decades.</source>
        <translation>噪声必须在 %1 到 %2 个数量级之间。</translation>
    </message>
    <message>
        <source>The spike chance must lie between 0 % and 100 %.</source>
        <translation>尖峰概率必须在 0 % 到 100 % 之间。</translation>
    </message>
    <message>
        <source>The spike size must lie between %1 and %2.</source>
        <translation>尖峰倍数必须在 %1 到 %2 之间。</translation>
    </message>
    <message>
        <source>The format must be FP8 E4M3 or FP8 E5M2.</source>
        <translation>格式必须是 FP8 E4M3 或 FP8 E5M2。</translation>
    </message>
</context>
<context>
    <name>ReportExport</name>
    <message>
        <source>Markdown with PNG charts (*.md);;PDF document (*.pdf);;CSV table (*.csv);;JSON (*.json)</source>
        <translation>Markdown 及 PNG 图表 (*.md);;PDF 文档 (*.pdf);;CSV 表格 (*.csv);;JSON (*.json)</translation>
    </message>
    <message>
        <source>%1: reports are written as .md, .pdf, .csv or .json.</source>
        <translation>%1：报告只能写成 .md、.pdf、.csv 或 .json。</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>ReportText</name>
    <message>
        <source>%1 bytes = %2 = %3</source>
        <translation>%1 字节 = %2 = %3</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>前向</translation>
    </message>
    <message>
        <source>backward</source>
        <translation>反向</translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>取值</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Parameters P</source>
        <translation>参数量 P</translation>
    </message>
    <message>
        <source>Block family</source>
        <translation>模块结构</translation>
    </message>
    <message>
        <source>Layers L</source>
        <translation>层数 L</translation>
    </message>
    <message>
        <source>Hidden size H</source>
        <translation>隐藏维度 H</translation>
    </message>
    <message>
        <source>Attention heads A</source>
        <translation>注意力头数 A</translation>
    </message>
    <message>
        <source>Micro-batch B</source>
        <translation>微批大小 B</translation>
    </message>
    <message>
        <source>Sequence length S</source>
        <translation>序列长度 S</translation>
    </message>
    <message>
        <source>Gradient accumulation steps</source>
        <translation>梯度累积步数</translation>
    </message>
    <message>
        <source>Precision recipe</source>
        <translation>混合精度方案</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>梯度检查点（激活重计算）</translation>
    </message>
    <message>
        <source>Activation model</source>
        <translation>激活值模型</translation>
    </message>
    <message>
        <source>Implementation profile, attention, dropout</source>
        <translation>实现配置、注意力内核、dropout</translation>
    </message>
    <message>
        <source>Training stack</source>
        <translation>训练框架</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>%1 (%2 = %3)</source>
        <translation>%1（%2 = %3）</translation>
    </message>
    <message>
        <source>none chosen</source>
        <translation>未选择</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation>分项</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>Sum of buckets</source>
        <translation>各分项之和</translation>
    </message>
    <message>
        <source>not all live at once; the peak is what must fit</source>
        <translation>并非同时驻留；须装下的是峰值</translation>
    </message>
    <message>
        <source>Peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>GB = 10^9 bytes, GiB = 2^30 bytes.</source>
        <translation>GB = 10^9 字节，GiB = 2^30 字节。</translation>
    </message>
    <message>
        <source>The step&apos;s highest point, %1, is reached in the %2 phase (event %3); gradients are %4.</source>
        <translation>一步训练中的最高点 %1 出现在%2阶段（事件 %3）；梯度%4。</translation>
    </message>
    <message>
        <source>kept for the whole step</source>
        <translation>在整步中一直保留</translation>
    </message>
    <message>
        <source>allocated during backward</source>
        <translation>在反向传播中分配</translation>
    </message>
    <message>
        <source>Live at the peak</source>
        <translation>峰值时驻留</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>项</translation>
    </message>
    <message>
        <source>With the numbers</source>
        <translation>代入数值</translation>
    </message>
    <message>
        <source>whole bucket</source>
        <translation>整个分项</translation>
    </message>
    <message>
        <source>offloaded to host RAM, per GPU</source>
        <translation>每卡卸载到主机内存的部分</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Derivation</source>
        <translation>推导</translation>
    </message>
    <message>
        <source>How each figure comes about, per GPU: each formula in symbols and with the scenario&apos;s numbers plugged in (the symbols are listed at the end).</source>
        <translation>每卡各数字的由来：每个公式先以符号写出，再代入本场景的数值（符号列于末尾）。</translation>
    </message>
    <message>
        <source>Symbols</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>Symbol</source>
        <translation>符号</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>含义</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>No GPU chosen: give one (--gpu) for a verdict.</source>
        <translation>未选择 GPU：请用 --gpu 指定一种以得出结论。</translation>
    </message>
    <message>
        <source>Fits on one %1 (%2 = %3): %4 to spare.</source>
        <translation>单张 %1（%2 = %3）放得下：还剩 %4。</translation>
    </message>
    <message>
        <source>Does not fit on one %1 (%2 = %3): short by %4.</source>
        <translation>单张 %1（%2 = %3）放不下：还差 %4。</translation>
    </message>
    <message>
        <source>As given, the largest micro-batch that fits is %1 and the longest sequence %2.</source>
        <translation>按当前设置，能放下的最大微批量为 %1，最长序列为 %2。</translation>
    </message>
    <message>
        <source>As given, not even a micro-batch of 1 fits on it.</source>
        <translation>按当前设置，连微批量 1 都放不下。</translation>
    </message>
    <message>
        <source>GPUs needed</source>
        <translation>所需 GPU</translation>
    </message>
    <message>
        <source>memory (GB)</source>
        <translation>显存（GB）</translation>
    </message>
    <message>
        <source>max B</source>
        <translation>最大 B</translation>
    </message>
    <message>
        <source>max S</source>
        <translation>最大 S</translation>
    </message>
    <message>
        <source>days*</source>
        <translation>天数*</translation>
    </message>
    <message>
        <source>cost*</source>
        <translation>费用*</translation>
    </message>
    <message>
        <source>The fewest GPUs of each kind that fit under each strategy (-: none up to %1); max B and max S per GPU as given (%2). * At the strategy needing the fewest GPUs, for %3 tokens (headroom-cli fit says how the time is made up).</source>
        <translation>每种 GPU 在各策略下放得下所需的最少卡数（-：%1 张以内都不行）；最大 B 和最大 S 按当前设置（%2）计算。* 按所需卡数最少的策略、训练 %3 个 token 计（时间的构成见 headroom-cli fit）。</translation>
    </message>
    <message>
        <source>What to change first</source>
        <translation>首先应改什么</translation>
    </message>
    <message>
        <source>No GPU chosen: nothing to advise.</source>
        <translation>未选择 GPU：没有建议。</translation>
    </message>
    <message>
        <source>It fits as given: nothing to change.</source>
        <translation>按当前设置放得下：无需改动。</translation>
    </message>
    <message>
        <source>No step of the rescue order lowers the peak.</source>
        <translation>救急顺序中没有哪一步能降低峰值。</translation>
    </message>
    <message>
        <source>The rescue order of the training-memory guide «显存都去哪儿了», each step on top of the previous:</source>
        <translation>训练显存指南《显存都去哪儿了》的救急顺序，每一步都在上一步的基础上：</translation>
    </message>
    <message>
        <source>Headroom report: %1</source>
        <translation>Headroom 报告：%1</translation>
    </message>
    <message>
        <source>GPU memory of one training run, per GPU, as Headroom %1 estimates it.</source>
        <translation>Headroom %1 估算的一次训练的每卡显存。</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>注意事项</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>scoring (a frozen model&apos;s forward)</source>
        <translation>打分（冻结模型的前向）</translation>
    </message>
    <message>
        <source>generating the rollouts</source>
        <translation>生成采样</translation>
    </message>
    <message>
        <source>Pipeline stages</source>
        <translation>流水线各级</translation>
    </message>
    <message>
        <source>What to rent or buy</source>
        <translation>该租或买什么</translation>
    </message>
    <message>
        <source>No GPU kind of the catalogue runs this at any count up to %1 under any layout.</source>
        <translation>目录中没有任何 GPU 型号能在 %1 张以内、以任何并行布局运行这次训练。</translation>
    </message>
    <message>
        <source>Rent %1 x %2 for %3 days: %4 to rent, or %5 to own (the cards&apos; share of their life and their power) for %6 tokens.</source>
        <extracomment>%1 GPU count, %2 GPU name, %3 days, %4 rent in USD, %5 cost of owning in USD, %6 tokens</extracomment>
        <translation>租用 %1 x %2，%3 天：租金 %4，自有则 %5（显卡寿命的分摊与电费），训练 %6 个 token。</translation>
    </message>
    <message>
        <source>Layout: %1. It is the fastest plan whose rent is at most %2 % above the cheapest plan&apos;s, among the %3 plans no other beats on both time and rent (%4 candidates searched: GPU kind, count, tensor, pipeline, context and expert parallelism, ZeRO stage, offload, recompute and micro-batch).</source>
        <translation>布局：%1。它是租金不超过最便宜方案 %2 % 的方案中最快的，取自 %3 个在时间和租金上都无法被同时超越的方案（共搜索 %4 个候选：GPU 型号、数量、张量、流水线、上下文与专家并行、ZeRO 阶段、卸载、重计算和微批次）。</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>days</source>
        <translation>天数</translation>
    </message>
    <message>
        <source>rent</source>
        <translation>租金</translation>
    </message>
    <message>
        <source>own</source>
        <translation>自有</translation>
    </message>
    <message>
        <source>peak per GPU (GB)</source>
        <translation>每卡峰值 (GB)</translation>
    </message>
    <message>
        <source>layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <source>recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>runner-up, faster</source>
        <translation>次选，更快</translation>
    </message>
    <message>
        <source>runner-up, cheaper</source>
        <translation>次选，更便宜</translation>
    </message>
</context>
<context>
    <name>ReportWriter</name>
    <message>
        <source>cannot lay out the PDF</source>
        <translation>无法排版 PDF</translation>
    </message>
</context>
<context>
    <name>SafeWrite</name>
    <message>
        <source>it is a symbolic link, and Headroom does not write through a link it did not make; remove it or name another file</source>
        <translation>它是一个符号链接，Headroom 不会通过并非自己创建的链接写入；请删除它或换一个文件名</translation>
    </message>
    <message>
        <source>it is not a regular file</source>
        <translation>它不是普通文件</translation>
    </message>
    <message>
        <source>it is not a folder</source>
        <translation>它不是文件夹</translation>
    </message>
    <message>
        <source>the folder is not open</source>
        <translation>文件夹未打开</translation>
    </message>
    <message>
        <source>the file is read-only</source>
        <translation>该文件为只读</translation>
    </message>
    <message>
        <source>nothing was written</source>
        <translation>尚未写入任何内容</translation>
    </message>
</context>
<context>
    <name>StepTime</name>
    <message>
        <source>compute at the given utilisation</source>
        <translation>按给定利用率的计算</translation>
    </message>
    <message>
        <source>--mfu: the compute term at this share of the dense peak</source>
        <translation>--mfu：计算项按稠密峰值的这一比例</translation>
    </message>
    <message>
        <source>matmuls at the card&apos;s achievable rate</source>
        <translation>矩阵乘，按卡可达到的速率</translation>
    </message>
    <message>
        <source>element-wise work at memory bandwidth</source>
        <translation>逐元素运算，按显存带宽</translation>
    </message>
    <message>
        <source>data-parallel gradients and weights</source>
        <translation>数据并行的梯度和权重</translation>
    </message>
    <message>
        <source>tensor-parallel all-reduces</source>
        <translation>张量并行的 all-reduce</translation>
    </message>
    <message>
        <source>two all-reduces a layer forward, two backward, two more when the forward is recomputed (Shoeybi et al. 2019; Korthikanti et al. 2022); not overlapped</source>
        <translation>每层前向两次 all-reduce，反向两次，前向重计算时再加两次（Shoeybi et al. 2019；Korthikanti et al. 2022）；不重叠</translation>
    </message>
    <message>
        <source>pipeline sends between stages</source>
        <translation>流水线阶段之间的发送</translation>
    </message>
    <message>
        <source>activations forward and their gradients back, split over the tensor-parallel ranks (Narayanan et al. 2021, scatter-gather)</source>
        <translation>激活值向前发送、其梯度向后发送，在张量并行各 rank 间切分（Narayanan et al. 2021，scatter-gather）</translation>
    </message>
    <message>
        <source>pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>1F1B fills and drains p-1 micro-batch slots; the interleaved schedule divides them by v (Narayanan et al. 2021, section 2.2)</source>
        <translation>1F1B 在填充和排空时空出 p-1 个微批量时隙；交错调度把它除以 v（Narayanan et al. 2021，2.2 节）</translation>
    </message>
    <message>
        <source>offload transfers over PCIe</source>
        <translation>卸载经 PCIe 的传输</translation>
    </message>
    <message>
        <source>gradients to the host, updated weights back (Ren et al. 2021, ZeRO-Offload); weights offloaded too come up for each forward and backward</source>
        <translation>梯度传到主机，更新后的权重传回（Ren et al. 2021，ZeRO-Offload）；权重也卸载时，每次前向和反向都要再传上来</translation>
    </message>
    <message>
        <source>optimizer step on the CPU</source>
        <translation>CPU 上的优化器更新</translation>
    </message>
    <message>
        <source>DeepSpeed CPU Adam: 10.3 B parameters in 6.2-6.5 s in its ZeRO-Offload tutorial&apos;s log; one host steps all its GPUs&apos; partitions</source>
        <translation>DeepSpeed CPU Adam：其 ZeRO-Offload 教程日志中 10.3 B 参数用 6.2-6.5 s；一台主机要更新它所有 GPU 的分片</translation>
    </message>
    <message>
        <source>optimizer step on the GPU</source>
        <translation>GPU 上的优化器更新</translation>
    </message>
    <message>
        <source>memory-bound: each parameter the GPU owns (a d-th under ZeRO) reads its gradient and reads and writes its weight, master copy and states once</source>
        <translation>受显存带宽限制：GPU 持有的每个参数（ZeRO 下为 1/d）读一次梯度，并各读写一次权重、主权重副本和优化器状态</translation>
    </message>
    <message>
        <source>matmuls at the card&apos;s achievable rates, FP8 linears at the FP8 rate</source>
        <translation>矩阵乘法按显卡可达速率计算，FP8 线性层按 FP8 速率</translation>
    </message>
    <message>
        <source>FP8 casts of the linears&apos; inputs, gradients and weights</source>
        <translation>线性层输入、梯度和权重的 FP8 转换</translation>
    </message>
    <message>
        <source>each cast reads the 16-bit tensor and writes its FP8 layouts, as torchao&apos;s roofline model counts its kernels unfused (roofline_utils.py) and Transformer Engine&apos;s fused cast-transpose runs; inputs again in a recomputed forward, weights each micro-batch (once a step in Megatron&apos;s workspace)</source>
        <translation>每次转换读取 16 位张量并写出其 FP8 布局，按 torchao 屋顶线模型对未融合内核的计数（roofline_utils.py）及 Transformer Engine 融合的转换-转置内核；重算前向时输入再转换一次，权重每个微批次转换一次（Megatron 的工作区中每步一次）</translation>
    </message>
    <message>
        <source>context-parallel K/V exchange</source>
        <translation>上下文并行的 K/V 交换</translation>
    </message>
    <message>
        <source>Ulysses moves q, k, v and the output by all-to-all in forward and their gradients back, again in a recomputed forward (DeepSpeed sequence/layer.py); counted as not overlapped</source>
        <translation>Ulysses 在前向中用全对全通信传送 q、k、v 和输出，反向时传回它们的梯度，重计算的前向中再传一次（DeepSpeed sequence/layer.py）；按不与计算重叠计</translation>
    </message>
    <message>
        <source>each layer brings (c-1)/c of the whole sequence&apos;s K and V to every GPU in forward, again in backward with dK and dV going back, and in a recomputed forward (Transformer Engine&apos;s ring, torch&apos;s all-gather); counted as not overlapped, though the ring overlaps attention: the upper end</source>
        <translation>每层在前向中把整条序列 K 和 V 的 (c-1)/c 送到每张 GPU，反向时再送一次并传回 dK 和 dV，重计算的前向中再送一次（Transformer Engine 的环形、torch 的 all-gather）；按不与计算重叠计，而环形实际上与注意力计算重叠：这是上限</translation>
    </message>
    <message>
        <source>the slowest pipeline stage</source>
        <translation>最慢的流水线级</translation>
    </message>
    <message>
        <source>the stages run in lock step, so the layers&apos; work goes at the pace of the stage with the most layers (L_max)</source>
        <translation>各级同步推进，因此各层的计算以层数最多的那一级（L_max）的速度进行</translation>
    </message>
    <message>
        <source>attention in its own kernels</source>
        <translation>注意力在其专用内核中运行</translation>
    </message>
    <message>
        <source>attention 4 L S&apos; A d_h forward and twice that backward (S&apos; = S/2 causal); eta_att: the share of the peak the card&apos;s flash / SDPA kernels reach, or Transformer Engine&apos;s fused attention under Megatron; backward kernels at 0.56 of it (docs/procurement.md)</source>
        <translation>注意力前向 4 L S&apos; A d_h、反向为其两倍（因果时 S&apos; = S/2）；eta_att：该卡上 flash / SDPA 内核能达到的峰值比例，Megatron 下则为 Transformer Engine 融合注意力的比例；反向内核取其 0.56（docs/procurement.md）</translation>
    </message>
    <message>
        <source>ring reduce-scatter and all-gather move (d-1)/d of a buffer, an all-reduce twice that (Patarasuk and Yuan 2009); ZeRO-3 gathers the weights for forward and again for backward (Rajbhandari et al. 2020); each collective adds NCCL&apos;s latency (tuning.cc: 8.4 µs and 3.4 / 5.7 / 9.6 µs a ring step over NVLink, PCIe, the network; its tree for all-reduces across nodes), ZeRO-3 one per layer and pass, the others one per bucket; 90 % of it overlaps backward (bucketed reduction, FSDP prefetch, DeepSpeed overlap_comm), none under DeepSpeed without overlap_comm (its default below stage 3); links at 80 % of nominal (nccl-tests)</source>
        <translation>环形 reduce-scatter 和 all-gather 各搬运缓冲区的 (d-1)/d，all-reduce 为其两倍（Patarasuk 与 Yuan 2009）；ZeRO-3 在前向和反向各收集一次权重（Rajbhandari et al. 2020）；每次集合通信另加 NCCL 的延迟（tuning.cc：8.4 µs，环上每一步经 NVLink、PCIe、网络分别加 3.4 / 5.7 / 9.6 µs；跨节点的 all-reduce 用其树算法），ZeRO-3 每层每个阶段一次，其余每个桶一次；其中 90 % 与反向重叠（分桶规约、FSDP 预取、DeepSpeed overlap_comm），DeepSpeed 未开 overlap_comm 时（低于 ZeRO-3 时的默认）不重叠；链路按标称的 80 %（nccl-tests 测得）</translation>
    </message>
    <message>
        <source>expert-parallel all-to-alls</source>
        <translation>专家并行的全对全通信</translation>
    </message>
    <message>
        <source>each MoE layer sends every token to its k experts and back (dispatch and combine) in forward, their gradients in backward, again in a recomputed forward (Lepikhin et al. 2020, GShard); not overlapped</source>
        <translation>每个 MoE 层在前向把每个 token 发往它的 k 个专家再收回（分发与合并），反向传回其梯度，重计算的前向再来一次（Lepikhin et al. 2020，GShard）；不与计算重叠</translation>
    </message>
    <message>
        <source>the layers&apos; linears run on the FP8 tensor cores at the same share of their peak as 16-bit matmuls reach of theirs (torchao&apos;s roofline model, roofline_utils.py); the LM head and attention stay 16-bit; q and q_fp8: what the GEMMs&apos; shapes cost over the card&apos;s best rate (tile and wave quantization, the memory bound)</source>
        <translation>各层线性层在 FP8 张量核上运行，达到其峰值的比例与 16 位矩阵乘法达到 16 位峰值的比例相同（torchao 的屋顶线模型，roofline_utils.py）；LM 头与注意力保持 16 位；q 与 q_fp8：GEMM 的形状相对该卡最佳速率多出的代价（分块与波次量化、内存带宽上限）</translation>
    </message>
    <message>
        <source>per token 2 P&apos; forward and 4 P&apos; backward, one more forward under recomputation (Kaplan et al. 2020; Narayanan et al. 2021, eq. 3; Korthikanti et al. 2022); eta: the card&apos;s measured best matmul efficiency; q: what the GEMMs&apos; shapes cost over it, from their tiles&apos; waves on the card&apos;s SMs and the memory bound (NVIDIA&apos;s Matrix Multiplication Background guide)</source>
        <translation>每个 token 前向 2 P&apos;、反向 4 P&apos;，重计算时再加一次前向（Kaplan 等 2020；Narayanan 等 2021，式 3；Korthikanti 等 2022）；eta：该卡实测的最佳矩阵乘法效率；q：GEMM 的形状在此之上多出的代价，由其分块在该卡 SM 上的波次与内存带宽上限得出（NVIDIA 的《矩阵乘法背景》指南）</translation>
    </message>
    <message>
        <source>norms, residuals, activation functions and casts read and write e = 830 bytes per token, layer and hidden unit as PyTorch runs them unfused (the value that reproduces MosaicML&apos;s A100 and H100 runs), 0.68 of that under torch.compile, 0.8 under Megatron with Transformer Engine (docs/procurement.md); eager attention moves the S x S scores eight times</source>
        <translation>归一化、残差、激活函数和类型转换按 PyTorch 未融合的方式运行，每个 token、每层、每个隐藏单元读写 e = 830 字节（复现 MosaicML 的 A100 和 H100 运行所取的值），torch.compile 下为其 0.68，Megatron 配合 Transformer Engine 时为 0.8（docs/procurement.md）；eager 注意力把 S x S 分数搬运八次</translation>
    </message>
</context>
<context>
    <name>VerdictText</name>
    <message>
        <source>Reduce the micro-batch to %1 (gradient accumulation × %2 keeps the global batch)</source>
        <translation>将微批次减到 %1（梯度累积 × %2 以保持全局批次）</translation>
    </message>
    <message>
        <source>Enable full activation checkpointing (about 20-30% slower)</source>
        <translation>开启完全激活检查点（约慢 20-30%）</translation>
    </message>
    <message>
        <source>Shard with ZeRO stage %1 over the %2 GPUs</source>
        <translation>用 ZeRO 阶段 %1 在 %2 张 GPU 上切分</translation>
    </message>
    <message>
        <source>Offload optimizer states and parameters to CPU memory (ZeRO-%1)</source>
        <translation>将优化器状态和参数卸载到 CPU 内存（ZeRO-%1）</translation>
    </message>
    <message>
        <source>Offload optimizer states to CPU memory (ZeRO-%1)</source>
        <translation>将优化器状态卸载到 CPU 内存（ZeRO-%1）</translation>
    </message>
    <message>
        <source>Train LoRA adapters (rank %1) on a frozen base</source>
        <translation>在冻结基座上训练 LoRA 适配器（秩 %1）</translation>
    </message>
    <message>
        <source>Train QLoRA adapters (rank %1) on a 4-bit base</source>
        <translation>在 4 位基座上训练 QLoRA 适配器（秩 %1）</translation>
    </message>
    <message>
        <source>No GPU</source>
        <translation>未选 GPU</translation>
    </message>
    <message>
        <source>Peak %1 per GPU</source>
        <translation>每卡峰值 %1</translation>
    </message>
    <message>
        <source>Choose a GPU for a verdict.</source>
        <translation>选择一款 GPU 以得出结论。</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>without ZeRO</source>
        <translation>不使用 ZeRO</translation>
    </message>
    <message>
        <source>with ZeRO stage %1</source>
        <translation>使用 ZeRO 阶段 %1</translation>
    </message>
    <message>
        <source>It would fit on %1 × %2 %3.</source>
        <translation>用 %1 × %2 就能放下（%3）。</translation>
    </message>
    <message>
        <source>More GPUs alone do not help without ZeRO: each one holds a full copy of the model states.</source>
        <translation>不用 ZeRO 时，光加 GPU 没有用：每张卡都保存一份完整的模型状态。</translation>
    </message>
    <message>
        <source>No GPU count up to 4,096 makes it fit %1.</source>
        <translation>在 4,096 张以内，无论多少张 GPU 都放不下（%1）。</translation>
    </message>
    <message>
        <source>longest sequence at B = %1: %2</source>
        <translation>B = %1 时最长序列：%2</translation>
    </message>
    <message>
        <source>no sequence length fits at B = %1</source>
        <translation>B = %1 时任何序列长度都放不下</translation>
    </message>
    <message>
        <source>Largest micro-batch that fits: %1; %2.</source>
        <translation>放得下的最大微批次：%1；%2。</translation>
    </message>
    <message>
        <source>Largest micro-batch that fits: none, even B = 1 is too large; %1.</source>
        <translation>放得下的最大微批次：无，即使 B = 1 也放不下；%1。</translation>
    </message>
    <message>
        <source>Advice: %1. Saves %2; then it fits (peak %3).</source>
        <translation>建议：%1。可节省 %2，之后即可放下（峰值 %3）。</translation>
    </message>
    <message>
        <source>Advice: %1. Saves %2; still %3 short.</source>
        <translation>建议：%1。可节省 %2，但仍差 %3。</translation>
    </message>
    <message>
        <source>Then: %1; and it fits.</source>
        <translation>然后：%1；即可放下。</translation>
    </message>
    <message>
        <source>Then: %1; and it still does not fit.</source>
        <translation>然后：%1；仍然放不下。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>； </translation>
    </message>
    <message>
        <source>Apply: %1</source>
        <translation>应用：%1</translation>
    </message>
    <message>
        <source>Fits on %1 × %2: %3 to spare</source>
        <extracomment>&quot;Fits on 1 × NVIDIA A100 80GB (SXM4): 12.3 GiB to spare&quot;</extracomment>
        <translation>%1 × %2 放得下：余量 %3</translation>
    </message>
    <message>
        <source>Does not fit on %1 × %2: %3 short</source>
        <translation>%1 × %2 放不下：还差 %3</translation>
    </message>
    <message>
        <source>Peak %1 per GPU (%2) against %3.</source>
        <translation>每卡峰值 %1（%2），容量 %3。</translation>
    </message>
    <message>
        <source>Allocated %1, reserved %2, on the device %3; compared: %4.</source>
        <extracomment>the peak&apos;s three figures; %4 names the one held against the GPU (&quot;on the device&quot;)</extracomment>
        <translation>已分配 %1，已预留 %2，设备上 %3；用于比较的是：%4。</translation>
    </message>
    <message>
        <source>Peak %1 per GPU (pipeline rank %2 of %3, %4) against %5.</source>
        <extracomment>the peak, the moment of the step it happens (&quot;last layer&apos;s backward&quot;) and the capacity the peak, the pipeline rank that peaks highest (from 0) of p, the moment of the step, the capacity</extracomment>
        <translation>每卡峰值 %1（%3 个流水线 rank 中的 rank %2，%4），容量 %5。</translation>
    </message>
</context>
<context>
    <name>headroom::BitPatternView</name>
    <message>
        <source>The encoding bit by bit: sign (purple), exponent (green), mantissa (blue).</source>
        <translation>逐位显示编码：符号（紫）、指数（绿）、尾数（蓝）。</translation>
    </message>
    <message>
        <source>%1 bits: %2</source>
        <translation>%1 位：%2</translation>
    </message>
</context>
<context>
    <name>headroom::ChartPane</name>
    <message>
        <source>Memory per GPU (%1)</source>
        <extracomment>value axis label; %1 is GB or GiB</extracomment>
        <translation>每卡显存（%1）</translation>
    </message>
    <message>
        <source>Short-lived buffers</source>
        <translation>短时缓冲区</translation>
    </message>
</context>
<context>
    <name>headroom::ChartsArea</name>
    <message>
        <source>Memory per GPU by bucket against the GPU&apos;s capacity; hover a segment for its formula.</source>
        <translation>每卡显存分项与 GPU 容量对比；悬停在某段上可查看其公式。</translation>
    </message>
    <message>
        <source>The buckets as one input sweeps, everything else held; hover for values.</source>
        <translation>某一输入变化、其余保持不变时各分项的变化；悬停可查看数值。</translation>
    </message>
    <message>
        <source>The same run under each precision recipe and adapter method.</source>
        <translation>同一训练在各精度方案和适配器方法下的对比。</translation>
    </message>
    <message>
        <source>Memory through one training step, with the peak marked.</source>
        <translation>一个训练步内的显存变化，并标出峰值。</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation>参数扫描</translation>
    </message>
    <message>
        <source>Recipe comparison</source>
        <translation>方案对比</translation>
    </message>
    <message>
        <source>Step timeline</source>
        <translation>单步时间线</translation>
    </message>
    <message>
        <source>The recipe comparison and the step timeline (Ctrl+Tab switches between them).</source>
        <translation>方案对比与单步时间线（Ctrl+Tab 在两者之间切换）。</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>GPUs Needed</source>
        <translation>所需 GPU</translation>
    </message>
    <message>
        <source>Memory per GPU, the sweep, the recipe comparison and the step timeline.</source>
        <translation>每卡显存、参数扫描、方案对比和单步时间线。</translation>
    </message>
    <message>
        <source>Pinned scenarios beside the current one: what each needs and how it differs.</source>
        <translation>固定的场景与当前场景并列：各自需要多少显存、彼此有何差别。</translation>
    </message>
    <message>
        <source>How many GPUs of every kind the run needs under each strategy, and what it costs.</source>
        <translation>本次训练在各策略下每种 GPU 需要多少张，以及费用多少。</translation>
    </message>
</context>
<context>
    <name>headroom::ComparePane</name>
    <message>
        <source>Peak per GPU</source>
        <translation>每卡峰值</translation>
    </message>
    <message>
        <source>GPU capacity</source>
        <translation>GPU 容量</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Host RAM per node</source>
        <translation>每节点主机内存</translation>
    </message>
    <message>
        <source>The highest point of the step: the rows above add up to it.</source>
        <translation>本步最高点：上面各行之和即为此值。</translation>
    </message>
    <message>
        <source>The memory of the scenario&apos;s GPU; none chosen: 0.</source>
        <translation>该场景所选 GPU 的显存；未选择 GPU 时为 0。</translation>
    </message>
    <message>
        <source>Capacity − peak: what is to spare, or, negative, what is short.</source>
        <translation>容量 − 峰值：正值为富余的显存，负值为缺口。</translation>
    </message>
    <message>
        <source>Host memory each node needs (offload, loading the model).</source>
        <translation>每个节点所需的主机内存（卸载、加载模型）。</translation>
    </message>
    <message>
        <source>What of this bucket is live at the scenario&apos;s peak.</source>
        <translation>该分项在场景峰值时驻留显存的部分。</translation>
    </message>
    <message>
        <source>&amp;Pin the Current Scenario</source>
        <translation>固定当前场景(&amp;P)</translation>
    </message>
    <message>
        <source>Re&amp;name…</source>
        <translation>重命名(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Go Back to It</source>
        <translation>回到该场景(&amp;G)</translation>
    </message>
    <message>
        <source>Remo&amp;ve</source>
        <translation>移除(&amp;V)</translation>
    </message>
    <message>
        <source>Keep the plan as it is now beside the one you edit (up to three pinned); saved with the scenario file.</source>
        <translation>将当前规划原样保留，与正在编辑的规划并列（最多固定三个）；随场景文件一起保存。</translation>
    </message>
    <message>
        <source>Rename the pinned scenario whose column is selected.</source>
        <translation>重命名所选列对应的固定场景。</translation>
    </message>
    <message>
        <source>Make the selected pinned scenario the one you edit again (undo with Ctrl+Z).</source>
        <translation>将所选的固定场景重新设为正在编辑的场景（可用 Ctrl+Z 撤销）。</translation>
    </message>
    <message>
        <source>Take the selected pinned scenario out of the comparison.</source>
        <translation>将所选的固定场景移出对比。</translation>
    </message>
    <message>
        <source>Scenarios compared</source>
        <translation>场景对比</translation>
    </message>
    <message>
        <source>Each scenario&apos;s memory at its peak and its difference from the first column.</source>
        <translation>各场景峰值时的显存，以及与第一列的差值。</translation>
    </message>
    <message>
        <source>Current</source>
        <extracomment>the scenario being edited, beside the pinned ones</extracomment>
        <translation>当前</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>±0</source>
        <extracomment>no difference from the first scenario</extracomment>
        <translation>±0</translation>
    </message>
    <message>
        <source>%1 (%2 %)</source>
        <extracomment>a difference and the same in percent of the baseline, e.g. &quot;−56.5 GiB (−41.6 %)&quot;</extracomment>
        <translation>%1 (%2 %)</translation>
    </message>
    <message>
        <source>%1 bytes; %2 bytes from %3</source>
        <extracomment>tooltip of a compared size: %1 its bytes, %2 the difference in bytes, %3 the first scenario</extracomment>
        <translation>%1 字节；与 %3 相差 %2 字节</translation>
    </message>
    <message>
        <source>Pin the plan, then change it: the pinned one stays here to compare with.</source>
        <translation>先固定规划，再修改它：固定的规划会留在这里供对比。</translation>
    </message>
    <message>
        <source>Differences are from %1. Double-click a name to rename it.</source>
        <translation>差值均相对于 %1。双击名称可重命名。</translation>
    </message>
    <message>
        <source>Rename the Pinned Scenario</source>
        <translation>重命名固定场景</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>no GPU</source>
        <extracomment>a compared scenario&apos;s capacity or headroom when it has no GPU chosen</extracomment>
        <translation>未选 GPU</translation>
    </message>
    <message>
        <source>No GPU is chosen in this scenario: there is no capacity to compare.</source>
        <translation>此场景未选择 GPU：没有可比较的容量。</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <extracomment>a compared scenario&apos;s column heading tooltip: its name, then its model and settings</extracomment>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>Reference model</source>
        <translation>参考模型</translation>
    </message>
    <message>
        <source>Reward model</source>
        <translation>奖励模型</translation>
    </message>
    <message>
        <source>Teacher</source>
        <translation>教师模型</translation>
    </message>
    <message>
        <source>vLLM (colocated)</source>
        <translation>vLLM（同机）</translation>
    </message>
    <message>
        <source>A frozen model beside the one trained, resident for the whole step (the frozen models bucket, by model).</source>
        <translation>训练模型之外的冻结模型，整个步骤常驻（冻结模型这一项，按模型分列）。</translation>
    </message>
    <message>
        <source>What of this bucket is live at the scenario&apos;s peak, for every trained model (PPO: the policy and the value model).</source>
        <translation>此项在该方案峰值时仍在使用的部分，涵盖每个被训练的模型（PPO：策略模型与价值模型）。</translation>
    </message>
</context>
<context>
    <name>headroom::CustomGpuDialog</name>
    <message>
        <source>Custom GPU</source>
        <translation>自定义 GPU</translation>
    </message>
    <message>
        <source>A card outside the catalogue, e.g. torchtitan&apos;s 96 GB H100s. The scenario keeps it; the command line takes the same figures with --gpu-spec.</source>
        <translation>目录之外的显卡，例如 torchtitan 所用的 96 GB H100。场景文件会保存它；命令行用 --gpu-spec 接受同样的数据。</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>e.g. h100-96gb</source>
        <translation>例如 h100-96gb</translation>
    </message>
    <message>
        <source>Letters, digits, &apos;-&apos;, &apos;_&apos; or &apos;.&apos;; not a catalogue kind&apos;s id.</source>
        <translation>字母、数字、&apos;-&apos;、&apos;_&apos; 或 &apos;.&apos;；不能与目录中已有型号的标识相同。</translation>
    </message>
    <message>
        <source>&amp;Memory:</source>
        <translation>显存(&amp;M)：</translation>
    </message>
    <message>
        <source>e.g. 96GiB</source>
        <translation>例如 96GiB</translation>
    </message>
    <message>
        <source>As the driver reports it, with its unit: GiB, GB or MiB.</source>
        <translation>按驱动报告的总量，带单位：GiB、GB 或 MiB。</translation>
    </message>
    <message>
        <source>&amp;BF16 TFLOP/s:</source>
        <translation>BF16 TFLOP/s(&amp;B)：</translation>
    </message>
    <message>
        <source>e.g. 989.4</source>
        <translation>例如 989.4</translation>
    </message>
    <message>
        <source>Dense tensor-core rate, without sparsity.</source>
        <translation>张量核心的稠密算力，不含稀疏加速。</translation>
    </message>
    <message>
        <source>&amp;FP8 TFLOP/s:</source>
        <translation>FP8 TFLOP/s(&amp;F)：</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>Dense FP8 rate, without sparsity; empty for a card without FP8.</source>
        <translation>FP8 稠密算力，不含稀疏加速；没有 FP8 的卡留空。</translation>
    </message>
    <message>
        <source>&amp;HBM bandwidth:</source>
        <translation>HBM 带宽(&amp;H)：</translation>
    </message>
    <message>
        <source>e.g. 3.35TB/s</source>
        <translation>例如 3.35TB/s</translation>
    </message>
    <message>
        <source>Memory bandwidth with its unit: TB/s or GB/s.</source>
        <translation>显存带宽，带单位：TB/s 或 GB/s。</translation>
    </message>
    <message>
        <source>N&amp;VLink:</source>
        <translation>NVLink(&amp;V)：</translation>
    </message>
    <message>
        <source>optional, e.g. 450GB/s</source>
        <translation>可选，例如 450GB/s</translation>
    </message>
    <message>
        <source>Per GPU, one direction; empty for none.</source>
        <translation>每块 GPU、单向；没有则留空。</translation>
    </message>
    <message>
        <source>&amp;Rent per GPU-hour, USD:</source>
        <translation>每 GPU 小时租金，美元(&amp;R)：</translation>
    </message>
    <message>
        <source>For days and cost.</source>
        <translation>用于计算天数和费用。</translation>
    </message>
    <message>
        <source>A field holds &apos;,&apos; or &apos;=&apos;: give one value per field.</source>
        <translation>有字段含有 &apos;,&apos; 或 &apos;=&apos;：每个字段只填一个值。</translation>
    </message>
    <message>
        <source>%1 is a catalogue kind: give the card another name, or choose it in the GPU list.</source>
        <translation>%1 是目录中已有的型号：请给这张卡另起名字，或直接在 GPU 列表中选择它。</translation>
    </message>
    <message>
        <source>&amp;SMs:</source>
        <translation>SM 数(&amp;S)：</translation>
    </message>
    <message>
        <source>optional, e.g. 132</source>
        <translation>可选，例如 132</translation>
    </message>
    <message>
        <source>Streaming multiprocessors (AMD: compute units): the step time counts the waves a GEMM&apos;s tiles fill on them; empty to leave that out.</source>
        <translation>流式多处理器（AMD：计算单元）：单步时间按 GEMM 分块在其上填满的波次计算；留空则不计此项。</translation>
    </message>
</context>
<context>
    <name>headroom::DelayedScalingChart</name>
    <message>
        <source>The scale each step&apos;s FP8 cast used, from the amax history (solid), against the scale the step&apos;s own amax would give (thin). Where the solid line is above the thin one, the largest values clamp; red marks those steps.</source>
        <translation>每一步 FP8 转换所用的缩放系数（实线，来自 amax 历史），与该步自身 amax 给出的缩放系数（细线）对比。实线高于细线时，最大的值会被截断；红点标出这些步。</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <source>log2 of the FP8 scale</source>
        <translation>FP8 缩放系数的 log2</translation>
    </message>
    <message>
        <source>delayed scale (amax history)</source>
        <translation>延迟缩放系数（amax 历史）</translation>
    </message>
    <message>
        <source>this step&apos;s own amax</source>
        <translation>本步自身的 amax</translation>
    </message>
    <message>
        <source>step with clamped values</source>
        <translation>有值被截断的步</translation>
    </message>
</context>
<context>
    <name>headroom::DoctorPane</name>
    <message>
        <source>S&amp;ymptom:</source>
        <translation>现象(&amp;Y)：</translation>
    </message>
    <message>
        <source>Symptom</source>
        <translation>现象</translation>
    </message>
    <message>
        <source>Likely cause:</source>
        <translation>可能原因：</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>处理建议：</translation>
    </message>
    <message>
        <source>Your scenario:</source>
        <translation>你的场景：</translation>
    </message>
    <message>
        <source>Apply this change to the scenario (undo with Ctrl+Z).</source>
        <translation>将此修改应用到场景（可用 Ctrl+Z 撤销）。</translation>
    </message>
    <message>
        <source>What the current scenario&apos;s estimate says about this symptom.</source>
        <translation>根据当前场景的估算，对该现象的分析。</translation>
    </message>
    <message>
        <source>The troubleshooting table of the training-memory guide «显存都去哪儿了» (section 4.3): pick what you see.</source>
        <translation>训练显存指南《显存都去哪儿了》中的问题速查表（第 4.3 节）：选择你遇到的现象。</translation>
    </message>
    <message>
        <source>The likely cause, from the guide&apos;s troubleshooting table.</source>
        <translation>指南问题速查表给出的可能原因。</translation>
    </message>
    <message>
        <source>What the guide&apos;s troubleshooting table suggests.</source>
        <translation>指南问题速查表给出的处理建议。</translation>
    </message>
</context>
<context>
    <name>headroom::GpuFitPane</name>
    <message>
        <source>n/a</source>
        <extracomment>no time estimate: the GPU has no tensor-core peak for the recipe</extracomment>
        <translation>不适用</translation>
    </message>
    <message>
        <source>With full activation &amp;checkpointing</source>
        <translation>开启完全激活检查点(&amp;C)</translation>
    </message>
    <message>
        <source>The table for the same run with every layer recomputed in backward (about 20–30 % slower, 8 P FLOPs per token instead of 6 P).</source>
        <translation>同一训练在反向中重计算每一层时的表格（约慢 20–30 %，每 token 计算量为 8 P 而非 6 P FLOPs）。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Max B</source>
        <extracomment>column headings: largest micro-batch, longest sequence, training days, cost</extracomment>
        <translation>最大 B</translation>
    </message>
    <message>
        <source>Max S</source>
        <translation>最大 S</translation>
    </message>
    <message>
        <source>Days</source>
        <extracomment>column headings of the best plans&apos; list</extracomment>
        <translation>天数</translation>
    </message>
    <message>
        <source>The largest micro-batch that fits one GPU of this kind as the plan has it (its GPU count and strategy).</source>
        <translation>按当前规划（其 GPU 数量和策略），该型号单张 GPU 放得下的最大微批次。</translation>
    </message>
    <message>
        <source>The longest sequence that fits, likewise.</source>
        <translation>同上，放得下的最长序列。</translation>
    </message>
    <message>
        <source>GPUs needed per GPU kind and strategy</source>
        <translation>各 GPU 型号和策略下所需 GPU 数</translation>
    </message>
    <message>
        <source>GPUs needed for %1</source>
        <translation>%1 所需 GPU</translation>
    </message>
    <message>
        <source>%1 (plan)</source>
        <extracomment>the GPU kind the plan is on, in the GPU table</extracomment>
        <translation>%1（规划）</translation>
    </message>
    <message>
        <source>%1: the plan&apos;s GPU</source>
        <translation>%1：当前规划所用的 GPU</translation>
    </message>
    <message>
        <source>%1 × %2 under %3: %4 per GPU at the peak.</source>
        <translation>%1 × %2，%3：峰值时每卡 %4。</translation>
    </message>
    <message>
        <source>On %1 it would need %2.</source>
        <extracomment>%1 the GPU count one data-parallel replica fewer, %2 its peak per GPU</extracomment>
        <translation>若用 %1 张，每卡需要 %2。</translation>
    </message>
    <message>
        <source>Host RAM per node: %1.</source>
        <translation>每节点主机内存：%1。</translation>
    </message>
    <message>
        <source>Double-click to plan with it.</source>
        <translation>双击即可按此规划。</translation>
    </message>
    <message>
        <source>Does not fit on up to 4,096 GPUs: %1 per GPU even then.</source>
        <translation>4,096 张 GPU 以内都放不下：即使用到 4,096 张，每卡仍需 %1。</translation>
    </message>
    <message>
        <source>Cannot plan with this</source>
        <translation>无法按此规划</translation>
    </message>
    <message>
        <source>%1

The scenario on screen is unchanged.</source>
        <translation>%1

当前显示的场景未改变。</translation>
    </message>
    <message>
        <source>Plan %1 × %2 under %3</source>
        <extracomment>undo text: %1 GPU count, %2 GPU name, %3 strategy</extracomment>
        <translation>规划为 %1 × %2（%3）</translation>
    </message>
    <message>
        <source>compute %1 %</source>
        <extracomment>the term a training step&apos;s time is mostly spent in, with its share of the step</extracomment>
        <translation>计算 %1 %</translation>
    </message>
    <message>
        <source>communication %1 %</source>
        <translation>通信 %1 %</translation>
    </message>
    <message>
        <source>bubble %1 %</source>
        <translation>气泡 %1 %</translation>
    </message>
    <message>
        <source>offload %1 %</source>
        <translation>卸载 %1 %</translation>
    </message>
    <message>
        <source>GPUs needed</source>
        <translation>所需 GPU</translation>
    </message>
    <message>
        <source>Time and cost</source>
        <translation>时间和成本</translation>
    </message>
    <message>
        <source>Columns</source>
        <translation>列</translation>
    </message>
    <message>
        <source>At</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>Own</source>
        <translation>自有</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Bound by</source>
        <translation>瓶颈</translation>
    </message>
    <message>
        <source>The strategy needing the fewest GPUs, and how many: what the time and cost are for.</source>
        <translation>所需 GPU 最少的策略及其数量：时间和成本按此计算。</translation>
    </message>
    <message>
        <source>What owning the cards costs for the run: their purchase spread over %1 years, and their power at $%2 per kWh (hosts, network and cooling not counted).</source>
        <translation>这次训练自有这些卡的成本：购置费按 %1 年摊销，加上按每 kWh $%2 计的耗电（不含主机、网络和散热）。</translation>
    </message>
    <message>
        <source>Model-FLOPs utilisation: forward and backward FLOPs over the step time and the dense peak.</source>
        <translation>模型 FLOPs 利用率：前向和反向的 FLOPs 除以单步时间与稠密峰值之积。</translation>
    </message>
    <message>
        <source>The term the step spends most of its time in: compute, communication, the pipeline bubble or offload. Hover a row&apos;s cell for the whole derivation.</source>
        <translation>单步时间主要花在哪一项：计算、通信、流水线气泡或卸载。悬停在该行的单元格上可看完整推导。</translation>
    </message>
    <message>
        <source>GPUs needed for the plan on each GPU kind under each strategy (– : none up to 4,096). Double-click or press Enter on a count to plan with it. Click a heading to sort.</source>
        <translation>当前方案在每种 GPU、每种策略下所需的 GPU 数（–：4,096 张以内都放不下）。双击或在数字上按 Enter 即可按它规划。点击表头排序。</translation>
    </message>
    <message>
        <source>%1 days, %2 to rent, MFU %3 %, bound by %4.</source>
        <extracomment>%1 days, %2 rent in USD, %3 MFU in percent, %4 e.g. &quot;communication 61 %&quot;</extracomment>
        <translation>%1 天，租用 %2，MFU %3 %，瓶颈 %4。</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Bold: the fewest GPUs; days, cost, MFU and what bounds the step there, for %1 tokens (hover for the step&apos;s terms). Max B, max S: one GPU of the kind as planned.</source>
        <extracomment>%1 tokens</extracomment>
        <translation>粗体：所需 GPU 最少；天数、成本、MFU 和单步瓶颈都按它计算，训练 %1 个 token（悬停可看单步各项）。最大 B、最大 S：按方案的一张该型号 GPU。</translation>
    </message>
    <message>
        <source>Days and cost are at the strategy needing the fewest GPUs, for %1 tokens. Each step is timed from its compute (matmuls at the card&apos;s measured matmul efficiency, element-wise work at its memory bandwidth), data-parallel communication over NVLink, PCIe or the network of the card&apos;s usual server, and offload&apos;s transfers and CPU optimizer step. Max B and max S are for one GPU of the kind as the plan has it: %2 GPU(s), %3.</source>
        <translation>天数和成本按所需 GPU 最少的策略计算，训练 %1 个 token。每步时间由各项组成：计算（矩阵乘按卡实测的矩阵乘效率，逐元素运算按显存带宽）、经 NVLink、PCIe 或该卡常见服务器网络的数据并行通信，以及卸载的传输和 CPU 优化器更新。最大 B 和最大 S 按方案的一张该型号 GPU：%2 张 GPU，%3。</translation>
    </message>
    <message>
        <source>One step on %1 × %2 under %3 (micro-batch %4, accumulation %5):</source>
        <extracomment>%1 GPU count, %2 GPU name, %3 strategy, %4 micro-batch, %5 accumulation steps</extracomment>
        <translation>%1 × %2，%3 下的一步（微批量 %4，累积 %5）：</translation>
    </message>
    <message>
        <source>%1 s</source>
        <extracomment>seconds per optimizer step</extracomment>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Step: %1 s, MFU %2 %, bound by %3.</source>
        <extracomment>%1 seconds per step, %2 MFU in percent, %3 the dominant term</extracomment>
        <translation>单步：%1 s，MFU %2 %，瓶颈 %3。</translation>
    </message>
    <message>
        <source>%1+%2</source>
        <translation>%1+%2</translation>
    </message>
    <message>
        <source>Beside them, the vLLM server&apos;s %1 GPUs, in the days and the cost.</source>
        <extracomment>%1 the vLLM server&apos;s GPUs beside the training GPUs</extracomment>
        <translation>此外还有 vLLM 服务器的 %1 块 GPU，计入天数与成本。</translation>
    </message>
    <message>
        <source>Best plans: time against rent</source>
        <extracomment>the view of the whole-plan search: its plans&apos; days against their rent</extracomment>
        <translation>最佳方案：时间与租金</translation>
    </message>
    <message>
        <source>Show the GPUs each strategy needs, the time, cost, MFU and step-time terms at the strategy needing the fewest, or the whole-plan search&apos;s best plans of time against rent.</source>
        <translation>显示每种策略所需的 GPU，在所需 GPU 最少的策略下的时间、成本、MFU 和单步时间各项，或整体方案搜索得到的时间与租金最佳方案。</translation>
    </message>
    <message>
        <source>Days to train on the token budget above at the strategy needing the fewest GPUs.</source>
        <translation>按所需 GPU 最少的策略，训练上方所填 token 数所需的天数。</translation>
    </message>
    <message>
        <source>What those GPU-hours cost to rent at the price per GPU-hour (the catalogue&apos;s, or the one given above for the plan&apos;s GPU kind).</source>
        <translation>这些 GPU 小时按每 GPU 小时价格（目录价格，或上方为方案的 GPU 型号所填的价格）租用的费用。</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>The best plans, fastest first</source>
        <translation>最佳方案，最快的在前</translation>
    </message>
    <message>
        <source>Tokens the run trains on, for the days and the cost: a whole number from 1 to 1e18 (e.g. 2e10 or 300B).</source>
        <translation>本次训练的 token 数，用于计算天数和费用：1 到 1e18 的整数（例如 2e10 或 300B）。</translation>
    </message>
    <message>
        <source>Token budget</source>
        <translation>token 预算</translation>
    </message>
    <message>
        <source>own</source>
        <translation>沿用</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>none</source>
        <extracomment>placeholder of the budget and deadline fields: nothing given</extracomment>
        <translation>无</translation>
    </message>
    <message>
        <source>The rent the whole run may cost, 0.01 to 1e12 USD: the chart picks the fastest plan within it. Empty or 0: none.</source>
        <translation>整个训练允许花费的租金，0.01 到 1e12 美元：图表选出此预算内最快的方案。留空或 0：不限。</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>Days the run may take, 0.001 to 36,500: the chart picks the cheapest plan finishing within them. Empty or 0: none.</source>
        <translation>训练允许耗用的天数，0.001 到 36,500：图表选出在此期限内完成的最便宜方案。留空或 0：不限。</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>期限</translation>
    </message>
    <message>
        <source>Rent per GPU-hour</source>
        <translation>每 GPU 小时租金</translation>
    </message>
    <message>
        <source>Purchase per card</source>
        <translation>每卡购价</translation>
    </message>
    <message>
        <source>Tokens:</source>
        <translation>token 数：</translation>
    </message>
    <message>
        <source>Global batch:</source>
        <translation>全局批次：</translation>
    </message>
    <message>
        <source>Budget, USD:</source>
        <translation>预算（美元）：</translation>
    </message>
    <message>
        <source>Deadline, days:</source>
        <translation>期限（天）：</translation>
    </message>
    <message>
        <source>The whole-plan search keeps the plan&apos;s GPU kind instead of trying every kind of the catalogue.</source>
        <translation>整体方案搜索保留方案的 GPU 型号，而不是尝试目录中的每一种型号。</translation>
    </message>
    <message>
        <source>Search only %1</source>
        <extracomment>%1 a GPU kind&apos;s short name</extracomment>
        <translation>只搜索 %1</translation>
    </message>
    <message>
        <source>What one %1 costs to rent per hour, 0 to 1,000,000 USD. Empty: the catalogue&apos;s $%2 (%3).</source>
        <extracomment>%1 GPU name, %2 the catalogue&apos;s price, %3 when it was read</extracomment>
        <translation>一块 %1 每小时的租金，0 到 1,000,000 美元。留空：使用目录价格 $%2（%3）。</translation>
    </message>
    <message>
        <source>What one %1 costs to buy, 0 to 10,000,000 USD, for the cost of owning. Empty: the catalogue&apos;s $%2 (%3).</source>
        <translation>一块 %1 的购买价格，0 到 10,000,000 美元，用于计算自有成本。留空：使用目录价格 $%2（%3）。</translation>
    </message>
    <message>
        <source>The figures below keep the last valid values.</source>
        <extracomment>after the messages about the fields: what the figures below are for</extracomment>
        <translation>下方的数字沿用最近一次有效的输入。</translation>
    </message>
    <message>
        <source>Tokens: &quot;%1&quot; is not allowed; give a whole number of tokens from 1 to 1e18 (e.g. 1e9, 2e10 or 300B).</source>
        <extracomment>%1 what was typed</extracomment>
        <translation>token 数：不接受“%1”；请输入 1 到 1e18 的整数（例如 1e9、2e10 或 300B）。</translation>
    </message>
    <message>
        <source>Budget: &quot;%1&quot; is not allowed; give 0.01 to 1e12 USD of rent for the whole run, or 0 or nothing for none.</source>
        <translation>预算：不接受“%1”；请输入整个训练 0.01 到 1e12 美元的租金，或填 0 或留空表示不限。</translation>
    </message>
    <message>
        <source>Deadline: &quot;%1&quot; is not allowed; give 0.001 to 36,500 days, or 0 or nothing for none.</source>
        <translation>期限：不接受“%1”；请输入 0.001 到 36,500 天，或填 0 或留空表示不限。</translation>
    </message>
    <message>
        <source>Rent per GPU-hour: &quot;%1&quot; is not allowed; give 0 to 1,000,000 USD, or nothing for the catalogue&apos;s price.</source>
        <translation>每 GPU 小时租金：不接受“%1”；请输入 0 到 1,000,000 美元，或留空以使用目录价格。</translation>
    </message>
    <message>
        <source>Purchase per card: &quot;%1&quot; is not allowed; give 0 to 10,000,000 USD, or nothing for the catalogue&apos;s price.</source>
        <translation>每卡购价：不接受“%1”；请输入 0 到 10,000,000 美元，或留空以使用目录价格。</translation>
    </message>
    <message>
        <source>Plan %1</source>
        <extracomment>undo text: %1 the plan in one line (GPU count and kind, layout, strategy, recompute, micro-batch)</extracomment>
        <translation>采用方案 %1</translation>
    </message>
    <message>
        <source>Purchase per card, USD:</source>
        <translation>每卡购价（美元）：</translation>
    </message>
    <message>
        <source>%1 rent per GPU-hour, USD:</source>
        <extracomment>before the plan&apos;s GPU kind&apos;s rent field, %1 its short name</extracomment>
        <translation>%1 每 GPU 小时租金（美元）：</translation>
    </message>
    <message>
        <source>The plans no other beats on both time and rent, fastest first; bold: the recommended plan and the picks for the budget and the deadline. Double-click or press Enter on a plan to plan with it.</source>
        <translation>在时间和租金上都不被其他方案同时超越的方案，最快的在前；粗体：推荐方案以及按预算和期限选出的方案。双击某方案或按回车即可按它规划。</translation>
    </message>
    <message>
        <source>Sequences per optimizer step, kept exactly: data-parallel degree × micro-batch × accumulation (1 to 100,000,000), or tokens written with &quot;tokens&quot; (e.g. 4M tokens: a whole number of sequences of the scenario&apos;s length). Empty or 0: the scenario&apos;s own, which every plan then keeps.</source>
        <translation>每个优化器步的序列数，严格保持：数据并行度 × 微批次 × 累积步数（1 到 100,000,000），或写上 &quot;tokens&quot; 的 token 数（例如 4M tokens：须为场景序列长度的整数倍）。留空或 0：沿用场景自身的值，所有方案都保持它。</translation>
    </message>
    <message>
        <source>Global batch: %1 tokens is not a whole number of sequences of S = %2 tokens; the plans keep the scenario&apos;s own global batch.</source>
        <extracomment>%1 tokens, %2 the sequence length in tokens</extracomment>
        <translation>全局批量：%1 个 token 不是 S = %2 个 token 的整数条序列；各方案沿用场景自身的全局批量。</translation>
    </message>
    <message>
        <source>Global batch: &quot;%1&quot; is not allowed; give 1 to 100,000,000 sequences per optimizer step, 1 to 1e12 tokens written with &quot;tokens&quot; (e.g. 4M tokens), or 0 or nothing for the scenario&apos;s own.</source>
        <translation>全局批量：不允许 &quot;%1&quot;；请给出每个优化器步 1 到 100,000,000 条序列，或写上 &quot;tokens&quot; 的 1 到 1e12 个 token（例如 4M tokens），或填 0 或留空以沿用场景自身的值。</translation>
    </message>
</context>
<context>
    <name>headroom::InputPane</name>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>Custom architecture</source>
        <translation>自定义架构</translation>
    </message>
    <message>
        <source>A published model&apos;s architecture; editing any model field below makes it a custom one.</source>
        <translation>已发布模型的架构；修改下方任一模型字段即变为自定义架构。</translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation>预设(&amp;P)：</translation>
    </message>
    <message>
        <source>Choose model %1</source>
        <translation>选择模型 %1</translation>
    </message>
    <message>
        <source>The block layout: it decides which parameters and tensors each layer has.</source>
        <translation>块结构：决定每层有哪些参数和张量。</translation>
    </message>
    <message>
        <source>Fami&amp;ly:</source>
        <translation>架构(&amp;L)：</translation>
    </message>
    <message>
        <source>Change block family</source>
        <translation>修改架构</translation>
    </message>
    <message>
        <source>La&amp;yers L:</source>
        <translation>层数 L(&amp;Y)：</translation>
    </message>
    <message>
        <source>Transformer layers L (1 to 100,000; the slider covers 1 to 160).</source>
        <translation>Transformer 层数 L（1 到 100,000；滑块范围为 1 到 160）。</translation>
    </message>
    <message>
        <source>&amp;Hidden size H:</source>
        <translation>隐藏维度 H(&amp;H)：</translation>
    </message>
    <message>
        <source>Hidden size H (1 to 1,000,000; the slider steps through the usual sizes, four per doubling).</source>
        <translation>隐藏维度 H（1 到 1,000,000；滑块按常见尺寸步进，每翻一倍分四档）。</translation>
    </message>
    <message>
        <source>Hea&amp;ds A:</source>
        <translation>注意力头数 A(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;KV heads:</source>
        <translation>KV 头数(&amp;K)：</translation>
    </message>
    <message>
        <source>&amp;FFN size:</source>
        <translation>FFN 维度(&amp;F)：</translation>
    </message>
    <message>
        <source>Inner size of the MLP (GPT-2: 4H).</source>
        <translation>MLP 的中间维度（GPT-2：4H）。</translation>
    </message>
    <message>
        <source>&amp;Vocabulary V:</source>
        <translation>词表大小 V(&amp;V)：</translation>
    </message>
    <message>
        <source>Tokens in the vocabulary (embedding and output rows).</source>
        <translation>词表中的 token 数（嵌入层和输出层的行数）。</translation>
    </message>
    <message>
        <source>Parameter co&amp;unt:</source>
        <translation>参数量(&amp;U)：</translation>
    </message>
    <message>
        <source>A given parameter count P (7B, 6.74e9); leave empty to derive it from the architecture.</source>
        <translation>直接给定参数量 P（7B、6.74e9）；留空则按架构推算。</translation>
    </message>
    <message>
        <source>The output layer reuses the token embedding (GPT-2, small LLaMA models).</source>
        <translation>输出层复用 token 嵌入（GPT-2、小型 LLaMA 模型）。</translation>
    </message>
    <message>
        <source>Change tied embeddings</source>
        <translation>修改共享嵌入</translation>
    </message>
    <message>
        <source>Parameters P:</source>
        <translation>参数量 P：</translation>
    </message>
    <message>
        <source>&amp;Training</source>
        <translation>训练(&amp;T)</translation>
    </message>
    <message>
        <source>Micro-&amp;batch B:</source>
        <translation>微批次 B(&amp;B)：</translation>
    </message>
    <message>
        <source>Sequences per GPU per forward pass (slider 1 to 1,024, log-spaced; type any value up to 1,000,000).</source>
        <translation>每卡每次前向的序列数（滑块 1 到 1,024，按对数分布；可输入不超过 1,000,000 的任意值）。</translation>
    </message>
    <message>
        <source>&amp;Sequence S:</source>
        <translation>序列长度 S(&amp;S)：</translation>
    </message>
    <message>
        <source>Tokens per sequence (slider: powers of two from 128 to 1,048,576; type any value up to 100,000,000).</source>
        <translation>每条序列的 token 数（滑块：128 到 1,048,576 之间的 2 的幂；可输入不超过 100,000,000 的任意值）。</translation>
    </message>
    <message>
        <source>&amp;Checkpointing:</source>
        <translation>激活检查点(&amp;C)：</translation>
    </message>
    <message>
        <source>Activation checkpointing (recomputation in backward).</source>
        <translation>激活检查点（在反向中重计算）。</translation>
    </message>
    <message>
        <source>Checkpointing: %1</source>
        <translation>激活检查点：%1</translation>
    </message>
    <message>
        <source>&amp;Precision:</source>
        <translation>精度(&amp;P)：</translation>
    </message>
    <message>
        <source>Precision: %1</source>
        <translation>精度：%1</translation>
    </message>
    <message>
        <source>The optimizer decides how many state tensors each parameter carries (AdamW: two, FP32).</source>
        <translation>优化器决定每个参数附带多少个状态张量（AdamW：两个，FP32）。</translation>
    </message>
    <message>
        <source>&amp;Optimizer:</source>
        <translation>优化器(&amp;O)：</translation>
    </message>
    <message>
        <source>Optimizer: %1</source>
        <translation>优化器：%1</translation>
    </message>
    <message>
        <source>&amp;Activations:</source>
        <translation>激活值(&amp;A)：</translation>
    </message>
    <message>
        <source>Activation model: %1</source>
        <translation>激活值模型：%1</translation>
    </message>
    <message>
        <source>Micro-batches per optimizer step. It enlarges the global batch and saves no memory.</source>
        <translation>每个优化器步的微批次数。它只放大全局批次，并不省显存。</translation>
    </message>
    <message>
        <source>Hard&amp;ware</source>
        <translation>硬件(&amp;W)</translation>
    </message>
    <message>
        <source>None (no verdict)</source>
        <translation>无（不给结论）</translation>
    </message>
    <message>
        <source>%1 as nvidia-smi reports it (%2); BF16: %3</source>
        <translation>nvidia-smi 显示的显存 %1（%2）；BF16：%3</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>The GPU whose memory the verdict compares against.</source>
        <translation>用于对照显存容量、给出结论的 GPU。</translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation>GPU：%1</translation>
    </message>
    <message>
        <source>GPU &amp;count N:</source>
        <translation>GPU 数量 N(&amp;C)：</translation>
    </message>
    <message>
        <source>All GPUs of the run. Model states are per GPU unless ZeRO shards them.</source>
        <translation>本次训练的全部 GPU 数。除非用 ZeRO 切分，否则每张卡都持有完整的模型状态。</translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO: shard optimizer states (1), also gradients (2), also parameters (3) over the data-parallel GPUs.</source>
        <translation>DeepSpeed ZeRO：在数据并行的 GPU 间切分优化器状态（1），再加梯度（2），再加参数（3）。</translation>
    </message>
    <message>
        <source>&amp;ZeRO:</source>
        <translation>ZeRO(&amp;Z)：</translation>
    </message>
    <message>
        <source>ZeRO: %1</source>
        <translation>ZeRO：%1</translation>
    </message>
    <message>
        <source>DeepSpeed offload: keep optimizer states (and parameters) in CPU memory.</source>
        <translation>DeepSpeed 卸载：将优化器状态（及参数）放在 CPU 内存中。</translation>
    </message>
    <message>
        <source>O&amp;ffload:</source>
        <translation>卸载(&amp;F)：</translation>
    </message>
    <message>
        <source>Offload: %1</source>
        <translation>卸载：%1</translation>
    </message>
    <message>
        <source>Ada&amp;pters</source>
        <translation>适配器(&amp;P)</translation>
    </message>
    <message>
        <source>LoRA trains small low-rank adapters on a frozen base; QLoRA also stores the base in 4-bit NF4.</source>
        <translation>LoRA 在冻结的基座上训练小型低秩适配器；QLoRA 还会以 4 位 NF4 存储基座。</translation>
    </message>
    <message>
        <source>Adapters: %1</source>
        <translation>适配器：%1</translation>
    </message>
    <message>
        <source>&amp;Rank r:</source>
        <translation>秩 r(&amp;R)：</translation>
    </message>
    <message>
        <source>The adapters&apos; rank r (LoRA paper: 4 to 64).</source>
        <translation>适配器的秩 r（LoRA 论文：4 到 64）。</translation>
    </message>
    <message>
        <source>q</source>
        <translation>q</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>v</source>
        <translation>v</translation>
    </message>
    <message>
        <source>o</source>
        <translation>o</translation>
    </message>
    <message>
        <source>gate</source>
        <translation>gate</translation>
    </message>
    <message>
        <source>up</source>
        <translation>up</translation>
    </message>
    <message>
        <source>down</source>
        <translation>down</translation>
    </message>
    <message>
        <source>Put adapters on the %1 projection.</source>
        <translation>在 %1 投影上添加适配器。</translation>
    </message>
    <message>
        <source>Change LoRA targets</source>
        <translation>修改 LoRA 目标模块</translation>
    </message>
    <message>
        <source>Targets:</source>
        <translation>目标模块：</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>修改 %1</translation>
    </message>
    <message>
        <source>derived: %1</source>
        <translation>推算：%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Eager (stores S×S scores)</source>
        <translation>Eager（存储 S×S 分数）</translation>
    </message>
    <message>
        <source>SDPA (PyTorch)</source>
        <translation>SDPA (PyTorch)</translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>Scores, softmax and dropout mask are stored per head: B×A×S×S each, growing with S².</source>
        <translation>每个头都存储分数、softmax 结果和 dropout 掩码：各为 B×A×S×S，随 S² 增长。</translation>
    </message>
    <message>
        <source>torch scaled_dot_product_attention: the memory-efficient or flash backend, no S×S tensors stored.</source>
        <translation>torch scaled_dot_product_attention：使用 “memory-efficient” 或 flash 后端，不存储 S×S 张量。</translation>
    </message>
    <message>
        <source>FlashAttention recomputes the scores in backward: activations grow linearly with S.</source>
        <translation>FlashAttention 在反向中重计算注意力分数：激活值随 S 线性增长。</translation>
    </message>
    <message>
        <source>Hugging Face, CUDA</source>
        <translation>Hugging Face, CUDA</translation>
    </message>
    <message>
        <source>Hugging Face with SDPA, CUDA</source>
        <translation>Hugging Face + SDPA, CUDA</translation>
    </message>
    <message>
        <source>Megatron fused kernels</source>
        <translation>Megatron 融合算子</translation>
    </message>
    <message>
        <source>Hugging Face, PyTorch 1.13 CPU</source>
        <translation>Hugging Face, PyTorch 1.13 CPU</translation>
    </message>
    <message>
        <source>Hugging Face eager code on PyTorch 2 and CUDA: unfused norms and activations, 1-byte dropout masks.</source>
        <translation>Hugging Face eager 代码，PyTorch 2 + CUDA：norm 和激活函数未融合，dropout 掩码每元素 1 字节。</translation>
    </message>
    <message>
        <source>The same code with attn_implementation=&quot;sdpa&quot;, Hugging Face&apos;s default.</source>
        <translation>同样的代码，使用 attn_implementation=&quot;sdpa&quot;（Hugging Face 的默认值）。</translation>
    </message>
    <message>
        <source>Fused softmax, norms, projections and activations (Korthikanti et al. 2022): the fewest saved tensors.</source>
        <translation>融合的 softmax、norm、投影和激活函数（Korthikanti et al. 2022）：保存的张量最少。</translation>
    </message>
    <message>
        <source>What the calibration fixtures measured: PyTorch 1.13 on the CPU (dropout masks in the input&apos;s dtype).</source>
        <translation>校准用例的实测环境：CPU 上的 PyTorch 1.13（dropout 掩码与输入同 dtype）。</translation>
    </message>
    <message>
        <source>T&amp;ied input and output embeddings</source>
        <translation>输入输出共享嵌入(&amp;I)</translation>
    </message>
    <message>
        <source>The attention kernel. Eager stores B×A×S×S scores per layer (S² growth); SDPA and flash store none (linear growth). Choosing SDPA or flash switches the activation model to the itemized transformer, since the textbook formula assumes eager.</source>
        <translation>注意力算子。Eager 每层存储 B×A×S×S 的分数（随 S² 增长）；SDPA 和 flash 不存储（线性增长）。由于教科书公式假设 eager，选择 SDPA 或 flash 会把激活值模型切换为逐项 Transformer。</translation>
    </message>
    <message>
        <source>Att&amp;ention:</source>
        <translation>注意力(&amp;E)：</translation>
    </message>
    <message>
        <source>Attention: %1</source>
        <translation>注意力：%1</translation>
    </message>
    <message>
        <source>The training code and kernels, which decide which tensors each layer saves for backward. Only the itemized transformer model reads it.</source>
        <translation>训练代码和算子实现，决定每层为反向保存哪些张量。仅逐项 Transformer 模型使用此项。</translation>
    </message>
    <message>
        <source>Impleme&amp;ntation:</source>
        <translation>实现(&amp;N)：</translation>
    </message>
    <message>
        <source>Implementation: %1</source>
        <translation>实现：%1</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Attention and residual dropout probability p, 0 ≤ p &lt; 1. With p &gt; 0 each dropout stores its mask for backward. Only the itemized transformer model reads it.</source>
        <translation>注意力和残差 dropout 的概率 p，0 ≤ p &lt; 1。p &gt; 0 时每个 dropout 都为反向保存其掩码。仅逐项 Transformer 模型使用此项。</translation>
    </message>
    <message>
        <source>&amp;Dropout:</source>
        <translation>Dropout(&amp;D)：</translation>
    </message>
    <message>
        <source>Grad. a&amp;ccumulation:</source>
        <translation>梯度累积(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>GPU(&amp;G)：</translation>
    </message>
    <message>
        <source>Met&amp;hod:</source>
        <translation>方法(&amp;H)：</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number; allowed: 0 to less than 1 (e.g. 0.1)</source>
        <extracomment>a dropout probability that is not a number at all</extracomment>
        <translation>%1：&quot;%2&quot; 不是数值；允许：0 到小于 1（如 0.1）</translation>
    </message>
    <message>
        <source>How weights, gradients and activations are stored (the training-memory guide «显存都去哪儿了», sections 1.3 and 3.3).</source>
        <translation>权重、梯度和激活值的存储精度（见训练显存指南《显存都去哪儿了》第 1.3 和 3.3 节）。</translation>
    </message>
    <message>
        <source>Textbook: 2 bytes/elem × (19·B·S·H + 3·B·A·S²) per layer, after Korthikanti et al. 2022 as the training-memory guide «显存都去哪儿了» teaches it. Itemized: every saved tensor of the block family.</source>
        <translation>教科书公式：每层 2 字节/元素 × (19·B·S·H + 3·B·A·S²)，源自 Korthikanti et al. 2022，即训练显存指南《显存都去哪儿了》介绍的算法。逐项：统计该架构保存的每个张量。</translation>
    </message>
    <message>
        <source>&amp;Tensor parallel t:</source>
        <translation>张量并行 t(&amp;T)：</translation>
    </message>
    <message>
        <source>Megatron tensor parallelism: each layer&apos;s matrices split over t GPUs (t divides the heads).</source>
        <translation>Megatron 张量并行：每层的矩阵切分到 t 张 GPU 上（t 须整除注意力头数）。</translation>
    </message>
    <message>
        <source>P&amp;ipeline stages p:</source>
        <translation>流水线阶段 p(&amp;I)：</translation>
    </message>
    <message>
        <source>Pipeline parallelism: the layers split into p stages on different GPUs.</source>
        <translation>流水线并行：把各层分成 p 个阶段，放在不同 GPU 上。</translation>
    </message>
    <message>
        <source>E&amp;xpert parallel e:</source>
        <translation>专家并行 e(&amp;X)：</translation>
    </message>
    <message>
        <source>Expert parallelism: the routed experts divided over e GPUs (e divides E and the data-parallel GPUs).</source>
        <translation>专家并行：路由专家分布到 e 张 GPU 上（e 须整除 E 和数据并行 GPU 数）。</translation>
    </message>
    <message>
        <source>Se&amp;quence parallelism</source>
        <translation>序列并行(&amp;Q)</translation>
    </message>
    <message>
        <source>Korthikanti et al.: with tensor parallelism, the norms&apos; and dropouts&apos; activations are split over the t GPUs too.</source>
        <translation>Korthikanti et al.：配合张量并行，norm 和 dropout 的激活值也切分到 t 张 GPU 上。</translation>
    </message>
    <message>
        <source>Sequence parallelism on</source>
        <translation>开启序列并行</translation>
    </message>
    <message>
        <source>Sequence parallelism off</source>
        <translation>关闭序列并行</translation>
    </message>
    <message>
        <source>Host RAM one node needs: the offloaded states of its GPUs, or every process loading its model slice, times DeepSpeed&apos;s 1.5 buffer factor.</source>
        <translation>单个节点所需的主机内存：取其各 GPU 卸载的状态与每个进程加载其模型切片所需内存中的较大值，再乘以 DeepSpeed 的 1.5 缓冲系数。</translation>
    </message>
    <message>
        <source>Host RAM per node:</source>
        <translation>每节点主机内存：</translation>
    </message>
    <message>
        <source>LoRA dropout</source>
        <translation>LoRA dropout</translation>
    </message>
    <message>
        <source>lora_dropout, 0 ≤ p &lt; 1: with p &gt; 0 each adapter saves a dropout mask and the dropped copy of its input (PEFT&apos;s default 0; torchtune&apos;s Llama-2 and litgpt 0.05).</source>
        <translation>lora_dropout，0 ≤ p &lt; 1：p &gt; 0 时每个适配器都保存一个 dropout 掩码和输入经 dropout 后的副本（PEFT 默认 0；torchtune 的 Llama-2 和 litgpt 为 0.05）。</translation>
    </message>
    <message>
        <source>LoRA dr&amp;opout:</source>
        <translation>LoRA dropout(&amp;O)：</translation>
    </message>
    <message>
        <source>NF4 with double quantization</source>
        <translation>NF4 + 双重量化</translation>
    </message>
    <message>
        <source>NF4</source>
        <translation>NF4</translation>
    </message>
    <message>
        <source>A&amp;dvanced settings</source>
        <translation>高级设置(&amp;D)</translation>
    </message>
    <message>
        <source>The optimizer&apos;s state dtype and gradient buffer, the runtime&apos;s share, the sharding libraries&apos; buffers, Megatron&apos;s options, the GELU kernel and the experts&apos; capacity.</source>
        <translation>优化器状态的 dtype 与梯度缓冲、运行时占用、切分库的缓冲区、Megatron 选项、GELU 实现以及专家容量。</translation>
    </message>
    <message>
        <source>FP32</source>
        <translation>FP32</translation>
    </message>
    <message>
        <source>The weights&apos; dtype</source>
        <translation>权重的 dtype</translation>
    </message>
    <message>
        <source>The optimizer&apos;s states in FP32 (the default everywhere but pure-BF16 trainers such as torchtune, which keep them in BF16: 2 + 2 + 4 = 8 bytes/param for AdamW).</source>
        <translation>优化器状态使用 FP32（除 torchtune 等纯 BF16 训练器外，这是各处的默认值；torchtune 以 BF16 保存：AdamW 为 2 + 2 + 4 = 8 字节/参数）。</translation>
    </message>
    <message>
        <source>Optimizer states in:</source>
        <translation>优化器状态精度：</translation>
    </message>
    <message>
        <source>Optimizer states in %1</source>
        <translation>优化器状态使用 %1</translation>
    </message>
    <message>
        <source>FP32 gradient buffer</source>
        <translation>FP32 梯度缓冲</translation>
    </message>
    <message>
        <source>Gradients accumulated in FP32 beside 16-bit weights (Megatron&apos;s main_grad, DeepSpeed&apos;s FP32 partition): 2 + 4 + 4 + 8 = 18 bytes/param with Adam.</source>
        <translation>在 16 位权重之外以 FP32 累积梯度（Megatron 的 main_grad、DeepSpeed 的 FP32 分片）：使用 Adam 时为 2 + 4 + 4 + 8 = 18 字节/参数。</translation>
    </message>
    <message>
        <source>FP32 gradient buffer on</source>
        <translation>开启 FP32 梯度缓冲</translation>
    </message>
    <message>
        <source>FP32 gradient buffer off</source>
        <translation>关闭 FP32 梯度缓冲</translation>
    </message>
    <message>
        <source>CUDA context:</source>
        <translation>CUDA 上下文：</translation>
    </message>
    <message>
        <source>The CUDA context and kernel images, in bytes (e.g. 1000MiB; PyTorch: 300 MiB to 2 GiB).</source>
        <translation>CUDA 上下文和 kernel 镜像的大小，单位字节（如 1000MiB；PyTorch：300 MiB 到 2 GiB）。</translation>
    </message>
    <message>
        <source>Allocator reserve:</source>
        <translation>分配器预留：</translation>
    </message>
    <message>
        <source>GPUs per node:</source>
        <translation>每节点 GPU 数：</translation>
    </message>
    <message>
        <source>GPUs sharing one host&apos;s RAM, for the host memory per node.</source>
        <translation>共享同一主机内存的 GPU 数，用于计算每节点主机内存。</translation>
    </message>
    <message>
        <source>Reduce bucket:</source>
        <translation>归约桶：</translation>
    </message>
    <message>
        <source>ZeRO&apos;s gradient reduce bucket, in elements; empty for the stack&apos;s (DeepSpeed 5e8, Hugging Face &quot;auto&quot; H², none for FSDP); 0 for none.</source>
        <translation>ZeRO 的梯度归约桶大小，单位为元素；留空则用框架默认值（DeepSpeed 5e8，Hugging Face &quot;auto&quot; 为 H²，FSDP 无）；0 表示不使用。</translation>
    </message>
    <message>
        <source>ZeRO-3 prefetch:</source>
        <translation>ZeRO-3 预取：</translation>
    </message>
    <message>
        <source>stage3_prefetch_bucket_size in elements; empty for the stack&apos;s.</source>
        <translation>stage3_prefetch_bucket_size，单位为元素；留空则用框架默认值。</translation>
    </message>
    <message>
        <source>ZeRO-3 persistence:</source>
        <translation>ZeRO-3 常驻阈值：</translation>
    </message>
    <message>
        <source>stage3_param_persistence_threshold in elements: smaller parameters are kept whole; empty for the stack&apos;s.</source>
        <translation>stage3_param_persistence_threshold，单位为元素：更小的参数完整保留；留空则用框架默认值。</translation>
    </message>
    <message>
        <source>ZeRO-3 live at most:</source>
        <translation>ZeRO-3 最大驻留：</translation>
    </message>
    <message>
        <source>stage3_max_live_parameters in elements; empty for the stack&apos;s.</source>
        <translation>stage3_max_live_parameters，单位为元素；留空则用框架默认值。</translation>
    </message>
    <message>
        <source>Build the model partitioned (zero.Init)</source>
        <translation>以切分方式构建模型（zero.Init）</translation>
    </message>
    <message>
        <source>ZeRO-3 builds each module partitioned, so no process loads the whole model in host RAM.</source>
        <translation>ZeRO-3 以切分方式构建每个模块，因此没有进程需要在主机内存中加载整个模型。</translation>
    </message>
    <message>
        <source>zero.Init on</source>
        <translation>开启 zero.Init</translation>
    </message>
    <message>
        <source>zero.Init off</source>
        <translation>关闭 zero.Init</translation>
    </message>
    <message>
        <source>Megatron&apos;s distributed optimizer</source>
        <translation>Megatron 分布式优化器</translation>
    </message>
    <message>
        <source>FP32 main parameters and moments sharded over the data-parallel GPUs (6 + 12/d bytes/param). Needs the Megatron stack.</source>
        <translation>FP32 主参数和动量在数据并行 GPU 间切分（6 + 12/d 字节/参数）。需要 Megatron 框架。</translation>
    </message>
    <message>
        <source>Distributed optimizer on</source>
        <translation>开启分布式优化器</translation>
    </message>
    <message>
        <source>Distributed optimizer off</source>
        <translation>关闭分布式优化器</translation>
    </message>
    <message>
        <source>Virtual stages v:</source>
        <translation>虚拟阶段 v：</translation>
    </message>
    <message>
        <source>Model chunks per pipeline stage (Megatron&apos;s interleaved schedule): the first stage holds L (1 + (p − 1)/(p v)) layers&apos; worth.</source>
        <translation>每个流水线阶段的模型块数（Megatron 的交错调度）：第一个阶段持有相当于 L (1 + (p − 1)/(p v)) 层的激活值。</translation>
    </message>
    <message>
        <source>As the model&apos;s code</source>
        <translation>按模型代码</translation>
    </message>
    <message>
        <source>Fused kernel</source>
        <translation>融合算子</translation>
    </message>
    <message>
        <source>Written out (gelu_new)</source>
        <translation>逐步展开（gelu_new）</translation>
    </message>
    <message>
        <source>A fused GELU saves its input only; HF&apos;s gelu_new written out saves four tensors of B×S×F.</source>
        <translation>融合的 GELU 只保存输入；HF 逐步展开的 gelu_new 会保存四个 B×S×F 张量。</translation>
    </message>
    <message>
        <source>GELU:</source>
        <translation>GELU：</translation>
    </message>
    <message>
        <source>GELU: %1</source>
        <translation>GELU：%1</translation>
    </message>
    <message>
        <source>Experts&apos; capacity factor: each expert takes at most ⌈f·k·B·S/E⌉ rows (GShard, DeepSpeed-MoE); 0 for dropless routing, as Hugging Face routes.</source>
        <translation>专家容量因子：每个专家最多接收 ⌈f·k·B·S/E⌉ 行（GShard、DeepSpeed-MoE）；0 表示无丢弃路由，与 Hugging Face 的路由方式一致。</translation>
    </message>
    <message>
        <source>Capacity factor:</source>
        <translation>容量因子：</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number; allowed: 0 (dropless) to 1000</source>
        <translation>%1：&quot;%2&quot; 不是数值；允许：0（无丢弃）到 1000</translation>
    </message>
    <message>
        <source>the stack&apos;s: %1</source>
        <translation>框架默认：%1</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Read a Hugging Face config.json, or a folder holding one and its .safetensors files (their headers give the checkpoint&apos;s exact count). You can also drop either on the window.</source>
        <translation>读取 Hugging Face config.json，或包含它及其 .safetensors 文件的文件夹（文件头给出权重文件的精确参数量）。也可以直接把它们拖放到窗口上。</translation>
    </message>
    <message>
        <source>Attention heads A. Without a head dimension of its own, each head is H/A wide and A must divide H.</source>
        <translation>注意力头数 A。未单独指定头维度时，每个头宽 H/A，且 A 必须整除 H。</translation>
    </message>
    <message>
        <source>Key/value heads: as many as A for multi-head attention, fewer for grouped-query, 1 for multi-query. They must divide the heads.</source>
        <translation>Key/value 头数：多头注意力与 A 相同，分组查询注意力（GQA）更少，多查询注意力（MQA）为 1。必须整除注意力头数。</translation>
    </message>
    <message>
        <source>Head di&amp;mension:</source>
        <translation>头维度(&amp;M)：</translation>
    </message>
    <message>
        <source>Width of one attention head (Gemma: 256 with H/A = 192); leave empty for H/A.</source>
        <translation>单个注意力头的宽度（Gemma：256，而 H/A = 192）；留空则为 H/A。</translation>
    </message>
    <message>
        <source>Mi&amp;xture of experts</source>
        <translation>混合专家(&amp;X)</translation>
    </message>
    <message>
        <source>Replace the MLP by routed experts: each token goes to k of E experts (Mixtral, Qwen-MoE, DeepSeek). All E count towards memory; k towards compute.</source>
        <translation>用路由专家替换 MLP：每个 token 被送往 E 个专家中的 k 个（Mixtral、Qwen-MoE、DeepSeek）。显存按全部 E 个专家计，计算量按 k 个计。</translation>
    </message>
    <message>
        <source>Routed e&amp;xperts E:</source>
        <translation>路由专家数 E(&amp;X)：</translation>
    </message>
    <message>
        <source>Routed experts in each MoE layer.</source>
        <translation>每个 MoE 层的路由专家数。</translation>
    </message>
    <message>
        <source>Experts per &amp;token k:</source>
        <translation>每 token 专家数 k(&amp;T)：</translation>
    </message>
    <message>
        <source>Experts each token is sent to (Mixtral: 2 of 8).</source>
        <translation>每个 token 被送往的专家数（Mixtral：8 选 2）。</translation>
    </message>
    <message>
        <source>Expert FFN si&amp;ze:</source>
        <translation>专家 FFN 维度(&amp;Z)：</translation>
    </message>
    <message>
        <source>Inner size of one expert&apos;s MLP.</source>
        <translation>单个专家 MLP 的中间维度。</translation>
    </message>
    <message>
        <source>Shared experts:</source>
        <translation>共享专家数：</translation>
    </message>
    <message>
        <source>Experts every token goes through besides the routed ones (DeepSeek; Qwen-MoE has one).</source>
        <translation>除路由专家外，每个 token 都会经过的专家（DeepSeek；Qwen-MoE 有一个）。</translation>
    </message>
    <message>
        <source>Shared expert FFN:</source>
        <translation>共享专家 FFN：</translation>
    </message>
    <message>
        <source>Inner size of one shared expert; leave empty for the routed experts&apos; size.</source>
        <translation>单个共享专家的中间维度；留空则与路由专家相同。</translation>
    </message>
    <message>
        <source>First dense layers:</source>
        <translation>前置稠密层数：</translation>
    </message>
    <message>
        <source>Leading layers that keep a dense MLP (DeepSeek&apos;s first_k_dense_replace).</source>
        <translation>保留稠密 MLP 的前几层（DeepSeek 的 first_k_dense_replace）。</translation>
    </message>
    <message>
        <source>Use a mixture of experts</source>
        <translation>使用混合专家</translation>
    </message>
    <message>
        <source>Use a dense MLP</source>
        <translation>使用稠密 MLP</translation>
    </message>
    <message>
        <source>Latent attention (M&amp;LA)</source>
        <translation>潜在注意力 MLA(&amp;L)</translation>
    </message>
    <message>
        <source>DeepSeek-V2/V3&apos;s multi-head latent attention: Q and KV pass through low-rank latents, and each head&apos;s query/key has a rotary and a non-rotary part.</source>
        <translation>DeepSeek-V2/V3 的多头潜在注意力：Q 和 KV 先经过低秩潜在向量，每个头的 query/key 分为 RoPE 和非 RoPE 两部分。</translation>
    </message>
    <message>
        <source>Q latent rank:</source>
        <translation>Q 潜在秩：</translation>
    </message>
    <message>
        <source>q_lora_rank; leave empty to project Q directly (DeepSeek-V2-Lite).</source>
        <translation>q_lora_rank；留空则直接投影 Q（DeepSeek-V2-Lite）。</translation>
    </message>
    <message>
        <source>KV latent rank:</source>
        <translation>KV 潜在秩：</translation>
    </message>
    <message>
        <source>kv_lora_rank: the compressed key/value width.</source>
        <translation>kv_lora_rank：压缩后的 key/value 宽度。</translation>
    </message>
    <message>
        <source>Rotary head dim.:</source>
        <translation>RoPE 头维度：</translation>
    </message>
    <message>
        <source>qk_rope_head_dim.</source>
        <translation>qk_rope_head_dim。</translation>
    </message>
    <message>
        <source>Non-rotary head dim.:</source>
        <translation>非 RoPE 头维度：</translation>
    </message>
    <message>
        <source>qk_nope_head_dim.</source>
        <translation>qk_nope_head_dim。</translation>
    </message>
    <message>
        <source>Value head dim.:</source>
        <translation>值头维度：</translation>
    </message>
    <message>
        <source>v_head_dim.</source>
        <translation>v_head_dim。</translation>
    </message>
    <message>
        <source>Use latent attention</source>
        <translation>使用潜在注意力</translation>
    </message>
    <message>
        <source>Use plain attention</source>
        <translation>使用普通注意力</translation>
    </message>
    <message>
        <source>The parameter count P the estimate uses; for a mixture of experts also the parameters one token passes through, and a checkpoint&apos;s own count when its headers were read.</source>
        <translation>估算所用的参数量 P；对混合专家模型还显示单个 token 经过的参数量，读取了权重文件头时还显示其自身的参数量。</translation>
    </message>
    <message>
        <source>Imported: %1 (model_type %2)</source>
        <translation>已导入：%1（model_type %2）</translation>
    </message>
    <message>
        <source>H/A = %1</source>
        <translation>H/A = %1</translation>
    </message>
    <message>
        <source>= expert FFN</source>
        <translation>= 专家 FFN</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>active per token: %1 (%2)</source>
        <translation>每 token 激活：%1（%2）</translation>
    </message>
    <message>
        <source>checkpoint: %1 (%2), stored as %3</source>
        <translation>权重文件：%1（%2），以 %3 存储</translation>
    </message>
    <message>
        <source>Training &amp;stack</source>
        <translation>训练框架(&amp;S)</translation>
    </message>
    <message>
        <source>The framework the run is launched with. Choosing one applies its defaults (attention, loss, optimizer kernel, buffers); each can then be changed below. Show the Math lists them with their sources.</source>
        <translation>启动训练所用的框架。选择后会应用其默认值（注意力、损失、优化器算子、缓冲区），之后可在下方逐项修改。“推导过程”页会列出这些默认值及其来源。</translation>
    </message>
    <message>
        <source>Fra&amp;mework:</source>
        <translation>框架(&amp;M)：</translation>
    </message>
    <message>
        <source>Training stack: %1</source>
        <translation>训练框架：%1</translation>
    </message>
    <message>
        <source>The logits of every token upcast to FP32 at once (transformers, torch.nn.CrossEntropyLoss).</source>
        <translation>一次性把所有 token 的 logits 转为 FP32（transformers、torch.nn.CrossEntropyLoss）。</translation>
    </message>
    <message>
        <source>The head and the loss in slices of the tokens (torchtune: 8; litgpt: 128 tokens).</source>
        <translation>按 token 分片计算输出头和损失（torchtune：8 片；litgpt：每片 128 个 token）。</translation>
    </message>
    <message>
        <source>Head and loss fused, slice by slice, the gradients computed in forward (Liger): no B×S×V tensor at all.</source>
        <translation>输出头与损失融合、逐片计算，梯度在前向中算出（Liger）：完全没有 B×S×V 张量。</translation>
    </message>
    <message>
        <source>How the loss meets the logits: at a 128k vocabulary the FP32 logits can be the largest tensor of the step. Needs the itemized activation model.</source>
        <translation>损失如何处理 logits：词表为 128k 时，FP32 logits 可能是本步最大的张量。需要逐项激活值模型。</translation>
    </message>
    <message>
        <source>Lo&amp;ss:</source>
        <translation>损失(&amp;S)：</translation>
    </message>
    <message>
        <source>Loss: %1</source>
        <translation>损失：%1</translation>
    </message>
    <message>
        <source>Loss chun&amp;ks:</source>
        <translation>损失分块数(&amp;K)：</translation>
    </message>
    <message>
        <source>Slices of a chunked or fused loss; leave empty for the stack&apos;s (torchtune: 8).</source>
        <translation>分块或融合损失的分片数；留空则用框架默认值（torchtune：8）。</translation>
    </message>
    <message>
        <source>torch.&amp;compile</source>
        <translation>torch.&amp;compile</translation>
    </message>
    <message>
        <source>Compiled layers fuse the norms and activations, and torchtune&apos;s compiled loss saves no FP32 log-softmax.</source>
        <translation>编译后的层会融合 norm 和激活函数，torchtune 编译后的损失也不再保存 FP32 log-softmax。</translation>
    </message>
    <message>
        <source>Optimizer step &amp;in backward</source>
        <translation>在反向中更新优化器(&amp;I)</translation>
    </message>
    <message>
        <source>Each gradient is applied and freed as backward produces it (torchtune optimizer_in_bwd): one tensor&apos;s gradient at a time. Single GPU, no gradient accumulation.</source>
        <translation>反向每产生一个梯度就立即应用并释放（torchtune optimizer_in_bwd）：同一时刻只有一个张量的梯度。仅限单卡，不支持梯度累积。</translation>
    </message>
    <message>
        <source>Offload &amp;activations to CPU</source>
        <translation>将激活值卸载到 CPU(&amp;A)</translation>
    </message>
    <message>
        <source>Saved activations are copied to pinned host memory as they are saved and brought back for backward (torchtune enable_activation_offloading).</source>
        <translation>激活值在保存时即复制到锁页主机内存，反向时再取回（torchtune enable_activation_offloading）。</translation>
    </message>
    <message>
        <source>&amp;Fused optimizer kernel</source>
        <translation>融合优化器算子(&amp;F)</translation>
    </message>
    <message>
        <source>A fused AdamW updates in place; torch&apos;s default foreach implementation allocates a temporary the size of one moment for the whole model during the step.</source>
        <translation>融合的 AdamW 原地更新；torch 默认的 foreach 实现在更新时会为整个模型分配一个与单个动量同样大小的临时张量。</translation>
    </message>
    <message>
        <source>Pa&amp;ged optimizer states</source>
        <translation>分页优化器状态(&amp;G)</translation>
    </message>
    <message>
        <source>bitsandbytes&apos; paged optimizers keep their states in CUDA managed memory, paged to host RAM under pressure.</source>
        <translation>bitsandbytes 的分页优化器把状态放在 CUDA 托管内存中，显存紧张时换页到主机内存。</translation>
    </message>
    <message>
        <source>%1 on</source>
        <translation>开启 %1</translation>
    </message>
    <message>
        <source>%1 off</source>
        <translation>关闭 %1</translation>
    </message>
    <message>
        <source>This model has no %1 projection.</source>
        <translation>这个模型没有 %1 投影。</translation>
    </message>
    <message>
        <source>What the run trains for, as TRL names its trainers: preference methods run pairs and may keep a frozen reference model.</source>
        <translation>训练目标，按 TRL 训练器的命名：偏好方法按对运行，并可能保留一个冻结的参考模型。</translation>
    </message>
    <message>
        <source>&amp;Method:</source>
        <translation>方法(&amp;M)：</translation>
    </message>
    <message>
        <source>Method: %1</source>
        <translation>方法：%1</translation>
    </message>
    <message>
        <source>Same as the policy</source>
        <translation>与策略模型相同</translation>
    </message>
    <message>
        <source>PPO: the reward and value models (a score head in place of the LM head). Distillation: the frozen teacher, with the policy&apos;s vocabulary.</source>
        <translation>PPO：奖励模型与价值模型（以打分头代替语言模型头）。蒸馏：冻结的教师模型，词表与策略模型相同。</translation>
    </message>
    <message>
        <source>Second mode&amp;l:</source>
        <translation>第二个模型(&amp;L)：</translation>
    </message>
    <message>
        <source>Second model: %1</source>
        <translation>第二个模型：%1</translation>
    </message>
    <message>
        <source>Completions per prompt G:</source>
        <translation>每个提示的补全数 G：</translation>
    </message>
    <message>
        <source>GRPO&apos;s num_generations (8) or PPO&apos;s samples per prompt (1): the policy trains on G·B completions.</source>
        <translation>GRPO 的 num_generations（8）或 PPO 每个提示的采样数（1）：策略模型在 G·B 个补全上训练。</translation>
    </message>
    <message>
        <source>Prompt tokens:</source>
        <translation>提示 token 数：</translation>
    </message>
    <message>
        <source>Tokens of each sequence S that are the prompt; the completion is the rest. GRPO and distillation compute the loss&apos;s logits over the completion.</source>
        <translation>每条序列 S 中属于提示的 token 数；其余为补全。GRPO 与蒸馏只在补全部分计算损失的 logits。</translation>
    </message>
    <message>
        <source>Who generates the completions: the policy with its KV cache, vLLM on the training GPUs, or a vLLM server on GPUs of its own.</source>
        <translation>由谁生成补全：带 KV 缓存的策略模型、训练 GPU 上的 vLLM，或使用自有 GPU 的 vLLM 服务器。</translation>
    </message>
    <message>
        <source>Rollout engine:</source>
        <translation>生成引擎：</translation>
    </message>
    <message>
        <source>Rollout engine: %1</source>
        <translation>生成引擎：%1</translation>
    </message>
    <message>
        <source>Rollout GPUs:</source>
        <translation>生成用 GPU 数：</translation>
    </message>
    <message>
        <source>A vLLM server&apos;s own GPUs, counted in the GPUs a plan needs and in its cost.</source>
        <translation>vLLM 服务器自有的 GPU，计入方案所需 GPU 数及其成本。</translation>
    </message>
    <message>
        <source>What the caching allocator holds beyond what is allocated, in bytes (e.g. 1GiB); empty to emulate PyTorch&apos;s caching allocator over the step.</source>
        <translation>缓存分配器在已分配之外持有的显存，单位字节（如 1GiB）；留空则对一步训练模拟 PyTorch 缓存分配器。</translation>
    </message>
    <message>
        <source>Expandable segments</source>
        <translation>可扩展段</translation>
    </message>
    <message>
        <source>PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: each pool one segment that grows in pages, so freed blocks fragment less.</source>
        <translation>PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True：每个内存池只有一个按页增长的段，释放的块碎片更少。</translation>
    </message>
    <message>
        <source>Expandable segments on</source>
        <translation>开启可扩展段</translation>
    </message>
    <message>
        <source>Expandable segments off</source>
        <translation>关闭可扩展段</translation>
    </message>
    <message>
        <source>How the weights reach the GPU: created in their training dtype (from_pretrained, meta-device initialisation), or built in FP32 on the GPU and then cast or quantized, which leaves the FP32 blocks in the allocator&apos;s cache.</source>
        <translation>权重如何进入 GPU：直接以训练数据类型创建（from_pretrained、元设备初始化），或先在 GPU 上以 FP32 构建再转换或量化，后者会把 FP32 的块留在分配器缓存中。</translation>
    </message>
    <message>
        <source>Loading:</source>
        <translation>加载方式：</translation>
    </message>
    <message>
        <source>Loading: %1</source>
        <translation>加载方式：%1</translation>
    </message>
    <message>
        <source>Which peak figure the verdict holds against the GPU&apos;s memory.</source>
        <translation>结论用哪个峰值数字与 GPU 显存比较。</translation>
    </message>
    <message>
        <source>Compare with the GPU:</source>
        <translation>与 GPU 比较：</translation>
    </message>
    <message>
        <source>Compare %1 with the GPU</source>
        <translation>用%1与 GPU 比较</translation>
    </message>
    <message>
        <source>emulated</source>
        <translation>模拟</translation>
    </message>
    <message>
        <source>16-bit, the weights&apos; dtype</source>
        <translation>16 位，与权重相同</translation>
    </message>
    <message>
        <source>The master copy of a master recipe in FP32, or in the weights&apos; 16-bit dtype as DeepSpeed keeps it with bf16_master_weights_and_grads (ZeRO 1 to 3): 2 + 2 + 2 + 4 = 10 bytes/param for AdamW with BF16 states.</source>
        <translation>带主副本的方案中，主副本用 FP32 保存，或像 DeepSpeed 开启 bf16_master_weights_and_grads（ZeRO 1 到 3）时那样用权重的 16 位类型保存：AdamW 配 BF16 状态时为 2 + 2 + 2 + 4 = 10 字节/参数。</translation>
    </message>
    <message>
        <source>Master weights in:</source>
        <translation>主权重类型：</translation>
    </message>
    <message>
        <source>Master weights in %1</source>
        <translation>主权重改为 %1</translation>
    </message>
    <message>
        <source>the format&apos;s: %1</source>
        <translation>该格式默认：%1</translation>
    </message>
    <message>
        <source>GPTQ 4-bit</source>
        <translation>GPTQ 4 位</translation>
    </message>
    <message>
        <source>AWQ 4-bit</source>
        <translation>AWQ 4 位</translation>
    </message>
    <message>
        <source>LLM.int8 (8-bit)</source>
        <translation>LLM.int8（8 位）</translation>
    </message>
    <message>
        <source>HQQ 4-bit</source>
        <translation>HQQ 4 位</translation>
    </message>
    <message>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <source>The frozen base&apos;s storage: bitsandbytes NF4 with FP32 block scales (4.5 bits a weight) or with the scales quantized again (4.127 bits; bnb_4bit_use_double_quant, always with torchao); a GPTQ or AWQ 4-bit checkpoint (FP16 scales and packed zeros per group, GPTQ also g_idx); bitsandbytes LLM.int8 (an FP32 scale per row); HQQ 4-bit (16-bit scale and zero per group); FP8 with FP32 channel scales. Only NF4 is sharded by ZeRO-3 and FSDP; the others stay whole on every GPU.</source>
        <translation>冻结底座的存储方式：bitsandbytes NF4，块缩放因子为 FP32（每个权重 4.5 位）或再量化一次（4.127 位；bnb_4bit_use_double_quant，torchao 总是如此）；GPTQ 或 AWQ 4 位检查点（每组 FP16 缩放因子和打包的零点，GPTQ 另有 g_idx）；bitsandbytes LLM.int8（每行一个 FP32 缩放因子）；HQQ 4 位（每组 16 位缩放因子和零点）；FP8 配 FP32 通道缩放因子。只有 NF4 会被 ZeRO-3 和 FSDP 切分；其他格式在每张 GPU 上都完整保留。</translation>
    </message>
    <message>
        <source>Quantized &amp;base:</source>
        <translation>量化底座(&amp;B)：</translation>
    </message>
    <message>
        <source>Quantized base: %1</source>
        <translation>量化底座：%1</translation>
    </message>
    <message>
        <source>&amp;Group size:</source>
        <translation>分组大小(&amp;G)：</translation>
    </message>
    <message>
        <source>Weights per group of a GPTQ, AWQ or HQQ base (empty: 128, 128 and 64, their quantizers&apos; defaults).</source>
        <translation>GPTQ、AWQ 或 HQQ 底座每组的权重数（留空：128、128 和 64，即各量化器的默认值）。</translation>
    </message>
    <message>
        <source>FP8 all-gather (FSDP2, tensorwise)</source>
        <translation>FP8 all-gather（FSDP2，tensorwise）</translation>
    </message>
    <message>
        <source>torchao&apos;s enable_fsdp_float8_all_gather: FSDP2 gathers the layers&apos; linear weights as FP8, 1 byte per parameter instead of 2, for the layers gathered at once.</source>
        <translation>torchao 的 enable_fsdp_float8_all_gather：对同时收集的各层，FSDP2 以 FP8 收集线性层权重，每个参数 1 字节而不是 2 字节。</translation>
    </message>
    <message>
        <source>FP8 all-gather on</source>
        <translation>开启 FP8 all-gather</translation>
    </message>
    <message>
        <source>FP8 all-gather off</source>
        <translation>关闭 FP8 all-gather</translation>
    </message>
    <message>
        <source>FP8 training of the layers&apos; linear layers: what each library keeps for backward (the LM head, embeddings and norms stay in the recipe&apos;s dtype).</source>
        <translation>各层线性层的 FP8 训练：每个库为反向传播保留什么（LM 头、嵌入和归一化层仍用精度方案的数据类型）。</translation>
    </message>
    <message>
        <source>FP&amp;8 linears:</source>
        <translation>FP8 线性层(&amp;8)：</translation>
    </message>
    <message>
        <source>FP8 linears: %1</source>
        <translation>FP8 线性层：%1</translation>
    </message>
    <message>
        <source>&amp;DoRA: a trained magnitude per output</source>
        <translation>&amp;DoRA：每个输出训练一个幅值</translation>
    </message>
    <message>
        <source>PEFT&apos;s use_dora (Liu et al. 2024): each adapted module also trains a magnitude vector of its outputs, saves its base and adapter outputs for backward, and builds a weight-norm scratch of about four copies of its weight while it runs forward.</source>
        <translation>PEFT 的 use_dora（Liu 等 2024）：每个被适配模块还训练一个输出幅值向量，为反向传播保存基座输出和适配器输出，并在前向时构建约为其权重四份大小的权重范数临时缓冲。</translation>
    </message>
    <message>
        <source>DoRA on</source>
        <translation>开启 DoRA</translation>
    </message>
    <message>
        <source>DoRA off</source>
        <translation>关闭 DoRA</translation>
    </message>
    <message>
        <source>bitsandbytes &amp;before 0.43.2</source>
        <translation>0.43.2 之&amp;前的 bitsandbytes</translation>
    </message>
    <message>
        <source>Older bitsandbytes kept each 4-bit linear&apos;s input for backward, though backward never read it (fixed in 0.43.2, July 2024). Tick it to compare with QLoRA runs measured in 2023-24.</source>
        <translation>旧版 bitsandbytes 会为反向传播保留每个 4 位线性层的输入，尽管反向传播从不读取它（2024 年 7 月的 0.43.2 修复）。勾选它可与 2023-24 年测得的 QLoRA 运行对比。</translation>
    </message>
    <message>
        <source>Older bitsandbytes: %1</source>
        <translation>旧版 bitsandbytes：%1</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>GaLore&apos;s and APOLLO&apos;s rank r: each 2-D weight of the layers keeps its two moments for a projection of its gradient to rank r (transformers&apos; default 128; APOLLO-Mini 1).</source>
        <translation>GaLore 和 APOLLO 的秩 r：各层的每个二维权重为其梯度到秩 r 的投影保留两个动量（transformers 默认 128；APOLLO-Mini 为 1）。</translation>
    </message>
    <message>
        <source>Pro&amp;jection rank:</source>
        <translation>投影秩(&amp;J)：</translation>
    </message>
    <message>
        <source>torchao&apos;s CPUOffloadOptimizer, for one GPU: the states, a pinned copy of the parameters and of their gradients in host memory for every tensor of at least 4096 elements, the step on the CPU. With the gradients offloaded each one is freed once copied (no accumulation).</source>
        <translation>torchao 的 CPUOffloadOptimizer，用于单卡：对每个至少 4096 个元素的张量，把状态、参数的锁页副本及其梯度放在主机内存中，更新在 CPU 上进行。卸载梯度时，每个梯度复制完即释放（不能累积）。</translation>
    </message>
    <message>
        <source>Optimizer on CPU:</source>
        <translation>优化器在 CPU 上：</translation>
    </message>
    <message>
        <source>Optimizer on CPU: %1</source>
        <translation>优化器在 CPU 上：%1</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Token embedding</source>
        <translation>词嵌入层</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>LM 头</translation>
    </message>
    <message>
        <source>Embedding and LM head</source>
        <translation>嵌入层和 LM 头</translation>
    </message>
    <message>
        <source>PEFT&apos;s modules_to_save: a trained copy of the token embedding and/or the LM head beside the frozen original, in the module&apos;s own dtype (PEFT does not upcast it as it does the adapters), with its gradient and optimizer states.</source>
        <translation>PEFT 的 modules_to_save：在冻结的原模块旁训练一份词嵌入层和/或 LM 头的副本，保持该模块自身的数据类型（PEFT 不像对适配器那样将其提升为 FP32），并带有其梯度和优化器状态。</translation>
    </message>
    <message>
        <source>Trained copies:</source>
        <translation>训练副本：</translation>
    </message>
    <message>
        <source>Trained copies</source>
        <translation>训练副本</translation>
    </message>
    <message>
        <source>How context-parallel attention exchanges K and V: ring (Transformer Engine, Megatron&apos;s default), all-gather (torch&apos;s FlexAttention path, torchtitan) or all-to-all (DeepSpeed Ulysses). The stack&apos;s own by default.</source>
        <translation>上下文并行注意力如何交换 K 和 V：环形（Transformer Engine，Megatron 的默认）、all-gather（torch 的 FlexAttention 路径，torchtitan）或全对全通信（DeepSpeed Ulysses）。默认取训练框架自己的方式。</translation>
    </message>
    <message>
        <source>Context-parallel attention:</source>
        <translation>上下文并行注意力：</translation>
    </message>
    <message>
        <source>Context-parallel attention: %1</source>
        <translation>上下文并行注意力：%1</translation>
    </message>
    <message>
        <source>Context parallel c:</source>
        <translation>上下文并行 c：</translation>
    </message>
    <message>
        <source>Context parallelism: each sequence split over c GPUs, every activation S/c tokens long; attention exchanges K and V over the group. The model states shard over the data- and context-parallel GPUs.</source>
        <translation>上下文并行：每条序列切分到 c 张 GPU 上，每个激活长 S/c 个 token；注意力在组内交换 K 和 V。模型状态在数据并行与上下文并行的 GPU 上分片。</translation>
    </message>
    <message>
        <source>Checkpoint every N-th layer:</source>
        <translation>隔层加检查点：</translation>
    </message>
    <message>
        <source>Under full checkpointing, only layers N, 2N, ... keep just their input (torchtitan&apos;s layer-level selective checkpointing); the others keep everything. 1: every layer.</source>
        <translation>在完全检查点下，只有第 N、2N……层只保存输入（torchtitan 的按层选择性检查点）；其余层保存全部张量。1：每层都加。</translation>
    </message>
    <message>
        <source>Megatron recompute layers:</source>
        <translation>Megatron 重计算层数：</translation>
    </message>
    <message>
        <source>Megatron&apos;s --recompute-num-layers under full checkpointing; 0: every layer, one a checkpoint.</source>
        <translation>完全检查点下 Megatron 的 --recompute-num-layers；0：每层一个检查点。</translation>
    </message>
    <message>
        <source>Uniform: every layer, in groups of N</source>
        <translation>均匀分组：所有层，每 N 层一组</translation>
    </message>
    <message>
        <source>Block: the first N layers of each stage</source>
        <translation>分块：每个流水线阶段的前 N 层</translation>
    </message>
    <message>
        <source>Megatron&apos;s --recompute-method: uniform keeps one input per group of N layers and rebuilds a group at once; block checkpoints the first N layers of each stage and keeps the rest whole.</source>
        <translation>Megatron 的 --recompute-method：均匀分组方式每 N 层一组只保存一份输入，反向时一次重建一组；分块方式对每个阶段的前 N 层加检查点，其余层完整保留。</translation>
    </message>
    <message>
        <source>Megatron recompute method:</source>
        <translation>Megatron 重计算方式：</translation>
    </message>
    <message>
        <source>Recompute method: %1</source>
        <translation>重计算方式：%1</translation>
    </message>
    <message>
        <source>HSDP shard group:</source>
        <translation>HSDP 分片组：</translation>
    </message>
    <message>
        <source>Hybrid sharding: ZeRO shards the model states within groups of this many GPUs and replicates them across the groups; empty: over all data-parallel GPUs.</source>
        <translation>混合分片：ZeRO 在这么多张 GPU 组成的组内对模型状态分片，并在组之间复制；留空：在全部数据并行 GPU 上分片。</translation>
    </message>
    <message>
        <source>How the layers are split over the pipeline stages: even (the first stages one more), weighted (the embedding and the output count as a layer each, torchtitan&apos;s default) or one count per stage, such as 7,8,8,7 (p × v counts under interleaving). The estimate takes the stage that peaks highest.</source>
        <translation>各层如何切分到流水线各级：even（均匀，前面的级多一层）、weighted（加权，嵌入层和输出层各按一层计，torchtitan 的默认）或每级一个层数，例如 7,8,8,7（交错调度下共 p × v 个）。估算取峰值最高的那一级。</translation>
    </message>
    <message>
        <source>Layers per stage:</source>
        <translation>每级层数：</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a split; allowed: even, weighted, or counts such as 7,8,8,7</source>
        <translation>%1：“%2”不是有效的切分；允许：even、weighted，或如 7,8,8,7 的层数列表</translation>
    </message>
    <message>
        <source>Packed sequences</source>
        <translation>序列打包</translation>
    </message>
    <message>
        <source>Each sequence packs documents up to S tokens, without padding. Under SDPA the document boundaries are a dense block-causal mask, which every layer turns into an additive mask and keeps for backward (B × S × S each); under a flash kernel they cost nothing.</source>
        <translation>每条序列把多篇文档拼到 S 个词元，不做填充。使用 SDPA 时文档边界是一个稠密的分块因果掩码，每层都会把它转成加性掩码并保留到反向（每份 B × S × S）；使用 flash 内核时不占额外显存。</translation>
    </message>
    <message>
        <source>Packed sequences on</source>
        <translation>开启序列打包</translation>
    </message>
    <message>
        <source>Packed sequences off</source>
        <translation>关闭序列打包</translation>
    </message>
    <message>
        <source>Experts&apos; shard group:</source>
        <translation>专家分片组：</translation>
    </message>
    <message>
        <source>A 2-D expert mesh: ZeRO shards the routed experts&apos; states over this many GPUs of each expert&apos;s data-parallel group and replicates them across the rest; the dense layers still shard over all data-parallel GPUs. Empty: over all of them.</source>
        <translation>二维专家网格：ZeRO 把路由专家的状态分片到每个专家数据并行组中的这么多张卡上，并在其余卡之间复制；稠密层仍分片到所有数据并行卡上。留空：分片到全部。</translation>
    </message>
    <message>
        <source>Custom…</source>
        <translation>自定义…</translation>
    </message>
    <message>
        <source>A GPU outside the list: its memory, rates, bandwidth and price (saved in the scenario).</source>
        <translation>列表之外的 GPU：填写其显存、算力、带宽和价格（保存在场景中）。</translation>
    </message>
    <message>
        <source>%1 (custom)</source>
        <extracomment>%1 the card&apos;s name as the user gave it</extracomment>
        <translation>%1（自定义）</translation>
    </message>
    <message>
        <source>%1, entered as a custom GPU</source>
        <translation>%1，作为自定义 GPU 输入</translation>
    </message>
    <message>
        <source>GPU: %1 (custom)</source>
        <translation>GPU：%1（自定义）</translation>
    </message>
    <message>
        <source>(%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>Images per sequence:</source>
        <translation>每条序列图像数：</translation>
    </message>
    <message>
        <source>Images in each sequence of a multimodal model; their tokens are part of the sequence length.</source>
        <translation>多模态模型每条序列中的图像数；其词元计入序列长度。</translation>
    </message>
    <message>
        <source>Image width (px):</source>
        <translation>图像宽度（像素）：</translation>
    </message>
    <message>
        <source>Each image&apos;s width in pixels as the processor hands it to the vision tower (after its resize).</source>
        <translation>处理器交给视觉塔时每张图像的宽度（像素，缩放之后）。</translation>
    </message>
    <message>
        <source>Image height (px):</source>
        <translation>图像高度（像素）：</translation>
    </message>
    <message>
        <source>Each image&apos;s height in pixels as the processor hands it to the vision tower (after its resize).</source>
        <translation>处理器交给视觉塔时每张图像的高度（像素，缩放之后）。</translation>
    </message>
    <message>
        <source>Frozen</source>
        <translation>冻结</translation>
    </message>
    <message>
        <source>Its weights only (LLaMA-Factory&apos;s and ms-swift&apos;s default).</source>
        <translation>只占权重（LLaMA-Factory 与 ms-swift 的默认）。</translation>
    </message>
    <message>
        <source>Trained</source>
        <translation>参与训练</translation>
    </message>
    <message>
        <source>Gradients, master weights and optimizer states too, and what its blocks save for the images (TRL trains every parameter).</source>
        <translation>还有梯度、主权重与优化器状态，以及其各块为图像保存的张量（TRL 训练全部参数）。</translation>
    </message>
    <message>
        <source>Whether the vision tower trains with the language model; adapters leave it frozen.</source>
        <translation>视觉塔是否与语言模型一起训练；使用适配器时保持冻结。</translation>
    </message>
    <message>
        <source>Vision tower:</source>
        <translation>视觉塔：</translation>
    </message>
    <message>
        <source>Vision tower: %1</source>
        <translation>视觉塔：%1</translation>
    </message>
    <message>
        <source>Hybrid mixer layers</source>
        <translation>混合架构的混合层</translation>
    </message>
    <message>
        <source>Gated DeltaNet</source>
        <translation>门控 DeltaNet</translation>
    </message>
    <message>
        <source>Mamba-2</source>
        <translation>Mamba-2</translation>
    </message>
    <message>
        <source>Mixer:</source>
        <translation>混合器：</translation>
    </message>
    <message>
        <source>Change the mixer</source>
        <translation>更改混合器</translation>
    </message>
    <message>
        <source>Mixer layers:</source>
        <translation>混合层数：</translation>
    </message>
    <message>
        <source>Layers whose mixer replaces attention (layer_types).</source>
        <translation>以混合器取代注意力的层数（layer_types）。</translation>
    </message>
    <message>
        <source>Mixer heads:</source>
        <translation>混合器头数：</translation>
    </message>
    <message>
        <source>Mixer head width:</source>
        <translation>混合器头宽度：</translation>
    </message>
    <message>
        <source>Key heads or groups:</source>
        <translation>键头数或组数：</translation>
    </message>
    <message>
        <source>Key width or state:</source>
        <translation>键宽度或状态维度：</translation>
    </message>
    <message>
        <source>Convolution width:</source>
        <translation>卷积宽度：</translation>
    </message>
    <message>
        <source>Use mixer layers</source>
        <translation>使用混合层</translation>
    </message>
    <message>
        <source>Use attention in every layer</source>
        <translation>每层都使用注意力</translation>
    </message>
    <message>
        <source>mixer in</source>
        <translation>混合层输入</translation>
    </message>
    <message>
        <source>mixer out</source>
        <translation>混合层输出</translation>
    </message>
    <message>
        <source>Some layers mix tokens with a recurrent mixer in place of attention (Qwen3-Next and Qwen3.5&apos;s Gated DeltaNet, Bamba&apos;s Mamba-2, LFM2&apos;s gated short convolution); the other layers keep attention, every layer its MLP.</source>
        <translation>部分层以循环混合器取代注意力来混合词元（Qwen3-Next 与 Qwen3.5 的门控 DeltaNet，Bamba 的 Mamba-2，LFM2 的门控短卷积）；其余层保留注意力，每层都保留其 MLP。</translation>
    </message>
    <message>
        <source>Gated short convolution</source>
        <translation>门控短卷积</translation>
    </message>
    <message>
        <source>What the mixer layers run: Gated DeltaNet linear attention (fla&apos;s kernels), Mamba-2&apos;s state-space scan (mamba_ssm&apos;s) or LFM2&apos;s gated short convolution (causal-conv1d&apos;s).</source>
        <translation>混合层运行的内容：门控 DeltaNet 线性注意力（fla 的内核）、Mamba-2 的状态空间扫描（mamba_ssm 的内核）或 LFM2 的门控短卷积（causal-conv1d 的内核）。</translation>
    </message>
    <message>
        <source>Gated DeltaNet&apos;s value heads (linear_num_value_heads); Mamba-2&apos;s heads (mamba_n_heads); a short convolution&apos;s one.</source>
        <translation>门控 DeltaNet 的值头数（linear_num_value_heads）；Mamba-2 的头数（mamba_n_heads）；短卷积为 1。</translation>
    </message>
    <message>
        <source>A value head&apos;s width (Gated DeltaNet); a head&apos;s width (Mamba-2); a short convolution&apos;s channels (LFM2: the hidden size).</source>
        <translation>一个值头的宽度（门控 DeltaNet）；一个头的宽度（Mamba-2）；短卷积的通道数（LFM2：隐藏维度）。</translation>
    </message>
    <message>
        <source>Gated DeltaNet&apos;s key heads, which must divide its value heads; Mamba-2&apos;s groups of B and C. A short convolution has none.</source>
        <translation>门控 DeltaNet 的键头数，须整除其值头数；Mamba-2 中 B 与 C 的组数。短卷积没有键。</translation>
    </message>
    <message>
        <source>A key head&apos;s width (Gated DeltaNet); the state size N (Mamba-2). A short convolution has none.</source>
        <translation>一个键头的宽度（门控 DeltaNet）；状态维度 N（Mamba-2）。短卷积没有键。</translation>
    </message>
    <message>
        <source>The causal depthwise convolution&apos;s kernel (4; LFM2: 3).</source>
        <translation>因果深度卷积的核宽（4；LFM2：3）。</translation>
    </message>
</context>
<context>
    <name>headroom::LossScaleChart</name>
    <message>
        <source>2^%1</source>
        <translation>2^%1</translation>
    </message>
    <message>
        <source>The loss scale each step used (log scale). Red marks: steps skipped because the scaled gradients held inf or NaN; each halves the scale.</source>
        <translation>每步使用的损失缩放系数（对数坐标）。红色标记：因缩放后的梯度含 inf 或 NaN 而跳过的步；每次跳过都会使缩放系数减半。</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <source>loss scale</source>
        <translation>损失缩放系数</translation>
    </message>
    <message>
        <source>skipped step (inf/NaN)</source>
        <translation>跳过的步（inf/NaN）</translation>
    </message>
    <message>
        <source>scale 16: infs below this = exploding gradients</source>
        <translation>缩放系数 16：低于此值仍出现 inf = 梯度爆炸</translation>
    </message>
</context>
<context>
    <name>headroom::MainWindow</name>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>场景文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Show the Math</source>
        <translation>推导过程</translation>
    </message>
    <message>
        <source>Doctor</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New Scenario</source>
        <translation>新建场景(&amp;N)</translation>
    </message>
    <message>
        <source>Start again from the default scenario.</source>
        <translation>从默认场景重新开始。</translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scenario file (JSON).</source>
        <translation>打开场景文件（JSON）。</translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export Chart</source>
        <translation>导出图表(&amp;E)</translation>
    </message>
    <message>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <source>Save the chart as PNG, PDF or SVG.</source>
        <translation>将图表保存为 PNG、PDF 或 SVG。</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Dark Palette</source>
        <translation>深色配色(&amp;D)</translation>
    </message>
    <message>
        <source>Switch between the light and the dark palette; the charts follow.</source>
        <translation>在浅色和深色配色之间切换；图表随之切换。</translation>
    </message>
    <message>
        <source>&amp;Units</source>
        <translation>单位(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Binary (GiB, 2^30 bytes)</source>
        <translation>二进制（GiB，2^30 字节）(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Decimal (GB, 10^9 bytes)</source>
        <translation>十进制（GB，10^9 字节）(&amp;D)</translation>
    </message>
    <message>
        <source>Go to &amp;Inputs</source>
        <translation>转到输入(&amp;I)</translation>
    </message>
    <message>
        <source>Go to &amp;Charts</source>
        <translation>转到图表(&amp;C)</translation>
    </message>
    <message>
        <source>Go to the &amp;Math</source>
        <translation>转到推导过程(&amp;M)</translation>
    </message>
    <message>
        <source>Go to the D&amp;octor</source>
        <translation>转到诊断(&amp;O)</translation>
    </message>
    <message>
        <source>%1[*] — Headroom</source>
        <translation>%1[*] — Headroom</translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation>未命名场景</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>The scenario has changes that are not saved to a file. Save them first?</source>
        <translation>场景有尚未保存到文件的修改。要先保存吗？</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Cannot open the scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <source>%1

The scenario on screen is unchanged.</source>
        <translation>%1

当前显示的场景未改变。</translation>
    </message>
    <message>
        <source>Cannot save the scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <source>%1

Nothing was written; any earlier file is as it was.</source>
        <translation>%1

未写入任何内容；原有文件保持不变。</translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;PDF 文档 (*.pdf);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Cannot export the chart</source>
        <translation>无法导出图表</translation>
    </message>
    <message>
        <source>Could not write %1. Charts export as .png, .pdf or .svg.</source>
        <translation>无法写入 %1。图表只能导出为 .png、.pdf 或 .svg。</translation>
    </message>
    <message>
        <source>Precision Lab</source>
        <translation>精度实验室</translation>
    </message>
    <message>
        <source>Go to the &amp;Precision Lab</source>
        <translation>转到精度实验室(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Import Hugging Face Config…</source>
        <translation>导入 Hugging Face 配置(&amp;I)…</translation>
    </message>
    <message>
        <source>Read a model&apos;s config.json (and, in its folder, the .safetensors headers).</source>
        <translation>读取模型的 config.json（以及同一文件夹中 .safetensors 的文件头）。</translation>
    </message>
    <message>
        <source>Import Hugging Face Config</source>
        <translation>导入 Hugging Face 配置</translation>
    </message>
    <message>
        <source>Model configs (*.json);;All files (*)</source>
        <translation>模型配置 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot import the model</source>
        <translation>无法导入模型</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Pin the Current Scenario</source>
        <translation>固定当前场景(&amp;P)</translation>
    </message>
    <message>
        <source>Keep the plan as it is now to compare with as you change it (up to three pinned).</source>
        <translation>将当前规划原样保留，以便在修改时对比（最多固定三个）。</translation>
    </message>
    <message>
        <source>Go to the &amp;GPUs Needed</source>
        <translation>转到所需 GPU(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About Headroom</source>
        <translation>关于 Headroom(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <source>&amp;Clear the List</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <source>%1 no longer exists; it is taken off the recent files.

The scenario on screen is unchanged.</source>
        <translation>%1 已不存在，已将其从最近文件列表中移除。

当前显示的场景未改变。</translation>
    </message>
    <message>
        <source>Cannot restore the autosave</source>
        <translation>无法恢复自动保存</translation>
    </message>
    <message>
        <source>%1

It was moved to %2.</source>
        <translation>%1

它已被移到 %2。</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>未知时间</translation>
    </message>
    <message>
        <source>the scenario you were editing</source>
        <translation>你正在编辑的场景</translation>
    </message>
    <message>
        <source>Restore after a crash</source>
        <extracomment>%1: a file name, or &quot;the scenario you were editing&quot;; %2: date and time</extracomment>
        <translation>崩溃后恢复</translation>
    </message>
    <message>
        <source>Headroom did not close normally. Restore %1 as it was autosaved at %2?</source>
        <translation>Headroom 上次没有正常关闭。是否恢复 %1 在 %2 自动保存时的状态？</translation>
    </message>
    <message>
        <source>Import &amp;Training Config…</source>
        <translation>导入训练配置(&amp;T)…</translation>
    </message>
    <message>
        <source>Read a DeepSpeed config (JSON), an Accelerate config or a torchtune recipe (YAML) into the plan.</source>
        <translation>将 DeepSpeed 配置（JSON）、Accelerate 配置或 torchtune 配方（YAML）读入计划。</translation>
    </message>
    <message>
        <source>Load &amp;Measured Peaks…</source>
        <translation>载入实测峰值(&amp;M)…</translation>
    </message>
    <message>
        <source>Show what a check script (headroom-cli check-script) measured beside the estimate, on the step timeline and in the math.</source>
        <translation>在步骤时间线和公式中，把检查脚本（headroom-cli check-script）的实测值与估算并列显示。</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Save the scenario&apos;s report (inputs, breakdown, peak, derivation, verdict, GPUs needed, advice and charts) as Markdown, PDF, CSV or JSON.</source>
        <translation>把本场景的报告（输入、分项、峰值、推导、结论、所需 GPU、建议和图表）保存为 Markdown、PDF、CSV 或 JSON。</translation>
    </message>
    <message>
        <source>Import Training Config</source>
        <translation>导入训练配置</translation>
    </message>
    <message>
        <source>Cannot import the training config</source>
        <translation>无法导入训练配置</translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation>已导入 %1</translation>
    </message>
    <message>
        <source>Load Measured Peaks</source>
        <translation>载入实测峰值</translation>
    </message>
    <message>
        <source>Check script output (*.json);;All files (*)</source>
        <translation>检查脚本输出 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot load the measurement</source>
        <translation>无法载入测量结果</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>Cannot export the report</source>
        <translation>无法导出报告</translation>
    </message>
    <message>
        <source>Cannot save the session</source>
        <translation>无法保存会话</translation>
    </message>
    <message>
        <source>The session could not be written to %1. The scenario on screen is kept in the autosave %2 and is offered at the next start.</source>
        <translation>无法将会话写入 %1。屏幕上的场景保留在自动保存文件 %2 中，下次启动时会提供恢复。</translation>
    </message>
    <message>
        <source>The session could not be written to %1, and there is no autosave to keep the scenario on screen: save it to a file (File › Save As) before quitting.</source>
        <translation>无法将会话写入 %1，且没有自动保存文件来保留屏幕上的场景：请在退出前将其保存为文件（文件 › 另存为）。</translation>
    </message>
    <message>
        <source>The measurement ran %1; the window shows %2, so its figures are compared with another run&apos;s.

Open the measured scenario? (Edit › Undo brings yours back; File › Open the Measured Scenario offers it again.)</source>
        <extracomment>%1 the scenario the measurement ran, %2 the one open in the window</extracomment>
        <translation>该实测运行的是 %1；窗口显示的是 %2，因此实测数字正在与另一次运行的估算比较。

要打开实测所用的场景吗？（编辑 › 撤销可恢复您的场景；文件 › 打开实测场景可再次打开它。）</translation>
    </message>
    <message>
        <source>Open the measured scenario?</source>
        <translation>打开实测场景？</translation>
    </message>
    <message>
        <source>Open the Measured &amp;Scenario</source>
        <translation>打开实测场景(&amp;S)</translation>
    </message>
    <message>
        <source>Make the scenario the loaded measurement ran the open one, so that its figures are compared with their own estimate.</source>
        <translation>把已载入实测所运行的场景设为当前场景，使实测数字与它自己的估算相比较。</translation>
    </message>
    <message>
        <source>Training configs (*.json *.yaml *.yml *.toml);;All files (*)</source>
        <translation>训练配置 (*.json *.yaml *.yml *.toml);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>headroom::MathPane</name>
    <message>
        <source>Each bucket&apos;s formula with the current scenario&apos;s numbers plugged in, in GB and GiB.</source>
        <translation>各分项的公式，代入当前场景的数值，以 GB 和 GiB 表示。</translation>
    </message>
    <message>
        <source>Show the math</source>
        <translation>推导过程</translation>
    </message>
    <message>
        <source>Show the full derivation</source>
        <translation>显示完整推导</translation>
    </message>
    <message>
        <source>Every bucket&apos;s formula, its terms and sources, the peak, the symbols and one layer&apos;s tensors.</source>
        <translation>每个分项的公式、组成项及出处、峰值、符号表和单层张量。</translation>
    </message>
    <message>
        <source>Hide the full derivation</source>
        <translation>隐藏完整推导</translation>
    </message>
</context>
<context>
    <name>headroom::NumberLineView</name>
    <message>
        <source>%1: %2 to zero, %3 subnormal, %4 overflow</source>
        <translation>%1：%2 归零，%3 为次正规数，%4 上溢</translation>
    </message>
    <message>
        <source>1e-10</source>
        <translation>1e-10</translation>
    </message>
    <message>
        <source>to zero %1</source>
        <translation>归零 %1</translation>
    </message>
    <message>
        <source>subnormal %1</source>
        <translation>次正规 %1</translation>
    </message>
    <message>
        <source>overflow %1</source>
        <translation>上溢 %1</translation>
    </message>
    <message>
        <source>without loss scaling: %1 to zero, %2 subnormal</source>
        <translation>不做损失缩放：%1 归零，%2 为次正规数</translation>
    </message>
    <message>
        <source>1e%1</source>
        <translation>1e%1</translation>
    </message>
    <message>
        <source>%1 near %2: rounds to zero. Gradients here are lost.</source>
        <translation>%1 在 %2 附近：舍入为零。落在这里的梯度会丢失。</translation>
    </message>
    <message>
        <source>%1 near %2: subnormal. Stored, but with fewer significant bits the smaller it gets.</source>
        <translation>%1 在 %2 附近：次正规数。能存下，但数值越小有效位越少。</translation>
    </message>
    <message>
        <source>%1 near %2: normal range, full precision.</source>
        <translation>%1 在 %2 附近：正规数范围，精度完整。</translation>
    </message>
    <message>
        <source>%1 near %2: overflow. E4M3 has no infinity: the value becomes NaN.</source>
        <translation>%1 在 %2 附近：上溢。E4M3 没有无穷大：该值变为 NaN。</translation>
    </message>
    <message>
        <source>%1 near %2: overflow to infinity; GradScaler skips the step.</source>
        <translation>%1 在 %2 附近：上溢为无穷大；GradScaler 会跳过该步。</translation>
    </message>
</context>
<context>
    <name>headroom::PlanFrontPane</name>
    <message>
        <source>Time against rent of the best plans</source>
        <translation>最佳方案的时间与租金</translation>
    </message>
    <message>
        <source>Time against rent: the plans no other beats on both</source>
        <translation>时间与租金：两方面都不会被别的方案同时胜过的方案</translation>
    </message>
    <message>
        <source>Days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>Rent (USD)</source>
        <translation>租金（美元）</translation>
    </message>
</context>
<context>
    <name>headroom::PrecisionLabPanel</name>
    <message>
        <source>Small gradient, 2e-8: FP16 flushes it to zero</source>
        <translation>小梯度 2e-8：FP16 下溢为零</translation>
    </message>
    <message>
        <source>Typical gradient, 3e-6: FP16 subnormal</source>
        <translation>典型梯度 3e-6：FP16 次正规数</translation>
    </message>
    <message>
        <source>Weight, 0.0123</source>
        <translation>权重 0.0123</translation>
    </message>
    <message>
        <source>Activation, 12.5</source>
        <translation>激活值 12.5</translation>
    </message>
    <message>
        <source>Attention score, 300.7: E4M3 rounds coarsely</source>
        <translation>注意力分数 300.7：E4M3 舍入很粗</translation>
    </message>
    <message>
        <source>Large activation, 70000: FP16 overflows</source>
        <translation>大激活值 70000：FP16 上溢</translation>
    </message>
    <message>
        <source>1 + 2^-10: FP16 keeps it, BF16 rounds to 1</source>
        <translation>1 + 2^-10：FP16 能保留，BF16 舍入为 1</translation>
    </message>
    <message>
        <source>Choose a GPU in the plan to see whether to train in BF16 or in FP16 with a loss scaler.</source>
        <translation>在规划中选择一款 GPU，即可看出该用 BF16 训练，还是用 FP16 加损失缩放。</translation>
    </message>
    <message>
        <source>Formats</source>
        <translation>数值格式</translation>
    </message>
    <message>
        <source>Gradient range</source>
        <translation>梯度范围</translation>
    </message>
    <message>
        <source>Loss scaling</source>
        <translation>损失缩放</translation>
    </message>
    <message>
        <source>Update order</source>
        <translation>更新顺序</translation>
    </message>
    <message>
        <source>How one value is stored in each format: bits, stored value, error, class.</source>
        <translation>一个数值在各格式中如何存储：位、存储值、误差、类别。</translation>
    </message>
    <message>
        <source>Where a distribution of gradient magnitudes falls in each format&apos;s range, and what a loss scale does.</source>
        <translation>梯度幅值分布落在各格式范围中的位置，以及损失缩放的作用。</translation>
    </message>
    <message>
        <source>The order of a mixed-precision update, and what clipping before unscaling does.</source>
        <translation>混合精度更新的顺序，以及在 unscale 之前裁剪会造成什么后果。</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>数值(&amp;V)：</translation>
    </message>
    <message>
        <source>e.g. 3e-8, 65504, -0, inf</source>
        <translation>如 3e-8, 65504, -0, inf</translation>
    </message>
    <message>
        <source>Any number (scientific notation is fine), or inf, -inf, nan. Each format rounds it to nearest, ties to even.</source>
        <translation>任意数值（可用科学计数法），或 inf、-inf、nan。各格式均按“就近舍入，平局取偶”处理。</translation>
    </message>
    <message>
        <source>Typical values from training: gradients, weights, activations.</source>
        <translation>训练中的典型数值：梯度、权重、激活值。</translation>
    </message>
    <message>
        <source>Examples…</source>
        <translation>示例…</translation>
    </message>
    <message>
        <source>&lt;span style=&quot;color:%1&quot;&gt;■&lt;/span&gt; sign &amp;nbsp; &lt;span style=&quot;color:%2&quot;&gt;■&lt;/span&gt; exponent &amp;nbsp; &lt;span style=&quot;color:%3&quot;&gt;■&lt;/span&gt; mantissa</source>
        <translation>&lt;span style=&quot;color:%1&quot;&gt;■&lt;/span&gt; 符号 &amp;nbsp; &lt;span style=&quot;color:%2&quot;&gt;■&lt;/span&gt; 指数 &amp;nbsp; &lt;span style=&quot;color:%3&quot;&gt;■&lt;/span&gt; 尾数</translation>
    </message>
    <message>
        <source>The value the encoding actually holds.</source>
        <translation>该编码实际表示的数值。</translation>
    </message>
    <message>
        <source>Relative error |stored − value| / |value|, and the spacing (ulp) of the format at the stored value.</source>
        <translation>相对误差 |存储值 − 数值| / |数值|，以及该格式在存储值处的间距（ulp）。</translation>
    </message>
    <message>
        <source>Normal, subnormal (fewer significant bits), zero, infinity or NaN, and what rounding did.</source>
        <translation>正规数、次正规数（有效位更少）、零、无穷大或 NaN，以及舍入的结果。</translation>
    </message>
    <message>
        <source>Format constants</source>
        <translation>格式常量</translation>
    </message>
    <message>
        <source>Exact values; ε is the distance from 1 to the next larger value.</source>
        <translation>精确值；ε 为 1 到下一个更大可表示值的距离。</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Largest</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>Smallest normal</source>
        <translation>最小正规数</translation>
    </message>
    <message>
        <source>Smallest subnormal</source>
        <translation>最小次正规数</translation>
    </message>
    <message>
        <source>ε</source>
        <translation>ε</translation>
    </message>
    <message>
        <source>Digits</source>
        <translation>有效位数</translation>
    </message>
    <message>
        <source>Type a value to see how each format stores it.</source>
        <translation>输入一个数值，查看各格式如何存储它。</translation>
    </message>
    <message>
        <source>“%1” is not a number. Type a decimal number such as 3e-8 or -65504 (|x| up to 1.8e308), or inf, -inf, nan.</source>
        <translation>“%1”不是数值。请输入十进制数，如 3e-8 或 -65504（|x| 不超过 1.8e308），或 inf、-inf、nan。</translation>
    </message>
    <message>
        <source>= %1</source>
        <translation>= %1</translation>
    </message>
    <message>
        <source>error: —</source>
        <translation>误差：—</translation>
    </message>
    <message>
        <source>exact · ulp %1</source>
        <translation>精确 · ulp %1</translation>
    </message>
    <message>
        <source>rel. error %1 · ulp %2</source>
        <translation>相对误差 %1 · ulp %2</translation>
    </message>
    <message>
        <source>Gradient magnitudes |g| spread over many decades. Each line shows a format&apos;s range (red: rounds to zero, orange: subnormal, green: normal, purple: overflow) with the distribution of loss-scaled gradients over it.</source>
        <translation>梯度幅值 |g| 跨越许多个数量级。每一行显示一种格式的范围（红：舍入为零，橙：次正规数，绿：正规数，紫：上溢），并叠加经损失缩放后的梯度分布。</translation>
    </message>
    <message>
        <source>&amp;Median |g|:</source>
        <translation>|g| 中位数(&amp;M)：</translation>
    </message>
    <message>
        <source>The median gradient magnitude before scaling (1e-12 to 100, in tenths of a decade).</source>
        <translation>缩放前梯度幅值的中位数（1e-12 到 100，以 0.1 个数量级为步长）。</translation>
    </message>
    <message>
        <source>spread 5.0 decades</source>
        <translation>跨度 5.0 个数量级</translation>
    </message>
    <message>
        <source>&amp;Spread:</source>
        <translation>跨度(&amp;S)：</translation>
    </message>
    <message>
        <source>Standard deviation of log10 |g|: how many decades the gradients span (0.1 to 5).</source>
        <translation>log10 |g| 的标准差：梯度跨越多少个数量级（0.1 到 5）。</translation>
    </message>
    <message>
        <source>&amp;Loss scale:</source>
        <translation>损失缩放(&amp;L)：</translation>
    </message>
    <message>
        <source>Multiply the loss, and so every gradient, by 2^n before it is stored (2^0 = no scaling, up to 2^24). GradScaler starts at 2^16.</source>
        <translation>在存储之前把损失（从而每个梯度）乘以 2^n（2^0 = 不缩放，最大 2^24）。GradScaler 初始为 2^16。</translation>
    </message>
    <message>
        <source>Load histogram…</source>
        <translation>加载直方图…</translation>
    </message>
    <message>
        <source>Use a measured histogram of |g| instead: a text file with one bin per line, &quot;lower,upper,count&quot; (commas, semicolons, tabs or spaces).</source>
        <translation>改用实测的 |g| 直方图：文本文件，每行一个分箱，格式为 &quot;lower,upper,count&quot;（可用逗号、分号、制表符或空格分隔）。</translation>
    </message>
    <message>
        <source>Use log-normal</source>
        <translation>使用对数正态</translation>
    </message>
    <message>
        <source>Go back to the log-normal model set by the median and spread sliders.</source>
        <translation>回到由中位数和跨度滑块设定的对数正态模型。</translation>
    </message>
    <message>
        <source>Median |g| must be between %1 and %2.</source>
        <translation>|g| 中位数必须介于 %1 和 %2 之间。</translation>
    </message>
    <message>
        <source>Spread must be between %1 and %2 decades.</source>
        <translation>跨度必须介于 %1 和 %2 个数量级之间。</translation>
    </message>
    <message>
        <source>Loss scale must be between %1 and %2.</source>
        <translation>损失缩放系数必须介于 %1 和 %2 之间。</translation>
    </message>
    <message>
        <source>Histogram of gradient magnitudes</source>
        <translation>梯度幅值直方图</translation>
    </message>
    <message>
        <source>Histogram files (*.csv *.tsv *.txt);;All files (*)</source>
        <translation>直方图文件 (*.csv *.tsv *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>%1 decades</source>
        <translation>%1 个数量级</translation>
    </message>
    <message>
        <source>Histogram %1: %2 bins, %3 values.</source>
        <translation>直方图 %1：%2 个分箱，%3 个值。</translation>
    </message>
    <message>
        <source>Log-normal: median %1, spread %2 decades.</source>
        <translation>对数正态：中位数 %1，跨度 %2 个数量级。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Without loss scaling, FP16 flushes %1 of these gradients to zero&lt;/b&gt; and keeps %2 only as subnormals; BF16 flushes %3. Move the loss scale to bring FP16&apos;s share back.</source>
        <translation>&lt;b&gt;不做损失缩放时，FP16 会把其中 %1 的梯度下溢为零&lt;/b&gt;，另有 %2 只能以次正规数保存；BF16 下溢 %3。调整损失缩放，即可把 FP16 丢掉的这部分找回来。</translation>
    </message>
    <message>
        <source>&lt;b&gt;At loss scale %1, FP16 flushes %2 to zero&lt;/b&gt; (%3 without scaling), keeps %4 as subnormals and overflows %5; BF16 flushes %6.</source>
        <translation>&lt;b&gt;损失缩放为 %1 时，FP16 下溢为零的比例为 %2&lt;/b&gt;（不缩放时为 %3），%4 为次正规数，%5 上溢；BF16 下溢 %6。</translation>
    </message>
    <message>
        <source>torch.cuda.amp.GradScaler: an inf/NaN in the scaled gradients skips the step and halves the scale; 2000 clean steps in a row double it.</source>
        <translation>torch.cuda.amp.GradScaler：缩放后的梯度中出现 inf/NaN 时跳过该步并将缩放系数减半；连续 2000 步无溢出则加倍。</translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation>场景(&amp;S)：</translation>
    </message>
    <message>
        <source>Healthy FP16 run</source>
        <translation>健康的 FP16 训练</translation>
    </message>
    <message>
        <source>Occasional gradient spikes</source>
        <translation>偶发梯度尖峰</translation>
    </message>
    <message>
        <source>Learning-rate blow-up at step 3000</source>
        <translation>第 3000 步学习率过大导致发散</translation>
    </message>
    <message>
        <source>BF16, same gradients</source>
        <translation>BF16，相同梯度</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Ready-made gradient histories; any change below makes it Custom.</source>
        <translation>预设的梯度历史；修改下方任一项即变为“自定义”。</translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation>模拟</translation>
    </message>
    <message>
        <source>2^</source>
        <translation>2^</translation>
    </message>
    <message>
        <source> dec.</source>
        <translation> 数量级</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>×</source>
        <translation>×</translation>
    </message>
    <message>
        <source>LR blow-up from step</source>
        <translation>学习率发散起始步</translation>
    </message>
    <message>
        <source>From this step on the gradients grow geometrically, as when the learning rate is too high.</source>
        <translation>从这一步起梯度按几何级数增长，就像学习率过大时那样。</translation>
    </message>
    <message>
        <source>Ste&amp;ps:</source>
        <translation>步数(&amp;P)：</translation>
    </message>
    <message>
        <source>Training steps to simulate (10 to 200,000).</source>
        <translation>模拟的训练步数（10 到 200,000）。</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>The format the scaled gradients are held in; inf means scale × max|g| overflows it.</source>
        <translation>缩放后梯度所用的格式；inf 表示缩放系数 × max|g| 超出了其范围。</translation>
    </message>
    <message>
        <source>&amp;Growth interval:</source>
        <translation>增长间隔(&amp;G)：</translation>
    </message>
    <message>
        <source>Clean steps in a row before the scale doubles (GradScaler: 2000).</source>
        <translation>缩放系数加倍前需连续无溢出的步数（GradScaler：2000）。</translation>
    </message>
    <message>
        <source>&amp;Initial scale:</source>
        <translation>初始缩放系数(&amp;I)：</translation>
    </message>
    <message>
        <source>GradScaler starts at 2^16.</source>
        <translation>GradScaler 初始为 2^16。</translation>
    </message>
    <message>
        <source>Typical max |&amp;g|:</source>
        <translation>max |g| 典型值(&amp;G)：</translation>
    </message>
    <message>
        <source>The largest unscaled gradient magnitude in a typical step.</source>
        <translation>典型一步中未缩放梯度幅值的最大值。</translation>
    </message>
    <message>
        <source>&amp;Noise:</source>
        <translation>噪声(&amp;N)：</translation>
    </message>
    <message>
        <source>Step-to-step spread of log10 max|g|, in decades.</source>
        <translation>log10 max|g| 的逐步波动，单位为数量级。</translation>
    </message>
    <message>
        <source>Spi&amp;kes:</source>
        <translation>尖峰(&amp;K)：</translation>
    </message>
    <message>
        <source>Chance per step of a gradient spike (a bad batch).</source>
        <translation>每步出现梯度尖峰（异常批次）的概率。</translation>
    </message>
    <message>
        <source>Spike si&amp;ze:</source>
        <translation>尖峰幅度(&amp;Z)：</translation>
    </message>
    <message>
        <source>How much a spike multiplies max|g|.</source>
        <translation>尖峰使 max|g| 放大的倍数。</translation>
    </message>
    <message>
        <source>&amp;Rate per step:</source>
        <translation>每步增长率(&amp;R)：</translation>
    </message>
    <message>
        <source>Growth of max|g| per step during the blow-up.</source>
        <translation>发散期间 max|g| 每步的增长倍数。</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>随机种子(&amp;E)：</translation>
    </message>
    <message>
        <source>Seed of the gradient noise; the same seed gives the same run.</source>
        <translation>梯度噪声的随机种子；相同种子得到相同的运行结果。</translation>
    </message>
    <message>
        <source>These settings are outside what the simulation accepts.</source>
        <translation>这些设置超出了模拟允许的范围。</translation>
    </message>
    <message>
        <source>%1 of %2 steps skipped (%3); final scale %4, lowest %5.</source>
        <translation>%2 步中跳过了 %1 步（%3）；最终缩放系数 %4，最低 %5。</translation>
    </message>
    <message>
        <source>Gradients leave backward() multiplied by the loss scale. Clipping must see the true gradients, so scaler.unscale_(optimizer) comes first.</source>
        <translation>backward() 输出的梯度已乘上损失缩放系数。裁剪必须看到真实梯度，因此要先调用 scaler.unscale_(optimizer)。</translation>
    </message>
    <message>
        <source>&amp;Clip before unscaling (the common bug)</source>
        <translation>在 unscale 之前裁剪（常见错误）(&amp;C)</translation>
    </message>
    <message>
        <source>Move clip_grad_norm_ before scaler.unscale_() and see what the optimizer then applies.</source>
        <translation>把 clip_grad_norm_ 移到 scaler.unscale_() 之前，看看优化器最终应用的是什么。</translation>
    </message>
    <message>
        <source>The gradient norm before any scaling.</source>
        <translation>未经任何缩放的梯度范数。</translation>
    </message>
    <message>
        <source>clip_grad_norm_&apos;s max_norm.</source>
        <translation>clip_grad_norm_ 的 max_norm。</translation>
    </message>
    <message>
        <source>The loss scale at this step (GradScaler starts at 2^16).</source>
        <translation>本步的损失缩放系数（GradScaler 初始为 2^16）。</translation>
    </message>
    <message>
        <source>True gradient &amp;norm:</source>
        <translation>真实梯度范数(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;max_norm:</source>
        <translation>&amp;max_norm：</translation>
    </message>
    <message>
        <source>Loss &amp;scale:</source>
        <translation>损失缩放系数(&amp;S)：</translation>
    </message>
    <message>
        <source>Clipping sees the true norm %1 and multiplies the gradients by %2. &lt;b&gt;The optimizer applies a gradient of norm %3&lt;/b&gt;, as max_norm %4 intends.</source>
        <translation>裁剪看到的是真实范数 %1，并把梯度乘以 %2。&lt;b&gt;优化器应用的梯度范数为 %3&lt;/b&gt;，符合 max_norm %4 的预期。</translation>
    </message>
    <message>
        <source>Clipping sees %1 = true norm × scale and multiplies the gradients by %2. After unscaling, &lt;span style=&quot;color:%3&quot;&gt;&lt;b&gt;the optimizer applies norm %4 instead of %5: %6× too small.&lt;/b&gt;&lt;/span&gt; Call scaler.unscale_(optimizer) before clip_grad_norm_.</source>
        <translation>裁剪看到的是 %1 = 真实范数 × 缩放系数，并把梯度乘以 %2。unscale 之后，&lt;span style=&quot;color:%3&quot;&gt;&lt;b&gt;优化器应用的范数是 %4 而不是 %5：小了 %6×。&lt;/b&gt;&lt;/span&gt;请在 clip_grad_norm_ 之前调用 scaler.unscale_(optimizer)。</translation>
    </message>
    <message>
        <source>This GPU</source>
        <translation>该 GPU</translation>
    </message>
    <message>
        <source>GradScaler&apos;s dynamic loss scale over a simulated run, with the diagnostics of the training-memory guide «显存都去哪儿了» (section 3.5).</source>
        <translation>模拟运行中 GradScaler 的动态损失缩放，并附训练显存指南《显存都去哪儿了》（第 3.5 节）中的诊断。</translation>
    </message>
    <message>
        <source>FP8 training casts each matmul&apos;s inputs to E4M3 in the forward pass and the gradients to E5M2 (or E4M3) in the backward pass. Eight bits cannot hold a tensor&apos;s range as it is, so every cast multiplies by a scale first: one per tensor or per row from this step&apos;s largest value (torchao), or one power of two per 32 values (MXFP8).</source>
        <translation>FP8 训练在前向传播中把每个矩阵乘法的输入转换为 E4M3，在反向传播中把梯度转换为 E5M2（或 E4M3）。8 位装不下张量原本的数值范围，所以每次转换前都先乘以一个缩放系数：按张量或按行，由本步的最大值算出（torchao）；或每 32 个值共用一个 2 的幂（MXFP8）。</translation>
    </message>
    <message>
        <source>&amp;Tensor:</source>
        <translation>张量(&amp;T)：</translation>
    </message>
    <message>
        <source>Activations with outlier rows</source>
        <translation>带离群行的激活值</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Ready-made value distributions; any change below makes it Custom.</source>
        <translation>预设的数值分布；修改下方任何一项即变为“自定义”。</translation>
    </message>
    <message>
        <source>Values (64 rows of 256, stored in BF16)</source>
        <translation>数值（64 行，每行 256 个，以 BF16 存储）</translation>
    </message>
    <message>
        <source>10^</source>
        <translation>10^</translation>
    </message>
    <message>
        <source>&amp;Median |x|:</source>
        <translation>|x| 中位数(&amp;M)：</translation>
    </message>
    <message>
        <source>The typical magnitude of the values (10^-12 to 10^12).</source>
        <translation>数值的典型量级（10^-12 到 10^12）。</translation>
    </message>
    <message>
        <source>Spread &amp;within a row:</source>
        <translation>行内离散度(&amp;W)：</translation>
    </message>
    <message>
        <source>Standard deviation of log10|x| inside one row, in decades (0 to 2).</source>
        <translation>一行内 log10|x| 的标准差，单位为数量级（0 到 2）。</translation>
    </message>
    <message>
        <source>Spread &amp;between rows:</source>
        <translation>行间离散度(&amp;B)：</translation>
    </message>
    <message>
        <source>How far rows sit above or below each other, in decades (0 to 2): outlier rows and channels.</source>
        <translation>各行彼此相差多远，单位为数量级（0 到 2）：即离群的行和通道。</translation>
    </message>
    <message>
        <source>Values beyond the format&apos;s largest after scaling: saturated to it.</source>
        <translation>缩放后超出格式最大值的数值：被饱和为最大值。</translation>
    </message>
    <message>
        <source>Non-zero values stored as zero.</source>
        <translation>被存成零的非零值。</translation>
    </message>
    <message>
        <source>Median relative error of the values kept (neither clamped nor flushed), read back through the scale.</source>
        <translation>保留下来的数值（既未截断也未清零）经缩放系数读回后的相对误差中位数。</translation>
    </message>
    <message>
        <source>Bytes of scale per value, on top of FP8&apos;s one byte: an FP32 scale per tensor or row, an E8M0 byte per 32 values.</source>
        <translation>每个值在 FP8 的 1 字节之外分摊的缩放系数字节数：每个张量或每行一个 FP32 缩放系数，每 32 个值一个 E8M0 字节。</translation>
    </message>
    <message>
        <source>Clamped</source>
        <translation>截断</translation>
    </message>
    <message>
        <source>Flushed to zero</source>
        <translation>清零</translation>
    </message>
    <message>
        <source>Median error</source>
        <translation>误差中位数</translation>
    </message>
    <message>
        <source>Scale bytes/value</source>
        <translation>缩放字节/值</translation>
    </message>
    <message>
        <source>Per tensor (tensorwise)</source>
        <translation>按张量（tensorwise）</translation>
    </message>
    <message>
        <source>Per row (rowwise)</source>
        <translation>按行（rowwise）</translation>
    </message>
    <message>
        <source>Per 32 values (MXFP8)</source>
        <translation>每 32 个值（MXFP8）</translation>
    </message>
    <message>
        <source>E4M3: weights and activations (forward)</source>
        <translation>E4M3：权重与激活值（前向）</translation>
    </message>
    <message>
        <source>E5M2: gradients (backward)</source>
        <translation>E5M2：梯度（反向）</translation>
    </message>
    <message>
        <source>Delayed scaling (Transformer Engine)</source>
        <translation>延迟缩放（Transformer Engine）</translation>
    </message>
    <message>
        <source>TE&apos;s DelayedScaling casts with a scale from the largest amax of the last steps (1024 by default), not this step&apos;s: a step whose values beat the whole history clamps, and after a spike the scale stays low until the spike leaves the history.</source>
        <translation>TE 的 DelayedScaling 用最近若干步（默认 1024 步）中最大的 amax 算出缩放系数，而不是本步的：某一步的数值超过整段历史时会被截断；一次尖峰之后，缩放系数会一直偏低，直到这次尖峰移出历史。</translation>
    </message>
    <message>
        <source>&amp;History:</source>
        <translation>历史(&amp;H)：</translation>
    </message>
    <message>
        <source>amax_history_len: steps whose largest amax sets the scale (TE: 1024).</source>
        <translation>amax_history_len：取其中最大 amax 来确定缩放系数的步数（TE：1024）。</translation>
    </message>
    <message>
        <source>Mar&amp;gin:</source>
        <translation>余量(&amp;G)：</translation>
    </message>
    <message>
        <source>The scale is divided by 2^margin to leave headroom (TE: 0).</source>
        <translation>缩放系数再除以 2^margin 以留出余量（TE：0）。</translation>
    </message>
    <message>
        <source>Training steps to simulate (1 to 100,000).</source>
        <translation>要模拟的训练步数（1 到 100,000）。</translation>
    </message>
    <message>
        <source>The format of the cast.</source>
        <translation>转换的目标格式。</translation>
    </message>
    <message>
        <source>Step-to-step spread of log10 amax, in decades.</source>
        <translation>各步之间 log10 amax 的波动，单位为数量级。</translation>
    </message>
    <message>
        <source>Chance per step of a spike (a bad batch).</source>
        <translation>每一步出现尖峰（坏批次）的概率。</translation>
    </message>
    <message>
        <source>How much a spike multiplies the tensor.</source>
        <translation>尖峰使张量放大的倍数。</translation>
    </message>
    <message>
        <source>Seed of the trace; the same seed gives the same run.</source>
        <translation>轨迹的随机种子；相同的种子给出相同的运行。</translation>
    </message>
    <message>
        <source>Delayed scaling clamped values in %1 of %2 steps (at worst %3 of the tensor) and flushed at worst %4 of it to zero. Current scaling, from each step&apos;s own amax, clamps nothing; it pays with an amax reduction before every cast.</source>
        <translation>延迟缩放在 %2 步中的 %1 步截断了数值（最多占张量的 %3），最多把 %4 清零。当前缩放用每一步自身的 amax，不会截断任何值；代价是每次转换前都要做一次 amax 归约。</translation>
    </message>
    <message>
        <source>FP8 training</source>
        <translation>FP8 训练</translation>
    </message>
    <message>
        <source>How FP8 training scales a tensor into E4M3 and E5M2: per tensor, per row, per MX block, and delayed scaling.</source>
        <translation>FP8 训练如何把张量缩放到 E4M3 和 E5M2：按张量、按行、按 MX 块，以及延迟缩放。</translation>
    </message>
</context>
<context>
    <name>headroom::RecipeComparisonPane</name>
    <message>
        <source>Memory per GPU under each precision recipe</source>
        <translation>各精度方案下的每卡显存</translation>
    </message>
    <message>
        <source>Precision recipes compared: %1</source>
        <translation>精度方案对比：%1</translation>
    </message>
    <message>
        <source>%1
(current)</source>
        <extracomment>the scenario&apos;s own recipe, under its bar&apos;s label</extracomment>
        <translation>%1
（当前）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation>%1
%2</translation>
    </message>
</context>
<context>
    <name>headroom::ScenarioDocument</name>
    <message>
        <source>%1 describes an invalid scenario:
%2</source>
        <translation>%1 描述的场景无效：
%2</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>Pinned %1</source>
        <extracomment>the default name of a scenario pinned for comparison</extracomment>
        <translation>固定场景 %1</translation>
    </message>
    <message>
        <source>Pin %1</source>
        <translation>固定 %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message>
        <source>Rename %1 to %2</source>
        <translation>将 %1 重命名为 %2</translation>
    </message>
    <message>
        <source>Go back to %1</source>
        <translation>回到 %1</translation>
    </message>
    <message>
        <source>%1: the pinned scenario &quot;%2&quot; is invalid:
%3</source>
        <extracomment>%2 the pinned scenario&apos;s name</extracomment>
        <translation>%1：固定场景 &quot;%2&quot; 无效：
%3</translation>
    </message>
    <message>
        <source>%1 would make the scenario invalid:
%2</source>
        <translation>%1 会使场景无效：
%2</translation>
    </message>
    <message>
        <source>Open the measured scenario</source>
        <translation>打开实测场景</translation>
    </message>
</context>
<context>
    <name>headroom::SheetView</name>
    <message>
        <source>Copy the Whole Sheet</source>
        <translation>复制全部推导过程</translation>
    </message>
</context>
<context>
    <name>headroom::StackedBarPane</name>
    <message>
        <source>Memory per GPU, by bucket</source>
        <translation>每卡显存（按分项）</translation>
    </message>
    <message>
        <source>headroom %1</source>
        <translation>余量 %1</translation>
    </message>
    <message>
        <source>overflow %1</source>
        <translation>超出 %1</translation>
    </message>
    <message>
        <source>%1: %2 · %3</source>
        <extracomment>hover text of a comparison GPU&apos;s line: the whole name, capacity and verdict</extracomment>
        <translation>%1：%2 · %3</translation>
    </message>
    <message>
        <source>Peak  %1</source>
        <translation>峰值  %1</translation>
    </message>
    <message>
        <source>%1: %2
%3</source>
        <extracomment>the same label on two lines when the chart is narrow</extracomment>
        <translation>%1：%2
%3</translation>
    </message>
    <message>
        <source>%1
%2
%3</source>
        <extracomment>the same label on three lines when the chart is narrower still</extracomment>
        <translation>%1
%2
%3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <extracomment>the same label on two lines when the chart is narrow</extracomment>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>Per GPU at the step&apos;s peak</source>
        <extracomment>the bar&apos;s axis label: what is live on one GPU at the step&apos;s highest point</extracomment>
        <translation>本步峰值时的每卡显存</translation>
    </message>
    <message>
        <source>Peak of the step: %1</source>
        <translation>本步峰值：%1</translation>
    </message>
    <message>
        <source>The sum of the buckets, %1, is never live at once.</source>
        <translation>各分项之和 %1 从不会同时驻留显存。</translation>
    </message>
</context>
<context>
    <name>headroom::SweepPane</name>
    <message>
        <source>Memory per GPU as the sequence length varies</source>
        <translation>每卡显存随序列长度的变化</translation>
    </message>
    <message>
        <source>Memory per GPU as the micro-batch varies</source>
        <translation>每卡显存随微批次的变化</translation>
    </message>
    <message>
        <source>Memory per GPU as the number of layers varies</source>
        <translation>每卡显存随层数的变化</translation>
    </message>
    <message>
        <source>Sequence length S (tokens)</source>
        <translation>序列长度 S（token）</translation>
    </message>
    <message>
        <source>Micro-batch B (sequences per GPU)</source>
        <translation>微批次 B（每卡序列数）</translation>
    </message>
    <message>
        <source>Layers L</source>
        <translation>层数 L</translation>
    </message>
    <message>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <source>L</source>
        <translation>L</translation>
    </message>
    <message>
        <source>Memory per GPU along one input</source>
        <translation>每卡显存随单一输入的变化</translation>
    </message>
    <message>
        <source>&amp;Vary:</source>
        <translation>变量(&amp;V)：</translation>
    </message>
    <message>
        <source>The input the chart varies; everything else stays as set.</source>
        <translation>图表中变化的输入；其余保持当前设置。</translation>
    </message>
    <message>
        <source>now: %1 = %2, peak %3</source>
        <extracomment>the current value&apos;s marker, e.g. &quot;now: S = 2,048, peak 139.8 GiB&quot;</extracomment>
        <translation>当前：%1 = %2，峰值 %3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>fits up to %1 = %2</source>
        <translation>最多放得下 %1 = %2</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <extracomment>a capacity line&apos;s label: the card, then whether and how far the run fits</extracomment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>fits nowhere</source>
        <translation>都放不下</translation>
    </message>
    <message>
        <source>Peak: %1 (live at the step&apos;s highest point)</source>
        <translation>峰值：%1（本步最高点时驻留的显存）</translation>
    </message>
</context>
<context>
    <name>headroom::TimelinePane</name>
    <message>
        <source>Memory over one training step</source>
        <translation>一个训练步内的显存</translation>
    </message>
    <message>
        <source>Events of the step, in order</source>
        <translation>本步事件（按顺序）</translation>
    </message>
    <message>
        <source>Peak %1 · %2</source>
        <extracomment>the timeline&apos;s peak: size and the event, e.g. &quot;Peak 137.5 GiB · Backward, layer 32&quot;</extracomment>
        <translation>峰值 %1 · %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Live: %1</source>
        <translation>驻留：%1</translation>
    </message>
    <message>
        <source>The step&apos;s peak.</source>
        <translation>本步峰值。</translation>
    </message>
    <message>
        <source>Peak %1</source>
        <translation>峰值 %1</translation>
    </message>
    <message>
        <source>%1
%2</source>
        <extracomment>two short phases of the step named under one tick, one per line: &quot;Generation
Scoring&quot;</extracomment>
        <translation>%1
%2</translation>
    </message>
    <message>
        <source>Measured (PyTorch)</source>
        <translation>实测（PyTorch）</translation>
    </message>
    <message>
        <source>Measured %1: %2 (estimated without the runtime&apos;s share: %3)</source>
        <translation>实测%1：%2（估算，不含运行时开销：%3）</translation>
    </message>
    <message>
        <source>Reserved %1</source>
        <translation>已预留 %1</translation>
    </message>
    <message>
        <source>On the device %1</source>
        <extracomment>a level line over the step timeline: what nvidia-smi shows for the process</extracomment>
        <translation>设备上 %1</translation>
    </message>
    <message>
        <source>The caching allocator keeps its blocks through the step: %1 above the live tensors&apos; peak</source>
        <translation>缓存分配器在整步训练中保留其块：比存活张量的峰值高 %1</translation>
    </message>
</context>
<context>
    <name>headroom::UpdateOrderDiagram</name>
    <message>
        <source>One training step with a loss scaler, top to bottom. Gradients leave backward() multiplied by the scale; only after unscale_() are they the true gradients that clipping should see.</source>
        <translation>使用损失缩放时的一个训练步，自上而下。backward() 输出的梯度已乘上缩放系数；只有在 unscale_() 之后，它们才是裁剪应当看到的真实梯度。</translation>
    </message>
    <message>
        <source>Forward under autocast (FP16/BF16 matmuls)</source>
        <translation>在 autocast 下前向（FP16/BF16 矩阵乘法）</translation>
    </message>
    <message>
        <source>Multiply the loss by the scale</source>
        <translation>损失乘以缩放系数</translation>
    </message>
    <message>
        <source>Backward: every gradient × scale</source>
        <translation>反向：每个梯度 × 缩放系数</translation>
    </message>
    <message>
        <source>Unscale: gradients ÷ scale</source>
        <translation>Unscale：梯度 ÷ 缩放系数</translation>
    </message>
    <message>
        <source>Check for inf/NaN</source>
        <translation>检查 inf/NaN</translation>
    </message>
    <message>
        <source>Clip the gradient norm</source>
        <translation>裁剪梯度范数</translation>
    </message>
    <message>
        <source>Clip the gradient norm — sees gradients × scale!</source>
        <translation>裁剪梯度范数——看到的是梯度 × 缩放系数！</translation>
    </message>
    <message>
        <source>Optimizer step (skipped if inf/NaN)</source>
        <translation>优化器更新（有 inf/NaN 则跳过）</translation>
    </message>
    <message>
        <source>Update the scale (back off or grow)</source>
        <translation>更新缩放系数（回退或增长）</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
</context>
<context>
    <name>headroom::VerdictPane</name>
    <message>
        <source>Whether the peak fits the chosen GPU&apos;s memory.</source>
        <translation>峰值能否放进所选 GPU 的显存。</translation>
    </message>
    <message>
        <source>The verdict for the current scenario.</source>
        <translation>当前场景的结论。</translation>
    </message>
    <message>
        <source>The estimated peak per GPU against the GPU&apos;s memory (as nvidia-smi reports it).</source>
        <translation>估算的每卡峰值与 GPU 显存（nvidia-smi 报告值）的对比。</translation>
    </message>
    <message>
        <source>The largest micro-batch that fits, everything else held.</source>
        <translation>其他条件不变时，放得下的最大微批次。</translation>
    </message>
    <message>
        <source>Apply the advice to the scenario (undo with Ctrl+Z).</source>
        <translation>将建议应用到场景（可用 Ctrl+Z 撤销）。</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>The first change that helps, in the rescue order of the training-memory guide «显存都去哪儿了» (section 4.2): micro-batch, checkpointing, ZeRO, offload, LoRA, QLoRA.</source>
        <translation>按训练显存指南《显存都去哪儿了》（第 4.2 节）的“救命”顺序，第一个有效的调整：微批次、激活检查点、ZeRO、卸载、LoRA、QLoRA。</translation>
    </message>
    <message>
        <source>Copy the Verdict</source>
        <translation>复制结论</translation>
    </message>
</context>
</TS>
