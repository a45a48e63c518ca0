#!/usr/bin/python3
"""Writes tests/fixtures/calibration/gpu-reserved.json: for each of the 58 H200 training steps of
tests/fixtures/calibration/gpu.json, the headroom-cli options that describe it (the harness's own
gpu_peak.cli_options(), so the mapping is the one every GPU run uses), and the figures it
measured: torch.cuda.max_memory_reserved() and max_memory_allocated() of the steady (second)
step. tests/cli/tst_gpureserved.cpp estimates each with `estimate <options> --json` and compares
peak.reserved with the measured reserved.

Two options are added to the harness's: the harness builds every model on the GPU in FP32 and
converts it there (gpu_peak.run_one: build_model under torch.device(device)), which is
--load-path fp32-on-gpu; and the allocator's cache is modelled, so --overhead 0 (which leaves the
runtime's share out, the allocator's included) is replaced by --cuda-context 0 (reserved has no
CUDA context in it).

Excluded, with the reason in the file: the four QLoRA steps. The harness quantizes its NF4 base
with plain torch at load (models.quantize_nf4: an n x 16 FP32 distance matrix per weight), whose
temporaries (about 12 GiB) stay cached; bitsandbytes quantizes in a CUDA kernel without them, so
no stack loads that way.

Needs /usr/bin/python3 with Debian's python3-torch (gpu_peak imports torch), no GPU:

  /usr/bin/python3 tools/calibrate/gpu_reserved_cases.py
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gpu_peak  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
FIXTURE = os.path.join(ROOT, "tests", "fixtures", "calibration", "gpu.json")
OUT = os.path.join(ROOT, "tests", "fixtures", "calibration", "gpu-reserved.json")

QLORA_REASON = ("the harness quantizes the NF4 base with plain torch at load (models.quantize_nf4: an n x 16 FP32 "
                "distance matrix per weight, about 12 GiB cached); bitsandbytes quantizes in a kernel without them")


def main():
    specs = {s["id"]: s for s in gpu_peak.configs()}
    with open(FIXTURE) as f:
        fixture = json.load(f)
    cases = []
    for c in fixture["configs"]:
        spec = specs[c["id"]]
        argv = gpu_peak.argv_of(gpu_peak.apply_extra(gpu_peak.cli_options(spec), [], spec))
        while "--overhead" in argv:
            i = argv.index("--overhead")
            del argv[i:i + 2]
        argv += ["--cuda-context", "0", "--load-path", "fp32-on-gpu"]
        case = {"id": c["id"], "feature": c["feature"], "options": argv,
                "measured_reserved": c["steps"][-1]["peak_reserved"],
                "measured_allocated": c["steady_peak_allocated"]}
        if c["feature"] == "qlora":
            case["excluded"] = QLORA_REASON
        cases.append(case)
    out = {"what": "headroom-cli options and measured reserved/allocated bytes of the H200 steps of gpu.json "
                   "(tools/calibrate/gpu_reserved_cases.py); read by tests/cli/tst_gpureserved.cpp",
           "device_name": fixture["device_name"], "torch_version": fixture["torch_version"],
           "cases": cases}
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")
    print("wrote %d cases to %s" % (len(cases), OUT))


if __name__ == "__main__":
    main()
