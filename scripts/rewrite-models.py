#!/usr/bin/env python3
"""Rewrites PaddleOCR's PP-OCRv6 small detector and recogniser (the ONNX files in the PyPI wheel
rapidocr 3.10.0) so that Debian 12's OpenCV 4.6 DNN computes what ONNX Runtime computes on the
originals. Each rewrite replaces nodes by plain operators that compute the same function, but
the last, which drops the recogniser's classes of the scripts WordBook does not read.

    rewrite-models.py DET.onnx REC.onnx OUT_DIR

writes OUT_DIR/ppocr-det.onnx, OUT_DIR/ppocr-rec.onnx, OUT_DIR/ppocr-rec-160.onnx and
OUT_DIR/ppocr-rec-keys.txt. The recogniser is written once per input width (REC_WIDTHS): its
shapes are fixed when OpenCV imports it, and a line short enough for the narrower input is read
in half the time.
Needs only the onnx package (and numpy); the output is the same bytes on every run.
"""
import math
import os
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper, shape_inference
from onnx.reference import ReferenceEvaluator

# The recogniser's input widths, each its own file: the original's 320 (RapidOCR's, to which it pads
# every line), then 160, for the short lines most aimed words stand in.
REC_WIDTHS = {320: "ppocr-rec.onnx", 160: "ppocr-rec-160.onnx"}
NOTICE = ("Modified from {src} (PaddleOCR PP-OCRv6, Apache-2.0, as shipped in the PyPI wheel "
          "rapidocr 3.10.0) by WordBook's scripts/rewrite-models.py for OpenCV 4.6 DNN: {what}.")


def initializers(graph):
    return {t.name: t for t in graph.initializer}


def add_const(graph, name, array):
    graph.initializer.append(numpy_helper.from_array(np.asarray(array), name))
    return name


def replace_node(graph, node, new_nodes):
    index = list(graph.node).index(node)
    graph.node.remove(node)
    for offset, new in enumerate(new_nodes):
        graph.node.insert(index + offset, new)


def rewrite_hard_sigmoid(graph):
    # 1. OpenCV 4.6 was seen to compute HardSigmoid differently: min(max(y,0),1) = relu(y) - relu(y-1).
    count = 0
    for node in [n for n in graph.node if n.op_type == "HardSigmoid"]:
        attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
        alpha, beta = attrs.get("alpha", 0.2), attrs.get("beta", 0.5)
        x, y, p = node.input[0], node.output[0], node.name
        c_alpha = add_const(graph, p + "/alpha", np.array(alpha, np.float32))
        c_beta = add_const(graph, p + "/beta", np.array(beta, np.float32))
        c_one = add_const(graph, p + "/one", np.array(1.0, np.float32))
        replace_node(graph, node, [
            helper.make_node("Mul", [x, c_alpha], [p + "/ax"], name=p + "/mul"),
            helper.make_node("Add", [p + "/ax", c_beta], [p + "/y"], name=p + "/add"),
            helper.make_node("Relu", [p + "/y"], [p + "/relu_y"], name=p + "/relu"),
            helper.make_node("Sub", [p + "/y", c_one], [p + "/y1"], name=p + "/sub_one"),
            helper.make_node("Relu", [p + "/y1"], [p + "/relu_y1"], name=p + "/relu_one"),
            helper.make_node("Sub", [p + "/relu_y", p + "/relu_y1"], [y], name=p),
        ])
        count += 1
    return count


def rewrite_spatial_mean(graph):
    # 2. OpenCV 4.6 gives NaN for ReduceMean over axes [2, 3] with keepdims: it is GlobalAveragePool.
    count = 0
    for node in [n for n in graph.node if n.op_type == "ReduceMean"]:
        attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
        if sorted(attrs.get("axes", [])) != [2, 3] or attrs.get("keepdims", 1) != 1:
            continue
        replace_node(graph, node, [
            helper.make_node("GlobalAveragePool", [node.input[0]], [node.output[0]], name=node.name)])
        count += 1
    return count


GELU_DOMAIN = "com.wordbook"


