# Dictionaries: literals, insertion order, get/update/pop/keys/values/items, del, dict(),
# counting, sorting items, nested dicts, repr.
# compare: exact
# needs: dict literal and repr, d[k] = v, get with default, in / not in, iteration in
#   insertion order, items()/keys()/values(), update, del d[k], pop, dict(a=1), dict(list of
#   pairs), dict(zip()), ==, str.split(), sorted(items, key=lambda with tuple), tuple keys
d = {"lr": 0.1, "epochs": 3}
d["momentum"] = 0.9
print(d, len(d))
print(d["lr"], d.get("wd"), d.get("wd", 0.0), "lr" in d, "wd" not in d)
for k in d:
    print(k, d[k])
for k, v in d.items():
    print(f"{k}={v}")
print(list(d.keys()), list(d.values()))
d.update({"lr": 0.01, "batch": 32})
del d["epochs"]
print(d)
print(d.pop("batch"), d)

d2 = dict(a=1, b=2)
d3 = dict([("x", 1), ("y", 2)])
print(d2, d3, d2 == {"b": 2, "a": 1}, dict(zip(["a", "b"], [1, 2])))

counts = {}
for w in "the cat and the hat and the bat".split():
    counts[w] = counts.get(w, 0) + 1
print(counts)
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

nested = {"layer1": {"w": [1, 2], "b": 0}, "layer2": {"w": [3], "b": 1}}
nested["layer2"]["w"].append(4)
print(nested["layer1"]["w"][1], nested)

edges = {(0, 1): "x3", (1, 2): "x5"}
print(edges[(0, 1)], edges, {1: None, 2.5: [], "s": (1,)})
empty = {}
print(empty, len(empty), bool(empty), bool(d))
try:
    d["missing"]
except KeyError as e:
    print("KeyError:", e)
