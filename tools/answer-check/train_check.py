#!/usr/bin/python3
"""Trains the answer check: a cross-encoder that reads (question, a candidate sentence with its document's title) and
says how likely the sentence states what is asked.

Runs on the CPU with Debian's packages only (python3-torch, libopenblas0-pthread, python3-onnx, python3-numpy); nothing
is downloaded. The starting weights are the answer reader's (MiniLM-L6 fine-tuned as a SQuAD 2.0 reader, shipped in the
lightweight-evaluator plugin): its int8 ONNX file is read, dequantised into a PyTorch encoder, fine-tuned, and written
back into the same graph with the new weights quantised the same way — so the exported file runs on exactly the
operators the host's ONNX Runtime already runs for the reader. See README.md beside this file for the data, the recipe
and how to ship a new model.
"""

import argparse
import json
import math
import os
import random
import re
import sys
import time
import unicodedata

import numpy as np
import onnx
import torch
from onnx import numpy_helper
from torch import nn

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
RESOURCES = os.path.join(ROOT, "plugins", "lightweight-evaluator", "src", "main", "resources", "io", "corrigo",
                         "plugins", "lightweightevaluator")
READER = os.path.join(RESOURCES, "answer-reader-minilm-l6-int8.onnx")
TOKENIZER = os.path.join(RESOURCES, "answer-reader-tokenizer.json")
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared", "bench", "train"))

MAX_LENGTH = 128
MAX_QUESTION = 40
MAX_CANDIDATE = 64
CLS, SEP, PAD = 101, 102, 0


# ---------------------------------------------------------------------------------------------------------- tokenizer

