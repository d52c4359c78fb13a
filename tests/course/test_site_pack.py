"""The site's kernel packages, as one pack (lite/build.py ``write_pack``, read in the browser by
lite/load_pyodide.mjs): every file each wheel installs into site-packages, nothing else, the
same bytes from the same wheels. The browser's side is tested by tests/browser/test_site.py
(every lesson runs on a kernel started from the pack)."""

import base64
import hashlib
import json
import re
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def wheel(folder, name, members):
    path = folder / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for member, data in members.items():
            archive.writestr(member, data)
    return path


@pytest.fixture
def wheels(tmp_path):
    alpha = wheel(tmp_path, "alpha-1.0-py3-none-any.whl", {
        "alpha/": b"",  # a folder's own entry
        "alpha/__init__.py": b"VALUE = 1\n",
        "alpha/__pycache__/__init__.cpython-314.pyc": bytes(range(256)),
        "alpha/themes/neutral.json": b'{"a": 1}',
        "alpha-1.0.dist-info/METADATA": b"Name: alpha\nVersion: 1.0\n",
        "alpha-1.0.data/data/share/man/man1/alpha.1": b".TH alpha\n",  # outside site-packages
    })
    beta = wheel(tmp_path, "beta_gamma-2.0-py3-none-any.whl", {
        "beta_gamma.py": b"",  # an empty file
        "beta_gamma-2.0.dist-info/METADATA": b"Name: beta-gamma\nVersion: 2.0\n",
    })
    return [alpha, beta]


def test_the_pack_holds_what_each_wheel_installs_into_site_packages(build, wheels, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    pack = build.write_pack(wheels, out)
    assert pack["packages"] == {"alpha": "1.0", "beta-gamma": "2.0"}
    packages, files = build.read_pack(out / pack["file"])
    assert packages == pack["packages"]
    assert files == {"alpha/__init__.py": b"VALUE = 1\n",
                     "alpha/__pycache__/__init__.cpython-314.pyc": bytes(range(256)),
                     "alpha/themes/neutral.json": b'{"a": 1}',
                     "alpha-1.0.dist-info/METADATA": b"Name: alpha\nVersion: 1.0\n",
                     "beta_gamma.py": b"",
                     "beta_gamma-2.0.dist-info/METADATA": b"Name: beta-gamma\nVersion: 2.0\n"}


def test_the_pack_is_named_and_checked_by_its_hash_and_made_again_byte_for_byte(build, wheels,
                                                                              tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    pack = build.write_pack(wheels, first)
    data = (first / pack["file"]).read_bytes()
    assert re.fullmatch(r"site-packages-[0-9a-f]{16}\.pack", pack["file"])
    assert pack["file"] == f"site-packages-{hashlib.sha256(data).hexdigest()[:16]}.pack"
    assert pack["integrity"] == "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()
    again = build.write_pack(wheels, second)
    assert again == pack and (second / again["file"]).read_bytes() == data


def test_two_wheels_that_install_the_same_file_are_refused(build, wheels, tmp_path):
    clash = wheel(tmp_path, "other-3.0-py3-none-any.whl", {"alpha/__init__.py": b"VALUE = 2\n"})
    with pytest.raises(SystemExit, match="alpha/__init__.py is in both "
                                         "alpha-1.0-py3-none-any.whl and other-3.0"):
        build.write_pack([*wheels, clash], tmp_path)


def test_a_pack_longer_than_its_header_says_is_refused(build, wheels, tmp_path):
    import gzip

    pack = build.write_pack(wheels, tmp_path)
    path = tmp_path / pack["file"]
    path.write_bytes(gzip.compress(gzip.decompress(path.read_bytes()) + b"extra"))
    with pytest.raises(ValueError, match="5 bytes past the files its header lists"):
        build.read_pack(path)


def test_the_loader_names_the_pack_and_its_address_changes_with_it(build, wheels, tmp_path):
    source = (ROOT / "lite" / build.LOADER).read_text(encoding="utf-8")
    assert source.count("/* PACK */") == 2
    pack = build.write_pack(wheels, tmp_path)
    address = build.write_loader(pack, tmp_path)
    written = (tmp_path / build.LOADER).read_text(encoding="utf-8")
    assert f"const PACK = {json.dumps(pack, sort_keys=True)};" in written
    assert "/* PACK */" not in written
    assert address == (f"{build.LOADER}?v="
                       f"{hashlib.sha256(written.encode()).hexdigest()[:16]}")
    other = build.write_loader({**pack, "file": "site-packages-0000000000000000.pack"}, tmp_path)
    assert other != address


def test_the_sites_own_start_is_in_the_pack_beside_the_wheels_and_may_not_replace_one(
        build, wheels, tmp_path):
    """lite/drive_imports.py goes into the kernel's site-packages under build.STARTUP, from
    the pack; a file of the site's own that a wheel also installs stops the build."""
    start = (ROOT / "lite" / "drive_imports.py").read_bytes()
    pack = build.write_pack(wheels, tmp_path, extra={f"{build.STARTUP}.py": start})
    packages, files = build.read_pack(tmp_path / pack["file"])
    assert files[f"{build.STARTUP}.py"] == start and len(files) == 7  # 6 from the wheels
    assert packages == {"alpha": "1.0", "beta-gamma": "2.0"}  # not a package of its own
    with pytest.raises(SystemExit, match="beta_gamma.py is in both beta_gamma-2.0"):
        build.write_pack(wheels, tmp_path, extra={"beta_gamma.py": b""})
