#!/usr/bin/python3
"""Post-training steps on CPU: what a DPO step and a GRPO step save for backward.

Each step is written op for op as TRL v0.19.0 (commit 5b3ea9dd) runs it on a policy without
adapters, in FP32 (the dtype selective_log_softmax takes its logsumexp path in):

  DPO  (trl/trainer/dpo_trainer.py concatenated_forward, dpo_loss with loss_type "sigmoid"):
       chosen and rejected concatenated into one batch of 2B sequences; the policy's logits,
       labels rolled by one, selective_log_softmax, the masked sum per sequence; then the
       reference's forward under torch.no_grad(); the sigmoid loss.
  GRPO (trl/trainer/grpo_trainer.py _generate_and_score_completions, _get_per_token_logps,
       _compute_loss with loss_type "bnpo", beta 0.04, num_iterations 1): the reference's
       log-probs under torch.no_grad() first, then the policy's forward over G·B prompt +
       completion sequences with the LM head on the last C + 1 positions (logits_to_keep),
       divided by the temperature, selective_log_softmax, the clipped ratio and the KL term.

Like measure.py, every tensor saved for backward is recorded through
torch.autograd.graph.saved_tensors_hooks and counted once per storage, parameters and buffers
left out; the reference forward's saves are counted apart (TRL runs it under no_grad: none).
Writes tests/fixtures/calibration/posttraining-cpu.json, which tests/core/tst_posttraining.cpp
holds Headroom's activation bucket to (within 1 %).

Needs Debian's python3-torch (1.13) for /usr/bin/python3:
    /usr/bin/python3 tools/calibrate/posttraining_measure.py [--print]
"""

import copy
import json
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from models import ModelConfig, build_model  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "tests", "fixtures", "calibration", "posttraining-cpu.json")


def storage_key(t):
    st = t.untyped_storage() if hasattr(t, "untyped_storage") else t.storage()
    return st.data_ptr(), st.nbytes()


class SavedBytes:
    """Sums the storages saved for backward, each once, beside the models' own tensors."""

    def __init__(self, *models):
        self.excluded = set()
        for m in models:
            for p in m.parameters():
                self.excluded.add(storage_key(p)[0])
            for b in m.buffers():
                self.excluded.add(storage_key(b)[0])
        self.by_phase = {}
        self.phase = "policy"
        self.keep = []  # no address reuse while measuring

    def pack(self, t):
        ptr, nbytes = storage_key(t)
        if ptr not in self.excluded:
            seen = self.by_phase.setdefault(self.phase, {})
            seen[ptr] = max(seen.get(ptr, 0), nbytes)
        self.keep.append(t)
        return t

    def total(self, phase):
        return sum(self.by_phase.get(phase, {}).values())


def selective_log_softmax(logits, index):
    # trl/trainer/utils.py (v0.19): FP32 and FP64 take logsumexp row by row; 16-bit logits take
    # log_softmax row by row, then gather.
    if logits.dtype in (torch.float32, torch.float64):
        selected_logits = torch.gather(logits, dim=-1, index=index.unsqueeze(-1)).squeeze(-1)
        logsumexp_values = torch.stack([torch.logsumexp(lg, dim=-1) for lg in logits])
        return selected_logits - logsumexp_values
    per_token_logps = []
    for row_logits, row_labels in zip(logits, index):
        row_logps = F.log_softmax(row_logits, dim=-1)
        per_token_logps.append(row_logps.gather(dim=-1, index=row_labels.unsqueeze(-1)).squeeze(-1))
    return torch.stack(per_token_logps)


def logits_of(model, input_ids, logits_to_keep=0):
    # LlamaForCausalLM.forward without labels: the LM head over the last logits_to_keep
    # positions (0: all of them), as transformers slices hidden_states.
    hidden_states = model.model(input_ids)
    keep = slice(-logits_to_keep, None) if logits_to_keep else slice(0, None)
    return model.lm_head(hidden_states[:, keep, :])


def dpo_logps(model, input_ids, loss_mask):
    logits = logits_of(model, input_ids)
    labels = torch.roll(input_ids, shifts=-1, dims=1)
    loss_mask = torch.roll(loss_mask, shifts=-1, dims=1).bool()
    labels = labels.clone()
    labels[~loss_mask] = 0
    per_token_logps = selective_log_softmax(logits, labels)
    per_token_logps[~loss_mask] = 0
    per_token_logps = torch.roll(per_token_logps, shifts=1, dims=1)
    return per_token_logps[:, 1:].sum(-1)


def measure_dpo(cfg, pairs, seq, prompt, dtype=torch.float32):
    torch.manual_seed(0)
    policy = build_model(cfg).to(dtype)
    policy.train()
    reference = copy.deepcopy(policy)  # create_reference_model: a frozen deep copy
    for p in reference.parameters():
        p.requires_grad_(False)
    reference.eval()
    input_ids = torch.randint(0, cfg.vocab, (2 * pairs, seq))  # chosen rows, then rejected
    loss_mask = torch.zeros(2 * pairs, seq, dtype=torch.long)
    loss_mask[:, prompt:] = 1
    tracker = SavedBytes(policy, reference)
    with torch.autograd.graph.saved_tensors_hooks(tracker.pack, lambda t: t):
        all_logps = dpo_logps(policy, input_ids, loss_mask)
        chosen, rejected = all_logps[:pairs], all_logps[pairs:]
        tracker.phase = "reference"
        with torch.no_grad():
            ref_logps = dpo_logps(reference, input_ids, loss_mask)
        tracker.phase = "loss"
        beta = 0.1
        logits = (chosen - rejected) - (ref_logps[:pairs] - ref_logps[pairs:])
        loss = -F.logsigmoid(beta * logits).mean()
    loss.backward()
    return tracker