def fuse_gelu(model):
    # 7. GELU as PaddleOCR exports it, y = (x * (erf(x / sqrt(2)) + 1)) * 0.5, five nodes each a pass
    # over the tensor, becomes one node of WordBook's own op, computed by the scene-text plugin in one
    # pass (the same operations in the same order: the same floats). Not a plain operator: only the
    # plugin (and check-models.py, in Python) gives OpenCV this op.
    graph = model.graph
    consts = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    producers = {o: n for n in graph.node for o in n.output}
    consumers = {}
    for n in graph.node:
        for i in n.input:
            consumers.setdefault(i, []).append(n)

    def only_consumer(name, op_type):
        found = consumers.get(name, [])
        return found[0] if len(found) == 1 and found[0].op_type == op_type else None

    def constant(name, value):
        return name in consts and consts[name].size == 1 and abs(float(consts[name].reshape(-1)[0]) - value) < 1e-6

    fused = []
    for erf in [n for n in graph.node if n.op_type == "Erf"]:
        div = producers.get(erf.input[0])
        if div is None or div.op_type != "Div" or not constant(div.input[1], math.sqrt(2)):
            continue
        x = div.input[0]
        add = only_consumer(erf.output[0], "Add")
        if add is None or not constant(add.input[1], 1.0):
            continue
        mul = only_consumer(add.output[0], "Mul")
        if mul is None or list(mul.input) != [x, add.output[0]]:
            continue
        half = only_consumer(mul.output[0], "Mul")
        if half is None or half.input[0] != mul.output[0] or not constant(half.input[1], 0.5):
            continue
        if len(consumers.get(div.output[0], [])) != 1:
            continue
        fused.append((div, erf, add, mul, half, x))
    for div, erf, add, mul, half, x in fused:
        gelu = helper.make_node("Gelu", [x], [half.output[0]], name=erf.name.replace("Erf", "Gelu"), domain=GELU_DOMAIN)
        replace_node(graph, half, [gelu])
        for node in (div, erf, add, mul):
            graph.node.remove(node)
    if fused:
        model.opset_import.append(helper.make_opsetid(GELU_DOMAIN, 1))
    return len(fused)


def static_shapes(model):
    inferred = shape_inference.infer_shapes(model, strict_mode=True, data_prop=True)
    shapes = {}
    for v in list(inferred.graph.value_info) + list(inferred.graph.input) + list(inferred.graph.output):
        dims = v.type.tensor_type.shape.dim
        if all(d.HasField("dim_value") for d in dims):
            shapes[v.name] = [d.dim_value for d in dims]
    for t in inferred.graph.initializer:
        shapes[t.name] = list(t.dims)
    return shapes


def evaluate(node, inputs, opset):
    graph = helper.make_graph(
        [node], "fold",
        [helper.make_tensor_value_info(n, helper.np_dtype_to_tensor_dtype(a.dtype), a.shape)
         for n, a in zip(node.input, inputs)],
        [helper.make_value_info(n, onnx.TypeProto()) for n in node.output])
    model = helper.make_model(graph, opset_imports=opset)
    return ReferenceEvaluator(model).run(None, dict(zip(node.input, inputs)))


def fix_input_and_fold(model, input_shape):
    # 3. OpenCV 4.6 refuses a Shape node on a dynamic input: fix the input, fold shape arithmetic.
    graph = model.graph
    (inp,) = graph.input
    for dim, size in zip(inp.type.tensor_type.shape.dim, input_shape):
        dim.Clear()
        dim.dim_value = size
    del graph.value_info[:]
    shapes = static_shapes(model)
    consts = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    kept, folded = [], 0
    for node in graph.node:
        if node.op_type == "Shape" and node.input[0] in shapes:
            consts[node.output[0]] = np.array(shapes[node.input[0]], np.int64)
        elif all(i in consts for i in node.input if i):
            outputs = evaluate(node, [consts[i] for i in node.input], model.opset_import)
            consts.update(zip(node.output, outputs))
        else:
            kept.append(node)
            continue
        folded += 1
    del graph.node[:]
    graph.node.extend(kept)
    used = {i for n in kept for i in n.input} | {o.name for o in graph.output}
    old = initializers(graph)
    del graph.initializer[:]
    for name in sorted(used & set(consts), key=lambda n: (n not in old, n)):
        graph.initializer.append(old[name] if name in old else numpy_helper.from_array(consts[name], name))
    return folded