class WordPiece:
    """BERT's uncased WordPiece as in tokenizer.json: lower case, accents stripped, punctuation split, greedy longest
    match with '##' continuations (the same tokenizer the host's HuggingFaceTokenizer runs)."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            self.vocab = json.load(f)["model"]["vocab"]
        self.unk = self.vocab["[UNK]"]
        self.cache = {}

    @staticmethod
    def _punct(ch):
        cp = ord(ch)
        if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
            return True
        return unicodedata.category(ch).startswith("P")

    def _words(self, text):
        text = unicodedata.normalize("NFD", text.lower())
        text = "".join(c for c in text if unicodedata.category(c) != "Mn")
        out, word = [], []
        for ch in text:
            if ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf"):
                if word:
                    out.append("".join(word))
                    word = []
            elif self._punct(ch) or 0x4E00 <= ord(ch) <= 0x9FFF:
                if word:
                    out.append("".join(word))
                    word = []
                out.append(ch)
            else:
                word.append(ch)
        if word:
            out.append("".join(word))
        return out

    def _pieces(self, word):
        if word in self.cache:
            return self.cache[word]
        if len(word) > 100:
            return [self.unk]
        ids, start = [], 0
        while start < len(word):
            end, found = len(word), None
            while start < end:
                piece = word[start:end] if start == 0 else "##" + word[start:end]
                if piece in self.vocab:
                    found = self.vocab[piece]
                    break
                end -= 1
            if found is None:
                ids = [self.unk]
                break
            ids.append(found)
            start = end
        self.cache[word] = ids
        return ids

    def encode(self, text):
        ids = []
        for w in self._words(text):
            ids.extend(self._pieces(w))
        return ids


def pair(tok, question, sentence, title, context):
    """[CLS] question [SEP] sentence [SEP] title: neighbours [SEP]: the question cut to MAX_QUESTION tokens, the
    sentence to MAX_CANDIDATE, what it stands among (its document's title, the sentence before it and the one after)
    to what is left of MAX_LENGTH. The sentence is judged; its neighbours say what its pronouns and its passage are
    about."""
    q = tok.encode(question)[:MAX_QUESTION]
    b = tok.encode(sentence)[:MAX_CANDIDATE]
    c = tok.encode(context_text(title, context))[:max(0, MAX_LENGTH - len(q) - len(b) - 4)]
    ids = [CLS] + q + [SEP] + b + [SEP] + c + [SEP]
    types = [0] * (len(q) + 2) + [1] * (len(b) + len(c) + 2)
    return ids, types


def context_text(title, context):
    return ((title + ": ") if title else "") + (context or "")


def neighbours(sentences, i):
    """The sentence before and the one after sentences[i], as one text ("" at the edges)."""
    return " ".join(s for s in (sentences[i - 1] if i > 0 else "", sentences[i + 1] if i + 1 < len(sentences) else "") if s)


# --------------------------------------------------------------------------------------------------------------- data

SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[A-Z0-9\"'(\[])")


def sentences_of(text):
    return [s.strip() for s in SENTENCE_END.split(text) if len(s.strip()) > 1]


def java_hash(s):
    h = 0
    for ch in s:
        for unit in (ch.encode("utf-16-be")[i:i + 2] for i in range(0, len(ch.encode("utf-16-be")), 2)):
            h = (31 * h + int.from_bytes(unit, "big")) & 0xFFFFFFFF
    return h - (1 << 32) if h >= (1 << 31) else h


def held_out(article):
    """The SQuAD hold-out rule the evaluation uses: Java String.hashCode of the article title, floorMod 5 == 0."""
    return java_hash(article) % 5 == 0


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


WORD = re.compile(r"[A-Za-z0-9]+")
STOP = set("the a an of in on at to for by with from and or is was were are be been what which who whom whose when "
           "where why how did do does that this these those it its as into than then there their they he she his her "
           "many much".split())


def content(text):
    return {w.lower() for w in WORD.findall(text) if w.lower() not in STOP}


NUMBER = re.compile(r"\b\d[\d,.]*\b")
ENTITY = re.compile(r"(?<!^)(?<![.?!] )\b([A-Z][a-z]+(?: [A-Z][a-z]+)*)")
SUPERLATIVES = ["largest", "oldest", "most recent", "smallest", "longest", "second"]


def perturbed(question, sentence, titles, rng):
    """A neighbour of the question that the sentence no longer answers (labels 0): a figure or year it shares with the
    sentence changed, a named thing it shares replaced by another, or an unstated superlative added."""
    out = []
    for m in NUMBER.finditer(question):
        if m.group(0) in sentence:
            value = m.group(0).replace(",", "")
            try:
                n = int(float(value))
            except ValueError:
                continue
            other = n + rng.choice([-1, 1]) * rng.randint(1, 30) if 1000 <= n <= 2100 else n * 2 + rng.randint(1, 9)
            out.append(("number", question[:m.start()] + str(other) + question[m.end():]))
            break
    for m in ENTITY.finditer(question):
        if m.group(1) in sentence and m.group(1) not in STOP:
            other = rng.choice(titles)
            if other.lower() not in sentence.lower():
                out.append(("entity", question[:m.start(1)] + other + question[m.end(1):]))
                break
    low = sentence.lower()
    if " the " in question and not re.search(r"\b(\w+est|most|first|second|largest)\b", low):
        sup = rng.choice(SUPERLATIVES)
        out.append(("superlative", question.replace(" the ", " the " + sup + " ", 1)))
    return out


def squad_items(data, rng):
    questions = read_jsonl(os.path.join(data, "squad2_questions.jsonl"))
    passages = {}
    for name in ("squad2_kb_passages.jsonl", "squad2_web_passages.jsonl"):
        for p in read_jsonl(os.path.join(data, name)):
            passages[p["id"]] = p
    by_article = {}
    for p in passages.values():
        article = re.sub(r"-\d+$", "", p["doc_id"].replace("squad-", "", 1))
        by_article.setdefault(article, []).append(p)
    titles = sorted({p["title"] for p in passages.values()})
    train, test = [], []
    article = ""
    for q in questions:
        if q["gold_passage_ids"]:
            article = re.sub(r"-\d+#\d+$", "", q["gold_passage_ids"][0].replace("squad-", "", 1))
        into = test if held_out(article) else train
        if q["gold_passage_ids"]:
            p = passages.get(q["gold_passage_ids"][0])
            if p is None:
                continue
            gold = set(q["gold_sentences"])
            sents = sentences_of(p["text"])

            def around(sentence):
                return neighbours(sents, sents.index(sentence)) if sentence in sents else ""

            for s in gold:
                into.append((q["question"], s, p["title"], 1, "squad-answer", around(s)))
                if into is train:
                    for kind, changed in perturbed(q["question"], s, titles, rng):
                        into.append((changed, s, p["title"], 0, "generated-" + kind, around(s)))
            others = [s for s in sents if s not in gold and not any(a in s for a in q["answers"])]
            for s in rng.sample(others, min(2, len(others))):
                into.append((q["question"], s, p["title"], 0, "squad-other-sentence", around(s)))
        else:
            words = content(q["question"])
            scored = []
            for p in by_article.get(article, []):
                sents = sentences_of(p["text"])
                for i, s in enumerate(sents):
                    scored.append((len(words & content(s)), s, p["title"], neighbours(sents, i)))
            scored.sort(key=lambda t: -t[0])
            for _, s, title, around in scored[:2]:
                into.append((q["question"], s, title, 0, "squad-unanswerable-nearest", around))
    held_text = " ".join(p["text"] for a, ps in by_article.items() if held_out(a) for p in ps)
    held_questions = {q["question"] for q in questions if q["gold_passage_ids"] and held_out(
        re.sub(r"-\d+#\d+$", "", q["gold_passage_ids"][0].replace("squad-", "", 1)))}
    return train, test, held_text, held_questions


def selqa_items(data, rng):
    items = []
    for name in ("selqa-ass-dev.json", "selqa-ass-test.json"):
        with open(os.path.join(data, "extra", name), encoding="utf-8") as f:
            for q in json.load(f):
                answers = set(q["answers"])
                for i in answers:
                    items.append((q["question"], q["candidates"][i], q["article"], 1, "selqa-answer",
                                  neighbours(q["candidates"], i)))
                others = [i for i in range(len(q["candidates"])) if i not in answers]
                for i in rng.sample(others, min(2, len(others))):
                    items.append((q["question"], q["candidates"][i], q["article"], 0, "selqa-other-sentence",
                                  neighbours(q["candidates"], i)))
    return items


def qnli_items(data, held_text, held_questions):
    items, dropped = [], 0
    with open(os.path.join(data, "extra", "qnli-dev.tsv"), encoding="utf-8") as f:
        next(f)
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 4:
                continue
            _, question, sentence, label = parts
            if question in held_questions or sentence[:60] in held_text:
                dropped += 1
                continue
            items.append((question, sentence, None, 1 if label == "entailment" else 0, "qnli", ""))
    return items, dropped


# -------------------------------------------------------------------------------------------------------------- model

class Layer(nn.Module):
    def __init__(self, d=384, heads=12, inner=1536):
        super().__init__()
        self.heads = heads
        self.q, self.k, self.v, self.o = (nn.Linear(d, d) for _ in range(4))
        self.ln1 = nn.LayerNorm(d, eps=1e-12)
        self.i = nn.Linear(d, inner)
        self.out = nn.Linear(inner, d)
        self.ln2 = nn.LayerNorm(d, eps=1e-12)

    def forward(self, x, bias):
        b, n, d = x.shape
        h = self.heads

        def split(t):
            return t.view(b, n, h, d // h).transpose(1, 2)

        att = torch.softmax(split(self.q(x)) @ split(self.k(x)).transpose(-1, -2) / math.sqrt(d // h) + bias, -1)
        x = self.ln1(x + self.o((att @ split(self.v(x))).transpose(1, 2).reshape(b, n, d)))
        return self.ln2(x + self.out(torch.nn.functional.gelu(self.i(x))))


class Check(nn.Module):
    """The reader's encoder with its two-channel head; the check's logit is channel 0 at [CLS]."""

    def __init__(self, vocab=30522, d=384, layers=6):
        super().__init__()
        self.word = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(512, d)
        self.typ = nn.Embedding(2, d)
        self.ln = nn.LayerNorm(d, eps=1e-12)
        self.layers = nn.ModuleList(Layer(d) for _ in range(layers))
        self.qa = nn.Linear(d, 2)

    def forward(self, ids, types, mask):
        positions = torch.arange(ids.shape[1]).unsqueeze(0)
        x = self.ln(self.word(ids) + self.pos(positions) + self.typ(types))
        bias = (1.0 - mask[:, None, None, :].float()) * -1e4
        for layer in self.layers:
            x = layer(x, bias)
        return self.qa(x)  # [batch, length, 2], as the reader's graph computes it


def matmul_names(graph):
    """Maps each quantised MatMul weight of the reader's graph to the module it belongs to (by the bias added after it)."""
    inits = {i.name for i in graph.initializer}
    consumers = {}
    for n in graph.node:
        for i in n.input:
            consumers.setdefault(i, []).append(n)
    names = {}
    for n in graph.node:
        if n.op_type != "MatMulInteger":
            continue
        frontier, found = [n], None
        for _ in range(5):
            nxt = []
            for f in frontier:
                for o in f.output:
                    for c in consumers.get(o, []):
                        if c.op_type == "Add":
                            found = next((i for i in c.input if i in inits and i.endswith(".bias")), found)
                        nxt.append(c)
            if found:
                break
            frontier = nxt
        names[n.input[1]] = found[:-len(".bias")]
    return names


def load_reader(model, path):
    graph = onnx.load(path).graph
    init = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    state = {}
    for name in ("word", "pos", "typ"):
        q = init[name + ".weight_quantized"].astype(np.float32)
        state[name + ".weight"] = (q - float(init[name + ".weight_zero_point"])) * float(init[name + ".weight_scale"])
    for weight, module in matmul_names(graph).items():
        base = weight[:-len("_quantized")]
        w = (init[weight].astype(np.float32) - float(init[base + "_zero_point"])) * float(init[base + "_scale"])
        state[module + ".weight"] = w.T
    for name, value in init.items():
        if name.endswith(".bias") or (name.endswith(".weight") and "ln" in name):
            state[name] = value
    model.load_state_dict({k: torch.tensor(np.ascontiguousarray(v)) for k, v in state.items()})


def quantise(value, dtype):
    if dtype == np.uint8:
        lo, hi = min(float(value.min()), 0.0), max(float(value.max()), 0.0)
        scale = (hi - lo) / 255 or 1.0
        zero = int(round(-lo / scale))
        return np.clip(np.round(value / scale) + zero, 0, 255).astype(np.uint8), np.float32(scale), np.uint8(zero)
    scale = max(float(np.abs(value).max()), 1e-8) / 127
    return np.clip(np.round(value / scale), -127, 127).astype(np.int8), np.float32(scale), np.int8(0)


def export(model, reader_path, out_path):
    """Writes the fine-tuned weights into the reader's int8 graph (each tensor quantised as the reader's was) and renames
    its outputs: {@code logits} [batch, length] whose column 0 is the check's logit."""
    m = onnx.load(reader_path)
    graph = m.graph
    state = {k: v.detach().numpy() for k, v in model.state_dict().items()}
    names = matmul_names(graph)
    replaced = {}
    for name in ("word", "pos", "typ"):
        q, s, z = quantise(state[name + ".weight"], np.uint8)
        replaced.update({name + ".weight_quantized": q, name + ".weight_scale": s, name + ".weight_zero_point": z})
    for weight, module in names.items():
        base = weight[:-len("_quantized")]
        q, s, z = quantise(np.ascontiguousarray(state[module + ".weight"].T), np.int8)
        replaced.update({weight: q, base + "_scale": s, base + "_zero_point": z})
    for i in graph.initializer:
        if i.name in state:
            replaced[i.name] = state[i.name].astype(np.float32)
    for i in graph.initializer:
        if i.name in replaced:
            i.CopyFrom(numpy_helper.from_array(np.asarray(replaced[i.name]), i.name))
    for n in graph.node:
        n.output[:] = ["logits" if o == "start_logits" else o for o in n.output]
    keep = [o for o in graph.output if o.name == "start_logits"]
    keep[0].name = "logits"
    del graph.output[:]
    graph.output.extend(keep)
    m.producer_name = "corrigo answer-check train_check.py"
    onnx.save(m, out_path)


# ----------------------------------------------------------------------------------------------------------- training

def batches(encoded, size, rng, shuffle=True):
    order = list(range(len(encoded)))
    if shuffle:
        rng.shuffle(order)
        # sort within chunks of 50 batches by length: little padding, still random
        chunks = [order[i:i + size * 50] for i in range(0, len(order), size * 50)]
        order = [j for c in chunks for j in sorted(c, key=lambda k: len(encoded[k][0]))]
    groups = [order[i:i + size] for i in range(0, len(order), size)]
    if shuffle:
        rng.shuffle(groups)
    for g in groups:
        n = max(len(encoded[k][0]) for k in g)
        ids = torch.zeros(len(g), n, dtype=torch.long)
        types = torch.zeros(len(g), n, dtype=torch.long)
        mask = torch.zeros(len(g), n, dtype=torch.long)
        labels = torch.zeros(len(g))
        for row, k in enumerate(g):
            i, t, y = encoded[k]
            ids[row, :len(i)] = torch.tensor(i)
            types[row, :len(t)] = torch.tensor(t)
            mask[row, :len(i)] = 1
            labels[row] = y
        yield g, ids, types, mask, labels


def auc(scores, labels):
    pairs = sorted(zip(scores, labels))
    pos = sum(labels)
    neg = len(labels) - pos
    if pos == 0 or neg == 0:
        return float("nan")
    rank, total = 0, 0.0
    i = 0
    while i < len(pairs):
        j = i
        while j < len(pairs) and pairs[j][0] == pairs[i][0]:
            j += 1
        avg = (i + j + 1) / 2
        total += avg * sum(l for _, l in pairs[i:j])
        i = j
    return (total - pos * (pos + 1) / 2) / (pos * neg)


def evaluate(model, encoded, items):
    model.eval()
    scores = [0.0] * len(encoded)
    with torch.no_grad():
        for g, ids, types, mask, _ in batches(encoded, 64, None, shuffle=False):
            logits = model(ids, types, mask)[:, 0, 0]
            for row, k in enumerate(g):
                scores[k] = float(logits[row])
    model.train()
    labels = [it[3] for it in items]
    result = {"pairs": len(items), "auc": round(auc(scores, labels), 4),
              "accuracy_at_0": round(sum((s > 0) == (y == 1) for s, y in zip(scores, labels)) / max(1, len(items)), 4)}
    by_kind = {}
    for s, it in zip(scores, items):
        by_kind.setdefault(it[4], []).append(s > 0)
    result["accepted_by_kind"] = {k: round(sum(v) / len(v), 3) for k, v in sorted(by_kind.items())}
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, help="folder for answer-check-minilm-l6-int8.onnx and metrics.json")
    ap.add_argument("--minutes", type=float, default=45, help="training time budget (the schedule fits it)")
    ap.add_argument("--data", default=SHARED, help="the training folder (squad2_*.jsonl, extra/); default %(default)s")
    ap.add_argument("--init", default=READER, help="starting weights: the shipped reader (default) or an answer-check "
                                                   "file to train further")
    ap.add_argument("--no-before", action="store_true", help="skip the held-out figures of the starting weights")
    ap.add_argument("--sample", type=int, default=0, help="train on this many items only (a smoke test of the recipe)")
    ap.add_argument("--epochs", type=float, default=1.0)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--threads", type=int, default=min(2, os.cpu_count() or 1))
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = random.Random(args.seed)
    tok = WordPiece(TOKENIZER)

    squad_train, squad_test, held_text, held_questions = squad_items(args.data, rng)
    selqa = selqa_items(args.data, rng)
    qnli, qnli_dropped = qnli_items(args.data, held_text, held_questions)
    train = squad_train + selqa + qnli
    rng.shuffle(train)
    test = squad_test
    if args.sample:
        train = train[:args.sample]
        test = rng.sample(test, min(len(test), max(50, args.sample // 4)))
    counts = {}
    for it in train:
        counts[it[4]] = counts.get(it[4], 0) + 1
    print(f"training items: {len(train)} ({sum(it[3] for it in train)} answering); by kind {counts}; "
          f"QNLI rows dropped as SQuAD hold-out: {qnli_dropped}; held-out SQuAD pairs: {len(test)}", flush=True)

    enc_train = [pair(tok, q, s, t, c) + (y,) for q, s, t, y, _, c in train]
    enc_test = [pair(tok, q, s, t, c) + (y,) for q, s, t, y, _, c in test]

    model = Check()
    load_reader(model, args.init)
    if args.init == READER:
        with torch.no_grad():  # the reader's [CLS] start channel says "no answer": turned round, it is a warm start
            model.qa.weight[0].neg_()
            model.qa.bias[0].neg_()
    before = None if args.no_before else evaluate(model, enc_test, test)
    print("held-out SQuAD before:", before, flush=True)

    steps_planned = max(1, int(math.ceil(len(enc_train) / args.batch) * args.epochs))
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    loss_fn = nn.BCEWithLogitsLoss()
    budget = args.minutes * 60
    started = time.time()
    steps_total = steps_planned
    step = 0
    seen = 0
    done = False
    while not done:
        for _, ids, types, mask, labels in batches(enc_train, args.batch, rng):
            warm = max(1, int(0.06 * steps_total))
            lr = args.lr * (step + 1) / warm if step < warm else args.lr * max(0.0, (steps_total - step) / (steps_total - warm))
            for group in optimiser.param_groups:
                group["lr"] = lr
            loss = loss_fn(model(ids, types, mask)[:, 0, 0], labels)
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimiser.step()
            step += 1
            seen += len(labels)
            elapsed = time.time() - started
            if step == 10:
                fits = int(budget / (elapsed / step))
                if fits < steps_total:
                    steps_total = max(fits, 11)
                    print(f"the budget fits {steps_total} of {steps_planned} planned steps", flush=True)
            if step % 50 == 0:
                print(f"step {step}/{steps_total} loss {loss.item():.4f} {elapsed / step:.2f} s/step", flush=True)
            if step >= steps_total or elapsed > budget * 1.1:
                # the schedule was fitted to the speed of the first steps; a machine that got busier stops at the budget
                done = True
                break
    minutes = (time.time() - started) / 60
    after = evaluate(model, enc_test, test)
    print("held-out SQuAD after:", after, flush=True)
    out_model = os.path.join(args.out, "answer-check-minilm-l6-int8.onnx")
    export(model, READER, out_model)
    metrics = {"items": len(train), "answering": sum(it[3] for it in train), "by_kind": counts, "steps": step,
               "pairs_seen": seen, "minutes": round(minutes, 1), "threads": args.threads, "batch": args.batch,
               "lr": args.lr, "max_length": MAX_LENGTH, "qnli_dropped": qnli_dropped,
               "heldout_squad_before": before, "heldout_squad_after": after}
    with open(os.path.join(args.out, "metrics.json"), "w") as f:
        json.dump(metrics, f, indent=2)
    print("wrote", out_model, "and metrics.json", flush=True)


if __name__ == "__main__":
    sys.exit(main())
