<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ByteFormat</name>
    <message>
        <source>TB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2</source>
        <extracomment>a size and its unit, e.g. &quot;104.3 GiB&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <extracomment>the same size in both units, e.g. &quot;112.0 GB = 104.3 GiB&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChartText</name>
    <message>
        <source>%1 B</source>
        <extracomment>an exact byte count, e.g. &quot;14,000,000,000 B&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P × %1 B = %2 × %1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adapters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 for the whole model; %2 on this GPU (%3)</source>
        <extracomment>%1 the whole model&apos;s bytes, %2 this GPU&apos;s bytes, %3 the reasons (&quot;ZeRO, adapters&quot;)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L=%1, B=%2, S=%3, H=%4, A=%5, %6 B per element</source>
        <extracomment>the symbols of the brief&apos;s formula with their values</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L × %1 × (19·B·S·H + 3·B·A·S²), textbook (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L × %1 × B·S·H (each layer&apos;s input) + one layer&apos;s %1 × (19·B·S·H + 3·B·A·S²) recomputed, textbook (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L × %1 × 19·B·S·H + one layer&apos;s %1 × 3·B·A·S² recomputed, textbook (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in the layers (L=%2) + %3 recomputed + %4 outside the layers, %5 model</source>
        <extracomment>a generic activation total: layers, recompute buffer, tensors outside the layers</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>factored: (rows + columns) × %1 B, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; %1 on this GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context %1 + allocator reserve %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · B=%2 · S=%3 · %4 · %5</source>
        <extracomment>chart title: model name, micro-batch, sequence length, recipe, optimizer</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>custom model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total with flash attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total with eager attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The textbook formula keeps the three B×A×S×S attention tensors at every length, as eager attention does: activations grow with S². Flash attention stores none of them; the transformer activation model tells the two apart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations grow linearly with the micro-batch; the model states do not change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The parameter count is given (P), so only the activations change with the layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The parameter count is derived from the architecture, so every bucket grows with the layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recipe %1, optimizer %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP (%1)</source>
        <extracomment>AMP: torch.autocast over FP32 weights; %1 is FP16 or BF16</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, no master</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA r=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QLoRA r=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step starts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward, layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss gradient</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward, layer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · LoRA r=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · QLoRA r=%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, rank %1 on one projection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, rank %1 on %2 projections</source>
        <extracomment>%1 the adapter rank, %2 how many projections (q, k, v, o, gate, up, down) carry adapters</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 + master</source>
        <extracomment>half precision with an FP32 master copy; %1 is FP16 or BF16</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward, layer pass %1 of %2</source>
        <extracomment>pipeline parallelism: the stage holds several micro-batches&apos; layers</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward, layer pass %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss forward: logits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step ends: gradients freed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients accumulate over %1 micro-batches, so they are live for the whole step; the last micro-batch is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients appear layer by layer in backward and are freed after the optimizer step (zero_grad(set_to_none=True)).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The textbook verdict counts every bucket at once, which is more than this step&apos;s peak.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <source>Print JSON.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the model presets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>family</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>H</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the GPU catalogue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: 0 &lt;= p &lt; 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: %3 to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 must divide %3 (%4) exactly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs %2 %3 (it is %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs %2 between %3 and %4 (it is %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenario file: &quot;schema&quot; must be %1, found %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scenario file: unknown key &quot;%1&quot;; allowed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected %2, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown value %2; allowed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP keeps FP32 weights and gradients: the fixed cost is the same 16 bytes/param as FP32; AMP saves activations, not model states.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient accumulation enlarges the global batch; it saves no memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The textbook formula assumes K and V as wide as Q; this model groups its key/value heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The textbook formula assumes a GPT-style 4H MLP; this model&apos;s MLP differs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The textbook formula leaves out the embedding, the logits and the loss.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The given parameter count differs from the architecture&apos;s by more than 5%.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This GPU has no BF16 tensor cores: use an FP16 recipe with a loss scaler.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP16 gradients underflow below ~6e-8: train with a dynamic loss scaler (GradScaler).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The peak exceeds the GPU&apos;s memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without an FP32 master copy, updates smaller than half a half-precision ulp are lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>custom model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 parameters, L=%3, H=%4, A=%5; B=%6, S=%7; %8, %9, recompute %10; %11 activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 x %2 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>factored: (rows + columns) x %1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context %1 + allocator reserve %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per GPU: model states + activations + overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B/param fixed + activations + overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict: fits on one %1 (%2 = %3): %4 to spare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict: does not fit on one %1 (%2 = %3): short by %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU chosen: give --gpu (see `headroom-cli gpus`) for a verdict.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimate one training run&apos;s GPU memory, bucket by bucket.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print JSON: every figure in integer bytes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: unexpected argument &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 per GPU on %2 &lt;= %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; at %1: %2 &gt; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; the smallest count this tensor x pipeline layout allows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never: activations %1 + runtime overhead %2 per GPU exceed %3 whatever the GPU count (only a smaller micro-batch or sequence, checkpointing or --tp/--sp/--pp shrink them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never: plain data parallelism keeps all model states on every GPU (%1 + activations %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never: at %1 GPUs still %2 per GPU; the part %3 does not divide stays (model states %4 per GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce the micro-batch %1 -&gt; %2 and accumulate gradients over %3 -&gt; %4 steps to keep the global batch (accumulation itself saves no memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Turn on activation checkpointing (--recompute full, model.gradient_checkpointing_enable(); about 20-30 % slower: 8 P instead of 6 P FLOPs per token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shard with ZeRO-%1 over the %2 data-parallel GPUs (--zero %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offload %1 to CPU memory (DeepSpeed ZeRO-%2, --offload %3; %4 of host RAM per node)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer states and parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train LoRA adapters (r=%1 on %2: %3 trainable parameters) on the frozen 16-bit base (--lora-rank %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantize the frozen base to 4-bit NF4 with double quantization (QLoRA, --qlora)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: saves %2, peak %3 per GPU, %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>does not fit yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per-GPU peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>host/node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>full fine-tune</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 parameters), %3: B=%4, S=%5, %6, %7, recompute %8, %9 activations, tensor %10 x pipeline %11</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--tokens: &quot;%1&quot; is not allowed; give a whole number of tokens from 1 to 1e18 (e.g. 1e9, 300B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--mfu: &quot;%1&quot; is out of range; allowed: a fraction 0 &lt; MFU &lt;= 1 (e.g. 0.4 or 40%)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--global-batch: &quot;%1&quot; is out of range; allowed: 1 to 100,000,000 sequences per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--max-gpus: &quot;%1&quot; is out of range; allowed: 1 to 1,000,000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--price: &quot;%1&quot; is not allowed; give KIND=USD per GPU-hour, KIND from `headroom-cli gpus`, 0 &lt;= USD &lt;= 1,000,000 (e.g. h100-80gb=2.49)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many GPUs of each kind a run needs under each strategy, the largest micro-batch and longest sequence that fit, and days and cost for a token budget.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token budget for days and cost (default 1e9).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model-FLOPs utilisation for time estimates, 0 &lt; MFU &lt;= 1 (default 0.4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Target sequences per optimizer step: the data-parallel degree must not exceed it / B.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price per GPU-hour for one kind, KIND=USD (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kind=usd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest GPU count searched (default 4096).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print JSON: byte figures as integers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole model: %1 of model states; activations %2 per GPU at B=%3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Data parallelism and ZeRO divide model states over the GPUs, never activations; offload moves states to host RAM. GPUs = fewest that fit; max B and max S at that count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 per GPU, %3 per GPU-hour</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With full activation checkpointing (--recompute full; about 20-30 % slower, 8 P FLOPs per token):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As given (%1): peak %2 per GPU, max B %3, max S %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to change first (the brief&apos;s order, each step on top of the previous):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>days*</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cost*</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs needed per strategy (- : none up to %1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With full activation checkpointing (--recompute full; about 20-30 % slower):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max B, max S: per GPU as given (%1). * at the strategy needing the fewest GPUs; %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU kind fits this run under any strategy up to %1 GPUs%2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> as given; see the checkpointed table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 x %2, %3: %4 days, %5 (grad-accum %6, global batch %7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cheapest GPU kind x count x strategy for %1 tokens (ties by days):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fastest at the fewest GPUs that fit:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per-GPU memory of one training run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs needed per strategy, largest batch and sequence, days and cost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list the model presets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list the GPU catalogue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how a value is stored in FP32/FP16/BF16/FP8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simulate GradScaler&apos;s dynamic loss scale (CSV)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: headroom-cli &lt;command&gt; [options]   (headroom-cli &lt;command&gt; --help for its options)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commands:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: unknown command &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adapters (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P of this t x p slice (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> / %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (data-parallel %2 x tensor %3 x pipeline %4%5), %6, offload %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, sequence parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; %1 r=%2 on %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QLoRA (NF4 base)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, on the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frozen base x %1 B + %2 x %3 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NF4 base (4.127 bit) + %1 x %2 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> + gathered largest module %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> + one dequantized matrix %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 x %2 B (partition%3 on the host)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partition %1 x %2 B%3 on the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 x %2 B + FP32 partition %1 x 4 B%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 x %2 B (not divided at stage 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(%1 x %2 B + FP32 %1 x 4 B)%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 x %2 B%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> + largest module&apos;s gradients %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> + reduce bucket %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host RAM per node: %1 = 1.5 x max(offloaded states of %2 %3, loading the model in FP32 %4) (DeepSpeed&apos;s estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rounded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flushed to zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not finite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subnormal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>infinity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NaN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TF32 (math only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8 E4M3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8 E5M2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bits (sign/exp/mantissa)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exponent bias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>largest finite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>smallest normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>smallest subnormal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>machine epsilon</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decimal digits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rounds to zero at or below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overflows from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>above </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overflow gives</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NaN (no infinity in this format)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bits (sign exponent mantissa)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rel. error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ulp</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>class</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n/a</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show how a value is stored in each number format, or a format&apos;s constants.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The value to encode (e.g. 1e-8, 65520, -0, inf, nan).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One format: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decode this encoding (hex, e.g. 0x3c00); needs --format.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clamp overflow to the largest finite value (OCP saturating mode).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--format: unknown format &quot;%1&quot;; allowed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--bits: needs --format and excludes --value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--bits: &quot;%1&quot; is not a %2-bit encoding; allowed: 0x0 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: give --value &lt;x&gt; to encode a value, or --format &lt;name&gt; for a format&apos;s constants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--value: &quot;%1&quot; is not a number; allowed: any double, e.g. 3e-8, -65504, inf, nan (|x| &lt;= 1.8e308)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>greater than 1, up to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>greater than 0 and less than 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>-1 (none) to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: the scale is down to %2 and gradients still overflow: exploding gradients, not a loss-scaling problem. Check the learning rate, then gradient clipping, then the data for bad samples.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1% of steps were skipped after calibration; GradScaler expects a skip every few hundred or thousand steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>step %1: the scale underflowed to zero; every gradient is zero from here on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no step was skipped; the scale only grew (to %1). Normal for BF16.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>healthy: %1% of steps skipped after calibration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1: &quot;%2&quot; is not a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--%1: &quot;%2&quot; is not a whole number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulate torch.cuda.amp.GradScaler&apos;s dynamic loss scale and print the trace as CSV (step,scale,max_grad,skipped,growth_tracker). Diagnostics go to stderr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Number of steps to simulate (required).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Initial scale (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth factor (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backoff factor (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clean steps before the scale grows (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Typical largest unscaled |gradient| per step (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step-to-step spread of log10 max|g| in decades (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decades</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probability of a gradient spike per step (default 0).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much a spike multiplies max|g| (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step from which gradients grow every step (learning-rate blow-up; default none).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth of max|g| per step during the blow-up (default %1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the gradient noise (default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format of the scaled gradients: fp16 (default), bf16, fp32, fp8-e4m3, fp8-e5m2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Instead of simulating gradients, replay inf/NaN at these steps (comma-separated).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--steps is required; allowed: 1 to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--format: unknown format &quot;%1&quot;; allowed: fp16, bf16, fp32, fp8-e4m3, fp8-e5m2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--inf-steps: &quot;%1&quot; is not a step; allowed: 0 to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>diagnostic: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read the scenario from a JSON file (schema 1); options override it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set %1 (%2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: cannot load the catalogue %1: %2 (set HEADROOM_DATA_DIR to the folder holding presets.json and gpus.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hint: name a model with --preset, or give --layers, --hidden and --heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Usage: headroom-cli %1 [options]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations itemized per saved tensor: %1 block, %2 profile, %3 attention, dropout %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>highest point of the step (%1, at %2); gradients %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept for the whole step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocated during backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved for backward by one layer (B=%1, S=%2):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved outside the layers (embedding, final norm, LM head, logits and loss):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recomputed in backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>autocast weight copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rebuilt for one layer in backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all layers held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept per layer x layers on this GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Short-lived buffers (counted in the peak, not in the activations):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logits in the loss&apos;s forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss gradients in backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s forward scratch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s backward scratch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also list every tensor one layer saves for backward, and those outside the layers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>days and cost: %1 tokens x %2 P FLOPs%5 at %3 % MFU of the card&apos;s dense %4 peak (offload&apos;s CPU optimizer step is not timed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1 P with full checkpointing)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Doctor</name>
    <message>
        <source>.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: fits, %2 to spare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: still short by %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory halfway through training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory while memory_allocated is far below capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loss turns NaN or Inf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GradScaler&apos;s loss scale keeps falling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP did not lower memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP made training slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16 converges noticeably worse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations pile up until the step&apos;s peak is too high.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce the micro-batch, enable activation checkpointing, and tune the caching allocator (PYTORCH_CUDA_ALLOC_CONF).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations are %1, %2% of the %3 peak.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable full checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce the micro-batch to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpointing is on and the micro-batch is 1: what remains is the fixed cost (%1); shard it with ZeRO, offload it, or train adapters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fragmentation of the CUDA caching allocator: free memory is split into blocks too small for the next request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (or a smaller max_split_size_mb).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The estimate sets aside %1 for the allocator&apos;s reserve. Reserved minus allocated was measured at 2.9 to 3.6 GiB on 7B fine-tunes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan for 3.5 GiB of fragmentation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The learning rate is too high or gradients explode.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lower the learning rate, clip gradients (after scaler.unscale_), and check the data for NaN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stores in FP16, whose largest value is 65504: activations and gradients can overflow to Inf.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has FP32&apos;s exponent range, so overflow is unlikely: look at the learning rate and the data first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 training: NaN comes from the optimisation itself, not from precision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gradients really contain Inf.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the learning rate first, then whether the model is numerically unstable; do not only tune the loss scaling. A scale below 16 with frequent skipped steps points at the learning rate or the data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs a dynamic loss scaler; the scale halves on every overflow.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch to %1 (no loss scaler needed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no BF16 tensor cores, so FP16 it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs no loss scaler; if one is on, a falling scale still means Inf gradients.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The parameters stay FP32: AMP only makes the intermediate tensors smaller.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use full half precision, or LoRA.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With %1 the fixed cost is %2 for %3 parameters: the same bytes per parameter as FP32. Activations are %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not AMP; the fixed cost is %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train LoRA adapters (rank %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frequent casts, too many small kernels, or a CPU bottleneck.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Increase the batch, cut dtype conversions, and check GPU utilisation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The micro-batch is %1; small batches leave tensor cores idle between casts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double the micro-batch to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16 keeps 7 mantissa bits (FP16 keeps 10): small differences are rounded away.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch to FP16 with a loss scaler, or make the model wider rather than deeper.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 take the same memory; FP16 needs GradScaler.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not use BF16.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After this change the peak is %1 (now %2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Gui</name>
    <message>
        <source>Plan a training run&apos;s GPU memory interactively.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the scenario file FILE (JSON, schema 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render the window to the PNG file OUT and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OUT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --screenshot, render only panel NAME: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the translation for LANG, e.g. zh_CN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LANG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start with the dark palette.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WxH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headroom: no translation for %1; showing English.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headroom: unknown panel &quot;%1&quot;; allowed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headroom cannot load its catalogue of models and GPUs.

%1

Set HEADROOM_DATA_DIR to the folder holding presets.json and gpus.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headroom: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headroom: cannot write the screenshot to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --screenshot, the window size WxH in pixels (default 1920x1080).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headroom: --size must be WIDTHxHEIGHT between 640x480 and 8000x8000, e.g. 1920x1080</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Labels</name>
    <message>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP FP16 (autocast)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP BF16 (autocast)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP16 with FP32 master</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16 with FP32 master</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pure FP16 (no master)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pure BF16 (no master)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights, gradients and activations in FP32.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.autocast over FP32 weights: weights and gradients stay FP32, matmul activations are half precision. The fixed cost is not halved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model.half() plus an FP32 master copy for the optimizer (DeepSpeed, Megatron): 2 + 2 + 4 bytes per parameter before the optimizer states.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Half-precision weights and gradients without a master copy: small updates are lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AdamW</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Selective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every layer keeps everything it saves for backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation checkpointing: only each layer&apos;s input is kept; one layer is recomputed at a time in backward (about 20-30% slower).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only the attention core (scores, softmax, dropout) is recomputed (Korthikanti et al. 2022).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off (stage 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage 1: optimizer states sharded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage 2: + gradients sharded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stage 3: + parameters sharded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states to CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states and parameters to CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Full fine-tuning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QLoRA (4-bit base)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPT-2 (LayerNorm, GELU MLP)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LLaMA (RMSNorm, SwiGLU, GQA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Textbook formula</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Itemized transformer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end of forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient accumulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocator reserve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: 0 to just below 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: %3 to %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 must divide %3 (%4) exactly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a whole number; allowed: %3 to %4 (e.g. 4096, 7e9 or 7B)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>AMP keeps FP32 weights and gradients: the fixed cost is the same as FP32; AMP saves activations, not model states.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient accumulation enlarges the global batch; it saves no memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The textbook formula assumes K and V as wide as Q; this model groups its key/value heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The textbook formula assumes a GPT-style 4H MLP; this model&apos;s MLP differs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The textbook formula leaves out the embedding, the logits and the loss.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The given parameter count differs from the architecture&apos;s by more than 5%.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This GPU has no BF16 tensor cores: use an FP16 recipe with a loss scaler.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP16 gradients underflow below about 6e-8: train with a dynamic loss scaler (GradScaler).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The peak exceeds the GPU&apos;s memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Without an FP32 master copy, updates smaller than half a half-precision ulp are lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario file: &quot;schema&quot; must be %1, found %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario file: unknown key &quot;%1&quot;; allowed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: expected %2, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown value %2; allowed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has the wrong layout: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has a bad entry: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QKV, context, MLP and residual tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention scores QKᵀ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Softmax output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention dropout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs %2 %3 (it is %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs %2 between %3 and %4 (it is %5)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MathText</name>
    <message>
        <source>%1 B</source>
        <extracomment>bytes per parameter or element, e.g. &quot;2 B&quot; or &quot;0.5 B&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> × </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: B = %2, S = %3, %4, %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed cost: parameters, gradients, master weights, optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P = %1 parameters, as given.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P = %1 parameters, derived from the architecture (L = %2, H = %3, A = %4, V = %5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P × %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 params × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Master weights (FP32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states (factored)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(rows + columns + vectors) × %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(%1 + %2) × %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states (%1 × %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P × %1 B + factored states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 params × %2 B + %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P × %1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 params × %2 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed, per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after sharding, offload and adapters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations: what forward keeps for backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The brief&apos;s formula (section 2.2, after Korthikanti et al. 2022): per layer %1 × (19·B·S·H + 3·B·A·S²), elements in %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × (19·B·S·H + 3·B·A·S²)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × (19 × %2 × %3 × %4 + 3 × %2 × %5 × %3²) = %1 × (%6 + %7)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L × per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer inputs kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L × %1 × B·S·H</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 × %3 × %4 × %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One layer recomputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 × per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linear part kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L × %1 × 19·B·S·H</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2 × %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scores of one layer recomputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × 3·B·A·S²</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Itemized model: the saved tensors of one layer, listed below, per block family and implementation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Σ saved tensors of one layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stored across layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L layers under %1 checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recomputed in backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s dropped tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outside the layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding, logits and loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stored + recomputed + outside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 + %2 + %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runtime overhead and the total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context and kernels, and the caching allocator&apos;s reserve: the runtime&apos;s own share, outside anything the model allocates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context + allocator reserve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 + %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixed + activations + overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>total + backward&apos;s transient buffers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>capacity − peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>peak − capacity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) − %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 − %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every tensor is kept for backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensors marked ↻ are dropped in forward and recomputed in backward.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One layer&apos;s saved tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside the layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what is live at the step&apos;s highest point: parameters + gradients + master weights + optimizer states + activations + transient buffers + overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> + </source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PrecisionText</name>
    <message>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TF32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8 E4M3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP8 E5M2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IEEE single precision: 1 sign, 8 exponent, 23 mantissa bits. Master weights and optimizer states.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TensorFloat-32: FP32&apos;s 8-bit exponent with FP16&apos;s 10-bit mantissa. A tensor-core math mode on A100 and later; never stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IEEE half precision: 1 sign, 5 exponent, 10 mantissa bits. Fine steps but a narrow range: values below 6e-5 lose bits, below 3e-8 become zero.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bfloat16: FP32&apos;s 8-bit exponent with a 7-bit mantissa. FP32&apos;s range, so gradients rarely underflow, but coarse steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OCP FP8 E4M3: bias 7, largest value 448, no infinity (S.1111.111 is NaN). Used for weights and activations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OCP FP8 E5M2: bias 15, largest value 57344, IEEE-style infinity and NaN. Used for gradients.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subnormal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>infinity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NaN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rounded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flushed to zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a finite number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Exploding gradients, not a scaling problem.&lt;/b&gt; At step %1 the scale is down to %2 and gradients still overflow. Lower the learning rate first, then check gradient clipping, then look for bad samples in the data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Frequent skips:&lt;/b&gt; %1 of steps skipped after calibration. GradScaler expects a skip every few hundred or thousand steps; each skip throws a batch away.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The scale reached zero&lt;/b&gt; at step %1: every gradient is zero from then on and training has stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No step skipped;&lt;/b&gt; the scale only grew (to %1). Expected with BF16; with FP16 the scaler never met the overflow edge in this run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Healthy:&lt;/b&gt; %1 of steps skipped after calibration; the scale settles just below the overflow edge.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the histogram file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: &quot;%2&quot; is not three numbers (lower, upper, count).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: &quot;%2&quot; needs three fields: lower, upper, count.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: &quot;%2&quot;: edges must satisfy 0 &lt; lower &lt; upper.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: &quot;%2&quot;: the count must be 0 or more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bins overlap (at %1); each |g| range may appear once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The histogram has no bins with a count above zero.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1: more than %2 bins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 supports BF16: train in BF16.&lt;/b&gt; It has FP32&apos;s exponent range, so gradients do not underflow and no loss scaler is needed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 has no BF16 tensor cores: train in FP16 with a dynamic loss scaler&lt;/b&gt; (torch.cuda.amp.GradScaler); without it small gradients flush to zero.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+∞</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−∞</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt; 0.01 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&gt; 99.99 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2^%1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2^%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VerdictText</name>
    <message>
        <source>Reduce the micro-batch to %1 (gradient accumulation × %2 keeps the global batch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enable full activation checkpointing (about 20-30% slower)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shard with ZeRO stage %1 over the %2 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offload optimizer states and parameters to CPU memory (ZeRO-%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offload optimizer states to CPU memory (ZeRO-%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train LoRA adapters (rank %1) on a frozen base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Train QLoRA adapters (rank %1) on a 4-bit base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak %1 per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a GPU for a verdict.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without ZeRO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with ZeRO stage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It would fit on %1 × %2 %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More GPUs alone do not help without ZeRO: each one holds a full copy of the model states.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU count up to 4,096 makes it fit %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>longest sequence at B = %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no sequence length fits at B = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest micro-batch that fits: %1; %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest micro-batch that fits: none, even B = 1 is too large; %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Advice: %1. Saves %2; then it fits (peak %3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Advice: %1. Saves %2; still %3 short.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Then: %1; and it fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Then: %1; and it still does not fit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits on %1 × %2: %3 to spare</source>
        <extracomment>&quot;Fits on 1 × NVIDIA A100 80GB (SXM4): 12.3 GiB to spare&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not fit on %1 × %2: %3 short</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak %1 per GPU (%2) against %3.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::BitPatternView</name>
    <message>
        <source>The encoding bit by bit: sign (purple), exponent (green), mantissa (blue).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bits: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::ChartPane</name>
    <message>
        <source>Memory per GPU (%1)</source>
        <extracomment>value axis label; %1 is GB or GiB</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::ChartsArea</name>
    <message>
        <source>Memory per GPU by bucket against the GPU&apos;s capacity; hover a segment for its formula.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The buckets as one input sweeps, everything else held; hover for values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same run under each precision recipe and adapter method.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory through one training step, with the peak marked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sweep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recipe comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The recipe comparison and the step timeline (Ctrl+Tab switches between them).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::DoctorPane</name>
    <message>
        <source>S&amp;ymptom:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The troubleshooting table of the brief (section 4.3): pick what you see.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symptom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Likely cause:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your scenario:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply this change to the scenario (undo with Ctrl+Z).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The likely cause, from the brief&apos;s table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the brief&apos;s table suggests.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the current scenario&apos;s estimate says about this symptom.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::InputPane</name>
    <message>
        <source>&amp;Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A published model&apos;s architecture; editing any model field below makes it a custom one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Preset:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose model %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The block layout: it decides which parameters and tensors each layer has.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fami&amp;ly:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change block family</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>La&amp;yers L:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Transformer layers L (1 to 100,000; the slider covers 1 to 160).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Hidden size H:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hidden size H (1 to 1,000,000; the slider steps through the usual sizes, four per doubling).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hea&amp;ds A:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention heads A; they must divide the hidden size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;KV heads:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key/value heads for grouped-query attention; they must divide the heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;FFN size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inner size of the MLP (GPT-2: 4H).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Vocabulary V:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens in the vocabulary (embedding and output rows).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameter co&amp;unt:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A given parameter count P (7B, 6.74e9); leave empty to derive it from the architecture.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The output layer reuses the token embedding (GPT-2, small LLaMA models).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change tied embeddings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The parameter count P the estimate uses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters P:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Training</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-&amp;batch B:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequences per GPU per forward pass (slider 1 to 1,024, log-spaced; type any value up to 1,000,000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sequence S:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per sequence (slider: powers of two from 128 to 1,048,576; type any value up to 100,000,000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Checkpointing:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation checkpointing (recomputation in backward).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checkpointing: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How weights, gradients and activations are stored (the brief, sections 1.3 and 3.3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Precision:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The optimizer decides how many state tensors each parameter carries (AdamW: two, FP32).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Optimizer:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Textbook: the brief&apos;s 2 × (19·B·S·H + 3·B·A·S²) per layer. Itemized: every saved tensor of the block family.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Activations:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batches per optimizer step. It enlarges the global batch and saves no memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hard&amp;ware</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None (no verdict)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 as nvidia-smi reports it (%2); BF16: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GPU whose memory the verdict compares against.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPU &amp;count N:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All GPUs of the run. Model states are per GPU unless ZeRO shards them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO: shard optimizer states (1), also gradients (2), also parameters (3) over the data-parallel GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;ZeRO:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed offload: keep optimizer states (and parameters) in CPU memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>O&amp;ffload:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offload: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ada&amp;pters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA trains small low-rank adapters on a frozen base; QLoRA also stores the base in 4-bit NF4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adapters: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rank r:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The adapters&apos; rank r (LoRA paper: 4 to 64).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>v</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>o</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put adapters on the %1 projection.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change LoRA targets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Targets:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>derived: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Eager (stores S×S scores)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SDPA (PyTorch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scores, softmax and dropout mask are stored per head: B×A×S×S each, growing with S².</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch scaled_dot_product_attention: the memory-efficient or flash backend, no S×S tensors stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FlashAttention recomputes the scores in backward: activations grow linearly with S.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face, CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face with SDPA, CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron fused kernels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face, PyTorch 1.13 CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face eager code on PyTorch 2 and CUDA: unfused norms and activations, 1-byte dropout masks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same code with attn_implementation=&quot;sdpa&quot;, Hugging Face&apos;s default.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fused softmax, norms, projections and activations (Korthikanti et al. 2022): the fewest saved tensors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the calibration fixtures measured: PyTorch 1.13 on the CPU (dropout masks in the input&apos;s dtype).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>T&amp;ied input and output embeddings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The attention kernel. Eager stores B×A×S×S scores per layer (S² growth); SDPA and flash store none (linear growth). Choosing SDPA or flash switches the activation model to the itemized transformer, since the textbook formula assumes eager.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Att&amp;ention:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The training code and kernels, which decide which tensors each layer saves for backward. Only the itemized transformer model reads it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Impleme&amp;ntation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Implementation: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention and residual dropout probability p, 0 ≤ p &lt; 1. With p &gt; 0 each dropout stores its mask for backward. Only the itemized transformer model reads it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dropout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Grad. a&amp;ccumulation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Met&amp;hod:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number; allowed: 0 to less than 1 (e.g. 0.1)</source>
        <extracomment>a dropout probability that is not a number at all</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::LossScaleChart</name>
    <message>
        <source>2^%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loss scale each step used (log scale). Red marks: steps skipped because the scaled gradients held inf or NaN; each halves the scale.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>training step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped step (inf/NaN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>scale 16: infs below this = exploding gradients</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::MainWindow</name>
    <message>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the Math</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Doctor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start again from the default scenario.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a scenario file (JSON).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the chart as PNG, PDF or SVG.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark Palette</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch between the light and the dark palette; the charts follow.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Units</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Binary (GiB, 2^30 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Decimal (GB, 10^9 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to &amp;Inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to &amp;Charts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the &amp;Math</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the D&amp;octor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — Headroom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scenario has changes that are not saved to a file. Save them first?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1

The scenario on screen is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1

Nothing was written; any earlier file is as it was.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG image (*.png);;PDF document (*.pdf);;SVG drawing (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot export the chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1. Charts export as .png, .pdf or .svg.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go to the &amp;Precision Lab</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::MathPane</name>
    <message>
        <source>Each bucket&apos;s formula with the current scenario&apos;s numbers plugged in, in GB and GiB.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the math</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::NumberLineView</name>
    <message>
        <source>%1: %2 to zero, %3 subnormal, %4 overflow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1e-10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to zero %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>subnormal %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overflow %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>without loss scaling: %1 to zero, %2 subnormal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1e%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 near %2: rounds to zero. Gradients here are lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 near %2: subnormal. Stored, but with fewer significant bits the smaller it gets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 near %2: normal range, full precision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 near %2: overflow. E4M3 has no infinity: the value becomes NaN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 near %2: overflow to infinity; GradScaler skips the step.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::PrecisionLabPanel</name>
    <message>
        <source>Small gradient, 2e-8: FP16 flushes it to zero</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Typical gradient, 3e-6: FP16 subnormal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weight, 0.0123</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation, 12.5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention score, 300.7: E4M3 rounds coarsely</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Large activation, 70000: FP16 overflows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 + 2^-10: FP16 keeps it, BF16 rounds to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a GPU in the plan to see whether to train in BF16 or in FP16 with a loss scaler.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formats</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How one value is stored in each format: bits, stored value, error, class.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Where a distribution of gradient magnitudes falls in each format&apos;s range, and what a loss scale does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GradScaler&apos;s dynamic loss scale over a simulated run, with the brief&apos;s diagnostics.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The order of a mixed-precision update, and what clipping before unscaling does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. 3e-8, 65504, -0, inf</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Any number (scientific notation is fine), or inf, -inf, nan. Each format rounds it to nearest, ties to even.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Typical values from training: gradients, weights, activations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Examples…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;span style=&quot;color:%1&quot;&gt;■&lt;/span&gt; sign &amp;nbsp; &lt;span style=&quot;color:%2&quot;&gt;■&lt;/span&gt; exponent &amp;nbsp; &lt;span style=&quot;color:%3&quot;&gt;■&lt;/span&gt; mantissa</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The value the encoding actually holds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative error |stored − value| / |value|, and the spacing (ulp) of the format at the stored value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Normal, subnormal (fewer significant bits), zero, infinity or NaN, and what rounding did.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format constants</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exact values; ε is the distance from 1 to the next larger value.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Format</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smallest normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smallest subnormal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ε</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Digits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type a value to see how each format stores it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is not a number. Type a decimal number such as 3e-8 or -65504 (|x| up to 1.8e308), or inf, -inf, nan.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: —</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>exact · ulp %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rel. error %1 · ulp %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradient magnitudes |g| spread over many decades. Each line shows a format&apos;s range (red: rounds to zero, orange: subnormal, green: normal, purple: overflow) with the distribution of loss-scaled gradients over it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Median |g|:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The median gradient magnitude before scaling (1e-12 to 100, in tenths of a decade).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spread 5.0 decades</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Spread:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standard deviation of log10 |g|: how many decades the gradients span (0.1 to 5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Loss scale:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multiply the loss, and so every gradient, by 2^n before it is stored (2^0 = no scaling, up to 2^24). GradScaler starts at 2^16.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load histogram…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a measured histogram of |g| instead: a text file with one bin per line, &quot;lower,upper,count&quot; (commas, semicolons, tabs or spaces).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use log-normal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go back to the log-normal model set by the median and spread sliders.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median |g| must be between %1 and %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spread must be between %1 and %2 decades.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss scale must be between %1 and %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Histogram of gradient magnitudes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Histogram files (*.csv *.tsv *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 decades</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Histogram %1: %2 bins, %3 values.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Log-normal: median %1, spread %2 decades.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Without loss scaling, FP16 flushes %1 of these gradients to zero&lt;/b&gt; and keeps %2 only as subnormals; BF16 flushes %3. Move the loss scale to bring FP16&apos;s share back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;At loss scale %1, FP16 flushes %2 to zero&lt;/b&gt; (%3 without scaling), keeps %4 as subnormals and overflows %5; BF16 flushes %6.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.cuda.amp.GradScaler: an inf/NaN in the scaled gradients skips the step and halves the scale; 2000 clean steps in a row double it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Scenario:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Healthy FP16 run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Occasional gradient spikes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learning-rate blow-up at step 3000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BF16, same gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready-made gradient histories; any change below makes it Custom.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>2^</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> dec.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LR blow-up from step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From this step on the gradients grow geometrically, as when the learning rate is too high.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ste&amp;ps:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training steps to simulate (10 to 200,000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The format the scaled gradients are held in; inf means scale × max|g| overflows it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Growth interval:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clean steps in a row before the scale doubles (GradScaler: 2000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Initial scale:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GradScaler starts at 2^16.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Typical max |&amp;g|:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The largest unscaled gradient magnitude in a typical step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Noise:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step-to-step spread of log10 max|g|, in decades.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spi&amp;kes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chance per step of a gradient spike (a bad batch).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Spike si&amp;ze:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How much a spike multiplies max|g|.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rate per step:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Growth of max|g| per step during the blow-up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed of the gradient noise; the same seed gives the same run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>These settings are outside what the simulation accepts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 steps skipped (%3); final scale %4, lowest %5.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients leave backward() multiplied by the loss scale. Clipping must see the true gradients, so scaler.unscale_(optimizer) comes first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clip before unscaling (the common bug)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move clip_grad_norm_ before scaler.unscale_() and see what the optimizer then applies.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The gradient norm before any scaling.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>clip_grad_norm_&apos;s max_norm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loss scale at this step (GradScaler starts at 2^16).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>True gradient &amp;norm:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;max_norm:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss &amp;scale:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clipping sees the true norm %1 and multiplies the gradients by %2. &lt;b&gt;The optimizer applies a gradient of norm %3&lt;/b&gt;, as max_norm %4 intends.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clipping sees %1 = true norm × scale and multiplies the gradients by %2. After unscaling, &lt;span style=&quot;color:%3&quot;&gt;&lt;b&gt;the optimizer applies norm %4 instead of %5: %6× too small.&lt;/b&gt;&lt;/span&gt; Call scaler.unscale_(optimizer) before clip_grad_norm_.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This GPU</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::RecipeComparisonPane</name>
    <message>
        <source>Memory per GPU under each precision recipe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision recipes compared: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
(current)</source>
        <extracomment>the scenario&apos;s own recipe, under its bar&apos;s label</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::ScenarioDocument</name>
    <message>
        <source>%1 describes an invalid scenario:
%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::StackedBarPane</name>
    <message>
        <source>Memory per GPU, by bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>headroom %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overflow %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This scenario, per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Total  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 · %3</source>
        <extracomment>hover text of a comparison GPU&apos;s line: the whole name, capacity and verdict</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak  %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2
%3</source>
        <extracomment>the same label on two lines when the chart is narrow</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2
%3</source>
        <extracomment>the same label on three lines when the chart is narrower still</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2</source>
        <extracomment>the same label on two lines when the chart is narrow</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::SweepPane</name>
    <message>
        <source>Memory per GPU as the sequence length varies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU as the micro-batch varies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU as the number of layers varies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence length S (tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Micro-batch B (sequences per GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory per GPU along one input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Vary:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The input the chart varies; everything else stays as set.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now: %1 = %2, peak %3</source>
        <extracomment>the current value&apos;s marker, e.g. &quot;now: S = 2,048, peak 139.8 GiB&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits up to %1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits nowhere in this range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <extracomment>a capacity line&apos;s label: the card, then whether and how far the run fits</extracomment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::TimelinePane</name>
    <message>
        <source>Memory over one training step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Events of the step, in order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak %1 · %2</source>
        <extracomment>the timeline&apos;s peak: size and the event, e.g. &quot;Peak 137.5 GiB · Backward, layer 32&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The step&apos;s peak.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Short-lived buffers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every bucket at once (the textbook verdict): %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::UpdateOrderDiagram</name>
    <message>
        <source>One training step with a loss scaler, top to bottom. Gradients leave backward() multiplied by the scale; only after unscale_() are they the true gradients that clipping should see.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forward under autocast (FP16/BF16 matmuls)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Multiply the loss by the scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Backward: every gradient × scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unscale: gradients ÷ scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check for inf/NaN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clip the gradient norm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clip the gradient norm — sees gradients × scale!</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer step (skipped if inf/NaN)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update the scale (back off or grow)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>headroom::VerdictPane</name>
    <message>
        <source>Whether the peak fits the chosen GPU&apos;s memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The verdict for the current scenario.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The estimated peak per GPU against the GPU&apos;s memory (as nvidia-smi reports it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The largest micro-batch that fits, everything else held.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first change that helps, in the brief&apos;s order (section 4.2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply the advice to the scenario (undo with Ctrl+Z).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