def broadcast_rank1_constants(graph, shapes):
    # 4. OpenCV 4.6 fails on Mul/Add of [1, T, C] by a rank-1 [C] (layer norm): broadcast it to [1, T, C].
    consts = initializers(graph)
    producers = {o: n for n in graph.node for o in n.output}
    count = 0
    for node in graph.node:
        if node.op_type not in ("Mul", "Add"):
            continue
        for k, name in enumerate(node.input):
            other = node.input[1 - k]
            if name not in consts or other in consts or len(consts[name].dims) != 1:
                continue
            if consts[name].dims[0] == 1 or len(shapes.get(other, [])) != 3:
                continue
            source = producers.get(other)  # a MatMul's bias: OpenCV takes it into its FC layer
            if source is not None and source.op_type == "MatMul" and source.input[1] in consts:
                continue
            full = np.broadcast_to(numpy_helper.to_array(consts[name]), shapes[other])
            node.input[k] = add_const(graph, name + "/full", np.ascontiguousarray(full))
            count += 1
    drop_unused_initializers(graph)
    return count


def fold_deconvolution_bias(graph):
    # 5. OpenCV 4.6 adds a fused Add bias twice to a Deconvolution once the input size changes: use input B.
    consts = initializers(graph)
    users = {}
    for n in graph.node:
        for i in n.input:
            users.setdefault(i, []).append(n)
    count = 0
    for node in graph.node:
        if node.op_type != "ConvTranspose" or len(node.input) > 2 or node.input[1] not in consts:
            continue
        name = node.output[0]
        while len(users.get(name, [])) == 1 and users[name][0].op_type == "Identity":
            name = users[name][0].output[0]
        if len(users.get(name, [])) != 1 or users[name][0].op_type != "Add":
            continue
        add = users[name][0]
        bias = [i for i in add.input if i in consts and i != name]
        group = {a.name: helper.get_attribute_value(a) for a in node.attribute}.get("group", 1)
        channels = consts[node.input[1]].dims[1] * group
        if len(bias) != 1 or list(consts[bias[0]].dims) != [1, channels, 1, 1]:
            continue
        b = numpy_helper.to_array(consts[bias[0]]).reshape(channels)
        node.input.append(add_const(graph, node.name + "/bias", b))
        replace_node(graph, add, [helper.make_node("Identity", [name], [add.output[0]], name=add.name)])
        count += 1
    drop_unused_initializers(graph)
    return count


def drop_unused_initializers(graph):
    used = {i for n in graph.node for i in n.input}
    kept = [t for t in graph.initializer if t.name in used]
    del graph.initializer[:]
    graph.initializer.extend(kept)


def finish(model, src, what):
    model.doc_string = NOTICE.format(src=src, what=what)
    onnx.checker.check_model(model, full_check=True)
    return model


def rewrite_detector(path):
    model = onnx.load(path)
    n1 = rewrite_hard_sigmoid(model.graph)
    n2 = rewrite_spatial_mean(model.graph)
    n5 = fold_deconvolution_bias(model.graph)
    n7 = fuse_gelu(model)
    return finish(model, os.path.basename(path),
                  f"{n1} HardSigmoid as relu(y)-relu(y-1), {n2} ReduceMean[2,3] as GlobalAveragePool, "
                  f"{n5} bias Add after ConvTranspose as its input B, {n7} GELU as one {GELU_DOMAIN} Gelu node")


