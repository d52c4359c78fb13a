"""Past one machine (issues 20 and 32): the deploy/ files run as they are (a Slurm array's
tasks by hand, and a Kubernetes Indexed Job's pods, as separate grading processes, each as
root where bubblewrap cannot build a jail, as in most clusters' pods), and merge gives,
byte for byte, what one run of the whole class writes."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from .assignment_kit import ALWAYS_MAX, make_assignment, submit

#: Grades a class three times: not for make test-fast.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
SHARDS = 2
TABLES = ("grades.csv", "totals.csv", "notebooks.csv")


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    base = tmp_path_factory.mktemp("shards")
    key, blank = make_assignment(base)
    for student in ("cat", "émile"):  # with bob: one student in shard 1, two in shard 2
        submit(base / "submitted", blank, student)
    submit(base / "submitted", blank, "bob", minimax=ALWAYS_MAX)
    (base / "adjustments.csv").write_text("student,question,points,comment\n"
                                          "bob,q3.14,0.5,partly right in class\n")
    options = f"--adjustments {base / 'adjustments.csv'}"
    whole = subprocess.run([sys.executable, "-m", "minimax_lessons.instructor", "grade",
                            str(base / "submitted"), "--key", str(key), "--out",
                            str(base / "whole"), "--jobs", "2", "--quiet", *options.split()],
                           capture_output=True, text=True, timeout=900)
    assert whole.returncode == 0, whole.stderr
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "SUBMISSIONS": str(base / "submitted"), "KEY": str(key), "SHARDS": str(SHARDS),
           "GRADE_OPTIONS": options, "PYTHON": sys.executable}
    return {"base": base, "env": env, "whole": base / "whole"}


def run_all(commands) -> list:
    """Start every shard's process at once, as a cluster would, and wait for all; their
    stderr."""
    running = [subprocess.Popen(c, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True) for c, e in commands]
    said = []
    for proc in running:
        out, err = proc.communicate(timeout=900)
        assert proc.returncode == 0, err[-3000:]
        said.append(err)
    return said


def same_as_one_run(merged, whole):
    for table in TABLES:
        assert (merged / table).read_bytes() == (whole / table).read_bytes(), table
    pages = sorted(p.name for p in (whole / "feedback").iterdir())
    assert pages == sorted(p.name for p in (merged / "feedback").iterdir())
    for page in pages:
        assert (merged / "feedback" / page).read_bytes() == \
            (whole / "feedback" / page).read_bytes(), page


def test_a_slurm_array_then_merge_gives_the_single_run_byte_for_byte(classroom):
    out = classroom["base"] / "slurm" / "graded"
    out.parent.mkdir()
    env = {**classroom["env"], "OUT": str(out), "SLURM_CPUS_PER_TASK": "1"}
    run_all([(["bash", str(DEPLOY / "slurm" / "grade-array.sbatch")],
              {**env, "SLURM_ARRAY_TASK_ID": str(task)}) for task in range(1, SHARDS + 1)])
    shards = sorted(p.name for p in out.parent.iterdir())
    assert shards == [f"graded-{i}" for i in range(1, SHARDS + 1)]
    sizes = [len((out.parent / s / "totals.csv").read_text().splitlines()) - 1 for s in shards]
    assert sum(sizes) == 3 and all(sizes), "each task graded a part of the class"
    run_all([(["bash", str(DEPLOY / "slurm" / "merge.sbatch")], env)])
    same_as_one_run(out, classroom["whole"])


def test_a_kubernetes_indexed_job_as_root_without_a_jail_then_merge_gives_the_single_run(
        classroom):
    """Each pod's command as the pod runs it: as root, where bubblewrap cannot build a jail
    (a mount namespace where ``bwrap`` is ``/bin/false``: ``container_kit``), the key at the
    secret's mode. It chooses --isolation user, says so, and grades as the single run."""
    from minimax_lessons.pictures.render import CACHE_ENV

    from .container_kit import container_command, graphviz_cache, open_folder

    job = yaml.safe_load((DEPLOY / "kubernetes" / "grade-job.yaml").read_text())
    assert job["kind"] == "Job" and job["spec"]["completionMode"] == "Indexed"
    pod = job["spec"]["template"]["spec"]
    [container] = pod["containers"]
    yaml_env = {e["name"]: e["value"] for e in container["env"]}
    assert yaml_env["SHARDS"] == str(job["spec"]["completions"]), "SHARDS and completions agree"
    [secret] = [v["secret"] for v in pod["volumes"] if "secret" in v]
    out = classroom["base"] / "k8s" / "graded"
    out.parent.mkdir()
    key = classroom["base"] / "k8s-key" / "key.json"  # as the secret mounts it
    key.parent.mkdir()
    shutil.copy(classroom["env"]["KEY"], key)
    key.chmod(secret["defaultMode"])
    image = open_folder("mml-k8s-")  # the image's compiled Graphviz, open to every user
    try:
        env = {**classroom["env"], "ISOLATION": yaml_env["ISOLATION"], "OUT": str(out),
               "KEY": str(key), CACHE_ENV: str(graphviz_cache(image))}
        said = run_all([(container_command(container["command"] + container["args"]),
                         {**env, "JOB_COMPLETION_INDEX": str(index)})
                        for index in range(SHARDS)])
    finally:
        shutil.rmtree(image, ignore_errors=True)
    for log in said:
        assert "Chose --isolation user (the grader runs as root)." in log, log[-2000:]
        assert "Student code runs as an unprivileged user of its own" in log
    merge = yaml.safe_load((DEPLOY / "kubernetes" / "merge-job.yaml").read_text())
    [merger] = merge["spec"]["template"]["spec"]["containers"]
    run_all([(merger["command"] + merger["args"], env)])
    same_as_one_run(out, classroom["whole"])
    totals = (out / "totals.csv").read_text()
    assert "bob," in totals and ",0.5\n" in totals, "the adjustment, applied in its shard"
