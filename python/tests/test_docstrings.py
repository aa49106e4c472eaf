"""Every public name of the package has a docstring: modules, classes, functions, methods,
properties and enum members' classes."""

import inspect

import hayanagi


def public_names():
    for name in hayanagi.__all__:
        obj = getattr(hayanagi, name)
        yield name, obj
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_") and attr not in ("__init__", "__new__"):
                    continue
                if isinstance(member, obj):  # enum members share their class's docstring
                    continue
                yield f"{name}.{attr}", member


def test_the_module_has_a_docstring():
    assert hayanagi.__doc__ and hayanagi.__doc__.strip()


def test_every_public_name_has_a_docstring():
    missing = []
    for name, obj in public_names():
        if obj is None or isinstance(obj, (int, str)):  # constants and exception attributes: in the class doc
            continue
        doc = getattr(obj, "__doc__", None)
        if not doc or not doc.strip():
            missing.append(name)
    assert not missing, f"no docstring: {missing}"


def test_the_stubs_name_every_public_name():
    import pathlib

    stub = (pathlib.Path(hayanagi.__file__).parent / "_hayanagi.pyi").read_text()
    for name in hayanagi.__all__:
        assert f"{name}" in stub, name