def grpo_logps(model, input_ids, logits_to_keep, temperature):
    logits = logits_of(model, input_ids, logits_to_keep + 1)
    logits = logits[:, :-1, :]
    completion_ids = input_ids[:, -logits_to_keep:]
    logits = logits[:, -logits_to_keep:]
    logits = logits / temperature
    return selective_log_softmax(logits, completion_ids)


def measure_grpo(cfg, prompts, generations, prompt, completion, dtype=torch.float32):
    torch.manual_seed(0)
    policy = build_model(cfg).to(dtype)
    policy.train()
    reference = copy.deepcopy(policy)
    for p in reference.parameters():
        p.requires_grad_(False)
    reference.eval()
    n = prompts * generations
    input_ids = torch.randint(0, cfg.vocab, (n, prompt + completion))
    completion_mask = torch.ones(n, completion, dtype=dtype)
    advantages = torch.randn(n, dtype=dtype)
    tracker = SavedBytes(policy, reference)
    temperature, beta, eps = 1.0, 0.04, 0.2
    with torch.autograd.graph.saved_tensors_hooks(tracker.pack, lambda t: t):
        tracker.phase = "reference"
        with torch.no_grad():
            ref_per_token_logps = grpo_logps(reference, input_ids, completion, temperature)
        tracker.phase = "policy"
        per_token_logps = grpo_logps(policy, input_ids, completion, temperature)
        tracker.phase = "loss"
        per_token_kl = torch.exp(ref_per_token_logps - per_token_logps) - (ref_per_token_logps - per_token_logps) - 1
        old_per_token_logps = per_token_logps.detach()
        coef_1 = torch.exp(per_token_logps - old_per_token_logps)
        coef_2 = torch.clamp(coef_1, 1 - eps, 1 + eps)
        per_token_loss1 = coef_1 * advantages.unsqueeze(1)
        per_token_loss2 = coef_2 * advantages.unsqueeze(1)
        per_token_loss = -torch.min(per_token_loss1, per_token_loss2)
        per_token_loss = per_token_loss + beta * per_token_kl
        loss = (per_token_loss * completion_mask).sum() / completion_mask.sum().clamp(min=1.0)
    loss.backward()
    return tracker


def config_dict(cfg):
    return {"arch": cfg.arch, "layers": cfg.layers, "hidden": cfg.hidden, "heads": cfg.heads,
            "kv_heads": cfg.kv_heads, "ffn": cfg.ffn, "vocab": cfg.vocab, "tied": cfg.tied}


def main(argv):
    torch.set_num_threads(1)
    cfg = ModelConfig(arch="llama", hidden=64, heads=4, kv_heads=2, ffn=172, vocab=8000, layers=2, tied=False)
    runs = []
    for pairs, seq, prompt, precision in ((1, 64, 16, "fp32"), (2, 96, 32, "fp32"), (2, 96, 32, "bf16")):
        t = measure_dpo(cfg, pairs, seq, prompt, torch.bfloat16 if precision == "bf16" else torch.float32)
        runs.append({"id": "dpo-b%d-s%d-%s" % (pairs, seq, precision), "method": "dpo", "model": config_dict(cfg),
                     "precision": precision, "batch": pairs, "seq": seq, "prompt_length": prompt,
                     "saved_policy_and_loss": t.total("policy") + t.total("loss"),
                     "saved_policy": t.total("policy"), "saved_loss": t.total("loss"),
                     "saved_reference": t.total("reference")})
    for prompts, generations, prompt, completion, precision in ((1, 4, 24, 40, "fp32"), (2, 2, 32, 64, "fp32"),
                                                                (2, 2, 32, 64, "bf16")):
        t = measure_grpo(cfg, prompts, generations, prompt, completion, torch.bfloat16 if precision == "bf16" else torch.float32)
        runs.append({"id": "grpo-b%d-g%d-s%d-%s" % (prompts, generations, prompt + completion, precision), "method": "grpo",
                     "model": config_dict(cfg), "precision": precision, "batch": prompts, "generations": generations,
                     "seq": prompt + completion, "prompt_length": prompt,
                     "saved_policy_and_loss": t.total("policy") + t.total("loss"),
                     "saved_policy": t.total("policy"), "saved_loss": t.total("loss"),
                     "saved_reference": t.total("reference")})
    doc = {"source": "tools/calibrate/posttraining_measure.py: TRL v0.19.0 (5b3ea9dd) DPO and GRPO steps written op "
                     "for op, saved tensors recorded through torch.autograd.graph.saved_tensors_hooks on CPU",
           "torch_version": torch.__version__, "runs": runs}
    if "--print" in argv:
        print(json.dumps(doc, indent=1))
        return 0
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print("wrote %s (%d runs)" % (os.path.normpath(OUT), len(runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
