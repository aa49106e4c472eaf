"""Every public item of the library has a doc example, and every public function returning a
`Result` has an `# Errors` section.

Reads the rustdoc JSON of the crate (`cargo +nightly rustdoc -p hayanagi -- -Z unstable-options
--output-format json`), walks what is reachable from the crate root (re-exports included), and lists
every public function, method, type, trait, constant, static, macro and associated constant of an
inherent impl whose docs hold no code block. Trait implementations are left out (their docs are the
trait's), and so are enum variants and fields (their type's example shows them).

    python3 .ci/doc_examples.py target/doc/hayanagi.json
"""

import json
import sys

KINDS = {"function", "struct", "enum", "trait", "constant", "static", "macro", "type_alias", "union"}


def main(path):
    data = json.load(open(path))
    index = data["index"]
    seen = set()
    missing = []
    errors_missing = []

    def public(item):
        return item.get("visibility") == "public"

    def check(item_id, name_path):
        if item_id in seen or str(item_id) not in index:
            return
        seen.add(item_id)
        item = index[str(item_id)]
        kind, inner = next(iter(item["inner"].items()))
        name = "::".join(name_path)
        if kind == "module":
            for child in inner["items"]:
                child_item = index.get(str(child))
                if child_item is not None:
                    check(child, name_path + [child_item.get("name") or ""])
            return
        if kind == "use":
            if inner.get("id") is not None and public(item):
                target = index.get(str(inner["id"]))
                if target is not None:
                    check(inner["id"], name_path[:-1] + [inner["name"]])
            return
        if not public(item):
            return
        if kind in KINDS or kind == "assoc_const":
            doc = item.get("docs") or ""
            if "```" not in doc:
                missing.append(f"{kind} {name}")
            if kind == "function":
                output = inner["sig"]["output"]
                if is_result(output) and "# Errors" not in doc:
                    errors_missing.append(name)
        for impl_id in inner.get("impls", []) if kind in {"struct", "enum", "union"} else []:
            impl = index.get(str(impl_id))
            if impl is None:
                continue
            impl_inner = impl["inner"]["impl"]
            if impl_inner.get("trait") is not None or impl_inner.get("blanket_impl") is not None:
                continue
            for assoc in impl_inner["items"]:
                assoc_item = index.get(str(assoc))
                if assoc_item is not None:
                    check(assoc, name_path + [assoc_item.get("name") or ""])

    root = index[str(data["root"])]
    check(data["root"], [root["name"]])
    for line in missing:
        print(f"no doc example: {line}")
    for name in errors_missing:
        print(f"no '# Errors' section: {name}")
    print(f"{len(seen)} items read; {len(missing)} without an example, {len(errors_missing)} without '# Errors'")
    return 1 if missing or errors_missing else 0


def is_result(output):
    if not isinstance(output, dict):
        return False
    path = output.get("resolved_path")
    return path is not None and path.get("path", "").split("::")[-1] == "Result"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
