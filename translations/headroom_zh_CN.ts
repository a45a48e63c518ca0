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
    <message>
        <source>bytes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChartText</name>
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
        <source>%1 bytes</source>
        <extracomment>an exact byte count, e.g. &quot;14,000,000,000 bytes&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 live at the step&apos;s peak. %3</source>
        <extracomment>%1 bytes of a bucket live at the step&apos;s peak, %2 the whole bucket</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 checkpointing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · ZeRO-%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · offload %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · TP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · PP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · EP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · SP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · textbook activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · accumulation %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak with flash attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak with eager attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The textbook convention: every bucket is resident for the whole step, so the peak is their sum, as the article computes it.</source>
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
        <extracomment>unit word printed after a byte count in a formula</extracomment>
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
        <source>Bucket</source>
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
    <message>
        <source>%1 is not a regular file (a FIFO, a device or a folder): refused without reading it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes, the most a scenario file may have: refused without reading it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds %2 at its top level; expected a JSON object ({&quot;schema&quot;: 1, ...})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not write %1 (%2); the previous file is unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes/param</source>
        <extracomment>unit printed after a constant in a formula: bytes per parameter</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes/elem</source>
        <extracomment>unit printed after a constant in a formula: bytes per tensor element</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 bytes (%2, %3)</source>
        <extracomment>exact bytes, then decimal GB and binary GiB</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>formula:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>numbers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>terms:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offloaded to host RAM, per GPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source (%1):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training stack %1; its choices (set: you changed the stack&apos;s default):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the stack&apos;s: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How each figure comes about, per GPU (symbols are listed at the end):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sum of the buckets (not all live at once): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The step&apos;s peak, at %1 (%2):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations split:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer, nothing recomputed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all layers held: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outside the layers: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer recomputed in backward: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>short-lived buffers at the peak (not in the bucket): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symbols:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host RAM per node: %1 = %2 (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how (--explain for every term)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sum of buckets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not all live at once; the peak is what must fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also print how every figure comes about: each bucket&apos;s formula, the numbers plugged in, its terms and sources, the peak and the symbols.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What to change first (the rescue order of the training-memory guide «显存都去哪儿了», each step on top of the previous):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A Hugging Face config.json, or a folder holding one (its .safetensors headers give the checkpoint&apos;s exact count): the model to estimate. Options refine it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read --hf-config&apos;s model as this supported model_type (a config with the usual fields and another name): %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model_type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: cannot load the catalogue %1: %2 (set HEADROOM_DATA_DIR to the folder holding models/ and gpus.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: --hf-family reads a config given with --hf-config; give both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (with --hf-family)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (--hf-family)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Derivation</name>
    <message>
        <source>Runtime overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context: PyTorch&apos;s CUDA semantics notes (300 MiB to 2 GiB with the driver and lazy loading); allocator reserve: reserved minus allocated measured on 7B fine-tunes (foundation-model-stack/fms-acceleration PR 14)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context and kernel images</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>caching allocator&apos;s reserve beyond what is allocated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>allocator reserve, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak of the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the step timeline: gradients appear during backward as saved activations are released, short-lived buffers come and go (steptimeline.h)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters on this GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters bucket, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients bucket, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters whose backward has run (head and layers so far)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters with gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients, resident for the whole step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients written so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 master weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>master-weights bucket, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer-states bucket, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activations of all layers held, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding and shared tensors, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every tensor saved outside the layers, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer recomputed in backward, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers&apos; worth of activations this GPU holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>saved activations still live</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s forward scratch (attention scores before softmax)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>autocast&apos;s weight cache under full recompute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>short-lived buffers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s forward scratch and autocast&apos;s cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the logits and their FP32 copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the loss&apos;s dense FP32 gradients of the logits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the loss&apos;s gradient of the logits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s backward scratch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the optimizer step&apos;s temporaries (foreach sqrt of the second moment)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed ZeRO-3&apos;s FP32 gradient of the sub-group being stepped (at most sub_group_size = 1e9 elements)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the optimizer step&apos;s temporaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runtime overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>runtime overhead, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host RAM per node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s estimators (stage_1_and_2.py, stage3.py: estimate_zero2/3_model_states_mem_needs): the larger of the offloaded states and every process loading its model slice in FP32, times additional_buffer_factor 1.5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs on one node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>states offloaded per GPU, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters of the largest module (zero.Init builds the rest partitioned)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters each process loads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max(offloaded states, FP32 load) × 1.5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layers&apos; kept tensors still on the GPU (the rest offloaded to pinned host memory)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers&apos; worth on the GPU: the copies in flight and the layer brought back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtune OffloadActivations: max_fwd_stash_size = 5 tensors in flight (training/_activation_offloading.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what one layer keeps, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtune enable_activation_offloading: saved tensors copied to pinned CPU memory on a side stream</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations by the textbook formula, for comparison</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the textbook formula 2·(19·B·S·H + 3·B·A·S²) per layer, after Korthikanti et al. 2022 (arXiv:2205.05198) as the practitioner article on training memory and mixed precision (显存都去哪儿了) teaches it; tensor and sequence parallelism divided as in the paper&apos;s Table 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the itemized model: every tensor a layer saves for backward (tools/calibrate/SAVED_TENSORS.md, listed in activation_items), measured against PyTorch on CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1F1B pipeline schedule: the first stage holds ⌈L/p⌉ layers for min(p, m) micro-batches (Narayanan et al. 2021; Korthikanti et al. 2022, section 4.2.3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every layer&apos;s activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>each layer&apos;s input, kept by its checkpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer recomputed during backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every layer&apos;s 19·B·S·H tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s attention scores, recomputed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what one layer keeps from forward to backward, in bytes (activation_items)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first layers this GPU holds whose saves differ: LoRA&apos;s first layer (its input needs no grad), an MoE model&apos;s dense layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what one of those first layers keeps from forward to backward, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every other layer&apos;s kept tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the first layers&apos; kept tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>every layer&apos;s kept tensors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer rebuilt during backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what one recomputed layer saves again, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding and shared tensors (token ids, RoPE tables), in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding and tensors shared by the layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final norm, LM head input and the loss&apos;s FP32 log-softmax</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final norm, LM head and loss tensors, in bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding and shared tensors, once per micro-batch in flight</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA (Hu et al. 2021): B&apos;s weight gradient needs A&apos;s output; PEFT&apos;s default lora_dropout = 0 saves no copy of the input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the adapters&apos; A outputs of the recomputed layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the adapters&apos; A outputs, every layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the block family&apos;s parameter tensors, module by module (parametertensors.h: the layout of the family&apos;s Hugging Face implementation, e.g. LlamaModel, GPT2Model, GPTNeoXModel, MixtralModel, DeepseekV2Model, BertModel)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>learned position table rows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>token types (segment embeddings)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>routed experts per MoE layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one expert&apos;s inner size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one shared expert&apos;s inner size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shared experts per MoE layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latent attention: Q&apos;s low rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latent attention: the KV latent&apos;s rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latent attention: rotary part of a q/k head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latent attention: non-rotary part of a q/k head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>latent attention: a value head&apos;s dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>embedding parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one dense layer&apos;s attention and MLP parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s attention and MLP parameters (matrices and biases)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one layer&apos;s norm parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>final norm parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LM head parameters (untied, with its bias where the family has one)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the encoder&apos;s pooler or masked-LM head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one MoE layer&apos;s attention, experts, shared experts and router</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers that keep a dense MLP (the first ones)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first layers kept dense (first_k_dense_replace)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters the architecture has</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters of the whole model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters of the whole model, as given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>experts each token is routed to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one MoE layer&apos;s routed experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters one token uses (the experts it is routed to)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert parallelism (DeepSpeed-MoE, Megatron --expert-model-parallel-size): E / e experts on each GPU, their states partitioned over the d / e replicas that hold the same experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>routed-expert parameters on this rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM&apos;s layout (Shoeybi et al. 2019; Narayanan et al. 2021): matrices and biases split over t, norms replicated, vocabulary-parallel embedding; ⌈L/p⌉ layers per stage, the embedding on the first stage, final norm and LM head on the last</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the architecture&apos;s parameters on the most loaded rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters on the most loaded model-parallel rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adapter rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hu et al. 2021: A (r × in) and B (out × r) per adapted module; a fused module (GPT-2&apos;s c_attn, Phi-3&apos;s gate_up_proj) is adapted once, as PEFT matches names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adapter parameters of the whole model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the adapters&apos; ranks in one layer, added up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bitsandbytes replaces every nn.Linear of the blocks by Linear4bit; embeddings, norms, biases and the LM head stay 16-bit (Dettmers et al. 2023)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the architecture&apos;s block linear weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>base parameters stored in NF4 (the blocks&apos; linear weights)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the largest quantized matrix, dequantized one at a time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key/value heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head dimension, as given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MLP inner size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vocabulary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batch: sequences per GPU per forward pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence length, tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs of the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor-parallel degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expert-parallel degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pipeline stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>micro-batches per step (gradient accumulation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>data-parallel degree, the ZeRO sharding degree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>d = N / (t·p)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adapter parameters on this rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the adapters sit in the layers: this rank holds their share in proportion to its parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the article&apos;s textbook formula, 2·(19·B·S·H + 3·B·A·S²) per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron&apos;s fused kernels (Korthikanti et al. 2022) with Transformer Engine&apos;s flash attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtune: F.scaled_dot_product_attention, K and V expanded to all heads (modules/attention.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>litgpt: F.scaled_dot_product_attention (litgpt/model.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transformers: attn_implementation defaults to SDPA (torch &gt;= 2.1.1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtune CEWithChunkedOutputLoss, num_output_chunks=8, each chunk upcast to FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>litgpt chunked_cross_entropy, 128-token chunks in the model&apos;s dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron&apos;s vocabulary-parallel cross-entropy, in place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none: the textbook formula has no loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transformers ForCausalLMLoss: the whole logits upcast to FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TrainingArguments optim adamw_torch: torch.optim.AdamW, foreach on CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>litgpt: torch.optim.AdamW, foreach on CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtune recipe configs: torch.optim.AdamW with fused: True</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s and Megatron&apos;s FusedAdam update in place</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activation model, profile and attention kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loss over the logits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fused optimizer kernel (else torch&apos;s foreach, with a temporary)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer steps in backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtune optimizer_in_bwd</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>activations offloaded to pinned host memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtune enable_activation_offloading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off unless the run compiles (torchtune compile: True)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paged optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bitsandbytes Paged* optimizers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QLoRA&apos;s 4-bit base</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchao NF4Tensor always double-quantizes; bitsandbytes with bnb_4bit_use_double_quant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient reduce bucket, elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face&apos;s &quot;auto&quot; reduce_bucket_size: hidden_size²</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed reduce_bucket_size 5e8 (runtime/zero/config.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no reduce bucket: FSDP and Megatron reduce-scatter their own buffers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overlap_comm (a second bucket at stages 1-2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed: on at stage 3, off below</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>decoder layers gathered at once (the computing one and its prefetch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP1 limit_all_gathers: two all-gathers in flight; FSDP2 prefetches one layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-3 prefetch bucket, elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed stage3_prefetch_bucket_size 5e7; Hugging Face &quot;auto&quot; 0.9·hidden_size²</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-3 persistence threshold, elements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed stage3_param_persistence_threshold 1e5; Hugging Face &quot;auto&quot; 10·hidden_size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-3 live parameters at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed stage3_max_live_parameters 1e9</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model built partitioned (zero.Init)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on: DeepSpeed and accelerate&apos;s zero3_init</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron&apos;s distributed optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opt-in: --use-distributed-optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model chunks per pipeline stage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron --num-layers-per-virtual-pipeline-stage (none: 1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rajbhandari et al. 2020, section 5 (ZeRO stages 1-3); DeepSpeed stage_1_and_2.py and stage3.py</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-Offload, Ren et al. 2021: optimizer states, master copy and the gradient partition live in host memory and the step runs on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P × bytes per parameter of the recipe&apos;s weight dtype (FP32: 4, FP16/BF16: 2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>adapter weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frozen base&apos;s packed 4-bit codes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frozen base in NF4 (4.5 bits a weight)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frozen base in NF4 with double quantization (4.127 bits a weight)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frozen base outside the quantized matrices (embeddings, norms, LM head)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frozen base in the compute dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QLoRA&apos;s quantization constants, kept whole on every GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bitsandbytes Params4bit keeps absmax and the nested scales in its quant_state, outside the tensor ZeRO-3 and FSDP partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters FSDP holds gathered: the root unit and the decoder layers computing and prefetched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters ZeRO-3 holds gathered: the largest module and the prefetch bucket, within max_live_parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP1 limit_all_gathers keeps two all-gathers in flight (_limiter_utils.py); FSDP2 prefetches one layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed partitioned_param_coordinator.py: stage3_prefetch_bucket_size ahead, at most stage3_max_live_parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>their bytes: the quantized matrices in NF4, the rest in the compute dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters gathered whole for their forward and backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>small parameters ZeRO-3 never partitions, beyond their shard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes kept whole beyond the shard (tensors of at most stage3_param_persistence_threshold elements)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed partition_parameters.py: ds_persist for tensors at or under the threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one NF4 matrix dequantized to 16 bits for its matmul</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bitsandbytes Linear4bit dequantizes the weight before each matmul</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one gradient per trained parameter, in the weights&apos; dtype (in FP32 with an FP32 gradient buffer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 gradient buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradients</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>elements of the largest trained tensor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one tensor&apos;s gradient: each is applied and freed as backward produces it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtune optimizer_in_bwd: per-parameter optimizers stepped from post-accumulate-grad hooks (recipes/full_finetune_single_device.py L390-415)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>16-bit gradients as autograd writes them (stage 1 keeps them whole)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 gradient partition of this replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>16-bit gradient partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>gradient partition of this replica</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the gathered module&apos;s 16-bit gradients before they are reduce-scattered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>parameters of the module (FSDP: the unit) whose gradients are being reduce-scattered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO&apos;s two gradient reduce buckets (overlap_comm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO&apos;s gradient reduce bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>elements of the reduce buckets (reduce_bucket_size, twice with overlap_comm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reduce_bucket_size as set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face&apos;s &quot;auto&quot; reduce_bucket_size: hidden_size² elements (transformers integrations/deepspeed.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed reduce_bucket_size, default 5e8 elements (deepspeed/runtime/zero/config.py)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>what FP32 states for tensors under 4096 elements add (bitsandbytes min_8bit_size)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bitsandbytes optim/optimizer.py: params below min_8bit_size keep 32-bit states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>states paged to CUDA managed memory (all but the largest tensor&apos;s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bitsandbytes paged optimizers: states of tensors of at least 1e5 elements in managed memory, prefetched for their update</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Master weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an FP32 copy of the trained weights for the update (*-master recipes: DeepSpeed, Megatron, Apex O2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 master copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adafactor (Shazeer &amp; Stern 2018): a row and a column accumulator per matrix, a full one per vector; no first moment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Adafactor state elements: rows + columns of every matrix, plus vectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>per trained parameter: Adam/AdamW two moments, SGD with momentum and Lion one, 8-bit Adam two 8-bit codes (Dettmers et al. 2022), each in FP32 unless the states take the weights&apos; dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixed cost of the whole model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the model states before any sharding or offload: P × bytes per parameter of each state (mixed precision with Adam: 2 + 2 + 4 + 8 = 16 bytes/param)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frozen base in NF4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>factored optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the expert data-parallel degree, d / e: ZeRO&apos;s divisor for the experts</source>
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
    <name>FormulaText</name>
    <message>
        <source>bytes</source>
        <extracomment>unit word printed after a byte count in a formula</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes/param</source>
        <extracomment>unit printed after a constant in a formula: bytes per parameter</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bytes/elem</source>
        <extracomment>unit printed after a constant in a formula: bytes per tensor element</extracomment>
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
    <message>
        <source>Import the model of a Hugging Face config.json, or of a folder holding one and its .safetensors files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PATH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build the window offscreen at --size on a set of scenarios and list every text that is clipped or overlaps another; exit 1 if there is any.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headroom cannot load its catalogue of models and GPUs.

%1

Set HEADROOM_DATA_DIR to the folder holding models/ and gpus.json.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>headroom: %n layout problem(s) at %1x%2</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HfImport</name>
    <message>
        <source>counted as the encoder with its pooler (the published total); the masked-LM head is model.encoder-head mlm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model_type &quot;%1&quot; read as %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: too short for a safetensors header (under 8 bytes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the safetensors header claims %2 bytes, more than the 100 MB allowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the safetensors header claims %2 bytes, more than the file holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the header is not a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: tensor &quot;%2&quot; lacks a dtype, a shape of whole numbers or two data offsets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: tensor &quot;%2&quot; has data offsets outside the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: entry &quot;%2&quot; is not a shard file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 names shard &quot;%2&quot;, which is not in the folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 names more than %2 shards</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a regular file: refused without reading it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes: refused without reading it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds no config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds %2 at its top level; a config.json is a JSON object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is missing; expected %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is %3; expected %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is %3, out of range; allowed: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; (%3) must divide &quot;%4&quot; exactly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: model_type %2 is not supported; supported: %3 (a config with the usual fields under another name can be read as one of them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown model_type to read the config as: &quot;%1&quot;; allowed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (model_type %2, %3 block): %4 parameters from the architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, %1 active per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>checkpoint: %1 parameters stored as %2 in %n file(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source> (and %1 buffer values, not parameters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning: not modelled, and memory depends on them: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ignored (the model uses them; its training memory does not depend on them): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unrecognized fields, their effect unknown: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>metadata: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Issue</name>
    <message>
        <source>FSDP shards gradients together with parameters: NO_SHARD is --zero 0, SHARD_GRAD_OP --zero 2, FULL_SHARD --zero 3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the textbook formula has no loss to chunk or fuse; use the itemized model (--activations transformer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compiling removes saved tensors the textbook formula does not list; use the itemized model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offloading moves the itemized model&apos;s saved tensors; use the itemized model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the optimizer steps while backward produces each gradient, so gradients cannot be accumulated (torchtune refuses the combination)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optimizer-in-backward is a single-GPU feature of torchtune&apos;s recipes, without ZeRO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paged optimizer states live in CUDA managed memory; ZeRO offload moves states another way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bitsandbytes pages the states of its Adam, AdamW and Lion optimizers only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron shards optimizer states with its distributed optimizer (--distributed-optimizer), not ZeRO</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the distributed optimizer is Megatron&apos;s (--stack megatron); elsewhere use ZeRO stage 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaving splits pipeline stages into chunks, so it needs at least 2 stages (--pp)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the layers must split evenly into p × v model chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: 0 (dropless) to %3</source>
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
        <source>%1 needs %2 %3 (it is %4)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 needs %2 between %3 and %4 (it is %5)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not go with this %2: %3</source>
        <extracomment>%1 the field, %2 the other field, %3 why they do not go together</extracomment>
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
        <source>GPT-NeoX / Pythia (parallel residual)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phi-1.5/2 (parallel residual, one norm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Falcon (parallel residual, multi-query)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>StarCoder2 (LayerNorm, biases, GELU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gemma (RMSNorm, gated GELU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gemma-2/3 (four norms, soft-capping)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>BERT / RoBERTa (encoder)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paper conventions (textbook)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face Trainer / PEFT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtune</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LitGPT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch FSDP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PyTorch FSDP2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No framework buffers: the ZeRO paper&apos;s model states and the article&apos;s textbook activation formula, for teaching.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>transformers&apos; Trainer with PEFT: SDPA attention, the whole logits upcast to FP32, torch&apos;s foreach AdamW, DeepSpeed&apos;s &quot;auto&quot; buckets.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torchtune recipes: pure BF16, chunked cross-entropy (8 chunks), fused AdamW, FSDP2 per decoder layer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LitGPT: chunked cross-entropy in the model&apos;s dtype, FSDP per block on several GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s engine with its own defaults: a 5e8-element reduce bucket, ZeRO-3 prefetch and persistence, FusedAdam.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP1: one unit per decoder layer, two all-gathers in flight, no reduce bucket.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FSDP2 (fully_shard): per-layer groups, one layer prefetched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron-LM: fused kernels, flash attention, FP32 main gradients, in-place vocabulary-parallel loss.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whole logits in FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chunked cross-entropy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fused linear cross-entropy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start of the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last layer&apos;s forward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the loss&apos;s forward (logits)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the loss&apos;s backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>last layer&apos;s backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first layer&apos;s backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end of backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>end of the step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token types</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared expert FFN size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dense layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q latent rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV latent rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotary head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Non-rotary head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value head dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotary fraction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer in backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation offload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paged optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max live parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prefetch bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Persistence threshold</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distributed optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual pipeline stages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA dropout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Activation model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a regular file (a FIFO, a device or a folder); it was not read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes, the most a scenario file may have; it was not read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds %2 at its top level; a scenario file is a JSON object.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1 (%2); the previous file is unchanged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 is out of range; allowed: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a regular file; it was not read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes; it was not read.</source>
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
        <source>%1: B = %2, S = %3, %4, %5</source>
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
        <source>Parameter counts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Derived from the architecture, layer by layer; the symbols are listed at the end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>given</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <extracomment>a parameter count, e.g. &quot;6,738,415,616 parameters&quot;</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training stack: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the estimate assumes of the framework; change any choice in the inputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the stack&apos;s: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>set in the inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offloaded to host RAM, per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak of the step: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sum of the buckets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not all live at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) against a peak of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Symbols</source>
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
        <extracomment>the peak, the moment of the step it happens (&quot;last layer&apos;s backward&quot;) and the capacity</extracomment>
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
    <message>
        <source>Short-lived buffers</source>
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
        <source>What the current scenario&apos;s estimate says about this symptom.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The troubleshooting table of the training-memory guide «显存都去哪儿了» (section 4.3): pick what you see.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The likely cause, from the guide&apos;s troubleshooting table.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the guide&apos;s troubleshooting table suggests.</source>
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
        <source>&amp;KV heads:</source>
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
    <message>
        <source>How weights, gradients and activations are stored (the training-memory guide «显存都去哪儿了», sections 1.3 and 3.3).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Textbook: 2 bytes/elem × (19·B·S·H + 3·B·A·S²) per layer, after Korthikanti et al. 2022 as the training-memory guide «显存都去哪儿了» teaches it. Itemized: every saved tensor of the block family.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tensor parallel t:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron tensor parallelism: each layer&apos;s matrices split over t GPUs (t divides the heads).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>P&amp;ipeline stages p:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pipeline parallelism: the layers split into p stages on different GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xpert parallel e:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert parallelism: the routed experts divided over e GPUs (e divides E and the data-parallel GPUs).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Se&amp;quence parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Korthikanti et al.: with tensor parallelism, the norms&apos; and dropouts&apos; activations are split over the t GPUs too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence parallelism on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sequence parallelism off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host RAM one node needs: the offloaded states of its GPUs, or every process loading its model slice, times DeepSpeed&apos;s 1.5 buffer factor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host RAM per node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA dropout</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lora_dropout, 0 ≤ p &lt; 1: with p &gt; 0 each adapter saves a dropout mask and the dropped copy of its input (PEFT&apos;s default 0; torchtune&apos;s Llama-2 and litgpt 0.05).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoRA dr&amp;opout:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NF4 with double quantization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NF4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>QLoRA&apos;s 4-bit base: FP32 block scales (4.5 bits a weight), or the scales quantized again (4.127 bits; bnb_4bit_use_double_quant, always with torchao).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4-bit &amp;base:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>4-bit base: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A&amp;dvanced settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The optimizer&apos;s state dtype and gradient buffer, the runtime&apos;s share, the sharding libraries&apos; buffers, Megatron&apos;s options, the GELU kernel and the experts&apos; capacity.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The weights&apos; dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The optimizer&apos;s states in FP32 (the default everywhere but pure-BF16 trainers such as torchtune, which keep them in BF16: 2 + 2 + 4 = 8 bytes/param for AdamW).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states in:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer states in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 gradient buffer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Gradients accumulated in FP32 beside 16-bit weights (Megatron&apos;s main_grad, DeepSpeed&apos;s FP32 partition): 2 + 4 + 4 + 8 = 18 bytes/param with Adam.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 gradient buffer on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 gradient buffer off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA context:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CUDA context and kernel images, in bytes (e.g. 1000MiB; PyTorch: 300 MiB to 2 GiB).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allocator reserve:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the caching allocator holds beyond what is allocated, in bytes (e.g. 1GiB).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs per node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GPUs sharing one host&apos;s RAM, for the host memory per node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reduce bucket:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO&apos;s gradient reduce bucket, in elements; empty for the stack&apos;s (DeepSpeed 5e8, Hugging Face &quot;auto&quot; H², none for FSDP); 0 for none.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-3 prefetch:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage3_prefetch_bucket_size in elements; empty for the stack&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-3 persistence:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage3_param_persistence_threshold in elements: smaller parameters are kept whole; empty for the stack&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-3 live at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stage3_max_live_parameters in elements; empty for the stack&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build the model partitioned (zero.Init)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ZeRO-3 builds each module partitioned, so no process loads the whole model in host RAM.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zero.Init on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>zero.Init off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Megatron&apos;s distributed optimizer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FP32 main parameters and moments sharded over the data-parallel GPUs (6 + 12/d bytes/param). Needs the Megatron stack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distributed optimizer on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Distributed optimizer off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual stages v:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model chunks per pipeline stage (Megatron&apos;s interleaved schedule): the first stage holds L (1 + (p − 1)/(p v)) layers&apos; worth.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>As the model&apos;s code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fused kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Written out (gelu_new)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A fused GELU saves its input only; HF&apos;s gelu_new written out saves four tensors of B×S×F.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GELU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GELU: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts&apos; capacity factor: each expert takes at most ⌈f·k·B·S/E⌉ rows (GShard, DeepSpeed-MoE); 0 for dropless routing, as Hugging Face routes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Capacity factor:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a number; allowed: 0 (dropless) to 1000</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the stack&apos;s: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a Hugging Face config.json, or a folder holding one and its .safetensors files (their headers give the checkpoint&apos;s exact count). You can also drop either on the window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Attention heads A. Without a head dimension of its own, each head is H/A wide and A must divide H.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key/value heads: as many as A for multi-head attention, fewer for grouped-query, 1 for multi-query. They must divide the heads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head di&amp;mension:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width of one attention head (Gemma: 256 with H/A = 192); leave empty for H/A.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mi&amp;xture of experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the MLP by routed experts: each token goes to k of E experts (Mixtral, Qwen-MoE, DeepSeek). All E count towards memory; k towards compute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Routed e&amp;xperts E:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Routed experts in each MoE layer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts per &amp;token k:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts each token is sent to (Mixtral: 2 of 8).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expert FFN si&amp;ze:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inner size of one expert&apos;s MLP.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared experts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts every token goes through besides the routed ones (DeepSeek; Qwen-MoE has one).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shared expert FFN:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inner size of one shared expert; leave empty for the routed experts&apos; size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First dense layers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Leading layers that keep a dense MLP (DeepSeek&apos;s first_k_dense_replace).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a mixture of experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a dense MLP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Latent attention (M&amp;LA)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DeepSeek-V2/V3&apos;s multi-head latent attention: Q and KV pass through low-rank latents, and each head&apos;s query/key has a rotary and a non-rotary part.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Q latent rank:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>q_lora_rank; leave empty to project Q directly (DeepSeek-V2-Lite).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV latent rank:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kv_lora_rank: the compressed key/value width.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotary head dim.:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qk_rope_head_dim.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Non-rotary head dim.:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>qk_nope_head_dim.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value head dim.:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>v_head_dim.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use latent attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use plain attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The parameter count P the estimate uses; for a mixture of experts also the parameters one token passes through, and a checkpoint&apos;s own count when its headers were read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported: %1 (model_type %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>H/A = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= expert FFN</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>active per token: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>checkpoint: %1 (%2), stored as %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training &amp;stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The framework the run is launched with. Choosing one applies its defaults (attention, loss, optimizer kernel, buffers); each can then be changed below. Show the Math lists them with their sources.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fra&amp;mework:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Training stack: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The logits of every token upcast to FP32 at once (transformers, torch.nn.CrossEntropyLoss).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The head and the loss in slices of the tokens (torchtune: 8; litgpt: 128 tokens).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Head and loss fused, slice by slice, the gradients computed in forward (Liger): no B×S×V tensor at all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How the loss meets the logits: at a 128k vocabulary the FP32 logits can be the largest tensor of the step. Needs the itemized activation model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lo&amp;ss:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loss chun&amp;ks:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slices of a chunked or fused loss; leave empty for the stack&apos;s (torchtune: 8).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch.&amp;compile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compiled layers fuse the norms and activations, and torchtune&apos;s compiled loss saves no FP32 log-softmax.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Optimizer step &amp;in backward</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each gradient is applied and freed as backward produces it (torchtune optimizer_in_bwd): one tensor&apos;s gradient at a time. Single GPU, no gradient accumulation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offload &amp;activations to CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved activations are copied to pinned host memory as they are saved and brought back for backward (torchtune enable_activation_offloading).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Fused optimizer kernel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A fused AdamW updates in place; torch&apos;s default foreach implementation allocates a temporary the size of one moment for the whole model during the step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pa&amp;ged optimizer states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bitsandbytes&apos; paged optimizers keep their states in CUDA managed memory, paged to host RAM under pressure.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 off</source>
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
    <message>
        <source>&amp;Import Hugging Face Config…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read a model&apos;s config.json (and, in its folder, the .safetensors headers).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import Hugging Face Config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model configs (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot import the model</source>
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
    <message>
        <source>GradScaler&apos;s dynamic loss scale over a simulated run, with the diagnostics of the training-memory guide «显存都去哪儿了» (section 3.5).</source>
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
    <message>
        <source>Import %1</source>
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
    <message>
        <source>Per GPU at the step&apos;s peak</source>
        <extracomment>the bar&apos;s axis label: what is live on one GPU at the step&apos;s highest point</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak of the step: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sum of the buckets, %1, is never live at once.</source>
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
        <source>fits up to %1 = %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <extracomment>a capacity line&apos;s label: the card, then whether and how far the run fits</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fits nowhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Peak: %1 (live at the step&apos;s highest point)</source>
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
        <source>Peak %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1
%2</source>
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
        <source>Apply the advice to the scenario (undo with Ctrl+Z).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The first change that helps, in the rescue order of the training-memory guide «显存都去哪儿了» (section 4.2): micro-batch, checkpointing, ZeRO, offload, LoRA, QLoRA.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