def rewrite_recogniser(path, width):
    model = onnx.load(path)
    input_shape = [1, 3, 48, width]
    n3 = fix_input_and_fold(model, input_shape)
    n1 = rewrite_hard_sigmoid(model.graph)
    n2 = rewrite_spatial_mean(model.graph)
    shapes = static_shapes(model)
    n4 = broadcast_rank1_constants(model.graph, shapes)
    # the output's shape, now known, instead of the original's symbolic one
    out = model.graph.output[0]
    producer = next(n for n in model.graph.node if out.name in n.output)
    out.type.tensor_type.shape.CopyFrom(
        helper.make_tensor_type_proto(1, shapes[producer.input[0]]).tensor_type.shape)
    keys = {p.key: p.value for p in model.metadata_props}["character"].split("\n")
    kept = keep_read_classes(model, keys)
    del model.graph.value_info[:]
    model = shape_inference.infer_shapes(model, strict_mode=True)
    n7 = fuse_gelu(model)
    return finish(model, os.path.basename(path),
                  f"input fixed to {'x'.join(map(str, input_shape))} and {n3} constant nodes folded, "
                  f"{n1} HardSigmoid as relu(y)-relu(y-1), {n2} ReduceMean[2,3] as GlobalAveragePool, "
                  f"{n4} layer-norm constants broadcast to the full 3-D shape, "
                  f"{len(keys) - len(kept)} of {len(keys)} classes dropped (CJK, IPA, Greek, Cyrillic), "
                  f"{n7} GELU as one {GELU_DOMAIN} Gelu node")


# Scripts whose letters WordBook never proposes (it reads English, German, French and Spanish): CJK
# (with kana, Hangul and the full-width forms) and the alphabets whose letters look like Latin ones
# (IPA, Greek, Cyrillic). Their classes only compete with the Latin letter a glyph shows.
# Latin letters, digits, punctuation, symbols and pictographs are kept: a symbol read between two
# words is where one ends.
UNREAD_SCRIPTS = [(0x0250, 0x02AF), (0x0370, 0x052F), (0x2E80, 0x9FFF), (0xAC00, 0xD7AF),
                  (0xF900, 0xFAFF), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF), (0x20000, 0x3FFFF)]


def keep_read_classes(model, keys):
    """Drops the classes of UNREAD_SCRIPTS from the recogniser's last layer (a MatMul and its bias
    before the Softmax): the softmax then shares a step among the classes WordBook can propose.
    Returns the alphabet kept."""
    graph = model.graph
    softmax = next(n for n in graph.node if n.op_type == "Softmax" and n.output[0] == graph.output[0].name)
    producers = {o: n for n in graph.node for o in n.output}
    node = producers[softmax.input[0]]
    while node.op_type == "Identity":
        node = producers[node.input[0]]
    bias_add, matmul = node, producers[node.input[0]]
    assert bias_add.op_type == "Add" and matmul.op_type == "MatMul"
    inits = initializers(graph)
    weights, bias = inits[matmul.input[1]], inits[bias_add.input[1]]
    kept = [k for k in keys if not any(lo <= ord(c) <= hi for c in k for lo, hi in UNREAD_SCRIPTS)]
    # class 0 is CTC's blank, class i is keys[i - 1], the last class a space
    index = {k: i + 1 for i, k in enumerate(keys)}
    columns = [0] + [index[k] for k in kept] + [len(keys) + 1]
    weights.CopyFrom(numpy_helper.from_array(np.ascontiguousarray(numpy_helper.to_array(weights)[:, columns]), weights.name))
    bias.CopyFrom(numpy_helper.from_array(np.ascontiguousarray(numpy_helper.to_array(bias)[columns]), bias.name))
    graph.output[0].type.tensor_type.shape.dim[-1].dim_value = len(columns)
    for prop in model.metadata_props:
        if prop.key == "character":
            prop.value = "\n".join(kept)
    return kept


def write_atomic(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: rewrite-models.py DET.onnx REC.onnx OUT_DIR")
    det_path, rec_path, out_dir = sys.argv[1:]
    os.makedirs(out_dir, exist_ok=True)
    det = rewrite_detector(det_path)
    write_atomic(os.path.join(out_dir, "ppocr-det.onnx"), det.SerializeToString(deterministic=True))
    for width, name in REC_WIDTHS.items():
        rec = rewrite_recogniser(rec_path, width)
        write_atomic(os.path.join(out_dir, name), rec.SerializeToString(deterministic=True))
    # every width keeps the same classes
    keys = {p.key: p.value for p in rec.metadata_props}["character"]
    # the alphabet exactly as in the metadata (one symbol a line), with a final newline
    write_atomic(os.path.join(out_dir, "ppocr-rec-keys.txt"), (keys + "\n").encode("utf-8"))


if __name__ == "__main__":
    main()
